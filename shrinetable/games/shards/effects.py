"""What cards are worth now: resources and costs, the figures a card has (statics,
boosts, keywords), conditions and targets. Resolving them is `resolve`.
The vocabulary is docs/cards-shards.md; rule ids refer to docs/rules/shards.md.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .cards import Cost, Def
from .schema import ADVANCED, Effect

if TYPE_CHECKING:
    from .state import State


def p(q: int) -> str:
    return f"P{q + 1}"


# ------------------------------------------------------------------ resources


def can_pay(pool: dict[str, int], cost: Cost) -> bool:
    """R3: each part of a cost from its own resource."""
    for r, n in cost:
        if pool.get(r, 0) < n:
            return False
    return True


def pay(s: State, q: int, cost: Cost) -> None:
    pool = s.pool[q]
    for r, n in cost:
        left = pool[r] - n
        if left:
            pool[r] = left
        else:
            del pool[r]


def gain(s: State, q: int, resource: str, n: int) -> None:
    s.pool[q][resource] = s.pool[q].get(resource, 0) + n


# ------------------------------------------------------------------ conditions


def holds(s: State, q: int, c: int, condition: str, pool: dict[str, int] | None = None) -> bool:
    """Whether `condition` ("Condition - ability") holds for card `c` of `q`."""
    if not condition:
        return True
    pool = s.pool[q] if pool is None else pool
    word, _, rest = condition.partition(" ")
    if word == "affinity":
        names = rest.split()
        return all(pool.get(r, 0) >= names.count(r) for r in set(names))
    if word == "no_affinity":
        return not any(pool.get(r, 0) for r in ADVANCED)
    if word == "raiding":
        return len(s.of_type(q, "building")) < len(s.of_type(1 - q, "building"))
    if word == "developed":  # the player's development
        return development(s, q) >= int(rest)
    return s.counters.get(c, 0) >= int(rest)  # upgraded X


def active(s: State, q: int, c: int, when: str, cost: Cost, index: int) -> list[Effect]:
    """The effects of `c` that happen `when` (an ability: the `index`th one) whose
    conditions hold, checked as if `cost` were already paid: a card's conditions
    are read once, after paying and before any of its effects resolves."""
    d = s.defs[c]
    if when == "activate":
        effects = d.abilities[index : index + 1]
    elif d.timed is None:  # the empty card
        return []
    else:
        effects = d.timed[when]
    if not any(e.condition for e in effects):
        return list(effects)
    pool = dict(s.pool[q])
    for r, n in cost:
        pool[r] = pool.get(r, 0) - n
    return [e for e in effects if holds(s, q, c, e.condition, pool)]


# ------------------------------------------------------------------ figures


def _statics(s: State, c: int, do: str, group: str) -> int:
    """The static bonus `do` (offence/defence) on `c` from its owner's cards."""
    q = s.owner[c]
    n = 0
    defs = s.defs
    for k in s.kingdom(q):
        for e in defs[k].statics:
            if (
                e.do == do
                and (e.target == group or (e.target == "this" and k == c))
                and holds(s, q, k, e.condition)
            ):
                n += e.amount
    return n


def offence(s: State, u: int) -> int:
    return s.defs[u].offence + s.pump.get(u, 0) + _statics(s, u, "offence", "own_unit")


def health(s: State, u: int) -> int:
    return s.defs[u].health


def defence(s: State, b: int) -> int:
    return s.defs[b].defence + _statics(s, b, "defence", "own_building")


def reduce(s: State, c: int, n: int) -> int:
    """Damage Reduction X: each instance of damage to `c` is X less."""
    return max(0, n - (s.defs[c].kw("damage_reduction") or 0))


def development(s: State, q: int) -> int:
    """A player's development: the most development counters on one of their
    kingdom cards (0 with none)."""
    return max((s.counters.get(c, 0) for c in s.kingdom(q)), default=0)


def is_developable(d: Def) -> bool:
    """R25: buildings, and kingdom cards with the Developable keyword."""
    return d.developable


# ------------------------------------------------------------------ targets


def target_choices(s: State, q: int, c: int, e: Effect) -> list[int]:
    """The cards effect `e` of `c` (controlled by `q`) may target now."""
    t = e.target
    sides = (1 - q,) if t.startswith("enemy") else (q,) if t.startswith("own") else (q, 1 - q)
    kinds = {
        "unit": ("unit",),
        "building": ("building",),
        "enemy": ("unit", "building"),
        "card": ("unit", "building", "policy"),
        "policy": ("policy",),
    }[t.rpartition("_")[2]]
    out = [k for side in sides for k in s.kingdom(side) if s.defs[k].type in kinds]
    if e.do == "develop":
        out = [k for k in out if is_developable(s.defs[k])]
    if e.do == "repair":
        out = [k for k in out if s.damage.get(k, 0)]
    return out
