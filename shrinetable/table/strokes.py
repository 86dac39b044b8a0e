"""Outlines that differ in shape, not only in colour: a dashed frame (what the
last move changed; a seat's pattern round the cards it controls) and corner
brackets (a legal place for the held cards). A player who cannot tell the
marks' colours apart tells them by these."""

from __future__ import annotations

import pygame


def dashed(
    surf: pygame.Surface, colour, rect: pygame.Rect, width: int, dash: int, gap: int
) -> None:
    """`rect`'s frame `width` thick in dashes `dash` long with `gap` between
    (a gap of 0: a solid frame), the dashes starting at each corner."""
    if gap <= 0:
        pygame.draw.rect(surf, colour, rect, width)
        return
    dash = max(2, dash)
    step = dash + max(2, gap)
    top, bottom = rect.top, rect.bottom - width
    left, right = rect.left, rect.right - width
    for x in range(rect.left, rect.right, step):
        w = min(dash, rect.right - x)
        pygame.draw.rect(surf, colour, (x, top, w, width))
        pygame.draw.rect(surf, colour, (x, bottom, w, width))
    for y in range(rect.top, rect.bottom, step):
        h = min(dash, rect.bottom - y)
        pygame.draw.rect(surf, colour, (left, y, width, h))
        pygame.draw.rect(surf, colour, (right, y, width, h))


def brackets(surf: pygame.Surface, colour, rect: pygame.Rect, width: int) -> None:
    """Four L-shaped corners round `rect`, each arm a quarter of its shorter
    side (at least 6 px), `width` thick. Drawn round a frame as wide as it but
    wider (the table's use), they stand out from its sides as ears: nothing
    over the label above it."""
    arm = max(6, min(rect.w, rect.h) // 4)
    for cx, sx in ((rect.left, 1), (rect.right - width, -1)):
        for cy, sy in ((rect.top, 1), (rect.bottom - width, -1)):
            x0 = cx if sx > 0 else cx + width - arm
            y0 = cy if sy > 0 else cy + width - arm
            pygame.draw.rect(surf, colour, (x0, cy, arm, width))
            pygame.draw.rect(surf, colour, (cx, y0, width, arm))
