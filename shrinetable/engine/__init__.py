"""Game-agnostic engine core: the contract, the registry, seeded randomness."""

from .base import CardData, GameBase, Player, PositionHook, TestHooks
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
from .present import Arrow, CardDecor, Chip, Decor, Face, Presentation
from .registry import get, names, register

__all__ = [
    "Arrow", "CardData", "CardDecor", "Chip", "Decision", "Decor", "Event", "Face", "Game",
    "GameBase", "Gesture", "IllegalAction", "NotationError", "OptionSpec", "Outcome", "Player",
    "PositionHook", "Presentation", "TestHooks", "View", "ZoneView", "get", "names", "play",
    "register",
]
