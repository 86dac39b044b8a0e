"""Every game played to its end by keys alone, in the real window (issue 39):
xdotool `key` events, never the pointer. The person at p1 makes the move the
computer would make for them (`Match.hint`), reached by the decision bar's
number keys, Tab and the arrows over zones and cards, Shift+Enter to add a
card to a selection, Enter to pick up and drop, and Down and Enter in a
window; the computer plays the other seats. Screenshots of the focus ring
go to test-artifacts/."""

from __future__ import annotations

import json
import time
from functools import cache

import e2e_harness
import pytest
from e2e_harness import ARTIFACTS, App
from keyboard_driver import Keys, play_game

from shrinetable.adapter.match import Match
from shrinetable.adapter.session import Session
from shrinetable.engine import registry

pytestmark = [pytest.mark.e2e, pytest.mark.slow]

# (game, seats, options): the short forms where a game has them
CASES = [
    ("shrine", 2, {}),
    ("shrines", 2, {}),
    ("sorcerer", 2, {}),
    ("shards", 2, {"max_territories": 1}),
    ("usagi", 2, {}),
    ("usagi", 4, {}),
]


def session(name: str, seats: int, options: dict, seed: int) -> Session:
    return Session(registry.get(name), seed, options, ["human"] + ["computer"] * (seats - 1))


@cache
def shortest(name: str, seats: int, options_json: str) -> int:
    """Of the first seeds, the one whose game asks the person fewest moves
    (the person playing the computer's choice for them)."""
    options = json.loads(options_json)

    def moves(seed: int) -> int:
        m = Match(session(name, seats, options, seed))
        m.autosave = False
        made = 0
        while (d := m.decision()) is not None and made < 1000:
            if m.pending() is not None:
                m.step()
                continue
            m.act(d.seat, m.hint(d.seat).action)
            made += 1
        return made if d is None else 10_000

    return min(range(1, 9), key=moves)


@pytest.mark.parametrize(("name", "seats", "options"), CASES)
def test_a_whole_game_by_keys_only(xvfb, tmp_path, name, seats, options):
    (tmp_path / "confirm.json").write_text('{"ask": false}')  # no question before a skip
    seed = shortest(name, seats, json.dumps(options))
    args = [
        name,
        "--seed",
        str(seed),
        "--trace",
        "--seats",
        ",".join(["human"] + ["computer"] * (seats - 1)),
    ]
    for k, v in options.items():
        args += ["--option", f"{k}={v}"]
    app = App(xvfb, args, tmp_path)
    try:
        app.wait_line("ready", timeout=30)
        app.window()
        mirror = e2e_harness.Mirror(app, session(name, seats, options, seed))
        mirror.m.autosave = False
        person = Keys(app, mirror)
        made = play_game(app, mirror, person)
        assert mirror.m.decision() is None and made > 0
        print(name, seats, "moves", made, "keys", person.pressed, person.by_way)
        # the game-over window by keys too: Down focuses its first button
        person.send("Down")
        assert app.wait_line("focus button ", timeout=20) == "focus button Play again"
        app.screenshot(ARTIFACTS / f"e2e-keyboard-{name}-{seats}.png")
    finally:
        app.stop()


def _white(path) -> int:
    """Pure white pixels in a screenshot (the focus ring's middle ring is such)."""
    import pygame

    img = pygame.image.load(str(path))
    return sum(
        1
        for x in range(0, img.get_width(), 2)
        for y in range(0, img.get_height(), 2)
        if img.get_at((x, y))[:3] == (255, 255, 255)
    )


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
def test_the_focus_ring_at_both_sizes(tmp_path, size):
    """The ring round a focused hand card, in the real window at both sizes:
    the screenshots are kept (and looked at: docs/accessibility.md), and the
    ring adds a broad white band round the card."""
    if e2e_harness.missing_tools():
        pytest.skip("needs Xvfb, xdotool and ImageMagick")
    w, h = size
    server = e2e_harness.Xvfb(size)
    app = App(
        server,
        ["shrine", "--seed", "3", "--trace", "--seats", "human,computer", "--size", f"{w}x{h}"],
        tmp_path,
    )
    try:
        app.wait_line("ready", timeout=30)
        app.window()
        before = app.screenshot(tmp_path / "before.png")
        for k in ("shift+Tab", "Right", "Right"):
            app.xdo("key", k)
            line = app.wait_line("focus ", timeout=20)
        assert line.startswith("focus hand:0 2 ")
        white, least = _white(before), 150 * w // 1280  # a broad band all round a card
        end = time.monotonic() + 10
        while time.monotonic() < end:  # until the frame after the last key is on screen
            shot = app.screenshot(ARTIFACTS / f"focus-ring-{w}x{h}.png")
            if _white(shot) - white > least:
                break
        assert _white(shot) - white > least
    finally:
        app.stop()
        server.stop()
