"""Draws the table itself (felt, zones, labels, cards, highlights) from one
seat's `View`. The result is cached as a base surface and rebuilt only when
the view, the selection or the highlights change."""

from __future__ import annotations

from dataclasses import dataclass, field

import pygame

from shrinetable.engine import View
from shrinetable.formats.layout import Layout

from . import geometry as geo
from . import hud
from .arrows import arrow
from .art import CardArt, Fonts

FELT = (24, 88, 62)
FELT_DARK = (19, 72, 51)
ZONE = (30, 104, 74)
LABEL = (214, 232, 220)
LABEL_TURN = (255, 222, 110)
TARGET = (130, 240, 150)
LAST = (255, 170, 70)
SELECT = (255, 222, 110)
PLAYABLE = (170, 230, 255)
DECLARED = {"travel": (150, 210, 255), "attack": (240, 90, 80), "block": (255, 214, 60)}


@dataclass
class Marks:
    """What to emphasise: selected cards, legal drop targets, cards lifted off
    the table by a drag, zones the last action touched, cards that can move;
    and cards still flying to their place (drawn by the animation, not here)."""

    selected: dict[str, frozenset[int]] = field(default_factory=dict)
    targets: set[tuple[str, str | None]] = field(default_factory=set)
    lifted: set[tuple[str, int]] = field(default_factory=set)
    last: set[str] = field(default_factory=set)
    playable: set[tuple[str, str]] = field(default_factory=set)
    arriving: set[tuple[str, str]] = field(default_factory=set)


class Board:
    def __init__(self, layout: Layout, art: CardArt, fonts: Fonts):
        self.layout = layout
        self.art = art
        self.fonts = fonts
        self.scaler = geo.Scaler((layout.canvas.width, layout.canvas.height), (1, 1))
        self.placed: list[geo.Placed] = []
        self.zones: dict[str, pygame.Rect] = {}
        self.view: View | None = None
        self.viewer: int | None = None
        self._bg: pygame.Surface | None = None
        self._bg_key: tuple | None = None

    def set_size(self, size: tuple[int, int]) -> None:
        if size != self.scaler.size:
            self.scaler = geo.Scaler(self.scaler.canvas, size)
            self.art.clear()

    def lay_out(self, view: View, viewer: int | None, marks: Marks) -> None:
        self.view, self.viewer = view, viewer
        self.placed = geo.place_cards(self.layout, view, self.scaler, viewer, marks.selected)
        self.zones = geo.zone_rects(self.layout, view, self.scaler, viewer)

    def card_size(self, zone: str) -> tuple[int, int]:
        place = self.layout.place(zone, self.viewer, self.view.seats)
        return geo.card_size(self.layout, place, self.scaler)

    def rotation(self, zone: str) -> int:
        return self.layout.place(zone, self.viewer, self.view.seats).rotation

    def zone_label(self, zone: str, seat_names: list[str]) -> str:
        place = self.layout.place(zone, self.viewer, self.view.seats)
        owner = self.view.zones[zone].owner
        kind, _, seat = zone.partition(":")
        if seat and owner is not None and owner != self.viewer:
            who = seat_names[owner] if kind == "hand" else seat_names[owner].split()[0]
            return f"{who} \u00b7 {place.label}"
        return place.label

    def draw(self, surf: pygame.Surface, marks: Marks, seat_names: list[str]) -> None:
        """Draw the whole table for the current view (after `lay_out`)."""
        s = self.scaler
        view = self.view
        deciding = view.decision.seat if view.decision else None
        surf.blit(self._background(surf.get_size(), deciding, seat_names), (0, 0))
        font_px = s.length(15)
        radius = s.length(8)
        by_zone: dict[str, list[geo.Placed]] = {}
        for p in self.placed:
            by_zone.setdefault(p.zone, []).append(p)
        for name, rect in self.zones.items():
            zone = view.zones[name]
            if name in marks.last:
                pygame.draw.rect(surf, LAST, rect.inflate(4, 4), max(2, s.length(3)),
                                 border_radius=radius)
            if (name, None) in marks.targets:
                glow = pygame.Surface(rect.size, pygame.SRCALPHA)
                glow.fill((*TARGET, 60))
                surf.blit(glow, rect)
                pygame.draw.rect(surf, TARGET, rect.inflate(6, 6), max(3, s.length(4)),
                                 border_radius=radius)
            if name.startswith("player:") and zone.owner is not None:
                hud.player(surf, self.fonts, rect, zone.owner, view.info,
                           seat_names[zone.owner])
            over = self._over(name)
            hud.tint(surf, rect, {kind for _, kind in over})
            self._draw_zone(surf, name, by_zone.get(name, []), marks)
            if over:
                hud.covers(surf, self.fonts, rect, over[::-1])
            self._badge(surf, name, rect, font_px)
        self._declared(surf)

    def _over(self, zone: str) -> list[tuple[str, str]]:
        """(label, kind) of the areas and traps over a site (games that report
        them: Shrines), oldest first."""
        out = []
        for card in self.view.info.get("covers", {}).get(zone, ()):
            if card == "trap":
                out.append(("Trap", "trap"))
            else:
                face = self.art.face_of(card) or {}
                out.append((face.get("name", card), face.get("subtype", "")))
        return out

    def _declared(self, surf: pygame.Surface) -> None:
        """Arrows for the moves declared this act (games that report them: Shrines)."""
        where = {p.name: p.rect for p in self.placed if p.name}
        width = max(2, self.scaler.length(4))
        for kind, card, target in self.view.info.get("declared", ()):
            start, end = where.get(card), where.get(target)
            if end is None and target in self.zones:  # aim at the middle of a site or zone
                end = pygame.Rect(self.zones[target].center, (0, 0)).inflate(width, width)
            if start is not None and end is not None:
                arrow(surf, start, end, DECLARED[kind], width)

    def _background(self, size, deciding, seat_names: list[str]) -> pygame.Surface:
        """Felt, zone panels and their labels. They change only with the window,
        the viewer, the deciding seat or the seats, so they are drawn once and
        reused (on a crowded Region they cost more than the cards)."""
        key = (size, self.viewer, deciding, tuple(seat_names), tuple(self.zones.items()))
        if self._bg_key == key:
            return self._bg
        bg = pygame.Surface(size)
        if pygame.display.get_surface() is not None:
            bg = bg.convert()
        bg.fill(FELT_DARK)
        s = self.scaler
        pygame.draw.rect(bg, FELT, s.rect((0, 0, *s.canvas)))
        font_px, radius = s.length(15), s.length(8)
        for name, rect in self.zones.items():
            zone = self.view.zones[name]
            pygame.draw.rect(bg, ZONE, rect, border_radius=radius)
            place = self.layout.place(name, self.viewer, self.view.seats)
            if name.startswith("player:") and zone.owner is not None:
                continue   # the player zone is all live figures (hud.player)
            if place.inside:
                label = self._label(name, seat_names, s.length(12), LABEL, rect.w - 8)
                bg.blit(label, (rect.left + 4, rect.top + 2))
                continue
            colour = LABEL_TURN if zone.owner == deciding and ":" in name else LABEL
            label = self._label(name, seat_names, font_px, colour, rect.w)
            ly = rect.top - label.get_height() - 2 if rect.top > label.get_height() + 2 \
                else rect.bottom + 2
            bg.blit(label, (rect.left + 4, ly))
        self._bg, self._bg_key = bg, key
        return bg

    def _label(self, name, seat_names, px, colour, width) -> pygame.Surface:
        """The zone's label, shortened (then cropped) to fit over a narrow zone."""
        label = self.fonts.text(self.zone_label(name, seat_names), px, colour, True)
        if label.get_width() > width:
            short = [n.split()[0] for n in seat_names]
            label = self.fonts.text(self.zone_label(name, short), px, colour, True)
        if label.get_width() > width:  # the zone's own label, without whose it is
            place = self.layout.place(name, self.viewer, self.view.seats)
            label = self.fonts.text(place.label, px, colour, True)
        if label.get_width() > width:
            label = label.subsurface((0, 0, width, label.get_height()))
        return label

    def _draw_zone(self, surf, name, placed: list[geo.Placed], marks: Marks) -> None:
        zone = self.view.zones[name]
        place = self.layout.place(name, self.viewer, self.view.seats)
        size = geo.card_size(self.layout, place, self.scaler)
        if place.arrange == "stack" and len(zone.cards) > 1 and placed:
            top = placed[-1].rect
            back = self.art.card(None, size, place.rotation)
            under = min(3, len(zone.cards) - 1)
            step = max(1, self.scaler.length(3))
            for i in range(under, 0, -1):
                surf.blit(back, top.move(-i * step, -i * step))
        for p in placed:
            if (p.zone, p.index) in marks.lifted or (p.zone, p.name) in marks.arriving:
                continue
            surf.blit(self.art.card(p.name, size, p.rotation), p.rect)
            self._state_of(surf, p)
            width = max(2, self.scaler.length(3))
            if p.index in marks.selected.get(name, ()):
                pygame.draw.rect(surf, SELECT, p.rect.inflate(4, 4), width,
                                 border_radius=max(2, p.rect.w // 10))
            elif (name, p.name) in marks.targets:
                pygame.draw.rect(surf, TARGET, p.rect.inflate(6, 6), width + 1,
                                 border_radius=max(2, p.rect.w // 10))
            elif p.name and (name, p.name) in marks.playable:
                pygame.draw.rect(surf, PLAYABLE, p.rect.inflate(2, 2), width,
                                 border_radius=max(2, p.rect.w // 10))

    def _state_of(self, surf, p: geo.Placed) -> None:
        """What the game reports about a card beyond its face (Shrines' permanents)."""
        info = self.view.info
        if not p.name:
            return
        card = info.get("cards", {}).get(p.name)
        lies = info.get("areas", {}).get(p.name)
        if lies is not None:
            hud.where(surf, self.fonts, p.rect, lies)
        elif card is not None:
            hud.permanent(surf, self.fonts, p.rect, card, self.art.face_of(p.name))
            host = card.get("attached_to")
            if host and self.art.face_of(p.name).get("type") == "relic":   # a carried tool
                hud.where(surf, self.fonts, p.rect, f"on {self.art.face_of(host)['name']}")
        elif "cards" in info and p.name in info.get("tapped", ()):
            hud.tapped(surf, self.fonts, p.rect)

    def _badge(self, surf, name: str, rect: pygame.Rect, font_px: int) -> None:
        """Counts where cards hide each other: stacks, and Shrines against capacity."""
        zone = self.view.zones[name]
        place = self.layout.place(name, self.viewer, self.view.seats)
        if place.arrange != "stack" and not name.startswith("hand:"):
            return
        n = len(zone.cards)
        text = str(n)
        if name.startswith("shrine:") and zone.owner is not None:
            cap = self.view.info.get("capacity")
            marks = self.view.info.get("marks")
            if cap:
                text = f"{n}/{cap[zone.owner]}"
            elif marks and marks[zone.owner]:
                text = f"{marks[zone.owner]} marks"
        img = self.fonts.text(text, font_px, (20, 20, 20), True)
        pad = max(3, font_px // 3)
        box = img.get_rect().inflate(pad * 2, pad)
        box.bottomright = (rect.right - 2, rect.bottom - 2)
        pygame.draw.rect(surf, (240, 232, 200), box, border_radius=box.h // 2)
        surf.blit(img, img.get_rect(center=box.center))
