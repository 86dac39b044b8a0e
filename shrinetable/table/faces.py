"""Framed faces: cards their game describes (a `Face` of style "framed").

A face reads at a glance: a frame in the card's colours (split for two, grey
for none), the name on a light band, the cost as round pips that carry their
words (readable without colour vision), the type line, keywords as words, and
its printed numbers in a box. The zoomed face adds the full text.
"""

from __future__ import annotations

import pygame

from shrinetable.engine import Face

NEUTRAL = (128, 128, 136)
PAPER = (248, 244, 232)
INK = (24, 24, 30)
FAINT = (90, 90, 100)


def _fit(fonts, text: str, px: int, width: int, colour, bold: bool = False) -> pygame.Surface:
    """`text` at `px`, shrunk (down to 6 px) and then cut with an ellipsis to fit `width`."""
    while px > 6 and fonts.font(px, bold).size(text)[0] > width:
        px -= 1
    img = fonts.text(text, px, colour, bold)
    while img.get_width() > width and len(text) > 2:
        text = text[:-2] + "\u2026"
        img = fonts.text(text, px, colour, bold)
    return img


def _wrap(fonts, text: str, px: int, width: int, bold: bool = False) -> list[str]:
    lines, line = [], ""
    for word in text.split():
        trial = f"{line} {word}".strip()
        if line and fonts.font(px, bold).size(trial)[0] > width:
            lines.append(line)
            line = word
        else:
            line = trial
    return lines + ([line] if line else [])


def pips(fonts, cost: tuple, px: int) -> pygame.Surface:
    """The cost as circles, each filled with its colour and carrying its word."""
    d = px + 4
    surf = pygame.Surface((max(1, d * len(cost)), d), pygame.SRCALPHA)
    for i, pip in enumerate(cost):
        centre = (i * d + d // 2, d // 2)
        pygame.draw.circle(surf, pip.fill or NEUTRAL, centre, d // 2)
        pygame.draw.circle(surf, INK, centre, d // 2, 1)
        img = fonts.text(pip.text, max(6, px - 2), pip.ink, True)
        surf.blit(img, img.get_rect(center=centre))
    return surf


def draw_face(fonts, face: Face, size: tuple[int, int], detail: bool = False) -> pygame.Surface:
    """The face at `size`; `detail` adds the full card text (the zoomed card)."""
    w, h = size
    surf = pygame.Surface(size, pygame.SRCALPHA)
    radius = max(2, w // 12)
    cols = list(face.frame) or [NEUTRAL]
    pygame.draw.rect(surf, cols[0], (0, 0, w, h), border_radius=radius)
    if len(cols) > 1:
        part = w // len(cols)
        for i, c in enumerate(cols[1:], 1):
            pygame.draw.rect(surf, c, (i * part, 0, w - i * part, h),
                             border_top_right_radius=radius, border_bottom_right_radius=radius)
    border = max(2, w // 16)
    inner = pygame.Rect(border, border, w - 2 * border, h - 2 * border)
    pygame.draw.rect(surf, PAPER, inner, border_radius=max(1, radius - 1))
    pygame.draw.rect(surf, INK, (0, 0, w, h), 1, border_radius=radius)
    px = max(7, round(h * (0.075 if detail else 0.1)))
    pad = max(2, w // 30)
    width = inner.w - 2 * pad
    y = inner.top + pad
    name = _wrap(fonts, face.name, px, width, True)
    if len(name) > 2:
        name = [" ".join(name[:-1]), name[-1]]
    for line in name[:2]:
        img = _fit(fonts, line, px, width, INK, True)
        surf.blit(img, (inner.left + pad, y))
        y += img.get_height()
    small = max(6, round(px * 0.8))
    x = inner.left + pad
    row = 0
    if face.cost:
        img = pips(fonts, face.cost, small)
        surf.blit(img, (x, y + 1))
        x += img.get_width() + pad
        row = img.get_height() + 2
    if h >= 70:
        tl = _fit(fonts, face.type_line, small, max(8, inner.right - pad - x), FAINT)
        surf.blit(tl, (x, y + max(0, (row - tl.get_height()) // 2)))
        row = max(row, tl.get_height())
    y += row + pad
    pygame.draw.line(surf, cols[0], (inner.left + pad, y - pad // 2),
                     (inner.right - pad, y - pad // 2), 1)
    bottom = inner.bottom - pad
    if face.numbers is not None:
        sr = fonts.text("/".join(str(n) for n in face.numbers),
                        max(8, round(h * (0.08 if detail else 0.15))), INK, True)
        box = sr.get_rect().inflate(pad * 2, 0)
        box.bottomright = (inner.right - pad, bottom)
        pygame.draw.rect(surf, (236, 228, 206), box, border_radius=max(2, box.h // 4))
        pygame.draw.rect(surf, cols[0], box, 1, border_radius=max(2, box.h // 4))
        surf.blit(sr, sr.get_rect(center=box.center))
        bottom = box.top - pad
    # keywords say a body's abilities at a glance; a card without any (a spell, a
    # relic) shows as much of its text as fits, and the zoom shows it all
    lines = face.keywords if face.keywords and not detail else _wrap(fonts, face.text, small,
                                                                     inner.w - 2 * pad)
    for line in lines:
        img = _fit(fonts, line, small, inner.w - 2 * pad, INK)
        if y + img.get_height() > bottom and not detail:
            break
        surf.blit(img, (inner.left + pad, y))
        y += img.get_height()
    return surf
