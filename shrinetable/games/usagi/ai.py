"""The Usagi computer player: one step of look-ahead over the legal actions in
the actions phase (each played out with every other seat passing, so the stack
resolves, and the conclusion if it comes), scored by an evaluation of who would
win each Event now; rules of thumb for the initiation and conclusion choices.

It reads only `game.observe(state, seat)`: the position as its seat may know it
(the other seats' secret proposals and tie-break choices hidden), and of other
hands and decks only how many cards they hold.
"""

from __future__ import annotations

import random
from typing import Any

from .actions import Action
from .cards import Def
from .effects import event_ratings, ratings, statics, sums
from .rules import (
    HAND,
    apply,
    contends,
    decision_seat,
    has_hero,
    legal_actions,
    titles_in_play,
    total,
)
from .state import State

WIN = 10_000.0
STALL = 20  # turns (a game lasts about five): past it, a hand is dug through for
#                 Events and Characters (issue 24: two Heroes held for good by a Story
#                 Event neither side could win, both hands full of dead cards, 500 turns)


def _standing(s: State, e: int) -> int | None:
    """The seat that would win Event `e` if it were resolved now (None: nobody,
    or a tie)."""
    who = [q for q in range(s.n) if contends(s, q, e)]
    if len(who) <= 1:
        return who[0] if who else None
    tot = {q: total(s, q, e) for q in who}
    best = max(tot.values())
    top = [q for q in who if tot[q] == best]
    return top[0] if len(top) == 1 else None


def _value(s: State, e: int) -> float:
    return float(max(0, 1 + s.defs[e].score + sum(s.defs[a].score for a in s.attachments(e))))


def evaluate(s: State, me: int) -> float:
    """How good `s` is for `me` (higher is better): tokens, the Events it would
    win now (or its progress towards them), its Characters in play, its hand."""
    if s.result is not None:
        if me in s.result.winners:
            return WIN / len(s.result.winners)
        return -WIN
    others = [s.tokens[q] for q in range(s.n) if q != me]
    v = 10.0 * s.tokens[me] - 5.0 * max(others) - 5.0 * sum(others) / len(others)
    rival = 1.0 if s.n == 2 else 0.6
    for e in s.events():
        val = _value(s, e)
        lead = _standing(s, e)
        if lead == me:
            v += 7.0 * val
            continue
        if lead is not None:
            v -= 7.0 * val * rival
        req = dict(event_ratings(s, e))
        mine = sums(s, me, e)
        if any(c for c in s.involved_with(e) if s.ctrl(c) == me):
            v += 3.0 * val * sum(min(1.0, mine[r] / (req[r] + 1)) for r in req) / len(req)
    known = statics(s)
    for c in s.characters(me):
        d = s.defs[c]
        fresh = c not in s.stricken or c in s.involved
        v += 0.6 + (0.2 if fresh else 0.1) * sum(x for _, x in ratings(s, c, known))
        if d.kind == "hero":
            v += 0.5
    v += 0.5 * sum(1 for a in s.attached if s.ctrl(a) == me)
    v += 0.8 * (
        len(s.common[me])
        + sum(1 for f in s.field for c in f if s.defs[c].kind == "held" and s.owner[c] == me)
    )
    v += 0.4 * min(len(s.hand[me]), 8)
    v += 0.05 * (s.honor[me] + s.ryo[me])
    return v


def settle(s: State, limit: int = 40) -> State:
    """The position once the stack has resolved, every other seat passing."""
    while s.result is None and s.step == "respond" and limit:
        limit -= 1
        s, _ = apply(s, Action("pass"))
    return s


def _card_value(s: State, me: int, c: int, events_before: int) -> float:
    """How much a card in hand is worth keeping: an Event or two, Characters the
    seat can afford, Moments and Attachments it could use."""
    d: Def = s.defs[c]
    income = sum(sum(s.defs[x].produce) for x in s.field[me]) + s.honor[me] + s.ryo[me]
    if d.type == "event":
        worth = max(0, 1 + d.score)
        return (1.2 * worth * _coverage(s, me, c) + 0.3 * worth) if events_before < 2 else 0.2
    cost = d.honor + d.ryo
    if cost > income:
        return 0.1
    if d.type == "character":
        if d.name in titles_in_play(s):  # unique: it cannot be played now
            return 0.1
        return 1.0 + 0.3 * sum(v for _, v in d.ratings) + (1.0 if d.kind == "hero" else 0)
    return 0.9


def _discard(s: State, me: int, legal: list[Action]) -> Action:
    """Keep two good Events and what can be paid for; discard the rest (with a Hero
    in play, the least useful card). A Moment played in the initiation goes first."""
    early = [a for a in legal if a.kind == "play"]
    if early:
        return early[0]
    hand = sorted(
        s.hand[me],
        key=lambda c: (
            s.defs[c].type != "event",
            -_coverage(s, me, c) * (1 + s.defs[c].score) if s.defs[c].type == "event" else 0,
        ),
    )
    values, events = {}, 0
    for c in hand:
        values[c] = _card_value(s, me, c, events)
        events += s.defs[c].type == "event"
    keep = 1.0 if s.turn_no > STALL else 0.8  # a stalled game: dig for Events
    bad = sorted((c for c in hand if values[c] < keep), key=lambda c: values[c])
    if not events and not bad and len(hand) >= HAND:  # no Event to propose: room for one
        bad = sorted(hand, key=lambda c: values[c])[:1]
    if has_hero(s, me):  # one card, and it comes back as a fresh draw: always worth it
        bad = sorted(hand, key=lambda c: values[c])[:1]
    if not bad:  # discard no more
        return legal[0]
    worst = (s.names[bad[0]],)  # one at a time, the least useful first (U27)
    return next(a for a in legal if a.cards == worst)


def _coverage(s: State, me: int, e: int) -> float:
    """How well `me`'s characters in play and in hand cover Event `e`'s ratings."""
    req = dict(s.defs[e].ratings)
    mine = [c for c in s.field[me] if s.defs[c].type == "character"]
    mine += [
        c
        for c in s.hand[me]
        if s.defs[c].type == "character" and s.defs[c].honor + s.defs[c].ryo <= 1
    ]
    have = dict.fromkeys(req, 0)
    for c in mine:
        for r, v in s.defs[c].ratings:
            if r in have:
                have[r] += v
    return sum(min(1.0, have[r] / (req[r] + 1)) for r in req) / len(req)


def _propose(s: State, me: int, legal: list[Action]) -> Action:
    best, best_v = legal[0], 0.3
    for a in legal:
        if not a.card:
            continue
        e = s.names.index(a.card)
        v = _coverage(s, me, e) * (1 + s.defs[e].score)
        if s.defs[e].kind == "story":
            v *= 0.8
        if v > best_v:
            best, best_v = a, v
    return best


def _tiebreak(s: State, me: int, legal: list[Action]) -> Action:
    e = s.contest.event
    shown = s.defs[e].rated

    def weight(a: Action) -> int:
        c = s.names.index(a.card)
        return sum(
            v
            for x in s.with_attachments([c])
            for r, v in (ratings(s, x) if s.defs[x].type == "character" else s.defs[x].ratings)
            if r in shown
        )

    return min(legal, key=weight)


def _extra(s: State, me: int, legal: list[Action]) -> Action:
    """The score step (U30): the most extra tokens, unless fewer do better, as
    when emptying the pool would end the game with another player ahead."""
    best, best_v = legal[0], -1e9
    for a in legal:  # all of them first: a tie keeps the most
        v = evaluate(apply(s, a)[0], me)
        if v > best_v:
            best, best_v = a, v
    return best


def _hero(s: State, me: int, legal: list[Action]) -> Action:
    def worth(a: Action) -> float:
        if not a.card:
            return 0.0
        c = s.names.index(a.card)
        d = s.defs[c]
        return 1 + 2 * sum(d.produce) + sum(v for _, v in d.ratings) + 1.5 * len(s.attachments(c))

    return max(legal, key=worth)


def choose(state: State, rng: random.Random) -> Any:
    """The action the computer takes for the deciding seat of `state`."""
    s = state
    me = decision_seat(s)
    legal = legal_actions(s)
    if len(legal) == 1:
        return legal[0]
    step = s.step
    if step == "cut":
        return Action("pass")
    if step == "discard":
        return _discard(s, me, legal)
    if step == "propose":
        return _propose(s, me, legal)
    if step == "tiebreak":
        return _tiebreak(s, me, legal)
    if step == "hero":
        return _hero(s, me, legal)
    if step == "score":
        return _extra(s, me, legal)
    base = evaluate(s, me)
    best, best_v = legal[-1], -1e9
    for a in legal:
        if a.kind in ("finished", "pass"):
            after = settle(apply(s, a)[0]) if a.kind == "pass" else s
            v = (evaluate(after, me) if a.kind == "pass" else base) + 0.3
        else:
            v = evaluate(settle(apply(s, a)[0]), me)
        v += rng.random() * 0.01
        if v > best_v:
            best, best_v = a, v
    return best
