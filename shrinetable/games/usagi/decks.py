"""The deck rules, and decks a player writes.

A deck holds at least 30 cards, at most 3 copies of a card, and at most X copies
of a card marked "Restricted: X" (`restricted = X`). Card names are unique in the
set, so a card id stands for its title. `problems` words each broken rule once,
naming the card; `file_problems` does the same for a deck file, pointing at the
line of the card (or of its `[cards]` table), which is what `shrinetable check`
prints. `resolve` turns a deck option (`deck_p1=...`) into the cards a game
starts with: a shipped deck's key or name, or the path of a deck file. Format:
docs/cards-usagi.md.
"""

from __future__ import annotations

from shrinetable.formats import decks as shared
from shrinetable.formats.decks import Fault

from .cards import CARDS
from .schema import Card, Deck, DeckFile

MIN_CARDS = 30
COPIES = 3


def faults(deck: Deck, cards: dict[str, Card]) -> list[Fault]:
    """Every rule `deck` breaks (`setup`): its size first, then card by card."""
    out: list[Fault] = []
    size = sum(deck.cards.values())
    if size < MIN_CARDS:
        out.append(
            Fault(
                None,
                f"the deck holds {size} cards; a deck holds at least {MIN_CARDS}",
                f"at least {MIN_CARDS} cards",
                size,
            )
        )
    return out + shared.card_faults(deck, cards, _too_many)


def _too_many(card: Card, n: int) -> tuple[str, str] | None:
    """The sentence and the rule's words when `n` copies of `card` are too many."""
    if card.restricted and n > card.restricted:
        return (
            f"{n} copies of {card.name}, marked Restricted: {card.restricted}; "
            f"at most {card.restricted}",
            f"Restricted: at most {card.restricted}",
        )
    if n > COPIES:
        return f"{n} copies of {card.name}; at most {COPIES} of a card", f"at most {COPIES} copies"
    return None


def files(cards: shared.Catalogue) -> shared.DeckFiles:
    """The deck functions (`problems`, `read_deck_file`, `file_problems`,
    `resolve`) in one card set."""
    return shared.DeckFiles("usagi", DeckFile, cards.catalog, faults)


FILES = files(CARDS())  # in the shipped cards and the person's own
