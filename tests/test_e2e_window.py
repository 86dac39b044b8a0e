"""End to end through the real window under Xvfb, with real pointer events."""

from __future__ import annotations

import pytest
from e2e_harness import ARTIFACTS, SIZE, App

from shrinetable.engine import registry
from shrinetable.formats.layout import load_layout
from shrinetable.resources import layout_path
from shrinetable.table import geometry as geo

pytestmark = [pytest.mark.e2e, pytest.mark.slow]

GAME = registry.get("shrine")
LAYOUT = load_layout(layout_path("shrine"))
SCALER = geo.Scaler((LAYOUT.canvas.width, LAYOUT.canvas.height), SIZE)


def centre(view, zone, card, raised=None):
    placed = geo.place_cards(LAYOUT, view, SCALER, 0, raised)
    return next(p.rect.center for p in placed if p.zone == zone and p.name == card)


def zone_centre(zone, view):
    return geo.zone_rects(LAYOUT, view, SCALER, 0)[zone].center


def first_button(n=1):
    area = SCALER.rect(LAYOUT.panels.buttons)
    h = min(40, area.h // n)
    return area.x + (area.w - 4) // 2, area.y + (h - 4) // 2


def hand_pixels(path, view):
    import pygame

    img = pygame.image.load(str(path))
    area = SCALER.rect(LAYOUT.place("hand:0", 0, 2).rect)
    return pygame.image.tobytes(img.subsurface(area), "RGB")


def test_button_refused_drop_and_group_drag(xvfb, tmp_path):
    app = App(xvfb, ["shrine", "--seed", "42", "--trace", "--seats", "human,computer"], tmp_path)
    try:
        app.wait_line("ready")
        app.window()
        # a button press: "Draw a card" is the only legal move
        app.click(first_button())
        assert app.wait_line("action") == "action p1 draw"
        state, _ = GAME.apply(GAME.new_game(42, {}, 2), GAME.parse_action("draw"))
        view = GAME.view(state, 0)
        assert "7D" in view.zones["hand:0"].cards
        app.quiet(0.3)
        before = app.screenshot(tmp_path / "before.png")
        # a refused drop: 7D cannot attack 9D (same colour); nothing applies
        app.drag(centre(view, "hand:0", "7D"), zone_centre("shrine:1", view))
        assert app.wait_line("refused").startswith("refused ")
        lines = app.quiet(0.5)
        assert not [s for s in lines if s.startswith("action")]
        after = app.screenshot(tmp_path / "after.png")
        assert hand_pixels(before, view) == hand_pixels(after, view)  # 7D is back
        # select JC and 6S by clicking, then drag the pair onto the Field
        hand = view.zones["hand:0"].cards
        app.click(centre(view, "hand:0", "JC"))
        app.click(centre(view, "hand:0", "6S", {"hand:0": frozenset({hand.index("JC")})}))
        raised = {"hand:0": frozenset({hand.index("JC"), hand.index("6S")})}
        app.drag(centre(view, "hand:0", "JC", raised), zone_centre("field:0", view))
        assert app.wait_line("action") == "action p1 token JC pay 6S"
        app.wait_line("action p2")  # the computer answers
        app.quiet(0.6)
        shot = app.screenshot(ARTIFACTS / "e2e-table.png")
        assert shot.stat().st_size > 10_000
    finally:
        app.stop()


def test_hotseat_handover_hides_the_table(xvfb, tmp_path):
    import pygame

    app = App(xvfb, ["shrine", "--seed", "42", "--trace", "--seats", "human,human"], tmp_path)
    try:
        app.wait_line("ready")
        app.window()
        app.click(first_button())
        assert app.wait_line("action") == "action p1 draw"
        app.quiet(0.2)
        app.click(first_button())  # "Pass" is the only card-less move now
        assert app.wait_line("confirm").startswith("confirm Pass for this turn?")  # a Token left
        app.xdo("key", "Return")  # yes
        assert app.wait_line("action") == "action p1 pass"
        app.quiet(0.3)
        shot = app.screenshot(ARTIFACTS / "e2e-handover.png")
        img = pygame.image.load(str(shot))
        hand = SCALER.rect(LAYOUT.place("hand:0", 0, 2).rect)
        colours = {
            tuple(img.get_at((x, y)))[:3]
            for x in range(hand.left, hand.right, 7)
            for y in range(hand.top, hand.bottom, 7)
        }
        assert len(colours) == 1  # nothing but the handover screen's plain background
        app.click((SIZE[0] // 2, SIZE[1] // 2 + 40))  # "I am P2: show my cards"
        app.quiet(0.3)
        app.click(first_button())
        assert app.wait_line("action") == "action p2 draw"
    finally:
        app.stop()
