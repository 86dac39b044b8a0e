"""Issue 23: on every game's table, at every player count, at 1280x720 and
1920x1080, no two labels, chips or badges overlap each other or a card's
numbers (the words a frame draws, as the board records them: `Board.boxes`),
and no zone's label, chips or badge lies on a card's printed words (a framed
face drawn whole: its name, text and numbers)."""

from __future__ import annotations

import os

import pygame
import pytest

from shrinetable.bench.legibility import (
    covered_labels,
    labels_under_zones,
    on_faces,
    word_overlaps,
)
from shrinetable.bench.render import showcase
from shrinetable.engine import registry

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

CASES = [
    (name, n)
    for name in registry.names()
    for n in range(registry.get(name).min_seats, registry.get(name).max_seats + 1)
]


def overlaps(board) -> list[tuple]:
    return word_overlaps(board)


@pytest.fixture(scope="module")
def app():
    from shrinetable.table.app import App

    a = App((1280, 720))
    yield a
    pygame.quit()


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
@pytest.mark.parametrize(("game", "players"), CASES)
def test_no_words_overlap(app, tmp_path, monkeypatch, game, players, size):
    monkeypatch.setenv("SHRINETABLE_DATA_DIR", str(tmp_path))
    app.screen = pygame.display.set_mode(size)
    app.manager.set_window_resolution(size)
    app.start_game(showcase(registry.get(game), players))
    app.step([], 0.01)
    scene = app.scene
    scene.base_dirty = scene.dirty = True
    scene.draw(app.screen)
    board = scene.board
    assert board.boxes
    assert overlaps(board) == []
    assert on_faces(board) == []
    assert covered_labels(board) == []
    assert labels_under_zones(board) == []


def test_a_low_zones_badge_stands_beside_its_chips_not_on_them(app, tmp_path, monkeypatch):
    """Played (playtest9): Usagi at four seats, P3's field empty and low (its
    Event above grown), its "Honor 0 · Ryo 0" badge in the bottom corner lay
    on its "FIRST" chip in the top corner. A badge that would lie on its
    zone's chips stands on their line, left of them, where the zone has room."""
    from shrinetable.adapter.match import Match
    from shrinetable.adapter.session import Session

    monkeypatch.setenv("SHRINETABLE_DATA_DIR", str(tmp_path))
    app.screen = pygame.display.set_mode((1280, 720))
    app.manager.set_window_resolution((1280, 720))
    session = Session(registry.get("usagi"), 6, {}, ["computer"] * 4)
    m = Match(session)
    for _ in range(46):
        m.step()
    app.start_game(session)
    app.step([], 0.01)
    scene = app.scene
    scene.base_dirty = scene.dirty = True
    scene.draw(app.screen)
    board = scene.board
    field = board.zones["field:2"]
    mine = [b for o, b in board.boxes if o == "field:2"]
    assert len(mine) >= 3 and field.h < 40  # its label, a chip and its badge, in a low zone
    assert [(o, a) for o, a, *_ in overlaps(board) if o == "field:2"] == []
