"""Shards of the Empire's rules: the deal and Starting Phase, legal actions, and
applying them. Rule ids (R1...) refer to docs/rules/shards.md.

The one source of truth for legality is `legal_actions`; `apply` trusts an
action that is in it (the adapter and `engine.core.play` check membership).
"""

from __future__ import annotations

from itertools import combinations, product
from typing import Any

from shrinetable.engine import REVEAL, Event, numbered
from shrinetable.engine.rng import fork, seeded

from .actions import Action
from .cards import CARD_TARGETS, Def
from .decks import COPIES
from .effects import (
    active,
    can_pay,
    defence,
    gain,
    health,
    offence,
    pay,
    reduce,
    target_choices,
)
from .resolve import develop, draw, enter, resolve, resources, settle, terr, zone
from .schema import amount
from .state import Combat, Options, State

HAND, MAX_HAND, LAID_OUT, PICKS, PICK_COST = 5, 8, 5, 3, 3
NONE = Def("none", "no card", "policy", (), 0, 0, 0, 0, {}, (), "")


p = ("P1", "P2").__getitem__  # p(q): how the log names seat q


def slots(cards: dict[str, Any]) -> int:
    """The most territories a kingdom can hold at once with a card set's `cards`:
    the implicit one and one per territory card a deck may hold (3 of each); the
    text sets no limit (R26). A state has this many slots a seat."""
    return 1 + COPIES * sum(c.type == "territory" for c in cards.values())


def may_found(s: State, founded: int) -> bool:
    """A territory may be founded whenever a building is constructed with a territory
    card (clause territories); only the R26 option sets a limit."""
    limit = s.opts.max_territories
    return founded < len(s.slots[0]) and not (limit and founded >= limit)


# ------------------------------------------------------------------------ the deal


def deal(
    seed: int,
    opts: Options,
    decks: tuple[list[Def], list[Def]],
    room: int,
    first: int | None = None,
) -> State:
    """Number every card from 1 (p1's deck first); lay out each player's Starting
    cards and remove them at random down to five (R6); the first player at random
    (R1); `room` territory slots a seat (`slots`). The game waits for both secret
    Starting choices."""
    defs, names, owner, deck = numbered(decks, NONE)
    rng = seeded(seed)
    start: list[list[int]] = [[], []]
    for q in (0, 1):
        laid = [c for c in deck[q] if defs[c].starting]
        rng.shuffle(laid)
        start[q] = sorted(laid[:LAID_OUT])
        deck[q] = [c for c in deck[q] if c not in start[q]]
    first = rng.randrange(2) if first is None else first
    slots: list[list[list[int] | None]] = [[[0]] + [None] * (room - 1) for _ in (0, 1)]
    return State(
        opts,
        rng,
        defs,
        names,
        owner,
        deck,
        [[], []],
        [[], []],
        [[], []],
        slots,
        [[], []],
        [{}, {}],
        start,
        [(), ()],
        [False, False],
        first=first,
        turn=first,
    )


def decision_seat(s: State) -> int:
    st = s.stage
    if st == "start":
        return 0 if not s.committed[0] else 1
    if st == "bonus":
        return 1 - s.first
    if st == "defend":
        return s.combat.defender
    if st == "tricks":
        return s.combat.priority
    if st == "expend":
        return s.owing[0]
    return s.turn


# ------------------------------------------------------------------------ legality


def legal_actions(s: State) -> list[Action]:
    if s.legal is None:
        s.legal = [] if s.result is not None else _GEN[s.stage](s)
    return s.legal


def _start(s: State) -> list[Action]:
    """R4: the secret choice of up to three kingdom cards of the five, total cost
    at most 3, made in one action so that no step of it shows."""
    q = decision_seat(s)
    kingdom = sorted(c for c in s.start[q] if s.defs[c].type in ("unit", "building", "policy"))
    return [
        Action("begin", targets=tuple(s.names[c] for c in combo))
        for n in range(PICKS + 1)
        for combo in combinations(kingdom, n)
        if sum(s.defs[c].total_cost for c in combo) <= PICK_COST
    ]


BONUSES = tuple(Action("bonus", word=w) for w in ("research", "gold", "gemstones", "faith", "card"))
TRADES = tuple(Action("trade", word=w) for w in ("research", "gold", "gemstones", "faith"))
RESEARCH, END, CHARGE, HOLD, PASS = (
    Action(k) for k in ("research", "end", "charge", "hold", "pass")
)
FAST = ("tactic", "miracle")  # R17: the event types played in a combat
SLOW_ONLY = ("tactic", "territory")  # never played at sorcery speed from hand


def _bonus(s: State) -> list[Action]:
    return list(BONUSES)


def _plays(s: State, q: int, fast: bool) -> list[Action]:
    """Cards `q` may play from hand now: at sorcery speed, or (fast) in a combat."""
    out: list[Action] = []
    defs, names, pool = s.defs, s.names, s.pool[q]
    founded = None
    for c in s.hand[q]:
        d = defs[c]
        kind = d.type
        if (kind not in FAST) if fast else (kind in SLOW_ONLY):
            continue
        if not can_pay(pool, d.cost):  # R3
            continue
        if kind == "unit" or kind == "building":
            if founded is None:
                founded = [i for i, t in enumerate(s.slots[q]) if t is not None]
            wheres = [(i, "") for i in founded]
            if kind == "building" and may_found(s, len(founded)):
                wheres += [(-1, names[t]) for t in s.hand[q] if defs[t].type == "territory"]
            if not wheres:
                continue
        else:
            wheres = [(-1, "")]
        name = names[c]
        if not d.play_aimed:
            out += [Action("play", name, other, slot) for slot, other in wheres]
            continue
        for targets in _target_sets(s, q, c, "play", d.cost):
            out += [Action("play", name, other, slot, targets) for slot, other in wheres]
    return out


def _target_sets(
    s: State, q: int, card: int, when: str, cost, index: int = 0
) -> list[tuple[str, ...]]:
    """Every choice of targets for the effects of `card` that happen `when` (an
    ability: the `index`th); [] when one of them has no legal target (R27)."""
    effects = active(s, q, card, when, cost, index)
    kinds = [e for e in effects if e.target in CARD_TARGETS]
    if not kinds:
        return [()]
    choices = [target_choices(s, q, card, e) for e in kinds]
    if any(not ch for ch in choices):
        return []
    return [tuple(s.names[t] for t in combo) for combo in product(*choices)]


def _abilities(s: State, q: int, fast: bool) -> list[Action]:
    """The abilities `q` may use now (fast ones only, in a combat); `_main` goes
    through them itself, with the rest of the kingdom."""
    out: list[Action] = []
    defs, pool, exhausted, memo = s.defs, s.pool[q], s.exhausted, s.memo.use
    for c in s.kingdom(q):
        d = defs[c]
        if not d.abilities:
            continue
        for k, e in enumerate(d.abilities):
            if (fast and not e.fast) or (e.exhaust and c in exhausted):
                continue
            cost = d.costs[k]
            if not can_pay(pool, cost) or (
                e.condition and not active(s, q, c, "activate", cost, k)
            ):
                continue  # it cannot be paid, or its condition does not hold
            if not d.aimed[k]:
                out.append(
                    memo.get((c, k)) or memo.setdefault((c, k), Action("use", s.names[c], index=k))
                )
                continue
            out += [
                Action("use", s.names[c], targets=ts, index=k)
                for ts in _target_sets(s, q, c, "activate", cost, k)
            ]
    return out


def may_attack(s: State, u: int) -> bool:
    """R9: a ready unit in play that did not enter this turn, unless it has Blitz."""
    d = s.defs[u]
    return (
        d.type == "unit"
        and u not in s.exhausted
        and (s.entered.get(u, 0) < s.turn_no or d.kw("blitz") is not None)
    )


def _aims(s: State, q: int, only_slot: int | None) -> list[int]:
    """The opposing buildings `q` may attack now: in territories not attacked
    this turn, or in the combat's territory (`only_slot`)."""
    defs, aims = s.defs, []
    for slot, t in enumerate(s.slots[1 - q]):
        if t is None or (slot in s.attacked if only_slot is None else slot != only_slot):
            continue
        aims += [b for b in t[1:] if defs[b].type == "building"]
    return aims


def _attack_actions(s: State, units: list[int], aims: list[int]) -> list[Action]:
    names, memo = s.names, s.memo.attack
    return [
        memo.get((u, b)) or memo.setdefault((u, b), Action("attack", names[u], names[b]))
        for b in aims
        for u in units
    ]


def _attacks(s: State, q: int, only_slot: int | None) -> list[Action]:
    aims = _aims(s, q, only_slot)
    if not aims:
        return []
    fighting = s.combat.attackers if s.combat else ()
    return _attack_actions(
        s, [u for u in s.kingdom(q) if u not in fighting and may_attack(s, u)], aims
    )


def _main(s: State) -> list[Action]:
    """Sorcery speed: plays, abilities, Scrap, Trade, attacks, moves, Develop,
    Research, End, in that order. The kingdom is gone through once for the
    abilities, the units and the developable cards."""
    q = s.turn
    defs, names, pool = s.defs, s.names, s.pool[q]
    basic = pool.get("basic", 0)
    out = _plays(s, q, False)
    exhausted, entered, now, counters = s.exhausted, s.entered, s.turn_no, s.counters
    use, develop = s.memo.use, s.memo.develop
    units, ready, devs = [], [], []
    for c in s.kingdom(q):
        d = defs[c]
        if d.abilities:
            for k, e in enumerate(d.abilities):
                if e.exhaust and c in exhausted:
                    continue
                cost = d.costs[k]
                if not can_pay(pool, cost) or (
                    e.condition and not active(s, q, c, "activate", cost, k)
                ):
                    continue  # it cannot be paid, or its condition does not hold
                if not d.aimed[k]:
                    out.append(
                        use.get((c, k)) or use.setdefault((c, k), Action("use", names[c], index=k))
                    )
                    continue
                out += [
                    Action("use", names[c], targets=ts, index=k)
                    for ts in _target_sets(s, q, c, "activate", cost, k)
                ]
        if d.type == "unit":
            units.append(c)
            if c not in exhausted and (entered.get(c, 0) < now or d.kw("blitz") is not None):
                ready.append(c)  # may_attack
        if d.developable and basic >= 1 + counters.get(c, 0):
            devs.append(develop.get(c) or develop.setdefault(c, Action("develop", names[c])))
    if not s.scrapped:
        cards = [c for c in s.hand[q] if defs[c].scrap]
        cards.sort()
        key = tuple(cards)
        scraps = s.memo.scraps.get(key)
        if scraps is None:
            one = s.memo.scrap
            scraps = s.memo.scraps[key] = tuple(
                one.get(combo)
                or one.setdefault(combo, Action("scrap", *map(names.__getitem__, combo)))  # type: ignore[arg-type]
                for n in (1, 2)
                for combo in combinations(cards, n)
            )
        out += scraps
    if basic >= 2:
        out += TRADES
    if ready:
        aims = _aims(s, q, None)
        if aims:
            out += _attack_actions(s, ready, aims)
    founded = [i for i, t in enumerate(s.slots[q]) if t is not None]
    if len(founded) > 1:
        memo = s.memo.move
        for u in units:
            if not (s.opts.move_once and u in s.moved):
                here = s.slot_of(u)
                out += [
                    memo.get((u, i)) or memo.setdefault((u, i), Action("move", names[u], slot=i))
                    for i in founded
                    if i != here
                ]
    out += devs
    if not s.acted:
        out.append(RESEARCH)
    out.append(END)
    return out


def _declare(s: State) -> list[Action]:
    return [*_attacks(s, s.turn, s.combat.slot), CHARGE]


def _defend(s: State) -> list[Action]:
    cb = s.combat
    t = s.slots[cb.defender][cb.slot]
    blocking = {d for _, d in cb.blocks}
    blocked = {a for a, _ in cb.blocks}
    defenders = [
        u
        for u in (t[1:] if t else [])
        if s.defs[u].type == "unit" and u not in s.exhausted and u not in blocking
    ]
    out = [
        Action("block", s.names[d], s.names[a])
        for d in defenders
        for a in cb.fighting()
        if a not in blocked and s.in_play(a)
    ]
    return [*out, HOLD]


def _tricks(s: State) -> list[Action]:
    cb, q = s.combat, s.combat.priority
    out = _plays(s, q, True) + _abilities(s, q, True)
    if q == s.turn:
        out += [
            Action("withdraw", s.names[a])
            for a in cb.fighting()
            if cb.blocker(a) and s.in_play(a) and s.defs[a].kw("hit_and_run") is not None
        ]
    return [*out, PASS]


def _discard(s: State) -> list[Action]:
    return [Action("discard", s.names[c]) for c in s.hand[s.turn]]


def _expend(s: State) -> list[Action]:
    return [Action("expend", word=r) for r in sorted(s.pool[s.owing[0]])]


_GEN = {
    "start": _start,
    "bonus": _bonus,
    "main": _main,
    "declare": _declare,
    "defend": _defend,
    "tricks": _tricks,
    "discard": _discard,
    "expend": _expend,
}


# ------------------------------------------------------------------------ applying


def apply(s0: State, a: Action) -> tuple[State, list[Event]]:
    s = s0.copy()
    ev: list[Event] = []
    q = decision_seat(s)
    _APPLY[a.kind](s, q, a, ev)
    if s.owing and s.result is None and s.stage != "expend":
        s.resume, s.stage = s.stage, "expend"
    if s.result is not None:
        s.stage = "over"
        ev.append(Event("over", s.result.reason))
    return s, ev


def card(s: State, text: str) -> int:
    """The card a legal action's text names (its instance number)."""
    return int(text.rpartition("#")[2])


def _begin(s: State, q: int, a: Action, ev: list[Event]) -> None:
    s.picks[q] = tuple(card(s, t) for t in a.targets)
    s.committed[q] = True
    ev.append(Event("commit", f"{p(q)} has chosen their Starting cards", q))
    if not all(s.committed):
        return
    for r in (0, 1):
        chosen = s.picks[r]
        for c in chosen:
            enter(s, r, c, 0 if s.defs[c].type != "policy" else -1)
            s.entered = {**s.entered, c: 0}  # R9: in play before the first turn
        words = ", ".join(s.defs[c].name for c in chosen) or "no card"
        ev.append(
            Event(
                REVEAL,
                f"{p(r)} begins with {words}",
                r,
                tuple(s.names[c] for c in chosen),
                zone("start", r),
            )
        )
        s.deck[r] += [c for c in s.start[r] if c not in chosen]  # R5
        s.start[r] = []
    s.rng = fork(s.rng)
    for r in (0, 1):
        s.rng.shuffle(s.deck[r])
        draw(s, r, HAND, ev)
    s.stage = "bonus"


def _bonus_apply(s: State, q: int, a: Action, ev: list[Event]) -> None:
    if a.word == "card":
        draw(s, q, 1, ev)
        ev.append(Event("bonus", f"{p(q)} takes an extra card for going second", q))
    else:
        gain(s, q, a.word, 1)
        ev.append(Event("bonus", f"{p(q)} takes {amount(1, a.word)} for going second", q))
    s.turn, s.turn_no = s.first, 0
    _next_turn(s, s.first, ev)


def _play(s: State, q: int, a: Action, ev: list[Event]) -> None:
    c = card(s, a.card)
    d = s.defs[c]
    s.hand[q].remove(c)
    pay(s, q, d.cost)
    s.acted = True
    effects = active(s, q, c, "play", (), 0)
    if d.type in ("unit", "building", "policy"):
        slot = a.slot
        where = "kingdom"
        if a.other:
            t = card(s, a.other)
            s.hand[q].remove(t)
            slot = s.slots[q].index(None)
            s.slots[q][slot] = [t]
            ev.append(
                Event(
                    "found",
                    f"{p(q)} reveals {s.defs[t].name}: a new territory",
                    q,
                    (a.other,),
                    zone("hand", q),
                    terr(slot, q),
                )
            )
        if d.type != "policy":
            where = f"territory {slot + 1}"
        enter(s, q, c, slot)
        verb = {"unit": "recruits", "building": "constructs", "policy": "enacts"}[d.type]
        ev.append(
            Event(
                "play",
                f"{p(q)} {verb} {d.name} ({where})",
                q,
                (a.card,),
                zone("hand", q),
                zone("policy", q) if d.type == "policy" else terr(slot, q),
            )
        )
        resolve(s, q, c, effects, [card(s, t) for t in a.targets], ev, named=True)
    else:
        ev.append(
            Event(
                "play",
                f"{p(q)} plays {d.name}, a {d.type}",
                q,
                (a.card,),
                zone("hand", q),
                zone("grave", q),
            )
        )
        resolve(s, q, c, effects, [card(s, t) for t in a.targets], ev, named=True)
        s.grave[q] = [*s.grave[q], c]
    _responded(s, q)


def _use(s: State, q: int, a: Action, ev: list[Event]) -> None:
    c = card(s, a.card)
    e = s.defs[c].abilities[a.index]
    cost = tuple(e.cost.items())
    effects = active(s, q, c, "activate", cost, a.index)
    pay(s, q, cost)
    if e.exhaust:
        s.exhausted = s.exhausted | {c}
    s.acted = True
    ev.append(Event("use", f"{p(q)} uses {s.defs[c].name}", q))
    resolve(s, q, c, effects, [card(s, t) for t in a.targets], ev, named=True)
    _responded(s, q)


def _responded(s: State, q: int) -> None:
    """R16: in a combat's tricks step, acting hands priority to the other player."""
    if s.stage == "tricks" and s.combat is not None:
        s.combat = s.combat._replace(priority=1 - q, passes=0)


def _scrap(s: State, q: int, a: Action, ev: list[Event]) -> None:
    cards = [card(s, t) for t in (a.card, a.other) if t]
    for c in cards:
        s.hand[q].remove(c)
        s.scrap[q] = [*s.scrap[q], c]
    n = sum(s.defs[c].scrap for c in cards)
    gain(s, q, "basic", n)
    s.scrapped = s.acted = True
    ev.append(
        Event(
            "scrap",
            f"{p(q)} scraps {' and '.join(s.defs[c].name for c in cards)} "
            f"for {resources(n, 'basic')}",
            q,
            tuple(s.names[c] for c in cards),
            zone("hand", q),
            zone("scrap", q),
        )
    )


def _trade(s: State, q: int, a: Action, ev: list[Event]) -> None:
    pay(s, q, (("basic", 2),))
    gain(s, q, a.word, 1)
    s.acted = True
    ev.append(Event("trade", f"{p(q)} trades 2 basic resources for {amount(1, a.word)}", q))


def _move(s: State, q: int, a: Action, ev: list[Event]) -> None:
    u = card(s, a.card)
    here = s.slot_of(u)
    s.slots[q][here] = [x for x in s.slots[q][here] if x != u]
    s.slots[q][a.slot] = [*s.slots[q][a.slot], u]
    s.moved = s.moved | {u}
    s.acted = True
    ev.append(
        Event(
            "move",
            f"{p(q)} moves {s.defs[u].name} to territory {a.slot + 1}",
            q,
            (a.card,),
            terr(here, q),
            terr(a.slot, q),
        )
    )


def _develop(s: State, q: int, a: Action, ev: list[Event]) -> None:
    c = card(s, a.card)
    n = s.counters.get(c, 0)
    pay(s, q, (("basic", 1 + n),))
    s.acted = True
    ev.append(
        Event(
            "develop",
            f"{p(q)} develops {s.defs[c].name} for "
            f"{resources(1 + n, 'basic')} ({n + 1} development "
            f"counter{'s' * (n > 0)} on it)",
            q,
        )
    )
    develop(s, c, 1, ev)


def _research(s: State, q: int, a: Action, ev: list[Event]) -> None:
    s.acted = True
    ev.append(Event("research", f"{p(q)} researches: draws 2 and ends the turn", q))
    draw(s, q, 2, ev)
    if s.owing:  # R23: the expends come first, then the End Phase
        s.stage, s.resume = "expend", "end"
    elif s.result is None:
        _end_phase(s, ev)


def _end(s: State, q: int, a: Action, ev: list[Event]) -> None:
    """Said first: the End Phase's own lines (a card's draw) come after it."""
    ev.append(Event("end", f"{p(q)} ends the turn", q))
    _end_phase(s, ev)


def _attack(s: State, q: int, a: Action, ev: list[Event]) -> None:
    u, b = card(s, a.card), card(s, a.other)
    o = 1 - q
    slot = s.slot_of(b)
    if s.combat is None:
        s.combat = Combat(o, slot, priority=q)
        s.attacked = s.attacked | {slot}
        s.stage = "declare"
        s.acted = True
    cb = s.combat
    s.combat = cb._replace(attackers=(*cb.attackers, u), aims=(*cb.aims, b))
    s.exhausted = s.exhausted | {u}
    ev.append(
        Event(
            "attack",
            f"{p(q)} attacks {p(o)}'s territory {slot + 1} with "
            f"{s.defs[u].name}, aiming at {s.defs[b].name}",
            q,
        )
    )


def _charge(s: State, q: int, a: Action, ev: list[Event]) -> None:
    s.stage = "defend"
    n = len(s.combat.attackers)
    ev.append(
        Event(
            "charge",
            f"{p(q)} charges with {n} unit{'s' if n > 1 else ''}; {p(s.combat.defender)} may block",
            q,
        )
    )


def _block(s: State, q: int, a: Action, ev: list[Event]) -> None:
    d, att = card(s, a.card), card(s, a.other)
    cb = s.combat
    s.combat = cb._replace(blocks=(*cb.blocks, (att, d)))
    ev.append(Event("block", f"{p(q)} blocks {s.defs[att].name} with {s.defs[d].name}", q))


def _hold(s: State, q: int, a: Action, ev: list[Event]) -> None:
    s.stage = "tricks"
    s.combat = s.combat._replace(priority=s.turn, passes=0)
    ev.append(Event("hold", f"{p(q)} is done blocking", q))


def _withdraw(s: State, q: int, a: Action, ev: list[Event]) -> None:
    u = card(s, a.card)
    cb = s.combat
    s.combat = cb._replace(withdrawn=(*cb.withdrawn, u))
    s.exhausted = s.exhausted - {u}
    ev.append(
        Event("withdraw", f"{p(q)} pulls {s.defs[u].name} out of the combat (Hit and Run)", q)
    )
    _responded(s, q)


def _pass(s: State, q: int, a: Action, ev: list[Event]) -> None:
    cb = s.combat
    if cb.passes + 1 >= 2:
        ev.append(Event("pass", f"{p(q)} passes", q))
        _damage(s, ev)
        return
    s.combat = cb._replace(priority=1 - q, passes=cb.passes + 1)
    ev.append(Event("pass", f"{p(q)} passes", q))


def _damage(s: State, ev: list[Event]) -> None:
    """Combat step 4 (R10-R15): all damage at once, attackers in declaration order."""
    cb, q = s.combat, s.turn
    hurt: dict[int, int] = {}
    razed: dict[int, int] = {}  # building -> the attacker that destroyed it
    for att, aim in zip(cb.attackers, cb.aims, strict=True):
        if att in cb.withdrawn or not s.in_play(att):
            continue
        off = offence(s, att)
        dfn = cb.blocker(att)
        overwhelm = s.defs[att].kw("overwhelm") is not None
        to_building = 0
        if dfn and s.in_play(dfn):
            dealt = reduce(s, dfn, off)
            left = health(s, dfn) - s.damage.get(dfn, 0)
            back, mine = offence(s, dfn), health(s, att) - s.damage.get(att, 0)
            an, dn = s.defs[att].name, s.defs[dfn].name
            said = f"{an} offence {off} against {dn} health {left}, {back} against {mine} back"
            ev.append(Event("fight", said, q))
            hurt[dfn] = hurt.get(dfn, 0) + dealt
            hurt[att] = hurt.get(att, 0) + reduce(s, att, offence(s, dfn))
            if overwhelm and dealt > left:
                to_building = dealt - left  # R13
        elif not dfn or overwhelm:  # R30: a blocker gone stops all but Overwhelm
            to_building = off
        if to_building and s.in_play(aim):
            to_building = reduce(s, aim, to_building + (s.defs[att].kw("wrecker") or 0))
            before = s.damage.get(aim, 0) + hurt.get(aim, 0)
            an, bn, stands = s.defs[att].name, s.defs[aim].name, defence(s, aim) - before
            ev.append(
                Event("fight", f"{an} offence {to_building} against {bn} defence {stands}", q)
            )
            hurt[aim] = hurt.get(aim, 0) + to_building
            if aim not in razed and before < defence(s, aim) <= before + to_building:
                razed[aim] = att
    for c, n in hurt.items():
        if n:
            s.damage[c] = s.damage.get(c, 0) + n
            ev.append(Event("damage", f"{s.defs[c].name} takes {n} damage", s.owner[c]))
    for _b, att in razed.items():  # R15
        if s.defs[att].kw("pillage") is not None:
            gain(s, q, "basic", 1)
            ev.append(Event("pillage", f"{s.defs[att].name} pillages 1 resource", q))
    s.combat = None
    s.stage = "main"
    settle(s, ev)


def _expend_apply(s: State, q: int, a: Action, ev: list[Event]) -> None:
    pay(s, q, ((a.word, 1),))
    ev.append(Event("expend", f"{p(q)} draws from an empty deck: expends 1 {a.word}", q))
    s.owing = s.owing[1:]
    if not s.owing and s.resume == "end":
        _end_phase(s, ev)
    elif not s.owing:
        s.stage = s.resume


def _discard_apply(s: State, q: int, a: Action, ev: list[Event]) -> None:
    c = card(s, a.card)
    s.hand[q].remove(c)
    s.grave[q] = [*s.grave[q], c]
    ev.append(
        Event(
            "discard",
            f"{p(q)} discards {s.defs[c].name} (hand limit 8)",
            q,
            (a.card,),
            zone("hand", q),
            zone("grave", q),
        )
    )
    if len(s.hand[q]) <= MAX_HAND:
        _next_turn(s, 1 - q, ev)


def _end_phase(s: State, ev: list[Event]) -> None:
    """End Phase: end-of-turn abilities, Vigilant units ready, every unit heals
    (R29), this turn's boosts end, then discard to 8 (R24)."""
    q, defs = s.turn, s.defs
    s.stage = "main"
    for c in [c for c in s.kingdom(q) if defs[c].timed["end"]]:
        if s.in_play(c) and s.result is None:
            resolve(s, q, c, active(s, q, c, "end", (), 0), [], ev)
    if s.exhausted:
        s.exhausted = s.exhausted - {
            u for u in s.kingdom(q) if defs[u].type == "unit" and defs[u].kw("vigilant") is not None
        }
    for c in [c for c in s.damage if defs[c].type == "unit"]:
        del s.damage[c]
    if s.pump:
        s.pump = {}
    if s.result is not None:
        return
    if len(s.hand[q]) > MAX_HAND:
        s.stage = "discard"
        ev.append(Event("end", f"{p(q)} must discard down to {MAX_HAND}", q))
        return
    _next_turn(s, 1 - q, ev)


def _next_turn(s: State, q: int, ev: list[Event]) -> None:
    """`q`'s turn: Ready Phase (its cards ready, its ready abilities), Draw Phase."""
    s.turn, s.turn_no = q, s.turn_no + 1
    s.scrapped = s.acted = False
    s.moved = s.attacked = frozenset()
    mine = s.kingdom(q)
    if s.exhausted:
        s.exhausted = s.exhausted.difference(mine)
    s.stage = "main"
    ev.append(Event("turn", f"Turn {s.turn_no}: {p(q)}", q))
    for c in [c for c in mine if s.defs[c].timed["ready"]]:
        if s.in_play(c) and s.result is None:
            resolve(s, q, c, active(s, q, c, "ready", (), 0), [], ev)
    draw(s, q, 1, ev)


_APPLY = {
    "begin": _begin,
    "bonus": _bonus_apply,
    "play": _play,
    "use": _use,
    "scrap": _scrap,
    "trade": _trade,
    "move": _move,
    "develop": _develop,
    "research": _research,
    "end": _end,
    "attack": _attack,
    "charge": _charge,
    "block": _block,
    "hold": _hold,
    "withdraw": _withdraw,
    "pass": _pass,
    "discard": _discard_apply,
    "expend": _expend_apply,
}
