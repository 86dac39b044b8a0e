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

import difflib
from dataclasses import dataclass
from pathlib import Path

from pydantic import ValidationError

from shrinetable.formats.errors import FormatError, find_line, key_path, read_toml

from .cards import catalog, deck_key
from .schema import Card, Deck, DeckFile

MIN_CARDS = 30
COPIES = 3


@dataclass(frozen=True)
class Fault:
    """One broken rule: the card to blame (None: the deck as a whole) and why."""

    card: str | None
    message: str

    @property
    def key(self) -> str:
        return f"card {self.card!r}" if self.card else "cards"

    @property
    def loc(self) -> tuple[str, ...]:
        return ("cards", self.card) if self.card else ("cards",)


def faults(deck: Deck, cards: dict[str, Card]) -> list[Fault]:
    """Every rule `deck` breaks (`setup`): its size first, then card by card."""
    out: list[Fault] = []
    size = sum(deck.cards.values())
    if size < MIN_CARDS:
        out.append(Fault(None, f"the deck holds {size} cards; a deck holds at least "
                               f"{MIN_CARDS}"))
    for cid, n in deck.cards.items():
        card = cards.get(cid)
        if card is None:
            near = difflib.get_close_matches(cid, cards, n=1)
            hint = f"; did you mean {near[0]!r}?" if near else ""
            out.append(Fault(cid, f"no card has this id{hint}"))
        elif card.restricted and n > card.restricted:
            out.append(Fault(cid, f"{n} copies of {card.name}, marked Restricted: "
                                  f"{card.restricted}; at most {card.restricted}"))
        elif n > COPIES:
            out.append(Fault(cid, f"{n} copies of {card.name}; at most {COPIES} of a card"))
    return out


def problems(deck: Deck, cards: dict[str, Card]) -> list[str]:
    """Everything wrong with `deck`, one sentence each (empty when it is legal)."""
    return [f"{deck.name}: {f.key}: {f.message}" for f in faults(deck, cards)]


def read_deck_file(path: str | Path) -> tuple[DeckFile, str]:
    """The deck in a deck file, and the file's text; FormatError (file, key, line)
    when it is not a deck file's shape."""
    text, raw = read_toml(path)
    try:
        return DeckFile.model_validate(raw), text
    except ValidationError as e:
        err = e.errors()[0]
        loc = tuple(err["loc"])
        msg = err["msg"]
        if err["type"] == "missing":
            msg = 'missing: a deck file holds game = "usagi", a name and a [cards] table'
        raise FormatError(str(path), key_path(loc), msg, find_line(text, loc)) from None


def _file_faults(path: str | Path) -> tuple[DeckFile, list[str]]:
    deck, text = read_deck_file(path)
    return deck, [str(FormatError(str(path), f.key, f.message, find_line(text, f.loc)))
                  for f in faults(deck, catalog()[0])]


def file_problems(path: str) -> list[str]:
    """The deck rules on the deck file at `path` (the `deck_file` card-data hook)."""
    return _file_faults(path)[1]


def resolve(value: str) -> tuple[str, list[str]]:
    """A deck option's deck: its name and card ids (each copy once, in the deck's
    order). `value` is a shipped deck's key or name, or the path of a deck file;
    ValueError saying what is wrong otherwise, or with the file's problems."""
    _, decks = catalog()
    for d in decks:
        if value.strip().lower() in (deck_key(d), d.name.lower()):
            return d.name, _ids(d)
    if Path(value).is_file():
        try:
            deck, bad = _file_faults(value)
        except FormatError as e:
            raise ValueError(str(e)) from None
        if bad:
            raise ValueError("\n".join(bad))
        return deck.name, _ids(deck)
    keys = ", ".join(deck_key(d) for d in decks)
    raise ValueError(f"no deck called {value!r}: give a shipped deck ({keys}) "
                     f"or the path of a deck file")


def _ids(deck: Deck) -> list[str]:
    return [cid for cid, n in deck.cards.items() for _ in range(n)]
