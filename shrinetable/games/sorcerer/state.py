"""Sorcerer's game state: per-seat lists of card ints and a few numbers, cheap to copy.

Decks and piles are bottom-to-top lists (the last item is the top card). The
turn's attacks wait in `lanes` (at most two, one per attacking card) until the
damage round; a card in a lane still counts as in play for its owner.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from shrinetable.engine import InstanceState, Outcome

_new = object.__new__


@dataclass(frozen=True, slots=True)
class Lane:
    """One attack: the attacker, the defender (-1: none yet), and the boosts on each."""

    att: int
    dfn: int = -1
    ab: tuple[int, ...] = ()
    db: tuple[int, ...] = ()

    def cards(self) -> tuple[int, ...]:
        """The lane's cards in zone order: attacker, its boosts, defender, its boosts."""
        return (self.att, *self.ab, *((self.dfn,) if self.dfn >= 0 else ()), *self.db)


@dataclass(frozen=True, slots=True)
class Options:
    special: bool = True  # the special properties of the spell types
    decks: tuple[str, str] = ("", "")  # each seat's deck (a shipped deck's key)
    turned_cannot_defend: bool = False  # R6, an older reading (off: the text's)


@dataclass(slots=True)
class State(InstanceState):
    opts: Options
    play: list[list[int]]  # in play and not in a lane
    discard: list[list[int]]
    removed: list[list[int]]  # sacrificed Wishful cards, out of the game
    mp: list[int]  # magic points
    lanes: tuple[Lane, ...] = ()
    turned: frozenset[int] = frozenset()
    turn: int = 0  # the active seat
    turn_no: int = 1
    stage: str = "play"  # play attack defend dboost aboost over
    played: bool = False  # the active player has played its card this turn
    quick_used: bool = False  # the defender has played its Quick card this turn
    result: Outcome | None = None
    legal: list | None = field(default=None)

    def copy(self) -> State:
        """A copy that later steps may change. Every field is assigned by name, so
        adding or moving one cannot shift the others, and one left out here is
        unset: the first read of it fails loudly. (Faster than calling __init__.)"""
        c = _new(State)
        c.opts, c.rng, c.defs, c.names, c.owner = (
            self.opts,
            self.rng,
            self.defs,
            self.names,
            self.owner,
        )
        c.deck = [self.deck[0][:], self.deck[1][:]]
        c.hand = [self.hand[0][:], self.hand[1][:]]
        c.play = [self.play[0][:], self.play[1][:]]
        c.discard = [self.discard[0][:], self.discard[1][:]]
        c.removed = [self.removed[0][:], self.removed[1][:]]
        c.mp = self.mp[:]
        c.lanes, c.turned = self.lanes, self.turned
        c.turn, c.turn_no, c.stage = self.turn, self.turn_no, self.stage
        c.played, c.quick_used, c.result = self.played, self.quick_used, self.result
        c.legal = None
        return c

    def name(self, c: int) -> str:
        return self.names[c]

    def in_play(self, q: int) -> int:
        """How many cards `q` has in play, its cards in the lanes included."""
        n = len(self.play[q])
        for lane in self.lanes:
            n += (lane.att >= 0 and self.owner[lane.att] == q) + (
                lane.dfn >= 0 and self.owner[lane.dfn] == q
            )
        return n
