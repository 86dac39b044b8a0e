"""How the table shows Shrine: playing-card faces with a band naming each card's
role, the words on buttons, the rules overlay, and each Shrine's fill against
its capacity."""

from __future__ import annotations

import re
from typing import Any

from shrinetable.engine import (
    Chip,
    Decor,
    Face,
    Glyph,
    NotationError,
    Presentation,
    Showcase,
    seats_named,
)

from .actions import parse
from .cards import NAMES

RED = (200, 28, 45)
BLACK = (22, 22, 28)
SUIT = {"S": "\u2660", "H": "\u2665", "D": "\u2666", "C": "\u2663"}
TOKEN = Chip("TOKEN", (176, 132, 28), (255, 255, 255))
ROLES = {
    "A": Chip("DAGGER", (70, 96, 140), (255, 255, 255)),
    "J": TOKEN,
    "Q": TOKEN,
    "K": TOKEN,
    "JK": Chip("BALANCE", (118, 60, 150), (255, 255, 255)),
}

# The rules text in the neutral markup `Presentation.rules` describes: a blank line
# ends a paragraph, a backslash ends a line, **bold**; other line ends only wrap.
RULES = """**Goal**\\
Empty every other player's Shrine. The last player whose Shrine still holds cards wins.

**Your turn**\\
First draw a card (drag the Deck to your hand, or click it) or take the Graveyard's top card
instead; taking counts as your action. Then make one action, or pass.

**Actions** (drag the cards; click cards first to select several)\\
**Heal:** a pair matching the value of your Shrine's top card, at least one of the same
colour: drop it on your Shrine and the Deck's top card joins the Shrine.\\
**Attack:** cards of the opposite colour adding up to exactly the value of an opponent's
top card (J=11, Q=12, K=13): drop them on that Shrine.\\
**Token** (J, Q, K) with a card of the same colour as payment: drop both on your Field.
King: attacks may be one off. Queen: heals may be one off. Jack: take an unseen card from a
hand of two or more. One of each kind; all three make a Triad (Shrine holds 7, the Ace can be
a Token that gives an extra draw and action).\\
**Dagger** (Ace) with a same-colour payment: removes a Shrine's top card or a Token. Only
a Dagger block or a Fizzle stops it. A Dagger on top of a Shrine blocks healing; remove it with a
Dagger or a pair of equal value.\\
**Combos:** Triplet removes an opponent's Tokens; Quad also removes their Shrine's top card;
Resurrection (three in sequence, K-A-2 counts) puts the Graveyard's top card to use.

**Responses**\\
When a move targets you, block an attack with a Token from your Field (drag it to the
Graveyard), block a Dagger with a Dagger, or Fizzle any move by discarding a hand of three or
more; the player may Counter the Fizzle the same way. "No response" lets it through.

**Limits**\\
Shrines hold 5 cards (7 with a Triad); hands keep 7 at the end of a turn.

**Keys**\\
Esc menu · ? rules · Ctrl+Z / Ctrl+Y undo / redo · Ctrl+S save · Ctrl+O load · F11 fullscreen ·
Ctrl+N the notation in the log · Ctrl+P automatic pass (on: when Pass is your only move, the
table passes for you and says so)

**On the table**\\
An orange outline marks what the last move changed. A pink frame round the buttons: you are
answering another player's move, not playing your turn.
"""


def _face(card: str) -> Face | None:
    if card == "JK":
        return Face(
            card,
            "index",
            symbol="\u2605",
            glyphs=(Glyph("\u2605", 0.36, 0.42, True, ROLES["JK"].fill),),
            band=ROLES["JK"],
        )
    if len(card) != 2 or card[0] not in "A23456789TJQK" or card[1] not in SUIT:
        return None
    rank, suit = card[0], card[1]
    symbol = SUIT[suit]
    glyphs: tuple[Glyph, ...]
    if rank in "JQK":
        glyphs = (Glyph(rank, 0.34, 0.38, True), Glyph(symbol, 0.16, 0.6))
    else:
        glyphs = (Glyph(symbol, 0.42 if rank == "A" else 0.36, 0.47),)
    return Face(
        card,
        "index",
        index="10" if rank == "T" else rank,
        symbol=symbol,
        ink=RED if suit in "HD" else BLACK,
        glyphs=glyphs,
        band=ROLES.get(rank),
    )


RANK_WORDS = {"A": "Ace", "T": "10", "J": "Jack", "Q": "Queen", "K": "King"}
SUIT_WORDS = {"S": "spades", "H": "hearts", "D": "diamonds", "C": "clubs"}
CARDS = re.compile(r"\b(?:[A2-9TJQK][SHDC]|JK)(?: (?:[A2-9TJQK][SHDC]|JK))*\b")
PLAYS = re.compile(r"^(p\d) plays: (.+)$")
# events that repeat what the move's own line already said ("plays: token JS pay 4S")
SAID = re.compile(
    r"^p\d (pays with|heals with|lays the Token|plays a (Quad|Triplet|Resurrection)\b)"
)


def card_words(card: str) -> str:
    """ "JD" read as "the Jack of diamonds"."""
    if card == "JK":
        return "the Balance card"
    return f"the {RANK_WORDS.get(card[0], card[0])} of {SUIT_WORDS[card[1]]}"


def _cards(text: str) -> str:
    """Every run of card notation in `text` in words ("QS QH": "the Queen of
    spades and the Queen of hearts")."""

    def run(m: re.Match) -> str:
        words = [card_words(c) for c in m.group(0).split()]
        return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " and " + words[-1]

    return CARDS.sub(run, text)


def plain(text: str, brief: bool = False) -> str:
    """A move in plain words, after who makes it ("plays the Jack of diamonds as
    a Token, paying with the 3 of diamonds"; `brief`: without the payment); the
    notation when it is not a move."""
    try:
        a = parse(text)
    except NotationError:
        return text
    cards = " ".join(NAMES[c] for c in a.cards)
    pay = f", paying with {NAMES[a.pay]}," if a.pay >= 0 and not brief else ""
    whom = f"p{a.seat + 1}"
    target = f"{whom}'s Shrine" if a.victim < 0 else f"{NAMES[a.victim]}, a Token of {whom}"
    words = {
        "heal": f"heals with {cards}",
        "attack": f"attacks {whom}'s Shrine with {cards}",
        "token": f"plays {cards} as a Token{pay}".rstrip(","),
        "daggertoken": f"plays {cards} as a Dagger Token{pay}".rstrip(","),
        "dagger": f"plays {cards} as a Dagger{pay} on {target}",
        "jack": f"plays the Jack's power against {whom}",
        "triplet": f"plays a Triplet ({cards}) against {whom}",
        "quad": f"plays a Quad ({cards}) against {whom}",
    }
    if a.kind == "resurrect":
        also = " ".join(NAMES[c] for c in a.extra)
        aim = {"attack": f" to attack {whom}'s Shrine", "dagger": f" as a Dagger on {target}"}
        said = f"plays a Resurrection ({cards}){aim.get(a.mode, ' to ' + a.mode)}"
        return _cards(said + (f" with {also}" if also else ""))
    return _cards(words.get(a.kind, text))


FACES = {name: _face(name) for name in [r + s for r in "A23456789TJQK" for s in SUIT] + ["JK"]}


def _late_game(view: Any) -> int | None:
    """A late game: the most cards out, at seat 0's action with four in hand."""
    if view.decision.kind != "action" or len(view.zones["hand:0"].cards) < 4:
        return None
    return sum(len(z.cards) for n, z in view.zones.items() if n != "deck")


class ShrinePresentation(Presentation):
    rules = RULES
    counted = {"draw": "draws"}  # "P2 draws 3 cards"
    words = {
        "draw": "Draw a card",
        "take": "Take the Graveyard's top card",
        "pass": "Pass",
        "allow": "No response (let it through)",
        "accept": "Accept the Fizzle",
        "fizzle": "Fizzle: discard your hand",
        "counter": "Counter: discard your hand",
    }
    # the log's words for moves whose events do not say what the seat did
    log_words = {"pass": "passes", "allow": "lets it through", "accept": "accepts the Fizzle"}
    templates = {
        "jack": "Jack: take a card from {upper}",
        "fizzle": "{kind}: discard {rest}",
        "counter": "{kind}: discard {rest}",
        "block": "Block with {rest}",
        "dblock": "Dagger block with {rest}",
    }
    # few choices, each clearer as a button than as a drag
    all_buttons = ("respond", "counter", "discard")
    drag_from = ("hand", "field", "shrine")
    # a J, Q or K is a Token only on a Field (the hand's band says it may become one)
    plain_in = ("shrine", "graveyard", "removed", "deck")
    pile_hint = "Drag the Deck or the Graveyard onto your hand."
    showcase = Showcase("late game", _late_game)
    minor = ("pass",)  # a Jack may move no card the log can show, yet is worth watching
    results = ("remove", "fail", "fizzle", "out")  # kept in view on the table (issue 22)
    legend = {
        "TOKEN": "a J, Q or K on a Field (in a hand: it may become one); K: attacks may "
        "be one off, Q: heals may be one off, J: take an unseen card from a hand",
        "DAGGER": "an Ace: with a same-colour payment it removes a Shrine's top card or a Token",
        "BALANCE": "the joker, when the Balance card is in the game",
    }

    def card_face(self, card: str) -> Face | None:
        return FACES.get(card)

    def label(self, text: str) -> str:
        """A move without a label of its own in the log's plain words, said as
        an order ("Attack P2's Shrine with the 7 of diamonds", not the notation
        "Attack p2 the 7 of diamonds"): the hint and the move buttons say it."""
        said = super().label(text)
        words = plain(text) if said == text else said
        if words == said:
            return said
        verb, _, rest = seats_named(words).partition(" ")
        return f"{verb.removesuffix('s')} {rest}"

    def readable(self, text: str) -> str:
        """Cards in words, a move ("p1 plays: token JS pay 4S") in a sentence,
        and nothing for an event repeating what that sentence said."""
        if SAID.match(text):
            return ""
        m = PLAYS.match(text)
        if m:
            return f"{m.group(1)} {plain(m.group(2))}"
        text = re.sub(r"the Dagger ([A2-9TJQK][SHDC])\b", r"the Dagger (\1)", text)
        return _cards(text.replace(" pay ", ", paying with "))

    def decor(self, view: Any) -> Decor:
        """Each Shrine's count against its capacity (5, or 7 with a Triad)."""
        cap = view.info["capacity"]
        return Decor(
            turn=view.info["turn"],
            badges={
                f"shrine:{q}": f"{len(view.zones[f'shrine:{q}'].cards)}/{cap[q]}"
                for q in range(view.seats)
            },
        )


PRESENT = ShrinePresentation()
