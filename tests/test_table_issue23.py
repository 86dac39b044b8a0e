"""Issue 23: things stay where the player put them (a dragged card or strip
under the pointer, a held fan inside the window), setup zones leave when setup
ends, the text floor follows the UI scale."""

from __future__ import annotations

import pygame

from shrinetable.engine import registry
from shrinetable.formats.layout import load_layout
from shrinetable.resources import game_layout
from shrinetable.table import geometry as geo
from shrinetable.table.dialogs import Dialogs
from shrinetable.table.motion import group_offsets


def showing(app, name: str):
    """The table's scene showing `name`'s showcase position (tables full of cards)."""
    from shrinetable.bench.render import showcase

    app.start_game(showcase(registry.get(name)))
    app.step([], 0.01)
    return app.scene


def test_a_card_lifted_from_a_wide_strip_hangs_under_the_pointer():
    strip = pygame.Rect(100, 300, 600, 30)
    pos = (strip.x + 290, strip.y + 12)
    ((dx, dy),) = group_offsets([strip], pos, 0, (0,), [(90, 126)])
    image = pygame.Rect(pos[0] + dx, pos[1] + dy, 90, 126)
    assert image.collidepoint(pos)
    # at the same share of its width and height as on the strip
    assert abs((pos[0] - image.x) / 90 - 290 / 600) < 0.02
    assert abs((pos[1] - image.y) / 126 - 12 / 30) < 0.02


def test_three_held_cards_stay_in_the_window():
    screen = pygame.Rect(0, 0, 1280, 720)
    cards = [pygame.Rect(1150 + 20 * i, 560, 90, 126) for i in range(3)]
    pos = (cards[0].x + 80, 600)  # the bottom card, taken at its right: the fan
    offsets = group_offsets(cards, pos, 0, (0, 1, 2), [(90, 126)] * 3, screen)  # moves left
    for dx, dy in offsets:
        assert screen.contains(pygame.Rect(pos[0] + dx, pos[1] + dy, 90, 126))
    gx, gy = offsets[0]
    assert pygame.Rect(pos[0] + gx, pos[1] + gy, 90, 126).collidepoint(pos)


def test_shards_starting_zones_leave_when_setup_ends():
    from shrinetable.adapter.session import Session

    game = registry.get("shards")
    layout = load_layout(game_layout(game))
    s = Session(game, 3, {}, ["computer", "computer"])
    view = game.view(s.state, 0)
    assert view.zones["start:0"].cards and "start:0" in geo.zone_areas(layout, view, 0)
    for _ in range(40):
        if not any(view.zones[z].cards for z in ("start:0", "start:1")):
            break
        s.play(s.computer_action())
        view = game.view(s.state, 0)
    areas = geo.zone_areas(layout, view, 0)
    assert "start:0" not in areas and "start:1" not in areas
    assert {
        p.zone for p in geo.place_cards(layout, view, geo.Scaler((1600, 900), (1280, 720)), 0)
    } & {"start:0", "start:1"} == set()


def test_a_hovered_hand_card_rises_and_grows_at_once(app):
    import time

    from shrinetable.table.zoom import RISE

    scene = showing(app, "sorcerer")
    card = next(p for p in scene.board.placed if p.zone in scene.board.hands and p.name)
    scene.zoom.motion(card.rect.center)
    scene.update(time.monotonic())  # no wait: the same frame
    assert scene.zoom.zoomed == card.name
    scene.draw(app.screen)
    big = scene.zoom.area[0]
    assert big.h == round(720 * RISE) and big.h > 2 * card.rect.h
    assert big.bottom == min(card.rect.bottom, 720) and big.collidepoint(card.rect.center)
    scene.zoom.motion((5, 5))  # away: it goes back
    assert scene.zoom.zoomed is None
    pygame.quit()


def test_the_text_size_in_the_menu_raises_the_floor_and_is_kept(app, tmp_path):
    from shrinetable.table import uiscale
    from shrinetable.table.art import Fonts

    scene = showing(app, "shards")
    assert app.fonts.floor == 14
    scene.command("menu")
    labels = [b.text for b in scene.ui.commands]
    assert "\u2022 100%" in labels and "150%" in labels
    scene.command("scale 1.5")
    app.step([], 0.01)
    assert app.fonts.floor == 21 and uiscale.load() == 1.5
    assert Fonts().scale == 1.5  # the next run starts with it
    (tmp_path / "ui.json").write_text("{broken", encoding="utf-8")
    assert uiscale.load() == 1.0
    pygame.quit()


def test_dialogs_rescale_when_the_window_is_resized(app):
    """A dialog open while the window grows is built again at the new size:
    larger by the window's growth, its text in a larger type, in the middle."""
    scene = showing(app, "shrine")
    for overlay in ("menu", "rules", "load"):
        scene.show(overlay)
        app.step([], 0.01)
        small = scene.ui.window.rect.copy()
        font = Dialogs(scene).font()
        app.screen = pygame.display.set_mode((1920, 1080), pygame.RESIZABLE)
        app._resized()
        app.step([], 0.01)
        big = scene.ui.window.rect
        assert scene.overlay == overlay
        assert big.w >= small.w * 1.4 and big.h >= small.h * 1.4, (overlay, small, big)
        assert abs(big.centerx - 960) <= 2 and abs(big.centery - 540) <= 2, (overlay, big)
        if overlay != "load":  # the file dialog's type is pygame_gui's own
            assert Dialogs(scene).font() != font
        app.screen = pygame.display.set_mode((1280, 720), pygame.RESIZABLE)
        app._resized()
        scene.overlay = None
        scene.build_ui()
    pygame.quit()


def test_a_lifted_card_of_a_low_hand_stays_clear_of_the_hand_s_label():
    """The opponent's hand in Shards is low: its backs would cover its label
    at 1280x720, so the row keeps clear of the label (beside it, or under it
    drawn a little smaller, issue 35); one selected (the computer choosing
    it) moves no other card and rises no higher than the label lets it."""
    from shrinetable.adapter.session import Session

    game = registry.get("shards")
    layout = load_layout(game_layout(game))
    s = Session(game, 3, {}, ["computer", "computer"])
    zone, label = "hand:1", (160, 16)  # "P2 (computer) · Hand" at 12 px
    while len(game.view(s.state, 0).zones[zone].cards) < 3:
        s.play(s.computer_action())
    view = game.view(s.state, 0)
    scaler = geo.Scaler((1600, 900), (1280, 720))
    area = scaler.rect(geo.zone_areas(layout, view, 0)[zone])
    assert view.zones[zone].cards

    def cards(raised):
        return [
            p.rect
            for p in geo.place_cards(layout, view, scaler, 0, raised, labels={zone: label})
            if p.zone == zone
        ]

    row = cards({})
    box = pygame.Rect(area.topleft, label)
    assert row and not any(r.colliderect(box) for r in row)
    lifted = cards({zone: frozenset({0})})  # a card selected: the row stays where it is
    assert [r.left for r in lifted] == [r.left for r in row]
    assert lifted[0].top <= row[0].top and not lifted[0].colliderect(box)


def test_an_arrow_round_the_zones_breaks_where_it_passes_a_label(tmp_path, monkeypatch):
    """A declared move's arrow runs in the narrow gap between zones, over the
    start of the next zone's label: the label is drawn again over it."""
    import os

    from shrinetable.adapter.session import Session
    from shrinetable.table.app import App

    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    monkeypatch.setenv("SHRINETABLE_DATA_DIR", str(tmp_path))
    game = registry.get("usagi")
    s = Session(game, 7, {}, ["computer"] * 6)
    while not (arrows := game.present.decor(game.view(s.state, 0)).arrows):
        s.play(s.computer_action())
    s.seats[0] = "human"
    app = App((1920, 1080))
    app.start_game(s)
    app.step([], 0.01)
    app.scene.draw(app.screen)
    colour = arrows[0].colour
    labels = app.scene.board.labels.values()
    assert not [
        r
        for r in labels
        for x in range(r.left, r.right)
        for y in range(r.top, r.bottom)
        if tuple(app.screen.get_at((x, y)))[:3] == colour
    ]
    pygame.quit()
