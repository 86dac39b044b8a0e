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
from .base import CardData, GameBase, Player, PositionHook, TestHooks
from .present import Arrow, CardDecor, Chip, Decor, Face, Presentation
from .registry import get, names, register

__all__ = [
    "Arrow", "CardData", "CardDecor", "Chip", "Decor", "Face", "GameBase", "Player",
    "PositionHook", "Presentation", "TestHooks", "Decision", "Event", "Game", "Gesture", "IllegalAction", "NotationError", "OptionSpec",
    "Outcome", "View", "ZoneView", "get", "names", "play", "register",
]
