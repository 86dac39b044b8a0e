"""Shrines' game state: lists of card ints and small per-permanent records, cheap to copy.

Libraries, hands and piles are bottom-to-top lists (the last item is the top card).
Sites are numbered row * 3 + pathway, row 0 = p1's melee row, row 4 = p2's melee row.
Choices that interrupt play (a draw from either library, a Swap, a site-limit sacrifice,
the stats of a mount, an attacker's damage among its blockers) wait in `queue`, first
in first out, and are decided before anything else.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field

from shrinetable.engine import Outcome

from .cards import Def

_new = object.__new__
_cp = list.copy


@dataclass(slots=True)
class Perm:
    """A permanent on the Region (creature, structure or tool)."""

    ctrl: int
    site: int
    entered: int  # turn number it entered the Region
    damage: int = 0
    boost_s: int = 0
    boost_r: int = 0
    temp_s: int = 0  # boosts until end of turn (R33)
    temp_r: int = 0
    status: frozenset[str] = frozenset()  # freeze ground poison weaken protection
    armor_spent: bool = False
    lethal: bool = False  # destroyed at the next check (weakened, or non-combat
    # damage reached its resilience)
    attached: int = -1  # tools: the creature carried (-1: lying on the site)
    unguarded: bool = False  # its controller has switched its Guard off (R11)
    guard_switched: int = -1  # the turn it was last switched (once a turn, R11)

    def copy(self) -> Perm:
        """Every field by name (see `State.copy`)."""
        c = _new(Perm)
        c.ctrl, c.site, c.entered = self.ctrl, self.site, self.entered
        c.damage, c.boost_s, c.boost_r = self.damage, self.boost_s, self.boost_r
        c.temp_s, c.temp_r = self.temp_s, self.temp_r
        c.status, c.armor_spent, c.lethal = self.status, self.armor_spent, self.lethal
        c.attached, c.unguarded = self.attached, self.unguarded
        c.guard_switched = self.guard_switched
        return c


def kept(s: State, table: str, key, make, *args):
    """`make(s, *args)`, kept with the finished state's facts (`Facts`) under `key`
    in their `table`; a state in progress (no facts) works it out afresh."""
    f = s.facts
    if f is None:
        return make(s, *args)
    known = getattr(f, table)
    out = known.get(key)
    if out is None:
        out = known[key] = make(s, *args)
    return out


class Facts:
    """What the permanents are (auras, keywords, riders, whose), worked out while
    legal actions are listed and kept by the states after, for as long as their
    permanents, sites and areas stay the same: most steps (a tap for mana, a pass)
    leave the Region as it was, so the next list reads these instead of working
    them out again. Kept only for a finished state (one `apply` returned, or one
    whose legal actions were listed), which never changes; a step in progress works
    everything out afresh. `settled`: no body on this Region is due to die (deaths
    were checked on it at the end of a step)."""

    __slots__ = (
        "perms",
        "sites",
        "areas",
        "area_at",
        "defs",
        "auras",
        "kw",
        "riders",
        "mine",
        "more",
        "settled",
    )

    def __init__(self, s: State) -> None:
        self.perms, self.sites, self.areas = s.perms, s.sites, s.areas
        self.area_at, self.defs = s.area_at, s.defs
        self.auras: dict = {}
        self.kw: dict = {}
        self.riders: dict = {}
        self.mine: dict = {}
        self.more: dict = {}  # larger facts, keyed with what else they read
        self.settled = False

    def hold(self, s: State) -> bool:
        """Whether these facts are `s`'s too: the same permanents (the same objects,
        or equal ones), sites, areas and cards."""
        return (
            self.defs is s.defs
            and self.perms == s.perms
            and self.sites == s.sites
            and self.areas == s.areas
            and self.area_at == s.area_at
        )


@dataclass(frozen=True, slots=True)
class Options:
    decks: tuple[str, str] = ("blue", "red")
    mode: str = "standard"  # standard rush king imperial conquest (clause modes)
    swap_same_library: bool = False  # R14's old reading: Swap's bottom is its own library

    @property
    def life(self) -> int:
        return 15 if self.mode == "conquest" else 20


@dataclass(slots=True)
class State:
    opts: Options
    rng: random.Random
    defs: tuple[Def, ...]
    owner: tuple[int, ...]
    primary: list[list[int]]
    secondary: list[list[int]]
    hands: list[list[int]]
    graveyard: list[list[int]]
    banished: list[list[int]]
    shrine: list[list[int]]  # the Shrine zone (the Shrine card, or empty)
    shrine_card: tuple[int, int]
    marks: list[int]
    sources: list[list[int]]
    idols: list[list[int]]
    traps: list[list[int]]  # face-down traps; their site is in `trap_site`
    trap_site: dict[int, int]
    areas: list[int]  # terrain and weather in play, oldest first
    area_at: dict[int, tuple[str, int]]  # card -> ("site"|"row"|"pathway", index)
    sites: list[list[int]]
    perms: dict[int, Perm]
    tapped: set[int]
    life: list[int]
    pool: list[list[int]]
    points: list[int]
    turn: int = 0  # the active seat
    turn_no: int = 1
    act: str = "mulligan"  # mulligan first travel combat final
    stage: str = "mulligan"  # mulligan main respond block block-answer damage
    # damage-answer over
    ending: bool = False  # the active player passed the act; awaiting a reply
    source_played: bool = False
    mull_left: int = 2
    mulled: bool = False
    travels: tuple[tuple[int, int], ...] = ()  # (creature, sites to go)
    attacks: tuple[tuple[int, int], ...] = ()  # (creature, target: card, or -1-seat)
    blocks: tuple[tuple[int, int], ...] = ()  # (blocker, attacker)
    assigned: tuple[tuple[int, int, int], ...] = ()  # (attacker, victim, damage) by hand
    travelled: bool = False  # this Travel Act's travellers have gone (R21)
    queue: tuple[tuple, ...] = ()
    result: Outcome | None = None
    # per seat, how many top cards of its (Primary, Secondary) Library it knows: the
    # ones its Swap looks at or put back on top (`effects.know_top`)
    known_tops: tuple[tuple[int, ...], ...] = ((0, 0), (0, 0))
    legal: list | None = field(default=None)
    cover: tuple | None = None  # region.cover's table, with the areas it was made from
    owned: set[int] = field(default_factory=set)  # perms this state alone holds (`perm`)
    # set once finished (rules.apply), see `Facts`; derived, so neither compared nor written
    facts: Facts | None = field(default=None, compare=False, repr=False)
    before: Facts | None = field(default=None, compare=False, repr=False)  # copied-from's

    def copy(self) -> State:
        """A copy that later steps may change (a permanent through `perm`). Every
        field is assigned by name, so adding or moving one cannot shift the others,
        and one left out here is unset: the first read of it fails loudly. (Faster
        than calling __init__; the two seats' zones are copied by index, faster again
        than a loop.)"""
        c = _new(State)
        c.opts, c.rng, c.defs, c.owner = self.opts, self.rng, self.defs, self.owner
        c.primary = [self.primary[0][:], self.primary[1][:]]
        c.secondary = [self.secondary[0][:], self.secondary[1][:]]
        c.hands = [self.hands[0][:], self.hands[1][:]]
        c.graveyard = [self.graveyard[0][:], self.graveyard[1][:]]
        c.banished = [self.banished[0][:], self.banished[1][:]]
        c.shrine = [self.shrine[0][:], self.shrine[1][:]]
        c.shrine_card, c.marks = self.shrine_card, self.marks[:]
        c.sources = [self.sources[0][:], self.sources[1][:]]
        c.idols = [self.idols[0][:], self.idols[1][:]]
        c.traps = [self.traps[0][:], self.traps[1][:]]
        c.trap_site, c.area_at = dict(self.trap_site), dict(self.area_at)
        c.areas = self.areas[:]
        c.sites = [*map(_cp, self.sites)]
        c.perms, c.owned, self.owned = dict(self.perms), set(), set()
        c.tapped, c.life, c.points = set(self.tapped), self.life[:], self.points[:]
        c.pool = [self.pool[0][:], self.pool[1][:]]
        c.turn, c.turn_no, c.act = self.turn, self.turn_no, self.act
        c.stage, c.ending, c.source_played = self.stage, self.ending, self.source_played
        c.mull_left, c.mulled = self.mull_left, self.mulled
        c.travels, c.attacks, c.blocks = self.travels, self.attacks, self.blocks
        c.assigned, c.travelled = self.assigned, self.travelled
        c.queue, c.result, c.known_tops = self.queue, self.result, self.known_tops
        c.legal, c.cover = None, self.cover
        c.facts, c.before = None, self.facts
        return c

    def perm(self, c: int) -> Perm:
        """Permanent `c`, to change. A copy shares its permanents with the state it was
        made from until one changes, which is then copied first; a step so pays for
        the permanents it changes, not for every one on the Region."""
        p = self.perms[c]
        if c not in self.owned:
            p = self.perms[c] = p.copy()
            self.owned.add(c)
        return p

    def name(self, c: int) -> str:
        return f"{self.defs[c].id}#{c}"
