"""What the table says of a move it made for a person (README: "The log says
each thing once, in plain words"): their only move, "nothing to decide"; a
move it chose among others none of which could matter (a cut of a shuffled
deck, a pass beside responses that come to nothing), the move, as its button
names it, and why, to that person only."""

from __future__ import annotations

import pytest

from shrinetable.adapter.match import AUTO, auto_said
from shrinetable.adapter.session import Applied, Session
from shrinetable.engine import registry

pytestmark = pytest.mark.usefixtures("dummy_video")

# the games whose table passes for a person beside other moves (`nothing_to_decide`)
PICKS = {"shrines": "respond", "usagi": "cut"}


def _said(app, name: str) -> dict[str, tuple[str, str]]:
    """The table's words after each move it made for P1 (a person, whose own
    choices the computer makes here) and that move, by the decision it was
    chosen in ("" for a move that was the only one)."""
    said: dict[str, tuple[str, str]] = {}
    for seed in (1, 2):
        app.start_game(Session(registry.get(name), seed, {}, ["human", "computer"]))
        scene, history = app.scene, app.scene.match.session.history
        while len(history) < 200 and scene.match.decision() is not None:
            n = len(history)
            if scene.ai_move is None:  # the person's decision
                scene.perform(scene.match.session.computer_action())
            else:
                scene.update(scene.ai_due + 1)
            for a in history[n:]:
                if a.auto and a.seat == 0:
                    said.setdefault(a.picked_in, (a.text, scene.message))
        if "" in said and (name not in PICKS or PICKS[name] in said):
            break
    return said


@pytest.mark.parametrize("name", list(registry.BUILTIN))  # the shipped games
def test_the_table_says_truly_what_it_did_for_a_person(app, name):
    said = _said(app, name)
    assert said.pop("")[1] == f"P1: {AUTO}"  # the only legal move
    assert (PICKS[name] in said) if name in PICKS else not said, said
    present = registry.get(name).present
    for kind, (text, words) in said.items():  # the move as its button names it
        button = present.describe(text, kind)
        assert (
            words
            == f"P1: the table chose \u201c{button}\u201d for you, as no other move could matter"
        )
    if name == "usagi":
        assert said["cut"][1] == (
            "P1: the table chose \u201cLeave the deck as it is\u201d for you,"
            " as no other move could matter"
        )


def test_another_seat_hears_only_that_the_table_moved_on():
    """That the table chose among other moves could tell of a hand: only the
    seat it chose for hears it."""
    picked = Applied(0, "pass", (), auto=True, picked_in="cut")
    assert "Leave the deck as it is" in auto_said(registry.get("usagi"), picked, 0)
    assert auto_said(registry.get("usagi"), picked, 1) == AUTO
