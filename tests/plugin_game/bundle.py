"""The Sealed Bids bundle: rules plus everything else a game package declares
(computer player, presentation, test hooks, layout file, position hook)."""

from __future__ import annotations

import random
from functools import cache
from pathlib import Path

from pydantic import BaseModel, ConfigDict, Field

from shrinetable.engine import CardData, Chip, Decor, Face, Presentation, TestHooks
from shrinetable.engine.rng import redrawn

from .game import SealedBids, State, choose, owner, value
from .position import POSITION

HERE = Path(__file__).parent
SEAT_WORDS = ("P1", "P2", "P3", "P4", "P5", "P6")


class Prize(BaseModel):
    """One prize card in `cards/*.toml` (the game's own card-data model)."""

    model_config = ConfigDict(extra="forbid")
    id: str = Field(pattern=r"^G[1-6]$")
    name: str = Field(min_length=1)
    value: int = Field(ge=1, le=6)


CARDS = CardData(str(HERE / "cards"), Prize)


@cache
def prizes() -> dict[str, Prize]:
    """The prize cards by id, read once through the generic loader."""
    from shrinetable.formats.cards import load_card_data

    return load_card_data(CARDS)[0]


class Present(Presentation):
    """Words for the buttons and log, playing-card faces, each seat's points."""

    rules = (
        "Sealed Bids. Each round a prize is turned up. In turn, every player lays "
        "one bid card face down on the bids, or passes (the pass card goes face "
        "down too, so nobody can tell). When all have bid, the bids are revealed "
        "together: the highest bid nobody matched takes the prize. Spent bids are "
        "discarded. Most prize points after the last round wins. (S1) A bid is "
        "one of your own cards, made when it is your turn to bid."
    )
    words = {"pass": "Bid nothing"}
    templates = {"bid": "Bid {upper}"}

    def card_face(self, card: str) -> Face | None:
        if owner(card) is not None:
            word = "pass" if value(card) == 0 else "bid"
            return Face(
                card,
                "index",
                index=card[1],
                symbol=card[0],
                band=Chip(f"{SEAT_WORDS[owner(card)]} {word}"),
            )
        if card.startswith("G"):
            return Face(
                card,
                "index",
                index=card[1],
                symbol="G",
                band=Chip(prizes()[card].name, (250, 220, 120)),
            )
        return None

    def in_words(self, code: str) -> str:
        """A bid's band says whose card it is, a prize's band what it is worth."""
        seat, _, word = code.partition(" ")
        if seat in SEAT_WORDS and word in ("bid", "pass"):
            return f"{code}: a card {seat} may bid with" + (
                " (it bids nothing)" if word == "pass" else ""
            )
        worth = [p.value for p in prizes().values() if p.name == code]
        if worth:
            return f"{code}: a prize worth {worth[0]} points"
        return super().in_words(code)

    def decor(self, view) -> Decor:
        points = view.info.get("points", [])
        turn = view.decision.seat if view.decision is not None else None
        return Decor(
            turn=turn,
            badges={f"won:{q}": f"{p} pts" for q, p in enumerate(points)},
            covers={"bids": (Chip(f"{len(view.info['committed'])} down"),)},
        )


def reshuffle_unseen(state: State, seat: int | None, rng: random.Random) -> State:
    """Every card `seat` cannot see dealt differently: the face-down prizes among
    themselves, and each other seat's hand and face-down bid among themselves (a
    different bid by someone else must look the same), sorted first so the deal
    depends only on which cards they are; and a new generator."""
    s = state.copy()
    s.prizes.sort()
    rng.shuffle(s.prizes)
    for q in range(s.seats):
        if q == seat:
            continue
        slots = [(s.hands[q], i) for i in range(len(s.hands[q]))]
        mine = [i for i, (p, _) in enumerate(s.bids) if p == q]
        cards = sorted([*s.hands[q], *(s.bids[i][1] for i in mine)])
        rng.shuffle(cards)
        for (zone, i), c in zip(slots, cards, strict=False):
            zone[i] = c
        for i, c in zip(mine, cards[len(slots) :], strict=True):
            s.bids[i] = (q, c)
    s.rng = redrawn(rng)
    return s


class Bundle(SealedBids):
    ai = staticmethod(choose)

    def determinise(self, state: State, seat: int, rng: random.Random) -> State:
        """A world to look ahead in: `observe` blanks the cards a seat may not see,
        so the world is dealt from the state itself; its re-deal deals the other
        seats' bids again too, so it hides what `observe` hides."""
        return reshuffle_unseen(state, seat, rng)

    present = Present()
    testing = TestHooks(
        reshuffle_unseen=reshuffle_unseen, walk=200, endings=200, budget=200, many=2000
    )
    layout_file = str(HERE / "layout.toml")
    position = POSITION
    card_data = CARDS


GAME = Bundle()
