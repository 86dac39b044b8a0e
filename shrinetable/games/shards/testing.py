"""What the generic contract tests (tests/test_contract.py) need to know about Shards."""

from __future__ import annotations

import random

from shrinetable.engine import TestHooks
from shrinetable.engine.rng import deal_back, redrawn

from .state import State


def reshuffle_unseen(state: State, seat: int | None, rng: random.Random) -> State:
    """A copy with each seat's unseen cards (its deck, and its hand unless it is
    `seat`'s) dealt back at random among those same places; cards keep their owner.
    The secret Starting choice is not a card place: it stays as it is."""
    s = state.copy()
    for q in (0, 1):
        deal_back([s.deck[q]] + ([s.hand[q]] if q != seat else []), rng)
    s.rng = redrawn(rng)
    return s


HOOKS = TestHooks(reshuffle_unseen=reshuffle_unseen, walk=3000, endings=60, budget=6000, many=300)
