"""A standing answer in the real window (Xvfb, xdotool; issue 41, fewer
questions): Usagi at four seats loaded at p1's Hero step with one Hero. With
"Keep my Hero at the turn's end" on (the default) the window keeps it without
asking; switched off (remembered from the last game) it asks, and the switch
at the foot of the side panel, pressed, answers at once. Screenshots of the
switch at 1280x720 and 1920x1080 go to test-artifacts/."""

from __future__ import annotations

import pygame
import pytest
from e2e_harness import ARTIFACTS, SIZE, App, Xvfb
from usagi_helpers import hero_step

from shrinetable import resources
from shrinetable.adapter import storage
from shrinetable.table.helpers import STANDING

pytestmark = [pytest.mark.e2e, pytest.mark.slow]

KEY = "keep_hero"
LABEL = "Keep my Hero at the turn's end"


def _switch(app, size: tuple[int, int]) -> tuple[pygame.Rect, str]:
    """Where the window puts p1's switch at `size`, and its words: the table's own
    panels laid out in process (dummy video) for the same position."""
    app.screen = pygame.display.set_mode(size)
    app.manager.set_window_resolution(size)
    session = hero_step(1)
    session.set_standing(0, KEY, False)
    app.start_game(session)
    ui = app.scene.ui
    button = next(b for b, cmd in ui.commands.items() if cmd == f"standing {KEY}")
    return pygame.Rect(button.rect), button.text


@pytest.fixture
def save(tmp_path):
    return storage.save_as(hero_step(1), tmp_path / "hero.json")


def _open(server: Xvfb, save, size: str, data) -> App:
    """The window on `save` once its first frame is up, its lines read from the
    first (the decision bar is built before it says "ready"); `first`: the
    first of p1's move and a decision bar."""
    window = App(server, ["--load", str(save), "--trace", "--size", size], data)
    try:
        lines = [window.wait_any(("ready", "action p1", "new buttons"), 30)]
        while "ready" not in lines or lines == ["ready"]:
            lines.append(window.wait_any(("ready", "action p1", "new buttons"), 30))
        line = next(x for x in lines if x != "ready")
        window.window()
    except BaseException:
        window.stop()
        raise
    window.first = line
    return window


def _hero(save) -> str:
    session = storage.load(str(save))
    return next(a.text for a in session.game.legal_actions(session.state) if a.card)


def test_on_the_lone_hero_is_kept_without_a_question(xvfb, tmp_path, save):
    window = _open(xvfb, save, "1280x720", tmp_path / "on")
    try:
        assert window.first == f"action p1 {_hero(save)}"  # no bar came first: not asked
        window.wait_line("new buttons", 30)  # p1's next question: the log says what it did
        window.screenshot(ARTIFACTS / "e2e-standing-on-1280x720.png")
    finally:
        window.stop()


def test_off_it_asks_and_the_switch_answers(xvfb, app, tmp_path, save, monkeypatch):
    where, words = _switch(app, SIZE)
    assert words == f"{LABEL}: off"
    data = tmp_path / "off"
    monkeypatch.setenv("SHRINETABLE_DATA_DIR", str(data))
    resources.keep(STANDING, {"usagi": {KEY: False}})  # the last game's switch
    window = _open(xvfb, save, "1280x720", data)
    try:
        assert window.first.startswith("new buttons") and "Keep no Hero" in window.first  # asked
        assert not [x for x in window.quiet(0.5) if x.startswith("action")]
        window.screenshot(ARTIFACTS / "e2e-standing-off-1280x720.png")
        window.click(where.center)
        assert window.wait_line("standing", 10) == f"standing {KEY} on"
        assert window.wait_line("action p1", 10) == f"action p1 {_hero(save)}"
        assert resources.kept(STANDING) == {"usagi": {KEY: True}}  # remembered
    finally:
        window.stop()


def test_the_switch_at_1920x1080(app, tmp_path, save, monkeypatch):
    """The switch where the larger window puts it, its words whole."""
    big = (1920, 1080)
    where, words = _switch(app, big)
    assert words == f"{LABEL}: off"
    server = Xvfb(big)
    data = tmp_path / "big"
    monkeypatch.setenv("SHRINETABLE_DATA_DIR", str(data))
    resources.keep(STANDING, {"usagi": {KEY: False}})
    try:
        window = _open(server, save, "1920x1080", data)
        try:
            assert window.first.startswith("new buttons")
            window.screenshot(ARTIFACTS / "e2e-standing-off-1920x1080.png")
            window.click(where.center)
            assert window.wait_line("standing", 10) == f"standing {KEY} on"
        finally:
            window.stop()
    finally:
        server.stop()
