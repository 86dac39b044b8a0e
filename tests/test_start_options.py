"""The start screen shows a seat's options only when that seat is at the table
(OptionSpec.seat): a two-player Usagi game lists two decks, not six."""

from __future__ import annotations

import pytest

pytestmark = pytest.mark.usefixtures("dummy_video")


def labels(scene) -> list[str]:
    return [row.words for row in scene.rows]


def words(scene) -> str:
    """Everything the form says: its rows' words and its labels (an option's help
    is its label when it fits there, else its row says it)."""
    from pygame_gui.elements import UILabel

    shown = [
        e.text for e in scene.app.manager.get_root_container().elements if isinstance(e, UILabel)
    ]
    return " ".join([*labels(scene), *shown])


def test_deck_options_follow_the_seat_count(app):
    from shrinetable.table.start_scene import StartScene

    scene = StartScene(app, game="usagi")
    scene.seats = ["human", "computer"]
    scene.build_ui()
    decks = [o.name for o in scene._shown() if o.name.startswith("deck_")]
    assert decks == ["deck_p1", "deck_p2"]
    assert "P2's deck" in words(scene) and "P3's deck" not in words(scene)
    scene.seats = ["human"] + ["computer"] * 5
    scene.build_ui()
    assert "P6's deck" in words(scene)
    assert f"{len(scene._shown())} options below" in labels(scene)[0]
    assert len(scene._shown()) == len(app_options("usagi"))


def app_options(game: str) -> list[str]:
    """Every option of `game`: at six seats the form shows them all."""
    from shrinetable.engine import registry

    return [o.name for o in registry.get(game).options]


def test_six_seats_and_their_decks_fit_a_1280x720_window(app):
    """The longest form (six seats, six decks) keeps every row, the buttons and the
    line saying what Continue resumes inside the window, rows apart."""
    from shrinetable.table.start_scene import StartScene

    scene = StartScene(app, game="usagi")
    scene.seats = ["human"] * 6
    scene.build_ui()
    h = app.screen.get_height()
    tops = [row.rect.top for row in scene.rows]
    assert all(b - a >= 28 for a, b in zip(tops, tops[1:], strict=False))
    assert scene.resume_line[0].bottom <= h


@pytest.mark.parametrize("name", ["shards", "sorcerer", "usagi"])
def test_a_shipped_deck_is_described_by_its_style_where_it_is_chosen(name):
    """Issue 15: each deck described where it is chosen, in the game's own words (its
    deck file's `style`); a deck file of one's own has no such words."""
    from shrinetable.engine import registry

    game = registry.get(name)
    deck = next(o for o in game.options if o.name == "deck_p1")
    words = game.present.option_words("deck_p1", deck.default)
    assert " \u2014 " in words and len(words) > 30
    assert game.present.option_words("deck_p1", "/tmp/mine.toml") == ""


def test_one_vocabulary_for_every_game_on_the_start_screen(app):
    """Issue 35: seats are P1..P6 everywhere, a seat's deck is "P1's deck" in
    every game, and no option says a rule id (the rules view keeps them)."""
    import re

    from shrinetable.engine import registry

    for name in registry.names():
        game = registry.get(name)
        for opt in game.options:
            assert not re.search(r"\b[RU]\d+\b|ruling", opt.help), (name, opt.help)
            assert not re.search(r"\bp\d\b", opt.help), (name, opt.help)
            if opt.name.startswith("deck_p"):
                assert opt.help == f"P{opt.name[6:]}'s deck", (name, opt.help)


def test_the_game_list_opens_as_wide_as_its_button(app):
    """Issue 35: pygame_gui's open list stood short of its button by the arrow's
    width; every list on the form opens the button's width."""
    from shrinetable.table.start_scene import StartScene

    scene = StartScene(app, game="usagi")
    scene.build_ui()
    menu = next(d for d, info in scene.dropdowns.items() if info[0] == "game")
    menu.current_state.should_transition, menu.current_state.target_state = True, "expanded"
    app.manager.update(0.01)
    app.manager.update(0.01)
    listed = menu.current_state.options_selection_list
    assert menu.current_state is menu.menu_states["expanded"]
    assert listed.rect.w == menu.rect.w and listed.rect.left == menu.rect.left
