"""Computer seats for any registered game: its own AI, or uniform random play.

Both take (state, rng) and return one of the game's legal actions; the table,
`simulate` and the benchmarks all get their computer players from here.
"""

from __future__ import annotations

import importlib
import random
from collections.abc import Callable
from typing import Any

from shrinetable.engine import registry

Player = Callable[[Any, random.Random], Any]
KINDS = ("ai", "random")


def player(game_name: str, kind: str) -> Player:
    """The computer player `kind` ("ai" or "random") for the game `game_name`."""
    game = registry.get(game_name)
    if kind == "random":
        return lambda state, rng: rng.choice(game.legal_actions(state))
    if kind == "ai":
        try:
            return importlib.import_module(f"shrinetable.games.{game_name}.ai").choose
        except ModuleNotFoundError as e:  # a game without its own AI plays at random
            if e.name != f"shrinetable.games.{game_name}.ai":
                raise
            return player(game_name, "random")
    raise ValueError(f"unknown player kind {kind!r}; choose from {', '.join(KINDS)}")
