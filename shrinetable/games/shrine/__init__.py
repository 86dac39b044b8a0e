"""Shrine: the 52-card game of Shrines, Tokens and Daggers (see docs/rules/shrine.md)."""

from .game import GAME

__all__ = ["GAME"]
