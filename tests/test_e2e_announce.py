"""Announcements in the real window (issue 39): `play --announce FILE` writes
the prompt, the zones' states read by PageDown, the last line again by
Ctrl+R, the log line of a move made by a number key and the card the Tab
focus reaches, in full; F2 shows the pane beside the table (a screenshot to
test-artifacts/ to look at)."""

from __future__ import annotations

import re
import time
from pathlib import Path

import pytest
from e2e_harness import ARTIFACTS, ready

pytestmark = [pytest.mark.e2e]


def lines_when(path: Path, done, timeout: float = 10.0) -> list[str]:
    """The file's lines once `done(lines)` holds (the window writes them as it
    handles the keys); TimeoutError with what it holds otherwise."""
    end = time.monotonic() + timeout
    lines: list[str] = []
    while time.monotonic() < end:
        lines = path.read_text(encoding="utf-8").splitlines() if path.exists() else []
        if done(lines):
            return lines
        time.sleep(0.05)
    raise TimeoutError(f"the announcements never came; the file holds {lines[-5:]}")


def test_keys_read_the_table_into_the_announcement_file(xvfb, tmp_path):
    said = tmp_path / "said.txt"
    args = ["shrine", "--seats", "human,computer", "--seed", "3", "--trace"]
    app = ready(xvfb, [*args, "--announce", str(said)], tmp_path)
    try:
        lines = lines_when(
            said, lambda ls: any(line.startswith("Turn 1 · P1 (you): ") for line in ls)
        )
        n = len(lines)
        app.xdo("key", "Next")  # PageDown: the first zone's state
        lines = lines_when(said, lambda ls: len(ls) > n)
        assert re.fullmatch(r"[^:]+: .+\.", lines[-1]), lines[-1]
        app.xdo("key", "ctrl+r")  # the last again
        lines = lines_when(said, lambda ls: len(ls) > n + 1)
        assert lines[-1] == lines[-2]
        app.xdo("key", "1")  # the decision bar's first button: draw
        lines = lines_when(
            said, lambda ls: any(line.startswith("P1 draws a card (") for line in ls)
        )
        assert not any("P2 draws a card (" in line for line in lines)  # the other's card unsaid
        app.xdo("key", "F2")  # the pane, for the rest
        lines_when(said, lambda ls: ls[-1] == "Announcements shown")
        for _ in range(12):  # Tab over the zones to the hand: its first card, in full
            app.xdo("key", "Tab")
            if app.wait_line("focus ").startswith("focus hand:0 "):
                break
        lines = lines_when(said, lambda ls: "In Your hand." in ls[-1])
        assert re.match(r"The (\d+|Ace|Jack|Queen|King) of \w+\. ", lines[-1]), lines[-1]
        app.quiet(0.5)  # the frame with the pane
        app.screenshot(ARTIFACTS / "announce-pane.png")
    finally:
        app.stop()
