"""The deck builder's desk, for any game that declares its deck rules
(`CardData.decks`): the card pool, the deck being built and its faults by the
game's own rules, the person's saved decks (`Book`), text lists in and out, and
the draft, kept after every change so nothing built is lost. The screen
(table/deck_scene.py) draws it; tests drive it without a window.
"""

from __future__ import annotations

import json
import tomllib
from functools import cached_property
from pathlib import Path
from typing import Any

from shrinetable import resources
from shrinetable.engine import CardSet, GameBase, registry
from shrinetable.formats import decktext
from shrinetable.formats.deckbook import Book
from shrinetable.formats.deckbuild import Build, Pool, facets, faults
from shrinetable.formats.decks import INLINE, Fault, deck_options

DRAFT = "deck-draft-{game}.json"  # the builder's draft of a game (resources.keep)


def deck_games(card_set: CardSet | None = None) -> list[GameBase]:
    """The games that declare deck rules, in the registry's order."""
    out = []
    for name in registry.names():
        game = registry.get(name, card_set)
        if game.card_data is not None and game.card_data.decks is not None:
            out.append(game)
    return out


def own_folder(game: GameBase, cards: str | None = None) -> Path:
    """The card folder a person's decks of `game` go into: `cards`' (a
    `--cards DIR`) for the game, else their own (`<data folder>/cards/<game>`)."""
    assert game.card_data is not None  # a game with decks has card files
    folder = Path(game.card_data.folder).name
    return (Path(cards) if cards else resources.data_dir() / "cards") / folder


class Desk:
    """One game's deck builder: `pool`, `build` (the deck), `book` (saved decks),
    `saved_as` (the saved deck the build is, if any)."""

    def __init__(self, game: GameBase, folder: Path | None = None):
        assert game.card_data is not None and game.card_data.decks is not None
        self.game = game
        self.files = game.card_data.decks
        self.cards, self.decks = self.files.catalog()
        self.shape = decktext.Shape.of(self.files.model)
        face = game.present.card_face
        self.pool = Pool(self.cards, facets(self.cards, face), face)
        self.book = Book(
            (folder or own_folder(game)) / "decks.toml",
            self.files.model,
            self.files.game,
            lambda: self.shipped,
        )
        self.build = Build(self.shape)
        self.saved_as: str | None = None
        self.restore()

    @cached_property
    def shipped(self) -> list[Any]:
        """The shipped decks (not the card folders'), read when first asked."""
        data = registry.get(self.game.name, CardSet(mine=False)).card_data
        return list(data.decks.catalog()[1]) if data and data.decks else []

    # -- the deck ----------------------------------------------------------------
    def faults(self) -> list[Fault]:
        return faults(self.build, self.files)

    def said(self) -> list[str]:
        """Each broken rule in a few words with its figure, naming its card."""
        return [f.said(self.cards) for f in self.faults()]

    def add(self, cid: str, where: str | None = None) -> None:
        self.build.add(cid, where)
        self.keep()

    def remove(self, cid: str, where: str | None = None) -> None:
        if self.build.remove(cid, where):
            self.keep()

    def rename_build(self, name: str) -> None:
        self.build.name = name
        self.keep()

    def new(self) -> None:
        self.build, self.saved_as = Build(self.shape), None
        self.keep()

    def open(self, deck: Any) -> None:
        """Build on a copy of `deck` (a shipped deck's copy is saved under a new name)."""
        self.build = Build.of(self.shape, deck)
        self.saved_as = deck.name if self.book.find(deck.name) is not None else None
        if self.saved_as is None:
            self.build.name = f"{deck.name} (mine)"
        self.keep()

    def every_deck(self) -> list[tuple[str, Any]]:
        """The decks to open: the card set's (shipped, folders), then the person's
        saved ones as the file holds them now, each with where it comes from."""
        mine = self.book.decks()
        names = {d.name.lower() for d in mine}
        out = [("shipped" if d in self.shipped else "a card folder", d) for d in self.decks]
        out = [(w, d) for w, d in out if d.name.lower() not in names]
        return out + [("yours", d) for d in mine]

    # -- files -------------------------------------------------------------------
    def save(self, replace: bool = False) -> str:
        """Save the build in the person's card folder (BookError, Taken); a deck
        breaking the rules is saved all the same, as a draft to go on with."""
        name = " ".join(self.build.name.split())
        mine = self.saved_as is not None and self.saved_as.lower() == name.lower()
        self.book.save(name, self.build.fields(), replace=replace or mine)
        self.build.name, self.saved_as = name, name
        self.keep()
        state = "saved" if not self.faults() else "saved as a draft (it breaks the deck rules)"
        return f"{name!r} {state} in {self.book.path}"

    def rename(self, new: str) -> str:
        if self.saved_as is None:
            self.rename_build(new)
            return f"renamed {new!r} (not saved yet)"
        self.book.rename(self.saved_as, new)
        self.build.name = self.saved_as = " ".join(new.split())
        self.keep()
        return f"renamed {self.saved_as!r}"

    def duplicate(self) -> str:
        if self.saved_as is None:
            self.save()
        assert self.saved_as is not None
        self.saved_as = self.build.name = self.book.duplicate(self.saved_as)
        self.keep()
        return f"{self.saved_as!r} made, a copy to change"

    def delete(self) -> str:
        """Take the saved deck out of the card folder (the build stays: save it
        again, or undo)."""
        if self.saved_as is None:
            return "not saved: nothing to delete"
        self.book.delete(self.saved_as)
        gone, self.saved_as = self.saved_as, None
        self.keep()
        return f"{gone!r} deleted (Undo brings it back)"

    def undo(self) -> str:
        what = self.book.undo()
        if self.saved_as is not None and self.book.find(self.saved_as) is None:
            self.saved_as = None
        elif self.saved_as is None and self.book.find(self.build.name) is not None:
            self.saved_as = self.build.name
        return f"undone: {what}"

    def export(self) -> str:
        """The build as a text list (the `shrinetable deck export` format)."""
        deck = self.build.deck(self.files.model, self.files.game)
        return decktext.export(deck, self.cards, self.shape)

    def read(self, text: str, where: str) -> list[str]:
        """Build the text list `text` instead (named by its first comment line, if
        any), or the deck file `text` holds; the problems, one a faulty line
        naming `where` and the line, and nothing changed when there are any."""
        held = _deck_file(text)
        if held is not None and held.get("game") != self.files.game:
            return [
                f"{where}: a deck file for {held.get('game')!r}, not {self.game.title} "
                f'(game = "{self.files.game}")'
            ]
        if held is not None:
            try:
                fields = self.files.model.model_validate(held).model_dump(exclude={"game", "name"})
            except ValueError as e:  # pydantic's ValidationError is one
                return [f"{where}: not a deck file of {self.game.title}: {str(e).splitlines()[0]}"]
            name = str(held.get("name", ""))
        else:
            try:
                fields = decktext.parse(text, self.cards, f"{self.game.title}'s cards", self.shape)
            except decktext.DeckTextError as e:
                return [f"{where}: {p}" for p in e.problems]
            first = next((ln for ln in text.splitlines() if ln.strip()), "")
            name = first.strip().lstrip("#").strip() if first.strip().startswith("#") else ""
        self.build = Build(
            self.shape,
            name or self.build.name,
            {t: fields.get(t, {}) for t in self.shape.tables},
            {p: fields.get(p, "") for p in self.shape.picks},
        )
        self.saved_as = None
        self.keep()
        return []

    # -- playing -----------------------------------------------------------------
    def play_options(self) -> dict[str, Any]:
        """The game's options with the first seat playing this deck (written out,
        as a save keeps it); ValueError naming each broken rule."""
        bad = self.said()
        if bad:
            raise ValueError(f"{self.game.title}: this deck cannot be played yet: {'; '.join(bad)}")
        options = {o.name: o.default for o in self.game.options}
        takes = deck_options(self.game)
        if not takes:
            raise ValueError(f"{self.game.title} has no deck option to play a deck with")
        fields = {"name": self.build.name, **self.build.fields()}
        options[takes[0].name] = INLINE + json.dumps(fields, separators=(",", ":"))
        return options

    # -- the draft ---------------------------------------------------------------
    def keep(self) -> None:
        """The build as it is now, for the next time the builder opens."""
        resources.keep(
            DRAFT.format(game=self.game.name),
            {"name": self.build.name, "fields": self.build.fields(), "saved_as": self.saved_as},
        )

    def restore(self) -> str:
        """The last draft, if any (a card no longer in the set left out); what was done."""
        path = resources.data_dir() / DRAFT.format(game=self.game.name)
        try:
            data = json.loads(path.read_text(encoding="utf-8"))
            name, fields = str(data["name"]), dict(data["fields"])
        except (OSError, ValueError, TypeError, KeyError):  # none, or damaged: a new deck
            return ""
        gone: list[str] = []
        tables = {}
        for t in self.shape.tables:
            held = fields.get(t, {})
            held = held if isinstance(held, dict) else {}
            tables[t] = {
                c: n for c, n in held.items() if c in self.cards and isinstance(n, int) and n > 0
            }
            gone += [c for c in held if c not in self.cards]
        picks = {p: str(fields.get(p, "")) for p in self.shape.picks}
        picks = {p: c if c in self.cards else "" for p, c in picks.items()}
        self.build = Build(self.shape, name, tables, picks)
        saved = data.get("saved_as") if isinstance(data, dict) else None
        self.saved_as = saved if isinstance(saved, str) else None
        return (
            f"draft restored; left out, no longer in the cards: {', '.join(gone)}" if gone else ""
        )


def _deck_file(text: str) -> dict[str, Any] | None:
    """The table a deck file's `text` holds (a `game = "..."` key), or None
    when it is no TOML deck file (a text list)."""
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError:
        return None
    return data if "game" in data else None
