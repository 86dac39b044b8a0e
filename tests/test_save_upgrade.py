"""A save made under older rules still loads (`GameBase.missing_move`): Usagi's
score step (U30) was added after saves were made in which the winner took every
extra token by itself; such a save, its `extra N` moves left out, replays to the
same game, and the session says what it filled in. A move that still does not
apply is named, as before."""

from __future__ import annotations

import pytest

from shrinetable.adapter.match import Match
from shrinetable.adapter.session import Session
from shrinetable.engine import registry
from shrinetable.formats.save import SaveError, SaveFile

GAME = registry.get("usagi")


def played() -> Session:
    """A computer game of Usagi with some score steps in which all was taken."""
    for seed in range(1, 30):
        session = Session(GAME, seed, {}, ["computer", "computer"])
        Match(session).run()
        taken = [a.text for a in session.history if a.text.startswith("extra ")]
        if taken and all(t != "extra 0" for t in taken):
            return session
    raise AssertionError("no seed took extra tokens")


def test_a_save_from_before_the_score_step_loads_taking_every_token():
    session = played()
    texts = [a.text for a in session.history]  # a last one is asked again: kept
    old = [t for t in texts[:-1] if not t.startswith("extra ")] + texts[-1:]
    save = SaveFile(game="usagi", seed=session.seed, seats=session.seats, actions=old)
    back = Session.from_save(save, "old.json")
    assert GAME.dump_state(back.state, back.deal) == GAME.dump_state(session.state, session.deal)
    assert [a.text for a in back.history] == [a.text for a in session.history]
    assert back.notes and all("old.json: before move" in n for n in back.notes)


def test_a_move_that_still_does_not_apply_is_named():
    session = played()
    texts = [a.text for a in session.history]
    texts[3] = "finish" if texts[3] != "finish" else "pass"
    with pytest.raises(SaveError, match=r"old.json: actions.3: "):
        Session.from_save(
            SaveFile(game="usagi", seed=session.seed, seats=session.seats, actions=texts),
            "old.json",
        )
