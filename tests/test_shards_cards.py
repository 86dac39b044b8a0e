"""Shards of the Empire's cards and decks: the shipped set loads and is our own, its
starter decks are legal and together use every card type, keyword, condition, advanced
resource, special resource, effect and timing; each deck rule's violation names its
card (and, in a deck file, its file and line); a malformed card is refused with its
file, card, field and line."""

from __future__ import annotations

import re
from collections import Counter
from pathlib import Path

import pytest
from deckfiles import GOOD as GOOD_FILES
from deckfiles import borrowed, forbidden, line_of, write

from shrinetable.formats.cards import load_cards
from shrinetable.formats.errors import FormatError
from shrinetable.games.shards.cards import catalog, deck_key
from shrinetable.games.shards.decks import FILES
from shrinetable.games.shards.schema import (
    ADVANCED,
    BASIC,
    DO,
    KEYWORDS,
    TARGETS,
    TYPES,
    WHEN,
    Card,
)

file_problems, problems, resolve = FILES.file_problems, FILES.problems, FILES.resolve
read_deck_file = FILES.read_deck_file

ROOT = Path(__file__).parent.parent
DOC = ROOT / "docs" / "cards-shards.md"

GOOD = GOOD_FILES["shards"]


def in_decks() -> list[Card]:
    """Every card that is in at least one starter deck."""
    cards, decks = catalog()
    return [cards[cid] for cid in sorted({cid for d in decks for cid in d.cards})]


# --- the set -----------------------------------------------------------------------


def test_the_shipped_set_loads_sixty_to_ninety_cards_with_unique_names():
    """Sixty to eighty at first; issue 24 added six cards for clauses no card exercised."""
    cards, _ = catalog()
    assert 60 <= len(cards) <= 90
    assert all(c.name and c.text for c in cards.values())
    names = Counter(c.name for c in cards.values())
    assert max(names.values()) == 1, "a card name is a card id in the deck rules"


def test_numbers_stay_modest():
    """Units offence 1-5 and health 1-6, buildings defence 3-10, costs 0-6."""
    for c in catalog()[0].values():
        assert sum(c.cost.values()) <= 6, c.id
        if c.type == "unit":
            assert 1 <= c.offence <= 5 and 1 <= c.health <= 6, c.id
        if c.type == "building":
            assert 3 <= c.defence <= 10, c.id


def test_the_rules_text_names_each_keyword_and_condition():
    """A card's text says in words what its keywords and conditions are
    ("Wrecker 2.", "Affinity Gold Gemstones - ...")."""

    def words(s: str) -> str:
        return s.replace("_", " ").title().replace("And", "and")

    for c in catalog()[0].values():
        for kw in c.keywords:
            if kw != "starting":
                assert words(kw) in c.text, (c.id, kw)
        for e in c.effect:
            if e.condition:
                assert f"{words(e.condition)} -" in c.text, (c.id, e.condition)


# what each effect may aim at: a player, or a card of the right kind
FITS = {
    "gain": {"you"},
    "draw": {"you", "opponent"},
    "discard": {"opponent"},
    "damage": {"unit", "enemy_unit", "building", "enemy_building", "enemy"},
    "destroy": {"unit", "enemy_unit", "building", "enemy_building", "enemy", "enemy_policy"},
    "repair": {"building", "own_building", "this"},
    "pump": {"unit", "own_unit", "this"},
    "ready": {"own_unit", "own_building", "this"},
    "develop": {"own_card", "this"},
    "offence": {"own_unit", "this"},
    "defence": {"own_building", "this"},
    "sacrifice": {"this", "own_unit", "own_card"},
    "return": {"you"},
}


def test_every_effect_aims_at_what_its_action_takes():
    cards, _ = catalog()
    assert set(FITS) == set(DO)
    for c in cards.values():
        for e in c.effect:
            assert e.target in FITS[e.do], (c.id, e.do, e.target)
            if e.target == "this":
                assert c.type in ("unit", "building", "policy"), c.id
                kind = {
                    "repair": "building",
                    "defence": "building",
                    "pump": "unit",
                    "offence": "unit",
                }.get(e.do)
                assert kind in (None, c.type), (c.id, e.do)
            if e.do == "develop" and e.target == "this":
                assert c.type == "building" or c.has("developable"), c.id


def test_starting_cards_are_kingdom_cards_with_nothing_on_entering_play():
    """They begin in play without being played, so a `play` effect would never
    happen on them."""
    for c in catalog()[0].values():
        if c.has("starting"):
            assert c.type in ("unit", "building", "policy"), c.id
            assert all(e.when != "play" for e in c.effect), c.id


# --- the starter decks -------------------------------------------------------------


def test_the_four_decks_of_the_set_are_shipped():
    """(Every shipped deck's legality: tests/test_deck_games.py.)"""
    assert {"legion", "gilded", "ashen", "prism"} <= {deck_key(d) for d in catalog()[1]}


def test_every_deck_can_start_with_a_building_and_found_territories():
    """Ten or more buildings, two to four territory cards, and at least two cheap
    Starting buildings, so three cards within a cost of 3 can include one."""
    cards, decks = catalog()
    for d in decks:
        kinds = Counter()
        for cid, n in d.cards.items():
            kinds[cards[cid].type] += n
        assert kinds["building"] >= 10 and 2 <= kinds["territory"] <= 4, d.name
        starting = [cards[cid] for cid in d.cards if cards[cid].has("starting")]
        cheap = [c for c in starting if c.type == "building" and sum(c.cost.values()) <= 1]
        assert len(cheap) >= 2, d.name
        costs = sorted(sum(c.cost.values()) for c in starting)
        assert sum(costs[:3]) <= 3 and costs.count(0) + costs.count(1) >= 5, d.name


def test_each_deck_carries_its_strategy():
    """Legion: the combat keywords; Gilded: a Grand card and free develop effects;
    Ashen: making the opponent draw and discard; Prism: Affinity, No Affinity, and
    a special resource."""
    cards, decks = catalog()
    by_key = {deck_key(d): [cards[cid] for cid in d.cards] for d in decks}

    def has_kw(deck: str, word: str) -> bool:
        return any(c.has(word) for c in by_key[deck])

    def effects(deck: str):
        return [e for c in by_key[deck] for e in c.effect]

    assert all(has_kw("legion", w) for w in ("wrecker", "pillage", "blitz", "overwhelm"))
    assert has_kw("gilded", "grand")
    assert sum(e.do == "develop" for e in effects("gilded")) >= 4
    assert any(e.condition.startswith("upgraded") for e in effects("gilded"))
    assert any(e.do == "draw" and e.target == "opponent" for e in effects("ashen"))
    assert any(e.do == "discard" for e in effects("ashen"))
    prism = effects("prism")
    assert any(e.condition.startswith("affinity") for e in prism)
    assert any(e.condition == "no_affinity" for e in prism)
    assert any(e.resource not in ADVANCED + (BASIC,) for e in prism)


def test_the_decks_use_every_type_keyword_condition_resource_effect_and_timing():
    """Issue 13: every card type, keyword, condition and advanced resource appears on
    a card in a starter deck; so do a special resource that one card gains and
    another spends, every effect and every timing."""
    cards = in_decks()
    effects = [e for c in cards for e in c.effect]
    assert {c.type for c in cards} == set(TYPES)
    assert {k.partition(" ")[0] for c in cards for k in c.keywords} == set(KEYWORDS)
    assert {e.condition.split()[0] for e in effects if e.condition} == {
        "affinity",
        "no_affinity",
        "raiding",
        "upgraded",
        "developed",
    }
    costs = {r for c in cards for r in c.cost} | {r for e in effects for r in e.cost}
    gained = {e.resource for e in effects if e.do == "gain"}
    affinity = {
        w for e in effects if e.condition.startswith("affinity ") for w in e.condition.split()[1:]
    }
    assert set(ADVANCED) <= gained and set(ADVANCED) <= costs | affinity
    special = gained - set(ADVANCED) - {BASIC}
    assert special and special <= costs, (special, costs)
    assert special & affinity, "issue 24: an Affinity condition on a special resource"
    assert {e.do for e in effects} == set(DO)
    assert {e.when for e in effects} == set(WHEN)


# --- each deck rule, refused with its message ---------------------------------------


def legion():
    cards, decks = catalog()
    return cards, next(d for d in decks if deck_key(d) == "legion")


def test_a_deck_holds_at_least_45_cards():
    cards, d = legion()
    small = d.model_copy(update={"cards": {**d.cards, "ironclad-legionary": 1, "siege-foundry": 1}})
    assert problems(small, cards) == [
        f"{d.name}: cards: the deck holds 42 cards; a deck holds 45 or more"
    ]


def test_a_deck_has_no_maximum_size():
    cards, d = legion()
    extra = {cid: 3 for cid in ("ambush", "kindle", "dawns-mercy", "gem-rush", "smite")}
    big = d.model_copy(update={"cards": {**d.cards, **extra}})
    assert sum(big.cards.values()) == 61 and problems(big, cards) == []


LEVY_OUT = {"levy-of-arms": 0}  # a Starting card out of Legion


@pytest.mark.parametrize(
    "change, says",
    [
        ({"raze": 4}, "card 'raze': 4 copies of Raze the Walls; at most 3 of a card"),
        ({**LEVY_OUT, "raze": 3}, "cards: the deck holds 6 Starting cards; a deck holds exactly 7"),
        ({"stone-quarry": 1}, "cards: the deck holds 8 Starting cards; a deck holds exactly 7"),
        # two copies of a Starting card break this rule, and the count of seven too
        (
            {**LEVY_OUT, "iron-march-camp": 2},
            "card 'iron-march-camp': 2 copies of Iron March "
            "Camp, a Starting card; each Starting card only once",
        ),
    ],
)
def test_copies_and_starting_cards_are_counted(change, says):
    """At most three copies of a card; exactly seven Starting cards, each only once."""
    cards, d = legion()
    changed = {k: n for k, n in {**d.cards, **change}.items() if n}
    assert problems(d.model_copy(update={"cards": changed}), cards) == [f"{d.name}: {says}"]


def test_an_unknown_card_is_named_with_a_guess():
    cards, d = legion()
    typo = d.model_copy(update={"cards": {**d.cards, "marauder-bnd": 1}})
    assert problems(typo, cards) == [
        f"{d.name}: card 'marauder-bnd': no card has this id; did you mean 'marauder-band'?"
    ]


# --- deck files ----------------------------------------------------------------------


def test_deck_file_problems_name_file_line_and_card(tmp_path):
    text = (
        GOOD.replace("spoilhound-pack = 3", "spoilhound-pack = 4")
        .replace("stone-quarry = 1", "stone-quarry = 2")
        .replace("riverlands = 1", "riverlands = 1\nno-such-card = 1")
    )
    path = write(tmp_path, text)
    assert file_problems(str(path)) == [
        f"{path}:5: cards: the deck holds 8 Starting cards; a deck holds exactly 7",
        f"{path}:{line_of(text, 'stone-quarry')}: card 'stone-quarry': 2 copies of Stone "
        f"Quarry, a Starting card; each Starting card only once",
        f"{path}:{line_of(text, 'spoilhound-pack')}: card 'spoilhound-pack': 4 copies of "
        f"Spoilhound Pack; at most 3 of a card",
        f"{path}:{line_of(text, 'no-such-card')}: card 'no-such-card': no card has this id",
    ]
    with pytest.raises(ValueError, match="no-such-card"):
        resolve(str(path))


def test_deck_file_size_points_at_the_cards_table(tmp_path):
    text = GOOD.replace("raze = 3", "raze = 1")
    path = write(tmp_path, text)
    assert file_problems(str(path)) == [
        f"{path}:5: cards: the deck holds 43 cards; a deck holds 45 or more"
    ]


# --- malformed cards -----------------------------------------------------------------

CARD = """\
[[card]]
id = "odd-card"
name = "Odd Card"
type = "unit"
cost = { basic = 2 }
offence = 2
health = 2
keywords = ["vigilant"]

[[card.effect]]
when = "activate"
exhaust = true
do = "gain"
"""


@pytest.mark.parametrize(
    "change, key, line, words",
    [
        (
            ('keywords = ["vigilant"]', 'keywords = ["flying"]'),
            "keywords",
            8,
            "'flying' is not a keyword",
        ),
        (
            ('keywords = ["vigilant"]', 'keywords = ["wrecker"]'),
            "keywords",
            8,
            "wrecker takes a number",
        ),
        (('type = "unit"', 'type = "building"'), "offence", 6, "only a unit"),
        (("health = 2", "health = 0"), "health", 7, "greater than or equal to 1"),
        (('do = "gain"', 'do = "steal"'), "effect[0].do", 13, "'develop'"),
        (('do = "gain"', 'do = "gain"\ntarget = "everyone"'), "effect[0].target", 14, "'enemy'"),
        (
            ('do = "gain"', 'do = "gain"\ncondition = "wealthy 2"'),
            "effect[0]",
            10,
            "condition: 'wealthy 2' is not a condition",
        ),
        (
            ('when = "activate"', 'when = "play"'),
            "effect[0]",
            10,
            'only an ability (when = "activate") has a cost, exhaust or fast',
        ),
    ],
)
def test_a_bad_card_names_its_file_card_field_and_line(tmp_path, change, key, line, words):
    assert change[0] in CARD
    path = write(tmp_path, CARD.replace(*change), "cards.toml")
    with pytest.raises(FormatError) as e:
        load_cards([path], Card)
    assert (e.value.file, e.value.key, e.value.line) == (str(path), f"card 'odd-card': {key}", line)
    assert words in e.value.message


def test_a_territory_card_has_no_cost(tmp_path):
    text = (
        '[[card]]\nid = "odd-land"\nname = "Odd Land"\ntype = "territory"\ncost = { basic = 1 }\n'
    )
    with pytest.raises(FormatError, match="a territory card has no cost and no effects"):
        load_cards([write(tmp_path, text, "lands.toml")], Card)


def test_an_id_used_twice_is_refused(tmp_path):
    with pytest.raises(FormatError, match="already used") as e:
        load_cards([write(tmp_path, CARD + "\n" + CARD, "twice.toml")], Card)
    assert e.value.line == 16


# --- our own words -----------------------------------------------------------------

FORBIDDEN = forbidden("shards")


def test_no_names_from_films_parks_or_comics():
    assert borrowed(catalog(), FORBIDDEN) == []


def test_the_format_page_names_the_whole_vocabulary():
    """(Its deck table: tests/test_deck_games.py.)"""
    doc = DOC.read_text(encoding="utf-8")
    for word in (*DO, *WHEN, *TARGETS, *KEYWORDS, *TYPES, *ADVANCED):
        assert re.search(rf"`{word}[` ]", doc), word
