"""Build Shards positions with the scenario hook (shrinetable/games/shards/setup.py)
and drive them by action texts, for the rules tests.

`pos(zones, **keys)` is the position a scenario file with those zones and Shards keys
describes: p1's Main Phase of turn 1 unless a key says otherwise; a deck left out
holds the rest of that seat's starter deck, shuffled by the seed. `where` finds a
card's zone and `info` is the public view's info.
"""

from __future__ import annotations

from game_helpers import driver
from pydantic import create_model

from shrinetable.formats.scenario import Position
from shrinetable.games.shards import GAME, setup
from shrinetable.games.shards.state import State

play, events, legal, refusal, who = driver(GAME)
MODEL = create_model("ShardsPosition", __base__=(Position, setup.Keys))


def pos(zones: dict[str, list[str]] | None = None, **keys) -> State:
    spec = MODEL.model_validate({"game": "shards", "seats": 2, "zones": zones or {}, **keys})
    return setup.position(GAME, spec)


def where(s: State, card: str) -> str | None:
    return next((z for z, cards in GAME.all_cards(s).items() if card in cards), None)


def info(s: State) -> dict:
    return GAME.view(s, None).info
