"""Command line: `shrinetable [COMMAND] ...`; no command opens the table.

Each command lives in `shrinetable/commands/<name>.py` with `add_parser(sub)`
and `run(args) -> int`; this module only dispatches, so a command can be added
without touching the others. Only the command being run is imported: the
others appear in `--help` by their one-line summary here, so `shrinetable
--help` starts without the formats, pydantic or any game (issue 26). Bad
arguments exit 2 with a usage message.
"""

from __future__ import annotations

import argparse
import errno
import importlib
import os
import sys

COMMANDS = {
    "play": "open the table and play",
    "check": "validate layout files and deck files",
    "deck": "list, export and import a game's decks as plain text lists",
    "scenario": "check positions and steps written in scenario files",
    "simulate": "play computer-vs-computer games and print figures",
    "bench": "benchmarks: rules steps, start-up, launch, table rendering",
    "demo": "show a rule step by step, or export it as a GIF",
    "lesson": "learn a game by playing it: guided lessons, listed, opened or verified",
    "report": "measure decks, seats and cards by self-play; write an HTML page and JSON",
    "print": "write print-and-play sheets (PDF) of a deck or card set",
    "host": "host a game that others join from their computers",
    "join": "join a game hosted on another computer",
}


def chosen(argv: list[str]) -> str | None:
    """The command `argv` names (its first word that is not an option), if any."""
    word = next((a for a in argv if not a.startswith("-")), None)
    return word if word in COMMANDS else None


def build_parser(argv: list[str] | None = None) -> argparse.ArgumentParser:
    """The parser, with full arguments for the command `argv` names (every
    command's when `argv` is None) and a summary for each other command."""
    parser = argparse.ArgumentParser(
        prog="shrinetable",
        description="A card table for a family of card games, every rule enforced.",
    )
    parser.add_argument(
        "--smoke",
        action="store_true",
        help="load every game and exit 0 if all is well (for packaging checks)",
    )
    # the start screen's own window options (`play` takes the same ones); SUPPRESS
    # leaves a command's own defaults alone
    parser.add_argument(
        "--size", default=argparse.SUPPRESS, metavar="WxH", help="the window's size"
    )
    parser.add_argument(
        "--fullscreen", action="store_true", default=argparse.SUPPRESS, help="start fullscreen"
    )
    parser.add_argument(
        "--theme",
        default=argparse.SUPPRESS,
        metavar="NAME",
        help="colours for this run: default, colour-blind or high-contrast",
    )
    parser.add_argument(
        "--trace",
        action="store_true",
        default=argparse.SUPPRESS,
        help="print 'ready' after the first frame and 'action SEAT TEXT' per move",
    )
    from shrinetable.commands.args import add_announce

    add_announce(parser, argparse.SUPPRESS)
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    load = COMMANDS if argv is None else (chosen(argv),)
    for name, summary in COMMANDS.items():
        if name in load:
            importlib.import_module(f"shrinetable.commands.{name}").add_parser(sub)
        else:
            sub.add_parser(name, help=summary, add_help=False)
    return parser


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    args = build_parser(argv).parse_args(argv)
    if args.command is None:
        name = "smoke" if args.smoke else "play"
    else:
        name = args.command
    module = importlib.import_module(f"shrinetable.commands.{name}")
    from shrinetable.commands.args import use_cards
    from shrinetable.formats.errors import FormatError

    try:
        args.card_set = use_cards(getattr(args, "cards", None))
    except ValueError as e:
        print(f"shrinetable: {e}", file=sys.stderr)
        return 2
    try:
        code = module.run(args)
        sys.stdout.flush()  # a full device says so here, not at exit
        return code
    except FormatError as e:  # a shipped file a designer edited (card data read on import)
        print(f"shrinetable: {e}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:
        return _drop_output(0)
    except OSError as e:
        if e.errno not in (errno.ENOSPC, errno.EIO, errno.EDQUOT):
            raise
        print(f"shrinetable: cannot write the output: {e.strerror}", file=sys.stderr)
        return _drop_output(1)


def _drop_output(code: int) -> int:
    """`code`, with what is left unwritten thrown away (else Python tries again at exit
    and prints a traceback of its own)."""
    os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
    return code


if __name__ == "__main__":
    sys.exit(main())
