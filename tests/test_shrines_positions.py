"""Shrines scenario positions at the opening and at a turn's start: `act = "setup"`
(that seat's mulligan) and `act = "start"` (before the draw), set up by the game's
position hook (clauses setup, mulligan, first-turn, draw)."""

from __future__ import annotations

from pathlib import Path

import pytest

from shrinetable.formats.errors import FormatError
from shrinetable.formats.scenario import load

HEAD = """\
game = "shrines"
seats = 2
turn = "{turn}"
act = "{act}"
{extra}
[zones]
"hand:0" = ["ashen-brute#1"]
"""


def _load(tmp_path: Path, turn: str, act: str, extra: str = ""):
    path = tmp_path / "p.toml"
    path.write_text(HEAD.format(turn=turn, act=act, extra=extra), encoding="utf-8")
    loaded = load(path)
    return loaded.game, loaded.state


@pytest.mark.parametrize("turn, left", [("p1", 2), ("p2", 4)])
def test_setup_is_that_seat_s_mulligan_on_turn_one(tmp_path, turn, left):
    """Clause mulligan: a setup position is the named seat's mulligan, with the number
    of mulligans the text gives it (2 for p1, 4 for p2)."""
    game, s = _load(tmp_path, turn, "setup")
    d = game.decision(s)
    assert (d.seat, d.kind, s.turn_no, s.mull_left) == (int(turn[1]) - 1, "mulligan", 1, left)


def test_start_is_the_draw_of_the_turn_and_turn_one_has_none(tmp_path):
    """Clause first-turn: the start of turn 1 is p1's First Act with no draw; a later
    turn starts with its draw."""
    game, s = _load(tmp_path, "p1", "start", "turn_no = 1")
    assert (game.decision(s).kind, s.act) == ("main", "first")
    game, s = _load(tmp_path, "p2", "start", "turn_no = 2")
    assert (game.decision(s).seat, game.decision(s).kind) == (1, "draw")


def test_setup_after_turn_one_or_an_unknown_act_names_the_key(tmp_path):
    """Clause setup: the mulligans come before turn 1; an unknown act lists the choices."""
    with pytest.raises(FormatError) as e:
        _load(tmp_path, "p1", "setup", "turn_no = 3")
    assert "turn_no" in str(e.value) and "before turn 1" in str(e.value)
    with pytest.raises(FormatError) as e:
        _load(tmp_path, "p1", "opening")
    assert "setup or start" in str(e.value)
