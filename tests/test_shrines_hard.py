"""Shrines' hard computer weighs only the moves that can matter (issue 41, its
third pass; docs/design.md "Shrines' hard, third pass"): none where the table
would pass for a person, one way for each card, and never a second payment, a tap
for mana or a Guard switch. Every other game weighs any legal move, as before."""

from __future__ import annotations

import random

from aiplay import normal_positions

from shrinetable import players
from shrinetable.engine.registry import get, names
from shrinetable.games.shrines import ai
from shrinetable.games.shrines.actions import Action
from shrinetable.games.shrines.cards import instance
from shrinetable.lookahead import Budget
from tests.shrines_helpers import mana, spawn, start

GAME = get("shrines")


def _positions(seeds=range(1, 4), steps=400):
    """Decision points of seeded games the normal computer plays, with its move."""
    yield from normal_positions(GAME, seeds, steps)


def test_only_shrines_and_sorcerer_narrow_what_hard_weighs():
    assert GAME.think_of is not None
    assert [n for n in names() if get(n).think_of is not None] == ["shrines", "sorcerer"]


def test_shrines_weighs_one_way_a_card_and_nothing_where_nothing_can_come_of_it():
    idle = narrowed = 0
    for state, move in _positions():
        legal = GAME.legal_actions(state)
        weighed = GAME.think_of(state, legal, move)
        assert all(a in legal for a in weighed)
        if GAME.nothing_to_decide(state) is not None:
            idle += 1
            assert weighed == []
            continue
        assert not any(a.kind in ("guard", "unguard") or ai._mana_tap(state, a) for a in weighed)
        assert len({(a.kind, a.card) for a in weighed if a.kind in ai._ONE_WAY}) == len(
            [a for a in weighed if a.kind in ai._ONE_WAY]
        ), weighed
        if ai._mana_tap(state, move) or move.kind in ("travel", "attack"):
            assert not any(a.kind in ("next", "pass") for a in weighed), (move, weighed)
        narrowed += len(weighed) < len(legal)
    assert idle > 20 and narrowed > 50, (idle, narrowed)


def _guided(state):
    """The move hard's own rule (`hard_ai`) makes, as its seat sees the game."""
    return GAME.hard_ai(GAME.observe(state, GAME.decision(state).seat), random.Random(3))


def test_hard_plays_nothing_out_where_nothing_can_come_of_a_choice(monkeypatch):
    """Where the table would pass for a person, hard makes the normal move at once
    (it spent a third of its time there); elsewhere it still looks ahead."""
    hard = players.player(GAME, "hard", Budget(moves=60, seconds=None, candidates=3))
    made: list = []
    apply = GAME.apply
    monkeypatch.setattr(GAME, "apply", lambda s, a: (made.append(a), apply(s, a))[1])
    idle = thought = 0
    for state, move in _positions(range(1, 2), 300):
        if len(GAME.legal_actions(state)) < 2:
            continue
        made.clear()
        chosen = hard(state, random.Random(3))
        if GAME.nothing_to_decide(state) is not None:
            idle += 1
            assert chosen == move and not made
        elif len(GAME.think_of(state, GAME.legal_actions(state), _guided(state))) > 1:
            thought += 1
            assert made
    assert idle and thought, (idle, thought)


def test_hard_starts_from_a_rule_that_casts_what_normal_never_does():
    """Normal's rule reads taking an opposing creature as help to it and never
    casts Siren's Bargain (docs/design.md, "Shrines' hard, sixth pass"); hard's
    rule (`hard_ai`) takes the opposing creature that threatens most, and its
    sources are tapped for it. Normal's play stays as it was."""
    s = start()
    s.hands[0], s.shrine[0] = [], []  # nothing else to spend the mana on
    spawn(s, "ashen-brute", 1, "b3")
    far = spawn(s, "emberfang-raider", 1, "b2")
    bargain = spawn(s, "sirens-bargain", 0)
    mana(s, 0, "BBBBB")
    assert ai.choose(s, random.Random(0)).kind == "next"
    assert ai.choose_hard(s, random.Random(0)) == Action("cast", bargain, far)
    s = start()
    s.hands[0], s.shrine[0] = [], []
    spawn(s, "ashen-brute", 1, "b3")
    spawn(s, "sirens-bargain", 0)
    for _ in range(5):
        spawn(s, "tidal-font", 0, "sources")
    assert ai.choose(s, random.Random(0)).kind == "next"
    assert ai.choose_hard(s, random.Random(0)).kind == "tap"
    assert GAME.hard_ai is ai.choose_hard
    assert [n for n in names() if get(n).hard_ai is not None] == ["shrines"]


def test_hard_grounds_the_flier_that_strikes_it_before_playing_a_bigger_card():
    """Red cannot block or target Blue's flying, protected Shrine, which dealt most
    of the damage in the games Red lost; normal plays its costliest card (a
    creature) and keeps Fenland Mire. Hard's rule grounds the flier on its site
    first, so that Red's creatures may block and attack it (docs/design.md,
    "Shrines' hard, seventh pass"); where no opposing creature reaches us, it plays
    as normal does, but keeps the Mire for the flier rather than ground it out of
    reach (normal's spends it on any foe)."""
    s = start("red", "blue")
    s.hands[0], s.shrine[0] = [], []
    spawn(s, "mistral-oracle", 1, "b1")  # flying, and it reaches p1 from there
    mire = spawn(s, "fenland-mire", 0)
    brute = spawn(s, "ashen-brute", 0)
    mana(s, 0, "RRR")
    assert ai.choose(s, random.Random(0)).card == brute
    assert ai.choose_hard(s, random.Random(0)) == Action("play", mire, "b1")
    s = start("red", "blue")
    s.hands[0], s.shrine[0] = [], []
    spawn(s, "mistral-oracle", 1, "b3")  # still out of reach
    spawn(s, "fenland-mire", 0)
    brute = spawn(s, "ashen-brute", 0)
    mana(s, 0, "RRR")
    assert ai.choose(s, random.Random(0)).card == brute
    assert ai.choose_hard(s, random.Random(0)).card == brute
    s = start("red", "blue")
    s.hands[0], s.shrine[0] = [], []
    spawn(s, "mistral-oracle", 1, "b3")
    mire = spawn(s, "fenland-mire", 0)
    mana(s, 0, "RRR")
    assert ai.choose(s, random.Random(0)) == Action("play", mire, "b3")
    assert ai.choose_hard(s, random.Random(0)).kind == "next"
    skirmisher = spawn(s, "beacon-skirmisher", 1, "b3")  # Sprint, which Ground takes
    assert "sprint" in s.defs[instance(skirmisher)].kw
    assert ai.choose_hard(s, random.Random(0)) == Action("play", mire, "b3")
