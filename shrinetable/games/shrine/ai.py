"""The computer player: a one-move lookahead over the legal actions.

Each candidate is applied to a copy of the state, any responses the others
could make are assumed away (they are let through), and the position that
results is scored from the mover's side. Hidden cards are never peeked at:
the lookahead runs on a copy whose unseen cards (the Deck, the other hands,
cards under Shrine tops) are put in an order fixed by what they are, not where
they lie, with its own random generator, so the real deal and the game's future
shuffles cannot steer it; the draw/take choice and discards are decided from the
mover's own view.
"""

from __future__ import annotations

import random

from .actions import Action
from .cards import ACE, JACK, RANK
from .rules import apply, decision_seat, legal_actions
from .state import State

WIN = 10_000.0
FIZZLE = 4.0  # per card a Fizzle discards beyond the cards it stops


def choose(state: State, rng: random.Random) -> Action:
    """The action the computer takes for whoever must decide in `state`."""
    legal = legal_actions(state)
    if len(legal) == 1:
        return legal[0]
    me = decision_seat(state)
    if state.stage == "turn":
        return _draw_or_take(state, legal)
    if state.stage == "discard":
        return max(legal, key=lambda a: -_keep_value(state, me, a.cards[0]))
    blind = _blind(state, me)
    scored = [
        (evaluate(_settle(blind, a), me) - _fizzle_cost(state, me, a), i)
        for i, a in enumerate(legal)
    ]
    best = max(sc for sc, _ in scored)
    ties = [i for sc, i in scored if sc == best]
    return legal[rng.choice(ties)]


def _draw_or_take(state: State, legal: list[Action]) -> Action:
    """Take the Graveyard's top card only when it is an Ace, which the
    Deck's next card is unlikely to beat; otherwise draw."""
    take = next((a for a in legal if a.kind == "take"), None)
    if take is not None and RANK[state.graveyard[-1]] == ACE:
        return take
    return next(a for a in legal if a.kind == "draw")


def _fizzle_cost(s: State, me: int, a: Action) -> float:
    """What a Fizzle or counter gives up beyond the lookahead's hand count: every
    card discarded past the number the other side put into the action is an action
    of ours lost (a whole hand of four to stop a one-card attack is a bad trade,
    unless the attack would end us, which the lookahead's WIN outweighs)."""
    if a.kind not in ("fizzle", "counter"):
        return 0.0
    spent = len(a.cards) if a.cards else len(s.hands[me])
    return FIZZLE * max(0, spent - len(s.pending))


def _blind(state: State, me: int) -> State:
    """The state as `me` may know it: the unseen cards sorted, then shuffled by a
    generator seeded from public counts, and that generator in place of the game's
    (whose next draws are as secret as the Deck)."""
    seed = state.turn_no * 1009 + len(state.deck)
    rng = random.Random(seed)

    def canonical(cards: list[int]) -> list[int]:
        cards.sort()
        rng.shuffle(cards)
        return cards

    s = state.deal_unseen(me, canonical)
    s.rng = random.Random(seed + 1)
    return s


def _settle(state: State, a: Action) -> State:
    """The state after `a`, with every response that follows let through."""
    s, _ = apply(state, a)
    while s.stage in ("respond", "counter"):
        s, _ = apply(s, legal_actions(s)[0])  # "allow" / "accept" sort first
    return s


def evaluate(s: State, me: int) -> float:
    """How good `s` is for `me` (higher is better): Shrines, fields, hand."""
    if s.result is not None:
        return WIN if me in s.result.winners else -WIN
    if not s.alive[me]:
        return -WIN
    mine = len(s.shrines[me])
    opps = [q for q in range(s.seats) if q != me and s.alive[q]]
    weakest = min(len(s.shrines[q]) for q in opps)
    total = sum(len(s.shrines[q]) for q in opps)
    score = 12.0 * mine - 8.0 * weakest - 4.0 * total
    score += 3.0 * len(s.fields[me]) - 2.5 * sum(len(s.fields[q]) for q in opps)
    if RANK[s.shrines[me][-1]] == ACE:
        score -= 4.0
    score += 0.6 * min(len(s.hands[me]), 7)
    score += 0.3 * sum(_keep_value(s, me, c) for c in s.hands[me])
    return score


def _keep_value(s: State, me: int, c: int) -> float:
    """How much a card in hand is worth keeping: Aces and missing Token kinds
    most, then cards that pair with another in hand."""
    r = RANK[c]
    if r == ACE:
        return 3.0
    if r >= JACK and not s.has_kind(me, r):
        return 2.5
    pairs = sum(1 for x in s.hands[me] if x != c and RANK[x] == r)
    return 1.0 + pairs
