"""One contract between the table and a match (`adapter.port.MatchPort`): the
same assertions hold over a game played here (`Match`) and one played at a
host on 127.0.0.1 (`RemoteMatch`), for every registered game and the plug-in
test game: the views are what the seat may see, the legal moves and their
gestures agree, a move is made, a move the rules refuse is refused naming its
rule, the hint and the reason for a refused drop answer (without waiting), an
undo is agreed, the summary and the log say what the seat was told."""

from __future__ import annotations

import random
import threading
import time

import pytest
from net_helpers import Own
from plugin_game import GAME as PLUGIN

from shrinetable.adapter import log
from shrinetable.adapter.match import Match
from shrinetable.adapter.port import Answer, MatchPort, Refusal, Sent, last_chosen
from shrinetable.adapter.session import Applied, Session
from shrinetable.engine import IllegalAction, NotationError, registry
from shrinetable.net.client import Remote
from shrinetable.net.host import Host
from shrinetable.net.remote_match import Link, RemoteMatch
from shrinetable.net.seam import Seam

registry.register(PLUGIN)  # a game from outside the program, as any other
GAMES = registry.names()
SEED = 11
WAIT_S = 20.0


def answered(answer: Answer, timeout: float = WAIT_S):
    """A question's answer once it came (a window would look again next frame)."""
    end = time.monotonic() + timeout
    while not answer.ready():
        assert time.monotonic() < end, "no answer"
        time.sleep(0.005)
    return answer.value()


class Here:
    """A game played at this table: the port is the truth."""

    def __init__(self, name: str, seats: int):
        game = registry.get(name)
        self.port: MatchPort = Match(
            Session(game, SEED, {}, ["human"] + ["computer"] * (seats - 1))
        )
        self.truth = self.port
        self.heard: list = []

    def settle(self, done=lambda: True) -> None:
        self.heard += self.port.poll()
        self.port.run()  # the table makes the automatic moves when their pace is up
        assert done()

    def close(self) -> None:
        pass


class Hosted:
    """A game played at a host on 127.0.0.1: the port is a remote table's side
    of it, the truth the host's own match."""

    def __init__(self, name: str, seats: int):
        self.link = Link()
        self.seam = Seam.new(name, SEED, {}, ["remote"] + ["computer"] * (seats - 1))
        self.host = Host(self.seam, say=lambda s: None)
        self.link.run(self.host.start("127.0.0.1", 0)).result(10)
        remote = Remote("127.0.0.1", self.host.port, self.host.code, "Ann")
        self.link.run(remote.join()).result(10)
        self.woke = threading.Event()
        self.port = RemoteMatch(remote, self.link, self.woke.set)
        self.truth = self.seam.match
        self.heard: list = []

    def settle(self, done=lambda: True) -> None:
        """Take what the host sent until this table has the host's game (and
        `done()` holds: the message sent was taken)."""
        end = time.monotonic() + WAIT_S
        while True:
            self.heard += self.port.poll()
            if (
                done()
                and self.truth.pending() is None
                and len(self.port.history) == len(self.truth.history)
                and self.port.view(0) == self.truth.view(0)
            ):
                return
            assert time.monotonic() < end, "the table never caught up with the host"
            self.woke.wait(0.05)
            self.woke.clear()

    def close(self) -> None:
        self.port.close()
        self.link.run(self.host.stop()).result(10)
        self.link.stop()


def refused_text(truth: Match) -> tuple[str, IllegalAction] | None:
    """A move in the game's notation that is not legal now and that the rules
    refuse with a reason (and the rule, if any does): a legal move of another
    deal."""
    game, state = truth.game, truth.session.state
    legal = {m.text for m in truth.moves()}
    pool: list[str] = []
    rng = random.Random(SEED)
    for seed in (SEED + 1, SEED + 2):
        other = game.new_game(seed, {}, len(truth.seats))
        for _ in range(120):
            if game.outcome(other) is not None:
                break
            actions = game.legal_actions(other)
            pool += [a.text for a in actions]
            other, _ = game.apply(other, rng.choice(actions))
    found = None
    for text in dict.fromkeys(pool):
        if text in legal:
            continue
        try:
            game.apply(state, game.parse_action(text))
        except IllegalAction as e:
            if e.ruling:  # one the rules refuse by a rule they name
                return text, e
            found = found or (text, e)
        except NotationError:
            continue
    return found


def a_refused_drop(port: MatchPort) -> tuple[tuple[str, ...], str, str] | None:
    """A card of the seat's hand and a zone no legal move takes it to."""
    view = port.view(0)
    hand = port.hand(0)
    cards = [c for c in view.zones[hand].cards if c] if hand in view.zones else []
    for card in cards:
        for zone in view.zones:
            if zone != hand and not any(
                m.gesture.source == hand and card in m.gesture.cards and m.gesture.target == zone
                for m in port.moves()
            ):
                return (card,), hand, zone
    return None


@pytest.fixture(params=["here", "hosted"])
def where(request, tmp_path, monkeypatch):
    monkeypatch.setenv("SHRINETABLE_DATA_DIR", str(tmp_path))
    return Here if request.param == "here" else Hosted


@pytest.mark.parametrize("name", GAMES)
def test_a_match_answers_the_table_alike_here_and_at_a_host(where, name):
    table = where(name, registry.get(name).min_seats)
    port, truth = table.port, table.truth
    try:
        table.settle()
        # what the seat may see, and no more: the view is the rules' view for it
        assert port.view(0) == truth.game.view(truth.session.state, 0)
        assert port.decision() == truth.decision() and port.outcome() == truth.outcome()
        assert port.turn_number() == truth.turn_number()
        assert port.humans() == [0] and port.seats[0] == "human"
        assert port.name == name and port.title == truth.title and port.passes == truth.passes
        d = port.decision()
        assert d is not None and d.seat == 0, "the computer seats wait for the person"
        # the legal moves and their gestures
        mine = [(m.text, m.gesture) for m in port.moves()]
        assert mine and mine == [(m.text, m.gesture) for m in truth.moves()]
        # the hint: one of the legal moves, the computer's choice from this seat
        hint = answered(port.ask_hint(0))
        assert hint is not None and hint in port.moves()
        assert hint.text == truth.hint(0).text
        # why a drop made no move: the rules' words for it
        drop = a_refused_drop(port)
        if drop is not None:
            held, source, zone = drop
            why = answered(port.ask_why(0, held, source, zone, None))
            assert why and why == truth.refusal(0, held, source, zone, None)
        # a move the rules refuse: refused, naming the rule
        bad = refused_text(truth)
        assert bad is not None, "no move to refuse"
        text, error = bad
        done = port.play(0, text)
        if isinstance(done, Sent):
            table.settle()
            end = time.monotonic() + WAIT_S
            while not any(c.kind == "refused" for c in table.heard):
                assert time.monotonic() < end, "the refusal never came"
                table.heard += port.poll()
                time.sleep(0.005)
            done = next(c.refusal for c in table.heard if c.kind == "refused")
        assert done == Refusal(error.reason, error.ruling)
        assert done.rule and f"(rule: {done.rule})" in done.said()  # every game names one
        assert len(port.history) == len(truth.history)  # nothing was made
        # a legal move is made, and the log says what the seat was told
        before, view = len(truth.history), port.view(0)
        move = port.moves()[0]
        done = port.play(0, move.action)
        assert isinstance(done, Applied | Sent)
        table.settle(lambda: len(truth.history) > before)
        made = truth.history[before]
        assert made.seat == 0 and made.text == move.text
        assert port.history[before].seat == 0
        told = Own(truth)  # what a table is told: its screen its own
        assert port.said(port.history[before], 0) == [
            truth.present.sentence(e) for e in told.entries(made, 0)
        ]
        assert log.lines(port, 0) == log.lines(told, 0)
        assert port.summary(0) == log.lines(told, 0, last_chosen(truth.history, 0))
        assert port.view(0) == truth.view(0)
        # the undo, agreed (nobody else to ask here): the position as it was
        assert port.can_undo(0) == truth.can_undo(0)
        if port.can_undo(0):
            assert port.undo(0) in (True, Sent("undo"))
            table.settle(lambda: len(truth.history) == before)
            assert len(port.history) == len(truth.history) == before
            assert port.view(0) == view
        # a table that cannot redo, save or switch the pass never offers to
        assert port.powers.redo or not port.can_redo()
    finally:
        table.close()
