"""A person's own decks of one game: the `[[deck]]` tables of `decks.toml` in their
card folder, saved, renamed, duplicated and deleted whole (a temporary file, then
a rename), each change undoable, never over a shipped deck's name.

`shrinetable deck import` and the deck builder both write here.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from . import decktext
from .decks import deck_key
from .errors import FormatError, parse_toml, read_text
from .files import is_file, why


class BookError(Exception):
    """A deck that cannot be written or read, the message naming the file or name."""


class Taken(BookError):
    """A name one of the person's decks already has (the builder asks first)."""


def shipped_clash(name: str, shipped: Sequence[Any]) -> str:
    """Why `name` may not be used: a shipped deck has it or its short name ('' if free)."""
    words = name.split(":")[0].split()
    if not words:
        return f"{name!r}: a deck's name starts with a word"
    key = words[0].lower()
    for deck in shipped:
        if deck.name.lower() == name.lower() or deck_key(deck) == key:
            return (
                f"{name!r}: the shipped deck {deck.name!r} has this name or short name "
                f"({deck_key(deck)!r}); choose another first word"
            )
    return ""


@dataclass
class Book:
    """The decks in `path` (a card folder's `decks.toml`), the game's deck-file
    `model` and `game` name, `shipped()` the shipped decks whose names are
    refused (read when first needed), and the file's texts before each change
    (for undo)."""

    path: Path
    model: Any
    game: str
    shipped: Callable[[], Sequence[Any]]
    undos: list[tuple[str, str]] = field(default_factory=list)  # (what was done, the text before)

    def text(self) -> str:
        try:
            return read_text(self.path) if is_file(self.path) else ""
        except FormatError as e:
            raise BookError(str(e)) from None

    def decks(self) -> list[Any]:
        """The person's decks in the file, as the game's deck model; a table that
        is not a deck is left out (`shrinetable check` names it)."""
        try:
            held = parse_toml(self.text(), str(self.path)).get("deck", [])
        except FormatError as e:
            raise BookError(f"{e} (fix it, then save again)") from None
        out = []
        for raw in held if isinstance(held, list) else []:
            try:
                out.append(self.model.model_validate({**raw, "game": self.game}))
            except (ValueError, TypeError):
                continue
        return out

    def find(self, name: str) -> Any | None:
        return next((d for d in self.decks() if d.name.lower() == name.lower()), None)

    def save(self, name: str, fields: dict[str, Any], replace: bool = False) -> None:
        """Write the deck `name` (its card tables and single cards `fields`);
        Taken when one of the person's decks has the name and not `replace`."""
        name = " ".join(name.split())
        clash = shipped_clash(name, self.shipped())
        if clash:
            raise BookError(clash)
        if not replace and self.find(name) is not None:
            raise Taken(f"{name!r}: you have a deck with this name")
        old = self.text()
        self._write(f"save {name!r}", old, decktext.with_deck(old, name, fields))

    def delete(self, name: str) -> None:
        old = self.text()
        self._write(f"delete {name!r}", old, without(old, name))

    def rename(self, name: str, new: str) -> None:
        deck = self.find(name)
        if deck is None:
            raise BookError(f"{name!r}: no deck of yours has this name")
        new = " ".join(new.split())
        clash = shipped_clash(new, self.shipped())
        if clash:
            raise BookError(clash)
        if new.lower() != name.lower() and self.find(new) is not None:
            raise Taken(f"{new!r}: you have a deck with this name")
        old = self.text()
        fields = deck.model_dump(exclude={"name", "game", "style"})
        self._write(f"rename {name!r}", old, decktext.with_deck(without(old, name), new, fields))

    def duplicate(self, name: str) -> str:
        """A copy of the deck `name` under the first free "NAME (copy N)"; its name."""
        deck = self.find(name)
        if deck is None:
            raise BookError(f"{name!r}: no deck of yours has this name")
        taken = {d.name.lower() for d in self.decks()}
        n = 2
        while f"{name} ({n})".lower() in taken:
            n += 1
        new = f"{name} ({n})"
        self.save(new, deck.model_dump(exclude={"name", "game", "style"}))
        return new

    def undo(self) -> str:
        """Put the file back as it was before the last change; what is undone."""
        if not self.undos:
            raise BookError("nothing to undo")
        what, old = self.undos.pop()
        self._put(old)
        return what

    def _write(self, what: str, old: str, new: str) -> None:
        self._put(new)
        self.undos.append((what, old))

    def _put(self, text: str) -> None:
        try:
            decktext.write_whole(self.path, text)
        except OSError as e:
            raise BookError(f"cannot write {self.path}: {why(e)}") from None


def without(text: str, name: str) -> str:
    """A `decks.toml`'s `text` without the deck `name` (any case)."""
    pieces = decktext.pieces(text)
    return "".join(p for p in pieces if str(decktext.piece_name(p)).lower() != name.lower())
