"""`shrinetable host` and `shrinetable join` as people run them, on 127.0.0.1:
whole games with headless bots, a remote table killed and rejoined, a host
killed and resumed (issue 28). Each waits on what the processes print or save."""

from __future__ import annotations

import os
import queue
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest
from net_helpers import moves_saved

from shrinetable.engine import registry

ROOT = Path(__file__).resolve().parents[1]
LIMIT_S = 180  # a bounded wait for any one condition (a hang fails, it never blocks)


RUNNING: list[Proc] = []


@pytest.fixture(autouse=True)
def no_leftovers():
    """Every process a test started ends with it, passed or failed."""
    yield
    while RUNNING:
        proc = RUNNING.pop().p
        if proc.poll() is None:
            proc.kill()
            proc.wait(LIMIT_S)


class Proc:
    """A `shrinetable` process whose printed lines are read as they come."""

    def __init__(self, data: Path, *args: str):
        env = dict(os.environ, SHRINETABLE_DATA_DIR=str(data), PYTHONPATH=str(ROOT))
        self.p = subprocess.Popen(
            [sys.executable, "-m", "shrinetable", *args],
            env=env,
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,
            text=True,
        )
        self.lines: list[str] = []
        self._q: queue.Queue[str | None] = queue.Queue()
        threading.Thread(target=self._read, daemon=True).start()
        RUNNING.append(self)

    def _read(self) -> None:
        for line in self.p.stdout:
            self._q.put(line.rstrip("\n"))
        self._q.put(None)

    def wait_for(self, start: str) -> str:
        """The first line (from now on) starting with `start`."""
        until = time.monotonic() + LIMIT_S
        while time.monotonic() < until:
            try:
                line = self._q.get(timeout=until - time.monotonic())
            except queue.Empty:
                break
            if line is None:
                break
            self.lines.append(line)
            if line.startswith(start):
                return line
        raise AssertionError(f"no line {start!r}; printed: {self.lines[-15:]}")

    def end(self) -> int:
        return self.p.wait(LIMIT_S)

    def kill(self) -> None:
        self.p.send_signal(signal.SIGKILL)
        self.p.wait(LIMIT_S)


def host(data: Path, *args: str) -> tuple[Proc, str, str]:
    h = Proc(data, "host", *args, "--headless", "--bind", "127.0.0.1")
    address = h.wait_for("address: ").split(": ", 1)[1]
    code = h.wait_for("code: ").split(": ", 1)[1]
    return h, address, code


def join(data: Path, address: str, code: str, name: str, bot: str) -> Proc:
    return Proc(
        data,
        "join",
        address,
        "--code",
        code,
        "--name",
        name,
        "--bot",
        bot,
        "--headless",
        "--wait",
        "60",
    )


GAMES = [
    pytest.param(g, marks=pytest.mark.slow) if g == "shrines" else g for g in registry.BUILTIN
]  # the command line hosts the built-in games


@pytest.mark.parametrize("game", GAMES)
def test_host_and_two_headless_bots_end_alike(tmp_path, game):
    h, address, code = host(tmp_path, game, "--port", "0", "--seed", "5")
    bots = [
        join(tmp_path, address, code, "ann", "ai"),
        join(tmp_path, address, code, "bob", "random"),
    ]
    ends = {b.wait_for("game over: ") for b in bots} | {h.wait_for("game over: ")}
    assert len(ends) == 1, ends
    assert [b.end() for b in bots] == [0, 0] and h.end() == 0


def test_two_joiners_from_one_folder_finish_one_game(tmp_path):
    """Two tables without names in one data folder (issue 36 found them knocking
    each other off for ever): the second never takes up the first's token."""
    h, address, code = host(tmp_path, "shards", "--seats", "remote,remote", "--port", "0")
    bots = [
        Proc(tmp_path, "join", address, "--code", code, "--bot", "ai", "--headless")
        for _ in range(2)
    ]
    assert {b.wait_for("joined shards as ") for b in bots} == {
        "joined shards as p1",
        "joined shards as p2",
    }
    ends = {b.wait_for("game over: ") for b in bots} | {h.wait_for("game over: ")}
    assert len(ends) == 1, ends
    assert [b.end() for b in bots] == [0, 0] and h.end() == 0


def test_a_killed_table_rejoins_its_seat(tmp_path):
    h, address, code = host(tmp_path, "usagi", "--port", "0", "--seed", "9")
    ann = join(tmp_path, address, code, "ann", "random")
    bob = join(tmp_path, address, code, "bob", "random")
    seat = ann.wait_for("joined usagi as ")
    moves_saved(tmp_path, 10, LIMIT_S)
    ann.kill()
    h.wait_for("left: ")
    again = join(tmp_path, address, code, "ann", "random")
    assert again.wait_for("joined usagi as ") == seat
    ends = {again.wait_for("game over: "), bob.wait_for("game over: "), h.wait_for("game over: ")}
    assert len(ends) == 1, ends
    assert again.end() == bob.end() == h.end() == 0


def test_a_killed_host_resumes_and_its_tables_rejoin(tmp_path):
    h, address, code = host(tmp_path, "usagi", "--port", "0", "--seed", "4")
    bots = [
        join(tmp_path, address, code, "ann", "random"),
        join(tmp_path, address, code, "bob", "ai"),
    ]
    seats = [b.wait_for("joined usagi as ") for b in bots]
    moves_saved(tmp_path, 10, LIMIT_S)
    h.kill()
    for b in bots:
        b.wait_for("lost the host")
    again = Proc(tmp_path, "host", "--resume", code, "--headless")
    assert again.wait_for("address: ") == f"address: {address}"  # the same bind and port
    assert [b.wait_for("joined usagi as ") for b in bots] == seats
    ends = {b.wait_for("game over: ") for b in bots} | {again.wait_for("game over: ")}
    assert len(ends) == 1, ends
    assert [b.end() for b in bots] == [0, 0] and again.end() == 0


def test_bad_command_lines_say_why(tmp_path):
    for args, words in (
        (["host", "shrine", "--seats", "computer,computer", "--headless"], "at least one remote"),
        (["host", "shrine", "--seats", "remote,human", "--headless"], "human seat"),
        (["host", "--resume", "QQQQ", "--headless"], "no hosted game"),
        (["join", "127.0.0.1:1", "--headless", "--bot", "ai"], "code"),
        (["join", "127.0.0.1:1", "--code", "ABCD", "--bot", "ai"], "--headless"),
        (
            ["host", "shrine", "--seats", "human,human,remote"],
            "one person plays at the host's window",
        ),
    ):
        p = Proc(tmp_path, *args)
        assert words in p.wait_for("shrinetable ")
        assert p.end() == 2


def test_bench_network_prints_its_figures(tmp_path):
    """`bench network` times moves between real tables and says the figures (no
    threshold: the machine's load decides them)."""
    import json

    out = subprocess.run(
        [
            sys.executable,
            "-m",
            "shrinetable",
            "bench",
            "network",
            "--json",
            "--players",
            "3",
            "--moves",
            "20",
        ],
        capture_output=True,
        text=True,
        timeout=120,
        check=True,
        env={**os.environ, "SHRINETABLE_DATA_DIR": str(tmp_path)},
    ).stdout
    fig = json.loads(out)
    assert fig["tables"] == 3 and fig["moves"] >= 15
    assert 0 < fig["median_ms"] <= fig["p99_ms"] <= fig["max_ms"]
