"""Shrines: the Region creature card game (see docs/rules/shrines.md)."""

from .game import GAME

__all__ = ["GAME"]
