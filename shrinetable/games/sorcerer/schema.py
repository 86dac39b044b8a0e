"""Sorcerer's card-data schema: the pydantic models of `assets/cards/sorcerer/*.toml`
(spell cards) and `decks.toml` (prebuilt decks), read by the generic loader in
`shrinetable/formats/cards.py`, which names file, card, field and line on a fault.

A spell card has a spell type (which carries its special property), a rarity
symbol (which limits its copies in a deck), an attack and a shield number. A card
used as a boost adds its attack number to an attack and its shield number to a
defence (ruling in docs/rules/sorcerer.md), so it needs no boost value of its own.

A deck a player writes is a file of its own (`DeckFile`): the game it is for, a
name and a `[cards]` table; `DATA.deck_file` applies the deck rules to one, which is
how `shrinetable check` validates it without naming this game. Format:
docs/cards-sorcerer.md.
"""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from shrinetable.engine import CardData
from shrinetable.formats.cards import CardTable
from shrinetable.formats.decks import Deck, deck_file_model

SPELLS = ("charming", "wishful", "energy", "quick", "flying", "strong", "gross")
RARITIES = ("star", "moon", "planet", "bolt")


class Card(CardTable):
    """One `[[card]]` table: a spell card."""

    spell: Literal[SPELLS]  # type: ignore[valid-type]
    rarity: Literal[RARITIES]  # type: ignore[valid-type]
    attack: int = Field(ge=0, le=20)
    shield: int = Field(ge=0, le=20)
    text: str = ""  # flavour, in the project's own words


# a deck (card id -> copies) and a player's deck file, as every card game has them
DeckFile = deck_file_model("sorcerer")


# the card files; the game adds its deck rules (`decks`, which reads this module)
DATA = CardData("sorcerer", Card, Deck)
