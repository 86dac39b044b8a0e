"""The card-set format and the deck rules: the starter set loads, its five decks are
legal and cover the rules text, and malformed files name the file, card and field."""

from __future__ import annotations

import itertools
import re
from pathlib import Path

import pytest

from shrinetable.formats.cards import load_cards, load_dir
from shrinetable.formats.errors import FormatError
from shrinetable.games.shrines.cards import deck_key, starter
from shrinetable.games.shrines.decks import problems
from shrinetable.games.shrines.schema import CONDITIONS, KEYWORDS, Card, Deck

ROOT = Path(__file__).parent.parent


def test_starter_decks_are_legal():
    """The five preconstructed decks pass the deck validator, one per colour."""
    cards, decks = starter()
    assert [d.name.split(":")[0] for d in decks] == ["Blue", "Yellow", "Red", "Green", "Purple"]
    for d in decks:
        assert problems(d, cards) == [], d.name


#: The starter cards that make a clause of the text happen in play (issue 17).
CLAUSE_CARDS = {
    "twin-sparks": "targeting twice (Protection's 'two times')",
    "oblivion-rite": "banishment",
    "sirens-bargain": "control, and a bounce to the owner's hand",
    "tunnel-runner": "Dig (ruling R33)",
    "rampart-surge": "a boosted structure keeps only the resilience part, lost first",
}


@pytest.mark.parametrize("card", sorted(CLAUSE_CARDS))
def test_every_clause_card_is_in_a_starter_deck(card):
    """A clause only a card can trigger must be able to happen with the starter
    decks a new player meets, not only in a scenario."""
    cards, decks = starter()
    assert card in cards
    assert any(card in d.primary for d in decks), CLAUSE_CARDS[card]


def test_new_anti_flier_and_armoured_cards_keep_their_printed_numbers():
    """Issue 17's tuning added Cairn Watcher (Purple's answer to fliers: it stays home
    and blocks one without dying) and Aurora Guardsman (Yellow's armoured runner that
    outlasts Red's 1-damage burn); both are in their colour's starter deck."""
    cards, decks = starter()
    by_key = {deck_key(d): d for d in decks}
    watcher, guardsman = cards["cairn-watcher"], cards["aurora-guardsman"]
    assert (watcher.cost, watcher.strength, watcher.resilience, watcher.abilities) == (
        "2P",
        1,
        4,
        ("reach",),
    )
    assert (guardsman.cost, guardsman.strength, guardsman.resilience, guardsman.abilities) == (
        "2Y",
        2,
        3,
        ("armor", "sprint"),
    )
    assert by_key["purple"].primary["cairn-watcher"] == 3
    assert by_key["yellow"].primary["aurora-guardsman"] == 3


def test_matchup_table_in_the_docs_covers_every_pair_fairly():
    """docs/cards.md's matchup table (issue 17) has a row for every pair of starter
    decks, 400 games in each seat order, and every pair's overall share for its first
    deck is 40-60% and matches the two counts."""
    _, decks = starter()
    text = (ROOT / "docs" / "cards.md").read_text()
    section = text.split("## Shrines starter decks: matchups", 1)[1]
    rows = re.findall(
        r"^\| (\w+) vs (\w+) \| (\d+)/(\d+) \| (\d+)/(\d+) \| (\d+(?:\.\d)?)% \|", section, re.M
    )
    keys = [deck_key(d) for d in decks]
    assert {(a, b) for a, b, *_ in rows} == set(itertools.combinations(keys, 2))
    for a, b, w1, n1, w2, n2, share in rows:
        assert n1 == n2 == "400", (a, b)
        overall = 100 * (int(w1) + int(w2)) / 800
        assert abs(overall - float(share)) < 0.1, (a, b)
        assert 40 <= overall <= 60, (a, b, overall)


def test_deck_validator_messages():
    """Wrong sizes, too many copies, off-colour cards, a source in the Primary and
    the Shrine in its own deck are each named."""
    cards, decks = starter()
    red = decks[2]
    bad = red.model_copy(
        update={
            "primary": {
                **red.primary,
                "ashen-brute": 4,
                "undertow": 1,
                "ember-font": 1,
                "cindermaw-warlord": 1,
            },
            "secondary": {"ember-font": 25},
        }
    )
    msgs = "\n".join(problems(bad, cards))
    assert "Primary Library holds 44 cards, not 40" in msgs
    assert "Secondary Library holds 25" not in msgs or "not 20" in msgs
    assert "4 copies of Ashen Brute; at most 3" in msgs
    assert "Undertow needs B" in msgs
    assert "the source Ember Font belongs in the Secondary" in msgs
    assert "Shrine Cindermaw Warlord may not also be in the deck" in msgs
    assert "copies of Ember Font" not in msgs  # basic sources are unlimited
    blue = decks[0].model_copy(update={"secondary": {"ember-font": 10, "dusk-font": 10}})
    msgs = "\n".join(problems(blue, cards))  # a source's colour is the mana it makes
    assert "Ember Font needs R" in msgs and "Dusk Font needs P" in msgs
    odd = red.model_copy(update={"shrine": "ashen-brute", "primary": {"nope": 1}})
    assert problems(odd, cards) == ["Red: Cinder Host: no card called 'nope'"]


def test_starter_set_covers_every_keyword_condition_type_and_speed():
    """Every static ability, condition, type/subtype, both speeds and an X cost."""
    cards, _ = starter()
    words = {a.split()[0] for c in cards.values() for a in c.abilities}
    assert words == set(KEYWORDS)
    verbs = {e.do for c in cards.values() for e in (*c.effects, *c.deathwish, *c.tap)}
    verbs |= {c.aura.condition for c in cards.values() if c.aura and c.aura.condition}
    assert set(CONDITIONS) | {"bounce", "swap"} <= verbs
    kinds = {(c.type, c.subtype) for c in cards.values()}
    assert kinds == {
        ("creature", ""),
        ("structure", ""),
        ("spell", "inert"),
        ("spell", "burst"),
        ("relic", "tool"),
        ("relic", "idol"),
        ("area", "terrain"),
        ("area", "weather"),
        ("area", "trap"),
        ("source", "basic"),
        ("source", "special"),
    }
    assert any(c.cost.startswith("X") for c in cards.values())


@pytest.mark.parametrize(
    "body, key, words",
    [
        (
            '[[card]]\nid = "a-b"\nname = "A"\ntype = "creature"\nresilience = 0\n',
            "card 'a-b': resilience",
            "resilience of at least 1",
        ),
        (
            '[[card]]\nid = "zap"\nname = "Zap"\ntype = "spell"\nsubtype = "burst"\ncost = "1Q"\n',
            "card 'zap': cost",
            "write a cost",
        ),
        (
            '[[card]]\nid = "zap"\nname = "Zap"\ntype = "creature"\nresilience = 1\n'
            'abilities = ["flyin"]\n',
            "card 'zap': abilities",
            "unknown ability 'flyin'",
        ),
        (
            '[[card]]\nid = "zap"\nname = "Zap"\ntype = "spell"\nsubtype = "burst"\n'
            'effects = [{ do = "explode" }]\n',
            "card 'zap': effects[0].do",
            "Input should be",
        ),
    ],
)
def test_malformed_card_file_names_file_card_and_field(tmp_path, body, key, words):
    """A bad card file stops loading with one error naming the file, card and field."""
    f = tmp_path / "bad.toml"
    f.write_text(body)
    with pytest.raises(FormatError) as info:
        load_cards([f], Card)
    err = info.value
    assert err.file.endswith("bad.toml") and err.key == key and words in err.message
    assert str(err).startswith(str(f)) and err.line and err.line > 1


def test_duplicate_ids_and_bad_toml(tmp_path):
    """A repeated id and unreadable TOML are FormatErrors with a line."""
    f = tmp_path / "dup.toml"
    f.write_text('[[card]]\nid = "a"\nname = "A"\ntype = "structure"\nresilience = 1\n' * 2)
    with pytest.raises(FormatError) as info:
        load_cards([f], Card)
    assert info.value.key == "card 'a': id" and info.value.line == 7
    (tmp_path / "sub").mkdir()
    (tmp_path / "sub" / "x.toml").write_text("[[card]\n")
    with pytest.raises(FormatError) as info:
        load_dir(tmp_path / "sub", Card, Deck)
    assert "not valid TOML" in info.value.message
