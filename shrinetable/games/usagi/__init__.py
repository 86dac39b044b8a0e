"""The Usagi Yojimbo card game: 2 to 6 players chasing Events (see docs/rules/usagi.md)."""

from .game import GAME

__all__ = ["GAME"]
