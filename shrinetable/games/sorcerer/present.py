"""How the table shows Sorcerer: framed spell cards (a frame colour and the type
written out for each spell type, the rarity as a pip with its symbol, attack and
shield labelled in the box), the words on buttons with cards named, the rules
overlay, and what a view adds: each player's magic points, whose turn and step,
TURNED cards, and each combat lane's totals broken down as the damage round will
add them."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from shrinetable.engine import CardDecor, Chip, Decor, Face, Hud, Showcase
from shrinetable.formats.decks import DeckGameWords

from .cards import CARDS

WHITE, INK = (255, 255, 255), (20, 20, 20)
# one frame colour per spell type (Okabe-Ito, told apart by colour-blind players;
# the type is also written on the type line)
FRAME = {
    "charming": (204, 121, 167),
    "wishful": (86, 180, 233),
    "energy": (240, 228, 66),
    "quick": (230, 159, 0),
    "flying": (0, 114, 178),
    "strong": (0, 158, 115),
    "gross": (213, 94, 0),
}
# the rarity symbol in its pip (the word is on the type line)
RARITY = {
    "star": Chip("\u2605", (236, 200, 70), INK),
    "moon": Chip("\u263e", (200, 206, 220), INK),
    "planet": Chip("\u2644", (150, 110, 190), WHITE),
    "bolt": Chip("\u26a1", (200, 40, 40), WHITE),
}
# what each type does, in a few words on the small card and a sentence on the large one
POWER = {
    "charming": ("Stacks as a boost", "Charming: up to two Charming cards may join one boost."),
    "wishful": (
        "Sacrifice: +shield MP",
        "Wishful: sacrifice it from play for magic points equal to its shield.",
    ),
    "energy": ("Only Energy/Flying block", "Energy: only an Energy or Flying card may block it."),
    "quick": (
        "Plays in their turn",
        "Quick: may come into play in the opponent's turn, in time to block.",
    ),
    "flying": ("Only Energy/Flying block", "Flying: only an Energy or Flying card may block it."),
    "strong": (
        "+2 shield defending",
        "Strong: 2 more shield when blocking anything but Strong or Gross.",
    ),
    "gross": (
        "+2 attack when blocked",
        "Gross: 2 more attack when blocked by anything but Gross or Strong.",
    ),
}
TURNED = Chip("TURNED", (200, 200, 200))
MP = (250, 214, 120)
ATTACK, SHIELD = (246, 160, 140), (150, 200, 245)
STEP = {
    "play": "play a card",
    "attack": "attack",
    "defend": "defend",
    "dboost": "defence boost",
    "aboost": "attack boost",
    "over": "game over",
}

# The rules text in the neutral markup `Presentation.rules` describes: a blank line
# ends a paragraph, a backslash ends a line, **bold**; other line ends only wrap.
RULES = """**Goal**\\
Each of you starts with 30 magic points (the big counter by your name). Bring the other
player's to 0.

**Your turn** (the steps show beside your name)\\
Your turned cards stand up and your hand fills to three. **Play**: drag one card from your
hand onto your In play zone; with two there already, drop it on the one it replaces (that one
goes to your discard pile). **Attack**: drag unturned cards in play onto the opponent's
counter, one by one; each turns and goes into a lane. Then **Done attacking**.

**Their answer**\\
The defender drags an unturned card in play onto an attacker to block it (one blocker per
attacker), then may boost one blocker from the hand; then the attacker may boost one
attacker. Drop the boost on the card in the lane; click cards first to boost with several.

**The damage round**\\
Per lane, attack (the attacker's A number plus its boosts' A) against shield (the blocker's S
plus its boosts' S), as the chips over the lane add it up. Higher attack: the blocker is
discarded and the difference comes off the defender's magic points. Higher shield: the
attacker is discarded. A tie changes nothing. An unblocked attacker takes its whole attack off.
Boosts are then discarded.

**Spell types** (the frame colour and the type line)\\
Charming: up to two Charming cards may join one boost (three at most). Wishful: drag it from
play onto your own counter to sacrifice it for its shield in magic points. Energy, Flying:
only an Energy or Flying card can block one. Quick: drag it into play during the opponent's
attack, then block with it. Strong: +2 shield when blocking. Gross: +2 attack when blocked
(neither bonus between Strong and Gross).

**On the cards**: the pip is the rarity (\u2605 star, \u263e moon, \u2644 planet,
\u26a1 bolt); the box is attack A and shield S; TURNED cards attacked and may not block.
Right-click a card, or rest the pointer on it, to read it large.

**Keys**\\
Esc menu \u00b7 ? rules \u00b7 Ctrl+Z / Ctrl+Y undo / redo \u00b7 Ctrl+S save \u00b7 Ctrl+O load
\u00b7 F11 fullscreen \u00b7 Ctrl+N the notation in the log \u00b7 Ctrl+P automatic pass

**On the table**\\
An orange outline marks what the last move changed. A pink frame round the buttons: you are
answering the other player's move, not playing your turn.
"""


def _face(c: Any) -> Face:
    short, power = POWER[c.spell]
    return Face(
        c.name,
        frame=(FRAME[c.spell],),
        cost=(RARITY[c.rarity],),
        type_line=f"{c.spell.title()} \u00b7 {c.rarity}",
        keywords=(short,),
        text=f"{power} \u201c{c.text}\u201d" if c.text else power,
        numbers=(f"A{c.attack}", f"S{c.shield}"),
    )


def _side(spell: str, printed: int, boosts: list[int], total: int) -> str:
    """A side's total as the damage round adds it: "5 + boost 2 + Gross 2 = 9"
    (what the total holds beyond the printed numbers is the card's type bonus)."""
    parts = [str(printed), *(f"boost {n}" for n in boosts)]
    extra = total - printed - sum(boosts)
    if extra:
        parts.append(f"{spell.title()} {extra}")
    return " + ".join(parts) + f" = {total}" if len(parts) > 1 else str(total)


def lane_chips(card: Callable[[str], Any], lane: dict, defender_seat: int) -> tuple[Chip, ...]:
    """A lane's sum, left to right: the attack broken down, then the shield
    broken down (or that nobody blocks), then what the round will do; `card`
    is the printed card of a name."""
    att, atk = card(lane["attacker"]), lane["attack"]
    ab = [card(b).attack for b in lane["attack_boosts"]]
    out = [Chip(f"Attack {_side(att.spell, att.attack, ab, atk)}", ATTACK)]
    who = f"P{defender_seat + 1}"
    if lane["defender"] is None:
        return (*out, Chip("unblocked", None, WHITE), Chip(f"{who} \u2212{atk}", MP))
    dfn, shd = card(lane["defender"]), lane["shield"]
    db = [card(b).shield for b in lane["defence_boosts"]]
    out += [
        Chip("against", None, WHITE),
        Chip(f"Shield {_side(dfn.spell, dfn.shield, db, shd)}", SHIELD),
    ]
    if atk > shd:
        out.append(Chip(f"{who} \u2212{atk - shd}", MP))
    else:
        out.append(Chip("attacker falls" if shd > atk else "tie", (220, 220, 220)))
    return tuple(out)


def _total(word: str, total: int, printed: int, fill) -> Chip | None:
    """A lane card's total now ("A9"), when boosts or a bonus changed it."""
    return Chip(f"{word}{total}", fill) if total != printed else None


def _hud(info: dict, q: int, deciding: int | None) -> Hud:
    """The magic-point counter, then whose turn and step, and who must answer."""
    status = []
    if info["stage"] != "over" and info["turn"] == q:
        status.append(Chip(f"Turn {info['turn_no']} \u00b7 {STEP[info['stage']]}", (170, 230, 255)))
    if deciding == q and info["turn"] != q:
        status.append(Chip(f"ANSWERING \u00b7 {STEP[info['stage']]}", (255, 222, 110)))
    if not info["special"]:
        status.append(Chip("basic rules", (220, 220, 220)))
    mp = info["mp"][q]
    return Hud(q, (Chip(f"{mp} magic points", MP),), tuple(status), tally=mp)


def _full_lanes(view: Any) -> int | None:
    """The most cards in the lanes, where seat 0 may boost (a boost step with
    cards in hand: not a pass the table would make for them)."""
    if view.decision.kind not in ("dboost", "aboost") or not view.zones["hand:0"].cards:
        return None
    return sum(
        1 + (ln["defender"] is not None) + len(ln["attack_boosts"]) + len(ln["defence_boosts"])
        for ln in view.info["lanes"]
    )


class SorcererPresentation(DeckGameWords):
    rules = RULES
    counted = {"draw": "picks up"}  # "P2 picks up 3 cards"
    words = {"pass": "Pass"}
    templates = {
        "play": "Play {rest}",
        "quick": "Quick: play {rest}",
        "sacrifice": "Sacrifice {rest} for magic points",
        "attack": "Attack with {rest}",
        "defend": "Block with {rest}",
        "boost": "Boost {rest}",
    }
    # a pass says what it ends, so no step ends with a bare "Pass"
    in_decision = {
        ("play", "pass"): "Skip playing a card",
        ("attack", "pass"): "Done attacking",
        ("defend", "pass"): "Done defending",
        ("dboost", "pass"): "No defence boost",
        ("aboost", "pass"): "No attack boost: to the damage round",
    }
    drag_from = ("hand", "play")
    zoom_on_hover = True
    showcase = Showcase("a filled combat lane", _full_lanes, steps=200)
    minor = ("pass",)  # an attack or a defence is worth watching even moving no card
    results = ("damage",)  # kept in view on the table (issue 22)
    legend = {
        "A": "Attack",
        "S": "Shield",
        "TURNED": "it attacked this turn and may not block",
    }

    def __init__(self, catalogue: Any):
        super().__init__(catalogue, _face)

    def label(self, text: str) -> str:
        """Play C R reads "Play C, replacing R"; defend Y X "Block X with Y";
        boost T B... "Boost T with B, ..."."""
        kind, *cards = text.split()
        if kind in ("play", "quick") and len(cards) == 2:
            return f"{super().label(f'{kind} {cards[0]}')}, replacing {cards[1]}"
        if kind == "defend" and len(cards) == 2:
            return f"Block {cards[1]} with {cards[0]}"
        if kind == "boost" and len(cards) > 1:
            return f"Boost {cards[0]} with {', '.join(cards[1:])}"
        return super().label(text)

    def decor(self, view: Any) -> Decor:
        info = view.info
        turn = info["turn"]
        deciding = view.decision.seat if view.decision else None
        cards = {name: CardDecor(veil=TURNED) for name in info["turned"]}
        covers = {}
        for i, lane in enumerate(info["lanes"]):
            # drawn from the right
            covers[f"lane{i + 1}"] = lane_chips(self.card, lane, 1 - turn)[::-1]
            for b in lane["attack_boosts"]:
                cards[b] = CardDecor(edge=turn)
            for b in lane["defence_boosts"]:
                cards[b] = CardDecor(edge=1 - turn)
            # the pair's totals in its corners, where they differ from the printed box
            cards[lane["attacker"]] = CardDecor(
                edge=turn,
                numbers=_total("A", lane["attack"], self.card(lane["attacker"]).attack, ATTACK),
            )
            if lane["defender"]:
                cards[lane["defender"]] = CardDecor(
                    edge=1 - turn,
                    numbers=_total("S", lane["shield"], self.card(lane["defender"]).shield, SHIELD),
                )
        return Decor(
            turn=turn,
            huds={f"player:{q}": _hud(info, q, deciding) for q in (0, 1)},
            cards=cards,
            covers=covers,
        )


PRESENT = SorcererPresentation(CARDS())  # in the shipped cards and the person's own
