"""The deck rules: Primary 40, Secondary 20, at most three of a card (basic sources
excepted), only the chosen Shrine's colours (a source's colour is the mana it makes;
colourless cards fit any deck, R16),
sources only in the Secondary, the Shrine a legendary creature not also in the deck."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Literal

from pydantic import create_model

from shrinetable.formats.decks import DeckFiles, Fault

from .schema import Card, Deck

PRIMARY, SECONDARY, COPIES = 40, 20, 3

# a deck as a text list or a command gives it: a deck, and the game it is for
DeckFile = create_model("DeckFile", __base__=Deck, game=(Literal["shrines"], ...))


def faults(deck: Deck, cards: dict[str, Card]) -> list[Fault]:
    """Every rule `deck` breaks, naming the card to blame, with the rule's words
    and the deck's figure against it."""
    unknown = [i for i in (deck.shrine, *deck.primary, *deck.secondary) if i not in cards]
    if unknown:
        return [Fault(i, f"no card called {i!r}", "no such card") for i in unknown]
    out: list[Fault] = []
    shrine = cards[deck.shrine]
    if shrine.type != "creature" or not shrine.legendary:
        out.append(
            Fault(
                deck.shrine,
                f"the Shrine {shrine.name} must be a legendary creature",
                "the Shrine is a legendary creature",
            )
        )
    for lib, size in (("primary", PRIMARY), ("secondary", SECONDARY)):
        n = sum(getattr(deck, lib).values())
        if n != size:
            words = f"{lib.title()} Library"
            out.append(
                Fault(None, f"the {words} holds {n} cards, not {size}", f"{words}: {size}", n)
            )
    every: dict[str, int] = {}
    for lib in ("primary", "secondary"):
        for cid, n in getattr(deck, lib).items():
            every[cid] = every.get(cid, 0) + n
    for cid, n in every.items():
        c = cards[cid]
        if n > COPIES and not (c.type == "source" and c.subtype == "basic"):
            out.append(
                Fault(cid, f"{n} copies of {c.name}; at most {COPIES}", f"at most {COPIES}", n)
            )
        stray = [ch for ch in c.colours or c.produces if ch not in shrine.colours]
        if stray:
            out.append(
                Fault(
                    cid,
                    f"{c.name} needs {''.join(stray)}, which the Shrine "
                    f"{shrine.name} ({shrine.colours}) does not give",
                    f"only the Shrine's colours ({shrine.colours}), not {''.join(stray)}",
                )
            )
    if deck.shrine in every:
        out.append(
            Fault(
                deck.shrine,
                f"the Shrine {shrine.name} may not also be in the deck",
                "the Shrine not also in the deck",
            )
        )
    for cid in deck.primary:
        if cards[cid].type == "source":
            out.append(
                Fault(
                    cid,
                    f"the source {cards[cid].name} belongs in the Secondary",
                    "a source belongs in the Secondary",
                )
            )
    return out


def files(catalog: Callable[[], tuple[dict[str, Any], Any]]) -> DeckFiles:
    """The deck rules and cards of one card set (`catalog()`), for the tools that
    read and write decks (`CardData.decks`), and a deck option's deck: a deck of
    the card set, or one the builder wrote out (`DeckFiles.deck`)."""
    return DeckFiles("shrines", DeckFile, catalog, faults)


def problems(deck: Deck, cards: dict[str, Card]) -> list[str]:
    """Everything wrong with `deck`, one sentence each (empty when it is legal)."""
    return [f"{deck.name}: {f.message}" for f in faults(deck, cards)]
