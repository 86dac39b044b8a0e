"""`shrinetable bench render --size WxH`: how small the table's text is drawn,
what of it is cut, and what lies over what.

A frame of a game in progress (the game's busy position, `Presentation.showcase`,
at the chosen number of players) is drawn at a window size with every cache
dropped, while `Fonts` records each text it renders (`art.Drawn`) and the board
where it put each label, chip, badge and card. Everything is measured from
what was drawn, not estimated from the layout:

- `min_text_px`: the smallest font size drawn; `min_cap_px`: the height of a
  capital letter at that size, counted in rendered pixels;
- `cut_own_names`: names or numbers cut (an ellipsis, a strip drawn over by
  the next strip of a crowded zone, a badge, chip or label drawn over a
  strip's name or numbers, numbers over a card's edge) on the viewer's own
  cards and the cards the pending decision involves;
- `cut_labels`: the table's own words cut; `cut_card_text`: words cut on any
  card's face (which its zoom shows whole); `bar_moves`, `bar_cut`: the
  decision bar's moves with a place of their own, and its buttons cut;
- `min_label_contrast`: the least WCAG contrast ratio between a zone label's
  letters and what they stand on, read from the frame's pixels (the theme's
  colours as drawn: `--theme`);
- `overlaps`: pairs of drawn words (labels, chips, badges, a card's numbers)
  that intersect, words lying on a framed face drawn whole, labels under a
  card, strips drawn past their zone onto another zone, and cards under
  the side panels or the result box (`overlapping`).
"""

from __future__ import annotations

import json
import os
import tempfile
from typing import Any

from shrinetable.table import env

env.prepare()

import pygame  # noqa: E402 (after `env.prepare`, which quiets its greeting)

from shrinetable.table.board import mine  # noqa: E402

TARGET_PX = {(1280, 720): 14, (1920, 1080): 18}  # the floor at the two sizes


def measure(
    game_name: str,
    players: int,
    size: tuple[int, int],
    shot: str | None = None,
    scale: float = 1.0,
    look: str = "default",
    session=None,
) -> dict:
    """The text drawn on one full frame of `game_name` at `players` seats in a
    window of `size`, at the menu's text size `scale`, in the colour theme
    `look`; `shot`: save the frame there (a PNG); `session`: its position
    instead of the game's busy one (a seat-0 person's decision)."""
    from shrinetable.engine import registry

    if not os.environ.get("DISPLAY"):
        os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    # a data folder of its own for the one frame, removed after, and the caller's kept
    before = os.environ.get("SHRINETABLE_DATA_DIR")
    with tempfile.TemporaryDirectory(prefix="shrinetable-legible-") as data:
        os.environ["SHRINETABLE_DATA_DIR"] = data
        if scale != 1.0:
            from shrinetable.table import uiscale

            uiscale.save(scale)
        from shrinetable.table import theme

        was = theme.palette().name  # the caller's theme, drawn in again after
        theme.save(look)
        try:
            fig = _frame(registry.get(game_name), players, size, shot, session)
        finally:
            theme.use(was)
            if before is None:
                os.environ.pop("SHRINETABLE_DATA_DIR", None)
            else:
                os.environ["SHRINETABLE_DATA_DIR"] = before
    game = registry.get(game_name)
    return {
        "game": game.name,
        "players": players,
        "size": f"{size[0]}x{size[1]}",
        "position": game.present.showcase.title if session is None else "given",
        "text_size": scale,
        "theme": look,
        **fig,
    }


def _frame(game, players: int, size: tuple[int, int], shot: str | None, session=None) -> dict:
    """The figures of one full frame of `game` (saved to `shot` if given)."""
    from shrinetable.table.app import App
    from shrinetable.table.faces import names_it

    from .render import showcase

    session = session or showcase(game, players)
    app = App(size)
    app.start_game(session)
    app.step([], 0.01)
    scene: Any = app.scene  # a GameScene: its board is what is read
    app.art.clear()
    scene.board._bg_key = None
    app.fonts.drawn, app.fonts.areas = [], {}
    scene.base_dirty = scene.dirty = True
    scene.draw(app.screen)
    drawn, app.fonts.drawn = app.fonts.drawn, None
    areas, app.fonts.areas = app.fonts.areas, None
    if shot:
        pygame.image.save(app.screen, shot)
    smallest = min((d.px for d in drawn), default=None)
    own = own_cards(scene)
    cut_own = sorted(
        {
            f"{d.card}: {d.text}"
            for d in drawn
            if d.cut and d.card in own and names_it(app.art.face(d.card), d.text)
        }
    )
    cut_own += covered_strips(scene.board, own)
    cut_own += covered_names(scene.board, own, areas, cut_own)
    laps = overlapping(scene) + face_overlaps(scene.board, areas)
    contrasts = [label_contrast(app.screen, box) for box in scene.board.labels.values()]
    fig = {
        "min_text_px": smallest,
        "min_cap_px": cap_px(app.fonts, smallest) if smallest else None,
        "text_draws": len(drawn),
        "cut_own_names": len(cut_own),
        "cut_labels": sum(1 for d in drawn if d.cut and d.card is None),
        "cut_card_text": sum(1 for d in drawn if d.cut and d.card is not None),
        "overlaps": len(laps),
        "min_label_contrast": round(min(contrasts), 2) if contrasts else None,
        "cut": sorted({d.text for d in drawn if d.cut and d.card is None}),
        "cut_own": cut_own,
        "overlapping": [f"{a} / {b}" for a, b in laps][:20],
        "smallest": sorted({d.text for d in drawn if d.px == smallest})[:5],
        "bar_moves": len(scene.ui.actions),  # the decision bar's moves with a place of their own
        "bar_cut": [b.text for b in scene.ui.bar() if b.label(app.fonts)[1]],
    }
    pygame.quit()
    return fig


def label_contrast(surf: pygame.Surface, box: pygame.Rect) -> float:
    """The contrast of a label's letters with what they stand on: the most
    common colour in its box is the ground, the pixel that stands out most
    from it the letters' ink (its smoothed edges are in between)."""
    from collections import Counter

    from shrinetable.table.theme import contrast

    box = box.clip(surf.get_rect())
    seen = Counter(
        (c.r, c.g, c.b)
        for x in range(box.left, box.right)
        for y in range(box.top, box.bottom)
        if (c := surf.get_at((x, y)))
    )
    if not seen:
        return 21.0
    ground = seen.most_common(1)[0][0]
    return max(contrast(ground, c) for c in seen)


def cap_px(fonts, px: int) -> int:
    """How many pixel rows a capital letter takes at `px`, counted on the
    rendered glyph (regular and bold alike)."""
    return min(
        fonts.font(px, bold).render("H", True, (0, 0, 0)).get_bounding_rect().h
        for bold in (False, True)
    )


def own_cards(scene) -> set[str]:
    """The cards the viewer holds or has on the table (face up) and the cards
    any legal move of the pending decision moves or aims at."""
    board = scene.board
    out = mine(board.view, board.decor, board.viewer) & {p.name for p in board.placed}
    for m in scene.moves:
        out.update(m.gesture.cards)
        if m.gesture.target_card:
            out.add(m.gesture.target_card)
    return out


def covered_strips(board, own: set[str]) -> list[str]:
    """The viewer's (and the decision's) strips that a later strip of their
    zone lies on by more than a sliver: a crowded zone's strips drawn over
    each other hide a name or its numbers as surely as an ellipsis does."""
    out = []
    for p in board.placed:
        if not p.strip or p.name not in own:
            continue
        for q in board.placed:
            inter = p.rect.clip(q.rect)
            if q.zone == p.zone and q.index > p.index and inter.h > 3 and inter.w > 3:
                out.append(f"{p.name}: covered by {q.name or 'a card'}")
                break
    return out


def covered_names(board, own: set[str], areas: dict, counted: list[str]) -> list[str]:
    """The viewer's (and the decision's) strips whose name or numbers, drawn
    whole, a badge, chip or label drawn on the table lies on by more than a
    sliver (a zone's badge over its one strip): hidden, they are cut as
    surely as by an ellipsis. Each card once (`counted` already)."""
    out = []
    done = {c.partition(":")[0] for c in counted}
    for p in board.placed:
        if not p.strip or p.name not in own or p.name in done:
            continue
        words = [
            r.move(p.rect.topleft)
            for k, r in areas.get((p.name, p.rect.size), [])
            if k in ("name", "numbers")
        ]
        on = next(
            (
                owner
                for owner, box in board.boxes
                if not owner.startswith(f"{p.zone}#")  # its own chips and numbers
                for r in words
                if (inter := r.clip(box)).w > 3 and inter.h > 3
            ),
            None,
        )
        if on is not None:
            done.add(p.name)
            out.append(f"{p.name}: under {on}'s words")
    return out


def hidden(board, owner: str, box: pygame.Rect) -> bool:
    """Words on a card that a card drawn later in its zone covers (a fan, a
    spread): they are not shown, so they overlap nothing."""
    zone, _, index = owner.partition("#")
    if not index:
        return False
    later = [p for p in board.placed if p.zone == zone and p.index > int(index)]
    return any(p.rect.colliderect(box) for p in later)


def word_overlaps(board) -> list[tuple]:
    """Pairs of words drawn (`Board.boxes`) that intersect."""
    shown = [(o, b) for o, b in board.boxes if b.w > 0 and b.h > 0 and not hidden(board, o, b)]
    out = []
    for i, (a, ra) in enumerate(shown):
        for b, rb in shown[i + 1 :]:
            if ra.colliderect(rb):
                out.append((a, ra, b, rb))
    return out


def on_faces(board) -> list[tuple]:
    """A zone's words (its label, chips, badge) lying on a framed face drawn
    whole in that zone (a pile's count over its top card's text, a label
    under a hand's first card); a card's own chips lie on it by design."""
    framed = [
        p
        for p in board.placed
        if p.name and not p.strip and board.art.face(p.name).style == "framed"
    ]
    return [
        (owner, box, p.name, p.rect)
        for owner, box in board.boxes
        if "#" not in owner
        for p in framed
        if box.colliderect(p.rect)
    ]


def covered_labels(board) -> list[tuple]:
    """Zone labels a card (a back too) is drawn over by more than a sliver
    (the label's box holds the line's descent: a card's edge may touch it)."""
    out = []
    for zone, box in board.labels.items():
        for p in board.placed:
            inter = box.clip(p.rect)
            if inter.w > 2 and inter.h > 3:
                out.append((zone, box, p.zone, p.name, p.rect))
    return out


def labels_under_zones(board) -> list[tuple]:
    """Zone labels another zone's panel lies on by more than a sliver: a panel
    drawn later hides the label's letters ("Your hand" under a side column)."""
    out = []
    for zone, box in board.labels.items():
        for other, rect in board.zones.items():
            inter = box.clip(rect)
            if other != zone and inter.w > 3 and inter.h > 3:
                out.append((zone, box, other, rect))
    return out


def under_boxes(scene) -> list[tuple[str, str]]:
    """Cards drawn under a side panel (the log, the prompt, the buttons) or
    under the result box."""
    board = scene.board
    panels = scene.layout.panels
    boxes = {n: board.scaler.rect(getattr(panels, n)) for n in ("log", "status", "buttons")}
    if scene.results.box is not None:
        boxes["result"] = scene.results.box
    return [
        (f"{p.zone}#{p.index}", name)
        for p in board.placed
        for name, box in boxes.items()
        if p.rect.colliderect(box)
    ]


def spilled_strips(board) -> list[tuple[str, str]]:
    """Strips drawn past their zone's edge onto another zone (more than a
    sliver): rows of strips that need more height than their zone has (an
    opened crowded zone lies over its neighbours by design)."""
    out = []
    for p in board.placed:
        if not p.strip or p.zone not in board.zones:
            continue
        if board.open_rect is not None and p.zone == board.opened:
            continue
        for other, rect in board.zones.items():
            inter = p.rect.clip(rect)
            if other != p.zone and inter.w > 3 and inter.h > 3:
                out.append((f"{p.zone}#{p.index}", f"zone {other}"))
    return out


def overlapping(scene) -> list[tuple[str, str]]:
    """Every pair of things drawn over each other that should not be, named."""
    board = scene.board
    return (
        spilled_strips(board)
        + [(a, b) for a, _, b, _ in word_overlaps(board)]
        + [(o, f"{z}:{n}") for o, _, n, z in on_faces(board)]
        + [(f"label {z}", f"{pz}:{n}") for z, _, pz, n, _ in covered_labels(board)]
        + under_boxes(scene)
    )


def face_overlaps(board, areas: dict) -> list[tuple[str, str]]:
    """On each card drawn whole and upright: a badge printed over its other
    words (a band over the big letter), its numbers' box over its name
    (two lines of numbers at a large text size), a chip the table put on it over its
    name or text, a later card of its zone over its name or numbers."""
    out = []
    for p in board.placed:
        if p.strip or p.name is None or p.rotation:
            continue
        mine = [(k, r.move(p.rect.topleft)) for k, r in areas.get((p.name, p.rect.size), [])]
        who = f"{p.zone}#{p.index}"
        badges = [r for k, r in mine if k == "badge"]
        words = [(k, r) for k, r in mine if k != "badge"]
        out += [
            (f"{who} badge", f"{who} {k}") for b in badges for k, r in words if b.colliderect(r)
        ]
        out += [
            (f"{who} numbers", f"{who} name")
            for n, box in mine
            if n == "numbers"
            for k, r in mine
            if k == "name" and box.colliderect(r)
        ]
        chips = [b for o, b in board.boxes if o == who][1:]  # the first: its numbers
        out += [
            (f"{who} chip", f"{who} {k}")
            for c in chips
            for k, r in words
            if k in ("name", "text", "glyph") and c.colliderect(r)
        ]
        later = [q.rect for q in board.placed if q.zone == p.zone and q.index > p.index]
        out += [
            (f"{p.zone}#{q}", f"{who} {k}")
            for k, r in words
            if k in ("name", "numbers")
            for q, over in enumerate(later, p.index + 1)
            if over.colliderect(r)
        ]
    return out


def window_size(text: str) -> tuple[int, int]:
    """`--size WxH` read (argparse type)."""
    import argparse

    w, _, h = text.lower().partition("x")
    if not (w.isdigit() and h.isdigit() and 320 <= int(w) <= 7680 and 240 <= int(h) <= 4320):
        raise argparse.ArgumentTypeError(f"{text!r} is not a window size like 1280x720")
    return int(w), int(h)


def run_render(args) -> int:
    """`bench render`: with --size the text drawn, else the frame times."""
    if args.size is None:
        from .render import run_render_bench

        return run_render_bench(args)
    from shrinetable.engine import registry

    game = registry.get(args.game)
    scale = args.text_size / 100
    fig = measure(
        game.name, args.players or game.min_seats, args.size, args.shot, scale, args.theme
    )
    if args.json:
        print(json.dumps(fig))
        return 0
    print(
        f"render {fig['game']} at {fig['players']} players, {fig['size']} "
        f"({fig['position']}): smallest text {fig['min_text_px']} px font, "
        f"capital {fig['min_cap_px']} px high ({', '.join(fig['smallest'])}); "
        f"of {fig['text_draws']} text draws {fig['cut_own_names']} names or numbers cut "
        f"on the viewer's own cards and the decision's"
        f"{' (' + '; '.join(fig['cut_own']) + ')' if fig['cut_own'] else ''}, "
        f"{fig['cut_labels']} labels cut"
        f"{' (' + ', '.join(fig['cut']) + ')' if fig['cut'] else ''}, "
        f"{fig['cut_card_text']} words cut on card faces; {fig['overlaps']} overlaps"
        f"{' (' + '; '.join(fig['overlapping']) + ')' if fig['overlapping'] else ''}; "
        f"theme {fig['theme']}, least label contrast {fig['min_label_contrast']}:1"
    )
    return 0
