"""How the table shows Shrine: playing-card faces with a band naming each card's
role, the words on buttons, the rules overlay, and each Shrine's fill against
its capacity."""

from __future__ import annotations

from typing import Any

from shrinetable.engine import Chip, Decor, Face, Glyph, Presentation, Showcase

RED = (200, 28, 45)
BLACK = (22, 22, 28)
SUIT = {"S": "\u2660", "H": "\u2665", "D": "\u2666", "C": "\u2663"}
TOKEN = Chip("TOKEN", (176, 132, 28), (255, 255, 255))
ROLES = {"A": Chip("DAGGER", (70, 96, 140), (255, 255, 255)),
         "J": TOKEN, "Q": TOKEN, "K": TOKEN,
         "JK": Chip("BALANCE", (118, 60, 150), (255, 255, 255))}

# Texts use pygame_gui's HTML subset; source line breaks are only for reading
# here (the table joins them), `<br>` breaks the lines on screen.
RULES = """<b>Goal</b><br>
Empty every other player's Shrine. The last player whose Shrine still holds cards wins.<br><br>
<b>Your turn</b><br>
First draw a card (drag the Deck to your hand, or click it) or take the Graveyard's top card
instead; taking counts as your action. Then make one action, or pass.<br><br>
<b>Actions</b> (drag the cards; click cards first to select several)<br>
<b>Heal:</b> a pair matching the value of your Shrine's top card, at least one of the same
colour: drop it on your Shrine and the Deck's top card joins the Shrine.<br>
<b>Attack:</b> cards of the opposite colour adding up to exactly the value of an opponent's
top card (J=11, Q=12, K=13): drop them on that Shrine.<br>
<b>Token</b> (J, Q, K) with a card of the same colour as payment: drop both on your Field.
King: attacks may be one off. Queen: heals may be one off. Jack: take an unseen card from a
hand of two or more. One of each kind; all three make a Triad (Shrine holds 7, the Ace can be
a Token that gives an extra draw and action).<br>
<b>Dagger</b> (Ace) with a same-colour payment: removes a Shrine's top card or a Token. Only
a Dagger block or a Fizzle stops it. A Dagger on top of a Shrine blocks healing; remove it with a
Dagger or a pair of equal value.<br>
<b>Combos:</b> Triplet removes an opponent's Tokens; Quad also removes their Shrine's top card;
Resurrection (three in sequence, K-A-2 counts) puts the Graveyard's top card to use.<br><br>
<b>Responses</b><br>
When a move targets you, block an attack with a Token from your Field (drag it to the
Graveyard), block a Dagger with a Dagger, or Fizzle any move by discarding a hand of three or
more; the player may Counter the Fizzle the same way. "No response" lets it through.<br><br>
<b>Limits</b><br>
Shrines hold 5 cards (7 with a Triad); hands keep 7 at the end of a turn.<br><br>
<b>Keys</b><br>
Esc menu · ? rules · Ctrl+Z / Ctrl+Y undo / redo · Ctrl+S save · Ctrl+O load · F11 fullscreen
"""


def _face(card: str) -> Face | None:
    if card == "JK":
        return Face(card, "index", symbol="\u2605",
                    glyphs=(Glyph("\u2605", 0.36, 0.42, True, ROLES["JK"].fill),),
                    band=ROLES["JK"])
    if len(card) != 2 or card[0] not in "A23456789TJQK" or card[1] not in SUIT:
        return None
    rank, suit = card
    symbol = SUIT[suit]
    if rank in "JQK":
        glyphs = (Glyph(rank, 0.34, 0.38, True), Glyph(symbol, 0.16, 0.6))
    else:
        glyphs = (Glyph(symbol, 0.42 if rank == "A" else 0.36, 0.47),)
    return Face(card, "index", index="10" if rank == "T" else rank, symbol=symbol,
                ink=RED if suit in "HD" else BLACK, glyphs=glyphs, band=ROLES.get(rank))


FACES = {name: _face(name) for name in [r + s for r in "A23456789TJQK" for s in SUIT] + ["JK"]}


def _late_game(view: Any) -> int | None:
    """A late game: the most cards out, at seat 0's action with four in hand."""
    if view.decision.kind != "action" or len(view.zones["hand:0"].cards) < 4:
        return None
    return sum(len(z.cards) for n, z in view.zones.items() if n != "deck")


class ShrinePresentation(Presentation):
    rules = RULES
    words = {
        "draw": "Draw a card",
        "take": "Take the Graveyard's top card",
        "pass": "Pass",
        "allow": "No response (let it through)",
        "accept": "Accept the Fizzle",
        "fizzle": "Fizzle: discard your hand",
        "counter": "Counter: discard your hand",
    }
    templates = {
        "jack": "Jack: take a card from {upper}",
        "fizzle": "{kind}: discard {rest}",
        "counter": "{kind}: discard {rest}",
        "block": "Block with {rest}",
        "dblock": "Dagger block: {rest}",
    }
    # few choices, each clearer as a button than as a drag
    all_buttons = ("respond", "counter", "discard")
    drag_from = ("hand", "field", "shrine")
    pile_hint = "Drag the Deck or the Graveyard onto your hand."
    showcase = Showcase("late game", _late_game)
    minor = ("pass",)   # a Jack may move no card the log can show, yet is worth watching

    def card_face(self, card: str) -> Face | None:
        return FACES.get(card)

    def decor(self, view: Any) -> Decor:
        """Each Shrine's count against its capacity (5, or 7 with a Triad)."""
        cap = view.info["capacity"]
        return Decor(turn=view.info["turn"], badges={
            f"shrine:{q}": f"{len(view.zones[f'shrine:{q}'].cards)}/{cap[q]}"
            for q in range(view.seats)})


PRESENT = ShrinePresentation()
