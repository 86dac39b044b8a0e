"""The log in plain words (issue 22): over seeded games of every game, as the
table shows it to p1, no line names a seat in lower case, shows a card's
instance number, or says again the line before it."""

from __future__ import annotations

import re

import pytest

from shrinetable.adapter import log
from shrinetable.adapter.match import Match
from shrinetable.adapter.session import Session
from shrinetable.engine import registry

MOVES = 600


def _played(name: str, seed: int) -> Match:
    game = registry.get(name)
    seats = max(game.min_seats, min(game.max_seats, 2 + seed % 3))
    match = Match(Session(game, seed, {}, ["human"] + ["computer"] * (seats - 1)))
    while (d := match.decision()) is not None and len(match.history) < MOVES:
        if match.pending() is not None:
            match.step()
        else:
            match.act(d.seat, match.session.computer_action())
    return match


@pytest.mark.parametrize("name", registry.names())
def test_the_log_is_plain_words(name):
    for seed in (1, 2):
        lines = log.lines(_played(name, seed), 0)
        assert lines
        for before, line in zip(["", *lines], lines, strict=False):
            assert not re.search(r"\bp[1-9]\b", line), line
            assert not re.search(r"#\d", line), line
            assert line != before, line


def test_draws_and_passes_are_said_once():
    assert log.grouped(["P2 draws a card", "P3 draws a card", "P2 draws a card", "x"]) == [
        "P2 draws 2 cards", "P3 draws a card", "x"]
    assert log.plain("p1 takes p2's card") == "P1 takes P2's card"


def test_simulate_prints_the_plain_log(capsys):
    from shrinetable.cli import main
    assert main(["simulate", "sorcerer", "--games", "1", "--log", "--seed", "3"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0] == "game 1 (seed 3)" and out[1].startswith("P1 ")
    assert not any(re.search(r"\bp[1-9]\b", line) for line in out)
