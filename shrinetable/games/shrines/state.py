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


@dataclass(slots=True)
class Perm:
    """A permanent on the Region (creature, structure or tool)."""

    ctrl: int
    site: int
    entered: int                     # turn number it entered the Region
    damage: int = 0
    boost_s: int = 0
    boost_r: int = 0
    status: frozenset[str] = frozenset()   # freeze ground poison weaken protection
    armor_spent: bool = False
    lethal: bool = False             # destroyed at the next check (weakened, or non-combat
                                     # damage reached its resilience)
    attached: int = -1               # tools: the creature carried (-1: lying on the site)
    unguarded: bool = False          # its controller has switched its Guard off (R11)
    guard_switched: int = -1         # the turn it was last switched (once a turn, R11)

    def copy(self) -> Perm:
        return Perm(self.ctrl, self.site, self.entered, self.damage, self.boost_s,
                    self.boost_r, self.status, self.armor_spent, self.lethal, self.attached,
                    self.unguarded, self.guard_switched)


@dataclass(frozen=True, slots=True)
class Options:
    decks: tuple[str, str] = ("blue", "red")
    mode: str = "standard"           # standard rush king imperial conquest (clause modes)

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
    shrine: list[list[int]]          # the Shrine zone (the Shrine card, or empty)
    shrine_card: tuple[int, int]
    marks: list[int]
    sources: list[list[int]]
    idols: list[list[int]]
    traps: list[list[int]]           # face-down traps; their site is in `trap_site`
    trap_site: dict[int, int]
    areas: list[int]                 # terrain and weather in play, oldest first
    area_at: dict[int, tuple[str, int]]   # card -> ("site"|"row"|"pathway", index)
    sites: list[list[int]]
    perms: dict[int, Perm]
    tapped: set[int]
    life: list[int]
    pool: list[list[int]]
    points: list[int]
    turn: int = 0                    # the active seat
    turn_no: int = 1
    act: str = "mulligan"            # mulligan first travel combat final
    stage: str = "mulligan"          # mulligan main respond block over
    ending: bool = False             # the active player passed the act; awaiting a reply
    source_played: bool = False
    mull_left: int = 2
    mulled: bool = False
    travels: tuple[tuple[int, int], ...] = ()     # (creature, sites to go)
    attacks: tuple[tuple[int, int], ...] = ()     # (creature, target: card, or -1-seat)
    blocks: tuple[tuple[int, int], ...] = ()      # (blocker, attacker)
    assigned: tuple[tuple[int, int, int], ...] = ()   # (attacker, victim, damage) by hand
    travelled: bool = False          # this Travel Act's travellers have gone (R21)
    queue: tuple[tuple, ...] = ()
    result: Outcome | None = None
    legal: list | None = field(default=None)

    def copy(self) -> State:
        return State(
            self.opts, self.rng, self.defs, self.owner, [x[:] for x in self.primary],
            [x[:] for x in self.secondary], [x[:] for x in self.hands],
            [x[:] for x in self.graveyard], [x[:] for x in self.banished],
            [x[:] for x in self.shrine], self.shrine_card, self.marks[:],
            [x[:] for x in self.sources], [x[:] for x in self.idols],
            [x[:] for x in self.traps], dict(self.trap_site), self.areas[:],
            dict(self.area_at), [x[:] for x in self.sites],
            {k: v.copy() for k, v in self.perms.items()}, set(self.tapped), self.life[:],
            [x[:] for x in self.pool], self.points[:], self.turn, self.turn_no, self.act,
            self.stage, self.ending, self.source_played, self.mull_left, self.mulled, self.travels,
            self.attacks, self.blocks, self.assigned, self.travelled, self.queue, self.result,
            None)

    def name(self, c: int) -> str:
        return f"{self.defs[c].id}#{c}"
