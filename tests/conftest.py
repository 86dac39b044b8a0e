"""Fixtures shared by test modules."""

from __future__ import annotations

import pytest
from e2e_harness import Xvfb, missing_tools


@pytest.fixture(scope="module")
def xvfb():
    """A private X server for the real-window tests (skipped without Xvfb/xdotool)."""
    missing = missing_tools()
    if missing:
        pytest.skip(f"needs {', '.join(missing)} (apt-get install xvfb xdotool imagemagick)")
    server = Xvfb()
    yield server
    server.stop()


@pytest.fixture
def dummy_video(tmp_path, monkeypatch):
    """No window: SDL's dummy driver, no computer pause, no guard on new buttons,
    saves in the test's folder (set per test, so it leaks nowhere). In-process
    table modules use it for every test (`pytestmark`)."""
    monkeypatch.setenv("SDL_VIDEODRIVER", "dummy")
    monkeypatch.setenv("SHRINETABLE_AI_DELAY", "0")
    monkeypatch.setenv("SHRINETABLE_GUARD_S", "0")  # a new button takes a click at once
    monkeypatch.setenv("SHRINETABLE_DATA_DIR", str(tmp_path))


@pytest.fixture
def app(dummy_video):
    """The table's App in a 1280x720 dummy window."""
    import pygame

    from shrinetable.demo.shelf import Shelf
    from shrinetable.table.app import App

    a = App((1280, 720), demos=Shelf())
    yield a
    pygame.quit()
