"""`shrinetable bench engine|render`: figures for the speed goals."""

from __future__ import annotations

import argparse
import json
import os
import sys

from shrinetable.engine import registry

from .args import players_text


def add_parser(sub) -> None:
    p = sub.add_parser("bench", help="benchmarks: engine step or table rendering")
    p.add_argument("what", choices=("engine", "render", "launch"),
                   help="what to measure: rules steps, table frames, or launch to first frame")
    p.add_argument("--game", default=registry.names()[0],
                   help=f"game to measure ({', '.join(registry.names())}; "
                        f"default {registry.names()[0]})")
    p.add_argument("--runs", type=int, default=5,
                   help="engine: runs to take the median of; launch: launches")
    p.add_argument("--games", type=int, default=40, help="engine: games per run")
    p.add_argument("--players", type=int, default=None,
                   help="engine: seats per game (default: the game's fewest)")
    p.add_argument("--size", type=_size, default=None, metavar="WxH",
                   help="render: the text drawn at this window size instead (min_text_px, "
                        "cut_labels)")
    p.add_argument("--seconds", type=float, default=3.0, help="render: idle CPU window")
    p.add_argument("--exe", help="launch: a built executable to time instead of the source")
    p.add_argument("--json", action="store_true", help="print the figures as JSON")


def _size(text: str) -> tuple[int, int]:
    w, _, h = text.lower().partition("x")
    if not (w.isdigit() and h.isdigit() and 320 <= int(w) <= 7680 and 240 <= int(h) <= 4320):
        raise argparse.ArgumentTypeError(f"{text!r} is not a window size like 1280x720")
    return int(w), int(h)


def run(args: argparse.Namespace) -> int:
    try:
        game = registry.get(args.game)
    except KeyError as e:
        print(f"shrinetable bench: {e.args[0]}", file=sys.stderr)
        return 2
    seats = game.min_seats if args.players is None else args.players
    if not game.min_seats <= seats <= game.max_seats:
        print(f"shrinetable bench: --players {seats}: {args.game} is for "
              f"{players_text(game)} players", file=sys.stderr)
        return 2
    if args.exe and not (os.path.isfile(args.exe) and os.access(args.exe, os.X_OK)):
        print(f"shrinetable bench: --exe {args.exe}: no program there to launch",
              file=sys.stderr)
        return 2
    if args.what == "launch":
        from shrinetable.table.bench import run_launch_bench
        return run_launch_bench(args)
    if args.what == "render" and args.size is not None:
        from shrinetable.table.legibility import run_legibility_bench
        return run_legibility_bench(args, seats)
    if args.what == "render":
        from shrinetable.table.bench import run_render_bench
        return run_render_bench(args)
    from shrinetable.bench import ai_bench, engine_bench
    fig = engine_bench(args.game, runs=max(1, args.runs), games=max(1, args.games), seats=seats)
    fig["seats"] = seats
    fig["computer_player"] = ai_bench(args.game, seats=seats)
    if args.json:
        print(json.dumps(fig))
        return 0
    print(f"engine {fig['game']} at {seats} players: {fig['steps']} rules steps "
          f"(legal actions + apply) in {fig['runs']} runs")
    print(f"  median step: {fig['median_step_us']} us (median of per-run medians)")
    lo, hi = fig["mean_step_us_range"]
    print(f"  mean step:   {fig['mean_step_us']} us (median of runs; range {lo}-{hi})")
    ai = fig["computer_player"]
    print(f"  computer player: median {ai['median_ms']} ms, p99 {ai['p99_ms']} ms, "
          f"max {ai['max_ms']} ms per decision ({ai['decisions']} decisions)")
    return 0
