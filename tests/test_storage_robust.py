"""Nothing a person does loses a game: one autosave per game, every recent one on
Continue, undo kept, saves by hand never replaced, an unwritable data folder
said in the window while the game goes on, temporaries of killed tables removed."""

from __future__ import annotations

import json
import os

import pygame
import pygame_gui
import pytest

from shrinetable.adapter import storage
from shrinetable.adapter.session import Session
from shrinetable.engine import registry
from shrinetable.formats.save import clean_temporaries, read_save

pytestmark = pytest.mark.usefixtures("dummy_video")


def game(moves: int = 3, seed: int = 11) -> Session:
    s = Session(registry.get("shrine"), seed, {}, ["computer", "computer"])
    for _ in range(moves):
        s.play(s.computer_action())
    return s


def test_two_games_keep_two_autosaves_and_continue_offers_both():
    a, b = game(seed=1), game(seed=2)
    storage.autosave(a)
    storage.autosave(b)
    found = storage.recent_autosaves()
    assert len(found) == 2 and storage.autosave_path(a) != storage.autosave_path(b)
    back = storage.load_autosave(storage.autosave_path(a))
    assert back.seed == 1 and [x.text for x in back.history] == [x.text for x in a.history]
    # taken over: the old file is gone, the game is in the new table's own file
    assert not storage.autosave_path(a).exists() and storage.autosave_path(back).exists()


def test_a_game_with_no_move_leaves_no_autosave_and_a_finished_one_is_removed():
    s = game(0)
    storage.autosave(s)
    assert storage.recent_autosaves() == []
    s.play(s.computer_action())
    storage.autosave(s)
    assert storage.recent_autosaves() == [storage.autosave_path(s)]
    while s.decision() is not None:
        s.play(s.computer_action())
    storage.autosave(s)
    assert storage.recent_autosaves() == []


def test_saves_by_hand_in_the_same_second_never_replace_each_other(tmp_path):
    s = game()
    first = storage.save_as(s, tmp_path / "shrine-11-20260101-120000.json")
    s.play(s.computer_action())
    second = storage.save_as(s, tmp_path / "shrine-11-20260101-120000.json")
    assert second.name == "shrine-11-20260101-120000-2.json"
    assert len(json.loads(first.read_text())["actions"]) == 3
    assert len(json.loads(second.read_text())["actions"]) == 4


def test_an_unwritable_data_folder_falls_back_and_says_where(monkeypatch, tmp_path):
    monkeypatch.setenv("SHRINETABLE_DATA_DIR", "/dev/null/x")
    monkeypatch.setattr(storage, "fallback_dir", lambda: tmp_path / "spare")
    s = game()
    storage.autosave(s)
    assert storage.autosave_path(s).parent == tmp_path / "spare" / "autosaves"
    assert storage.saves_dir() == tmp_path / "spare" / "saves"
    assert "/dev/null/x" in storage.notice() and str(tmp_path / "spare") in storage.notice()
    assert storage.recent_autosaves() == [storage.autosave_path(s)]


def test_when_no_folder_can_be_written_the_load_dialog_still_opens(monkeypatch):
    monkeypatch.setenv("SHRINETABLE_DATA_DIR", "/dev/null/x")
    monkeypatch.setattr(storage, "fallback_dir", lambda: storage.Path("/dev/null/y"))
    with pytest.raises(OSError):
        storage.saves_dir()
    assert storage.dialog_folder().is_dir()


def test_temporaries_of_a_process_gone_are_removed_and_a_live_ones_kept(tmp_path):
    dead = tmp_path / ".save-999999999-abc.tmp"  # no such process
    live = tmp_path / f".save-{os.getppid()}-abc.tmp"  # the test runner's parent runs
    dead.write_text("{")
    live.write_text("{")
    assert clean_temporaries(tmp_path) == [dead]
    assert live.exists() and not dead.exists()


# -- in the window -------------------------------------------------------------


@pytest.fixture
def table():
    from shrinetable.table.app import App

    app = App((1280, 720))
    yield app
    pygame.quit()


def saved_actions(session) -> list[str]:
    return read_save(storage.autosave_path(session)).actions


def test_undo_is_autosaved(table):
    session = Session(registry.get("shrine"), 42, {}, ["human", "computer"])
    table.start_game(session)
    scene = table.scene
    move = session.game.legal_actions(session.state)[0]
    scene.perform(move)
    table.step([], 0.01)
    assert saved_actions(session)[:1] == [move.text]
    scene.undo()
    table.step([], 0.01)
    assert saved_actions(session) == [a.text for a in session.history] == []


def test_an_autosave_that_fails_is_said_in_the_window_and_the_game_goes_on(table, monkeypatch):
    session = Session(registry.get("shrine"), 42, {}, ["human", "computer"])
    table.start_game(session)

    def refuse(*_):
        raise PermissionError(13, "Permission denied")

    monkeypatch.setattr(storage, "write_journal", refuse)  # here and at the fallback
    monkeypatch.setattr(storage, "append", refuse)
    table.scene.perform(session.game.legal_actions(session.state)[0])
    table.step([], 0.01)
    assert "Autosave failed" in table.scene.message
    assert table.scene.match.session is session and len(session.history) >= 1


def test_load_on_the_start_screen_opens_even_if_saves_cannot_be_kept(table, monkeypatch):
    monkeypatch.setenv("SHRINETABLE_DATA_DIR", "/dev/null/x")
    monkeypatch.setattr(storage, "fallback_dir", lambda: storage.Path("/dev/null/y"))
    table.show_start()
    table.step([], 0.01)
    load = next(b for b, c in table.scene.actions.items() if c == ("load",))
    table.step([pygame.event.Event(pygame_gui.UI_BUTTON_PRESSED, ui_element=load)], 0.01)
    assert table.running


def test_continue_with_several_games_asks_which(table):
    for seed in (1, 2):
        storage.autosave(game(seed=seed))
    table.show_start()
    table.step([], 0.01)
    cont = next(b for b, c in table.scene.actions.items() if c == ("continue",))
    table.step([pygame.event.Event(pygame_gui.UI_BUTTON_PRESSED, ui_element=cont)], 0.01)
    choices = [c for c in table.scene.actions.values() if c[0] == "resume"]
    assert len(choices) == 2
    pick = next(b for b, c in table.scene.actions.items() if c[0] == "resume")
    table.step([pygame.event.Event(pygame_gui.UI_BUTTON_PRESSED, ui_element=pick)], 0.01)
    assert table.scene.match.session.seed in (1, 2) and len(table.scene.match.session.history) >= 3


def test_an_autosave_opened_as_a_file_is_taken_over_not_copied():
    s = game()
    storage.autosave(s)
    back = storage.load(storage.autosave_path(s))
    assert storage.recent_autosaves() == [storage.autosave_path(back)]
