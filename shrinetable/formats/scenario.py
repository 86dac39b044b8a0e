"""Scenario files: a position set up card by card, then steps with expectations.

The schema (pydantic: the common keys here, the game's own from its
`position.keys`) checks the shape; `load` then checks the meaning against the
game (known zones, options, seats, parseable actions) and builds the starting
state through the game's `position.build` hook, so a malformed file is always
one `FormatError` naming the file, key and line.
See docs/scenarios.md for the format.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any, Literal

from pydantic import (
    BaseModel,
    ConfigDict,
    Field,
    ValidationError,
    ValidationInfo,
    create_model,
    field_validator,
)

from shrinetable.engine import (
    MAX_INSTANCE,
    SEAT_NAMES,
    CardSet,
    NotationError,
    SetupError,
    registry,
    seat_index,
)

from .errors import FormatError, find_line, key_path, read_toml

Fail = Callable[[tuple[Any, ...], str], FormatError]  # fail(loc, message) for one file


class Strict(BaseModel):
    """A model that refuses keys it does not know (a typo is a message, not ignored)."""

    model_config = ConfigDict(extra="forbid")


class OutcomeSpec(Strict):
    winners: list[str]


class DecisionSpec(Strict):
    seat: str | None = None
    kind: str | None = None


class Expect(Strict):
    """What must hold after a step (an illegal step leaves the position as it was)."""

    legal: bool = True
    reason: str | None = None
    ruling: str | None = None
    zones: dict[str, list[str]] = {}
    unordered: bool | list[str] = False  # zones (all: true) compared as multisets
    outcome: OutcomeSpec | Literal["none"] | None = None
    decision: DecisionSpec | Literal["none"] | None = None
    info: dict[str, Any] = {}
    info_empty: list[str] = []  # dotted info keys absent, none or empty
    unseen: dict[str, list[str]] = {}  # seat -> cards its view must not show

    @field_validator("outcome", "decision", mode="before")
    @classmethod
    def _table_or_none(cls, v: Any, info: ValidationInfo) -> Any:
        if isinstance(v, dict | None) or v == "none":
            return v
        example = (
            '{ winners = ["p1"] }'
            if info.field_name == "outcome"
            else '{ seat = "p2", kind = "respond" }'
        )
        raise ValueError(f'write a table such as {example}, or "none"')


class Step(Strict):
    action: str
    seat: str | None = None  # who tries it (default: whoever decides)
    expect: Expect = Expect()


class Refused(Strict):
    """The rules refuse to start from the position (a deck they do not allow)."""

    reason: str


class Position(Strict):
    """The keys every game's positions share: who sits, what options, which card
    lies where, whose turn. A game's own keys (a stage, life totals) are its
    `position.keys` model; a file is validated against both at once
    (`read_position`). Shared with demonstration files (formats/demo.py), which
    set up a position exactly the same way."""

    game: str
    seats: int = Field(ge=1)
    seed: int = 0
    options: dict[str, Any] = {}
    zones: dict[str, list[str]] = {}
    turn: str = "p1"

    @field_validator("turn")
    @classmethod
    def _seat_name(cls, v: str) -> str:
        seat_index(v)
        return v


class Scenario(Position):
    """A position, then steps with expectations; or, with `refused`, a position the
    rules must refuse to start from."""

    steps: list[Step] = []
    refused: Refused | None = None


@dataclass
class Loaded:
    """A checked scenario: its model, its game, the starting state and every
    step's action already parsed."""

    spec: Scenario
    game: Any
    state: Any
    actions: list[Any]
    refusal: str | None = None  # with `refused`: why the rules refused the position


def load(path: str | Path, cards: CardSet | None = None) -> Loaded:
    """Read, validate and set up the scenario at `path` with the card set `cards`;
    FormatError otherwise. With `refused`, the position is not started: `refusal`
    is the rules' refusal, or None when they accepted it."""
    path = str(path)
    text, spec, game = read_position(path, Scenario, cards)
    fail = failer(path, text)
    check_zones(spec, game, fail)
    actions = _parse_steps(spec, game, fail)
    if spec.refused is not None:
        if spec.steps:
            raise fail(("steps",), "a position the rules must refuse has no steps")
        return Loaded(spec, game, None, actions, _refusal(spec, game, fail))
    return Loaded(spec, game, start(spec, game, fail), actions)


def _refusal(spec: Scenario, game: Any, fail: Fail) -> str | None:
    """Why the rules refuse to start from `spec` (its options, a deck, the position),
    or None when they start."""
    try:
        game.check_options(spec.options)
        start(spec, game, fail)
    except (ValueError, FormatError) as e:
        return str(e)
    return None


def read_position(
    path: str, model: type[Position], cards: CardSet | None = None
) -> tuple[str, Any, Any]:
    """The file's text, its data validated as `model` together with its game's own
    position keys, and the game in the card set `cards` (whose seats, turn and
    options are checked); FormatError otherwise."""
    text, data = read_toml(path)
    fail = failer(path, text)
    game = None  # without a game name the validation below fails, naming `game`
    if isinstance(data.get("game"), str):
        try:
            game = registry.get(data["game"], cards)
        except KeyError as e:
            raise fail(("game",), e.args[0]) from None
        if game.position is None:
            raise fail(("game",), f"{game.name} has no scenario positions yet")
        model = with_keys(model, game.position.keys)
        _check_keys(data, model, game, fail)
    try:
        spec = model.model_validate(data)
    except ValidationError as e:
        err = e.errors()[0]
        raise fail(clean_loc(err["loc"]), err["msg"].removeprefix("Value error, ")) from None
    _deck_files(spec, game, Path(path).parent)
    check_game(spec, game, fail)
    return text, spec, game


def _deck_files(spec: Position, game: Any, here: Path) -> None:
    """A file option (a deck file) names a path relative to the file that names it,
    when that file is there."""
    for o in game.options:
        value = spec.options.get(o.name)
        if (
            o.file
            and isinstance(value, str)
            and not Path(value).is_absolute()
            and (here / value).is_file()
        ):
            spec.options[o.name] = str(here / value)


def failer(path: str, text: str) -> Fail:
    """`fail(loc, message) -> FormatError` for one file, finding the key's line."""

    def fail(loc: tuple[Any, ...], message: str) -> FormatError:
        return FormatError(path, key_path(loc), message, find_line(text, loc))

    return fail


def start(spec: Position, game: Any, fail: Fail) -> Any:
    """The starting state, built by the game's own hook (after `read_position`)."""
    try:
        return game.position.build(game, spec)
    except SetupError as e:
        raise fail(e.loc, str(e)) from None
    except NotationError as e:  # a card the game's notation refuses: point at where it is
        where = next(
            (
                (("zones", zone, j))
                for zone, cards in spec.zones.items()
                for j, card in enumerate(cards)
                if str(e).startswith(repr(card))
            ),
            ("zones",),
        )
        raise fail(where, str(e)) from None


@cache
def with_keys(model: type[Position], keys: type[BaseModel]) -> type[Position]:
    """`model` with a game's own position keys added (both validate as one)."""
    made: type[Position] = create_model(model.__name__, __base__=(model, keys))  # type: ignore[arg-type]
    return made


def _check_keys(data: dict[Any, Any], model: type[Position], game: Any, fail: Fail) -> None:
    """A key the game's positions do not take (another game's, or a slip) is
    named, with the keys that are taken."""
    for key in data:
        if key not in model.model_fields:
            own = list(game.position.keys.model_fields)
            common = [k for k in model.model_fields if k not in own]
            raise fail(
                (key,),
                f"{game.name} positions do not use {key!r}; they take "
                f"{', '.join(own) or 'nothing'} besides the common keys "
                f"({', '.join(common)})",
            )


def clean_loc(loc: tuple[Any, ...]) -> tuple[Any, ...]:
    """pydantic adds the union member's name (`literal['none']`, `DecisionSpec`)
    to a location; a person only needs the keys they wrote."""
    return tuple(
        p
        for p in loc
        if isinstance(p, int)
        or not (p.startswith("literal[") or p[:1].isupper() and p.endswith("Spec"))
    )


def check_game(spec: Position, game: Any, fail: Fail) -> None:
    """Seats, turn and options make sense for the game."""
    if not game.min_seats <= spec.seats <= game.max_seats:
        many = (
            f"{game.min_seats}"
            if game.min_seats == game.max_seats
            else f"{game.min_seats} to {game.max_seats}"
        )
        raise fail(("seats",), f"{spec.game} is for {many} players, not {spec.seats}")
    if seat_index(spec.turn) >= spec.seats:
        raise fail(("turn",), f"there is no {spec.turn} with {spec.seats} seats")
    if getattr(spec, "refused", None) is not None:
        return  # the options may be what the rules refuse (`_refusal`)
    try:
        game.check_options(spec.options)
    except ValueError as e:
        raise fail(("options",), str(e)) from None


def check_zones(spec: Position, game: Any, fail: Fail) -> None:
    """Every zone the file names (its position, a step's expectations) is one of the
    game's, and every card's instance number (`id#N`) is in bounds."""
    known = game.zones(spec.seats)
    where: list[tuple[tuple[Any, ...], str, list[str]]] = [
        (("zones", z), z, cards) for z, cards in spec.zones.items()
    ]
    for i, step in enumerate(spec.steps if isinstance(spec, Scenario) else ()):
        where += [
            (("steps", i, "expect", "zones", z), z, cards) for z, cards in step.expect.zones.items()
        ]
    for loc, zone, cards in where:
        if zone not in known:
            raise fail(
                loc, f"unknown zone {zone!r}; zones for {spec.seats} seats: {', '.join(known)}"
            )
        for j, card in enumerate(cards):
            number = card.rpartition("#")[2]
            if (
                "#" in card
                and number.isdigit()
                and (  # int() refuses 4,300 digits and "²"
                    len(number) > 9 or not number.isascii() or int(number) > MAX_INSTANCE
                )
            ):
                raise fail((*loc, j), f"{card!r}: instance numbers go up to {MAX_INSTANCE}")


def _parse_steps(spec: Scenario, game: Any, fail: Fail) -> list[Any]:
    actions = []
    for i, step in enumerate(spec.steps):
        try:
            actions.append(game.parse_action(step.action))
        except ValueError as e:  # NotationError, or a number int() refuses (4,300 digits)
            raise fail(("steps", i, "action"), str(e)) from None
        exp = step.expect
        if exp.legal and (exp.reason or exp.ruling):
            raise fail(
                ("steps", i, "expect", "reason" if exp.reason else "ruling"),
                "a reason or ruling is only checked for an illegal step (legal = false)",
            )
        for loc, name in _seat_refs(step):
            if name not in SEAT_NAMES[: spec.seats]:
                raise fail(("steps", i, *loc), f"there is no seat {name!r} with {spec.seats} seats")
    return actions


def _seat_refs(step: Step) -> list[tuple[tuple[Any, ...], str]]:
    """The seats a step names (who tries it, its expectations), with where."""
    exp = step.expect
    refs: list[tuple[tuple[Any, ...], str]] = (
        [(("seat",), step.seat)] if step.seat is not None else []
    )
    refs += [(("expect", "unseen", who), who) for who in exp.unseen]
    if isinstance(exp.outcome, OutcomeSpec):
        refs += [
            (("expect", "outcome", "winners", j), name)
            for j, name in enumerate(exp.outcome.winners)
        ]
    if isinstance(exp.decision, DecisionSpec) and exp.decision.seat is not None:
        refs.append((("expect", "decision", "seat"), exp.decision.seat))
    return refs
