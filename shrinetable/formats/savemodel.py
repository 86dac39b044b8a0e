"""The pydantic model of a save file (formats/save.py reads and writes it, and
imports this when first needed, so the table starts without pydantic)."""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationInfo, field_validator

from shrinetable.engine import MAX_SEATS

# a decision's kind or a standing answer's key: a short word the game defines
Kind = Annotated[str, Field(pattern=r"^[A-Za-z][A-Za-z0-9_-]*$", max_length=40)]


def _empty(value: Any) -> bool:
    return not value


class _Moves(BaseModel):
    """What a save and the moves an undo took back (`Undone`) say alike of their
    moves besides the notation (`actions`): `FACTS`, by a move's place there."""

    @field_validator("joined", check_fields=False)
    @classmethod
    def _joined_follow_a_move(cls, joined: list[int], info: ValidationInfo) -> list[int]:
        """Each a later move than the first, in order, among the actions."""
        return _places(joined, len(info.data.get("actions", [])), 1)

    @field_validator("auto", check_fields=False)
    @classmethod
    def _auto_are_moves(cls, auto: list[int], info: ValidationInfo) -> list[int]:
        """Each a move, in order, among the actions."""
        return _places(auto, len(info.data.get("actions", [])), 0)

    @field_validator("picked_in", "standing", check_fields=False)
    @classmethod
    def _said_of_auto_moves(cls, said: dict[int, str], info: ValidationInfo) -> dict[int, str]:
        """Each of a move the table made by itself (in `auto`)."""
        if "auto" not in info.data:  # itself refused, and said
            return said
        auto = set(info.data["auto"])
        for at in said:
            if at not in auto:
                raise ValueError(f"{at} is not a move the table made by itself (one of auto)")
        return said


class Undone(_Moves):
    """The moves one undo took back, which redo makes again as they were made:
    their notation, and how each was made as a save says its own (by place
    among them; written only when some are)."""

    model_config = ConfigDict(extra="forbid")

    actions: list[str] = Field(min_length=1)
    joined: list[int] = Field([], exclude_if=_empty)
    auto: list[int] = Field([], exclude_if=_empty)
    picked_in: dict[int, Kind] = Field({}, exclude_if=_empty)
    standing: dict[int, Kind] = Field({}, exclude_if=_empty)


class SaveFile(_Moves):
    """A save as data: what formats/save.py writes and reads."""

    model_config = ConfigDict(extra="forbid")

    format: Literal["shrinetable-save"] = "shrinetable-save"
    version: Literal[1, 2, 3] = 3  # 2: decks kept in the save, never a file's path;
    # 3: checkpoints
    game: str
    seed: int
    options: dict[str, bool | int | float | str] = {}
    seats: list[Literal["human", "computer"]] = Field(min_length=2, max_length=MAX_SEATS)
    # each seat's computer strength (players.STRENGTHS), when one is not normal
    strengths: list[Literal["easy", "normal", "hard"]] = Field([], max_length=MAX_SEATS)
    actions: list[str] = []
    checkpoints: list[dict[str, Any]] = []  # {"at": moves, ...}, in order
    # the moves (by their place in `actions`, in order) made by the gesture of the
    # move before them (cards dropped together): one undo takes them back together
    joined: list[int] = []
    # the moves (by place, in order) the table made by itself (`Applied.auto`: a
    # pass for a person with nothing to decide, a computer seat's only pass): an
    # undo takes them back with the chosen move before them
    auto: list[int] = []
    # of those, a person's the table chose among moves none of which could
    # matter: the decision's kind (`Applied.picked_in`), which names the move
    picked_in: dict[int, Kind] = {}
    # of those, a person's their standing answer made: its key (`Applied.standing`)
    standing: dict[int, Kind] = {}
    # what the undos before the save took back, for redo after a load: one
    # `Undone` an undo, the last made again first (an older save has none)
    redo: list[Undone] = []


def _places(places: list[int], n: int, first: int) -> list[int]:
    """`places`, when each is a move's place among `n` actions, from `first`
    on, in order; else ValueError saying which is not."""
    for before, at in zip([first - 1, *places], places, strict=False):
        if not before < at < n:
            after = f" after {before}" if before >= 0 else ""
            lowest = "never the first" if first else "from 0"
            raise ValueError(
                f"{at} is not a move of actions{after} (there are {n}): each"
                f" is a move's place in actions, in order, {lowest}"
            )
    return places
