"""Sorcerer end to end through the real window under Xvfb, with real xdotool
drags, two people at one device: p1 plays a card over one in play and attacks
on p2's counter; p2 takes the device, blocks on the attacker and boosts the
blocker; p1 takes it back and boosts the attacker with two cards (one clicked,
one dragged). A screenshot of the filled lane goes to test-artifacts/."""

from __future__ import annotations

import pytest
from e2e_harness import ARTIFACTS, Mirror, ready
from test_sorcerer_table import combat

from shrinetable.adapter.session import Session
from shrinetable.engine import registry

pytestmark = [pytest.mark.e2e, pytest.mark.slow]

GAME = registry.get("sorcerer")


def test_play_attack_block_and_boost_with_real_drags(xvfb, tmp_path):
    seed, texts = combat()
    play, attack, done, block, _, dboost, aboost = texts
    app = ready(
        xvfb, ["sorcerer", "--seed", str(seed), "--trace", "--seats", "human,human"], tmp_path
    )
    try:
        m = Mirror(app, Session(GAME, seed, {}, ["human", "human"]))
        _, card, replaced = play.split()
        app.drag(m.card("hand:0", card), m.card("play:0", replaced))
        m.made(play)
        x = attack.split()[1]
        app.drag(m.card("play:0", x), m.zone("player:1"))
        m.made(attack)
        app.click(m.first_button())  # "Done attacking"
        m.made(done)
        m.take_over()
        y = block.split()[1]
        app.drag(m.card("play:1", y), m.card("lane1", x))
        m.made(block)
        if m.s.decision().kind == "defend":  # another block was possible
            app.click(m.first_button())  # "Done defending"
            m.made("pass")
        app.drag(m.card("hand:1", dboost.split()[2]), m.card("lane1", y))
        m.made(dboost)
        m.take_over()
        ARTIFACTS.mkdir(exist_ok=True)
        app.screenshot(ARTIFACTS / "e2e-sorcerer-lane.png")
        _, _, b1, b2 = aboost.split()
        app.click(m.card("hand:0", b1))  # selected, it rises
        app.drag(m.card("hand:0", b2), m.card("lane1", x))
        mp = m.s.state.mp[1]
        m.made(aboost)
        assert m.s.state.mp[1] < mp  # the attack got through
    finally:
        app.stop()
