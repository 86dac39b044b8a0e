"""One undo takes back one gesture, in the real window (Xvfb, 1280x720, xdotool):
Usagi at four seats, p1 drops a selection of cards on the rest pile (U27's
discards one after another, then "discard no more": one gesture), presses
Ctrl+Z once, and every card is back in the hand with the discard asked again
(it took back one card at a time). The same selection dropped again makes the
same moves: the window's hand is the one the test's mirror has undone to."""

from __future__ import annotations

import pytest
from e2e_harness import ARTIFACTS, App
from test_e2e_usagi_questions import GAME, SEATS, Table, _seed

from shrinetable.adapter.session import Session, one_person

pytestmark = [pytest.mark.e2e]


def test_one_ctrl_z_takes_a_dropped_selection_back_whole(xvfb, tmp_path):
    seed = _seed()
    seats = one_person(SEATS)
    app = App(xvfb, ["usagi", "--seed", str(seed), "--trace", "--seats", ",".join(seats)], tmp_path)
    try:
        app.wait_line("ready")
        app.window()
        t = Table(app, Session(GAME, seed, {}, seats), viewer=0)
        t.follow()
        d = t.m.decision()
        assert (d.seat, d.kind) == (0, "discard")
        hand = t.view().zones["hand:0"].cards
        n = len(t.m.history)
        made, _ = t.ask()  # the selection, by the pointer: its cards, then the stop
        assert len(made) >= 3 and made[-1] == "discard"
        app.xdo("key", "ctrl+z")
        app.wait_line("undo")
        assert t.m.undo(0) and len(t.m.history) == n
        assert t.view().zones["hand:0"].cards == hand
        app.quiet(0.3)
        ARTIFACTS.mkdir(exist_ok=True)
        app.screenshot(ARTIFACTS / "e2e-undo-gesture-after.png")
        again, _ = t.ask()  # fails unless every card is in the window's hand again
        assert again == made
    finally:
        app.stop()
