"""Game-agnostic engine core: the contract, the registry, seeded randomness."""

from .base import CardData, GameBase, Player, PositionHook, TestHooks
from .core import (
                   MAX_SEATS,
                   REVEAL,
                   SEAT_NAMES,
                   Decision,
                   Event,
                   Game,
                   Gesture,
                   IllegalAction,
                   OptionSpec,
                   Outcome,
                   View,
                   ZoneView,
                   play,
                   seat_index,
)
from .notation import NotationError, action_words, expect
from .position import (
    MAX_INSTANCE,
    InstanceState,
    Named,
    SetupError,
    located,
    numbered,
    position_card,
)
from .present import Arrow, CardDecor, Chip, Decor, Face, Glyph, Hud, Presentation, Showcase
from .registry import get, names, register
from .statejson import StateCodec, StateError

__all__ = [
    "MAX_INSTANCE", "MAX_SEATS", "REVEAL", "SEAT_NAMES", "Arrow", "CardData", "CardDecor", "Chip",
    "Decision", "Decor", "Event", "Face", "Game", "GameBase", "Gesture", "Glyph", "Hud",
    "IllegalAction", "InstanceState",
    "Named", "NotationError", "OptionSpec", "Outcome", "Player", "PositionHook", "Presentation",
    "SetupError", "Showcase", "StateCodec", "StateError", "TestHooks", "View", "ZoneView",
    "get", "names", "play", "register",
    "action_words", "expect", "located", "numbered", "position_card", "seat_index",
]
