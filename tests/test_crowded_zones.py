"""A zone whose cards are too many for a line each (six Usagi seats, eight
Characters involved with one Event: `geometry.strip_rects` overlaps them) opens
over its neighbours while the pointer is on it: every strip its own line, the
cards under the open zone out of reach, and it closes when the pointer leaves."""

from __future__ import annotations

import pygame
import pytest
from crowded_position import ZONE, session
from table_input import ev

from shrinetable.table import geometry as geo

pytestmark = pytest.mark.usefixtures("dummy_video")


def point(app, pos):
    app.step([ev(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0))], 0.01)
    app.scene.draw(app.screen)


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
def test_a_crowded_zone_opens_under_the_pointer_a_line_for_each_card(app, tmp_path, size):
    app.screen = pygame.display.set_mode(size)
    app.manager.set_window_resolution(size)
    app.start_game(session(tmp_path))
    app.step([], 0.01)
    board = app.scene.board
    app.scene.draw(app.screen)
    assert ZONE in board.crowded and board.open_rect is None
    zone = board.zones[ZONE]

    point(app, zone.center)
    assert board.opened == ZONE and board.open_rect.contains(zone.clip(board.open_rect))
    strips = [p for p in board.placed if p.zone == ZONE]
    assert len(strips) == 8 and board.placed[-8:] == strips  # drawn last, hit first
    line = board.scaler.length(geo.STRIP)
    for a, b in zip(strips, strips[1:], strict=False):
        assert not a.rect.colliderect(b.rect) and a.rect.h >= line
    assert all(board.open_rect.contains(p.rect) for p in strips)
    assert board.felt().contains(board.open_rect)
    under = [p for p in board.placed if p.zone != ZONE and board.open_rect.colliderect(p.rect)]
    for p in strips:  # each card is the one under its own line
        assert board.card_at(p.rect.center) == p
    for p in under:  # what the open zone covers is out of reach
        spot = p.rect.clip(board.open_rect).center
        assert board.card_at(spot) is None or board.card_at(spot).zone == ZONE

    point(app, strips[-1].rect.center)  # moving over it keeps it open
    assert board.opened == ZONE
    far = board.zones["hand:0"].center
    point(app, far)  # leaving it closes it
    assert board.opened is None and board.open_rect is None
    assert ZONE in board.crowded
