"""Shrine's rules: the legal-action generator and the step function.

`legal_actions` is the one source of truth for what may be done; `apply`
accepts exactly those actions (and asks `explain` only to word a refusal).
Rule clause and ruling ids in comments refer to docs/rules/shrine.md.
"""

from __future__ import annotations

from itertools import combinations

from shrinetable.engine import Event, IllegalAction, Outcome
from shrinetable.engine.rng import fork, seeded

from .actions import Action
from .cards import ACE, JACK, JOKER, KING, NAMES, QUEEN, RANK, RED, canon, full_deck, is_sequence
from .state import Options, State

HAND_LIMIT = 7
START = 5

PASS, DRAW, TAKE, ALLOW, ACCEPT = (Action(k) for k in ("pass", "draw", "take", "allow", "accept"))


def p(seat: int) -> str:
    return f"p{seat + 1}"


# --------------------------------------------------------------------------- setup


def new_game(seed: int, opts: Options, seats: int) -> State:
    """Shuffle, deal five-card Shrines and five-card hands (clause setup, R2)."""
    rng = seeded(seed)
    deck = full_deck(opts.balance)
    rng.shuffle(deck)
    s = State(
        seats,
        opts,
        rng,
        deck,
        [],
        [],
        [],
        [[] for _ in range(seats)],
        [[] for _ in range(seats)],
        [[] for _ in range(seats)],
        [True] * seats,
    )
    for _ in range(START):
        for q in range(seats):
            s.shrines[q].append(_setup_card(s))
    for _ in range(START):
        for q in range(seats):
            s.hands[q].append(_setup_card(s))
    s.actions_left = _allowance(s, 0)
    return s


def _setup_card(s: State) -> int:
    """R2 / balance: a Balance card dealt at setup goes back into the deck."""
    c = s.deck.pop()
    while c == JOKER:
        s.deck.insert(s.rng.randrange(len(s.deck) + 1), c)
        c = s.deck.pop()
    return c


def _allowance(s: State, seat: int) -> int:
    """Actions a turn allows: two with the Dagger as a Token in play (dagger-token)."""
    return 2 if s.dagger_token(seat) else 1


# --------------------------------------------------------------------------- legality


def legal_actions(s: State) -> list[Action]:
    """Every legal action of the seat whose decision it is: unique, in a fixed
    order (the generators' order, itself a function of the state). Cached on
    the state, which is never changed once built."""
    if s.legal is None:
        s.legal = _GENERATORS[s.stage](s)
    return s.legal


def _gen_turn(s: State) -> list[Action]:
    return [DRAW, TAKE] if s.graveyard else [DRAW]


def _gen_over(s: State) -> list[Action]:
    return []


def _gen_discard(s: State) -> list[Action]:
    seat = s.discards[0][0]
    return [Action("discard", (c,)) for c in s.hands[seat]]


def _gen_respond(s: State) -> list[Action]:
    seat = s.responders[0]
    out = [ALLOW]
    out += _fizzles(s, seat, "fizzle")
    act = s.act
    if act.seat == seat:
        if _token_blockable(act):
            out += [Action("block", (t,)) for t in s.fields[seat]]
        if _is_dagger(act):
            hand = s.hands[seat]
            for a in hand:
                if RANK[a] == ACE:
                    out += [
                        Action("dblock", (a,), pay=c) for c in hand if c != a and RED[c] == RED[a]
                    ]
    return out


def _gen_counter(s: State) -> list[Action]:
    return [ACCEPT, *_fizzles(s, s.turn, "counter")]


def _fizzles(s: State, seat: int, kind: str) -> list[Action]:
    hand = s.hands[seat]
    if len(hand) < 3:
        return []
    if s.opts.alternate_fizzle:
        return [Action(kind, canon(t)) for t in combinations(hand, 3)]
    return [Action(kind)]


def _token_blockable(act: Action) -> bool:
    return act.kind == "attack" or (act.kind == "resurrect" and act.mode == "attack")


def _is_dagger(act: Action) -> bool:
    return act.kind == "dagger" or (act.kind == "resurrect" and act.mode == "dagger")


def _gen_action(s: State) -> list[Action]:
    me = s.turn
    hand = s.hands[me]
    out = [PASS]
    opps = s.opponents(me)
    out += _heals(s, me, hand)
    king = 1 if s.has_kind(me, KING) and not s.king_used else 0
    for o in opps:
        out += [Action("attack", canon(cs), seat=o) for cs in _attack_sets(s, o, hand, king)]
    # special cards (special-pay, token-limit, dagger, dagger-token)
    room = len(s.fields[me]) < s.token_limit(me)
    for c in hand:
        r = RANK[c]
        if r >= JACK and room and not s.has_kind(me, r):
            out += [Action("token", (c,), pay=q) for q in hand if q != c and RED[q] == RED[c]]
        elif r == ACE:
            pays = [q for q in hand if q != c and RED[q] == RED[c]]
            for q in pays:
                for o in opps:
                    out += [
                        Action("dagger", (c,), pay=q, seat=o, victim=v)
                        for v in _dagger_victims(s, o)
                    ]
            if pays and room and s.triad(me) and not s.dagger_token(me):
                out += [Action("daggertoken", (c,), pay=q) for q in pays]
    if s.has_kind(me, JACK) and not s.jack_used:
        out += [Action("jack", seat=o) for o in opps if len(s.hands[o]) >= 2]
    out += _combos(s, me, hand, opps, king)
    return out


def _heals(s: State, me: int, hand: list[int]) -> list[Action]:
    shrine = s.shrines[me]
    if len(shrine) >= s.capacity(me) or RANK[shrine[-1]] == ACE:
        return []
    top = shrine[-1]
    v, red = RANK[top], RED[top]
    reach = 1 if s.has_kind(me, QUEEN) and not s.queen_used else 0
    if s.opts.alternate_healing:
        same = [c for c in hand if RED[c] == red]
        return [Action("heal", canon(cs)) for cs in _subset_sums(same, v - reach, v + reach)]
    out = []
    for a, b in combinations(hand, 2):
        if RANK[a] == RANK[b] and abs(RANK[a] - v) <= reach and (RED[a] == red or RED[b] == red):
            out.append(Action("heal", canon((a, b))))
    return out


def _attack_sets(
    s: State, o: int, cards: list[int], king: int, must: int = -1
) -> list[tuple[int, ...]]:
    """Card sets from `cards` (plus `must`, if given) that remove o's top card."""
    top = s.shrines[o][-1]
    if RANK[top] == ACE:  # dagger-top: only a pair of equal value (R11)
        if must >= 0:
            return [(must, c) for c in cards if RANK[c] == RANK[must]]
        return [(a, b) for a, b in combinations(cards, 2) if RANK[a] == RANK[b]]
    v, red = RANK[top], RED[top]
    if must >= 0:
        if RED[must] == red:
            return []
        opp = [c for c in cards if RED[c] != red]
        m = RANK[must]
        return [(must, *cs) for cs in _subset_sums(opp, v - king - m, v + king - m, True)]
    opp = [c for c in cards if RED[c] != red]
    return _subset_sums(opp, v - king, v + king)


def _subset_sums(
    cards: list[int], lo: int, hi: int, allow_empty: bool = False
) -> list[tuple[int, ...]]:
    """Subsets of `cards` whose ranks sum into [lo, hi]."""
    out: list[tuple[int, ...]] = []
    if allow_empty and lo <= 0 <= hi:
        out.append(())
    n = len(cards)

    def walk(i: int, total: int, chosen: tuple[int, ...]) -> None:
        for j in range(i, n):
            t = total + RANK[cards[j]]
            if t > hi:
                continue
            cs = chosen + (cards[j],)
            if t >= lo:
                out.append(cs)
            walk(j + 1, t, cs)

    walk(0, 0, ())
    return out


def _dagger_victims(s: State, o: int) -> list[int]:
    return [-1, *s.fields[o]]


def _combos(s: State, me: int, hand: list[int], opps: list[int], king: int) -> list[Action]:
    out: list[Action] = []
    by_rank: dict[int, list[int]] = {}
    for c in hand:
        by_rank.setdefault(RANK[c], []).append(c)
    for cs in by_rank.values():
        if len(cs) >= 3:
            for t in combinations(cs, 3):
                out += [Action("triplet", canon(t), seat=o) for o in opps if s.fields[o]]
        if len(cs) == 4:
            out += [Action("quad", canon(cs), seat=o) for o in opps]
    if s.graveyard and len(by_rank) >= 3:
        out += _resurrections(s, me, hand, opps, king)
    return out


def _resurrections(s: State, me: int, hand: list[int], opps: list[int], king: int) -> list[Action]:
    g = s.graveyard[-1]
    rg = RANK[g]
    out: list[Action] = []
    shrine = s.shrines[me]
    can_heal = len(shrine) < s.capacity(me) and RANK[shrine[-1]] != ACE
    room = len(s.fields[me]) < s.token_limit(me)
    for t in combinations(hand, 3):
        if not is_sequence((RANK[t[0]], RANK[t[1]], RANK[t[2]])):
            continue
        seq = canon(t)

        def res(mode, seat=-1, victim=-1, extra=(), seq=seq):
            return Action("resurrect", seq, seat=seat, victim=victim, mode=mode, extra=extra)

        if can_heal:
            out.append(res("heal"))
        rest = [c for c in hand if c not in t]
        for o in opps:
            out += [
                res("attack", o, extra=canon(cs[1:]))
                for cs in _attack_sets(s, o, rest, king, must=g)
            ]
        if rg >= JACK and room and not s.has_kind(me, rg):
            out.append(res("token"))
        if rg == ACE:
            for o in opps:
                out += [res("dagger", o, v) for v in _dagger_victims(s, o)]
            if room and s.triad(me) and not s.dagger_token(me):
                out.append(res("daggertoken"))
    return out


_GENERATORS = {
    "turn": _gen_turn,
    "action": _gen_action,
    "respond": _gen_respond,
    "counter": _gen_counter,
    "discard": _gen_discard,
    "over": _gen_over,
}


def decision_seat(s: State) -> int:
    if s.stage == "respond":
        return s.responders[0]
    if s.stage == "discard":
        return s.discards[0][0]
    return s.turn


# --------------------------------------------------------------------------- apply


def apply(s: State, a: Action) -> tuple[State, list[Event]]:
    """The state after `a`, and what happened; IllegalAction if `a` is not legal."""
    if a not in legal_actions(s):
        from .explain import explain

        raise IllegalAction(*explain(s, a))
    n = s.copy()
    ev: list[Event] = []
    seat = decision_seat(s)
    _STEPS[a.kind](n, a, seat, ev)
    if n.result is not None:
        n.stage = "over"
    return n, ev


def _move(ev, kind, text, seat, cards, source, target, visible_to=None):
    ev.append(Event(kind, text, seat, tuple(NAMES[c] for c in cards), source, target, visible_to))


def _draw_one(n: State, ev: list[Event]) -> int | None:
    """The Deck's top card. The moment the Deck runs out the Graveyard is
    shuffled into a new one (clause reshuffle); R22: nothing when both are empty."""
    if not n.deck:
        _refill(n, ev)
        if not n.deck:
            return None
    c = n.deck.pop()
    if not n.deck:
        _refill(n, ev)
    return c


def _refill(n: State, ev: list[Event]) -> None:
    if n.graveyard:
        n.deck, n.graveyard = n.graveyard, []
        n.rng = fork(n.rng)
        n.rng.shuffle(n.deck)
        ev.append(Event("reshuffle", "The Graveyard is shuffled into a new Deck"))


def _step_draw(n: State, a: Action, me: int, ev: list[Event]) -> None:
    for _ in range(2 if n.dagger_token(me) else 1):
        c = _draw_one(n, ev)
        if c is None:
            ev.append(Event("draw", f"{p(me)} has nothing to draw", me))
            break
        if c == JOKER:  # balance: played at once, uses up the action
            _balance(n, me, c, ev)
            n.actions_left = max(0, n.actions_left - 1)
            if n.result is not None:
                return
            continue
        n.hands[me].append(c)
        _move(ev, "draw", f"{p(me)} draws a card", me, (c,), "deck", f"hand:{me}", (me,))
    _continue(n)


def _step_take(n: State, a: Action, me: int, ev: list[Event]) -> None:
    c = n.graveyard.pop()
    n.hands[me].append(c)
    _move(
        ev,
        "take",
        f"{p(me)} takes {NAMES[c]} from the Graveyard",
        me,
        (c,),
        "graveyard",
        f"hand:{me}",
    )
    n.actions_left = 0  # R6: no more actions this turn, a Dagger-Token's second included
    _continue(n)


def _step_pass(n: State, a: Action, me: int, ev: list[Event]) -> None:
    ev.append(Event("pass", f"{p(me)} passes", me))
    n.actions_left = 0
    _continue(n)


def _step_discard(n: State, a: Action, me: int, ev: list[Event]) -> None:
    c = a.cards[0]
    n.hands[me].remove(c)
    n.graveyard.append(c)
    _move(ev, "discard", f"{p(me)} discards {NAMES[c]}", me, (c,), f"hand:{me}", "graveyard")
    seat, count = n.discards[0]
    n.discards = (((seat, count - 1),) if count > 1 else ()) + n.discards[1:]
    _continue(n)


def _played_cards(a: Action) -> tuple[int, ...]:
    return (*a.cards, *((a.pay,) if a.pay >= 0 else ()), *a.extra)


def _declare(n: State, a: Action, me: int, ev: list[Event]) -> None:
    """Put the action's cards into `pending` and open the response window."""
    hand = n.hands[me]
    cards = _played_cards(a)
    for c in cards:
        hand.remove(c)
    n.pending.extend(cards)
    if a.kind == "resurrect":
        n.pending.append(n.graveyard.pop())
    _move(ev, "play", f"{p(me)} plays: {a.text}", me, cards, f"hand:{me}", "pending")
    n.act = a
    order = [a.seat] if a.seat >= 0 else []
    order += [(me + i) % n.seats for i in range(1, n.seats)]
    n.responders = tuple(
        q for q in dict.fromkeys(order) if q != me and n.alive[q] and _can_respond(n, q, a)
    )
    if n.responders:
        n.stage = "respond"
    else:
        _resolve(n, ev)


def _can_respond(n: State, q: int, a: Action) -> bool:
    if len(n.hands[q]) >= 3:
        return True
    if a.seat != q:
        return False
    if _token_blockable(a) and n.fields[q]:
        return True
    if _is_dagger(a):
        hand = n.hands[q]
        return any(RANK[x] == ACE and any(y != x and RED[y] == RED[x] for y in hand) for x in hand)
    return False


def _step_allow(n: State, a: Action, me: int, ev: list[Event]) -> None:
    n.responders = n.responders[1:]
    if not n.responders:
        _resolve(n, ev)


def _step_block(n: State, a: Action, me: int, ev: list[Event]) -> None:
    t = a.cards[0]
    _move(ev, "block", f"{p(me)} blocks with {NAMES[t]}", me, (t,), f"field:{me}", "graveyard")
    _remove_token(n, me, t, ev)
    _fail(n, ev, "blocked")


def _step_dblock(n: State, a: Action, me: int, ev: list[Event]) -> None:
    cards = (a.cards[0], a.pay)
    for c in cards:
        n.hands[me].remove(c)
    n.graveyard.extend(cards)
    _move(
        ev,
        "dblock",
        f"{p(me)} blocks the Dagger with {NAMES[a.cards[0]]}",
        me,
        cards,
        f"hand:{me}",
        "graveyard",
    )
    _fail(n, ev, "blocked by a Dagger")


def _discard_for_fizzle(n: State, a: Action, me: int, ev: list[Event], word: str) -> None:
    hand = n.hands[me]
    cards = a.cards if a.cards else tuple(hand)
    for c in cards:
        hand.remove(c)
    n.graveyard.extend(cards)
    _move(
        ev,
        a.kind,
        f"{p(me)} {word}, discarding {len(cards)} cards",
        me,
        cards,
        f"hand:{me}",
        "graveyard",
    )


def _step_fizzle(n: State, a: Action, me: int, ev: list[Event]) -> None:
    _discard_for_fizzle(n, a, me, ev, f"fizzles {_pending(n)}")
    n.fizzler = me
    n.responders = ()
    if len(n.hands[n.turn]) >= 3:  # counter-fizzle: the actor may answer (R8)
        n.stage = "counter"
    else:
        _fail(n, ev, "fizzled")


def _step_counter(n: State, a: Action, me: int, ev: list[Event]) -> None:
    _discard_for_fizzle(n, a, me, ev, "counters the Fizzle")
    _resolve(n, ev)


def _step_accept(n: State, a: Action, me: int, ev: list[Event]) -> None:
    _fail(n, ev, "fizzled")


def _fail(n: State, ev: list[Event], why: str) -> None:
    """The pending action is stopped: its cards go to the Graveyard, the action is spent."""
    cards = tuple(n.pending)
    n.graveyard.extend(cards)
    n.pending.clear()
    gone = "; its cards go to the Graveyard" if cards else ""
    _move(ev, "fail", f"{_pending(n)} is {why}{gone}", n.turn, cards, "pending", "graveyard")
    _finish(n)


# an action as the log names it ("p2's Resurrection is fizzled", "p1 fizzles p2's attack")
NAMED = {
    "dagger": "Dagger",
    "daggertoken": "Dagger Token",
    "token": "Token",
    "jack": "Jack",
    "triplet": "Triplet",
    "quad": "Quad",
    "resurrect": "Resurrection",
}


def _pending(n: State) -> str:
    """The action waiting for responses, in words: "p2's Dagger"."""
    return f"{p(n.turn)}'s {NAMED.get(n.act.kind, n.act.kind)}"


def _finish(n: State) -> None:
    n.act, n.responders, n.fizzler = None, (), -1
    n.actions_left -= 1
    _continue(n)


def _resolve(n: State, ev: list[Event]) -> None:
    """Carry out the pending action (nobody stopped it)."""
    a, me = n.act, n.turn
    n.responders = ()
    _EFFECTS[a.kind](n, a, me, ev)
    if n.pending:  # whatever was played and not placed goes to the Graveyard
        n.graveyard.extend(n.pending)
        n.pending.clear()
    if n.result is None:
        _finish(n)


def _to_gy(n: State, cards, ev, me, text) -> None:
    for c in cards:
        n.pending.remove(c)
    n.graveyard.extend(cards)
    _move(ev, "discard", text, me, tuple(cards), "pending", "graveyard")


def _remove_top(n: State, o: int, ev: list[Event], me: int) -> None:
    c = n.shrines[o].pop()
    n.graveyard.append(c)
    _move(ev, "remove", f"{NAMES[c]} leaves {p(o)}'s Shrine", me, (c,), f"shrine:{o}", "graveyard")
    _settle(n, o, ev)


def _settle(n: State, o: int, ev: list[Event]) -> None:
    """After a Shrine changes: an emptied Shrine is out (winning, R18); a
    Balance card on top is played at once by the Shrine's owner (balance)."""
    shrine = n.shrines[o]
    if shrine and shrine[-1] == JOKER:
        shrine.pop()
        _balance(n, o, JOKER, ev)
    if not shrine and n.alive[o]:
        _eliminate(n, o, ev)


def _eliminate(n: State, o: int, ev: list[Event]) -> None:
    n.alive[o] = False
    ev.append(Event("out", f"{p(o)}'s Shrine is empty", o))
    # R18: out means the hand and Tokens go to the Graveyard, the last one out too
    cards = n.hands[o] + n.fields[o]
    n.graveyard.extend(cards)
    _move(
        ev,
        "discard",
        f"{p(o)} is out; their cards go to the Graveyard",
        o,
        cards,
        f"hand:{o}",
        "graveyard",
    )
    n.hands[o], n.fields[o] = [], []
    n.discards = tuple(d for d in n.discards if d[0] != o)
    left = [q for q in range(n.seats) if n.alive[q]]
    if len(left) == 1:
        n.result = Outcome(
            (left[0],),
            f"{p(left[0])} is the last player with a Shrine",
            "a player is the last with a Shrine",
        )
        n.stage = "over"
        ev.append(Event("over", f"{p(left[0])} wins, the last player with a Shrine", left[0]))


def _remove_token(n: State, o: int, t: int, ev: list[Event]) -> None:
    """Take token t off o's Field; breaking a Triad trims the Shrine to five and
    sends the Dagger-token away (triad)."""
    had = n.triad(o)
    n.fields[o].remove(t)
    n.graveyard.append(t)
    if had and not n.triad(o):
        _break_triad(n, o, ev)


def _break_triad(n: State, o: int, ev: list[Event]) -> None:
    for d in [c for c in n.fields[o] if RANK[c] == ACE]:
        n.fields[o].remove(d)
        n.graveyard.append(d)
        _move(
            ev,
            "discard",
            f"{p(o)}'s Triad is broken: the Dagger-token goes",
            o,
            (d,),
            f"field:{o}",
            "graveyard",
        )
    shrine = n.shrines[o]
    while len(shrine) > 5:
        _remove_top(n, o, ev, o)


def _eff_heal(n: State, a: Action, me: int, ev: list[Event]) -> None:
    value = RANK[a.cards[0]] if not n.opts.alternate_healing else _total(a.cards)
    if value != RANK[n.shrines[me][-1]]:
        n.queen_used = True  # the Queen's reach was needed: once a turn
    _to_gy(n, a.cards, ev, me, f"{p(me)} heals with {' '.join(NAMES[c] for c in a.cards)}")
    _add_to_shrine(n, me, ev)


def _add_to_shrine(n: State, me: int, ev: list[Event]) -> None:
    c = _draw_one(n, ev)
    if c is None:
        return
    n.shrines[me].append(c)
    _move(ev, "flip", f"{NAMES[c]} is added to {p(me)}'s Shrine", me, (c,), "deck", f"shrine:{me}")
    _settle(n, me, ev)


def _total(cards) -> int:
    return sum(RANK[c] for c in cards)


def _note_king(n: State, o: int, cards) -> None:
    """Mark the King's power spent when an attack needed its reach."""
    top = n.shrines[o][-1]
    if RANK[top] != ACE and _total(cards) != RANK[top]:
        n.king_used = True


def _got_through(n: State, o: int, cards, me: int) -> str:
    """The log's line for an attack that gets through, with the sum that
    decided it (issue 41: the log says each thing once, with its sums)."""
    top, total = n.shrines[o][-1], _total(cards)
    if RANK[top] == ACE:  # an Ace yields to cards of one rank, not to a sum
        kind = {2: "a pair", 3: "three of a kind"}.get(len(cards), "four of a kind")
        return f"{p(me)}'s attack gets through: {kind} against {NAMES[top]}"
    sums = " + ".join(str(RANK[c]) for c in cards) + (f" = {total}" if len(cards) > 1 else "")
    reach = ", with the King's reach" if total != RANK[top] else ""
    return f"{p(me)}'s attack gets through: {sums} against {NAMES[top]} ({RANK[top]}){reach}"


def _eff_attack(n: State, a: Action, me: int, ev: list[Event]) -> None:
    said = _got_through(n, a.seat, a.cards, me)
    _note_king(n, a.seat, a.cards)
    _to_gy(n, a.cards, ev, me, said)
    _remove_top(n, a.seat, ev, me)


def _eff_token(n: State, a: Action, me: int, ev: list[Event]) -> None:
    _to_gy(n, (a.pay,), ev, me, f"{p(me)} pays with {NAMES[a.pay]}")
    _place_token(n, me, a.cards[0], ev)


def _place_token(n: State, me: int, t: int, ev: list[Event]) -> None:
    n.pending.remove(t)
    n.fields[me].append(t)
    # the move's own sentence said it ("plays ... as a Token"): the log leaves this unsaid
    _move(ev, "token", f"{p(me)} lays the Token {NAMES[t]}", me, (t,), "pending", f"field:{me}")


def _eff_dagger(n: State, a: Action, me: int, ev: list[Event]) -> None:
    _to_gy(n, (a.pay,), ev, me, f"{p(me)} pays with {NAMES[a.pay]}")
    # the move's own line named the Ace ("plays the Ace of spades as a Dagger"): this
    # one says what the answers left of it (it was neither blocked nor fizzled)
    _to_gy(n, a.cards, ev, me, f"{p(me)}'s Dagger gets through")
    _dagger_strike(n, a, me, ev)


def _dagger_strike(n: State, a: Action, me: int, ev: list[Event]) -> None:
    if a.victim < 0:
        _remove_top(n, a.seat, ev, me)
    else:
        _move(
            ev,
            "remove",
            f"{NAMES[a.victim]} leaves {p(a.seat)}'s Field",
            me,
            (a.victim,),
            f"field:{a.seat}",
            "graveyard",
        )
        _remove_token(n, a.seat, a.victim, ev)


def _eff_jack(n: State, a: Action, me: int, ev: list[Event]) -> None:
    victim = n.hands[a.seat]
    n.jack_used = True
    if len(victim) < 2:  # jack: two cards or more, also when it resolves (after a Fizzle)
        ev.append(
            Event("steal", f"p{a.seat + 1} holds fewer than two cards: the Jack takes nothing", me)
        )
        return
    n.rng = fork(n.rng)
    c = victim.pop(n.rng.randrange(len(victim)))  # R7: unseen, so at random
    n.hands[me].append(c)
    _move(
        ev,
        "steal",
        f"{p(me)} takes a card from {p(a.seat)}'s hand",
        me,
        (c,),
        f"hand:{a.seat}",
        f"hand:{me}",
        (me, a.seat),
    )
    n.discards += ((me, 1),)


def _remove_all_tokens(n: State, o: int, ev: list[Event], me: int) -> None:
    tokens = tuple(n.fields[o])
    _move(
        ev,
        "remove",
        f"all of {p(o)}'s Tokens leave the Field",
        me,
        tokens,
        f"field:{o}",
        "graveyard",
    )
    had = n.triad(o)
    n.fields[o] = []
    n.graveyard.extend(tokens)
    if had:
        _break_triad(n, o, ev)


def _eff_triplet(n: State, a: Action, me: int, ev: list[Event]) -> None:
    _to_gy(n, a.cards, ev, me, f"{p(me)} plays a Triplet")
    _remove_all_tokens(n, a.seat, ev, me)


def _eff_quad(n: State, a: Action, me: int, ev: list[Event]) -> None:
    _to_gy(n, a.cards, ev, me, f"{p(me)} plays a Quad")
    _remove_all_tokens(n, a.seat, ev, me)
    if n.alive[a.seat] and RANK[n.shrines[a.seat][-1]] != ACE:  # dagger-top (R12)
        _remove_top(n, a.seat, ev, me)


def _eff_resurrect(n: State, a: Action, me: int, ev: list[Event]) -> None:
    g = n.pending[-1]
    _to_gy(n, a.cards, ev, me, f"{p(me)} plays a Resurrection")
    mode = a.mode
    if mode == "heal":
        n.pending.remove(g)
        n.shrines[me].append(g)
        _move(
            ev,
            "flip",
            f"{NAMES[g]} is added to {p(me)}'s Shrine",
            me,
            (g,),
            "pending",
            f"shrine:{me}",
        )
    elif mode == "attack":
        said = _got_through(n, a.seat, (g, *a.extra), me)
        _note_king(n, a.seat, (g, *a.extra))
        _to_gy(n, (g, *a.extra), ev, me, said)
        _remove_top(n, a.seat, ev, me)
    elif mode == "dagger":
        _to_gy(n, (g,), ev, me, f"{p(me)} strikes with the Dagger {NAMES[g]}")
        _dagger_strike(n, a, me, ev)
    else:  # token, daggertoken
        _place_token(n, me, g, ev)


_EFFECTS = {
    "heal": _eff_heal,
    "attack": _eff_attack,
    "token": _eff_token,
    "daggertoken": _eff_token,
    "dagger": _eff_dagger,
    "jack": _eff_jack,
    "triplet": _eff_triplet,
    "quad": _eff_quad,
    "resurrect": _eff_resurrect,
}


# --------------------------------------------------------------------------- balance


def _balance(n: State, me: int, joker: int, ev: list[Event]) -> None:
    """The Balance card (optional rule, R16, R17): every other player is made
    equal to `me` in Tokens, Shrine size and hand size; then Deck and Graveyard
    are shuffled together and the card leaves the game (or goes back in)."""
    n.removed.append(joker)
    ev.append(Event("balance", f"{p(me)} plays the Balance card", me, ("JK",)))
    if not n.shrines[me]:
        _eliminate(n, me, ev)
    else:
        for o in n.opponents(me):
            _balance_tokens(n, me, o, ev)
            _balance_shrine(n, me, o, ev)
            _balance_hand(n, me, o, ev)
    n.deck.extend(n.graveyard)
    n.graveyard.clear()
    if n.opts.balance_reshuffle:
        n.removed.remove(joker)
        n.deck.append(joker)
    n.rng = fork(n.rng)
    n.rng.shuffle(n.deck)
    ev.append(Event("reshuffle", "Deck and Graveyard are shuffled together"))


def _balance_tokens(n: State, me: int, o: int, ev: list[Event]) -> None:
    want = [RANK[c] for c in n.fields[me]]
    for t in [t for t in n.fields[o] if RANK[t] not in want]:
        n.fields[o].remove(t)
        n.graveyard.append(t)
        _move(ev, "remove", f"{p(o)} gives up {NAMES[t]}", o, (t,), f"field:{o}", "graveyard")
    for r in (JACK, QUEEN, KING, ACE):
        if r not in want or n.has_kind(o, r) or (r == ACE and not n.triad(o)):
            continue
        for pile, zone in ((n.graveyard, "graveyard"), (n.deck, "deck")):
            found = next((c for c in reversed(pile) if RANK[c] == r), None)
            if found is not None:
                pile.remove(found)
                n.fields[o].append(found)
                _move(
                    ev,
                    "token",
                    f"{p(o)} puts {NAMES[found]} into play",
                    o,
                    (found,),
                    zone,
                    f"field:{o}",
                )
                break


def _balance_shrine(n: State, me: int, o: int, ev: list[Event]) -> None:
    target = min(len(n.shrines[me]), n.capacity(o))
    shrine = n.shrines[o]
    while len(shrine) > target:
        c = shrine.pop()
        n.graveyard.append(c)
        _move(
            ev, "remove", f"{NAMES[c]} leaves {p(o)}'s Shrine", o, (c,), f"shrine:{o}", "graveyard"
        )
    while len(shrine) < target:
        c = _draw_one(n, ev)
        if c is None:
            break
        shrine.append(c)
        # added face down; only the card that ends on top is seen (done below)
        _move(ev, "add", f"a card is added to {p(o)}'s Shrine", o, (c,), "deck", f"shrine:{o}", ())
    if shrine and ev[-1].kind == "add":
        _move(
            ev,
            "flip",
            f"{NAMES[shrine[-1]]} is turned up on {p(o)}'s Shrine",
            o,
            (shrine[-1],),
            f"shrine:{o}",
            f"shrine:{o}",
        )


def _balance_hand(n: State, me: int, o: int, ev: list[Event]) -> None:
    diff = len(n.hands[me]) - len(n.hands[o])
    for _ in range(diff):
        c = _draw_one(n, ev)
        if c is None:
            break
        n.hands[o].append(c)
        _move(ev, "draw", f"{p(o)} draws a card", o, (c,), "deck", f"hand:{o}", (o,))
    if diff < 0:
        n.discards += ((o, -diff),)


# --------------------------------------------------------------------------- flow


def _continue(n: State) -> None:
    """Decide what comes next once a step is done: pending discards, another
    action, the hand limit (hand-limit, R20), or the next player's turn."""
    if n.result is not None:
        n.stage = "over"
        return
    n.discards = tuple(d for d in n.discards if n.hands[d[0]])
    if n.discards:
        n.stage = "discard"
        return
    me = n.turn
    if n.alive[me] and n.actions_left > 0:
        n.stage = "action"
        return
    if n.alive[me] and not n.limit_done:
        n.limit_done = True
        extra = len(n.hands[me]) - HAND_LIMIT
        if extra > 0:
            n.discards = ((me, extra),)
            n.stage = "discard"
            return
    _next_turn(n)


def _next_turn(n: State) -> None:
    q = n.turn
    for _ in range(n.seats):
        q = (q + 1) % n.seats
        if n.alive[q]:
            break
    n.turn = q
    n.turn_no += 1
    n.stage = "turn"
    n.actions_left = _allowance(n, q)
    n.jack_used = n.king_used = n.queen_used = False
    n.limit_done = False


def _step_play(n: State, a: Action, me: int, ev: list[Event]) -> None:
    _declare(n, a, me, ev)


_STEPS = {
    "draw": _step_draw,
    "take": _step_take,
    "pass": _step_pass,
    "discard": _step_discard,
    "allow": _step_allow,
    "block": _step_block,
    "dblock": _step_dblock,
    "fizzle": _step_fizzle,
    "counter": _step_counter,
    "accept": _step_accept,
    **{k: _step_play for k in _EFFECTS},
}
