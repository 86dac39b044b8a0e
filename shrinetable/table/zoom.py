"""A card shown large with its full text: right-click a card (any click, on the
table or the panels, or the pointer leaving both the card and its enlargement
closes it), or rest the pointer on a card for a moment (moving away closes it);
a card in one's hand rises from its place and grows at once.
Small cards on a crowded table stay readable this way; the hover zoom is for
games whose cards carry text (`Presentation.zoom_on_hover`)."""

from __future__ import annotations

import time
from collections.abc import Callable

import pygame

from . import hud
from .art import CardArt, Fonts
from .board import Board
from .frame import Frame

HOVER_S = 0.7  # how long the pointer rests on a card before it zooms
HEIGHT = 0.62  # the zoomed card's height, as a share of the window's
RISE = 0.42  # a hovered hand card's, risen from its place (its text >= 14 px)


class Zoom:
    """The enlarged card of one game table: it reads the `board`, draws with
    the `art` and `fonts`, and marks the `frame` when the zoom changes;
    `pressed()` and `dragging()` say the pointer holds a press or cards,
    `covered()` that a window stands over the table."""

    def __init__(
        self,
        board: Board,
        art: CardArt,
        fonts: Fonts,
        frame: Frame,
        pressed: Callable[[], bool],
        dragging: Callable[[], bool],
        covered: Callable[[], bool],
    ):
        self.board, self.art, self.fonts, self.frame = board, art, fonts, frame
        self.pressed, self.dragging, self.covered = pressed, dragging, covered
        self.zoomed: str | None = None  # the card shown large
        self.pinned = False  # by a right-click (stays until a click)
        self.resting: tuple[str, float] | None = None  # (card under the pointer, since when)
        self.area: tuple[pygame.Rect, ...] = ()  # the enlargement and its card, as drawn
        self.rising = False  # the zoomed card is a hand card under the pointer

    def motion(self, pos: tuple[int, int]) -> None:
        """The pointer moved: restart the hover timer, drop a hover zoom, and a
        pinned one once the pointer is neither on it nor on its card."""
        if self.pinned:
            if self.area and not any(r.collidepoint(pos) for r in self.area):
                self.close()
            return
        if not self.art.present.zoom_on_hover:
            return
        card = self.board.card_at(pos)
        name = card.name if card is not None and not self.dragging() else None
        if self.resting is None or self.resting[0] != name:
            # a card in one's hand rises and grows at once, as in digital card games
            self.rising = (
                card is not None and bool(name) and card.zone in self.board.hands and not card.strip
            )
            wait = 0 if self.rising else HOVER_S
            self.resting = (name, time.monotonic() - HOVER_S + wait) if name else None
            if self.zoomed is not None:
                self.zoomed = None
                self.frame.dirty = True

    def right_click(self, pos: tuple[int, int]) -> None:
        card = self.board.card_at(pos)
        self.zoomed = card.name if card is not None and card.name else None
        self.pinned = self.zoomed is not None
        self.frame.dirty = True

    def pin(self, name: str) -> None:
        """Show card `name` large until a click or Esc (a key asked to read it)."""
        self.zoomed, self.pinned = name, True
        self.frame.dirty = True

    def close(self) -> bool:
        """Close a pinned zoom; True if there was one (the click is used up)."""
        if not self.pinned:
            return False
        self.zoomed, self.pinned, self.resting, self.area = None, False, None, ()
        self.frame.dirty = True
        return True

    def due(self) -> float | None:
        """When a resting pointer zooms its card (None: nothing pending, so an idle
        table with a window open or a button held sleeps)."""
        if (
            self.resting is None
            or self.zoomed is not None
            or self.dragging()
            or self.covered()
            or self.pressed()
        ):
            return None
        return self.resting[1] + HOVER_S

    def update(self, now: float) -> None:
        due = self.due()
        if due is not None and self.resting is not None and now >= due:
            self.zoomed = self.resting[0]
            self.frame.dirty = True

    def draw(self, screen: pygame.Surface) -> None:
        if self.zoomed is None or self.dragging() or self.covered():
            return
        w, h = screen.get_size()
        under = next((p.rect for p in self.board.placed if p.name == self.zoomed), None)
        rise = self.rising and under is not None and not self.pinned
        ch = round(h * (RISE if rise else HEIGHT))
        size = (round(ch * 0.7), ch)
        img = self.art.zoom(self.zoomed, size)
        rect = img.get_rect()
        if rise and under is not None:  # up from its place in the hand
            rect.midbottom = (under.centerx, under.bottom)
        elif under is not None and not self.pinned:
            rect.midleft = (under.right + 12, under.centery)
            if rect.right > w:
                rect.midright = (under.left - 12, under.centery)
        else:
            rect.center = (w // 2, h // 2)
        rect.clamp_ip(screen.get_rect())
        shadow = rect.move(6, 6)
        pygame.draw.rect(screen, (0, 0, 0), shadow, border_radius=12)
        screen.blit(img, rect)
        self.area = (rect,) if under is None else (rect, under)
        decor = self.board.decor.cards.get(self.zoomed)
        face = self.art.face(self.zoomed)
        if decor is not None:  # its state now, as on the table
            hud.card(screen, self.fonts, rect, decor, enlarged=True, face=face)
        # what its states and its printed codes mean, in words (the game's legend)
        said = self.art.present.legend_lines(face)
        notes = (*(decor.notes if decor is not None else ()), *said)
        hud.notes(screen, self.fonts, rect, notes)
