"""Sorcerer's cards and decks: the shipped set loads and covers every spell type and
rarity, the prebuilt decks are legal, each deck rule's violation names its card, a
deck file a player writes is read with file, key and line, and `shrinetable check`
validates one through the game's card-data hook."""

from __future__ import annotations

from collections import Counter
from pathlib import Path
from types import SimpleNamespace

import pytest
from deckfiles import GOOD as GOOD_FILES
from deckfiles import borrowed, forbidden, line_of, write

from shrinetable.commands import check
from shrinetable.engine import registry
from shrinetable.games.sorcerer.cards import catalog
from shrinetable.games.sorcerer.decks import FILES
from shrinetable.games.sorcerer.schema import RARITIES, SPELLS

file_problems, problems, resolve = FILES.file_problems, FILES.problems, FILES.resolve
read_deck_file = FILES.read_deck_file

ROOT = Path(__file__).parent.parent
DOC = ROOT / "docs" / "cards-sorcerer.md"

GOOD = GOOD_FILES["sorcerer"]


def test_every_shipped_card_loads_sixty_or_more():
    cards, _ = catalog()
    assert len(cards) >= 60
    assert all(c.name and c.text for c in cards.values())


def test_every_spell_type_and_rarity_is_present():
    cards, _ = catalog()
    spells = Counter(c.spell for c in cards.values())
    rarities = Counter(c.rarity for c in cards.values())
    assert set(spells) == set(SPELLS) and min(spells.values()) >= 8
    assert set(rarities) == set(RARITIES)


def test_numbers_follow_a_curve():
    """Stronger rarities carry more in all; Wishful shields (a sacrifice's gain)
    stay modest; Strong and Quick lean to shield, Gross and Energy to attack."""
    cards = catalog()[0].values()
    total = {r: [c.attack + c.shield for c in cards if c.rarity == r] for r in RARITIES}
    assert max(total["star"]) < min(total["bolt"])
    assert all(1 <= c.attack <= 8 and 1 <= c.shield <= 8 for c in cards)
    assert all(c.shield <= 4 for c in cards if c.spell == "wishful")

    def lean(spell: str) -> int:
        return sum(c.shield - c.attack for c in cards if c.spell == spell)

    assert lean("strong") > 0 and lean("quick") > 0
    assert lean("gross") < 0 and lean("energy") < 0


def test_deck_size_is_20_to_50():
    cards, decks = catalog()
    small = decks[0].model_copy(update={"cards": {"static-spark": 3}})
    assert problems(small, cards) == [
        f"{small.name}: cards: the deck holds 3 cards; a deck holds 20 to 50"
    ]
    big = decks[0].model_copy(update={"cards": dict.fromkeys(list(cards)[:18], 3)})
    assert "the deck holds 54 cards; a deck holds 20 to 50" in problems(big, cards)[0]


@pytest.mark.parametrize(
    "cid, n, words",
    [
        ("glimmer-wink", 4, "a star card; at most 3 of each star, moon or planet card"),
        ("lantern-serenade", 4, "a moon card; at most 3 of each star, moon or planet card"),
        ("starlit-waltz", 4, "a planet card; at most 3 of each star, moon or planet card"),
        ("heartstring-crescendo", 2, "a bolt card; at most 1 of each bolt card"),
    ],
)
def test_copies_of_a_card_are_limited_by_its_rarity(cid, n, words):
    cards, decks = catalog()
    d = decks[0]
    over = d.model_copy(update={"cards": {**d.cards, cid: n}})
    assert problems(over, cards) == [
        f"{d.name}: card {cid!r}: {n} copies of {cards[cid].name}, {words}"
    ]


def test_an_unknown_card_is_named_with_a_guess():
    cards, decks = catalog()
    typo = decks[0].model_copy(update={"cards": {**decks[0].cards, "glimer-wink": 1}})
    assert problems(typo, cards) == [
        f"{typo.name}: card 'glimer-wink': no card has this id; did you mean 'glimmer-wink'?"
    ]


def test_deck_file_problems_name_file_line_and_card(tmp_path):
    text = (
        GOOD.replace("skybreaker-surge = 1", "skybreaker-surge = 2").replace(
            "static-spark = 3", "static-spark = 4"
        )
        + "no-such-card = 1\n"
    )
    path = write(tmp_path, text)
    assert file_problems(str(path)) == [
        f"{path}:{line_of(text, 'static-spark')}: card 'static-spark': 4 copies of Static "
        f"Spark, a star card; at most 3 of each star, moon or planet card",
        f"{path}:{line_of(text, 'skybreaker-surge')}: card 'skybreaker-surge': 2 copies of "
        f"Skybreaker Surge, a bolt card; at most 1 of each bolt card",
        f"{path}:{line_of(text, 'no-such-card')}: card 'no-such-card': no card has this id",
    ]
    with pytest.raises(ValueError, match="no-such-card"):
        resolve(str(path))


def test_deck_file_size_points_at_the_cards_table(tmp_path):
    text = 'game = "sorcerer"\nname = "Tiny"\n\n[cards]\nstatic-spark = 3\n'
    path = write(tmp_path, text)
    assert file_problems(str(path)) == [
        f"{path}:4: cards: the deck holds 3 cards; a deck holds 20 to 50"
    ]


def run_check(*files: Path) -> int:
    return check.run(SimpleNamespace(files=[str(f) for f in files]))


def test_check_a_deck_file_that_breaks_the_rules(tmp_path, capsys):
    text = GOOD.replace("static-spark = 3", "static-spark = 5")
    path = write(tmp_path, text)
    assert run_check(path) == 1
    assert capsys.readouterr().out == (
        f"{path}:6: card 'static-spark': 5 copies of Static Spark, a star card; "
        f"at most 3 of each star, moon or planet card\n"
    )


def test_check_still_reads_layouts_beside_decks(tmp_path, capsys):
    layout = ROOT / "layouts" / "shrine.toml"
    assert run_check(layout, write(tmp_path, GOOD)) == 0
    assert capsys.readouterr().out.count(": ok\n") == 2


FORBIDDEN = forbidden("sorcerer")


def test_no_names_from_films_parks_or_the_seed():
    assert borrowed(catalog(), FORBIDDEN) == []


def test_the_format_page_names_every_spell_type():
    """(Its deck table: tests/test_deck_games.py.)"""
    doc = DOC.read_text(encoding="utf-8")
    for spell in SPELLS:
        assert spell.title() in doc


def test_the_start_screen_takes_a_deck_file(app, tmp_path):
    """A deck a player wrote is picked on the start screen ("From a file...") and
    the game starts with it."""
    import pygame_gui
    from table_input import ev

    from shrinetable.table.start_scene import FROM_FILE

    path = write(tmp_path, GOOD)
    app.show_start()
    app.step([], 0.01)
    scene = app.scene
    scene.game = registry.get("sorcerer")
    scene.options = {o.name: o.default for o in scene.game.options}
    scene.build_ui()
    dd = next(d for d, info in scene.dropdowns.items() if info[:2] == ("option", "deck_p2"))
    app.step([ev(pygame_gui.UI_DROP_DOWN_MENU_CHANGED, ui_element=dd, text=FROM_FILE)], 0.01)
    app.step([ev(pygame_gui.UI_FILE_DIALOG_PATH_PICKED, text=str(path))], 0.01)
    assert scene.options["deck_p2"] == str(path) and not scene.message
    dd = next(d for d, info in scene.dropdowns.items() if info[:2] == ("option", "deck_p2"))
    assert dd.selected_option[0] == path.name
    start = next(b for b, c in scene.actions.items() if c == ("start",))
    app.step([ev(pygame_gui.UI_BUTTON_PRESSED, ui_element=start)], 0.01)
    kept = app.scene.match.session.options["deck_p2"]  # the deck itself, not the file's path
    assert kept.startswith("deck:") and str(path) not in kept
