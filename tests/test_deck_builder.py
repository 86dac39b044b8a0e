"""The deck builder's model (formats/deckbuild.py, formats/deckbook.py,
adapter/deckdesk.py) for every game that declares deck rules: the properties
found in the cards, search and filters, counts, the rules live with their
figures, the charts' data, the files with undo, and the draft kept."""

from __future__ import annotations

import json
import tomllib

import pytest

from shrinetable.adapter.deckdesk import Desk, deck_games
from shrinetable.engine import registry
from shrinetable.formats import deckbuild
from shrinetable.formats.deckbook import BookError, Taken
from shrinetable.formats.decks import INLINE

GAMES = ["shrines", "sorcerer", "shards", "usagi"]


@pytest.fixture
def data(tmp_path, monkeypatch):
    monkeypatch.setenv("SHRINETABLE_DATA_DIR", str(tmp_path))
    return tmp_path


def desk(name: str) -> Desk:
    return Desk(registry.get(name))


def test_every_game_that_declares_deck_rules_has_a_builder():
    assert [g.name for g in deck_games()] == GAMES


@pytest.mark.parametrize("name", GAMES)
def test_properties_come_from_the_cards_a_filter_each(data, name):
    d = desk(name)
    keys = {f.key: f for f in d.pool.facets}
    kinds = {f.kind for f in d.pool.facets}
    assert "colour" in keys and {"choice", "number", "words"} <= kinds
    assert all(len(f.values) > 1 or f.kind == "flag" for f in d.pool.facets)
    every = d.pool.shown()
    assert sorted(every) == sorted(d.cards)
    choice = next(f for f in d.pool.facets if f.kind == "choice")
    value = choice.values[0]
    d.pool.toggle(choice.key, value)
    assert d.pool.shown() == sorted(
        (c for c in d.cards if value in choice.of.get(c, ())),
        key=lambda c: d.cards[c].name.lower(),
    )
    d.pool.toggle(choice.key, value)
    assert len(d.pool.shown()) == len(d.cards)


def test_search_reads_words_and_property_comparisons(data):
    d = desk("usagi")
    d.pool.search = "type:character cost<=1"
    found = d.pool.shown()
    assert found and all(d.cards[c].type == "character" for c in found)
    cost = d.pool.facet("cost")
    assert cost is not None and all(cost.of[c][0] <= 1 for c in found)
    d.pool.search = "katana"
    assert d.pool.shown() == ["heirloom-katana"]
    d.pool.search, d.pool.sort = "", "cost"
    costs = [cost.of.get(c, (None,))[0] for c in d.pool.shown()]
    held = [c for c in costs if c is not None]
    assert held == sorted(held) and costs[-1] is None  # the cards without a cost last


def test_rules_are_live_with_their_figures_and_name_the_card(data):
    d = desk("usagi")
    assert d.said() == ["at least 30 cards (0)"]
    for _ in range(3):
        d.add("family-seal")
    assert d.build.count("family-seal") == 3
    assert d.said() == ["at least 30 cards (3)", "Family Seal: Restricted: at most 2 (3)"]
    d.remove("family-seal")
    assert d.said() == ["at least 30 cards (2)"]
    s = desk("sorcerer")
    s.add("heartstring-crescendo")
    s.add("heartstring-crescendo")
    assert s.said() == [
        "20 to 50 cards (2)",
        "Heartstring Crescendo: at most 1 of a bolt card (2)",
    ]


def test_shrines_rules_name_the_shrine_the_libraries_and_a_stray_colour(data):
    d = desk("shrines")
    assert d.said()[0] == "a Shrine card chosen"
    d.add("mistral-oracle", "shrine")
    d.add("ember-font", "secondary")
    said = d.said()
    assert "Primary Library: 40 (0)" in said and "Secondary Library: 20 (1)" in said
    assert any(s.startswith("Ember Font: only the Shrine's colours (B), not R") for s in said)


@pytest.mark.parametrize("name", GAMES)
def test_a_shipped_deck_opened_keeps_the_rules_and_plays_as_written(data, name):
    d = desk(name)
    d.open(d.decks[0])
    assert d.said() == [] and d.build.name.endswith("(mine)")
    value = d.play_options()["deck_p1"]
    assert value.startswith(INLINE)
    written = json.loads(value[len(INLINE) :])
    shipped = d.decks[0].model_dump(exclude={"name", "style"})  # its cards, as dealt
    assert {k: v for k, v in written.items() if k != "name"} == shipped
    game = registry.get(name)
    words = {"name", "game", "style"}
    assert game.card_data.decks.deck(value).model_dump(exclude=words) == shipped
    game.new_game(1, d.play_options(), game.min_seats)  # the deal takes it
    d.remove(d.build.ids()[0])
    if d.said():
        with pytest.raises(ValueError, match="cannot be played yet"):
            d.play_options()


def test_charts_data_curve_tallies_and_the_chance_to_draw(data):
    d = desk("usagi")
    d.open(d.decks[0])
    cost = d.pool.facet("cost")
    kind = d.pool.facet("type")
    assert cost is not None and kind is not None
    curve = deckbuild.curve(d.build, cost)
    assert list(curve) == list(range(min(curve), max(curve) + 1))
    with_cost = sum(n for c, n in d.build.tables["cards"].items() if c in cost.of)
    assert sum(curve.values()) == with_cost
    assert sum(deckbuild.tally(d.build, kind).values()) == d.build.size()
    # no copy among 7 of 40: C(37, 7) / C(40, 7) = (33 * 32 * 31) / (40 * 39 * 38)
    assert deckbuild.chance(40, 3, 7) == pytest.approx(1 - (33 * 32 * 31) / (40 * 39 * 38))
    assert deckbuild.chance(30, 0, 7) == 0 and deckbuild.chance(10, 1, 10) == 1
    assert deckbuild.chance(1, 2, 7) == 1  # never more copies than cards


def test_saving_asks_for_a_taken_name_and_never_takes_a_shipped_one(data):
    d = desk("usagi")
    d.open(d.decks[0])
    d.rename_build("Sharp Edge")
    assert "saved in" in d.save()
    path = data / "cards" / "usagi" / "decks.toml"
    assert [x["name"] for x in tomllib.loads(path.read_text())["deck"]] == ["Sharp Edge"]
    other = desk("usagi")
    other.new()
    other.add("ambush")
    other.rename_build("sharp edge")
    with pytest.raises(Taken):
        other.save()
    assert "draft" in other.save(replace=True)
    other.rename_build(d.decks[0].name)
    with pytest.raises(BookError, match="shipped deck"):
        other.save()


def test_duplicate_rename_delete_each_undone(data):
    d = desk("sorcerer")
    d.open(d.decks[1])
    d.rename_build("Spark Deck")
    d.save()
    assert d.duplicate() == "'Spark Deck (2)' made, a copy to change"
    d.rename("Spark Two")
    names = [x.name for x in d.book.decks()]
    assert names == ["Spark Deck", "Spark Two"]
    d.delete()
    assert [x.name for x in d.book.decks()] == ["Spark Deck"] and d.saved_as is None
    assert d.undo() == "undone: delete 'Spark Two'"
    assert [x.name for x in d.book.decks()] == ["Spark Deck", "Spark Two"]
    d.undo()
    d.undo()
    assert [x.name for x in d.book.decks()] == ["Spark Deck"]


def test_an_unwritable_card_folder_is_named_and_nothing_is_lost(data):
    d = desk("usagi")
    d.add("ambush")
    (data / "cards").write_text("a file where the folder would be")
    with pytest.raises(BookError, match="cards"):
        d.save()
    assert desk("usagi").build.fields() == {"cards": {"ambush": 1}}  # the draft


def test_the_draft_is_kept_at_each_change_and_restored(data):
    d = desk("shrines")
    d.rename_build("Half Built")
    d.add("mistral-oracle", "shrine")
    d.add("harbor-sentinel", "primary")
    again = desk("shrines")
    assert again.build.name == "Half Built"
    assert again.build.fields() == {
        "shrine": "mistral-oracle",
        "primary": {"harbor-sentinel": 1},
        "secondary": {},
    }


def test_a_text_list_in_and_out_each_faulty_line_named(data):
    d = desk("usagi")
    d.open(d.decks[2])
    text = d.export()
    fresh = desk("usagi")
    assert fresh.read(text, "list.txt") == []
    assert fresh.build.fields() == d.build.fields()
    assert fresh.build.name == d.build.name
    problems = fresh.read("2 Ambush\n3 Wandering Swordsmen\nthree Ambush\n", "paste")
    assert problems == [
        "paste: line 2: no card called 'Wandering Swordsmen' in Usagi Yojimbo CCG's "
        "cards; did you mean 'Wandering Swordsman'?",
        "paste: line 3: 'three Ambush' is not a count and a card's name, e.g. '3 Card Name'",
    ]
    assert fresh.build.fields() == d.build.fields()  # nothing changed


def test_a_deck_file_reads_in_and_one_for_another_game_is_named(data):
    d = desk("usagi")
    before = d.build.fields()
    other = 'game = "sorcerer"\nname = "Sparks"\n[cards]\nglimmer-wink = 2\n'
    assert d.read(other, "sparks.toml") == [
        "sparks.toml: a deck file for 'sorcerer', not Usagi Yojimbo CCG (game = \"usagi\")"
    ]
    assert d.build.fields() == before
    own = 'game = "usagi"\nname = "Two Blades"\n[cards]\nambush = 2\nfamily-seal = 1\n'
    assert d.read(own, "blades.toml") == []
    assert d.build.name == "Two Blades"
    assert d.build.fields() == {"cards": {"ambush": 2, "family-seal": 1}}


def test_tally_charts_offer_colours_choices_and_ratings_added_up(data):
    d = desk("usagi")
    d.open(d.decks[0])
    found = dict(deckbuild.charts(d.pool.facets))
    assert list(found)[0] == "Colour" and "Ratings" in found
    ratings = deckbuild.totals(d.build, found["Ratings"])
    combat = sum(d.cards[c].ratings.get("combat", 0) for c in d.build.ids())
    assert ratings["combat"] == combat > 0
    assert sum(deckbuild.totals(d.build, found["Colour"]).values()) >= d.build.size() - 1


def test_a_damaged_draft_or_card_folder_file_is_said_never_a_traceback(data):
    (data / "deck-draft-usagi.json").write_text(
        '{"name": "X", "fields": {"cards": {"ambush": "x"}}}'
    )
    assert desk("usagi").build.fields() == {"cards": {}}
    (data / "deck-draft-usagi.json").write_text("[1, 2")
    assert desk("usagi").build.size() == 0
    folder = data / "cards" / "usagi"
    folder.mkdir(parents=True)
    (folder / "decks.toml").write_text("[[deck]\nname = 'broken'\n")
    d = desk("usagi")
    with pytest.raises(BookError, match="decks.toml"):
        d.every_deck()
    d.add("ambush")
    with pytest.raises(BookError, match="decks.toml"):
        d.save()


def test_a_shrines_deck_file_is_checked_and_played(data, capsys):
    from shrinetable.cli import main

    game = registry.get("shrines")
    shipped = game.card_data.decks.catalog()[1][0]
    rows = ['game = "shrines"', 'name = "Mine"', f'shrine = "{shipped.shrine}"']
    for table in ("primary", "secondary"):
        rows += [f"[{table}]", *(f"{c} = {n}" for c, n in getattr(shipped, table).items())]
    path = data / "mine.toml"
    path.write_text("\n".join(rows) + "\n")
    assert main(["check", str(path)]) == 0
    assert game.check_options({"deck_p1": str(path)})["deck_p1"] == str(path)
    path.write_text("\n".join(rows).replace("[secondary]", "[secondary]\nember-font = 2") + "\n")
    assert main(["check", str(path)]) == 1
    assert "Ember Font needs R, which the Shrine" in capsys.readouterr().out
