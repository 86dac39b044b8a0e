"""The game-agnostic contract every rules engine fulfils (stdlib only).

A game is a pure function of (seed, options, actions): the table, the computer
player, the scenario runner and the tests all drive it through `Game`, and the
only place a rule lives is the game's legal-action generator.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Any, Protocol, runtime_checkable

MAX_SEATS = 6  # the most seats any game has
SEAT_NAMES = tuple(f"p{q}" for q in range(1, MAX_SEATS + 1))  # seat 0 is "p1" in files


def seat_index(name: str) -> int:
    """The seat a file names ("p1" is 0); ValueError for anything else."""
    if name not in SEAT_NAMES:
        raise ValueError(f"a seat is written p1..p{MAX_SEATS}, not {name!r}")
    return SEAT_NAMES.index(name)


class IllegalAction(ValueError):
    """An action the rules refuse. `reason` is for people; `ruling` names the
    rule or ruling id (see docs/rules/<game>.md) the refusal rests on."""

    def __init__(self, reason: str, ruling: str | None = None):
        self.reason = reason
        self.ruling = ruling
        super().__init__(f"{reason} [{ruling}]" if ruling else reason)


@dataclass(frozen=True, slots=True)
class Gesture:
    """What an action looks like on the table: the cards it moves (in notation),
    the zone they come from, and the zone or card it targets.

    The adapter matches a drag (held cards, from-zone, drop target) against the
    gestures of the legal actions; an action with no cards is a button."""

    cards: tuple[str, ...] = ()
    source: str | None = None
    target: str | None = None
    target_card: str | None = None
    also: tuple[str, ...] = ()  # more zones a drop may land on (a row's three sites)
    # among moves made by this same gesture (ways to pay for one spell), the one the
    # game proposes: the table offers it first, marked, and Enter takes it
    preferred: bool = False
    # after this one-card move the same seat makes the same kind of choice again
    # (discards made one card at a time): the adapter marks it, and a selection of
    # such cards dropped together is one decision (`adapter.gestures.Run`)
    again: bool = False

    def lands_on(self, zone: str) -> bool:
        return zone == self.target or zone in self.also


@dataclass(frozen=True, slots=True)
class Decision:
    """Who must decide now and what kind of choice it is (`kind` is a short
    word defined by the game, e.g. "turn", "respond", "discard"); `prompt` is a
    sentence for the player. Out-of-turn decisions name their own seat."""

    seat: int
    kind: str
    prompt: str
    # a secret choice ("commit, then reveal"): the move made here is hidden from
    # every other seat (views, events, log, computer players) until the game
    # reveals it in one public event of kind REVEAL
    secret: bool = False


REVEAL = "reveal"  # the kind of the public event that shows the secret choices made


@dataclass(frozen=True, slots=True)
class Event:
    """Something that happened, for the log and animations. `cards` moved from
    `source` to `target` zones; `text` is plain words. `visible_to` lists the
    seats that may see the cards (None: everyone); see `seen_by`."""

    kind: str
    text: str
    seat: int | None = None
    cards: tuple[str | None, ...] = ()
    source: str | None = None
    target: str | None = None
    visible_to: tuple[int, ...] | None = None

    def seen_by(self, seat: int | None) -> Event:
        """This event as `seat` may see it: cards it may not see become None."""
        if self.visible_to is None or (seat is not None and seat in self.visible_to):
            return self
        return replace(self, cards=tuple(None for _ in self.cards))


@dataclass(frozen=True, slots=True)
class Outcome:
    """The end of a game: the winning seats (empty for a draw) and why. `kind`
    is how it ended with no seat or figure in it ("a player wins by Domination"),
    what `simulate` and the report count; empty when `reason` names nobody."""

    winners: tuple[int, ...]
    reason: str
    kind: str = ""


@dataclass(frozen=True, slots=True)
class ZoneView:
    """One zone as a seat sees it: `cards` in order bottom-to-top, with None for
    a card that seat may not see; `owner` is a seat or None for shared zones."""

    name: str
    owner: int | None
    cards: tuple[str | None, ...]
    label: str = ""


@dataclass(frozen=True, slots=True)
class View:
    """Everything one seat may know; the renderer only ever receives this."""

    seat: int | None
    seats: int
    zones: dict[str, ZoneView]
    decision: Decision | None
    outcome: Outcome | None
    info: dict[str, Any] = field(default_factory=dict)


@dataclass(frozen=True, slots=True)
class OptionSpec:
    """A game option as the start screen and the CLI show it."""

    name: str
    default: Any
    help: str
    choices: tuple[Any, ...] = (False, True)
    needs: str | None = None  # an on/off option that means nothing unless this one is on
    file: str = ""  # also takes the path of a file a person wrote: what kind ("deck")
    seat: int | None = None  # an option of one seat (0-based): shown when it is at the table


@runtime_checkable
class Game(Protocol):
    """The contract. `State` and `Action` types are the game's own; actions are
    frozen values with `text` (canonical notation) and `gesture`."""

    name: str
    title: str
    min_seats: int
    max_seats: int
    options: tuple[OptionSpec, ...]

    def new_game(self, seed: int, options: dict[str, Any] | None = None, seats: int = 2) -> Any: ...

    def decision(self, state: Any) -> Decision | None: ...

    def legal_actions(self, state: Any) -> list[Any]: ...

    def apply(self, state: Any, action: Any) -> tuple[Any, list[Event]]: ...

    def view(self, state: Any, seat: int | None) -> View: ...

    def outcome(self, state: Any) -> Outcome | None: ...

    def parse_action(self, text: str) -> Any: ...

    def zones(self, seats: int) -> list[str]: ...

    def all_cards(self, state: Any) -> dict[str, list[str]]: ...

    def turn_number(self, state: Any) -> int: ...

    # The optional parts (table hooks, computer player, positions, card data,
    # presentation, test hooks) have defaults in `base.GameBase`, which every game
    # subclasses.


def play(game: Game, state: Any, texts: list[str]) -> tuple[Any, list[Event]]:
    """Apply actions given in notation one after another; returns the final
    state and all events. Raises IllegalAction or NotationError."""
    events: list[Event] = []
    for text in texts:
        state, evs = game.apply(state, game.parse_action(text))
        events.extend(evs)
    return state, events
