"""The one match loop (adapter.match.Match) and the session's bookkeeping under
it: whose move it is, automatic moves applied once, per-seat views cached per
change, undo that costs the same at move 4,000 as at move 100, and a session
that keeps a bounded number of states."""

from __future__ import annotations

import random
import time
from dataclasses import dataclass

import pytest

from shrinetable.adapter.match import Match, Refused
from shrinetable.adapter.session import KEEP, SNAP, Session
from shrinetable.engine import Decision, Event, GameBase, View, ZoneView, registry


@dataclass(frozen=True)
class Tick:
    text: str


class Counter(GameBase):
    """Two seats take turns adding 1 or 2 to a count, forever (or to `goal`)."""

    name, min_seats, max_seats = "counter", 2, 2
    goal = 10**9

    def __init__(self):
        self.applied = 0
        self.viewed = 0

    def new_game(self, seed, options=None, seats=2):
        return 0, 0

    def decision(self, s):
        return None if s[0] >= self.goal else Decision(s[1] % 2, "add", "Add")

    def legal_actions(self, s):
        return [Tick("add 1"), Tick("add 2")]

    def apply(self, s, a):
        self.applied += 1
        return (s[0] + int(a.text.split()[1]), s[1] + 1), [Event("add", f"adds {a.text}")]

    def view(self, s, seat):
        self.viewed += 1
        return View(seat, 2, {"count": ZoneView("count", None, ())}, self.decision(s), None)

    def outcome(self, s):
        return None

    def parse_action(self, text):
        return Tick(text)


def test_computer_moves_are_applied_once_even_when_judged_first():
    """The table asks whether the computer's move is minor before making it: the
    move is applied once for both (the table used to apply it a second time)."""
    game = Counter()
    m = Match(Session(game, 1, {}, ["human", "computer"]))
    m.act(0, "add 1")
    auto = m.pending()
    assert auto is not None and auto.seat == 1 and not auto.forced
    m.minor(auto, 0)
    m.step()
    assert game.applied == 2 and len(m.history) == 2


def test_one_view_per_seat_per_change():
    game = Counter()
    m = Match(Session(game, 1, {}, ["human", "human"]))
    for _ in range(5):
        m.view(0), m.view(0), m.view(1), m.view(None)
    assert game.viewed == 3
    m.act(0, "add 2")
    m.view(0), m.view(0)
    assert game.viewed == 4


def test_moves_out_of_turn_are_refused_and_watchers_hear_every_change():
    m = Match(Session(Counter(), 1, {}, ["human", "human"]))
    heard = []
    m.watchers.append(lambda kind, done: heard.append((kind, [a.text for a in done])))
    with pytest.raises(Refused, match="P1's decision"):
        m.act(1, "add 1")
    m.act(0, "add 1")
    assert m.undo(0) and m.redo()
    assert heard == [("move", ["add 1"]), ("undo", []), ("redo", ["add 1"])]
    assert m.pending() is None  # people decide both seats: nothing moves by itself


def test_run_drives_computer_seats_to_the_end():
    game = Counter()
    game.goal = 30
    m = Match(
        Session(game, 1, {}, ["computer", "computer"]),
        [lambda s, rng: Tick("add 1")] * 2,
        random.Random(1),
    )
    assert m.run() == 30 and m.decision() is None and m.pending() is None


def test_the_session_keeps_a_bounded_number_of_states_and_undo_replays():
    game = Counter()
    s = Session(game, 1, {}, ["human", "computer"])
    for i in range(SNAP * (KEEP + 5)):
        s.play(Tick(f"add {1 + i % 2}"))
    assert len(s._snaps) <= KEEP + 1
    expected = s.state
    s.play(Tick("add 2"))
    s.back_to(len(s.history) - 1)
    assert s.state == expected
    s.back_to(10)  # further back than the kept snapshots: replayed from the start
    assert s.state == (15, 10)


def _per_move(s: Session, moves: int) -> float:
    """Seconds per move of `moves` moves, each followed by the undo question."""
    t0 = time.perf_counter()
    for i in range(moves):
        s.play(Tick(f"add {1 + i % 2}"))
        s.can_undo(0)
    return (time.perf_counter() - t0) / moves


def test_undo_bookkeeping_costs_the_same_at_move_4000_as_at_move_100():
    """`can_undo` used to scan the whole history after every move. Compared
    within one run (no absolute threshold): the best of several batches around
    move 4,000 is at most twice the best around move 100."""
    s = Session(Counter(), 1, {}, ["human", "computer"])
    _per_move(s, 100)
    early = min(_per_move(s, 50) for _ in range(3))
    while len(s.history) < 4000:
        _per_move(s, 500)
    late = min(_per_move(s, 50) for _ in range(3))
    assert len(s.history) >= 4000
    assert late <= 2 * early, (early, late)


def test_a_real_game_through_the_match_matches_the_session_alone():
    """simulate's loop through Match plays the same game as the engine alone."""
    game = registry.get("shrine")
    m = Match(Session(game, 4, {}, ["computer", "computer"]))
    m.run(stop=lambda: len(m.history) >= 60)
    alone = Session(game, 4, {}, ["computer", "computer"])
    for a in m.history:
        alone.play(game.parse_action(a.text))
    assert all(game.view(alone.state, q) == m.view(q) for q in (0, 1, None))


def test_bench_prompts_counts_the_questions_a_person_is_asked(capsys):
    """`bench prompts`: p1 a person, the table's automatic passes applied; every
    question counted once in the turn it is asked."""
    from shrinetable.bench.prompts import measure, questions
    from shrinetable.cli import main

    per_turn = questions("shrine", 3, 2)
    fig = measure("shrine", games=2, seed=3)
    assert sum(per_turn) > 0 and fig["questions"] >= sum(per_turn)
    assert fig["questions_per_turn_median"] <= fig["questions_per_turn_p90"]
    assert main(["bench", "prompts", "--game", "sorcerer", "--games", "1", "--json"]) == 0
    assert '"questions_per_turn_median"' in capsys.readouterr().out


class Thrice(Counter):
    """Each seat adds three times in a row: moves one gesture may make together."""

    name = "thrice"

    def decision(self, s):
        return Decision(s[1] // 3 % 2, "add", "Add")


def test_one_undo_takes_back_a_whole_gesture_and_redo_makes_it_again_whole():
    """A selection dropped together makes several moves (`gestures.Run`); those
    after the first are `joined` to it, and one undo takes them all back (it
    took one card at a time); redo makes them again, still one gesture."""
    m = Match(Session(Thrice(), 1, {}, ["human", "human"]))
    m.act(0, "add 1")
    m.act(0, "add 2", joined=True)
    m.act(0, "add 1", joined=True)
    assert [a.joined for a in m.history] == [False, True, True]
    assert m.undo(0) and m.history == [] and m.session.state == (0, 0)
    assert [a.text for a in m.redo()] == ["add 1", "add 2", "add 1"]
    assert [a.joined for a in m.history] == [False, True, True]
    assert m.undo(0) and m.history == []


def test_a_move_joins_only_its_own_seats_move_just_before():
    """`joined` holds only after the same seat's own move: the first move, or
    one after another seat's, is a gesture of its own, taken back alone."""
    m = Match(Session(Thrice(), 1, {}, ["human", "human"]))
    m.act(0, "add 1", joined=True)  # nothing before it
    m.act(0, "add 1")
    m.act(0, "add 1", joined=True)
    m.act(1, "add 2", joined=True)  # after p1's move
    assert [a.joined for a in m.history] == [False, False, True, False]
    assert m.undo(1) and len(m.history) == 3
    assert m.undo(0) and len(m.history) == 1  # the second gesture, both its moves
