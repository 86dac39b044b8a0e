"""Issue 35, in the real window at 1280x720: a move's result stands over the
log (`panels.results`, else the log's panel), never over the table where every
card in play, every target and the decision bar's cards are drawn, nor over
the log's lines (left from the sixth pass: it heads the log's panel, the log
under it). Each game plays itself (computer seats) until its first result;
the window traces where it drew the box and where the log is, and a
screenshot of it goes to test-artifacts/ (two games at 1920x1080 too)."""

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
    _result_box(xvfb, tmp_path, name, SIZE)


@pytest.mark.parametrize("name", ["sorcerer", "shrines"])
def test_a_result_at_1920x1080_hides_no_line_of_the_log(tmp_path, name):
    from e2e_harness import Xvfb, missing_tools

    if missing_tools():
        pytest.skip("needs Xvfb and xdotool")
    big = (1920, 1080)
    server = Xvfb(big)
    try:
        _result_box(server, tmp_path, name, big)
    finally:
        server.stop()


def _result_box(xvfb, tmp_path, name: str, size: tuple[int, int]) -> None:
    game = registry.get(name)
    layout = load_layout(game_layout(game))
    scaler = Scaler((layout.canvas.width, layout.canvas.height), size)
    panels = layout.panels
    place = scaler.rect(panels.results or panels.log)
    felt = scaler.rect((0, 0, min(panels.log[0], panels.buttons[0]), layout.canvas.height))
    seats = ",".join(["computer"] * game.min_seats)
    args = [name, "--seed", "3", "--trace", "--seats", seats, "--size", "{}x{}".format(*size)]
    app = ready(xvfb, args, tmp_path)
    try:
        line = app.wait_line("result-box", timeout=120)
        words = line.split()
        box = pygame.Rect(*map(int, words[1:5]))
        log = pygame.Rect(*map(int, words[6:10]))
        ARTIFACTS.mkdir(exist_ok=True)
        app.screenshot(ARTIFACTS / f"e2e-result-{name}-{size[0]}x{size[1]}.png")
    finally:
        app.stop()
    assert place.contains(box), (box, place)
    assert not box.colliderect(log) and log.top > box.top, (box, log)  # the log under it
    assert not box.colliderect(felt), (box, felt)  # every card is drawn on the felt
    for bar in (panels.status, panels.buttons):  # the prompt and the decision bar
        assert not box.colliderect(scaler.rect(bar)), (box, bar)
