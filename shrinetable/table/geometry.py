"""From layout units to window pixels, and where each card of a zone sits.

Pure arithmetic on `pygame.Rect` (no display needed), so tests compute the
same card positions the window draws (the end-to-end test drags from them).
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Sequence
from dataclasses import dataclass, replace
from functools import cache, partial

import pygame

from shrinetable.engine import View, registry
from shrinetable.formats.layout import Layout, Place, taken

RAISE = 0.2  # how far a selected card lifts, in card heights
# Strips: a framed face (a name, numbers, keywords) narrower than LEGIBLE canvas
# units cannot carry its name at 11 px at 1280x720, so such cards are drawn as
# strips across their zone instead: a line each with the name and the numbers
# (two lines, with the type and keywords, where there is room). Units, not
# pixels, so the table looks the same at every window size.
LEGIBLE = 90
STRIP = 23  # one line's height, canvas units (the 14 px floor's line at 1280x720)
STRIP_MAX = 50  # two lines (of the 14 px floor at 1280x720)
STRIP_MIN_W = 100  # the narrowest strip (more columns only while they are this wide,
# and wide enough for the zone's widest numbers: `strip_rects`)
LABEL_BAND = 18  # the label of a zone labelled inside sits above its strips
STACK_DEPTH = 3  # a stack shows up to three cards under its top one, this far up-left each
STRIP_WIDE = 220  # two-line strips in more columns, while each column is this wide
PILE_BADGE = 24  # a pile's count, under its top card drawn as a strip
NARROW = 136  # an empty zone of a shared row: room for its label and its badge
SLIVER = 1 / 6  # of a line: the least of a strip left in view under a card that matters
SQUEEZE = 0.85  # cards a little too high to pass under their label are drawn this much
# a row of a person's cards that would overlap is drawn down to this much of its size
# first: a card laid over the one before covers its numbers (a hand of seven wide cards)
CROWD = 0.75
# smaller at least, where beside it they would hide each other's names


@dataclass(frozen=True)
class Scaler:
    """The design canvas fitted (uniformly, centred) into a window."""

    canvas: tuple[int, int]
    size: tuple[int, int]
    text: float = 1.0  # the menu's text size: a line of text takes this much more room

    @property
    def scale(self) -> float:
        return min(self.size[0] / self.canvas[0], self.size[1] / self.canvas[1])

    @property
    def offset(self) -> tuple[float, float]:
        s = self.scale
        return ((self.size[0] - self.canvas[0] * s) / 2, (self.size[1] - self.canvas[1] * s) / 2)

    def rect(self, r) -> pygame.Rect:
        s, (ox, oy) = self.scale, self.offset
        x, y, w, h = r
        left, top = round(ox + x * s), round(oy + y * s)
        return pygame.Rect(left, top, round(ox + (x + w) * s) - left, round(oy + (y + h) * s) - top)

    def length(self, v: float) -> int:
        return max(1, round(v * self.scale))

    def line(self, v: float) -> int:
        """`length` of room for text (a strip's line, a label's band), which
        grows with the menu's text size."""
        return self.length(v * self.text)


@dataclass(frozen=True)
class Placed:
    """One card as drawn: `index` counts bottom-to-top in its zone; `name` is
    None for a card the viewer may not see (or a face-down zone)."""

    zone: str
    index: int
    name: str | None
    rect: pygame.Rect
    rotation: int
    strip: bool = False  # drawn as a strip (name and numbers on a line), not a card


def card_size(layout: Layout, place: Place, scaler: Scaler) -> tuple[int, int]:
    """Unrotated card size in pixels for a zone."""
    k = place.card_scale * scaler.scale
    return max(4, round(layout.card.width * k)), max(6, round(layout.card.height * k))


def footprint(size: tuple[int, int], rotation: int) -> tuple[int, int]:
    w, h = size
    return (h, w) if rotation in (90, 270) else (w, h)


def arrange(
    place: Place,
    area: pygame.Rect,
    n: int,
    size: tuple[int, int],
    raised: frozenset[int] = frozenset(),
    band: int = 0,
    depth: int = 0,
) -> list[pygame.Rect]:
    """Rectangles (footprints) of `n` cards laid out in `area`, bottom first
    (`band`: the height of the label of a zone labelled inside; `depth`: how
    far up a stack's cards under the top one show)."""
    fw, fh = footprint(size, place.rotation)
    if n == 0:
        return []
    if place.arrange == "stack":  # its count goes in its bottom left corner
        r = pygame.Rect(0, 0, fw, fh)
        r.center = area.center
        if place.inside and fh + depth <= area.h - 2 * band:  # between its label and
            r.centery = area.top + band + depth + (area.h - 2 * band - depth) // 2  # count
        elif place.inside and fh <= area.h - band:
            r.centery = area.top + band + (area.h - band) // 2
        elif place.inside:  # the label sits in the top left: keep it in view
            r.bottom = min(area.bottom - 1, r.bottom + (area.h - fh) // 2)
        else:  # under its label (above the zone), its count on a line of its own below
            r.top = area.top + min(depth, (area.h - fh) // 2)
        return [r.copy() for _ in range(n)]
    if place.arrange == "grid":
        cols = max(1, place.columns)
        rows = -(-n // cols)
        sx = min(fw * 1.08, (area.w - fw) / max(1, cols - 1)) if cols > 1 else 0
        sy = min(fh * 1.08, (area.h - fh) / max(1, rows - 1)) if rows > 1 else 0
        return [
            pygame.Rect(round(area.x + (i % cols) * sx), round(area.y + (i // cols) * sy), fw, fh)
            for i in range(n)
        ]
    horizontal = area.w >= area.h
    length, along = (area.w, fw) if horizontal else (area.h, fh)
    desired = {"row": along * 1.08, "fan": along * 0.72, "spread": along * 0.3}[place.arrange]
    step = min(desired, (length - along) / (n - 1)) if n > 1 else 0
    total = along + step * (n - 1)
    start = (length - total) / 2 if place.arrange != "spread" else 0
    rects = []
    for i in range(n):
        r = pygame.Rect(0, 0, fw, fh)
        if horizontal:
            r.x = round(area.x + start + i * step)
            r.centery = area.centery
            if place.inside:  # the label sits in the top left: keep it in view
                r.bottom = min(area.bottom - 1, r.bottom + (area.h - fh) // 2)
            if i in raised:
                r.y -= round(fh * RAISE)
        else:
            r.y = round(area.y + start + i * step)
            r.centerx = area.centerx
            if i in raised:
                r.x += round(fw * RAISE) * (1 if place.rotation == 90 else -1)
        rects.append(r)
    return rects


@cache
def _framed(game: str, card: str) -> bool:
    """Whether `card`'s face is framed (text that needs room); an unknown game
    or card is drawn with its notation on a framed face."""
    try:
        present = registry.get(game).present
    except KeyError:
        return True
    face = present.card_face(card)
    return face is None or face.style == "framed"


def in_strips(
    layout: Layout, place: Place, cards: Sequence[str | None], width: float | None = None
) -> bool:
    """Whether a zone's cards are drawn as strips: framed faces the viewer sees,
    too narrow to read (`LEGIBLE`), or a row of them too many to lie side by
    side in the zone's `width` (canvas units) even at `CROWD` of their size
    (a card laid over the next hides its name and numbers: each strip shows
    them), in a zone not turned sideways."""
    shown = next((c for c in cards if c is not None), None)
    wide = layout.card.width * place.card_scale
    snug = wide * CROWD - 1  # a unit's overlap is the frame's edge, not its numbers
    return (
        shown is not None
        and place.facing == "up"
        and place.rotation == 0
        and (
            wide < LEGIBLE
            or (place.arrange == "row" and width is not None and len(cards) * snug > width)
        )
        and _framed(layout.game, shown)
    )


def beside_label(place: Place, area: pygame.Rect, scaler: Scaler) -> bool:
    """Whether a zone labelled inside is too low for its label's band and a
    line of strips under it (a larger text size): its strips go beside it."""
    return place.inside and area.h < scaler.line(LABEL_BAND + STRIP) + 2 * scaler.length(2)


def strip_rects(
    place: Place,
    area: pygame.Rect,
    n: int,
    scaler: Scaler,
    lower: int = 0,
    foot: int = 0,
    least: int = 0,
    tall: dict[int, int] | None = None,
    most_cols: int = 0,
    fewest_cols: int = 1,
) -> list[pygame.Rect]:
    """`n` strips filling `area` (below the label when it is inside, and `lower`
    pixels more: chips over the zone on a second line; above the zone's badge,
    `foot` pixels high, at its bottom), in as few columns as keep a line each
    readable (and `least` pixels wide: the zone's widest numbers beside a few
    letters of a name), rows at most two lines high; a stack shows only its
    top card, as one strip at the top. `tall`: the height (pixels) a card
    needs to be read whole, given to it before the others share the rest;
    `most_cols`: columns at most (0: as many as keep a line each);
    `fewest_cols`: columns at least (narrower strips, each with more lines)."""
    if n == 0:
        return []
    above = _above_badge(place, area, scaler, lower, foot)
    if place.inside:
        band = scaler.line(LABEL_BAND) + lower
        area = pygame.Rect(area.x, area.y + band, area.w, area.h - band)
    if above:
        area.h -= foot
    area = area.inflate(-2 * scaler.length(3), -2 * scaler.length(2))
    if place.arrange == "stack":  # as high as leaves its count its own line below
        high = area.h if place.inside else area.h - scaler.line(PILE_BADGE)
        high = min(high, scaler.line(STRIP_MAX * 2))
        if high < scaler.line(STRIP_MAX):  # a low zone: the count goes over it
            high = min(area.h, scaler.line(STRIP_MAX * 1.5))
        r = pygame.Rect(area.x, area.y, area.w, high)
        return [r.copy() for _ in range(n)]
    line, most = scaler.line(STRIP), scaler.line(STRIP_MAX)
    most_cols = most_cols or n
    cols, narrowest = max(1, min(fewest_cols, most_cols, n)), max(scaler.line(STRIP_MIN_W), least)
    while -(-n // cols) * line > area.h and area.w / (cols + 1) >= narrowest and cols < most_cols:
        cols += 1
    # a wide zone: two columns, so each strip has its second line (keywords, states);
    # not more, so every strip has an end on the zone's side for arrows (`routed`)
    if (
        cols == 1
        and most_cols > 1
        and n * most > area.h
        and area.w / 2 >= max(scaler.line(STRIP_WIDE), least)
    ):
        cols = 2
    rows = -(-n // cols)
    gap = max(1, scaler.length(2))
    h = min(most, (area.h + gap) // rows - gap)
    step: float = h + gap
    if h < line:  # too many even so: the strips overlap, each line's top in view
        h, step = line, (area.h - line) / max(1, rows - 1)  # one row: no step taken
    w = (area.w - gap * (cols - 1)) // cols
    tops = [area.y + r * step for r in range(rows)]
    highs = [h] * rows
    if tall:
        wants = [
            max((tall.get(i, 0) for i in range(r * cols, (r + 1) * cols)), default=0)
            for r in range(rows)
        ]
        if any(t > h for t in wants):
            tops, highs = _rows(area.y, area.h, wants, line, most, gap) or (tops, highs)
    return [
        pygame.Rect(area.x + (i % cols) * (w + gap), round(tops[i // cols]), w, highs[i // cols])
        for i in range(n)
    ]


def _above_badge(place: Place, area: pygame.Rect, scaler: Scaler, lower: int, foot: int) -> bool:
    """Whether a zone's strips end above its badge, `foot` pixels high: a
    line of them has room over it (under the label and `lower`)."""
    band = scaler.line(LABEL_BAND) + lower if place.inside else 0
    return place.arrange != "stack" and bool(foot) and area.h - band - foot >= scaler.line(STRIP)


def _whole(
    rects: list[pygame.Rect],
    fit: tuple[Place, pygame.Rect, int, Scaler, int, int, int],
    need: Callable[[str, str, tuple[int, int]], int],
    zone: str,
    cards: Sequence[str | None],
) -> list[pygame.Rect]:
    """Strips (`strip_rects(*fit)`) that give each of `zone`'s `cards` its
    `need` (the height it is read whole in at its strip's width; 0: it may
    show less), none under another strip, in fewer columns if that is what
    it takes, else in more (narrower strips of more lines: a larger text
    size); else `rects` as they were."""
    first = len({r.x for r in rects})
    most = min(len(cards), fit[1].w // fit[3].line(STRIP_MIN_W))
    for cols in [*range(first, 0, -1), *range(first + 1, most + 1)]:
        fewest = cols if cols > first else 1
        laid = strip_rects(*fit, most_cols=cols, fewest_cols=fewest) if cols != first else rects
        tall: dict[int, int] = {}
        for _ in range(len(cards) + 1):  # given its height, a card may cover the next
            short = {
                i: t
                for i, r in enumerate(laid)
                if (c := cards[i]) is not None
                if (t := need(zone, c, r.size)) > r.h or (t and r.collidelist(laid[i + 1 :]) >= 0)
            }
            if not short:
                return laid
            if short.keys() <= tall.keys():  # given what they asked, and still short
                break
            tall.update(short)
            laid = strip_rects(*fit, tall=tall, most_cols=cols, fewest_cols=fewest)
    return rects


def _rows(
    top: int, high: int, wants: list[int], line: int, most: int, gap: int
) -> tuple[list[float], list[int]] | None:
    """The tops and heights of rows of strips in `high` pixels from `top`: a row
    that `wants` a height (a card read whole) gets it, the others share the
    rest, two lines at most, overlapping where they must (each line's top in
    view, else at least its edge, `SLIVER`: the zone opens under the pointer;
    a tall row is never under another); None: the tall rows do not fit
    with that much of each other row in view, or the last row would end
    below the zone (a lone other row under a tall one)."""
    fixed = sum(t + gap for t in wants if t)
    others = sum(1 for t in wants if not t)
    slot = (high - fixed + gap) / others if others else 0.0  # each other row's, with its gap
    if others > 1 and not wants[-1] and slot - gap < line:  # they overlap: the last one's
        slot = (high - fixed - line) / (others - 1)  # line shows whole
    if fixed - gap > high or (others and slot < max(gap + 2, line * SLIVER)):
        return None
    tops: list[float] = []
    highs: list[int] = []
    y = float(top)
    for t in wants:
        tops.append(y)
        if t:
            highs.append(t)
            y += t + gap
        else:
            highs.append(min(most, max(line, round(slot - gap))))
            y += slot
    if tops[-1] + highs[-1] > top + high + 0.5:  # (the slots are fractions)
        return None
    return tops, highs


Units = tuple[float, float, float, float]


def zone_areas(
    layout: Layout,
    view: View,
    viewer: int | None,
    badged: Collection[str] | None = None,
    text: float = 1.0,
) -> dict[str, Units]:
    """Each placed zone's rectangle in canvas units: the layout's, except that
    zones of one seat sharing a row (`Place.share`) split the width they span
    together. While some are empty and some are not, an empty one narrows to
    `NARROW` and the others share the rest equally (so a seat with one
    such zone filled uses the row, not a fifth of it); widths change only when
    a zone empties or fills, not with every card. A grid's cells may share it
    by how full they are (`Grid.stretch`); then empty zones lend (`_lent`).
    `badged`: the zones with a badge in their bottom right (None: any may have
    one), which a lender keeps a line for; `text`: the menu's text size
    (`Scaler.text`)."""
    out: dict[str, Units] = {}
    groups: dict[tuple[str, str], list[str]] = {}
    for name in view.zones:
        place = layout.place(name, viewer, view.seats)
        if place is None or (place.while_filled and not view.zones[name].cards):
            continue
        out[name] = place.rect
        if place.share:
            groups.setdefault((place.share, name.partition(":")[2]), []).append(name)
    out.update(_stretched(layout, view, viewer, out))
    for names in groups.values():
        names.sort(key=lambda z: out[z][0])
        out.update(
            _shared(names, [out[z] for z in names], [bool(view.zones[z].cards) for z in names])
        )
    out.update(_lent(layout, view, viewer, out, badged, text))
    return out


def _stretched(layout: Layout, view: View, viewer: int | None, out: dict) -> dict[str, Units]:
    """The placed cells of the grids whose columns or rows share the grid by
    how full they are (`Grid.stretch`)."""
    got: dict[str, Units] = {}
    for kind, grid in layout.variant(view.seats).grids.items():
        cards = {
            name.partition(":")[2]: len(zone.cards)
            for name, zone in view.zones.items()
            if name.partition(":")[0] == kind
        }
        for cell, rect in grid.stretched(cards, viewer).items():
            if f"{kind}:{cell}" in out:
                got[f"{kind}:{cell}"] = rect
    return got


GAP = 12  # zones at most this far apart (canvas units) are beside each other


def _lent(
    layout: Layout,
    view: View,
    viewer: int | None,
    out: dict,
    badged: Collection[str] | None,
    text: float,
) -> dict[str, Units]:
    """Empty zones lend their room to the zones beside them that hold cards and
    `take` it (`Place.takes`): a lender keeps its `least` across the side it
    gives up, its room shared among its takers on that side by `weight`."""
    takers: dict[str, list[tuple[str, float]]] = {}
    for name in out:
        place = layout.place(name, viewer, view.seats)
        if not place.takes or not view.zones[name].cards:
            continue
        for take in place.takes:
            lender = taken(name, take, viewer, view.seats)
            if lender not in out:
                continue
            if not view.zones[lender].cards or layout.place(lender, viewer, view.seats).spare:
                takers.setdefault(lender, []).append((name, place.weight))
    grown = dict(out)
    _lent_by_a_row(layout, view, viewer, grown, badged, text)  # before they lend alone
    # the empty lenders first: a taker grown across one of them is no longer
    # beside a busy one it would have grown towards the other way (`_beside`)
    for lender, those in sorted(takers.items(), key=lambda t: bool(view.zones[t[0]].cards)):
        place = layout.place(lender, viewer, view.seats)
        cards = view.zones[lender].cards
        badge = badged is None or lender in badged or place.arrange == "stack"
        least = (
            (out[lender][2], _needs(layout, place, cards, badge, text)) if cards else place.least
        )
        for sides in (("left", "right"), ("above", "below")):
            on = {
                side: [(z, w) for z, w in those if _beside(grown[z], grown[lender], side)]
                for side in sides
            }
            weights = {side: max((w for _, w in zs), default=0.0) for side, zs in on.items()}
            total = sum(weights.values())
            x, y, w, h = grown[lender]
            room = max(0.0, w - least[0] if sides[0] == "left" else h - least[1])
            if not total or not room:
                continue
            for side, zs in on.items():
                give = room * weights[side] / total
                for z, _ in zs:  # each taker on this side (they stand side by side)
                    zx, zy, zw, zh = grown[z]
                    grown[z] = {
                        "left": (zx - give, zy, zw + give, zh),  # the lender is left of it
                        "right": (zx, zy, zw + give, zh),
                        "above": (zx, zy - give, zw, zh + give),
                        "below": (zx, zy, zw, zh + give),
                    }[side]
                if zs:
                    x, y, w, h = {
                        "left": (x, y, w - give, h),
                        "right": (x + give, y, w - give, h),
                        "above": (x, y, w, h - give),
                        "below": (x, y + give, w, h - give),
                    }[side]
            grown[lender] = (x, y, w, h)
    return {z: r for z, r in grown.items() if r != out[z]}


def _lent_by_a_row(
    layout: Layout,
    view: View,
    viewer: int | None,
    grown: dict,
    badged: Collection[str] | None,
    text: float,
) -> None:
    """A taker under (or over) a row of empty lenders it takes, none along its
    whole top (bottom) edge but together along it (level, side by side),
    grows up (down) across them all by what the least of them can give (each
    keeps its `least`), as far as its cards need for a line each (`text`
    times as high, a line for its badge if `badged`)."""
    for name in list(grown):
        place = layout.place(name, viewer, view.seats)
        if not place.takes or not view.zones[name].cards:
            continue
        lenders = [
            z
            for take in place.takes
            if (z := taken(name, take, viewer, view.seats)) in grown and not view.zones[z].cards
        ]
        for up in (True, False):
            if _grown_by_a_row(layout, view, viewer, grown, name, lenders, up, badged, text):
                break


def _grown_by_a_row(
    layout: Layout,
    view: View,
    viewer: int | None,
    grown: dict,
    name: str,
    lenders: list[str],
    up: bool,
    badged: Collection[str] | None,
    text: float,
) -> bool:
    """`_lent_by_a_row` for one taker and the row above it (`up`) or below
    it: whether it grew."""
    tx, ty, tw, th = grown[name]
    row = sorted(
        (grown[z][0], z)
        for z in lenders
        if abs((grown[z][1] + grown[z][3] - ty) if up else (grown[z][1] - ty - th)) <= GAP
        and grown[z][0] < tx + tw
        and grown[z][0] + grown[z][2] > tx
    )
    if len(row) < 2:  # one along the whole edge lends as `_lent` does
        return False
    rects = [grown[z] for _, z in row]
    edges = {round(y + h) if up else round(y) for _, y, _, h in rects}
    joined = all(b[0] - (a[0] + a[2]) <= GAP for a, b in zip(rects, rects[1:], strict=False))
    if len(edges) > 1 or not joined:
        return False
    if rects[0][0] > tx + GAP or rects[-1][0] + rects[-1][2] < tx + tw - GAP:
        return False
    give = min(
        h - layout.place(z, viewer, view.seats).least[1]
        for (_, z), (*_, h) in zip(row, rects, strict=True)
    )
    badge = badged is None or name in badged
    edge = (LABEL_BAND + PILE_BADGE * badge) * text + 16
    give = min(give, edge + len(view.zones[name].cards) * (STRIP * text + 2) - th)
    if give <= 0:
        return False
    for _, z in row:
        x, y, w, h = grown[z]
        grown[z] = (x, y, w, h - give) if up else (x, y + give, w, h - give)
    grown[name] = (tx, ty - give, tw, th + give) if up else (tx, ty, tw, th + give)
    return True


def _needs(
    layout: Layout, place: Place, cards: Sequence[str | None], badge: bool, text: float = 1.0
) -> float:
    """The height (canvas units) a zone's cards need: its label, a line for its
    `badge` (if it has one) and a line for each row of strips (lines of text
    `text` times as high) (in columns `NARROW` wide or more,
    two at most; one strip for a stack's top card), else a card's height."""
    cols = max(1, min(2, int(place.rect[2] // NARROW)))
    rows = 1 if place.arrange == "stack" else -(-len(cards) // cols)
    edges = (LABEL_BAND + PILE_BADGE * badge) * text + 16  # and the chips, its margins
    if in_strips(layout, place, cards, place.rect[2]):
        return edges + rows * (STRIP * text + 2)
    return edges + layout.card.height * place.card_scale


def _beside(taker: Units, lender: Units, side: str) -> bool:
    """Whether `lender` lies on `side` of `taker`, next to it, along its whole
    edge (a row of zones of one height, a column of one width)."""
    tx, ty, tw, th = taker
    lx, ly, lw, lh = lender
    if side in ("left", "right"):
        level = abs(ty - ly) <= GAP and abs(ty + th - ly - lh) <= GAP
        gap = tx - (lx + lw) if side == "left" else lx - (tx + tw)
    else:
        level = lx <= tx + GAP and tx + tw <= lx + lw + GAP
        gap = ty - (ly + lh) if side == "above" else ly - (ty + th)
    return level and 0 <= gap <= GAP


def _shared(names: list[str], rects: list[Units], filled: list[bool]) -> dict[str, Units]:
    if len(names) < 2 or all(filled) or not any(filled):
        return {}
    left, right = rects[0][0], max(x + w for x, _, w, _ in rects)
    gap = max(0.0, (right - left - sum(r[2] for r in rects)) / (len(rects) - 1))
    narrow = [min(r[2], NARROW) for r in rects]
    room = (
        right
        - left
        - gap * (len(rects) - 1)
        - sum(w for w, f in zip(narrow, filled, strict=True) if not f)
    )
    wide = room / sum(filled)
    out, x = {}, left
    for name, (_, y, _, h), f, w in zip(names, rects, filled, narrow, strict=True):
        out[name] = (x, y, wide if f else w, h)
        x += out[name][2] + gap
    return out


def place_cards(
    layout: Layout,
    view: View,
    scaler: Scaler,
    viewer: int | None,
    raised: dict[str, frozenset[int]] | None = None,
    lowered: dict[str, int] | None = None,
    badges: dict[str, tuple[int, int]] | None = None,
    least: dict[str, int] | None = None,
    labels: dict[str, tuple[int, int]] | None = None,
    need: Callable[[str, str, tuple[int, int]], int] | None = None,
    cut_face: Callable[[str, tuple[int, int]], bool] | None = None,
    opened: tuple[str, pygame.Rect] | None = None,
) -> list[Placed]:
    """Every card the table draws, bottom-most zone and card first. Stacks
    yield only their top card: the rest is decoration, not a target. `lowered`:
    pixels a zone's strips begin lower (under chips on a second line);
    `badges`: the size of a zone's badge in its bottom right corner, which its
    strips end above and its row of cards ends left of; `least`: the narrowest
    strip a zone's cards read in (`strip_rects`); `labels`: how far right and
    down the label inside a zone reaches: a row of cards too high to pass
    under it begins right of it, and a selected card under it rises no higher
    than its foot (the row does not move when a card is selected); `need`: the
    height a card (zone, name, strip size) needs to be read whole, 0 where it
    may show less or be covered (`strip_rects`' `tall`); `cut_face`: whether a
    card that matters has its name or numbers cut on its face of a size (a
    larger text size): a row of such faces is drawn as strips where those
    read them whole; `opened`: a
    crowded zone laid out in a larger rectangle over its neighbours (`crowded`)."""
    out: list[Placed] = []
    raised = raised or {}
    areas = zone_areas(layout, view, viewer, None if badges is None else badges.keys(), scaler.text)
    for name, zone in view.zones.items():
        place = layout.place(name, viewer, view.seats)
        if name not in areas:
            continue
        area = opened[1].copy() if opened and opened[0] == name else scaler.rect(areas[name])
        size = card_size(layout, place, scaler)
        cards = zone.cards
        strips = in_strips(layout, place, cards, areas[name][2])
        bw, bh = (badges or {}).get(name, (0, 0))
        fit: tuple[Place, pygame.Rect, int, Scaler, int, int, int] = (
            place,
            area,
            len(cards),
            scaler,
            (lowered or {}).get(name, 0),
            bh + 2 if bh else 0,
            (least or {}).get(name, 0),
        )
        if strips:
            lw = (labels or {}).get(name, (0, 0))[0]
            rects = _strips(fit, lw, need, name, cards)
            if bw and need and place.arrange != "stack":
                rects = _clear_of_badge(rects, fit, (bw, bh), lw, need, name, cards)
        else:
            if (
                bw
                and place.arrange in ("row", "fan", "spread")
                and area.w - bw - 4 >= max(area.h, footprint(size, place.rotation)[0])
            ):
                area = pygame.Rect(area.x, area.y, area.w - bw - 4, area.h)
            fw, fh = footprint(size, place.rotation)
            lw, lh = (labels or {}).get(name, (0, 0))
            label = pygame.Rect(area.x, area.y, lw, lh)
            under = area.h - lh - 1  # the height under the label
            spread = {"row": 1.08, "fan": 0.72}.get(place.arrange, 0.3)
            squeeze = (  # a little smaller under the label, not crowded beside it
                fh * SQUEEZE <= under < fh
                and fw * (1 + spread * (len(cards) - 1)) > area.w - lw
                and fw * (1 + spread * (len(cards) - 1)) * under / fh <= area.w
            )
            if (
                lw
                and place.inside
                and place.arrange in ("row", "fan")
                and area.w >= area.h
                and fh > under
                and area.w - lw >= fw
                and not squeeze
            ):
                area = pygame.Rect(area.x + lw, area.y, area.w - lw, area.h)
            elif (
                lh
                and place.inside
                and place.rotation in (0, 180)
                and (
                    squeeze
                    or place.facing == "down"
                    or not any(cards)
                    or place.arrange == "stack"  # its top card only
                )
                and fh > under
            ):  # too high to pass under the label (a larger text size): smaller
                k = max(0.5, under / fh)
                size = max(4, round(size[0] * k)), max(6, round(size[1] * k))
                fw, fh = size
            band = max(scaler.line(LABEL_BAND), lh)  # the label as drawn (the text floor)
            depth = 3 * max(1, scaler.length(STACK_DEPTH))
            if (
                place.arrange == "stack"
                and place.inside
                and place.facing == "up"
                and cards
                and cards[-1] is not None
                and _framed(layout.game, cards[-1])
                and area.h - 2 * band - depth - 6 < fh <= area.h - band
            ):  # its face's words clear of its label and its count: smaller
                k = max(0.5, (area.h - 2 * band - depth - 6) / fh)
                size = max(4, round(size[0] * k)), max(6, round(size[1] * k))
                fw, fh = size
            if place.arrange == "row" and place.facing == "up" and area.w >= area.h and cards:
                k = max(CROWD, min(1.0, area.w / (fw * len(cards))))  # side by side if it can
                size = max(4, round(size[0] * k)), max(6, round(size[1] * k))
                fw, fh = footprint(size, place.rotation)
            lift = raised.get(name, frozenset())
            rects = arrange(place, area, len(cards), size, lift, band, depth)
            for i in lift:  # a selected card rises no higher than its zone's label
                if i < len(rects) and lw and rects[i].colliderect(label):
                    rects[i].top = min(label.bottom, rects[i].top + round(fh * RAISE))
            cut = {i for i, c in enumerate(cards) if c and cut_face and cut_face(c, size)}
            if cut and place.arrange == "row" and place.rotation == 0 and need:
                x, y, w, h = fit[1]
                left = pygame.Rect(x, y, w - bw - 4, h)  # of the badge, not above it
                aside = pygame.Rect(x + lw, y, w - lw - bw - 4, h)  # and of the label
                tries = [  # two-line strips have their numbers below
                    (fit, lw),
                    ((*fit[:6], 0), lw),
                    ((place, left, *fit[2:5], 0, 0), lw),
                    ((replace(place, inside=False), aside, *fit[2:5], 0, 0), 0),
                ]
                for tried, label_w in tries:
                    laid = _strips(tried, label_w, need, name, cards)
                    if _reads(laid, cut, partial(need, name), cards):
                        rects, strips = laid, True
                        break
        first = len(cards) - 1 if place.arrange == "stack" else 0
        for i in range(max(0, first), len(cards)):
            shown = cards[i] if place.facing == "up" else None
            out.append(Placed(name, i, shown, rects[i], place.rotation, strips))
    return out


def _strips(
    fit: tuple[Place, pygame.Rect, int, Scaler, int, int, int],
    lw: int,
    need: Callable[[str, str, tuple[int, int]], int] | None,
    zone: str,
    cards: Sequence[str | None],
) -> list[pygame.Rect]:
    """A zone's cards as strips (`strip_rects(*fit)`), beside its label `lw`
    wide where the zone is too low for a line under it, each card that
    matters read whole where it can be (`_whole`)."""
    place, area, scaler = fit[0], fit[1], fit[3]
    if place.arrange != "stack" and lw and beside_label(place, area, scaler):
        area = pygame.Rect(area.x + lw, area.y, area.w - lw, area.h)  # on its line
        fit = (replace(place, inside=False), area, *fit[2:])
    rects = strip_rects(*fit)
    if need and place.arrange != "stack":
        rects = _whole(rects, fit, need, zone, cards)
    return rects


def _clear_of_badge(
    rects: list[pygame.Rect],
    fit: tuple[Place, pygame.Rect, int, Scaler, int, int, int],
    badge: tuple[int, int],
    lw: int,
    need: Callable[[str, str, tuple[int, int]], int],
    zone: str,
    cards: Sequence[str | None],
) -> list[pygame.Rect]:
    """A zone's strips (`rects`) where one of a card that matters (`need`)
    lies under the `badge` in its bottom right corner (too low a zone for
    them to end above it: a larger text size): left of it instead, beside
    a label `lw` wide as `_strips` lays them, where there every such card
    reads whole; else as they were."""
    area, (bw, bh) = fit[1], badge
    box = pygame.Rect(area.right - 2 - bw, area.bottom - 2 - bh, bw, bh)
    if _above_badge(*fit[:2], fit[3], fit[4], fit[5]) or not any(
        c is not None and r.colliderect(box) and need(zone, c, r.size)
        for r, c in zip(rects, cards, strict=False)
    ):
        return rects
    left = pygame.Rect(area.x, area.y, area.w - bw - 4, area.h)
    laid = _strips((fit[0], left, *fit[2:5], 0, fit[6]), lw, need, zone, cards)
    return laid if _reads(laid, (), partial(need, zone), cards) else rects


def _reads(
    rects: list[pygame.Rect],
    cut: Collection[int],
    need: Callable[[str, tuple[int, int]], int],
    cards: Sequence[str | None],
) -> bool:
    """Whether strips `rects` show whole the `cut` cards (their faces cut a
    name) and every other card that matters (`need` > 0), none under a later one."""
    for i, c in enumerate(cards):
        if c is None:
            continue
        t = need(c, rects[i].size)
        if (
            (i in cut and not t)
            or t > rects[i].h
            or (t and rects[i].collidelist(rects[i + 1 :]) >= 0)
        ):
            return False
    return True


def crowded(placed: list[Placed]) -> set[str]:
    """The zones whose strips overlap (`strip_rects`: too many to give each its
    line): the table opens them over their neighbours while the pointer is on one."""
    out = set()
    for a, b in zip(placed, placed[1:], strict=False):
        if a.strip and b.strip and a.zone == b.zone and a.rect.colliderect(b.rect):
            out.add(a.zone)
    return out


def card_at(placed: list[Placed], pos: tuple[int, int]) -> Placed | None:
    """The topmost card under `pos` (later cards are drawn over earlier ones)."""
    for p in reversed(placed):
        if p.rect.collidepoint(pos):
            return p
    return None


def zone_rects(
    layout: Layout,
    view: View,
    scaler: Scaler,
    viewer: int | None,
    badged: Collection[str] | None = None,
) -> dict[str, pygame.Rect]:
    areas = zone_areas(layout, view, viewer, badged, scaler.text)
    return {name: scaler.rect(r) for name, r in areas.items()}


def zone_at(rects: dict[str, pygame.Rect], pos: tuple[int, int]) -> str | None:
    for name, r in rects.items():
        if r.collidepoint(pos):
            return name
    return None
