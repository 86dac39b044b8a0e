"""Shrines' judge (`ai.evaluate`, the hard computer's `GameBase.judge`) tells
who is winning (issue 41; docs/design.md "Shrines' hard, fourth pass"): a player
whose libraries are nearly drawn out is losing (R2), a creature that reaches the
opposing player counts, and over normal games it names the winner near the end."""

from __future__ import annotations

import random

from shrines_helpers import mana, spawn, start

from shrinetable import players
from shrinetable.games.shrines import GAME, ai


def test_the_judge_is_the_same_position_seen_from_either_seat():
    s = start()
    spawn(s, "ashen-brute", 1, "b3")
    assert ai.evaluate(s, 0) == -ai.evaluate(s, 1) < 0


def test_a_player_nearly_drawn_out_is_losing():
    s = start()
    even = ai.evaluate(s, 0)
    s.primary[0], s.secondary[0] = [], s.secondary[0][:1]
    assert ai.evaluate(s, 0) < even - 20 * ai.JUDGE["life"]  # worse than 20 life behind
    assert ai.evaluate(s, 1) > -even


def test_a_creature_that_reaches_the_player_counts_more_than_one_at_home():
    home, there = start(), start()
    spawn(home, "ashen-brute", 0, "b1")
    spawn(there, "ashen-brute", 0, "b5")
    assert ai.evaluate(there, 0) > ai.evaluate(home, 0) > ai.evaluate(start(), 0)


def _auc(scored: list[tuple[float, bool]]) -> float:
    won = [v for v, w in scored if w]
    lost = [v for v, w in scored if not w]
    pairs = sum((a > b) + 0.5 * (a == b) for a in won for b in lost)
    return pairs / (len(won) * len(lost))


def test_the_judge_names_the_winner_of_normal_games_near_their_end():
    """Within 8 turns of the end, over positions at each turn's start, it ranks
    the final winner above the loser (AUC) far better than a coin, and better
    than life alone."""
    normal = players.player(GAME, "normal")
    judged: list[tuple[float, float, bool]] = []
    for seed in range(1, 21):
        state, rng, seen = GAME.new_game(seed, {}, 2), random.Random(seed), []
        while state.result is None:
            if state.stage == "main" and (not seen or seen[-1].turn_no != state.turn_no):
                seen.append(state)
            state, _ = GAME.apply(state, normal(state, rng))
        for s in seen:
            if state.turn_no - s.turn_no < 8:
                won = state.result.winners == (0,)
                judged.append((ai.evaluate(s, 0), s.life[0] - s.life[1], won))
    judge = _auc([(j, w) for j, _, w in judged])
    life = _auc([(v, w) for _, v, w in judged])
    assert judge > 0.7 and judge > life, (judge, life)


def test_hard_does_not_weigh_a_card_that_would_draw_it_out():
    """The normal computer holds back a card that draws when its libraries run
    shorter than the opponent's (`_decks_out`); hard's search once cast such a
    card for a judge four turns on, and lost a won game at an empty library."""
    s = start()
    card = spawn(s, "read-the-shallows", 0, "hand")
    mana(s, 0, "B")
    legal = GAME.legal_actions(s)
    cast = [a for a in legal if a.card == card]
    assert cast, legal
    normal = players.player(GAME, "normal")(s, random.Random(1))
    assert cast[0] in GAME.think_of(s, legal, normal)
    s.primary[0], s.secondary[0] = s.primary[0][:10], []
    s.legal = None
    legal = GAME.legal_actions(s)
    normal = players.player(GAME, "normal")(s, random.Random(1))
    assert normal.card != card
    assert not any(a.card == card for a in GAME.think_of(s, legal, normal))
