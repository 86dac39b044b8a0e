"""`shrinetable check FILE...`: validate layout files, deck files and card files,
and explain each problem.

Exit 0 when every file is fine, 1 when problems were found, 2 when a file
cannot be read (or the arguments are wrong). A layout for a registered game is
also checked against the zones that game's engine can produce. A deck file (a
TOML file with a `cards` table) is checked by the game its `game` key names,
through that game's `CardData.deck_file` hook: each broken deck rule as
`FILE:LINE: card 'x': message`. A lesson file (`about` and `steps`) is read and
played with its scripted answers (`shrinetable lesson --verify`). A card file
(`[[card]]` or `[[deck]]` tables), or a card folder, is checked with the rest
of its folder, as the game whose card folder has that name would load it:
schema, references, the deck rules.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

from shrinetable.engine import registry
from shrinetable.formats.cards import check_folder
from shrinetable.formats.errors import FormatError, find_line, parse_toml, read_text
from shrinetable.formats.files import not_a_file, not_a_folder
from shrinetable.formats.layout import Layout, LayoutError, Unreadable, load_layout, missing_zones


def add_parser(sub) -> None:
    p = sub.add_parser(
        "check",
        help="validate layout files and deck files",
        description="Validate layout files (layouts/<game>.toml), deck "
        "files (a game's deck a player wrote) and lesson files "
        "(assets/lessons/<game>/) and explain each "
        "problem: file, line, key path or card, what is wrong.",
    )
    p.add_argument(
        "files",
        nargs="+",
        metavar="FILE",
        help="layout, deck, card or lesson files (or card folders) to check",
    )


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
    `cards` table, or a `name`, beside `game`; layouts have neither). FormatError when it
    names no game that reads deck files. A file that is not TOML is left to the
    layout reader, which says where it breaks."""
    data, text = _toml(file)
    if data is None:
        return None
    if not isinstance(data.get("cards"), dict) and not _named_deck(data):
        return None
    name = data.get("game")
    hook = deck_hook(name) if isinstance(name, str) else None
    if hook is None:
        games = ", ".join(g for g in registry.names() if deck_hook(g)) or "none"
        raise FormatError(
            file,
            "game",
            f"a deck file names the game it is for, one of: {games} (this one says {name!r})",
            find_line(text, ("game",)),
        )
    return hook


def _named_deck(data: dict) -> bool:
    """A deck of tables other than `cards` (a single card and libraries): a
    `name` beside `game`, which no layout has."""
    return isinstance(data.get("name"), str) and "game" in data and "canvas" not in data


def _toml(file: str) -> tuple[dict | None, str]:
    """A file's TOML data and text; None when it is not TOML (left to the layout
    reader, which says where it breaks)."""
    try:
        text = read_text(file)
        return parse_toml(text, file), text
    except FormatError:
        return None, ""


def card_data(file: str) -> Any | None:
    """The card data of the game whose card folder `file` is (a folder) or lies in
    (a file of `[[card]]` or `[[deck]]` tables); FormatError when no game's card
    folder has that name."""
    path = Path(file)
    if not path.is_dir():
        data = _toml(file)[0]
        if data is None or not any(isinstance(data.get(k), list) for k in ("card", "deck")):
            return None
    folder = path if path.is_dir() else path.parent
    found: dict[str, Any] = {}
    for name in registry.names():
        try:
            game_data = registry.get(name).card_data
        except (ImportError, FormatError):  # a broken shipped set: its own message elsewhere
            continue
        if game_data is not None:
            found[Path(game_data.folder).name] = game_data
    if folder.name not in found:
        raise FormatError(
            file,
            "",
            f"card files live in a folder named after their game's "
            f"card folder, one of: {', '.join(found) or 'none'}",
        )
    return found[folder.name]


def check_cards(file: str, data: Any) -> int:
    """Print what is wrong with the card folder of `file` (or ok); its exit code."""
    folder = Path(file) if Path(file).is_dir() else Path(file).parent
    try:
        held = check_folder(data, folder)
    except FormatError as e:
        print(e)
        return 1
    print(f"{file}: ok ({held})")
    return 0


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


def is_lesson(file: str) -> bool:
    """A lesson file (docs/lessons.md): `steps` beside `about`."""
    data = _toml(file)[0]
    return data is not None and "about" in data and "steps" in data


def check_lesson(file: str) -> int:
    """Read the lesson and play it with its scripted answers (as `lesson --verify`):
    ok, or what no longer holds (1)."""
    from shrinetable.adapter.lesson import verify
    from shrinetable.formats.lesson import load

    try:
        steps = verify(load(file))
    except FormatError as e:
        print(e)
        return 1
    print(f"{file}: ok (a lesson of {steps} steps)")
    return 0


def run(args: argparse.Namespace) -> int:
    worst = 0
    for file in args.files:
        if (wrong := not_a_file(file)) and not_a_folder(file):  # a card folder is checked too
            print(f"{file}: cannot read it: {wrong}", file=sys.stderr)
            worst = 2
            continue
        try:
            cards = card_data(file)
            hook = deck_checker(file) if cards is None else None
        except FormatError as e:
            print(e, file=sys.stderr)
            worst = 2
            continue
        if cards is not None:
            worst = max(worst, check_cards(file, cards))
            continue
        if is_lesson(file):
            worst = max(worst, check_lesson(file))
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
