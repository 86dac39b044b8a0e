"""`shrinetable check FILE...`: validate layout files and explain each problem.

Exit 0 when every file is fine, 1 when problems were found, 2 when a file
cannot be read (or the arguments are wrong). A layout for a registered game is
also checked against the zones that game's engine can produce.
"""

from __future__ import annotations

import argparse
import sys

from shrinetable.engine import registry
from shrinetable.formats.layout import Layout, LayoutError, Unreadable, load_layout, missing_zones


def add_parser(sub) -> None:
    p = sub.add_parser("check", help="validate layout files",
                       description="Validate layout files (layouts/<game>.toml) and explain "
                                   "each problem: file, key path, what is wrong, line.")
    p.add_argument("files", nargs="+", metavar="FILE", help="layout files to check")


def zone_problems(layout: Layout) -> list[str]:
    """Engine zones the layout gives no place, if its game is registered."""
    if layout.game not in registry.names():
        return []
    try:
        game = registry.get(layout.game)
    except ImportError:
        return []
    counts = range(game.min_seats, game.max_seats + 1)
    return missing_zones(layout, {n: game.zones(n) for n in counts})


def run(args: argparse.Namespace) -> int:
    worst = 0
    for file in args.files:
        try:
            layout = load_layout(file)
        except Unreadable as e:
            print(e, file=sys.stderr)
            worst = 2
            continue
        except LayoutError as e:
            for p in e.problems:
                print(p)
            worst = max(worst, 1)
            continue
        missing = zone_problems(layout)
        for m in missing:
            print(f"{file}: players: no place for zone ({m})")
        if missing:
            worst = max(worst, 1)
        else:
            print(f"{file}: ok")
    return worst
