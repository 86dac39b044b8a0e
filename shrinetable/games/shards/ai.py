"""Shards' computer player: one step of look-ahead over the legal actions,
scored by a position evaluation that counts what the win conditions count
(buildings standing, Grand counters, cards and resources left), with a few
plans the evaluation cannot see a step ahead (attacking, blocking).

It reads only `game.observe(state, seat)`: the position as its seat may know it.
"""

from __future__ import annotations

import random
from typing import Any

from .actions import Action
from .effects import defence, health, offence
from .rules import apply, decision_seat, legal_actions
from .state import State

WIN = 10_000.0


def evaluate(s: State, me: int) -> float:
    """How good `s` is for `me` (higher is better)."""
    if s.result is not None:
        return WIN if me in s.result.winners else -WIN
    return _side(s, me) - _side(s, 1 - me)


def _side(s: State, q: int) -> float:
    v = 0.0
    buildings = s.of_type(q, "building")
    v += 6.0 * len(buildings) + sum(defence(s, b) - s.damage.get(b, 0) for b in buildings)
    for u in s.of_type(q, "unit"):
        v += 2.0 + 1.5 * offence(s, u) + health(s, u) - s.damage.get(u, 0)
    v += 2.0 * len(s.policies[q])
    for c, n in s.counters.items():
        if s.owner[c] == q:
            v += n * (n + 2.0 if s.defs[c].kw("grand") is not None else 0.8)
    v += 0.9 * min(len(s.hand[q]), 8)
    v += 0.8 * s.pool[q].get("basic", 0) + 1.2 * (sum(s.pool[q].values())
                                                  - s.pool[q].get("basic", 0))
    v += 0.15 * min(len(s.deck[q]), 20)
    if not s.deck[q]:
        v -= 4.0
    return v


def _attack_value(s: State, a: Action, me: int) -> float:
    """What an attack is worth: the damage it may do to the aimed building, less
    what the unit risks against the ready blockers of that territory."""
    u, b = s.names.index(a.card), s.names.index(a.other)
    o = 1 - me
    slot = s.slot_of(b)
    blockers = [d for d in s.slots[o][slot][1:] if s.defs[d].type == "unit"
                and d not in s.exhausted]
    free = blockers
    hit = offence(s, u) + (s.defs[u].kw("wrecker") or 0)
    left = defence(s, b) - s.damage.get(b, 0)
    value = min(hit, left) + (8.0 if hit >= left else 0.0)
    if free:
        worst = max(offence(s, d) for d in free)
        risk = 3.0 if worst >= health(s, u) - s.damage.get(u, 0) else 0.5
        value = value * (0.5 if s.defs[u].kw("overwhelm") is None else 0.8) - risk
    return value


def _start_value(s: State, a: Action) -> float:
    """A Starting choice: more cards, a building first (Domination), then units."""
    kinds = [s.defs[s.names.index(t)].type for t in a.targets]
    return 3.0 * len(kinds) + 4.0 * ("building" in kinds) + kinds.count("unit")


def choose(state: State, rng: random.Random) -> Any:
    """The action the computer takes for the deciding seat of `state`."""
    s = state
    me = decision_seat(s)
    legal = legal_actions(s)
    if len(legal) == 1:
        return legal[0]
    base = evaluate(s, me)
    best, best_v = legal[-1], -1e9
    for a in legal:
        if a.kind == "attack":
            v = _attack_value(s, a, me)
        elif a.kind in ("end", "charge", "hold", "pass"):
            v = 0.0
        elif a.kind == "begin":
            v = _start_value(s, a)
        elif a.kind == "research":
            v = -1.0
        else:
            s2, _ = apply(s, a)
            v = evaluate(s2, me) - base
            if a.kind == "play":
                v += 0.5
        v += rng.random() * 0.01
        if v > best_v:
            best, best_v = a, v
    return best
