"""The hard computer: the game's own AI, looking ahead over what its seat may know.

At a decision with a choice, the normal AI's move and a few other legal moves
(`Budget.candidates`, drawn by the seeded rng) are each played on by the normal
AI in every seat, over worlds its seat cannot tell from the real one
(`GameBase.determinise`: the unseen cards dealt again, secret choices hidden,
the game's generator drawn afresh), for `Budget.turns` turns or to the end, and
the position reached is judged by the game's own computer (`GameBase.judge`; a
game without one is played out to its end). Every candidate meets the same
worlds, and in each world the candidates are ranked (a win above any position,
a loss below), so scales never mix and a difference is the move's, not the
deal's. After each round of worlds the lower-ranked half is dropped (the normal
move always stays). Another move is taken only when it ranked above the normal
one in more worlds than below by at least `MARGIN`, and by `SURE` standard
deviations of a coin toss over the worlds where the two differ: the best of six
noisy estimates beats the normal move by luck alone now and then, and in one
shipped game a bare margin of two worlds made hard lose more games than normal
(36% of 140; docs/design.md names it).
Where the search cannot tell, it plays as the normal computer does.

Time: `Budget.seconds` of this thread's processor time a move at most, and
`WALL` seconds on the clock (a world cut short is not counted): on a machine
shared with other programs the search looks as far as on an idle one, unless the
wait grows past `WALL`. Without a budget of seconds it is a pure function of
(state, rng).
"""

from __future__ import annotations

import math
import random
import time
from dataclasses import dataclass
from typing import Any

from shrinetable.engine import GameBase, Player

MARGIN = 2  # worlds in which a move must beat the normal one more often than lose to it
SURE = 2.0  # and by this many standard deviations of a coin toss over those worlds
WALL = 1.0  # seconds on the clock a move may take at most, however busy the machine


@dataclass(frozen=True)
class Budget:
    """How far the hard computer looks: at most `seconds` a move (None: no clock,
    so the same rng gives the same move), `worlds` per candidate, `candidates`
    moves weighed, `turns` turns played on before the game's judge looks (its
    whole length without one), `steps` moves per playout at most."""

    seconds: float | None = 0.25
    worlds: int = 16
    candidates: int = 6
    turns: int = 4
    steps: int = 3000


class _Late(Exception):
    """The move's time is up in the middle of a playout."""


def hard(game: GameBase, normal: Player, budget: Budget) -> Player:
    """The hard player for `game`, guided by its `normal` player."""

    def choose(state: Any, rng: random.Random) -> Any:
        guess = normal(state, rng)
        legal = game.legal_actions(state)
        if len(legal) == 1:
            return guess
        return _search(game, normal, state, guess, legal, rng, budget)

    return choose


def _search(
    game: GameBase,
    normal: Player,
    state: Any,
    guess: Any,
    legal: list[Any],
    rng: random.Random,
    budget: Budget,
) -> Any:
    """The move to make: `guess` (the normal one) unless another does clearly better."""
    me = game.decision(state).seat
    deadline = None
    if budget.seconds is not None:
        deadline = (time.thread_time() + budget.seconds, time.perf_counter() + WALL)
    others = [a for a in legal if a != guess]
    rng.shuffle(others)
    moves = [guess, *others[: budget.candidates - 1]]
    points = dict.fromkeys(range(len(moves)), 0.0)  # rank points over the worlds
    ahead = dict.fromkeys(points, 0)  # worlds above the normal move, less those below
    apart = dict.fromkeys(points, 0)  # worlds where it and the normal move differ
    seed, done, batch = rng.getrandbits(32), 0, 2
    try:
        while done < budget.worlds and len(points) > 1:
            for w in range(done, min(budget.worlds, done + batch)):
                world = game.determinise(state, me, random.Random(seed + w))
                d = None if world is None else game.decision(world)
                if d is None or d.seat != me:
                    return guess  # no world to play (or a secret choice hidden: not ours yet)
                keys = {
                    i: _playout(game, normal, world, moves[i], me, seed + w, budget, deadline)
                    for i in points
                }
                for i, k in keys.items():
                    points[i] += sum((k > o) + 0.5 * (k == o) for j, o in keys.items() if j != i)
                    ahead[i] += (k > keys[0]) - (k < keys[0])
                    apart[i] += k != keys[0]
                done = w + 1
            keep = sorted(points, key=lambda i: (-points[i], i))[: max(1, len(points) // 2)]
            points = {i: points[i] for i in points if i in keep or i == 0}
            batch *= 2
    except _Late:
        pass  # a world counts once every candidate has met it
    best = max(points, key=lambda i: (ahead[i], points[i], -i))
    sure = max(MARGIN, SURE * math.sqrt(apart[best]))
    return moves[best] if ahead[best] >= sure else guess


def _playout(
    game: GameBase,
    normal: Player,
    world: Any,
    move: Any,
    me: int,
    seed: int,
    budget: Budget,
    deadline: tuple[float, float] | None,
) -> tuple[int, float]:
    """Where `move` leads in `world`, the normal player playing every seat, as a
    key that sorts better for `me` higher: (2, share) a win, (0, 0) a loss,
    (1, the judge's value) a position `budget.turns` turns on (a draw, or a
    game too long to judge: (1, 0))."""
    rng = random.Random(seed)
    state, _ = game.apply(world, move)
    stop = game.turn_number(world) + budget.turns if game.judge is not None else None
    for n in range(budget.steps):
        out = game.outcome(state)
        if out is not None:
            if me in out.winners:
                return (2, 1.0 / len(out.winners))
            return (0, 0.0) if out.winners else (1, 0.0)
        if stop is not None and game.turn_number(state) >= stop:
            return (1, game.judge(state, me))
        if deadline is not None and n % 8 == 0 and _late(deadline):
            raise _Late
        state, _ = game.apply(state, normal(state, rng))
    return (1, 0.0)


def _late(deadline: tuple[float, float]) -> bool:
    return time.thread_time() > deadline[0] or time.perf_counter() > deadline[1]
