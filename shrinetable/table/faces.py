"""Framed faces: cards their game describes (a `Face` of style "framed").

A face reads at a glance: a frame in the card's colours (split for two, grey
for none), the name on a light band, the cost as round pips that carry their
words (readable without colour vision), the type line, keywords as words, and
its printed numbers in a box. The zoomed face adds the full text. A card too
narrow to read is drawn as a strip (`draw_strip`): its name and numbers on a line.
"""

from __future__ import annotations

import pygame

from shrinetable.engine import Face

NEUTRAL = (128, 128, 136)
PAPER = (248, 244, 232)
INK = (24, 24, 30)
FAINT = (90, 90, 100)
BOX = (236, 228, 206)  # the numbers' box
MIN_PX = 11  # a strip's name and numbers are never smaller


def _fit(
    fonts,
    text: str,
    px: int,
    width: int,
    colour,
    bold: bool = False,
    least: int = 6,
    narrow: bool = False,
) -> pygame.Surface:
    """`text` at `px`, shrunk (down to `least` px, never under the floor), then
    (`narrow`) narrowed a little (`line_img`), and then cut with an ellipsis
    to fit `width`."""
    while px > max(least, fonts.floor) and fonts.font(px, bold).size(text)[0] > width:
        px -= 1
    if narrow:
        return line_img(fonts, text, px, width, colour, bold)
    return fonts.text(cut(fonts, text, px, width, bold), px, colour, bold)


def cut(fonts, text: str, px: int, width: int, bold: bool = False, least: int = 2) -> str:
    """`text` cut with an ellipsis to fit `width` at `px` (at least `least`
    characters are kept)."""
    font = fonts.font(px, bold)
    while font.size(text)[0] > width and len(text) > least:
        text = text[:-2].rstrip() + "\u2026"
    return text


def wrap(fonts, text: str, px: int, width: int, bold: bool = False) -> list[str]:
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
    imgs = [fonts.text(pip.text, max(6, px - 2), pip.ink, True) for pip in cost]
    d = max([px + 4] + [img.get_width() + 3 for img in imgs])  # its word inside
    surf = pygame.Surface((max(1, d * len(cost)), d), pygame.SRCALPHA)
    for i, (pip, img) in enumerate(zip(cost, imgs, strict=True)):
        centre = (i * d + d // 2, d // 2)
        pygame.draw.circle(surf, pip.fill or NEUTRAL, centre, d // 2)
        pygame.draw.circle(surf, INK, centre, d // 2, 1)
        surf.blit(img, img.get_rect(center=centre))
    return surf


def numbers_text(numbers) -> str:
    return "/".join(str(n) for n in numbers)


def compact(text: str) -> str:
    """`text`'s figures without their letters ("A3/S5" is "3/5")."""
    return "/".join("".join(c for c in part if not c.isalpha()) or part for part in text.split("/"))


def numbers_shown(
    fonts,
    text: str,
    size: tuple[int, int],
    detail: bool = False,
    name: str = "",
    strip: bool = False,
) -> str:
    """What a face of `size` (a card, or a `strip`) prints for its numbers
    `text`: the whole figures, or their compact form where whole they crowd
    out what must read. On a card: where they take two lines that would rise
    over its name (a large text size on a small card). On a strip: where they
    are wider than a one-line strip (a Character's five ratings on another
    seat's narrow pile read "/D2/I0/Ce1/L4", clipped at its left), or where
    whole they leave its `name` too little room (too narrow a line, a second
    line too narrow beside them, too few lines) and compact they do not (a
    larger text size, a narrow zone). The zoom (`detail`) shows them whole."""
    if detail or text == compact(text):
        return text
    w, h = size
    if not strip:
        box, px = _card_box(fonts, text, size, False)
        two = len(number_lines(fonts, text, px, numbers_room(w))) >= 2
        return compact(text) if two and box.top < head(fonts, size) else text
    if fonts.font(strip_px(h), True).size(text)[0] + 6 > w - 6 and h < 2 * line(fonts):
        return compact(text)
    fits = _pile_fit if h >= 3 * line(fonts) else _two_fit if h >= 2 * line(fonts) else _one_fit
    short = name and not fits(fonts, name, text, size)
    return compact(text) if short and fits(fonts, name, compact(text), size) else text


def shown_figures(
    fonts, face: Face, size: tuple[int, int], detail: bool = False, strip: bool = False
) -> str | None:
    """`face`'s numbers as a card (or `strip`) of `size` prints them
    (`numbers_shown`); None for a card without numbers."""
    if face.numbers is None:
        return None
    return numbers_shown(fonts, numbers_text(face.numbers), size, detail, face.name, strip)


def head(fonts, size: tuple[int, int]) -> int:
    """How low a card's name (two lines) and its cost reach: the numbers'
    box rises no higher."""
    w, h = size
    px = max(7, round(h * 0.1))
    if w >= 70:
        px = max(px, MIN_PX)
    pips = fonts.font(max(6, round(px * 0.8))).get_linesize()
    return max(2, w // 16) + max(2, w // 30) + 2 * fonts.font(px, True).get_linesize() + pips


def numbers_box(
    fonts, text: str, size: tuple[int, int], detail: bool = False, strip: bool = False
) -> tuple[pygame.Rect, int]:
    """Where a face prints its numbers `text` (as `numbers_shown` has them), and
    at what size: the bottom right of a card, the right end of a strip. The
    table writes changed figures over this same box."""
    if not strip:
        return _card_box(fonts, numbers_shown(fonts, text, size, detail), size, detail)
    w, h = size
    px = strip_px(h)
    font = fonts.font(px, True)
    lines = [text]
    if h >= 2 * line(fonts):  # a pile's top card narrower than its figures: two lines
        lines = number_lines(fonts, text, px, w - 12)  # (a card's five ratings), never cut
    high = font.get_linesize() * (len(lines) - 1) + font.size(text)[1]
    rect = pygame.Rect(0, 0, max(font.size(t)[0] for t in lines) + 6, min(h - 4, high + 2))
    if h < 2 * line(fonts):
        rect.midright = (w - 3, h // 2)
    else:  # under the name's line, which may hold chips
        rect.bottomright = (w - 3, h - 1)
    return rect, px


def _card_box(fonts, text: str, size: tuple[int, int], detail: bool) -> tuple[pygame.Rect, int]:
    """The box of `text` at a card's bottom right (`numbers_box`)."""
    w, h = size
    px = max(8, round(h * (0.08 if detail else 0.15)))
    pad = max(2, w // 30)
    room = numbers_room(w) + 2 * pad  # five ratings must stay on the card: smaller type,
    while px > 7 and fonts.font(px, True).size(text)[0] + 2 * pad > room:  # then two
        px -= 1  # lines
    font = fonts.font(px, True)
    lines = number_lines(fonts, text, px, room - 2 * pad)
    rect = pygame.Rect(
        0,
        0,
        max(font.size(t)[0] for t in lines),
        font.get_linesize() * (len(lines) - 1) + font.size(text)[1],
    )
    rect.inflate_ip(pad * 2, 0)
    rect.bottomright = (w - max(2, w // 16) - pad, h - max(2, w // 16) - pad)
    return rect, px


def numbers_room(w: int) -> int:
    """How wide a line of numbers may be on a card `w` wide (inside its border
    and the box's padding)."""
    return w - 2 * (max(2, w // 16) + 2 * max(2, w // 30))


def number_lines(fonts, text: str, px: int, width: int) -> list[str]:
    """`text` (numbers joined by "/") on one line, or on two split at a "/"
    where one is too wide at `px` (the floor keeps the type from shrinking)."""
    font = fonts.font(px, True)
    parts = text.split("/")
    if font.size(text)[0] <= width or len(parts) < 2:
        return [text]
    half = (len(parts) + 1) // 2
    return ["/".join(parts[:half]) + "/", "/".join(parts[half:])]


def numbers_img(fonts, text: str, px: int, width: int, colour) -> pygame.Surface:
    """`text` as `number_lines` sets it, each line centred."""
    lines = [fonts.text(t, px, colour, True) for t in number_lines(fonts, text, px, width)]
    if len(lines) == 1:
        return lines[0]
    step = fonts.font(px, True).get_linesize()
    surf = pygame.Surface(
        (max(i.get_width() for i in lines), step * (len(lines) - 1) + lines[-1].get_height()),
        pygame.SRCALPHA,
    )
    for i, img in enumerate(lines):
        surf.blit(img, img.get_rect(midtop=(surf.get_width() // 2, i * step)))
    return surf


def _numbers(surf, fonts, text: str, box: pygame.Rect, px: int, edge) -> None:
    if not surf.get_rect().contains(box):  # over the edge: some of them unread
        fonts.clipped(text, px)
    pygame.draw.rect(surf, BOX, box, border_radius=max(2, min(box.h, 24) // 4))
    pygame.draw.rect(surf, edge, box, 1, border_radius=max(2, min(box.h, 24) // 4))
    img = numbers_img(fonts, text, px, box.w, INK)
    surf.blit(img, img.get_rect(center=box.center))


def strip_px(h: int) -> int:
    """A strip's name size: a line's share of its height, 11 px or more (the
    chips and the numbers beside it need their room)."""
    return max(MIN_PX, min(14, round(h * 0.34)) if h >= 30 else min(13, round(h * 0.55)))


def line(fonts) -> int:
    return fonts.font(MIN_PX, True).get_linesize() + 2


def strip_name_x(h: int) -> int:
    """Where a strip's name begins, after its colour bar."""
    return max(4, min(h // 4, 7)) + 3


def _strip_paper(
    face: Face, size: tuple[int, int], radius: int
) -> tuple[pygame.Surface, pygame.Rect]:
    """A strip's frame: its colours down the left edge, paper beside them."""
    w, h = size
    surf = pygame.Surface(size, pygame.SRCALPHA)
    cols = list(face.frame) or [NEUTRAL]
    pygame.draw.rect(surf, cols[0], (0, 0, w, h), border_radius=radius)
    bar = max(4, min(h // 4, 7))
    inner = pygame.Rect(bar, 1, w - bar - 1, h - 2)
    pygame.draw.rect(surf, PAPER, inner, border_radius=max(1, radius - 1))
    for i, c in enumerate(cols[1:], 1):  # more colours: bands across the bar
        pygame.draw.rect(surf, c, (0, h * i // len(cols), bar, h - h * i // len(cols)))
    pygame.draw.rect(surf, INK, (0, 0, w, h), 1, border_radius=radius)
    return surf, inner


CONDENSE = 0.75  # a word too wide for its line is narrowed to this much at most


def line_img(fonts, text: str, px: int, width: int, colour, bold: bool) -> pygame.Surface:
    """`text` at `px` in `width`: narrowed (to `CONDENSE`) if need be, else cut
    with an ellipsis, never smaller."""
    font = fonts.font(px, bold)
    while font.size(text)[0] * CONDENSE > width and len(text) > 2:
        text = text[:-2].rstrip() + "\u2026"
    img = fonts.text(text, px, colour, bold)
    if img.get_width() > width:
        img = pygame.transform.smoothscale(img, (max(1, width), img.get_height()))
    return img


def pile_lines(fonts, name: str, slots: list[int], px: int) -> list[str] | None:
    """`name` in words over lines of the widths `slots` at `px` (bold), a word
    too wide even narrowed broken with a hyphen (`_hyphen`, three letters or
    more each side); None if it takes more lines than there are."""
    font = fonts.font(px, True)
    lines: list[str] = []
    for word in name.split():
        if lines and font.size(f"{lines[-1]} {word}")[0] <= slots[len(lines) - 1]:
            lines[-1] = f"{lines[-1]} {word}"
            continue
        while len(lines) < len(slots) and font.size(word)[0] * CONDENSE > slots[len(lines)]:
            head, tail = _hyphen(font, word, int(slots[len(lines)] / CONDENSE))
            if len(head) < 4 or len(tail) < 3:  # "Ta-", "-le": no word left to read
                return None
            lines.append(head)
            word = tail
        if len(lines) == len(slots):
            return None
        lines.append(word)
    return lines


def _pile_frame(fonts, figures: str | None, size: tuple[int, int], chips_at: int | None):
    """A pile strip's paper, where its lines begin, their full width, their
    bottom, its figures' box and its first line's width (before its chips)."""
    w, h = size
    inner = pygame.Rect(max(4, min(h // 4, 7)), 1, w - max(4, min(h // 4, 7)) - 1, h - 2)
    x = inner.left + 3
    full = inner.right - 2 - x
    box = None if figures is None else numbers_box(fonts, figures, size, strip=True)[0]
    first = full if chips_at is None else min(full, chips_at - 3 - x)
    return inner, x, full, inner.bottom - 1, box, first


def _pile_fit(
    fonts, name: str, figures: str | None, size: tuple[int, int], chips_at: int | None = None
) -> tuple[int, int, list[tuple[str, int]]] | None:
    """`name` over a pile strip's lines beside its `figures` (`pile_layout`),
    whole in the largest type that fits; None: it fits in none."""
    inner, x, full, bottom, box, first = _pile_frame(fonts, figures, size, chips_at)
    for px in range(max(MIN_PX, min(14, strip_px(size[1]))), MIN_PX - 1, -1):
        lh = fonts.font(px, True).get_linesize()
        slots, y = [], inner.top + 2
        while y + lh <= bottom:
            beside = box is not None and y + lh > box.top
            if beside and box.left - 3 - x < 3 * px:  # no room beside the numbers
                break
            slots.append((box.left - 3 - x) if beside else full)
            y += lh
        if slots:
            slots[0] = min(slots[0], first)
        lines = pile_lines(fonts, name, [max(1, s) for s in slots], px) if slots else None
        if lines is not None:
            return px, lh, list(zip(lines, slots, strict=False))
    return None


def pile_layout(
    fonts, face: Face, size: tuple[int, int], chips_at: int | None = None
) -> tuple[int, int, list[tuple[str, int]]]:
    """How `draw_pile` names a card at `size`: the type size, the line height, and
    each line with its width (lines under the numbers' top end at their box)."""
    shown = shown_figures(fonts, face, size, strip=True)
    fit = _pile_fit(fonts, face.name, shown, size, chips_at)
    if fit is not None:
        return fit
    inner, _, full, bottom, box, first = _pile_frame(fonts, shown, size, chips_at)
    # too long even so: as many words as fit on each line, the last cut
    px = MIN_PX
    font = fonts.font(px, True)
    lh = font.get_linesize()
    above = bottom if box is None else min(bottom, box.top)  # the figures are whole
    slots = [full] * max(1, (above - inner.top - 2) // lh)
    slots[0] = min(slots[0], first)
    words, lines = face.name.split(), []
    for s in slots:
        if not words:
            break
        lines.append(words.pop(0))
        while words and font.size(f"{lines[-1]} {words[0]}")[0] <= s:
            lines[-1] += " " + words.pop(0)
    if words:
        lines[-1] += " " + " ".join(words)
    return px, lh, list(zip(lines, slots, strict=False))


def draw_pile(
    fonts, face: Face, size: tuple[int, int], chips_at: int | None = None
) -> pygame.Surface:
    """A pile's top card where a card would be too narrow to name it: a strip
    as high as the pile allows, its name over as many lines as it needs in the
    largest type that fits (11 px or more; a long word narrowed a little rather
    than cut: `pile_layout`), its numbers below at the right (`numbers_box`),
    its keywords or type line where a line is left."""
    w, h = size
    surf, inner = _strip_paper(face, size, max(2, min(w, h) // 8))
    x = inner.left + 3
    bottom = inner.bottom - 1
    box = None
    if (shown := shown_figures(fonts, face, size, strip=True)) is not None:
        box, npx = numbers_box(fonts, shown, size, strip=True)
        _numbers(surf, fonts, shown, box, npx, (list(face.frame) or [NEUTRAL])[0])
        fonts.area(size, "numbers", box)
    px, lh, lines = pile_layout(fonts, face, size, chips_at)
    y = inner.top + 2
    for text, slot in lines:
        img = line_img(fonts, text, px, max(1, slot), INK, True)
        fonts.area(size, "name", surf.blit(img, (x, y)))
        y += lh
    small = max(9, px - 2)
    end = (box.left - 3) if box is not None else inner.right - 2
    type_h = fonts.font(small).get_linesize()
    if y + type_h <= bottom and face.type_line and end - x >= 5 * small:  # not a stub
        img = _fit(
            fonts,
            face.keywords and ", ".join(face.keywords) or face.type_line,
            small,
            end - x,
            FAINT,
            least=9,
        )
        surf.blit(img, (x, y))
    return surf


def draw_strip(
    fonts,
    face: Face,
    size: tuple[int, int],
    chips_at: int | None = None,
    pile: bool = False,
    cost: bool = False,
) -> pygame.Surface:
    """A card as a strip across its zone: its frame colour down the left edge,
    its name, its numbers at the right end; with room for a second line, its
    keywords (or type line) under the name and the numbers beside them. The
    name ends before `chips_at` (the table's chips on its line), cut with an
    ellipsis if need be; given `cost` (a hand's card, which may be played), its
    cost's pips after the name or first on the second line, where they fit.
    A `pile`'s top card three lines high is `draw_pile`."""
    w, h = size
    if h >= 3 * line(fonts):  # a pile's top card, or a card a decision needs read whole
        return draw_pile(fonts, face, size, chips_at)
    surf, inner = _strip_paper(face, size, max(2, h // 5))
    cols = list(face.frame) or [NEUTRAL]
    px = strip_px(h)
    two = h >= 2 * line(fonts)
    right = inner.right - 2
    if (shown := shown_figures(fonts, face, size, strip=True)) is not None:
        box, npx = numbers_box(fonts, shown, size, strip=True)
        _numbers(surf, fonts, shown, box, npx, cols[0])
        fonts.area(size, "numbers", box)
        if not two:
            right = box.left - 3
    if chips_at is not None:
        right = min(right, chips_at - 3)
    room = right - inner.left - 3
    lines, rooms = [face.name], [room]
    if two and fonts.font(px, True).size(face.name)[0] > room:  # a narrow strip: the
        low = room  # name takes both lines, the second ending at the numbers
        if face.numbers is not None:
            low = min(room, box.left - inner.left - 6)
        lines, rooms = _two_lines(fonts, face.name, px, room), [room, low]
        narrowed = fonts.font(px, True).size(face.name)[0] * CONDENSE <= room
        if narrowed and len(lines) > 1 and fonts.font(px, True).size(lines[1])[0] * CONDENSE > low:
            lines, rooms = [face.name], [room]  # narrowed on its line, not cut on the second
    for i, text in enumerate(lines):
        name = _fit(fonts, text, px, rooms[i], INK, True, least=MIN_PX, narrow=True)
        top = inner.top + (2 if two else (inner.h - name.get_height()) // 2)
        drawn = surf.blit(name, (inner.left + 3, top + i * name.get_height()))
        fonts.area(size, "name", drawn)
    end = box.left - 3 if face.numbers is not None else inner.right - 2  # the second line's
    # its cost where it fits: after the name on its line, else first on the second
    spot, x = None, inner.left + 3
    if face.cost and cost and len(lines) == 1:
        with fonts.trial():  # measured: its words are counted where they are drawn
            gw, gh = pips(fonts, face.cost, fonts.px(px)).get_size()  # at the name's size
        if not two and gh <= inner.h and drawn.right + 4 + gw <= right:
            spot = (drawn.right + 4, inner.centery - gh // 2)
        elif two and x + gw <= end and inner.bottom - 1 - gh >= drawn.bottom:  # under the name
            spot = (x, inner.bottom - gh - 1)
            x += gw + 4
    if spot is not None:
        surf.blit(pips(fonts, face.cost, fonts.px(px)), spot)
    if two and len(lines) == 1 and (spot is None or end - x > 2 * MIN_PX):
        words = ", ".join(face.keywords) or face.type_line
        img = _fit(fonts, words, max(9, px - 2), end - x, FAINT, least=9)
        surf.blit(img, (x, inner.bottom - img.get_height() - 2))
    return surf


def strip_whole(fonts, face: Face, size: tuple[int, int], chips_at: int | None = None) -> bool:
    """Whether a strip of `size` shows `face`'s name and numbers whole (drawn
    as a trial, its words not counted: `Fonts.trial`)."""
    with fonts.trial() as drawn:
        draw_strip(fonts, face, size, chips_at)
    return not any(d.cut and names_it(face, d.text) for d in drawn)


def names_it(face: Face, text: str) -> bool:
    """Whether `text` (cut: with an ellipsis) drawn on `face` is (part of) its
    name or numbers."""
    stem = text.replace("\u2026", "").strip()
    if face.numbers is not None and stem and stem in numbers_text(face.numbers):
        return True
    return bool(stem) and stem in face.name


def _one_fit(fonts, name: str, figures: str, size: tuple[int, int]) -> bool:
    """Whether a one-line strip of `size` (`draw_strip`, no chips) shows
    `name` whole before `figures`."""
    left = max(4, min(size[1] // 4, 7))
    room = numbers_box(fonts, figures, size, strip=True)[0].left - 3 - left - 3
    return fonts.font(strip_px(size[1]), True).size(name)[0] * CONDENSE <= room


def _two_fit(fonts, name: str, figures: str, size: tuple[int, int]) -> bool:
    """Whether a two-line strip of `size` (`draw_strip`, no chips) shows
    `name` whole beside `figures` on its second line."""
    w, h = size
    px, left = strip_px(h), max(4, min(h // 4, 7))
    room = w - 1 - 2 - left - 3
    font = fonts.font(px, True)
    if font.size(name)[0] * CONDENSE <= room:
        return True
    low = min(room, numbers_box(fonts, figures, size, strip=True)[0].left - left - 6)
    lines = _two_lines(fonts, name, px, room)
    return len(lines) == 2 and all(
        font.size(t)[0] * CONDENSE <= r for t, r in zip(lines, (room, low), strict=True)
    )


def _two_lines(fonts, name: str, px: int, first: int) -> list[str]:
    """`name` on two lines: as many words on the first (`first` wide, bold at
    `px`) as fit, the rest on the second (narrowed, or cut visibly, by its
    drawer, where the numbers leave it less room)."""
    font = fonts.font(px, True)
    words = name.split()
    cut = 1
    while cut < len(words) and font.size(" ".join(words[: cut + 1]))[0] <= first:
        cut += 1
    return [" ".join(words[:cut]), " ".join(words[cut:])] if cut < len(words) else [name]


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
            pygame.draw.rect(
                surf,
                c,
                (i * part, 0, w - i * part, h),
                border_top_right_radius=radius,
                border_bottom_right_radius=radius,
            )
    border = max(2, w // 16)
    inner = pygame.Rect(border, border, w - 2 * border, h - 2 * border)
    pygame.draw.rect(surf, PAPER, inner, border_radius=max(1, radius - 1))
    pygame.draw.rect(surf, INK, (0, 0, w, h), 1, border_radius=radius)
    px = max(7, round(h * (0.075 if detail else 0.1)))
    if w >= 70:  # wide enough for the name at the least legible size
        px = max(px, MIN_PX)
    pad = max(2, w // 30)
    width = inner.w - 2 * pad
    y = inner.top + pad
    name_px = px  # a long name: a smaller type (not under the floor) before a cut
    name = wrap(fonts, face.name, name_px, width, True)
    while len(name) > 2 and fonts.px(name_px - 1) < name_px:
        name_px -= 1
        name = wrap(fonts, face.name, name_px, width, True)
    # as many lines as leave the card most of its height (three on a hand's card),
    # the rest on the last; a line too wide narrowed (`line_img`) before it is cut
    lh = fonts.font(name_px, True).get_linesize()
    most = 3 if 2 * inner.h >= 9 * lh else 2
    if len(name) > most:  # lines a little too wide, narrowed, before a cut
        name = wrap(fonts, face.name, name_px, round(width / CONDENSE), True)
    if len(name) > most:
        name = name[: most - 1] + [" ".join(name[most - 1 :])]
    roomy = True  # room under the name for its cost and kind
    if any(fonts.font(name_px, True).size(t)[0] * CONDENSE > width for t in name):
        top = inner.bottom - pad  # the lines down to the numbers, its kind's line given up
        if face.numbers is not None:
            top = numbers_box(fonts, numbers_text(face.numbers), size, detail)[0].top - pad
        name = broken(fonts, face.name, name_px, width, most, max(most, (top - y) // lh)) or name
        roomy = y + len(name) * lh + fonts.font(max(6, round(px * 0.8))).get_linesize() <= top
    for line in name:
        img = line_img(fonts, line, name_px, width, INK, True)
        fonts.area(size, "name", surf.blit(img, (inner.left + pad, y)))
        y += img.get_height()
    small = max(6, round(px * 0.8))
    x = inner.left + pad
    row = 0
    if face.cost and roomy:
        img = pips(fonts, face.cost, small)
        surf.blit(img, (x, y + 1))
        x += img.get_width() + pad
        row = img.get_height() + 2
    room = inner.right - pad - x
    kind = _type_words(fonts, face.type_line, small, room) if h >= 70 and roomy else ""
    if detail and kind != face.type_line and h >= 70:  # the zoomed card keeps every word
        stack = [fonts.text(t, small, FAINT) for t in wrap(fonts, face.type_line, small, room)]
        top = y
        for tl in stack:
            surf.blit(tl, (x, top))
            top += tl.get_height()
        row = max(row, top - y)
    elif kind:
        tl = fonts.text(kind, small, FAINT)
        surf.blit(tl, (x, y + max(0, (row - tl.get_height()) // 2)))
        row = max(row, tl.get_height())
    y += row + pad
    pygame.draw.line(
        surf, cols[0], (inner.left + pad, y - pad // 2), (inner.right - pad, y - pad // 2), 1
    )
    bottom = inner.bottom - pad
    if (printed := shown_figures(fonts, face, size, detail)) is not None:
        box, npx = numbers_box(fonts, printed, size, detail)
        _numbers(surf, fonts, printed, box, npx, cols[0])
        fonts.area(size, "numbers", box)
        bottom = box.top - pad
    # keywords say a body's abilities at a glance; a card without any (a spell, a
    # relic) shows as much of its text as fits, and the zoom shows it all
    width = inner.w - 2 * pad
    said = face.keywords if face.keywords and not detail else (face.text,)
    lines = [part for words in said for part in wrap(fonts, words, small, width)]
    high = fonts.font(small).get_linesize()
    while detail and small > 7 and y + len(lines) * high > bottom:  # the whole text, smaller
        small -= 1
        lines = [part for words in said for part in wrap(fonts, words, small, width)]
        high = fonts.font(small).get_linesize()
    if not detail:
        lines = text_shown(fonts, lines, small, width, max(0, bottom - y) // high)
    for line in lines:
        ink = FAINT if line == MORE else INK
        fonts.area(
            size,
            "text",
            surf.blit(_fit(fonts, line, small, width, ink, narrow=True), (inner.left + pad, y)),
        )
        y += high
    return surf


MORE = "\u2026"  # a card's text left to its zoom: the cue where the text would begin
USEFUL = 3  # the fewest whole words of a card's text worth showing when it is cut


def text_shown(fonts, lines: list[str], px: int, width: int, room: int) -> list[str]:
    """A card's text lines on a face with `room` lines for them: all that fit
    (a word too wide narrowed, as a name is), or the first ones ending in an
    ellipsis where they say something (at least `USEFUL` whole words: "A
    \u2026" and "Unstop\u2026" said nothing), else only the cue `MORE` (the zoom on
    hover shows it whole); none without room."""
    font = fonts.font(px)
    whole = 0  # the first lines that fit, narrowed if need be
    while whole < len(lines) and font.size(lines[whole])[0] * CONDENSE <= width:
        whole += 1
    if not room or (whole == len(lines) <= room):
        return lines[:room]
    shown = lines[: min(room, whole)]
    if shown:
        shown[-1] = _more(fonts, shown[-1], px, width)  # the zoom shows the rest
    words = sum(len(line.replace(MORE, "").split()) for line in shown)
    return shown if words >= USEFUL else [MORE]


def broken(fonts, name: str, px: int, width: int, most: int, room: int) -> list[str] | None:
    """`name` (bold at `px`) in lines of `width`, a word too wide for its line
    broken with a hyphen (`_hyphen`): at full width in `most` lines if it can
    be, else in the fewest lines (narrowed: `CONDENSE`) up to `room`; None if it
    takes more even so."""
    font = fonts.font(px, True)
    best: list[str] | None = None
    for wide in (width, int(width / CONDENSE)):
        lines: list[str] = []
        words = name.split()
        split = False  # the last line ends in a broken word: the rest begins a line
        while words:
            word = words.pop(0)
            if lines and not split and font.size(f"{lines[-1]} {word}")[0] <= wide:
                lines[-1] = f"{lines[-1]} {word}"
                continue
            split = False
            if font.size(word)[0] > wide:
                head, tail = _hyphen(font, word, wide)
                if tail:
                    word, split = head, True
                    words.insert(0, tail)
            lines.append(word)
        if any(font.size(t)[0] * CONDENSE > width for t in lines):
            continue
        if wide == width and len(lines) <= most:
            return lines
        if len(lines) <= room and (best is None or len(lines) < len(best)):
            best = lines
    return best


VOWELS = set("aeiouyAEIOUY")
ONSETS = (
    "str thr st th ch sh wh ph tr pr br cr dr gr fr bl cl fl gl pl sl sc sk sp sw tw qu".split()
)


def _hyphen(font, word: str, room: int) -> tuple[str, str]:
    """`word` split where its first part and a hyphen fit `room`: at a syllable-ish
    point (between two consonants, or before a consonant that begins a syllable)
    where there is one, both parts of three letters or more where they can be."""

    def fits(i: int) -> bool:
        return font.size(word[:i] + "-")[0] <= room

    def syllable(i: int) -> bool:
        a, b = word[i - 1], word[i]
        if not (a.isalpha() and b.isalpha()):
            return False
        if a not in VOWELS and b not in VOWELS:  # VC|CV: keep an onset whole
            rest = word[i:].lower()
            return not any(word[i - 1 : i + len(o) - 1].lower() == o for o in ONSETS) and (
                any(rest.startswith(o) for o in ONSETS) or rest[1:2] in VOWELS
            )
        return a in VOWELS and b not in VOWELS and word[i + 1 : i + 2] in VOWELS  # V|CV

    for least in (3, 2, 1):
        spots = [i for i in range(least, len(word) - least + 1) if fits(i)]
        for i in sorted(spots, key=lambda i: (not syllable(i), -i)):
            return word[:i] + "-", word[i:]
    return word, ""


def _more(fonts, line: str, px: int, width: int) -> str:
    """`line` followed by an ellipsis (its last word giving way if need be)."""
    if fonts.font(px).size(line + " \u2026")[0] > width and " " in line:
        line = line.rsplit(" ", 1)[0]
    return line + " \u2026"


def _type_words(fonts, type_line: str, px: int, width: int) -> str:
    """The type line whole where it fits at `px`, else its first part (the
    card's kind, before the dash), else nothing: never a cut word."""
    font = fonts.font(px)
    for text in (type_line, type_line.split(" \u2014 ")[0].split(" \u00b7 ")[0]):
        if text and font.size(text)[0] <= width:
            return text
    return ""
