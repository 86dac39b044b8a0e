"""Who pays which mana (clause cost, R7): the player does.

Mana stays in the pool until used, and only the coloured symbols of a cost say
which colour pays them, so the generic part may have several distinct payments.
An action that pays carries its payment (`pay=BBR`, every mana spent) whenever
there is more than one; the legal actions list each of them, the proposal first.
The proposal is the payment that leaves the most of the player's other cards
affordable: it is what the table offers first and what the computer player takes.
"""

from __future__ import annotations

from functools import lru_cache
from itertools import combinations_with_replacement

from .cards import Cost, affordable
from .schema import COLOURS

Spend = tuple[int, ...]  # mana spent, per colour in B Y R G P order


def payments(pool: list[int], cost: Cost, x: int = 0) -> list[Spend]:
    """Every distinct way `pool` pays `cost` (with X = `x`), as mana spent per
    colour; [] when it cannot."""
    if not affordable(pool, cost, x):
        return []
    return list(_payments(tuple(pool), cost, x))


@lru_cache(maxsize=4096)
def _payments(pool: tuple[int, ...], cost: Cost, x: int) -> tuple[Spend, ...]:
    """`payments`, made once per pool, cost and X: the legal actions ask for the
    same few many times a game."""
    left = [a - b for a, b in zip(pool, cost.colours, strict=True)]
    out = []
    for picks in combinations_with_replacement(range(5), cost.generic + x):
        extra = [picks.count(k) for k in range(5)]
        if all(e <= n for e, n in zip(extra, left, strict=True)):
            out.append(tuple(c + e for c, e in zip(cost.colours, extra, strict=True)))
    return tuple(out)


def proposal(options: list[Spend], pool: list[int], others: list[Cost]) -> Spend:
    """The payment keeping the most of `others` (the player's other cards) affordable;
    then the one leaving the most of the coloured symbols they need; then the
    first, whose generic part comes from the earliest colour in B Y R G P order."""
    need = [sum(c.colours[k] for c in others) for k in range(5)]

    def score(spend: Spend) -> tuple[int, int]:
        rest = [a - b for a, b in zip(pool, spend, strict=True)]
        fits = sum(1 for c in others if affordable(rest, c))
        return fits, sum(min(r, n) for r, n in zip(rest, need, strict=True))

    return max(options, key=score)


def text(spend: Spend) -> str:
    """`(2, 0, 1, 0, 0)` -> "BBR"."""
    return "".join(ch * n for ch, n in zip(COLOURS, spend, strict=True))


def parse(word: str) -> Spend:
    """ "BBR" -> (2, 0, 1, 0, 0); ValueError on a letter that is not a colour."""
    bad = [ch for ch in word.upper() if ch not in COLOURS]
    if bad:
        raise ValueError(f"pay= takes the mana letters {COLOURS}, not {bad[0]!r}")
    return tuple(word.upper().count(ch) for ch in COLOURS)
