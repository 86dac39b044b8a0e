"""What the generic contract tests (tests/test_contract.py) need to know about Shrines."""

from __future__ import annotations

import random

from shrinetable.engine import TestHooks
from shrinetable.engine.rng import deal_back, redrawn

from .faces import card_face
from .state import State


def reshuffle_unseen(state: State, seat: int | None, rng: random.Random) -> State:
    """A copy of a Shrines state with the cards `seat` cannot see dealt back at
    random, so that it is a state a real game could be in as `seat` knows it: its
    own libraries each among their own places (it saw every card go in and come
    out, not the order) but for the top cards it knows (its Swap's); another
    seat's hand and libraries among themselves, sources never in its Primary
    (`_deal_libraries`), and its face-down traps only trap cards (a trap's site
    stays with its place)."""
    s = state.copy()
    # another seat's Swap names the cards it looks at, which are dealt again with the
    # rest: it is made to name the cards dealt into their places
    places = {
        c: (_pile(s, item), _pile(s, item).index(c))
        for item in s.queue
        if item[0] == "swap" and item[1] != seat
        for c in item[3]
    }
    for q in (0, 1):
        if q == seat:
            for pile, known in zip((s.primary[q], s.secondary[q]), s.known_tops[q], strict=True):
                deal_back([pile], rng, set(pile[len(pile) - known :]))
            continue
        hidden = [s.primary[q], s.secondary[q], s.hands[q]]
        sites = [s.trap_site.pop(c) for c in s.traps[q]]
        # a card dealt face down would spring as a trap with its own effects (two
        # Read the Shallows sprung in one travel queued two Swaps of the same cards)
        not_traps = {c for z in hidden for c in z if s.defs[c].subtype != "trap"}
        deal_back([*hidden, s.traps[q]], rng, not_traps)
        s.trap_site.update(zip(s.traps[q], sites, strict=True))
        _deal_libraries(s, q, rng)
    s.queue = tuple(
        (*item[:3], tuple(places[c][0][places[c][1]] for c in item[3]))
        if item[0] == "swap" and item[1] != seat
        else item
        for item in s.queue
    )
    s.rng = redrawn(rng)
    return s


def _deal_libraries(s: State, q: int, rng: random.Random) -> None:
    """Deal another seat's unseen hand and libraries back as a game could leave
    them: a source lies only in the Secondary or the hand (R16: sources only in
    the Secondary; a Swap sends a Primary card under the Secondary, never a
    source into the Primary). The Primary gets non-sources, the Secondary its
    length of sources above as many non-sources as it needs under them (what a
    Swap sent there), the hand the rest. Dealt with the hand and libraries
    together, the other seat's Primary draws were a third sources (docs/design.md,
    "Shrines' hard, fifth pass")."""
    piles = (s.primary[q], s.secondary[q], s.hands[q])
    cards = sorted(c for z in piles for c in z)
    rng.shuffle(cards)
    # non-sources first: the Primary takes from the front, the Secondary (sources
    # on top, a Swap's cards under them) from the back
    cards.sort(key=lambda c: s.defs[c].type == "source")
    n, m = len(piles[0]), len(piles[1])
    rest = cards[n:]
    new = (cards[:n], rest[len(rest) - m :], rest[: len(rest) - m])
    for z, dealt in zip(piles, new, strict=True):
        z[:] = dealt


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
