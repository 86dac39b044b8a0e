"""Game-agnostic engine core: the contract, the registry, seeded randomness."""

from .core import (
    Decision,
    Event,
    Game,
    Gesture,
    IllegalAction,
    NotationError,
    OptionSpec,
    Outcome,
    View,
    ZoneView,
    play,
)
from .registry import get, names, register

__all__ = [
    "Decision", "Event", "Game", "Gesture", "IllegalAction", "NotationError", "OptionSpec",
    "Outcome", "View", "ZoneView", "get", "names", "play", "register",
]
