"""The computer player: a rule-of-thumb policy over the legal actions.

It never looks at hidden cards: it reads its own hand, the Region and the pools.
Each turn it puts out a source, taps mana only when a card in hand would become
affordable, plays its costliest card, travels as far as it can, attacks the player
when it can reach them and otherwise a body it can destroy, and blocks when the
blocker survives or trades.
"""

from __future__ import annotations

import random

from .actions import Action
from .cards import instance
from .region import resilience, strength
from .rules import affordable, attack_targets, decision_seat, legal_actions
from .state import State


def choose(state: State, rng: random.Random) -> Action:
    """The action the computer takes for whoever must decide in `state`."""
    legal = legal_actions(state)
    if len(legal) == 1:
        return legal[0]
    me = decision_seat(state)
    kinds = {a.kind for a in legal}
    if state.queue:
        return _queued(state, me, legal)
    if "mulligan" in kinds or "keep" in kinds:
        costly = [a for a in legal if a.kind == "mulligan"
                  and state.defs[instance(a.card)].cost.converted >= 5]
        return costly[0] if costly else next(a for a in legal if a.kind == "keep")
    if state.stage == "block":
        return _block(state, legal)
    if state.stage == "respond":
        return _respond(state, me, legal)
    return _main(state, me, legal, rng)


def _queued(s: State, me: int, legal: list[Action]) -> Action:
    kind = s.queue[0][0]
    if kind == "draw":
        sources = len(s.sources[me]) + sum(1 for c in s.hands[me] if s.defs[c].type == "source")
        want = "secondary" if sources < 7 else "primary"
        return next((a for a in legal if a.lib == want), legal[0])
    if kind == "sacrifice":
        return min(legal, key=lambda a: s.defs[instance(a.card)].cost.converted)
    return next(a for a in legal if a.kind == "top")


def _value(s: State, c: int) -> int:
    d = s.defs[c]
    return strength(s, c) + resilience(s, c) + d.cost.converted if c in s.perms else 0


def _respond(s: State, me: int, legal: list[Action]) -> Action:
    for a in legal:
        if a.kind == "cast" and _good_target(s, me, a):
            return a
    return legal[0]   # pass


def _good_target(s: State, me: int, a: Action) -> bool:
    """A spell aimed well: harm at the opponent's things, help at our own."""
    d = s.defs[instance(a.card)]
    helpful = any(e.do in ("boost", "protect", "move") for e in d.effects)
    if not a.target:
        return True
    if a.target in ("p1", "p2"):
        return not helpful and a.target != f"p{me + 1}"
    if "#" in a.target:
        t = instance(a.target)
        ours = s.perms[t].ctrl == me
        if a.x >= 0 and a.x < resilience(s, t) - s.perms[t].damage:
            return False
        return ours == helpful
    return not helpful


def _main(s: State, me: int, legal: list[Action], rng: random.Random) -> Action:
    by = {}
    for a in legal:
        by.setdefault(a.kind, []).append(a)
    if "source" in by:
        return by["source"][0]
    free = [a for a in by.get("tap", []) if any(
        e.do != "add-mana" for e in s.defs[instance(a.card)].tap)]
    if free:
        return free[0]
    plays = [a for a in by.get("play", []) + by.get("cast", []) + by.get("attach", [])
             if a.kind != "cast" or _good_target(s, me, a)]
    if plays:
        best = max(s.defs[instance(a.card)].cost.converted + max(a.x, 0) for a in plays)
        top = [a for a in plays if s.defs[instance(a.card)].cost.converted + max(a.x, 0) == best]
        card = rng.choice(sorted({a.card for a in top}))
        return _placement(s, me, [a for a in top if a.card == card], rng)
    if "tap" in by and _worth_tapping(s, me):
        return by["tap"][0]
    moving = [a for a in by.get("travel", []) if not attack_targets(s, instance(a.card))]
    if moving:
        return max(moving, key=lambda a: (abs(int(a.target[1]) - (1 if me == 0 else 5)),
                                          a.card))
    if "attack" in by:
        return _attack(s, me, by["attack"])
    return next(a for a in legal if a.kind == "next")


def _worth_tapping(s: State, me: int) -> bool:
    """Tap only when the mana would let a card in hand be played."""
    untapped = sum(1 for c in s.sources[me] if c not in s.tapped)
    pool = s.pool[me][:]
    for c in s.sources[me]:
        if c not in s.tapped and s.defs[c].produces >= 0:
            pool[s.defs[c].produces] += 1
    if untapped == 0:
        return False
    cards = list(s.hands[me]) + list(s.shrine[me] if s.marks[me] == 0 else [])
    return any(s.defs[c].type != "source" and affordable(pool, s.defs[c].cost)
               and not affordable(s.pool[me], s.defs[c].cost) for c in cards)


def _placement(s: State, me: int, options: list[Action], rng: random.Random) -> Action:
    """Areas and traps go where the opposing creatures are (or will step next);
    creatures go to the pathway with the fewest of our own creatures."""
    d = s.defs[instance(options[0].card)]
    if d.type == "area":
        return max(options, key=lambda a: (_foes_in(s, me, d, a.target), a.target))
    def crowd(a: Action) -> int:
        if len(a.target) != 2 or a.target[0] not in "abc":
            return 0
        path = "abc".index(a.target[0])
        return sum(1 for c, p in s.perms.items() if p.ctrl == me and p.site % 3 == path)
    low = min(crowd(a) for a in options)
    return rng.choice([a for a in options if crowd(a) == low])


def _foes_in(s: State, me: int, d, where: str) -> int:
    """How many opposing creatures an area at `where` would touch; for a trap, how
    many stand one step short of the site."""
    foes = [p.site for c, p in s.perms.items() if p.ctrl != me
            and s.defs[c].type == "creature" and p.attached < 0]
    if where.startswith("row"):
        return sum(1 for f in foes if f // 3 == int(where[3:]) - 1)
    if where.startswith("path-"):
        return sum(1 for f in foes if f % 3 == "abc".index(where[5:]))
    site = (int(where[1]) - 1) * 3 + "abc".index(where[0])
    if d.subtype == "trap":
        step = 1 if me == 1 else -1     # the opponent's forward direction
        return sum(1 for f in foes if f + 3 * step == site)
    return sum(1 for f in foes if f == site)


def _attack(s: State, me: int, options: list[Action]) -> Action:
    players = [a for a in options if a.target in ("p1", "p2")]
    if players:
        return players[0]
    def score(a: Action) -> tuple[int, int]:
        c, t = instance(a.card), instance(a.target)
        kills = strength(s, c) >= resilience(s, t) - s.perms[t].damage
        survives = strength(s, t) < resilience(s, c) - s.perms[c].damage
        return (2 * kills + survives, _value(s, t))
    best = max(options, key=score)
    return best if score(best)[0] >= 2 else next(
        (a for a in options if score(a)[0] >= 1), best)


def _block(s: State, legal: list[Action]) -> Action:
    for a in legal:
        if a.kind != "block":
            continue
        b, att = instance(a.card), instance(a.target)
        survives = strength(s, att) < resilience(s, b) - s.perms[b].damage
        trades = strength(s, b) >= resilience(s, att) - s.perms[att].damage
        aimed_at_player = any(t < 0 for c, t in s.attacks if c == att)
        if survives or (aimed_at_player and (trades or s.life[s.perms[b].ctrl] <= 8)):
            return a
    return legal[0]   # pass
