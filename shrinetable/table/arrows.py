"""Arrows over the table: a demonstration's move, and the moves a game reports
as declared and waiting (a travel or an attack that happens when the act ends
would otherwise show only in the log)."""

from __future__ import annotations

from itertools import pairwise

import pygame

OUTLINE = (20, 24, 22)


def arrow(
    surf, start: pygame.Rect, end: pygame.Rect, colour, width: int, crossed: bool = False
) -> None:
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
    if (b - a).length() < head * 3:  # side by side: a short arrow ending at the edge
        d = (centre_b - centre_a).normalize()  # of the target, clear of its numbers
        a = b - d * head * 3
    d = (b - a).normalize()
    n = pygame.Vector2(-d.y, d.x)
    base = b - d * head
    tip = [b, base + n * head * 0.6, base - n * head * 0.6]
    pygame.draw.line(surf, OUTLINE, a, base, width + 4)
    pygame.draw.polygon(
        surf,
        OUTLINE,
        [p + (p - (base + b) / 2).normalize() * 2 if p != (base + b) / 2 else p for p in tip],
    )
    pygame.draw.line(surf, colour, a, base, width)
    pygame.draw.polygon(surf, colour, tip)
    if crossed:
        mid = (a + b) / 2
        arm = width * 2.2
        for s in (1, -1):
            p, q = mid + (d + n * s) * arm, mid - (d + n * s) * arm
            pygame.draw.line(surf, OUTLINE, p, q, width + 4)
            pygame.draw.line(surf, colour, p, q, width + 1)


def _side(card: pygame.Rect, zone: pygame.Rect, other: pygame.Rect) -> int:
    """Which end of a strip an arrow leaves or enters by: the outer end of its
    column (+1 right, -1 left), so it crosses no other column; for a strip as
    wide as its zone (one column) or in a middle column, the end facing `other`."""
    left = card.left - zone.left < card.w // 4
    right = zone.right - card.right < card.w // 4
    if left != right:
        return 1 if right else -1
    return 1 if other.centerx >= card.centerx else -1


def routed(
    surf,
    start: pygame.Rect,
    start_zone: pygame.Rect,
    end: pygame.Rect,
    end_zone: pygame.Rect,
    colour,
    width: int,
    lane: int = 0,
) -> list[pygame.Rect]:
    """An arrow between two strips that crosses no other strip, so every name
    stays readable: out of the start strip's end into the gutter beside its
    zone, along the gutter to the band between the two zones, across to the
    gutter beside the end zone, and into the end strip's end. `lane` (0, 1...)
    moves the gutter and band runs of each further arrow aside, so arrows out
    of one zone stay apart. The rectangles its runs cover."""
    off = max(3, width * 2) + lane * (width + 3)  # the head fits between zone and strip
    lo, hi = width + 2, surf.get_width() - width - 2
    ss, es = _side(start, start_zone, end), _side(end, end_zone, start)
    a = pygame.Vector2(start.right if ss > 0 else start.left - 1, start.centery)
    b = pygame.Vector2(end.right + 1 if es > 0 else end.left - 2, end.centery)
    gs = min(hi, max(lo, start_zone.right + off if ss > 0 else start_zone.left - off))
    ge = min(hi, max(lo, end_zone.right + off if es > 0 else end_zone.left - off))
    step = lane * (width + 3)
    if start_zone.bottom <= end_zone.top:
        band = (start_zone.bottom + end_zone.top) // 2 + step
    elif end_zone.bottom <= start_zone.top:
        band = (end_zone.bottom + start_zone.top) // 2 - step
    else:  # side by side: over both
        band = max(lo, min(start_zone.top, end_zone.top) - off)
    if gs == ge:
        points = [a, pygame.Vector2(gs, a.y), pygame.Vector2(ge, b.y), b]
    else:
        points = [
            a,
            pygame.Vector2(gs, a.y),
            pygame.Vector2(gs, band),
            pygame.Vector2(ge, band),
            pygame.Vector2(ge, b.y),
            b,
        ]
    head = width * 2 + 2  # from the gutter into the strip
    d = (b - points[-2]).normalize() if b != points[-2] else pygame.Vector2(-es, 0)
    n = pygame.Vector2(-d.y, d.x)
    base = b - d * head
    tip = [b, base + n * head * 0.7, base - n * head * 0.7]
    path = [*points[:-1], base]
    for ink, w in ((OUTLINE, width + 4), (colour, width)):
        pygame.draw.lines(surf, ink, False, path, w)
        for p in path[1:-1]:  # square corners, no notch
            pygame.draw.rect(
                surf, ink, pygame.Rect(0, 0, w, w).move(round(p.x - w / 2), round(p.y - w / 2))
            )
    pygame.draw.polygon(surf, OUTLINE, [p + (p - (base + b) / 2).normalize() * 2 for p in tip])
    pygame.draw.polygon(surf, colour, tip)
    return [
        pygame.Rect(min(p.x, q.x), min(p.y, q.y), abs(p.x - q.x) + 1, abs(p.y - q.y) + 1).inflate(
            width + 4, width + 4
        )
        for p, q in pairwise(path)
    ]
