"""What the table writes over cards and player zones from `view.info`, for games
that report it (Shrines): a permanent's current numbers, damage, statuses and
controller; tapped cards; each player's life, mana pool, act and priority.

Everything here is words and numbers in chips, so it reads without colour too.
"""

from __future__ import annotations

import pygame

from .faces import COLOUR

SEAT = ((255, 214, 110), (143, 211, 255))
CHIP = {"freeze": ("FROZEN", (120, 190, 240)), "poison": ("POISON", (110, 190, 80)),
        "weaken": ("WEAK", (200, 150, 90)), "ground": ("GROUNDED", (170, 140, 110)),
        "protection": ("PROT", (230, 230, 240)), "unguarded": ("NO GUARD", (200, 200, 200))}
POOL = "BYRGP"


def _chip(surf, fonts, text: str, px: int, fill, pos, anchor: str = "topleft",
          ink=(20, 20, 20)) -> pygame.Rect:
    img = fonts.text(text, px, ink, True)
    box = img.get_rect().inflate(max(4, px // 2), 2)
    setattr(box, anchor, pos)
    pygame.draw.rect(surf, fill, box, border_radius=max(2, box.h // 3))
    pygame.draw.rect(surf, (20, 20, 20), box, 1, border_radius=max(2, box.h // 3))
    surf.blit(img, img.get_rect(center=box.center))
    return box


def tapped(surf: pygame.Surface, fonts, rect: pygame.Rect) -> None:
    """A tapped card: a dark veil and the word across it."""
    veil = pygame.Surface(rect.size, pygame.SRCALPHA)
    veil.fill((0, 0, 0, 110))
    surf.blit(veil, rect)
    _chip(surf, fonts, "TAPPED", max(7, rect.h // 9), (200, 200, 200), rect.center, "center")


def tapped_chip(surf: pygame.Surface, fonts, rect: pygame.Rect) -> None:
    """The word alone, at the top right (a zoomed card stays readable)."""
    _chip(surf, fonts, "TAPPED", max(7, rect.h // 14), (200, 200, 200),
          (rect.right - 8, rect.top + 8), "topright")


def notes(surf: pygame.Surface, fonts, rect: pygame.Rect, lines: list[str]) -> None:
    """What a permanent's conditions mean, in a panel under (or over) the enlarged
    card `rect`, so its printed text stays readable."""
    if not lines:
        return
    px = max(11, rect.w // 22)
    imgs = [fonts.text(line, px, (235, 240, 235)) for line in lines]
    box = pygame.Rect(0, 0, max(i.get_width() for i in imgs) + 16,
                      sum(i.get_height() + 2 for i in imgs) + 12)
    box.midtop = (rect.centerx, rect.bottom + 8)
    if box.bottom > surf.get_height():
        box.midbottom = (rect.centerx, rect.top - 8)
    box.clamp_ip(surf.get_rect())
    pygame.draw.rect(surf, (16, 36, 28), box, border_radius=8)
    pygame.draw.rect(surf, (120, 170, 150), box, 1, border_radius=8)
    y = box.top + 6
    for img in imgs:
        surf.blit(img, (box.left + 8, y))
        y += img.get_height() + 2


def permanent(surf: pygame.Surface, fonts, rect: pygame.Rect, card: dict,
              printed: dict | None, chips: bool = True) -> None:
    """A permanent's state over its face: controller edge, statuses (unless
    `chips` is off: the enlarged card lists them apart), current strength and
    resilience (green above the printed numbers, red below), damage."""
    px = max(7, round(rect.h * (0.11 if rect.h < 200 else 0.07)))   # enlarged: smaller chips
    pygame.draw.rect(surf, SEAT[card["ctrl"] % 2], rect, max(2, rect.w // 22),
                     border_radius=max(2, rect.w // 12))
    y = rect.top + round(rect.h * 0.42)   # below the name and cost
    words = [CHIP[s] for s in card.get("status", ()) if s in CHIP] if chips else []
    if card.get("armor") and chips:
        words.append(("ARMOR", (190, 190, 200)))
    for text, fill in words:
        y = _chip(surf, fonts, text, max(6, px - 2), fill, (rect.left + 3, y)).bottom + 1
    if card.get("sick") and chips:   # new this turn: over the cost, which no longer matters
        _chip(surf, fonts, "zz", max(6, px - 2), (160, 160, 160), (rect.right - 3, rect.top + 3),
              "topright")
    if printed is not None and printed.get("type") in ("creature", "structure") \
            or card.get("strength") or card.get("resilience"):
        s, r = card["strength"], card["resilience"]
        base = (printed or {}).get("strength", s), (printed or {}).get("resilience", r)
        fill = (150, 230, 150) if (s, r) > base and s >= base[0] and r >= base[1] else \
            (240, 150, 140) if (s < base[0] or r < base[1]) else (240, 234, 214)
        if (s, r) != base or printed is None:   # unchanged: the printed box says it
            _chip(surf, fonts, f"{s}/{r}", px + 2, fill, (rect.right - 3, rect.bottom - 3),
                  "bottomright")
    if card.get("damage"):
        _chip(surf, fonts, f"-{card['damage']}", px + 2, (230, 60, 50),
              (rect.left + 3, rect.bottom - 3), "bottomleft", (255, 255, 255))
    if card.get("tapped"):
        tapped(surf, fonts, rect)


AREA = {"terrain": (196, 160, 100), "weather": (150, 200, 240), "trap": (120, 110, 130)}


def where(surf: pygame.Surface, fonts, rect: pygame.Rect, text: str) -> None:
    """Where a card lies ("pathway b", "on Ashen Brute"), across its lower edge,
    shortened to the card's width."""
    px = max(7, rect.h // 9)
    while len(text) > 4 and fonts.font(px, True).size(text)[0] > rect.w - 8:
        text = text[:-2].rstrip() + "…"
    _chip(surf, fonts, text, px, (240, 234, 214), (rect.centerx, rect.bottom - 3), "midbottom")


def covers(surf: pygame.Surface, fonts, rect: pygame.Rect,
           over: list[tuple[str, str]]) -> None:
    """What lies over a site besides its permanents, as (label, kind) chips in
    its top right corner, newest on the left: terrain, weather, face-down traps."""
    px = max(7, rect.h // 11)
    x = rect.right - 3
    for label, kind in over:
        x = _chip(surf, fonts, label, px, AREA.get(kind, (220, 220, 220)),
                  (x, rect.top + 3), "topright").left - 3


def tint(surf: pygame.Surface, rect: pygame.Rect, kinds: set[str]) -> None:
    """A wash over a site an area covers (under its cards), so a covered row or
    pathway reads at a glance; the chips say which area it is."""
    for kind in ("terrain", "weather"):
        if kind in kinds:
            wash = pygame.Surface(rect.size, pygame.SRCALPHA)
            wash.fill((*AREA[kind], 45))
            surf.blit(wash, rect)


def player(surf: pygame.Surface, fonts, rect: pygame.Rect, seat: int, info: dict,
           name: str) -> None:
    """A player zone: who, life, mana pool by colour, points; whose turn and act,
    and who holds priority."""
    px = max(8, round(rect.h * 0.42))
    x = rect.left + 6
    cy = rect.centery
    head = fonts.text(name, px, SEAT[seat % 2], True)
    surf.blit(head, head.get_rect(midleft=(x, cy)))
    x += head.get_width() + 10
    life = info.get("life")
    if life is not None:
        x = _chip(surf, fonts, f"Life {life[seat]}", px, (240, 120, 110), (x, cy),
                  "midleft").right + 8
    pool = info.get("pool")
    if pool is not None:
        for i, n in enumerate(pool[seat]):
            if n:
                x = _chip(surf, fonts, f"{POOL[i]}{n}", px, COLOUR[POOL[i]], (x, cy), "midleft",
                          (255, 255, 255)).right + 3
        if not any(pool[seat]):
            img = fonts.text("no mana", max(7, px - 2), (190, 210, 200))
            surf.blit(img, img.get_rect(midleft=(x, cy)))
            x += img.get_width()
        x += 8
    points = info.get("points")
    if points is not None and info.get("mode") not in (None, "standard"):
        x = _chip(surf, fonts, f"{points[seat]} pts", px, (220, 220, 160), (x, cy),
                  "midleft").right + 8
    right = rect.right - 6
    if info.get("priority") == seat:
        right = _chip(surf, fonts, "PRIORITY", px, (255, 222, 110), (right, cy),
                      "midright").left - 6
    act = info.get("act")
    if info.get("turn") == seat and act:
        words = "mulligan" if act == "mulligan" else f"{act} act"
        _chip(surf, fonts, f"Turn {info.get('turn_no', '')} \u00b7 {words}", px,
              (170, 230, 255), (right, cy), "midright")
