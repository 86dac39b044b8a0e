"""A card shown large with its full text: right-click a card (any click, on the
table or the panels, or the pointer leaving both the card and its enlargement
closes it), or rest the pointer on a card for a moment (moving away closes it);
a card in one's hand rises from its place and grows at once.
Small cards on a crowded table stay readable this way; the hover zoom is for
games whose cards carry text (`Presentation.zoom_on_hover`). It stands where
it covers no card the player selected, nor, where it can, a card of the
decision (`spot`)."""

from __future__ import annotations

import time
from collections.abc import Callable

import pygame

from . import hud
from .art import CardArt, Fonts
from .board import Board, Marks
from .frame import Frame

HOVER_S = 0.7  # how long the pointer rests on a card before it zooms
HEIGHT = 0.62  # the zoomed card's height, as a share of the window's
RISE = 0.42  # a hovered hand card's, risen from its place (its text >= 14 px)
GAP = 12  # between the enlargement and its card, or the window's edge
SHADOW = 6  # the enlargement's shadow, down and right


class Zoom:
    """The enlarged card of one game table: it reads the `board` and the
    table's `marks` (what it must leave in view), draws with the `art` and
    `fonts`, and marks the `frame` when the zoom changes; `pressed()` and
    `dragging()` say the pointer holds a press or cards, `covered()` that a
    window stands over the table."""

    def __init__(
        self,
        board: Board,
        marks: Marks,
        art: CardArt,
        fonts: Fonts,
        frame: Frame,
        pressed: Callable[[], bool],
        dragging: Callable[[], bool],
        covered: Callable[[], bool],
    ):
        self.board, self.marks, self.art, self.fonts, self.frame = board, marks, art, fonts, frame
        self.pressed, self.dragging, self.covered = pressed, dragging, covered
        self.zoomed: str | None = None  # the card shown large
        self.pinned = False  # by a right-click (stays until a click)
        self.resting: tuple[str, float] | None = None  # (card under the pointer, since when)
        self.area: tuple[pygame.Rect, ...] = ()  # the enlargement and its card, as drawn
        self.covers: list[pygame.Rect] = []  # what the enlargement covers (`footprint`)
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
        img = self.art.zoom(self.zoomed, (round(ch * 0.7), ch))
        decor = self.board.decor.cards.get(self.zoomed)
        face = self.art.face(self.zoomed)
        # what its states and its printed codes mean, in words (the game's legend)
        said = self.art.present.legend_lines(face)
        notes = (*(decor.notes if decor is not None else ()), *said)
        places = spots(screen.get_rect(), img.get_size(), None if self.pinned else under, rise)
        kept = self._kept(None if rise else under)  # a risen card stands over its place

        def drawn(r: pygame.Rect) -> list[pygame.Rect]:
            return footprint(screen, self.fonts, r, notes, above(r, under))

        rect = spot(places, kept, drawn)
        self.covers = drawn(rect)
        shadow = rect.move(SHADOW, SHADOW)
        pygame.draw.rect(screen, (0, 0, 0), shadow, border_radius=12)
        screen.blit(img, rect)
        self.area = (rect,) if under is None else (rect, under)
        if decor is not None:  # its state now, as on the table
            hud.card(screen, self.fonts, rect, decor, enlarged=True, face=face)
        hud.notes(screen, self.fonts, rect, notes, above(rect, under))

    def _kept(self, under: pygame.Rect | None) -> tuple[list[pygame.Rect], ...]:
        """What the enlargement should leave in view, most needed first: the
        cards selected, the cards of the decision (a drop target, a card a
        legal move moves or aims at), the zoomed card's own place (`under`)."""
        m = self.marks
        chosen, decided = [], []
        for p in self.board.placed:
            if p.index in m.selected.get(p.zone, ()):
                chosen.append(p.rect)
            elif p.name != self.zoomed and (p.name in m.involved or (p.zone, p.name) in m.targets):
                decided.append(p.rect)
        return chosen, decided, [] if under is None else [under]


def spots(
    bounds: pygame.Rect, size: tuple[int, int], under: pygame.Rect | None, rise: bool
) -> list[pygame.Rect]:
    """Where an enlargement of `size` may stand in `bounds`, best first: risen
    from its card's place in the hand (`rise`: over it, then slid left or
    right), beside its card (right, left), above it (slid so too) or below
    it, in the window's corners, in the middle."""
    middle = [("center", bounds.center)]
    near = middle
    if under is not None:
        near = [
            *(_slid(under, size, under.bottom) if rise else []),
            ("midleft", (under.right + GAP, under.centery)),
            ("midright", (under.left - GAP, under.centery)),
            *_slid(under, size, under.top - GAP),
            ("midtop", (under.centerx, under.bottom + GAP)),
        ]
    inner = bounds.inflate(-2 * GAP, -2 * GAP)
    corners = [(a, getattr(inner, a)) for a in ("topright", "bottomright", "topleft", "bottomleft")]
    anchors = [*near, *corners, *(middle if under is not None else [])]
    out = []
    for anchor, at in anchors:
        rect = pygame.Rect((0, 0), size)
        setattr(rect, anchor, at)
        out.append(rect.clamp(bounds))
    return out


def _slid(
    under: pygame.Rect, size: tuple[int, int], bottom: int
) -> list[tuple[str, tuple[int, int]]]:
    """Standing on the line `bottom` over the card `under`: centred on it, then
    with its right edge on the card's, then its left."""
    return [
        ("midbottom", (under.centerx, bottom)),
        ("midbottom", (under.right - size[0] // 2, bottom)),
        ("midbottom", (under.left + size[0] // 2, bottom)),
    ]


def spot(
    places: list[pygame.Rect],
    kept: tuple[list[pygame.Rect], ...],
    drawn: Callable[[pygame.Rect], list[pygame.Rect]],
) -> pygame.Rect:
    """The first of `places` whose drawing (`drawn`: the rects it covers)
    covers none of `kept`; else the one covering the least of its first
    group (the cards selected), then of the next."""

    def cost(i: int) -> tuple[int, ...]:
        covers = drawn(places[i])
        return (
            *(sum(_common(a, b) for a in covers for b in group) for group in kept),
            i,
        )

    return places[min(range(len(places)), key=cost)]


def above(rect: pygame.Rect, under: pygame.Rect | None) -> bool:
    """Whether an enlargement at `rect` stands above its card `under` (its
    notes then go over it, not between it and its card)."""
    return under is not None and rect.bottom <= under.top


def footprint(
    screen: pygame.Surface,
    fonts: Fonts,
    rect: pygame.Rect,
    notes: tuple[str, ...],
    over: bool = False,
) -> list[pygame.Rect]:
    """What an enlargement at `rect` covers: the card, its shadow, its notes
    (`over` it: `hud.notes_box`)."""
    laid = hud.notes_box(screen.get_rect(), fonts, rect, notes, over)
    covers = [rect.union(rect.move(SHADOW, SHADOW))]
    return covers if laid is None else [*covers, laid[0]]


def _common(a: pygame.Rect, b: pygame.Rect) -> int:
    both = a.clip(b)
    return both.w * both.h
