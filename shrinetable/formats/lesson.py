"""Lesson files: a scenario position, then steps that ask the player for a move.

A lesson is written in the notation of the demonstrations and scenarios (one
way to write a position, `formats/scenario.Position`); its steps say what to
do, name the move the player must make (`do`), the moves the table makes for
the other seats (`computer`), or leave the player a free choice. `load` checks
the shape and the notation; `adapter.lesson` plays the steps through the
engine, so a lesson that a rules change breaks fails `shrinetable lesson
--verify` and the test suite. See docs/lessons.md.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from pydantic import Field, ValidationError, field_validator, model_validator

from shrinetable.engine import CardSet
from shrinetable.resources import resource

from . import shelf
from .errors import FormatError
from .guided import read_started
from .scenario import (
    DecisionSpec,
    Fail,
    OutcomeSpec,
    Position,
    Strict,
    check_game,
    check_zones,
    clean_loc,
    start,
    with_keys,
)

BOX_CHARS = 250  # what the lesson box holds at 1280x720: title, rule and words (docs/lessons.md)


class Holds(Strict):
    """What must hold once a step is done (checked by `--verify` and the tests)."""

    zones: dict[str, list[str]] = {}
    outcome: OutcomeSpec | None = None
    decision: DecisionSpec | None = None


class LessonStep(Strict):
    """One step: words, and the move the player makes, the table makes, or neither."""

    say: str = Field(min_length=1)
    do: list[str] = []  # the player's move; any of these (the first is the scripted answer)
    computer: list[str] = []  # moves the table makes for the other seats, in order
    free: bool = False  # the player chooses any legal move
    play_on: bool = False  # the game to its end: the player's own moves, the computer's
    answer: str | None = None  # with `free`: the move `--verify` plays
    light: list[str] = []  # more cards or places to light, "ZONE" or "ZONE/CARD"
    not_yet: str | None = None  # the word for any other move
    rule: str | None = None  # said once the move is made
    expect: Holds | None = None
    position: dict[str, Any] | None = None  # a new position the step begins from

    @field_validator("do", "computer", mode="before")
    @classmethod
    def _one_or_more(cls, v: Any) -> Any:
        return [v] if isinstance(v, str) else v

    @field_validator("say", "rule", "not_yet")
    @classmethod
    def _one_paragraph(cls, v: str | None) -> str | None:
        return None if v is None else " ".join(v.split())

    @model_validator(mode="after")
    def _one_kind(self) -> LessonStep:
        kinds = [
            k
            for k, on in (
                ("do", self.do),
                ("computer", self.computer),
                ("free", self.free),
                ("play_on", self.play_on),
            )
            if on
        ]
        if len(kinds) > 1:
            raise ValueError(
                f"a step has one of do, computer, free or play_on, not {' and '.join(kinds)}"
            )
        if self.free and self.answer is None:
            raise ValueError("free = true needs an answer: the move --verify plays")
        if self.answer is not None and not self.free:
            raise ValueError("answer goes with free = true")
        if self.not_yet is not None and not self.do:
            raise ValueError("not_yet is the word for a move other than `do`; this step has no do")
        return self

    def kind(self) -> str:
        """ "do", "computer", "free", "play_on" or "words" (the player reads, then Next)."""
        if self.do or self.computer:
            return "do" if self.do else "computer"
        return "free" if self.free else "play_on" if self.play_on else "words"


class Lesson(Position):
    """A titled position with what it teaches and its steps."""

    title: str = Field(min_length=1)
    about: str = Field(min_length=1)
    order: int = 100
    steps: list[LessonStep] = Field(min_length=1)

    @field_validator("about")
    @classmethod
    def _one_paragraph(cls, v: str) -> str:
        return " ".join(v.split())


@dataclass
class LoadedLesson:
    """A checked lesson: its name (`game/stem`), model, game and starting state.
    Each step's moves are in canonical notation (`moves[i]`: its `do`, its
    `computer` moves, or its `answer`)."""

    name: str
    path: str
    spec: Lesson
    game: Any
    state: Any
    moves: list[list[str]]
    fail: Any  # fail(loc, message) -> FormatError, for problems found while playing
    positions: dict[int, Position]  # the steps that set a position of their own

    @property
    def steps(self) -> list[LessonStep]:
        return self.spec.steps

    def position(self, i: int) -> Any:
        """A fresh starting state for step `i`'s own position."""
        return start(self.positions[i], self.game, self.fail)


def load(path: str | Path, cards: CardSet | None = None) -> LoadedLesson:
    """Read and set up the lesson at `path` with the card set `cards`;
    FormatError otherwise."""
    path = str(path)
    at = read_started(path, Lesson, cards)
    spec, game, fail = at.spec, at.game, at.fail
    moves = []
    for i, step in enumerate(spec.steps):
        if len(spec.title) + len(step.say) > BOX_CHARS:  # the rule gives way; these cannot
            raise fail(
                ("steps", i, "say"),
                f"the title and these words are {len(spec.title) + len(step.say)} characters; "
                f"the lesson box at 1280x720 holds about {BOX_CHARS}; "
                "shorten them, or split the step",
            )
        refs: list[tuple[tuple[Any, ...], str]] = [
            (("light", j), ref) for j, ref in enumerate(step.light)
        ]
        refs += [(("expect", "zones", z), z) for z in (step.expect.zones if step.expect else {})]
        at.check_refs(i, refs, f"zones: {', '.join(sorted(at.zones))}")
        key = "do" if step.do else "computer" if step.computer else "answer"
        written = step.do or step.computer or ([step.answer] if step.answer else [])
        parsed = []
        for j, move in enumerate(written):
            try:
                parsed.append(game.parse_action(move).text)
            except ValueError as e:  # NotationError, or a number int() refuses
                where = ("steps", i, key) + (() if key == "answer" else (j,))
                raise fail(where, str(e)) from None
        moves.append(parsed)
    positions = {
        i: _position(step.position, i, spec, game, fail)
        for i, step in enumerate(spec.steps)
        if step.position is not None
    }
    return LoadedLesson(at.name, path, spec, game, at.state, moves, fail, positions)


def _position(data: dict[str, Any], i: int, spec: Lesson, game: Any, fail: Fail) -> Position:
    """A step's own position: the scenario keys of the lesson's game (its `game`
    and `seats` are the lesson's), checked and set up as the lesson's own."""

    def here(loc: tuple[Any, ...], message: str) -> FormatError:
        return fail(("steps", i, "position", *loc), message)

    for key in ("game", "seats"):
        if key in data:
            raise here((key,), f"a step's position keeps the lesson's {key}; leave {key} out")
    model = with_keys(Position, game.position.keys)
    try:
        pos = model.model_validate({**data, "game": spec.game, "seats": spec.seats})
    except ValidationError as e:
        err = e.errors()[0]
        raise here(clean_loc(err["loc"]), err["msg"].removeprefix("Value error, ")) from None
    check_game(pos, game, here)
    check_zones(pos, game, here)
    start(pos, game, here)
    return pos


# -- where lesson files live ---------------------------------------------------------


def lessons_dir() -> Path:
    return resource("assets", "lessons")


def all_lessons() -> dict[str, list[Path]]:
    """Lesson files by game, each list sorted by file name (NN-name.toml)."""
    return shelf.by_game(lessons_dir())


def find(name: str) -> Path:
    """The file for `game/stem`, or for a bare `stem` when only one game has it;
    LookupError with a message a person can act on otherwise."""
    return shelf.find(all_lessons(), name, "lesson", "lesson")
