"""Build a Shrine position from an explicit description (the scenario hook).

`position(game, spec)` reads a scenario's settings (duck-typed: `seats`,
`seed`, `options`, `zones`, `out`, `turn`, `stage`, `actions_left`,
`jack_used`) and returns a `State`. Cards not named anywhere are in the Deck,
shuffled by the seed, unless the spec lists the Deck itself; then the unnamed
cards are simply not in the game. A problem raises `SetupError`, whose `loc`
names the offending key.
"""

from __future__ import annotations

from typing import Any

from shrinetable.engine import NotationError
from shrinetable.engine.rng import seeded

from .cards import JOKER, card, full_deck
from .rules import HAND_LIMIT
from .state import State

START_STAGES = ("turn", "action", "discard")


class SetupError(ValueError):
    """A position the rules cannot start from; `loc` is the key path to blame."""

    def __init__(self, loc: tuple, message: str):
        self.loc = loc
        super().__init__(message)


def position(game: Any, spec: Any) -> State:
    """The State the spec describes (see the module docstring)."""
    opts = game.make_options(spec.options)
    seats = spec.seats
    zones = _cards(spec.zones, opts.balance)
    if zones.get("pending"):
        raise SetupError(("zones", "pending"), "a position starts with nothing being played; "
                                              "reach a pending action through a step")
    rng = seeded(spec.seed)
    if "deck" in zones:
        deck = zones["deck"]
    else:
        used = {c for cs in zones.values() for c in cs}
        deck = [c for c in full_deck(opts.balance) if c not in used]
        rng.shuffle(deck)
    out = {int(name[1]) - 1 for name in spec.out}
    s = State(seats, opts, rng, deck, zones.get("graveyard", []), zones.get("removed", []), [],
              *([zones.get(f"{z}:{q}", []) for q in range(seats)]
                for z in ("shrine", "hand", "field")),
              [q not in out for q in range(seats)])
    _check_seats(s, out)
    _set_turn(s, spec)
    return s


def _cards(spec_zones: dict[str, list[str]], balance: bool) -> dict[str, list[int]]:
    """Zone contents as card ints; each card at most once, the joker only with Balance."""
    seen: dict[int, str] = {}
    zones: dict[str, list[int]] = {}
    for zone, names in spec_zones.items():
        cards = []
        for i, text in enumerate(names):
            loc = ("zones", zone, i)
            try:
                c = card(text)
            except NotationError as e:
                raise SetupError(loc, str(e)) from None
            if c == JOKER and not balance:
                raise SetupError(loc, "the joker (JK) is in the game only with the balance "
                                      "option on")
            if c in seen:
                raise SetupError(loc, f"{text} is already in {seen[c]}: each card is in one "
                                      "zone only")
            seen[c] = zone
            cards.append(c)
        zones[zone] = cards
    return zones


def _check_seats(s: State, out: set[int]) -> None:
    for q in range(s.seats):
        shrine = f"shrine:{q}"
        if q in out:
            if s.shrines[q] or s.hands[q] or s.fields[q]:
                raise SetupError(("out",), f"p{q + 1} is out: their Shrine, hand and Field "
                                           "must be empty")
        elif not s.shrines[q]:
            raise SetupError(("zones", shrine), f"p{q + 1} is in the game, so their Shrine "
                                                "needs at least one card")
        elif len(s.shrines[q]) > s.capacity(q):
            raise SetupError(("zones", shrine), f"p{q + 1}'s Shrine holds at most "
                                                f"{s.capacity(q)} cards here")


def _set_turn(s: State, spec: Any) -> None:
    s.turn = int(spec.turn[1]) - 1
    if not s.alive[s.turn]:
        raise SetupError(("turn",), f"{spec.turn} is out of the game")
    s.stage = spec.stage
    s.jack_used = spec.jack_used
    allowance = 2 if s.dagger_token(s.turn) else 1
    s.actions_left = allowance if spec.actions_left is None else spec.actions_left
    if s.stage == "discard":  # the end-of-turn hand limit is being applied
        extra = len(s.hands[s.turn]) - HAND_LIMIT
        if extra <= 0:
            raise SetupError(("stage",), f"stage 'discard' is the hand limit: {spec.turn} "
                                         f"needs more than {HAND_LIMIT} cards in hand")
        s.actions_left, s.limit_done, s.discards = 0, True, ((s.turn, extra),)
    elif s.stage == "action" and s.actions_left == 0:
        raise SetupError(("actions_left",), "stage 'action' needs at least one action left")
