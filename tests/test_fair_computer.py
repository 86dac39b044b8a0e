"""A computer that plays fair, over every registered game: its choice depends only on
what its seat may know. At decision points of seeded games, the cards the deciding
seat cannot see are dealt again (the game's own `reshuffle_unseen`, which leaves
that seat's view unchanged) and the computer, given the same random seed, must
choose the same action (issue 24). Every strength is checked: easy and normal as
they play, hard with a smaller budget of moves (its choice is always a function of
the position and the seed; its look-ahead, which plays out deals of its own, is
held to the same promise) over fewer games (issue 41)."""

from __future__ import annotations

import random

import pytest
from plugin_game import GAME as SEALED

from shrinetable import players
from shrinetable.engine.registry import get, names, register
from shrinetable.lookahead import Budget

register(SEALED)
GAMES = names()
SEEDS = range(1, 11)  # seeded games per game (2 seats up to the game's most)
STEPS = 3000  # decision points walked per game at most
CHECK = 0.5  # share of decision points checked
DEALS = 2  # re-deals compared at each checked point
HARD = Budget(moves=200, seconds=None, worlds=2, candidates=3, turns=1)  # small
# the seeded games and the decision points walked in each, per strength
WALKS = {"easy": (range(1, 6), STEPS), "normal": (SEEDS, STEPS), "hard": (range(1, 2), 80)}


def _choices(game, seed: int, strength: str) -> tuple[int, list[tuple[int, str, str]]]:
    """Decision points checked and the ones where a re-deal changed the choice, in
    one game the computer at `strength` plays against itself from `seed`."""
    ai = players.player(game, strength, HARD)
    steps = WALKS[strength][1]
    seats = max(game.min_seats, min(game.max_seats, 2 + seed % 3))
    state = game.new_game(seed, {}, seats)
    walk, pick = random.Random(seed), random.Random(seed + 1)
    checked, changed = 0, []
    for step in range(steps):
        d = game.decision(state)
        if game.outcome(state) is not None or d is None:
            break
        action = ai(state, random.Random(step))
        if walk.random() < CHECK:
            checked += 1
            for k in range(DEALS):
                other = game.testing.reshuffle_unseen(state, d.seat, random.Random(k))
                again = ai(other, random.Random(step))
                if again != action:
                    changed.append((step, str(action), str(again)))
        # mostly the computer's own move, sometimes a random one: more kinds of position
        move = action if pick.random() < 0.8 else pick.choice(game.legal_actions(state))
        state, _ = game.apply(state, move)
    return checked, changed


@pytest.mark.parametrize("strength", players.STRENGTHS)
@pytest.mark.parametrize("name", GAMES)
def test_the_computer_chooses_the_same_when_unseen_cards_are_dealt_again(name, strength):
    game = get(name)
    if game.ai is None:
        pytest.skip(f"{name} has no computer player of its own (random play reads nothing)")
    checked, changed = 0, []
    for seed in WALKS[strength][0]:
        n, diff = _choices(game, seed, strength)
        checked += n
        changed += [(seed, *d) for d in diff]
    assert checked, name
    assert not changed, (
        f"{name} ({strength}): choice changed at (seed, step, before, after): {changed[:5]}"
    )
