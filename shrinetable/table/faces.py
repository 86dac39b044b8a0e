"""Faces of cards whose game describes them (`game.card_face(name)`, Shrines).

A face reads at a glance: a frame in the card's colour (split for two colours,
grey for none), the name on a light band, the cost as round pips that carry
their colour's letter (readable without colour vision), the type line, keywords
as words, and strength/resilience in a box. The zoomed face adds the full text.
"""

from __future__ import annotations

import pygame

COLOUR = {"B": (52, 104, 196), "Y": (214, 176, 40), "R": (196, 58, 48),
          "G": (58, 146, 72), "P": (128, 70, 170)}
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


def pips(fonts, cost: str, px: int) -> pygame.Surface:
    """The cost as circles: generic (and X) grey with the number, colours with their letter."""
    parts: list[tuple[str, tuple]] = []
    digits = "".join(ch for ch in cost if ch.isdigit())
    if cost.startswith("X"):
        parts.append(("X", NEUTRAL))
    if digits:
        parts.append((digits, NEUTRAL))
    parts += [(ch, COLOUR[ch]) for ch in cost if ch in COLOUR]
    d = px + 4
    surf = pygame.Surface((max(1, d * len(parts)), d), pygame.SRCALPHA)
    for i, (label, colour) in enumerate(parts):
        centre = (i * d + d // 2, d // 2)
        pygame.draw.circle(surf, colour, centre, d // 2)
        pygame.draw.circle(surf, INK, centre, d // 2, 1)
        img = fonts.text(label, max(6, px - 2), (255, 255, 255), True)
        surf.blit(img, img.get_rect(center=centre))
    return surf


def frame_colours(face: dict) -> list[tuple]:
    cols = [COLOUR[c] for c in face.get("colours", "") if c in COLOUR]
    return cols or [NEUTRAL]


def type_line(face: dict) -> str:
    words = ("Legendary " if face.get("legendary") else "") + face["type"].title()
    if face.get("token"):
        words = "Token " + words
    return f"{words} \u2014 {face['subtype']}" if face.get("subtype") else words


def has_body(face: dict) -> bool:
    return face["type"] in ("creature", "structure")


def draw_face(fonts, face: dict, size: tuple[int, int], detail: bool = False) -> pygame.Surface:
    """The face at `size`; `detail` adds the full card text (the zoomed card)."""
    w, h = size
    surf = pygame.Surface(size, pygame.SRCALPHA)
    radius = max(2, w // 12)
    cols = frame_colours(face)
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
    name = _wrap(fonts, face["name"], px, width, True)
    if len(name) > 2:
        name = [" ".join(name[:-1]), name[-1]]
    for line in name[:2]:
        img = _fit(fonts, line, px, width, INK, True)
        surf.blit(img, (inner.left + pad, y))
        y += img.get_height()
    small = max(6, round(px * 0.8))
    cost = face.get("cost", "")
    x = inner.left + pad
    row = 0
    if cost:
        img = pips(fonts, cost, small)
        surf.blit(img, (x, y + 1))
        x += img.get_width() + pad
        row = img.get_height() + 2
    if h >= 70:
        tl = _fit(fonts, type_line(face), small, max(8, inner.right - pad - x), FAINT)
        surf.blit(tl, (x, y + max(0, (row - tl.get_height()) // 2)))
        row = max(row, tl.get_height())
    y += row + pad
    pygame.draw.line(surf, cols[0], (inner.left + pad, y - pad // 2),
                     (inner.right - pad, y - pad // 2), 1)
    bottom = inner.bottom - pad
    if has_body(face):
        sr = fonts.text(f"{face['strength']}/{face['resilience']}",
                        max(8, round(h * (0.08 if detail else 0.15))), INK, True)
        box = sr.get_rect().inflate(pad * 2, 0)
        box.bottomright = (inner.right - pad, bottom)
        pygame.draw.rect(surf, (236, 228, 206), box, border_radius=max(2, box.h // 4))
        pygame.draw.rect(surf, cols[0], box, 1, border_radius=max(2, box.h // 4))
        surf.blit(sr, sr.get_rect(center=box.center))
        bottom = box.top - pad
    # keywords say a body's abilities at a glance; a card without any (a spell, a
    # relic) shows as much of its text as fits, and the zoom shows it all
    keywords = face.get("keywords", [])
    lines = keywords if keywords and not detail else _wrap(fonts, face["text"], small,
                                                           inner.w - 2 * pad)
    for line in lines:
        img = _fit(fonts, line, small, inner.w - 2 * pad, INK)
        if y + img.get_height() > bottom and not detail:
            break
        surf.blit(img, (inner.left + pad, y))
        y += img.get_height()
    return surf
