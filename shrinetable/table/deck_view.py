"""The deck builder screen as its drawing (deck_drawing.py) and its commands
(deck_commands.py) see it: the state they read and change. `DeckScene` is the
screen that has it; naming it here, below all three, keeps the imports one way
(the scene imports the drawing and the commands, and they import only this).
"""

from __future__ import annotations

from typing import Any, Protocol

import pygame
from pygame_gui.elements import UITextEntryLine, UIWindow

from shrinetable.adapter.deckdesk import Desk

from .fare_panel import FarePanel


class DeckView(Protocol):
    """What the drawing and the commands may read and change of the screen."""

    app: Any
    desk: Desk
    dirty: bool  # a frame is due
    # the layout (`DeckScene.build_ui`): the screen's scale `u`, text of `px` pixels
    u: float
    px: int
    top: int
    side: pygame.Rect
    pool_rect: pygame.Rect
    charts: pygame.Rect
    deck_rect: pygame.Rect
    buttons: pygame.Rect
    # what the last frame drew where: what a click reaches, where the deck's places begin
    hits: list[tuple[pygame.Rect, tuple]]
    sections: list[tuple[int, str]]
    cols: int
    rows_shown: int
    # where the player has taken the view
    scroll: int
    side_scroll: int
    deck_scroll: int
    cursor: int
    where: str | None
    chart: int
    turn: int
    hand: int
    hover: str | None
    zoomed: bool
    press: tuple[tuple, tuple[int, int]] | None
    pointer: tuple[int, int]
    message: str
    error: bool
    # the panel and the windows over the screen
    fare: FarePanel
    fare_shown: bool
    name_entry: UITextEntryLine
    window: UIWindow | None
    actions: dict[Any, tuple]
    picks: dict[str, Any]
    asking: str | None

    def say(self, text: str, error: bool = False) -> None: ...

    def show_fare(self, shown: bool = False) -> None: ...
