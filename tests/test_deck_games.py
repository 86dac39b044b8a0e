"""What the games whose players write deck files share, tested once for each of them
(tests/deckfiles.py holds a good file per game): a good file resolves to its cards,
a file of a bad shape names its file, key and line, a value that is neither a
shipped deck nor a file names the shipped decks, `shrinetable check` reads a deck
file through the registered game's card data, and the computer plays legally with
every pair of shipped decks."""

from __future__ import annotations

import re
import tomllib
from importlib import import_module
from pathlib import Path
from types import SimpleNamespace

import pytest
from aiplay import against_random
from deckfiles import GOOD, first_card, line_of, write

from shrinetable.commands import check
from shrinetable.engine import registry
from shrinetable.formats.decks import deck_key
from shrinetable.formats.errors import FormatError


def files(game: str):
    return registry.get(game).card_data


def deck_functions(game: str):
    """The game's deck functions (`formats.decks.DeckFiles`), through its decks module."""
    return import_module(f"shrinetable.games.{game}.decks").FILES


@pytest.mark.parametrize("game", sorted(GOOD))
def test_a_good_deck_file_resolves_to_its_cards_in_order(tmp_path, game):
    good = GOOD[game]
    path = write(tmp_path, good)
    assert files(game).deck_file(str(path)) == []
    name, ids = files(game).resolve_deck(str(path))
    written = tomllib.loads(good)
    assert name == written["name"]
    assert ids == [cid for cid, n in written["cards"].items() for _ in range(n)]


def bad_shapes(game: str) -> list[tuple]:
    """(game, change, key, line, words): the first card's count not a number, or
    not positive; the name missing; another game; an unknown key."""
    good = GOOD[game]
    cid, n = first_card(good)
    at, name = line_of(good, cid), tomllib.loads(good)["name"]
    return [
        (game, (f"{cid} = {n}", f'{cid} = "three"'), f"cards.{cid}", at, "integer"),
        (game, (f"{cid} = {n}", f"{cid} = 0"), f"cards.{cid}", at, "greater than"),
        (game, (f'name = "{name}"\n', ""), "name", None, "missing"),
        (game, (f'game = "{game}"', 'game = "chess"'), "game", 1, game),
        (game, ('style = "a test deck"', 'colour = "red"'), "colour", 3, "not permitted"),
    ]


@pytest.mark.parametrize(
    "game, change, key, line, words", [row for game in sorted(GOOD) for row in bad_shapes(game)]
)
def test_a_bad_deck_file_shape_names_file_key_and_line(tmp_path, game, change, key, line, words):
    path = write(tmp_path, GOOD[game].replace(*change))
    with pytest.raises(FormatError) as e:
        deck_functions(game).read_deck_file(path)
    assert (e.value.file, e.value.key, e.value.line) == (str(path), key, line)
    assert words in e.value.message
    with pytest.raises(ValueError, match=re.escape(str(path))):
        files(game).resolve_deck(str(path))


@pytest.mark.parametrize("game", sorted(GOOD))
def test_resolve_refuses_what_is_neither_deck_nor_file(game):
    keys = ", ".join(deck_key(d) for d in deck_functions(game).catalog()[1])
    with pytest.raises(
        ValueError, match=re.escape(f"no deck called 'nope': give a shipped deck ({keys})")
    ):
        files(game).resolve_deck("nope")


@pytest.mark.parametrize("game", sorted(GOOD))
def test_check_reads_a_deck_file_through_the_games_card_data(tmp_path, capsys, game):
    """`shrinetable check`: ok and exit 0 for a good file, each broken rule with file
    and line and exit 1, a file of a bad shape or game exit 2 naming its line."""
    good = GOOD[game]
    cid, n = first_card(good)

    def run(*paths) -> int:
        return check.run(SimpleNamespace(files=[str(p) for p in paths]))

    path = write(tmp_path, good, "good.toml")
    assert run(path) == 0 and capsys.readouterr().out == f"{path}: ok\n"
    bad = write(tmp_path, good.replace(f"{cid} = {n}", f"{cid} = 9"))
    assert run(bad) == 1
    assert f"{bad}:{line_of(good, cid)}: card {cid!r}: 9 copies" in capsys.readouterr().out
    bad = write(tmp_path, good.replace(f"{cid} = {n}", f"{cid} = -1"))
    assert run(bad) == 2 and f"{bad}:{line_of(good, cid)}: cards.{cid}:" in capsys.readouterr().err
    ludo = write(tmp_path, good.replace(f'game = "{game}"', 'game = "ludo"'), "ludo.toml")
    assert run(ludo) == 2
    err = capsys.readouterr().err
    assert f"{ludo}:1: game: a deck file names the game it is for" in err and game in err


@pytest.mark.parametrize(
    "game, turns, clause", [("shards", 12, "phases, R16"), ("sorcerer", 30, "decision")]
)
@pytest.mark.parametrize("me", [0, 1])
def test_the_computer_plays_legally_with_every_deck_pair_in_both_seats(game, turns, clause, me):
    """Clause `clause` of the game's rules: only legal actions, whatever the decks or
    the seat (the shipped decks, each against each)."""
    decks = [deck_key(d) for d in deck_functions(game).catalog()[1]]
    for i, one in enumerate(decks):
        for j, two in enumerate(decks):
            against_random(registry.get(game), 10 * i + j, me, (one, two), turns)


@pytest.mark.parametrize("game", ["shards", "sorcerer", "usagi"])
def test_the_format_page_lists_every_shipped_deck(game):
    """docs/cards-<game>.md has a row per shipped deck: key, name, size."""
    doc = (Path(__file__).parent.parent / "docs" / f"cards-{game}.md").read_text()
    for d in deck_functions(game).catalog()[1]:
        assert f"| `{deck_key(d)}` | {d.name} | {sum(d.cards.values())} |" in doc


@pytest.mark.parametrize("game", sorted(GOOD))
def test_shipped_decks_resolve_by_key_and_name(game):
    for d in deck_functions(game).catalog()[1]:
        name, ids = files(game).resolve_deck(deck_key(d))
        assert name == d.name and len(ids) == sum(d.cards.values())
        assert files(game).resolve_deck(d.name.upper())[0] == d.name


@pytest.mark.parametrize("game, low", [("shards", 45), ("sorcerer", 20), ("usagi", 30)])
def test_every_shipped_deck_is_legal_with_a_style_and_its_own_key(game, low):
    """Four decks or more, each keeping the deck rules, `low` to 50 cards, with a
    style line; no two share a key."""
    cards, decks = deck_functions(game).catalog()
    assert len(decks) >= 4
    for d in decks:
        assert deck_functions(game).problems(d, cards) == [], d.name
        assert low <= sum(d.cards.values()) <= 50 and d.style, d.name
    keys = [deck_key(d) for d in decks]
    assert len(set(keys)) == len(keys)
