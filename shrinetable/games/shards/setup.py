"""Build a Shards position from an explicit description (the scenario hook).

`Keys` are the position keys only Shards reads (docs/scenarios.md, "Shards
positions"): the `stage`, `first` player, `turn_no`, resource `pool`s,
`territories` (the territory card of each founded slot other than the implicit
one), development `counters`, `damage`, `exhausted` cards, units that entered
this turn (`new`), the turn's flags (`scrapped`, `acted`, `attacked`, `moved`)
and a `combat` under way. Zones are the game's: `terr1:0` holds p1's first
territory's units and buildings. Cards keep the numbers the file gives them; a
deck left out holds that seat's whole deck (the `deck_p1`/`deck_p2` option, less
the cards named), shuffled by the seed. A problem raises `SetupError`.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field

from shrinetable.engine import Named, SetupError, seat_index
from shrinetable.engine.rng import seeded

from .cards import instance
from .resolve import lethal
from .rules import MAX_HAND, NONE, PICK_COST, PICKS
from .schema import ADVANCED, KINGDOM, RESOURCE
from .state import Combat, State

Amount = Annotated[int, Field(ge=0, le=999)]


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid")


class AttackSpec(_Strict):
    """One attacker of the combat: the unit, the building it aims at, its blocker."""

    unit: str
    aim: str
    blocker: str | None = None
    withdrawn: bool = False


class CombatSpec(_Strict):
    """A combat under way against the other player's territory `territory`."""

    territory: int = Field(ge=1, le=5)
    attackers: list[AttackSpec] = Field(min_length=1)
    priority: Literal["p1", "p2"] | None = None


class Keys(_Strict):
    """Shards' own position keys."""

    stage: Literal["start", "bonus", "main", "declare", "defend", "tricks", "discard"] = "main"
    first: Literal["p1", "p2"] = "p1"
    turn_no: int = Field(1, ge=0, le=999)
    pool: dict[Literal["p1", "p2"], dict[str, Amount]] = {}
    territories: dict[Literal["p1", "p2"], dict[int, str]] = {}
    counters: dict[str, Amount] = {}
    damage: dict[str, Amount] = {}
    exhausted: list[str] = []
    new: list[str] = []
    scrapped: bool = False
    acted: bool = False
    attacked: list[Annotated[int, Field(ge=1, le=5)]] = []
    moved: list[str] = []
    picks: dict[Literal["p1", "p2"], list[str]] = {}
    committed: list[Literal["p1", "p2"]] = []
    combat: CombatSpec | None = None


def position(game: Any, spec: Any) -> State:
    """The State the spec describes (see the module docstring)."""
    opts = game.make_options(spec.options)
    named = Named(game.catalogue.definitions(), instance)
    zones: dict[str, list[int]] = {}

    for zone, cards in spec.zones.items():
        kind, _, owner = zone.partition(":")
        q = int(owner)
        if kind == "pool" and cards:
            raise SetupError(("zones", zone), "resources are written with the `pool` key")
        zones[zone] = [named.take(t, q, ("zones", zone, i)) for i, t in enumerate(cards)]
        kinds = _holds(kind)
        for i, n in enumerate(zones[zone]):
            if kinds and named.cards[n][0].type not in kinds:
                raise SetupError(
                    ("zones", zone, i),
                    f"{named.cards[n][0].name} is a "
                    f"{named.cards[n][0].type}: {zone} holds {' and '.join(kinds)}s",
                )
    room = game.slots
    slots: list[list[list[int] | None]] = [[None] * room for _ in (0, 1)]
    for q in (0, 1):
        for i in range(room):
            cards = zones.get(f"terr{i + 1}:{q}")
            if cards is not None:
                slots[q][i] = [0, *cards]
        if f"terr1:{q}" not in spec.zones and not any(slots[q]):
            slots[q][0] = [0]
    for who, by_slot in spec.territories.items():
        q = seat_index(who)
        for i, text in by_slot.items():
            loc = ("territories", who, i)
            if not 1 <= i <= room or slots[q][i - 1] is None:
                raise SetupError(loc, f"territory {i} of {who} holds no cards in the zones")
            t = named.take(text, q, loc)
            if named.cards[t][0].type != "territory":
                raise SetupError(loc, f"{text} is not a territory card")
            slots[q][i - 1][0] = t
    rng = seeded(spec.seed)
    for q in (0, 1):
        if f"deck:{q}" not in zones:
            ids = named.unnamed(q, game.files.resolve(opts.decks[q])[1])
            zones[f"deck:{q}"] = named.deck(q, ids, rng)

    def pile(kind: str) -> list[list[int]]:
        return [zones.get(f"{kind}:{q}", []) for q in (0, 1)]

    s = State(
        opts,
        rng,
        *named.table(NONE),
        pile("deck"),
        pile("hand"),
        pile("grave"),
        pile("scrap"),
        slots,
        pile("policy"),
        [{}, {}],
        pile("start"),
        [(), ()],
        [False, False],
    )
    for who, pool in spec.pool.items():
        for r in pool:
            if not RESOURCE.match(r):
                raise SetupError(
                    ("pool", who, r),
                    f"{r!r} is not a resource name (basic, "
                    f"{', '.join(ADVANCED)}, or a special one)",
                )
        s.pool[seat_index(who)] = {r: n for r, n in pool.items() if n}
    s.first = seat_index(spec.first)
    s.stage, s.turn_no = spec.stage, spec.turn_no
    s.turn = seat_index(spec.turn)
    _marks(s, spec)
    _starting(s, spec)
    _combat(s, spec)
    return s


def _holds(kind: str) -> tuple[str, ...]:
    """The card types a zone of play holds (a pile holds any)."""
    return (
        ("unit", "building") if kind.startswith("terr") else ("policy",) if kind == "policy" else ()
    )


def _in_play(s: State, text: str, loc: tuple) -> int:
    n = instance(text) if "#" in text else -1
    if not 0 < n < len(s.names) or s.names[n] != text or not s.in_play(n):
        raise SetupError(loc, f"{text} is not a card in play")
    return n


def _marks(s: State, spec: Any) -> None:
    for key in ("counters", "damage"):
        marks = getattr(s, key)
        for text, n in getattr(spec, key).items():
            if n:
                marks[_in_play(s, text, (key, text))] = n
    s.exhausted = frozenset(_in_play(s, t, ("exhausted", i)) for i, t in enumerate(spec.exhausted))
    for c in range(1, len(s.names)):
        if s.in_play(c):
            s.entered[c] = 0
    for i, t in enumerate(spec.new):
        s.entered[_in_play(s, t, ("new", i))] = s.turn_no
    s.moved = frozenset(_in_play(s, t, ("moved", i)) for i, t in enumerate(spec.moved))
    s.attacked = frozenset(i - 1 for i in spec.attacked)
    s.scrapped, s.acted = spec.scrapped, spec.acted
    for c in s.damage:
        if lethal(s, c):
            raise SetupError(
                ("damage", s.names[c]), f"{s.names[c]} would be destroyed by that much damage (R28)"
            )
    if s.stage == "discard" and len(s.hand[s.turn]) <= MAX_HAND:
        raise SetupError(
            ("stage",),
            f"the discard stage needs more than {MAX_HAND} cards in the turn player's hand",
        )


def _starting(s: State, spec: Any) -> None:
    """The Starting Phase: laid-out Starting cards, picks a seat may make (R4), who
    has committed; a Starting Phase that is over is the bonus stage."""
    for q in (0, 1):
        for i, c in enumerate(s.start[q]):
            if not s.defs[c].starting:
                raise SetupError(("zones", f"start:{q}", i), f"{s.names[c]} is not a Starting card")
    for who, cards in spec.picks.items():
        q = seat_index(who)
        picks = []
        for i, text in enumerate(cards):
            n = instance(text) if "#" in text else -1
            if n not in s.start[q] or n in picks:
                raise SetupError(("picks", who, i), f"{text} is not laid out in start:{q}")
            picks.append(n)
        if (
            len(picks) > PICKS
            or sum(s.defs[c].total_cost for c in picks) > PICK_COST
            or any(s.defs[c].type not in KINGDOM for c in picks)
        ):
            raise SetupError(
                ("picks", who), f"up to {PICKS} kingdom cards costing {PICK_COST} in all (R4)"
            )
        s.picks[q] = tuple(picks)
    for who in spec.committed:
        s.committed[seat_index(who)] = True
    if s.stage == "start" and (not any(s.start) or all(s.committed)):
        raise SetupError(
            ("stage",),
            "the Starting Phase needs cards laid out in start:0/1 "
            "and a seat that has not committed",
        )


def _combat(s: State, spec: Any) -> None:
    cs = spec.combat
    if cs is None:
        if s.stage in ("declare", "defend", "tricks"):
            raise SetupError(("stage",), f"stage {s.stage!r} needs a `combat`")
        return
    if s.stage not in ("declare", "defend", "tricks"):
        raise SetupError(
            ("combat",), "a combat is under way only in the declare, defend or tricks stage"
        )
    o = 1 - s.turn
    slot = cs.territory - 1
    t = s.slots[o][slot] if slot < len(s.slots[o]) else None
    if t is None:
        raise SetupError(("combat", "territory"), f"p{o + 1} has no territory {cs.territory}")
    atts, aims, blocks, out = [], [], [], []  # type: list[Any], list[Any], list[Any], list[Any]
    later = {"blocker": ("defend", "tricks"), "withdrawn": ("tricks",)}
    for i, a in enumerate(cs.attackers):
        loc = ("combat", "attackers", i)
        for key, stages in later.items():
            if getattr(a, key) and s.stage not in stages:
                raise SetupError(
                    (*loc, key),
                    f"{key} is set only from the {stages[0]} stage on, not in {s.stage!r}",
                )
        u = _in_play(s, a.unit, (*loc, "unit"))
        b = _in_play(s, a.aim, (*loc, "aim"))
        if s.owner[u] != s.turn or s.defs[u].type != "unit":
            raise SetupError((*loc, "unit"), f"{a.unit} is not a unit of the turn player")
        if b not in t or s.defs[b].type != "building":
            raise SetupError((*loc, "aim"), f"{a.aim} is not a building of the attacked territory")
        if u in atts:
            raise SetupError((*loc, "unit"), f"{a.unit} attacks once")
        atts.append(u)
        aims.append(b)
        if a.blocker:
            d = _in_play(s, a.blocker, (*loc, "blocker"))
            if d not in t or s.defs[d].type != "unit" or d in (x for _, x in blocks):
                raise SetupError(
                    (*loc, "blocker"),
                    f"{a.blocker} is not a unit in the attacked territory blocking no other",
                )
            blocks.append((u, d))
        if a.withdrawn:
            if not a.blocker or s.defs[u].kw("hit_and_run") is None:
                raise SetupError(
                    (*loc, "withdrawn"), "only a blocked Hit and Run unit withdraws (R14)"
                )
            out.append(u)
    if cs.priority and s.stage != "tricks":
        raise SetupError(("combat", "priority"), "priority is held only in the tricks stage")
    prio = seat_index(cs.priority) if cs.priority else s.turn
    s.combat = Combat(o, slot, tuple(atts), tuple(aims), tuple(blocks), tuple(out), prio)
    s.attacked = s.attacked | {slot}
    s.acted = True  # attacking is an action (R19)
    s.exhausted = s.exhausted | (frozenset(atts) - frozenset(out))
