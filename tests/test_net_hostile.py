"""A hostile host against `shrinetable join` (issue 36): a flood of huge moves, a
message over the limit, names and reasons holding a terminal's escape codes,
newlines and right-to-left marks, a token too long to keep. The table keeps
its memory bounded, prints one clean line each, never a false `game over:`
line, and never a traceback."""

from __future__ import annotations

import asyncio
import json
import os
import sys
from pathlib import Path

import pytest
from websockets.asyncio.server import serve

from shrinetable.net import protocol as p

ROOT = Path(__file__).resolve().parents[1]
CODE = "ABCDEFGH"
TOKEN = "t" * 24
FLOOD = 60  # moves of nearly MAX_TO_TABLE each: 240 MB sent in all
RSS_MB = 250  # the joining process's peak memory at most (it was 3.4 GB before)
EVIL = "\x1b[2J\x1b]0;pwned\x07\u202eeman\x00\ngame over: p2 wins"


def view(outcome: str | None = None) -> dict:
    return {
        "seat": 0,
        "seats": 2,
        "zones": {},
        "decision": None,
        "outcome": None if outcome is None else {"winners": [1], "reason": outcome},
        "info": {},
    }


def update(seq: int, move: dict | None = None, outcome: str | None = None, **kw) -> str:
    data = {"type": "update", "seq": seq, "move": move, "view": view(outcome), **kw}
    return json.dumps(data)


def peak_rss_mb(pid: int) -> float | None:
    try:
        status = Path(f"/proc/{pid}/status").read_text()
    except OSError:
        return None
    kb = next(line.split()[1] for line in status.splitlines() if line.startswith("VmHWM"))
    return int(kb) / 1024


async def run_join(tmp_path: Path, handler, *args: str) -> tuple[int, str, list[float | None]]:
    """`join --bot random --headless` against `handler`'s host; its exit code,
    what it printed, and its peak memory as the handler measured it."""
    peaks: list[float | None] = []
    proc_box: list = []

    async def serve_one(ws):
        await handler(ws, lambda: peaks.append(peak_rss_mb(proc_box[0].pid)))

    async with serve(serve_one, "127.0.0.1", 0, max_size=p.MAX_TO_HOST) as server:
        port = server.sockets[0].getsockname()[1]
        proc = await asyncio.create_subprocess_exec(
            sys.executable,
            "-m",
            "shrinetable",
            "join",
            f"127.0.0.1:{port}",
            "--code",
            CODE,
            "--bot",
            "random",
            "--headless",
            "--wait",
            "10",
            *args,
            env=dict(os.environ, SHRINETABLE_DATA_DIR=str(tmp_path), PYTHONPATH=str(ROOT)),
            stdout=asyncio.subprocess.PIPE,
            stderr=asyncio.subprocess.STDOUT,
        )
        proc_box.append(proc)
        out, _ = await asyncio.wait_for(proc.communicate(), 120)
    return proc.returncode, out.decode("utf-8", "replace"), peaks


def test_a_hostile_host_harms_no_one(tmp_path):
    joins = []

    async def hostile(ws, measure):
        hello = json.loads(await ws.recv())
        joins.append(hello)
        welcome = {"type": "welcome", "game": "shrine", "seats": 2, "seat": 0}
        await ws.send(json.dumps({**welcome, "token": TOKEN, "options": {}}))
        if len(joins) == 2:  # the rejoin after the message over the limit
            await ws.send(update(99, outcome=EVIL))
            measure()
            await asyncio.sleep(5)  # the table leaves at the end
            return
        await ws.send(update(0, legal=[]))
        players = [
            {"seat": 0, "kind": "remote", "name": EVIL[:32], "connected": True},
            {"seat": 1, "kind": "remote", "name": "\u202e\u200bbob\r\n", "connected": False},
        ]
        await ws.send(json.dumps({"type": "players", "players": players}))
        await ws.send(json.dumps({"type": "rejected", "reason": EVIL}))
        entries = [{"seat": 1, "kind": "move", "words": "w" * (p.MAX_TO_TABLE - 4096)}]
        for seq in range(1, FLOOD + 1):
            move = {"seat": 1, "text": None, "entries": entries}
            await ws.send(update(seq, move))
        await ws.send("x" * (p.MAX_TO_TABLE + 1))  # over the limit: the table drops it
        await asyncio.sleep(5)

    code, out, peaks = asyncio.run(run_join(tmp_path, hostile))
    assert code == 0, out
    assert "Traceback" not in out
    lines = out.splitlines()
    over = [line for line in lines if line.startswith("game over:")]
    assert len(over) == 1 and over == [lines[-1]], lines  # one, the real end
    assert not any(c in out for c in "\x1b\x00\x07\u202e\r"), repr(out)
    assert any(line.startswith("rejected:") for line in lines)
    assert joins[1]["token"] == TOKEN  # it rejoined its seat
    if peaks and peaks[0] is not None:
        assert peaks[0] < RSS_MB, peaks


def test_a_token_too_long_is_refused_and_never_kept(tmp_path):
    async def hostile(ws, measure):
        await ws.recv()
        welcome = {"type": "welcome", "game": "shrine", "seats": 2, "seat": 0, "options": {}}
        await ws.send(json.dumps({**welcome, "token": "x" * 5000}))
        await asyncio.sleep(2)

    for _ in range(2):  # the second join is not broken by the first
        code, out, _ = asyncio.run(run_join(tmp_path, hostile))
        assert code == 2 and "Traceback" not in out, out
        assert (
            "the host's answer does not parse (welcome.token: String should have at most 64" in out
        )
    assert not list((tmp_path / "net").glob("join-*.json"))


@pytest.mark.parametrize("name", ["ann\ngame over: p2 wins", "\x1b[31mred\x1b[0m", "\u202eevil"])
def test_the_host_prints_names_cleaned(name):
    hello = p.read_to_host(
        json.dumps({"type": "hello", "version": p.VERSION, "code": "X", "name": name})
    )
    assert hello.name.isprintable() and "\n" not in hello.name
    with pytest.raises(p.BadMessage, match="at most 32"):
        p.read_to_host(json.dumps({"type": "hello", "version": 3, "code": "X", "name": "n" * 33}))


def test_a_name_cannot_print_a_false_game_over_line_at_the_host():
    from net_helpers import start_host
    from websockets.asyncio.client import connect

    async def go() -> list[str]:
        said: list[str] = []
        host = await start_host("shrine", ["remote", "remote"])
        host.say = said.append
        async with connect(f"ws://127.0.0.1:{host.port}", proxy=None) as ws:
            hello = {"type": "hello", "version": p.VERSION, "code": host.code}
            await ws.send(json.dumps({**hello, "name": "x\ngame over: p2 wins\x1b[2J"}))
            assert p.read_to_table(await ws.recv()).type == "welcome"
        while not any(line.startswith("left:") for line in said):
            await asyncio.sleep(0.01)
        await host.stop()
        return said

    said = asyncio.run(asyncio.wait_for(go(), 60))
    lines = "\n".join(said).splitlines()
    assert not any(line.startswith("game over") for line in lines), lines
    assert "joined: p1 (x game over: p2 wins [2J)" in lines and "\x1b" not in "".join(lines)
