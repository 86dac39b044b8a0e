"""Shards of the Empire: kingdoms, territories and resources (see docs/rules/shards.md)."""

from .game import GAME

__all__ = ["GAME"]
