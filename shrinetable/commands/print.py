"""`shrinetable print GAME --out FILE.pdf`: print-and-play sheets of a deck or a set.

The cards are the table's own faces at 300 dpi, 3x3 to a page at true size with
crop marks (`workbench.sheets`); `--backs` adds a page of backs after each page
of faces for duplex printing. Bad arguments: one line, exit 2, no file written.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from shrinetable.engine import registry
from shrinetable.formats.errors import FormatError
from shrinetable.workbench import output
from shrinetable.workbench.plan import load_checked
from shrinetable.workbench.sheets import PAPERS, SIZES, deck_cards, write_sheets

from .args import add_cards


def add_parser(sub) -> None:
    p = sub.add_parser("print", help="write print-and-play sheets (PDF) of a deck or card set")
    p.add_argument("game", help=f"game name ({', '.join(registry.names())})")
    p.add_argument("--out", required=True, metavar="FILE.pdf", help="the PDF to write")
    p.add_argument("--deck", help="one deck, every copy (default: every card of the set once)")
    p.add_argument("--paper", choices=sorted(PAPERS), default="a4", help="paper (default a4)")
    p.add_argument(
        "--size",
        choices=sorted(SIZES),
        default="poker",
        help="card size: poker 63x88 mm (default), bridge 57x89 mm",
    )
    p.add_argument(
        "--backs",
        action="store_true",
        help="a page of card backs after each page of faces (duplex, long edge)",
    )
    add_cards(p)


def run(args: argparse.Namespace) -> int:
    out = Path(args.out)
    try:
        game = load_checked(args.game, "--cards", args.cards)
        if out.suffix.lower() != ".pdf":
            raise ValueError(f"--out {out}: name a .pdf file")
        output.writable_file(out)
        cards = deck_cards(game, args.deck)
        if not cards:
            raise ValueError(f"{game.name}: no cards to print")
    except (KeyError, ValueError, FormatError) as e:
        print(f"shrinetable print: {e.args[0] if isinstance(e, KeyError) else e}", file=sys.stderr)
        return 2
    pages = []
    output.write_whole(
        out,
        lambda p: pages.append(
            write_sheets(
                cards,
                game.present,
                p,
                paper=args.paper,
                size=args.size,
                backs=args.backs,
                title=f"{game.title} cards",
            )
        ),
    )
    print(
        f"Written {out}: {len(cards)} cards on {pages[0]} pages ({args.paper}, "
        f"{args.size} size{', with backs' if args.backs else ''})."
    )
    return 0
