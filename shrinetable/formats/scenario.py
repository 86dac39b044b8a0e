"""Scenario files: a position set up card by card, then steps with expectations.

The schema (pydantic) checks the shape; `load` then checks the meaning against
the game (known zones, options, seats, parseable actions) and builds the
starting state through the game's own `setup.position` hook, so a malformed
file is always one `FormatError` naming the file, key and line.
See docs/scenarios.md for the format.
"""

from __future__ import annotations

import importlib
import re
import tomllib
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Literal

from pydantic import (
    BaseModel,
    ConfigDict,
    Field,
    ValidationError,
    ValidationInfo,
    field_validator,
)

from shrinetable.engine import NotationError, registry

from .errors import FormatError, find_line, key_path

SEAT_NAMES = ("p1", "p2", "p3", "p4")


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid")


class OutcomeSpec(_Strict):
    winners: list[str]


class DecisionSpec(_Strict):
    seat: str | None = None
    kind: str | None = None


class Expect(_Strict):
    """What must hold after a step (an illegal step leaves the position as it was)."""

    legal: bool = True
    reason: str | None = None
    ruling: str | None = None
    zones: dict[str, list[str]] = {}
    outcome: OutcomeSpec | Literal["none"] | None = None
    decision: DecisionSpec | Literal["none"] | None = None
    info: dict[str, Any] = {}

    @field_validator("outcome", "decision", mode="before")
    @classmethod
    def _table_or_none(cls, v: Any, info: ValidationInfo) -> Any:
        if isinstance(v, dict | None) or v == "none":
            return v
        example = ('{ winners = ["p1"] }' if info.field_name == "outcome"
                   else '{ seat = "p2", kind = "respond" }')
        raise ValueError(f'write a table such as {example}, or "none"')


class Step(_Strict):
    action: str
    expect: Expect = Expect()


class CardState(_Strict):
    """One card's own state, for games whose cards carry it (Shrines): who controls
    it, its damage and conditions, whether it is tapped or entered this turn, what
    it is attached to, and where a trap or area lies."""

    ctrl: str | None = None
    damage: int = Field(default=0, ge=0)
    status: list[str] = []
    tapped: bool = False
    new: bool = False
    armor_used: bool = False
    on: str | None = None
    at: str | None = None

    @field_validator("ctrl")
    @classmethod
    def _seat_name(cls, v: str | None) -> str | None:
        return v if v is None else _seat(v)


class Position(_Strict):
    """The position: who sits, what options, which card lies where, whose turn.
    Shared with demonstration files (formats/demo.py), which set up a position
    exactly the same way. Keys past `turn` belong to some games only (GAME_KEYS)."""

    game: str
    seats: int = Field(ge=1)
    seed: int = 0
    options: dict[str, Any] = {}
    zones: dict[str, list[str]] = {}
    out: list[str] = []
    turn: str = "p1"
    stage: Literal["turn", "action", "discard"] = "turn"
    actions_left: int | None = Field(default=None, ge=0)
    jack_used: bool = False
    act: str | None = None
    turn_no: int | None = Field(default=None, ge=1)
    life: dict[str, int] = {}
    marks: dict[str, int] = {}
    pool: dict[str, str] = {}
    source_played: bool = False
    cards: dict[str, CardState] = {}

    @field_validator("turn")
    @classmethod
    def _seat_name(cls, v: str) -> str:
        return _seat(v)

    @field_validator("life", "marks", "pool")
    @classmethod
    def _by_seat(cls, v: dict) -> dict:
        for name in v:
            _seat(name)
        return v


def _seat(name: str) -> str:
    if name not in SEAT_NAMES:
        raise ValueError(f"a seat is written p1..p4, not {name!r}")
    return name


# Position keys only some games read; a game's setup module lists those it reads in
# KEYS (a module without KEYS reads the first game's: Shrine's).
GAME_KEYS = ("out", "stage", "actions_left", "jack_used", "act", "turn_no", "life", "marks",
             "pool", "source_played", "cards")
FIRST_KEYS = ("out", "stage", "actions_left", "jack_used")


class Scenario(Position):
    """A position, then steps with expectations."""

    steps: list[Step] = []


@dataclass
class Loaded:
    """A checked scenario: its model, its game, the starting state and every
    step's action already parsed."""

    spec: Scenario
    game: Any
    state: Any
    actions: list[Any]


def load(path: str | Path) -> Loaded:
    """Read, validate and set up the scenario at `path`; FormatError otherwise."""
    path = str(path)
    text, spec = read_model(path, Scenario)
    fail = failer(path, text)
    game = _game(spec, fail)
    _check_zones(spec, game, fail)
    actions = _parse_steps(spec, game, fail)
    return Loaded(spec, game, start(spec, game, fail), actions)


def read_model(path: str, model: type[BaseModel]) -> tuple[str, Any]:
    """The file's text and its data validated as `model`; FormatError otherwise."""
    text, data = _read(path)
    try:
        return text, model.model_validate(data)
    except ValidationError as e:
        err = e.errors()[0]
        loc = _clean_loc(err["loc"])
        message = err["msg"].removeprefix("Value error, ")
        raise FormatError(path, key_path(loc), message, find_line(text, loc)) from None


def failer(path: str, text: str):
    """`fail(loc, message) -> FormatError` for one file, finding the key's line."""
    def fail(loc: tuple, message: str) -> FormatError:
        return FormatError(path, key_path(loc), message, find_line(text, loc))
    return fail


def set_up(spec: Position, fail) -> tuple[Any, Any]:
    """The game and starting state a position describes (for files that only
    reuse the position, such as demonstrations); raises what `fail` makes."""
    game = _game(spec, fail)
    _check_zones(spec, game, fail)
    return game, start(spec, game, fail)


def start(spec: Position, game: Any, fail) -> Any:
    """The starting state, built by the game's own hook."""
    try:
        return _hook_module(spec.game, fail).position(game, spec)
    except ValueError as e:
        loc = tuple(getattr(e, "loc", ("zones",)))
        raise fail(loc, str(e)) from None


def _read(path: str) -> tuple[str, dict]:
    """The file's text (for finding lines) and its TOML data."""
    try:
        text = Path(path).read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as e:
        raise FormatError(path, "", f"cannot read the file: {e}") from None
    try:
        return text, tomllib.loads(text)
    except tomllib.TOMLDecodeError as e:
        line = re.search(r"at line (\d+)", str(e))
        raise FormatError(path, "", f"not valid TOML: {e}",
                          int(line[1]) if line else None) from None


def _clean_loc(loc: tuple) -> tuple:
    """pydantic adds the union member's name (`literal['none']`, `DecisionSpec`)
    to a location; a person only needs the keys they wrote."""
    return tuple(p for p in loc if isinstance(p, int) or not (
        p.startswith("literal[") or p[:1].isupper() and p.endswith("Spec")))


def _game(spec: Position, fail) -> Any:
    try:
        game = registry.get(spec.game)
    except KeyError as e:
        raise fail(("game",), e.args[0]) from None
    if not game.min_seats <= spec.seats <= game.max_seats:
        many = (f"{game.min_seats}" if game.min_seats == game.max_seats
                else f"{game.min_seats} to {game.max_seats}")
        raise fail(("seats",), f"{spec.game} is for {many} players, not {spec.seats}")
    if SEAT_NAMES.index(spec.turn) >= spec.seats:
        raise fail(("turn",), f"there is no {spec.turn} with {spec.seats} seats")
    for i, name in enumerate(spec.out):
        if name not in SEAT_NAMES[:spec.seats]:
            raise fail(("out", i), f"there is no seat {name!r} with {spec.seats} seats")
    _check_keys(spec, fail)
    make = getattr(game, "make_options", None)
    if make is not None:
        try:
            make(spec.options)
        except ValueError as e:
            raise fail(("options",), str(e)) from None
    return game


def _check_keys(spec: Position, fail) -> None:
    """A key another game's positions use is an error here, not silently ignored."""
    reads = getattr(_hook_module(spec.game, fail), "KEYS", FIRST_KEYS)
    for key in GAME_KEYS:
        if key in spec.model_fields_set and key not in reads:
            raise fail((key,), f"{spec.game} positions do not use {key!r}; they take "
                               f"{', '.join(reads)} besides the common keys")


def _check_zones(spec: Position, game: Any, fail) -> None:
    known = game.zones(spec.seats)
    where = [(("zones", z), z) for z in spec.zones]
    for i, step in enumerate(spec.steps if isinstance(spec, Scenario) else ()):
        where += [(("steps", i, "expect", "zones", z), z) for z in step.expect.zones]
    for loc, zone in where:
        if zone not in known:
            raise fail(loc, f"unknown zone {zone!r}; zones for {spec.seats} seats: "
                            f"{', '.join(known)}")


def _parse_steps(spec: Scenario, game: Any, fail) -> list[Any]:
    actions = []
    for i, step in enumerate(spec.steps):
        try:
            actions.append(game.parse_action(step.action))
        except NotationError as e:
            raise fail(("steps", i, "action"), str(e)) from None
        exp = step.expect
        if exp.legal and (exp.reason or exp.ruling):
            raise fail(("steps", i, "expect", "reason" if exp.reason else "ruling"),
                       "a reason or ruling is only checked for an illegal step (legal = false)")
        for loc, name in _seat_refs(exp):
            if name not in SEAT_NAMES[:spec.seats]:
                raise fail(("steps", i, "expect", *loc), f"there is no seat {name!r} with "
                                                         f"{spec.seats} seats")
    return actions


def _seat_refs(exp: Expect) -> list[tuple[tuple, str]]:
    """The seats an expectation names, with where it names them."""
    refs = []
    if isinstance(exp.outcome, OutcomeSpec):
        refs += [(("outcome", "winners", j), name) for j, name in enumerate(exp.outcome.winners)]
    if isinstance(exp.decision, DecisionSpec) and exp.decision.seat is not None:
        refs.append((("decision", "seat"), exp.decision.seat))
    return refs


def _hook_module(name: str, fail):
    """The game's own setup module, whose `position(game, spec) -> state` builds a
    position (it needs the game's state type, so each game package provides it)."""
    module = f"shrinetable.games.{name}.setup"
    try:
        return importlib.import_module(module)
    except ModuleNotFoundError as e:
        if e.name != module:
            raise
        raise fail(("game",), f"{name} has no scenario positions yet") from None
