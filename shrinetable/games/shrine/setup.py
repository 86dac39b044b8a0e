"""Build a Shrine position from an explicit description (the scenario hook).

`Keys` are the position keys only Shrine reads (docs/scenarios.md): seats `out`
of the game, the `stage` of the turn, `actions_left` and `jack_used`.
`position(game, spec)` reads them with the common keys (`seats`, `seed`,
`options`, `zones`, `turn`) and returns a `State`. Cards not named anywhere are
in the Deck, shuffled by the seed, unless the spec lists the Deck itself; then
the unnamed cards are simply not in the game. A problem raises `SetupError`,
whose `loc` names the offending key.
"""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field

from shrinetable.engine import SetupError, located, seat_index
from shrinetable.engine.rng import seeded

from .cards import JOKER, card, full_deck
from .rules import HAND_LIMIT
from .state import State


class Keys(BaseModel):
    """Shrine's own position keys."""

    model_config = ConfigDict(extra="forbid")

    out: list[str] = []
    stage: Literal["turn", "action", "discard"] = "turn"
    actions_left: int | None = Field(default=None, ge=0)
    jack_used: bool = False


def position(game: Any, spec: Any) -> State:
    """The State the spec describes (see the module docstring)."""
    opts = game.make_options(spec.options)
    seats = spec.seats
    zones = _cards(spec.zones, opts.balance)
    if zones.get("pending"):
        raise SetupError(
            ("zones", "pending"),
            "a position starts with nothing being played; reach a pending action through a step",
        )
    rng = seeded(spec.seed)
    if "deck" in zones:
        deck = zones["deck"]
    else:
        used = {c for cs in zones.values() for c in cs}
        deck = [c for c in full_deck(opts.balance) if c not in used]
        rng.shuffle(deck)
    out = _out(spec)
    shrines, hands, fields = (
        [zones.get(f"{z}:{q}", []) for q in range(seats)] for z in ("shrine", "hand", "field")
    )
    s = State(
        seats,
        opts,
        rng,
        deck,
        zones.get("graveyard", []),
        zones.get("removed", []),
        [],
        shrines,
        hands,
        fields,
        [q not in out for q in range(seats)],
    )
    _check_seats(s, out)
    _set_turn(s, spec)
    return s


def _out(spec: Any) -> set[int]:
    """The seats `out` names, each one that sits at this table."""
    out = set()
    for i, name in enumerate(spec.out):
        try:
            q = seat_index(name)
        except ValueError:
            q = spec.seats
        if q >= spec.seats:
            raise SetupError(("out", i), f"there is no seat {name!r} with {spec.seats} seats")
        out.add(q)
    return out


def _cards(spec_zones: dict[str, list[str]], balance: bool) -> dict[str, list[int]]:
    """Zone contents as card ints; each card at most once, the joker only with Balance."""
    seen: dict[int, str] = {}
    zones: dict[str, list[int]] = {}
    for zone, names in spec_zones.items():
        cards = []
        for i, text in enumerate(names):
            loc = ("zones", zone, i)
            c = located(loc, card, text)
            if c == JOKER and not balance:
                raise SetupError(
                    loc, "the joker (JK) is in the game only with the balance option on"
                )
            if c in seen:
                raise SetupError(
                    loc, f"{text} is already in {seen[c]}: each card is in one zone only"
                )
            seen[c] = zone
            cards.append(c)
        zones[zone] = cards
    return zones


def _check_seats(s: State, out: set[int]) -> None:
    for q in range(s.seats):
        shrine = f"shrine:{q}"
        if q in out:
            if s.shrines[q] or s.hands[q] or s.fields[q]:
                raise SetupError(
                    ("out",), f"p{q + 1} is out: their Shrine, hand and Field must be empty"
                )
        elif not s.shrines[q]:
            raise SetupError(
                ("zones", shrine),
                f"p{q + 1} is in the game, so their Shrine needs at least one card",
            )
        elif len(s.shrines[q]) > s.capacity(q):
            raise SetupError(
                ("zones", shrine), f"p{q + 1}'s Shrine holds at most {s.capacity(q)} cards here"
            )


def _set_turn(s: State, spec: Any) -> None:
    s.turn = seat_index(spec.turn)
    if not s.alive[s.turn]:
        raise SetupError(("turn",), f"{spec.turn} is out of the game")
    s.stage = spec.stage
    s.jack_used = spec.jack_used
    allowance = 2 if s.dagger_token(s.turn) else 1
    s.actions_left = allowance if spec.actions_left is None else spec.actions_left
    if s.stage == "discard":  # the end-of-turn hand limit is being applied
        extra = len(s.hands[s.turn]) - HAND_LIMIT
        if extra <= 0:
            raise SetupError(
                ("stage",),
                f"stage 'discard' is the hand limit: {spec.turn} "
                f"needs more than {HAND_LIMIT} cards in hand",
            )
        s.actions_left, s.limit_done, s.discards = 0, True, ((s.turn, extra),)
    elif s.stage == "action" and s.actions_left == 0:
        raise SetupError(("actions_left",), "stage 'action' needs at least one action left")
