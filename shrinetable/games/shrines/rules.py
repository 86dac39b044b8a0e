"""Shrines' rules: the legal-action generator and the step function.

`legal_actions` is the one source of truth for what may be done; `apply` accepts
exactly those actions (and asks `explain` only to word a refusal). Clause and
ruling ids in comments refer to docs/rules/shrines.md.
"""

from __future__ import annotations

from dataclasses import replace

from shrinetable.engine import SHIPPED_AND_MINE, CardSet, Event, IllegalAction
from shrinetable.engine.rng import fork, seeded

from . import combat, payment
from . import effects as fx
from .actions import Action
from .cards import (
    COLOURS,
    ROWS,
    Cost,
    Def,
    affordable,
    instance,
    site_index,
    site_name,
    starter,
)
from .decks import files as deck_files
from .explain import explain
from .region import (
    any_card,
    area_place,
    area_sites,
    blocked,
    bodies,
    destinations,
    enemies,
    grants_guard,
    immoveable,
    in_range,
    kw,
    may_fight,
    melee_row,
    range_row,
    resilience,
    riders,
    row,
    sick,
    status,
    strength,
    travel_distance,
)
from .state import Facts, Options, State, kept

START_PRIMARY = 3
START_SECONDARY = 3
MULLIGANS = (2, 4)
UNMARK_COST = 2
MOUNT_COST = 2
PASS, NEXT, KEEP, UNMARK = Action("pass"), Action("next"), Action("keep"), Action("unmark")
NO_PRIORITY = (
    "tap",
    "travel",
    "attack",
    "block",
    "draw",
    "top",
    "bottom",
    "sacrifice",
    "guard",
    "unguard",
)


def p(seat: int) -> str:
    return f"p{seat + 1}"


# --------------------------------------------------------------------------- setup


def new_game(seed: int, opts: Options, card_set: CardSet = SHIPPED_AND_MINE) -> State:
    """Shuffle both libraries of both decks (of the card set `card_set`) and deal
    three Primary cards each; the mulligans follow (clause setup)."""
    cards = starter(card_set)[0]
    chosen = deck_files(lambda: starter(card_set))
    defs: list[Def] = []
    owner: list[int] = []
    zones = []
    for q, key in enumerate(opts.decks):
        deck = chosen.deck(key)  # a deck of the card set's, or one written out
        ids = {"shrine": [deck.shrine]}
        for lib in ("primary", "secondary"):
            ids[lib] = [cid for cid, n in getattr(deck, lib).items() for _ in range(n)]
        z = {}
        for lib, names in ids.items():
            z[lib] = list(range(len(defs), len(defs) + len(names)))
            defs += [Def.of(cards[cid]) for cid in names]
            owner += [q] * len(names)
        zones.append(z)
    rng = seeded(seed)
    for z in zones:
        rng.shuffle(z["primary"])
        rng.shuffle(z["secondary"])
    s = State(
        opts,
        rng,
        tuple(defs),
        tuple(owner),
        [z["primary"] for z in zones],
        [z["secondary"] for z in zones],
        [[], []],
        [[], []],
        [[], []],
        [z["shrine"] for z in zones],
        (zones[0]["shrine"][0], zones[1]["shrine"][0]),
        [0, 0],
        [[], []],
        [[], []],
        [[], []],
        {},
        [],
        {},
        [[] for _ in range(15)],
        {},
        set(),
        [opts.life, opts.life],
        [[0] * 5, [0] * 5],
        [0, 0],
    )
    for q in (0, 1):
        for _ in range(START_PRIMARY):
            s.hands[q].append(s.primary[q].pop())
    s.mull_left = MULLIGANS[0]
    return s


# --------------------------------------------------------------------------- queries

DEFENDER_STAGES = ("respond", "block", "damage-answer")


def decision_seat(s: State) -> int:
    if s.queue:
        return s.queue[0][1]
    if s.stage in DEFENDER_STAGES:
        return 1 - s.turn
    return s.turn


def priority_seat(s: State) -> int | None:
    """Who holds priority (clause priority); None during the mulligans, at the end,
    and while a queued choice (a draw, a Swap, a sacrifice) is being made: nobody
    holds it until that is done, then it is where it was."""
    if s.result is not None or s.stage in ("mulligan", "over") or s.queue:
        return None
    return 1 - s.turn if s.stage in DEFENDER_STAGES else s.turn


def looking_at(s: State, seat: int | None) -> frozenset[int]:
    """Library cards `seat` is looking at: those of its Swap still to be placed."""
    return frozenset(
        c for item in s.queue if item[0] == "swap" and item[1] == seat for c in item[3]
    )


def others(s: State, me: int, paying: int = -1) -> list[Cost]:
    """The costs of `me`'s other cards, which a payment should keep affordable (R7):
    those in hand and the waiting Shrine, but for the card being paid for and
    sources (which cost nothing)."""
    return [
        s.defs[c].cost
        for c in (*s.hands[me], *s.shrine[me][:1])
        if c != paying and s.defs[c].type != "source"
    ]


def paid(s: State, me: int, a: Action, cost: Cost, x: int = 0, paying: int = -1) -> list[Action]:
    """`a` once per distinct payment of `cost`, the proposal first, each carrying its
    payment; `a` as it is when there is only one way to pay (clause cost, R7)."""
    ways = payment.payments(s.pool[me], cost, x)
    if len(ways) < 2:
        return [a] if ways else []
    first = payment.proposal(ways, s.pool[me], others(s, me, paying))
    return [a._replace(pay=payment.text(w)) for w in (first, *(w for w in ways if w != first))]


def proposed(legal: list[Action]) -> list[Action]:
    """The legal actions but for payments other than the proposal (R7): how the
    computer player pays, as the table proposes to a person."""
    seen = set()
    out = []
    for a in legal:
        key = (a.kind, a.card, a.target, a.x)
        if a.pay and key in seen:
            continue
        seen.add(key)
        out.append(a)
    return out


def _spend(s: State, me: int, a: Action, cost: Cost, x: int = 0) -> None:
    """Take the action's payment from the pool: the one it names, else the only one."""
    spend = payment.parse(a.pay) if a.pay else payment.payments(s.pool[me], cost, x)[0]
    s.pool[me] = [n - k for n, k in zip(s.pool[me], spend, strict=True)]


def max_x(pool: list[int], cost: Cost) -> int:
    return sum(pool) - cost.converted


def mine(s: State, seat: int, kind: str | None = None) -> list[int]:
    """`seat`'s permanents (of a type); mounted riders are part of their mount."""
    return kept(s, "mine", (seat, kind), _mine, seat, kind)


def _mine(s: State, seat: int, kind: str | None) -> list[int]:
    return [
        c
        for c, pm in s.perms.items()
        if pm.ctrl == seat
        and (kind is None or s.defs[c].type == kind)
        and not (pm.attached >= 0 and s.defs[c].type == "creature")
    ]


def creatures(s: State) -> list[int]:
    return [c for c, pm in s.perms.items() if s.defs[c].type == "creature" and pm.attached < 0]


def known(s: State, key: tuple, make, *args):
    """`make(s, *args)`, kept with the finished state's facts under `key`, which
    names whatever else than the Region it reads (the turn number...)."""
    return kept(s, "more", key, make, *args)


def mount_pairs(s: State, me: int) -> list[tuple[int, int]]:
    """(joining, kept) pairs of `me`'s creatures that may Mount: one with Saddle, one
    that may Mount, neither already mounted, within one site (clause saddle, R19)."""
    return known(s, ("mounts", me), _mount_pairs, me)


def _mount_pairs(s: State, me: int) -> list[tuple[int, int]]:
    free = [c for c in mine(s, me, "creature") if not riders(s, c)]
    out = []
    for a in free:
        for b in free:
            if (
                a != b
                and _opposite(s, a, b)
                and _near(s.perms[a].site, s.perms[b].site)
                and _may_step(s, a, s.perms[b].site)
            ):
                out.append((a, b))
    return out


def _may_step(s: State, c: int, to: int) -> bool:
    """Joining a creature on the next site moves it there, so the movement rules
    hold: not off or onto a site with opposing bodies, nor an Immoveable one
    (clauses move, immoveable)."""
    here = s.perms[c].site
    return here == to or not (
        blocked(s, c, here) or blocked(s, c, to) or immoveable(s, here) or immoveable(s, to)
    )


def _opposite(s: State, a: int, b: int) -> bool:
    ka, kb = s.defs[a].kw, s.defs[b].kw
    return ("saddle" in ka and "mount" in kb) or ("mount" in ka and "saddle" in kb)


def _near(x: int, y: int) -> bool:
    return abs(row(x) - row(y)) + abs(x % 3 - y % 3) <= 1


# --------------------------------------------------------------------------- legality


def legal_actions(s: State) -> list[Action]:
    """Every legal action of the seat whose decision it is, in a fixed order
    (a function of the state). Cached on the state, which never changes once built:
    `apply` lists them for the state it returns; a state made or changed by hand
    (set up, or a test's position with `legal` set to None) is worked out afresh."""
    if s.legal is None:
        s.facts = Facts(s)
        s.legal = _listed(s)
    return s.legal


def _listed(s: State) -> list[Action]:
    if s.result is not None:
        return []
    if s.queue:
        return _QUEUED[s.queue[0][0]](s, s.queue[0])
    return _STAGES[s.stage](s)


def _gen_mulligan(s: State) -> list[Action]:
    out = [KEEP]
    if s.mull_left > 0:
        out += [Action("mulligan", s.name(c)) for c in s.hands[s.turn]]
    return out


def _gen_draw(s: State, item) -> list[Action]:
    q, lib = item[1], item[2]
    return [
        Action("draw", lib=name)
        for name, pile in (("primary", s.primary[q]), ("secondary", s.secondary[q]))
        if pile and lib in ("any", name)
    ]


def _gen_swap(s: State, item) -> list[Action]:
    return [Action(k, s.name(c)) for c in item[3] for k in ("top", "bottom")]


def _gen_sacrifice(s: State, item) -> list[Action]:
    _, q, site = item
    return [Action("sacrifice", s.name(c)) for c in fx.counted(s, site) if s.perms[c].ctrl == q]


_TAPS: list = [((), {})]  # (the cards, `State.defs`, last asked about; each one's tap)


def _tap(s: State, c: int) -> Action:
    """Tapping card `c`, made once per game's cards (an action never changes). The
    pair is read and replaced whole, so two games in two threads never mix."""
    defs, made = _TAPS[0]
    if defs is not s.defs:
        made = {}
        _TAPS[0] = (s.defs, made)
    a = made.get(c)
    if a is None:
        a = made[c] = Action("tap", s.name(c))
    return a


def _common(s: State, me: int) -> list[Action]:
    """Tapping for mana or a tap ability, burst spells, and the Shrine's time mark."""
    tapped = s.tapped
    out = [_tap(s, c) for c in s.sources[me] if c not in tapped]
    out += [_tap(s, c) for c in s.idols[me] if c not in tapped and s.defs[c].tap]
    out += [a for c, a in known(s, ("taps", me, s.turn_no), _tappers, me) if c not in tapped]
    out += _spells(s, me, "burst")
    if s.marks[me] > 0:
        out += paid(s, me, UNMARK, Cost(generic=UNMARK_COST))
    return out


def _tappers(s: State, me: int) -> list[tuple[int, Action]]:
    """`me`'s permanents with a tap ability that may use it if untapped (not
    entered this turn, not frozen), each with its tap action."""
    defs = s.defs
    return [
        (c, _tap(s, c))
        for c, pm in s.perms.items()  # mine(s, me), inline
        if defs[c].tap
        and pm.ctrl == me
        and defs[c].type not in ("relic", "creature" if pm.attached >= 0 else "")
        and not sick(s, c)
        and "freeze" not in status(s, c)
    ]


def _guards(s: State, me: int) -> list[Action]:
    """Guard is an option (R11): its controller switches it off or on again, once a
    turn, in their own turn or while declaring blocks; it starts on."""
    return known(s, ("guards", me, s.turn_no), _guard_list, me)


def _guard_list(s: State, me: int) -> list[Action]:
    defs = s.defs
    granted = any_card(defs, grants_guard) and any(  # a tool or an area could give Guard
        grants_guard(defs[x]) for x in (*s.areas, *s.perms)
    )
    mounts = {p.attached for p in s.perms.values() if p.attached >= 0}
    return [
        Action("guard" if s.perms[c].unguarded else "unguard", s.name(c))
        for c in mine(s, me)
        if s.perms[c].guard_switched != s.turn_no
        and ("guard" in defs[c].kw or granted or c in mounts and riders(s, c))
        and "guard" in kw(s, c)
    ]  # cheap first


def _gen_main(s: State) -> list[Action]:
    me = s.turn
    out = [NEXT, *_common(s, me), *_guards(s, me)]
    if s.act in ("first", "final"):
        out += _inert(s, me)
    elif s.act == "travel":
        out += _travels(s, me)
    elif s.act == "combat":
        out += _attacks(s, me)
    return out


def _gen_respond(s: State) -> list[Action]:
    return [PASS, *_common(s, 1 - s.turn)]


def _gen_block(s: State) -> list[Action]:
    return [PASS, *_blocks(s, 1 - s.turn), *_common(s, 1 - s.turn), *_guards(s, 1 - s.turn)]


def _gen_attacker_answer(s: State) -> list[Action]:
    """The attacker holds priority in combat: after an action of the defender
    while blocking, and once the blocks are done, before damage (R4, R24)."""
    return [PASS, *_common(s, s.turn), *_guards(s, s.turn)]


def _gen_damage_answer(s: State) -> list[Action]:
    """The defender answers the attacker's action made before damage (R24)."""
    return [PASS, *_common(s, 1 - s.turn)]


def _inert(s: State, me: int) -> list[Action]:
    out = []
    pool = s.pool[me]
    hand = s.hands[me]
    if not s.source_played:
        out += [Action("source", s.name(c)) for c in hand if s.defs[c].type == "source"]
    playable = [c for c in hand if affordable(pool, s.defs[c].cost)]
    if s.shrine[me] and s.marks[me] == 0 and affordable(pool, s.defs[s.shrine[me][0]].cost):
        playable.append(s.shrine[me][0])
    melee = [melee_row(me) * 3 + k for k in range(3)]
    for c in playable:
        d, n = s.defs[c], s.name(c)
        plays = []
        if d.type == "creature":
            plays += [
                Action("play", n, site_name(i)) for i in melee if not _rush_blocked(s, me, d, i)
            ]
            plays += [
                Action("play", n, s.name(x))
                for x in mine(s, me, "creature")
                if _can_ride(s, me, c, x)
            ]
        elif d.type == "structure":
            sites = melee + [range_row(me) * 3 + k for k in range(3)]
            plays += [
                Action("play", n, site_name(i))
                for i in sites
                if not any(s.defs[b].type == "structure" for b in s.sites[i])
            ]
        elif d.subtype == "tool":
            onto = d.play_cost(onto_creature=True)
            if affordable(pool, onto):
                out += [
                    b
                    for t in mine(s, me, "creature")
                    for b in paid(s, me, Action("play", n, s.name(t)), onto, paying=c)
                ]
            if d.attach_cost is not None:  # a tool with an attach cost may lie loose
                plays += [Action("play", n, site_name(i)) for i in range(15)]
        elif d.subtype == "idol":
            plays.append(Action("play", n))
        elif d.subtype == "trap" or d.area == "site":
            plays += [Action("play", n, site_name(i)) for i in range(15)]
        elif d.area == "row":
            plays += [Action("play", n, f"row{r + 1}") for r in range(ROWS)]
        elif d.area == "pathway":
            plays += [Action("play", n, f"path-{k}") for k in "abc"]
        out += [b for a in plays for b in paid(s, me, a, d.cost, paying=c)]
    out += _spells(s, me, "inert")
    if sum(pool) >= MOUNT_COST:
        out += [
            b
            for a, h in mount_pairs(s, me)
            for b in paid(s, me, Action("mount", s.name(a), s.name(h)), Cost(generic=MOUNT_COST))
        ]
    for t in mine(s, me, "relic"):
        if s.perms[t].attached < 0 and affordable(pool, s.defs[t].attach_cost):
            site = s.perms[t].site
            out += [
                b
                for c in bodies(s, site)
                if s.perms[c].ctrl == me and s.defs[c].type == "creature"
                for b in paid(s, me, Action("attach", s.name(t), s.name(c)), s.defs[t].attach_cost)
            ]
    return out


def _can_ride(s: State, me: int, c: int, x: int) -> bool:
    """A creature played may Mount at once with one of ours on our melee or range
    row (within one site of where it would enter) (clause saddle)."""
    d, kx = s.defs[c].kw, s.defs[x].kw
    return (
        (("saddle" in d and "mount" in kx) or ("mount" in d and "saddle" in kx))
        and not riders(s, x)
        and row(s.perms[x].site) in (melee_row(me), range_row(me))
        and not _rush_blocked(s, me, s.defs[c], s.perms[x].site)
    )


def _rush_blocked(s: State, me: int, d: Def, site: int) -> bool:
    """Rush: no creature enters a site with an opposing creature, unless it has
    Flying or Unstoppable (clause modes)."""
    return (
        s.opts.mode == "rush"
        and "flying" not in d.kw
        and "unstoppable" not in d.kw
        and any(s.defs[c].type == "creature" for c in enemies(s, site, me))
    )


def _spells(s: State, me: int, speed: str) -> list[Action]:
    out = []
    pool = s.pool[me]
    for c in s.hands[me]:
        d = s.defs[c]
        if d.type != "spell" or d.subtype != speed or not affordable(pool, d.cost):
            continue
        xs = range(max_x(pool, d.cost) + 1) if d.cost.x else (-1,)
        targets = spell_targets(s, me, d)
        for x in xs:
            out += [
                b
                for t in targets
                for b in paid(s, me, Action("cast", s.name(c), t, x), d.cost, max(x, 0), c)
            ]
    return out


def spell_targets(s: State, me: int, d: Def) -> list[str]:
    """The targets a spell may name: those of its first effect that needs a choice
    (one target serves every effect of the card, R6); [""] if none does."""
    kind = next((e.target for e in d.effects if e.target not in ("none", "self", "opponent")), None)
    if kind is None:
        return [""]
    if kind in ("site", "each-enemy-on-site"):
        token = any(e.do == "token" for e in d.effects)
        sites = [melee_row(me) * 3 + k for k in range(3)] if token else range(15)
        return [site_name(i) for i in sites]
    if kind == "player":
        return ["p1", "p2"]
    pool = creatures(s) if "creature" in kind else [c for c in s.perms if s.defs[c].type != "relic"]
    if kind.startswith("enemy"):
        pool = [c for c in pool if s.perms[c].ctrl != me]
    elif kind.startswith("own"):
        pool = [c for c in pool if s.perms[c].ctrl == me]
    out = [s.name(c) for c in sorted(pool)]
    return out + ["p1", "p2"] if kind == "any" else out


def _travels(s: State, me: int) -> list[Action]:
    if s.travelled:
        return []
    declared = {c for c, _ in s.travels}
    return [
        a
        for c, moves in known(s, ("travels", me, s.turn_no), _travellers, me)
        if c not in declared
        for a in moves
    ]


def _travellers(s: State, me: int) -> list[tuple[int, list[Action]]]:
    """`me`'s creatures that may travel this turn, each with its travel actions."""
    out = []
    for c in mine(s, me, "creature"):
        if sick(s, c) or "stationary" in kw(s, c) or "freeze" in status(s, c):
            continue
        k = kw(s, c)
        out.append(
            (
                c,
                [
                    Action("travel", s.name(c), site_name(site))
                    for site, _ in destinations(s, c, travel_distance(s, c), "lunge" in k)
                ],
            )
        )
    return out


def attack_targets(s: State, c: int) -> list[int]:
    """Opposing bodies in range that `c` may fight, then -1-seat for the player zone."""
    sites, player = in_range(s, c)
    me = s.perms[c].ctrl
    out = [t for site in sites for t in enemies(s, site, me) if may_fight(s, c, t)]
    return out + [fx.PLAYER - (1 - me)] if player else out


def _attacks(s: State, me: int) -> list[Action]:
    declared = {c for c, _ in s.attacks}
    tapped = s.tapped
    return [
        a
        for c, hits in known(s, ("attacks", me, s.turn_no), _attackers, me)
        if c not in declared and c not in tapped
        for a in hits
    ]


def _attackers(s: State, me: int) -> list[tuple[int, list[Action]]]:
    """`me`'s creatures that may attack this turn if untapped, each with its attacks."""
    return [
        (
            c,
            [
                Action("attack", s.name(c), s.name(t) if t >= 0 else p(fx.PLAYER - t))
                for t in attack_targets(s, c)
            ],
        )
        for c in mine(s, me, "creature")
        if not sick(s, c) and "freeze" not in status(s, c)
    ]


def _blocks(s: State, me: int) -> list[Action]:
    targeted = {t for _, t in s.attacks}
    blocking = {b for b, _ in s.blocks}
    out = []
    for a, _ in s.attacks:
        if a not in s.perms:
            continue
        sites = set(in_range(s, a)[0])
        for b in mine(s, me, "creature"):
            if (
                b in targeted
                or b in blocking
                or b in s.tapped
                or s.perms[b].site not in sites
                or not may_fight(s, b, a)
            ):
                continue
            out.append(Action("block", s.name(b), s.name(a)))
    return out


def _gen_stats(s: State, item) -> list[Action]:
    """The creature already on the Region first, then the newcomer (clause saddle)."""
    return [Action("stats", s.name(c)) for c in (item[3], item[2]) if c in s.perms]


_STAGES = {
    "mulligan": _gen_mulligan,
    "main": _gen_main,
    "respond": _gen_respond,
    "block": _gen_block,
    "block-answer": _gen_attacker_answer,
    "damage": _gen_attacker_answer,
    "damage-answer": _gen_damage_answer,
    "over": lambda s: [],
}
_QUEUED = {
    "draw": _gen_draw,
    "swap": _gen_swap,
    "sacrifice": _gen_sacrifice,
    "assign": combat.choices,
    "stats": _gen_stats,
}


# --------------------------------------------------------------------------- step


def apply(s: State, a: Action) -> tuple[State, list[Event]]:
    """The state after `a` and what happened; IllegalAction if `a` is not legal."""
    if a not in legal_actions(s):
        reason, ruling = explain(s, a, legal_actions(s))
        raise IllegalAction(reason, ruling)
    me = decision_seat(s)
    s = s.copy()
    ev: list[Event] = []
    if s.queue:
        item, s.queue = s.queue[0], s.queue[1:]
        _DO_QUEUED[item[0]](s, item, a, ev)
    else:
        _DO[a.kind](s, me, a, ev)
        if (
            a.kind not in NO_PRIORITY
            and a.kind not in ("next", "pass", "keep", "mulligan")
            or a.kind == "tap"
            and taps_for_more_than_mana(s.defs[_card(s, a)])
        ):
            _priority_after(s, me)
    f = s.before
    if f is not None and f.settled and f.hold(s):
        fx.winner_check(s, ev)  # the Region is as it was after the last check of deaths
    else:
        fx.deaths(s, ev)
        f = Facts(s)
        f.settled = True
    _settle(s, ev)
    s.facts, s.before = f, None
    s.legal = _listed(s)  # the state is finished: its facts hold from here on
    return s, ev


def taps_for_more_than_mana(d: Def) -> bool:
    """A tap ability that does something besides adding mana is an action the
    opponent may answer (clause priority); tapping for mana is not."""
    return any(e.do != "add-mana" for e in d.tap)


def idle_priority(s: State) -> bool:
    """Answering with nothing to answer with: every legal move but the pass is a tap,
    and even with all the mana no burst spell (with a target) or time mark could be
    paid for. The table passes for a person then, as when the pass is their only
    move; asking would cost a click after every opposing action. A tap ability
    (gain a life, a point of damage) does not count: spells resolve before anyone
    answers, so it does as much in its owner's own turn."""
    if s.queue or s.stage not in ("respond", "block-answer", "damage", "damage-answer"):
        return False
    me = decision_seat(s)
    pool = list(s.pool[me])
    for a in legal_actions(s):
        if a.kind == "pass":
            continue
        if a.kind != "tap":
            return False
        d = s.defs[_card(s, a)]
        if d.produces >= 0:
            pool[d.produces] += 1
        for e in d.tap:
            if e.do == "add-mana":
                pool[COLOURS.index(e.colour)] += e.amount if isinstance(e.amount, int) else 0
    if s.marks[me] > 0 and sum(pool) >= UNMARK_COST:
        return False
    return not any(
        d.type == "spell"
        and d.subtype == "burst"
        and affordable(pool, d.cost)
        and spell_targets(s, me, d)
        for d in (s.defs[c] for c in s.hands[me])
    )


COMMON = ("next", "tap", "cast", "unmark", "guard", "unguard")  # moves of any act


def idle_act(s: State) -> bool:
    """An act of the active player's own turn with nothing to do in it, so the
    table moves on to the next act for a person (asking cost four clicks a turn).
    The travel and combat acts: none of their own moves (a travel, an attack) is
    legal; what may be done in any act (taps, burst spells, the time mark, Guard)
    waits for an act that stops, as a digital card game skips the steps with
    nothing of their own. The first and final acts: every legal move but `next`
    is a tap for mana or a Guard switch (a standing choice, R11, offered in the
    first act, once a turn), and with all that mana nothing more could be done."""
    if s.queue or s.stage != "main" or s.result is not None:
        return False
    if s.act in ("travel", "combat"):
        return all(a.kind in COMMON for a in legal_actions(s))
    taps = []
    for a in legal_actions(s):
        if a.kind == "next" or a.kind in ("guard", "unguard") and s.act != "first":
            continue
        if a.kind != "tap" or taps_for_more_than_mana(s.defs[_card(s, a)]):
            return False
        taps.append(a)
    for a in taps:
        if a in legal_actions(s):
            s = apply(s, a)[0]
    return all(a.kind in ("next", "tap", "guard", "unguard") for a in legal_actions(s))


_ANSWER = {
    "block": "block-answer",
    "block-answer": "block",
    "damage": "damage-answer",
    "damage-answer": "damage",
}
_RETURN = {"block-answer": "block", "damage-answer": "damage"}


def _priority_after(s: State, me: int) -> None:
    """After an action the other player gets priority (clause priority); a burst
    answer hands it back to the active player, who must pass the act again (R3).
    In combat the defender's action while blocking gives the attacker priority,
    whose answer gives it back to the blocks (R4); before damage the same holds
    between the attacker and the defender (R24)."""
    if s.stage in _ANSWER:
        s.stage = _ANSWER[s.stage]
        return
    if me == s.turn:
        s.stage, s.ending = "respond", False
    else:
        s.stage, s.ending = "main", False


def _settle(s: State, ev: list[Event]) -> None:
    """A mount whose part has left is no longer a choice; a draw nobody can make
    loses the game (R2)."""
    s.queue = tuple(i for i in s.queue if i[0] != "stats" or all(c in s.perms for c in i[2:]))
    while s.result is None and s.queue and s.queue[0][0] == "draw" and not _gen_draw(s, s.queue[0]):
        q = s.queue[0][1]
        s.result = fx.Outcome(
            (1 - q,),
            f"{p(q)} had to draw from empty libraries",
            "a player had to draw from empty libraries",
        )
        s.stage = "over"
        fx.log(s, ev, "over", f"{p(1 - q)} wins: {s.result.reason}", 1 - q)


def _card(s: State, a: Action) -> int:
    return instance(a.card)


def _do_mulligan(s, me, a, ev):
    """Clause mulligan: a hand card to the Primary Library's bottom, then draw one."""
    c = _card(s, a)
    s.hands[me].remove(c)
    s.primary[me].insert(0, c)
    s.hands[me].append(s.primary[me].pop())
    fx.know_top(s, me, "primary", fx.known_top(s, me, "primary") - 1)
    s.mull_left -= 1
    s.mulled = True
    fx.log(s, ev, "mulligan", f"{p(me)} mulligans a card", me)


def _do_keep(s, me, a, ev):
    for _ in range(START_SECONDARY):
        if s.secondary[me]:
            s.hands[me].append(s.secondary[me].pop())
    if s.mulled:
        s.rng = fork(s.rng)
        s.rng.shuffle(s.primary[me])
        fx.know_top(s, me, "primary", 0)
    fx.log(s, ev, "keep", f"{p(me)} keeps and draws {START_SECONDARY} from the Secondary", me)
    if me == 0:
        s.turn, s.mull_left, s.mulled = 1, MULLIGANS[1], False
    else:
        s.turn, s.act, s.stage = 0, "first", "main"  # clause first-turn: no draw now


def _do_source(s, me, a, ev):
    c = _card(s, a)
    s.hands[me].remove(c)
    s.sources[me].append(c)
    s.source_played = True
    fx.log(
        s, ev, "source", f"{p(me)} puts out {s.name(c)}", me, (c,), f"hand:{me}", f"sources:{me}"
    )
    fx.run(s, me, s.defs[c].effects, -1, 0, ev, c)


def _do_tap(s, me, a, ev):
    c = _card(s, a)
    s.tapped.add(c)
    d = s.defs[c]
    if d.produces >= 0:
        s.pool[me][d.produces] += 1
    if d.tap:  # a source's mana alone changes nothing that `apply`'s check of deaths reads
        fx.log(s, ev, "tap", f"{p(me)} taps {a.card}", me)  # its effects are said after it
        fx.run(s, me, d.tap, -1, 0, ev, c)


def _target(s: State, t: str) -> int:
    if not t:
        return -1
    if t in ("p1", "p2"):
        return fx.PLAYER - (int(t[1]) - 1)
    if "#" in t:
        return instance(t)
    return 1000 + site_index(t)


def _do_play(s, me, a, ev):
    c = _card(s, a)
    d = s.defs[c]
    zone = "shrine" if c in s.shrine[me] else "hand"
    (s.shrine if zone == "shrine" else s.hands)[me].remove(c)
    _spend(s, me, a, d.play_cost("#" in a.target))
    if d.subtype == "trap":  # face down: only its owner sees which card it is
        fx.log(
            s,
            ev,
            "trap",
            f"{p(me)} sets a trap at {a.target}",
            me,
            (c,),
            f"hand:{me}",
            f"traps:{me}",
        )
        ev[-1] = replace(ev[-1], visible_to=(me,))
    else:
        on = " on" if "#" in a.target else " at"  # a creature or tool on a card, else a place
        fx.log(
            s,
            ev,
            "play",
            f"{p(me)} plays {a.card}" + (f"{on} {a.target}" if a.target else "") + _paying(a),
            me,
            (c,),
            f"{zone}:{me}",
            _landing(s, me, a.target),
        )
    if d.subtype == "idol":
        s.idols[me].append(c)
    elif d.subtype == "tool":
        if "#" in a.target:
            host = instance(a.target)
            s.perms[c] = fx.Perm(me, s.perms[host].site, s.turn_no, attached=host)
        else:
            s.perms[c] = fx.Perm(me, site_index(a.target), s.turn_no)
        s.sites[s.perms[c].site].append(c)
    elif d.subtype == "trap":
        _cover_traps(s, site_index(a.target), ev)
        s.traps[me].append(c)
        s.trap_site[c] = site_index(a.target)
    elif d.type == "area":
        _place_area(s, c, a.target, ev)
    elif "#" in a.target:  # mounting on arrival: the player picks the stats
        host = instance(a.target)
        s.perms[c] = fx.Perm(me, s.perms[host].site, s.turn_no)
        s.sites[s.perms[host].site].append(c)
        s.queue = (("stats", me, c, host), *s.queue)
        fx.traps_on(s, c, s.perms[host].site, ev)  # a pair whose rider died is not asked
        if c in s.perms:
            fx.run(s, me, d.effects, -1, 0, ev, c)
    else:
        fx.put(s, c, me, site_index(a.target), ev)
        fx.run(s, me, d.effects, -1, 0, ev, c)


def _paying(a: Action) -> str:
    return f", paying {a.pay}" if a.pay else ""


def _landing(s: State, me: int, target: str) -> str:
    """The zone a played card lands in, for the event."""
    if not target:
        return f"idols:{me}"
    if "#" in target:
        return f"site:{site_name(s.perms[instance(target)].site)}"
    return "areas" if target.startswith(("row", "path-")) else f"site:{target}"


def _join(s: State, rider: int, host: int, ev: list[Event]) -> None:
    """Clause saddle: `rider` becomes part of `host`, whose printed strength and
    resilience the pair keeps; the pair is new if either part is (R19) and carries
    both parts' damage, boosts and conditions, tapped if either is (R22)."""
    r, h = s.perm(rider), s.perm(host)
    if r.site != h.site:
        s.sites[r.site].remove(rider)
        s.sites[h.site].append(rider)
        r.site = h.site
        fx.traps_on(s, rider, h.site, ev)  # it moved onto the site: traps there spring
        if rider not in s.perms:
            return
    r.attached = host
    h.entered = max(h.entered, r.entered)
    h.damage, h.boost_s, h.boost_r = (
        h.damage + r.damage,
        h.boost_s + r.boost_s,
        h.boost_r + r.boost_r,
    )
    r.damage = r.boost_s = r.boost_r = 0
    h.status, h.lethal = h.status | r.status, h.lethal or r.lethal
    if rider in s.tapped:
        s.tapped.add(host)
    for t in [t for t in s.sites[h.site] if s.perms[t].attached == rider]:
        s.perm(t).attached = host  # tools move to the mounted creature
    fx.log(
        s,
        ev,
        "mount",
        f"{s.name(rider)} mounts with {s.name(host)}",
        h.ctrl,
        (rider,),
        None,
        f"site:{site_name(h.site)}",
    )


def _do_mount(s, me, a, ev):
    _spend(s, me, a, Cost(generic=MOUNT_COST))
    _join(s, _card(s, a), instance(a.target), ev)


def _cover_traps(s: State, site: int, ev: list[Event]) -> None:
    """Clause trap: a trap is an area of its own subtype covering one site, so a new
    trap there covers (and removes) any older one, whoever set it."""
    for q in (0, 1):
        for old in [t for t in s.traps[q] if s.trap_site[t] == site]:
            s.traps[q].remove(old)
            del s.trap_site[old]
            s.graveyard[q].append(old)
            fx.log(
                s,
                ev,
                "covered",
                f"{s.name(old)} is covered and removed",
                q,
                (old,),
                f"traps:{q}",
                f"graveyard:{q}",
            )


def _place_area(s: State, c: int, where: str, ev: list[Event]) -> None:
    """Clause area: the newest of a subtype rules where areas overlap; an older area
    of the same subtype wholly covered by the new one is removed to the Graveyard."""
    at = area_place(where)
    new = area_sites(*at)
    for old in list(s.areas):
        if s.defs[old].subtype == s.defs[c].subtype and area_sites(*s.area_at[old]) <= new:
            s.areas.remove(old)
            del s.area_at[old]
            s.graveyard[s.owner[old]].append(old)
            fx.log(s, ev, "covered", f"{s.name(old)} is covered and removed", s.owner[old], (old,))
    s.areas.append(c)
    s.area_at[c] = at


def _do_cast(s, me, a, ev):
    c = _card(s, a)
    d = s.defs[c]
    s.hands[me].remove(c)
    x = max(a.x, 0)
    _spend(s, me, a, d.cost, x)
    aim = f" on {a.target}" if a.target else ""
    paid = f" (X={a.x})" if a.x >= 0 else ""
    fx.log(
        s,
        ev,
        "cast",
        f"{p(me)} casts {a.card}{aim}{paid}{_paying(a)}",
        me,
        (c,),
        f"hand:{me}",
        f"graveyard:{me}",
    )
    s.graveyard[me].append(c)
    fx.run(s, me, d.effects, _target(s, a.target), x, ev, c)


def _do_attach(s, me, a, ev):
    t, c = _card(s, a), instance(a.target)
    _spend(s, me, a, s.defs[t].attach_cost)
    s.perm(t).attached = c
    fx.log(s, ev, "attach", f"{a.card} attaches to {a.target}", me, (t,))


def _do_unmark(s, me, a, ev):
    _spend(s, me, a, Cost(generic=UNMARK_COST))
    s.marks[me] -= 1
    fx.log(s, ev, "unmark", f"{p(me)} removes a time mark ({s.marks[me]} left)", me)


def travel_goal(s: State, c: int, steps: int) -> int:
    """The site a travel declared for `steps` sites reaches if nothing stops it."""
    reach = destinations(s, c, steps, "lunge" in kw(s, c))
    return next(
        (site for site, u in reach if u == steps), reach[-1][0] if reach else s.perms[c].site
    )


def _do_travel(s, me, a, ev):
    c = _card(s, a)
    dest = site_index(a.target)
    steps = next(
        u
        for site, u in destinations(s, c, travel_distance(s, c), "lunge" in kw(s, c))
        if site == dest
    )
    s.travels += ((c, steps),)
    fx.log(s, ev, "declare", f"{p(me)} declares the travel of {a.card} to {a.target}", me, (c,))


def _do_attack(s, me, a, ev):
    c = _card(s, a)
    s.attacks += ((c, _target(s, a.target)),)
    s.tapped.add(c)
    fx.log(s, ev, "declare", f"{p(me)} declares an attack by {a.card} on {a.target}", me, (c,))


def _do_block(s, me, a, ev):
    s.blocks += ((_card(s, a), instance(a.target)),)
    fx.log(s, ev, "block", f"{p(me)} blocks {a.target} with {a.card}", me)


def _do_guard(s, me, a, ev):
    c = _card(s, a)
    p = s.perm(c)
    p.unguarded, p.guard_switched = a.kind == "unguard", s.turn_no
    fx.log(
        s,
        ev,
        a.kind,
        f"{a.card} {'stops guarding' if a.kind == 'unguard' else 'guards'} its site",
        me,
        (c,),
    )


def _do_next(s, me, a, ev):
    fx.log(s, ev, "next", f"{p(me)} passes the {s.act} act", me)
    if s.act == "combat" and s.attacks:
        s.stage = "block"
    else:
        s.stage, s.ending = "respond", True


def _do_pass(s, me, a, ev):
    """A pass hands priority on (clause priority): the defender's pass ends the
    blocks and the attacker gets priority before damage (R24); the attacker's pass
    then deals it; a pass after an answer returns priority to whoever answered
    (R3, R4)."""
    if s.stage == "block":
        s.stage = "damage"
    elif s.stage in ("block-answer", "damage-answer"):
        s.stage = _RETURN[s.stage]
    elif s.stage == "damage":
        s.queue += combat.to_assign(s)
        if not s.queue:
            _fight(s, ev)
    elif s.ending:
        _advance(s, ev)
    else:
        s.stage = "main"


def _advance(s: State, ev: list[Event]) -> None:
    s.ending = False
    if s.act == "first":
        _enter(s, "travel", ev)
        s.stage = "respond"  # the opponent may act before travel is declared
    elif s.act == "travel":
        if not s.travelled:
            before = len(ev)
            _travel(s, ev)
            if s.result is None and any(e.kind == "trap" for e in ev[before:]):
                s.travelled, s.stage = True, "main"  # triggers: priority again (R21)
                fx.log(
                    s,
                    ev,
                    "priority",
                    "a trap sprang during travel: priority first "
                    f"to {p(s.turn)}, then {p(1 - s.turn)}",
                    s.turn,
                )
                return
        s.travelled = False
        _enter(s, "combat", ev)
    elif s.act == "combat":
        _enter(s, "final", ev)
    else:
        _end_turn(s, ev)


def _enter(s: State, act: str, ev: list[Event]) -> None:
    s.act, s.stage = act, "main"
    if s.result is None:  # a game won in the combat act has no final act to say
        fx.log(s, ev, "act", f"{p(s.turn)}'s {act} act", s.turn)


def _travel(s: State, ev: list[Event]) -> None:
    """Clause travel: declared travellers go in order, site by site, as far as the
    declared number of sites allows now (R5); a trap that stops or kills one ends it."""
    for c, steps in s.travels:
        if c not in s.perms or "freeze" in status(s, c):
            continue
        for site, _ in destinations(s, c, steps, "lunge" in kw(s, c)):
            fx.move(s, c, site, ev)
            if c not in s.perms or "freeze" in status(s, c):
                break
        if c in s.perms:
            fx.log(
                s,
                ev,
                "travel",
                f"{s.name(c)} travels to {site_name(s.perms[c].site)}",
                s.turn,
                (c,),
            )
    s.travels = ()


def _fight(s: State, ev: list[Event]) -> None:
    combat.resolve(s, ev)
    _enter(s, "final", ev)


def _end_turn(s: State, ev: list[Event], drawn: bool = False) -> None:
    """Clause end: the first player draws now on the first turn (still their turn;
    the turn ends once they have), pools empty, creatures regenerate (structures do
    not); then the other player's turn."""
    if s.turn_no == 1 and not drawn:
        # a part of its own in the log: under the final act's line the draw read as
        # made in that act, and as the turn's draw out of its place (issue 41)
        fx.log(
            s, ev, "act", f"end of {p(s.turn)}'s first turn: the draw skipped at its start", s.turn
        )
        s.queue += (("draw", s.turn, "any", "end"),)
        return
    _score(s, ev)
    if s.result is not None:
        return
    for q in (0, 1):
        s.pool[q] = [0] * 5
    for c, pm in s.perms.items():
        creature = s.defs[c].type == "creature"
        if pm.temp_s or pm.temp_r or creature and (pm.damage or pm.lethal):
            pm = s.perm(c)
            pm.temp_s = pm.temp_r = 0  # boosts until end of turn end (R33)
            if creature:
                pm.damage, pm.lethal = 0, False
    s.turn, s.turn_no, s.source_played = 1 - s.turn, s.turn_no + 1, False
    me = s.turn
    s.tapped = {c for c in s.tapped if _controller(s, c) != me}
    if s.marks[me] > 0:
        s.marks[me] -= 1
    s.queue += (("draw", me, "any"),)
    _enter(s, "first", ev)


def hill_points(s: State, seat: int) -> int:
    """King of the Hill: each body of yours on the neutral row scores 1, plus 1 for
    each full 5 of its larger stat beyond the first (R17)."""
    total = 0
    for c in range(6, 9):
        for b in bodies(s, c):
            if s.perms[b].ctrl == seat:
                total += 1 + max(strength(s, b), resilience(s, b)) // 5
    return total


def _score(s: State, ev: list[Event]) -> None:
    """Clause modes: points at the end of your turn; 20 wins King of the Hill and
    Imperial; in Conquest points are life and 30 wins."""
    mode, me = s.opts.mode, s.turn
    if mode not in ("king", "imperial", "conquest"):
        return
    n = hill_points(s, me)
    if mode == "conquest":
        s.life[me] += n
        won = s.life[me] >= 30
    else:
        s.points[me] += n
        won = s.points[me] >= 20
    if n:
        fx.log(s, ev, "points", f"{p(me)} scores {n} on the neutral row", me)
    if won:
        s.result = fx.Outcome(
            (me,), f"{p(me)} reached the points to win", "a player reached the points to win"
        )
        s.stage = "over"
        fx.log(s, ev, "over", f"{p(me)} wins: {s.result.reason}", me)


def _controller(s: State, c: int) -> int:
    return s.perms[c].ctrl if c in s.perms else s.owner[c]


def _q_draw(s, item, a, ev):
    q = item[1]
    pile = (s.primary if a.lib == "primary" else s.secondary)[q]
    c = pile.pop()
    s.hands[q].append(c)
    fx.know_top(s, q, a.lib, fx.known_top(s, q, a.lib) - 1)
    fx.log(
        s,
        ev,
        "draw",
        f"{p(q)} draws from the {a.lib.title()} Library",
        q,
        (c,),
        f"{a.lib}:{q}",
        f"hand:{q}",
    )
    ev[-1] = replace(ev[-1], visible_to=(q,))
    if item[3:] == ("end",):  # the first player's draw at the end of turn 1
        _end_turn(s, ev, drawn=True)


def _q_swap(s, item, a, ev):
    """Clause swap: the looked-at cards are placed one at a time, in any order, on
    top (the last placed ends on top) or at the bottom of the Secondary Library, as
    the text says; the option `swap_same_library` keeps the old reading, the bottom
    of the library they came from (R14)."""
    _, q, lib, looked = item
    pile = (s.primary if lib == "primary" else s.secondary)[q]
    c = _card(s, a)
    pile.remove(c)
    if a.kind == "bottom":
        fx.know_top(s, q, lib, fx.known_top(s, q, lib) - 1)  # it left the known top
        under = lib if s.opts.swap_same_library else "secondary"
        (s.primary if under == "primary" else s.secondary)[q].insert(0, c)
        fx.log(
            s,
            ev,
            "bottom",
            f"{p(q)} puts a card at the bottom of the {under.title()} Library",
            q,
            (c,),
            f"{lib}:{q}",
            f"{under}:{q}",
        )
        ev[-1] = replace(ev[-1], visible_to=(q,))
    else:
        pile.append(c)
        fx.log(
            s,
            ev,
            "top",
            f"{p(q)} puts a card back on top of the {lib.title()} Library",
            q,
            (c,),
            f"{lib}:{q}",
            f"{lib}:{q}",
        )
        ev[-1] = replace(ev[-1], visible_to=(q,))
    rest = tuple(x for x in looked if x != c)
    if rest:
        s.queue = ((item[0], q, lib, rest), *s.queue)


def _q_sacrifice(s, item, a, ev):
    fx.leave(s, _card(s, a), "sacrifice", ev)
    fx.limit(s, item[2], item[1])


def _q_assign(s, item, a, ev):
    """Clause blocking: record one share of the attacker's damage (R23); when all of
    every attacker's damage is given, combat damage is dealt."""
    _, q, c, left = item
    victim = instance(a.card) if a.card else fx.PLAYER - (int(a.target[1]) - 1)
    s.assigned += ((c, victim, a.n),)
    fx.log(s, ev, "assign", f"{s.name(c)} assigns {a.n} to {a.card or a.target}", q)
    if a.n < left:
        s.queue = (("assign", q, c, left - a.n), *s.queue)
    elif not any(i[0] == "assign" for i in s.queue):
        _fight(s, ev)


def _q_stats(s, item, a, ev):
    """Clause saddle: the player picks whose strength and resilience the pair keeps."""
    kept = instance(a.card)
    _join(s, item[2] if kept == item[3] else item[3], kept, ev)


_DO = {
    "mulligan": _do_mulligan,
    "keep": _do_keep,
    "source": _do_source,
    "tap": _do_tap,
    "play": _do_play,
    "cast": _do_cast,
    "attach": _do_attach,
    "unmark": _do_unmark,
    "mount": _do_mount,
    "travel": _do_travel,
    "attack": _do_attack,
    "block": _do_block,
    "next": _do_next,
    "pass": _do_pass,
    "guard": _do_guard,
    "unguard": _do_guard,
}
_DO_QUEUED = {
    "draw": _q_draw,
    "swap": _q_swap,
    "sacrifice": _q_sacrifice,
    "assign": _q_assign,
    "stats": _q_stats,
}
