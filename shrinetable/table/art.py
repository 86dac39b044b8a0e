"""Procedural card faces, backs and text, cached per size.

Faces are drawn from the game's typed `Face` (its `Presentation.card_face`): an
"index" face reads at a glance at any scale (index and symbol in two corners,
large glyphs in the middle, a coloured band naming the card's role); a "framed"
face is drawn by `faces.py`. A card the game does not describe gets a plain
framed face with its notation. Everything rendered is cached; the caches are
dropped when the scale or the game changes.
"""

from __future__ import annotations

from contextlib import contextmanager
from dataclasses import replace
from typing import NamedTuple

import pygame

from shrinetable.engine import Chip, Face, Presentation
from shrinetable.resources import font_path

from . import uiscale
from .faces import draw_face, draw_strip
from .theme import palette

PAPER = (250, 247, 238)
EDGE = (70, 70, 78)


FLOOR_PX = (14, 18)  # the least text size at 1280x720 and at 1920x1080


def floor_px(size: tuple[int, int], scale: float = 1.0) -> int:
    """The smallest text the table draws in a window of `size`: 14 px up to
    1280x720, growing with the window to 18 px at 1920x1080 (the project's
    legibility floor, `FLOOR_PX`), times the player's UI scale."""
    lo, hi = FLOOR_PX
    k = min(size[0] / 1920, size[1] / 1080)
    return round(max(lo, min(hi, hi * k)) * scale)


class Drawn(NamedTuple):
    """One text drawn (kept for `bench render --size`): its size, its words, the
    card whose face it is printed on (None: the table's own words), and whether
    it was cut (an ellipsis, or numbers clipped by the card's edge)."""

    px: int
    text: str
    card: str | None = None
    cut: bool = False


class Fonts:
    """The bundled DejaVu Sans at any pixel size (it has the suit glyphs), never
    smaller than `floor` (`floor_px`): a text that does not fit at the floor is
    shortened or left off by its drawer, not shrunk out of reading."""

    def __init__(self):
        self._fonts: dict[tuple[int, bool], pygame.font.Font] = {}
        self._text: dict[tuple, pygame.Surface] = {}
        self.floor = 6
        self.scale = uiscale.load()  # the player's UI scale, which the floor follows
        # each text drawn, if kept (`bench render --size`)
        self.drawn: list[Drawn] | None = None
        # where on each card face (card, size) its words went, by kind, if kept
        self.areas: dict[tuple[str, tuple[int, int]], list[tuple[str, pygame.Rect]]] | None = None
        self._card: str | None = None

    @contextmanager
    def card_face(self, card: str = "?"):
        """Texts drawn meanwhile are printed on `card`'s face (which the zoom and
        hover show whole), told apart from the table's labels when counted."""
        was, self._card = self._card, card
        try:
            yield
        finally:
            self._card = was

    @contextmanager
    def trial(self):
        """Texts drawn meanwhile are a trial (a face measured before it is
        drawn): the list they go to, apart from what a frame draws (`drawn`)."""
        was, self.drawn = self.drawn, []
        try:
            yield self.drawn
        finally:
            self.drawn = was

    def area(self, size: tuple[int, int], kind: str, rect: pygame.Rect) -> None:
        """A card face of `size` put words of `kind` ("name", "text", "numbers",
        "glyph", "corner", "badge") at `rect` (kept for `bench render --size`)."""
        if self.areas is not None and self._card is not None:
            key = (self._card, (size[0], size[1]))
            self.areas.setdefault(key, []).append((kind, pygame.Rect(rect)))

    def clipped(self, text: str, size: int) -> None:
        """`text` did not fit where it was drawn (numbers over a card's edge)."""
        if self.drawn is not None:
            self.drawn.append(Drawn(self.px(size), text, self._card, True))

    def px(self, size: int) -> int:
        """The size a text asked at `size` is drawn at."""
        return max(self.floor, size)

    def font(self, size: int, bold: bool = False) -> pygame.font.Font:
        key = (max(self.floor, size), bold)
        if key not in self._fonts:
            self._fonts[key] = pygame.font.Font(str(font_path(bold)), key[0])
        return self._fonts[key]

    def text(self, s: str, size: int, colour, bold: bool = False) -> pygame.Surface:
        """Rendered text, cached (rendering text each frame costs more than the cards)."""
        size = max(self.floor, size)
        key = (s, size, tuple(colour), bold)
        if self.drawn is not None and s.strip():
            self.drawn.append(Drawn(size, s, self._card, "\u2026" in s))
        surf = self._text.get(key)
        if surf is None:
            if len(self._text) > 2000:
                self._text.clear()
            surf = self.font(size, bold).render(s, True, colour)
            self._text[key] = surf
        return surf


def _ready(surf: pygame.Surface) -> pygame.Surface:
    return surf.convert_alpha() if pygame.display.get_surface() is not None else surf


class CardArt:
    def __init__(self, fonts: Fonts):
        self.fonts = fonts
        self._cache: dict[tuple, pygame.Surface] = {}
        self.present = Presentation()
        self._faces: dict[str, Face] = {}

    def clear(self) -> None:
        self._cache.clear()

    def use(self, present: Presentation) -> None:
        """Draw the faces of the game `present` shows."""
        if present is not self.present:
            self.present = present
            self._faces.clear()
            self.clear()

    def face(self, name: str) -> Face:
        """The printed face of `name`; a plain face with the notation when unknown."""
        face = self._faces.get(name)
        if face is None:
            face = self._faces[name] = self.present.card_face(name) or Face(name)
        return face

    def zoom(self, name: str, size: tuple[int, int]) -> pygame.Surface:
        """A large face with the full card text (right-click or hover)."""
        key = ("zoom", name, size)
        if key not in self._cache:
            with self.fonts.card_face(name):
                self._cache[key] = _ready(self._any_face(name, size, detail=True))
        return self._cache[key]

    def card(
        self,
        name: str | None,
        size: tuple[int, int],
        rotation: int = 0,
        plain: bool = False,
        bare: bool = False,
    ) -> pygame.Surface:
        """The face of `name` (None: a back) at `size` (unrotated), rotated;
        `plain`: without its band (`Presentation.plain_in`); `bare`: without its
        keywords and text (a veiled card: its word stands there, the zoom says
        the rest)."""
        key = (name, size, rotation, plain, bare)
        surf = self._cache.get(key)
        if surf is None:
            if len(self._cache) > 1500:
                self._cache.clear()
            base = self._cache.get((name, size, 0, plain, bare))
            if base is None:
                with self.fonts.card_face(name or "back"):
                    base = _ready(
                        self._back(size)
                        if name is None
                        else self._any_face(name, size, plain=plain, bare=bare)
                    )
                self._cache[(name, size, 0, plain, bare)] = base
            surf = base if rotation == 0 else pygame.transform.rotate(base, rotation)
            self._cache[key] = surf
        return surf

    def strip(
        self,
        name: str | None,
        size: tuple[int, int],
        chips_at: int | None = None,
        pile: bool = False,
        cost: bool = False,
    ) -> pygame.Surface:
        """`name` as a strip (`faces.draw_strip`; None: a strip of card back);
        `chips_at`: where chips begin on its name line, which the name ends before;
        `pile`: a pile's top card (named over several lines where it is high);
        `cost`: its cost too, where it fits (a card in a hand)."""
        size = max(1, size[0]), max(1, size[1])  # a zone squeezed to nothing (a tiny window)
        key = ("strip", name, size, chips_at, pile, cost)
        if key not in self._cache:
            with self.fonts.card_face(name or "back"):
                self._cache[key] = _ready(
                    self._back(size)
                    if name is None
                    else draw_strip(self.fonts, self.face(name), size, chips_at, pile, cost)
                )
        return self._cache[key]

    def _any_face(
        self, name: str, size, detail: bool = False, plain: bool = False, bare: bool = False
    ) -> pygame.Surface:
        face = self.face(name)
        if bare:
            face = replace(face, keywords=(), text="")
        if face.style == "index":
            return self._index(replace(face, band=None) if plain else face, size)
        return draw_face(self.fonts, face, size, detail)

    def _blank(self, size, fill, edge) -> pygame.Surface:
        w, h = size
        surf = pygame.Surface(size, pygame.SRCALPHA)
        radius = max(2, w // 12)
        pygame.draw.rect(surf, fill, (0, 0, w, h), border_radius=radius)
        pygame.draw.rect(surf, edge, (0, 0, w, h), max(1, w // 45), border_radius=radius)
        return surf

    def _back(self, size) -> pygame.Surface:
        w, h = size
        p = palette()
        surf = self._blank(size, p.back, p.back_edge)
        inset = max(2, w // 12)
        inner = pygame.Rect(inset, inset, w - 2 * inset, h - 2 * inset)
        step = max(4, w // 7)
        clip = surf.get_clip()
        surf.set_clip(inner)
        for x in range(-h, w + h, step):
            pygame.draw.line(surf, p.back_line, (x, inner.top), (x + h, inner.top + h), 1)
            pygame.draw.line(surf, p.back_line, (x + h, inner.top), (x, inner.top + h), 1)
        surf.set_clip(clip)
        pygame.draw.rect(surf, p.back_edge, inner, max(1, w // 50), border_radius=max(2, w // 16))
        return surf

    def _index(self, face: Face, size) -> pygame.Surface:
        """A playing card: its index over its symbol in two corners (or the symbol
        alone, larger), the glyphs in the middle, the band between the corners.
        Below 48 px high only the corners show."""
        w, h = size
        surf = self._blank(size, PAPER, EDGE)
        f = self.fonts
        ink = face.ink
        if face.index:
            rs = f.text(face.index, max(7, round(h * 0.17)), ink, True)
            ss = f.text(face.symbol, max(7, round(h * 0.15)), ink)
            corner = pygame.Surface(
                (max(rs.get_width(), ss.get_width()), rs.get_height() + ss.get_height() * 4 // 5),
                pygame.SRCALPHA,
            )
            corner.blit(rs, rs.get_rect(midtop=(corner.get_width() // 2, 0)))
            corner.blit(ss, ss.get_rect(midtop=(corner.get_width() // 2, rs.get_height() * 4 // 5)))
            pad_x, pad_y = max(1, round(w * 0.05)), max(1, round(h * 0.025))
        else:
            corner = f.text(face.symbol, max(7, round(h * 0.16)), ink, True)
            pad_x, pad_y = round(w * 0.08), round(h * 0.04)
        f.area(size, "corner", surf.blit(corner, (pad_x, pad_y)))
        lower = (w - corner.get_width() - pad_x, h - corner.get_height() - pad_y)
        if h < 48 and face.index:
            f.area(size, "corner", surf.blit(pygame.transform.rotate(corner, 180), lower))
            return surf
        for g in face.glyphs:
            img = f.text(g.text, max(8, round(h * g.size)), g.ink or ink, g.bold)
            at = img.get_rect(center=(w // 2, round(h * g.y)))
            surf.blit(img, at)
            f.area(size, "glyph", at.clip(img.get_bounding_rect().move(at.topleft)))
        # the band between the corner indices, so both stay readable; too wide for
        # that, along the bottom edge in place of the lower index (the upper says it)
        if face.band is None or self._band(surf, face.band, corner.get_width() + pad_x + 2):
            f.area(size, "corner", surf.blit(pygame.transform.rotate(corner, 180), lower))
        return surf

    def _band(self, surf: pygame.Surface, chip: Chip, clear: int = 0) -> bool:
        """The card's role in a band between its lower corners (`clear` wide);
        where its word does not fit there (a small card, the text floor), a
        ribbon along the bottom edge over the lower corner, whose index is then
        left off: whether the lower corner stays. The word is never left off
        where the card is wide enough for it, and never drawn over the glyphs."""
        w, h = surf.get_size()
        inset = max(round(w * 0.2), clear)
        band = pygame.Rect(inset, round(h * 0.73), w - 2 * inset, max(6, round(h * 0.11)))
        if band.w < 8:  # a card too small for its band: the face says enough
            return True
        px = max(6, round(band.h * 0.72))
        lw, lh = self.fonts.font(px, True).size(chip.text)
        band.h = max(band.h, lh)
        if lw > band.w - 2:  # wider, between the corners
            band = band.inflate(min(lw + 4, w - 2 * clear) - band.w, 0)
        corner = True
        if lw > band.w - 2:  # a ribbon along the bottom edge, over the lower corner
            band = pygame.Rect(2, h - lh - max(2, w // 30), w - 4, lh)
            corner = False
        if lw > band.w - 2:  # too narrow even so (a larger text size): an empty band
            return True  # would say nothing; the card grows on hover, its word with it
        pygame.draw.rect(surf, chip.fill, band, border_radius=max(1, band.h // 3))
        self.fonts.area((w, h), "badge", band)
        label = self.fonts.text(chip.text, px, chip.ink, True)
        surf.blit(label, label.get_rect(center=band.center))
        return corner
