"""`shrinetable bench strength`: the hard computer against a search that knows
nothing of the game (`search.ismcts`, information-set Monte Carlo over the legal
moves) given its seconds a move of processor time, so a machine shared with
other programs slows it as little as it can (hard's own budget is a number of
moves: the same on any machine). Prints hard's win rate with its 95% (Wilson)
interval, and its time a move."""

from __future__ import annotations

import argparse
import json
import math
import sys
import time

from shrinetable.adapter.selfplay import play_game
from shrinetable.engine import registry
from shrinetable.players import player

from .engine import percentile
from .search import ismcts


def wilson(wins: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """The 95% (Wilson score) interval of a win rate of `wins` in `n` games."""
    if n == 0:
        return (0.0, 1.0)
    p = wins / n
    mid = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return (max(0.0, mid - half), min(1.0, mid + half))


def strength_bench(
    name: str, games: int, budget: float, seed: int = 1, against: str = "search"
) -> dict:
    """The hard computer against the game-blind search of `budget` seconds a move
    (`search.ismcts`), or the normal computer (`against`), `games` seeded games
    in each seat order: its wins (a shared win counted as its share, an
    unfinished game as half), the win rate with its 95% interval, and its
    seconds per decision with a choice, of processor time and on the clock."""
    game = registry.get(name)
    hard = player(game, "hard")
    rival = ismcts(game, budget) if against == "search" else player(game, "normal")
    times: list[tuple[float, float]] = []  # (processor, clock) seconds per move

    def timed(state, rng):
        t0, c0 = time.thread_time(), time.perf_counter()
        action = hard(state, rng)
        if len(game.legal_actions(state)) > 1:  # a decision: one legal move is no thought
            times.append((time.thread_time() - t0, time.perf_counter() - c0))
        return action

    won, unfinished = [0.0, 0.0], 0
    for order in (0, 1):
        for i in range(games):
            seats = [rival] * game.min_seats
            seats[order] = timed
            match, _ = play_game(game, seats, seed + i, {}, 500)
            out = match.outcome()
            if out is None or not out.winners:
                unfinished += out is None
                won[order] += 0.5
            elif order in out.winners:
                won[order] += 1.0 / len(out.winners)
    n = 2 * games
    lo, hi = wilson(sum(won), n)
    return {
        "game": name,
        "games": n,
        "against": against,
        "search_seconds": budget if against == "search" else None,
        "hard_wins": sum(won),
        "hard_wins_by_seat": won,
        "unfinished": unfinished,
        "hard_win_rate": round(sum(won) / n, 3),
        "interval95": [round(lo, 3), round(hi, 3)],
        "hard_cpu_median_s": _q(times, 0, 0.5),
        "hard_cpu_p99_s": _q(times, 0, 0.99),
        "hard_clock_median_s": _q(times, 1, 0.5),
        "hard_clock_p99_s": _q(times, 1, 0.99),
    }


def _q(times: list[tuple[float, float]], k: int, q: float) -> float | None:
    return round(percentile([t[k] for t in times], q), 3) if times else None


def run_strength(args: argparse.Namespace) -> int:
    if args.games < 1 or args.budget <= 0:
        print("bench strength: --games must be at least 1 and --budget above 0", file=sys.stderr)
        return 2
    fig = strength_bench(args.game, args.games, args.budget, args.seed, args.against)
    lo, hi = fig["interval95"]
    rival = (
        f"a game-blind search of {args.budget:g} s a move"
        if args.against == "search"
        else "the normal computer"
    )
    print(
        json.dumps(fig)
        if args.json
        else (
            f"strength {fig['game']}: hard won {fig['hard_wins']:g} of {fig['games']} games "
            f"({100 * fig['hard_win_rate']:.0f}%, 95% interval {100 * lo:.0f}-{100 * hi:.0f}%) "
            f"against {rival}; as p1 "
            f"{fig['hard_wins_by_seat'][0]:g}, as p2 {fig['hard_wins_by_seat'][1]:g}; "
            f"{fig['unfinished']} unfinished; hard's move: processor median "
            f"{fig['hard_cpu_median_s']} s, p99 {fig['hard_cpu_p99_s']} s; clock median "
            f"{fig['hard_clock_median_s']} s, p99 {fig['hard_clock_p99_s']} s"
        )
    )
    return 0
