"""Shards of the Empire end to end through the real window under Xvfb, with real
xdotool drags, two people at one device: each drags a Starting card into their
first territory (secretly, the device handed over between them); p2 takes a
card with a button; p1 scraps two cards (one clicked, one dragged), founds a
territory by dropping a building on a territory card in the hand, recruits a
unit, attacks p2's building with a real drag and charges; p2 takes the device
and lets the damage through. Screenshots go to test-artifacts/."""

from __future__ import annotations

import pytest
from e2e_harness import ARTIFACTS, SIZE, App
from test_shards_table import opening

from shrinetable.adapter import gestures
from shrinetable.adapter.session import Session
from shrinetable.engine import registry
from shrinetable.formats.layout import load_layout
from shrinetable.games.shards import rules
from shrinetable.resources import layout_path
from shrinetable.table import geometry as geo

pytestmark = [pytest.mark.e2e, pytest.mark.slow]

GAME = registry.get("shards")
LAYOUT = load_layout(layout_path("shards"))
SCALER = geo.Scaler((LAYOUT.canvas.width, LAYOUT.canvas.height), SIZE)


class Mirror:
    """The same game in the test, kept in step with the window's trace lines, so
    card and zone positions come from the real geometry code, seen by `viewer`."""

    def __init__(self, app: App, session: Session):
        self.app, self.s, self.viewer = app, session, 0

    def made(self, text: str) -> None:
        """The move shows in the trace (a secret choice as "secret"); then follow
        the passes the table forces."""
        d = self.s.decision()
        shown = "secret" if d.secret else text
        assert self.app.wait_line("action") == f"action p{d.seat + 1} {shown}"
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

    def button(self, text: str) -> tuple[int, int]:
        """The middle of the button for move `text` (the panel's buttons, in the
        order of the legal moves, one column)."""
        shown = [m.text for m in gestures.buttons(gestures.moves(GAME, self.s.state))]
        area = SCALER.rect(LAYOUT.panels.buttons)
        h = min(40, area.h // len(shown))
        return area.x + (area.w - 4) // 2, area.y + shown.index(text) * h + (h - 4) // 2


def test_starting_cards_found_recruit_and_attack_with_real_drags(xvfb, tmp_path):
    seed, texts = opening()
    p1_begin, p2_begin, bonus, scrap, found, recruit, attack, charge = texts
    app = App(xvfb, ["shards", "--seed", str(seed), "--trace", "--seats", "human,human"],
              tmp_path)
    try:
        app.wait_line("ready")
        app.window()
        m = Mirror(app, Session(GAME, seed, {}, ["human", "human"]))
        ARTIFACTS.mkdir(exist_ok=True)
        app.screenshot(ARTIFACTS / "e2e-shards-start.png")
        app.drag(m.card("start:0", p1_begin.split()[1]), m.zone("terr1:0"))
        m.made(p1_begin)
        m.take_over()
        app.drag(m.card("start:1", p2_begin.split()[1]), m.zone("terr1:1"))
        m.made(p2_begin)
        assert m.s.state.slots[1][0][1:] == [rules.card(m.s.state, p2_begin.split()[1])]
        app.click(m.button(bonus))
        m.made(bonus)
        m.take_over()
        _, a, b = scrap.split()
        app.click(m.card("hand:0", a))                    # selected, it rises
        app.drag(m.card("hand:0", b), m.zone("scrap:0"))
        m.made(scrap)
        _, building, _, territory = found.split()
        app.drag(m.card("hand:0", building), m.card("hand:0", territory))
        m.made(found)
        assert len(m.s.state.territories(0)) == 2
        app.drag(m.card("hand:0", recruit.split()[1]), m.zone("terr1:0"))
        m.made(recruit)
        _, attacker, aim = attack.split()
        app.drag(m.card("terr1:0", attacker), m.card("terr1:1", aim))
        m.made(attack)
        app.click(m.button(charge))
        m.made(charge)
        app.screenshot(ARTIFACTS / "e2e-shards-charged.png")
        target = rules.card(m.s.state, aim)
        while m.s.state.combat is not None:               # p2 blocks nothing; both pass
            if m.s.decision().seat != m.viewer:
                m.take_over()
            move = gestures.buttons(gestures.moves(GAME, m.s.state))[-1].text
            app.click(m.button(move))
            m.made(move)
        s = m.s.state
        assert s.damage.get(target) or target in s.grave[1]
    finally:
        app.stop()
