"""Sorcerer's rules: the legal-action generator and the step function.

`legal_actions` is the one source of truth for what may be done; `apply` accepts
exactly those actions (and asks `explain` only to word a refusal). Clause and
ruling ids in comments refer to docs/rules/sorcerer.md.
"""

from __future__ import annotations

from dataclasses import replace
from itertools import combinations

from shrinetable.engine import Event, IllegalAction, Outcome, numbered
from shrinetable.engine.rng import fork, seeded

from .actions import Action
from .cards import CHARMING, ENERGY, FLYING, GROSS, NONE, QUICK, STRONG, WISHFUL, Def
from .explain import explain
from .state import Lane, Options, State

START_MP, HAND, IN_PLAY, MAX_BOOSTS, BONUS = 30, 3, 2, 3, 2
PASS = Action("pass")
AIRBORNE = (ENERGY, FLYING)
TOUGH = (STRONG, GROSS)


def p(seat: int) -> str:
    return f"p{seat + 1}"


# --------------------------------------------------------------------------- setup


def deal(seed: int, opts: Options, decks: tuple[list[Def], list[Def]]) -> State:
    """Number every card from 1 (p1's deck first), shuffle each deck with the seed,
    three cards to each hand, two into play (clause setup; no cut, R1); p1 begins
    (R2), its hand already full."""
    defs, names, owner, piles = numbered(decks, NONE)
    rng = seeded(seed)
    for pile in piles:
        rng.shuffle(pile)
    hand = [[pile.pop() for _ in range(min(HAND, len(pile)))] for pile in piles]
    play = [[pile.pop() for _ in range(min(IN_PLAY, len(pile)))] for pile in piles]
    s = State(
        opts, rng, defs, names, owner, piles, hand, play, [[], []], [[], []], [START_MP, START_MP]
    )
    start_turn(s, 0, [])
    return s


def may_block(a: Def, d: Def, special: bool) -> bool:
    """Clause energy-flying: an Energy or Flying attacker, only by Energy or Flying."""
    return not (special and a.spell in AIRBORNE and d.spell not in AIRBORNE)


def bonuses(a: Def, d: Def, special: bool) -> tuple[int, int]:
    """Clauses gross, strong (R16): the attack and shield bonus of a blocked pair."""
    if not special:
        return 0, 0
    return (
        BONUS if a.spell == GROSS and d.spell not in TOUGH else 0,
        BONUS if d.spell == STRONG and a.spell not in TOUGH else 0,
    )


def decision_seat(s: State) -> int:
    return 1 - s.turn if s.stage in ("defend", "dboost") else s.turn


# --------------------------------------------------------------------------- legality


def legal_actions(s: State) -> list[Action]:
    """Every legal action, in a fixed order (cached on the state)."""
    if s.legal is None:
        s.legal = _GEN[s.stage](s)
    return s.legal


def _gen_play(s: State) -> list[Action]:
    """Play one card from hand (clause play, R3, R4), sacrifice, or go on to attack."""
    q, out = s.turn, []
    names = s.names
    if s.in_play(q) < IN_PLAY:
        out = [Action("play", names[c]) for c in s.hand[q]]
    else:
        out = [Action("play", names[c], names[r]) for c in s.hand[q] for r in s.play[q]]
    return out + _sacrifices(s, q) + [PASS]


def _gen_attack(s: State) -> list[Action]:
    """Attack with any unturned card in play, one at a time (clause attack, R5)."""
    q, names, turned = s.turn, s.names, s.turned
    out = [Action("attack", names[c]) for c in s.play[q] if c not in turned]
    return out + _sacrifices(s, q) + [PASS]


def _gen_defend(s: State) -> list[Action]:
    """Block an undefended attacker with any card in play (clause defend, R7;
    energy-flying; a turned one too unless the R6 option is on), play a Quick card
    (quick, R13), or sacrifice."""
    d, names, defs, special = 1 - s.turn, s.names, s.defs, s.opts.special
    out = []
    free = [lane.att for lane in s.lanes if lane.dfn < 0]
    for y in s.play[d]:
        if y in s.turned and s.opts.turned_cannot_defend:
            continue
        for x in free:
            if not may_block(defs[x], defs[y], special):
                continue
            out.append(Action("defend", names[y], names[x]))
    if special and not s.quick_used:
        room = s.in_play(d) < IN_PLAY
        for c in s.hand[d]:
            if defs[c].spell == QUICK:
                out += (
                    [Action("quick", names[c])]
                    if room
                    else [Action("quick", names[c], names[r]) for r in s.play[d]]
                )
    return out + _sacrifices(s, d) + [PASS]


def _sacrifices(s: State, q: int) -> list[Action]:
    """Wishful cards in play, not in a lane (clause wishful, R14)."""
    if not s.opts.special:
        return []
    return [Action("sacrifice", s.names[c]) for c in s.play[q] if s.defs[c].spell == WISHFUL]


def _gen_dboost(s: State) -> list[Action]:
    return _boosts(s, 1 - s.turn, [lane.dfn for lane in s.lanes if lane.dfn >= 0])


def _gen_aboost(s: State) -> list[Action]:
    return _boosts(s, s.turn, [lane.att for lane in s.lanes])


def _boosts(s: State, q: int, targets: list[int]) -> list[Action]:
    """Boosts from `q`'s hand onto one of `targets`: one card, or with special
    properties up to three with at most one that is not Charming (clauses
    defence-boost, attack-boost, charming; R9)."""
    hand = sorted(s.hand[q])
    if s.opts.special:
        defs = s.defs
        sets = [(c,) for c in hand] + [
            combo
            for n in (2, 3)
            for combo in combinations(hand, n)
            if sum(defs[c].spell != CHARMING for c in combo) <= 1
        ]
    else:
        sets = [(c,) for c in hand]
    names = s.names
    out = [
        Action("boost", names[t], boosts=tuple(names[c] for c in combo))
        for t in targets
        for combo in sets
    ]
    out.append(PASS)
    return out


_GEN = {
    "play": _gen_play,
    "attack": _gen_attack,
    "defend": _gen_defend,
    "dboost": _gen_dboost,
    "aboost": _gen_aboost,
    "over": lambda s: [],
}


# --------------------------------------------------------------------------- step


def _int(text: str) -> int:
    return int(text.rpartition("#")[2])


def apply(s: State, a: Action) -> tuple[State, list[Event]]:
    """The state after `a` and what happened; IllegalAction if `a` is not legal."""
    if a not in legal_actions(s):
        raise IllegalAction(*explain(s, a))
    me = decision_seat(s)
    s = s.copy()
    ev: list[Event] = []
    _DO[a.kind](s, me, a, ev)
    return s, ev


def _do_play(s: State, me: int, a: Action, ev: list[Event]) -> None:
    """Play (own turn) or Quick (defend step): hand to play, then the replaced
    card to the discard pile (the log says the play, then what it costs)."""
    c = _int(a.card)
    s.hand[me].remove(c)
    words = f"{p(me)} puts {s.defs[c].name} into play"
    if a.kind == "quick":
        words += " in the opponent's turn (Quick)"
    if a.other:
        words += f" in place of {s.defs[_int(a.other)].name}"
    ev.append(Event(a.kind, words, me, (a.card,), f"hand:{me}", f"play:{me}"))
    at = len(s.play[me])
    if a.other:  # in the replaced card's place: the cards in play keep their order
        at = s.play[me].index(_int(a.other))
        _to_discard(s, _int(a.other), f"play:{me}", ev)
    s.play[me].insert(at, c)
    if a.kind == "play":
        s.played, s.stage = True, "attack"
    else:
        s.quick_used = True


def _to_discard(s: State, c: int, source: str, ev: list[Event], said: bool = True) -> None:
    """`c` to its owner's discard pile; the log says so unless the event before
    said it already (`said`: a damage round's sum names the card it beats)."""
    q = s.owner[c]
    if source.startswith("play:"):
        s.play[q].remove(c)
    s.discard[q].append(c)
    s.turned = s.turned - {c} if c in s.turned else s.turned
    words = f"{s.defs[c].name} goes to {p(q)}'s discard pile" if said else ""
    ev.append(Event("discard", words, q, (s.names[c],), source, f"discard:{q}"))


def _do_sacrifice(s: State, me: int, a: Action, ev: list[Event]) -> None:
    """Out of the game for magic points equal to its shield (clause wishful)."""
    c = _int(a.card)
    s.play[me].remove(c)
    s.removed[me].append(c)
    s.turned = s.turned - {c} if c in s.turned else s.turned
    gain = s.defs[c].shield
    s.mp[me] += gain
    ev.append(
        Event(
            "sacrifice",
            f"{p(me)} sacrifices {s.defs[c].name} for {gain} magic "
            f"point{'s' * (gain != 1)} ({s.mp[me]})",
            me,
            (a.card,),
            f"play:{me}",
            f"removed:{me}",
        )
    )


def _do_attack(s: State, me: int, a: Action, ev: list[Event]) -> None:
    """The card turns and takes the next free lane (clause attack)."""
    c = _int(a.card)
    s.play[me].remove(c)
    s.lanes = (*s.lanes, Lane(c))
    s.turned = s.turned | {c}
    ev.append(
        Event(
            "attack",
            f"{p(me)} attacks with {s.defs[c].name}",
            me,
            (a.card,),
            f"play:{me}",
            f"lane{len(s.lanes)}",
        )
    )


def _do_defend(s: State, me: int, a: Action, ev: list[Event]) -> None:
    """The defender lies on its attacker (clause defend)."""
    y, x = _int(a.card), _int(a.other)
    s.play[me].remove(y)
    i = next(i for i, lane in enumerate(s.lanes) if lane.att == x)
    s.lanes = (*s.lanes[:i], replace(s.lanes[i], dfn=y), *s.lanes[i + 1 :])
    ev.append(
        Event(
            "defend",
            f"{p(me)} defends {s.defs[x].name} with {s.defs[y].name}",
            me,
            (a.card,),
            f"play:{me}",
            f"lane{i + 1}",
        )
    )


def _do_boost(s: State, me: int, a: Action, ev: list[Event]) -> None:
    """Boost cards from hand onto one card of a lane, then the next step."""
    t = _int(a.card)
    bs = tuple(_int(b) for b in a.boosts)
    for b in bs:
        s.hand[me].remove(b)
    i = next(i for i, lane in enumerate(s.lanes) if t in (lane.att, lane.dfn))
    lane = s.lanes[i]
    lane = replace(lane, ab=lane.ab + bs) if lane.att == t else replace(lane, db=lane.db + bs)
    s.lanes = (*s.lanes[:i], lane, *s.lanes[i + 1 :])
    names = [s.defs[b].name for b in bs]
    words = " and ".join([", ".join(names[:-1]), names[-1]] if len(names) > 1 else names)
    ev.append(
        Event(
            "boost",
            f"{p(me)} boosts {s.defs[t].name} with {words}",
            me,
            a.boosts,
            f"hand:{me}",
            f"lane{i + 1}",
        )
    )
    _next_step(s, ev)


# what a pass gives up, step by step: the log says it, as "P1 passes" did not
PASSED = {
    "play": "puts no card into play",
    "attack": "is done attacking",
    "defend": "is done defending",
    "dboost": "adds no defence boost",
    "aboost": "adds no attack boost",
}


def _do_pass(s: State, me: int, a: Action, ev: list[Event]) -> None:
    words = PASSED[s.stage]
    if s.stage == "attack" and not s.lanes:
        words = "does not attack"
    elif s.stage == "defend" and all(lane.dfn < 0 for lane in s.lanes):
        words = "does not defend"
    ev.append(Event("pass", f"{p(me)} {words}", me))
    _next_step(s, ev)


def _next_step(s: State, ev: list[Event]) -> None:
    """On to the next step of the turn (clause order of the turn)."""
    st = s.stage
    if st == "play":
        s.stage = "attack"
    elif st == "attack":
        if s.lanes:
            s.stage = "defend"
        else:
            _end_turn(s, ev)
    elif st == "defend":
        s.stage = "dboost" if any(lane.dfn >= 0 for lane in s.lanes) else "aboost"
    elif st == "dboost":
        s.stage = "aboost"
    else:
        _damage_round(s, ev)
        _end_turn(s, ev)


_DO = {
    "play": _do_play,
    "quick": _do_play,
    "sacrifice": _do_sacrifice,
    "attack": _do_attack,
    "defend": _do_defend,
    "boost": _do_boost,
    "pass": _do_pass,
}


# --------------------------------------------------------------------------- damage


def pair(s: State, lane: Lane) -> tuple[int, int, str]:
    """A lane's attack total, shield total and the sum in words (clause damage, R8;
    gross, strong, R16). Shield is 0 for an undefended attacker."""
    defs, special = s.defs, s.opts.special
    a = defs[lane.att]
    atk, words = a.attack, [f"{a.name} {a.attack}"]
    for b in lane.ab:
        atk += defs[b].attack
        words.append(f"boost {defs[b].attack}")
    if lane.dfn < 0:
        return atk, 0, _sum(words, atk) + ", undefended"
    d = defs[lane.dfn]
    gross, strong = bonuses(a, d, special)
    if gross:
        atk += gross
        words.append(f"Gross {gross}")
    shd, dwords = d.shield, [f"{d.name} {d.shield}"]
    for b in lane.db:
        shd += defs[b].shield
        dwords.append(f"boost {defs[b].shield}")
    if strong:
        shd += strong
        dwords.append(f"Strong {strong}")
    return atk, shd, f"{_sum(words, atk)} against {_sum(dwords, shd)}"


def _sum(words: list[str], total: int) -> str:
    return words[0] if len(words) == 1 else " + ".join(words) + f" = {total}"


def verdict(s: State, lane: Lane) -> str:
    """The pair's sum and what it does, as the damage round's event says it."""
    atk, shd, says = pair(s, lane)
    d, a = 1 - s.owner[lane.att], s.defs[lane.att]
    if lane.dfn < 0 or atk > shd:
        lost = atk - shd
        tail = f"{p(d)} loses {lost} magic point{'s' * (lost != 1)}" if lost else "no damage"
        if lane.dfn >= 0:
            tail = f"{s.defs[lane.dfn].name} is discarded and {tail}"
        return f"{says}: {tail}"
    if shd > atk:
        return f"{says}: {a.name} is discarded, no damage"
    return f"{says}: a tie, both stay and nobody loses magic points"


def _damage_round(s: State, ev: list[Event]) -> None:
    """Each lane in order, then every boost to its owner's discard pile and the
    surviving cards back into play (clauses damage, boosts-discarded; R10, R17);
    a player at 0 magic points or fewer loses (winning, R11)."""
    me, d = s.turn, 1 - s.turn
    lanes, s.lanes = s.lanes, ()
    for i, lane in enumerate(lanes):
        zone = f"lane{i + 1}"
        atk, shd, _ = pair(s, lane)
        ev.append(Event("damage", verdict(s, lane), d))
        if lane.dfn < 0 or atk > shd:
            s.mp[d] -= atk - shd
            if lane.dfn >= 0:
                _to_discard(s, lane.dfn, zone, ev, said=False)
                _boosts_off(s, lane.db, zone, ev)
        elif shd > atk:
            _to_discard(s, lane.att, zone, ev, said=False)
            _boosts_off(s, lane.ab, zone, ev)
        if lane.att not in s.discard[me]:
            s.play[me].append(lane.att)
        if lane.dfn >= 0 and lane.dfn not in s.discard[d]:
            s.play[d].append(lane.dfn)
        for b in (*lane.ab, *lane.db):
            if b not in s.discard[s.owner[b]]:
                _to_discard(s, b, zone, ev)
    if s.mp[d] <= 0:
        s.mp[d] = 0
        s.result = Outcome(
            (me,), f"{p(d)} has no magic points left", "a player has no magic points left"
        )
        ev.append(Event("over", f"{p(me)} wins: {s.result.reason}", me))


def _boosts_off(s: State, bs: tuple[int, ...], zone: str, ev: list[Event]) -> None:
    for b in bs:
        _to_discard(s, b, zone, ev)


# --------------------------------------------------------------------------- turns


def _end_turn(s: State, ev: list[Event]) -> None:
    if s.result is not None:
        s.stage = "over"
        return
    start_turn(s, 1 - s.turn, ev)
    s.turn_no += 1


def start_turn(s: State, q: int, ev: list[Event]) -> None:
    """Unturn, then pick up to three (clauses unturn, pickup; R2, R12); a game with
    no card left anywhere but out of the game is over (R18)."""
    s.turn, s.stage, s.played, s.quick_used = q, "play", False, False
    mine = [c for c in s.turned if s.owner[c] == q]
    if mine:
        s.turned = s.turned - set(mine)
        ev.append(
            Event(
                "unturn",
                f"{p(q)} unturns {len(mine)} card{'s' * (len(mine) > 1)}",
                q,
                tuple(s.names[c] for c in sorted(mine)),
            )
        )
    hand = s.hand[q]
    while len(hand) < HAND:
        _refill(s, q, ev)
        if not s.deck[q]:
            break
        c = s.deck[q].pop()
        hand.append(c)
        ev.append(
            Event(
                "draw", f"{p(q)} picks up a card", q, (s.names[c],), f"deck:{q}", f"hand:{q}", (q,)
            )
        )
        _refill(s, q, ev)
    if not any(s.deck[r] or s.hand[r] or s.play[r] or s.discard[r] for r in (0, 1)):
        s.result, s.stage = (
            Outcome((), "no cards left to play: a draw", "a draw: no cards left"),
            "over",
        )
        ev.append(Event("over", "No cards left to play: a draw"))


def _refill(s: State, q: int, ev: list[Event]) -> None:
    """The draw that empties a deck turns the shuffled discard pile into the deck at
    once, so cards discarded later stay in the pile; a deck found empty at a draw
    takes the pile then (clause reshuffle, R20; no cut, R1)."""
    if not s.deck[q] and s.discard[q]:
        _reshuffle(s, q, ev)


def _reshuffle(s: State, q: int, ev: list[Event]) -> None:
    s.rng = fork(s.rng)
    pile, s.discard[q] = s.discard[q], []
    s.rng.shuffle(pile)
    s.deck[q] = pile
    ev.append(
        Event(
            "reshuffle",
            f"{p(q)} shuffles the discard pile into a new deck",
            q,
            (),
            f"discard:{q}",
            f"deck:{q}",
        )
    )
