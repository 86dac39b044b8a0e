"""Shards of the Empire end to end through the real window under Xvfb, with real
xdotool drags, two people at one device: each drags a Starting card into their
first territory and, asked, begins with it alone (secretly, the device handed
over between them); p2 takes a
card with a button; p1 scraps two cards (one clicked, one dragged), founds a
territory by dropping a building on a territory card in the hand, recruits a
unit, attacks p2's building with a real drag and charges; p2 takes the device
and lets the damage through. Screenshots go to test-artifacts/."""

from __future__ import annotations

import pytest
from e2e_harness import ARTIFACTS, Mirror, ready
from test_shards_table import opening

from shrinetable.adapter import gestures
from shrinetable.adapter.session import Session
from shrinetable.engine import registry
from shrinetable.games.shards import rules

pytestmark = [pytest.mark.e2e, pytest.mark.slow]

GAME = registry.get("shards")


def test_starting_cards_found_recruit_and_attack_with_real_drags(xvfb, tmp_path):
    seed, texts = opening()
    p1_begin, p2_begin, bonus, scrap, found, recruit, attack, charge = texts
    app = ready(
        xvfb, ["shards", "--seed", str(seed), "--trace", "--seats", "human,human"], tmp_path
    )
    try:
        m = Mirror(app, Session(GAME, seed, {}, ["human", "human"]))
        ARTIFACTS.mkdir(exist_ok=True)
        app.screenshot(ARTIFACTS / "e2e-shards-start.png")
        app.drag(m.card("start:0", p1_begin.split()[1]), m.zone("terr1:0"))
        assert app.wait_line("confirm").startswith("confirm Begin with only ")  # more could go
        app.xdo("key", "Return")  # yes: this card alone
        m.made(p1_begin)
        m.take_over()
        app.drag(m.card("start:1", p2_begin.split()[1]), m.zone("terr1:1"))
        app.wait_line("confirm")
        app.xdo("key", "Return")
        m.made(p2_begin)
        assert m.s.state.slots[1][0][1:] == [rules.card(m.s.state, p2_begin.split()[1])]
        app.click(m.button(bonus))
        m.made(bonus)
        m.take_over()
        _, a, b = scrap.split()
        app.click(m.card("hand:0", a))  # selected, it rises
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
        m.made(attack)  # charging is then the only move: the table makes it (issue 22)
        assert any(a.text == charge and a.auto for a in m.s.history)
        app.screenshot(ARTIFACTS / "e2e-shards-charged.png")
        target = rules.card(m.s.state, aim)
        while m.s.state.combat is not None:  # p2 blocks nothing; both pass
            if m.s.decision().seat != m.viewer:
                m.take_over()
            move = gestures.buttons(m.m.moves())[-1].text
            app.click(m.button(move))
            m.made(move)
        s = m.s.state
        assert s.damage.get(target) or target in s.grave[1]
        if m.s.decision().seat != m.viewer:
            m.take_over()
        app.screenshot(ARTIFACTS / "e2e-shards-result.png")  # the combat's result in view
    finally:
        app.stop()
