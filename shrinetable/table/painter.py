"""What a game scene paints: the table from the match's view (cached as a base
surface, redrawn when something changed), the handover screen, the cards in
flight after a move, and, while cards are dragged, only the rectangles they
cross. It reads the scene's state and owns the surfaces."""

from __future__ import annotations

import re
import time
from typing import TYPE_CHECKING, Protocol

import pygame

from shrinetable.adapter import gestures
from shrinetable.adapter.port import MatchPort
from shrinetable.adapter.session import Applied
from shrinetable.engine import Chip, View
from shrinetable.formats.layout import Layout

from . import announce, faces, helpers, hud
from . import geometry as geo
from .board import Board, Marks, mine
from .decision_bar import Guard, panel_scale
from .focus import Focus
from .frame import Frame
from .motion import TALLY_FLY, Drag, Flyer
from .overlay import Overlay
from .results import Results
from .seats import kind_word, seat_colour, seat_name
from .theme import palette
from .widgets import Widgets
from .zoom import Zoom

if TYPE_CHECKING:
    from .app import App

LEGEND = "Dashed outline: changed by the last move"
RING = ((0, 0, 0), (255, 255, 255), (0, 0, 0))  # the focus ring, inside out: reads on any ground


class Table(Protocol):
    """What the painter draws of a game table: its board and marks from the
    match's view for the viewer, the widgets, the cards in flight and held,
    the message, the result, the zoom, what stands over the table."""

    app: App
    match: MatchPort
    board: Board
    layout: Layout
    marks: Marks
    frame: Frame
    aid: helpers.Aid
    zoom: Zoom
    guard: Guard
    results: Results
    ui: Widgets
    viewer: int
    moves: list[gestures.Move]
    drag: Drag | None
    drop_from: tuple[str, pygame.Rect] | None
    flyers: list[Flyer]
    message: str
    message_is_error: bool
    shout: bool
    overlay: Overlay | None
    under: Overlay | None
    pane: pygame.Rect | None  # the announcements' (`announce.draw_pane`)
    focus: Focus

    def view(self) -> View: ...
    def out_of_turn(self) -> bool: ...


class Painter:
    def __init__(self, table: Table):
        self.s = table
        self.base: pygame.Surface | None = None
        self.composite: pygame.Surface | None = None
        self.legend_at: tuple[int, int] | None = None  # where the outline is explained
        self.how_shown = False  # the pointer rests on the prompt: how to do it is shown
        self.zoom_said: tuple | None = None  # the enlarged card last traced, and where
        self.shouted: pygame.Rect | None = None  # where a refusal was last drawn over the table

    def _not_hidden(self) -> tuple[list[pygame.Rect], list[pygame.Rect]]:
        """What a refusal stands off: the cards of the decision, and the
        viewer's own where it can (`hud.banner`)."""
        board = self.s.board
        own = mine(board.view, board.decor, board.viewer) if board.view else set()
        involved = self.s.marks.involved

        def rects(names: set[str]) -> list[pygame.Rect]:
            return [p.rect.inflate(8, 8) for p in board.placed if p.name in names]

        return rects(involved), rects(own - involved)

    def draw(self, screen: pygame.Surface) -> list[pygame.Rect] | None:
        """Paint what changed; returns dirty rectangles, or None after a full frame."""
        frame, drag = self.s.frame, self.s.drag
        if not frame.dirty and frame.partial and drag is not None and self.composite is not None:
            rects = self._draw_drag_only(screen, drag, self.composite)
            frame.partial.clear()
            return rects
        frame.partial.clear()
        size = screen.get_size()
        if self.base is None or self.composite is None or self.base.get_size() != size:
            self.base = pygame.Surface(size).convert()
            self.composite = pygame.Surface(size).convert()
            frame.base_dirty = True
        base, composite = self.base, self.composite
        if frame.base_dirty:
            self._draw_base(base)
            frame.base_dirty = False
        composite.blit(base, (0, 0))
        keyed = self.s.focus.shown and self.s.overlay is None  # the keyboard in use
        for n, b in enumerate(self.s.ui.bar(), 1):
            b.key = str(n) if keyed and n <= 9 else ""
        self.s.ui.draw(composite)
        self.s.app.draw_gui(composite)  # a window over the table
        self._results(composite)  # over the log, beside a window, under the drag
        if self.s.pane is not None and Overlay.HANDOVER not in (self.s.overlay, self.s.under):
            said = self.s.app.announcer.recent  # the last seat's words: hidden at a handover
            announce.draw_pane(composite, self.s.app.fonts, self.s.pane, said, panel_scale(size))
        screen.blit(composite, (0, 0))
        now = time.monotonic()
        self.s.guard.draw(screen, now)
        flying = [f for f in self.s.flyers if now >= f.t0]
        for f in flying:
            screen.blit(f.image, f.rect(now))
        if flying:  # the result stays readable: a card or number in flight passes under it
            self._results(screen)
        if self.s.drag is not None:
            self._blit_drag(screen, self.s.drag)
        if self.s.message and self.s.message_is_error and self.s.overlay is None and self.s.shout:
            self.shouted = hud.banner(
                screen,
                self.s.app.fonts,
                self.felt(),
                self.s.message,
                max(13, self.s.board.scaler.length(17)),
                *self._not_hidden(),
            )
        if self.legend_at is not None and self.s.drag is None:
            x, y = self.legend_at
            left = x < screen.get_width() // 2  # the side with room for it
            hud.chip(
                screen,
                self.s.app.fonts,
                Chip(LEGEND, palette().last),
                max(12, self.s.board.scaler.length(14)),
                (x + 14 if left else x - 14, y + 18),
                "topleft" if left else "topright",
            )
        if self.how_shown and self.s.drag is None and self.s.overlay is None:
            self._draw_how(screen)
        self._outline_hint(screen)
        self._keyboard(screen)
        self._zoom(screen)
        self.s.frame.dirty = False
        return None

    def _zoom(self, screen: pygame.Surface) -> None:
        """The enlarged card; traced (--trace) with what it covers when it moves."""
        zoom = self.s.zoom
        zoom.draw(screen)
        shown = (zoom.zoomed, *zoom.covers) if zoom.zoomed is not None else None
        if shown != self.zoom_said and shown is not None:
            boxes = " ".join("{} {} {} {}".format(*r) for r in zoom.covers)
            self.s.app.emit(f"zoom {zoom.zoomed} {boxes}")
        self.zoom_said = shown

    def _results(self, surface: pygame.Surface) -> None:
        """The last move's result box (none over the handover screen), beside
        the window over the table if one is open."""
        if Overlay.HANDOVER in (self.s.overlay, self.s.under):
            return
        window = self.s.ui.window
        panels = self.s.layout.panels
        box = self.s.results.box
        area = self.s.results.place  # laid out with the panels (the log under it)
        if area is None:
            area = self.s.board.scaler.rect(panels.results or panels.log)
        menu = [b.rect for b, c in self.s.ui.commands.items() if c == "menu"]
        for r in [self.s.pane, *menu]:  # stay clear: the pane, the commands' rows (150%)
            if r is not None and area.colliderect(r) and r.top > area.top:
                area.h = max(0, min(area.h, r.top - 4 - area.top))
        self.s.results.draw(
            surface,
            self.s.app.fonts,
            area,
            self.s.app.fonts.px(self.s.board.scaler.length(17)),
            window.get_abs_rect() if window is not None else None,
        )
        if self.s.results.box is not None and self.s.results.box != box:
            log = self.s.ui.log.rect if self.s.ui.log is not None else pygame.Rect(0, 0, 0, 0)
            self.s.app.emit(
                "result-box {} {} {} {} log {} {} {} {}".format(*self.s.results.box, *log)
            )

    def names(self) -> list[str]:
        me = self.s.viewer
        return [
            f"{seat_name(i)} ({kind_word(k, i == me)})" for i, k in enumerate(self.s.match.seats)
        ]

    def how(self, pos) -> None:
        """Show how to do what the prompt asks while the pointer rests on it
        (the prompt's own box, not the commands above it)."""
        prompt = self.s.ui.status
        shown = (
            prompt is not None
            and prompt.rect.collidepoint(pos)
            and bool(self.s.moves)
            and not self.s.app.gui_covers(pos)
        )
        if shown != self.how_shown:
            self.how_shown = shown
            self.s.frame.dirty = True

    def _draw_how(self, screen: pygame.Surface) -> None:
        """How to make the moves now legal (`helpers.how_to`), in a box left of
        the prompt, over the table's edge."""
        names = self.names()
        d, view = self.s.match.decision(), self.s.board.view
        kind = d.kind if d is not None else ""
        text = helpers.how_to(
            self.s.moves,
            lambda z: self.s.board.zone_label(z, names) if view and z in view.zones else z,
            lambda t: self.s.match.present.describe(t, kind),
        )
        if not text:
            return
        fonts = self.s.app.fonts
        px = max(13, self.s.board.scaler.length(16))
        status = self.s.board.scaler.rect(self.s.layout.panels.status)
        width = min(px * 30, status.left - 20)
        imgs = [
            fonts.text(line, px, palette().text) for line in faces.wrap(fonts, text, px, width - 20)
        ]
        box = pygame.Rect(
            0, 0, max(i.get_width() for i in imgs) + 20, sum(i.get_height() for i in imgs) + 14
        )
        box.topright = (status.left - 8, status.top)
        box.clamp_ip(screen.get_rect())
        pygame.draw.rect(screen, palette().panel, box, border_radius=8)
        pygame.draw.rect(screen, palette().hint, box, 2, border_radius=8)
        y = box.top + 7
        for img in imgs:
            screen.blit(img, (box.left + 10, y))
            y += img.get_height()

    def _outline_hint(self, screen: pygame.Surface) -> None:
        """Frame the button of a hinted move (its cards are raised on the table)."""
        move = self.s.aid.hinted
        if move is None:
            return
        for b, action in self.s.ui.actions.items():
            if action.text == move.text:
                helpers.outline(screen, b.rect)

    def _keyboard(self, screen: pygame.Surface) -> None:
        """Once the keyboard is in use: the focus ring (each bar button's number
        key is the button's own, `Button.key`)."""
        if not self.s.focus.shown or self.s.overlay is not None:
            return
        focused = self.s.focus.rect()
        if focused is not None:
            ring(screen, *focused, max(5, self.s.board.scaler.length(6)))

    def _draw_base(self, base: pygame.Surface) -> None:
        names = self.names()
        if Overlay.HANDOVER in (self.s.overlay, self.s.under):
            self._draw_handover(base)
            self.s.board.placed, self.s.board.zones = [], {}
            return
        # While another person is asked for an answer they read this screen: the
        # table shows only what every seat may see (the viewer's hand face down).
        view = self.s.match.view(None if self.s.overlay == Overlay.ASK else self.s.viewer)
        self.s.board.lay_out(view, self.s.viewer, self.s.marks)
        self.s.board.watching = self.s.match.seats[self.s.viewer] != "human"
        self.s.board.draw(base, self.s.marks, names)
        if self.s.out_of_turn():
            area = self.s.board.scaler.rect(self.s.layout.panels.buttons)
            frame = area.inflate(10, 10).clip(base.get_rect())
            pygame.draw.rect(base, palette().answer, frame, 4 + palette().width, border_radius=6)

    def _draw_handover(self, surf: pygame.Surface) -> None:
        """A screen that hides the table while the device changes hands."""
        surf.fill(palette().backdrop)
        d = self.s.match.decision()
        if d is None:  # the game ended meanwhile: game over, not a handover
            return
        seat = d.seat
        w, h = surf.get_size()
        big = self.s.app.fonts.text(
            f"Pass to {seat_name(seat)}", max(24, h // 12), seat_colour(seat), True
        )
        surf.blit(big, big.get_rect(center=(w // 2, h // 2 - 50)))
        why = re.split(r"(?<=[.?!])\s+", d.prompt)[0]  # its first sentence: it fits a line
        why += "" if why.endswith((".", "?", "!")) else "."
        small = self.s.app.fonts.text(
            f"{seat_name(seat)}: {why[:1].lower()}{why[1:]} The table "
            "is hidden so no one sees another hand.",
            max(12, h // 45),
            palette().text,
        )
        surf.blit(small, small.get_rect(center=(w // 2, h // 2 - 5)))
        if self.s.match.can_undo(self.s.viewer):  # still the one who just moved
            undo = self.s.app.fonts.text(
                f"{seat_name(self.s.viewer)}, a misclick? Ctrl+Z takes your move back.",
                max(12, h // 45),
                palette().accent,
            )
            surf.blit(undo, undo.get_rect(center=(w // 2, h // 2 + 100)))

    def legend(self, pos) -> None:
        """Say what the orange outline means where the pointer rests on a zone it
        marks (away from its cards, which zoom)."""
        zone = geo.zone_at(
            {z: r.inflate(8, 8) for z, r in self.s.board.zones.items() if z in self.s.marks.last},
            pos,
        )
        at = pos if zone is not None and self.s.board.card_at(pos) is None else None
        if (at is None) != (self.legend_at is None) or at is not None:
            self.legend_at = at
            self.s.frame.dirty = True

    def felt(self) -> pygame.Rect:
        """The table without the panels beside it."""
        return self.s.board.felt()

    def _blit_drag(self, screen: pygame.Surface, d: Drag) -> None:
        d.hover = self._target_under(d.pos)
        if d.hover is not None:
            pygame.draw.rect(
                screen,
                palette().hover,
                d.hover,
                max(3, self.s.board.scaler.length(5)) + palette().width,
                border_radius=max(4, min(d.hover.size) // 12),
            )  # never a pill
        for img, (dx, dy) in d.images:
            screen.blit(img, (d.pos[0] + dx, d.pos[1] + dy))
        d.drawn = d.bounds()

    def _target_under(self, pos: tuple[int, int]) -> pygame.Rect | None:
        """The legal drop target under the pointer, outlined while dragging."""
        targets, board = self.s.marks.targets, self.s.board
        zone = board.zone_at(pos)
        opened = board.open_rect is not None and zone == board.opened
        for p in reversed(board.placed):
            if (
                (p.zone, p.name) in targets
                and p.rect.collidepoint(pos)
                and (p.zone == zone or not opened)
            ):
                return p.rect.inflate(12, 12)
        if zone is None or (zone, None) not in targets:
            return None
        if opened and board.open_rect is not None:
            return board.open_rect.inflate(12, 12)
        return board.zones[zone].inflate(12, 12)

    def _draw_drag_only(
        self, screen: pygame.Surface, d: Drag, composite: pygame.Surface
    ) -> list[pygame.Rect]:
        """The fast path while dragging: restore where the cards were, draw
        them where they are, present only those rectangles. The target outline
        is repainted in full only when the pointer enters or leaves a target."""
        old_cards, old_hover = d.drawn or d.bounds(), d.hover
        screen.blit(composite, old_cards, old_cards)
        if self._target_under(d.pos) != old_hover and old_hover is not None:
            screen.blit(composite, old_hover, old_hover)
        self._blit_drag(screen, d)
        rects = [old_cards.union(d.bounds())]
        if d.hover != old_hover:
            rects += [r for r in (old_hover, d.hover) if r is not None]
        return rects

    def launch_flyers(self, applied: Applied) -> None:
        """Cards the move carried fly from where they were to where they are,
        and the figures it changed to their seats; with reduced motion nothing
        flies (the zones it touched are outlined all the same)."""
        if self.s.app.reduced_motion:
            self.s.drop_from = None
            self.s.marks.last |= set(self.s.match.tallies(self.s.viewer)) & set(self.s.board.zones)
            return
        view = self.s.view()
        self.s.board.lay_out(view, self.s.viewer, self.s.marks)
        now = time.monotonic()
        n = 0
        for event in applied.events:
            ev = event.seen_by(self.s.viewer)
            if (
                not ev.cards
                or ev.source not in self.s.board.zones
                or ev.target not in self.s.board.zones
            ):
                continue
            size = self.s.board.card_size(ev.target)
            rot = self.s.board.rotation(ev.target)
            for card in ev.cards[:4]:
                end = next(
                    (
                        p.rect
                        for p in self.s.board.placed
                        if p.zone == ev.target and p.name == card and card
                    ),
                    None,
                )
                if end is None:
                    end = pygame.Rect((0, 0), geo.footprint(size, rot))
                    end.center = self.s.board.zones[ev.target].center
                start = end.copy()
                start.center = self.s.board.zones[ev.source].center
                if self.s.drop_from and self.s.drop_from[0] == ev.source:
                    start.center = self.s.drop_from[1].center
                image = self.s.app.art.card(
                    card, size, rot, ev.target.partition(":")[0] in self.s.match.present.plain_in
                )
                lands = (ev.target, card) if card else None
                self.s.flyers.append(Flyer(image, start, end, now + 0.1 * n, lands=lands))
                n += 1
        self.s.drop_from = None
        self._launch_tallies(applied, now)
        self.arriving()

    def _launch_tallies(self, applied: Applied, now: float) -> None:
        """A seat's headline number the move changed (damage, points won) flies
        into its zone as "-3" from where the move happened (the first zone its
        events name, else the middle of the table), and the zone is outlined
        like the others the move touched."""
        zones = self.s.board.zones
        origin = next(
            (
                z
                for e in applied.events
                for z in (e.source, e.target)
                if z in zones and z not in self.s.board.decor.huds
            ),
            None,
        )
        start = (
            zones[origin].center
            if origin
            else self.s.board.scaler.rect((0, 0, *self.s.board.scaler.canvas)).center
        )
        for zone, delta in self.s.match.tallies(self.s.viewer).items():
            if zone not in zones:
                continue
            image = hud.tally(self.s.app.fonts, delta, max(14, round(zones[zone].h * 0.6)))
            self.s.flyers.append(
                Flyer(
                    image,
                    image.get_rect(center=start),
                    image.get_rect(center=zones[zone].center),
                    now,
                    TALLY_FLY,
                )
            )
            self.s.marks.last.add(zone)

    def arriving(self) -> None:
        arriving = {f.lands for f in self.s.flyers if f.lands}
        if arriving != self.s.marks.arriving:
            self.s.marks.arriving = arriving
            self.s.frame.base_dirty = True


def ring(screen: pygame.Surface, rect: pygame.Rect, inside: bool, width: int) -> None:
    """The keyboard's focus ring round `rect` (`inside`: within its edge): a
    thin black ring, a broad white one, a thin black one, so it reads on a
    light card, the felt and a dark panel alike, in any theme. A zone too thin
    to keep half its height clear of the ring (a seat's status strip) is ringed
    outside instead: inside, the ring hid its words."""
    widths = (width // 2 + 1, width, width // 2 + 1)
    inside = inside and min(rect.w, rect.h) >= 4 * sum(widths)
    out = -sum(widths) if inside else 0
    for colour, w in zip(RING, widths, strict=True):
        out += w
        r = rect.inflate(2 * out + 2, 2 * out + 2)
        pygame.draw.rect(screen, colour, r, w, border_radius=max(4, out + 4))
