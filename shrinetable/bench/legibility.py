"""`shrinetable bench render --size WxH`: how small the table's text is drawn.

A frame of a game in progress (the game's busy position, `Presentation.showcase`,
at the chosen number of players) is drawn at a window size with every cache
dropped, while `Fonts` records each text it renders: the smallest font size
drawn (`min_text_px`) and the draws cut with an ellipsis are counted where the
text is rendered, not estimated from the layout: labels, chips, badges and
names on the table (`cut_labels`, the texts in `cut`) apart from the words on
a card's face (`cut_card_text`), which shows what fits while its zoom shows it whole.
"""

from __future__ import annotations

import json
import os
import tempfile

from shrinetable.table import env

env.prepare()


def measure(game_name: str, players: int, size: tuple[int, int], shot: str | None = None) -> dict:
    """The text drawn on one full frame of `game_name` at `players` seats in a
    window of `size`; `shot`: save the frame there (a PNG)."""
    from shrinetable.engine import registry

    if not os.environ.get("DISPLAY"):
        os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    # a data folder of its own for the one frame, removed after, and the caller's kept
    before = os.environ.get("SHRINETABLE_DATA_DIR")
    with tempfile.TemporaryDirectory(prefix="shrinetable-legible-") as data:
        os.environ["SHRINETABLE_DATA_DIR"] = data
        try:
            drawn = _frame(registry.get(game_name), players, size, shot)
        finally:
            if before is None:
                os.environ.pop("SHRINETABLE_DATA_DIR", None)
            else:
                os.environ["SHRINETABLE_DATA_DIR"] = before
    game = registry.get(game_name)
    smallest = min((px for px, _, _ in drawn), default=None)
    cut = [(text, on_card) for _, text, on_card in drawn if "\u2026" in text]
    return {
        "game": game.name,
        "players": players,
        "size": f"{size[0]}x{size[1]}",
        "position": game.present.showcase.title,
        "min_text_px": smallest,
        "text_draws": len(drawn),
        "cut_labels": sum(1 for _, on_card in cut if not on_card),
        "cut_card_text": sum(1 for _, on_card in cut if on_card),
        "cut": sorted({text for text, on_card in cut if not on_card}),
        "smallest": sorted({t for px, t, _ in drawn if px == smallest})[:5],
    }


def _frame(game, players: int, size: tuple[int, int], shot: str | None) -> list:
    """Every (px, text) drawn on one full frame of `game` (saved to `shot` if given)."""
    import pygame

    from shrinetable.table.app import App

    from .render import showcase

    session = showcase(game, players)
    app = App(size)
    app.start_game(session)
    app.step([], 0.01)
    scene = app.scene
    app.art.clear()
    scene.board._bg_key = None
    app.fonts.drawn = []
    scene.base_dirty = scene.dirty = True
    scene.draw(app.screen)
    drawn, app.fonts.drawn = app.fonts.drawn, None
    if shot:
        pygame.image.save(app.screen, shot)
    pygame.quit()
    return drawn


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
    fig = measure(game.name, args.players or game.min_seats, args.size)
    if args.json:
        print(json.dumps(fig))
        return 0
    print(
        f"render {fig['game']} at {fig['players']} players, {fig['size']} "
        f"({fig['position']}): smallest text {fig['min_text_px']} px "
        f"({', '.join(fig['smallest'])}); of {fig['text_draws']} text draws "
        f"{fig['cut_labels']} labels cut with an ellipsis"
        f"{' (' + ', '.join(fig['cut']) + ')' if fig['cut'] else ''}, "
        f"{fig['cut_card_text']} on card faces"
    )
    return 0
