"""Sorcerer's cards: the definitions loaded once per card set from `assets/cards/sorcerer/`,
flattened into small frozen records for the rules, and the card notation.

Inside a game every card is an int, its instance number (from 1; 0 is never a
card). A card is written `<card-id>#<instance>` (`ember-imp#4`), so the text names
the card and stays unique when a deck holds three copies.
"""

from __future__ import annotations

from dataclasses import dataclass

from shrinetable.formats import decks as shared

from .schema import DATA, SPELLS, Card

CHARMING, WISHFUL, ENERGY, QUICK, FLYING, STRONG, GROSS = range(len(SPELLS))
MAX_INSTANCE = 9999  # two decks of at most 50: a larger number is a slip, not a card


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


NONE = Def("none", "no card", CHARMING, "star", 0, 0)  # instance 0: never a card


CARDS = shared.catalogues(DATA, Def.of)  # a card set's cards: CARDS(card_set)
# the shipped cards and the person's own (a game reads its own card set's)
catalog, definitions = CARDS().catalog, CARDS().definitions

deck_key = shared.deck_key


def instance(text: str) -> int:
    """The instance number of a card written `id#N`; NotationError otherwise."""
    return shared.instance(text, "ember-imp#4", MAX_INSTANCE)
