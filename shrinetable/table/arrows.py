"""Arrows over the table: a demonstration's move, and the moves a game reports
as declared and waiting (a travel or an attack that happens when the act ends
would otherwise show only in the log)."""

from __future__ import annotations

import pygame

OUTLINE = (20, 24, 22)


def arrow(surf, start: pygame.Rect, end: pygame.Rect, colour, width: int,
          crossed: bool = False) -> None:
    """A thick outlined arrow from the edge of `start` to the edge of `end`;
    `crossed` adds an X on it (a move the rules refuse)."""
    centre_a, centre_b = pygame.Vector2(start.center), pygame.Vector2(end.center)
    if centre_a == centre_b:
        return
    a, b = centre_a, centre_b
    out = start.clipline(a, b)
    into = end.clipline(a, b)
    if out:
        a = pygame.Vector2(out[1])
    if into:
        b = pygame.Vector2(into[0])
    head = width * 3
    if (b - a).length() < head * 3:   # side by side: a short arrow ending at the edge
        d = (centre_b - centre_a).normalize()   # of the target, clear of its numbers
        a = b - d * head * 3
    d = (b - a).normalize()
    n = pygame.Vector2(-d.y, d.x)
    base = b - d * head
    tip = [b, base + n * head * 0.6, base - n * head * 0.6]
    pygame.draw.line(surf, OUTLINE, a, base, width + 4)
    pygame.draw.polygon(surf, OUTLINE, [p + (p - (base + b) / 2).normalize() * 2
                                        if p != (base + b) / 2 else p for p in tip])
    pygame.draw.line(surf, colour, a, base, width)
    pygame.draw.polygon(surf, colour, tip)
    if crossed:
        mid = (a + b) / 2
        arm = width * 2.2
        for s in (1, -1):
            p, q = mid + (d + n * s) * arm, mid - (d + n * s) * arm
            pygame.draw.line(surf, OUTLINE, p, q, width + 4)
            pygame.draw.line(surf, colour, p, q, width + 1)
