"""What the window (`app.App`) may ask of the scene it shows: the start screen,
a game's table, a demonstration. The App knows a scene by this contract only,
never by probing what it happens to hold."""

from __future__ import annotations

from typing import Protocol

import pygame

# posted from another thread: an answer came. USEREVENT itself, which
# `custom_type()` never hands out: numbers taken at import time are given out
# again after `pygame.quit()`, so such a number could be pygame_gui's button press.
WAKE = pygame.USEREVENT


def wake() -> None:
    """Wake the window's loop (called from another thread: the network's, or
    the computer's thinking)."""
    try:
        pygame.event.post(pygame.event.Event(WAKE))
    except pygame.error:  # the window is closing
        pass


class Scene(Protocol):
    """A screen the window shows and feeds: input in, frames out."""

    dirty: bool  # the next frame is drawn whole (the App sets it after input)

    def handle(self, event: pygame.event.Event, consumed: bool) -> None:
        """An event (`consumed`: pygame_gui's windows took it)."""
        ...

    def update(self, now: float) -> None: ...

    def deadline(self) -> float | None:
        """When the scene next needs to run without input (None: idle; while
        something moves, a frame's time away)."""
        ...

    def needs_frame(self) -> bool:
        """Whether `draw` has something to paint now."""
        ...

    def draw(self, screen: pygame.Surface) -> list[pygame.Rect] | None:
        """Paint; the rectangles changed, or None after a whole frame."""
        ...

    def resize(self, size: tuple[int, int]) -> None: ...

    def keep(self) -> None:
        """Autosave the game shown, if any (before each frame and trace line:
        a move on the screen is a move kept)."""
        ...

    def may_quit(self) -> bool:
        """Whether the program may end now (else the scene asks first)."""
        ...
