"""Card instances for the games whose cards are numbered copies of definitions
(`id#N`): numbering a deal's decks, and, for a game's `PositionHook.build`, reading
the cards a scenario or demo file names, each blamed on its key path when it is
wrong (stdlib only)."""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import Any


@dataclass(slots=True)
class InstanceState:
    """The fields a state of such a game starts with, in this order: its options,
    its seeded generator, the instance table `numbered` makes, and each seat's deck
    and hand (card numbers, bottom to top); the game's `State` adds the rest."""

    opts: Any
    rng: random.Random
    defs: tuple[Any, ...]  # by instance number (0 is no card)
    names: tuple[str, ...]  # notation by instance number, made once
    owner: tuple[int, ...]
    deck: list[list[int]]
    hand: list[list[int]]


def numbered(
    decks: Sequence[Sequence[Any]], none: Any
) -> tuple[tuple[Any, ...], tuple[str, ...], tuple[int, ...], list[list[int]]]:
    """Every card of the seats' `decks` (definitions with an `id`) numbered from 1,
    p1's deck first: the instance table (definitions, notation `id#N` and owners by
    number, `none` at 0) and each seat's pile of numbers in its deck's order."""
    defs, owner = [none], [0]
    for q, cards in enumerate(decks):
        defs += cards
        owner += [q] * len(cards)
    names = ("",) + tuple(f"{d.id}#{c}" for c, d in enumerate(defs) if c)
    piles = [[c for c in range(1, len(defs)) if owner[c] == q] for q in range(len(decks))]
    return tuple(defs), names, tuple(owner), piles


class SetupError(ValueError):
    """A position the rules cannot start from; `loc` is the key path to blame
    (e.g. `("zones", "hand:0", 2)`), so the file's line can be found."""

    def __init__(self, loc: tuple[Any, ...], message: str):
        self.loc = loc
        super().__init__(message)


MAX_INSTANCE = 9999  # `card#N`: no deal comes near; a billion was allocated whole


def located(loc: tuple[Any, ...], read: Callable[[str], Any], text: str) -> Any:
    """`read(text)` (a card's or a number's notation), its NotationError (any
    ValueError) turned into a SetupError blaming `loc`."""
    try:
        return read(text)
    except ValueError as e:  # NotationError
        raise SetupError(loc, str(e)) from None


def position_card(
    text: str, loc: tuple[Any, ...], defs: dict[str, Any], instance: Callable[[str], int]
) -> tuple[int, Any]:
    """A card a position file names, `id#N`: its number (read by the game's own
    `instance`) and its definition; SetupError blaming `loc` for a bad notation, a
    number past MAX_INSTANCE or an id no card has."""
    n = located(loc, instance, text)
    if n > MAX_INSTANCE:
        raise SetupError(loc, f"#{n}: card numbers go up to {MAX_INSTANCE}")
    cid = text.rpartition("#")[0]
    if cid not in defs:
        raise SetupError(loc, f"no card has the id {cid!r}")
    return n, defs[cid]


class Named:
    """The cards of a position, by instance number (0 is no card), each with its
    definition and its owner's seat, for a game whose cards are `id#N` instances
    of definitions with an `id`."""

    def __init__(self, defs: dict[str, Any], instance: Callable[[str], int]):
        self.defs, self.instance = defs, instance
        self.cards: dict[int, tuple[Any, int]] = {}

    def take(self, text: str, seat: int, loc: tuple[Any, ...]) -> int:
        """The card `text` names, owned by `seat`; SetupError blaming `loc` as in
        `position_card`, or when its number already names a card."""
        n, d = position_card(text, loc, self.defs, self.instance)
        if n in self.cards:
            raise SetupError(loc, f"#{n} is already named: each number names one card")
        self.cards[n] = (d, seat)
        return n

    def unnamed(self, seat: int, ids: Iterable[str]) -> list[str]:
        """`ids` (a deck's card ids) less one copy of each card named for `seat`."""
        rest = list(ids)
        for d, q in self.cards.values():
            if q == seat and d.id in rest:
                rest.remove(d.id)
        return rest

    def deck(self, seat: int, ids: list[str], rng: random.Random) -> list[int]:
        """A deck of the cards `ids` for `seat`, numbered after every card so far and
        shuffled by `rng`."""
        first = max(self.cards, default=0) + 1
        pile = list(range(first, first + len(ids)))
        for n, cid in zip(pile, ids, strict=True):
            self.cards[n] = (self.defs[cid], seat)
        rng.shuffle(pile)
        return pile

    def table(self, none: Any) -> tuple[tuple[Any, ...], tuple[str, ...], tuple[int, ...]]:
        """The state's instance table: definitions, notation and owners by number,
        `none` (and "", seat 0) standing at the numbers no card has."""
        size = max(self.cards, default=0) + 1
        rows = [self.cards.get(n, (none, 0)) for n in range(size)]
        names = ("",) + tuple(f"{rows[n][0].id}#{n}" for n in range(1, size))
        return tuple(d for d, _ in rows), names, tuple(q for _, q in rows)
