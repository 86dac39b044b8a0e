"""The Usagi cards and decks: the shipped set loads and is our own; the five playtest
decks are legal, distinct, and together use every type and subtype, both currencies,
all five ratings, Story Events, Settings, Held Moments, score effects and Restricted
cards; each deck rule's violation names its card (in a deck file, its line); a
malformed card is refused with its file, card, field and line."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from deckfiles import borrowed, forbidden

from shrinetable.cli import main
from shrinetable.formats.cards import load_cards
from shrinetable.formats.errors import FormatError
from shrinetable.games.usagi.cards import catalog, deck_key, definitions
from shrinetable.games.usagi.decks import FILES
from shrinetable.games.usagi.schema import DO, RATINGS, SUBTYPES, TARGETS, WHEN, Card, Deck

file_problems, problems, resolve = FILES.file_problems, FILES.problems, FILES.resolve

ROOT = Path(__file__).parent.parent
DOC = (ROOT / "docs" / "cards-usagi.md").read_text()
CARD = """\
[[card]]
id = "odd-card"
name = "Odd Card"
type = "character"
subtype = "ally"
ratings = { combat = 2 }

[[card.effect]]
when = "use"
strike = true
do = "boost"
target = "this"
"""


def write(tmp_path: Path, text: str, name: str = "deck.toml") -> Path:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


def test_the_set_loads_with_unique_titles():
    cards, decks = catalog()
    assert 50 <= len(cards) <= 90
    assert len({c.name for c in cards.values()}) == len(cards)
    assert len(decks) == 5


def test_no_two_decks_share_half_their_cards():
    """`decks` (each deck's legality and size: tests/test_deck_games.py)."""
    decks = catalog()[1]
    for i, a in enumerate(decks):
        for b in decks[i + 1 :]:
            shared = sum(min(n, b.cards.get(c, 0)) for c, n in a.cards.items())
            assert shared < 15, (a.name, b.name)


def test_the_decks_use_every_type_currency_rating_and_mechanism():
    cards, decks = catalog()
    used = [cards[c] for d in decks for c in d.cards]
    kinds = {(c.type, c.subtype) for c in used}
    for t, subs in SUBTYPES.items():
        for sub in subs:
            assert (t, sub) in kinds, (t, sub)
    assert {cur for c in used for cur in c.cost} == {"honor", "ryo"}
    assert {cur for c in used for cur in c.produce} == {"honor", "ryo"}
    assert {r for c in used for r in c.ratings} == set(RATINGS)
    assert any(c.score > 0 for c in used) and any(c.score < 0 for c in used)
    assert any(c.score and c.type != "event" for c in used)
    assert {c.restricted for c in used} >= {1, 2}
    assert {e.when for c in used for e in c.effect} == set(WHEN)
    assert {e.do for c in used for e in c.effect} == set(DO)
    assert {e.target for c in used for e in c.effect} == set(TARGETS)
    assert any(e.descriptor for c in used for e in c.effect)


def test_each_deck_has_a_hero_it_can_start_with_and_events():
    """Turn 1 has no currency: every deck holds a free Hero that produces, free
    Characters and Events."""
    defs = definitions()
    for d in catalog()[1]:
        ds = [defs[c] for c in d.cards]
        assert any(x.kind == "hero" and not x.honor + x.ryo and sum(x.produce) for x in ds)
        assert sum(d.cards[x.id] for x in ds if x.type == "event") >= 6
        assert sum(d.cards[x.id] for x in ds if x.type == "character" and not x.honor + x.ryo) >= 6


def test_decks_resolve_by_key_name_or_file(tmp_path):
    for d in catalog()[1]:
        assert resolve(deck_key(d))[0] == d.name == resolve(d.name.upper())[0]
    good = write(
        tmp_path,
        'game = "usagi"\nname = "Mine"\n[cards]\n'
        + "\n".join(f"{c} = {n}" for c, n in catalog()[1][0].cards.items())
        + "\n",
    )
    assert resolve(str(good))[0] == "Mine"
    with pytest.raises(ValueError, match="no deck called"):
        resolve("nothing-like-it")


def test_deck_rules_each_name_their_card():
    """`decks`: size, copies, Restricted: X and unknown cards, one message each."""
    cards = catalog()[0]
    out = problems(
        Deck(name="T", cards={"old-sensei-rokuro": 2, "rice-farmer": 4, "rice-farmr": 1}), cards
    )
    assert out[0] == "T: cards: the deck holds 7 cards; a deck holds at least 30"
    assert "card 'old-sensei-rokuro': 2 copies of Old Sensei Rokuro, marked Restricted: 1" in out[1]
    assert "at most 3 of a card" in out[2]
    assert "did you mean 'rice-farmer'?" in out[3]


def test_check_reads_a_deck_file(tmp_path, capsys):
    path = write(
        tmp_path, 'game = "usagi"\nname = "Short"\n[cards]\nrice-farmer = 4\nduel-at-dawn = 3\n'
    )
    assert file_problems(str(path))[1].startswith(f"{path}:4: card 'rice-farmer'")
    assert main(["check", str(path)]) == 1
    out = capsys.readouterr().out
    assert f"{path}:5: card 'duel-at-dawn': 3 copies of Duel at Dawn, marked Restricted: 2" in out


def test_check_validates_the_card_files(capsys):
    files = sorted(str(p) for p in (ROOT / "assets" / "cards" / "usagi").glob("*.toml"))
    assert main(["check", *files]) == 0
    assert "ok (" in capsys.readouterr().out


@pytest.mark.parametrize(
    "change, key, words",
    [
        (('subtype = "ally"', 'subtype = "villain"'), "subtype", "'hero' or 'ally'"),
        (("ratings = { combat = 2 }", "ratings = { luck = 2 }"), "ratings.luck.[key]", "'combat'"),
        (("ratings = { combat = 2 }", "ratings = {}"), "ratings", "at least one rating"),
        (("strike = true\n", ""), "effect", "strikes its card or sacrifices it"),
        (('do = "boost"', 'do = "rating"'), "effect[0]", "static effect"),
        (('target = "this"', 'target = "everyone"'), "effect[0].target", "'involved'"),
        (('when = "use"', 'when = "resolve"'), "effect[0]", "only a voluntary ability"),
    ],
)
def test_a_bad_card_names_its_file_card_field_and_line(tmp_path, change, key, words):
    assert change[0] in CARD
    path = write(tmp_path, CARD.replace(*change), "cards.toml")
    with pytest.raises(FormatError) as e:
        load_cards([path], Card)
    assert e.value.key == f"card 'odd-card': {key}", e.value.key
    assert words in e.value.message
    assert e.value.line


FORBIDDEN = forbidden("usagi")


def test_no_names_from_the_comic():
    assert (
        borrowed(catalog(), FORBIDDEN, ("id", "name", "clan", "faction", "text", "descriptors"))
        == []
    )


def test_the_format_page_names_the_whole_vocabulary():
    """(Its deck table: tests/test_deck_games.py.)"""
    for word in (*DO, *WHEN, *TARGETS, *RATINGS):
        assert re.search(rf"`{word}[` ]", DOC), word
