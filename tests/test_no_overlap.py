"""Issue 23: on every game's table, at every player count, at 1280x720 and
1920x1080, no two labels, chips or badges overlap each other or a card's
numbers (the words a frame draws, as the board records them: `Board.boxes`),
and no zone's label, chips or badge lies on a card's printed words (a framed
face drawn whole: its name, text and numbers)."""

from __future__ import annotations

import os

import pygame
import pytest

from shrinetable.bench.render import showcase
from shrinetable.engine import registry

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

CASES = [
    (name, n)
    for name in registry.names()
    for n in range(registry.get(name).min_seats, registry.get(name).max_seats + 1)
]


def hidden(board, owner: str, box: pygame.Rect) -> bool:
    """Words on a card that a card drawn later in its zone covers (a fan, a
    spread): they are not shown, so they overlap nothing."""
    zone, _, index = owner.partition("#")
    if not index:
        return False
    later = [p for p in board.placed if p.zone == zone and p.index > int(index)]
    return any(p.rect.colliderect(box) for p in later)


def on_faces(board) -> list[tuple]:
    """A zone's words (its label, chips, badge) lying on a framed face drawn
    whole in that zone (a pile's count over its top card's text, a label
    under a hand's first card); a card's own chips lie on it by design."""
    faces = [
        p
        for p in board.placed
        if p.name and not p.strip and board.art.face(p.name).style == "framed"
    ]
    return [
        (owner, box, p.name, p.rect)
        for owner, box in board.boxes
        if "#" not in owner
        for p in faces
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


def overlaps(board) -> list[tuple]:
    shown = [(o, b) for o, b in board.boxes if b.w > 0 and b.h > 0 and not hidden(board, o, b)]
    out = []
    for i, (a, ra) in enumerate(shown):
        for b, rb in shown[i + 1 :]:
            if ra.colliderect(rb):
                out.append((a, ra, b, rb))
    return out


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
