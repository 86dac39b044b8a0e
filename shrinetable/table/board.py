"""Draws the table itself (felt, zones, labels, cards, highlights) from one
seat's `View`. The result is cached as a base surface and rebuilt only when
the view, the selection or the highlights change."""

from __future__ import annotations

from collections.abc import Collection
from dataclasses import dataclass, field, replace
from typing import Any

import pygame

from shrinetable.engine import Decor, View
from shrinetable.formats.layout import Layout

from . import faces, hud, strokes
from . import geometry as geo
from .arrows import arrow, routed
from .art import CardArt, Fonts, floor_px
from .seats import seat_colour, seat_name
from .theme import palette


@dataclass
class Marks:
    """What to emphasise: selected cards, legal drop targets, cards lifted off
    the table by a drag, zones the last action touched, cards that can move;
    and cards still flying to their place (drawn by the animation, not here).
    Each mark has its own shape besides its colour (`Board._zone`,
    `Board._draw_zone`): a selected card is raised and framed, a target has
    corner brackets, what the last move changed a dashed frame, a card that
    can move a plain frame."""

    selected: dict[str, frozenset[int]] = field(default_factory=dict)
    targets: set[tuple[str, str | None]] = field(default_factory=set)
    lifted: set[tuple[str, int]] = field(default_factory=set)
    last: set[str] = field(default_factory=set)
    playable: set[tuple[str, str]] = field(default_factory=set)
    arriving: set[tuple[str, str]] = field(default_factory=set)
    involved: set[str] = field(default_factory=set)  # cards a legal move moves or aims at


def mine(view: View, decor: Decor, viewer: int | None) -> set[str]:
    """The viewer's own cards: in its own zones, and those it controls in a
    shared zone (a site, a lane: the card's edge in its seat's colour)."""
    if viewer is None:
        return set()
    own = {c for z in view.zones.values() if z.owner == viewer for c in z.cards if c is not None}
    return own | {c for c, d in decor.cards.items() if d.edge == viewer}


class Board:
    def __init__(self, layout: Layout, art: CardArt, fonts: Fonts):
        self.drawn_for = layout  # the file's layout; `layout` is it at the text size
        self.layout = layout.at_text(fonts.scale)
        self.art = art
        self.fonts = fonts
        self.scaler = geo.Scaler((layout.canvas.width, layout.canvas.height), (1, 1))
        self.placed: list[geo.Placed] = []
        self.zones: dict[str, pygame.Rect] = {}
        self.view: View | None = None
        self.decor = Decor()
        self.viewer: int | None = None
        self.watching = False  # the viewer's seat is a computer's: nothing is "yours"
        self.hands: set[str] = set()  # the zones holding the seats' hands (the game's word)
        self._bg: pygame.Surface | None = None
        self._bg_key: tuple | None = None
        self.labels: dict[str, pygame.Rect] = {}  # where each zone's label is drawn
        # words drawn on the last frame (labels, chips, badges, a card's numbers),
        # by zone ("zone#index": on that card), for the test that none overlap
        self.boxes: list[tuple[str, pygame.Rect]] = []
        self._names: list[str] = []  # the seats' names the labels were last drawn with
        # zones that open under the pointer: their strips overlap (`geo.crowded`)
        # or cut a name or numbers of a card that matters (`_cut`)
        self.crowded: set[str] = set()
        self.opened: str | None = None  # the crowded zone the pointer is on, opened
        self.open_rect: pygame.Rect | None = None  # where it is drawn, over its neighbours
        self._needs: dict[tuple, int] = {}  # `_need`, by card, strip size and chips
        self._corners: tuple = ()  # `_corner_widths`, with what it was worked out from
        # zones whose chips say their shorter words: in full they leave a strip of a
        # card that matters too little room (`_whole_chips`)
        self.terse: set[str] = set()

    def set_size(self, size: tuple[int, int], window: tuple[int, int] | None = None) -> None:
        """Draw the canvas at `size`, in a `window` of that size unless said (a
        demonstration shows part of a larger table): the text floor is the window's."""
        floor = floor_px(window or size, self.fonts.scale)
        self.layout = self.drawn_for.at_text(self.fonts.scale)
        if size != self.scaler.size or self.fonts.floor != floor:
            self.scaler = geo.Scaler(self.scaler.canvas, size, self.fonts.scale)
            self.fonts.floor = floor
            self._bg_key = None
            self.art.clear()
            self._needs.clear()

    def lay_out(self, view: View, viewer: int | None, marks: Marks) -> None:
        self.view, self.viewer = view, viewer
        self.decor = self.art.present.decor(view)
        badged = {z for z in view.zones if self._badge_text(z) is not None}
        self.zones = geo.zone_rects(self.layout, view, self.scaler, viewer, badged)
        matter = marks.involved | mine(view, self.decor, viewer)  # read whole first
        self.terse, self._corners = set(), ()
        fitted = self._fitted(matter)
        self.placed = geo.place_cards(
            self.layout, view, self.scaler, viewer, marks.selected, *fitted
        )
        cut = self._cut(self.placed, matter)
        terse = {z for z in cut if any(c.short is not None for c in self.decor.covers.get(z, ()))}
        if terse:  # their chips in fewer words, if that leaves the strips room to read more
            self.terse, self._corners = terse, ()
            tried = self._fitted(matter)
            placed = geo.place_cards(self.layout, view, self.scaler, viewer, marks.selected, *tried)
            if sum(self._cut(placed, matter).values()) < sum(cut.values()):
                self.placed, fitted = placed, tried
            else:
                self.terse, self._corners = set(), ()
        self.crowded = self._shut(self.placed, matter)
        self.open_rect = None
        if self.opened in self.crowded:
            self.show(self.opened, matter, marks, fitted)

    def _shut(self, placed: list[geo.Placed], matter: Collection[str]) -> set[str]:
        """The zones that open under the pointer: strips over each other, or a
        card that matters whose name or numbers its strip cuts (one rule: the
        viewer's own names read whole on hovering, at any text size)."""
        return geo.crowded(placed) | self._cut(placed, matter, names=True).keys()

    def _fitted(self, matter: Collection[str]) -> tuple:
        """What `geo.place_cards` fits the cards to after the view: the zones'
        chips, badges, labels and strip widths, and what `matter`s' cards need."""
        return (
            self._lowered(),
            self._badge_sizes(),
            self._strip_widths(),
            self._label_widths(),
            lambda _zone, card, size: self._need(card, size) if card in matter else 0,
            lambda card, size: card in matter and self._face_cut(card, size),
        )

    def _cut(
        self, placed: list[geo.Placed], matter: Collection[str], names: bool = False
    ) -> dict[str, int]:
        """By zone, how many strips of cards that `matter` are too low to read
        whole (`_need`; `names`: their name or numbers, `_reads_whole`) or lie
        under a later strip of their zone."""
        out: dict[str, int] = {}
        for i, p in enumerate(placed):
            if p.strip and p.name in matter:
                later = [q.rect for q in placed[i + 1 :] if q.zone == p.zone]
                short = (
                    not self._reads_whole(p.name, p.rect.size)
                    if names
                    else self._need(p.name, p.rect.size) != p.rect.h
                )
                if short or p.rect.collidelist(later) >= 0:
                    out[p.zone] = out.get(p.zone, 0) + 1
        return out

    def show(self, name: str, matter: Collection[str], marks: Marks, fitted: tuple) -> None:
        """Lay the crowded zone `name` out over its neighbours, a line of the
        table's higher each time until its strips neither overlap nor cut a
        card that `matter`s (or it holds the whole table's height: there if
        they still overlap, else at the lowest height that cuts fewest), its
        cards last: on top, hit first. A zone only cut stays shut where no
        height cuts fewer."""
        rect, room = self.zones[name], self.felt()
        if rect.h >= room.h:  # as high as the table already: nowhere to open to
            return
        shut = self._shutness(self.placed, name, matter)
        best: tuple | None = None
        step = self.scaler.line(geo.STRIP)
        for high in range(rect.h + step, room.h + step, step):
            area = pygame.Rect(rect.x, rect.y, rect.w, min(high, room.h))
            area.bottom = min(area.bottom, room.bottom)
            placed = geo.place_cards(  # type: ignore[misc]  # `fitted` stops before `opened`
                self.layout,
                self.view,
                self.scaler,
                self.viewer,
                marks.selected,
                *fitted,
                opened=(name, area),
            )
            left = self._shutness(placed, name, matter)
            if best is None or left < best[0] or (left[0] and left == best[0]):
                best = left, placed, area  # the lowest that reads; crowded still, the highest
            if left == (False, 0) or area.h == room.h:
                break
        if best is None or (best[0] >= shut and not shut[0]):
            return  # crowded, it opens as far as it may; cut only, where that reads more
        _, placed, area = best
        self.placed = [p for p in placed if p.zone != name] + [p for p in placed if p.zone == name]
        self.open_rect = area

    def _shutness(
        self, placed: list[geo.Placed], name: str, matter: Collection[str]
    ) -> tuple[bool, int]:
        """How far zone `name` is from read: its strips over each other, and how
        many strips of cards that `matter` it cuts (`_cut`)."""
        return name in geo.crowded(placed), self._cut(placed, matter, names=True).get(name, 0)

    def felt(self) -> pygame.Rect:
        """The table without the panels beside it."""
        panels = self.layout.panels
        return self.scaler.rect(
            (0, 0, min(panels.log[0], panels.buttons[0]), self.scaler.canvas[1])
        )

    def hover(self, pos) -> bool:
        """Open the crowded zone under `pos`, keep the open one while the
        pointer is on it, close it when the pointer leaves; whether that changed."""
        if self.open_rect is not None and self.open_rect.collidepoint(pos):
            return False
        zone = geo.zone_at({z: self.zones[z] for z in self.crowded}, pos)
        if zone == self.opened:
            return False
        self.opened = zone
        return True

    def card_at(self, pos, lifted: Collection[Any] = frozenset()) -> geo.Placed | None:
        """The card under `pos`, but none of the `lifted` (zone, index): in an
        open zone only its own cards are there."""
        inside = self.open_rect is not None and self.open_rect.collidepoint(pos)
        return geo.card_at(
            [
                p
                for p in self.placed
                if (p.zone, p.index) not in lifted and (not inside or p.zone == self.opened)
            ],
            pos,
        )

    def zone_at(self, pos) -> str | None:
        if self.open_rect is not None and self.open_rect.collidepoint(pos):
            return self.opened
        return geo.zone_at(self.zones, pos)

    def _need(self, card: str, size: tuple[int, int]) -> int:
        """The height a strip `size[0]` wide needs to show `card`'s name and
        numbers whole (beside its chips): its own, else two lines of text
        where they show its every chip too (a larger text size), else two
        of the layout's, else more (the name over lines, the numbers under
        it); one line that leaves a state chip off (`Chip.short` "") only where
        no taller one does; 0: none does."""
        face, decor = self.art.face(card), self.decor.cards.get(card)
        s, line = self.scaler, faces.line(self.fonts)
        every = (
            len([c for c in (decor.damage, *decor.chips, decor.veil, decor.corner) if c])
            + bool(decor.where)
            if decor
            else 0
        )
        least = 0
        for h in sorted({size[1], 2 * line, s.line(geo.STRIP_MAX), 3 * line + 4, 4 * line + 4}):
            if h < size[1]:
                continue
            shown, _, _, at = (
                hud.strip_chips(self.fonts, (size[0], h), decor, face)
                if decor
                else ([], 0, 0, None)
            )
            if h == 2 * line != size[1] and len(shown) < every:
                continue
            if self._strip_whole(card, (size[0], h), at):
                if (
                    h < 2 * line
                    and decor
                    and any(c.short == "" and c not in shown for c in decor.chips)
                ):
                    least = least or h  # whole by leaving a state off: taller first
                    continue
                return h
        return least

    def _reads_whole(self, card: str, size: tuple[int, int]) -> bool:
        """Whether `card`'s strip of `size` shows its name and numbers whole
        beside the chips it shows there (a state it leaves off is not cut)."""
        face, decor = self.art.face(card), self.decor.cards.get(card)
        at = hud.strip_chips(self.fonts, size, decor, face)[3] if decor else None
        return self._strip_whole(card, size, at)

    def _strip_whole(self, card: str, size: tuple[int, int], at: int | None) -> bool:
        """`faces.strip_whole`, kept by card, size and where its chips begin."""
        key = (card, *size, at)
        if key not in self._needs:
            self._needs[key] = faces.strip_whole(self.fonts, self.art.face(card), size, at)
        return bool(self._needs[key])

    def _face_cut(self, card: str, size: tuple[int, int]) -> bool:
        """Whether `card`'s framed face at `size` cuts its name or numbers (a
        larger text size on a small card), drawn as a trial."""
        face = self.art.face(card)
        key = ("face", card, size)
        if face.style == "framed" and key not in self._needs:
            with self.fonts.trial() as drawn:
                faces.draw_face(self.fonts, face, size)
            self._needs[key] = any(d.cut and faces.names_it(face, d.text) for d in drawn)
        return bool(self._needs.get(key))

    def _strip_widths(self) -> dict[str, int]:
        """The narrowest strip each zone's cards read in (`_strip_width`)."""
        return {name: w for name in self.view.zones if (w := self._strip_width(name))}

    def _strip_width(self, name: str) -> int:
        """The narrowest strip a zone's cards read in: its widest numbers (at
        the floor) beside four letters of a name; 0: no card has numbers."""
        px = faces.strip_px(self.scaler.line(geo.STRIP))
        font = self.fonts.font(px, True)
        widest = max(
            (
                font.size(faces.numbers_text(face.numbers))[0]
                for c in self.view.zones[name].cards
                if c is not None and (face := self.art.face(c)).numbers is not None
            ),
            default=0,
        )
        if not widest:
            return 0
        name_x = faces.strip_name_x(self.scaler.line(geo.STRIP))
        return widest + 10 + font.size("Abcd\u2026")[0] + name_x

    def _badge_sizes(self) -> dict[str, tuple[int, int]]:
        """The badges in a zone's bottom right corner (`_badge`), by zone: its
        cards keep clear of them."""
        out = {}
        corners = self._corner_widths()  # those beside their label
        for name in self.zones:
            text = self._badge_text(name)
            place = self.layout.place(name, self.viewer, self.view.seats)
            if text is not None and place.arrange != "stack" and name not in corners:
                px, wide = self.scaler.length(15), self.zones[name].w - 4
                out[name] = self._badge_box(self._badge_lines(text, px, wide, True), px).size
                if self._badge_by_chips(name) is not None:  # under the label: no foot
                    out[name] = (0, 0)
        return out

    def _label_widths(self) -> dict[str, tuple[int, int]]:
        """How far right and down from its zone's corner each label inside a
        zone reaches (with a gap): a row of cards too high to pass under it
        begins right of it."""
        out = {}
        corners = self._corner_widths()
        for name, rect in self.zones.items():
            if (
                self.layout.place(name, self.viewer, self.view.seats).inside
                and name not in self.decor.huds
            ):
                label = self._inside_label(name, rect, self._seat_names(), palette().label, corners)
                clear = label.get_rect(topleft=(rect.left + 4, rect.top + 2))
                over = self._whole_chips(name, rect, clear)
                chips = [box for _, _, box in self.cover_chips(rect, over, clear)]
                reach = clear.unionall(chips) if chips else clear  # its chips on its lines
                out[name] = reach.right - rect.left + 4, reach.bottom - rect.top
        return out

    def _inside_label(self, name, rect, seat_names, colour, corners) -> pygame.Surface:
        """The label inside a zone, clear of the badge on its line; where a row
        of cards too high to pass under it begins right of it, in the shortest
        words that leave the cards their width (`_room`)."""
        return self._label(
            name,
            seat_names,
            self.scaler.length(12),
            colour,
            rect.w - 8 - corners.get(name, 0),
            self._room(name, rect),
        )

    def _room(self, name: str, rect: pygame.Rect) -> int | None:
        """How wide the label inside `name` may be and leave a row of cards that
        cannot pass under it (one lifted, too) the width it spreads to; None:
        they pass under it."""
        place = self.layout.place(name, self.viewer, self.view.seats)
        cards = self.view.zones[name].cards
        n = len(cards)
        wide = rect.w / self.scaler.scale
        if n and place.arrange != "stack" and geo.in_strips(self.layout, place, cards, wide):
            if geo.beside_label(place, rect, self.scaler):  # a line of strips beside it
                return rect.w - 8 - self.scaler.line(geo.STRIP_MIN_W)
            return None  # strips begin under it
        if not n or place.arrange not in ("row", "fan"):
            return None
        fw, fh = geo.footprint(geo.card_size(self.layout, place, self.scaler), place.rotation)
        high = self.fonts.font(self.scaler.length(12), True).get_height()
        if fh * (1 + geo.RAISE) <= rect.h - high - 3:
            return None
        spread = {"row": 1.08, "fan": 0.72}[place.arrange]
        room = rect.w - 8 - round(fw * (1 + spread * (n - 1)))
        # and its chips their line beside it: on a second line they leave the
        # cards too little height (a long label at a larger text size)
        chips = hud.chips_width(
            self.fonts, rect, self.decor.covers.get(name, ()), self.scaler.length(15)
        )
        return min(room, rect.w - 8 - chips) if chips else room

    def _seat_names(self) -> list[str]:
        """The seats' names the labels were last drawn with (else the defaults)."""
        return (
            self._names
            if len(self._names) == self.view.seats
            else [seat_name(i) for i in range(self.view.seats)]
        )

    def _lowered(self) -> dict[str, int]:
        """Zones labelled inside whose label, pile count or chips (on a second
        line under the label: `hud.cover_chips`) reach below the label's band:
        how much lower their strips begin."""
        out = {}
        band = self.scaler.line(geo.LABEL_BAND)
        corners = self._corner_widths()
        for name, rect in self.zones.items():
            place = self.layout.place(name, self.viewer, self.view.seats)
            if not place.inside or name in self.decor.huds:
                continue
            label = self._label(
                name, self._seat_names(), self.scaler.length(12), palette().label, rect.w - 8
            )
            clear = label.get_rect(topleft=(rect.left + 4, rect.top + 2))
            reach = clear.bottom
            if place.arrange == "stack":  # its count beside the label
                reach = max(
                    reach,
                    rect.top + 2 + self.fonts.font(self.scaler.length(12), True).get_linesize() + 2,
                )
            elif name in corners:  # its badge beside the label, on two lines maybe
                reach = max(reach, self._corner_badge(name, self._badge_text(name) or "")[1].bottom)
            over = self._whole_chips(name, rect, clear)
            placed = self.cover_chips(rect, over, clear)
            reach = max([reach] + [box.bottom for _, _, box in placed])
            top = rect.top + band + self.scaler.length(2)  # where strips begin (`strip_rects`)
            if reach + 1 > top:
                out[name] = reach + 1 - top
        return out

    def _whole_chips(self, name: str, rect: pygame.Rect, clear) -> tuple:
        """A zone's chips as they fit whole (`hud.cover_chips` would cut one with
        an ellipsis): the fewest changed, those the game lets go (`Chip.short`
        "") left off first, then the widest said in its shorter words; in a
        zone whose strips they would leave too little room (`terse`) every
        chip in its shorter words."""
        chips = list(self.decor.covers.get(name, ()))
        if name in self.terse:
            chips = [replace(c, text=c.short, short=None) if c.short else c for c in chips]
            chips = [c for c in chips if c.short != ""]
        while [c for c, _, _ in self.cover_chips(rect, tuple(chips), clear)] != chips:
            can = [c for c in chips if c.short is not None]
            if not can:
                break
            c = min(can, key=lambda c: (c.short != "", -len(c.text)))
            if c.short:
                chips[chips.index(c)] = replace(c, text=c.short, short=None)
            else:
                chips.remove(c)
        return tuple(chips)

    def cover_chips(self, rect: pygame.Rect, over: tuple, clear) -> list:
        """Where a zone's chips go (`hud.cover_chips`), none larger than a
        zone's label: a zone grown with its cards keeps its chips' size."""
        return hud.cover_chips(self.fonts, rect, over, clear, self.scaler.length(15))

    def card_size(self, zone: str) -> tuple[int, int]:
        place = self.layout.place(zone, self.viewer, self.view.seats)
        return geo.card_size(self.layout, place, self.scaler)

    def rotation(self, zone: str) -> int:
        return self.layout.place(zone, self.viewer, self.view.seats).rotation

    def zone_label(self, zone: str, seat_names: list[str]) -> str:
        """The layout's label, with the owner's name for another seat's zone and
        for a computer's own ("Your hand" is said only to a person)."""
        place = self.layout.place(zone, self.viewer, self.view.seats)
        owner = self.view.zones[zone].owner
        if ":" not in zone or owner is None:
            return place.label
        who = seat_names[owner] if zone in self.hands else seat_names[owner].split()[0]
        if owner != self.viewer:
            return f"{who} \u00b7 {place.label}"
        if self.watching and place.label.lower().startswith("your "):
            rest = place.label[5:]
            return f"{who} \u00b7 {rest[:1].upper()}{rest[1:]}"
        return place.label

    def draw(self, surf: pygame.Surface, marks: Marks, seat_names: list[str]) -> None:
        """Draw the whole table for the current view (after `lay_out`)."""
        s = self.scaler
        view = self.view
        self._names = list(seat_names)
        deciding = view.decision.seat if view.decision else None
        surf.blit(self._background(surf.get_size(), deciding, seat_names), (0, 0))
        self.boxes = [(name, box) for name, box in self.labels.items()]
        radius = s.length(8)
        by_zone: dict[str, list[geo.Placed]] = {}
        for p in self.placed:
            by_zone.setdefault(p.zone, []).append(p)
        for name, rect in self.zones.items():
            if name != self.opened or self.open_rect is None:
                self._zone(surf, name, rect, by_zone.get(name, []), marks, seat_names)
        if self.open_rect is not None:  # over its neighbours, with its label again
            rect = self.open_rect
            shade = pygame.Surface(rect.inflate(12, 12).size, pygame.SRCALPHA)
            shade.fill((0, 0, 0, 90))
            surf.blit(shade, rect.inflate(12, 12).move(3, 4))
            pygame.draw.rect(surf, palette().zone, rect, border_radius=radius)
            pygame.draw.rect(surf, palette().label, rect, max(1, s.length(2)), border_radius=radius)
            label = self._inside_label(
                self.opened, rect, seat_names, palette().label, self._corner_widths()
            )
            box = surf.blit(label, (rect.left + 4, rect.top + 2))
            self._zone(
                surf, self.opened, rect, by_zone.get(self.opened, []), marks, seat_names, box
            )
        self._arrows(surf)

    def _zone(
        self, surf, name, rect, placed, marks: Marks, seat_names, label: pygame.Rect | None = None
    ) -> None:
        """One zone's marks, figures, tint, cards, chips and badge; `label`:
        where its label is, if not where the background drew it."""
        s, decor, radius, p = self.scaler, self.decor, self.scaler.length(8), palette()
        if name in marks.last:  # dashed: told from a target's brackets without colour
            width = max(2, s.length(3)) + p.width
            strokes.dashed(surf, p.last, rect.inflate(4, 4), width, s.length(14), s.length(8))
        if (name, None) in marks.targets:
            glow = pygame.Surface(rect.size, pygame.SRCALPHA)
            glow.fill((*p.target, 60))
            surf.blit(glow, rect)
            width = max(3, s.length(4)) + p.width
            pygame.draw.rect(surf, p.target, rect.inflate(6, 6), width, border_radius=radius)
            strokes.brackets(surf, p.target, rect.inflate(6 + 4 * width, 6), width)  # ears
        if name in decor.huds:
            self.boxes += [
                (name, b)
                for b in hud.seat(
                    surf, self.fonts, rect, decor.huds[name], seat_names[decor.huds[name].seat]
                )
            ]
        hud.tint(surf, rect, decor.tints.get(name, ()))
        self._draw_zone(surf, name, placed, marks)
        if name in decor.covers:  # clear of the label inside the zone
            clear = label or self.labels.get(name)
            self.boxes += [
                (name, b)
                for b in hud.covers(
                    surf,
                    self.fonts,
                    rect,
                    self._whole_chips(name, rect, clear),
                    clear,
                    s.length(15),
                )
            ]
        badge = self._badge(surf, name, rect, s.length(15), any(p.strip for p in placed))
        if badge is not None:
            self.boxes.append((name, badge))

    def _arrows(self, surf: pygame.Surface) -> None:
        """The moves the game reports as declared and waiting (they would show
        only in the log otherwise)."""
        where = {p.name: p for p in self.placed if p.name}
        width = max(2, self.scaler.length(4))
        lane = 0
        for a in self.decor.arrows:
            start, end = where.get(a.card), where.get(a.target)
            if start is not None and end is not None and start.strip and end.strip:
                # between strips: round the zones, so no name lies under an arrow;
                # a label its run passes over (the gap between zones is narrow)
                # is drawn again over it, the arrow broken there
                runs = routed(
                    surf,
                    start.rect,
                    self.zones[start.zone],
                    end.rect,
                    self.zones[end.zone],
                    a.colour,
                    width,
                    lane,
                )
                for label in self.labels.values():
                    if label.collidelist(runs) >= 0:
                        surf.blit(self._bg, label, label)
                lane += 1
                continue
            end_rect = end.rect if end is not None else None
            if end is None and a.target in self.zones:  # aim at the middle of a zone
                end_rect = pygame.Rect(self.zones[a.target].center, (0, 0)).inflate(width, width)
            if start is not None and end_rect is not None:
                arrow(surf, start.rect, end_rect, a.colour, width)

    def _background(self, size, deciding, seat_names: list[str]) -> pygame.Surface:
        """Felt, zone panels and their labels. They change only with the window,
        the viewer, the deciding seat or the seats, so they are drawn once and
        reused (on a crowded grid of sites they cost more than the cards)."""
        huds = frozenset(self.decor.huds)
        corners = self._corner_widths()
        rooms = tuple(
            (name, self._room(name, rect))
            for name, rect in self.zones.items()
            if self.layout.place(name, self.viewer, self.view.seats).inside
        )
        key = (
            size,
            self.viewer,
            self.watching,
            deciding,
            tuple(seat_names),
            tuple(self.zones.items()),
            huds,
            tuple(corners.items()),
            rooms,
            palette().name,
        )
        if self._bg_key == key:
            return self._bg
        bg = pygame.Surface(size)
        if pygame.display.get_surface() is not None:
            bg = bg.convert()
        p = palette()
        bg.fill(p.felt_dark)
        self.labels = {}
        s = self.scaler
        pygame.draw.rect(bg, p.felt, s.rect((0, 0, *s.canvas)))
        font_px, radius = s.length(15), s.length(8)
        for name, rect in self.zones.items():
            zone = self.view.zones[name]
            pygame.draw.rect(bg, p.zone, rect, border_radius=radius)
            place = self.layout.place(name, self.viewer, self.view.seats)
            if name in huds:
                continue  # the zone is all live figures (hud.seat)
            if place.inside:
                label = self._inside_label(name, rect, seat_names, p.label, corners)
                self.labels[name] = bg.blit(label, (rect.left + 4, rect.top + 2))
                continue
            colour = seat_colour(deciding) if zone.owner == deciding and ":" in name else p.label
            label = self._label(name, seat_names, font_px, colour, rect.w)
            # above the zone; with no room there (a zone at the window's top, a larger
            # text size), at the window's top over the zone's own edge: below it the
            # label lay over the next zone's label
            ly = max(0, rect.top - label.get_height() - 2)
            self.labels[name] = bg.blit(label, (rect.left + 4, ly))
        self._bg, self._bg_key = bg, key
        return bg

    def _label(
        self, name, seat_names, px, colour, width, room: int | None = None
    ) -> pygame.Surface:
        """The zone's label (`_label_words`); given `room`, in the first words
        that fit it, else in its fewest (that still say whose it is), narrowed
        if need be (`faces.line_img`)."""
        if room is not None and room < width:
            least = self.fonts.font(px, True).size(self._label_forms(name, seat_names)[-1])[0]
            width = min(width, max(room, least + 4))
        text, size = self._label_words(name, seat_names, px, width)
        return faces.line_img(self.fonts, text, size, width - 4, colour, True)

    def _label_forms(self, name, seat_names) -> list[str]:
        """The zone's label from the most to the fewest words: with the seat's
        name, its short name, without the dot (and what follows a colon), in the
        layout's `short` words. Never without whose it is: "Dead" at a five-seat
        table, whose?"""
        own = self.zone_label(name, [n.split()[0] for n in seat_names])
        brief = own.replace(" \u00b7 ", " ")
        # a label that says how its zone is read after a colon ("Row 1: who plays,
        # who answers") says what it is without that, before it goes unsaid whose
        fewest = [brief.partition(":")[0]] if ":" in brief else []
        forms = [self.zone_label(name, seat_names), own, brief, *fewest]
        # then its words in the fewer letters the layout gives ("P3 Chron.")
        short = self._shortened(forms[-1])
        return forms if short == forms[-1] else [*forms, short]

    def _shortened(self, text: str) -> str:
        """`text` in the layout's `short` words, word for whole word."""
        out = f" {text} "
        for words, fewer in self.layout.short.items():
            out = out.replace(f" {words} ", f" {fewer} ")
        return out.strip()

    def _label_words(self, name, seat_names, px, width, alone: bool = True) -> tuple[str, int]:
        """The zone's label and its size, fitted over a narrow zone (labels of
        zones side by side never overlap): with whose it is, in a smaller type
        if need be (to 9 px), else with a shorter name for the seat, else in
        its fewest words at the least size, for `faces.line_img` to narrow (or,
        narrowed too little, to crop)."""
        width -= 4  # it starts 4 px in
        texts = self._label_forms(name, seat_names)
        for text in texts:
            for size in range(px, min(px, 9) - 1, -1):
                if self.fonts.font(size, True).size(text)[0] <= width:
                    return text, self.fonts.px(size)
        least = self.fonts.px(min(px, 9))
        font = self.fonts.font(least, True)
        if alone and font.size(texts[-1])[0] * faces.CONDENSE > width:
            words = self._owner_said(name, seat_names, px)
            if words and font.size(words)[0] * faces.CONDENSE <= width:
                return words, least  # whose it is said by its row's or column's label
        return texts[-1], least

    def _owner_said(self, name: str, seat_names, px: int) -> str | None:
        """Another seat's zone's words without the owner (in the layout's
        `short` words), where a zone of the same seat in line with it (as wide
        and above or below it, or beside it, its top level with it or as high,
        no other seat's zone between) says whose they are, whole beside its
        badge: five narrow piles over "P3 · Field" read "Deck", "Hand", "Rest",
        "Dead", "Chron." where "P3 Deck" cannot be whole beside its count (six
        seats at a larger text size); None: its label keeps its owner."""
        owner, me = self.view.zones[name].owner, self.zones.get(name)
        if ":" not in name or owner is None or owner == self.viewer or me is None:
            return None
        corners = self._corner_widths()
        for other, rect in self.zones.items():
            if other == name or self.view.zones[other].owner != owner:
                continue
            column = rect.left <= me.left and rect.right >= me.right
            row = rect.top == me.top or (rect.top <= me.top and rect.bottom >= me.bottom)
            if not (column or row):
                continue
            span = me.union(rect)  # what lies between them, across its own width or height
            span = (
                pygame.Rect(me.left, span.top, me.w, span.h)
                if column
                else pygame.Rect(span.left, me.top, span.w, me.h)
            )
            if any(
                self.view.zones[z].owner != owner and span.colliderect(r)
                for z, r in self.zones.items()
            ):
                continue
            says = self._label_forms(other, seat_names)[-1]  # whole beside its badge
            room = rect.w - 12 - corners.get(other, 0)
            if other in self.decor.huds or (
                self.fonts.font(px, True).size(says)[0] * faces.CONDENSE <= room
            ):  # (a seat's figures name it)
                return self._shortened(self.layout.place(name, self.viewer, self.view.seats).label)
        return None

    def _draw_zone(self, surf, name, placed: list[geo.Placed], marks: Marks) -> None:
        zone = self.view.zones[name]
        place = self.layout.place(name, self.viewer, self.view.seats)
        size = geo.card_size(self.layout, place, self.scaler)
        if place.arrange == "stack" and len(zone.cards) > 1 and placed and not placed[0].strip:
            top = placed[-1].rect
            back = self.art.card(None, size, place.rotation)
            under = min(3, len(zone.cards) - 1)
            step = max(1, self.scaler.length(geo.STACK_DEPTH))
            for i in range(under, 0, -1):
                surf.blit(back, top.move(-i * step, -i * step))
        for p in placed:
            if (p.zone, p.index) in marks.lifted or (p.zone, p.name) in marks.arriving:
                continue
            decor = self.decor.cards.get(p.name) if p.name else None
            if p.strip:  # the name ends where the chips on its line begin
                at = (
                    hud.strip_chips(self.fonts, p.rect.size, decor, self.art.face(p.name))[3]
                    if decor
                    else None
                )
                image = self.art.strip(
                    p.name, p.rect.size, at, place.arrange == "stack", name in self.hands
                )
            else:  # cards under a large label are drawn smaller (`geo.place_cards`)
                image = self.art.card(
                    p.name,
                    p.rect.size if p.rotation in (0, 180) else size,
                    p.rotation,
                    name.partition(":")[0] in self.art.present.plain_in,
                    decor is not None and decor.veil is not None,  # its word where the text was
                )
            surf.blit(image, p.rect)
            if decor is not None:
                drawn = hud.card(
                    surf, self.fonts, p.rect, decor, face=self.art.face(p.name), strip=p.strip
                )
            elif p.name and self.art.face(p.name).numbers is not None:  # printed numbers
                face = self.art.face(p.name)
                box = faces.numbers_box(
                    self.fonts, faces.numbers_text(face.numbers), p.rect.size, strip=p.strip
                )[0]
                drawn = [box.move(p.rect.topleft).clip(p.rect)]  # printed on the face
            else:
                drawn = []
            self.boxes += [(f"{name}#{p.index}", b) for b in drawn]
            self._mark(surf, name, p, marks)

    def _mark(self, surf, name: str, p: geo.Placed, marks: Marks) -> None:
        """A card's mark: selected (raised by the layout, framed), a target
        (framed, with corner brackets), or able to move now (a plain frame)."""
        pal = palette()
        width = max(2, self.scaler.length(3)) + pal.width
        # a tenth of its shorter side: of a strip's width, the frame's corner curved
        # in over the figures at its end ("D3" read "D" at 1920x1080)
        radius = max(2, min(p.rect.w, p.rect.h) // 10)
        if p.index in marks.selected.get(name, ()):
            pygame.draw.rect(surf, pal.select, p.rect.inflate(4, 4), width, border_radius=radius)
        elif (name, p.name) in marks.targets:
            box = p.rect.inflate(6, 6)
            pygame.draw.rect(surf, pal.target, box, width + 1, border_radius=radius)
            strokes.brackets(surf, pal.target, box.inflate(4 * width, 0), width + 1)
        elif p.name and (name, p.name) in marks.playable:
            pygame.draw.rect(surf, pal.playable, p.rect.inflate(2, 2), width, border_radius=radius)

    def _corner_widths(self) -> dict[str, int]:
        """How much of their label's line the badges at a zone's top right take
        (a pile labelled inside, or a zone too low for its badge under its
        label: `_badge`), by zone; worked out once for the same view, zones,
        cards placed and seat names (a frame asks it for every zone)."""
        key = (self.view, self.zones, self.placed, self.decor)
        names = (self.scaler, self.fonts.floor, self.viewer, tuple(self._seat_names()))
        if self._corners and all(a is b for a, b in zip(self._corners[0], key, strict=True)):
            if self._corners[1] == names:
                return self._corners[2]
        out = self._corners_now()
        self._corners = (key, names, out)
        return out

    def _corners_now(self) -> dict[str, int]:
        """`_corner_widths`, worked out."""
        out = {}
        strips = {p.zone for p in self.placed if p.strip}
        filled = {p.zone for p in self.placed}
        for name in self.zones:
            place = self.layout.place(name, self.viewer, self.view.seats)
            text = self._badge_text(name)
            if place.inside and text is not None and self._badge_up(name, text):
                out[name] = self._corner_badge(name, text)[1].w - 3  # 3 px from the label
            elif place.arrange == "stack" and place.inside and text is not None and name in filled:
                px = self.scaler.length(12)
                wide = self._corner_badge(name, text)[1].w + 4
                label = self._label_forms(name, self._seat_names())[0]
                room = self.zones[name].w - 12 - self.fonts.font(px, True).size(label)[0]
                if name in strips or wide <= room:  # a card's face: only beside its label
                    out[name] = wide
        return out

    def _badge_up(self, name: str, text: str) -> bool:
        """Whether a zone's badge in its bottom corner would lie on its label
        inside, or leave its strips not a line where beside the label it would
        leave them one (a low zone at a larger text size): it goes there."""
        rect, px = self.zones[name], self.scaler.length(15)
        words, size = self._label_words(
            name, self._seat_names(), self.scaler.length(12), rect.w - 8, alone=False
        )
        wide, high = self.fonts.font(size, True).size(words)
        label = pygame.Rect(rect.left + 4, rect.top + 2, min(wide, rect.w - 12), high)  # narrowed
        box = self._badge_box(self._badge_lines(text, px, rect.w - 4, True), px)
        place = self.layout.place(name, self.viewer, self.view.seats)
        if place.arrange == "stack":
            box.bottomleft = (rect.left + 2, rect.bottom - 2)
            return box.colliderect(label)
        box.bottomright = (rect.right - 2, rect.bottom - 2)
        if box.colliderect(label):
            return True
        cards = self.view.zones[name].cards
        if not cards or not geo.in_strips(self.layout, place, cards, rect.w / self.scaler.scale):
            return False
        line = self.scaler.line(geo.STRIP) + 4
        up = self._corner_badge(name, text)[1]
        if box.top - label.bottom < line <= rect.bottom - max(up.bottom, label.bottom):
            return True
        # or its strips would lie on each other above it, and clear of it would not
        top = rect.top + self.scaler.line(geo.LABEL_BAND) + self.scaler.length(2)
        fit = (place, rect, len(cards), self.scaler)
        least = self._strip_width(name)
        below = geo.strip_rects(*fit, label.bottom + 1 - top, box.h + 2, least)
        beside = geo.strip_rects(*fit, up.bottom + 1 - top, 0, least)
        return _overlap(below) and not _overlap(beside)

    def _badge_by_chips(self, name: str) -> pygame.Rect | None:
        """Where the badge of a zone of strips stands on the second line its
        chips take under its label, left of them, where in its bottom corner it
        would leave its strips less than a line (a seat's figures beside a
        status chip at a larger text size); None: it stands in its corner."""
        text = self._badge_text(name)
        place = self.layout.place(name, self.viewer, self.view.seats)
        if (
            text is None
            or not place.inside
            or place.arrange == "stack"
            or name in self.decor.huds
            or not geo.in_strips(
                self.layout,
                place,
                self.view.zones[name].cards,
                self.zones[name].w / self.scaler.scale,
            )
            or name in self._corner_widths()
        ):
            return None
        rect = self.zones[name]
        label = self._inside_label(name, rect, self._seat_names(), palette().label, {})
        clear = label.get_rect(topleft=(rect.left + 4, rect.top + 2))
        over = self._whole_chips(name, rect, clear)
        boxes = [box for _, _, box in self.cover_chips(rect, over, clear)]
        if len({b.top for b in boxes}) < 2:
            return None
        last = [b for b in boxes if b.top == max(b.top for b in boxes)]
        px = self.scaler.length(15)
        lines = self._badge_lines(text, px, rect.w - 4, True)
        box = self._badge_box(lines, px)
        box.bottomright = (min(b.left for b in last) - 3, max(b.bottom for b in last))
        room = rect.bottom - max(b.bottom for b in boxes) - 1 - self.scaler.length(2)
        if len(lines) > 1 or box.left < rect.left + 3 or box.top < clear.bottom:
            return None
        return box if room - box.h - 2 < self.scaler.line(geo.STRIP) else None

    def _corner_badge(self, name: str, text: str) -> tuple[list[str], pygame.Rect]:
        """A zone's badge beside its label, at its top right: its lines (two
        where one is wider than the room the label's fewest words leave, or
        half the zone for a pile's count, each cut to that) and its box."""
        rect, px = self.zones[name], self.scaler.length(12)
        pad = max(3, self.scaler.length(15) // 3)
        room = rect.w // 2
        if self.layout.place(name, self.viewer, self.view.seats).arrange != "stack":
            least = self._label_forms(name, self._seat_names())[-1]
            room = max(room, rect.w - 12 - self.fonts.font(px, True).size(least)[0])
        lines = [
            faces.cut(self.fonts, t, px, room - pad * 2, True, least=1)
            for t in self._badge_lines(text, px, room)
        ]
        font = self.fonts.font(px, True)
        high = font.get_linesize() * (len(lines) - 1) + font.size(lines[0])[1]
        box = pygame.Rect(0, 0, max(font.size(t)[0] for t in lines), high).inflate(pad * 2, 2)
        box.topright = (rect.right - 2, rect.top + 2)
        return lines, box

    def _badge_text(self, name: str) -> str | None:
        """A zone's badge: the game's words for it, else the count of a stack
        or a hand (whose cards hide each other), else None."""
        text = self.decor.badges.get(name)
        if text is None and (
            name in self.hands
            or self.layout.place(name, self.viewer, self.view.seats).arrange == "stack"
        ):
            text = str(len(self.view.zones[name].cards))
        return text

    def _badge_lines(self, text: str, font_px: int, width: int, words: bool = False) -> list[str]:
        """A badge's words on one line, or on two split at the " \u00b7 " (else
        the space, given `words`) nearest their middle where one line is wider
        than `width` (a seat's figures, an empty territory's words at a larger
        text size)."""
        font = self.fonts.font(font_px, True)
        pad = max(3, self.fonts.px(font_px) // 3)
        sep = " \u00b7 " if " \u00b7 " in text or not words else " "
        parts = text.split(sep)
        if font.size(text)[0] + 2 * pad <= width or len(parts) < 2:
            return [text]
        half = min(
            range(1, len(parts)),
            key=lambda k: abs(font.size(sep.join(parts[:k]))[0] - font.size(text)[0] / 2),
        )
        return [sep.join(parts[:half]) + sep.rstrip(), sep.join(parts[half:])]

    def _badge_box(self, lines: list[str], font_px: int) -> pygame.Rect:
        font = self.fonts.font(font_px, True)
        pad = max(3, self.fonts.px(font_px) // 3)
        size = max(font.size(t)[0] for t in lines), font.get_linesize() * (len(lines) - 1)
        return pygame.Rect(0, 0, size[0], size[1] + font.size(lines[0])[1]).inflate(pad * 2, 2)

    def _badge(
        self, surf, name: str, rect: pygame.Rect, font_px: int, strips: bool = False
    ) -> pygame.Rect | None:
        """The game's own words for a zone (a pile against its capacity, a seat's
        points), else a count where cards hide each other (stacks and hands); a
        stack's at its bottom left, where its top card has neither numbers nor
        index; a stack labelled inside has it at the top right, beside its label,
        where no card's words are."""
        text = self._badge_text(name)
        place = self.layout.place(name, self.viewer, self.view.seats)
        if text is None:
            return None
        lines = self._badge_lines(text, font_px, rect.w - 4, True)
        img = self._badge_img(lines, font_px)
        box = self._badge_box(lines, font_px)
        box.bottomright = (rect.right - 2, rect.bottom - 2)
        by_chips = self._badge_by_chips(name)
        if name in self._corner_widths():  # beside the label, clear of the card
            lines, box = self._corner_badge(name, text)
            img = self._badge_img(lines, self.scaler.length(12))
        elif by_chips is not None:  # on its chips' line, clear of its strips
            box = by_chips
        elif place.arrange == "stack":  # clear of the top card's numbers and corner index
            box.bottomleft = (rect.left + 2, rect.bottom - 2)
            words = [b for o, b in self.boxes if o.startswith(f"{name}#")]
            for other in words:  # a narrow pile: above its top card's numbers
                if box.colliderect(other) and other.top - 2 - box.h >= rect.top:
                    box.bottom = other.top - 2
        else:  # a low zone: left of its chips where they leave it room ("FIRST")
            box = self._left_of_chips(name, rect, box)
        radius = min(box.h, self.fonts.font(font_px, True).get_linesize() + 2) // 2
        pygame.draw.rect(surf, (240, 232, 200), box, border_radius=radius)
        surf.blit(img, img.get_rect(center=box.center))
        return box

    def _left_of_chips(self, name: str, rect: pygame.Rect, box: pygame.Rect) -> pygame.Rect:
        """A badge in a zone's bottom right corner that would lie on its chips
        (a low zone: a seat's "Honor 0 · Ryo 0" hid its "FIRST"), on their line
        left of them where that is in the zone and clear of its label and
        chips; else where it was."""
        mine = [b for o, b in self.boxes if o == name]
        under = [b for b in mine if b.colliderect(box)]
        if not under:
            return box
        moved = box.copy()
        moved.right = min(b.left for b in under) - 3
        if moved.left < rect.left + 2 or moved.collidelist(mine) != -1:
            return box
        return moved

    def _badge_img(self, lines: list[str], font_px: int) -> pygame.Surface:
        """A badge's lines, each centred under the one before."""
        imgs = [self.fonts.text(t, font_px, (20, 20, 20), True) for t in lines]
        if len(imgs) == 1:
            return imgs[0]
        step = self.fonts.font(font_px, True).get_linesize()
        surf = pygame.Surface(
            (max(i.get_width() for i in imgs), step * (len(imgs) - 1) + imgs[-1].get_height()),
            pygame.SRCALPHA,
        )
        for k, img in enumerate(imgs):
            surf.blit(img, img.get_rect(midtop=(surf.get_width() // 2, k * step)))
        return surf


def _overlap(rects: list[pygame.Rect]) -> bool:
    """Whether any two of `rects` lie on each other."""
    return any(r.collidelist(rects[i + 1 :]) >= 0 for i, r in enumerate(rects))
