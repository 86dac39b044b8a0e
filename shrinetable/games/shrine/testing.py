"""What the generic contract tests (tests/test_contract.py) need to know about Shrine."""

from __future__ import annotations

import random

from shrinetable.engine import TestHooks
from shrinetable.engine.rng import redrawn

from .state import State


def reshuffle_unseen(state: State, seat: int | None, rng: random.Random) -> State:
    """A copy of a Shrine state with every card `seat` cannot see (other hands,
    the Deck, cards under Shrine tops) dealt back into the same places at random
    (sorted first: the deal does not depend on where they lay), and a new generator."""

    def shuffled(cards: list[int]) -> list[int]:
        cards.sort()
        rng.shuffle(cards)
        return cards

    s = state.deal_unseen(seat, shuffled)
    s.rng = redrawn(rng)
    return s


# A random walk of 3,000 steps is a whole game (or nearly all of one); random play
# ends within 3,000 steps in 95% of games (measured over 2,000 games: median 616
# steps, 95th percentile about 1,500, five games past 3,000, the longest 5,426).
HOOKS = TestHooks(reshuffle_unseen=reshuffle_unseen, walk=3000, endings=200, budget=3000, many=2000)
