"""The workbench's part of `shrinetable --smoke`: a frozen bundle can lose
Pillow's PNG writer or font, the spawned worker processes, and then fail
only when a designer asks for a report or sheets. Each check runs the real path
on a tiny scale and writes into `folder` (the smoke's temporary folder)."""

from __future__ import annotations

from pathlib import Path

from shrinetable.engine import registry


def report(name: str, folder: Path) -> str:
    """Two games on a worker process, summarized and written as a page with charts."""
    from . import summary
    from .page import write_page
    from .plan import make_plan
    from .run import run_plan

    game = registry.get(name)
    plan = make_plan(game, games=2, seats=None, decks="all", seed=1, max_turns=500)
    ran = run_plan(plan, None, 1, show=False)
    data = {
        **summary.summarize(plan, ran.records, ran.names),
        "run": {
            "command": f"shrinetable report {name} --games 2",
            "seed": 1,
            "cards": None,
            "compare": None,
            "jobs": 1,
            "cluster": None,
            "seconds": round(ran.seconds, 2),
            "games_per_second": None,
            "stopped": ran.stopped,
        },
    }
    page = folder / f"report-{name}.html"
    write_page(data, page)
    return f"{len(ran.records)} games on a worker, {page.stat().st_size // 1024} KB page"


def sheets(name: str, folder: Path) -> str:
    """One page of cards with a bleed (and its backs) as a PDF."""
    from .sheets import Painter, deck_cards, layout, write_sheets

    game = registry.get(name)
    out = folder / f"{name}.pdf"
    lay = layout("a4", "poker", 3.0)
    painter = Painter(game.present, lay.card, lay.bleed)
    cards = deck_cards(game, None)[: lay.cols * lay.rows]
    pages = write_sheets(cards, painter, lay, out, backs=True)
    return f"{pages} pages, {out.stat().st_size // 1024} KB"
