"""Issue 39 in the real window (Xvfb): `--theme NAME` draws the table in that
theme's colours at 1280x720, and while a card is held its legal places show
their corner brackets. The pictures are kept in test-artifacts/themes/ (the
ones in docs/accessibility/ were taken so and looked at)."""

from __future__ import annotations

import time

import pytest
from e2e_harness import ARTIFACTS, Mirror, Xvfb, missing_tools, ready
from PIL import Image

from shrinetable.adapter import storage
from shrinetable.bench.render import showcase
from shrinetable.engine import registry
from shrinetable.table.theme import THEMES

pytestmark = pytest.mark.skipif(bool(missing_tools()), reason="needs Xvfb, xdotool, import")
SHOTS = ARTIFACTS / "themes"


def _until(app, what: str, test, timeout: float = 10.0) -> Image.Image:
    """Screenshots until `test(image)` holds (a condition, not a sleep)."""
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        img = Image.open(app.screenshot(SHOTS / "poll.png")).convert("RGB")
        if test(img):
            return img
    raise AssertionError(f"never saw {what}")


def _target_pixels(img: Image.Image, colour) -> int:
    """Pixels of `colour` in the window (every other column and row)."""
    return sum(
        1 for x in range(0, 1280, 2) for y in range(0, 720, 2) if img.getpixel((x, y)) == colour
    )


@pytest.fixture(scope="module")
def xvfb():
    x = Xvfb()
    yield x
    x.stop()


@pytest.mark.parametrize(
    ("game", "name"), [("shrines", n) for n in THEMES] + [("shrine", "colour-blind")]
)
def test_the_table_in_each_theme(xvfb, tmp_path, game, name):
    """The showcase position of `game`, drawn in `name`: the felt in the
    theme's colour; in Shrine a card from the hand held over the table, its
    legal places framed and bracketed in the theme's target colour."""
    p = THEMES[name]
    session = showcase(registry.get(game))
    save = storage.save_as(session, tmp_path / "shown.json")
    app = ready(
        xvfb, ["--trace", "--load", str(save), "--theme", name, "--size", "1280x720"], tmp_path
    )
    try:
        img = _until(
            app,
            f"the {name} felt",
            lambda i: i.getpixel((3, 717)) == p.felt_dark or i.getpixel((3, 717)) == p.felt,
        )
        if game == "shrine":  # cards with a legal place held away from it
            mirror = Mirror(app, session)
            move = next(m for m in mirror.m.moves() if m.gesture.source == "hand:0")
            *picked, last = move.gesture.cards  # the others selected by a click first
            for card in picked:
                app.click(mirror.card("hand:0", card))
            held = mirror.card("hand:0", last)
            before = _target_pixels(img, p.target)
            app.xdo(*app._to(held), "mousedown", "1", "mousemove", "--sync", "1100", "300")
            img = _until(
                app, "a target's brackets", lambda i: _target_pixels(i, p.target) > before + 100
            )
            app.xdo("mouseup", "1")
        img.save(SHOTS / f"{game}-{name}.png")
    finally:
        app.stop()
