"""The deck builder's small charts: bars of copies by a value (a cost curve, the
card types, the colours), each bar labelled with its value and its count, so
they read without colour."""

from __future__ import annotations

from typing import Any

import pygame

from shrinetable.formats.deckbuild import COLOURS

from .theme import palette


def columns(
    surf: pygame.Surface, fonts, rect: pygame.Rect, title: str, counts: dict[Any, int], px: int
) -> None:
    """Upright bars, one a value, its count over it and its value under it."""
    _title(surf, fonts, rect, title, px)
    if not counts:
        _none(surf, fonts, rect, px)
        return
    top = rect.top + fonts.font(px, True).get_linesize() + fonts.font(px).get_linesize()
    base = rect.bottom - fonts.font(px).get_linesize()
    width = max(4, rect.w // max(1, len(counts)) - 4)
    most = max(counts.values()) or 1
    for i, (value, n) in enumerate(counts.items()):
        x = rect.left + i * (width + 4)
        h = round((base - top) * n / most)
        bar = pygame.Rect(x, base - h, width, h)
        pygame.draw.rect(surf, palette().playable if n else palette().zone, bar)
        if n:
            label = fonts.text(str(n), px, palette().text)
            surf.blit(label, label.get_rect(midbottom=(bar.centerx, bar.top)))
        label = fonts.text(str(value), px, palette().quiet)
        surf.blit(label, label.get_rect(midtop=(bar.centerx, base)))


def rows(
    surf: pygame.Surface,
    fonts,
    rect: pygame.Rect,
    title: str,
    counts: dict[Any, int],
    px: int,
    coloured: bool = False,
) -> None:
    """Lying bars, one a line: the value's words, the bar, its count; `coloured`:
    each bar in the colour it names (its word says it too)."""
    _title(surf, fonts, rect, title, px)
    if not counts:
        _none(surf, fonts, rect, px)
        return
    line = fonts.font(px).get_linesize()
    y = rect.top + fonts.font(px, True).get_linesize()
    room = (rect.bottom - y) // line
    shown = sorted(counts.items(), key=lambda kv: -kv[1])
    if len(shown) > room:  # the largest, and the rest together
        rest = sum(n for _, n in shown[room - 1 :])
        shown = [*shown[: room - 1], ("others", rest)]
    words_w = max(fonts.font(px).size(str(v))[0] for v, _ in shown) + 6
    words_w = min(words_w, rect.w // 2)
    most = max(n for _, n in shown) or 1
    count_w = fonts.font(px).size("000")[0]
    for value, n in shown:
        label = fonts.text(_cut(fonts, str(value), px, words_w - 4), px, palette().quiet)
        surf.blit(label, (rect.left, y))
        span = rect.w - words_w - count_w - 4
        bar = pygame.Rect(rect.left + words_w, y + 3, max(2, round(span * n / most)), line - 6)
        pygame.draw.rect(
            surf,
            COLOURS.get(str(value), palette().playable) if coloured else palette().playable,
            bar,
        )
        pygame.draw.rect(surf, palette().text, bar, 1)
        count = fonts.text(str(n), px, palette().text)
        surf.blit(count, (bar.right + 4, y))
        y += line


def _cut(fonts, text: str, px: int, width: int) -> str:
    while len(text) > 2 and fonts.font(px).size(text)[0] > width:
        text = text[:-2] + "\u2026"
    return text


def _title(surf, fonts, rect: pygame.Rect, title: str, px: int) -> None:
    surf.blit(fonts.text(_cut(fonts, title, px, rect.w), px, palette().text, True), rect.topleft)


def _none(surf, fonts, rect: pygame.Rect, px: int) -> None:
    line = fonts.font(px, True).get_linesize()
    surf.blit(fonts.text("no cards yet", px, palette().quiet), (rect.left, rect.top + line))
