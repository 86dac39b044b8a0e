"""What the generic contract tests (tests/test_contract.py) need to know about Shrines."""

from __future__ import annotations

import random

from shrinetable.engine import TestHooks
from shrinetable.engine.rng import deal_back, redrawn

from .faces import card_face
from .state import State


def reshuffle_unseen(state: State, seat: int | None, rng: random.Random) -> State:
    """A copy of a Shrines state with the cards `seat` cannot see (libraries, other
    hands and face-down traps, not the cards of its own Swap) dealt back at random
    among their owner's hidden places; a trap's site stays with its place."""
    s = state.copy()
    seen = {c for item in s.queue if item[0] == "swap" and item[1] == seat for c in item[3]}
    # another seat's Swap names the cards it looks at, which are dealt again with the
    # rest: it is made to name the cards dealt into their places
    places = {
        c: (_pile(s, item), _pile(s, item).index(c))
        for item in s.queue
        if item[0] == "swap" and item[1] != seat
        for c in item[3]
    }
    sites = {}
    for q in (0, 1):
        zones = [s.primary[q], s.secondary[q]]
        if q != seat:
            zones += [s.hands[q], s.traps[q]]
            sites.update({(q, i): s.trap_site.pop(c) for i, c in enumerate(s.traps[q])})
        deal_back(zones, rng, seen)
        if q != seat:
            s.trap_site.update({c: sites[q, i] for i, c in enumerate(s.traps[q])})
    s.queue = tuple(
        (*item[:3], tuple(places[c][0][places[c][1]] for c in item[3]))
        if item[0] == "swap" and item[1] != seat
        else item
        for item in s.queue
    )
    s.rng = redrawn(rng)
    return s


def _pile(s: State, item: tuple) -> list[int]:
    """The library a queued Swap looks at."""
    return (s.primary if item[2] == "primary" else s.secondary)[item[1]]


def is_token(name: str) -> bool:
    """Tokens are made and removed during play (left out of card counts)."""
    return bool(card_face(name)["token"])


# Shrines' steps cost more, so the contract walks its opening turns (a random game
# takes about 500 to 3,000 steps), plays 60 whole games for the termination check
# (median about 1,000 steps, 95th percentile about 3,100, longest 3,350), a budget
# of 4,000 steps (a turn has more steps: acts, priority passes) and 200 games in the
# slow many-games test.
HOOKS = TestHooks(
    reshuffle_unseen=reshuffle_unseen,
    is_token=is_token,
    walk=300,
    endings=60,
    budget=4000,
    many=200,
)
