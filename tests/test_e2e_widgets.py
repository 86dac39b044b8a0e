"""The game table's own widgets (table/widgets.py) in the real window under
Xvfb, with real xdotool input: the log scrolls with the wheel and a move brings
it back to its latest line; dragging its scroll bar's thumb scrolls it; a
pointer resting on a button shows its tip, not before the rest time; a press
on a bar button released off it makes no move. Each test loads the same
Shrine game, 32 moves in (more log than its box holds), at P1's decision
after the draw, where Pass stands first in the decision bar. The scroll state
is read off screenshots: the thumb in the log's scroll bar."""

from __future__ import annotations

import time
from functools import cache

import pygame
import pytest
from e2e_harness import ARTIFACTS, SIZE, ready

from shrinetable.adapter import storage
from shrinetable.adapter.session import Session
from shrinetable.engine import registry
from shrinetable.formats.layout import load_layout
from shrinetable.resources import layout_path
from shrinetable.table import decision_bar as bar
from shrinetable.table import geometry as geo
from shrinetable.table.theme import rgb
from shrinetable.table.widgets import BAR_W, TIP_S

pytestmark = [pytest.mark.e2e, pytest.mark.slow]

GAME = registry.get("shrine")
LAYOUT = load_layout(layout_path("shrine"))
SCALER = geo.Scaler((LAYOUT.canvas.width, LAYOUT.canvas.height), SIZE)
LOG = SCALER.rect(LAYOUT.panels.log)
STATUS = SCALER.rect(LAYOUT.panels.status)
BAR_AREA, HELP_ROW = bar.split_help(SCALER.rect(LAYOUT.panels.buttons))
PASS = bar.first_row(BAR_AREA).center  # the step-ending move's place: Pass here
HALF = HELP_ROW.w // 2
HINT = pygame.Rect(HELP_ROW.x, HELP_ROW.y, HALF - 4, HELP_ROW.h - 4)
WHAT = pygame.Rect(HELP_ROW.x + HALF, HELP_ROW.y, HALF - 4, HELP_ROW.h - 4)
BAR_X = LOG.right - BAR_W - 1 + BAR_W // 2  # a column through the log's scroll bar
THUMB = {rgb("normal_bg"), rgb("normal_border")}
FELT = (60, 300)  # bare table: no card, zone or widget
NOTCH = 3  # wheel clicks per scroll


@cache
def _position() -> Session:
    """Shrine, seed 42, both seats played by the computer's choices until P1
    has drawn on move 30 or later: its log is taller than the panel."""
    s = Session(GAME, 42, {}, ["human", "computer"])
    while (d := s.decision()) is not None:
        last = s.history[-1] if s.history else None
        if (
            d.seat == 0
            and len(s.history) >= 30
            and last.seat == 0
            and last.text == "draw"
            and s.forced() is None
        ):
            return s
        forced = s.forced()
        s.apply(forced, auto=True) if forced is not None else s.play(s.computer_action())
    raise AssertionError("the game ended before the position")


@pytest.fixture
def table(xvfb, tmp_path):
    save = storage.save_as(_position(), tmp_path / "widgets.json")
    app = ready(xvfb, ["--load", str(save), "--trace", "--size", f"{SIZE[0]}x{SIZE[1]}"], tmp_path)
    app.shot = tmp_path / "now.png"
    yield app
    app.stop()


def _image(app) -> pygame.Surface:
    return pygame.image.load(str(app.screenshot(app.shot)))


def _until(app, what: str, test, timeout: float = 10.0) -> pygame.Surface:
    """The first screenshot for which `test(image)` holds; a failure keeps the last."""
    end = time.monotonic() + timeout
    while True:
        img = _image(app)
        if test(img):
            return img
        if time.monotonic() > end:
            ARTIFACTS.mkdir(exist_ok=True)
            pygame.image.save(img, str(ARTIFACTS / "e2e-widgets-failed.png"))
            raise AssertionError(f"never {what} (test-artifacts/e2e-widgets-failed.png)")


def _thumb(img: pygame.Surface) -> tuple[int, int] | None:
    """The log's scroll-bar thumb, (top, bottom) rows, or None (no bar)."""
    rows = [
        y for y in range(LOG.y + 1, LOG.bottom - 1) if tuple(img.get_at((BAR_X, y)))[:3] in THUMB
    ]
    return (rows[0], rows[-1]) if rows else None


def _top(img: pygame.Surface) -> int:
    """The thumb's top row (the log's foot when there is no bar)."""
    thumb = _thumb(img)
    return thumb[0] if thumb is not None else LOG.bottom


def _at_end(img: pygame.Surface) -> bool:
    """The log shows its latest line: the thumb stands at the foot of its track."""
    thumb = _thumb(img)
    return thumb is not None and thumb[1] >= LOG.bottom - 3


def _pixels(img: pygame.Surface, rect: pygame.Rect) -> bytes:
    return pygame.image.tobytes(img.subsurface(rect), "RGB")


def _wheel(app, pos, button: str) -> None:
    app.xdo(*app._to(pos), "click", "--repeat", str(NOTCH), "--delay", "30", button)


def test_wheel_scrolls_the_log_and_a_move_brings_back_its_latest_line(table):
    app = table
    start = _until(app, "the log at its latest line", _at_end)
    top = _thumb(start)[0]
    _wheel(app, LOG.center, "4")  # up
    scrolled = _until(app, "the log scrolled up", lambda img: _top(img) < top - 10)
    assert _pixels(scrolled, LOG) != _pixels(start, LOG)
    app.click(PASS)
    assert app.wait_line("action") == "action p1 pass"
    _until(app, "the log back at its latest line after the move", _at_end)


def test_dragging_the_thumb_scrolls_the_log_and_a_click_on_the_track_pages(table):
    app = table
    start = _until(app, "the log at its latest line", _at_end)
    top, bottom = _thumb(start)
    grab = (BAR_X, (top + bottom) // 2)
    app.drag(grab, (BAR_X, grab[1] - 120))
    dragged = _until(app, "the thumb dragged up", lambda img: _top(img) < top - 60)
    moved = _thumb(dragged)[0]
    assert abs(moved - (top - 120)) <= 3  # it followed the pointer
    app.click((BAR_X, LOG.y + 3))  # the track above the thumb: a page up
    _until(app, "the thumb a page higher", lambda img: _top(img) < moved - 10)


def _away(app) -> tuple[pygame.Surface, pygame.Rect]:
    """The pointer off the panels: the window then, and where the tip of What
    happened? will stand (a button at the window's foot has it over it)."""
    app.xdo(*app._to(FELT))
    return _image(app), pygame.Rect(WHAT.x, WHAT.y - 18, WHAT.w, 10)


def test_a_resting_pointer_shows_the_buttons_tip_after_the_rest_time(table):
    app = table
    before, tip = _away(app)
    t0 = time.monotonic()
    app.xdo(*app._to(WHAT.center))
    shown = _until(
        app, "the tip of 'What happened?'", lambda img: _pixels(img, tip) != _pixels(before, tip)
    )
    assert time.monotonic() - t0 >= TIP_S  # not before the pointer has rested
    assert rgb("text_box") in {
        tuple(shown.get_at((x, tip.centery)))[:3] for x in range(tip.left, tip.right)
    }
    app.xdo(*app._to(FELT))
    _until(
        app, "the tip gone with the pointer", lambda img: _pixels(img, tip) == _pixels(before, tip)
    )


def test_a_press_on_a_bar_button_released_off_it_makes_no_move(table):
    app = table
    off = (STATUS.centerx, STATUS.bottom - 10)  # the prompt's box, beside no button
    app.xdo(
        *app._to(PASS),
        "mousedown",
        "1",
        "mousemove",
        "--sync",
        str(off[0]),
        str(off[1]),
        "mouseup",
        "1",
    )
    app.click(HINT.center)  # traced once the release before it was handled
    assert app.wait_any(("action", "hint")).startswith("hint ")
    app.click(PASS)  # the same button clicked whole is a move
    assert app.wait_any(("action", "hint")) == "action p1 pass"


def test_a_click_does_not_bring_the_tip_before_the_rest_time(table):
    app = table
    before, tip = _away(app)
    t0 = time.monotonic()
    app.xdo(*app._to(WHAT.center), "click", "1")  # What happened?: its window opens
    end = t0 + 2 * TIP_S
    while time.monotonic() < end:  # the tip comes after the rest time, or not at all
        if _pixels(_image(app), tip) != _pixels(before, tip):
            assert time.monotonic() - t0 >= TIP_S
            break
