"""Computer against computer: one game played through the match loop, and the
kind of ending an outcome is. Shared by `simulate`, the designer's report and
anything else that measures games by playing them."""

from __future__ import annotations

import random
import re
from typing import Any

from .match import Match
from .session import Session

SEAT = re.compile(r"\b[pP][1-6]\b")
FIGURE = re.compile(r"\s*\(\d+\)")


def ending(reason: str) -> str:
    """An outcome's reason as a kind of ending: the seats become "a player" and the
    particulars after a colon or in brackets go ("p2 wins by Domination: ..." is "a
    player wins by Domination", "P2 wins with the most tokens (15)" is "a player wins
    with the most tokens")."""
    return FIGURE.sub("", SEAT.sub("a player", reason.split(":", 1)[0])).strip()


def play_game(
    game: Any,
    players: list[Any],
    seed: int,
    options: dict[Any, Any],
    max_turns: int,
    watchers: tuple[Any, ...] = (),
) -> tuple[Match, int]:
    """One game of computer `players` (one per seat) from `seed`, to its end or past
    `max_turns`: the match and how many moves were made. `simulate`'s loop, and the
    report's; `watchers` see every change (`Match.watchers`)."""
    match = Match(
        Session(game, seed, options, ["computer"] * len(players)), players, random.Random(seed)
    )
    match.watchers.extend(watchers)
    moves = match.run(stop=lambda: match.turn_number() > max_turns)
    return match, moves
