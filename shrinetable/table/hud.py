"""What the table writes over cards and zones from the game's `Decor`: a card's
controller edge, states, figures, damage and veil; what lies over a zone; a
seat's figures and status in its zone.

Everything here is words and numbers in chips, so it reads without colour too.
"""

from __future__ import annotations

from collections.abc import Sequence

import pygame

from shrinetable.engine import CardDecor, Chip, Face, Hud

from . import clearing, faces, strokes
from .seats import EDGES, seat_colour
from .theme import palette

CROSS = "\u2715"  # before a refusal: bad news said by a shape, not only a colour


def chip(surf, fonts, c: Chip, px: int, pos, anchor: str = "topleft") -> pygame.Rect:
    """`c` at `px`, its `anchor` at `pos`; a chip without fill is plain words, smaller."""
    if c.fill is None:
        img = fonts.text(c.text, max(7, px - 2), c.ink)
        box = img.get_rect()
        setattr(box, anchor, pos)
        surf.blit(img, box)
        return box
    img = fonts.text(c.text, px, c.ink, True)
    box = img.get_rect().inflate(max(4, px // 2), 2)
    setattr(box, anchor, pos)
    pygame.draw.rect(surf, c.fill, box, border_radius=max(2, box.h // 3))
    pygame.draw.rect(surf, palette().chip_edge, box, 1, border_radius=max(2, box.h // 3))
    surf.blit(img, img.get_rect(center=box.center))
    return box


def _width(fonts, c: Chip, px: int) -> int:
    """How wide `chip` draws `c` at `px`."""
    if c.fill is None:
        return fonts.font(max(7, px - 2)).size(c.text)[0]
    return fonts.font(px, True).size(c.text)[0] + max(4, px // 2)


def tally(fonts, delta: int, px: int) -> pygame.Surface:
    """A changed figure as it flies to its seat: "\u22123" in the theme's loss
    colour, "+4" in its gain colour (the sign says which)."""
    c = Chip(
        f"+{delta}" if delta > 0 else f"\u2212{-delta}",
        palette().gain if delta > 0 else palette().loss,
        (0, 0, 0),
    )
    img = fonts.text(c.text, px, c.ink, True)
    surf = pygame.Surface(img.get_rect().inflate(px, px // 2).size, pygame.SRCALPHA)
    chip(surf, fonts, c, px, surf.get_rect().center, "center")
    return surf


def notes_box(
    bounds: pygame.Rect, fonts, rect: pygame.Rect, lines: tuple[str, ...], above: bool = False
) -> tuple[pygame.Rect, list[pygame.Surface]] | None:
    """Where `notes` puts its panel for the enlarged card `rect` in `bounds`
    (the window): under it, or `above` it, else where it fits; and its lines;
    None without lines."""
    if not lines:
        return None
    px = max(11, rect.w // 22)
    width = min(bounds.w - 36, max(rect.w, px * 34))
    imgs = [
        fonts.text(part, px, palette().text)
        for line in lines
        for part in faces.wrap(fonts, line, px, width)
    ]
    box = pygame.Rect(
        0, 0, max(i.get_width() for i in imgs) + 16, sum(i.get_height() + 2 for i in imgs) + 12
    )
    under, over = (rect.centerx, rect.bottom + 8), (rect.centerx, rect.top - 8)
    box.midtop = under
    if above or box.bottom > bounds.bottom:
        box.midbottom = over
    if box.top < bounds.top:
        box.midtop = under
    box.clamp_ip(bounds)
    return box, imgs


def notes(
    surf: pygame.Surface, fonts, rect: pygame.Rect, lines: tuple[str, ...], above: bool = False
) -> None:
    """What a card's states mean, in a panel under (or `above`) the enlarged
    card `rect`, so its printed text stays readable."""
    laid = notes_box(surf.get_rect(), fonts, rect, lines, above)
    if laid is None:
        return
    box, imgs = laid
    pygame.draw.rect(surf, palette().panel, box, border_radius=8)
    pygame.draw.rect(surf, palette().quiet, box, 1, border_radius=8)
    y = box.top + 6
    for img in imgs:
        surf.blit(img, (box.left + 8, y))
        y += img.get_height() + 2


def card(
    surf: pygame.Surface,
    fonts,
    rect: pygame.Rect,
    d: CardDecor,
    enlarged: bool = False,
    face: Face | None = None,
    strip: bool = False,
) -> list[pygame.Rect]:
    """A card's decorations over its face: controller edge, states in a row
    along its bottom (under the keywords, which end above the numbers' box),
    the corner chip, current figures over the printed ones, damage, a veil,
    where it lies. The enlarged card keeps its text readable: no states (its
    notes list them) and the veil's word as a chip in its bottom left corner.
    The boxes of the words drawn (the numbers' first)."""
    if d.edge is not None:  # in the seat's colour and its own dashes
        side = min(rect.w, rect.h)
        dash, gap = EDGES[d.edge % len(EDGES)]
        strokes.dashed(
            surf,
            seat_colour(d.edge),
            rect,
            max(2, side // 22) + palette().width,
            round(dash * side),
            round(gap * side),
        )
    if strip:
        return _on_strip(surf, fonts, rect, d, face)
    px = max(7, round(rect.h * (0.11 if rect.h < 200 else 0.07)))  # enlarged: smaller chips
    box = _numbers(surf, fonts, rect, d.numbers, face, enlarged, px + 2)
    out = [box] if box is not None else []
    if not enlarged:  # one row left of the numbers, smaller type if need be; what
        row = [c for c in (d.damage, *d.chips) if c is not None]  # does not fit, the
        end = (box.left if box else rect.right) - 2  # notes list
        size = max(6, px - 2)
        while size > 6 and sum(_width(fonts, c, size) + 2 for c in row) > end - rect.left - 3:
            size -= 1
        x = rect.left + 3
        for c in row:
            if x + _width(fonts, c, size) > end:
                break
            out.append(chip(surf, fonts, c, size, (x, rect.bottom - 3), "bottomleft"))
            x = out[-1].right + 2
        if d.corner is not None:  # over the cost, which no longer matters
            out.append(
                chip(
                    surf,
                    fonts,
                    d.corner,
                    max(6, px - 2),
                    (rect.right - 3, rect.top + 3),
                    "topright",
                )
            )
    elif d.damage is not None:
        out.append(
            chip(surf, fonts, d.damage, px + 2, (rect.left + 3, rect.bottom - 3), "bottomleft")
        )
    if d.veil is not None and enlarged:
        out.append(
            chip(
                surf,
                fonts,
                d.veil,
                max(7, rect.h // 14),
                (rect.left + 8, rect.bottom - 8),
                "bottomleft",
            )
        )  # clear of the
    elif d.veil is not None:  # name, numbers
        veil = pygame.Surface(rect.size, pygame.SRCALPHA)
        veil.fill((0, 0, 0, 110))
        surf.blit(veil, rect)
    above = (box.top if box else rect.bottom) - 2  # the numbers' top, then where's
    if d.where and not enlarged:  # above the numbers and the states
        out.append(where(surf, fonts, rect, d.where, above))
        above = out[-1].top - 2
    if d.veil is not None and not enlarged:  # where the face leaves its keywords and
        out.append(ribbon(surf, fonts, d.veil, max(7, rect.h // 9), rect, above))  # text off
    return out


def ribbon(
    surf: pygame.Surface, fonts, c: Chip, px: int, rect: pygame.Rect, bottom: int
) -> pygame.Rect:
    """`c` as a ribbon across the card `rect`, its bottom at `bottom` (above
    the numbers), where the bare face (`Art.card`) has no words: the name and
    type line above it and the numbers below stay in view. A word too wide for
    the card is a chip there."""
    at = min(bottom, rect.bottom - 3)
    if c.fill is None or _width(fonts, c, px) > rect.w - 4:
        return chip(surf, fonts, c, px, (rect.centerx, at), "midbottom")
    img = fonts.text(c.text, px, c.ink, True)
    band = pygame.Rect(rect.left + 2, 0, rect.w - 4, img.get_height() + 2)
    band.bottom = at
    pygame.draw.rect(surf, c.fill, band, border_radius=max(2, band.h // 4))
    pygame.draw.rect(surf, palette().chip_edge, band, 1, border_radius=max(2, band.h // 4))
    surf.blit(img, img.get_rect(center=band.center))
    return band


def _numbers(
    surf,
    fonts,
    rect: pygame.Rect,
    c: Chip | None,
    face: Face | None,
    enlarged: bool,
    px: int,
    strip: bool = False,
) -> pygame.Rect | None:
    """The current figures `c` written over the printed box (covering it, so the
    old numbers never show around the new); the box where they stand."""
    if face is None or not face.numbers:
        if c is not None:
            return chip(surf, fonts, c, px, (rect.right - 3, rect.bottom - 3), "bottomright")
        return None
    printed = faces.numbers_text(face.numbers)
    shown = faces.numbers_shown(fonts, printed, rect.size, enlarged, face.name, strip)
    box, npx = faces.numbers_box(fonts, shown, rect.size, enlarged, strip)
    box.move_ip(rect.topleft)
    if c is None:
        return box
    text = c.text if shown == printed else faces.compact(c.text)  # compact as printed
    if strip and box.w > rect.w - 3:  # never past its strip (over the zone beside it)
        box.update(rect.left, box.top, rect.w, box.h)  # the strip's width, else cut
        text = faces.cut(fonts, text, npx, box.w - 4, True, least=1)
    img = faces.numbers_img(fonts, text, npx, box.w if strip else faces.numbers_room(rect.w), c.ink)
    over = box.inflate(max(0, img.get_width() + 6 - box.w), max(0, img.get_height() - box.h))
    over.bottomright = box.bottomright
    pygame.draw.rect(surf, c.fill or faces.BOX, over, border_radius=max(2, over.h // 4))
    pygame.draw.rect(surf, palette().chip_edge, over, 1, border_radius=max(2, over.h // 4))
    surf.blit(img, img.get_rect(center=over.center))
    return over


def strip_chips(
    fonts, size: tuple[int, int], d: CardDecor, face: Face | None
) -> tuple[list[Chip], int, int, int | None]:
    """What a strip of `size` shows on its name line besides the name: the chips
    that fit, their type size, the right end of their row and its left end (in
    the strip; None: no chip), which the name ends before (`faces.draw_strip`).
    Damage and states come first: the name gives way to them down to a quarter
    of the strip, cut with an ellipsis (the enlarged card names it whole); then
    the veil's word, where the name keeps a third (on a strip of one line,
    where it stays whole: the veil darkens the strip, which says it too);
    the corner chip and the place only where it keeps its first half (the
    notes under the enlarged card list them all). On a strip of one line a
    chip the game gives a shorter word (`Chip.short`) says it where the whole
    word would cut the name; "" leaves it off there (shown another way)."""
    w, h = size
    px = faces.strip_px(h)
    small = max(8, px - 3)  # states need not be as large as the name
    end = w - 3
    figures = faces.shown_figures(fonts, face, size, strip=True) if face else None
    low = faces.numbers_box(fonts, figures, size, strip=True)[0].h if figures else 0
    chip_h = fonts.font(small, True).size("Ag")[1] + 2
    one = h < 2 * faces.line(fonts)
    if one or chip_h + low + 2 > h:  # one line, or no room above
        left = _numbers_left(fonts, size, d.numbers, face, px)  # the numbers: the chips
        if left is not None:  # end at them
            end = left - 3
    row = [(c, 4) for c in (d.damage, *d.chips) if c is not None]
    row += [(c, share) for c, share in ((d.veil, 1 if one else 3), (d.corner, 2)) if c is not None]
    if d.where:
        row.append((Chip(d.where, (240, 234, 214)), 2))
    name_x = faces.strip_name_x(h)
    name_w = fonts.font(px, True).size(face.name)[0] if face else 0
    shown, x = [], end
    for c, share in row:  # the name keeps 1/share of the strip
        cw = _width(fonts, c, small)
        if c.short is not None and one and x - cw < name_x + name_w:  # the game's shorter word
            if not c.short:
                continue
            c = Chip(c.short, c.fill, c.ink)
            cw = _width(fonts, c, small)
        if x - cw < name_x + min(name_w, w // share):
            break
        shown.append(c)
        x -= cw + 2
    return shown, small, end, (x + 2 if shown else None)


def _numbers_left(fonts, size, c: Chip | None, face: Face | None, px: int) -> int | None:
    """Where a strip's figures begin (as `_numbers` writes them)."""
    if face is None or not face.numbers:
        return size[0] - 3 - _width(fonts, c, px) if c is not None else None
    printed = faces.numbers_text(face.numbers)
    shown = faces.numbers_shown(fonts, printed, size, False, face.name, strip=True)
    box, npx = faces.numbers_box(fonts, shown, size, False, True)
    if c is not None:
        text = c.text if shown == printed else faces.compact(c.text)  # compact as printed
        return box.right - max(box.w, fonts.font(npx, True).size(text)[0] + 6)
    return box.left


def _on_strip(surf, fonts, rect: pygame.Rect, d: CardDecor, face: Face | None) -> list[pygame.Rect]:
    """A strip's decorations: current figures over its printed ones, then its
    veil, and the chips `strip_chips` finds room for leftwards from them."""
    px = faces.strip_px(rect.h)
    box = _numbers(surf, fonts, rect, d.numbers, face, False, px, strip=True)
    out = [box] if box is not None else []
    if d.veil is not None:
        veil = pygame.Surface(rect.size, pygame.SRCALPHA)
        veil.fill((0, 0, 0, 60))
        surf.blit(veil, rect)
    shown, small, end, _ = strip_chips(fonts, rect.size, d, face)
    two = rect.h >= 2 * faces.line(fonts)
    x = rect.left + end
    for c in shown:  # on the name's line: a strip's middle, or its top
        out.append(
            chip(
                surf,
                fonts,
                c,
                small,
                (x, rect.centery) if not two else (x, rect.top + 1),
                "midright" if not two else "topright",
            )
        )
        x = out[-1].left - 2
    return out


def where(surf: pygame.Surface, fonts, rect: pygame.Rect, text: str, bottom: int) -> pygame.Rect:
    """Where a card lies ("pathway b", "on Ashen Brute"), across the card with its
    foot at `bottom`, shortened to the card's width."""
    px = max(7, rect.h // 9)
    while len(text) > 4 and fonts.font(px, True).size(text)[0] > rect.w - 8:
        text = text[:-2].rstrip() + "…"
    return chip(surf, fonts, Chip(text, (240, 234, 214)), px, (rect.centerx, bottom), "midbottom")


def chips_width(fonts, rect: pygame.Rect, over: tuple[Chip, ...], most: int = 18) -> int:
    """How wide `cover_chips` draws `over` on one line (0: no chips)."""
    px = max(7, min(rect.h // 11, most))
    return sum(_width(fonts, c, px) + 3 for c in over)


def cover_chips(
    fonts,
    rect: pygame.Rect,
    over: tuple[Chip, ...],
    clear: pygame.Rect | None = None,
    most: int = 18,
) -> list[tuple[Chip, int, pygame.Rect]]:
    """Where `covers` draws `over`: chips from the zone's top right corner
    leftwards, inside the zone and clear of `clear` (its label, when it is
    inside): on the label's line while they fit beside it, the rest on lines
    under it (as many as leave the zone two fifths of its height for its cards; with
    no label beside them, one line); in
    smaller type if need be (a point less, never under the floor), then the
    longest cut with an ellipsis in turn; a chip with no letter left is left
    off (the zone's places and the enlarged cards say the rest). Each with its
    type size (`most` at most: a zone's label's) and rectangle."""
    if not over:
        return []
    px = max(7, min(rect.h // 11, most))  # a tall zone's chips stay chips, not headlines
    top = rect.top + 3
    left = rect.left + 3
    high = fonts.font(px, True).size("Ag")[1] + 2
    beside = left
    if clear is not None and clear.top < top + high and clear.bottom > top:
        beside = max(left, clear.right + 4)
    most = 1 if beside == left else max(2, (rect.h * 3 // 5) // (high + 2))

    def rows(chips, size):
        """The chips line by line, and whether they all fit."""
        lines, line, x = [], [], rect.right - 3
        for c in chips:
            w = _width(fonts, c, size)
            while x - w < (beside if not lines else left):
                if not line and lines:  # too wide for a line of its own
                    return lines + [[c]], False
                lines.append(line)
                line, x = [], rect.right - 3
            line.append(c)
            x -= w + 3
        lines.append(line)
        return lines, sum(1 for n in lines if n) <= most

    chips = list(over)
    for size in (px, max(7, px - 1)):
        lines, fits = rows(chips, size)
        if fits:
            break
    while not fits and chips:
        longest = max(chips, key=lambda c: _width(fonts, c, size))
        text = longest.text
        if len(text.rstrip("\u2026")) <= 1:  # nothing left to cut: leave the oldest off
            chips.pop()
        else:
            base = text[:-1] if text.endswith("\u2026") else text
            chips[chips.index(longest)] = Chip(
                base[:-1].rstrip() + "\u2026", longest.fill, longest.ink
            )
        lines, fits = rows(chips, size)
    out = []
    y = top
    for n, line in enumerate(lines):
        x, tall = rect.right - 3, 0
        for c in line:
            w = _width(fonts, c, size)
            h = (
                fonts.font(size, True).size(c.text)[1] + 2
                if c.fill is not None
                else fonts.font(max(7, size - 2)).size(c.text)[1]
            )
            out.append((c, size, pygame.Rect(x - w, y, w, h)))
            x -= w + 3
            tall = max(tall, h)
        y = y + tall + 2
        if n == 0 and beside > left and clear is not None:
            y = max(y, clear.bottom + 2)
    return out


def covers(
    surf: pygame.Surface,
    fonts,
    rect: pygame.Rect,
    over: tuple[Chip, ...],
    clear: pygame.Rect | None = None,
    most: int = 18,
) -> list[pygame.Rect]:
    """What lies over a zone besides its cards, as chips from its top right
    corner, clear of its label `clear` (`cover_chips`)."""
    return [
        chip(surf, fonts, c, px, box.topright, "topright")
        for c, px, box in cover_chips(fonts, rect, over, clear, most)
    ]


def banner(
    surf: pygame.Surface,
    fonts,
    area: pygame.Rect,
    text: str,
    px: int,
    hide: Sequence[pygame.Rect] = (),
    rather: Sequence[pygame.Rect] = (),
) -> pygame.Rect:
    """A message (a refusal and the rule that refuses) whole, wrapped in a box
    in `area`: the panel beside the table has room for a few lines only. It
    stands nearest the middle clear of the cards `hide` (the decision's), and
    of `rather` (the viewer's own) where it can (`clearing.spot`). It begins
    with a cross, so it reads as bad news without its colour."""
    width = min(area.w - 40, px * 40)
    lines = faces.wrap(fonts, f"{CROSS} {text}", px, width - 24)
    imgs = [fonts.text(line, px, palette().refusal_text) for line in lines]
    box = pygame.Rect(
        0, 0, max(i.get_width() for i in imgs) + 24, sum(i.get_height() for i in imgs) + 18
    )
    box.center = area.center
    at = clearing.spot([box], [*hide, *rather], area, area)[1]
    if at.collidelist(hide) != -1:  # no place clear of both: the decision's cards first
        at = clearing.spot([box], hide, area, area)[1]
    box = at
    pygame.draw.rect(surf, palette().refusal, box, border_radius=10)
    pygame.draw.rect(surf, palette().refusal_edge, box, 2 + palette().width, border_radius=10)
    y = box.top + 9
    for img in imgs:
        surf.blit(img, (box.left + 12, y))
        y += img.get_height()
    return box


def tint(surf: pygame.Surface, rect: pygame.Rect, washes: tuple) -> None:
    """Washes over a zone (under its cards), so a covered zone reads at a glance;
    the chips say what covers it."""
    for colour in washes:
        wash = pygame.Surface(rect.size, pygame.SRCALPHA)
        wash.fill((*colour, palette().wash))
        surf.blit(wash, rect)


def seat(surf: pygame.Surface, fonts, rect: pygame.Rect, hud: Hud, name: str) -> list[pygame.Rect]:
    """A seat's zone: its name in its colour, its figures from the left (a group's
    counters close together), its status chips at the right. The boxes drawn."""
    px = max(8, round(rect.h * 0.42))
    x = rect.left + 6
    cy = rect.centery
    head = fonts.text(name, px, seat_colour(hud.seat), True)
    out = [surf.blit(head, head.get_rect(midleft=(x, cy)))]
    x += head.get_width() + 10
    for figure in hud.figures:
        for c in (figure,) if isinstance(figure, Chip) else figure:
            out.append(chip(surf, fonts, c, px, (x, cy), "midleft"))
            x = out[-1].right + (3 if c.fill and not isinstance(figure, Chip) else 0)
        x += 8
    right = rect.right - 6
    for c in reversed(_status_fitted(fonts, hud.status, px, right - x)):
        out.append(chip(surf, fonts, c, px, (right, cy), "midright"))
        right = out[-1].left - 6
    return out


def _status_fitted(fonts, status: tuple[Chip, ...], px: int, room: int) -> tuple[Chip, ...]:
    """A seat's status chips whole in the `room` its figures leave, else in
    their shorter words where the game gives them (`Chip.short`; "" leaves
    one off): at a larger text size they lay over the figures."""
    if sum(_width(fonts, c, px) + 6 for c in status) <= room:
        return status
    return tuple(
        c if c.short is None else Chip(c.short, c.fill, c.ink) for c in status if c.short != ""
    )
