"""kill -9 in the real window: a move the table has shown (its --trace line, which
is printed once the move is saved) is never lost, and no temporary file outlives
a relaunch. The computer plays both seats; the table is killed at a random
moment and relaunched on its autosave, again and again."""

from __future__ import annotations

import os
import queue
import random
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

from shrinetable.formats.save import read_save

ROOT = Path(__file__).resolve().parent.parent


def newest_autosave(data: Path) -> Path | None:
    """The latest autosave (one per game in `autosaves/`; `autosave.json` before)."""
    found = [*data.glob("autosaves/*.json*"), *data.glob("autosave.json")]
    return max(found, key=lambda p: p.stat().st_mtime, default=None)


def temporaries(data: Path, live: int = 0) -> list[Path]:
    """Temporary save files, but those the running table `live` is writing."""
    return [p for p in data.rglob(".save-*.tmp") if not p.name.startswith(f".save-{live}-")]


def finished(actions: list[str]) -> bool:
    """Whether these Shrine moves (seed 5, two computers) end the game."""
    from shrinetable.adapter.session import Session
    from shrinetable.engine import registry

    s = Session(registry.get("shrine"), 5, {}, ["computer", "computer"])
    for text in actions:
        s.play(s.game.parse_action(text))
    return s.decision() is None


def _launch(root: Path, display: str, data: Path, args: list[str]) -> subprocess.Popen:
    env = dict(
        os.environ,
        DISPLAY=display,
        SDL_VIDEODRIVER="x11",
        PYTHONUNBUFFERED="1",
        SDL_VIDEO_WINDOW_POS="0,0",
        SDL_FRAMEBUFFER_ACCELERATION="0",
        SHRINETABLE_AI_DELAY="0.02",
        SHRINETABLE_DATA_DIR=str(data),
        PYTHONPATH=str(root),
    )
    return subprocess.Popen(
        [sys.executable, "-m", "shrinetable", "play", "--trace", *args],
        cwd=root,
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
        text=True,
    )


def _lines(proc: subprocess.Popen) -> queue.Queue:
    out: queue.Queue = queue.Queue()

    def read():
        for line in proc.stdout:
            out.put(line.rstrip("\n"))
        out.put(None)

    threading.Thread(target=read, daemon=True).start()
    return out


def _next(lines: queue.Queue) -> str | None:
    """The next line printed ('' if none yet; None once the output ended)."""
    try:
        return lines.get(timeout=0.01)
    except queue.Empty:
        return ""


def kill_and_relaunch(root: Path, display: str, data: Path, kills: int, rng: random.Random) -> dict:
    """Launch, kill -9 at a random moment after the first frame, compare the moves
    printed with the autosave, relaunch on it; `kills` times. The figures."""
    lost = leftover = moves = 0
    had: list[str] = []  # the moves of the game the table was launched on
    source: Path | None = None
    for _ in range(kills):
        args = (
            ["--load", str(source)]
            if source
            else ["shrine", "--seats", "computer,computer", "--seed", "5"]
        )
        proc = _launch(root, display, data, args)
        lines, shown = _lines(proc), []
        deadline = time.monotonic() + 60  # till the first frame, then a random moment
        while (line := _next(lines)) is not None:
            if line == "ready":
                leftover += len(temporaries(data, proc.pid))  # killed runs': cleaned now
                deadline = time.monotonic() + rng.uniform(0.05, 1.5)
            elif line.startswith("action "):
                shown.append(line.split(" ", 2)[2])
            if proc.poll() is None and time.monotonic() > deadline:
                proc.send_signal(signal.SIGKILL)
        proc.wait()
        moves += len(shown)
        expected = had + shown
        source = newest_autosave(data)
        saved = read_save(source).actions if source else []
        if saved[: len(expected)] != expected and not finished(expected):
            lost += len(expected) - next(
                (i for i, (a, b) in enumerate(zip(saved, expected, strict=False)) if a != b),
                min(len(saved), len(expected)),
            )
        if source is None or finished(saved):
            source, had = None, []
        else:
            had = saved
    return {
        "kills": kills,
        "moves_shown": moves,
        "moves_lost": lost,
        "temporaries_seen_at_start": leftover,
        "temporaries_left": len(temporaries(data)),
    }


@pytest.mark.slow
def test_kill_9_loses_no_shown_move_and_leaves_no_temporary(xvfb, tmp_path):
    figures = kill_and_relaunch(ROOT, xvfb.display, tmp_path, 20, random.Random(16))
    assert figures["moves_shown"] > 0 and figures["moves_lost"] == 0, figures
    assert figures["temporaries_seen_at_start"] == 0, figures
