"""What a game table's next frame repaints, shared by the parts that change it
(the pointer, the zoom, the panels) and the painter that clears it."""

from __future__ import annotations

from dataclasses import dataclass, field

import pygame


@dataclass
class Frame:
    """`dirty`: the next frame is drawn whole; `base_dirty`: the cached table
    under it is laid out and painted again too; `partial`: only these
    rectangles changed (cards dragged over a table otherwise still)."""

    dirty: bool = True
    base_dirty: bool = True
    partial: list[pygame.Rect] = field(default_factory=list)

    def table_changed(self) -> None:
        """The table itself changed: repaint it, and the frame over it."""
        self.base_dirty = self.dirty = True
