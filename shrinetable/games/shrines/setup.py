"""Build a Shrines position from an explicit description (the scenario hook).

`Keys` are the position keys only Shrines reads (docs/scenarios.md, "Shrines
positions"), with `CardState` for one card's own state. `position(game, spec)`
reads them with the common keys and returns a `State` in which the active player
holds priority in their `act`, or makes their mulligan (`act = "setup"`) or draw at
the start of their turn (`act = "start"`). Cards keep the instance numbers the file
gives them. A library left out holds that seat's whole starter library, shuffled by
the seed; a Shrine named nowhere waits in its Shrine zone. A problem raises
`SetupError`, whose `loc` names the offending key.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from typing import Any

from pydantic import BaseModel, ConfigDict, Field, field_validator

from shrinetable.engine import CardSet, SetupError, located, seat_index
from shrinetable.engine.rng import seeded

from .cards import Cost, Def, instance, site_index, starter
from .effects import SITE_LIMIT, counted
from .region import area_place, resilience
from .rules import MULLIGANS
from .schema import COLOURS
from .state import Perm, State

ACTS = ("first", "travel", "combat", "final")
OPENINGS = ("setup", "start")  # the mulligans; a turn's start, before its draw
STATUS = ("freeze", "ground", "poison", "weaken", "protection")
PILES = (
    "primary",
    "secondary",
    "hand",
    "graveyard",
    "banished",
    "shrine",
    "sources",
    "idols",
    "traps",
)
REGION_ONLY = ("damage", "status", "new", "armor_used", "on")
# fills instance numbers the file skips, so every number still names one Def
ABSENT = Def("absent", "not in this game", "absent", "", Cost(), 0, 0, False, {})


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid")


def _seat(name: str) -> str:
    seat_index(name)
    return name


class CardState(_Strict):
    """One card's own state: who controls it, its damage and conditions, whether
    it is tapped or entered this turn, what it is attached to, and where a trap or
    area lies."""

    ctrl: str | None = None
    damage: int = Field(default=0, ge=0)
    status: list[str] = []
    tapped: bool = False
    new: bool = False
    armor_used: bool = False
    on: str | None = None
    at: str | None = None

    @field_validator("ctrl")
    @classmethod
    def _seat_name(cls, v: str | None) -> str | None:
        return v if v is None else _seat(v)


PLAIN = CardState()


class Keys(_Strict):
    """Shrines' own position keys."""

    act: str | None = None
    turn_no: int | None = Field(default=None, ge=1)
    life: dict[str, int] = {}
    marks: dict[str, int] = {}
    pool: dict[str, str] = {}
    source_played: bool = False
    cards: dict[str, CardState] = {}

    @field_validator("life", "marks", "pool")
    @classmethod
    def _by_seat(cls, v: dict) -> dict:
        for name in v:
            _seat(name)
        return v


@dataclass
class _Card:
    """A card of the position: its zone, where the file names it (for errors and
    order), its rules and owner; `auto` when the file left it out (a library)."""

    zone: str
    loc: tuple
    d: Def
    seat: int
    auto: bool = False


@cache
def definitions(card_set: CardSet) -> dict[str, Def]:
    """Every card id a position may name: the card set's cards and the tokens they make."""
    cards = starter(card_set)[0]
    out = {cid: Def.of(c) for cid, c in cards.items()}
    for c in cards.values():
        for e in (*c.effects, *c.deathwish, *c.tap):
            if e.do == "token":
                out.setdefault(Def.token_of(e).id, Def.token_of(e))
    return out


def position(game: Any, spec: Any) -> State:
    """The State the spec describes (see the module docstring)."""
    opts = game.make_options(spec.options)
    decks = {k: game.card_data.decks.deck(k) for k in opts.decks}
    defs = definitions(game.cards)
    named = _named(spec, defs)
    _check_card_keys(spec, named)
    shrine_card = (
        _shrine(spec, named, 0, defs[decks[opts.decks[0]].shrine]),
        _shrine(spec, named, 1, defs[decks[opts.decks[1]].shrine]),
    )
    _fill_libraries(spec, named, [decks[k] for k in opts.decks], defs)
    rng = seeded(spec.seed)
    piles, sites, areas = _lay_out(named, rng)
    size = max(named) + 1
    s = State(
        opts=opts,
        rng=rng,
        defs=tuple(named[n].d if n in named else ABSENT for n in range(size)),
        owner=tuple(named[n].seat if n in named else 0 for n in range(size)),
        primary=piles["primary"],
        secondary=piles["secondary"],
        hands=piles["hand"],
        graveyard=piles["graveyard"],
        banished=piles["banished"],
        shrine=piles["shrine"],
        shrine_card=shrine_card,
        marks=[0, 0],
        sources=piles["sources"],
        idols=piles["idols"],
        traps=piles["traps"],
        trap_site={},
        areas=areas,
        area_at={},
        sites=sites,
        perms={},
        tapped=set(),
        life=[opts.life] * 2,
        pool=[[0] * 5, [0] * 5],
        points=[0, 0],
    )
    _set_turn(s, spec)
    _place(s, spec, named)
    _set_players(s, spec)
    if spec.act == "start" and s.turn_no > 1:
        _start_of_turn(s)
    return s


def _start_of_turn(s: State) -> None:
    """`act = "start"`: the file shows the table as the last turn left it; the turn
    player's start-of-turn steps then happen as in play: their tapped cards untap
    and their waiting Shrine loses a time mark (clauses acts, shrine), before the draw."""
    me = s.turn
    s.tapped = {c for c in s.tapped if (s.perms[c].ctrl if c in s.perms else s.owner[c]) != me}
    s.marks[me] = max(0, s.marks[me] - 1)


def _lay_out(named: dict[int, _Card], rng) -> tuple[dict, list[list[int]], list[int]]:
    """Each zone's cards in the order written; filled-in libraries shuffled."""
    piles: dict[str, list[list[int]]] = {z: [[], []] for z in PILES}
    sites: list[list[int]] = [[] for _ in range(15)]
    areas: list[int] = []
    for n, c in sorted(named.items(), key=lambda item: item[1].loc):
        kind, _, where = c.zone.partition(":")
        if kind == "site":
            sites[site_index(where)].append(n)
        elif kind == "areas":
            areas.append(n)
        else:
            piles[kind][int(where)].append(n)
    for q in (0, 1):
        for lib in ("primary", "secondary"):
            if any(named[n].auto for n in piles[lib][q]):
                rng.shuffle(piles[lib][q])
    return piles, sites, areas


def _named(spec: Any, defs: dict[str, Def]) -> dict[int, _Card]:
    """Every card the zones name, by instance number, with its owner; each number
    once, each card in a zone it may lie in."""
    named: dict[int, _Card] = {}
    for zone, names in spec.zones.items():
        for i, text in enumerate(names):
            loc = ("zones", zone, i)
            n = located(loc, instance, text)
            cid = text.rpartition("#")[0].lower()
            d = defs.get(cid)
            if d is None:
                raise SetupError(loc, f"no Shrines card called {cid!r}")
            if n in named:
                raise SetupError(
                    loc,
                    f"#{n} is already a card in {named[n].zone}: each "
                    "instance number names one card",
                )
            _fits(zone, d, loc)
            named[n] = _Card(zone, loc, d, _owner(spec, zone, text.lower(), loc))
    return named


def _fits(zone: str, d: Def, loc: tuple) -> None:
    kind = zone.partition(":")[0]
    ok = {
        "site": d.type in ("creature", "structure") or d.subtype == "tool",
        "sources": d.type == "source",
        "idols": d.subtype == "idol",
        "traps": d.subtype == "trap",
        "areas": d.type == "area" and d.subtype != "trap",
        "player": False,
    }.get(kind, not d.token)
    if not ok:
        what = {
            "site": "creatures, structures and tools",
            "sources": "sources",
            "idols": "idols",
            "traps": "traps",
            "areas": "terrain and weather",
            "player": "no cards (it is where attacks land)",
        }.get(kind, "no tokens")
        kind = "token" if d.token else d.subtype if d.type in ("relic", "area") else d.type
        raise SetupError(loc, f"{zone} holds {what}, and {d.id} is a {kind}")


def _owner(spec: Any, zone: str, name: str, loc: tuple) -> int:
    """A seat's own zone says whose card it is; on a site, the half it lies on
    (rows 1-2 p1, rows 4-5 p2) unless `cards` gives `ctrl`; an area needs `ctrl`."""
    kind, _, where = zone.partition(":")
    ctrl = spec.cards[name].ctrl if name in spec.cards else None
    if kind not in ("site", "areas"):
        if ctrl is not None:
            raise SetupError(("cards", name, "ctrl"), f"{zone} already says whose {name} is")
        return int(where)
    if ctrl is not None:
        if ctrl not in ("p1", "p2"):
            raise SetupError(("cards", name, "ctrl"), f"shrines has p1 and p2, not {ctrl}")
        return seat_index(ctrl)
    row = int(where[1]) if kind == "site" else 3
    if row == 3:
        place = "on row 3 (neutral)" if kind == "site" else "in areas"
        raise SetupError(
            loc, f'{name} is {place}: say whose it is with [cards."{name}"] ctrl = "p1" or "p2"'
        )
    return 0 if row < 3 else 1


def _check_card_keys(spec: Any, named: dict[int, _Card]) -> None:
    """`cards` entries name cards of the position and use only keys that fit
    where those cards lie."""
    where = {f"{c.d.id}#{n}": c.zone for n, c in named.items()}
    for name, st in spec.cards.items():
        zone = where.get(name)
        if zone is None:
            raise SetupError(
                ("cards", name),
                f"{name} is in no zone of this position (write "
                "it as the zones do, e.g. ashen-brute#1)",
            )
        kind = zone.partition(":")[0]
        for key in REGION_ONLY:
            if getattr(st, key) != getattr(PLAIN, key) and kind != "site":
                raise SetupError(
                    ("cards", name, key), f"only a card on a site has {key}; {name} is in {zone}"
                )
        if st.tapped and kind not in ("site", "sources", "idols"):
            raise SetupError(("cards", name, "tapped"), f"a card in {zone} is never tapped")
        if (st.at is not None) != (kind in ("traps", "areas")):
            raise SetupError(
                ("cards", name, "at"),
                "a trap or area needs `at` (where it lies)"
                if st.at is None
                else f"{name} is in {zone}; only traps and areas take `at`",
            )


def _shrine(spec: Any, named: dict[int, _Card], q: int, shrine: Def) -> int:
    """Seat q's Shrine card: the one of its deck's Shrine that q owns, or a new copy
    waiting in the Shrine zone (clause shrine)."""
    shrine_id = shrine.id
    zone = f"shrine:{q}"
    for i, text in enumerate(spec.zones.get(zone, [])):
        if i or not text.lower().startswith(shrine_id + "#"):
            raise SetupError(
                ("zones", zone, i),
                f"p{q + 1}'s Shrine zone holds one card, their deck's Shrine ({shrine_id})",
            )
    mine = [n for n, c in named.items() if c.seat == q and c.d.id == shrine_id]
    if len(mine) > 1:
        raise SetupError(
            named[mine[1]].loc,
            f"p{q + 1} has one Shrine, {shrine_id}; a deck holds no other copy (deck rules)",
        )
    if mine:
        kind = named[mine[0]].zone.partition(":")[0]
        if kind in ("primary", "secondary", "graveyard", "banished"):
            raise SetupError(
                named[mine[0]].loc,
                "the Shrine never goes to a library, the Graveyard or Banishment (clause shrine)",
            )
        return mine[0]
    if zone in spec.zones:
        raise SetupError(("zones", zone), f"p{q + 1}'s Shrine ({shrine_id}) is named nowhere")
    n = _free(named)
    named[n] = _Card(zone, (zone,), shrine, q, auto=True)
    return n


def _free(named: dict[int, _Card]) -> int:
    n = 0
    while n in named:
        n += 1
    return n


def _fill_libraries(spec: Any, named: dict[int, _Card], decks: list, defs: dict[str, Def]) -> None:
    """A library the file leaves out holds the seat's whole starter library."""
    for q, deck in enumerate(decks):
        for lib in ("primary", "secondary"):
            zone = f"{lib}:{q}"
            if zone in spec.zones:
                continue
            for i, (cid, k) in enumerate(getattr(deck, lib).items()):
                for j in range(k):
                    named[_free(named)] = _Card(zone, (zone, i, j), defs[cid], q, auto=True)


def _set_turn(s: State, spec: Any) -> None:
    """`turn` and `act`: an act of a turn in play, or `setup` (that seat's mulligan,
    turn 1: p1 first, then p2 with p1's hand kept) or `start` (the start of that
    seat's turn, before its draw; turn 1 has none, clause first-turn)."""
    s.turn = seat_index(spec.turn)
    act = spec.act or "first"
    if act not in (*ACTS, *OPENINGS):
        raise SetupError(
            ("act",),
            f"the acts are {', '.join(ACTS)}, or {' or '.join(OPENINGS)} "
            f"for the opening; not {act!r}",
        )
    if act == "setup":
        if spec.turn_no not in (None, 1):
            raise SetupError(("turn_no",), "the mulligans come before turn 1")
        s.turn_no, s.act, s.stage, s.mull_left = 1, "mulligan", "mulligan", MULLIGANS[s.turn]
        return
    s.turn_no = 3 - s.turn if spec.turn_no is None else spec.turn_no
    if s.turn_no % 2 != (1 if s.turn == 0 else 0):
        raise SetupError(
            ("turn_no",),
            f"p1 has the odd turns and p2 the even ones; turn {s.turn_no} is not {spec.turn}'s",
        )
    s.act, s.stage, s.mull_left = ("first" if act == "start" else act), "main", 0
    s.source_played = spec.source_played
    if act == "start" and s.turn_no > 1:
        s.queue = (("draw", s.turn, "any"),)


def _place(s: State, spec: Any, named: dict[int, _Card]) -> None:
    """Region cards become permanents with their state; traps and areas get their place;
    tools and riders sit on their creature; then the site limit is checked."""
    for site, cards in enumerate(s.sites):
        for n in cards:
            st = spec.cards.get(s.name(n), PLAIN)
            for j, word in enumerate(st.status):
                if word not in STATUS:
                    raise SetupError(
                        ("cards", s.name(n), "status", j), f"a status is one of {', '.join(STATUS)}"
                    )
            s.perms[n] = Perm(
                s.owner[n],
                site,
                s.turn_no if st.new else 0,
                st.damage,
                status=frozenset(st.status),
                armor_spent=st.armor_used,
            )
    for name, st in spec.cards.items():
        n = instance(name)
        if st.tapped:
            s.tapped.add(n)
        if st.on is not None:
            _attach(s, name, n, st.on)
        if st.at is not None:
            _lay(s, name, n, st.at)
    for n, p in s.perms.items():
        d = s.defs[n]
        if d.subtype == "tool" and p.attached < 0 and d.attach_cost is None:
            raise SetupError(
                named[n].loc,
                f"{s.name(n)} has no attach cost, so it is always "
                f"on a creature: give it `on` (clause tool)",
            )
        if (
            p.damage
            and d.type != "relic"
            and p.damage >= resilience(s, n)
            and "bloodless" not in d.kw
        ):
            raise SetupError(
                ("cards", s.name(n), "damage"),
                f"{p.damage} damage reaches its resilience "
                f"{resilience(s, n)}: it would be destroyed (clause resilience)",
            )
    for site, cards in enumerate(s.sites):
        if len(counted(s, site)) > SITE_LIMIT:
            loc = named[cards[0]].loc[:2]
            raise SetupError(
                loc,
                f"a site holds at most {SITE_LIMIT} permanents that are "
                f"not tokens (clause site-limit)",
            )


def _attach(s: State, name: str, n: int, on: str) -> None:
    loc = ("cards", name, "on")
    host = located(loc, instance, on)
    p, h = s.perms[n], s.perms.get(host)
    if h is None or s.name(host) != on.lower() or h.site != p.site:
        raise SetupError(loc, f"{on} is not on {name}'s site")
    if s.defs[host].type != "creature" or h.attached >= 0:
        raise SetupError(loc, f"{on} is not a creature that can carry {name}")
    if s.defs[n].type == "creature":
        a, b = s.defs[n].kw, s.defs[host].kw
        if not (("saddle" in a and "mount" in b) or ("mount" in a and "saddle" in b)):
            raise SetupError(
                loc,
                f"{name} and {on} cannot mount: one needs Saddle and the "
                "other Mount (clause saddle)",
            )
        h.entered = max(h.entered, p.entered)  # the pair is new if either part is (R19)
    p.attached = host


def _lay(s: State, name: str, n: int, at: str) -> None:
    """Where a trap or an area lies: a site, `rowN` or `path-X` as its card says."""
    loc, d = ("cards", name, "at"), s.defs[n]
    place = located(loc, area_place, at)
    want = "site" if d.subtype == "trap" else d.area
    if place[0] != want:
        example = {"site": "b3", "row": "row3", "pathway": "path-b"}[want]
        raise SetupError(loc, f'{name} covers a {want}: write e.g. at = "{example}"')
    if d.subtype == "trap":
        s.trap_site[n] = place[1]
    else:
        s.area_at[n] = place


def _set_players(s: State, spec: Any) -> None:
    """Life, time marks and mana pools per seat."""
    for key, table in (("life", spec.life), ("marks", spec.marks), ("pool", spec.pool)):
        for name, value in table.items():
            loc = (key, name)
            if name not in ("p1", "p2"):
                raise SetupError(loc, f"shrines has p1 and p2, not {name}")
            q = seat_index(name)
            if key == "life":
                if value < 1:
                    raise SetupError(loc, "a position starts with both players above 0 life")
                s.life[q] = value
            elif key == "marks":
                if value < 0 or (value and not s.shrine[q]):
                    raise SetupError(
                        loc,
                        "time marks (0 or more) lie on a Shrine waiting "
                        "in its Shrine zone (clause shrine)",
                    )
                s.marks[q] = value
            else:
                if any(ch not in COLOURS for ch in value.upper()):
                    raise SetupError(loc, f'mana is written with the letters {COLOURS}, e.g. "RRG"')
                for ch in value.upper():
                    s.pool[q][COLOURS.index(ch)] += 1
