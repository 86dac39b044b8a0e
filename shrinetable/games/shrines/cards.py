"""Shrines' cards: the definitions loaded from `assets/cards/shrines/`, flattened for the
rules, and the card notation.

Inside a game every card is an int (its instance id); tokens get ids past the dealt
cards. A card is written `<card-id>#<instance>` (e.g. `ashen-brute#17`), so the text
names the card and stays unique when a deck holds three copies. Sites are written
`a1`..`c5`: pathway a/b/c, row 1 (p1's melee) to 5 (p2's melee).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from shrinetable.engine import SHIPPED_AND_MINE, CardSet, NotationError
from shrinetable.formats.cards import load_card_data

from .schema import COLOURS, DATA, Aura, Card, Deck, Effect

PATHS = "abc"
ROWS = 5


@dataclass(frozen=True, slots=True)
class Cost:
    x: bool = False
    generic: int = 0
    colours: tuple[int, ...] = (0, 0, 0, 0, 0)  # B Y R G P

    @property
    def converted(self) -> int:
        return self.generic + sum(self.colours)

    def __add__(self, other: Cost) -> Cost:
        return Cost(
            self.x or other.x,
            self.generic + other.generic,
            tuple(a + b for a, b in zip(self.colours, other.colours, strict=True)),
        )

    def __str__(self) -> str:
        return (
            ("X" if self.x else "")
            + (str(self.generic) if self.generic or not any(self.colours) and not self.x else "")
            + "".join(ch * n for ch, n in zip(COLOURS, self.colours, strict=True))
        )

    @staticmethod
    def parse(text: str) -> Cost:
        x = text.startswith("X")
        body = text[1:] if x else text
        digits = "".join(ch for ch in body if ch.isdigit())
        cols = tuple(body.count(c) for c in COLOURS)
        return Cost(x, int(digits or 0), cols)


def affordable(pool: list[int], cost: Cost, x: int = 0) -> bool:
    left = [a - b for a, b in zip(pool, cost.colours, strict=True)]
    return min(left) >= 0 and sum(left) >= cost.generic + x


@dataclass(frozen=True, slots=True)
class Def:
    """One card's rules, flattened from the file (tokens get one too)."""

    id: str
    name: str
    type: str
    subtype: str
    cost: Cost
    strength: int
    resilience: int
    legendary: bool
    kw: dict[str, int]
    effects: tuple[Effect, ...] = ()
    deathwish: tuple[Effect, ...] = ()
    tap: tuple[Effect, ...] = ()
    produces: int = -1
    area: str = ""
    aura: Aura | None = None
    trigger: str = ""
    attach_cost: Cost | None = None
    token: bool = False
    colours: str = ""

    @staticmethod
    def of(c: Card) -> Def:
        return Def(
            c.id,
            c.name,
            c.type,
            c.subtype,
            Cost.parse(c.cost),
            c.strength,
            c.resilience,
            c.legendary,
            keywords(c.abilities),
            c.effects,
            c.deathwish,
            c.tap,
            COLOURS.index(c.produces) if c.produces else -1,
            c.area,
            c.aura,
            c.trigger,
            Cost.parse(c.attach_cost) if c.attach_cost else None,
            False,
            c.colours or c.produces,
        )

    def play_cost(self, onto_creature: bool = False) -> Cost:
        """What playing it costs: a tool played straight onto a creature also pays
        its attach cost, if it has one; only tools without one attach as they come
        in (clause tool)."""
        if self.subtype == "tool" and onto_creature and self.attach_cost is not None:
            return self.cost + self.attach_cost
        return self.cost

    @staticmethod
    def token_of(e: Effect) -> Def:
        slug = "-".join(e.name.lower().split())
        return Def(
            slug,
            e.name,
            "creature",
            "",
            Cost(),
            e.strength,
            e.resilience,
            False,
            keywords(e.abilities),
            token=True,
        )


def keywords(abilities) -> dict[str, int]:
    """`("range 2", "flying")` -> {"range": 2, "flying": 1}."""
    out = {}
    for a in abilities:
        word, _, n = a.partition(" ")
        out[word] = int(n) if n else 1
    return out


@cache
def starter(card_set: CardSet = SHIPPED_AND_MINE) -> tuple[dict[str, Card], tuple[Deck, ...]]:
    """The cards of a card set (by default the shipped set and the person's own)
    and its preconstructed decks (loaded once a set)."""
    cards, decks = load_card_data(DATA, card_set)
    return cards, tuple(decks)


def deck_key(deck: Deck) -> str:
    """A deck's short name: the first word of its title, lower case (`blue`)."""
    return deck.name.split(":")[0].split()[0].lower()


def site_name(i: int) -> str:
    return f"{PATHS[i % 3]}{i // 3 + 1}"


def site_index(text: str) -> int:
    t = text.strip().lower()
    if len(t) == 2 and t[0] in PATHS and t[1] in "12345":
        return (int(t[1]) - 1) * 3 + PATHS.index(t[0])
    raise NotationError(f"{text!r} is not a site: write pathway a-c then row 1-5, e.g. b1")


def instance(text: str) -> int:
    """The instance id of a card written `id#N`; NotationError otherwise."""
    _, sep, n = text.rpartition("#")
    if not sep or not n.isdigit():
        raise NotationError(f"{text!r} is not a card: write card-id#number, e.g. ashen-brute#17")
    return int(n)
