"""`shrinetable print GAME --out FILE.pdf`: print files of a deck or a set.

The cards are the table's own faces at 300 dpi at true size, as many to a page
as fit inside a 10 mm margin, with crop marks and a stamp line (deck, page,
version) (`workbench.sheets`). `--bleed [MM]` draws each card past its cut (3 mm
when no size is given); `--backs` adds a page of backs after each page of faces
for duplex printing, `--back FILE` with the designer's back image (checked);
`--png DIR` writes one image per card instead of or beside the PDF. Bad
arguments: one line, exit 2, no file written.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from shrinetable.engine import registry
from shrinetable.formats.errors import FormatError
from shrinetable.workbench import output
from shrinetable.workbench.plan import load_checked
from shrinetable.workbench.sheets import (
    PAPERS,
    SIZES,
    Painter,
    check_back,
    deck_cards,
    layout,
    stamp,
    write_pngs,
    write_sheets,
)

from .args import add_cards

BLEED = 3.0  # mm, a print shop's usual bleed
MAX_BLEED = 10.0


def add_parser(sub) -> None:
    p = sub.add_parser("print", help="write print-and-play sheets (PDF) of a deck or card set")
    p.add_argument("game", help=f"game name ({', '.join(registry.names())})")
    p.add_argument("--out", metavar="FILE.pdf", help="the PDF to write")
    p.add_argument("--png", metavar="DIR", help="also (or instead) one 300 dpi PNG per card in DIR")
    p.add_argument("--deck", help="one deck, every copy (default: every card of the set once)")
    p.add_argument("--paper", choices=sorted(PAPERS), default="a4", help="paper (default a4)")
    p.add_argument(
        "--size",
        choices=sorted(SIZES),
        default="poker",
        help="card size: poker 63x88 mm (default), bridge 57x89 mm",
    )
    p.add_argument(
        "--bleed",
        nargs="?",
        const=BLEED,
        default=0.0,
        type=float,
        metavar="MM",
        help=f"draw each card MM past its cut for a print shop ({BLEED:g} mm when MM is left out)",
    )
    p.add_argument(
        "--backs",
        action="store_true",
        help="a page of card backs after each page of faces (duplex)",
    )
    p.add_argument(
        "--back",
        metavar="FILE",
        help="your back image (PNG or JPEG of the card's shape, 150 dpi or more); implies --backs",
    )
    add_cards(p)


def _check(args: argparse.Namespace):
    if args.out is None and args.png is None:
        raise ValueError("give --out FILE.pdf, --png DIR or both")
    if not 0 <= args.bleed <= MAX_BLEED:
        raise ValueError(f"--bleed {args.bleed:g}: give 0 to {MAX_BLEED:g} mm")
    game = load_checked(args.game, "--cards", args.cards)
    out = Path(args.out) if args.out else None
    if out is not None:
        if out.suffix.lower() != ".pdf":
            raise ValueError(f"--out {out}: name a .pdf file")
        output.writable_file(out)
    if args.png:
        output.writable_dir(Path(args.png), "--png")
    lay = layout(args.paper, args.size, args.bleed)
    back = check_back(Path(args.back), lay) if args.back else None
    cards = deck_cards(game, args.deck)
    if not cards:
        raise ValueError(f"{game.name}: no cards to print")
    return game, out, lay, back, cards


def run(args: argparse.Namespace) -> int:
    try:
        game, out, lay, back, cards = _check(args)
    except (KeyError, ValueError, FormatError) as e:
        print(f"shrinetable print: {e.args[0] if isinstance(e, KeyError) else e}", file=sys.stderr)
        return 2
    backs = args.backs or back is not None
    painter = Painter(game.present, lay.card, lay.bleed, back)
    label = f"{game.title} \u00b7 {f'deck {args.deck}' if args.deck else 'every card'}"
    if out is not None:
        pages = []
        output.write_whole(
            out,
            lambda p: pages.append(
                write_sheets(
                    cards,
                    painter,
                    lay,
                    p,
                    backs=backs,
                    title=f"{game.title} cards",
                    label=f"{label} \u00b7 {stamp(game)}",
                )
            ),
        )
        portrait = lay.paper[0] < lay.paper[1]
        duplex = f", with backs: duplex, flip on the {'long' if portrait else 'short'} edge"
        print(
            f"Written {out}: {len(cards)} cards, {lay.cols * lay.rows} to a page, on "
            f"{pages[0]} pages ({args.paper} {'portrait' if portrait else 'landscape'}, "
            f"{args.size} size, bleed {lay.bleed:g} mm{duplex if backs else ''}). "
            "Print at 100% (actual size)."
        )
    if args.png:
        n = write_pngs(cards, painter, Path(args.png), backs)
        print(f"Written {n} card images (300 dpi, bleed {lay.bleed:g} mm) to {args.png}.")
    return 0
