"""Seeded randomness carried in the game state.

States are treated as immutable and copied on every step, but randomness is
rare (shuffles, an unseen steal), so the `random.Random` is shared between
states and only copied when a step actually draws from it (copy on write):
a copy costs microseconds, sharing costs nothing.
"""

from __future__ import annotations

import random
from collections.abc import Container
from typing import Any


def seeded(seed: int) -> random.Random:
    """The generator a new game starts with."""
    return random.Random(seed)


def fork(rng: random.Random) -> random.Random:
    """An independent copy to draw from, leaving the earlier state's untouched."""
    new = random.Random()
    new.setstate(rng.getstate())
    return new


def deal_back(piles: list[list[Any]], rng: random.Random, keep: Container[Any] = ()) -> None:
    """The cards of `piles` (lists changed in place) dealt back at random into the
    same places, but for the cards in `keep`, which stay where they are: what a
    game's `TestHooks.reshuffle_unseen` does with the places a seat cannot see.
    The cards are sorted first, so the deal depends on which cards they are and on
    `rng`, never on where they lay."""
    slots = [(z, i) for z in piles for i in range(len(z)) if z[i] not in keep]
    cards = sorted(z[i] for z, i in slots)
    rng.shuffle(cards)
    for (z, i), c in zip(slots, cards, strict=True):
        z[i] = c


def redrawn(rng: random.Random) -> random.Random:
    """A new generator drawn from `rng`: a re-dealt state's, so that the game's
    own future draws (a shuffle, an unseen steal) stay as secret as its deck."""
    return random.Random(rng.getrandbits(64))
