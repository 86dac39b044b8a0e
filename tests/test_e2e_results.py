"""Issue 35, in the real window at 1280x720: a move's result stands over the
log (`panels.results`, else the log's panel), never over the table where every
card in play, every target and the decision bar's cards are drawn. Each game
plays itself (computer seats) until its first result; the window traces where
it drew the box, and a screenshot of it goes to test-artifacts/."""

from __future__ import annotations

import pygame
import pytest
from e2e_harness import ARTIFACTS, SIZE, ready

from shrinetable.engine import registry
from shrinetable.formats.layout import load_layout
from shrinetable.resources import game_layout
from shrinetable.table.geometry import Scaler

pytestmark = [pytest.mark.e2e, pytest.mark.slow]


@pytest.mark.parametrize("name", list(registry.BUILTIN))  # the app knows the shipped games
def test_a_result_stands_over_the_log_never_over_a_card(xvfb, tmp_path, name):
    game = registry.get(name)
    layout = load_layout(game_layout(game))
    scaler = Scaler((layout.canvas.width, layout.canvas.height), SIZE)
    panels = layout.panels
    place = scaler.rect(panels.results or panels.log)
    felt = scaler.rect((0, 0, min(panels.log[0], panels.buttons[0]), layout.canvas.height))
    seats = ",".join(["computer"] * game.min_seats)
    app = ready(xvfb, [name, "--seed", "3", "--trace", "--seats", seats], tmp_path)
    try:
        line = app.wait_line("result-box", timeout=120)
        box = pygame.Rect(*map(int, line.split()[1:]))
        ARTIFACTS.mkdir(exist_ok=True)
        app.screenshot(ARTIFACTS / f"e2e-result-{name}.png")
    finally:
        app.stop()
    assert place.contains(box), (box, place)
    assert not box.colliderect(felt), (box, felt)  # every card is drawn on the felt
    for bar in (panels.status, panels.buttons):  # the prompt and the decision bar
        assert not box.colliderect(scaler.rect(bar)), (box, bar)
