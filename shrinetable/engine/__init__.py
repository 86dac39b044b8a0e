"""Game-agnostic engine core: the contract, the registry, seeded randomness."""

from .base import (
                   MAX_INSTANCE,
                   CardData,
                   GameBase,
                   Player,
                   PositionHook,
                   SetupError,
                   TestHooks,
                   position_card,
)
from .core import (
                   MAX_SEATS,
                   REVEAL,
                   SEAT_NAMES,
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
                   seat_index,
)
from .present import Arrow, CardDecor, Chip, Decor, Face, Glyph, Hud, Presentation, Showcase
from .registry import get, names, register
from .statejson import StateCodec, StateError

__all__ = [
    "MAX_INSTANCE", "MAX_SEATS", "REVEAL", "SEAT_NAMES", "Arrow", "CardData", "CardDecor", "Chip",
    "Decision",
    "Decor", "Event", "Face", "Game", "GameBase", "Gesture", "Glyph", "Hud", "IllegalAction",
    "NotationError", "OptionSpec", "Outcome", "Player", "PositionHook", "Presentation",
    "SetupError", "Showcase", "StateCodec", "StateError", "TestHooks", "View", "ZoneView",
    "get", "names", "play", "register",
    "position_card", "seat_index",
]
