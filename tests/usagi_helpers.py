"""Usagi positions the standing-answer tests share (issue 41): p1's Hero step."""

from __future__ import annotations

from shrinetable.adapter.session import Session, one_person
from shrinetable.engine import registry

GAME = registry.get("usagi")


def hero_step(heroes: int) -> Session:
    """A four-seat game stopped at p1's first Hero step with `heroes` Heroes
    to choose from (every stop kept on the way, the computer choosing p1's
    moves), the default stops switched back on there."""
    for seed in range(1, 40):
        session = Session(GAME, seed, {}, one_person(4))
        session.auto_pass = False
        while (d := session.decision()) is not None and GAME.turn_number(session.state) < 30:
            if (d.seat, d.kind) == (0, "hero"):
                if len(GAME.legal_actions(session.state)) == heroes + 1:  # and "keep none"
                    session.auto_pass = True
                    return session
                break
            session.play(session.forced() or session.computer_action())
    raise AssertionError(f"no seed reaches p1's Hero step with {heroes} Heroes")
