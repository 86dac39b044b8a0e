"""Drive any game's rules in a test by action texts: the helpers every game's
test module would otherwise write again (play, events, legal, refusal, who)."""

from __future__ import annotations

from collections.abc import Callable
from typing import NamedTuple

import pytest

from shrinetable.engine import IllegalAction


class Driver(NamedTuple):
    play: Callable
    events: Callable
    legal: Callable
    refusal: Callable
    who: Callable


def driver(game) -> Driver:
    """`play(s, *texts)`, `events(s, text)`, `legal(s)`, `refusal(s, text)` and
    `who(s)` for `game`, with actions written in its notation."""

    def play(s, *texts: str):
        for text in texts:
            s, _ = game.apply(s, game.parse_action(text))
        return s

    def events(s, text: str):
        return game.apply(s, game.parse_action(text))[1]

    def legal(s) -> set[str]:
        return {a.text for a in game.legal_actions(s)}

    def refusal(s, text: str) -> IllegalAction:
        with pytest.raises(IllegalAction) as info:
            game.apply(s, game.parse_action(text))
        return info.value

    def who(s) -> tuple[int, str]:
        d = game.decision(s)
        return (-1, "over") if d is None else (d.seat, d.kind)

    return Driver(play, events, legal, refusal, who)


def session_after(game, seed: int, texts: list[str]):
    """A hotseat session of `game` at `seed` after the moves `texts`, as the table
    holds it."""
    from shrinetable.adapter.session import Session

    s = Session(game, seed, {}, ["human", "human"])
    for text in texts:
        s.play(game.parse_action(text))
    return s


def match_after(game, seed: int, moves: list[tuple[int, str]]):
    """A hotseat match of `game` at `seed` after `moves` (seat, text) as people
    make them at the window: the passes the table forces made between them and
    after the last."""
    from shrinetable.adapter.match import Match
    from shrinetable.adapter.session import Session

    m = Match(Session(game, seed, {}, ["human", "human"]))
    for seat, text in [*moves, (None, None)]:
        while (auto := m.pending()) is not None and auto.forced:
            m.step()
        if text is not None:
            m.act(seat, text)
    return m
