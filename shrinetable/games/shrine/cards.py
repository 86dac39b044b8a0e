"""Shrine's cards as small ints, and their notation.

A card is 0..51 (suit * 13 + rank - 1, suits S H D C, ranks A=1 .. K=13) or 52
for the joker (the Balance card). Notation: rank `A23456789TJQK` then suit
`SHDC` (`9H`, `TS`, `AS`); `10H` is read as `TH`; the joker is `JK`.
"""

from __future__ import annotations

from shrinetable.engine import NotationError

RANKS = "A23456789TJQK"
SUITS = "SHDC"
JOKER = 52
ACE, JACK, QUEEN, KING = 1, 11, 12, 13

RANK: tuple[int, ...] = tuple(c % 13 + 1 for c in range(52)) + (0,)
RED: tuple[bool, ...] = tuple(c // 13 in (1, 2) for c in range(52)) + (False,)
NAMES: tuple[str, ...] = tuple(RANKS[c % 13] + SUITS[c // 13] for c in range(52)) + ("JK",)
_BY_NAME = {n: i for i, n in enumerate(NAMES)}


def card(text: str) -> int:
    """The card written `text`; NotationError if it is not one."""
    t = text.strip().upper()
    if t.startswith("10"):
        t = "T" + t[2:]
    try:
        return _BY_NAME[t]
    except KeyError:
        raise NotationError(
            f"{text!r} is not a card: write rank (A 2-9 T J Q K) then suit (S H D C), "
            f"e.g. 9H, TS, AS, or JK for the joker"
        ) from None


def sort_key(c: int) -> tuple[int, int]:
    """Canonical order inside an action: by rank, then suit S H D C."""
    return (RANK[c], c // 13)


def canon(cards) -> tuple[int, ...]:
    return tuple(sorted(cards, key=sort_key))


def colour(c: int) -> str:
    return "red" if RED[c] else "black"


def full_deck(with_joker: bool) -> list[int]:
    return list(range(53 if with_joker else 52))


# Every run of three on the cycle A-2-...-K-A, as sorted rank triples.
SEQUENCES = frozenset(tuple(sorted((r + k) % 13 + 1 for k in range(3))) for r in range(13))


def is_sequence(ranks: tuple[int, ...]) -> bool:
    """Three ranks in a row on the cycle A-2-...-K-A (K-A-2 and Q-K-A count)."""
    return tuple(sorted(ranks)) in SEQUENCES
