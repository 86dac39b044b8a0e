"""What stands over a game table, if anything: one state, one place."""

from __future__ import annotations

from enum import StrEnum


class Overlay(StrEnum):
    """A window over the table, or a state of the game that hides or holds it:
    the menu, the rules, the choice of a move, the load dialog, what happened,
    the question before a move given up for good, the keys (windows: Esc closes them);
    game over, the handover screen that hides the table while the device
    changes hands, the quick question to another person at it (states: the
    game's, closed by the next move)."""

    MENU = "menu"
    RULES = "rules"
    CHOICE = "choice"
    LOAD = "load"
    SUMMARY = "summary"
    CONFIRM = "confirm"
    KEYS = "keys"
    GAMEOVER = "gameover"
    HANDOVER = "handover"
    ASK = "ask"


WINDOWS = frozenset(
    {
        Overlay.MENU,
        Overlay.RULES,
        Overlay.CHOICE,
        Overlay.LOAD,
        Overlay.SUMMARY,
        Overlay.CONFIRM,
        Overlay.KEYS,
    }
)
STATES = frozenset({Overlay.GAMEOVER, Overlay.HANDOVER, Overlay.ASK})
