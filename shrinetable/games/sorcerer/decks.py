"""The deck rules, and decks a player writes.

A deck holds 20 to 50 cards, at most 3 copies of any star, moon or planet card and
at most 1 of any bolt card. `problems` words each broken rule once, naming the card;
`file_problems` does the same for a deck file, pointing at the line of the card (or
of its `[cards]` table), which is what `shrinetable check` prints. `resolve` turns a
deck option (`deck_p1=...`) into the cards a game starts with: a shipped deck's key
or name, or the path of a deck file. Format: docs/cards-sorcerer.md.
"""

from __future__ import annotations

from shrinetable.formats import decks as shared
from shrinetable.formats.decks import Fault

from .cards import CARDS
from .schema import Card, Deck, DeckFile

MIN_CARDS, MAX_CARDS = 20, 50
COPIES = {"star": 3, "moon": 3, "planet": 3, "bolt": 1}


def faults(deck: Deck, cards: dict[str, Card]) -> list[Fault]:
    """Every rule `deck` breaks: its size first, then card by card in its order."""
    out: list[Fault] = []
    size = sum(deck.cards.values())
    if not MIN_CARDS <= size <= MAX_CARDS:
        out.append(
            Fault(
                None,
                f"the deck holds {size} cards; a deck holds {MIN_CARDS} to {MAX_CARDS}",
                f"{MIN_CARDS} to {MAX_CARDS} cards",
                size,
            )
        )
    return out + shared.card_faults(deck, cards, _too_many)


def _too_many(card: Card, n: int) -> tuple[str, str] | None:
    """The sentence and the rule's words when `n` copies of `card` are too many."""
    most = COPIES[card.rarity]
    if n <= most:
        return None
    which = "bolt card" if card.rarity == "bolt" else "star, moon or planet card"
    return (
        f"{n} copies of {card.name}, a {card.rarity} card; at most {most} of each {which}",
        f"at most {most} of a {card.rarity} card",
    )


def files(cards: shared.Catalogue) -> shared.DeckFiles:
    """The deck functions (`problems`, `read_deck_file`, `file_problems`,
    `resolve`) in one card set."""
    return shared.DeckFiles("sorcerer", DeckFile, cards.catalog, faults)


FILES = files(CARDS())  # in the shipped cards and the person's own
