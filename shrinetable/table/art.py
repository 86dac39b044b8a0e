"""Procedural card faces, backs and text, cached per size.

Faces read at a glance at any scale: rank and suit in two corners, a large
suit (or role letter) in the middle, red or black ink plus distinct suit
shapes, and a coloured band naming the Shrine role (Token, Dagger, Balance).
Everything rendered is cached; the caches are dropped when the scale changes.
A game that describes its cards (`card_face`, Shrines) gets faces from `faces.py`.
"""

from __future__ import annotations

from collections.abc import Callable

import pygame

from shrinetable.resources import font_path

from .faces import draw_face

INK = {"red": (200, 28, 45), "black": (22, 22, 28)}
PAPER = (250, 247, 238)
EDGE = (70, 70, 78)
SUIT = {"S": "\u2660", "H": "\u2665", "D": "\u2666", "C": "\u2663"}
RED_SUITS = "HD"
ROLES = {
    "A": ("DAGGER", (70, 96, 140)),
    "J": ("TOKEN", (176, 132, 28)),
    "Q": ("TOKEN", (176, 132, 28)),
    "K": ("TOKEN", (176, 132, 28)),
    "JK": ("BALANCE", (118, 60, 150)),
}
BACK = (34, 58, 108)
BACK_LINE = (56, 88, 150)
BACK_EDGE = (222, 196, 120)


class Fonts:
    """The bundled DejaVu Sans at any pixel size (it has the suit glyphs)."""

    def __init__(self):
        self._fonts: dict[tuple[int, bool], pygame.font.Font] = {}
        self._text: dict[tuple, pygame.Surface] = {}

    def font(self, size: int, bold: bool = False) -> pygame.font.Font:
        key = (max(6, size), bold)
        if key not in self._fonts:
            self._fonts[key] = pygame.font.Font(str(font_path(bold)), key[0])
        return self._fonts[key]

    def text(self, s: str, size: int, colour, bold: bool = False) -> pygame.Surface:
        """Rendered text, cached (rendering text each frame costs more than the cards)."""
        key = (s, size, tuple(colour), bold)
        surf = self._text.get(key)
        if surf is None:
            if len(self._text) > 2000:
                self._text.clear()
            surf = self.font(size, bold).render(s, True, colour)
            self._text[key] = surf
        return surf


def _ready(surf: pygame.Surface) -> pygame.Surface:
    return surf.convert_alpha() if pygame.display.get_surface() is not None else surf


def rank_text(name: str) -> str:
    return "10" if name[0] == "T" else name[0]


class CardArt:
    def __init__(self, fonts: Fonts):
        self.fonts = fonts
        self._cache: dict[tuple, pygame.Surface] = {}
        self._size: tuple[int, int] | None = None
        self.faces: Callable[[str], dict] | None = None

    def clear(self) -> None:
        self._cache.clear()

    def use(self, faces: Callable[[str], dict] | None) -> None:
        """Draw faces from `faces(name)` (a game's `card_face`), or Shrine's if None."""
        if faces != self.faces:
            self.faces = faces
            self.clear()

    def face_of(self, name: str) -> dict | None:
        """The game's description of `name`, None for Shrine cards or unknown names."""
        if self.faces is None:
            return None
        try:
            return self.faces(name)
        except KeyError:
            return {"name": name, "type": "unknown", "cost": "", "colours": "",
                    "text": "", "keywords": []}

    def zoom(self, name: str, size: tuple[int, int]) -> pygame.Surface:
        """A large face with the full card text (right-click or hover)."""
        key = ("zoom", name, size)
        if key not in self._cache:
            face = self.face_of(name)
            self._cache[key] = _ready(draw_face(self.fonts, face, size, detail=True)
                                      if face else self._face(name, size))
        return self._cache[key]

    def card(self, name: str | None, size: tuple[int, int], rotation: int = 0) -> pygame.Surface:
        """The face of `name` (None: a back) at `size` (unrotated), rotated."""
        key = (name, size, rotation)
        surf = self._cache.get(key)
        if surf is None:
            if len(self._cache) > 1500:
                self._cache.clear()
            base = self._cache.get((name, size, 0))
            if base is None:
                base = _ready(self._back(size) if name is None else self._any_face(name, size))
                self._cache[(name, size, 0)] = base
            surf = base if rotation == 0 else pygame.transform.rotate(base, rotation)
            self._cache[key] = surf
        return surf

    def _any_face(self, name: str, size) -> pygame.Surface:
        face = self.face_of(name)
        return draw_face(self.fonts, face, size) if face else self._face(name, size)

    def _blank(self, size, fill, edge) -> pygame.Surface:
        w, h = size
        surf = pygame.Surface(size, pygame.SRCALPHA)
        radius = max(2, w // 12)
        pygame.draw.rect(surf, fill, (0, 0, w, h), border_radius=radius)
        pygame.draw.rect(surf, edge, (0, 0, w, h), max(1, w // 45), border_radius=radius)
        return surf

    def _back(self, size) -> pygame.Surface:
        w, h = size
        surf = self._blank(size, BACK, BACK_EDGE)
        inset = max(2, w // 12)
        inner = pygame.Rect(inset, inset, w - 2 * inset, h - 2 * inset)
        step = max(4, w // 7)
        clip = surf.get_clip()
        surf.set_clip(inner)
        for x in range(-h, w + h, step):
            pygame.draw.line(surf, BACK_LINE, (x, inner.top), (x + h, inner.top + h), 1)
            pygame.draw.line(surf, BACK_LINE, (x + h, inner.top), (x, inner.top + h), 1)
        surf.set_clip(clip)
        pygame.draw.rect(surf, BACK_EDGE, inner, max(1, w // 50),
                         border_radius=max(2, w // 16))
        return surf

    def _face(self, name: str, size) -> pygame.Surface:
        w, h = size
        surf = self._blank(size, PAPER, EDGE)
        f = self.fonts
        if name == "JK":
            ink = INK["black"]
            corner = f.text("\u2605", max(7, round(h * 0.16)), ink, True)
            surf.blit(corner, (round(w * 0.08), round(h * 0.04)))
            surf.blit(pygame.transform.rotate(corner, 180),
                      (w - corner.get_width() - round(w * 0.08),
                       h - corner.get_height() - round(h * 0.04)))
            big = f.text("\u2605", max(8, round(h * 0.36)), ROLES["JK"][1], True)
            surf.blit(big, big.get_rect(center=(w // 2, round(h * 0.42))))
            self._band(surf, "BALANCE", ROLES["JK"][1], corner.get_width() + round(w * 0.08) + 2)
            return surf
        rank, suit = rank_text(name), name[1]
        ink = INK["red" if suit in RED_SUITS else "black"]
        rs = f.text(rank, max(7, round(h * 0.17)), ink, True)
        ss = f.text(SUIT[suit], max(7, round(h * 0.15)), ink)
        corner = pygame.Surface((max(rs.get_width(), ss.get_width()),
                                 rs.get_height() + ss.get_height() * 4 // 5), pygame.SRCALPHA)
        corner.blit(rs, rs.get_rect(midtop=(corner.get_width() // 2, 0)))
        corner.blit(ss, ss.get_rect(midtop=(corner.get_width() // 2, rs.get_height() * 4 // 5)))
        pad_x, pad_y = max(1, round(w * 0.05)), max(1, round(h * 0.025))
        surf.blit(corner, (pad_x, pad_y))
        surf.blit(pygame.transform.rotate(corner, 180),
                  (w - corner.get_width() - pad_x, h - corner.get_height() - pad_y))
        if h < 48:
            return surf
        role = ROLES.get(name[0])
        if role and name[0] in "JQK":
            big = f.text(name[0], round(h * 0.34), ink, True)
            small = f.text(SUIT[suit], round(h * 0.16), ink)
            surf.blit(big, big.get_rect(center=(w // 2, round(h * 0.38))))
            surf.blit(small, small.get_rect(center=(w // 2, round(h * 0.6))))
        else:
            big = f.text(SUIT[suit], round(h * (0.42 if name[0] == "A" else 0.36)), ink)
            surf.blit(big, big.get_rect(center=(w // 2, round(h * 0.47))))
        if role:   # between the corner indices, so both stay readable
            self._band(surf, role[0], role[1], corner.get_width() + pad_x + 2)
        return surf

    def _band(self, surf: pygame.Surface, word: str, colour, clear: int = 0) -> None:
        w, h = surf.get_size()
        inset = max(round(w * 0.2), clear)
        band = pygame.Rect(inset, round(h * 0.73), w - 2 * inset, max(6, round(h * 0.11)))
        pygame.draw.rect(surf, colour, band, border_radius=max(1, band.h // 3))
        label = self.fonts.text(word, max(6, round(band.h * 0.72)), (255, 255, 255), True)
        if label.get_width() > band.w - 2:
            label = pygame.transform.smoothscale(
                label, (band.w - 2, round(label.get_height() * (band.w - 2) / label.get_width())))
        surf.blit(label, label.get_rect(center=band.center))
