"""The report's charts, drawn with Pillow in the app's own font and embedded in
the page as PNG data. Four kinds cover the page: rates with their intervals,
a deck matrix, length histograms and before/after changes. Pillow ships with
the app already; a plotting library would add numpy and its BLAS (about 45 MB
of the built app) for these few shapes (docs/design.md, issue 27)."""

from __future__ import annotations

import base64
import io
from collections.abc import Callable, Sequence

from PIL import Image, ImageDraw, ImageFont

from shrinetable.resources import font_path

INK, GRID, FAIR = (34, 34, 34), (221, 221, 221), (170, 51, 51)
BAR, HIST, CHANGE, EMPTY = (106, 159, 122), (106, 143, 176), (176, 122, 58), (235, 235, 235)
PAD, ROW, WIDTH = 14, 26, 760


def _font(px: int, bold: bool = False) -> ImageFont.FreeTypeFont:
    return ImageFont.truetype(str(font_path(bold)), px)


class Chart:
    """A white picture with a title and a plot area to the right of `left` px of labels."""

    def __init__(self, title: str, height: int, left: int, width: int = WIDTH):
        self.img = Image.new("RGB", (width, height), "white")
        self.draw = ImageDraw.Draw(self.img)
        self.text_font, self.small = _font(14), _font(12)
        self.draw.text((width // 2, PAD), title, font=_font(15, True), fill=INK, anchor="mt")
        self.x0, self.x1 = left, width - PAD - 24  # room for the last tick's label
        self.y0 = PAD + 28

    def label(self, xy: tuple[float, float], text: str, anchor: str, small: bool = False):
        self.draw.text(
            xy, text, font=self.small if small else self.text_font, fill=INK, anchor=anchor
        )

    def fit_label(self, text: str, room: float) -> str:
        """The label cut with an ellipsis where it would run into the plot."""
        while text and self.draw.textlength(text, font=self.text_font) > room:
            text = text[:-2] + "…" if len(text) > 2 else ""
        return text

    def x_axis(
        self,
        lo: float,
        hi: float,
        ticks: Sequence[float],
        shown: Callable[[float], str],
        bottom: float,
        caption: str,
    ) -> Callable[[float], float]:
        """Grid lines and tick labels under the plot; returns value -> x."""

        def at(v: float) -> float:
            return self.x0 + (v - lo) / ((hi - lo) or 1) * (self.x1 - self.x0)

        for t in ticks:
            self.draw.line([(at(t), self.y0), (at(t), bottom)], fill=GRID)
            self.label((at(t), bottom + 4), shown(t), "mt", small=True)
        self.label(((self.x0 + self.x1) / 2, bottom + 22), caption, "mt", small=True)
        return at

    def png(self) -> str:
        buf = io.BytesIO()
        self.img.save(buf, format="PNG", optimize=True)
        data = base64.b64encode(buf.getvalue()).decode()
        return f'<img alt="" src="data:image/png;base64,{data}">'


def _pct(v: float) -> str:
    return f"{v:.0%}"


def rate_bars(title: str, labels: list[str], rates: list[dict], fair: float) -> str:
    """Horizontal bars of win rates with their 95% intervals and the fair share dashed."""
    bottom = PAD + 28 + ROW * len(labels) + 6
    c = Chart(title, bottom + 48, left=170)
    at = c.x_axis(
        0,
        1,
        [i / 4 for i in range(5)],
        _pct,
        bottom,
        f"win rate, 95% Wilson interval (red line: the fair share, {fair:.0%})",
    )
    for i, (name, r) in enumerate(zip(labels, rates, strict=True)):
        y = c.y0 + 6 + ROW * i
        c.label((c.x0 - 8, y + ROW / 2 - 3), c.fit_label(name, c.x0 - PAD - 8), "rm")
        mid = r["rate"] or 0
        c.draw.rectangle([at(0), y, at(mid), y + ROW - 8], fill=BAR)
        if r.get("ci"):
            lo, hi = r["ci"]
            yc = y + (ROW - 8) / 2
            c.draw.line([(at(lo), yc), (at(hi), yc)], fill=INK, width=2)
            for v in (lo, hi):
                c.draw.line([(at(v), yc - 5), (at(v), yc + 5)], fill=INK, width=2)
    for y in range(c.y0, bottom, 8):
        c.draw.line([(at(fair), y), (at(fair), y + 4)], fill=FAIR, width=2)
    return c.png()


def _heat(v: float, fair: float = 0.5) -> tuple[int, int, int]:
    """Red at 0, pale yellow at the fair share, green at 1."""
    red, mid, green = (215, 48, 39), (255, 255, 191), (26, 152, 80)
    a, b, t = (red, mid, v / fair) if v < fair else (mid, green, (v - fair) / (1 - fair))
    r, g, b_ = (round(x + (y - x) * t) for x, y in zip(a, b, strict=True))
    return r, g, b_


def matrix(decks: list[str], grid: list[list[float | None]], fair: float = 0.5) -> str:
    """The win rate of each row's deck against each column's, a cell each,
    pale at the `fair` share (one in the number of seats)."""
    cell, left = 84, 170
    top = PAD + 28 + 40
    title = f"win rate of the row's deck against the column's (pale: fair share, {fair:.0%})"
    room = round(_font(15, True).getlength(title)) + 2 * PAD
    width = max(WIDTH // 2, left + cell * len(decks) + PAD, room)
    c = Chart(title, top + cell * len(decks) + PAD, left, width)
    for j, name in enumerate(decks):
        c.label((left + cell * j + cell / 2, top - 6), c.fit_label(name, cell - 4), "ms")
    for i, row in enumerate(grid):
        y = top + cell * i
        c.label((left - 8, y + cell / 2), c.fit_label(decks[i], left - PAD - 8), "rm")
        for j, v in enumerate(row):
            box = [left + cell * j, y, left + cell * (j + 1) - 2, y + cell - 2]
            fill = EMPTY if v is None else _heat(v, fair)
            c.draw.rectangle(box, fill=fill)
            dark = sum(fill) < 400
            shown = _pct(v) if v is not None else "mirror" if i == j else "—"
            c.draw.text(
                (box[0] + cell / 2, y + cell / 2),
                shown,
                font=c.text_font,
                fill="white" if dark else INK,
                anchor="mm",
            )
    return c.png()


def _ticks(lo: float, hi: float, n: int = 5) -> list[float]:
    step = max(1, round((hi - lo) / (n - 1)))
    return list(range(int(lo), int(hi) + 1, step))


def histograms(series: dict[str, dict[int, int]]) -> str:
    """One histogram per named series (value -> count), side by side."""
    height, gap = 220, 24
    c = Chart("game length", height + 70, left=PAD, width=WIDTH)
    room = (WIDTH - 2 * PAD - gap * (len(series) - 1)) / len(series)
    for k, (what, counts) in enumerate(series.items()):
        x0 = PAD + k * (room + gap) + 34
        x1 = x0 + room - 58
        bottom = c.y0 + height - 40
        if not counts:
            continue
        lo, hi = min(counts), max(counts)
        bins = min(30, hi - lo + 1)
        width = (hi - lo + 1) / bins
        tally = [0] * bins
        for v, n in counts.items():
            tally[min(bins - 1, int((v - lo) / width))] += n
        top = max(tally)
        for b, n in enumerate(tally):
            bx = x0 + (x1 - x0) * b / bins
            by = bottom - (bottom - c.y0 - 10) * n / top
            c.draw.rectangle([bx, by, bx + (x1 - x0) / bins - 1, bottom], fill=HIST)
        for t in _ticks(lo, hi):
            tx = x0 + (x1 - x0) * (t - lo) / ((hi - lo + 1) or 1)
            c.label((tx, bottom + 4), str(t), "mt", small=True)
        c.label((x0 - 6, c.y0 + 10), str(top), "rm", small=True)
        c.label((x0 - 6, bottom), "0", "rm", small=True)
        c.label(((x0 + x1) / 2, bottom + 22), f"{what} per game", "mt", small=True)
    return c.png()


def change_bars(
    labels: list[str], changes: list[float], cis: list[list[float] | None] | None = None
) -> str:
    """Signed bars of changes (after minus before) about a zero line, each with
    its paired 95% interval when given."""
    cis = cis or [None] * len(labels)
    bottom = PAD + 28 + ROW * len(labels) + 6
    c = Chart("changes (after - before), paired 95% intervals", bottom + 48, left=330)
    ends = [abs(v) for v in changes] + [abs(x) for ci in cis if ci for x in ci]
    span = max(ends, default=1) or 1
    at = c.x_axis(
        -span,
        span,
        [-span, -span / 2, 0, span / 2, span],
        lambda v: f"{v:+.2g}",
        bottom,
        "change (rates as fractions, lengths in turns or moves)",
    )
    for i, (name, v, ci) in enumerate(zip(labels, changes, cis, strict=True)):
        y = c.y0 + 6 + ROW * i
        c.label((c.x0 - 8, y + ROW / 2 - 3), c.fit_label(name, c.x0 - PAD - 8), "rm")
        c.draw.rectangle([min(at(0), at(v)), y, max(at(0), at(v)), y + ROW - 8], fill=CHANGE)
        if ci:
            yc = y + (ROW - 8) / 2
            c.draw.line([(at(ci[0]), yc), (at(ci[1]), yc)], fill=INK, width=2)
            for end in ci:
                c.draw.line([(at(end), yc - 5), (at(end), yc + 5)], fill=INK, width=2)
    c.draw.line([(at(0), c.y0), (at(0), bottom)], fill=INK, width=2)
    return c.png()
