"""Computer against computer: one game played through the match loop, and the
kind of ending an outcome is. Shared by `simulate`, the designer's report and
anything else that measures games by playing them."""

from __future__ import annotations

import random
from typing import Any

from shrinetable.engine import Outcome

from .match import Match
from .session import Session


def ending(outcome: Outcome) -> str:
    """An outcome as a kind of ending, as the game says it (`Outcome.kind`: "a
    player wins by Domination", with no seat or figure), or its reason when that
    names nobody; never the reason's words taken apart."""
    return outcome.kind or outcome.reason


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
