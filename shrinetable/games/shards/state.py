"""Shards' game state: per-seat lists of card ints, the kingdom's territory slots,
resource pools and a few numbers; cheap to copy.

Piles are bottom-to-top lists (the last item is the top card). A kingdom has
`rules.SLOTS` slots (the most territories it could ever hold at once);
`slots[q][i]` is None (no territory there) or the list
`[territory card, *units and buildings]`, where territory card 0 is the implicit
territory every player starts with. Per-card marks (counters, damage, boosts,
exhausted, when it entered) live in dicts and sets keyed by card.

Copying is most of what a rules step costs, so a copy shares what is never
changed in place: each seat's graveyard, scrap pile, laid-out Starting cards,
policies and territories (each territory's list), and the `entered` dict, are
replaced by a new list or dict when they change (`s.grave[q] = [*s.grave[q], c]`,
never `append`); decks, hands, the slot lists, pools and the other marks are
copied and may be changed in place.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, NamedTuple

from shrinetable.engine import InstanceState, Outcome

_new = object.__new__


class Combat(NamedTuple):
    """One attack on territory `slot` of `defender`: the attackers in declaration
    order with the building each aims at, the blocks (attacker -> blocker), the
    withdrawn Hit and Run units, and the step (declare, defend, tricks). A named
    tuple: each combat step makes a new one (`_replace`), cheaply."""

    defender: int
    slot: int
    attackers: tuple[int, ...] = ()
    aims: tuple[int, ...] = ()  # the aimed building, per attacker
    blocks: tuple[tuple[int, int], ...] = ()
    withdrawn: tuple[int, ...] = ()
    priority: int = 0  # who holds priority in the tricks step
    passes: int = 0  # passes in a row in the tricks step

    def blocker(self, att: int) -> int:
        return next((d for a, d in self.blocks if a == att), 0)

    def fighting(self) -> tuple[int, ...]:
        """The attackers still in the combat."""
        return tuple(a for a in self.attackers if a not in self.withdrawn)


class Memo:
    """Actions a game has already made, by the card numbers they are made of. The
    legal-action lists repeat much from one step to the next, and an Action looked
    up is cheaper than one made; every state of a game shares one Memo (the card
    numbering never changes within a game)."""

    __slots__ = ("use", "develop", "attack", "scrap", "scraps", "move")

    def __init__(self) -> None:
        self.use: dict[tuple[int, int], Any] = {}  # (card, ability) -> use
        self.develop: dict[int, Any] = {}  # card -> develop
        self.attack: dict[tuple[int, int], Any] = {}  # (unit, building) -> attack
        self.scrap: dict[tuple[int, ...], Any] = {}  # 1 or 2 cards -> scrap
        self.scraps: dict[tuple[int, ...], tuple] = {}  # scrap values in hand -> scraps
        self.move: dict[tuple[int, int], Any] = {}  # (unit, slot) -> move


@dataclass(frozen=True, slots=True)
class Options:
    decks: tuple[str, str] = ("", "")  # each seat's deck (a shipped deck's key or a file)
    max_territories: int = 0  # R26, an option: 0 is no limit (the text's)
    move_once: bool = False  # R18, an option: a unit moves once a turn


@dataclass(slots=True)
class State(InstanceState):
    opts: Options
    grave: list[list[int]]
    scrap: list[list[int]]
    slots: list[list[list[int] | None]]
    policies: list[list[int]]
    pool: list[dict[str, int]]  # resource -> amount (no zero entries)
    start: list[list[int]]  # the Starting cards laid out (Starting Phase)
    picks: list[tuple[int, ...]]  # each seat's secret Starting choice
    committed: list[bool]
    counters: dict[int, int] = field(default_factory=dict)
    damage: dict[int, int] = field(default_factory=dict)
    pump: dict[int, int] = field(default_factory=dict)  # +offence this turn
    exhausted: frozenset[int] = frozenset()
    entered: dict[int, int] = field(default_factory=dict)  # card -> turn_no it entered
    moved: frozenset[int] = frozenset()  # units moved this turn
    attacked: frozenset[int] = frozenset()  # opposing slots attacked
    stage: str = "start"  # start bonus main declare defend tricks discard expend over
    resume: str = ""  # the stage an Attrition expend returns to
    owing: tuple[int, ...] = ()  # seats owing an Attrition expend, in order
    first: int = 0
    turn: int = 0
    turn_no: int = 0
    scrapped: bool = False  # the turn player has scrapped this turn
    acted: bool = False  # the turn player has taken an action this turn
    combat: Combat | None = None
    result: Outcome | None = None
    legal: list | None = None
    memo: Memo = field(default_factory=Memo, compare=False, repr=False)

    def copy(self) -> State:
        """A copy that later steps may change. Every field is assigned by name
        (faster than __init__); one left out would fail loudly on first read. The
        piles the rules only add to or take from by making a new list (grave,
        scrap, start, policies, each territory), the `entered` dict and the
        frozensets are shared with the copy, not copied (see the module docstring)."""
        c = _new(State)
        c.opts, c.rng, c.defs, c.names, c.owner = (
            self.opts,
            self.rng,
            self.defs,
            self.names,
            self.owner,
        )
        d, h, g, sc, pol, st, pool = (
            self.deck,
            self.hand,
            self.grave,
            self.scrap,
            self.policies,
            self.start,
            self.pool,
        )
        c.deck = [d[0][:], d[1][:]]
        c.hand = [h[0][:], h[1][:]]
        c.grave, c.scrap = g[:], sc[:]
        c.slots = [side[:] for side in self.slots]
        c.policies = pol[:]
        c.pool = [pool[0].copy(), pool[1].copy()]
        c.start = st[:]
        c.picks, c.committed = self.picks[:], self.committed[:]
        c.counters, c.damage, c.pump = (self.counters.copy(), self.damage.copy(), self.pump.copy())
        c.exhausted, c.entered = self.exhausted, self.entered
        c.moved, c.attacked = self.moved, self.attacked
        c.stage, c.resume, c.owing = self.stage, self.resume, self.owing
        c.first, c.turn, c.turn_no = self.first, self.turn, self.turn_no
        c.scrapped, c.acted, c.combat, c.result = (
            self.scrapped,
            self.acted,
            self.combat,
            self.result,
        )
        c.legal, c.memo = None, self.memo
        return c

    # -- where cards are ---------------------------------------------------------
    def territories(self, q: int) -> list[tuple[int, list[int]]]:
        """`q`'s founded territories: (slot, [territory card, *cards])."""
        return [(i, t) for i, t in enumerate(self.slots[q]) if t is not None]

    def slot_of(self, card: int) -> int:
        """The territory slot `card` (a unit or building in play) is in; -1 if none."""
        for t in self.slots[self.owner[card]]:
            if t is not None and card in t[1:]:
                return self.slots[self.owner[card]].index(t)
        return -1

    def kingdom(self, q: int) -> list[int]:
        """`q`'s kingdom cards in play: units and buildings, then policies."""
        out: list[int] = []
        for t in self.slots[q]:
            if t is not None:
                out += t[1:]
        out += self.policies[q]
        return out

    def in_play(self, card: int) -> bool:
        q = self.owner[card]
        return card in self.policies[q] or self.slot_of(card) >= 0

    def of_type(self, q: int, kind: str) -> list[int]:
        return [c for c in self.kingdom(q) if self.defs[c].type == kind]
