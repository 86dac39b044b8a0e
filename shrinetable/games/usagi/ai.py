"""placeholder"""
import random
from typing import Any

from .rules import legal_actions


def choose(state: Any, rng: random.Random) -> Any:
    return rng.choice(legal_actions(state))
