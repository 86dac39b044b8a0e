"""Card-data files, for any game that keeps its cards as data.

A game declares `card_data = CardData(folder, card, deck)` (`shrinetable.engine`):
every `*.toml` in `assets/cards/<folder>/` except `decks.toml` holds `[[card]]`
tables, validated by the game's pydantic model `card` (which has an `id`), and
`decks.toml` holds `[[deck]]` tables validated by its `deck` model (which has a
`name`). A malformed file raises one `FormatError` naming the file, the card (or
deck), the field and the line; so does a card id used twice. A model's whole-card
check names its field by starting its message with it (`"resilience: ..."`).
See docs/cards.md.
"""

from __future__ import annotations

import re
from functools import cache
from pathlib import Path
from typing import Any

from pydantic import BaseModel, ConfigDict, ValidationError, create_model

from shrinetable.resources import resource

from .errors import FormatError, find_line, key_path, read_toml


@cache
def _file_model(what: str, model: type[BaseModel]) -> type[BaseModel]:
    """A file of `[[what]]` tables, each a `model`, and nothing else."""
    return create_model(f"{what.title()}File", __config__=ConfigDict(extra="forbid"),
                        **{what: (list[model], ...)})


def _load(path: Path, model: type[BaseModel], what: str) -> list[Any]:
    """The `[[what]]` tables of the file at `path`, each validated as `model`."""
    text, raw = read_toml(path)
    try:
        return getattr(_file_model(what, model).model_validate(raw), what)
    except ValidationError as e:
        err = e.errors()[0]
        loc, msg = tuple(err["loc"]), err["msg"]
        named = re.match(r"Value error, ([a-z_]+): (.*)", msg, re.S)
        if named and len(loc) == 2:       # a whole-card check names its field first
            loc, msg = (*loc, named.group(1)), named.group(2)
        key = key_path(loc)
        if len(loc) >= 2 and loc[0] == what and isinstance(loc[1], int):
            items = raw.get(what, [])
            ident = items[loc[1]].get("id" if what == "card" else "name") \
                if loc[1] < len(items) and isinstance(items[loc[1]], dict) else None
            if ident:
                key = f"{what} {ident!r}: {key_path(loc[2:]) or '(the card)'}"
        raise FormatError(str(path), key, msg, find_line(text, loc)) from None


def load_cards(paths: list[Path], model: type[BaseModel]) -> dict[str, Any]:
    """Every card of the files, by id; FormatError on a bad file or a repeated id."""
    out: dict[str, Any] = {}
    for path in paths:
        for i, c in enumerate(_load(path, model, "card")):
            if c.id in out:
                text = path.read_text(encoding="utf-8")
                raise FormatError(str(path), f"card {c.id!r}: id",
                                  "this id is already used by another card",
                                  find_line(text, ("card", i, "id")))
            out[c.id] = c
    return out


def load_decks(path: Path, model: type[BaseModel]) -> list[Any]:
    """The decks of a deck file (shape only; a game's validator checks its rules)."""
    return _load(path, model, "deck")


def load_dir(directory: Path, card: type[BaseModel],
             deck: type[BaseModel] | None = None) -> tuple[dict[str, Any], list[Any]]:
    """A card set: every `*.toml` in `directory` except `decks.toml`, then its decks."""
    files = sorted(p for p in directory.glob("*.toml") if p.name != "decks.toml")
    cards = load_cards(files, card)
    deck_file = directory / "decks.toml"
    if not deck_file.exists():
        return cards, []
    if deck is None:
        raise FormatError(str(deck_file), "", "this game has no decks")
    return cards, load_decks(deck_file, deck)


def card_folder(data: Any) -> Path:
    """Where a game's card files are (`data` is its `CardData`)."""
    return resource("assets", "cards", data.folder)


def load_card_data(data: Any) -> tuple[dict[str, Any], list[Any]]:
    """A game's whole card set, by its `CardData`."""
    return load_dir(card_folder(data), data.card, data.deck)

