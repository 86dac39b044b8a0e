"""A game of a game's computer player against uniformly random play, for the
computer-player tests of every game: every choice is checked against the legal
actions, and the computer is fed only what its seat may know (`observe`)."""

from __future__ import annotations

import random
from typing import Any


def against_random(
    game: Any, seed: int, me: int | None, decks: tuple[str, str], turns: int
) -> tuple[list[str], Any]:
    """The computer at seat `me` (None: at every seat), random play at the others,
    `decks` the two deck options, until the game ends or passes turn `turns`: the
    action texts taken and the final state."""
    s = game.new_game(seed, {"deck_p1": decks[0], "deck_p2": decks[1]})
    rng = random.Random(seed)
    taken = []
    while game.outcome(s) is None and game.turn_number(s) <= turns:
        legal = game.legal_actions(s)
        seat = game.decision(s).seat
        a = game.ai(game.observe(s, seat), rng) if me in (None, seat) else rng.choice(legal)
        assert a in legal, (a, game.turn_number(s), game.decision(s).kind)
        taken.append(a.text)
        s, _ = game.apply(s, a)
    return taken, s


def normal_positions(game: Any, seeds: range, steps: int):
    """Each decision of seeded two-seat games the normal computer plays at every
    seat, with the move it makes there (the hard computer's tests weigh these)."""
    from shrinetable import players

    normal = players.player(game, "normal")
    for seed in seeds:
        state, rng = game.new_game(seed, {}, 2), random.Random(seed)
        for _ in range(steps):
            if game.decision(state) is None:
                break
            move = normal(state, rng)
            yield state, move
            state, _ = game.apply(state, move)
