"""Shrines: the Region creature card game (see docs/rules/shrines.md).

Not yet in the registry: its table layout comes later."""

from .game import GAME

__all__ = ["GAME"]
