"""End to end through the real window under Xvfb: Sealed Bids, the test-only game
of tests/plugin_game, at five seats, launched as a third-party game would be
(registered, then shrinetable's own command line), with real pointer events.

A bid is a secret choice: the trace says who committed, never which card, until
the reveal; between the two human seats the handover screen hides the table."""

from __future__ import annotations

import pygame
import pytest
from e2e_harness import ARTIFACTS, SIZE, App
from plugin_game import GAME
from plugin_game.game import LETTERS, PRIZES

from shrinetable.formats.layout import load_layout
from shrinetable.resources import game_layout
from shrinetable.table import geometry as geo

pytestmark = [pytest.mark.e2e, pytest.mark.slow]

LAUNCH = "tests/plugin_game/launch.py"
SEED, SEATS = 1, 5
LAYOUT = load_layout(game_layout(GAME))
SCALER = geo.Scaler((LAYOUT.canvas.width, LAYOUT.canvas.height), SIZE)
CARDS = {f"{letter}{v}" for letter in LETTERS for v in range(6)} | set(PRIZES)


def card_centre(view, zone: str, card: str) -> tuple[int, int]:
    placed = geo.place_cards(LAYOUT, view, SCALER, view.seat)
    return next(p.rect.center for p in placed if p.zone == zone and p.name == card)


def zone_centre(view, zone: str) -> tuple[int, int]:
    return geo.zone_rects(LAYOUT, view, SCALER, view.seat)[zone].center


def first_button() -> tuple[int, int]:
    area = SCALER.rect(LAYOUT.panels.buttons)
    return area.x + (area.w - 4) // 2, area.y + (min(40, area.h) - 4) // 2


def test_sealed_bids_five_seats_secret_bid_in_the_real_window(xvfb, tmp_path):
    seats = "human,human,computer,computer,computer"
    app = App(
        xvfb,
        ["sealed", "--seed", str(SEED), "--trace", "--seats", seats],
        tmp_path,
        program=(LAUNCH,),
    )
    seen: list[str] = []
    try:
        seen.append(app.wait_line("ready"))
        app.window()
        view = GAME.view(GAME.new_game(SEED, {}, SEATS), 0)
        assert "A3" in view.zones["hand:0"].cards
        # p1 drags a bid of 3 onto the bids: the trace says only that p1 committed
        app.drag(card_centre(view, "hand:0", "A3"), zone_centre(view, "bids"))
        seen.append(app.wait_line("action"))
        assert seen[-1] == "action p1 secret"
        seen += app.quiet(0.3)
        # p2 is human too: the handover screen hides the table, p1's bid included
        shot = app.screenshot(ARTIFACTS / "e2e-sealed-handover.png")
        img = pygame.image.load(str(shot))
        assert img.get_size() == SIZE
        table = SCALER.rect(LAYOUT.place("hand:0", 0, SEATS).rect)
        colours = {
            tuple(img.get_at((x, y)))[:3]
            for x in range(table.left, table.right, 7)
            for y in range(table.top, table.bottom, 7)
        }
        assert len(colours) == 1
        app.click((SIZE[0] // 2, SIZE[1] // 2 + 40))  # "I am P2: show my cards"
        seen += app.quiet(0.3)
        app.click(first_button())  # "Bid nothing": p2's pass card goes down like a bid
        for seat in range(2, SEATS + 1):  # p2, then the three computers, blind
            seen.append(app.wait_line("action"))
            assert seen[-1] == f"action p{seat} secret"
        seen += app.quiet(1.5)  # the reveal flies out; round 2 opens with p2 (no handover)
        shot = app.screenshot(ARTIFACTS / "e2e-sealed.png")
        assert pygame.image.load(str(shot)).get_size() == SIZE
        assert shot.stat().st_size > 10_000
        assert app.proc.poll() is None
        # no card was ever named in the trace, before the reveal or after
        words = {w for line in seen for w in line.split()}
        assert not words & CARDS, seen
    finally:
        app.stop()
