"""Paint one moment of a demonstration: the table as in real play (the table's
own Board, card art and fonts), cropped to the zones in use, with highlights,
an arrow, cards in flight, and the caption in a strip under the table.

The window player and the GIF exporter both paint through `Painter.paint`,
so what a person sees in the window is what the GIF shows.
"""

from __future__ import annotations

import pygame

from shrinetable.engine import SHIPPED_AND_MINE, CardSet, View, registry
from shrinetable.formats.layout import Layout
from shrinetable.table import geometry as geo
from shrinetable.table.arrows import OUTLINE, arrow
from shrinetable.table.art import CardArt, Fonts
from shrinetable.table.board import Board, Marks
from shrinetable.table.seats import seat_name
from shrinetable.table.theme import palette

from .replay import VIEWER, Frame, Replay

GLOW = (255, 214, 60)
REFUSED = (235, 78, 66)
STRIP = (14, 38, 30)
HEAD = (255, 222, 110)
TEXT = (242, 242, 234)
REASON = (255, 160, 140)
PAD = (12, 26, 12, 6)  # canvas units around the zones: left, top (labels), right, bottom
CACHE_BYTES = 256 << 20  # tables kept for the next picture (an export at 8K: one)


class Painter:
    def __init__(
        self, layout: Layout, art: CardArt, fonts: Fonts, cards: CardSet = SHIPPED_AND_MINE
    ):
        self.layout = layout
        self.art = art
        self.fonts = fonts
        self.board = Board(layout, art, fonts)
        art.use(registry.get(layout.game, cards).present)
        self.size: tuple = ()  # (table size, seats) the caches are for
        self.crop_units = (0.0, 0.0, 1.0, 1.0)
        self._tables: dict[tuple, pygame.Surface] = {}

    def paint(
        self, surf: pygame.Surface, demo: Replay, frame: Frame, phase: str, t: float = 0.0
    ) -> None:
        """Draw `frame` in `phase` ("pose", "move" at progress `t` in events, or
        "rest") over the whole of `surf`."""
        w, h = surf.get_size()
        strip = max(64, round(h * 0.22))
        table_rect = pygame.Rect(0, 0, w, h - strip)
        self._fit(table_rect.size, frame.before, (w, h))
        surf.fill(palette().felt, table_rect)
        k = min(int(t), len(frame.moves) - 1) if phase == "move" and frame.moves else -1
        table, crop = self._table(frame, phase, k)
        dest = table.get_rect(center=table_rect.center)
        surf.blit(table, dest)
        if k >= 0:
            self._flyers(surf, frame, k, t - k, (dest.x - crop.x, dest.y - crop.y))
        self._caption(surf, pygame.Rect(0, h - strip, w, strip), demo, frame, phase)

    # -- the table -------------------------------------------------------------
    def _fit(self, size: tuple[int, int], view: View, window: tuple[int, int]) -> None:
        """Scale the canvas so the zones in use fill `size` (of a `window`, whose
        text floor holds); drop caches on change."""
        if (size, view.seats, window, self.fonts.scale) == self.size:
            return
        self.size = (size, view.seats, window, self.fonts.scale)
        self.crop_units = self._zones_box(view)
        _, _, cw, ch = self.crop_units
        scale = min(size[0] / cw, size[1] / ch)
        canvas = (self.layout.canvas.width, self.layout.canvas.height)
        self.board.set_size((round(canvas[0] * scale), round(canvas[1] * scale)), window)
        self.art.clear()
        self._tables.clear()

    def _zones_box(self, view: View) -> tuple[float, float, float, float]:
        """The canvas rectangle holding every zone of this player count, padded."""
        rects = [
            pygame.Rect(place.rect)
            for name in view.zones
            if (place := self.layout.place(name, VIEWER, view.seats)) is not None
        ]
        box = rects[0].unionall(rects[1:])
        left, top, right, bottom = PAD
        return (box.x - left, max(0, box.y - top), box.w + left + right, box.h + top + bottom)

    def _table(self, frame: Frame, phase: str, k: int) -> tuple[pygame.Surface, pygame.Rect]:
        """The cropped table for a phase (cached: only flyers move within one)."""
        key = (id(frame), phase, k)
        crop = self.board.scaler.rect(self.crop_units)
        if key in self._tables:
            return self._tables[key], crop
        w, h = self.board.scaler.size  # at 8K a table is 130 MB: keep fewer
        if len(self._tables) >= min(64, max(1, CACHE_BYTES // (4 * w * h))):
            self._tables.clear()
        marks = Marks()
        if phase == "move":
            view = frame.stages[k + 1]
            e = frame.moves[k]
            marks.arriving = {(e.target, c) for c in e.cards if c}
        elif phase == "rest":
            view = frame.after
            marks.last = {z for e in frame.events for z in (e.source, e.target) if z}
        else:
            view = frame.before
        full = pygame.Surface(self.board.scaler.size)
        self.board.lay_out(view, VIEWER, marks)
        self.board.draw(full, marks, [seat_name(q) for q in range(view.seats)])
        if phase == "pose" or (phase == "rest" and frame.refusal):
            self._marks(full, frame, refused=phase == "rest")
        table = full.subsurface(crop.clip(full.get_rect())).copy()
        self._tables[key] = table
        return table, crop

    def _rect(self, ref: str) -> pygame.Rect | None:
        """Where a `zone` or `zone/CARD` reference is drawn (a buried card: its zone)."""
        zone, _, card = ref.partition("/")
        for p in self.board.placed:
            if card and p.zone == zone and p.name and p.name.upper() == card.upper():
                return p.rect
        return self.board.zones.get(zone)

    def _marks(self, surf: pygame.Surface, frame: Frame, refused: bool) -> None:
        width = max(3, self.board.scaler.length(5))
        for ref in frame.highlight:
            rect = self._rect(ref)
            if rect is not None:
                pygame.draw.rect(surf, OUTLINE, rect.inflate(10, 10), width + 2, border_radius=8)
                pygame.draw.rect(surf, GLOW, rect.inflate(8, 8), width, border_radius=8)
        if frame.arrow:
            start, end = (self._rect(r) for r in frame.arrow)
            if start is not None and end is not None:
                arrow(surf, start, end, REFUSED if refused else GLOW, width + 2, refused)

    def _flyers(self, surf, frame: Frame, k: int, u: float, offset) -> None:
        """Cards of event `k` on their way from where they lay to where they land."""
        e = frame.moves[k]
        scaler = self.board.scaler
        before = geo.place_cards(self.board.layout, frame.stages[k], scaler, VIEWER)
        src_zone = self.board.zones[e.source]
        dst_zone = self.board.zones[e.target]
        size = self.board.card_size(e.target)
        rot = self.board.rotation(e.target)
        down = self.layout.place(e.target, VIEWER, frame.before.seats).facing == "down"
        u = 1 - (1 - min(1.0, max(0.0, u))) ** 3
        for c in e.cards[:6]:
            start = next(
                (p.rect for p in before if p.zone == e.source and p.name == c), None
            ) or _centred(src_zone, size, rot)
            end = next(
                (p.rect for p in self.board.placed if p.zone == e.target and p.name == c), None
            ) or _centred(dst_zone, size, rot)
            image = self.art.card(None if down else c, size, rot)
            x = start.centerx + (end.centerx - start.centerx) * u + offset[0]
            y = start.centery + (end.centery - start.centery) * u + offset[1]
            surf.blit(image, image.get_rect(center=(round(x), round(y))))

    # -- the caption -------------------------------------------------------------
    def _caption(self, surf, area: pygame.Rect, demo: Replay, frame: Frame, phase: str) -> None:
        surf.fill(STRIP, area)
        pygame.draw.line(surf, HEAD, area.topleft, area.topright, 2)
        pad = max(6, area.h // 14)
        inner = area.inflate(-2 * pad, -2 * pad)
        head = f"{demo.title}  \u00b7  step {frame.index + 1} of {len(demo.frames)}"
        last = frame.index == len(demo.frames) - 1
        if last and (phase == "rest" or not frame.action):
            head += "  \u00b7  the end"  # the player and the GIF say it is over
        lines = [(frame.caption, TEXT)]
        if frame.refusal and phase == "rest":
            lines.append((f"Refused: {frame.refusal}", REASON))
        px = self.fonts.px(max(10, area.h // 6))
        while True:  # smaller type while the caption needs it, never under the floor
            head_img = self.fonts.text(head, max(9, px * 4 // 5), HEAD, True)
            body = [
                (line, colour)
                for text, colour in lines
                for line in wrap(self.fonts.font(px), text, inner.w)
            ]
            line_h = self.fonts.font(px).get_linesize()
            if head_img.get_height() + line_h * len(body) <= inner.h or px <= self.fonts.floor:
                break
            px -= 1
        surf.blit(head_img, inner.topleft)
        y = inner.y + head_img.get_height() + 2
        for line, colour in body:
            surf.blit(self.fonts.text(line, px, colour), (inner.x, y))
            y += line_h


def _centred(zone: pygame.Rect, size, rot) -> pygame.Rect:
    r = pygame.Rect((0, 0), geo.footprint(size, rot))
    r.center = zone.center
    return r


def wrap(font: pygame.font.Font, text: str, width: int) -> list[str]:
    """`text` in lines no wider than `width` (a too-long word gets a line of its own)."""
    lines: list[str] = []
    for para in text.split("\n"):
        line = ""
        for word in para.split():
            trial = f"{line} {word}" if line else word
            if line and font.size(trial)[0] > width:
                lines.append(line)
                line = word
            else:
                line = trial
        lines.append(line)
    return lines
