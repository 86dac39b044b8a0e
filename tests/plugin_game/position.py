"""How a scenario or demo file sets up a Sealed Bids position (the position hook).

The common keys (seats, seed, options, zones, turn) are the generic ones; the
only key of this game's own is `round`. Cards a file does not place are where a
new game has them: seat cards in their owner's hand, prizes face down, shuffled
by the seed. With no prize up, the next one is turned up.
"""

from __future__ import annotations

import random
from typing import Any

from pydantic import BaseModel, ConfigDict, Field

from shrinetable.engine import PositionHook, SetupError, seat_index

from .game import PRIZES, State, is_card, new_state, owner, seat_cards, turn_up


class Keys(BaseModel):
    """The position keys only Sealed Bids reads."""

    model_config = ConfigDict(extra="forbid")

    round: int = Field(1, ge=1, le=5)


def build(game: Any, spec: Any) -> State:
    """The state `spec` describes; SetupError (with the key path to blame) otherwise."""
    options = game.check_options(spec.options)
    keys = Keys(round=spec.round)  # the file was validated against Keys with the common keys
    if keys.round > options["rounds"]:
        raise SetupError(("round",), f"round {keys.round} of {options['rounds']}")
    seats = spec.seats
    placed: dict[str, tuple] = {}
    zones: dict[str, list[str]] = {}
    for zone, cards in spec.zones.items():
        for i, card in enumerate(cards):
            card = card.upper()
            loc = ("zones", zone, i)
            if not is_card(card) or (owner(card) is not None and owner(card) >= seats):
                raise SetupError(loc, f"no card {card!r} with {seats} seats")
            if card in placed:
                raise SetupError(loc, f"{card} is already in {placed[card][1]}")
            kind, _, q = zone.partition(":")
            if kind == "hand" and owner(card) != int(q):
                raise SetupError(loc, f"{card} belongs in p{owner(card) + 1}'s hand")
            placed[card] = loc
            zones.setdefault(zone, []).append(card)
    rng = random.Random(spec.seed)
    prizes = zones.get("prizes")
    if prizes is None:
        prizes = [c for c in PRIZES if c not in placed]
        rng.shuffle(prizes)
    s = new_state(spec.seed, options, seats, rng, prizes)
    s.round = keys.round
    s.prize = zones.get("prize", [])
    s.discard = zones.get("discard", [])
    s.won = [zones.get(f"won:{q}", []) for q in range(seats)]
    s.hands = [
        [c for c in seat_cards(q) if c not in placed] + zones.get(f"hand:{q}", [])
        for q in range(seats)
    ]
    s.bids = [(owner(c), c) for c in zones.get("bids", [])]
    if len({q for q, _ in s.bids}) < len(s.bids):
        raise SetupError(("zones", "bids"), "one bid per seat")
    if len(s.prize) > 1:
        raise SetupError(("zones", "prize"), "one prize is up at a time")
    if not s.prize:
        turn_up(s)
    turn = seat_index(spec.turn)
    if s.result is None and turn != s.decider():
        raise SetupError(
            ("turn",),
            f"p{s.decider() + 1} bids next in round {s.round} "
            f"with {len(s.bids)} bids down, not {spec.turn}",
        )
    return s


POSITION = PositionHook(Keys, build)
