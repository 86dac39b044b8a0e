"""What a game tells the table to draw, as plain data (stdlib only, no pygame).

The table knows no game: it asks the game's `Presentation` for the words on
buttons and in the log, the rules overlay, each card's printed face, and the
decorations of a view (figures per seat, chips on cards and zones, badges,
arrows for declared moves). Colours are RGB triples; every chip carries words,
so nothing reads by colour alone.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

RGB = tuple[int, int, int]


@dataclass(frozen=True, slots=True)
class Chip:
    """A word or figure in a rounded box."""

    text: str
    fill: RGB = (220, 220, 220)
    ink: RGB = (20, 20, 20)


@dataclass(frozen=True, slots=True)
class Face:
    """A card's printed face. `style` "index" is a playing card (corner index and
    symbol, a large centre glyph, a band naming its role); "framed" is a described
    card (frame colours, name, cost pips, type line, keywords or text, numbers)."""

    name: str
    style: str = "framed"
    # index style
    index: str = ""
    symbol: str = ""
    centre: str = ""
    ink: RGB = (22, 22, 28)
    band: Chip | None = None
    # framed style
    frame: tuple[RGB, ...] = ()
    cost: tuple[Chip, ...] = ()
    kind: str = ""              # its type in the game's words ("creature", "relic")
    type_line: str = ""
    keywords: tuple[str, ...] = ()
    text: str = ""
    numbers: tuple[int, int] | None = None   # printed figures in the box (strength/resilience)


@dataclass(frozen=True, slots=True)
class CardDecor:
    """What the table writes over one card on top of its face."""

    edge: int | None = None               # seat whose colour outlines it (who controls it)
    chips: tuple[Chip, ...] = ()          # states, down its left edge
    corner: Chip | None = None            # top right (a creature that cannot act yet)
    numbers: Chip | None = None           # current figures, bottom right, when they differ
    damage: Chip | None = None            # bottom left
    tapped: bool = False
    where: str = ""                       # across its lower edge ("pathway b", "on X")
    notes: tuple[str, ...] = ()           # what its states mean, under the enlarged card


@dataclass(frozen=True, slots=True)
class Arrow:
    """A declared move waiting to happen, from a card to a card or zone."""

    kind: str
    card: str
    target: str
    colour: RGB = (255, 214, 60)


@dataclass(frozen=True)
class Decor:
    """Everything a view adds to the cards, for the table to draw."""

    figures: dict[int, tuple[Chip, ...]] = field(default_factory=dict)   # per seat
    status: dict[int, tuple[Chip, ...]] = field(default_factory=dict)    # per seat
    cards: dict[str, CardDecor] = field(default_factory=dict)
    covers: dict[str, tuple[Chip, ...]] = field(default_factory=dict)    # per zone
    tints: dict[str, RGB] = field(default_factory=dict)                  # per zone
    badges: dict[str, str] = field(default_factory=dict)                 # per zone
    arrows: tuple[Arrow, ...] = ()


class Presentation:
    """Defaults for a game without words of its own: notation on buttons, no
    decorations, no faces (the table draws the card's notation)."""

    rules: str = "No rules summary for this game yet."
    words: dict[str, str] = {}
    templates: dict[str, str] = {}

    def card_face(self, card: str) -> Face | None:
        """The printed face of `card` (in notation); None when unknown."""
        return None

    def describe(self, text: str) -> str:
        """A button label for an action in notation."""
        if text in self.words:
            return self.words[text]
        kind, _, rest = text.partition(" ")
        if kind in self.templates:
            return self.templates[kind].format(rest=rest, kind=kind.title(), upper=rest.upper())
        return text

    def decor(self, view: Any) -> Decor:
        """The decorations of one seat's view."""
        return Decor()
