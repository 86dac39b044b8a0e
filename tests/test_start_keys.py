"""The start screen, its windows and the Join form by keys alone (issue 39):
Tab moves over the form's buttons, lists and fields in reading order, Enter
presses, a drop-down list opens and picks by keys, a text field takes the
typing, Esc backs out, the number keys press a window's buttons."""

from __future__ import annotations

import pygame
import pygame_gui  # noqa: F401  # its event types made before any window closes (see below)
import pytest

pytestmark = pytest.mark.usefixtures("dummy_video")
# pygame counts custom event types afresh after pygame.quit(): pygame_gui imported
# after one App closed would get the table's WAKE number for UI_BUTTON_PRESSED.


def key(app, k: int, mod: int = 0, unicode: str = "") -> None:
    app.step(
        [pygame.event.Event(pygame.KEYDOWN, key=k, mod=mod, unicode=unicode, scancode=0)], 0.01
    )
    for _ in range(3):  # what the key posted (a button pressed, a list's choice)
        app.step(pygame.event.get(), 0.01)


def focus(capsys) -> list[str]:
    return [ln for ln in capsys.readouterr().out.splitlines() if ln.startswith("focus button")]


def tab_to(app, capsys, label: str, most: int = 60) -> None:
    for _ in range(most):
        key(app, pygame.K_TAB)
        if focus(capsys)[-1:] == [f"focus button {label}"]:
            return
    raise AssertionError(f"{label!r} not reached by Tab")


def start_screen(app):
    from shrinetable.table.start_scene import StartScene

    app.trace = True
    app.scene = StartScene(app, game="shrine")
    app.step([], 0.01)
    return app.scene


def test_a_game_is_chosen_and_started_by_keys(app, capsys):
    scene = start_screen(app)
    key(app, pygame.K_TAB)
    assert focus(capsys) == ["focus button Shrine"]  # the game's list comes first
    dropdown = next(d for d, info in scene.dropdowns.items() if info[0] == "game")
    key(app, pygame.K_RETURN)
    assert dropdown.current_state is dropdown.menu_states["expanded"]
    focus(capsys)
    key(app, pygame.K_DOWN)  # only the list's choices now
    key(app, pygame.K_DOWN)
    chosen = focus(capsys)[-1].removeprefix("focus button ")
    key(app, pygame.K_RETURN)
    assert scene.game.title == chosen != "Shrine"
    tab_to(app, capsys, "Start")
    key(app, pygame.K_RETURN)
    from shrinetable.table.game_scene import GameScene

    assert isinstance(app.scene, GameScene) and app.scene.match.title == chosen


def test_the_join_form_by_keys(app, capsys):
    """Join...: its fields take the typing after a Tab, Enter in a field tries
    to join (and says what is wrong in the window), Esc closes it."""
    scene = start_screen(app)
    tab_to(app, capsys, "Join\u2026")
    key(app, pygame.K_RETURN)
    assert scene.joining is not None and scene.window is not None
    key(app, pygame.K_TAB)  # the Host field
    entry = scene.joining.entries["address"]
    assert entry.is_focused
    entry.set_text("")
    app.step([pygame.event.Event(pygame.TEXTINPUT, text="127.0.0.1:1")], 0.01)
    key(app, pygame.K_RETURN)  # no code yet: said in the window, before any connection
    assert entry.get_text() == "127.0.0.1:1"
    assert "invite code" in scene.joining.box.html_text and scene.window.alive()
    key(app, pygame.K_ESCAPE)
    assert scene.window is None or not scene.window.alive()


def test_the_quit_question_by_number_keys(app, capsys):
    scene = start_screen(app)
    key(app, pygame.K_ESCAPE)  # nothing open: it asks before quitting
    assert scene.window is not None and scene.window.alive()
    key(app, pygame.K_2, unicode="2")  # Stay
    assert scene.window is None or not scene.window.alive()
