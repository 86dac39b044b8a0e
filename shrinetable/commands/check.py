"""`shrinetable check FILE...`: validate layout files and deck files, and explain
each problem.

Exit 0 when every file is fine, 1 when problems were found, 2 when a file
cannot be read (or the arguments are wrong). A layout for a registered game is
also checked against the zones that game's engine can produce. A deck file (a
TOML file with a `cards` table) is checked by the game its `game` key names,
through that game's `CardData.deck_file` hook: each broken deck rule as
`FILE:LINE: card 'x': message`.
"""

from __future__ import annotations

import argparse
import sys
import tomllib
from collections.abc import Callable
from pathlib import Path

from shrinetable.engine import registry
from shrinetable.formats.errors import FormatError, find_line
from shrinetable.formats.layout import Layout, LayoutError, Unreadable, load_layout, missing_zones


def add_parser(sub) -> None:
    p = sub.add_parser("check", help="validate layout files and deck files",
                       description="Validate layout files (layouts/<game>.toml) and deck "
                                   "files (a game's deck a player wrote) and explain each "
                                   "problem: file, line, key path or card, what is wrong.")
    p.add_argument("files", nargs="+", metavar="FILE", help="layout or deck files to check")


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


def deck_checker(file: str) -> Callable[[str], list[str]] | None:
    """The deck rules of the game a deck file names, if `file` is a deck file (a
    `cards` table beside `game`; layouts have no `cards`). FormatError when it
    names no game that reads deck files. A file that is not TOML is left to the
    layout reader, which says where it breaks."""
    try:
        text = Path(file).read_text(encoding="utf-8")
        data = tomllib.loads(text)
    except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError):
        return None
    if not isinstance(data.get("cards"), dict):
        return None
    name = data.get("game")
    hook = deck_hook(name) if isinstance(name, str) else None
    if hook is None:
        games = ", ".join(g for g in registry.names() if deck_hook(g)) or "none"
        raise FormatError(file, "game", f"a deck file names the game it is for, one of: "
                                        f"{games} (this one says {name!r})",
                          find_line(text, ("game",)))
    return hook


def deck_hook(name: str) -> Callable[[str], list[str]] | None:
    """The registered game `name`'s deck-file check, if it has one."""
    if name not in registry.names():
        return None
    try:
        data = registry.get(name).card_data
    except ImportError:
        return None
    return data.deck_file if data else None


def check_deck(file: str, hook: Callable[[str], list[str]]) -> int:
    """Print a deck file's problems (or ok); its exit code."""
    try:
        found = hook(file)
    except FormatError as e:
        print(e, file=sys.stderr)
        return 2
    for line in found:
        print(line)
    if not found:
        print(f"{file}: ok")
    return 1 if found else 0


def run(args: argparse.Namespace) -> int:
    worst = 0
    for file in args.files:
        try:
            hook = deck_checker(file)
        except FormatError as e:
            print(e, file=sys.stderr)
            worst = 2
            continue
        if hook is not None:
            worst = max(worst, check_deck(file, hook))
            continue
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
