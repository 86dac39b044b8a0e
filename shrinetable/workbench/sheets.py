"""Print-and-play sheets: a deck or a whole card set as a PDF a print shop takes,
and as one PNG per card.

Each card is drawn by the table's own face code (`table.art`) at 300 dpi and
placed at its true size, as many to a page as fit (portrait or landscape,
whichever holds more) with nothing printed within 10 mm of the paper's edge,
where many printers cannot print. Crop marks run in the margin along every cut.
With a bleed the cards stand apart by twice the bleed and each is drawn that
much past its cut in its border's colour; without one neighbours share a cut.
The deck, page and version stamp is a line under the cards. With backs (the
game's or an image the designer gives), every page of faces is followed by a
page of backs mirrored left to right, so a duplex print flipped on the page's
vertical axis puts each back behind its face. Pictures are made one at a time
and kept only compressed (`pdf.py`): a sheet of any deck stays small in memory.
"""

from __future__ import annotations

import hashlib
import math
import os
from dataclasses import dataclass
from functools import partial
from pathlib import Path
from typing import Any

from .pdf import Pdf

DPI = 300
MM_PER_IN = 25.4
PAPERS = {"a4": (210.0, 297.0), "letter": (215.9, 279.4)}
SIZES = {"poker": (63.0, 88.0), "bridge": (57.15, 88.9)}
MARGIN = 10.0  # mm along every paper edge where nothing is printed
MARK = 2.5  # mm: the length of a crop mark
MARK_OFF = 1.0  # mm: between the bleed's edge and a crop mark
LINE = 0.2  # mm: a crop mark's width
STAMP = 5.0  # mm under the marks for the stamp line
STAMP_PT = 7.0
BACK_DPI = 150  # the least resolution a back image may have at the card's size
SHAPE = 0.03  # how far a back image's shape may stray from the card's


def deck_cards(game: Any, deck: str | None) -> list[str]:
    """The cards to print, in notation: every copy in `deck` (seat 1's deck named
    so), else every card of the set once (its card files' ids, or for a game
    without card files its pack, `Game.pack`)."""
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
    return game.pack()


def stamp(game: Any) -> str:
    """The version stamp: the program's version and, for a game with card files,
    a short digest of the card set printed (the shipped files and the designer's)."""
    from shrinetable.resources import VERSION

    words = f"shrinetable {VERSION}"
    if game.card_data is None:
        return words
    from shrinetable.formats.cards import card_folder, user_folders

    digest = hashlib.sha256()
    for folder in [card_folder(game.card_data), *user_folders(game.card_data, game.cards)]:
        for path in sorted(Path(folder).glob("*.toml")):
            digest.update(path.name.encode() + path.read_bytes())
    return f"{words}, cards {digest.hexdigest()[:8]}"


def pixels(mm: float) -> int:
    return round(mm / MM_PER_IN * DPI)


@dataclass(frozen=True)
class Layout:
    """Where the cards of a page go: the paper (mm, as placed), the card's cut
    size, the bleed, and the top-left corner of each place's cut."""

    paper: tuple[float, float]
    card: tuple[float, float]
    bleed: float
    cols: int
    rows: int

    @property
    def slot(self) -> tuple[float, float]:
        return self.card[0] + 2 * self.bleed, self.card[1] + 2 * self.bleed

    def places(self) -> list[tuple[float, float]]:
        """The top-left corner (mm) of each place's cut, row by row."""
        sw, sh = self.slot
        x0 = (self.paper[0] - self.cols * sw) / 2 + self.bleed
        y0 = (self.paper[1] - STAMP - self.rows * sh) / 2 + self.bleed
        return [(x0 + c * sw, y0 + r * sh) for r in range(self.rows) for c in range(self.cols)]


def layout(paper: str, size: str, bleed: float) -> Layout:
    """The page that holds most cards with marks and stamp inside the margin;
    ValueError when not one card fits."""
    card = SIZES[size]
    best = None
    for w, h in (PAPERS[paper], PAPERS[paper][::-1]):
        room = 2 * (MARGIN + MARK_OFF + MARK)
        cols = math.floor((w - room) / (card[0] + 2 * bleed))
        rows = math.floor((h - room - STAMP) / (card[1] + 2 * bleed))
        if cols > 0 and rows > 0 and (best is None or cols * rows > best.cols * best.rows):
            best = Layout((w, h), card, bleed, cols, rows)
    if best is None:
        raise ValueError(f"--bleed {bleed:g}: a {size} card with that bleed does not fit {paper}")
    return best


def check_back(path: Path, lay: Layout) -> Any:
    """The back image at `path` as a Pillow image, checked: a PNG or JPEG of the
    card's shape (with or without the bleed), at least 150 dpi at that size;
    ValueError saying what is wrong otherwise."""
    from PIL import Image, UnidentifiedImageError

    flag = f"--back {path}"
    try:
        with Image.open(path) as probe:
            kind = probe.format
            probe.verify()
        img = Image.open(path)
        img.load()
    except FileNotFoundError:
        raise ValueError(f"{flag}: no such file") from None
    except (UnidentifiedImageError, OSError, SyntaxError) as e:
        raise ValueError(f"{flag}: not a PNG or JPEG image ({e})") from None
    if kind not in ("PNG", "JPEG"):
        raise ValueError(f"{flag}: a {kind} image; give a PNG or JPEG")
    shapes = [lay.card, lay.slot]
    ratio = img.width / img.height
    if not any(abs(ratio / (w / h) - 1) <= SHAPE for w, h in shapes):
        sizes = " or ".join(f"{w:g}x{h:g} mm" for w, h in dict.fromkeys(shapes))
        raise ValueError(
            f"{flag}: {img.width}x{img.height} px is not the card's shape ({sizes}); "
            "crop it to that"
        )
    least = (round(lay.card[0] / MM_PER_IN * BACK_DPI), round(lay.card[1] / MM_PER_IN * BACK_DPI))
    if img.width < least[0] or img.height < least[1]:
        raise ValueError(
            f"{flag}: {img.width}x{img.height} px is too coarse to print; give at least "
            f"{least[0]}x{least[1]} px ({BACK_DPI} dpi at {lay.card[0]:g}x{lay.card[1]:g} mm)"
        )
    return img.convert("RGB")


class Painter:
    """Card faces and backs as Pillow images at print resolution, by the table's
    art, each with its bleed; made anew each time (the PDF keeps them compressed)."""

    def __init__(self, present: Any, size_mm: tuple[float, float], bleed: float, back: Any = None):
        os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
        os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
        import pygame

        from shrinetable.table.art import CardArt, Fonts

        pygame.font.init()
        self.pygame = pygame
        self.art = CardArt(Fonts())
        self.art.use(present)
        self.size = (pixels(size_mm[0]), pixels(size_mm[1]))
        self.edge = pixels(bleed)
        self.back = back

    def image(self, card: str | None):
        """The face of `card` (None: the back) with its bleed, as a Pillow image:
        the card's rounded corners and the bleed take its border's colour (white
        paper without a bleed)."""
        from PIL import Image

        e = self.edge
        full = (self.size[0] + 2 * e, self.size[1] + 2 * e)
        if card is None and self.back is not None:
            return self.back.resize(full, Image.Resampling.LANCZOS)
        surf = self.art.card(None, self.size) if card is None else self.art.zoom(card, self.size)
        self.art.clear()  # one card at a time: a large set's faces would fill memory
        face = Image.frombytes("RGBA", self.size, self.pygame.image.tobytes(surf, "RGBA"))
        pixel: Any = face.getpixel((self.size[0] // 2, 3))
        paper = pixel[:3] if e else "white"
        out = Image.new("RGB", full, paper)
        out.paste(face, (e, e), mask=face)
        return out


def _marks(pdf: Pdf, lay: Layout) -> None:
    """Crop marks in the margin, in line with every cut, clear of the bleed."""
    places = lay.places()
    w, h = lay.card
    xs = sorted({x for x, _ in places} | {x + w for x, _ in places})
    ys = sorted({y for _, y in places} | {y + h for _, y in places})
    top, bottom = ys[0] - lay.bleed, ys[-1] + lay.bleed
    left, right = xs[0] - lay.bleed, xs[-1] + lay.bleed
    for x in xs:
        pdf.line(x, top - MARK_OFF - MARK, x, top - MARK_OFF, LINE)
        pdf.line(x, bottom + MARK_OFF, x, bottom + MARK_OFF + MARK, LINE)
    for y in ys:
        pdf.line(left - MARK_OFF - MARK, y, left - MARK_OFF, y, LINE)
        pdf.line(right + MARK_OFF, y, right + MARK_OFF + MARK, y, LINE)


def _stamp(pdf: Pdf, lay: Layout, words: str) -> None:
    """The stamp line under the bottom marks, from the cards' left edge."""
    x, y = lay.places()[0]
    bottom = lay.places()[-1][1] + lay.card[1] + lay.bleed
    pdf.text(x - lay.bleed, bottom + MARK_OFF + MARK + STAMP - 1.5, STAMP_PT, words)


def write_sheets(
    cards: list[str],
    painter: Painter,
    lay: Layout,
    out: Path,
    *,
    backs: bool = False,
    title: str = "",
    label: str = "",
) -> int:
    """Write the PDF; returns its number of pages. `label` heads each page's stamp."""
    pdf = Pdf(lay.paper, title)
    places = lay.places()
    per_page = len(places)
    pages = math.ceil(len(cards) / per_page) * (2 if backs else 1)
    sw, sh = lay.slot
    b = lay.bleed
    for start in range(0, len(cards), per_page):
        page = cards[start : start + per_page]
        pdf.add_page()
        for (x, y), card in zip(places, page, strict=False):
            pdf.image(card, partial(painter.image, card), x - b, y - b, sw, sh)
        _marks(pdf, lay)
        _stamp(pdf, lay, f"{label}  page {len(pdf.pages)}/{pages}")
        if backs:  # mirrored left to right: a duplex flip about the page's upright axis
            pdf.add_page()
            for i in range(len(page)):
                r, c = divmod(i, lay.cols)
                x, y = places[r * lay.cols + (lay.cols - 1 - c)]
                pdf.image("\0back", lambda: painter.image(None), x - b, y - b, sw, sh)
            _marks(pdf, lay)
            _stamp(pdf, lay, f"{label}  page {len(pdf.pages)}/{pages} (backs)")
    pdf.write(out)
    return len(pdf.pages)


def write_pngs(cards: list[str], painter: Painter, folder: Path, backs: bool) -> int:
    """One PNG per distinct card (and the back, with `backs`) at 300 dpi, bleed
    included, named by order and id; returns how many were written."""
    from . import output

    distinct = list(dict.fromkeys(cards)) + ([None] if backs else [])
    for n, card in enumerate(distinct, 1):
        name = "back" if card is None else "".join(ch if ch.isalnum() else "-" for ch in card)
        path = folder / f"{n:03d}-{name}.png"
        img = painter.image(card)
        output.write_whole(path, partial(_png, img))
    return len(distinct)


def _png(img: Any, path: Path) -> None:
    img.save(path, "PNG", dpi=(DPI, DPI))
