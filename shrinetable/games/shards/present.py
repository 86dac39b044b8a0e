"""How the table shows Shards of the Empire: framed cards (a frame colour per
card type, the cost as pips by resource, keywords, the figures), the words on
buttons with cards named, the rules overlay, and what a view adds: each
player's resource pool by type, development counters, damage, exhausted and new
cards, the Starting cards' costs and the choice, and the combat under way
(arrows from each attacker to the building it aims at or to its blocker)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from shrinetable.engine import Arrow, CardDecor, Chip, Decor, Face, Hud
from shrinetable.formats.decks import DeckGameWords

from .cards import CARDS
from .rules import slots
from .schema import ADVANCED, amount

INK = (20, 20, 20)
# one frame colour per card type (Okabe-Ito; the type is also on the type line)
FRAME = {
    "unit": (213, 94, 0),
    "building": (0, 114, 178),
    "policy": (0, 158, 115),
    "tactic": (230, 159, 0),
    "sorcery": (204, 121, 167),
    "miracle": (240, 228, 66),
    "territory": (120, 110, 90),
}
# a colour and a short mark per resource (the mark tells gold from gemstones on a pip)
RESOURCE = {
    "basic": ((220, 220, 220), ""),
    "research": ((86, 180, 233), "R"),
    "gold": ((236, 200, 70), "Au"),
    "gemstones": ((190, 150, 230), "Gm"),
    "faith": ((245, 245, 235), "F"),
}
SPECIAL = (250, 170, 130)
ATTACK = (213, 94, 0)
EXHAUSTED = Chip("EXHAUSTED", (200, 200, 200))
ATTACKING = Chip("ATTACKING", (246, 160, 140))
BLOCKING = Chip("BLOCKING", (150, 200, 245), short="")  # the attacker's arrow ends on it
NEW = Chip("NEW", (200, 230, 200))
CHOSEN = Chip("CHOSEN", (255, 222, 110))
DEV = (250, 214, 120)
PROSPERITY = 7
# before the first turn nobody's turn, nobody answers: what the seat chooses
BEFORE = {"start": "Starting cards", "bonus": "a bonus"}
KW = {
    "blitz": "Blitz",
    "damage_reduction": "Damage Reduction",
    "hit_and_run": "Hit and Run",
    "overwhelm": "Overwhelm",
    "pillage": "Pillage",
    "vigilant": "Vigilant",
    "wrecker": "Wrecker",
    "starting": "Starting",
    "grand": "Grand",
    "developable": "Developable",
}
STEP = {
    "start": "choosing Starting cards",
    "bonus": "second player's bonus",
    "main": "main phase",
    "declare": "declaring attackers",
    "defend": "blocking",
    "tricks": "combat tricks",
    "discard": "discarding",
    "expend": "Attrition",
    "over": "game over",
}
# an ability in a few words, for the button that picks one of a card's abilities
DOES = {
    "gain": "gain {amount}",
    "draw": "draw {n}",
    "damage": "{n} damage",
    "destroy": "destroy",
    "repair": "repair {n}",
    "pump": "+{n} offence",
    "ready": "ready a unit",
    "develop": "{n} development",
    "discard": "discard {n}",
    "sacrifice": "sacrifice",
    "return": "return a unit",
}

RULES = """**Goal**\\
Win by **Domination** (your opponent has no building left), **Prosperity** (7
development counters on one of your Grand cards) or **Attrition** (your opponent must draw
from an empty deck with no resource left to expend instead).

**Starting Phase**\\
Five of your Starting cards lie in the middle, each with its cost. Click up to 2 of them to
select them and drag a third (or a single one) onto Territory 1: up to 3 cards, total cost 3
or less. **Begin with no Starting card** is a button. The choices are revealed together
once both players have chosen; the rest go into the decks. The second player then takes an
advanced resource or a card (buttons).

**Your turn**\\
Your cards ready, you draw, then in the main phase: drag a unit or building from your hand
onto one of your territories; drag a building onto a *territory card* in your hand to
found a new territory with it; drag a policy onto your policies, an event onto its target (or
onto your resources when it has none). Drag one card, or two (click the first), onto your
scrap pile to **Scrap** them for basic resources (once a turn). Click a card in play to
**Develop** it or use its ability; drag a unit to another territory to **Move** it.
Buttons: **Trade** 2 basic for 1 advanced resource, **Research** (draw 2 and end the
turn, only as your first action), **End turn**.

**Combat**\\
Drag a ready unit onto a building in an opposing territory: it attacks that territory,
aiming at that building (an arrow shows it). Add more, then **Charge!**. The defender drags
ready units of that territory onto attackers to block (the arrow then points at the blocker),
then **Done blocking**. Both may then play fast cards (Tactics, Miracles, fast abilities),
or withdraw a blocked Hit and Run unit by clicking it, until both pass; then all damage is
dealt at once. Units heal at the end of each turn; buildings keep their damage.

**On the cards**\\
Frame colour: orange unit, blue building, green policy, yellow tactic, pink sorcery, pale
miracle, brown territory. Pips: the cost (a plain number is basic resources; R research,
Au gold, Gm gemstones, F faith). O offence, H health, D defence; a changed figure is written
over the printed one, damage is the red chip. Chips: EXHAUSTED, NEW (cannot attack this turn
without Blitz), ATTACKING, BLOCKING, dev (development counters; on a Grand card out of 7).
Your resources, buildings and development are written in your row. Right-click a card, or
rest the pointer on it, to read it large.

**Keys**\\
Esc menu \u00b7 ? rules \u00b7 Ctrl+Z / Ctrl+Y undo / redo \u00b7 Ctrl+S save \u00b7 Ctrl+O load
\u00b7 F11 fullscreen \u00b7 Ctrl+N the notation in the log

**On the table**\\
An orange outline marks what the last move changed. A pink frame round the buttons: you are
answering the other player's move, not playing your turn.
"""


def _resource(r: str) -> tuple[tuple[int, int, int], str]:
    """A resource's colour and short mark (a special resource: its initial)."""
    return RESOURCE.get(r, (SPECIAL, r[:1].upper()))


def _ordered(cost: dict[str, int]) -> list[tuple[str, int]]:
    """Basic first, then the advanced types in their order, then special ones."""
    order = ("basic", *ADVANCED)
    return sorted(
        cost.items(), key=lambda rn: (order.index(rn[0]) if rn[0] in order else len(order), rn[0])
    )


def _pips(cost: dict[str, int]) -> tuple[Chip, ...]:
    return tuple(Chip(f"{n}{_resource(r)[1]}", _resource(r)[0], INK) for r, n in _ordered(cost))


def cost_words(cost: dict[str, int]) -> str:
    """A cost in words: "2 + 1 gold" (a plain number is basic), "free"."""
    parts = [str(n) if r == "basic" else amount(n, r) for r, n in _ordered(cost)]
    return " + ".join(parts) or "free"


def keyword_text(kw: str) -> str:
    word, _, x = kw.partition(" ")
    return f"{KW[word]} {x}".strip()


def _face(c: Any) -> Face:
    numbers = (
        (f"O{c.offence}", f"H{c.health}")
        if c.type == "unit"
        else (f"D{c.defence}",)
        if c.type == "building"
        else None
    )
    scrap = f" \u00b7 scrap {c.scrap}" if c.scrap else ""
    return Face(
        c.name,
        frame=(FRAME[c.type],),
        cost=_pips(c.cost),
        type_line=f"{c.type.title()}{scrap}",
        keywords=tuple(keyword_text(k) for k in c.keywords),
        text=c.text,
        numbers=numbers,
    )


def _abilities(c: Any | None) -> int:
    return sum(e.when == "activate" for e in c.effect) if c else 0


def ability_words(c: Any | None, index: int) -> str:
    """The `index`th ability of the printed card `c` in a few words ("gain 2 basic")."""
    abilities = [e for e in c.effect if e.when == "activate"] if c else []
    if index >= len(abilities):
        return f"ability {index + 1}"
    e = abilities[index]
    words = DOES[e.do].format(n=e.amount, amount=amount(e.amount, e.resource))
    if e.condition:
        words += f" ({e.condition.replace('_', ' ').title()})"
    if e.cost:
        words = f"pay {cost_words(e.cost)}: {words}"
    return words


def _pool(pool: dict[str, int]) -> tuple[Chip, ...]:
    """The pool by type: basic always, then each other resource held."""
    chips = [Chip(f"{pool.get('basic', 0)} basic", RESOURCE["basic"][0])]
    chips += [Chip(amount(n, r), _resource(r)[0]) for r, n in _ordered(pool) if r != "basic" and n]
    return tuple(chips)


def _hud(view: Any, q: int, deciding: int | None) -> Hud:
    """Resources, then whose turn and step, who must answer, buildings (for
    Domination) and development (for Prosperity: the most counters on one card)."""
    info = view.info
    status = []
    stage = info["stage"]
    if stage in BEFORE:
        if deciding == q:
            status.append(Chip(f"CHOOSING {BEFORE[stage]}", (255, 222, 110)))
        elif stage == "start" and info["committed"][q]:
            status.append(Chip("has chosen", (255, 222, 110)))
    elif stage != "over" and info["turn"] == q:
        status.append(Chip(f"Turn {info['turn_no']} \u00b7 {STEP[stage]}", (170, 230, 255)))
    elif deciding == q:
        status.append(Chip(f"ANSWERING \u00b7 {STEP[stage]}", (255, 222, 110)))
    dev = info["development"][q]
    built = info["buildings"][q]
    status.append(Chip(f"{built} building{'' if built == 1 else 's'}", (150, 200, 245)))
    if dev:
        status.append(Chip(f"development {dev}", DEV))
    return Hud(q, (_pool(info["pool"][q]),), tuple(status), tally=info["pool"][q].get("basic", 0))


def _states(printed: Any | None, name: str, info: dict, fighting: dict[str, Chip]) -> CardDecor:
    """One card in play (`printed`: its card): development counters, NEW, its role
    in the combat, damage, changed figures, and a veil while it is exhausted."""
    chips = []
    n = info["counters"].get(name)
    if n:
        grand = printed is not None and "grand" in printed.keywords
        chips.append(Chip(f"{n}/{PROSPERITY} dev" if grand else f"{n} dev", DEV))
    if name in info["new"]:
        chips.append(NEW)
    role = fighting.get(name)
    if role is BLOCKING:
        chips.append(role)
    dmg = info["damage"].get(name)
    fig = tuple(info["figures"].get(name, ()))
    numbers = None
    if printed is not None and fig:  # both figures, as the printed box has them
        if printed.type == "unit" and fig != (printed.offence, printed.health):
            numbers = Chip(f"O{fig[0]}/H{fig[1]}", (246, 160, 140))
        if printed.type == "building" and fig[0] != printed.defence:
            numbers = Chip(f"D{fig[0]}", (150, 200, 245))
    veil = ATTACKING if role is ATTACKING else EXHAUSTED if name in info["exhausted"] else None
    notes = tuple(f"{c.text}: {NOTE[c.text]}" for c in (*chips, veil) if c and c.text in NOTE)
    return CardDecor(
        chips=tuple(chips),
        numbers=numbers,
        veil=veil,
        notes=notes,
        damage=Chip(f"-{dmg}", (240, 120, 120)) if dmg else None,
    )


NOTE = {
    "EXHAUSTED": "it readies in its owner's Ready phase",
    "NEW": "it entered play this turn and cannot attack (no Blitz)",
    "ATTACKING": "in the combat, aiming at the building its arrow points to",
    "BLOCKING": "blocking the attacker whose arrow points to it",
}


def _start(card: Callable[[str], Any], view: Any, q: int) -> dict[str, CardDecor]:
    """The Starting Phase: each laid-out card's cost (`card`: the printed card of a
    name), and the seat's own choice once made (the limit is in the zone's label)."""
    mine = set(view.info["picks"][q] or ())
    cards = {}
    for name in view.zones[f"start:{q}"].cards:
        c = card(name)
        chips = (Chip(f"cost {cost_words(c.cost)}", DEV),) if c else ()
        cards[name] = CardDecor(chips=(*chips, CHOSEN) if name in mine else chips)
    return cards


def _combat(info: dict) -> tuple[dict[str, Chip], tuple[Arrow, ...]]:
    """Each fighting card's role, and an arrow from each attacker still in the
    combat to its blocker, or to the building it aims at."""
    cb = info["combat"]
    if not cb:
        return {}, ()
    roles, arrows = {}, []
    for att, aim in zip(cb["attackers"], cb["aims"], strict=True):
        if att in cb["withdrawn"]:
            continue
        roles[att] = ATTACKING
        blocker = cb["blocks"].get(att)
        if blocker:
            roles[blocker] = BLOCKING
        arrows.append(Arrow(att, blocker or aim, ATTACK))
    return roles, tuple(arrows)


class ShardsPresentation(DeckGameWords):
    rules = RULES
    counted = {"draw": "draws"}  # "P2 draws 3 cards"
    words = {
        "begin": "Begin with no Starting card",
        "charge": "Charge!",
        "hold": "Done blocking",
        "pass": "Pass",
        "end": "End turn",
        "research": "Research: draw 2 and end the turn",
        "bonus card": "Take a card",
    }
    in_decision = {("tricks", "pass"): "Pass (both passing deals the damage)"}
    # where a larger text size leaves the bar too little room (the tip says it whole)
    briefs = {"research": "Research: draw 2, end turn", "trade": "Buy {rest}"}
    primary = ("end",)  # End turn at the bar's first place, Research (which draws) beside it
    # the log's words for moves whose events do not say what the seat did
    log_words = {"pass": "passes", "hold": "is done blocking", "charge": "charges"}
    templates = {
        "develop": "Develop {rest}",
        "withdraw": "Withdraw {rest} (Hit and Run)",
        "discard": "Discard {rest}",
    }

    def __init__(self, catalogue: Any, room: int):
        super().__init__(catalogue, _face)
        self.room = room  # territory slots a seat
        self.drag_from = ("hand", "start", *(f"terr{i + 1}" for i in range(room)), "policy")

    zoom_on_hover = True
    minor = ("pass", "hold", "charge")
    results = ("fight", "damage", "destroy", "cease")  # kept in view on the table (issue 22)
    legend = {
        "O": "Offence",
        "H": "Health",
        "D": "Defence",
        **{mark: r.title() for r, (_, mark) in RESOURCE.items() if mark},
        **NOTE,
    }

    def label(self, text: str) -> str:
        """Each kind of move in words, the cards still in notation."""
        kind, *w = text.split()
        if text in self.words or kind in self.templates:
            return super().label(text)
        if kind == "begin":
            return f"Begin with {_and(w)}"
        if kind == "play":
            return _play(w)
        if kind == "use":
            card, rest = w[0], w[1:]
            index = int(rest.pop(0)) - 1 if rest and rest[0].isdigit() else 0
            on = f" on {_and(rest[1:])}" if rest[:1] == ["on"] else ""
            printed = self.card(card)
            what = f": {ability_words(printed, index)}" if _abilities(printed) > 1 else ""
            return f"Use {card}{what}{on}"
        if kind == "scrap":
            return f"Scrap {_and(w)}"
        if kind in ("trade", "bonus", "expend"):
            verb = {"trade": "Trade 2 basic for", "bonus": "Take", "expend": "Expend"}[kind]
            return f"{verb} {amount(1, w[0])}"  # "1 gemstone", as the log says it
        if kind == "move":
            return f"Move {w[0]} to territory {w[1]}"
        if kind == "attack":
            return f"Attack {w[1]} with {w[0]}"
        if kind == "block":
            return f"Block {w[1]} with {w[0]}"
        return super().label(text)

    def decor(self, view: Any) -> Decor:
        info = view.info
        deciding = view.decision.seat if view.decision else None
        roles, arrows = _combat(info)
        cards = {
            name: _states(self.card(name), name, info, roles)
            for name in set(info["figures"]) | set(info["exhausted"])
        }
        badges: dict[str, str] = {}
        tints: dict[str, tuple[tuple[int, int, int], ...]] = {}
        for q in (0, 1):
            cards.update(_start(self.card, view, q))
            founded = info["founded"][q]
            for i in range(self.room):
                if i not in founded and f"terr{i + 1}:{q}" in view.zones:
                    badges[f"terr{i + 1}:{q}"] = "no territory"
        cb = info["combat"]
        if cb:
            tints[f"terr{cb['territory']}:{cb['defender']}"] = ((230, 80, 60),)
        return Decor(
            turn=None if info["stage"] in BEFORE else info["turn"],
            huds={f"pool:{q}": _hud(view, q, deciding) for q in (0, 1)},
            cards=cards,
            badges=badges,
            tints=tints,
            arrows=arrows,
        )


def _and(items: list[str]) -> str:
    return ", ".join(items[:-1]) + f" and {items[-1]}" if len(items) > 1 else "".join(items)


def _play(w: list[str]) -> str:
    """play C [in N | found T] [on X [Y]] in words."""
    out = f"Play {w[0]}"
    rest = w[1:]
    if rest[:1] == ["in"]:
        out += f" into territory {rest[1]}"
        rest = rest[2:]
    elif rest[:1] == ["found"]:
        out += f", founding {rest[1]}"
        rest = rest[2:]
    if rest[:1] == ["on"]:
        out += f" on {_and(rest[1:])}"
    return out


# in the shipped cards and the person's own
PRESENT = ShardsPresentation(CARDS(), slots(CARDS().catalog()[0]))
