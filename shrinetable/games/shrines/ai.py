"""The computer player: a rule-of-thumb policy over the legal actions.

It never looks at hidden cards: it reads its own hand, the Region and the pools,
and uses no randomness, so a position always gets the same answer. Each turn it
puts out a source, taps mana only when a card in hand would become affordable,
plays its best card where it can make progress (never one that walls in its own
creatures or draws from an empty library), sends every creature as far forward as
it can go unless it guards against a creature that reaches our player, attacks the
player whenever it can reach them and otherwise the bodies it can destroy, and
blocks when the blocker survives, trades up, or the life runs low. In King of the
Hill it holds the neutral row instead. Decisions it does not model get the first
legal action, which is always allowed.
"""

from __future__ import annotations

import random
from typing import Any, NamedTuple

from .actions import Action
from .cards import instance, site_index
from .combat import reaches
from .effects import guard_for
from .region import (
    GROUND_LOSES,
    area_place,
    area_sites,
    destinations,
    forward,
    immoveable,
    in_range,
    kw,
    may_fight,
    melee_row,
    resilience,
    row,
    status,
    strength,
)
from .rules import (
    affordable,
    apply,
    decision_seat,
    idle_act,
    idle_priority,
    legal_actions,
    proposed,
    taps_for_more_than_mana,
)
from .state import State

SOURCES_EARLY = 5  # draw from the Secondary (the sources) freely until this many are out,
SOURCES_WANTED = 8  # and past that only for a costly card in hand, up to this many
LATE = 45  # with fewer cards than this left to draw, extra draws can deck us
NEUTRAL = 2  # the neutral row, which scores in King of the Hill
DRAWN_OUT = 8  # cards left to draw under which the judge counts each one short
# the judge's weights a point of life: the old sums, and the two terms that made it
# name the winner of normal games more often (docs/design.md, "fourth pass")
JUDGE = {
    "life": 1.0,
    "points": 1.0,
    "body": 2.0,
    "source": 0.5,
    "hand": 0.4,
    "reach": 16.0,  # for the strength that reaches the opposing player, per point of their life
    "drawn_out": -17.0,  # for each card under DRAWN_OUT left to draw (R2: drawn out loses)
}
HARMFUL = (
    "damage",
    "bounce",
    "destroy",
    "banish",
    "freeze",
    "ground",
    "poison",
    "weaken",
    "lose-life",
)
# the hard computer's rule also counts taking an opposing creature as harm to it:
# normal's never casts Siren's Bargain (it reads it as help to the enemy's
# creature), which cost Blue about 20 games in 100 (docs/design.md, "Shrines'
# hard, sixth pass"); normal keeps its rule, which other figures were measured on
HARD_HARMFUL = (*HARMFUL, "gain-control")


class Rule(NamedTuple):
    """What sets a computer's rule apart: the effects it aims at the opponent's
    things, and whether an area that stops a creature striking our player comes
    before any other card, one that grounds kept for a flier until then (normal's
    plays it only as the costliest card, at any foe, so Red seldom grounded the
    flier that decided most of its lost games: docs/design.md, "Shrines' hard,
    seventh pass")."""

    harmful: tuple[str, ...]
    stops: bool


NORMAL = Rule(HARMFUL, stops=False)
HARD = Rule(HARD_HARMFUL, stops=True)


def choose(state: State, rng: random.Random, rule: Rule = NORMAL) -> Action:
    """The action the computer takes for whoever must decide in `state`. The policy
    needs no chance, so `rng` (the players' common signature) goes unused. It pays
    as the table proposes (R7)."""
    legal = proposed(legal_actions(state))
    if len(legal) == 1:
        return legal[0]
    me = decision_seat(state)
    if state.queue:
        return _queued(state, me, legal)
    kinds = {a.kind for a in legal}
    if "mulligan" in kinds or "keep" in kinds:
        return _mulligan(state, legal)
    if state.stage == "block":
        return _block(state, me, legal)
    if state.stage in ("respond", "block-answer", "damage", "damage-answer"):
        return _respond(state, me, legal, rule)
    if state.stage == "main":
        return _main(state, me, legal, rule)
    return legal[0]


def choose_hard(state: State, rng: random.Random) -> Action:
    """The rule the hard computer starts from (`GameBase.hard_ai`): the normal
    one, but a spell that takes an opposing creature is cast at it, and an area
    that stops a creature striking us is played first (one that grounds is kept
    for that)."""
    return choose(state, rng, HARD)


def worth_weighing(s: State, legal: list[Action], normal: Action) -> list[Action]:
    """The moves the hard computer weighs against the `normal` one
    (`GameBase.think_of`). None where nothing can come of a choice (the table
    passes for a person there too: `idle_priority`, `idle_act`). No pass against a
    tap for mana (the play the taps are for: a fifth of the decisions, hardly ever
    changed) nor against a travel or an attack: a judge four turns on counts a
    creature kept home and not what one sent forward threatens, and playing such
    games to their end the pass did worse (docs/design.md). Never a second way
    to pay for one card (R7: the proposal), a tap for mana (a step to a play,
    which is weighed itself) or a Guard switch; and one way a card: its best place
    or target, a creature's travel or attack as this computer would choose it. Six
    moves drawn from 30 sites, paths and payments left too few worlds for each."""
    if idle_priority(s) or idle_act(s):
        return []
    me = decision_seat(s)
    stay = _mana_tap(s, normal) or normal.kind in ("travel", "attack")  # no pass against it
    ways: dict[tuple[str, str], list[Action]] = {}
    for a in proposed(legal):
        if a.kind in ("guard", "unguard") or _mana_tap(s, a) or stay and a.kind in ("next", "pass"):
            continue
        ways.setdefault((a.kind, a.card) if a.kind in _ONE_WAY else (a.text, ""), []).append(a)
    out = []
    for (kind, _), options in ways.items():
        best = normal if normal in options else _one_way(s, me, kind, options)
        if best is not None:
            out.append(best)
    return out


_ONE_WAY = ("play", "cast", "attach", "travel", "attack")


def _one_way(s: State, me: int, kind: str, options: list[Action]) -> Action | None:
    """The way this computer would play one card (or move one creature), if any."""
    if kind == "travel":
        return _travel(s, options)
    if kind == "attack":
        return _attack(s, me, options)
    if kind in ("play", "cast") and _decks_out(s, me, instance(options[0].card)):
        return None  # held back: it would draw us out (the normal computer's rule)
    if len(options) == 1:
        return options[0]
    scored = [(v, a.text, a) for a in options if (v := _play_score(s, me, a, HARD)) is not None]
    return max(scored)[2] if scored else None


def _mana_tap(s: State, a: Action) -> bool:
    return a.kind == "tap" and not taps_for_more_than_mana(s.defs[instance(a.card)])


# --------------------------------------------------------------------------- small decisions


def evaluate(s: State, me: int) -> float:
    """How good `s` is for `me` (higher is better), for a look-ahead
    (`GameBase.judge`): life and points ahead, bodies and sources in play, cards
    in hand; the strength that reaches the opposing player now, for each point
    of their life (what a creature sent forward threatens); and libraries nearly
    drawn out (a player who must draw from empty libraries loses, R2)."""
    if s.result is not None:
        return 1000.0 if me in s.result.winners else -1000.0
    return _side(s, me) - _side(s, 1 - me)


def _side(s: State, q: int) -> float:
    bodies = reach = 0
    for site in s.sites:
        for c in site:
            bodies += s.owner[c] == q
            p = s.perms[c]
            if p.ctrl == q and p.attached < 0 and s.defs[c].type == "creature":
                if (hits := strength(s, c)) and in_range(s, c)[1]:
                    reach += hits
    left = len(s.primary[q]) + len(s.secondary[q])
    return (
        JUDGE["life"] * s.life[q]
        + JUDGE["points"] * s.points[q]
        + JUDGE["body"] * bodies
        + JUDGE["source"] * len(s.sources[q])
        + JUDGE["hand"] * len(s.hands[q])
        + JUDGE["reach"] * reach / max(1, s.life[1 - q])
        + JUDGE["drawn_out"] * max(0, DRAWN_OUT - left)
    )


def _mulligan(s: State, legal: list[Action]) -> Action:
    """Send back cards costing 5 or more; keep otherwise."""
    costly = [
        a for a in legal if a.kind == "mulligan" and s.defs[instance(a.card)].cost.converted >= 5
    ]
    return costly[0] if costly else next((a for a in legal if a.kind == "keep"), legal[0])


def _queued(s: State, me: int, legal: list[Action]) -> Action:
    kind = s.queue[0][0]
    if kind == "draw":
        return next((a for a in legal if a.lib == _library(s, me)), legal[0])
    if kind == "sacrifice":
        return min(legal, key=lambda a: (_worth(s, instance(a.card)), a.card))
    if kind == "assign":
        return _assign(s, legal)
    if kind == "stats":  # a mounted pair keeps the larger stats
        return max(legal, key=lambda a: (_stats(s, a.card), a.card))
    if kind == "swap":  # keep creatures and sources on top, the rest goes under
        for a in legal:
            d = s.defs[instance(a.card)]
            if (a.kind == "top") == (d.type in ("creature", "source")):
                return a
    return legal[0]


def _stats(s: State, card: str) -> int:
    d = s.defs[instance(card)] if card else None
    return d.strength + d.resilience if d else -1


def _assign(s: State, legal: list[Action]) -> Action:
    """An attacker's damage among its blockers: Stomp's excess to the player, else
    exactly lethal damage to the best blocker it can destroy, else all of it to the
    best blocker (an Armor takes a single point)."""
    left = max(getattr(a, "n", 0) for a in legal)
    to_player = [a for a in legal if not a.card and getattr(a, "n", 0) == left]
    if to_player:
        return to_player[0]
    c = s.queue[0][2]
    best = None
    for a in legal:
        b, n = instance(a.card), getattr(a, "n", 0)
        if b not in s.perms:
            continue
        got = sum(k for x, v, k in getattr(s, "assigned", ()) if x == c and v == b)
        absorbs = _armored(s, b) and got == 0
        if absorbs:
            need = 1  # the Armor absorbs this first share whatever its size
        else:
            need = 1 if "weaken" in status(s, b) else resilience(s, b) - s.perms[b].damage
            need -= got - (1 if _armored(s, b) else 0)
            if need <= 0:  # it already has lethal damage
                continue
        if n == min(need, left):
            key = (need <= left and not absorbs, _worth(s, b), a.card)
            if best is None or key > best[0]:
                best = (key, a)
    return best[1] if best else legal[0]


def _library(s: State, me: int) -> str:
    """A source when the hand holds none and we have few, or too few for the
    costliest card we hold; otherwise a spell or creature."""
    have = len(s.sources[me])
    in_hand = any(s.defs[c].type == "source" and not _decks_out(s, me, c) for c in s.hands[me])
    cards = s.hands[me] + (s.shrine[me] if s.marks[me] <= 1 else [])
    need = max((s.defs[c].cost.converted for c in cards), default=0)
    if (
        not in_hand
        and s.secondary[me]
        and have < SOURCES_WANTED
        and (have < SOURCES_EARLY or need > have)
    ):
        return "secondary"
    return "primary" if s.primary[me] else "secondary"


def _decks_out(s: State, me: int, c: int) -> bool:
    """Would card `c` make us draw from an empty library (and so lose), or, late in
    the game, leave us with fewer cards to draw than the opponent (clause draw, R2)?"""
    piles = {"primary": s.primary[me], "secondary": s.secondary[me]}
    mine = sum(len(p) for p in piles.values())
    theirs = len(s.primary[1 - me]) + len(s.secondary[1 - me])
    for e in s.defs[c].effects:
        if e.do != "draw":
            continue
        n = e.amount if isinstance(e.amount, int) else 1
        if sum(len(p) for k, p in piles.items() if e.library in ("any", k)) < n:
            return True
        if mine < LATE and mine - n < theirs:
            return True
    return False


# --------------------------------------------------------------------------- values


def _worth(s: State, c: int) -> int:
    """A permanent's worth to its controller: its stats and its cost."""
    if c not in s.perms:
        return 0
    return strength(s, c) + resilience(s, c) + s.defs[c].cost.converted


def _left(s: State, c: int) -> int:
    """Damage still needed to destroy body `c` in combat (large if it cannot be)."""
    if "bloodless" in kw(s, c):
        return 99
    if "weaken" in status(s, c):
        return 1
    return resilience(s, c) - s.perms[c].damage


def _hits(s: State, c: int) -> int:
    return 0 if "poison" in status(s, c) else strength(s, c)


def _back(s: State, d: int, c: int) -> int:
    """What defender `d` strikes back at attacker `c` with: nothing from out of its range."""
    return _hits(s, d) if reaches(s, d, c) else 0


def _armored(s: State, c: int) -> bool:
    return "armor" in kw(s, c) and not s.perms[c].armor_spent


def _progress(s: State, c: int) -> int:
    """How far `c` has come toward the opposing player (0 on its own melee row)."""
    return abs(row(s.perms[c].site) - melee_row(s.perms[c].ctrl))


# --------------------------------------------------------------------------- main


def _main(s: State, me: int, legal: list[Action], rule: Rule) -> Action:
    """Source, free taps, the best card, mana, travel, attacks, then pass the act."""
    by: dict[str, list[Action]] = {}
    for a in legal:
        by.setdefault(a.kind, []).append(a)
    sources = [a for a in by.get("source", []) if not _decks_out(s, me, instance(a.card))]
    if sources:
        return sources[0]
    free = [
        a
        for a in by.get("tap", [])
        if any(e.do != "add-mana" for e in s.defs[instance(a.card)].tap)
    ]
    if free:
        return free[0]
    play = _best_play(s, me, by, rule)
    mana = [a for a in by.get("tap", []) if s.defs[instance(a.card)].produces >= 0]
    if (
        play is not None
        and mana
        and (
            s.defs[instance(play.card)].cost.x
            or max((s.defs[c].cost.converted for c in _waiting(s, me)), default=-1)
            > s.defs[instance(play.card)].cost.converted
        )
    ):
        return mana[0]  # all the mana first: for the largest X, or a bigger card
    if play is not None:
        return play
    if "tap" in by and _waiting(s, me) and _tapping_plays(s, me, rule):
        return by["tap"][0]
    travel = _travel(s, by.get("travel", []))
    if travel is not None:
        return travel
    attack = _attack(s, me, by.get("attack", []))
    if attack is not None:
        return attack
    if s.act == "final" and s.marks[me] > 0:  # spare mana brings the Shrine back sooner
        if "unmark" in by:
            return by["unmark"][0]
        mana = [a for a in by.get("tap", []) if s.defs[instance(a.card)].produces >= 0]
        if len(mana) + sum(s.pool[me]) >= 2:
            return mana[0]
    return next((a for a in legal if a.kind in ("next", "pass")), legal[0])


def _best_play(s: State, me: int, by: dict[str, list[Action]], rule: Rule) -> Action | None:
    """The costliest useful card, aimed at its best target."""
    scored = []
    for a in by.get("play", []) + by.get("cast", []) + by.get("attach", []):
        v = _play_score(s, me, a, rule)
        if v is not None:
            scored.append((v, a.text, a))
    return max(scored)[2] if scored else None


def _play_score(s: State, me: int, a: Action, rule: Rule) -> float | None:
    """How much we like `a` (None: not worth doing). Cost counts most, the target or
    site decides between ways of playing the same card."""
    c = instance(a.card)
    d = s.defs[c]
    if _decks_out(s, me, c):
        return None
    base = d.cost.converted + max(a.x, 0) + (2 if d.type == "creature" else 0)
    if a.kind == "attach":
        v = _helped(s, me, instance(a.target))
        return None if v is None else 1 + v / 100
    if a.kind == "cast":
        t = _spell_score(s, me, a, rule)
        return None if t is None else base + t / 100
    if d.type == "structure":
        if "immoveable" in d.kw:
            return None  # it would wall in our own creatures as well
        if d.tap and _frozen_by_area(s, me, site_index(a.target)):
            return base - 2  # a frozen structure cannot use its tap ability
        return base - 1 + _guard_site(s, me, a.target) / 100
    if d.type == "creature":
        if "#" in a.target:  # mounting as it enters
            return None
        return base + _open_site(s, me, site_index(a.target), d) / 100
    if d.subtype == "tool":
        if "#" not in a.target:
            return None
        v = _helped(s, me, instance(a.target))
        return None if v is None else base + v / 100
    if d.subtype == "trap" and any(s.trap_site[t] == site_index(a.target) for t in s.traps[me]):
        return None  # it would only cover our own trap there (clause trap)
    if d.type == "area" or d.subtype == "trap":
        n = _foes_in(s, me, d, a.target)
        if n and rule.stops and d.type == "area":
            stop = _stops(s, me, d, a.target)
            if not stop and _grounds_only_fliers(s, me, d, a.target):
                return None  # kept for a flier that strikes us
            base += stop
        return None if n == 0 else base + n / 10
    return base


def _open_site(s: State, me: int, site: int, d) -> float:
    """A melee site for a new creature: a pathway it can walk up (no Immoveable,
    no opposing freezing weather, few opposing bodies), fewest of our own."""
    score = 50.0
    step = forward(me)
    r = row(site)
    path = site % 3
    for k in range(5):
        rr = r + step * k
        if not 0 <= rr < 5:
            break
        here = rr * 3 + path
        if immoveable(s, here):
            score -= 30 if k <= 1 else 10
        foes = [
            b
            for b in s.sites[here]
            if b in s.perms
            and s.perms[b].ctrl != me
            and s.perms[b].attached < 0
            and s.defs[b].type != "relic"
        ]
        if foes and "flying" not in d.kw and "unstoppable" not in d.kw:
            score -= 3 + sum(resilience(s, b) for b in foes) / 4
    if _frozen_by_area(s, me, site):
        score -= 40
    threat = sum(
        _hits(s, e)
        for e, pe in s.perms.items()  # stand in the way of those
        if pe.ctrl != me
        and s.defs[e].type == "creature"  # who reach our player
        and pe.attached < 0
        and site in in_range(s, e)[0]
        and in_range(s, e)[1]
    )
    if threat:
        score += 20 + 2 * threat
    score -= 4 * sum(
        1
        for c, p in s.perms.items()
        if p.ctrl == me and p.site % 3 == path and s.defs[c].type == "creature"
    )
    return score


def _frozen_by_area(s: State, me: int, site: int) -> str:
    """The subtype of the area that would freeze our creature on `site`, or ""."""
    aura, subtype = _area_on(s, me, site)
    return subtype if aura is not None and aura.condition == "freeze" else ""


def _hurt_by_area(s: State, me: int, site: int) -> str:
    """The subtype of an area that weakens, freezes or grounds our creature on
    `site`, or ""."""
    aura, subtype = _area_on(s, me, site)
    harms = aura is not None and (aura.condition or aura.strength < 0 or aura.resilience < 0)
    return subtype if harms else ""


def _area_on(s: State, me: int, site: int):
    """The aura (and its subtype) that applies to our creature on `site`: of each
    subtype only the newest area covering it counts (clause area). Freezing first."""
    seen: set[str] = set()
    found: tuple[Any, str] = (None, "")
    for a in reversed(s.areas):
        d = s.defs[a]
        if site not in area_sites(*s.area_at[a]) or d.subtype in seen:
            continue
        seen.add(d.subtype)
        if d.aura.whose == "all" or (d.aura.whose == "own") == (s.owner[a] == me):
            if d.aura.condition == "freeze":
                return d.aura, d.subtype
            found = found if found[0] is not None else (d.aura, d.subtype)
    return found


def _guard_site(s: State, me: int, where: str) -> float:
    """A wall goes on our melee row in the pathway with the most opposing strength."""
    site = site_index(where)
    if row(site) != melee_row(me):
        return 0
    path = site % 3
    return 10 + sum(
        strength(s, c)
        for c, p in s.perms.items()
        if p.ctrl != me and p.site % 3 == path and s.defs[c].type == "creature"
    )


def _helped(s: State, me: int, t: int) -> float | None:
    """How much a boost or tool on `t` is worth: most on an advanced creature of
    ours that can still fight; None on one that is frozen or poisoned."""
    if t not in s.perms or s.perms[t].ctrl != me or status(s, t) & {"freeze", "poison"}:
        return None
    return _progress(s, t) * 5 + _worth(s, t)


def _spell_score(s: State, me: int, a: Action, rule: Rule) -> float | None:
    """A spell aimed well: harm at the opponent's things, help at our own; None when
    it would be wasted."""
    d = s.defs[instance(a.card)]
    does = {e.do for e in d.effects}
    harmful = bool(does & set(rule.harmful))
    if not a.target:
        if does == {"add-mana"}:  # only worth it when the mana lets another card out
            return 0 if _enables(s, me, d) else None
        return 0
    if a.target in ("p1", "p2"):
        if s.opts.mode == "king":  # players have no life there
            return None
        foe = a.target != f"p{me + 1}"
        if "gain-life" in does:
            return 0 if not foe else None
        n = _amount(d, a.x)
        return 20 + n if harmful and foe and ("damage" not in does or n >= 2) else None
    if "#" not in a.target:  # a site: tokens on our side, or damage that destroys
        site = site_index(a.target)
        if "token" in does:
            return 10 - sum(1 for c in s.sites[site] if c in s.perms)
        dead = [
            c
            for c in s.sites[site]
            if c in s.perms
            and s.perms[c].ctrl != me
            and s.perms[c].attached < 0
            and _burns(s, d, a.x, c)
        ]
        return sum(10 + _worth(s, c) for c in dead) if dead else None
    t = instance(a.target)
    if t not in s.perms:
        return None
    ours = s.perms[t].ctrl == me
    if harmful == ours:
        return None
    if ours:
        if "move" in does and (not destinations(s, t, 2, "lunge" in kw(s, t)) or in_range(s, t)[1]):
            return None
        if "protect" in does and "protection" in kw(s, t):
            return None
        return _helped(s, me, t)
    if "damage" in does and not _burns(s, d, a.x, t):
        return None
    for cond in ("freeze", "ground", "poison", "weaken"):
        if cond in does and cond in status(s, t):
            return None
    if "protection" in kw(s, t):
        return None
    threat = 10 * (_progress(s, t) + 1) if s.defs[t].type == "creature" else 0
    return _worth(s, t) + threat


def _amount(d, x: int) -> int:
    """The damage a spell deals, with X paid as `x`."""
    amount = next((e.amount for e in d.effects if e.do == "damage"), 0)
    return max(x, 0) if amount == "X" else amount


def _burns(s: State, d, x: int, t: int) -> bool:
    """Does the spell's damage destroy body `t` (non-combat damage ends Bloodless)?
    Not when a Guard takes it instead (R11)."""
    n = _amount(d, x)
    if guard_for(s, t) != t:
        return False
    if n <= 0 or _armored(s, t) or s.defs[t].type == "relic":
        return False
    return "weaken" in status(s, t) or n >= resilience(s, t) - s.perms[t].damage


def _waiting(s: State, me: int) -> list[int]:
    """Cards (in hand, or the Shrine) that tapping every untapped source would let
    us play now and that the pool cannot pay for yet: what tapping is worth it for."""
    pool = s.pool[me][:]
    untapped = [c for c in s.sources[me] if c not in s.tapped]
    if not untapped:
        return []
    for c in untapped:
        if s.defs[c].produces >= 0:
            pool[s.defs[c].produces] += 1
    cards = list(s.hands[me]) + list(s.shrine[me] if s.marks[me] == 0 else [])
    return [
        c
        for c in cards
        if s.defs[c].type != "source"
        and affordable(pool, s.defs[c].cost)
        and not affordable(s.pool[me], s.defs[c].cost)
        and _useful(s, me, c)
    ]


def _tapping_plays(s: State, me: int, rule: Rule) -> bool:
    """Whether tapping every mana source leads to a card we would play: one the pool
    could then pay for may still have no legal way in (a tool with no creature of
    ours to carry it), and tapping for it only empties the sources (issue 24: Red
    tapped two sources turn after turn for a Bulwark Plating it could not attach).
    Asked again after each tap, about the same end: when the taps only add mana the
    end is made at once and its answer kept with the Region's facts (this was
    half of a hard computer's playout)."""
    taps = [
        a for a in legal_actions(s) if a.kind == "tap" and s.defs[instance(a.card)].produces >= 0
    ]
    f = s.facts
    if f is not None and f.settled and not any(s.defs[instance(a.card)].tap for a in taps):
        t = _tapped(s, me, [instance(a.card) for a in taps])
        key = ("tapping", me, rule, _situation(t))
        if key not in f.more:
            f.more[key] = _plays(t, me, rule)
        return f.more[key]
    t = s
    while taps:
        t, _ = apply(t, taps[0])
        taps = [
            a
            for a in legal_actions(t)
            if a.kind == "tap" and t.defs[instance(a.card)].produces >= 0
        ]
    return _plays(t, me, rule)


def _plays(t: State, me: int, rule: Rule) -> bool:
    by: dict[str, list[Action]] = {}
    for a in legal_actions(t):
        by.setdefault(a.kind, []).append(a)
    return _best_play(t, me, by, rule) is not None


def _tapped(s: State, me: int, cards: list[int]) -> State:
    """`s` after tapping `cards`, sources that only add mana, as `apply` would leave
    it one tap at a time (nothing else changes), without listing every legal move
    on the way."""
    t = s.copy()
    for c in cards:
        t.tapped.add(c)
        t.pool[me][s.defs[c].produces] += 1
    return t


def _situation(s: State) -> tuple:
    """Everything in `s` its `Facts` do not hold (permanents, sites, areas, cards
    are the same for every state sharing them) but the caches: a key that two
    states share only if the rules cannot tell them apart."""
    return (
        s.rng,  # the object: states share it until one draws from it
        len(s.defs),
        *(tuple(map(tuple, z)) for z in (s.primary, s.secondary, s.hands, s.graveyard)),
        *(tuple(map(tuple, z)) for z in (s.banished, s.shrine, s.sources, s.idols, s.traps)),
        tuple(map(tuple, s.pool)),
        s.shrine_card,
        tuple(s.marks),
        tuple(s.life),
        tuple(s.points),
        frozenset(s.trap_site.items()),
        frozenset(s.tapped),
        (s.turn, s.turn_no, s.act, s.stage, s.ending, s.source_played, s.mull_left, s.mulled),
        (s.travels, s.attacks, s.blocks, s.assigned, s.travelled, s.queue, s.result),
    )


def _enables(s: State, me: int, d) -> bool:
    """Would the mana a spell adds make a card in hand affordable that is not yet?"""
    pool = s.pool[me][:]
    for e in d.effects:
        if e.do == "add-mana":
            pool["BYRGP".index(e.colour)] += e.amount if isinstance(e.amount, int) else 0
    left = [a - b for a, b in zip(pool, d.cost.colours, strict=True)]
    need = d.cost.generic
    for i in range(5):  # pay the spell's own generic cost from the fullest colours
        take = min(need, max(left[i], 0))
        left[i] -= take
        need -= take
    return any(
        s.defs[c].type != "source"
        and affordable(left, s.defs[c].cost)
        and not affordable(s.pool[me], s.defs[c].cost)
        for c in s.hands[me]
    )


def _useful(s: State, me: int, c: int) -> bool:
    """Worth mana now: a burst spell at any time, anything else only in our own
    First or Final Act (an Immoveable structure never: it walls us in too)."""
    d = s.defs[c]
    if d.type == "structure" and "immoveable" in d.kw:
        return False
    return (d.type == "spell" and d.subtype == "burst") or (
        s.turn == me and s.stage == "main" and s.act in ("first", "final")
    )


def _stops(s: State, me: int, d, where: str) -> int:
    """Strength of opposing creatures that reach our player now and that an area
    at `where` would stop: frozen, or grounded fliers our creatures can then block."""
    cond = d.aura.condition if d.aura is not None and d.aura.whose == "enemy" else ""
    if cond not in ("freeze", "ground"):
        return 0
    sites = set(area_sites(*area_place(where)))
    total = 0
    for c, p in s.perms.items():
        if p.ctrl == me or p.attached >= 0 or s.defs[c].type != "creature" or p.site not in sites:
            continue
        if not in_range(s, c)[1]:
            continue
        if cond == "freeze" or "flying" in kw(s, c):
            total += 3 * _hits(s, c)
    return total


def _grounds_only_fliers(s: State, me: int, d, where: str) -> bool:
    """Is `d` an area that grounds, over sites where no opposing creature has an
    ability Ground takes away other than Flying?"""
    if d.aura is None or d.aura.condition != "ground":
        return False
    sites = set(area_sites(*area_place(where)))
    return not any(
        p.ctrl != me and p.site in sites and (set(GROUND_LOSES) - {"flying"}) & set(kw(s, c))
        for c, p in s.perms.items()
        if s.defs[c].type == "creature" and p.attached < 0
    )


def _foes_in(s: State, me: int, d, where: str) -> float:
    """How many opposing creatures an area at `where` would touch, plus our own it
    would free by covering an opposing area of its subtype that hurts them (only the
    newest applies, clause area); for a trap, how many foes stand one step short of the
    site. Areas that help the opponent count 0."""
    if d.aura is not None and d.aura.whose == "own":
        return 0
    sites = set(area_sites(*area_place(where)))
    if d.subtype == "trap":
        sites = {x - 3 * forward(1 - me) for x in sites}
    n = 0.0
    for c, p in s.perms.items():
        if s.defs[c].type != "creature" or p.attached >= 0 or p.site not in sites:
            continue
        if p.ctrl != me:
            n += 1
        elif d.subtype != "trap" and _hurt_by_area(s, me, p.site) == d.subtype:
            n += 2
    return n


# --------------------------------------------------------------------------- travel


def _travel(s: State, options: list[Action]) -> Action | None:
    """Each creature goes as far forward as it can, unless it already reaches the
    opposing player from where it stands. In King of the Hill, where players have
    no life, creatures go to the neutral row and hold it (clause modes)."""
    king = s.opts.mode == "king"
    best = None
    for a in options:
        c = instance(a.card)
        here, there = row(s.perms[c].site), row(site_index(a.target))
        if king and (here == NEUTRAL or abs(there - NEUTRAL) > abs(here - NEUTRAL)):
            continue
        if not king and (in_range(s, c)[1] or _guarding(s, c)):
            continue
        gain = -abs(there - NEUTRAL) if king else abs(there - here)
        key = (gain, a.card, a.target)
        if best is None or key > best[0]:
            best = (key, a)
    return best[1] if best else None


def _guarding(s: State, c: int) -> bool:
    """Does `c` stand where it can block an opposing creature that reaches our
    player, and survive or destroy it?"""
    me, site = s.perms[c].ctrl, s.perms[c].site
    for e, pe in s.perms.items():
        if pe.ctrl == me or s.defs[e].type != "creature" or pe.attached >= 0:
            continue
        sites, player = in_range(s, e)
        if (
            player
            and site in sites
            and may_fight(s, c, e)
            and (_hits(s, e) < _left(s, c) or _hits(s, c) >= _left(s, e))
        ):
            return True
    return False


# --------------------------------------------------------------------------- combat


def _pending(s: State, v: int) -> int:
    """Damage already declared this combat that body `v` will take (a Guard takes
    what is aimed at the bodies it guards, R11)."""
    return sum(
        _hits(s, c) for c, x in s.attacks if c in s.perms and x in s.perms and guard_for(s, x) == v
    )


def _attack(s: State, me: int, options: list[Action]) -> Action | None:
    """The player first; then a body the attack destroys (with attacks already
    declared) without dying, a structure in our way, or a fair trade."""
    players = [a for a in options if a.target in ("p1", "p2")]
    if s.opts.mode == "king":  # damage to players does nothing there
        options = [a for a in options if a not in players]
        players = []
    if players:
        return max(players, key=lambda a: (_hits(s, instance(a.card)), a.card))
    best = None
    for a in options:
        c, t = instance(a.card), instance(a.target)
        v = guard_for(s, t)  # who takes the damage
        if _hits(s, c) == 0:
            continue
        need = _left(s, v) - _pending(s, v)
        armored = _armored(s, v) and _pending(s, v) == 0
        kills = not armored and _hits(s, c) >= need
        back = _back(s, t, c) if s.defs[t].type == "creature" else 0
        survives = back < _left(s, c) or _armored(s, c)
        if s.defs[v].type == "structure":
            score = 30 + _worth(s, v) if kills else 20 + _hits(s, c)
        elif kills and survives:
            score = 40 + _worth(s, v)
        elif kills and _worth(s, v) >= _worth(s, c):
            score = 10 + _worth(s, v) - _worth(s, c)
        elif survives and not _guarding(s, c) and (armored or _team(s, me, c, v) >= need):
            score = 5 + _worth(s, v)
        else:
            continue
        key = (score, a.card, a.target)
        if best is None or key > best[0]:
            best = (key, a)
    return best[1] if best else None


def _team(s: State, me: int, c: int, t: int) -> int:
    """Damage `c` and our other untapped attackers in reach could deal to `t`."""
    total = 0
    for o, p in s.perms.items():
        if p.ctrl != me or o in s.tapped or s.defs[o].type != "creature" or p.attached >= 0:
            continue
        if o == c or s.perms[t].site in in_range(s, o)[0]:
            total += _hits(s, o)
    return total


def _block(s: State, me: int, legal: list[Action]) -> Action:
    """Block when the blocker survives, trades up, or the life is running low."""
    best = None
    for a in legal:
        if a.kind != "block":
            continue
        b, att = instance(a.card), instance(a.target)
        survives = _hits(s, att) < _left(s, b) or _armored(s, b)
        already = [x for x, y in s.blocks if y == att and x in s.perms]
        trades = _back(s, b, att) + sum(_back(s, x, att) for x in already) >= _left(
            s, att
        ) and not _armored(s, att)
        at_player = any(t < 0 for c, t in s.attacks if c == att)
        low = s.life[me] - _incoming(s) <= 8 or _hits(s, att) >= 5
        if already:  # a second blocker only to finish the attacker off
            if not (trades and survives):
                continue
            score = 2
        elif survives:
            score = 3 + trades
        elif trades and (_worth(s, att) >= _worth(s, b) or at_player):
            score = 2
        elif at_player and low:
            score = 1
        else:
            continue
        key = (score, _hits(s, att), -_worth(s, b), a.card, a.target)
        if best is None or key > best[0]:
            best = (key, a)
    if best is not None:
        return best[1]
    return next((a for a in legal if a.kind == "pass"), legal[0])


def _incoming(s: State) -> int:
    """Damage the declared attacks would deal to the defending player if left alone."""
    blocked = {a for _, a in s.blocks}
    return sum(_hits(s, c) for c, t in s.attacks if t < 0 and c in s.perms and c not in blocked)


def _respond(s: State, me: int, legal: list[Action], rule: Rule) -> Action:
    """Cast a burst spell already paid for at a good target; otherwise pass."""
    scored = [
        (v, a.text, a)
        for a in legal
        if a.kind == "cast"
        for v in [_spell_score(s, me, a, rule)]
        if v is not None
    ]
    if scored:
        return max(scored)[2]
    return next((a for a in legal if a.kind == "pass"), legal[0])
