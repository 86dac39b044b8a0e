"""Issue 35: a legend for every code. Each game says in words the codes it prints
(ratings, cost symbols, badges, states: `Presentation.legend`); the enlarged card
under the pointer says its codes, and the rules view lists them all."""

from __future__ import annotations

import time

import pygame
import pytest

from shrinetable.bench.render import showcase
from shrinetable.engine import Face, registry
from shrinetable.engine.present import Chip
from shrinetable.table import faces

pytestmark = pytest.mark.usefixtures("dummy_video")


@pytest.mark.parametrize("name", registry.names())
def test_every_number_badge_and_lettered_pip_on_the_table_is_said_in_words(name):
    game = registry.get(name)
    present = game.present
    session = showcase(game)
    view = game.view(session.state, 0)
    shown = {c for z in view.zones.values() for c in z.cards if c is not None}
    checked = 0
    for card in shown:
        face = present.card_face(card)
        if face is None:
            continue
        if face.numbers is not None:
            text = faces.numbers_text(face.numbers)
            assert present.in_words(text), (name, card, text)
            checked += 1
        if face.band is not None:
            assert present.in_words(face.band.text), (name, card, face.band.text)
            checked += 1
        for pip in face.cost:
            if any(ch.isalpha() for ch in pip.text):
                assert present.in_words(pip.text), (name, card, pip.text)
    assert checked or name == "shrine", name  # Shrine's cards print no numbers nor bands here


def test_a_code_is_said_in_words():
    usagi, sorcerer = registry.get("usagi").present, registry.get("sorcerer").present
    assert usagi.in_words("C4/D1/I1/Ce2/L0") == (
        "Combat 4, Diplomacy 1, Intrigue 1, Ceremony 2, Labor 0"
    )
    assert usagi.in_words("2H") == "2 Honor"
    assert sorcerer.in_words("A3/S5") == "Attack 3, Shield 5"
    assert registry.get("shrines").present.in_words("1/4") == "Strength 1, Resilience 4"
    assert usagi.in_words("Q9") == ""  # a code the legend does not know says nothing
    lines = usagi.legend_lines(Face("X", numbers=("C1", "L2"), keywords=("STRICKEN",)))
    assert lines[0] == "Combat 1, Labor 2" and lines[1].startswith("STRICKEN: turned sideways")


def test_a_cost_says_each_symbol_once():
    """Siren's Bargain costs 3 B B: its enlarged card said "B: Blue, B: Blue"."""
    shrines = registry.get("shrines").present
    cost = (Chip("3"), Chip("B"), Chip("B"))
    assert shrines.legend_lines(Face("X", cost=cost)) == ["B: Blue"]


def test_the_enlarged_card_says_its_codes_and_the_rules_list_them(app):
    app.start_game(showcase(registry.get("usagi"), 2))
    app.step([], 0.01)
    scene = app.scene
    card = next(p for p in scene.board.placed if p.zone == "hand:0" and p.name)
    face = app.art.face(card.name)
    said = scene.match.present.legend_lines(face)
    assert said
    scene.zoom.motion(card.rect.center)
    scene.update(time.monotonic())
    app.fonts.drawn = []
    scene.dirty = True
    scene.draw(app.screen)
    drawn = " ".join(d.text for d in app.fonts.drawn)
    app.fonts.drawn = None
    assert scene.zoom.zoomed == card.name
    assert said[0].split(",")[0] in drawn  # "Combat 4": under the enlarged card
    scene.command("rules")
    app.step([], 0.01)
    from pygame_gui.elements import UITextBox

    boxes = [e for e in app.manager.get_sprite_group().sprites() if isinstance(e, UITextBox)]
    text = " ".join(b.html_text for b in boxes)
    assert "Codes on the table" in text and "<b>Ce</b>: Ceremony" in text
    pygame.event.clear()
