"""A move's result kept in view: the words of its events that the game calls
results (`Presentation.results`: a damage round's sums and who fell, the units
a combat destroyed) stand in a box at the top of the log's panel, the log
under it (`place`: laid out with the panels, so it hides none of the log's
lines), or where the layout's `panels.results` says, since the cards they
name are gone from the table at once (a damage round clears its lanes);
never over a card in play, a target or the decision bar.

The box goes when the viewer's next decision comes (or they move, or another
seat does: it could stand over the log's newest line, the one explaining that
move), but not before it stood `RESULT_S` (long enough to read); a click on
it closes it.
Results of later moves join it (the latest `MAX_LINES` lines). An open
dialog (the Game over window, which the last result often explains) is never
drawn over it: the box moves beside it."""

from __future__ import annotations

from typing import Any

import pygame

from shrinetable.engine import seats_named

from . import faces
from .theme import palette

RESULT_S = 2.5  # at least this long in view (a line or two read at an easy pace)
MAX_LINES = 6
TITLE = "Result (click to close)"
SHORT = "Result"  # the title where the whole would be cut (a larger text size)


class Results:
    """The lines shown, since when, and whether the viewer's turn came since."""

    def __init__(self):
        self.lines: list[str] = []
        self.since = 0.0
        self.moved = False  # a decision or a move came after the result: it goes at RESULT_S
        self.box: pygame.Rect | None = None  # where it was last drawn (a click closes it)
        self.place: pygame.Rect | None = None  # where the panels laid it out (None: not yet)
        self.laid: list[str] = []  # the lines they laid it out for (others: lay out again)

    def add(self, present, applied, viewer: int | None, now: float) -> bool:
        """The results among `applied`'s events, as `viewer` sees them; whether any."""
        said = [
            seats_named(present.readable(seen.text))
            for e in applied.events
            if e.kind in present.results and (seen := e.seen_by(viewer)).text
        ]
        if not said:
            return False
        said = [t[:1].upper() + t[1:] for t in said]
        self.lines = (self.lines + said)[-MAX_LINES:]
        self.since, self.moved = now, False
        return True

    def next_decision(self, now: float) -> None:
        """The viewer is to decide (or a seat made a move): the box goes now if
        it has stood long enough to be read, else at `RESULT_S`."""
        if now >= self.since + RESULT_S:
            self.clear()
        else:
            self.moved = True

    def due(self) -> float | None:
        """When the box is to go by itself (None: it stays)."""
        return self.since + RESULT_S if self.lines and self.moved else None

    def update(self, now: float) -> bool:
        """Whether the box went now."""
        if self.lines and self.moved and now >= self.since + RESULT_S:
            self.clear()
            return True
        return False

    def clear(self) -> None:
        self.lines, self.moved, self.box = [], False, None

    def click(self, pos) -> bool:
        """A click on the box closes it (and does nothing else)."""
        if self.box is not None and self.box.collidepoint(pos):
            self.clear()
            return True
        return False

    def _laid(self, fonts, width: int, px: int, room: int) -> tuple[Any, list[Any]]:
        """The title and the lines' images `width` wide, the oldest left off
        where they would not fit a box `room` high."""
        head = fonts.text(title(fonts, px, width - 24), px, palette().accent, True)
        imgs = [
            [
                fonts.text(line, px, palette().text)
                for line in faces.wrap(fonts, text, px, width - 24)
            ]
            for text in self.lines
        ]
        room -= head.get_height() + 24
        while len(imgs) > 1 and sum(i.get_height() for r in imgs for i in r) > room:
            imgs.pop(0)  # the latest results first
        return head, [i for r in imgs for i in r]

    def height(self, fonts, width: int, px: int, most: int) -> int:
        """How tall the box is `width` wide with at most `most` of room (0: no box)."""
        if not self.lines:
            return 0
        head, shown = self._laid(fonts, width, px, most)
        return head.get_height() + 6 + sum(i.get_height() for i in shown) + 18

    def draw(
        self,
        surf: pygame.Surface,
        fonts,
        area: pygame.Rect,
        px: int,
        avoid: pygame.Rect | None = None,
    ) -> None:
        """The box at the top of `area` (its place), as wide, its lines
        wrapped, the oldest left off where they would not fit; beside `avoid`
        (an open dialog) when it is under it."""
        if not self.lines:
            self.box = None
            return
        head, shown = self._laid(fonts, area.w, px, area.h)
        box = pygame.Rect(
            area.left,
            area.top,
            area.w,
            head.get_height() + 6 + sum(i.get_height() for i in shown) + 18,
        )
        box = _beside(box, surf.get_rect(), avoid)
        pygame.draw.rect(surf, palette().panel, box, border_radius=10)
        pygame.draw.rect(surf, palette().accent, box, 2 + palette().width, border_radius=10)
        y = box.top + 9
        surf.blit(head, (box.left + 12, y))
        y += head.get_height() + 6
        for img in shown:
            surf.blit(img, (box.left + 12, y))
            y += img.get_height()
        self.box = box


def title(fonts, px: int, room: int) -> str:
    """The box's title `room` wide: whole, else "Result" (a click still closes
    it; "Result (click to clo..." read as a fault), else cut."""
    font = fonts.font(px, True)
    fits = [t for t in (TITLE, SHORT) if font.size(t)[0] <= room]
    return fits[0] if fits else faces.cut(fonts, SHORT, px, room, True)


def _beside(box: pygame.Rect, area: pygame.Rect, avoid: pygame.Rect | None) -> pygame.Rect:
    """`box` where it is, or moved above, below, left of or right of `avoid`
    (the first of those that fits in `area` clear of it; else where it is)."""
    if avoid is None or not box.colliderect(avoid):
        return box
    gap = 8
    for place in (
        {"bottom": avoid.top - gap},
        {"top": avoid.bottom + gap},
        {"right": avoid.left - gap},
        {"left": avoid.right + gap},
    ):
        moved = box.copy()
        for side, at in place.items():
            setattr(moved, side, at)
        if area.contains(moved):
            return moved
    return box
