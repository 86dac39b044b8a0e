"""Two real windows over the network under Xvfb: a host's window (P1, a person at
the host) and a joiner's window (P2, another process on its own X server).
Real pointer events at both; each table shows the other's moves; a refused
drop at the joiner's table names the rule (the host judged it)."""

from __future__ import annotations

import os
import queue
import subprocess
import sys
import threading
import time

import pytest
from e2e_harness import ARTIFACTS, ROOT, SIZE, App, Xvfb, missing_tools

from shrinetable.adapter.match import Match
from shrinetable.adapter.session import Session
from shrinetable.engine import registry
from shrinetable.formats.layout import load_layout
from shrinetable.resources import layout_path
from shrinetable.table import geometry as geo

pytestmark = [pytest.mark.e2e, pytest.mark.slow]

GAME = registry.get("shrine")
LAYOUT = load_layout(layout_path("shrine"))
SCALER = geo.Scaler((LAYOUT.canvas.width, LAYOUT.canvas.height), SIZE)
SEED = 42


class Window(App):
    """`shrinetable host|join ... --trace` in a window on `xvfb` (the harness's
    App runs `play`)."""

    def __init__(self, xvfb: Xvfb, args: list[str], data_dir):
        self.env = dict(os.environ, DISPLAY=xvfb.display, SDL_VIDEODRIVER="x11",
                        SDL_VIDEO_WINDOW_POS="0,0", PYTHONUNBUFFERED="1",
                        SHRINETABLE_AI_DELAY="0", SHRINETABLE_DATA_DIR=str(data_dir),
                        SHRINETABLE_GUARD_S="0",   # as the harness: no new-button guard
                        SDL_FRAMEBUFFER_ACCELERATION="0")
        cmd = [sys.executable, "-m", "shrinetable", *args, "--trace",
               "--size", f"{SIZE[0]}x{SIZE[1]}"]
        self.proc = subprocess.Popen(cmd, cwd=ROOT, env=self.env, stdout=subprocess.PIPE,
                                     stderr=subprocess.PIPE, text=True)
        self.lines: queue.Queue[str] = queue.Queue()
        threading.Thread(target=self._read, daemon=True).start()


def centre(view, seat, zone, card, raised=None):
    placed = geo.place_cards(LAYOUT, view, SCALER, seat, raised)
    return next(p.rect.center for p in placed if p.zone == zone and p.name == card)


def zone_centre(view, seat, zone):
    return geo.zone_rects(LAYOUT, view, SCALER, seat)[zone].center


def button(moves, text):
    """The panel's button for move `text` (one column, in the legal order)."""
    from shrinetable.adapter import gestures
    shown = [m.text for m in gestures.buttons(moves)]
    area = SCALER.rect(LAYOUT.panels.buttons)
    h = min(40, area.h // len(shown))
    return area.x + (area.w - 4) // 2, area.y + shown.index(text) * h + (h - 4) // 2


def card_pixels(path, view, seat, zone, card) -> bytes:
    import pygame
    placed = geo.place_cards(LAYOUT, view, SCALER, seat)
    rect = next(p.rect for p in placed if p.zone == zone and p.name == card)
    return pygame.image.tobytes(pygame.image.load(str(path)).subsurface(rect), "RGB")


def is_card(rgb: bytes) -> bool:
    """Mostly a card's light face (not the green zone it lands on)."""
    light = sum(1 for i in range(0, len(rgb), 3) if min(rgb[i:i + 3]) > 200)
    return light > 0.4 * len(rgb) / 3


@pytest.fixture
def second_display():
    if missing_tools():
        pytest.skip("needs Xvfb, xdotool and import")
    server = Xvfb()
    yield server
    server.stop()


def test_host_window_and_joiner_window_play_over_the_network(xvfb, second_display,
                                                              tmp_path):
    host = Window(xvfb, ["host", "shrine", "--seats", "human,remote", "--seed", str(SEED),
                         "--bind", "127.0.0.1", "--port", "0"], tmp_path / "host")
    joiner = None
    try:
        address = host.wait_line("address: ", 30).split()[-1]
        code = host.wait_line("code: ").split()[-1]
        host.wait_line("ready", 30)
        joiner = Window(second_display, ["join", address, "--code", code, "--name", "Ann"],
                        tmp_path / "join")
        joiner.wait_line("ready", 30)
        host.wait_line("joined: p2 (Ann)")
        host.window()
        joiner.window()
        # the mirror: the same game, kept in step with what the windows trace
        m = Match(Session(GAME, SEED, {}, ["human", "human"]))

        def made(window, seat, text, other):
            assert window.wait_line("action") == f"action p{seat + 1} {text}"
            assert other.wait_line("action") == f"action p{seat + 1} "   # not its notation
            m.act(seat, text)
            other.quiet(0.3)   # buttons another's move brought ignore clicks a moment (GUARD_S)

        # P1 at the host's window: draw and pass (buttons)
        host.click(button(m.moves(), "draw"))
        made(host, 0, "draw", joiner)
        host.click(button(m.moves(), "pass"))
        made(host, 0, "pass", joiner)
        # P2 at the joiner's window: draw (a click), a refused drop, then a drag
        joiner.click(button(m.moves(), "draw"))
        made(joiner, 1, "draw", host)
        view = m.view(1)
        joiner.drag(centre(view, 1, "hand:1", "7C"), zone_centre(view, 1, "shrine:0"))
        refused = joiner.wait_line("refused")
        assert "rule" in refused, refused   # the host's reason, with the rule that refuses
        assert not [s for s in joiner.quiet(0.5) if s.startswith("action")]
        hand = view.zones["hand:1"].cards
        joiner.click(centre(view, 1, "hand:1", "KC"))
        joiner.click(centre(view, 1, "hand:1", "3S", {"hand:1": frozenset({hand.index("KC")})}))
        raised = {"hand:1": frozenset({hand.index("KC"), hand.index("3S")})}
        joiner.drag(centre(view, 1, "hand:1", "KC", raised), zone_centre(view, 1, "field:1"))
        made(joiner, 1, "token KC pay 3S", host)
        # P1 answers at the host's window: the Token comes into P2's field at both tables
        host.click(button(m.moves(), "allow"))
        made(host, 0, "allow", joiner)
        assert "KC" in m.view(0).zones["field:1"].cards
        # each table shows the King where its seat sees P2's field (top at the host's,
        # bottom at the joiner's): the same card face in both screenshots, once the
        # cards have landed
        end = time.monotonic() + 10
        while True:
            shots = [w.screenshot(ARTIFACTS / f"e2e-network-{n}.png")
                     for w, n in ((host, "host"), (joiner, "joiner"))]
            faces = [card_pixels(shot, m.view(seat), seat, "field:1", "KC")
                     for shot, seat in zip(shots, (0, 1), strict=True)]
            if faces[0] == faces[1] and is_card(faces[0]):
                break
            assert time.monotonic() < end, "the two tables do not show the same King"
        assert all(s.stat().st_size > 10_000 for s in shots)
    finally:
        for w in (joiner, host):
            if w is not None:
                w.stop()
