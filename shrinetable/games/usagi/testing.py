"""What the generic contract tests (tests/test_contract.py) need to know about Usagi."""

from __future__ import annotations

import random

from shrinetable.engine import TestHooks
from shrinetable.engine.rng import deal_back, redrawn

from . import rules
from .state import State


def reshuffle_unseen(state: State, seat: int | None, rng: random.Random) -> State:
    """A copy with each seat's unseen cards dealt back at random among those same
    places (its deck, its hand unless it is `seat`'s, and its dead pile, which
    nobody sees: U6); cards keep their owner. A secret proposal is not a card
    place: it stays where it is. A card another contender has given up in a tie,
    hidden from `seat` (`observe`), is drawn afresh among those it could have
    given up (U10): a world holds a choice its seats could have made."""
    s = state.copy()
    keep = set(s.proposal)
    for q in range(s.n):
        deal_back([s.deck[q], s.dead[q]] + ([s.hand[q]] if q != seat else []), rng, keep)
    if s.step == "tiebreak":
        for q in s.contest.contenders:
            if s.committed[q] and not s.proposal[q]:
                s.proposal[q] = rng.choice(rules.tiebreak_cards(s, q))
    s.rng = redrawn(rng)
    return s


HOOKS = TestHooks(reshuffle_unseen=reshuffle_unseen, walk=800, endings=60, budget=6000, many=200)
