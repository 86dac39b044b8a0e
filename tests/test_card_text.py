"""A card's rules text on a small face says something or leaves it to the
zoom: at 150% text a Shards hand card read "A …" (one word of its text and
an ellipsis), a Shrines one "Gain…". Every card of every game, drawn at the
size of each zone the viewer's own cards can be in, at 1280x720 and
1920x1080, 100% and 150% text: its text is drawn whole, or cut after at
least `faces.USEFUL` whole words, or left to the zoom with the cue alone."""

from __future__ import annotations

import os

import pygame
import pytest
from test_face_names import own_sizes

from shrinetable.bench.render import showcase
from shrinetable.engine import Face, registry
from shrinetable.table.art import Fonts
from shrinetable.table.faces import draw_face

CUE = "\u2026"


def text_drawn(fonts: Fonts, face: Face, size: tuple[int, int]) -> list[str]:
    """The lines of rules text (or keywords, or the cue) drawn on `face` at
    `size`: a face's last texts, as many as it put words of kind "text"."""
    fonts.areas = {}
    try:
        with fonts.card_face(face.name), fonts.trial() as drawn:
            draw_face(fonts, face, size)
        n = sum(kind == "text" for kind, _ in fonts.areas.get((face.name, size), []))
    finally:
        fonts.areas = None
    return [d.text for d in drawn[len(drawn) - n :]] if n else []


def says_nothing(lines: list[str]) -> bool:
    """Cut text showing fewer than three whole words (the cue alone aside)."""
    if lines == [CUE] or not any(CUE in t for t in lines):
        return False
    whole = [w for t in lines for w in t.split() if CUE not in w]
    return len(whole) < 3


@pytest.mark.parametrize("scale", [1.0, 1.5])
@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
@pytest.mark.parametrize("game_name", registry.names())
def test_a_cards_text_says_something_or_leaves_it_to_the_zoom(
    game_name, size, scale, tmp_path, monkeypatch
):
    monkeypatch.setenv("SHRINETABLE_DATA_DIR", str(tmp_path))
    monkeypatch.setenv("SDL_VIDEODRIVER", os.environ.get("SDL_VIDEODRIVER", "dummy"))
    from shrinetable.table import uiscale
    from shrinetable.table.app import App

    uiscale.save(scale)
    game = registry.get(game_name)
    app = App(size)
    try:
        app.start_game(showcase(game, game.min_seats))
        app.step([], 0.01)
        faces = {app.art.face(c) for c in set(game.pack())}
        bad = [
            (face.name, card, lines)
            for card in sorted(own_sizes(app, game))
            for face in sorted(faces, key=lambda f: f.name)
            if face.style == "framed" and says_nothing(lines := text_drawn(app.fonts, face, card))
        ]
        assert bad == []
    finally:
        pygame.quit()
