"""How the table shows Shards of the Empire: framed cards (a frame colour per
card type, the cost as pips, keywords, the figures), the words on buttons with
cards named, the rules overlay, and what a view adds: each player's resource
pool, development counters, damage, exhausted cards and the combat under way."""

from __future__ import annotations

import re
from functools import cache
from typing import Any

from shrinetable.engine import Arrow, CardDecor, Chip, Decor, Face, Hud, Presentation

from .cards import catalog

WHITE, INK = (255, 255, 255), (20, 20, 20)
# one frame colour per card type (Okabe-Ito; the type is also on the type line)
FRAME = {"unit": (213, 94, 0), "building": (0, 114, 178), "policy": (0, 158, 115),
         "tactic": (230, 159, 0), "sorcery": (204, 121, 167), "miracle": (240, 228, 66),
         "territory": (120, 110, 90)}
RESOURCE = {"basic": (220, 220, 220), "research": (86, 180, 233), "gold": (236, 200, 70),
            "gemstones": (150, 110, 190), "faith": (245, 245, 235)}
SPECIAL = (250, 170, 130)
EXHAUSTED = Chip("EXHAUSTED", (200, 200, 200))
CARD_ID = re.compile(r"\b[a-z][a-z0-9-]*#\d+\b")
KW = {"blitz": "Blitz", "damage_reduction": "Damage Reduction", "hit_and_run": "Hit and Run",
      "overwhelm": "Overwhelm", "pillage": "Pillage", "vigilant": "Vigilant",
      "wrecker": "Wrecker", "starting": "Starting", "grand": "Grand",
      "developable": "Developable"}
STEP = {"start": "choosing Starting cards", "bonus": "second player's bonus",
        "main": "main phase", "declare": "declaring attackers", "defend": "blocking",
        "tricks": "combat tricks", "discard": "discarding", "expend": "Attrition",
        "over": "game over"}

RULES = """<b>Goal</b><br>
Win by <b>Domination</b> (your opponent has no building left), <b>Prosperity</b> (7
development counters on one of your Grand cards) or <b>Attrition</b> (your opponent must draw
from an empty deck with no resource left to expend instead).<br><br>
<b>Starting Phase</b><br>
Click up to 3 of your 5 laid-out Starting cards to select them (total cost 3 or less) and drag
them into your kingdom; the choices are revealed together once both players have chosen.
The second player then takes an advanced resource or a card.<br><br>
<b>Your turn</b><br>
Your cards ready, you draw, then in the main phase: drag a unit or building from your hand
onto one of your territories (onto a territory card in your hand to found a new territory
with a building), a policy onto your policies, an event onto its target. Drag one or two
cards onto your scrap pile to <b>Scrap</b> them for resources (once a turn). Click a building
to <b>Develop</b> it or use its ability. Buttons: <b>Trade</b> 2 resources for an advanced
one, <b>Research</b> (draw 2 and end the turn, only as your first action), <b>End turn</b>.<br><br>
<b>Combat</b><br>
Drag a ready unit onto a building in an opposing territory: it attacks that territory,
aiming at that building. Add more, then <b>Charge</b>. The defender drags ready units of that
territory onto attackers to block, then <b>Hold</b>. Both may then play fast cards (Tactics,
Miracles, fast abilities) until both pass; then all damage is dealt at once. Units heal at the
end of each turn; buildings keep their damage.<br><br>
<b>Keys</b><br>
Esc menu \u00b7 ? rules \u00b7 Ctrl+Z / Ctrl+Y undo / redo \u00b7 Ctrl+S save \u00b7 Ctrl+O load
\u00b7 F11 fullscreen
"""


def _card(name: str):
    """The shipped card behind `id#n` (or a bare id); None when unknown."""
    return catalog()[0].get(name.rpartition("#")[0] if "#" in name else name)


def _cost(c) -> tuple[Chip, ...]:
    chips = []
    for r, n in sorted(c.cost.items(), key=lambda rn: rn[0] != "basic"):
        fill = RESOURCE.get(r, SPECIAL)
        chips.append(Chip(str(n) if r == "basic" else f"{n}{r[0].upper()}", fill, INK))
    return tuple(chips)


def keyword_text(kw: str) -> str:
    word, _, x = kw.partition(" ")
    return f"{KW[word]} {x}".strip()


@cache
def _face(cid: str) -> Face | None:
    c = _card(cid)
    if c is None:
        return None
    numbers = ((f"O{c.offence}", f"H{c.health}") if c.type == "unit"
               else ("", f"D{c.defence}") if c.type == "building" else None)
    scrap = f" \u00b7 scrap {c.scrap}" if c.scrap else ""
    return Face(c.name, frame=(FRAME[c.type],), cost=_cost(c),
                type_line=f"{c.type.title()}{scrap}",
                keywords=tuple(keyword_text(k) for k in c.keywords),
                text=c.text, numbers=numbers)


def _pool_chips(pool: dict[str, int]) -> tuple[Chip, ...]:
    chips = [Chip(f"{pool.get('basic', 0)} basic", RESOURCE["basic"])]
    chips += [Chip(f"{n} {r}", RESOURCE.get(r, SPECIAL)) for r, n in sorted(pool.items())
              if r != "basic" and n]
    return tuple(chips)


def _hud(info: dict, q: int, deciding: int | None) -> Hud:
    status = []
    if info["stage"] != "over" and info["turn"] == q and info["stage"] not in ("start",
                                                                              "bonus"):
        status.append(Chip(f"Turn {info['turn_no']} \u00b7 {STEP[info['stage']]}",
                           (170, 230, 255)))
    if deciding == q and (info["turn"] != q or info["stage"] in ("start", "bonus")):
        status.append(Chip(f"ANSWERING \u00b7 {STEP[info['stage']]}", (255, 222, 110)))
    status.append(Chip(f"{info['buildings'][q]} buildings \u00b7 deck "
                       f"{info['deck_size'][q]}", (230, 230, 230)))
    return Hud(q, _pool_chips(info["pool"][q]), tuple(status),
               tally=info["pool"][q].get("basic", 0))


class ShardsPresentation(Presentation):
    rules = RULES
    words = {"begin": "Begin with no Starting card", "charge": "Charge!",
             "hold": "Done blocking", "pass": "Pass", "end": "End turn",
             "research": "Research: draw 2 and end the turn", "bonus card": "Take a card"}
    templates = {"begin": "Begin with {rest}", "play": "Play {rest}", "use": "Use {rest}",
                 "scrap": "Scrap {rest}", "trade": "Trade 2 for 1 {rest}",
                 "move": "Move {rest}", "develop": "Develop {rest}",
                 "attack": "Attack with {rest}", "block": "Block with {rest}",
                 "withdraw": "Withdraw {rest} (Hit and Run)", "discard": "Discard {rest}",
                 "expend": "Expend 1 {rest}", "bonus": "Take 1 {rest}"}
    drag_from = ("hand", "terr1", "terr2", "terr3", "terr4", "terr5")
    zoom_on_hover = True
    minor = ("pass", "hold", "charge")

    def card_face(self, card: str) -> Face | None:
        return _face(card.rpartition("#")[0] if "#" in card else card)

    def readable(self, text: str) -> str:
        """Card notation (`iron-levy#4`) read as the card's name."""
        def name(m: re.Match) -> str:
            c = _card(m.group(0))
            return c.name if c is not None else m.group(0)
        return CARD_ID.sub(name, text)

    def decor(self, view: Any) -> Decor:
        info = view.info
        deciding = view.decision.seat if view.decision else None
        cards: dict[str, CardDecor] = {}
        names = set(info["figures"]) | set(info["exhausted"])
        picks = {c for mine in info["picks"] if mine for c in mine}
        for name in names | picks:
            printed = _card(name)
            chips = []
            n = info["counters"].get(name)
            if n:
                chips.append(Chip(f"{n} dev", (250, 214, 120)))
            if name in info["new"]:
                chips.append(Chip("NEW", (200, 230, 200)))
            if name in picks:
                chips.append(Chip("CHOSEN", (255, 222, 110)))
            dmg = info["damage"].get(name)
            fig = info["figures"].get(name, ())
            numbers = None
            if printed is not None and fig:
                if printed.type == "unit" and fig[0] != printed.offence:
                    numbers = Chip(f"O{fig[0]}", (246, 160, 140))
                if printed.type == "building" and fig[0] != printed.defence:
                    numbers = Chip(f"D{fig[0]}", (150, 200, 245))
            cards[name] = CardDecor(
                chips=tuple(chips), numbers=numbers,
                damage=Chip(f"-{dmg}", (240, 120, 120)) if dmg else None,
                veil=EXHAUSTED if name in info["exhausted"] else None)
        arrows = []
        cb = info["combat"]
        if cb:
            for att, aim in zip(cb["attackers"], cb["aims"], strict=True):
                if att not in cb["withdrawn"]:
                    arrows.append(Arrow(att, cb["blocks"].get(att, aim), (213, 94, 0)))
        return Decor(turn=info["turn"],
                     huds={f"pool:{q}": _hud(info, q, deciding) for q in (0, 1)},
                     cards=cards, arrows=tuple(arrows))


PRESENT = ShardsPresentation()
