"""Deck files a player writes, for the tests of the games that read them: a good
deck file per game, and how the tests write one and find a card's line in it."""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

GOOD = {
    "shards": """\
game = "shards"
name = "Hill Raiders"
style = "a test deck"

[cards]
hearth-farmstead = 1
iron-march-camp = 1
timber-palisade = 1
stone-quarry = 1
shardborn-recruit = 1
outrider-scout = 1
vanguard-drummer = 1
spoilhound-pack = 3
marauder-band = 3
ironclad-legionary = 3
border-reaver = 3
ram-crew = 3
shieldbreaker-knight = 3
siege-foundry = 3
march-barracks = 3
border-watchtower = 3
flanking-charge = 3
raze = 3
iron-banner = 2
iron-hills = 2
riverlands = 1
""",
    "sorcerer": """\
game = "sorcerer"
name = "Sparks and Hedges"
style = "a test deck"

[cards]
static-spark = 3
amber-pulse = 3
buzzing-coil = 3
hasty-hedge = 3
snap-ward = 3
stone-knuckle = 3
skybreaker-surge = 1
feather-dart = 3
""",
}


def write(tmp_path: Path, text: str, name: str = "deck.toml") -> Path:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


def line_of(text: str, start: str) -> int:
    return next(n for n, line in enumerate(text.splitlines(), 1) if line.startswith(start))


def first_card(text: str) -> tuple[str, int]:
    """The first card line of a deck file's `[cards]` table: its id and count."""
    body = text.split("[cards]\n")[1]
    cid, _, n = body.splitlines()[0].partition(" = ")
    return cid, int(n)


def borrowed(
    catalog: tuple, forbidden: re.Pattern, fields: tuple[str, ...] = ("id", "name", "text")
) -> list[str]:
    """The cards' `fields` and the decks' name and style, of a game's `catalog()`,
    that name something the set must not borrow (`forbidden`)."""
    cards, decks = catalog
    words = [" ".join(str(getattr(c, f)) for f in fields) for c in cards.values()]
    return [w for w in words + [f"{d.name} {d.style}" for d in decks] if forbidden.search(w)]


def forbidden(game: str) -> re.Pattern:
    """The words `game`'s card set must not use (tests/borrowed-names.toml)."""
    words = tomllib.loads((Path(__file__).parent / "borrowed-names.toml").read_text())[game]
    return re.compile(rf"\b({'|'.join(words)})\b", re.IGNORECASE)
