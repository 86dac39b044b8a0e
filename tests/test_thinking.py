"""The computer thinks off the window's thread (issue 41): `Match.ask_pending`
works a computer's choice out on a thread of its own, so the table keeps
drawing and taking input while the hard computer looks ahead; a choice for a
position that is gone (an undo, a seat taken over) is never made."""

from __future__ import annotations

import threading
import time

import pygame
import pytest

from shrinetable.adapter import session as session_module
from shrinetable.adapter.match import Match
from shrinetable.adapter.session import Session
from shrinetable.engine import registry
from shrinetable.players import player

GAME = registry.get("shrine")
LONG = 10.0  # a gated computer gives up waiting after this (a failing test ends)


class Gated:
    """The normal computer, which chooses only once its gate is opened."""

    def __init__(self) -> None:
        self.gate = threading.Event()
        self.asked = 0
        self.normal = player(GAME, "normal")

    def __call__(self, state, rng):
        self.asked += 1
        self.gate.wait(LONG)
        return self.normal(state, rng)


def until(condition, step=lambda: None, limit: float = LONG) -> None:
    end = time.monotonic() + limit
    while not condition():
        assert time.monotonic() < end, "timed out"
        step()
        time.sleep(0.005)


def test_a_computer_choice_is_worked_out_off_the_asking_thread():
    gated, woken = Gated(), threading.Event()
    m = Match(Session(GAME, 3, {}, ["computer", "human"]), [gated, None], wake=woken.set)
    t0 = time.monotonic()
    answer = m.ask_pending()
    assert not answer.ready() and time.monotonic() - t0 < 1.0  # the asker goes on
    until(lambda: gated.asked == 1)
    assert not m.ask_pending().ready()  # asked again (the next frame): still thinking,
    time.sleep(0.05)
    assert gated.asked == 1  # on the same choice
    gated.gate.set()
    assert woken.wait(LONG)  # the window's loop is woken
    until(answer.ready)
    auto = m.ask_pending().value()
    assert auto is not None and auto.seat == 0 and not auto.forced
    assert gated.asked == 1  # one choice per position
    assert m.step().text == auto.action.text


def test_a_quick_choice_is_known_at_once_and_a_blocking_driver_waits():
    m = Match(Session(GAME, 3, {}, ["computer", "computer"]))
    assert m.ask_pending().ready()  # the normal computer: well within a frame
    gated = Gated()
    m = Match(Session(GAME, 3, {}, ["computer", "human"]), [gated, None])
    threading.Timer(0.2, gated.gate.set).start()
    assert m.pending() is not None  # `simulate` and the host wait for the move


def test_a_choice_for_a_position_that_is_gone_is_not_made():
    gated = Gated()
    m = Match(Session(GAME, 3, {}, ["computer", "human"]), [gated, None])
    stale = m.ask_pending()
    m.session.seats[0] = "human"  # taken over while the computer thought
    assert m.ask_pending().ready() and m.ask_pending().value() is None
    gated.gate.set()
    until(stale.ready)
    assert m.ask_pending().value() is None and m.history == []


@pytest.mark.usefixtures("dummy_video")
def test_the_window_draws_and_takes_input_while_the_computer_thinks(app, monkeypatch):
    gated = Gated()
    monkeypatch.setattr(session_module, "player", lambda game, strength: gated)
    frames = []
    flip = pygame.display.flip
    monkeypatch.setattr(pygame.display, "flip", lambda: (frames.append(1), flip()))
    t0 = time.monotonic()
    app.start_game(Session(GAME, 5, {}, ["computer", "human"]))
    app.step([], 0.01)
    scene = app.scene
    assert scene.thinking is not None and time.monotonic() - t0 < 2.0  # not waiting on it
    assert app.scene.deadline() is not None  # the loop looks for the answer
    before = len(frames)
    ctrl_n = pygame.event.Event(
        pygame.KEYDOWN, key=pygame.K_n, mod=pygame.KMOD_CTRL, unicode="", scancode=0
    )
    app.step([ctrl_n], 0.01)  # input while it thinks: the log shows notation
    assert scene.notation and len(frames) > before and scene.match.history == []
    gated.gate.set()
    until(lambda: bool(scene.match.history), lambda: app.step(pygame.event.get(), 0.01))
    assert scene.thinking is None and scene.match.history[0].seat == 0


def test_a_host_answers_its_tables_while_a_computer_seat_thinks(monkeypatch):
    """The host's one event loop is not held by a computer's thinking either."""
    import asyncio

    from net_helpers import start_host

    gated = Gated()
    monkeypatch.setattr(session_module, "player", lambda game, strength: gated)

    async def main() -> None:
        host = await start_host("shrine", ["computer", "computer"], pace=0.0)
        try:
            until_async = time.monotonic() + LONG
            while gated.asked == 0:
                assert time.monotonic() < until_async
                await asyncio.sleep(0.01)
            t0 = time.monotonic()
            for _ in range(5):
                await asyncio.sleep(0.01)  # the loop runs while the computer thinks
            assert time.monotonic() - t0 < 1.0 and host.seam.match.history == []
            gated.gate.set()
            while not host.seam.match.history:
                assert time.monotonic() < until_async
                await asyncio.sleep(0.01)
        finally:
            gated.gate.set()
            await host.stop()

    asyncio.run(main())
