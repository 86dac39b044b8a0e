"""Card-data files, for any game that keeps its cards as data.

A game declares `card_data = CardData(folder, card, deck)` (`shrinetable.engine`):
every `*.toml` in `assets/cards/<folder>/` except `decks.toml` holds `[[card]]`
tables, validated by the game's pydantic model `card` (which has an `id`), and
`decks.toml` holds `[[deck]]` tables validated by its `deck` model (which has a
`name`). A malformed file raises one `FormatError` naming the file, the card (or
deck), the field and the line; so does a card id used twice. A model's whole-card
check names its field by starting its message with it (`"resilience: ..."`).
See docs/cards.md.

Numbers are bounded before the models see them (a deck of a billion copies ran
out of memory), every card a deck names must exist, and the game's own deck
rules (`problems(deck, cards)` in the game's `decks` module, if it has one) hold
for every deck of the set, so a fault is a message here, never a crash at the deal.

A designer's own cards live in `<data folder>/cards/<folder>/` and, for one run,
in `DIR/<folder>/` given by `--cards DIR`: which of them a game reads is its
`CardSet` (engine), an argument of the game, so two sets can live side by side.
Their cards and decks add to the shipped set or replace one with the same id (or
deck name). A
folder with a fault is refused as a whole, with the message, and the game keeps
what it had; `notices()` says what was loaded and what was refused.
"""

from __future__ import annotations

import importlib
import re
import sys
from collections.abc import Callable, Iterable
from functools import cache
from pathlib import Path
from typing import Any

from pydantic import BaseModel, ConfigDict, Field, ValidationError, create_model

from shrinetable.engine import SHIPPED_AND_MINE, CardSet
from shrinetable.resources import data_dir, resource

from .errors import FormatError, find_line, key_path, parse_toml, read_text, read_toml
from .files import is_file, resolved, why

MAX_NUMBER = 999  # no cost, strength or copy count comes near; a billion copies crashed
_notices: list[str] = []


class Strict(BaseModel):
    """A table of a card file: an unknown key is refused, a value never changes."""

    model_config = ConfigDict(extra="forbid", frozen=True)


class CardTable(Strict):
    """A `[[card]]` table: its `id`, lower-case words joined by hyphens, as card
    notation (`id#N`) writes it, and its printed `name` (at most 40 characters, so
    it fits a card's title line); each game's model adds its fields."""

    id: str = Field(pattern=r"^[a-z][a-z0-9-]*$")
    name: str = Field(min_length=1, max_length=40)


@cache
def _file_model(what: str, model: type[BaseModel]) -> type[BaseModel]:
    """A file of `[[what]]` tables, each a `model`, and nothing else."""
    fields: dict[str, Any] = {what: (list[model], ...)}  # type: ignore[valid-type]
    return create_model(f"{what.title()}File", __config__=ConfigDict(extra="forbid"), **fields)


def _too_big(data: Any, loc: tuple[Any, ...] = ()) -> tuple[Any, ...] | None:
    """Where in `data` a number past MAX_NUMBER is, if anywhere."""
    items: Iterable[tuple[Any, Any]]
    if isinstance(data, dict):
        items = data.items()
    elif isinstance(data, list):
        items = enumerate(data)
    else:
        return loc if isinstance(data, int | float) and abs(data) > MAX_NUMBER else None
    return next((w for k, v in items if (w := _too_big(v, (*loc, k))) is not None), None)


def _load(path: Path, model: type[BaseModel], what: str) -> list[Any]:
    """The `[[what]]` tables of the file at `path`, each validated as `model`."""
    text, raw = read_toml(path)
    big = _too_big(raw)
    if big is not None:
        raise FormatError(
            str(path),
            key_path(big),
            f"numbers in card files are at most {MAX_NUMBER}",
            find_line(text, big),
        )
    for i, table in enumerate(raw.get("deck", []) if what == "deck" else []):
        name = table.get("name") if isinstance(table, dict) else None
        if isinstance(name, str) and not name.split(":")[0].split():
            raise FormatError(
                str(path),
                f"deck[{i}].name",
                "a deck's name starts with a word (its first word is the deck's short name)",
                find_line(text, ("deck", i, "name")),
            )
    try:
        tables: list[Any] = getattr(_file_model(what, model).model_validate(raw), what)
        return tables
    except ValidationError as e:
        err = e.errors()[0]
        loc, msg = tuple(err["loc"]), err["msg"]
        named = re.match(r"Value error, ([a-z_]+): (.*)", msg, re.S)
        if named and len(loc) == 2:  # a whole-card check names its field first
            loc, msg = (*loc, named.group(1)), named.group(2)
        key = key_path(loc)
        if len(loc) >= 2 and loc[0] == what and isinstance(loc[1], int):
            items = raw.get(what, [])
            ident = (
                items[loc[1]].get("id" if what == "card" else "name")
                if loc[1] < len(items) and isinstance(items[loc[1]], dict)
                else None
            )
            if ident:
                key = f"{what} {ident!r}: {key_path(loc[2:]) or '(the card)'}"
        raise FormatError(str(path), key, msg, find_line(text, loc)) from None


def load_cards(paths: list[Path], model: type[BaseModel]) -> dict[str, Any]:
    """Every card of the files, by id; FormatError on a bad file or a repeated id."""
    out: dict[str, Any] = {}
    for path in paths:
        for i, c in enumerate(_load(path, model, "card")):
            if c.id in out:
                text = read_text(path)
                raise FormatError(
                    str(path),
                    f"card {c.id!r}: id",
                    "this id is already used by another card",
                    find_line(text, ("card", i, "id")),
                )
            out[c.id] = c
    return out


def load_decks(path: Path, model: type[BaseModel]) -> list[Any]:
    """The decks of a deck file (shape only; a game's validator checks its rules)."""
    return _load(path, model, "deck")


def load_dir(
    directory: Path, card: type[BaseModel], deck: type[BaseModel] | None = None
) -> tuple[dict[str, Any], list[Any]]:
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


def user_folders(data: Any, cards: CardSet) -> list[Path]:
    """A designer's card folders for the game in the card set `cards`, in the
    order they apply: the person's data folder's, then those `--cards DIR` gave."""
    name = Path(data.folder).name
    roots = [*([data_dir() / "cards"] if cards.mine else []), *map(Path, cards.extra)]
    return [r / name for r in roots if (r / name).is_dir()]


def folder_stamp(data: Any, cards: CardSet) -> tuple[Any, ...]:
    """What a game's designer folders in `cards` hold now (file, size, time): a
    change means their files were edited."""
    out = []
    for folder in user_folders(data, cards):
        for path in sorted(folder.glob("*.toml")):
            try:
                stat = path.stat()
            except OSError:  # removed while we looked
                continue
            out.append((str(path), stat.st_size, stat.st_mtime_ns))
    return tuple(out)


def notices() -> list[str]:
    """What designer card folders were loaded or refused, in order."""
    return list(_notices)


def load_card_data(
    data: Any, card_set: CardSet = SHIPPED_AND_MINE
) -> tuple[dict[str, Any], list[Any]]:
    """A game's cards in the card set `card_set`, by its `CardData`: the shipped
    set (FormatError if it is broken), then each designer folder of the set that
    holds a sound set with it."""
    cards, decks = load_dir(card_folder(data), data.card, data.deck)
    check_decks(data, cards, decks, card_folder(data))
    for folder in user_folders(data, card_set):
        try:
            cards, decks = merge(data, folder, cards, decks)
        except FormatError as e:
            _notices.append(f"Refused the cards in {folder}, kept the shipped set: {e}")
            print(f"shrinetable: {_notices[-1]}", file=sys.stderr)
        else:
            _notices.append(f"Loaded the cards in {folder}.")
    return cards, decks


def check_folder(data: Any, folder: Path) -> str:
    """Check a card folder as the game would load it (the shipped one alone, a
    designer's with the shipped set); FormatError naming the fault, else what it holds."""
    try:
        shipped_folder = resolved(folder) == card_folder(data).resolve()
    except OSError as e:
        raise FormatError(str(folder), "", f"cannot read the folder: {why(e)}") from None
    if shipped_folder:
        cards, decks = load_dir(folder, data.card, data.deck)
        check_decks(data, cards, decks, folder)
        return f"{len(cards)} cards, {len(decks)} decks"
    shipped = load_dir(card_folder(data), data.card, data.deck)
    cards, decks = merge(data, folder, *shipped)
    return f"{len(cards)} cards, {len(decks)} decks with the shipped set"


def merge(
    data: Any, folder: Path, cards: dict[str, Any], decks: list[Any]
) -> tuple[dict[str, Any], list[Any]]:
    """`cards` and `decks` with `folder`'s added or replacing (by id, by deck
    name), every deck checked against the result; FormatError otherwise."""
    own_cards, own_decks = load_dir(folder, data.card, data.deck)
    if not own_cards and not own_decks:
        raise FormatError(
            str(folder), "", "no card files here (*.toml with [[card]] tables, or decks.toml)"
        )
    named = {d.name: d for d in decks}
    named.update({d.name: d for d in own_decks})
    cards, decks = {**cards, **own_cards}, list(named.values())
    check_decks(data, cards, decks, folder)
    return cards, decks


def check_decks(data: Any, cards: dict[str, Any], decks: list[Any], folder: Path) -> None:
    """Every card a deck names exists and the game's deck rules hold; FormatError
    naming the deck file, the deck and its line otherwise."""
    rules = _deck_rules(data)
    path = folder / "decks.toml"
    text = read_text(path) if is_file(path) else ""
    for deck in decks:
        faults = [f"no card has the id {cid!r}" for cid in _named_ids(deck) if cid not in cards]
        faults = faults or [p.removeprefix(f"{deck.name}: ") for p in rules(deck, cards)]
        if faults:
            index = next((i for i, t in enumerate(_deck_tables(text)) if t == deck.name), None)
            line = find_line(text, ("deck", index)) if index is not None else None
            raise FormatError(str(path), f"deck {deck.name!r}", faults[0], line)


def _named_ids(deck: Any) -> list[str]:
    """The card ids a deck names: the keys of its card-count tables."""
    return [cid for value in dict(deck).values() if isinstance(value, dict) for cid in value]


def _deck_tables(text: str) -> list[Any]:
    """The names of the `[[deck]]` tables written in `text`, in order."""
    try:
        tables = parse_toml(text, "decks.toml").get("deck", [])
    except FormatError:
        return []
    return [t.get("name") if isinstance(t, dict) else None for t in tables]


def _deck_rules(data: Any) -> Callable[[Any, dict[str, Any]], list[str]]:
    """The game's deck rules: `problems(deck, cards) -> list[str]` in the `decks`
    module beside its card schema, if there is one (else none beyond the shape)."""
    package = data.card.__module__.rpartition(".")[0]
    try:
        module = importlib.import_module(f"{package}.decks")
    except ImportError:
        return lambda deck, cards: []
    return getattr(module, "problems", lambda deck, cards: [])
