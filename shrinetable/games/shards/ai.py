"""Shards' computer player: one step of look-ahead over the legal actions,
scored by a position evaluation that counts what the win conditions count
(buildings standing, Grand counters, cards and resources left). A combat
move is scored on the position after the combat, played out with a careful
defender's guess (`settle`); an attack also as the start of an attack by every
unit that may join it (`_all_in`), which is how a side that is ahead presses on.

Attrition is counted as a clock: a deck's cards (and, at half weight, the
resources an empty deck's draws would expend) cost more the fewer are left,
and more when the other seat's cards make it draw (`pressure`). So a forced
draw (Tolling Belfry, Flood of Petitions) is worth making when the cards it
takes from the deck outweigh the card it gives, that is near the end of the
deck or into a full hand; and cards in play that make a seat draw or discard
each turn (Ashen Edict, Mourning Bells) are counted for the turns to come.

It reads only `game.observe(state, seat)`: the position as its seat may know it
(the other player's secret Starting choice hidden), and of the hidden cards it
counts only how many there are (its own deck list it knows, not the order).
"""

from __future__ import annotations

import random
from typing import Any

from .actions import Action
from .effects import defence, health, offence
from .rules import apply, decision_seat, legal_actions
from .state import State

WIN = 10_000.0
HAND = 0.9  # a card in hand (up to the hand limit)
CLOCK, SLACK = 60.0, 4.0  # the Attrition clock: a seat's deck (and resources) cost
# CLOCK / (clock + SLACK): each card matters more as it runs out
FORCED = 5.0  # forced draws that double the pressure on a deck
HORIZON = 4.0  # further turns a ready or end effect is counted for


def pressure(s: State, me: int, q: int) -> float:
    """How hard `q`'s deck is pressed by the other seat's forced draws, as the
    computer at `me` knows them: its own cards wherever they are (it knows its
    deck list, not the order), the other seat's only once shown (in play,
    graveyard, scrap pile). 1 for a seat whose opponent makes no one draw;
    each card a forcing effect makes the victim draw adds 1 / FORCED."""
    o = 1 - q
    if o == me:
        cards = [c for c in range(1, len(s.defs)) if s.owner[c] == me]
    else:
        cards = [*s.kingdom(o), *s.grave[o], *s.scrap[o]]
    n = sum(
        e.amount
        for c in cards
        for e in s.defs[c].effects
        if e.do == "draw" and e.target == "opponent"
    )
    return 1.0 + n / FORCED


def evaluate(s: State, me: int, press: tuple[float, float] = (1.0, 1.0)) -> float:
    """How good `s` is for `me` (higher is better). `press[q]`: how hard seat q's
    deck is pressed toward Attrition (see `pressure`)."""
    if s.result is not None:
        return WIN if me in s.result.winners else -WIN
    return _side(s, me, press) - _side(s, 1 - me, press)


def _clock(s: State, q: int) -> float:
    """How many more draws `q` survives: its deck, then a resource a draw (R23);
    resources at half weight, as most are spent before the deck runs out."""
    return len(s.deck[q]) + 0.5 * min(sum(s.pool[q].values()), 8)


def margin(s: State, q: int, press: tuple[float, float]) -> float:
    """What one card less in `q`'s deck costs `q` now (the clock's slope)."""
    t = _clock(s, q) + SLACK
    return CLOCK * press[q] / (t * max(t - 1.0, 1.0))


def _recurring(s: State, q: int, press: tuple[float, float]) -> float:
    """`q`'s cards in play whose effects happen by themselves each turn (ready,
    end) and make a seat draw or discard: what HORIZON more of them are worth.
    A forced draw gives the victim a card (while it has room) and takes one
    from its deck; a discard takes a card from the hand."""
    v = 0.0
    for c in s.kingdom(q):
        timed = s.defs[c].timed
        for e in (*timed["ready"], *timed["end"]):
            if e.do not in ("draw", "discard"):
                continue
            victim = q if e.target == "you" else 1 - q
            sign = 1.0 if victim != q else -1.0  # hurting the victim helps q
            if e.do == "discard":
                v += sign * HORIZON * HAND * e.amount
            else:
                room = HAND if len(s.hand[victim]) < 8 else 0.0
                v += sign * HORIZON * e.amount * (margin(s, victim, press) - room)
    return v


def _side(s: State, q: int, press: tuple[float, float]) -> float:
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
    v += HAND * min(len(s.hand[q]), 8)
    # a hoard beyond a good turn's spending is idle; and a resource kept is worth
    # less as the game goes on, as a unit kept at home is, or a seat that has
    # stopped recruiting would hoard for ever (seed 18, Ashen against Prism)
    basic = s.pool[q].get("basic", 0)
    v += keep * (
        0.8 * min(basic, 8)
        + 0.05 * max(0, basic - 8)
        + 1.2 * min(sum(s.pool[q].values()) - basic, 6)
    )
    v -= CLOCK * press[q] / (_clock(s, q) + SLACK)  # Attrition (R23)
    return v + _recurring(s, q, press)


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
        else:  # an Attrition expend in the middle
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
    out, aims = [], {}  # type: list[Any], dict[Any, Any]
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


def _all_in(s: State) -> State:
    """`s` (a combat being declared) with every other unit that may still join it
    added, each aimed as `_candidates` aims, then played out. One attacker more
    at a time can look worse while the defender has blockers for each, though
    together they outnumber the blockers and the rest get through (issue 24: in
    Gilded against Ashen, seed 88, Ashen sent one unit a turn against two blockers,
    six more at home, until the 500-turn cap)."""
    while s.stage == "declare" and s.result is None:
        more = [a for a in _candidates(s, legal_actions(s)) if a.kind == "attack"]
        if not more:
            break
        s, _ = apply(s, more[0])
    return settle(s)


def choose(state: State, rng: random.Random) -> Any:
    """The action the computer takes for the deciding seat of `state`."""
    s = state
    me = decision_seat(s)
    legal = legal_actions(s)
    if len(legal) == 1:
        return legal[0]
    press = (pressure(s, me, 0), pressure(s, me, 1))
    base = evaluate(s, me, press)
    best, best_v = legal[-1], -1e9
    for a in _candidates(s, legal):
        if a.kind == "attack":
            s2 = apply(s, a)[0]
            v = max(evaluate(settle(s2), me, press), evaluate(_all_in(s2), me, press)) - base
        elif a.kind in ("charge", "block", "hold", "pass", "withdraw") or (
            s.combat is not None and a.kind in ("play", "use")
        ):
            v = evaluate(settle(apply(s, a)[0]), me, press) - base
        elif a.kind == "end":
            v = 0.0
        elif a.kind == "begin":
            v = _start_value(s, a)
        elif a.kind == "research":
            v = -1.0
        else:
            s2, _ = apply(s, a)
            v = evaluate(s2, me, press) - base
            if a.kind == "play":
                v += 0.5
        v += rng.random() * 0.01
        if v > best_v:
            best, best_v = a, v
    return best
