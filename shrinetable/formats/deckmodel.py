"""The pydantic model of a deck and of a deck file a player writes, for the games
whose decks are data (formats/decks.py has the rest, and no pydantic, so a game
without decks starts without it)."""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field, create_model


class Deck(BaseModel):
    """One `[[deck]]` table of a game whose decks are card id -> copies."""

    model_config = ConfigDict(extra="forbid", frozen=True)
    name: str = Field(min_length=1)
    style: str = ""
    cards: dict[str, Annotated[int, Field(ge=1)]]


def deck_file_model(game: str) -> type[Deck]:
    """The model of a deck file a player writes for `game`: a deck, and the game
    it is for (`game = "<name>"`)."""
    return create_model(
        "DeckFile", __base__=Deck, __doc__=deck_file_model.__doc__, game=(Literal[game], ...)
    )
