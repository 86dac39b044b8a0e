"""Sorcerer's cards: the definitions loaded once from `assets/cards/sorcerer/`,
flattened into small frozen records for the rules, and the card notation.

Inside a game every card is an int, its instance number (from 1; 0 is never a
card). A card is written `<card-id>#<instance>` (`ember-imp#4`), so the text names
the card and stays unique when a deck holds three copies.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from shrinetable.engine import NotationError
from shrinetable.formats.cards import load_card_data

from .schema import DATA, SPELLS, Card, Deck

CHARMING, WISHFUL, ENERGY, QUICK, FLYING, STRONG, GROSS = range(len(SPELLS))
MAX_INSTANCE = 9999   # two decks of at most 50: a larger number is a slip, not a card


@dataclass(frozen=True, slots=True)
class Def:
    """One card's rules: `spell` is an index into `SPELLS` (CHARMING..GROSS)."""

    id: str
    name: str
    spell: int
    rarity: str
    attack: int
    shield: int

    @staticmethod
    def of(c: Card) -> Def:
        return Def(c.id, c.name, SPELLS.index(c.spell), c.rarity, c.attack, c.shield)

    @property
    def spell_name(self) -> str:
        return SPELLS[self.spell]


NONE = Def("none", "no card", CHARMING, "star", 0, 0)   # instance 0: never a card


@cache
def catalog() -> tuple[dict[str, Card], tuple[Deck, ...]]:
    """The shipped card set and its prebuilt decks (read once)."""
    cards, decks = load_card_data(DATA)
    return cards, tuple(decks)


@cache
def definitions() -> dict[str, Def]:
    """Every shipped card's rules, by id."""
    return {cid: Def.of(c) for cid, c in catalog()[0].items()}


def deck_key(deck: Deck) -> str:
    """A deck's short name: the first word of its title, lower case."""
    return deck.name.split(":")[0].split()[0].lower()


def instance(text: str) -> int:
    """The instance number of a card written `id#N`; NotationError otherwise."""
    cid, sep, n = text.rpartition("#")
    if not sep or not cid or not n.isdigit() or not 1 <= int(n) <= MAX_INSTANCE:
        raise NotationError(f"{text!r} is not a card: write card-id#number, e.g. ember-imp#4")
    return int(n)
