"""A play-test: Sorcerer's own discard pile at 1280x720 showed "Petal Process..."
(12 of its 63 names cut). The top card of each of the viewer's face-up piles,
drawn as a named strip, reads whole for every card of the game's set."""

from __future__ import annotations

import os

import pygame
import pytest

from shrinetable.bench.render import showcase
from shrinetable.engine import registry
from shrinetable.table import faces
from shrinetable.workbench.sheets import deck_cards

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")


@pytest.fixture(scope="module")
def app():
    from shrinetable.table.app import App

    a = App((1280, 720))
    yield a
    pygame.quit()


def cut(fonts, name: str, lines: list[tuple[str, int]], px: int) -> bool:
    """Whether `draw_pile` cuts `name` laid out as `lines`: a word left off, or a
    line too wide even narrowed."""
    font = fonts.font(px, True)
    said = " ".join(t for t, _ in lines)
    return said != " ".join(name.split()) or any(
        font.size(t)[0] * faces.CONDENSE > w for t, w in lines
    )


@pytest.mark.parametrize("game", registry.names())
def test_every_name_reads_whole_on_the_viewers_piles(app, tmp_path, monkeypatch, game):
    monkeypatch.setenv("SHRINETABLE_DATA_DIR", str(tmp_path))
    g = registry.get(game)
    app.start_game(showcase(g, g.min_seats))
    app.step([], 0.01)
    board = app.scene.board
    piles = [
        p
        for p in board.placed
        if p.strip and p.zone.endswith(":0") and p.rect.h >= 3 * faces.line(app.fonts)
    ]
    every = [f for c in deck_cards(g, None) if (f := g.present.card_face(c)) is not None]
    for p in piles:
        bad = set()
        for face in every:
            px, _, lines = faces.pile_layout(app.fonts, face, p.rect.size)
            if cut(app.fonts, face.name, lines, px):
                bad.add(face.name)
        assert sorted(bad) == [], (p.zone, p.rect.size)
