"""The Usagi card game's rules: the deal and the cut, the turn's three phases
(initiation, actions with the response stack, conclusion with the contests),
legal actions, and applying them. Clause and ruling ids refer to
docs/rules/usagi.md.

The one source of truth for legality is `legal_actions`; `apply` trusts an
action that is in it (the game's `apply` and `engine.core.play` check
membership).
"""

from __future__ import annotations

from shrinetable.engine import REVEAL, Event, Outcome, numbered
from shrinetable.engine.rng import fork, seeded

from .actions import Action
from .cards import NONE, Def
from .effects import event_ratings, involved_cards, resolve, sums, targets
from .schema import CARD_TARGETS, Effect
from .state import Contest, Entry, Options, State
from .zones import draw, leave, p, to_pile, zone_of

HAND = 6
POOL = {2: 19, 3: 26, 4: 31, 5: 34, 6: 35}


def card(s: State, text: str) -> int:
    """The card a legal action's text names (its instance number)."""
    return int(text.rpartition("#")[2])


# ------------------------------------------------------------------------ the deal


def deal(seed: int, opts: Options, piles: list[list[Def]], first: int | None = None) -> State:
    """Number every card from 1 (p1's deck first), shuffle every deck (`setup`);
    then the cut is offered (U1), or, without it, the hands are dealt."""
    defs, names, owner, deck = numbered(piles, NONE)
    n = len(piles)
    rng = seeded(seed)
    for d in deck:
        rng.shuffle(d)
    e: list[list[int]] = [[] for _ in range(n)]
    s = State(
        opts,
        rng,
        defs,
        names,
        owner,
        deck,
        [[] for _ in range(n)],
        n,
        [x[:] for x in e],
        [x[:] for x in e],
        [x[:] for x in e],
        [x[:] for x in e],
        [x[:] for x in e],
        [x[:] for x in e],
        [0] * n,
        [0] * n,
        [0] * n,
        [False] * n,
        [0] * n,
        [False] * n,
        [0] * n,
        pool=POOL[n],
        pool_start=POOL[n],
    )
    if opts.cut:
        s.phase, s.step, s.responder = "setup", "cut", 0
        s.turn = (s.responder - 1) % n
    else:
        _begin(s, [], first)
    return s


def _begin(s: State, ev: list[Event], first: int | None = None) -> None:
    """After the cut: hands of 6, the first player at random, the first turn."""
    for q in range(s.n):
        draw(s, q, HAND, ev)
    s.rng = fork(s.rng)
    s.first = s.rng.randrange(s.n) if first is None else first
    _start_turn(s, ev)  # "Turn 1: P2 is the first player" says who was drawn


def decision_seat(s: State) -> int:
    if s.step == "respond":
        return s.responder
    return s.turn


# ------------------------------------------------------------------------ legality


def legal_actions(s: State) -> list[Action]:
    if s.legal is None:
        s.legal = [] if s.result is not None else _GEN[s.step](s)
    return s.legal


def _cut(s: State) -> list[Action]:
    return [Action("cut"), Action("pass")]


def has_hero(s: State, q: int) -> bool:
    """A Hero in `q`'s play field (not involved, not on the stack)."""
    return any(s.defs[c].kind == "hero" for c in s.field[q])


def _discard(s: State) -> list[Action]:
    """`initiation` step 3: a card of the hand, or `discard` alone to stop. Cards go
    one at a time (U27), so the list grows with the hand, not with its subsets. A
    Moment that says it is played during the initiation may be played here (U28)."""
    q = s.turn
    early = [
        Action("play", s.names[c])
        for c in sorted(s.hand[q])
        if s.defs[c].condition == "initiation" and affordable(s, q, s.defs[c])
    ]
    return [
        Action("discard"),
        *(Action("discard", cards=(s.names[c],)) for c in sorted(s.hand[q])),
        *early,
    ]


def _propose(s: State) -> list[Action]:
    q = s.turn
    return [
        Action("propose"),
        *(Action("propose", s.names[c]) for c in sorted(s.hand[q]) if s.defs[c].type == "event"),
    ]


def affordable(s: State, q: int, d: Def | None, honor: int = 0, ryo: int = 0) -> bool:
    if d is not None:
        honor, ryo = d.honor, d.ryo
    return s.honor[q] >= honor and s.ryo[q] >= ryo


def titles_in_play(s: State) -> set[str]:
    """The titles of unique cards in play or being played (`unique`)."""
    out = {s.defs[c].name for c in s.all_characters() if s.defs[c].unique}
    out |= {s.defs[c].name for c in s.attached if s.defs[c].unique}
    out |= {s.defs[e.card].name for e in s.stack if e.kind == "play"}
    return out


def _plays(s: State, q: int, responding: bool) -> list[Action]:
    out: list[Action] = []
    titles = None
    for c in sorted(s.hand[q]):
        d = s.defs[c]
        if d.type == "event" or not affordable(s, q, d):
            continue
        if responding and (d.type != "moment" or d.kind == "action"):
            continue
        if d.type == "character":
            titles = titles_in_play(s) if titles is None else titles
            if d.name not in titles:
                out.append(Action("play", s.names[c]))
        elif d.type == "attachment":
            if d.unique:
                titles = titles_in_play(s) if titles is None else titles
                if d.name in titles:
                    continue
            hosts = s.events() if d.kind == "setting" else s.characters(q)
            out += [Action("play", s.names[c], s.names[h]) for h in hosts]
        else:
            if d.condition and not condition_met(s, q, d.condition):
                continue
            aim = d.aim()
            if d.affects:  # U26: on another player
                out += [Action("play", s.names[c], f"p{r + 1}") for r in range(s.n) if r != q]
            elif aim is None:
                out.append(Action("play", s.names[c]))
            else:
                out += [Action("play", s.names[c], s.names[t]) for t in targets(s, q, aim)]
    return out


def condition_met(s: State, q: int, condition: str) -> bool:
    """`held` (U23): a Moment's condition to be played. `involving`: an involvement
    `q` declared is on the stack (a trigger: the Moment answers it); `no_hero`: `q`
    has no Hero in its play field."""
    if condition == "involving":
        return any(e.kind == "involve" and e.by == q for e in s.stack)
    if condition == "no_hero":
        return not has_hero(s, q)
    if condition == "initiation":  # U28: only at the discard step
        return s.phase == "initiation"
    return True


def controlled(s: State, q: int) -> list[int]:
    """The cards in play `q` controls that may have abilities (`abilities`): a Held
    Moment it played on another player is still its own (U26); a Character taken
    over is its new controller's, with its Attachments (U29)."""
    mine = [c for c in s.field[q] if s.ctrl(c) == q] + s.common[q]
    mine += [c for c in s.involved if s.ctrl(c) == q]
    mine += [a for a in s.attached if s.ctrl(a) == q]
    mine += [c for r in range(s.n) if r != q for c in s.field[r] if s.ctrl(c) == q]
    return mine


def abilities_of(s: State, c: int) -> list[Effect]:
    """The voluntary abilities card `c` may use, numbered from 0 in `use C K`: its
    own (an Attachment's, but those it grants), then, for a Character, those its
    Attachments grant it (U24: it is their source, and strikes for them)."""
    own = [e for e in s.defs[c].abilities if not e.grant]
    if s.defs[c].type == "character":
        own += [e for a in s.attachments(c) for e in s.defs[a].abilities if e.grant]
    return own


def _abilities(s: State, q: int) -> list[Action]:
    out: list[Action] = []
    for c in controlled(s, q):
        if c in s.cancelled:  # U25: none of its abilities this turn
            continue
        for k, e in enumerate(abilities_of(s, c)):
            if e.strike and c in s.stricken:
                continue
            if not affordable(s, q, None, e.cost.get("honor", 0), e.cost.get("ryo", 0)):
                continue
            if e.target in CARD_TARGETS:
                # U12: an ability that strikes its card never refreshes that card
                out += [
                    Action("use", s.names[c], s.names[t], index=k)
                    for t in targets(s, q, e)
                    if not (t == c and e.do == "refresh" and e.strike)
                ]
            else:
                out.append(Action("use", s.names[c], index=k))
    return out


def shares(s: State, c: int, ev: int) -> bool:
    """`involve`: a rating the Character is rated in (0 counts) that the Event shows."""
    return bool(s.defs[c].rated & s.defs[ev].rated)


def _involves(s: State, q: int) -> list[Action]:
    evs = s.events()
    return [
        Action("involve", s.names[c], s.names[e])
        for c in s.field[q]
        if s.defs[c].type == "character" and c not in s.stricken
        for e in evs
        if shares(s, c, e)
    ]


def _action(s: State) -> list[Action]:
    q = s.turn
    return [*_plays(s, q, False), *_abilities(s, q), *_involves(s, q), Action("finished")]


def _respond(s: State) -> list[Action]:
    q = s.responder
    return [*_plays(s, q, True), *_abilities(s, q), Action("pass")]


def _tiebreak(s: State) -> list[Action]:
    return [Action("tiebreak", s.names[c]) for c in tiebreak_cards(s, s.turn)]


def tiebreak_cards(s: State, q: int) -> list[int]:
    """`tie`: the cards contender `q` may give up: any one of its involved cards, an
    Attachment on an involved Character too (only Characters with the U10 option)."""
    cards = involved_cards(s, q, s.contest.event)
    if s.opts.tie_characters:
        cards = [c for c in cards if s.defs[c].type == "character"]
    return cards


def _hero(s: State) -> list[Action]:
    q = s.turn
    return [
        Action("hero"),
        *(Action("hero", s.names[c]) for c in s.field[q] if s.defs[c].kind == "hero"),
    ]


def _extra(s: State) -> list[Action]:
    """The score step (U30): how many of the extra tokens offered to take, all of
    them first."""
    return [Action("extra", index=k) for k in range(s.contest.extra, -1, -1)]


_GEN = {
    "cut": _cut,
    "discard": _discard,
    "propose": _propose,
    "action": _action,
    "respond": _respond,
    "tiebreak": _tiebreak,
    "score": _extra,
    "hero": _hero,
}


# ------------------------------------------------------------------------ applying


def apply(s0: State, a: Action) -> tuple[State, list[Event]]:
    s = s0.copy()
    ev: list[Event] = []
    q = decision_seat(s)
    s.seq += 1
    _APPLY[a.kind](s, q, a, ev)
    if s.result is not None:
        s.phase = "over"
        ev.append(Event("over", s.result.reason))
    return s, ev


def _cut_apply(s: State, q: int, a: Action, ev: list[Event]) -> None:
    """U1: the player on the right of each deck's owner may cut it; where it is cut
    is drawn at random (nobody knows the order of a shuffled deck)."""
    r = s.responder
    if a.kind == "cut" and len(s.deck[r]) > 1:
        s.rng = fork(s.rng)
        k = s.rng.randrange(1, len(s.deck[r]))
        s.deck[r] = s.deck[r][k:] + s.deck[r][:k]
        ev.append(Event("cut", f"{p(q)} cuts {p(r)}'s deck", q))
    else:
        ev.append(Event("cut", f"{p(q)} leaves {p(r)}'s deck uncut", q))
    if r + 1 < s.n:
        s.responder = r + 1
        s.turn = r
    else:
        _begin(s, ev)


def _order(s: State) -> list[int]:
    """Seats from the first player, clockwise."""
    return [(s.first + i) % s.n for i in range(s.n)]


def _start_turn(s: State, ev: list[Event]) -> None:
    """`initiation`: produce currency, refresh, then the discard step."""
    s.turn_no += 1
    s.phase = "initiation"
    ev.append(Event("turn", f"Turn {s.turn_no}: {p(s.first)} is the first player", s.first))
    for q in _order(s):
        h = r = 0
        for c in controlled(s, q):
            h += s.defs[c].produce[0]
            r += s.defs[c].produce[1]
        if h or r:
            s.honor[q] += h
            s.ryo[q] += r
            words = " and ".join(f"{n} {what}" for n, what in ((h, "honor"), (r, "ryo")) if n)
            ev.append(Event("produce", f"{p(q)} produces {words}", q))
    if s.stricken:
        ev.append(Event("refresh", "Every stricken card is refreshed"))
    s.stricken = frozenset()
    s.step, s.turn, s.passes = "discard", s.first, 0


def _next_seat(s: State, step: str, skip=lambda s, q: False) -> bool:
    """Hand the step to the next seat clockwise that takes part in it (counting
    in `passes` the seats done); False when every seat is done."""
    while True:
        s.passes += 1
        if s.passes >= s.n:
            return False
        s.turn = (s.first + s.passes) % s.n
        if not skip(s, s.turn):
            s.step = step
            return True


def _discard_apply(s: State, q: int, a: Action, ev: list[Event]) -> None:
    """`initiation` step 3: one card, or any number with no Hero in play, one at a
    time: the seat keeps the step until it stops, has no card left or has a Hero
    in play (U27)."""
    if a.cards:
        c = card(s, a.cards[0])
        s.hand[q].remove(c)
        s.rest[q].append(c)
        ev.append(
            Event(
                "discard", f"{p(q)} discards {s.defs[c].name}", q, a.cards, f"hand:{q}", f"rest:{q}"
            )
        )
        if s.hand[q] and not has_hero(s, q):
            return
    else:
        ev.append(Event("done", f"{p(q)} is done discarding", q))
    if _next_seat(s, "discard"):
        return
    for r in _order(s):  # step 4: draw to 6
        draw(s, r, HAND - len(s.hand[r]), ev)
    s.passes, s.turn = 0, s.first
    if _story_held(s, s.first):
        if not _next_seat(s, "propose", _story_held):
            _reveal(s, ev)
            return
    s.step = "propose"
    s.proposal = [0] * s.n
    s.committed = [False] * s.n


def _story_held(s: State, q: int) -> bool:
    """U8, an option off by default: a seat whose Story Event is still in play
    proposes no other. The text lets every player propose (`propose`)."""
    return s.opts.story_blocks and bool(s.event[q])


def _propose_apply(s: State, q: int, a: Action, ev: list[Event]) -> None:
    """`initiation` steps 5-6: each seat commits a proposal (or none), unseen; when
    all have, they are revealed together."""
    s.proposal[q] = card(s, a.card) if a.card else 0
    s.committed[q] = True
    ev.append(Event("commit", f"{p(q)} proposes in secret", q))
    if not _next_seat(s, "propose", _story_held):
        _reveal(s, ev)


def _reveal(s: State, ev: list[Event]) -> None:
    shown, said = [], []
    for q in _order(s):
        c = s.proposal[q]
        said.append(f"{p(q)} {s.defs[c].name if c else 'no Event'}")
        if c:
            s.hand[q].remove(c)
            s.event[q].append(c)
            s.revealed = s.revealed | {c}
            shown.append(c)
    words = ", ".join(said) if shown else "no Event"
    ev.append(Event(REVEAL, f"Proposals revealed: {words}", None, tuple(s.names[c] for c in shown)))
    s.proposal = [0] * s.n
    s.committed = [False] * s.n
    s.phase, s.step, s.turn = "actions", "action", s.first
    s.finished = [False] * s.n
    s.someone_finished = False


# ---------------------------------------------------------------- the actions phase


def _pay(s: State, q: int, honor: int, ryo: int) -> None:
    s.honor[q] -= honor
    s.ryo[q] -= ryo


def _declare(s: State, q: int, entry: Entry, ev: list[Event]) -> None:
    """An action or a response goes on the stack; the responses go round from the
    acting player's left (`respond`)."""
    s.stack = (*s.stack, entry)
    if s.step == "action":
        s.step = "respond"
        s.responder = (q + 1) % s.n
    else:
        s.responder = (q + 1) % s.n
    s.passes = 0
    _skip_silent(s, ev)


def _silent(s: State, r: int) -> bool:
    """A seat that can only pass, as everyone can see: no card in hand and no
    ability it may use."""
    return not s.hand[r] and not _abilities(s, r)


def _skip_silent(s: State, ev: list[Event]) -> None:
    while s.step == "respond" and _silent(s, s.responder):
        s.passes += 1
        if s.passes >= s.n:
            _resolve_stack(s, ev)
            return
        s.responder = (s.responder + 1) % s.n


def _play(s: State, q: int, a: Action, ev: list[Event]) -> None:
    c = card(s, a.card)
    d = s.defs[c]
    s.hand[q].remove(c)
    _pay(s, q, d.honor, d.ryo)
    seat = int(a.other[1:]) - 1 if d.affects else -1
    t = card(s, a.other) if a.other and seat < 0 else 0
    on = f" on {s.defs[t].name}" if t else f" on {p(seat)}" if seat >= 0 else ""
    ev.append(Event("play", f"{p(q)} plays {d.name}{on}", q, (a.card,), f"hand:{q}", f"field:{q}"))
    if s.phase == "initiation":  # U28: no responses outside the actions phase
        _resolve_entry(s, Entry("play", c, q, t, seat=seat), ev)
        return  # and the seat keeps its discard step
    _declare(s, q, Entry("play", c, q, t, seat=seat), ev)


def _use(s: State, q: int, a: Action, ev: list[Event]) -> None:
    c = card(s, a.card)
    e = abilities_of(s, c)[a.index]
    _pay(s, q, e.cost.get("honor", 0), e.cost.get("ryo", 0))
    if e.strike:
        s.stricken = s.stricken | {c}
    t = card(s, a.other) if a.other else 0
    ev.append(
        Event(
            "use",
            f"{p(q)} uses {s.defs[c].name}{' on ' + s.defs[t].name if t else ''}",
            q,
            (a.card,),
        )
    )
    if e.sacrifice:
        leave(s, c)
        s.rest[s.owner[c]].append(c)
        ev.append(
            Event(
                "sacrifice",
                f"{s.defs[c].name} is sacrificed",
                q,
                (a.card,),
                None,
                f"rest:{s.owner[c]}",
            )
        )
    _declare(s, q, Entry("use", c, q, t, a.index, e), ev)


def _involve(s: State, q: int, a: Action, ev: list[Event]) -> None:
    c, e = card(s, a.card), card(s, a.other)
    ev.append(Event("declare", f"{p(q)} involves {s.defs[c].name} with {s.defs[e].name}", q))
    _declare(s, q, Entry("involve", c, q, e), ev)


def _pass(s: State, q: int, a: Action, ev: list[Event]) -> None:
    s.passes += 1
    if s.passes >= s.n:  # said first: what resolves ("P2 draws a card") is not the pass
        ev.append(Event("pass", f"{p(q)} passes", q))
        _resolve_stack(s, ev)
        return
    s.responder = (q + 1) % s.n
    _skip_silent(s, ev)


def _resolve_stack(s: State, ev: list[Event]) -> None:
    """Every seat passed in a row: resolve the stack last declared first, then the
    next seat's action."""
    while s.stack and s.result is None:
        entry = s.stack[-1]
        s.stack = s.stack[:-1]
        _resolve_entry(s, entry, ev)
    _next_action(s, ev)


def _resolve_entry(s: State, x: Entry, ev: list[Event]) -> None:
    q, c = x.by, x.card
    d = s.defs[c]
    if x.kind == "use":
        resolve(s, q, c, (x.effect or d.abilities[x.index],), x.target, ev)
        return
    if x.kind == "involve":
        ok = (
            c in s.field[s.ctrl(c)]
            and c not in s.stricken
            and x.target in s.revealed
            and s.in_play(x.target)
        )
        if not ok:
            ev.append(Event("fizzle", f"{d.name} cannot become involved any more", q))
            return
        s.field[s.ctrl(c)].remove(c)
        s.involved[c] = x.target
        zone = f"involved:{s.owner[x.target]}"
        # the log said it when it was declared ("P1 involves X with E"): no words again
        ev.append(
            Event(
                "involve",
                "",
                q,
                tuple(s.names[y] for y in s.with_attachments([c])),
                f"field:{q}",
                zone,
            )
        )
        rivals = tuple(y for y in s.involved_with(x.target) if s.ctrl(y) != q)
        for y in s.with_attachments([c]):
            if s.defs[y].involve and y not in s.cancelled:
                resolve(s, q, y, s.defs[y].involve, 0, ev, rivals)
        return
    # a card played
    if d.type == "character":
        s.field[q].append(c)
        ev.append(Event("enter", f"{d.name} enters {p(q)}'s play field", q))
        if d.play:
            resolve(s, q, c, d.play, x.target, ev)
    elif d.type == "attachment":
        host = x.target
        ok = s.in_play(host) and (d.kind == "setting") == (s.defs[host].type == "event")
        if not ok:
            s.rest[q].append(c)
            ev.append(
                Event(
                    "fizzle",
                    f"{d.name} has nothing to attach to",
                    q,
                    (s.names[c],),
                    f"field:{q}",
                    f"rest:{q}",
                )
            )
            return
        s.attached[c] = host
        ev.append(
            Event(
                "attach",
                f"{d.name} is attached to {s.defs[host].name}",
                q,
                (s.names[c],),
                f"field:{q}",
                zone_of(s, host),
            )
        )
        if d.play:
            resolve(s, q, c, d.play, 0, ev)
    else:
        resolve(s, q, c, d.play, x.target, ev)
        if d.kind == "held":
            every = any(e.target == "all" for e in d.static)
            r = x.seat if x.seat >= 0 else q  # the player it affects (U26)
            (s.common[q] if every else s.field[r]).append(c)
            where = f"event:{q}" if every else f"field:{r}"
            ev.append(
                Event("held", f"{d.name} stays in play", q, (s.names[c],), f"field:{q}", where)
            )
        else:
            s.rest[q].append(c)
            ev.append(
                Event(
                    "spent",
                    f"{d.name} goes to the rest pile",
                    q,
                    (s.names[c],),
                    f"field:{q}",
                    f"rest:{q}",
                )
            )


def _next_action(s: State, ev: list[Event]) -> None:
    """`actions`: the next seat clockwise that has not finished; the conclusion
    when all have."""
    if s.result is not None:
        return
    s.step = "action"
    for i in range(1, s.n + 1):
        r = (s.turn + i) % s.n
        if not s.finished[r]:
            s.turn = r
            return
    _conclusion(s, ev)


def _finished(s: State, q: int, a: Action, ev: list[Event]) -> None:
    """`finished`: no more actions this turn; the first to finish is the next first
    player (U11: at once)."""
    s.finished[q] = True
    text = f"{p(q)} is finished"
    if not s.someone_finished:
        s.someone_finished = True
        s.first = q
        text += " and becomes the first player"
    ev.append(Event("finished", text, q))
    _next_action(s, ev)


# ---------------------------------------------------------------- the conclusion


def requirement(s: State, ev: int) -> dict[str, int]:
    return dict(event_ratings(s, ev))


def contends(s: State, q: int, ev: int) -> bool:
    """`contest` (U2): every rating the Event shows is exceeded by `q`'s total in it."""
    if not involved_cards(s, q, ev):
        return False
    have = sums(s, q, ev)
    return all(have[r] > v for r, v in requirement(s, ev).items())


def total(s: State, q: int, ev: int) -> int:
    """`q`'s total rating for `ev`: its involved cards' ratings the Event shows."""
    return sum(sums(s, q, ev).values())


def _conclusion(s: State, ev: list[Event]) -> None:
    s.phase = "conclusion"
    s.turn = s.first
    evs = s.events()
    queue = [e for e in evs if s.defs[e].kind != "story"] + [
        e for e in evs if s.defs[e].kind == "story"
    ]
    _resolve_events(s, tuple(queue), ev)


def _contest(s: State, e: int, seats: list[int], ev: list[Event]) -> None:
    """The contest's sums (U2): each involved seat's ratings the Event shows and
    their total, against the Event's own ("Bandit Raid (combat 3) against p1
    combat 4 = 4; p2 combat 2 = 2"); said first, so no seat's line."""
    need = requirement(s, e)
    said = []
    for q in seats:
        if involved_cards(s, q, e):
            have = sums(s, q, e)
            each = " + ".join(f"{r} {have[r]}" for r in need) or "nothing"
            said.append(f"{p(q)} {each} = {sum(have.values())}")
    if said:
        shows = ", ".join(f"{r} {v}" for r, v in need.items())
        ev.append(Event("contest", f"{s.defs[e].name} ({shows}) against {'; '.join(said)}"))


def _resolve_events(s: State, queue: tuple[int, ...], ev: list[Event]) -> None:
    """Resolve each Event in turn; a tie stops to ask for secret discards."""
    while queue:
        e, queue = queue[0], queue[1:]
        _contest(s, e, _order(s), ev)
        who = [q for q in _order(s) if contends(s, q, e)]
        if len(who) > 1:
            best = max(total(s, q, e) for q in who)
            who = [q for q in who if total(s, q, e) == best]
        if len(who) == 1:
            if _win(s, who[0], e, queue, ev):
                return
        elif not who:
            _fail(s, e, ev, _why_nobody(s, e))
        else:
            _ask_tiebreak(s, Contest(e, tuple(who), queue), ev)
            return
    s.contest = None
    _victory(s, ev)


def _ask_tiebreak(s: State, cs: Contest, ev: list[Event]) -> None:
    s.contest = cs
    s.step = "tiebreak"
    s.proposal = [0] * s.n
    s.committed = [False] * s.n
    s.turn = cs.contenders[0]
    names = " and ".join(p(q) for q in cs.contenders)
    ev.append(
        Event(
            "tie",
            f"{names} tie for {s.defs[cs.event].name} at {total(s, cs.contenders[0], cs.event)}",
        )
    )


def _tiebreak_apply(s: State, q: int, a: Action, ev: list[Event]) -> None:
    """`tie`: each tied contender secretly gives up one involved card (a Character
    takes its Attachments with it); all are revealed and discarded together, then the
    totals are compared again (U10)."""
    cs = s.contest
    s.proposal[q] = card(s, a.card)
    s.committed[q] = True
    ev.append(Event("commit", f"{p(q)} has chosen a card to give up", q))
    left = [r for r in cs.contenders if not s.committed[r]]
    if left:
        s.turn = left[0]
        return
    gone = [s.proposal[r] for r in cs.contenders]
    ev.append(
        Event(
            REVEAL,
            "Given up: " + ", ".join(f"{p(s.ctrl(c))} {s.defs[c].name}" for c in gone),
            None,
            tuple(s.names[c] for c in gone),
        )
    )
    for c in gone:
        to_pile(s, c, "rest", ev)
    s.proposal = [0] * s.n
    s.committed = [False] * s.n
    e = cs.event
    _contest(s, e, list(cs.contenders), ev)
    who = [r for r in cs.contenders if involved_cards(s, r, e)]
    if who:
        best = max(total(s, r, e) for r in who)
        who = [r for r in who if total(s, r, e) == best]
    s.step = "hero"  # not a decision: left at once below
    if len(who) == 1:
        if _win(s, who[0], e, cs.queue, ev):
            return
    elif not who:
        ev.append(Event("tie", f"Nobody is left contending for {s.defs[e].name}"))
        _fail(s, e, ev)
    else:
        _ask_tiebreak(s, Contest(e, tuple(who), cs.queue), ev)
        return
    _resolve_events(s, cs.queue, ev)


def _score(s: State, q: int, e: int) -> tuple[int, int]:
    """`score`: 1, plus the Event's score, its Settings' and the winner's involved
    cards' score effects; never below 0, and no more than the pool holds (U7).
    Returns the tokens taken for sure and the extra ones the winner may take
    (`chronicle`, ruling U30: a net increase is offered, a decrease is not)."""
    n = 1 + s.defs[e].score + sum(s.defs[a].score for a in s.attachments(e))
    n += sum(s.defs[c].score for c in involved_cards(s, q, e))
    full = min(max(0, n), s.pool)
    sure = min(1, full) if n > 1 else full
    return sure, full - sure


def _win(s: State, q: int, e: int, queue: tuple[int, ...], ev: list[Event]) -> bool:
    """`resolve`: Resolve >> effects (the Event's, then its Settings'), tokens, and
    the Event into the winner's chronicle. True when the winner is first asked how
    many extra tokens to take (the score step, U30)."""
    d = s.defs[e]
    rivals = tuple(c for c in s.involved_with(e) if s.ctrl(c) != q)
    ev.append(Event("resolve", f"{p(q)} resolves {d.name}", q))
    for src in [e, *s.attachments(e)]:
        if s.defs[src].resolve:
            resolve(s, q, src, s.defs[src].resolve, 0, ev, rivals)
    sure, extra = _score(s, q, e)
    if extra:
        s.contest = Contest(e, (q,), queue, extra)
        s.step, s.turn = "score", q
        return True
    _chronicle(s, q, e, sure, 0, ev)
    return False


def _extra_apply(s: State, q: int, a: Action, ev: list[Event]) -> None:
    """The score step (U30): the winner takes the extra tokens it chose, then the
    conclusion goes on with the next Event."""
    cs = s.contest
    _chronicle(s, q, cs.event, _score(s, q, cs.event)[0] + a.index, cs.extra - a.index, ev)
    s.step = "hero"  # not a decision: left at once below
    _resolve_events(s, cs.queue, ev)


def _chronicle(s: State, q: int, e: int, n: int, declined: int, ev: list[Event]) -> None:
    """`resolve`: `n` tokens from the pool, then the Event into `q`'s chronicle."""
    d = s.defs[e]
    s.tokens[q] += n
    s.pool -= n
    if n:
        s.last_gain = tuple(
            s.seq if r == q else (s.last_gain[r] if s.last_gain else 0) for r in range(s.n)
        )
    no = f" and declines {declined} more" if declined else ""
    ev.append(
        Event("score", f"{p(q)} takes {n} chronicle token{'s' * (n != 1)}{no} ({s.pool} left)", q)
    )
    _clear_event(s, e, ev)
    s.chronicle[q].append(e)
    ev.append(
        Event(
            "chronicle",
            f"{d.name} goes into {p(q)}'s chronicle",
            q,
            (s.names[e],),
            f"event:{s.owner[e]}",
            f"chronicle:{q}",
        )
    )


def _why_nobody(s: State, e: int) -> str:
    """Why no player contends for Event `e` (U2), for the log's line."""
    if not s.involved_with(e):
        return "nobody is involved"
    shows = ", ".join(f"{r} {v}" for r, v in requirement(s, e).items())
    return f"nobody exceeds every rating it shows ({shows})"


def _fail(s: State, e: int, ev: list[Event], why: str = "") -> None:
    """`fail`: a Story Event stays with everything on it; any other goes to the rest
    pile with its Settings and its involved Characters go back to their fields.
    `why`: the reason, unless the log has just said it (a tie-break's)."""
    d = s.defs[e]
    whose = f"{p(s.owner[e])}'s {d.name}"  # the log names the seat it happens to
    because = f": {why}" if why else ""
    if d.kind == "story":
        text = f"{whose} is not resolved{because}. A Story Event, it stays"
        ev.append(Event("fail", text, None))
        return
    ev.append(Event("fail", f"{whose} fails to resolve{because}", None))
    _clear_event(s, e, ev)
    s.rest[s.owner[e]].append(e)


def _clear_event(s: State, e: int, ev: list[Event]) -> None:
    """The Event leaves the Event field: its Settings to their owners' rest piles,
    its involved Characters back to their controllers' play fields."""
    for a in s.attachments(e):
        del s.attached[a]
        s.rest[s.owner[a]].append(a)
    for c in s.involved_with(e):
        del s.involved[c]
        s.field[s.ctrl(c)].append(c)
    s.event[s.owner[e]].remove(e)
    s.revealed = s.revealed - {e}


def _victory(s: State, ev: list[Event]) -> None:
    """`victory`: the pool empty, or a player with more than half the starting
    pool; most tokens wins, then most Events in the chronicle, then a shared win
    (U5). Otherwise the Heroes are chosen."""
    if s.pool > 0 and max(s.tokens) * 2 <= s.pool_start:
        _ask_heroes(s, ev)
        return
    best = max(s.tokens)
    top = [q for q in range(s.n) if s.tokens[q] == best]
    why = f"most chronicle tokens ({best})"
    kind = "most chronicle tokens"
    if len(top) > 1:
        most = max(len(s.chronicle[q]) for q in top)
        top = [q for q in top if len(s.chronicle[q]) == most]
        why += f", then most Events in the chronicle ({most})"
        kind += ", then most Events in the chronicle"
    names = " and ".join(p(q) for q in top)
    verb = "win" if len(top) > 1 else "wins"
    who = "a player wins" if len(top) == 1 else "players share the win"
    s.result = Outcome(tuple(top), f"{names} {verb} with the {why}", f"{who} with the {kind}")


def _ask_heroes(s: State, ev: list[Event]) -> None:
    s.passes, s.turn = 0, s.first
    s.hero = [0] * s.n
    if has_hero(s, s.first):
        s.step = "hero"
    elif not _next_seat(s, "hero", lambda s, q: not has_hero(s, q)):
        _sweep(s, ev)


def _hero_apply(s: State, q: int, a: Action, ev: list[Event]) -> None:
    """`hero`: keep one Hero from the play field, or none."""
    s.hero[q] = card(s, a.card) if a.card else 0
    ev.append(
        Event(
            "hero",
            f"{p(q)} keeps {s.defs[s.hero[q]].name}" if a.card else f"{p(q)} keeps no Hero",
            q,
        )
    )
    if not _next_seat(s, "hero", lambda s, q: not has_hero(s, q)):
        _sweep(s, ev)


def _sweep(s: State, ev: list[Event]) -> None:
    """`sweep`: every Character in a play field but the kept Hero goes to its owner's
    rest pile with its Attachments; Held Moments and Characters involved with a
    Story Event stay; unspent currency goes back; boosts and cancelled abilities
    end."""
    for q in _order(s):
        gone = [c for c in s.field[q] if s.defs[c].type == "character" and c != s.hero[q]]
        taken = [c for c in gone if s.owner[c] != q]  # to their owners' piles (U29)
        for c in gone:
            to_pile(s, c, "rest", ev, quiet=True)
        if gone:
            ev.append(
                Event(
                    "sweep",
                    f"{p(q)}'s field is swept up",
                    q,
                    tuple(s.names[c] for c in gone if c not in taken),
                    f"field:{q}",
                    f"rest:{q}",
                )
            )
        for c in taken:
            ev.append(Event("sweep", "", q, (s.names[c],), f"field:{q}", f"rest:{s.owner[c]}"))
        s.honor[q] = s.ryo[q] = 0
    s.boosts = {}
    s.cancelled = frozenset()
    _start_turn(s, ev)


# ---------------------------------------------------------------- leaving play

_APPLY = {
    "cut": _cut_apply,
    "pass": lambda s, q, a, ev: _cut_apply(s, q, a, ev) if s.step == "cut" else _pass(s, q, a, ev),
    "discard": _discard_apply,
    "propose": _propose_apply,
    "play": _play,
    "use": _use,
    "involve": _involve,
    "finished": _finished,
    "tiebreak": _tiebreak_apply,
    "extra": _extra_apply,
    "hero": _hero_apply,
}
