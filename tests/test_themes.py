"""Issue 39: the colour themes and reduced motion are chosen in the menu and
on the start screen, remembered for the next run, and `--theme NAME` chooses
one for a run; with reduced motion no card flies."""

from __future__ import annotations

import subprocess
import sys

import pygame
import pygame_gui
import pytest
from table_input import click, ev

from shrinetable.adapter.session import Session
from shrinetable.engine import registry
from shrinetable.table import motion, theme
from shrinetable.table.app import App
from shrinetable.table.overlay import Overlay

pytestmark = pytest.mark.usefixtures("dummy_video")
SHRINE = registry.get("shrine")


@pytest.fixture(autouse=True)
def default_theme():
    """The theme in use is the process's: put the default back for the next test."""
    yield
    theme.use("default")


def start(app) -> object:
    app.start_game(Session(SHRINE, 42, {}, ["human", "computer"]))
    app.step([], 0.01)
    return app.scene


def menu_buttons(app) -> list[str]:
    return [
        e.text
        for e in app.manager.get_root_container().elements[0].get_container().elements
        if isinstance(e, pygame_gui.elements.UIButton)
    ]


def test_a_theme_chosen_in_the_menu_draws_the_table_and_is_kept(app):
    scene = start(app)
    assert theme.palette().name == "default"
    scene.show(Overlay.MENU)
    app.step([], 0.01)
    shown = menu_buttons(app)
    assert "\u2022 default" in shown and "colour-blind" in shown and "high-contrast" in shown
    scene.command("theme high-contrast")
    app.step([], 0.01)
    assert "\u2022 high-contrast" in menu_buttons(app)  # the menu stays open, marked
    felt = scene.board.felt()
    assert scene.painter.base.get_at((felt.left + 2, felt.bottom - 2))[:3] == (0, 0, 0)
    assert theme.load() == "high-contrast"
    App((1280, 720))  # the next run draws in it
    assert theme.palette().name == "high-contrast"
    App((1280, 720), look="colour-blind")  # --theme: this run only
    assert theme.palette().name == "colour-blind" and theme.load() == "high-contrast"


def test_the_start_screen_chooses_the_theme_and_reduced_motion(app):
    app.show_start()
    app.step([], 0.01)
    scene = app.scene
    looks = next(d for d, info in scene.dropdowns.items() if info[0] == "theme")
    app.step(
        [ev(pygame_gui.UI_DROP_DOWN_MENU_CHANGED, text="colour-blind", ui_element=looks)], 0.01
    )
    assert theme.palette().name == "colour-blind" == theme.load()
    toggle = next(b for b, cmd in scene.actions.items() if cmd == ("motion",))
    assert toggle.text.startswith("[ ]")
    app.step([ev(pygame_gui.UI_BUTTON_PRESSED, ui_element=toggle)], 0.01)
    assert app.reduced_motion and motion.reduced()
    toggle = next(b for b, cmd in scene.actions.items() if cmd == ("motion",))
    assert toggle.text.startswith("[x]")


def test_with_reduced_motion_no_card_flies_and_the_move_is_outlined(app):
    scene = start(app)
    click(app, scene.board.zones["deck"].center)  # a draw: the card flies to the hand
    assert scene.flyers
    scene.flyers.clear()
    scene.command("motion reduced")
    assert app.reduced_motion and motion.reduced()
    scene.command("undo")
    app.step([], 0.01)
    scene.flyers.clear()
    scene.marks.last = set()
    click(app, scene.board.zones["deck"].center)
    assert scene.flyers == [] and {"deck", "hand:0"} <= scene.marks.last
    assert App((1280, 720)).reduced_motion  # kept for the next run


def test_a_theme_that_is_none_is_refused_in_words():
    r = subprocess.run(
        [sys.executable, "-m", "shrinetable", "--theme", "pink"],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert r.returncode == 2
    assert "--theme 'pink': no such theme; choose default, colour-blind, high-contrast" in r.stderr


def test_every_theme_draws_a_whole_table(app):
    """Each theme draws a game's table from its own palette: its felt at the
    corner, its zones."""
    for name, p in theme.THEMES.items():
        app.set_theme(name)
        scene = start(app)
        scene.draw(app.screen)
        felt = scene.board.felt()
        assert app.screen.get_at((felt.left + 2, felt.bottom - 2))[:3] == p.felt, name
        zone = scene.board.zones["deck"]
        assert app.screen.get_at((zone.right - 3, zone.top + 3))[:3] == p.zone, name
    pygame.display.flip()
