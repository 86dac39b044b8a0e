"""Shrine's hard computer judges a position by a fitted win estimate (issue 41,
docs/design.md "Shrine's hard, fourth pass"): it must rank the eventual winner
of normal games better than the normal computer's own evaluation does, and
read what its features say."""

from __future__ import annotations

import random
from bisect import bisect_left, bisect_right

from shrine_helpers import pos

from shrinetable import players
from shrinetable.games.shrine import GAME, ai
from shrinetable.games.shrine.judge import WIN, odds


def _auc(pairs: list[tuple[float, bool]]) -> float:
    """How often a winner's value is above a loser's (ties half), by one sort."""
    lost = sorted(v for v, w in pairs if not w)
    won = [v for v, w in pairs if w]
    above = sum(
        bisect_left(lost, v) + (bisect_right(lost, v) - bisect_left(lost, v)) / 2 for v in won
    )
    return above / (len(won) * len(lost))


def test_the_judge_ranks_the_winner_better_than_the_normal_evaluation():
    """Positions 8 to 32 turns before the end of 30 normal games (seeds the fit
    did not use): the judge the search looks at must tell who wins."""
    normal = players.player(GAME, "normal")
    fitted: list[tuple[float, bool]] = []
    plain: list[tuple[float, bool]] = []
    for seed in range(1, 31):
        state, rng, seen = GAME.new_game(seed, {}, 2), random.Random(seed), []
        while GAME.outcome(state) is None:
            seen.append((GAME.turn_number(state), state))
            state, _ = GAME.apply(state, normal(state, rng))
        end, winners = GAME.turn_number(state), GAME.outcome(state).winners
        for turn, s in seen:
            if 8 <= end - turn < 32:
                fitted += [(odds(s, q), q in winners) for q in (0, 1)]
                plain += [(ai.evaluate(s, q), q in winners) for q in (0, 1)]
    assert _auc(fitted) > 0.9
    assert _auc(fitted) > _auc(plain) + 0.05


def test_a_token_outweighs_a_shrine_card_and_a_last_shrine_card_is_near_lost():
    shrines = [["2D", "9H", "5S"], ["3C", "4D", "8S"]]
    even = pos(shrines=shrines, hands=[["TS"], ["TD"]], turn=1)
    assert odds(even, 0) == -odds(even, 1) < 0  # the same but for the side to move
    token = pos(shrines=shrines, hands=[["TS"], ["TD"]], fields=[["JH"], []], turn=1)
    card = pos(shrines=[[*shrines[0], "6S"], shrines[1]], hands=[["TS"], ["TD"]], turn=1)
    assert odds(token, 0) > odds(card, 0) > 0 > odds(card, 1)
    last = pos(shrines=[["9H"], shrines[1]], hands=[["TS"], ["TD"]], turn=1)
    assert odds(last, 0) < -2


def test_the_end_of_the_game_and_the_worst_match_up_of_three():
    s = pos(
        shrines=[["2D", "9H"], ["3C"], ["4D", "8S", "6C"]],
        hands=[["TS"], ["TD"], ["QH"]],
        alive=[True, True, True],
    )
    worst = min(
        odds(pos(shrines=[["2D", "9H"], sh], hands=[["TS"], h]), 0)
        for sh, h in ((["3C"], ["TD"]), (["4D", "8S", "6C"], ["QH"]))
    )
    assert odds(s, 0) == worst
    out = pos(shrines=[["2D", "9H"], [], ["4D"]], alive=[True, False, True])
    assert odds(out, 1) == -WIN


def test_the_hard_computer_looks_with_it():
    assert GAME.judge is odds
