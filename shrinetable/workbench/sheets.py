"""Print-and-play sheets: a deck or a whole card set as a PDF to print and cut.

Each card is drawn by the table's own face code (`table.art`) at 300 dpi and
placed at its true size, 3x3 to a page, with crop marks in the margins along
every card edge (cards touch, so one cut parts two). With `backs`, every page
of faces is followed by a page of card backs mirrored left to right, so a
long-edge duplex print puts each back behind its face. The PDF is written by
`pdf.py`: the marks are vector lines and each distinct card is embedded once
however many copies the deck holds.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

from .pdf import Pdf

DPI = 300
MM_PER_IN = 25.4
PAPERS = {"a4": (210.0, 297.0), "letter": (215.9, 279.4)}
SIZES = {"poker": (63.0, 88.0), "bridge": (57.15, 88.9)}
COLS = ROWS = 3
GAP = 0.0  # mm between cards: neighbours share a cut (3x88 mm fits letter with marks)
MARK = 4.0  # mm: the length of a crop mark
MARK_OFF = 1.0  # mm: between the cards and a crop mark
LINE = 0.2  # mm: a crop mark's width


def deck_cards(game: Any, deck: str | None) -> list[str]:
    """The cards to print, in notation: every copy in `deck` (seat 1's deck named
    so), else every card of the set once (its card files' ids, or for a game
    without card files every card of a new game)."""
    if deck is not None:
        option = game.deck_option(0)
        if option is None:
            raise ValueError(f"--deck {deck}: {game.name} has no deck to choose")
        choices = next(o.choices for o in game.options if o.name == option)
        if deck not in choices:
            raise ValueError(
                f"--deck {deck}: unknown deck; {game.name}'s decks: {', '.join(map(str, choices))}"
            )
        state = game.new_game(1, {option: deck}, game.min_seats)
        owners = {z.name: z.owner for z in game.view(state, None).zones.values()}
        return sorted(
            c
            for zone, cards in game.all_cards(state).items()
            if owners.get(zone) == 0
            for c in cards
        )
    if game.card_data is not None:
        from shrinetable.formats.cards import load_card_data

        return list(load_card_data(game.card_data, game.cards)[0])
    state = game.new_game(1, {}, game.min_seats)
    return [c for cards in game.all_cards(state).values() for c in cards]


def _pixels(mm: float) -> int:
    return round(mm / MM_PER_IN * DPI)


class Painter:
    """Card faces and backs as Pillow images at print resolution, by the table's art."""

    def __init__(self, present: Any, size_mm: tuple[float, float]):
        os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
        os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
        import pygame

        from shrinetable.table.art import CardArt, Fonts

        pygame.font.init()
        self.pygame = pygame
        self.art = CardArt(Fonts())
        self.art.use(present)
        self.size = (_pixels(size_mm[0]), _pixels(size_mm[1]))
        self._done: dict[str | None, Any] = {}

    def image(self, card: str | None):
        """The face of `card` (None: the back) on white paper, as a Pillow image."""
        if card not in self._done:
            from PIL import Image

            surf = (
                self.art.card(None, self.size) if card is None else self.art.zoom(card, self.size)
            )
            face = Image.frombytes("RGBA", self.size, self.pygame.image.tobytes(surf, "RGBA"))
            self._done[card] = Image.new("RGB", self.size, "white")
            self._done[card].paste(face, mask=face)  # the rounded corners stay paper
        return self._done[card]


def grid(paper: tuple[float, float], card: tuple[float, float]) -> list[tuple[float, float]]:
    """The top-left corner (mm) of each of the nine places on a page, row by row."""
    w = COLS * card[0] + (COLS - 1) * GAP
    h = ROWS * card[1] + (ROWS - 1) * GAP
    x0, y0 = (paper[0] - w) / 2, (paper[1] - h) / 2
    return [
        (x0 + c * (card[0] + GAP), y0 + r * (card[1] + GAP))
        for r in range(ROWS)
        for c in range(COLS)
    ]


def _marks(pdf: Pdf, places: list[tuple[float, float]], card: tuple[float, float]) -> None:
    """Crop marks in the margins, in line with every card edge."""
    xs = sorted({x for x, _ in places} | {x + card[0] for x, _ in places})
    ys = sorted({y for _, y in places} | {y + card[1] for _, y in places})
    top, bottom, left, right = ys[0], ys[-1], xs[0], xs[-1]
    for x in xs:
        pdf.line(x, top - MARK_OFF - MARK, x, top - MARK_OFF, LINE)
        pdf.line(x, bottom + MARK_OFF, x, bottom + MARK_OFF + MARK, LINE)
    for y in ys:
        pdf.line(left - MARK_OFF - MARK, y, left - MARK_OFF, y, LINE)
        pdf.line(right + MARK_OFF, y, right + MARK_OFF + MARK, y, LINE)


def write_sheets(
    cards: list[str],
    present: Any,
    out: Path,
    *,
    paper: str = "a4",
    size: str = "poker",
    backs: bool = False,
    title: str = "",
) -> int:
    """Write the PDF; returns its number of pages."""
    paper_mm, card_mm = PAPERS[paper], SIZES[size]
    places = grid(paper_mm, card_mm)
    painter = Painter(present, card_mm)
    pdf = Pdf(paper_mm, title)
    per_page = COLS * ROWS
    for start in range(0, len(cards), per_page):
        page = cards[start : start + per_page]
        pdf.add_page()
        for (x, y), card in zip(places, page, strict=False):
            pdf.image(painter.image(card), x, y, card_mm[0], card_mm[1])
        _marks(pdf, places, card_mm)
        if backs:  # long-edge duplex: a row's places are mirrored on the back
            pdf.add_page()
            for i in range(len(page)):
                r, c = divmod(i, COLS)
                x, y = places[r * COLS + (COLS - 1 - c)]
                pdf.image(painter.image(None), x, y, card_mm[0], card_mm[1])
            _marks(pdf, places, card_mm)
    pdf.write(out)
    return len(pdf.pages)
