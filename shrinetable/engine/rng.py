"""Seeded randomness carried in the game state.

States are treated as immutable and copied on every step, but randomness is
rare (shuffles, an unseen steal), so the `random.Random` is shared between
states and only copied when a step actually draws from it (copy on write):
a copy costs microseconds, sharing costs nothing.
"""

from __future__ import annotations

import random


def seeded(seed: int) -> random.Random:
    """The generator a new game starts with."""
    return random.Random(seed)


def fork(rng: random.Random) -> random.Random:
    """An independent copy to draw from, leaving the earlier state's untouched."""
    new = random.Random()
    new.setstate(rng.getstate())
    return new
