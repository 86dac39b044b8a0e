"""Engine benchmarks: the cost of one rules step and of a computer move.

A rules step is what every caller pays per move: the legal-action list of a
fresh state plus `apply`. Games are seeded random play, so every run times
the same steps.
"""

from __future__ import annotations

import random
import statistics
import time

from shrinetable.engine import registry
from shrinetable.players import player


def step_times(name: str, games: int, seed: int, seats: int) -> list[float]:
    """Seconds per rules step over `games` seeded random games."""
    game = registry.get(name)
    clock = time.perf_counter
    out: list[float] = []
    for i in range(games):
        state = game.new_game(seed + i, {}, seats)
        rng = random.Random(seed + i)
        for _ in range(5000):
            if game.outcome(state) is not None:
                break
            t0 = clock()
            legal = game.legal_actions(state)
            t1 = clock()
            action = rng.choice(legal)
            t2 = clock()
            state, _ = game.apply(state, action)
            out.append((t1 - t0) + (clock() - t2))
    return out


def engine_bench(name: str, runs: int = 5, games: int = 40, seed: int = 1,
                 seats: int = 2) -> dict:
    """Median and spread of µs per rules step over several runs."""
    per_run_mean, per_run_median, steps = [], [], 0
    for r in range(runs):
        times = step_times(name, games, seed + 1000 * r, seats)
        steps += len(times)
        per_run_mean.append(1e6 * statistics.fmean(times))
        per_run_median.append(1e6 * statistics.median(times))
    return {
        "game": name, "runs": runs, "steps": steps,
        "median_step_us": round(statistics.median(per_run_median), 2),
        "mean_step_us": round(statistics.median(per_run_mean), 2),
        "mean_step_us_range": [round(min(per_run_mean), 2), round(max(per_run_mean), 2)],
    }


def ai_bench(name: str, games: int = 20, seed: int = 1, seats: int = 2) -> dict:
    """Milliseconds per computer-player decision (its own AI, against random)."""
    game = registry.get(name)
    ai, rnd = player(name, "ai"), player(name, "random")
    times: list[float] = []
    for i in range(games):
        state = game.new_game(seed + i, {}, seats)
        rng = random.Random(seed + i)
        while game.outcome(state) is None and game.turn_number(state) <= 500:
            seat = game.decision(state).seat
            if seat == 0:
                t0 = time.perf_counter()
                action = ai(state, rng)
                times.append(time.perf_counter() - t0)
            else:
                action = rnd(state, rng)
            state, _ = game.apply(state, action)
    times.sort()
    return {
        "decisions": len(times),
        "median_ms": round(1e3 * statistics.median(times), 3),
        "p99_ms": round(1e3 * times[int(0.99 * (len(times) - 1))], 3),
        "max_ms": round(1e3 * times[-1], 3),
    }
