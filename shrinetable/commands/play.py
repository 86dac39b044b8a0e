"""`shrinetable play GAME ...` (and plain `shrinetable`): open the table.

Bad game names, seat lists, options or a broken layout stop with a clear
message and exit 2, never a traceback.
"""

from __future__ import annotations

import argparse
import sys
from typing import TYPE_CHECKING

from shrinetable import players
from shrinetable.engine import registry
from shrinetable.table import env

if TYPE_CHECKING:
    from shrinetable.adapter.session import SeatKind

from .args import add_announce, add_cards, parse_options, parse_size


def add_parser(sub) -> None:
    p = sub.add_parser(
        "play",
        help="open the table and play",
        description="Play a game in a window. Without GAME, open the start screen.",
    )
    p.add_argument("game", nargs="?", help=f"game to play ({', '.join(registry.names())})")
    p.add_argument(
        "--seats",
        default=None,
        help="who sits at each seat, in order, comma separated: human, or a computer "
        "of strength easy, normal or hard (computer: normal) (default: human,computer)",
    )
    p.add_argument("--seed", type=int, default=None, help="seed for the deal (default: random)")
    p.add_argument(
        "--option",
        action="append",
        default=[],
        metavar="NAME=VALUE",
        help="set a game option (repeatable); see each game's options on the start screen",
    )
    p.add_argument(
        "--trace",
        action="store_true",
        help="print 'ready' after the first frame and 'action SEAT TEXT' per move",
    )
    p.add_argument("--load", metavar="FILE", help="continue a saved game")
    p.add_argument(
        "--size",
        default=None,
        metavar="WxH",
        help="window size (default: the last window's size and place, else "
        "the largest that fits 90%% of the screen, at least 1280x720 where "
        "the screen holds it)",
    )
    p.add_argument("--fullscreen", action="store_true", help="start in fullscreen")
    p.add_argument(
        "--theme",
        default=None,
        metavar="NAME",
        help="colours for this run: default, colour-blind (told apart with red-green "
        "or blue-yellow colour blindness) or high-contrast (default: the menu's choice)",
    )
    add_cards(p)
    add_announce(p)


def parse_seats(game, text: str) -> tuple[list[SeatKind], list[str]]:
    """The seats `text` names (human or computer) and each seat's strength."""
    words = [s.strip().lower() for s in text.split(",")]
    bad = [repr(s) for s in words if s != "human" and not players.is_strength(s)]
    if bad:
        raise ValueError(
            f"--seats: {', '.join(bad)!s} is not a seat; use human, computer, "
            f"or a computer's strength ({', '.join(players.STRENGTHS)})"
        )
    if not game.min_seats <= len(words) <= game.max_seats:
        takes = (
            f"{game.min_seats} to {game.max_seats}"
            if game.min_seats < game.max_seats
            else f"exactly {game.min_seats}"
        )
        raise ValueError(f"--seats: {game.name} takes {takes} seats, not {len(words)}")
    seats: list[SeatKind] = ["human" if w == "human" else "computer" for w in words]
    return seats, ["normal" if w == "human" else players.kind(w) for w in words]


def check_theme(name: str | None) -> str | None:
    """`--theme NAME` checked against the table's themes (None: not given)."""
    from shrinetable.table.theme import THEMES

    if name is not None and name not in THEMES:
        raise ValueError(f"--theme {name!r}: no such theme; choose {', '.join(THEMES)}")
    return name


def check_load(args: argparse.Namespace) -> None:
    """A saved game brings its own game, seats, seed and options: saying them too
    would be ignored, so it is refused."""
    given = [
        flag
        for flag, value in (
            ("GAME", args.game),
            ("--seats", args.seats),
            ("--seed", args.seed),
            ("--option", args.option),
        )
        if value
    ]
    if given:
        raise ValueError(
            f"--load continues a saved game with its own game, seats, seed and "
            f"options; leave out {', '.join(given)}"
        )


def run(args: argparse.Namespace) -> int:
    from shrinetable.adapter import storage
    from shrinetable.adapter.session import Session
    from shrinetable.demo.shelf import Shelf
    from shrinetable.formats.layout import LayoutError
    from shrinetable.formats.save import SaveError
    from shrinetable.table.app import App, fatal, pygame
    from shrinetable.workbench.background import Background

    name = getattr(args, "game", None)
    try:
        size = getattr(args, "size", None)
        size = parse_size(size, env.MIN_SIZE) if size is not None else None
        look = check_theme(getattr(args, "theme", None))
        env.ai_delay()
        session = None
        if getattr(args, "load", None):
            check_load(args)
            session = storage.load(args.load, args.card_set)
            for note in session.notes:  # a checkpoint refused: the moves were replayed
                print(f"shrinetable: {note}", file=sys.stderr)
        elif name:
            try:
                game = registry.get(name, args.card_set)
            except KeyError as e:
                return fatal(e.args[0])
            seats, strengths = parse_seats(game, args.seats or "human,computer")
            options = parse_options(game, args.option)
            seed = args.seed if args.seed is not None else App.new_seed()
            session = Session(game, seed, options, seats, strengths=strengths)
    except (ValueError, SaveError) as e:
        return fatal(str(e))
    if env.no_display():
        return fatal(env.no_display())
    from shrinetable.formats.files import not_a_file, why
    from shrinetable.table.announce import Announcer

    path = getattr(args, "announce", None)
    wrong = not_a_file(path) if path else None
    if wrong is not None and wrong != "no such file":  # a FIFO would hold the window
        return fatal(f"--announce {path}: {wrong}")
    try:
        announcer = Announcer(path)
    except (OSError, ValueError) as e:  # ValueError: a NUL in the path
        return fatal(
            f"--announce {path}: cannot write it: {why(e) if isinstance(e, OSError) else e}"
        )
    try:
        app = App(
            size,
            trace=getattr(args, "trace", False),
            fullscreen=getattr(args, "fullscreen", False),
            cards=args.card_set,
            demos=Shelf(args.card_set),
            fare=Background(args.card_set),
            look=look,
            announcer=announcer,
        )
    except pygame.error as e:  # SDL_VIDEODRIVER names no driver, the display refuses...
        return fatal(f"cannot open a window: {e} (check SDL_VIDEODRIVER and the display)")
    try:
        if session is not None:
            app.start_game(session)
        else:
            app.show_start()
    except LayoutError as e:
        print("shrinetable: the layout file is broken:", file=sys.stderr)
        for p in e.problems:
            print(f"  {p}", file=sys.stderr)
        return 2
    return app.run()
