"""What cards do: resources and costs, the figures a card has now (statics,
boosts, keywords), conditions, targets, and resolving a card's effects.
The vocabulary is docs/cards-shards.md; rule ids refer to docs/rules/shards.md.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from shrinetable.engine import Event
from shrinetable.engine.rng import fork

from .cards import CARD_TARGETS, Cost, Def
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

def holds(s: State, q: int, c: int, condition: str, pool: dict[str, int] | None = None
          ) -> bool:
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
    if word == "developed":                           # the player's development
        return development(s, q) >= int(rest)
    return s.counters.get(c, 0) >= int(rest)          # upgraded X


def active(s: State, q: int, c: int, when: str, cost: Cost, index: int) -> list[Effect]:
    """The effects of `c` that happen `when` (an ability: the `index`th one) whose
    conditions hold, checked as if `cost` were already paid: a card's conditions
    are read once, after paying and before any of its effects resolves."""
    d = s.defs[c]
    if when == "activate":
        effects = d.abilities[index:index + 1]
    elif d.timed is None:                  # the empty card
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
            if e.do == do and \
                    (e.target == group or (e.target == "this" and k == c)) and \
                    holds(s, q, k, e.condition):
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
    kinds = {"unit": ("unit",), "building": ("building",), "enemy": ("unit", "building"),
             "card": ("unit", "building", "policy"), "policy": ("policy",)
             }[t.rpartition("_")[2]]
    out = [k for side in sides for k in s.kingdom(side) if s.defs[k].type in kinds]
    if e.do == "develop":
        out = [k for k in out if is_developable(s.defs[k])]
    if e.do == "repair":
        out = [k for k in out if s.damage.get(k, 0)]
    return out


# ------------------------------------------------------------------ resolving

def resolve(s: State, q: int, c: int, effects: list[Effect], targets: list[int],
            ev: list[Event]) -> None:
    """Apply `effects` of card `c` for `q` in order; chosen card targets are
    consumed in order; a target that has left play is skipped (R27)."""
    chosen = iter(targets)
    for e in effects:
        if s.result is not None:
            return
        who = q if e.target == "you" else 1 - q
        if e.target in CARD_TARGETS:
            t = next(chosen)
        elif e.target == "this":
            t = c
        else:
            t = 0
        if t and not s.in_play(t):
            continue
        name, tname = s.defs[c].name, s.defs[t].name if t else p(who)
        if e.do == "gain":
            if t:                      # "this": the card's controller
                who = q
            gain(s, who, e.resource, e.amount)
            ev.append(Event("gain", f"{name}: {p(who)} gains {e.amount} {e.resource}", q))
        elif e.do == "draw":
            rules.draw(s, who if not t else q, e.amount, ev)
        elif e.do == "discard":
            _discard_random(s, who if not t else 1 - q, e.amount, name, ev)
        elif e.do == "damage":
            n = reduce(s, t, e.amount)
            if n:                      # all of it stopped: no damage mark
                s.damage[t] = s.damage.get(t, 0) + n
            ev.append(Event("damage", f"{name} deals {n} damage to {tname}", q))
            rules.settle(s, ev)
        elif e.do in ("destroy", "sacrifice"):
            word = "destroyed" if e.do == "destroy" else "sacrificed"
            rules.settle(s, ev, {s.owner[t]} if rules.destroy(s, t, ev, word) else set())
        elif e.do == "return":
            _return_unit(s, q, name, ev)
        elif e.do == "repair":
            if not s.damage.get(t):
                continue               # nothing to repair: nothing happens
            left = max(0, s.damage[t] - e.amount)
            if left:
                s.damage[t] = left
            else:
                s.damage.pop(t, None)
            ev.append(Event("repair", f"{name} repairs {tname}", q))
        elif e.do == "pump":
            s.pump[t] = s.pump.get(t, 0) + e.amount
            ev.append(Event("pump", f"{name}: {tname} has +{e.amount} offence this turn", q))
        elif e.do == "ready":
            s.exhausted = s.exhausted - {t}
            ev.append(Event("ready", f"{name} readies {tname}", q))
        elif e.do == "develop":
            ev.append(Event("develop", f"{name} puts {e.amount} development "
                                       f"counter(s) on {tname}", q))
            rules.develop(s, t, e.amount, ev)


def _return_unit(s: State, q: int, source: str, ev: list[Event]) -> None:
    """The unit last put into `q`'s graveyard is put into play (not recruited) in
    `q`'s first territory; it enters now, so only Blitz lets it attack this turn."""
    unit = next((c for c in reversed(s.grave[q]) if s.defs[c].type == "unit"), None)
    if unit is None:
        return
    slot = next(i for i, t in enumerate(s.slots[q]) if t is not None)
    s.grave[q] = [c for c in s.grave[q] if c != unit]
    rules._enter(s, q, unit, slot)
    ev.append(Event("return", f"{source}: {s.defs[unit].name} is put into play from "
                              f"{p(q)}'s graveyard", q, (s.names[unit],), rules.zone("grave", q),
                    rules.terr(slot, q)))


def _discard_random(s: State, q: int, n: int, source: str, ev: list[Event]) -> None:
    s.rng = fork(s.rng)
    for _ in range(min(n, len(s.hand[q]))):
        c = s.hand[q].pop(s.rng.randrange(len(s.hand[q])))
        s.grave[q] = [*s.grave[q], c]
        ev.append(Event("discard", f"{source}: {p(q)} discards {s.defs[c].name} at random",
                        q, (s.names[c],), f"hand:{q}", f"grave:{q}"))


# rules imports this module first; imported here, at the end, it is read once
# rather than at every resolve
from . import rules  # noqa: E402
