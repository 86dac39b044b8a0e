"""Issue 41: a click storm in each game's real window (Xvfb, xdotool). A
scripted person plays p1 against the computer by clicking the decision bar's
first place again and again, each click 0.1 to 1.5 s after the last change
(new buttons, a move), at the production guard and a real pace. Every move a
click makes must be the one whose button stood under the pointer for at least
0.3 s before the press: `unintended_moves` must be 0. A decision made only by
dragging (Shards' discard down to 8) is dragged, so the storm plays on.

The window says what each click did through --trace: "released" for every
release (what it made comes after), "clicked <since> <label>" for a bar
button that took it (since: when that button appeared there, on the same
monotonic clock as the test's), then "action p1 ...". The press time is
taken when xdotool has sent the press: a button that came after it is always
counted."""

from __future__ import annotations

import json
import queue
import random
import time

import pytest
from e2e_harness import ARTIFACTS, SIZE, App, Mirror

from shrinetable.adapter import gestures
from shrinetable.adapter.match import Match
from shrinetable.adapter.session import Session
from shrinetable.engine import registry
from shrinetable.formats.layout import load_layout
from shrinetable.resources import layout_path
from shrinetable.table import decision_bar as bar
from shrinetable.table import geometry as geo

pytestmark = [pytest.mark.e2e, pytest.mark.slow]

GAMES = ("shrine", "shrines", "sorcerer", "shards", "usagi")
SEEDS = {"shrine": 3, "shrines": 2, "sorcerer": 3, "shards": 2, "usagi": 3}
MOVES = 12  # p1 moves made by clicks: a stretch of the game long enough to meet every step
STOOD_S = 0.3  # a click's move is intended when its button stood this long
RUN_S = 120.0  # the most one game's stretch may take
UNSTICK_S = 2.0  # no move this long: p1 may face a decision made only by dragging
STALL_S = 8.0  # no move this long: the game is over, or the first place offers p1 nothing


def first_place(name: str) -> tuple[int, int]:
    """A point in the bar's first place: its first row, left of the middle (in
    the first button of two columns too, when no move ends the step)."""
    layout = load_layout(layout_path(name))
    scaler = geo.Scaler((layout.canvas.width, layout.canvas.height), SIZE)
    row = bar.first_row(bar.split_help(scaler.rect(layout.panels.buttons))[0])
    return row.x + row.w // 4, row.centery


def unstick(app: App, mirror: Mirror) -> bool:
    """p1's decision has no button (Shards' discard down to 8 is a drag): the
    person drags the first such move's card, so the storm plays on."""
    d = mirror.m.decision()
    if d is None or d.seat != 0 or mirror.m.pending() is not None:
        return False
    moves = mirror.m.moves()
    drags = [mv for mv in moves if mv.gesture.cards and mv.gesture.target]
    if gestures.buttons(moves) or not drags:  # a button to click: the storm clicks on
        return False
    g = drags[0].gesture
    app.drag(mirror.card(g.source, g.cards[0]), mirror.zone(g.target))
    return True


def follow(m: Match, line: str, label: str) -> None:
    """The mirror makes the move the window traced ("action p2 play x#3"); a
    secret one ("action p1 secret") is the computer's or the table's own choice,
    which the mirror makes alike (seeded by the position), or p1's button `label`."""
    seat, text = line.split(" ", 2)[1:]
    if text != "secret":
        m.act(int(seat[1:]) - 1, text)
    elif m.pending() is not None:
        m.step()
    else:
        kind = m.decision().kind
        m.act(0, next(mv.action for mv in m.moves() if m.present.describe(mv.text, kind) == label))


def press(app: App, spot: tuple[int, int]) -> float:
    """A click on `spot`; when the press came at the latest (xdotool has sent it
    when it returns), so a button's standing time is measured at its longest:
    one that came after the press always counts as unintended."""
    if to := app._to(spot):
        app.xdo(*to)
    app.xdo("mousedown", "1")
    at = time.monotonic()
    app.xdo("mouseup", "1")
    return at


def storm(app: App, spot: tuple[int, int], rng: random.Random, mirror: Mirror) -> dict:
    """Click `spot` 0.1-1.5 s after each change until p1 has made MOVES moves by
    clicks (or the game stalls or ends); what the clicks did."""
    clicks: list[float] = []  # the press times
    took: list[tuple[int, float, str]] = []  # (click, since, label) of each click a button took
    made = 0  # p1 moves made by a click
    guarded = 0
    start = last_move = time.monotonic()
    due = start + rng.uniform(0.1, 1.5)
    released = True
    pending_click: int | None = None  # the click whose move is awaited
    label = ""  # the label of the last button a click made a move with
    dragged = 0
    while made < MOVES and time.monotonic() - start < RUN_S:
        now = time.monotonic()
        if now - last_move > STALL_S:
            break
        if released and now - last_move > UNSTICK_S and unstick(app, mirror):
            dragged += 1
            last_move = now  # its move's line follows
            continue
        if released and now >= due:
            clicks.append(press(app, spot))
            released = False
            due = float("inf")
            continue
        try:
            line = app.lines.get(timeout=max(0.005, min(due, now + 0.5) - now))
        except queue.Empty:
            continue
        at = time.monotonic()
        if line == "released":
            released = True
            due = min(due, at + rng.uniform(0.1, 1.5))  # nothing changed: click again soon
        elif line.startswith("clicked "):
            _, since, label = line.split(" ", 2)
            took.append((len(clicks) - 1, float(since), label))
            pending_click = len(clicks) - 1
        elif line.startswith("guarded "):
            guarded += 1
        elif line.startswith(("new buttons", "action ")):
            due = at + rng.uniform(0.1, 1.5)  # a change: the person reacts anew
            if line.startswith("action"):
                last_move = at
                follow(mirror.m, line, label)
            if line.startswith("action p1 ") and pending_click is not None:
                made += 1
                pending_click = None
    unintended = [
        {"label": label, "stood_s": round(clicks[i] - since, 3)}
        for i, since, label in took
        if clicks[i] - since < STOOD_S
    ]
    return {
        "clicks": len(clicks),
        "moves_by_clicks": made,
        "guarded_clicks": guarded,
        "dragged_moves": dragged,
        "unintended_moves": len(unintended),
        "unintended": unintended,
        "seconds": round(time.monotonic() - start, 1),
    }


@pytest.mark.parametrize("name", GAMES)
def test_a_click_storm_makes_no_move_the_person_did_not_see(xvfb, tmp_path, name):
    (tmp_path / "confirm.json").write_text('{"ask": false}')  # no question before a skip
    app = App(
        xvfb,
        [name, "--seed", str(SEEDS[name]), "--trace", "--seats", "human,computer"],
        tmp_path,
        env={bar.GUARD_ENV: str(bar.GUARD_S), "SHRINETABLE_AI_DELAY": "0.3"},
    )
    try:
        app.wait_line("ready", timeout=30)
        app.window()
        session = Session(registry.get(name), SEEDS[name], {}, ["human", "computer"])
        rng = random.Random(f"storm:{name}")
        figures = storm(app, first_place(name), rng, Mirror(app, session))
        ARTIFACTS.mkdir(exist_ok=True)
        app.screenshot(ARTIFACTS / f"click-storm-{name}.png")
        (ARTIFACTS / f"click-storm-{name}.json").write_text(json.dumps(figures, indent=1))
        print(name, json.dumps(figures))
        assert figures["unintended_moves"] == 0, figures["unintended"]
        assert figures["moves_by_clicks"] >= MOVES // 2, figures  # the storm played the game
    finally:
        app.stop()
