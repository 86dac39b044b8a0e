"""Demonstration files: a scenario position, then captioned steps that show a rule.

The position is a scenario's (`formats/scenario.Position`), set up by the same
code, so there is one way to write a position. Steps are real actions in the
game's notation: `load` checks the shape and the notation, and
`shrinetable.demo.replay` plays them through the engine, so a demonstration
that a rules change breaks fails the test suite. See docs/demos.md.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from pydantic import Field, field_validator, model_validator

from shrinetable.engine import CardSet

from .guided import read_started
from .scenario import Position, Strict


class Arrow(Strict):
    """An arrow drawn over the table, from a card or zone to a card or zone."""

    from_: str = Field(alias="from")
    to: str


class DemoStep(Strict):
    """One step: a caption, and usually an action with what to point at."""

    caption: str = Field(min_length=1)
    action: str | None = None
    highlight: list[str] = []
    arrow: Arrow | None = None
    expect_illegal: bool = False

    def refs(self) -> list[tuple[tuple[Any, ...], str]]:
        """Every card or zone the step points at, with the key it is written under."""
        out: list[tuple[tuple[Any, ...], str]] = [
            (("highlight", j), ref) for j, ref in enumerate(self.highlight)
        ]
        if self.arrow is not None:
            out += [(("arrow", "from"), self.arrow.from_), (("arrow", "to"), self.arrow.to)]
        return out

    @model_validator(mode="after")
    def _illegal_needs_action(self) -> DemoStep:
        if self.expect_illegal and self.action is None:
            raise ValueError("expect_illegal = true needs an action to refuse")
        return self


class Demo(Position):
    """A titled position with the rule it teaches and its steps."""

    title: str = Field(min_length=1)
    rule: str = Field(min_length=1)
    order: int = 100
    steps: list[DemoStep] = Field(min_length=1)

    @field_validator("rule")
    @classmethod
    def _one_paragraph(cls, v: str) -> str:
        return " ".join(v.split())


@dataclass
class LoadedDemo:
    """A checked demonstration: its name (`game/stem`), model, game, starting
    state and each step's parsed action (None for a caption-only step)."""

    name: str
    path: str
    spec: Demo
    game: Any
    state: Any
    actions: list[Any]
    fail: Any  # fail(loc, message) -> FormatError, for problems found while replaying


def load(path: str | Path, cards: CardSet | None = None) -> LoadedDemo:
    """Read and set up the demonstration at `path` with the card set `cards`;
    FormatError otherwise."""
    path = str(path)
    at = read_started(path, Demo, cards)
    actions = []
    for i, step in enumerate(at.spec.steps):
        at.check_refs(i, step.refs(), 'write ZONE or ZONE/CARD, e.g. "hand:0/5S"')
        try:
            actions.append(None if step.action is None else at.game.parse_action(step.action))
        except ValueError as e:  # NotationError, or a number int() refuses (4,300 digits)
            raise at.fail(("steps", i, "action"), str(e)) from None
    return LoadedDemo(at.name, path, at.spec, at.game, at.state, actions, at.fail)
