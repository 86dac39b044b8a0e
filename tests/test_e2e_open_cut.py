"""In the real window (Xvfb, xdotool) at the menu's 150% text: Shrines' site a1,
whose strips no longer lie on each other but still cut the viewer's names
("Harbor Se…"), opens under the pointer, its names whole, and shuts when the
pointer leaves (`Board._shut`; the geometry is tests/test_legibility.py's)."""

from __future__ import annotations

import time

import pygame
import pytest
from e2e_harness import ARTIFACTS, SIZE, ready
from table_input import ev

from shrinetable.adapter import storage
from shrinetable.bench.render import showcase
from shrinetable.engine import registry
from shrinetable.table import uiscale

pytestmark = [pytest.mark.e2e, pytest.mark.slow]

ZONE = "site:a1"


def _board(tmp_path, monkeypatch):
    """The showcase's board as the window lays it out (SDL's dummy driver, a
    data folder of its own at 150%), closed and open on `ZONE`."""
    from shrinetable.table.app import App

    monkeypatch.setenv("SDL_VIDEODRIVER", "dummy")
    monkeypatch.setenv("SHRINETABLE_DATA_DIR", str(tmp_path / "mirror"))
    uiscale.save(1.5)
    app = App(SIZE)
    app.start_game(showcase(registry.get("shrines")))
    app.step([], 0.01)
    board = app.scene.board
    closed = board.zones[ZONE].copy()
    app.step([ev(pygame.MOUSEMOTION, pos=closed.center, rel=(0, 0))], 0.01)
    strips = [p.rect.copy() for p in board.placed if p.zone == ZONE]
    return closed, board.open_rect.copy(), strips


def test_a_zone_that_cuts_an_own_name_opens_under_the_real_pointer(xvfb, tmp_path, monkeypatch):
    closed, opened, strips = _board(tmp_path, monkeypatch)
    assert opened.h > closed.h
    monkeypatch.setenv("SHRINETABLE_DATA_DIR", str(tmp_path))
    uiscale.save(1.5)  # the window's text size, in its data folder
    save = storage.save_as(showcase(registry.get("shrines")), tmp_path / "showcase.json")
    app = ready(xvfb, ["--load", str(save), "--trace"], tmp_path)
    try:
        shut = pygame.image.load(str(app.screenshot(ARTIFACTS / "e2e-open-cut-shut.png")))
        app.xdo(*app._to(closed.center))
        assert app.wait_line("opened") == f"opened {ZONE}"
        below = [s for s in strips if s.top >= closed.bottom]  # where it reaches now
        assert below
        spots = [
            (x, y) for s in below for x in range(s.left + 8, s.right - 8, 9) for y in (s.centery,)
        ]
        end = time.monotonic() + 10  # until the frame with the open zone is drawn
        while True:
            shot = app.screenshot(ARTIFACTS / "e2e-open-cut-open.png")
            img = pygame.image.load(str(shot))
            if sum(shut.get_at(p) != img.get_at(p) for p in spots) > len(spots) // 2:
                break
            assert time.monotonic() < end, "the open zone never showed below its place"
        for s in strips:  # each strip paper (its name's line), inside the open zone
            assert opened.contains(s)
            paper = sum(
                sum(img.get_at((x, s.top + 3))[:3]) > 450 for x in range(s.left + 8, s.left + 60)
            )
            assert paper > 20, s
        app.xdo("mousemove", "--sync", "60", str(SIZE[1] - 20))  # the hand's corner
        assert app.wait_line("closed") == "closed"
    finally:
        app.stop()
