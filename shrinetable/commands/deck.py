"""`shrinetable deck list|export|import GAME ...`: a game's decks as plain text
lists, for scripts and sharing, for every game whose decks are data (its
`CardData.decks`).

`list` shows the decks of the card set (shipped and the card folders) with their
size and whether they keep the game's deck rules; `export` prints a deck as a
text list; `import` reads a text list, checks its cards and the deck rules (the
code `shrinetable check` runs on deck files) and adds it to a card folder's
`decks.toml`: the person's own (`<data folder>/cards/<game>/`), or `--cards DIR`'s.
Exit 0 when done, 1 when the deck breaks the game's deck rules, 2 for bad input
(a game, deck, file or line named in the message).
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

from shrinetable.commands.args import add_cards
from shrinetable.engine import CardSet, registry
from shrinetable.formats import decktext
from shrinetable.formats.deckbook import shipped_clash
from shrinetable.formats.decks import deck_key
from shrinetable.formats.errors import FormatError, parse_toml, read_text
from shrinetable.formats.files import is_file, not_a_file, why
from shrinetable.resources import data_dir


def add_parser(sub: Any) -> None:
    p = sub.add_parser(
        "deck",
        help="list, export and import a game's decks as plain text lists",
        description="A game's decks as plain text lists (one line a card: count and "
        "name; '#' starts a comment), for scripts and sharing.",
    )
    verbs = p.add_subparsers(dest="verb", metavar="VERB", required=True)
    listing = verbs.add_parser("list", help="the decks of GAME: size and whether legal")
    listing.add_argument("game", metavar="GAME")
    out = verbs.add_parser("export", help="print a deck of GAME as a text list")
    out.add_argument("game", metavar="GAME")
    out.add_argument("deck", metavar="NAME", help="a deck's short name or whole name")
    into = verbs.add_parser(
        "import", help="check a text list and add it to the card folder's decks"
    )
    into.add_argument("game", metavar="GAME")
    into.add_argument("file", metavar="FILE", help="a text list, or - for standard input")
    into.add_argument("--name", help="the deck's name (default: the file's name)")
    into.add_argument("--force", action="store_true", help="replace a deck of yours with that name")
    from . import deck_fare

    for verb in (listing, out, into, deck_fare.add_parser(verbs)):
        add_cards(verb)


class Refused(Exception):
    """Bad input: the message, and exit 2."""


def deck_games() -> list[str]:
    """The games whose decks are data."""
    return [n for n in registry.names() if _deck_files(registry.get(n)) is not None]


def _deck_files(game: Any) -> Any | None:
    data = game.card_data
    return data.decks if data is not None else None


def _files(name: str, cards: CardSet) -> tuple[Any, Any]:
    """The game `name` in `cards` and its deck functions; Refused otherwise."""
    try:
        game = registry.get(name, cards)
    except KeyError as e:
        raise Refused(f"GAME {name!r}: {e.args[0]}") from None
    files = _deck_files(game)
    if files is None:
        raise Refused(
            f"GAME {name!r}: {game.title} has no deck lists; "
            f"games with decks: {', '.join(deck_games())}"
        )
    return game, files


def run(args: argparse.Namespace) -> int:
    try:
        game, files = _files(args.game, args.card_set)
        if args.verb == "list":
            return list_decks(args.game, files, args.card_set)
        if args.verb == "export":
            return export(files, args.deck)
        if args.verb == "fare":
            from . import deck_fare

            return deck_fare.run(args, files)
        return import_deck(args, game, files)
    except Refused as e:
        print(f"shrinetable deck: {e}", file=sys.stderr)
        return 2


def list_decks(name: str, files: Any, cards: CardSet) -> int:
    """Print every deck of the card set: key, name, size, legal, where it comes from."""
    shipped = _files(name, CardSet(mine=False))[1].catalog()[1]
    own, decks = files.catalog()
    for deck in decks:
        bad = files.problems(deck, own)
        legal = "legal" if not bad else f"not legal: {bad[0]}"
        where = "shipped" if deck in shipped else "your card folder"
        size = decktext.Shape.of(files.model).size(deck)
        print(f"{deck_key(deck):<12} {deck.name:<32} {size:>3} cards  {legal}  ({where})")
    return 0


def export(files: Any, value: str) -> int:
    """Print the deck `value` names (a deck's key or name) as a text list."""
    deck = files.shipped(value)
    if deck is None:
        keys = ", ".join(deck_key(d) for d in files.catalog()[1])
        raise Refused(f"NAME {value!r}: no such deck; the decks: {keys}")
    shape = decktext.Shape.of(files.model)
    sys.stdout.write(decktext.export(deck, files.catalog()[0], shape))
    return 0


def import_deck(args: argparse.Namespace, game: Any, files: Any) -> int:
    """Read, check and save the text list `args.file`; its exit code."""
    cards = files.catalog()[0]
    where = "standard input" if args.file == "-" else args.file
    if args.file != "-" and (wrong := not_a_file(args.file)):
        raise Refused(f"FILE {args.file}: cannot read it: {wrong}")
    try:
        text = sys.stdin.read() if args.file == "-" else read_text(args.file)
    except FormatError as e:
        raise Refused(str(e)) from None
    name = " ".join((args.name or ("deck" if args.file == "-" else Path(args.file).stem)).split())
    if not name.split(":")[0].split():
        raise Refused(f"--name {args.name!r}: a deck's name starts with a word")
    try:
        shape = decktext.Shape.of(files.model)
        fields = decktext.parse(text, cards, f"{_whose(game.title)} cards", shape)
    except decktext.DeckTextError as e:
        for line in e.problems:
            print(f"{where}: {line}", file=sys.stderr)
        return 2
    deck = files.model.model_validate({"game": files.game, "name": name, **fields})
    bad = files.problems(deck, cards)
    if bad:
        for line in bad:
            print(f"{where}: {line}")
        print(
            f"{where}: not saved: the deck breaks {_whose(game.title)} deck rules", file=sys.stderr
        )
        return 1
    path = _target(game, args.cards) / "decks.toml"
    try:
        old = read_text(path) if is_file(path) else ""
        held = parse_toml(old, str(path)).get("deck", [])
    except FormatError as e:
        raise Refused(f"{e} (fix it, then import again)") from None
    mine = [d.get("name") for d in held if isinstance(d, dict)]
    _check_name(files, name, args.game, [*mine, *(d.name for d in files.catalog()[1])], args.force)
    try:
        decktext.write_whole(path, decktext.with_deck(old, name, fields))
    except OSError as e:
        raise Refused(f"cannot write {path}: {why(e)}") from None
    print(f"saved {name!r} ({shape.size(deck)} cards) in {path}")
    return 0


def _whose(title: str) -> str:
    """A title's possessive: `Joe's`, `Cards'`."""
    return title + ("'" if title.endswith("s") else "'s")


def _target(game: Any, cards: str | None) -> Path:
    """The card folder a deck goes into: `--cards DIR`'s for the game, else the
    person's own."""
    folder = Path(game.card_data.folder).name
    return (Path(cards) if cards else data_dir() / "cards") / folder


def _check_name(files: Any, name: str, game: str, decks: list[Any], force: bool) -> None:
    """Refused when `name` (or its short name) is a shipped deck's, or one of
    `decks` (the card folders' deck names) without `force`."""
    clash = shipped_clash(name, _files(game, CardSet(mine=False))[1].catalog()[1])
    if clash:
        raise Refused(f"--name {clash}")
    taken = [d for d in decks if isinstance(d, str) and d.lower() == name.lower()]
    if taken and not force:
        raise Refused(
            f"--name {name!r}: you have a deck called {taken[0]!r}; add --force to replace it"
        )
