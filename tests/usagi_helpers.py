"""Build Usagi positions with the scenario hook (shrinetable/games/usagi/setup.py)
and drive them by action texts, for the rules tests.

`pos(zones, seats=2, **keys)` is the position a scenario file with those zones and
Usagi keys describes: p1's action in the actions phase of turn 1 unless a key says
otherwise; a deck left out holds the rest of that seat's playtest deck, shuffled by
the seed. `where` finds a card's zone and `info` is the public view's info.
"""

from __future__ import annotations

from game_helpers import driver
from pydantic import create_model

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
