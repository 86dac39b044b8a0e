"""Issue 35: the viewer's own card names are never cut. Every card of every
game is drawn at the size of each zone the viewer's own cards can be in at
1280x720 (a hand, a pile's top card, a field), and its name must be drawn
whole: its lines, a long word broken with a hyphen, spell the name, none cut."""

from __future__ import annotations

import os
from dataclasses import replace

import pygame
import pytest

from shrinetable.bench.render import showcase
from shrinetable.engine import Face, registry
from shrinetable.engine.core import ZoneView
from shrinetable.table.app import App
from shrinetable.table.art import Fonts
from shrinetable.table.faces import _hyphen, draw_face


def own_sizes(app: App, game) -> set[tuple[int, int]]:
    """The card sizes the table gives the viewer's own face-up cards: each own
    zone laid out holding cards (its showcase count, at least one)."""
    scene = app.scene
    board = scene.board  # type: ignore[attr-defined]
    view, viewer, card = board.view, board.viewer, game.pack()[0]
    sizes = set()
    for name, zone in view.zones.items():
        if zone.owner != viewer:
            continue
        full = ZoneView(name, viewer, (card,) * max(1, len(zone.cards)), zone.label)
        board.lay_out(replace(view, zones={**view.zones, name: full}), viewer, scene.marks)  # type: ignore[attr-defined]
        for p in board.placed:
            if p.zone == name and p.name and not p.strip:
                sizes.add(p.rect.size if p.rotation in (0, 180) else p.rect.size[::-1])
    return sizes


def name_whole(fonts: Fonts, face: Face, size: tuple[int, int]) -> bool:
    """Whether `face` at `size` draws its name whole: the first texts drawn
    (its lines) spell it, hyphens and spaces aside, with no ellipsis."""
    with fonts.trial() as drawn:
        draw_face(fonts, face, size)
    want, got = face.name.replace(" ", "").replace("-", ""), ""
    for d in drawn:
        if len(got) >= len(want):
            break
        if d.cut:
            return False
        got += d.text.replace(" ", "").replace("-", "")
    return got == want


@pytest.mark.parametrize("game_name", registry.names())
def test_every_card_name_is_whole_at_every_own_zone_size(game_name, tmp_path, monkeypatch):
    monkeypatch.setenv("SHRINETABLE_DATA_DIR", str(tmp_path))
    monkeypatch.setenv("SDL_VIDEODRIVER", os.environ.get("SDL_VIDEODRIVER", "dummy"))
    game = registry.get(game_name)
    app = App((1280, 720))
    try:
        app.start_game(showcase(game, game.min_seats))
        app.step([], 0.01)
        sizes = own_sizes(app, game)
        assert sizes
        faces = {app.art.face(c) for c in set(game.pack())}
        cut = [
            (face.name, size)
            for size in sorted(sizes)
            for face in sorted(faces, key=lambda f: f.name)
            if face.style != "index" and not name_whole(app.fonts, face, size)
        ]
        assert cut == []
    finally:
        pygame.quit()


def test_a_pile_top_card_breaks_a_long_word_with_a_hyphen():
    """The play-test's case: Hearth Farmstead on a Graveyard's top card."""
    pygame.font.init()
    fonts = Fonts()
    fonts.floor = 14
    face = Face("Hearth Farmstead", numbers=("D3",), type_line="Building")
    with fonts.trial() as drawn:
        draw_face(fonts, face, (70, 96))
    assert [d.text for d in drawn][:3] == ["Hearth", "Farm-", "stead"]
    assert not any(d.cut for d in drawn)


def test_a_word_breaks_between_syllables_leaving_three_letters_each_side():
    pygame.font.init()
    font = Fonts().font(14, True)
    assert _hyphen(font, "Farmstead", font.size("Farmst-")[0]) == ("Farm-", "stead")
    assert _hyphen(font, "Shieldbreaker", font.size("Shieldbr-")[0]) == ("Shield-", "breaker")
    head, tail = _hyphen(font, "Avalanche", font.size("Ava-")[0])
    assert len(head) >= 4 and len(tail) >= 3
