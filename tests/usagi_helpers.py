"""Build Usagi positions with the scenario hook (shrinetable/games/usagi/setup.py)
and drive them by action texts, for the rules tests.

`pos(zones, seats=2, **keys)` is the position a scenario file with those zones and
Usagi keys describes: p1's action in the actions phase of turn 1 unless a key says
otherwise; a deck left out holds the rest of that seat's playtest deck, shuffled by
the seed. `where` finds a card's zone and `info` is the public view's info.
`hero_step` is the game the standing-answer tests share (issue 41).
"""

from __future__ import annotations

from game_helpers import driver
from pydantic import create_model

from shrinetable.adapter.session import Session, one_person
from shrinetable.formats.scenario import Position
from shrinetable.games.usagi import GAME, setup
from shrinetable.games.usagi.state import State

play, events, legal, refusal, who = driver(GAME)
MODEL = create_model("UsagiPosition", __base__=(Position, setup.Keys))


def pos(zones: dict[str, list[str]] | None = None, seats: int = 2, **keys) -> State:
    spec = MODEL.model_validate({"game": "usagi", "seats": seats, "zones": zones or {}, **keys})
    return setup.position(GAME, spec)


def where(s: State, card: str) -> str | None:
    return next((z for z, cards in GAME.all_cards(s).items() if card in cards), None)


def info(s: State) -> dict:
    return GAME.view(s, None).info


def passes(s: State, n: int | None = None) -> State:
    """Everyone passes until the stack has resolved (or `n` passes)."""
    k = 0
    while who(s)[1] == "respond" and (n is None or k < n):
        s = play(s, "pass")
        k += 1
    return s


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
