"""The deck builder's drawing (table/deck_scene.py holds its state and input):
the filter chips, the card pool, the charts and the chance to draw a card, the
deck's list with its rules, and the card shown large or dragged. Each part
records where it drew what a click can reach (`scene.hits`), so the pointer
finds what it was shown.
"""

from __future__ import annotations

from typing import Any

import pygame

from shrinetable.formats.deckbuild import chance, charts, curve, tally, totals

from . import deck_charts, faces
from .deck_view import DeckView
from .hud import CROSS
from .theme import palette


def pool_card(what: tuple) -> str | None:
    """The pool card a hit names (`("card", cid)`), if it is one."""
    return what[1] if what and what[0] == "card" else None


def write(scene: DeckView, screen, text: str, pos, colour=None, bold: bool = False, width: int = 0):
    """Words at `pos`, cut to `width` when one is given (the rect they cover)."""
    fonts = scene.app.fonts
    if width:
        text = faces.cut(fonts, text, scene.px, width, bold)
    img = fonts.text(text, scene.px, colour or palette().text, bold)
    return screen.blit(img, pos)


def draw_side(scene: DeckView, screen) -> None:
    """Every property's values as chips, chosen ones lit; the wheel scrolls them."""
    pygame.draw.rect(screen, palette().felt_dark, scene.side)
    fonts, px = scene.app.fonts, scene.px
    line = fonts.font(px).get_linesize()
    pad = round(6 * scene.u)
    items: list[tuple[str, Any, Any]] = []  # ("head", label, None) | ("chip", key, value)
    for f in scene.desk.pool.facets:
        items.append(("head", f.label, None))
        items += [("chip", f.key, v) for v in f.values]
    x, y = scene.side.left + pad, scene.side.top + pad - scene.side_scroll * line
    clip = screen.get_clip()
    screen.set_clip(scene.side)
    for kind, key, value in items:
        if kind == "head":
            x = scene.side.left + pad
            y += line + 2 if x != scene.side.left + pad or y > scene.side.top + pad else 0
            write(scene, screen, key, (x, y), palette().quiet, True, scene.side.w - 2 * pad)
            y += line + 2
            continue
        words = str(value)
        tw = min(fonts.font(px).size(words)[0] + 8, scene.side.w - 2 * pad)
        if x + tw > scene.side.right - pad:
            x, y = scene.side.left + pad, y + line + 4
        chip = pygame.Rect(x, y, tw, line + 2)
        lit = value in scene.desk.pool.chosen.get(key, ())
        pygame.draw.rect(screen, palette().select if lit else palette().zone, chip, border_radius=4)
        write(
            scene,
            screen,
            words,
            (x + 4, y + 1),
            (20, 20, 20) if lit else palette().text,
            width=tw - 8,
        )
        if scene.side.colliderect(chip):
            scene.hits.append((chip.clip(scene.side), ("filter", key, value)))
        x += tw + 4
    if y + line > scene.side.bottom:  # more below: the wheel shows them
        more = pygame.Rect(scene.side.left, scene.side.bottom - line - 4, scene.side.w, line + 4)
        pygame.draw.rect(screen, palette().felt_dark, more)
        write(
            scene, screen, "\u2193 more (wheel)", (more.left + pad, more.top + 2), palette().quiet
        )
    screen.set_clip(clip)


def card_size(scene: DeckView) -> tuple[int, int]:
    """A pool card's size at the screen's scale."""
    return round(104 * scene.u), round(146 * scene.u)


def draw_pool(scene: DeckView, screen) -> None:
    """The pool's cards as far as they fit (the grid kept for the arrow keys),
    with their counts in the deck, the count shown and the last message."""
    art, fonts = scene.app.art, scene.app.fonts
    art.use(scene.desk.game.present)
    cw, ch = card_size(scene)
    gap = round(8 * scene.u)
    r = scene.pool_rect
    scene.cols = max(1, (r.w - gap) // (cw + gap))
    status = fonts.font(scene.px).get_linesize()
    scene.rows_shown = max(1, (r.h - gap - status) // (ch + gap))
    shown = scene.desk.pool.shown()
    most = max(0, (len(shown) + scene.cols - 1) // scene.cols - scene.rows_shown)
    scene.scroll = min(scene.scroll, most)
    first = scene.scroll * scene.cols
    left = r.left + (r.w - scene.cols * (cw + gap) + gap) // 2
    for i, cid in enumerate(shown[first : first + scene.cols * scene.rows_shown]):
        at = pygame.Rect(
            left + (i % scene.cols) * (cw + gap),
            r.top + gap + (i // scene.cols) * (ch + gap),
            cw,
            ch,
        )
        screen.blit(art.card(cid, (cw, ch)), at)
        n = scene.desk.build.count(cid)
        if n:
            badge = fonts.text(f"\u00d7{n}", scene.px, (20, 20, 20), True)
            box = badge.get_rect(topright=(at.right - 2, at.top + 2)).inflate(8, 2)
            pygame.draw.rect(screen, palette().select, box, border_radius=6)
            screen.blit(badge, badge.get_rect(center=box.center))
        if first + i == scene.cursor:
            pygame.draw.rect(screen, palette().select, at.inflate(4, 4), 3, border_radius=8)
        scene.hits.append((at, ("card", cid)))
    words = f"{len(shown)} of {len(scene.desk.cards)} cards"
    if most:
        words += f"; rows {scene.scroll + 1}-{scene.scroll + scene.rows_shown} (wheel)"
    img = fonts.text(words, scene.px, palette().quiet)
    screen.blit(img, img.get_rect(bottomright=(r.right - 6, r.bottom - 2)))
    if scene.message:  # what was last done, or why not, left of the count
        room = r.w - img.get_width() - 24
        said = faces.cut(fonts, scene.message, scene.px, room)
        colour = palette().refusal_edge if scene.error else palette().select
        screen.blit(fonts.text(said, scene.px, colour), (r.left + 6, r.bottom - status - 2))


def draw_charts(scene: DeckView, screen) -> None:
    """The cost curve, the types, the colours and the chance to draw a card."""
    pool, build = scene.desk.pool, scene.desk.build
    r = scene.charts.inflate(-round(12 * scene.u), -round(8 * scene.u))
    pygame.draw.line(screen, palette().felt_dark, scene.charts.topleft, scene.charts.topright, 2)
    numbers = [f for f in pool.facets if f.kind == "number"]
    choices = [f for f in pool.facets if f.kind == "choice"]
    third = charts(pool.facets)
    parts = 4
    wide = (r.w - 3 * round(10 * scene.u)) // parts
    boxes = [
        pygame.Rect(r.left + i * (wide + round(10 * scene.u)), r.top, wide, r.h)
        for i in range(parts)
    ]
    fonts, px = scene.app.fonts, scene.px
    if numbers:
        deck_charts.columns(screen, fonts, boxes[0], numbers[0].label, curve(build, numbers[0]), px)
    if choices:
        deck_charts.rows(screen, fonts, boxes[1], choices[0].label, tally(build, choices[0]), px)
    if third:  # a click on it shows the next (colours, other choices, ratings)
        title, facets = third[scene.chart % len(third)]
        more = f"{title} \u25b8" if len(third) > 1 else title
        shown = totals(build, facets)
        deck_charts.rows(screen, fonts, boxes[2], more, shown, px, title == "Colour")
        scene.hits.append((boxes[2], ("chart", 1)))
    draw_chance(scene, screen, boxes[3])


def draw_chance(scene: DeckView, screen, box: pygame.Rect) -> None:
    """The chance to draw the chosen card by turn N (hand size and turn set here)."""
    shown = scene.desk.pool.shown()
    cid = shown[min(scene.cursor, len(shown) - 1)] if shown else None
    line = scene.app.fonts.font(scene.px).get_linesize()
    write(scene, screen, "Chance to draw", box.topleft, palette().text, True, box.w)
    y = box.top + line
    name = scene.desk.cards[cid].name if cid else "no card chosen"
    write(scene, screen, name, (box.left, y), palette().select, width=box.w)
    y += line
    for label, key, value in (("turn", "turn", scene.turn), ("hand", "hand", scene.hand)):
        write(scene, screen, f"{label} {value}", (box.left, y), palette().quiet)
        for i, (mark, d) in enumerate((("\u2212", -1), ("+", 1))):
            b = pygame.Rect(box.right - (2 - i) * (line + 6), y, line + 2, line)
            pygame.draw.rect(screen, palette().zone, b, border_radius=4)
            img = scene.app.fonts.text(mark, scene.px, palette().text, True)
            screen.blit(img, img.get_rect(center=b.center))
            scene.hits.append((b, (key, d)))
        y += line + 2
    size = scene.desk.build.size()  # the cards drawn from: the tables, not the single cards
    copies = scene.desk.build.ids().count(cid) if cid else 0
    seen = scene.hand + scene.turn - 1
    p = chance(size, copies, seen)
    if not copies:
        write(scene, screen, "not in the deck", (box.left, y), palette().text, width=box.w)
        return
    write(scene, screen, f"{copies} of {size} cards", (box.left, y), palette().text, width=box.w)
    write(
        scene,
        screen,
        f"{p:.0%} in the first {seen}",
        (box.left, y + line),
        palette().text,
        True,
        box.w,
    )


def draw_deck(scene: DeckView, screen) -> None:
    """The deck's places and tables with counts, then its rules' state."""
    desk, fonts, px = scene.desk, scene.app.fonts, scene.px
    r = scene.deck_rect
    pygame.draw.rect(screen, palette().felt_dark, r)
    pygame.draw.rect(screen, palette().felt_dark, scene.buttons)
    line = fonts.font(px).get_linesize() + 2
    pad = round(8 * scene.u)
    faults = desk.faults()
    said = [f.said(desk.cards) for f in faults]
    rules_h = line * (1 + min(len(said), 5))
    y = r.top + pad
    size = desk.build.size()
    head = f"{size} card{'s' if size != 1 else ''}" + (
        f" \u2014 saved as {desk.saved_as!r}" if desk.saved_as else " \u2014 not saved"
    )
    write(scene, screen, head, (r.left + pad, y), palette().text, True, r.w - 2 * pad)
    y += line
    bottom = r.bottom - rules_h - pad
    rows: list[tuple] = []
    for p in desk.shape.picks:
        chosen = desk.build.picks[p]
        held = desk.cards[chosen].name if chosen else "(click a card to choose)"
        rows.append(("section", p, f"{p.title()}: {held}"))
        if chosen:
            rows.append(("line", desk.build.picks[p], p, 1))
    many = len(desk.shape.tables) > 1
    for t in desk.shape.tables:
        held = desk.build.tables[t]
        if many or desk.shape.picks:
            rows.append(("section", t, f"{t.title()}: {sum(held.values())} cards"))
        rows += [("line", cid, t, n) for cid, n in held.items()]
    bad_cards = {f.card for f in faults if f.card}
    most = max(0, len(rows) - (bottom - y) // line)
    scene.deck_scroll = min(scene.deck_scroll, most)
    clip = screen.get_clip()
    screen.set_clip(pygame.Rect(r.left, y, r.w, bottom - y))
    for item in rows[scene.deck_scroll :]:
        if y + line > bottom:
            break
        at = pygame.Rect(r.left + pad, y, r.w - 2 * pad, line)
        if item[0] == "section":
            lit = item[1] == (scene.where or desk.shape.tables[0])
            pygame.draw.rect(
                screen, palette().select if lit else palette().zone, at, border_radius=4
            )
            write(
                scene,
                screen,
                item[2],
                (at.left + 4, y + 1),
                (20, 20, 20) if lit else palette().text,
                True,
                at.w - 8,
            )
            scene.hits.append((at, ("place", item[1])))
            scene.sections.append((y, item[1]))
        else:
            cid, n = item[1], item[3]
            colour = palette().refusal_edge if cid in bad_cards else palette().text
            face = desk.game.present.card_face(cid)
            cost = " ".join(p.text for p in face.cost) if face else ""
            cost_img = fonts.text(cost, px, palette().quiet) if cost else None
            room = at.w - (cost_img.get_width() + 8 if cost_img else 0)
            write(
                scene,  # a card that breaks a rule: a cross, not only its colour
                screen,
                f"{CROSS + ' ' if cid in bad_cards else ''}{n} \u00d7 {desk.cards[cid].name}",
                (at.left + 4, y + 1),
                colour,
                width=room - 4,
            )
            if cost_img:
                screen.blit(cost_img, cost_img.get_rect(topright=(at.right - 4, y + 1)))
            scene.hits.append((at, ("line", cid, item[2])))
        y += line
    screen.set_clip(clip)
    if most:
        write(
            scene,
            screen,
            f"\u2195 {most} more lines (wheel)",
            (r.left + pad, bottom - line),
            palette().quiet,
        )
    y = r.bottom - rules_h - pad // 2
    pygame.draw.line(screen, palette().backdrop, (r.left, y - 2), (r.right, y - 2), 2)
    if said:
        title = f"Deck rules: {len(said)} broken (a draft: not playable)"
        write(scene, screen, title, (r.left + pad, y), palette().refusal_edge, True, r.w - 2 * pad)
    else:
        write(
            scene,
            screen,
            f"Keeps the deck rules of {desk.game.title}",
            (r.left + pad, y),
            palette().label,
            True,
            r.w - 2 * pad,
        )
    y += line
    for words in said[:4] + ([f"\u2026 and {len(said) - 4} more"] if len(said) > 5 else said[4:5]):
        write(
            scene,
            screen,
            "\u2022 " + words,
            (r.left + pad, y),
            palette().refusal_edge,
            width=r.w - 2 * pad,
        )
        y += line


def draw_zoom(scene: DeckView, screen) -> None:
    """The card the pointer rests on, large with its whole text, beside it."""
    at = next((r for r, w in scene.hits if w == ("card", scene.hover)), None)
    if not scene.zoomed or at is None or scene.fare_shown:
        return
    cw, ch = card_size(scene)
    img = scene.app.art.zoom(scene.hover, (round(cw * 2.2), round(ch * 2.2)))
    box = img.get_rect(top=max(scene.top, min(at.top, screen.get_height() - img.get_height())))
    box.left = at.right + 6 if at.right + 6 + box.w <= screen.get_width() else at.left - 6 - box.w
    screen.blit(img, box)


def draw_drag(scene: DeckView, screen) -> None:
    """A card being dragged follows the pointer, half size."""
    if scene.press is None:
        return
    what, start = scene.press
    moved = abs(scene.pointer[0] - start[0]) + abs(scene.pointer[1] - start[1]) > 8
    cid = pool_card(what) or (what[1] if what and what[0] == "line" else None)
    if cid and moved:
        cw, ch = card_size(scene)
        img = scene.app.art.card(cid, (cw, ch))
        screen.blit(img, img.get_rect(center=scene.pointer))
