"""Benchmarks of the engine and of starting the program (`shrinetable bench`).

A rules step is what every caller pays per move: the legal-action list of a
fresh state plus `apply`. Games are seeded random play, so every run times
the same steps. Start-up figures are always taken against a baseline measured
in the same run (bare Python, bare pygame), so a loaded machine shows as a
ratio, not as a slower program.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import subprocess
import sys
import time
from typing import Any

from shrinetable.adapter.match import Match
from shrinetable.adapter.session import Session
from shrinetable.engine import registry
from shrinetable.players import player

EARLY, LATE = 100, 1000  # late_early_ratio: mean step from step LATE on / first EARLY


def step_times(name: str, games: int, seed: int, seats: int) -> list[tuple[int, float]]:
    """(step number in its game, seconds) per rules step over `games` seeded random
    games. A step's time is the CPU time of this thread, so the other programs of a
    busy machine, which take the processor in slices of milliseconds, show neither
    in the step nor in its tail."""
    game = registry.get(name)
    clock = time.thread_time
    out: list[tuple[int, float]] = []
    for i in range(games):
        state = game.new_game(seed + i, {}, seats)
        rng = random.Random(seed + i)
        for n in range(5000):
            if game.outcome(state) is not None:
                break
            t0 = clock()
            state, _ = game.apply(state, rng.choice(game.legal_actions(state)))
            out.append((n, clock() - t0))
    return out


def percentile(xs: list[float], q: float) -> float:
    xs = sorted(xs)
    return xs[min(len(xs) - 1, round(q * (len(xs) - 1)))]


def _late_early(times: list[tuple[int, float]]) -> float | None:
    early = [t for n, t in times if n < EARLY]
    late = [t for n, t in times if n >= LATE]
    return statistics.fmean(late) / statistics.fmean(early) if late and early else None


def engine_bench(name: str, runs: int = 5, games: int = 40, seed: int = 1, seats: int = 2) -> dict:
    """µs per rules step: medians over several runs of each run's median, mean
    and 99th percentile, and how much slower a step is late in a game."""
    means, medians, p99s, ratios, steps, late = [], [], [], [], 0, 0
    for r in range(runs):
        times = step_times(name, games, seed + 1000 * r, seats)
        steps += len(times)
        late += sum(n >= LATE for n, _ in times)
        us = [1e6 * t for _, t in times]
        means.append(statistics.fmean(us))
        medians.append(statistics.median(us))
        p99s.append(percentile(us, 0.99))
        if (ratio := _late_early(times)) is not None:
            ratios.append(ratio)
    return {
        "game": name,
        "runs": runs,
        "steps": steps,
        "late_steps": late,
        "median_us": round(statistics.median(medians), 2),
        "mean_us": round(statistics.median(means), 2),
        "mean_us_range": [round(min(means), 2), round(max(means), 2)],
        "p99_us": round(statistics.median(p99s), 2),
        "late_early_ratio": round(statistics.median(ratios), 3) if ratios else None,
    }


def ai_bench(name: str, games: int = 20, seed: int = 1, seats: int = 2) -> dict:
    """Milliseconds per computer-player decision (its own AI, against random)."""
    game = registry.get(name)
    ai, rnd = player(name, "ai"), player(name, "random")
    times: list[float] = []

    def timed(state, rng):
        t0 = time.perf_counter()
        action = ai(state, rng)
        times.append(time.perf_counter() - t0)
        return action

    for i in range(games):  # through the match loop, as the table and simulate play
        match = Match(
            Session(game, seed + i, {}, ["computer"] * seats),
            [timed] + [rnd] * (seats - 1),
            random.Random(seed + i),
        )

        def past(m: Match = match) -> bool:
            return m.turn_number() > 500

        match.run(stop=past)
    return {
        "decisions": len(times),
        "median_ms": round(1e3 * statistics.median(times), 3),
        "mean_ms": round(1e3 * statistics.fmean(times), 3),
        "p99_ms": round(1e3 * percentile(times, 0.99), 3),
        "max_ms": round(1e3 * max(times), 3),
    }


def run_engine(args: argparse.Namespace) -> int:
    game = registry.get(args.game)
    seats = game.min_seats if args.players is None else args.players
    fig = engine_bench(args.game, runs=max(1, args.runs), games=max(1, args.games), seats=seats)
    fig["seats"] = seats
    fig["computer_player"] = ai_bench(args.game, seats=seats)
    if args.json:
        print(json.dumps(fig))
        return 0
    lo, hi = fig["mean_us_range"]
    ratio = fig["late_early_ratio"]
    print(
        f"engine {fig['game']} at {seats} players: {fig['steps']} rules steps "
        f"(legal actions + apply) in {fig['runs']} runs; medians of the runs:"
    )
    print(
        f"  step: median {fig['median_us']} us, mean {fig['mean_us']} us "
        f"(runs {lo}-{hi}), p99 {fig['p99_us']} us"
    )
    print(
        f"  late in a game: mean step from step {LATE} on / first {EARLY} = "
        f"{ratio if ratio is not None else f'n/a (no game reached step {LATE})'}"
        f" ({fig['late_steps']} late steps)"
    )
    ai = fig["computer_player"]
    print(
        f"  computer player: median {ai['median_ms']} ms, mean {ai['mean_ms']} ms, "
        f"p99 {ai['p99_ms']} ms, max {ai['max_ms']} ms per decision "
        f"({ai['decisions']} decisions)"
    )
    return 0


def seconds(command: list[str], env: dict[str, str] | None = None) -> float:
    """Wall time of running `command` to its end."""
    t0 = time.perf_counter()
    subprocess.run(
        command, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=False
    )
    return time.perf_counter() - t0


def _report(args: argparse.Namespace, fig: dict, line: str) -> int:
    print(json.dumps(fig) if args.json else line)
    return 0


def run_startup(args: argparse.Namespace) -> int:
    """`shrinetable --help` against `python -c pass`, started in turn."""
    bare = [sys.executable, "-c", "pass"]
    helps = [sys.executable, "-m", "shrinetable", "--help"]
    seconds(bare), seconds(helps)  # warm the disk cache
    runs = max(1, args.runs)
    pairs = [(seconds(bare), seconds(helps)) for _ in range(runs)]
    bare_s = statistics.median(b for b, _ in pairs)
    help_s = statistics.median(h for _, h in pairs)
    fig = {
        "runs": runs,
        "python_pass_s": round(bare_s, 3),
        "help_s": round(help_s, 3),
        "above_s": round(help_s - bare_s, 3),
        "goal_above_s": 0.12,
    }
    return _report(
        args,
        fig,
        f"startup: `shrinetable --help` median {fig['help_s']} s, "
        f"`python -c pass` {fig['python_pass_s']} s: {fig['above_s']} s "
        f"above (goal <= 0.12 s) over {runs} starts each",
    )


def compiled() -> None:
    """Bring the package's cached bytecode up to date, as an install does: with
    PYTHONDONTWRITEBYTECODE set (or a read-only cache) a source edited since its
    last compile is compiled again at every launch, and bare pygame, compiled
    when installed, never is."""
    import compileall

    compileall.compile_dir(os.path.dirname(os.path.abspath(__file__)), quiet=2)


def run_launch(args: argparse.Namespace) -> int:
    """Launch to first frame (the source, or a built app) against a bare
    `import pygame; pygame.display.init()`, launched in turn; the first of
    each warms the disk cache and is not counted."""
    from .render import first_frame_seconds

    program = [args.exe] if args.exe else None
    if program is None:
        compiled()
    env = dict(os.environ)
    if not env.get("DISPLAY"):
        env["SDL_VIDEODRIVER"] = "dummy"
    bare = [sys.executable, "-c", "import pygame; pygame.display.init()"]
    first_frame_seconds(program), seconds(bare, env)
    frames, bases = [], []
    for _ in range(max(1, args.runs)):
        if (t := first_frame_seconds(program)) is not None:
            frames.append(t)
        bases.append(seconds(bare, env))
    if not frames:
        print("bench launch: the program never reported its first frame", file=sys.stderr)
        return 1
    fig: dict[str, Any] = {
        "program": args.exe or "source",
        "runs": len(frames),
        "median_s": round(statistics.median(frames), 3),
        "min_s": round(min(frames), 3),
        "max_s": round(max(frames), 3),
        "pygame_display_s": round(statistics.median(bases), 3),
        "driver": "x11" if env.get("DISPLAY") else "dummy",
    }
    fig["ratio"] = round(fig["median_s"] / fig["pygame_display_s"], 2)
    return _report(
        args,
        fig,
        f"launch {fig['program']} ({fig['driver']}): first frame median "
        f"{fig['median_s']} s over {fig['runs']} launches (range "
        f"{fig['min_s']}-{fig['max_s']} s); bare pygame display "
        f"{fig['pygame_display_s']} s: {fig['ratio']}x (goal <= 2.5x)",
    )
