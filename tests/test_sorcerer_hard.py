"""Sorcerer's hard computer weighs the moves its normal computer ranks highest
(issue 41; docs/design.md "Sorcerer's hard against the search"): the normal move
and the next best by the same forecast, so each gets more worlds."""

from __future__ import annotations

import random

from aiplay import normal_positions

from shrinetable import players
from shrinetable.engine.registry import get
from shrinetable.games.sorcerer import ai
from shrinetable.lookahead import Budget

GAME = get("sorcerer")


def _positions(seeds=range(1, 4), steps=300):
    """Decision points with a choice of seeded games the normal computer plays, with its move."""
    for state, move in normal_positions(GAME, seeds, steps):
        if len(GAME.legal_actions(state)) > 1:
            yield state, move


def test_sorcerer_weighs_the_normal_move_and_the_next_best_by_its_forecast():
    narrowed = 0
    for state, move in _positions():
        legal = GAME.legal_actions(state)
        weighed = GAME.think_of(state, legal, move)
        assert weighed[0] == move
        assert len(weighed) == min(ai.WEIGH, len(legal))
        assert len(set(weighed)) == len(weighed) and all(a in legal for a in weighed)
        scores = dict(zip(legal, ai._scores(state, legal), strict=True))
        left_out = [scores[a] for a in legal if a not in weighed]
        assert all(scores[a] >= max(left_out, default=-1e9) for a in weighed)
        narrowed += len(weighed) < len(legal)
    assert narrowed > 20, narrowed


def test_hard_looks_ahead_only_among_the_moves_weighed(monkeypatch):
    """Every playout starts with one of the moves weighed, and the choice is one
    of them, the same for the same position and seed."""
    hard = players.player(GAME, "hard", Budget(moves=80, seconds=None))
    worlds: list = []
    firsts: list = []
    determinise, apply = GAME.determinise, GAME.apply

    def dealt(s, seat, rng):
        worlds.append(determinise(s, seat, rng))
        return worlds[-1]

    def applied(s, a):
        if any(s is w for w in worlds):
            firsts.append(a)
        return apply(s, a)

    monkeypatch.setattr(GAME, "determinise", dealt)
    monkeypatch.setattr(GAME, "apply", applied)
    searched = 0
    for state, move in _positions(range(1, 2), 120):
        weighed = GAME.think_of(state, GAME.legal_actions(state), move)
        worlds.clear()
        firsts.clear()
        chosen = hard(state, random.Random(5))
        assert chosen in weighed and chosen == hard(state, random.Random(5))
        assert set(firsts) <= set(weighed)
        searched += bool(firsts)
    assert searched > 10, searched
