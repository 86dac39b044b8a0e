"""The hard computer: the game's own AI, looking ahead over what its seat may know.

At a decision with a choice, the normal AI's move and a few other legal moves
(`Budget.candidates`, drawn by the seeded rng from those the game thinks worth
weighing, `GameBase.think_of`) are each played on by the normal
AI in every seat, over worlds its seat cannot tell from the real one
(`GameBase.determinise`: the unseen cards dealt again, secret choices hidden,
the game's generator drawn afresh), for `Budget.turns` turns or to the end, and
the position reached is judged by the game's own computer (`GameBase.judge`; a
game without one is played out to its end). Every candidate meets the same
worlds, and in each world the candidates are ranked (a win above any position,
a loss below), so scales never mix and a difference is the move's, not the
deal's. After each round of worlds (`FIRST`, then as many again as were played)
the lower-ranked half of the other moves is dropped; the normal move and the
best other stay to the end of the budget. Another move is taken only when it ranked above the normal
one in more worlds than below by at least `MARGIN`, and by `SURE` standard
deviations of a coin toss over the worlds where the two differ: the best of six
noisy estimates beats the normal move by luck alone now and then, and in one
shipped game a bare margin of two worlds made hard lose more games than normal
(36% of 140; docs/design.md names it).
Where the search cannot tell, it plays as the normal computer does.

An engine error in a world (a re-deal no real game could reach, or a rules
bug) is a bug to fix, not a move to hide: the search stops, warns
(`PlayoutError`, naming the world's seed and the move, so it can be replayed;
the tests make the warning an error) and plays the normal move, so a person's
game goes on.

Time: a number of moves, not seconds (`Budget.moves`: every move made in
every playout counts; a world cut short by it is not counted), so a move is a
pure function of (state, rng) however busy the machine, a game replays from its
seed, and its figures are the same on any machine. Each game sizes it to what
its moves cost (`GameBase.think_moves`). Under it, `CEILING` seconds of this
thread's processor time stop the few decisions whose moves cost far more than
the median (only there does the load matter).
"""

from __future__ import annotations

import math
import random
import time
import traceback
import warnings
from dataclasses import dataclass
from typing import Any

from shrinetable.engine import GameBase, Player

MARGIN = 2  # worlds in which a move must beat the normal one more often than lose to it
SURE = 1.0  # and by this many standard deviations of a coin toss over those worlds
# a ceiling of processor time a decision: a net under the budget of moves, for
# the few positions whose moves cost ten times the median (one game's late game:
# 10% of its decisions took 0.5-2.2 s under it alone)
CEILING = 0.45
FIRST = 8  # worlds every candidate meets before the weaker half of the others is dropped


@dataclass(frozen=True)
class Budget:
    """How far the hard computer looks: `moves` made in all its playouts of one
    decision at most, and `seconds` of this thread's processor time (None: no
    ceiling, so the move is a pure function of the position and the seed),
    `worlds` per candidate at most, `candidates` moves weighed, `turns` turns
    played on before the game's judge looks (its whole length without one)."""

    moves: int = 800
    seconds: float | None = CEILING
    worlds: int = 256
    candidates: int = 6
    turns: int = 4


class PlayoutError(RuntimeWarning):
    """An engine error while the hard computer played a world on."""


class _Spent(Exception):
    """The decision's moves are spent in the middle of a playout."""


class _Count:
    """The moves left to a decision's playouts, and its processor time."""

    def __init__(self, left: int, seconds: float | None):
        self.left = left
        self.until = None if seconds is None else time.thread_time() + seconds

    def spend(self) -> None:
        """One move more; checked against the clock at every move (a clock read
        is a microsecond, a move up to a millisecond: checked every 16th, one
        game's decisions ran past their p99 of 0.5 s)."""
        self.left -= 1
        if self.left < 0 or (self.until is not None and time.thread_time() > self.until):
            raise _Spent


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
    weighed = legal if game.think_of is None else game.think_of(state, legal, guess)
    others = [a for a in weighed if a != guess]
    if not others:
        return guess  # nothing the game thinks worth weighing against it
    me = game.decision(state).seat
    count = _Count(budget.moves, budget.seconds)
    rng.shuffle(others)
    moves = [guess, *others[: budget.candidates - 1]]
    points = dict.fromkeys(range(len(moves)), 0.0)  # rank points over the worlds
    ahead = dict.fromkeys(points, 0)  # worlds above the normal move, less those below
    apart = dict.fromkeys(points, 0)  # worlds where it and the normal move differ
    seed, done, batch = rng.getrandbits(32), 0, FIRST
    try:
        while done < budget.worlds and len(points) > 1:
            for w in range(done, min(budget.worlds, done + batch)):
                world = game.determinise(state, me, random.Random(seed + w))
                d = None if world is None else game.decision(world)
                if d is None or d.seat != me:
                    return guess  # no world to play (or a secret choice hidden: not ours yet)
                keys = {
                    i: _playout(game, normal, world, moves[i], me, seed + w, budget, count)
                    for i in points
                }
                for i, k in keys.items():
                    points[i] += sum((k > o) + 0.5 * (k == o) for j, o in keys.items() if j != i)
                    ahead[i] += (k > keys[0]) - (k < keys[0])
                    apart[i] += k != keys[0]
                done = w + 1
            rest = sorted((i for i in points if i), key=lambda i: (-points[i], i))
            points = {i: points[i] for i in (0, *rest[: max(1, len(rest) // 2)])}
            batch = done
    except _Spent:
        pass  # a world counts once every candidate has met it
    except Exception as e:  # an engine error in a world: a bug, said aloud
        _warn(game, state, me, seed + w, moves, e)
        return guess
    best = max(points, key=lambda i: (ahead[i], points[i], -i))
    sure = max(MARGIN, SURE * math.sqrt(apart[best]))
    return moves[best] if ahead[best] >= sure else guess


def _warn(game: GameBase, state: Any, me: int, seed: int, moves: list[Any], e: Exception) -> None:
    """Say which world failed, with what, and where, so that it can be replayed."""
    where = traceback.extract_tb(e.__traceback__)[-1]
    warnings.warn(
        PlayoutError(
            f"{game.name}: the hard computer's playout failed in the world"
            f" determinise(state, {me}, random.Random({seed})) at turn"
            f" {game.turn_number(state)}, weighing {', '.join(map(str, moves))}:"
            f" {e!r} at {where.filename}:{where.lineno}; it plays the normal move"
        ),
        stacklevel=2,
    )


def _playout(
    game: GameBase,
    normal: Player,
    world: Any,
    move: Any,
    me: int,
    seed: int,
    budget: Budget,
    count: _Count,
) -> tuple[int, float]:
    """Where `move` leads in `world`, the normal player playing every seat, as a
    key that sorts better for `me` higher: (2, share) a win, (0, 0) a loss,
    (1, the judge's value) a position `budget.turns` turns on (a draw, or a
    game too long to judge: (1, 0))."""
    rng = random.Random(seed)
    count.spend()
    state, _ = game.apply(world, move)
    stop = game.turn_number(world) + budget.turns if game.judge is not None else None
    while True:
        out = game.outcome(state)
        if out is not None:
            if me in out.winners:
                return (2, 1.0 / len(out.winners))
            return (0, 0.0) if out.winners else (1, 0.0)
        if stop is not None and game.turn_number(state) >= stop:
            return (1, game.judge(state, me))
        count.spend()
        state, _ = game.apply(state, normal(state, rng))
