"""Sorcerer end to end through the real window under Xvfb, with real xdotool
drags, two people at one device: p1 plays a card over one in play and attacks
on p2's counter; p2 takes the device, blocks on the attacker and boosts the
blocker; p1 takes it back and boosts the attacker with two cards (one clicked,
one dragged). A screenshot of the filled lane goes to test-artifacts/."""

from __future__ import annotations

import pytest
from e2e_harness import ARTIFACTS, SIZE, App
from test_sorcerer_table import combat

from shrinetable.adapter.session import Session
from shrinetable.engine import registry
from shrinetable.formats.layout import load_layout
from shrinetable.resources import layout_path
from shrinetable.table import geometry as geo

pytestmark = [pytest.mark.e2e, pytest.mark.slow]

GAME = registry.get("sorcerer")
LAYOUT = load_layout(layout_path("sorcerer"))
SCALER = geo.Scaler((LAYOUT.canvas.width, LAYOUT.canvas.height), SIZE)


class Mirror:
    """The same game in the test, kept in step with the window's trace lines, so
    card and zone positions come from the real geometry code, seen by `viewer`."""

    def __init__(self, app: App, session: Session):
        self.app, self.s, self.viewer = app, session, 0

    def made(self, text: str) -> None:
        """The move shows in the trace; then follow the passes the table forces."""
        seat = self.s.decision().seat
        assert self.app.wait_line("action") == f"action p{seat + 1} {text}"
        self.s.play(GAME.parse_action(text))
        while (forced := self.s.forced()) is not None:
            assert self.app.wait_line("action").endswith(f" {forced.text}")
            self.s.play(forced)
        self.app.quiet(0.3)

    def take_over(self) -> None:
        """The handover screen: the next person presses Enter."""
        self.app.xdo("key", "Return")
        self.viewer = self.s.decision().seat
        self.app.quiet(0.3)

    def card(self, zone: str, name: str) -> tuple[int, int]:
        placed = geo.place_cards(LAYOUT, GAME.view(self.s.state, self.viewer), SCALER,
                                 self.viewer)
        rect = next(p.rect for p in placed if p.zone == zone and p.name == name)
        return next((x, rect.centery) for x in range(rect.left + 2, rect.right, 3)
                    if (hit := geo.card_at(placed, (x, rect.centery))) is not None
                    and (hit.zone, hit.name) == (zone, name))

    def zone(self, zone: str) -> tuple[int, int]:
        view = GAME.view(self.s.state, self.viewer)
        return geo.zone_rects(LAYOUT, view, SCALER, self.viewer)[zone].center


def first_button() -> tuple[int, int]:
    area = SCALER.rect(LAYOUT.panels.buttons)
    return area.x + (area.w - 4) // 2, area.y + 18


def test_play_attack_block_and_boost_with_real_drags(xvfb, tmp_path):
    seed, texts = combat()
    play, attack, done, block, _, dboost, aboost = texts
    app = App(xvfb, ["sorcerer", "--seed", str(seed), "--trace", "--seats", "human,human"],
              tmp_path)
    try:
        app.wait_line("ready")
        app.window()
        m = Mirror(app, Session(GAME, seed, {}, ["human", "human"]))
        _, card, replaced = play.split()
        app.drag(m.card("hand:0", card), m.card("play:0", replaced))
        m.made(play)
        x = attack.split()[1]
        app.drag(m.card("play:0", x), m.zone("player:1"))
        m.made(attack)
        app.click(first_button())                     # "Done attacking"
        m.made(done)
        m.take_over()
        y = block.split()[1]
        app.drag(m.card("play:1", y), m.card("lane1", x))
        m.made(block)
        if m.s.decision().kind == "defend":           # another block was possible
            app.click(first_button())                 # "Done defending"
            m.made("pass")
        app.drag(m.card("hand:1", dboost.split()[2]), m.card("lane1", y))
        m.made(dboost)
        m.take_over()
        ARTIFACTS.mkdir(exist_ok=True)
        app.screenshot(ARTIFACTS / "e2e-sorcerer-lane.png")
        _, _, b1, b2 = aboost.split()
        app.click(m.card("hand:0", b1))               # selected, it rises
        app.drag(m.card("hand:0", b2), m.card("lane1", x))
        mp = m.s.state.mp[1]
        m.made(aboost)
        assert m.s.state.mp[1] < mp                   # the attack got through
    finally:
        app.stop()
