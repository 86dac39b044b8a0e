"""`shrinetable bench network`: how long a move takes to reach every other table.

A host runs in its own process (`shrinetable host --headless` on 127.0.0.1)
with every seat remote; this process sits a random-playing table at each seat.
For each move a table sends, the time from its send to the moment the last of
the other tables has received the update carrying that move. The tables share
this process; each notes its receipt before any of them parses the update (as
tables on their own computers would), but they still wait for one another's
turn on a core: the figure is an upper bound on what tables on their own
computers see.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import random
import statistics
import subprocess
import sys
import time

from shrinetable.engine import registry
from shrinetable.net import protocol as p
from shrinetable.net.client import Remote


def default_game(players: int) -> str:
    """The first registered game that seats `players`."""
    fits = [n for n in registry.names() if registry.get(n).max_seats >= players]
    if not fits:
        raise ValueError(f"no game seats {players} players")
    return fits[0]


def _host(game: str, players: int) -> tuple[subprocess.Popen, int, str]:
    cmd = [
        sys.executable,
        "-m",
        "shrinetable",
        "host",
        game,
        "--headless",
        "--port",
        "0",
        "--bind",
        "127.0.0.1",
        "--seed",
        "1",
        "--seats",
        ",".join(["remote"] * players),
    ]
    proc = subprocess.Popen(cmd, stdout=subprocess.PIPE, text=True)
    port = code = None
    for line in proc.stdout:
        if line.startswith("address: "):
            port = int(line.rsplit(":", 1)[1])
        elif line.startswith("code: "):
            code = line.split(": ", 1)[1].strip()
            return proc, port, code
    raise RuntimeError("the host did not start: " + " ".join(cmd))


async def _measure(
    port: int, code: str, players: int, moves: int
) -> tuple[list[float], list[float]]:
    tables = [Remote("127.0.0.1", port, code, f"bench{i}") for i in range(players)]
    for t in tables:
        await t.join()
    sent: dict[int, tuple[float, int]] = {}  # seq the move makes -> (when sent, by)
    arrived: dict[int, list[float]] = {}
    done = asyncio.Event()
    rng = random.Random(1)

    async def move(t: Remote, legal: list[str]) -> None:
        sent[t.seq + 1] = (time.perf_counter(), t.seat)
        await t.act(rng.choice(legal))

    async def sit(t: Remote) -> None:
        if t.legal:  # the update that started the game came with the join
            await move(t, t.legal)
        while not done.is_set():
            raw = await t.ws.recv()
            now = time.perf_counter()
            await asyncio.sleep(0)  # the other tables note their receipt before this parses
            msg = p.read_to_table(raw)
            if not isinstance(msg, p.Update):
                continue
            t.update = msg
            if msg.seq in sent and sent[msg.seq][1] != t.seat:
                arrived.setdefault(msg.seq, []).append(now)
            if msg.view.outcome is not None or len(sent) >= moves:
                done.set()
            elif msg.legal:
                await move(t, msg.legal)

    pings = []
    for _ in range(50):  # the machine's own pace: a WebSocket ping's round trip
        at = time.perf_counter()
        await (await tables[0].ws.ping())
        pings.append((time.perf_counter() - at) * 1000)
    tasks = [asyncio.create_task(sit(t)) for t in tables]
    await done.wait()
    await asyncio.sleep(0.5)  # the last moves' updates arrive
    for task in tasks:
        task.cancel()
    for t in tables:
        await t.close()
    return pings, [
        (max(arrived[s]) - at) * 1000
        for s, (at, _) in sent.items()
        if len(arrived.get(s, ())) == players - 1
    ]


def figures(ms: list[float]) -> dict[str, float]:
    ms = sorted(ms)
    return {
        "median_ms": round(statistics.median(ms), 2),
        "p99_ms": round(ms[min(len(ms) - 1, int(0.99 * len(ms)))], 2),
        "max_ms": round(ms[-1], 2),
    }


def run_network(args: argparse.Namespace) -> int:
    players = args.players or 6
    game = args.game_network or default_game(players)
    if not registry.get(game).min_seats <= players <= registry.get(game).max_seats:
        print(f"shrinetable bench: {game} does not seat {players}", file=sys.stderr)
        return 2
    proc, port, code = _host(game, players)
    try:
        pings, lat = asyncio.run(_measure(port, code, players, args.moves))
    finally:
        proc.terminate()
        proc.wait(10)
    fig = {
        "game": game,
        "tables": players,
        "moves": len(lat),
        **figures(lat),
        "ping_median_ms": figures(pings)["median_ms"],
    }
    if args.json:
        print(json.dumps(fig))
    else:
        print(
            f"network: {game}, {players} tables on 127.0.0.1, {fig['moves']} moves: a move "
            f"reaches every other table in median {fig['median_ms']} ms, p99 "
            f"{fig['p99_ms']} ms, max {fig['max_ms']} ms (a ping's round trip, same "
            f"run: median {fig['ping_median_ms']} ms)"
        )
    return 0
