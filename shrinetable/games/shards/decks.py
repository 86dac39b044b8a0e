"""The deck rules, and decks a player writes.

A deck holds 45 cards or more (no maximum), at most 3 copies of a card, and exactly 7 cards with the
Starting keyword, each a different card. Card names are unique in the set, so a card
id stands for its name. `problems` words each broken rule once, naming the card;
`file_problems` does the same for a deck file, pointing at the line of the card (or
of its `[cards]` table), which is what `shrinetable check` prints. `resolve` turns a
deck option (`deck_p1=...`) into the cards a game starts with: a shipped deck's key
or name, or the path of a deck file. Format: docs/cards-shards.md.
"""

from __future__ import annotations

from shrinetable.formats import decks as shared
from shrinetable.formats.decks import Fault

from .cards import CARDS
from .schema import Card, Deck, DeckFile

MIN_CARDS = 45
COPIES = 3
STARTING = 7


def faults(deck: Deck, cards: dict[str, Card]) -> list[Fault]:
    """Every rule `deck` breaks: its size and its Starting count first, then card by
    card in its order."""
    out: list[Fault] = []
    size = sum(deck.cards.values())
    if size < MIN_CARDS:
        out.append(
            Fault(
                None,
                f"the deck holds {size} cards; a deck holds {MIN_CARDS} or more",
                f"at least {MIN_CARDS} cards",
                size,
            )
        )
    starting = sum(
        n for cid, n in deck.cards.items() if cid in cards and cards[cid].has("starting")
    )
    if starting != STARTING:
        out.append(
            Fault(
                None,
                f"the deck holds {starting} Starting cards; a deck holds exactly {STARTING}",
                f"exactly {STARTING} Starting cards",
                starting,
            )
        )
    return out + shared.card_faults(deck, cards, _too_many)


def _too_many(card: Card, n: int) -> tuple[str, str] | None:
    """The sentence and the rule's words when `n` copies of `card` are too many."""
    if card.has("starting") and n > 1:
        return (
            f"{n} copies of {card.name}, a Starting card; each Starting card only once",
            "a Starting card only once",
        )
    if n > COPIES:
        return f"{n} copies of {card.name}; at most {COPIES} of a card", f"at most {COPIES} copies"
    return None


def files(cards: shared.Catalogue) -> shared.DeckFiles:
    """The deck functions (`problems`, `read_deck_file`, `file_problems`,
    `resolve`) in one card set."""
    return shared.DeckFiles("shards", DeckFile, cards.catalog, faults)


FILES = files(CARDS())  # in the shipped cards and the person's own
