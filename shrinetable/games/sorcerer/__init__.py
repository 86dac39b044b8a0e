"""Sorcerer: the two-player attack-and-shield spell duel (see docs/rules/sorcerer.md)."""

from .game import GAME

__all__ = ["GAME"]
