"""Build Shrine positions from card notation, and drive them, for the rules tests.

Every zone is listed bottom-to-top, as in `State` (the last card is the top).
Cards not placed anywhere fill the Deck in a fixed order (card-number order,
so the highest-numbered card is on top); `top` puts chosen cards on top of
that filler instead, listed in the order they will be drawn.

>>> s = pos(shrines=[["2S", "9H"], ["3C", "4D"]], hands=[["9S"], []], top=["7H"])
>>> names(s.deck[-1:])
['7H']
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

import pytest

from shrinetable.engine import IllegalAction
from shrinetable.engine.rng import seeded
from shrinetable.games.shrine import GAME
from shrinetable.games.shrine.actions import parse
from shrinetable.games.shrine.cards import NAMES, card
from shrinetable.games.shrine.state import Options, State

Cards = Sequence[str]


def cards(texts: Iterable[str]) -> list[int]:
    """Card ints from notation (`"9H"`, `"TS"`, `"JK"`)."""
    return [card(t) for t in texts]


def names(ints: Iterable[int]) -> list[str]:
    return [NAMES[c] for c in ints]


def pos(
    *,
    shrines: Sequence[Cards],
    hands: Sequence[Cards] | None = None,
    fields: Sequence[Cards] | None = None,
    graveyard: Cards = (),
    deck: Cards | None = None,
    top: Cards = (),
    removed: Cards = (),
    turn: int = 0,
    stage: str = "action",
    actions_left: int | None = None,
    alive: Sequence[bool] | None = None,
    options: dict | None = None,
    seed: int = 0,
    **extra,
) -> State:
    """A Shrine position, every zone given in card notation (see module doc).

    `extra` sets any other `State` field directly (e.g. `jack_used=True`)."""
    seats = len(shrines)
    opts = Options(**(options or {}))
    hands = hands if hands is not None else [[] for _ in range(seats)]
    fields = fields if fields is not None else [[] for _ in range(seats)]
    placed = [*(c for z in (*shrines, *hands, *fields) for c in z), *graveyard, *removed, *top]
    if deck is not None:
        placed += list(deck)
    ints = cards(placed)
    dupes = sorted({NAMES[c] for c in ints if ints.count(c) > 1})
    assert not dupes, f"cards placed twice: {dupes}"
    if deck is None:
        pool = range(53 if opts.balance else 52)
        rest = [c for c in pool if c not in set(ints)]
        deck_ints = rest + cards(reversed(top))
    else:
        deck_ints = cards(deck) + cards(reversed(top))
    if actions_left is None:
        actions_left = 2 if any(n[0] == "A" for n in fields[turn]) else 1
    s = State(
        seats=seats,
        opts=opts,
        rng=seeded(seed),
        deck=deck_ints,
        graveyard=cards(graveyard),
        removed=cards(removed),
        pending=[],
        shrines=[cards(z) for z in shrines],
        hands=[cards(z) for z in hands],
        fields=[cards(z) for z in fields],
        alive=list(alive) if alive is not None else [bool(z) for z in shrines],
        turn=turn,
        stage=stage,
        actions_left=actions_left,
        **extra,
    )
    assert total_cards(s) == (53 if opts.balance else 52), "a position holds the whole deck"
    return s


def total_cards(s: State) -> int:
    return sum(len(v) for v in GAME.all_cards(s).values())


def legal(s: State) -> set[str]:
    """The texts of the legal actions now."""
    return {a.text for a in GAME.legal_actions(s)}


def is_legal(s: State, text: str) -> bool:
    return parse(text) in GAME.legal_actions(s)


def play(s: State, *texts: str, allow: bool = False) -> State:
    """Apply actions in notation; with `allow`, let every response window
    pass ("allow") after each one, so an action resolves at once."""
    for text in texts:
        s, _ = GAME.apply(s, parse(text))
        while allow and s.stage == "respond":
            s, _ = GAME.apply(s, parse("allow"))
    return s


def events(s: State, text: str):
    """The events of one action."""
    return GAME.apply(s, parse(text))[1]


def refusal(s: State, text: str) -> IllegalAction:
    """The IllegalAction the engine raises for `text` (fails if it is accepted)."""
    with pytest.raises(IllegalAction) as info:
        GAME.apply(s, parse(text))
    return info.value


def zone(s: State, name: str) -> list[str]:
    """One zone's cards bottom-to-top, e.g. zone(s, "shrine:1")."""
    return GAME.all_cards(s)[name]


def who(s: State) -> tuple[int, str]:
    """(seat, kind) of the decision now; (-1, "over") once the game is over."""
    d = GAME.decision(s)
    return (-1, "over") if d is None else (d.seat, d.kind)


# a game of Shrine (seed 5) as played in the window: p1 has two Tokens in play
# and is attacked; later p1 holds two red Aces and P2 a red Queen as a Token
ATTACKED = [  # then, seat by seat, the moves a person made
    (0, "draw"),
    (0, "token JS pay 8C"),
    (1, "allow"),
    (1, "take"),
    (0, "draw"),
    (0, "token QD pay JH"),
    (1, "allow"),
    (1, "draw"),
    (1, "attack p1 4S"),
]
TWO_ACES = [
    (0, "block JS"),
    (0, "draw"),
    (0, "dagger AS pay 4C p2 shrine"),
    (1, "allow"),
    (1, "draw"),
    (1, "resurrect 8C 9S TD heal"),
    (0, "draw"),
    (0, "pass"),
    (1, "draw"),
    (1, "token QH pay 5D"),
    (0, "allow"),
    (0, "draw"),
    (0, "token KS pay 6S"),
    (1, "allow"),
    (1, "take"),
    (0, "draw"),
]
