"""Layout files: where each engine zone sits on screen, per player count.

A layout says only *where* (rectangles on a design canvas that scales with the
window, arrangement, rotation, facing, label, seat-relative placement); which
zones exist and who may see them stays in the engine. Loading never raises a
traceback at a person: every problem carries the file, the key path, what is
wrong and, where it can be found, the line.

Seat zones are placed by where their seat sits as the viewer sees it. Seats go
round the table clockwise as seen from above: seat + 1 sits to the viewer's
left, the last seat to their right, and the names at each player count are:

- 2: self, opposite
- 3: self, left, right
- 4: self, left, opposite, right
- 5: self, left, top-left, top-right, right
- 6: self, left, top-left, opposite, top-right, right

A variant may start from another player count's (`base = "4"`) and give only
what differs: every zone of the base is kept unless the variant places it
itself, and the base's seat positions that do not exist at this count are left
out. docs/layouts.md describes every key.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any, Literal

from .errors import FormatError, find_line, parse_toml, read_text
from .shape import bounds, read

Arrange = Literal["stack", "fan", "row", "spread", "grid"]
Position = Literal["self", "left", "top-left", "opposite", "top-right", "right"]
Rect = tuple[float, float, float, float]

#: Which seat-relative positions exist at each player count, in seat order
#: starting from the viewer (seat + 1 sits to the viewer's left).
POSITIONS: dict[int, tuple[str, ...]] = {
    2: ("self", "opposite"),
    3: ("self", "left", "right"),
    4: ("self", "left", "opposite", "right"),
    5: ("self", "left", "top-left", "top-right", "right"),
    6: ("self", "left", "top-left", "opposite", "top-right", "right"),
}


@dataclass(frozen=True)
class Place:
    """One zone's place. `facing = "down"` draws backs even for cards the viewer
    may see (a deck); "up" shows whatever the engine's view reveals."""

    rect: Rect
    arrange: Arrange
    rotation: Literal[0, 90, 180, 270] = 0
    facing: Literal["up", "down"] = "up"
    label: str = ""
    card_scale: float = field(default=1.0, metadata=bounds(gt=0, le=3))
    columns: int = field(default=4, metadata=bounds(ge=1, le=20))
    inside: bool = False  # label inside the rectangle (for zones that touch, or no room above)
    # zones of one seat with the same `share` (side by side in a row) split the width
    # they span together: an empty one narrows, the others widen (territory slots)
    share: str = ""
    # drawn only while it holds cards (a setup zone leaves the table when setup ends)
    while_filled: bool = False
    # room by how full the zones are: while this zone holds cards it takes the room
    # of the zones it names here that are empty and beside it ("event": the same
    # seat's, "left.event": the seat at that position's, "deck": a shared zone),
    # sharing a lender's room with its other takers by `weight`; a lender keeps
    # `least` canvas units: [width, height] (its label's room)
    takes: list[str] = field(default_factory=list)
    weight: float = field(default=1.0, metadata=bounds(gt=0, le=100))
    least: tuple[float, float] = (120.0, 40.0)
    # a lender that holds cards still lends its takers above or below it the height
    # its cards do not need (a line each where they are strips)
    spare: bool = False
    # its rectangle at a menu text size over 100%, where its lines (and its
    # neighbours') are taller than the layout was drawn for (`Layout.at_text`)
    large: Rect | None = None


@dataclass(frozen=True)
class Grid:
    """A board of addressable cells (`site:a1`): zone kind `site`, cell = column
    + row. Rows are listed bottom to top as seat 0 sees them; with `flip` every
    other viewer sees them reversed, so each viewer's own rows are nearest."""

    rect: Rect
    columns: list[str] = field(metadata=bounds(min_length=1))
    rows: list[str] = field(metadata=bounds(min_length=1))
    flip: bool = True
    gap: float = field(default=4.0, metadata=bounds(ge=0))
    arrange: Arrange = "fan"
    card_scale: float = field(default=1.0, metadata=bounds(gt=0, le=3))
    row_labels: list[str] = field(default_factory=list)  # bottom to top as the viewer sees them
    # a cell holding cards takes the room of the empty cells next to it: "column"
    # (above and below), "row" (left and right)
    takes: list[Literal["column", "row"]] = field(default_factory=list)
    least: tuple[float, float] = (120.0, 40.0)  # as a lender: a cell keeps this much
    # "columns" ("rows") share the grid's width (height) by the cards in their
    # fullest cell (one at least), none under `least`; the first column, which
    # carries the row labels, never under its even share
    stretch: list[Literal["columns", "rows"]] = field(default_factory=list)
    _cells: dict[Any, Any] = field(
        default_factory=dict, init=False, repr=False, compare=False
    )  # the table asks every frame

    def cell(self, name: str, viewer: int | None) -> Place | None:
        """The place of cell `name` ("a1") seen from `viewer`, None if no such cell."""
        key = (name, bool(self.flip and viewer))
        if key not in self._cells:
            self._cells[key] = self._cell(name, viewer)
        place: Place | None = self._cells[key]
        return place

    def _cell(self, name: str, viewer: int | None) -> Place | None:
        col = next((c for c in self.columns if name.startswith(c)), None)
        row = name[len(col) :] if col is not None else None
        if col is None or row not in self.rows:
            return None
        rows = self.rows[::-1] if self.flip and viewer else self.rows
        i, j = self.columns.index(col), rows.index(row)
        x, y, w, h = self.rect
        cw, ch = w / len(self.columns), h / len(rows)
        g = self.gap
        label = name
        if i == 0 and j < len(self.row_labels):
            label = f"{name}  {self.row_labels[j]}"
        near = [
            (c, r)
            for way, (di, dj) in (("row", (1, 0)), ("column", (0, 1)))
            if way in self.takes
            for c, r in ((i - di, j - dj), (i + di, j + dj))
            if 0 <= c < len(self.columns) and 0 <= r < len(rows)
        ]
        return Place(
            rect=(x + i * cw + g / 2, y + h - (j + 1) * ch + g / 2, cw - g, ch - g),
            arrange=self.arrange,
            label=label,
            card_scale=self.card_scale,
            inside=True,
            takes=[f"{self.columns[c]}{rows[r]}" for c, r in near],
            least=self.least,
        )

    def stretched(self, cards: dict[str, int], viewer: int | None) -> dict[str, Rect]:
        """Each cell's rectangle (by cell name, "a1") where the columns and rows
        the grid `stretch`es share it by how full they are: `cards` holds the
        cards in each cell; {} where nothing stretches."""
        if not self.stretch:
            return {}
        rows = self.rows[::-1] if self.flip and viewer else self.rows
        x, y, w, h = self.rect
        g = self.gap
        least = [self.least[0] + g] * len(self.columns)
        if self.row_labels:  # the first column's labels say the rows: never narrower
            least[0] = max(least[0], w / len(self.columns))
        widths = _shares(
            w,
            [max(cards.get(f"{c}{r}", 0) for r in rows) for c in self.columns],
            least,
            "columns" in self.stretch,
        )
        highs = _shares(
            h,
            [max(cards.get(f"{c}{r}", 0) for c in self.columns) for r in rows],
            [self.least[1] + g] * len(rows),
            "rows" in self.stretch,
        )
        out = {}
        for i, c in enumerate(self.columns):
            for j, r in enumerate(rows):
                left, bottom = x + sum(widths[:i]), y + h - sum(highs[:j])
                out[f"{c}{r}"] = (
                    left + g / 2,
                    bottom - highs[j] + g / 2,
                    widths[i] - g,
                    highs[j] - g,
                )
        return out


def _shares(total: float, cards: list[int], least: list[float], stretch: bool) -> list[float]:
    """`total` split among lines by the `cards` in each line's fullest cell
    (one at least: an empty line weighs as much as a line of one card), none
    under its `least` (the cell's own gap in); equally where it does not
    `stretch` or cannot give each its least."""
    n = len(cards)
    if not stretch or total < sum(least):
        return [total / n] * n
    weights = [max(1, k) for k in cards]
    fixed: dict[int, float] = {}
    while True:
        free = [i for i in range(n) if i not in fixed]
        room = total - sum(fixed.values())
        weight = sum(weights[i] for i in free)
        low = [i for i in free if room * weights[i] / weight < least[i]]
        if not low:
            return [fixed.get(i, room * weights[i] / weight) for i in range(n)]
        fixed.update((i, least[i]) for i in low)


@dataclass(frozen=True)
class Variant:
    """The places for one player count: shared zones by name (`deck`), seat
    zones by position then kind (`seats.self.hand` places `hand:N` of the viewer),
    grids of addressable cells by kind (`grids.site` places `site:b2`); `base`
    names the count it was built from (see `_inherit`)."""

    base: Literal["2", "3", "4", "5", "6"] | None = None
    shared: dict[str, Place] = field(default_factory=dict)
    seats: dict[Position, dict[str, Place]] = field(default_factory=dict)
    grids: dict[str, Grid] = field(default_factory=dict)


@dataclass(frozen=True)
class Panels:
    """Rectangles of the side widgets: game log, status/prompt line, buttons;
    where a move's result stands (over the log unless said: never over a card)."""

    log: Rect
    status: Rect
    buttons: Rect
    results: Rect | None = None


@dataclass(frozen=True)
class Canvas:
    """The design canvas the rectangles are drawn on (scaled to the window)."""

    width: int = field(metadata=bounds(gt=0, le=10000))
    height: int = field(metadata=bounds(gt=0, le=10000))


@dataclass(frozen=True)
class CardSize:
    """A card's size on the canvas (before a zone's `card_scale`)."""

    width: int = field(metadata=bounds(gt=0, le=1000))
    height: int = field(metadata=bounds(gt=0, le=1000))


@dataclass(frozen=True)
class Layout:
    """A game's layout file: the canvas, the card, the side panels and a variant
    per player count."""

    game: str
    canvas: Canvas
    card: CardSize
    panels: Panels
    players: dict[Literal["2", "3", "4", "5", "6"], Variant]
    # a label's words in fewer letters ("Chronicle" = "Chron."), for a zone too
    # narrow for them with whose it is (a larger text size, many seats)
    short: dict[str, str] = field(default_factory=dict)
    _at: dict[str, Any] = field(
        default_factory=dict, init=False, repr=False, compare=False
    )  # `at_text`'s layout, made once

    def at_text(self, text: float) -> Layout:
        """The layout at the menu's text size `text`: over 100%, each seat's or
        shared place that gives a `large` rectangle stands there."""
        if text <= 1.0:
            return self
        if "large" not in self._at:
            self._at["large"] = replace(
                self, players={n: _larger(v) for n, v in self.players.items()}
            )
        out: Layout = self._at["large"]
        return out

    def variant(self, seats: int) -> Variant:
        try:
            return self.players[str(seats)]  # type: ignore[index]
        except KeyError:
            raise LayoutError(
                [Problem("", ("players",), f"no layout for {seats} players")]
            ) from None

    def place(self, zone: str, viewer: int | None, seats: int) -> Place | None:
        """The place of engine zone `zone` ("deck", "hand:2") seen from `viewer`."""
        v = self.variant(seats)
        kind, _, owner = zone.partition(":")
        if not owner:
            return v.shared.get(zone)
        if not owner.isdigit():
            grid = v.grids.get(kind)
            return grid.cell(owner, viewer) if grid is not None else None
        pos = relative(int(owner), viewer, seats)
        place: Place | None = v.seats.get(pos, {}).get(kind)  # type: ignore[call-overload]
        return place


def taken(zone: str, take: str, viewer: int | None, seats: int) -> str | None:
    """The engine zone a place of `zone` ("involved:2") `takes` room from, as
    written (`take`: "event", "left.event", a shared "deck", a cell "a2"), seen
    from `viewer`."""
    where, _, kind = take.rpartition(".")
    grid, _, owner = zone.partition(":")
    if not where and owner and not owner.isdigit():  # a grid's cell takes its neighbour's
        return f"{grid}:{kind}"
    if not where:
        return f"{kind}:{owner}" if owner.isdigit() else kind
    order = POSITIONS[seats]
    if where not in order:
        return None
    return f"{kind}:{((viewer or 0) + order.index(where)) % seats}"


def relative(owner: int, viewer: int | None, seats: int) -> str:
    """Where seat `owner` sits as seen from `viewer` (a spectator sees as seat 0)."""
    return POSITIONS[seats][(owner - (viewer or 0)) % seats]


@dataclass(frozen=True)
class Problem:
    """One fault of a layout file: where (file, key path, line) and what."""

    file: str
    path: tuple[str, ...]
    message: str
    line: int | None = None

    def __str__(self) -> str:
        where = f"{self.file}:{self.line}" if self.line else self.file
        key = ".".join(self.path) or "(top level)"
        return f"{where}: {key}: {self.message}"


class LayoutError(Exception):
    """A layout that cannot be used; `problems` explains each fault."""

    def __init__(self, problems: list[Problem]):
        self.problems = problems
        super().__init__("\n".join(str(p) for p in problems))


class Unreadable(LayoutError):
    """The file could not be read at all (missing, not text)."""


def _larger(variant: Variant) -> Variant:
    """`variant` with each place's `large` rectangle for its `rect`."""

    def big(places: dict[str, Place]) -> dict[str, Place]:
        return {z: replace(p, rect=p.large) if p.large else p for z, p in places.items()}

    return replace(
        variant,
        shared=big(variant.shared),
        seats={pos: big(zones) for pos, zones in variant.seats.items()},
    )


def _inside(rect: Rect, canvas: Canvas) -> bool:
    x, y, w, h = rect
    return (
        w > 0 and h > 0 and x >= 0 and y >= 0 and x + w <= canvas.width and y + h <= canvas.height
    )


def _semantic(layout: Layout) -> list[tuple[tuple[str, ...], str]]:
    """Faults the schema cannot see: rectangles off the canvas, positions that
    do not exist at a player count."""
    out: list[tuple[tuple[str, ...], str]] = []
    c = layout.canvas
    labels = " ".join(_labels(layout))
    for words, fewer in layout.short.items():
        if not fewer.strip() or len(fewer) >= len(words):
            out.append((("short", words), f"{fewer!r} is not shorter than {words!r}"))
        elif f" {words} " not in f" {labels} ":
            out.append((("short", words), f"no zone's label says {words!r}"))
    for name in ("log", "status", "buttons", "results"):
        if getattr(layout.panels, name) is not None and not _inside(
            getattr(layout.panels, name), c
        ):
            out.append(
                (("panels", name), f"rectangle is empty or leaves the {c.width}x{c.height} canvas")
            )
    for count, variant in layout.players.items():
        base = ("players", count)
        for zone, place in variant.shared.items():
            if ":" in zone:
                out.append(
                    (
                        base + ("shared", zone),
                        "shared zones have no seat; put seat zones under seats.<position>",
                    )
                )
            for key in ("rect", "large"):
                if getattr(place, key) is not None and not _inside(getattr(place, key), c):
                    out.append(
                        (
                            base + ("shared", zone, key),
                            f"rectangle is empty or leaves the {c.width}x{c.height} canvas",
                        )
                    )
        for kind, grid in variant.grids.items():
            if not _inside(grid.rect, c):
                out.append(
                    (
                        base + ("grids", kind, "rect"),
                        f"rectangle is empty or leaves the {c.width}x{c.height} canvas",
                    )
                )
            if len(grid.row_labels) > len(grid.rows):
                out.append(
                    (
                        base + ("grids", kind, "row_labels"),
                        f"{len(grid.row_labels)} labels for {len(grid.rows)} rows",
                    )
                )
            for way, k, lines in (("columns", 0, grid.columns), ("rows", 1, grid.rows)):
                room = grid.rect[2 + k] / len(lines) - grid.gap
                if way in grid.stretch and grid.least[k] > room:
                    out.append(
                        (
                            base + ("grids", kind, "least"),
                            f"{('width', 'height')[k]} {grid.least[k]:g} is more than each"
                            f" of the {len(lines)} {way} has ({room:.0f}): they cannot stretch",
                        )
                    )
        allowed = POSITIONS[int(count)]
        for pos, zones in variant.seats.items():
            if pos not in allowed:
                out.append(
                    (
                        base + ("seats", pos),
                        f"no '{pos}' seat with {count} players; use {', '.join(allowed)}",
                    )
                )
            for zone, place in zones.items():
                for key in ("rect", "large"):
                    if getattr(place, key) is not None and not _inside(getattr(place, key), c):
                        out.append(
                            (
                                base + ("seats", pos, zone, key),
                                f"rectangle is empty or leaves the {c.width}x{c.height} canvas",
                            )
                        )
                out += [
                    (base + ("seats", pos, zone, "takes"), fault)
                    for fault in _taken(variant, pos, place.takes, allowed)
                ]
        for zone, place in variant.shared.items():
            out += [
                (base + ("shared", zone, "takes"), fault)
                for fault in _taken(variant, None, place.takes, allowed)
            ]
        for wanted in allowed:
            if wanted not in variant.seats:
                out.append((base + ("seats",), f"missing the '{wanted}' seat"))
    return out


def _labels(layout: Layout) -> list[str]:
    """Every zone's label, each between spaces."""
    out = []
    for variant in layout.players.values():
        places = [
            *variant.shared.values(),
            *(p for z in variant.seats.values() for p in z.values()),
        ]
        out += [f" {p.label} " for p in places if p.label]
    return out


def _taken(
    variant: Variant, pos: str | None, takes: list[str], allowed: tuple[str, ...]
) -> list[str]:
    """What is wrong with the zones a place `takes` room from (`pos`: the
    taker's seat position, None for a shared zone)."""
    out = []
    for name in takes:
        where, _, kind = name.rpartition(".")
        if where and where not in allowed:
            out.append(f"{name!r}: no '{where}' seat here; use {', '.join(allowed)}")
        elif where or pos is not None:
            zones = variant.seats.get(where or pos, {})  # type: ignore[call-overload]
            if kind not in zones:
                out.append(f"{name!r}: the {where or pos} seat places no {kind!r} zone")
        elif kind not in variant.shared:
            out.append(f"{name!r}: no shared zone {kind!r} is placed")
    return out


def _inherit(data: dict[Any, Any]) -> list[tuple[tuple[str, ...], str]]:
    """Fill each variant that names a `base` from that count's variant (itself
    filled first): zones it does not place are the base's, seat positions the
    count does not have are dropped. Faults: an unknown base, a circle of bases."""
    players = data.get("players")
    if not isinstance(players, dict):
        return []
    faults: list[tuple[tuple[str, ...], str]] = []
    done: set[str] = set()

    def fill(count: str, seen: tuple[str, ...]) -> None:
        variant = players.get(count)
        if count in done or not isinstance(variant, dict) or "base" not in variant:
            done.add(count)
            return
        base = variant["base"]
        where = ("players", count, "base")
        if base in seen or base == count:
            faults.append((where, f"bases go round in a circle: {' -> '.join((*seen, base))}"))
        elif not isinstance(players.get(base), dict):
            faults.append((where, f"no variant for {base!r} players to start from"))
        else:
            fill(base, (*seen, base))
            parent = players[base]
            for part in ("shared", "grids"):
                if isinstance(parent.get(part), dict) and isinstance(variant.get(part, {}), dict):
                    variant[part] = {**parent[part], **variant.get(part, {})}
            mine, theirs = variant.get("seats", {}), parent.get("seats", {})
            if isinstance(mine, dict) and isinstance(theirs, dict) and count in map(str, POSITIONS):
                allowed = POSITIONS[int(count)]
                seats = {
                    pos: dict(zones)
                    for pos, zones in theirs.items()
                    if pos in allowed and isinstance(zones, dict)
                }
                for pos, zones in mine.items():
                    seats[pos] = (
                        {**seats.get(pos, {}), **zones} if isinstance(zones, dict) else zones
                    )
                variant["seats"] = seats
        done.add(count)

    for count in list(players):
        fill(count, (count,))
    return faults


def parse_layout(text: str, file: str = "<layout>") -> Layout:
    """The layout in TOML `text`; LayoutError listing every problem otherwise."""
    try:
        data = parse_toml(text, file)
    except FormatError as e:
        raise LayoutError([Problem(file, (), e.message, e.line)]) from None
    layout: Layout | None = None
    faults = _inherit(data)
    if not faults:
        layout, faults = read(Layout, data)
    if not faults and layout is not None:
        faults = _semantic(layout)
    if faults or layout is None:
        raise LayoutError([Problem(file, p, m, find_line(text, p)) for p, m in faults])
    return layout


def load_layout(path: str | Path) -> Layout:
    """The layout file at `path`; Unreadable or LayoutError with clear problems."""
    p = Path(path)
    try:
        text = read_text(p)
    except FormatError as e:
        raise Unreadable([Problem(str(p), (), e.message)]) from None
    return parse_layout(text, str(p))


def missing_zones(layout: Layout, zones_by_count: dict[int, list[str]]) -> list[str]:
    """Engine zones with no place, as "N players, viewer V: zone" lines."""
    missing = []
    for seats, zones in zones_by_count.items():
        if str(seats) not in layout.players:
            missing.append(f"{seats} players: no variant")
            continue
        for viewer in range(seats):
            for zone in zones:
                if layout.place(zone, viewer, seats) is None:
                    missing.append(f"{seats} players, viewer p{viewer + 1}: {zone}")
    return missing
