"""The pydantic model of a save file (formats/save.py reads and writes it, and
imports this when first needed, so the table starts without pydantic)."""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationInfo, field_validator

from shrinetable.engine import MAX_SEATS


class SaveFile(BaseModel):
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

    @field_validator("joined")
    @classmethod
    def _joined_follow_a_move(cls, joined: list[int], info: ValidationInfo) -> list[int]:
        """Each a later move than the first, in order, among the actions."""
        n = len(info.data.get("actions", []))
        for before, at in zip([0, *joined], joined, strict=False):
            if not before < at < n:
                raise ValueError(
                    f"{at} is not a move of actions after {before} (there are {n}): each"
                    " is a move's place in actions, in order, never the first"
                )
        return joined
