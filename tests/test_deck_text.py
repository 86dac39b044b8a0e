"""Decks as plain text lists (formats/decktext.py) and the deck rules in words:
every shipped deck of every game whose decks are data goes out as text and comes
back the same; a faulty line is named with its number; each deck game's rules
refuse an illegal deck, saying the rule and the card."""

from __future__ import annotations

import tomllib
from types import SimpleNamespace

import pytest

from shrinetable.engine import registry
from shrinetable.formats import decktext
from shrinetable.formats.decktext import DeckTextError, Shape, export, parse

DECK_GAMES = [
    n for n in registry.names() if (d := registry.get(n).card_data) and d.decks is not None
]


def test_the_deck_games_are_found_by_their_card_data():
    assert {"shrines", "sorcerer", "shards", "usagi"} <= set(DECK_GAMES)


@pytest.mark.parametrize("game", DECK_GAMES)
def test_every_shipped_deck_round_trips_through_text_exactly(game):
    files = registry.get(game).card_data.decks
    shape = Shape.of(files.model)
    cards, decks = files.catalog()
    assert decks
    for deck in decks:
        text = export(deck, cards, shape)
        assert text.startswith(f"# {deck.name}\n")
        back = parse(text, cards, "the cards", shape)
        for part in (*shape.tables, *shape.picks):
            got, shipped = back[part], getattr(deck, part)
            assert got == shipped and list(got) == list(shipped), (deck.name, part)


def _card(name):
    return SimpleNamespace(name=name)


CARDS = {
    "fools-gold": _card("Fool's Gold"),
    "ember-imp": _card("Ember Imp"),
    "twin-a": _card("Twin"),
    "twin-b": _card("Twin"),
    "hash": _card("No #1"),
}


def test_a_list_with_comments_blank_lines_and_3x_reads_in_order():
    text = "# my deck\n\n3x Fool's Gold\n  2 ember imp   # the imps\n1 twin-b\n1 Ember Imp\n"
    assert list(parse(text, CARDS, "X's cards")["cards"].items()) == [
        ("fools-gold", 3),
        ("ember-imp", 3),
        ("twin-b", 1),
    ]


def test_each_faulty_line_is_named_with_its_number_and_why():
    text = "3 Fool's Gold\nthree Ember Imp\n\n2 Fools Gold Bar\n0 Ember Imp\n1 Twin\n"
    with pytest.raises(DeckTextError) as e:
        parse(text, CARDS, "Sorcerer's cards")
    assert e.value.problems == [
        "line 2: 'three Ember Imp' is not a count and a card's name, e.g. '3 Card Name'",
        "line 4: no card called 'Fools Gold Bar' in Sorcerer's cards; did you mean 'Fool's Gold'?",
        "line 5: 0 copies; a count is 1 to 999",
        "line 6: 2 cards are called 'Twin' (twin-a, twin-b); write the id of the one you mean",
    ]


LIBRARIES = Shape(("primary", "secondary"), ("shrine",))


def test_a_deck_of_several_tables_reads_headings_and_single_cards():
    text = "Shrine: ember imp\n3 Fool's Gold\nSecondary:\n2 twin-a\nPrimary:\n1 Ember Imp\n"
    assert parse(text, CARDS, "X's cards", LIBRARIES) == {
        "shrine": "ember-imp",
        "primary": {"fools-gold": 3, "ember-imp": 1},
        "secondary": {"twin-a": 2},
    }
    deck = SimpleNamespace(name="D", shrine="twin-b", primary={"hash": 1}, secondary={})
    text = export(deck, CARDS, LIBRARIES)
    assert text == "# D\nShrine: twin-b\nPrimary:\n1 hash\nSecondary:\n"
    with pytest.raises(DeckTextError) as e:
        parse("Sideboard:\n1 Twin\n", CARDS, "X's cards", LIBRARIES)
    assert e.value.problems == [
        "line 1: 'Sideboard:' is not a count and a card's name, e.g. '3 Card Name'",
        "line 2: 2 cards are called 'Twin' (twin-a, twin-b); write the id of the one you mean",
        "no 'Shrine: Card Name' line",
    ]


def test_a_list_without_cards_is_refused():
    with pytest.raises(DeckTextError, match="no cards"):
        parse("# only a comment\n\n", CARDS, "X's cards")


def test_a_name_that_means_several_cards_or_holds_a_hash_goes_out_as_its_id():
    deck = SimpleNamespace(name="Mixed", cards={"twin-a": 1, "hash": 2, "ember-imp": 3})
    text = export(deck, CARDS)
    assert text == "# Mixed\n1 twin-a\n2 hash\n3 Ember Imp\n"
    assert parse(text, CARDS, "X's cards") == {"cards": deck.cards}


def test_a_deck_goes_into_decks_toml_beside_the_others_or_in_place_of_its_name():
    old = '# mine\n[[deck]]\nname = "Keep"\n[deck.cards]\nember-imp = 3\n\n'
    old += '[[deck]]\nname = "Swap \\"me\\""\n[deck.cards]\ntwin-a = 1\n'
    new = decktext.with_deck(old, 'swap "ME"', {"cards": {"fools-gold": 2}})
    data = tomllib.loads(new)["deck"]
    assert [(d["name"], d["cards"]) for d in data] == [
        ("Keep", {"ember-imp": 3}),
        ('swap "ME"', {"fools-gold": 2}),
    ]
    assert new.startswith("# mine\n")
    added = decktext.with_deck("", "Tab\there", {"cards": {"ember-imp": 1}})
    assert tomllib.loads(added)["deck"][0]["name"] == "Tab\there"


def _deck(game, cards):
    files = registry.get(game).card_data.decks
    deck = files.model.model_validate({"game": game, "name": "Test", "cards": cards})
    return files.problems(deck, files.catalog()[0])


def test_usagi_rules_in_words_size_copies_restricted():
    found = _deck("usagi", {"family-seal": 3, "ambush": 4})
    assert found[0] == "Test: cards: the deck holds 7 cards; a deck holds at least 30"
    assert any("'family-seal'" in p and "marked Restricted: 2; at most 2" in p for p in found)
    assert any("4 copies of Ambush; at most 3 of a card" in p for p in found)


def test_sorcerer_rules_in_words_size_and_bolt_copies():
    found = _deck("sorcerer", {"heartstring-crescendo": 2})
    assert found[0] == "Test: cards: the deck holds 2 cards; a deck holds 20 to 50"
    assert (
        "card 'heartstring-crescendo': 2 copies of Heartstring Crescendo, a bolt card" in (found[1])
    )
    assert found[1].endswith("at most 1 of each bolt card")


def test_shards_rules_in_words_size_starting_cards_and_copies():
    found = _deck("shards", {"stone-quarry": 2})
    assert found == [
        "Test: cards: the deck holds 2 cards; a deck holds 45 or more",
        "Test: cards: the deck holds 2 Starting cards; a deck holds exactly 7",
        "Test: card 'stone-quarry': 2 copies of Stone Quarry, a Starting card; "
        "each Starting card only once",
    ]


def test_shrines_rules_in_words_libraries_copies_and_colours():
    from shrinetable.formats.cards import load_card_data
    from shrinetable.games.shrines import decks as rules

    cards, decks = load_card_data(registry.get("shrines").card_data)
    shipped = decks[0]
    wrong = shipped.model_copy(
        update={"primary": {**shipped.primary, "undertow": 4}, "secondary": {}}
    )
    found = rules.problems(wrong, cards)
    assert f"{shipped.name}: the Secondary Library holds 0 cards, not 20" in found
    assert f"{shipped.name}: 4 copies of Undertow; at most 3" in found
    assert any("the Primary Library holds 41 cards, not 40" in p for p in found)
