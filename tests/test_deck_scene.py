"""The deck builder screen in a dummy window: reached from the start screen,
cards added and taken out by click, drag and keys, the rules and the files
said on the screen, readable sizes, and quick to open and draw."""

from __future__ import annotations

import time

import pygame
import pygame_gui
import pytest

from shrinetable.engine import registry

pytestmark = pytest.mark.usefixtures("dummy_video")


def _press(scene, text: str) -> None:
    button = next(b for b in scene.actions if b.text == text)
    scene.handle(pygame.event.Event(pygame_gui.UI_BUTTON_PRESSED, ui_element=button), False)


def _click(app, pos, button: int = 1, to=None) -> None:
    events = [pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=button)]
    if to is not None:
        events.append(pygame.event.Event(pygame.MOUSEMOTION, pos=to, rel=(0, 0), buttons=(1, 0, 0)))
    events.append(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=to or pos, button=button))
    app.step(events, 0.01)


def _builder(app, game: str):
    _start(app, game)
    _press(app.scene, "Decks\u2026")
    app.step([], 0.01)
    return app.scene


def _start(app, game: str) -> None:
    from shrinetable.table.start_scene import StartScene

    app.scene = StartScene(app, game=game)
    app.step([], 0.01)


def test_the_start_screen_opens_the_builder_of_the_chosen_game_quickly(app):
    """Counted in this process's CPU time (the tests share two cores) and
    against the start screen's own frame in the same run, never a fixed
    number of milliseconds: a builder frame costs no more than a few of the
    start screen's (the time to open it is a figure in docs/deck-builder.md)."""
    from shrinetable.table.deck_scene import DeckScene

    for name in ("usagi", "shrines", "sorcerer", "shards"):
        registry.get(name)  # the start screen has the games loaded already
    _start(app, "usagi")
    start_frames = []
    for _ in range(5):
        t = time.process_time()
        app.scene.draw(app.screen)
        start_frames.append(time.process_time() - t)
    _press(app.scene, "Decks\u2026")
    app.step([], 0.01)
    scene = app.scene
    assert isinstance(scene, DeckScene) and scene.desk.game.name == "usagi"
    times = []
    for _ in range(5):
        scene.dirty = True
        t = time.process_time()
        scene.draw(app.screen)
        times.append(time.process_time() - t)
    frame = max(sorted(start_frames)[2], 1e-3)  # the clock's grain at least
    assert sorted(times)[2] < 10 * frame, (times, start_frames)
    _press(scene, "Back")
    assert type(app.scene).__name__ == "StartScene"


def test_cards_go_in_by_click_drag_and_keys_and_out_by_click_and_delete(app):
    scene = _builder(app, "usagi")
    state = scene.traced_state()
    first, second = list(state["cards"])[:2]
    _click(app, state["cards"][first])
    assert scene.desk.build.count(first) == 1
    _click(app, state["cards"][second], to=state["deck"])
    assert scene.desk.build.count(second) == 1
    app.step([pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode="\r")], 0.01)
    assert scene.desk.build.count(first) == 2  # the card the keys are on: the one clicked
    _click(app, state["cards"][first], button=3)
    assert scene.desk.build.count(first) == 1
    app.step([pygame.event.Event(pygame.KEYDOWN, key=pygame.K_DELETE, mod=0, unicode="")], 0.01)
    assert scene.desk.build.count(first) == 0
    line = next(r.center for r, w in scene.hits if w and w[0] == "line" and w[1] == second)
    _click(app, line)
    assert scene.desk.build.size() == 0


def test_the_rules_show_with_figures_and_a_broken_deck_does_not_play(app):
    scene = _builder(app, "sorcerer")
    scene.desk.add("heartstring-crescendo")
    scene.desk.add("heartstring-crescendo")
    app.step([], 0.01)
    said = scene.traced_state()["faults"]
    assert said == ["20 to 50 cards (2)", "Heartstring Crescendo: at most 1 of a bolt card (2)"]
    _press(scene, "Play \u25b6")
    assert app.scene is scene and scene.error and "cannot be played yet" in scene.message


def test_a_legal_deck_plays_from_the_builder(app):
    scene = _builder(app, "usagi")
    scene.desk.open(scene.desk.decks[0])
    _press(scene, "Play \u25b6")
    assert type(app.scene).__name__ == "GameScene"
    assert app.scene.match.session.options["deck_p1"].startswith("deck:")


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
def test_every_word_on_the_builder_is_readable(app, size):
    from shrinetable.table.art import Drawn

    app.screen = pygame.display.set_mode(size)
    app.manager.set_window_resolution(size)
    scene = _builder(app, "shrines")
    scene.desk.open(scene.desk.decks[0])
    app.fonts.drawn = []
    scene.dirty = True
    scene.draw(app.screen)
    drawn: list[Drawn] = app.fonts.drawn
    least = 14 if size[1] == 720 else 18
    assert drawn and min(d.px for d in drawn) >= least


def test_a_name_taken_asks_before_replacing_and_undo_takes_it_back(app):
    scene = _builder(app, "usagi")
    scene.desk.add("ambush")
    scene.desk.rename_build("Mine")
    _press(scene, "Save")
    assert scene.desk.saved_as == "Mine"
    _press(scene, "New")
    scene.desk.add("family-seal")
    scene.desk.rename_build("mine")
    _press(scene, "Save")
    assert scene.window is not None and scene.desk.saved_as is None  # it asks
    _press(scene, "Replace it")
    assert scene.window is None and scene.desk.saved_as == "mine"
    assert [d.cards for d in scene.desk.book.decks()] == [{"family-seal": 1}]
    _press(scene, "Undo")
    assert [d.cards for d in scene.desk.book.decks()] == [{"ambush": 1}]


def test_open_import_and_export_through_their_windows(app, tmp_path):
    scene = _builder(app, "sorcerer")
    _press(scene, "Open\u2026")
    title = next(t for t, d in scene.picks.items() if d is scene.desk.decks[0])
    scene.handle(pygame.event.Event(pygame_gui.UI_SELECTION_LIST_NEW_SELECTION, text=title), False)
    assert scene.window is None and scene.desk.said() == []
    out = tmp_path / "out.txt"
    _press(scene, "Export\u2026")
    scene.handle(pygame.event.Event(pygame_gui.UI_FILE_DIALOG_PATH_PICKED, text=str(out)), False)
    assert out.read_text() == scene.desk.export()
    bad = tmp_path / "bad.txt"
    bad.write_text("2 Glimmer Wink\n2 Glimer Wonk\n")
    _press(scene, "Import\u2026")
    scene.handle(pygame.event.Event(pygame_gui.UI_FILE_DIALOG_PATH_PICKED, text=str(bad)), False)
    assert scene.error and scene.message.startswith("bad.txt: 1 faulty line;")
    assert scene.window is not None  # each faulty line listed
    scene.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode=""), False)
    assert scene.window is None
    _press(scene, "Import\u2026")
    scene.handle(pygame.event.Event(pygame_gui.UI_FILE_DIALOG_PATH_PICKED, text=str(out)), False)
    assert not scene.error and scene.desk.build.fields() == {
        "cards": dict(scene.desk.decks[0].cards)
    }


def test_copy_and_paste_the_text_list_through_the_clipboard(app):
    from pygame_gui.core.utility import clipboard_copy

    scene = _builder(app, "usagi")
    scene.desk.open(scene.desk.decks[1])
    _press(scene, "Copy list")
    copied = scene.desk.build.fields()
    _press(scene, "New")
    assert scene.desk.build.size() == 0
    _press(scene, "Paste list")
    assert scene.desk.build.fields() == copied and not scene.error
    clipboard_copy("3 Ambush\n2 Wandering Swordsmen\n")
    _press(scene, "Paste list")
    assert scene.error and scene.message.startswith("the clipboard: 1 faulty line;")
    assert scene.desk.build.fields() == copied  # nothing built is lost


def test_a_click_on_the_third_chart_shows_the_next_tally(app):
    from shrinetable.formats.deckbuild import charts

    scene = _builder(app, "usagi")
    scene.desk.open(scene.desk.decks[0])
    app.step([], 0.01)
    box = next(r for r, w in scene.hits if w == ("chart", 1))
    words = []
    for _ in range(3):
        app.fonts.drawn = []
        _click(app, box.center)
        words.append({d.text for d in app.fonts.drawn})
    titles = [t for t, _ in charts(scene.desk.pool.facets)][1:4]
    assert titles == ["Subtype", "Clan", "Faction"]
    assert all(f"{t} \u25b8" in w for t, w in zip(titles, words, strict=True))


def test_a_shrine_chosen_the_next_cards_go_into_the_first_library(app):
    scene = _builder(app, "shrines")
    state = scene.traced_state()
    shrine, card = list(state["cards"])[:2]
    _click(app, state["cards"][shrine])
    assert scene.desk.build.picks == {"shrine": shrine}
    _click(app, state["cards"][card])
    assert scene.desk.build.picks == {"shrine": shrine}
    assert scene.desk.build.tables["primary"] == {card: 1}
    _click(app, scene.traced_state()["places"]["secondary"])
    _click(app, state["cards"][card])
    assert scene.desk.build.tables["secondary"] == {card: 1}


def test_a_card_the_pointer_rests_on_is_shown_large_with_its_whole_text(app):
    scene = _builder(app, "usagi")
    cid, pos = next(iter(scene.traced_state()["cards"].items()))
    move = pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(1, 0), buttons=(0, 0, 0))
    app.step([move], 0.01)
    assert scene.hover == cid and not scene.zoomed
    assert scene.deadline() == pytest.approx(scene.hover_at + 0.6)
    scene.hover_at -= 1  # rested a second
    app.fonts.drawn = []
    app.step([], 0.01)
    assert scene.zoomed
    text = scene.desk.cards[cid].text
    drawn = " ".join(d.text for d in app.fonts.drawn if d.card == cid)
    assert text.split()[-1].strip(".") in drawn  # the text's last word: the whole text
    away = pygame.event.Event(pygame.MOUSEMOTION, pos=(5, 5), rel=(1, 0), buttons=(0, 0, 0))
    app.step([away], 0.01)
    assert not scene.zoomed and scene.hover is None
