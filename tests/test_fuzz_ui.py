"""Random input at the table, for every game: clicks, drags, keys, buttons, window
sizes, through `App.step` (the path a person's input takes). Bounded: 80 inputs per
game. Whatever the input, no exception, and the game kept in the
autosave is the game on the table."""

from __future__ import annotations

import random

import pygame
import pygame_gui
import pytest
from table_input import ev

from shrinetable.adapter import storage
from shrinetable.adapter.session import Session
from shrinetable.engine import registry
from shrinetable.formats.errors import FormatError
from shrinetable.formats.layout import LayoutError
from shrinetable.formats.save import read_save

pytestmark = pytest.mark.usefixtures("dummy_video")
KEYS = [
    pygame.K_z,
    pygame.K_s,
    pygame.K_ESCAPE,
    pygame.K_RETURN,
    pygame.K_SPACE,
    pygame.K_1,
    pygame.K_F1,
    pygame.K_TAB,
    pygame.K_LEFT,
    pygame.K_h,
    pygame.K_r,
    pygame.K_m,
]
MODS = [0, 0, pygame.KMOD_LCTRL, pygame.KMOD_LCTRL | pygame.KMOD_LSHIFT]


def playable() -> list[str]:
    """Games that load and have a layout (one still being written may not yet)."""
    from shrinetable.table.app import game_layout

    out = []
    for name in registry.names():
        try:
            game_layout(registry.get(name))
        except (LayoutError, FormatError, ImportError):
            continue
        out.append(name)
    return out


def one_event(app, rng: random.Random) -> list[pygame.event.Event]:
    w, h = app.screen.get_size()
    pos = (rng.randrange(w), rng.randrange(h))
    roll = rng.random()
    scene = app.scene
    buttons = [
        *getattr(getattr(scene, "ui", None), "actions", {}),
        *getattr(getattr(scene, "ui", None), "commands", {}),
        *getattr(scene, "actions", {}),
    ]
    if roll < 0.3 and buttons:
        return [ev(pygame_gui.UI_BUTTON_PRESSED, ui_element=rng.choice(buttons))]
    if roll < 0.55:
        return [
            ev(pygame.MOUSEBUTTONDOWN, pos=pos, button=rng.choice((1, 1, 3))),
            ev(pygame.MOUSEBUTTONUP, pos=pos, button=1),
        ]
    if roll < 0.75:
        to = (rng.randrange(w), rng.randrange(h))
        return [
            ev(pygame.MOUSEBUTTONDOWN, pos=pos, button=1),
            ev(pygame.MOUSEMOTION, pos=to, rel=(to[0] - pos[0], to[1] - pos[1]), buttons=(1, 0, 0)),
            ev(pygame.MOUSEBUTTONUP, pos=to, button=1),
        ]
    if roll < 0.95:
        key = rng.choice(KEYS)
        return [ev(pygame.KEYDOWN, key=key, mod=rng.choice(MODS), unicode="", scancode=0)]
    return [ev(pygame.WINDOWSIZECHANGED, x=rng.randrange(1024, 1600), y=rng.randrange(576, 900))]


@pytest.mark.parametrize("name", playable())
def test_random_input_never_breaks_the_table_or_the_autosave(name, app):
    rng = random.Random(name)
    game = registry.get(name)
    app.start_game(Session(game, 7, {}, ["human"] + ["computer"] * (game.min_seats - 1)))
    for _ in range(80):
        if not app.running:  # Escape on the start screen quits: a person opens it again
            app.running = True
            app.show_start()
        for event in one_event(app, rng):
            app.step([event], 0.02)
        app.step([], 0.02)
    session = getattr(app.scene, "session", None)
    if session is not None and session.decision() is not None and session.history:
        saved = read_save(storage.autosave_path(session))  # the journal, read as Continue does
        assert list(saved.actions) == [a.text for a in session.history]
