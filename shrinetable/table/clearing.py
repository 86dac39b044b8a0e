"""Where a box over the table stands clear of the cards it must not hide (a
window's, a refusal's): pure rectangles, no pygame_gui, so the table draws
a refusal with it before any window is opened."""

from __future__ import annotations

from collections.abc import Sequence

import pygame

EDGE = 8  # px a box moved off the cards keeps from the table's edge


def spot(
    shapes: Sequence[pygame.Rect],
    cards: Sequence[pygame.Rect],
    table: pygame.Rect,
    window: pygame.Rect,
) -> tuple[int, pygame.Rect]:
    """Which of `shapes` (a dialog's sizes, centred in `window`, the best read
    first) and where: the first with a place on `table` clear of `cards` (those
    its question is about, with its shadow's room), the nearest such place to
    the middle; where none has, the place that covers least of them. Always
    inside `window`."""
    found = [(i, _places(r, cards, table, window)) for i, r in enumerate(shapes)]
    for i, rs in found:
        clear = [r for r in rs if r.collidelist(cards) == -1]
        if clear:
            return i, min(clear, key=lambda r: _off(r, shapes[i]))

    def covered(r: pygame.Rect) -> int:
        return sum(r.clip(cards[j]).w * r.clip(cards[j]).h for j in r.collidelistall(cards))

    return min(
        ((i, r) for i, rs in found for r in rs),
        key=lambda ir: (covered(ir[1]), ir[0], _off(ir[1], shapes[ir[0]])),
    )


def _places(
    rect: pygame.Rect, cards: Sequence[pygame.Rect], table: pygame.Rect, window: pygame.Rect
) -> list[pygame.Rect]:
    """Where a dialog of `rect`'s size may stand: its own place, or on `table`
    `EDGE` in from its sides or against a side of one of `cards`. Any place
    clear of them slides left and up to one of these, so if there is a clear
    place, one of these is clear."""
    xs = _starts(rect.x, rect.w, table.left, table.right, [(c.left, c.right) for c in cards])
    ys = _starts(rect.y, rect.h, table.top, table.bottom, [(c.top, c.bottom) for c in cards])
    return [pygame.Rect(x, y, rect.w, rect.h).clamp(window) for y in ys for x in xs]


def _starts(mid: int, size: int, lo: int, hi: int, spans: list[tuple[int, int]]) -> set[int]:
    """Where on one axis a dialog `size` long may start: at `mid`, or between
    `lo` and `hi` (`EDGE` in) at either end or just before or after a span."""
    inside = range(lo + EDGE, hi - size - EDGE + 1)
    ends = (lo + EDGE, hi - size - EDGE, *(a - size for a, _ in spans), *(b for _, b in spans))
    return {mid} | {s for s in ends if s in inside}


def _off(r: pygame.Rect, middle: pygame.Rect) -> int:
    """How far `r` stands from the `middle`."""
    return abs(r.centerx - middle.centerx) + abs(r.centery - middle.centery)
