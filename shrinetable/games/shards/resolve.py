"""Resolving: what card effects and the rules do to the cards in play. Drawing,
entering play, damage and the check after it (lethal, destroy, Domination),
development, and a card's effects in order. Below the rules (which call it) and
above `effects` (the figures it reads); rule ids refer to docs/rules/shards.md.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from shrinetable.engine import Event, Outcome
from shrinetable.engine.rng import fork

from .cards import CARD_TARGETS
from .effects import defence, gain, health, p, pay, reduce
from .schema import amount

if TYPE_CHECKING:
    from .schema import Effect
    from .state import State


def zone(kind: str, q: int) -> str:
    return f"{kind}:{q}"


def terr(slot: int, q: int) -> str:
    return f"terr{slot + 1}:{q}"


def enter(s: State, q: int, c: int, slot: int) -> None:
    """Put `c` into `q`'s kingdom: a policy beside the territories, anything else
    into territory `slot`."""
    if s.defs[c].type == "policy":
        s.policies[q] = [*s.policies[q], c]
    else:
        s.slots[q][slot] = [*s.slots[q][slot], c]
    s.entered = {**s.entered, c: s.turn_no}


def develop(s: State, c: int, n: int, ev: list[Event]) -> None:
    """Put `n` development counters on `c`; Prosperity when a Grand card has 7."""
    s.counters[c] = s.counters.get(c, 0) + n
    q = s.owner[c]
    if s.defs[c].kw("grand") is not None and s.counters[c] >= 7 and s.result is None:
        s.result = Outcome(
            (q,),
            f"{p(q)} wins by Prosperity: {s.defs[c].name} has {s.counters[c]} development counters",
            "a player wins by Prosperity",
        )


def lethal(s: State, c: int) -> bool:
    """R28: a unit's damage reaches its health, a building's its defence."""
    d = s.defs[c]
    limit = health(s, c) if d.type == "unit" else defence(s, c) if d.type == "building" else 0
    return bool(limit) and s.damage.get(c, 0) >= limit


def settle(s: State, ev: list[Event], fell: set[int] | None = None) -> None:
    """The check after damage or a card leaving play. Every card with lethal damage
    is destroyed, the turn player's first, until none is left (a building's fall can
    lower another's defence, R28). Then Domination (R21): a player who lost a
    building (`fell`: players who already did) and has none left loses; when both
    have none, the turn player wins."""
    fell = set() if fell is None else fell
    while dead := [c for q in (s.turn, 1 - s.turn) for c in s.kingdom(q) if lethal(s, c)]:
        for c in dead:
            if s.in_play(c) and destroy(s, c, ev):
                fell.add(s.owner[c])
    out = [q for q in sorted(fell) if not s.of_type(q, "building")]
    if out and s.result is None:
        w = s.turn if len(out) == 2 else 1 - out[0]
        s.result = Outcome(
            (w,),
            f"{p(w)} wins by Domination: "
            f"{' and '.join(p(q) for q in out)} "
            f"{'have' if len(out) == 2 else 'has'} no building left",
            "a player wins by Domination",
        )


def destroy(s: State, c: int, ev: list[Event], word: str = "destroyed") -> bool:
    """`c` leaves play for its owner's graveyard (destroyed, or `word`:
    sacrificed); a territory left without a building ceases (R20). Whether `c`
    was a building (see `settle`)."""
    q = s.owner[c]
    d = s.defs[c]
    if d.type == "policy":
        s.policies[q] = [x for x in s.policies[q] if x != c]
        src = zone("policy", q)
    else:
        slot = s.slot_of(c)
        s.slots[q][slot] = [x for x in s.slots[q][slot] if x != c]
        src = terr(slot, q)
    forget(s, c)
    s.grave[q] = [*s.grave[q], c]
    ev.append(Event("destroy", f"{d.name} is {word}", q, (s.names[c],), src, zone("grave", q)))
    if d.type != "building":
        return False
    t = s.slots[q][slot]
    if not any(s.defs[x].type == "building" for x in t[1:]):
        rest = [x for x in t if x]
        for x in rest:
            forget(s, x)
        s.grave[q] = s.grave[q] + rest
        s.slots[q][slot] = None
        ev.append(
            Event(
                "cease",
                f"{p(q)}'s territory {slot + 1} ceases",
                q,
                tuple(s.names[x] for x in rest),
                src,
                zone("grave", q),
            )
        )
    return True


def forget(s: State, c: int) -> None:
    for marks in (s.counters, s.damage, s.pump):
        marks.pop(c, None)
    if c in s.entered:
        s.entered = {k: n for k, n in s.entered.items() if k != c}
    s.exhausted = s.exhausted - {c}


def draw(s: State, q: int, n: int, ev: list[Event]) -> None:
    """Draw `n`; from an empty deck, expend a resource instead or lose (R23)."""
    for _ in range(n):
        if s.result is not None:
            return
        if s.deck[q]:
            c = s.deck[q].pop()
            s.hand[q].append(c)
            ev.append(
                Event(
                    "draw",
                    f"{p(q)} draws a card",
                    q,
                    (s.names[c],),
                    zone("deck", q),
                    zone("hand", q),
                    (q,),
                )
            )
            continue
        owed = s.owing.count(q)
        kinds = [r for r, v in s.pool[q].items() if v]
        if sum(s.pool[q].values()) <= owed:
            s.result = Outcome(
                (1 - q,),
                f"{p(1 - q)} wins by Attrition: {p(q)} must "
                f"draw from an empty deck and has no resource",
                "a player wins by Attrition",
            )
        elif len(kinds) == 1 and not owed:
            pay(s, q, ((kinds[0], 1),))
            ev.append(Event("expend", f"{p(q)} draws from an empty deck: expends 1 {kinds[0]}", q))
        else:
            s.owing = (*s.owing, q)


def resolve(
    s: State,
    q: int,
    c: int,
    effects: list[Effect],
    targets: list[int],
    ev: list[Event],
    named: bool = False,
) -> None:
    """Apply `effects` of card `c` for `q` in order; chosen card targets are
    consumed in order; a target that has left play is skipped (R27). `named`:
    the event before names `c` (the move that played or used it), so the log's
    lines of its effects do not begin with its name again."""
    chosen = iter(targets)
    by = "" if named else f"{s.defs[c].name}: "
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
            if t:  # "this": the card's controller
                who = q
            gain(s, who, e.resource, e.amount)
            ev.append(Event("gain", f"{by}{p(who)} gains {resources(e.amount, e.resource)}", q))
        elif e.do == "draw":
            draw(s, who if not t else q, e.amount, ev)
        elif e.do == "discard":
            _discard_random(s, who if not t else 1 - q, e.amount, by, ev)
        elif e.do == "damage":
            n = reduce(s, t, e.amount)
            if n:  # all of it stopped: no damage mark
                s.damage[t] = s.damage.get(t, 0) + n
            ev.append(Event("damage", f"{name} deals {n} damage to {tname}", q))
            settle(s, ev)
        elif e.do in ("destroy", "sacrifice"):
            word = "destroyed" if e.do == "destroy" else "sacrificed"
            settle(s, ev, {s.owner[t]} if destroy(s, t, ev, word) else set())
        elif e.do == "return":
            _return_unit(s, q, by, ev)
        elif e.do == "repair":
            if not s.damage.get(t):
                continue  # nothing to repair: nothing happens
            left = max(0, s.damage[t] - e.amount)
            if left:
                s.damage[t] = left
            else:
                s.damage.pop(t, None)
            ev.append(Event("repair", f"{name} repairs {tname}", q))
        elif e.do == "pump":
            s.pump[t] = s.pump.get(t, 0) + e.amount
            ev.append(Event("pump", f"{by}{tname} has +{e.amount} offence this turn", q))
        elif e.do == "ready":
            s.exhausted = s.exhausted - {t}
            ev.append(Event("ready", f"{name} readies {tname}", q))
        elif e.do == "develop":
            counters = (
                "a development counter" if e.amount == 1 else f"{e.amount} development counters"
            )
            ev.append(Event("develop", f"{name} puts {counters} on {tname}", q))
            develop(s, t, e.amount, ev)


def resources(n: int, kind: str) -> str:
    """An amount of one resource in words: "1 basic resource", "2 gold
    resources"; a kind that is a noun itself is counted alone ("1 gemstone")."""
    if kind.endswith("s"):
        return amount(n, kind)
    return f"{n} {kind} resource{'s' * (n != 1)}"


def _return_unit(s: State, q: int, by: str, ev: list[Event]) -> None:
    """The unit last put into `q`'s graveyard is put into play (not recruited) in
    `q`'s first territory; it enters now, so only Blitz lets it attack this turn."""
    unit = next((c for c in reversed(s.grave[q]) if s.defs[c].type == "unit"), None)
    if unit is None:
        return
    slot = next(i for i, t in enumerate(s.slots[q]) if t is not None)
    s.grave[q] = [c for c in s.grave[q] if c != unit]
    enter(s, q, unit, slot)
    ev.append(
        Event(
            "return",
            f"{by}{s.defs[unit].name} is put into play from {p(q)}'s graveyard",
            q,
            (s.names[unit],),
            zone("grave", q),
            terr(slot, q),
        )
    )


def _discard_random(s: State, q: int, n: int, by: str, ev: list[Event]) -> None:
    s.rng = fork(s.rng)
    for _ in range(min(n, len(s.hand[q]))):
        c = s.hand[q].pop(s.rng.randrange(len(s.hand[q])))
        s.grave[q] = [*s.grave[q], c]
        ev.append(
            Event(
                "discard",
                f"{by}{p(q)} discards {s.defs[c].name} at random",
                q,
                (s.names[c],),
                f"hand:{q}",
                f"grave:{q}",
            )
        )
