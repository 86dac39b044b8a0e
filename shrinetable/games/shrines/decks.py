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
    """`problems` as the faults of the deck as a whole (a rule names its card)."""
    return [Fault(None, p.removeprefix(f"{deck.name}: ")) for p in problems(deck, cards)]


def files(catalog: Callable[[], tuple[dict[str, Any], Any]]) -> DeckFiles:
    """The deck rules and cards of one card set (`catalog()`), for the tools that
    read and write decks (`CardData.decks`; Shrines reads no deck files)."""
    return DeckFiles("shrines", DeckFile, catalog, faults)


def problems(deck: Deck, cards: dict[str, Card]) -> list[str]:
    """Everything wrong with `deck`, one sentence each (empty when it is legal)."""
    out: list[str] = []
    unknown = [i for i in (deck.shrine, *deck.primary, *deck.secondary) if i not in cards]
    if unknown:
        return [f"{deck.name}: no card called {i!r}" for i in unknown]
    shrine = cards[deck.shrine]
    if shrine.type != "creature" or not shrine.legendary:
        out.append(f"{deck.name}: the Shrine {shrine.name} must be a legendary creature")
    for lib, size in (("primary", PRIMARY), ("secondary", SECONDARY)):
        n = sum(getattr(deck, lib).values())
        if n != size:
            out.append(f"{deck.name}: the {lib.title()} Library holds {n} cards, not {size}")
    every: dict[str, int] = {}
    for lib in ("primary", "secondary"):
        for cid, n in getattr(deck, lib).items():
            every[cid] = every.get(cid, 0) + n
    for cid, n in every.items():
        c = cards[cid]
        if n > COPIES and not (c.type == "source" and c.subtype == "basic"):
            out.append(f"{deck.name}: {n} copies of {c.name}; at most {COPIES}")
        stray = [ch for ch in c.colours or c.produces if ch not in shrine.colours]
        if stray:
            out.append(
                f"{deck.name}: {c.name} needs {''.join(stray)}, which the Shrine "
                f"{shrine.name} ({shrine.colours}) does not give"
            )
    if deck.shrine in every:
        out.append(f"{deck.name}: the Shrine {shrine.name} may not also be in the deck")
    for cid in deck.primary:
        if cards[cid].type == "source":
            out.append(f"{deck.name}: the source {cards[cid].name} belongs in the Secondary")
    return out
