"""In the real window (Xvfb, xdotool): the pointer resting on a crowded zone
opens it over its neighbours, and it closes when the pointer leaves
(tests/crowded_position.py; the geometry is tests/test_crowded_zones.py's)."""

from __future__ import annotations

import time

import pygame
import pytest
from crowded_position import ZONE, session
from e2e_harness import ARTIFACTS, SIZE, App

from shrinetable.formats.layout import load_layout
from shrinetable.resources import game_layout
from shrinetable.table import geometry as geo

pytestmark = [pytest.mark.e2e, pytest.mark.slow]


def test_the_pointer_opens_a_crowded_zone_and_leaving_closes_it(xvfb, tmp_path):
    game = session(tmp_path).game
    view = game.view(session(tmp_path).state, 0)
    layout = load_layout(game_layout(game))
    rects = geo.zone_rects(
        layout, view, geo.Scaler((layout.canvas.width, layout.canvas.height), SIZE), 0
    )
    app = App(xvfb, [], tmp_path, program=("tests/crowded_position.py", str(tmp_path)))
    try:
        app.wait_line("ready")
        app.window()
        closed = app.screenshot(ARTIFACTS / "e2e-crowded-closed.png")
        app.xdo(*app._to(rects[ZONE].center))
        assert app.wait_line("opened") == f"opened {ZONE}"
        below = pygame.Rect(rects[ZONE].left, rects[ZONE].bottom + 2, rects[ZONE].w, 40)
        app.xdo("mousemove", "--sync", str(below.centerx), str(below.top + 2))
        a = pygame.image.load(str(closed))
        spots = [
            (x, y)
            for x in range(below.left, below.right, 7)
            for y in range(below.top, below.bottom, 5)
        ]
        end = time.monotonic() + 10  # until the frame with the open zone is drawn
        while True:  # (it reaches below the zone, and stays open there)
            b = pygame.image.load(str(app.screenshot(ARTIFACTS / "e2e-crowded-open.png")))
            if sum(a.get_at(p) != b.get_at(p) for p in spots) > len(spots) // 2:
                break
            assert time.monotonic() < end, "the open zone never showed below its place"
        far = rects["hand:0"].center
        app.xdo("mousemove", "--sync", str(far[0]), str(far[1]))
        assert app.wait_line("closed") == "closed"
    finally:
        app.stop()
