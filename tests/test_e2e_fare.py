"""End to end through the real window under Xvfb: in the deck builder, "How
does it fare?" measures the deck in a process of its own while the window
answers clicks, shows each rate with its interval, and after a card is taken
out the paired change; the measuring process ends with the window, whether
the window ends itself or is killed."""

from __future__ import annotations

import json
import os
import signal
import time
from pathlib import Path

import pytest
from e2e_harness import ARTIFACTS, App
from test_e2e_deck_builder import decks_button

from shrinetable.engine import registry

pytestmark = [pytest.mark.e2e, pytest.mark.slow]
GAME = "usagi"


def children(pid: int) -> set[int]:
    """The processes `pid` started and still has."""
    out: set[int] = set()
    for task in Path(f"/proc/{pid}/task").glob("*"):
        try:
            out |= {int(c) for c in (task / "children").read_text().split()}
        except OSError:
            pass
    return out


def gone(pids: set[int], limit: float = 60.0) -> bool:
    """Whether every process of `pids` has ended (a zombie counts as ended)."""
    end = time.monotonic() + limit
    while time.monotonic() < end:
        alive = set()
        for pid in pids:
            try:
                status = Path(f"/proc/{pid}/stat").read_text().split(") ")[-1][0]
            except OSError:
                continue
            if status != "Z":
                alive.add(pid)
        if not alive:
            return True
        time.sleep(0.1)
    return False


def until(app: App, test, what: str, limit: float = 180.0) -> dict:
    """The builder's next traced state that passes `test` (a measurement may
    play for a while on a busy machine without a line)."""
    end = time.monotonic() + limit
    while (left := end - time.monotonic()) > 0:
        try:
            line = app.wait_line("builder ", timeout=left)
        except TimeoutError:
            break
        now = json.loads(line.removeprefix("builder "))
        if test(now):
            return now
    raise AssertionError(f"the builder never showed {what}")


def builder_with_a_deck(xvfb, tmp_path, monkeypatch, games: int) -> App:
    """The builder opened by a click on the start screen's Decks..., holding a
    shipped deck as its draft, the budget `games`."""
    deck = registry.get(GAME).card_data.decks.shipped("blade")
    draft = {"name": "Blade test", "fields": {"cards": deck.cards}, "saved_as": None}
    (tmp_path / f"deck-draft-{GAME}.json").write_text(json.dumps(draft))
    (tmp_path / "start.json").write_text(json.dumps({"game": GAME}))
    (tmp_path / "fare.json").write_text(json.dumps({"games": games}))
    button = decks_button(tmp_path, monkeypatch)
    app = App(xvfb, ["--trace"], tmp_path, env={"TMPDIR": str(tmp_path)})
    app.wait_line("ready")
    app.window()
    app.click(button)
    return app


def test_measure_change_a_card_and_see_the_paired_change(xvfb, tmp_path, monkeypatch):
    app = builder_with_a_deck(xvfb, tmp_path, monkeypatch, 10)
    try:
        now = until(app, lambda s: s["game"] == GAME and s["size"] == 39, "the draft")
        app.click(now["buttons"]["fare"])
        now = until(app, lambda s: s["fare"] and s["fare"]["running"], "the measurement")
        assert children(app.proc.pid)  # the games are played in a process of its own
        # the window answers while it plays: Close hides the panel, the button shows it
        app.click(now["fare"]["buttons"]["Close"])
        now = until(app, lambda s: s["fare"] is None, "the panel hidden")
        app.click(now["buttons"]["fare"])
        now = until(app, lambda s: s["fare"] and not s["fare"]["running"], "the result")
        lines = now["fare"]["lines"]
        assert lines[0] == "Blade test: 10 games against each starter deck, both seat orders"
        assert lines[-1].startswith("Overall: ") and "%" in lines[-1] and "\u2013" in lines[-1]
        assert len(lines) == 1 + len(registry.get(GAME).card_data.decks.catalog()[1]) + 1
        # a card out (a click on its line), then measured again: the same games, paired
        app.click(now["lines"]["wandering-swordsman"])
        now = until(app, lambda s: s["size"] == 38, "a card taken out")
        assert now["fare"]["lines"][0].endswith("(the deck changed since: measure again)")
        app.click(now["fare"]["buttons"]["How does it fare?"])
        now = until(
            app,
            lambda s: s["fare"]["lines"] and "the change from" in s["fare"]["lines"][0],
            "the paired change",
        )
        head = now["fare"]["lines"][0]
        assert "the change from the last measurement (Blade test) on the same 50 games" in head
        assert all(line.endswith(") pts") for line in now["fare"]["lines"][1:])
        app.screenshot(ARTIFACTS / "e2e-fare.png")
    finally:
        app.stop()
    assert not list(tmp_path.glob("shrinetable-fare-*"))


@pytest.mark.parametrize("how", [signal.SIGTERM, signal.SIGKILL])
def test_the_measuring_process_ends_with_the_window(xvfb, tmp_path, monkeypatch, how):
    app = builder_with_a_deck(xvfb, tmp_path, monkeypatch, 100)
    try:
        now = until(app, lambda s: s["game"] == GAME and s["size"] == 39, "the draft")
        app.click(now["buttons"]["fare"])
        until(app, lambda s: s["fare"] and s["fare"]["running"], "the measurement")
        end = time.monotonic() + 120  # the process started and its game loaded (a busy machine)
        while not list(tmp_path.glob("shrinetable-fare-*")):  # it has begun to play
            assert time.monotonic() < end
            time.sleep(0.05)
        kids = children(app.proc.pid)
        assert kids
        os.kill(app.proc.pid, how)
        app.proc.wait(timeout=30)
        assert gone(kids), "the measuring process outlived the window"
    finally:
        app.stop()
    assert not list(tmp_path.glob("shrinetable-fare-*"))
