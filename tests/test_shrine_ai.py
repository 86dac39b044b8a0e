"""Shrine's computer player: the choices issue 24 found wanting (its fair lookahead
is checked for every game in tests/test_fair_computer.py)."""

from __future__ import annotations

import random

from shrine_helpers import play, pos

from shrinetable.games.shrine.ai import choose


def _attacked(p2_shrine: list[str]):
    """p1 attacks p2's Shrine top with one card; p2 holds four cards."""
    s = pos(
        shrines=[["2D", "9H"], p2_shrine],
        hands=[["9S", "3D"], ["4C", "5D", "6H", "7C"]],
        stage="action",
    )
    return play(s, "attack p2 9S")


def test_no_whole_hand_to_fizzle_a_one_card_attack():
    """Clause fizzle: a Fizzle discards the whole hand. Four cards to stop one that
    takes a Shrine card the player can spare is a bad trade: it lets it through."""
    s = _attacked(["KS", "8C", "9D"])
    assert s.stage == "respond"
    assert choose(s, random.Random(0)).kind == "allow"


def test_fizzles_an_attack_that_would_end_it():
    """...but when the attack takes the last Shrine card, the hand is well spent."""
    s = _attacked(["9D"])
    assert choose(s, random.Random(0)).kind == "fizzle"
