"""`shrinetable bench WHAT`: figures for the speed goals.

One entry in BENCHES per sub-benchmark: its one-line help, the function that
runs it (`module:function`, imported only when chosen, taking the parsed
arguments and returning the exit code) and the options it takes. Every entry
takes `--json`; `--game` and `--players` are checked here, once, for those that
take them.
"""

from __future__ import annotations

import argparse
import importlib
import os
import sys
from collections.abc import Callable
from dataclasses import dataclass


def _game(p: argparse.ArgumentParser) -> None:
    from shrinetable.engine import registry

    names = registry.names()
    p.add_argument(
        "--game", default=names[0], help=f"game to measure ({', '.join(names)}; default {names[0]})"
    )


def _engine(p: argparse.ArgumentParser) -> None:
    _game(p)
    p.add_argument("--runs", type=int, default=5, help="runs to take the median of")
    p.add_argument("--games", type=int, default=40, help="games per run")
    p.add_argument(
        "--players", type=int, default=None, help="seats per game (default: the game's fewest)"
    )


def _render(p: argparse.ArgumentParser) -> None:
    _game(p)
    p.add_argument("--seconds", type=float, default=3.0, help="idle CPU window")
    p.add_argument(
        "--players",
        type=int,
        default=None,
        help="with --size: seats at the table (default: the game's fewest)",
    )
    from shrinetable.bench.legibility import window_size

    p.add_argument(
        "--size",
        type=window_size,
        default=None,
        metavar="WxH",
        help="the text drawn at this window size instead: the smallest font "
        "size (min_text_px) and its capital's height (min_cap_px), names or "
        "numbers cut on the viewer's and the decision's cards (cut_own_names), "
        "labels and card text cut, words drawn over each other (overlaps)",
    )
    p.add_argument("--shot", metavar="PNG", help="with --size: save the frame measured there")
    from shrinetable.table.uiscale import SCALES

    p.add_argument(
        "--text-size",
        type=int,
        default=100,
        choices=[round(k * 100) for k in SCALES],
        help="with --size: the menu's text size, percent (default 100)",
    )
    from shrinetable.table.theme import THEMES

    p.add_argument(
        "--theme",
        default="default",
        choices=list(THEMES),
        help="with --size: the colour theme the frame is drawn in (default: default)",
    )


def _launch(p: argparse.ArgumentParser) -> None:
    p.add_argument("--runs", type=int, default=5, help="launches to take the median of")
    p.add_argument("--exe", help="a built executable to time instead of the source")


def _startup(p: argparse.ArgumentParser) -> None:
    p.add_argument("--runs", type=int, default=9, help="starts of each to take the median of")


def _network(p: argparse.ArgumentParser) -> None:
    p.add_argument(
        "--game",
        dest="game_network",
        default=None,
        help="game to host (default: the first that seats --players)",
    )
    p.add_argument("--players", type=int, default=6, help="tables, one per seat (default 6)")
    p.add_argument("--moves", type=int, default=300, help="moves to time (default 300)")


def _save(p: argparse.ArgumentParser) -> None:
    _game(p)
    p.add_argument("--moves", type=int, default=100_000, help="moves in the save (default 100000)")
    p.add_argument("--seed", type=int, default=1, help="seed of the game")
    p.add_argument("--runs", type=int, default=3, help="loads to take the median of")
    p.add_argument(
        "--compare",
        action="store_true",
        help="also load it without its checkpoints, move by move (slow)",
    )


def _prompts(p: argparse.ArgumentParser) -> None:
    _game(p)
    p.add_argument(
        "--players",
        type=int,
        default=None,
        help="seats per game, p1 a person (default: the game's fewest)",
    )
    p.add_argument("--games", type=int, default=20, help="seeded games")
    p.add_argument("--seed", type=int, default=1, help="seed of the first game")
    p.add_argument(
        "--full-control",
        action="store_true",
        help="every stop kept: the table's automatic pass off (Ctrl+P at the table)",
    )


def _strength(p: argparse.ArgumentParser) -> None:
    _game(p)
    p.add_argument("--games", type=int, default=20, help="games in each seat order (default 20)")
    p.add_argument(
        "--budget",
        type=float,
        default=1.0,
        help="the game-blind search's seconds a move (default 1)",
    )
    p.add_argument(
        "--against",
        choices=("search", "normal"),
        default="search",
        help="hard's opponent: the game-blind search (default) or the normal computer "
        "(as `simulate --seats hard,normal` and `normal,hard`, with hard's time a move)",
    )
    p.add_argument("--seed", type=int, default=1, help="seed of the first game")


@dataclass(frozen=True)
class Bench:
    help: str
    run: str  # "module:function"
    options: Callable[[argparse.ArgumentParser], None]


BENCHES = {
    "engine": Bench(
        "µs per rules step (median, mean, p99, late against early) and "
        "the computer player's time per decision",
        "shrinetable.bench.engine:run_engine",
        _engine,
    ),
    "render": Bench(
        "frame times of the table (full redraw, dragging), idle CPU, first frame; "
        "with --size, the text drawn: how small, what is cut, what overlaps",
        "shrinetable.bench.legibility:run_render",
        _render,
    ),
    "launch": Bench(
        "launch to first frame against starting pygame's display, same run",
        "shrinetable.bench.engine:run_launch",
        _launch,
    ),
    "network": Bench(
        "ms for a move to reach every other table (median, p99, max), "
        "a host and its tables on 127.0.0.1",
        "shrinetable.bench.network:run_network",
        _network,
    ),
    "prompts": Bench(
        "questions the table asks a person per turn (median, p90), the "
        "table's own automatic passes applied",
        "shrinetable.bench.prompts:run_prompts",
        _prompts,
    ),
    "save": Bench(
        "seconds and peak memory to load a long save (--load and Continue), in "
        "fresh processes; with --compare, also without its checkpoints",
        "shrinetable.bench.save:run_save",
        _save,
    ),
    "strength": Bench(
        "the hard computer against a search that knows nothing of the game "
        "(information-set Monte Carlo, --budget s a move) or the normal one: win rate, "
        "95% interval, hard's time a move",
        "shrinetable.bench.strength:run_strength",
        _strength,
    ),
    "startup": Bench(
        "`shrinetable --help` against `python -c pass`, same run",
        "shrinetable.bench.engine:run_startup",
        _startup,
    ),
}


def add_parser(sub) -> None:
    p = sub.add_parser("bench", help="benchmarks: rules steps, start-up, launch, table rendering")
    what = p.add_subparsers(dest="what", metavar="WHAT", required=True)
    for name, bench in BENCHES.items():
        q = what.add_parser(name, help=bench.help, description=bench.help)
        bench.options(q)
        q.add_argument("--json", action="store_true", help="print the figures as JSON")


def problem(args: argparse.Namespace) -> str | None:
    """What is wrong with the arguments, in one line, or None."""
    if hasattr(args, "game"):
        from shrinetable.engine import registry

        try:
            game = registry.get(args.game)
        except KeyError as e:
            return e.args[0]
        seats = getattr(args, "players", None)
        if seats is not None and not game.min_seats <= seats <= game.max_seats:
            return f"--players {seats}: {args.game} is for {game.players_text()} players"
    exe = getattr(args, "exe", None)
    if exe and not (os.path.isfile(exe) and os.access(exe, os.X_OK)):
        return f"--exe {exe}: no program there to launch"
    return None


def run(args: argparse.Namespace) -> int:
    if (wrong := problem(args)) is not None:
        print(f"shrinetable bench: {wrong}", file=sys.stderr)
        return 2
    module, _, function = BENCHES[args.what].run.partition(":")
    return getattr(importlib.import_module(module), function)(args)
