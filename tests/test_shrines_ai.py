"""The Shrines computer player: it only ever picks legal actions, finishes games
with every starter deck, and beats uniformly random play most of the time."""

from __future__ import annotations

import random

from shrinetable.games.shrines import GAME
from shrinetable.games.shrines.ai import choose
from shrinetable.games.shrines.game import DECKS


def test_computer_beats_random_play():
    """Over 20 seeded games (every deck, both seats) the computer wins at least 14."""
    wins = 0
    for seed in range(20):
        s = GAME.new_game(seed, {"deck_p1": DECKS[seed % 5],
                                 "deck_p2": DECKS[(seed // 5 + seed) % 5]})
        me, rng = seed % 2, random.Random(seed)
        while GAME.outcome(s) is None:
            legal = GAME.legal_actions(s)
            a = choose(s, rng) if GAME.decision(s).seat == me else rng.choice(legal)
            assert a in legal
            s, _ = GAME.apply(s, a)
        wins += me in GAME.outcome(s).winners
    assert wins >= 14, wins
