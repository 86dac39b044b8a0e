"""Decks a player writes, for any card game whose decks are data: a deck file, the
faults of a deck worded with their line, and a deck option's value turned into the
cards a game starts with. Also the short name of a deck and the card notation
(`<card-id>#<instance>`) those games share.

A game keeps its own deck rules (`faults(deck, cards) -> list[Fault]`) and passes
them in, with its name, its deck-file model and its `catalog()` (the cards and
decks of one card set), so the words and the order of the checks are the same for
every game. A game's cards are read per card set (`Catalogue`).
"""

from __future__ import annotations

import difflib
import json
import os
import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING, Any

from shrinetable.engine import SHIPPED_AND_MINE, CardSet, Face, NotationError, Presentation

from .errors import FormatError, find_line, key_path, read_toml
from .files import is_file, not_a_file

if TYPE_CHECKING:
    from pydantic import BaseModel

NUMBER = re.compile(r"[0-9]{1,9}")  # an instance number (int() refuses 4,300 digits, "²")
INLINE = "deck:"  # a deck written out in an option's value: deck:{"name": ..., "cards": {...}}

Catalog = Callable[[], tuple[dict[str, Any], Sequence[Any]]]
Faults = Callable[[Any, dict[str, Any]], list["Fault"]]


@dataclass(frozen=True)
class Fault:
    """One broken rule: the card to blame (None: the deck as a whole), why in a
    sentence (`shrinetable check`), and the rule in a few words with the deck's
    figure against it, which a builder shows as the player builds: "at least 30
    cards" and 28 read "at least 30 cards (28)"."""

    card: str | None
    message: str
    rule: str = ""
    figure: int | None = None

    def said(self, cards: dict[str, Any]) -> str:
        """The rule and its figure, after the card's name: "Ambush: at most 3 of a
        card (4)"; the sentence when the game gave no rule words."""
        words = self.rule or self.message
        if self.figure is not None:
            words += f" ({self.figure})"
        name = getattr(cards.get(self.card or ""), "name", self.card)
        return f"{name}: {words}" if self.card else words

    @property
    def key(self) -> str:
        return f"card {self.card!r}" if self.card else "cards"

    @property
    def loc(self) -> tuple[str, ...]:
        """Where it is written in a deck file: the card's line, or the table's."""
        return ("cards", self.card) if self.card else ("cards",)

    @staticmethod
    def unknown(cid: str, cards: dict[str, Any]) -> Fault:
        """A deck names `cid`, which no card of `cards` has: the nearest id as a hint."""
        near = difflib.get_close_matches(cid, cards, n=1)
        hint = f"; did you mean {near[0]!r}?" if near else ""
        return Fault(cid, f"no card has this id{hint}", "no such card")


def card_faults(
    deck: Any, cards: dict[str, Any], too_many: Callable[[Any, int], tuple[str, str] | None]
) -> list[Fault]:
    """A deck's faults card by card, in its order: an id no card has (with a guess),
    or the game's sentence and rule words `too_many(card, n)` when `n` copies
    break its limits (the figure is `n`)."""
    out = []
    for cid, n in deck.cards.items():
        card = cards.get(cid)
        why = None if card is None else too_many(card, n)
        if card is None:
            out.append(Fault.unknown(cid, cards))
        elif why:
            out.append(Fault(cid, why[0], why[1], n))
    return out


@dataclass(frozen=True)
class DeckFiles:
    """A game's deck functions, made from its name (as a deck file's `game` says
    it), its deck-file model, its `catalog()` and its deck rules `faults(deck, cards)`."""

    game: str
    model: type[BaseModel]
    catalog: Catalog
    faults: Faults

    def hooks(self, data: Any) -> Any:
        """The game's `CardData` with its deck hooks (`deck_file`, `resolve_deck`,
        `write_out`, `names_file`) filled in from these functions, and these (`decks`)."""
        return replace(
            data,
            deck_file=self.file_problems,
            resolve_deck=self.resolve,
            write_out=self.write_out,
            names_file=self.names_file,
            decks=self,
        )

    def dealt(self, value: str, defs: dict[str, Any]) -> list[Any]:
        """The cards of the deck a deck option's `value` names (see `resolve`), as
        the game's definitions `defs` by id: what a deal starts from."""
        return [defs[c] for c in self.resolve(value)[1]]

    def problems(self, deck: Any, cards: dict[str, Any]) -> list[str]:
        """Everything wrong with `deck`, one sentence each (empty when it is legal)."""
        return [f"{deck.name}: {f.key}: {f.message}" for f in self.faults(deck, cards)]

    def read_deck_file(self, path: str | Path) -> tuple[Any, str]:
        """The deck in a deck file, and the file's text; FormatError (file, key, line)
        when it is not a deck file's shape."""
        from pydantic import ValidationError

        text, raw = read_toml(path)
        try:
            return self.model.model_validate(raw), text
        except ValidationError as e:
            err = e.errors()[0]
            loc = tuple(err["loc"])
            msg = err["msg"]
            if err["type"] == "missing":
                msg = f'missing: a deck file holds game = "{self.game}", a name and a [cards] table'
            raise FormatError(str(path), key_path(loc), msg, find_line(text, loc)) from None

    def file_faults(self, path: str | Path) -> tuple[Any, list[str]]:
        """A deck file's deck and its problems, as `FILE:LINE: card 'x': message`."""
        deck, text = self.read_deck_file(path)
        return deck, [
            str(FormatError(str(path), f.key, f.message, find_line(text, f.loc)))
            for f in self.faults(deck, self.catalog()[0])
        ]

    def file_problems(self, path: str) -> list[str]:
        """The deck rules on the deck file at `path` (the `deck_file` card-data hook)."""
        return self.file_faults(path)[1]

    def resolve(self, value: str) -> tuple[str, list[str]]:
        """A deck option's deck: its name and card ids (each copy once, in the deck's
        order; see `deck`)."""
        deck = self.deck(value)
        return deck.name, ids(deck)

    def deck(self, value: str) -> Any:
        """A deck option's deck, as the game's deck model. `value` is a shipped
        deck's key or name, a deck written out (`INLINE`, as a save keeps it) or
        the path of a deck file; ValueError saying what is wrong otherwise, or
        with the deck's problems."""
        cards, decks = self.catalog()
        shipped = self.shipped(value)
        if shipped is not None:
            return shipped
        if value.startswith(INLINE):
            deck = self._written_out(value)
            bad = self.problems(deck, cards)
            if bad:
                raise ValueError(
                    "the deck kept in the save breaks the deck rules now: " + "; ".join(bad)
                )
            return deck
        if is_file(value):
            try:
                deck, bad = self.file_faults(value)
            except FormatError as e:
                raise ValueError(str(e)) from None
            if bad:
                raise ValueError("\n".join(bad))
            return deck
        if os.path.lexists(value) and (wrong := not_a_file(value)):  # a FIFO, a loop, a folder
            raise ValueError(f"the deck file {value}: cannot read it: {wrong}")
        keys = ", ".join(deck_key(d) for d in decks)
        raise ValueError(
            f"no deck called {value!r}: give a shipped deck ({keys}) or the path of a deck file"
        )

    def shipped(self, value: str) -> Any | None:
        """The shipped deck `value` names by its key or its name, if it does."""
        return next(
            (
                d
                for d in self.catalog()[1]
                if value.strip().lower() in (deck_key(d), d.name.lower())
            ),
            None,
        )

    def names_file(self, value: str) -> bool:
        """Whether a deck option's `value` is the path of a file (not a shipped
        deck, not a deck written out)."""
        return not value.startswith(INLINE) and self.shipped(value) is None

    def _written_out(self, value: str) -> Any:
        """The deck an `INLINE` value holds; ValueError when it is damaged."""
        try:
            return self.model.model_validate(
                {**json.loads(value[len(INLINE) :]), "game": self.game}
            )
        except (ValueError, TypeError) as e:  # pydantic's ValidationError is a ValueError
            raise ValueError(
                f"the deck kept in the save is damaged: {str(e).splitlines()[0]}"
            ) from None

    def write_out(self, value: str) -> str:
        """A deck option's value that names no file: a deck file's deck written
        out (`INLINE`), so a game goes on whatever becomes of the file; other
        values as they are. ValueError as `resolve`."""
        if not self.names_file(value):
            return value
        fields = self.deck(value).model_dump(exclude={"game"}, exclude_defaults=True)
        return INLINE + json.dumps(fields, separators=(",", ":"))


def deck_options(game: Any) -> list[Any]:
    """The options of `game` that take a deck (`OptionSpec.file == "deck"`)."""
    data = game.card_data
    return [o for o in game.options if o.file == "deck"] if data and data.write_out else []


def written_out(game: Any, options: dict[str, Any]) -> dict[str, Any]:
    """`options` with every deck file they name written out (see `write_out`)."""
    out = dict(options)
    for o in deck_options(game):
        if isinstance(out.get(o.name), str):
            out[o.name] = game.card_data.write_out(out[o.name])
    return out


def named_file(game: Any, options: dict[str, Any]) -> str | None:
    """The first deck option of `options` that names a file (a save may not)."""
    return next(
        (
            f"{o.name}={options[o.name]!r}"
            for o in deck_options(game)
            if isinstance(options.get(o.name), str) and game.card_data.names_file(options[o.name])
        ),
        None,
    )


class Catalogue:
    """A game's cards in one card set (by its `CardData`): `catalog()`, the cards
    by id and the decks, and `definitions()`, `define(card)` for every card by id,
    each read or made once."""

    def __init__(self, data: Any, define: Callable[[Any], Any], cards: CardSet):
        self.data, self.define, self.cards = data, define, cards

    @cache  # noqa: B019 (one per card set and game, kept for the process)
    def catalog(self) -> tuple[dict[str, Any], tuple[Any, ...]]:
        from .cards import load_card_data  # pydantic, imported by games with cards only

        cards, decks = load_card_data(self.data, self.cards)
        return cards, tuple(decks)

    @cache  # noqa: B019
    def definitions(self) -> dict[str, Any]:
        return {cid: self.define(c) for cid, c in self.catalog()[0].items()}


def catalogues(data: Any, define: Callable[[Any], Any]) -> Callable[..., Catalogue]:
    """A game's `Catalogue` of each card set, made once per set."""

    @cache
    def of(cards: CardSet = SHIPPED_AND_MINE) -> Catalogue:
        return Catalogue(data, define, cards)

    return of


CARD_ID = re.compile(r"\b[a-z][a-z0-9-]*#\d+\b")  # a card in notation, e.g. ember-imp#4


def card_id(name: str) -> str:
    """The id of a card written `id#n`, or of a bare id."""
    return name.rpartition("#")[0] if "#" in name else name


def read_names(text: str, card: Callable[[str], Any]) -> str:
    """`text` with each card in notation read as its name, `card(notation)` being
    the card (anything with a `name`) or None, which leaves the notation as it is."""

    def name(m: re.Match[str]) -> str:
        c = card(m.group(0))
        return str(c.name) if c is not None else m.group(0)

    return CARD_ID.sub(name, text)


class DeckGameWords(Presentation):
    """The presentation of a game whose cards and decks are data, in one card set
    (its `Catalogue`), with `face(card) -> Face` making a card's face from its
    model: a deck option in words, a card's face, card notation read as names."""

    def __init__(self, catalogue: Catalogue, face: Callable[[Any], Face]):
        self.catalogue, self._face = catalogue, face
        self._faces: dict[str, Face | None] = {}

    def card(self, name: str) -> Any | None:
        """The card behind `id#n` (or a bare id) in this card set; None when unknown."""
        return self.catalogue.catalog()[0].get(card_id(name))

    def option_words(self, option: str, value: Any) -> str:
        if not option.startswith("deck_"):
            return ""
        return deck_words(list(self.catalogue.catalog()[1]), value)

    def card_face(self, card: str) -> Face | None:
        cid = card_id(card)
        if cid not in self._faces:
            printed = self.card(cid)
            self._faces[cid] = None if printed is None else self._face(printed)
        return self._faces[cid]

    def readable(self, text: str) -> str:
        """Card notation (`ember-imp#4`) read as the card's name."""
        return read_names(text, self.card)


def ids(deck: Any) -> list[str]:
    """A deck's card ids, each copy once, in the deck's order: its single cards
    (a `str` field naming one card), then its card-count tables."""
    words = ("name", "style", "game")
    fields = [getattr(deck, f) for f in type(deck).model_fields if f not in words]
    picks = [v for v in fields if isinstance(v, str) and v]
    return picks + [
        cid for v in fields if isinstance(v, dict) for cid, n in v.items() for _ in range(n)
    ]


def deck_key(deck: Any) -> str:
    """A deck's short name: the first word of its title, lower case."""
    return str(deck.name).split(":")[0].split()[0].lower()


def deck_words(decks: list[Any], value: Any) -> str:
    """What a deck option's value means on the start screen: the shipped deck's
    name and its `style` (empty for a deck file or an unknown value)."""
    deck = next((d for d in decks if deck_key(d) == value), None)
    if deck is None:
        return ""
    style = getattr(deck, "style", "").strip()
    return f"{deck.name} \u2014 {style}" if style else f"{deck.name}."


def instance(text: str, example: str, most: int | None = None) -> int:
    """The instance number of a card written `id#N` (from 1, at most `most` if
    given); NotationError otherwise, with `example` as the way to write one."""
    cid, sep, n = text.rpartition("#")
    if (
        not sep
        or not cid
        or not NUMBER.fullmatch(n)
        or int(n) < 1
        or (most is not None and int(n) > most)
    ):
        raise NotationError(f"{text!r} is not a card: write card-id#number, e.g. {example}")
    return int(n)


def __getattr__(name: str) -> Any:
    """`Deck` and `deck_file_model` (pydantic, in formats/deckmodel.py), imported
    when a game first asks for them: a game without decks, and the session every
    game has, start without pydantic."""
    if name in ("Deck", "deck_file_model"):
        from . import deckmodel

        return getattr(deckmodel, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
