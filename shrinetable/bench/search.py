"""A plain information-set Monte Carlo tree search that knows nothing of any game:
the yardstick `shrinetable bench strength` measures the hard computer against.

It reads only the engine's contract: the legal-action list, `apply`, `decision`,
`outcome`, and `determinise` for a world its seat cannot tell from the real one.
Each iteration deals such a world, walks the one tree kept for the seat (single-
observer ISMCTS: a node per sequence of action texts) choosing by UCB among the
moves legal in that world (each counted as available when it is), adds one node,
plays on at random to the end, and counts the result for the seat that moved
into each node. After `seconds` of this thread's processor time (as the hard
computer counts its own, so a busy machine slows both alike) the most visited
move is played.
"""

from __future__ import annotations

import math
import random
import time
from typing import Any

from shrinetable.engine import GameBase, Player

EXPLORE = 0.7  # UCB's exploration constant (results are shares of a win, 0 to 1)
STEPS = 2000  # random moves a playout makes at most (past them: the win shared)


class _Node:
    __slots__ = ("children", "seat", "visits", "avail", "won")

    def __init__(self, seat: int | None = None):
        self.children: dict[str, _Node] = {}
        self.seat = seat  # who made the move into this node
        self.visits = 0
        self.avail = 0
        self.won = 0.0

    def ucb(self) -> float:
        return self.won / self.visits + EXPLORE * math.sqrt(math.log(self.avail) / self.visits)


def ismcts(game: GameBase, seconds: float = 1.0) -> Player:
    """A player that searches `seconds` a move (one legal move: no search)."""

    def choose(state: Any, rng: random.Random) -> Any:
        legal = game.legal_actions(state)
        if len(legal) == 1:
            return legal[0]
        me = game.decision(state).seat
        root = _Node()
        deadline = time.thread_time() + seconds
        while time.thread_time() < deadline:
            world = game.determinise(state, me, random.Random(rng.getrandbits(64)))
            if world is None:
                raise ValueError(f"{game.name} cannot deal the cards a seat does not see")
            _iterate(game, root, world, rng)
        by_text = {a.text: a for a in legal}
        best = max(root.children.items(), key=lambda kv: (kv[1].visits, kv[0]))
        return by_text[best[0]]

    return choose


def _iterate(game: GameBase, root: _Node, s: Any, rng: random.Random) -> None:
    """One iteration: select, expand, play out, count."""
    node, path = root, [root]
    while game.outcome(s) is None:
        seat = game.decision(s).seat
        legal = {a.text: a for a in game.legal_actions(s)}
        fresh = [t for t in legal if t not in node.children]
        for t in legal:
            if t in node.children:
                node.children[t].avail += 1
        if fresh:
            text = rng.choice(fresh)
            node.children[text] = child = _Node(seat)
            child.avail = 1
            s, _ = game.apply(s, legal[text])
            path.append(child)
            break
        text = max(legal, key=lambda t: node.children[t].ucb())
        node = node.children[text]
        s, _ = game.apply(s, legal[text])
        path.append(node)
    share = _playout(game, s, rng)
    for n in path:
        n.visits += 1
        if n.seat is not None:
            n.won += share(n.seat)


def _playout(game: GameBase, s: Any, rng: random.Random):
    """Random moves to the end: each seat's share of the win (a draw, or a game
    still going after STEPS moves, shares it among every seat)."""
    for _ in range(STEPS):
        if game.outcome(s) is not None:
            break
        s, _ = game.apply(s, rng.choice(game.legal_actions(s)))
    out = game.outcome(s)
    winners = out.winners if out is not None and out.winners else None
    if winners is None:
        return lambda seat: 0.5
    return lambda seat: 1.0 / len(winners) if seat in winners else 0.0
