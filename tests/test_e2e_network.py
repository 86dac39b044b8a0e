"""Two real windows over the network under Xvfb: a host's window (P1, a person at
the host) and a joiner's window (P2, another process on its own X server).
Real pointer events at both; each table shows the other's moves; a refused
drop at the joiner's table names the rule (the host judged it). A host's window
killed mid-game and started again with `host --resume`: the joiner's table
rejoins by itself and both show the game and its log as they were."""

from __future__ import annotations

import functools
import os
import sys
import time
from pathlib import Path

import pytest
from e2e_harness import ARTIFACTS, SIZE, App, Xvfb, missing_tools
from net_helpers import Own, moves_saved

from shrinetable.adapter import log
from shrinetable.adapter.match import Match
from shrinetable.adapter.session import Session
from shrinetable.engine import registry
from shrinetable.formats.layout import load_layout
from shrinetable.resources import layout_path
from shrinetable.table import geometry as geo

pytestmark = [pytest.mark.e2e, pytest.mark.slow]

GAME = registry.get("shrine")
LAYOUT = load_layout(layout_path("shrine"))


@functools.cache
def scaler() -> geo.Scaler:
    """Where a networked table's cards are: the window less the strip of its
    status line (`remote_scene.line_height`)."""
    import pygame

    from shrinetable.table.art import Fonts
    from shrinetable.table.remote_scene import line_height

    pygame.font.init()
    size = (SIZE[0], SIZE[1] - line_height(Fonts(), SIZE[1]))
    return geo.Scaler((LAYOUT.canvas.width, LAYOUT.canvas.height), size)


SEED = 42


class Window(App):
    """`shrinetable host|join ... --trace` in a window on `xvfb` (the harness's
    App runs `play`)."""

    def __init__(self, xvfb: Xvfb, args: list[str], data_dir):
        self.env = dict(
            os.environ,
            DISPLAY=xvfb.display,
            SDL_VIDEODRIVER="x11",
            SDL_VIDEO_WINDOW_POS="0,0",
            PYTHONUNBUFFERED="1",
            SHRINETABLE_AI_DELAY="0",
            SHRINETABLE_DATA_DIR=str(data_dir),
            SHRINETABLE_GUARD_S="0",  # as the harness: no new-button guard
            SDL_FRAMEBUFFER_ACCELERATION="0",
        )
        cmd = [
            sys.executable,
            "-m",
            "shrinetable",
            *args,
            "--trace",
            "--size",
            f"{SIZE[0]}x{SIZE[1]}",
        ]
        self._spawn(cmd)


def centre(view, seat, zone, card, raised=None):
    placed = geo.place_cards(LAYOUT, view, scaler(), seat, raised)
    return next(p.rect.center for p in placed if p.zone == zone and p.name == card)


def zone_centre(view, seat, zone):
    return geo.zone_rects(LAYOUT, view, scaler(), seat)[zone].center


def button(moves, text):
    """The panel's button for move `text` (one column, in the legal order)."""
    from shrinetable.adapter import gestures

    shown = [m.text for m in gestures.buttons(moves)]
    area = scaler().rect(LAYOUT.panels.buttons)
    h = min(40, area.h // len(shown))
    return area.x + (area.w - 4) // 2, area.y + shown.index(text) * h + (h - 4) // 2


def card_pixels(path, view, seat, zone, card) -> bytes:
    import pygame

    placed = geo.place_cards(LAYOUT, view, scaler(), seat)
    rect = next(p.rect for p in placed if p.zone == zone and p.name == card)
    return pygame.image.tobytes(pygame.image.load(str(path)).subsurface(rect), "RGB")


def is_card(rgb: bytes) -> bool:
    """Mostly a card's light face (not the green zone it lands on)."""
    light = sum(1 for i in range(0, len(rgb), 3) if min(rgb[i : i + 3]) > 200)
    return light > 0.4 * len(rgb) / 3


def follow(m: Match, window: Window, seat: int, text: str, other: Window) -> None:
    """The mirror `m` makes the move `window` traced, which `other` traced without its notation."""
    assert window.wait_line("action") == f"action p{seat + 1} {text}"
    assert other.wait_line("action") == f"action p{seat + 1} "  # not its notation
    m.act(seat, text)
    other.quiet(0.3)  # buttons another's move brought ignore clicks a moment (GUARD_S)


def windows(xvfb: Xvfb, second: Xvfb, data) -> tuple[Window, Window, str, str]:
    """The host's window (P1 a person there, P2 remote) and the joiner's (Ann at
    P2) on their own X servers, both up; the address and the code."""
    host = Window(
        xvfb,
        [
            "host",
            "shrine",
            "--seats",
            "human,remote",
            "--seed",
            str(SEED),
            "--bind",
            "127.0.0.1",
            "--port",
            "0",
        ],
        data / "host",
    )
    joiner = None
    try:
        address = host.wait_line("address: ", 30).split()[-1]
        code = host.wait_line("code: ").split()[-1]
        host.wait_line("ready", 30)
        joiner = Window(second, ["join", address, "--code", code, "--name", "Ann"], data / "join")
        joiner.wait_line("ready", 30)
        host.wait_line("joined: p2 (Ann)")
        host.window()
        joiner.window()
    except BaseException:
        for w in (joiner, host):
            if w is not None:
                w.stop()
        raise
    return host, joiner, address, code


def opening(host: Window, joiner: Window) -> Match:
    """P1 draws and passes at the host's window, P2 draws at the joiner's (button
    clicks); the mirror: the same game, kept in step with what the windows trace."""
    m = Match(Session(GAME, SEED, {}, ["human", "human"]))
    for window, seat, text, other in (
        (host, 0, "draw", joiner),
        (host, 0, "pass", joiner),
        (joiner, 1, "draw", host),
    ):
        press(m, window, text)
        follow(m, window, seat, text, other)
    return m


def press(m: Match, window: Window, text: str) -> None:
    """Click move `text`'s button; a move that gives something up (a pass with a
    playable Token) is asked about at a remote table too: answered yes."""
    window.click(button(m.moves(), text))
    if m.skip_warning(next(x.action for x in m.moves() if x.text == text)):
        assert window.wait_any(("action", "confirm"), 20).startswith("confirm ")
        window.xdo("key", "Return")


@pytest.fixture
def second_display():
    if missing_tools():
        pytest.skip("needs Xvfb, xdotool and import")
    server = Xvfb()
    yield server
    server.stop()


def test_host_window_and_joiner_window_play_over_the_network(xvfb, second_display, tmp_path):
    host, joiner, _, _ = windows(xvfb, second_display, tmp_path)
    try:
        m = opening(host, joiner)
        # P2 at the joiner's window: a refused drop, then a drag
        view = m.view(1)
        joiner.drag(centre(view, 1, "hand:1", "7C"), zone_centre(view, 1, "shrine:0"))
        refused = joiner.wait_line("refused")
        assert "rule" in refused, refused  # the host's reason, with the rule that refuses
        assert not [s for s in joiner.quiet(0.5) if s.startswith("action")]
        hand = view.zones["hand:1"].cards
        joiner.click(centre(view, 1, "hand:1", "KC"))
        joiner.click(centre(view, 1, "hand:1", "3S", {"hand:1": frozenset({hand.index("KC")})}))
        raised = {"hand:1": frozenset({hand.index("KC"), hand.index("3S")})}
        joiner.drag(centre(view, 1, "hand:1", "KC", raised), zone_centre(view, 1, "field:1"))
        follow(m, joiner, 1, "token KC pay 3S", host)
        # P1 answers at the host's window: the Token comes into P2's field at both tables
        host.click(button(m.moves(), "allow"))
        follow(m, host, 0, "allow", joiner)
        assert "KC" in m.view(0).zones["field:1"].cards
        # each table shows the King where its seat sees P2's field (top at the host's,
        # bottom at the joiner's): the same card face in both screenshots, once the
        # cards have landed
        end = time.monotonic() + 10
        while True:
            shots = [
                w.screenshot(ARTIFACTS / f"e2e-network-{n}.png")
                for w, n in ((host, "host"), (joiner, "joiner"))
            ]
            faces = [
                card_pixels(shot, m.view(seat), seat, "field:1", "KC")
                for shot, seat in zip(shots, (0, 1), strict=True)
            ]
            if faces[0] == faces[1] and is_card(faces[0]):
                break
            assert time.monotonic() < end, "the two tables do not show the same King"
        assert all(s.stat().st_size > 10_000 for s in shots)
    finally:
        joiner.stop()
        host.stop()


def area(shot, rect) -> bytes:
    """The pixels of `rect` in a screenshot (its path, or the image loaded)."""
    import pygame

    image = pygame.image.load(str(shot)) if isinstance(shot, Path) else shot
    return pygame.image.tobytes(image.subsurface(rect), "RGB")


def changed(a: Path, b: Path):
    """The box around the pixels that differ between screenshots `a` and `b`."""
    import pygame

    (w, h), a, b = SIZE, pygame.image.load(str(a)), pygame.image.load(str(b))
    rows = [y for y in range(h) if area(a, (0, y, w, 1)) != area(b, (0, y, w, 1))]
    assert rows, "the screenshots are the same"
    top, high = rows[0], rows[-1] + 1 - rows[0]
    cols = [x for x in range(w) if area(a, (x, top, 1, high)) != area(b, (x, top, 1, high))]
    return pygame.Rect(cols[0], top, cols[-1] + 1 - cols[0], high)


def shown(window: Window, name: str, done, timeout: float = 10.0):
    """A screenshot of `window` once `done(path)` holds (the frame is drawn)."""
    end = time.monotonic() + timeout
    while not done(shot := window.screenshot(ARTIFACTS / name)):
        assert time.monotonic() < end, f"{name}: not drawn as expected"
    return shot


def lines(window: Window, *prefixes: str, timeout: float = 90.0) -> dict[str, str]:
    """The first line `window` prints starting with each of `prefixes`, in any order."""
    out: dict[str, str] = {}
    while len(out) < len(prefixes):
        line = window.wait_any(tuple(p for p in prefixes if p not in out), timeout)
        out[next(p for p in prefixes if p not in out and line.startswith(p))] = line
    return out


def settled(window: Window, name: str, timeout: float = 10.0):
    """A screenshot of `window` once two in a row are the same (the cards landed)."""
    end = time.monotonic() + timeout
    last = None
    while (now := area(shot := window.screenshot(ARTIFACTS / name), (0, 0, *SIZE))) != last:
        assert time.monotonic() < end, f"{name}: the window never settles"
        last = now
    return shot


def test_a_resumed_hosts_window_and_its_guest_show_the_game_and_its_log(
    xvfb, second_display, tmp_path
):
    """`shrinetable host --resume CODE` in a window: the host's window dies mid-game
    (killed), the guest's window keeps trying, the host is started again with
    --resume, and the guest takes its seat back by itself. Both windows show the
    position as it was and the log of the moves made before, and play goes on."""
    first, joiner, address, code = windows(xvfb, second_display, tmp_path)
    host = None
    try:
        m = opening(first, joiner)
        moves_saved(tmp_path / "host", len(m.history), 10)
        hands = {
            0: settled(first, "e2e-resume-host-before.png"),
            1: settled(joiner, "e2e-resume-joiner-before.png"),
        }

        def faces(shot, seat):
            view = m.view(seat)
            return [
                card_pixels(shot, view, seat, f"hand:{seat}", c)
                for c in view.zones[f"hand:{seat}"].cards
            ]

        before = {seat: faces(shot, seat) for seat, shot in hands.items()}
        assert all(is_card(f) for fs in before.values() for f in fs)
        first.proc.kill()  # the host's computer goes: no goodbye, no last save
        first.proc.wait(10)
        assert joiner.wait_line("said ").startswith("said Lost the host")
        # the guest's table says so over the board: where, to see it go again
        lost = shown(
            joiner,
            "e2e-resume-lost.png",
            lambda shot: area(shot, (0, 0, *SIZE)) != area(hands[1], (0, 0, *SIZE)),
        )
        said = changed(hands[1], lost)
        host = Window(xvfb, ["host", "--resume", code, "--bind", "127.0.0.1"], tmp_path / "host")
        # the guest may be back before the host's own window is: in either order
        said_by = lines(host, "address: ", "log ", "ready", "joined: p2 (Ann)")
        assert said_by["address: "].split()[-1] == address  # the same port
        assert said_by["log "] == "log " + " | ".join(log.lines(Own(m), 0))  # own draws named
        assert joiner.wait_line("log ", 40) == "log " + " | ".join(log.lines(Own(m), 1))
        assert joiner.wait_line("said ") == "said Back at the table."
        host.window()
        # the rejoined table drawn afresh (the words gone) with the hand it had
        shown(
            joiner,
            "e2e-resume-joiner.png",
            lambda shot: area(shot, said) == area(hands[1], said) and faces(shot, 1) == before[1],
        )
        shown(host, "e2e-resume-host.png", lambda shot: faces(shot, 0) == before[0])
        # the game goes on: P2 passes at the guest's window, P1 sees it at the host's
        press(m, joiner, "pass")
        follow(m, joiner, 1, "pass", host)
        assert m.decision().seat == 0
        press(m, host, "draw")
        follow(m, host, 0, "draw", joiner)
    finally:
        for w in (joiner, host, first):
            if w is not None:
                w.stop()
