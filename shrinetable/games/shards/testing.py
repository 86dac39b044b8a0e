"""What the generic contract tests (tests/test_contract.py) need to know about Shards."""

from __future__ import annotations

import random

from shrinetable.engine import TestHooks

from .state import State


def reshuffle_unseen(state: State, seat: int | None, rng: random.Random) -> State:
    """A copy with each seat's unseen cards (its deck, and its hand unless it is
    `seat`'s) dealt back at random among those same places; cards keep their owner.
    The secret Starting choice is not a card place: it stays as it is."""
    s = state.copy()
    for q in (0, 1):
        zones = [s.deck[q]] + ([s.hand[q]] if q != seat else [])
        slots = [(z, i) for z in zones for i in range(len(z))]
        cards = [z[i] for z, i in slots]
        rng.shuffle(cards)
        for (z, i), c in zip(slots, cards, strict=True):
            z[i] = c
    return s


HOOKS = TestHooks(reshuffle_unseen=reshuffle_unseen, walk=3000, endings=60, budget=6000,
                  many=300)
