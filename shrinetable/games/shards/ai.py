"""Shards' computer player: one step of look-ahead over the legal actions,
scored by a position evaluation that counts what the win conditions count
(buildings standing, Grand counters, cards and resources left). A combat
move is scored on the position after the combat, played out with a careful
defender's guess (`settle`).

It reads only `game.observe(state, seat)`: the position as its seat may know it
(the other player's secret Starting choice hidden), and of the hidden cards it
counts only how many there are.
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
    # the longer the game, the less a unit kept at home is worth against a
    # building's walls: two careful players would otherwise never attack
    keep = max(0.25, 1.0 - s.turn_no / 30)
    buildings = s.of_type(q, "building")
    v += 6.0 * len(buildings) + sum(defence(s, b) - s.damage.get(b, 0) for b in buildings)
    for u in s.of_type(q, "unit"):
        v += keep * (2.0 + 1.5 * offence(s, u) + health(s, u) - s.damage.get(u, 0))
    v += 2.0 * len(s.policies[q])
    for c, n in s.counters.items():
        if s.owner[c] == q:
            v += n * (n + 2.0 if s.defs[c].kw("grand") is not None else 0.8)
    v += 0.9 * min(len(s.hand[q]), 8)
    basic = s.pool[q].get("basic", 0)      # a hoard beyond a good turn's spending is idle
    v += 0.8 * min(basic, 8) + 0.05 * max(0, basic - 8)
    v += 1.2 * min(sum(s.pool[q].values()) - basic, 6)
    v += 0.15 * min(len(s.deck[q]), 20)
    if not s.deck[q]:
        v -= 4.0
    return v


def settle(s: State, limit: int = 24) -> State:
    """The position once the combat under way is over, assuming nobody plays
    another card: the attacker charges, the defender blocks where a blocker
    survives or trades evenly (the cheap guess of a careful defender), then
    both pass. Outside a combat, `s` itself."""
    while s.combat is not None and s.result is None and limit:
        limit -= 1
        legal = legal_actions(s)
        if s.stage == "declare":
            a = Action("charge")
        elif s.stage == "defend":
            a = _guess_block(s, legal)
        elif s.stage == "tricks":
            a = Action("pass")
        else:                                   # an Attrition expend in the middle
            a = legal[0]
        s, _ = apply(s, a)
    return s


def _guess_block(s: State, legal: list[Action]) -> Action:
    """A block that keeps the blocker alive or takes the attacker with it."""
    best, best_v = Action("hold"), 0.0
    for a in legal:
        if a.kind != "block":
            continue
        d, att = s.names.index(a.card), s.names.index(a.other)
        survives = offence(s, att) < health(s, d) - s.damage.get(d, 0)
        kills = offence(s, d) >= health(s, att) - s.damage.get(att, 0)
        v = 2.0 * survives + kills + 0.1 * offence(s, att)
        if (survives or kills) and v > best_v:
            best, best_v = a, v
    return best


def _start_value(s: State, a: Action) -> float:
    """A Starting choice: more cards, a building first (Domination), then units."""
    kinds = [s.defs[s.names.index(t)].type for t in a.targets]
    return 3.0 * len(kinds) + 4.0 * ("building" in kinds) + kinds.count("unit")


def _candidates(s: State, legal: list[Action]) -> list[Action]:
    """The legal actions worth scoring: of the attacks by one unit on one
    territory, only the one aimed at its weakest building (the others differ only
    in the aim, and scoring each would cost a combat played out apiece)."""
    out, aims = [], {}
    for a in legal:
        if a.kind != "attack":
            out.append(a)
            continue
        b = s.names.index(a.other)
        key = (a.card, s.slot_of(b))
        left = defence(s, b) - s.damage.get(b, 0)
        if key not in aims or left < aims[key][0]:
            aims[key] = (left, a)
    return out + [a for _, a in aims.values()]


def choose(state: State, rng: random.Random) -> Any:
    """The action the computer takes for the deciding seat of `state`."""
    s = state
    me = decision_seat(s)
    legal = legal_actions(s)
    if len(legal) == 1:
        return legal[0]
    base = evaluate(s, me)
    best, best_v = legal[-1], -1e9
    for a in _candidates(s, legal):
        if a.kind in ("attack", "charge", "block", "hold", "pass", "withdraw") or \
                (s.combat is not None and a.kind in ("play", "use")):
            v = evaluate(settle(apply(s, a)[0]), me) - base
        elif a.kind == "end":
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
