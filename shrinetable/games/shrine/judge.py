"""How likely a seat is to win a Shrine position: the hard computer's judge.

The normal computer's `ai.evaluate` chooses well among the moves of one turn,
but four turns on it hardly tells who will win: over positions of 300 normal
games it ranks the final winner (AUC) 0.81 at 16 to 32 turns before the end.
This is a logistic fit over the same games (seeds 3000-3299, two in three to
fit, the rest to test) of what the two sides have, one against the other: it
ranks the winner 0.95 there, 0.97 at 4 to 16 turns. What it says: a Token is
worth about four Shrine cards (the Jack, which takes a card every turn, twice
that), a Shrine of one or two cards is near to lost, and the side to move is
ahead. With three or four seats the judge is that of the seat's worst match-up.
docs/design.md, "Shrine's hard, fourth pass", has the figures.
"""

from __future__ import annotations

from .cards import ACE, JACK, KING, QUEEN, RANK, RED
from .state import State

WIN = 100.0  # beyond any fitted value
# logit weights of one side's count less the other's (`_side`), then the mover's
WEIGHTS = (
    0.202,  # Shrine cards
    0.765,  # Tokens on the Field
    0.734,  # a Jack among them
    -0.067,  # a Queen
    0.099,  # a King
    0.196,  # cards in hand (up to 8)
    0.041,  # a Dagger on top of the Shrine
    0.232,  # the hand can take the other's Shrine top
    -0.406,  # the hand can heal
    0.019,  # Aces in hand
    0.032,  # a hand of three (a Fizzle)
    -2.178,  # a Shrine of one card
    -0.679,  # a Shrine of two cards
)
MOVER = 0.1  # the side to move, counted +1 and the other -1


def odds(s: State, me: int) -> float:
    """The log-odds that `me` wins `s` (higher is better)."""
    if s.result is not None:
        return WIN if me in s.result.winners else -WIN
    if not s.alive[me]:
        return -WIN
    mine = _side(s, me, s.opponents(me))
    return min(
        sum(w * (a - b) for w, a, b in zip(WEIGHTS, mine[q], _side(s, q, [me])[me], strict=True))
        + MOVER * ((s.turn == me) - (s.turn == q))
        for q in s.opponents(me)
    )


def _side(s: State, me: int, against: list[int]) -> dict[int, tuple[float, ...]]:
    """What `me` has, facing each seat in `against` (the features `WEIGHTS` weigh)."""
    shrine, hand = s.shrines[me], s.hands[me]
    base = (
        len(shrine),
        len(s.fields[me]),
        s.has_kind(me, JACK),
        s.has_kind(me, QUEEN),
        s.has_kind(me, KING),
        min(len(hand), 8),
        bool(shrine) and RANK[shrine[-1]] == ACE,
    )
    after = (
        _can_heal(s, me),
        sum(RANK[c] == ACE for c in hand),
        len(hand) >= 3,
        len(shrine) == 1,
        len(shrine) == 2,
    )
    return {q: (*base, _can_attack(s, me, q), *after) for q in against}


def _can_attack(s: State, me: int, q: int) -> bool:
    """Whether `me`'s hand holds an attack on `q`'s Shrine top (a pair on a Dagger)."""
    shrine, hand = s.shrines[q], s.hands[me]
    if not shrine:
        return False
    top = shrine[-1]
    if RANK[top] == ACE:
        ranks = [RANK[c] for c in hand]
        return len(ranks) != len(set(ranks))
    reach = 1 if s.has_kind(me, KING) else 0
    sums = 1  # bit t: some opposite-colour cards add up to t
    for c in hand:
        if RED[c] != RED[top]:
            sums |= (sums << RANK[c]) & 0x7FFF
    return any(sums >> t & 1 for t in range(max(1, RANK[top] - reach), RANK[top] + reach + 1))


def _can_heal(s: State, me: int) -> bool:
    """Whether `me`'s hand holds a healing pair for its Shrine's top, with room."""
    shrine, hand = s.shrines[me], s.hands[me]
    if not shrine or len(shrine) >= s.capacity(me) or RANK[shrine[-1]] == ACE:
        return False
    top = shrine[-1]
    reach = 1 if s.has_kind(me, QUEEN) else 0
    for r in range(RANK[top] - reach, RANK[top] + reach + 1):
        pair = [c for c in hand if RANK[c] == r]
        if len(pair) >= 2 and any(RED[c] == RED[top] for c in pair):
            return True
    return False
