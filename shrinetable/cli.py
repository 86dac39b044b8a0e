"""Command line: `shrinetable [COMMAND] ...`; no command opens the table.

Each command lives in `shrinetable/commands/<name>.py` with `add_parser(sub)`
and `run(args) -> int`; this module only dispatches, so a command can be added
without touching the others. Bad arguments exit 2 with a usage message.
"""

from __future__ import annotations

import argparse
import errno
import importlib
import os
import sys

from shrinetable.commands.args import use_cards
from shrinetable.formats.errors import FormatError

COMMANDS = ("play", "check", "scenario", "simulate", "bench", "demo")


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="shrinetable",
        description="A card table for a family of card games, every rule enforced.")
    parser.add_argument("--smoke", action="store_true",
                        help="load every game and exit 0 if all is well (for packaging checks)")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    for name in COMMANDS:
        module = importlib.import_module(f"shrinetable.commands.{name}")
        module.add_parser(sub)
    return parser


def main(argv: list[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    if args.command is None:
        name = "smoke" if args.smoke else "play"
    else:
        name = args.command
    module = importlib.import_module(f"shrinetable.commands.{name}")
    try:
        use_cards(getattr(args, "cards", None))
    except ValueError as e:
        print(f"shrinetable: {e}", file=sys.stderr)
        return 2
    try:
        code = module.run(args)
        sys.stdout.flush()   # a full device says so here, not at exit
        return code
    except FormatError as e:   # a shipped file a designer edited (card data read on import)
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
