"""The computer player: a short forecast of each step's fighting over the legal actions.

What it reads: only what its seat may know. Its own hand; everything face up (both
sides' cards in play and in the lanes, discard and removed piles, magic points,
which cards are turned); the size of the other hand; and the other player's deck
list (which is public: a shipped deck or a deck file), from which it takes the
cards not yet seen (deck list minus everything face up) as an average. It never
reads the other hand's cards or either deck's order. The engine's default
`observe` hands it the whole state; this module keeps to that promise itself.
Every move it returns is one of `rules.legal_actions`; its forecasts of fights
not yet declared use the rules' own `bonuses` and `may_block`, so each rule has
one definition. It uses no chance: a position always gets the same
answer, so `rng` goes unused.

How it plays. Every choice is scored by a forecast of the fights it leads to,
in magic points: damage dealt minus damage taken, plus what each card in play is
worth (`_worth`) for every card that dies. A fight (`_clash`) is a small
minimax: the defender blocks as well as it can (one defender per attacker,
Energy/Flying only by Energy/Flying), then boosts one defender, then the
attacker boosts one attacker; Strong and Gross bonuses count. Our own boosts
come from our hand exactly; the other side's are its hand size times the
average of its unseen cards (more when those are Charming).

- Play step: each legal play (and sacrifice, and passing) is tried with the
  best set of attacks that could follow; a play is worth what the forecast of
  this turn's attacks and of the opponent's next turn (against the cards that
  stay unturned here) says, plus the card's worth against the one it replaces.
- Attack step: attack with the set of cards whose forecast beats holding them
  back as shields; the opponent's next attack is part of the score (an attacker
  that survives is back in play, turned, and blocks next turn unless the R6 option
  is on). It presses its advantage: the first attack of a turn gains `PRESS` per
  magic point it leads by, and once the game is past `STALL` turns it always
  attacks when it can (two careful sides facing walls would otherwise pass for
  ever; a stalled game is public, the turn number says so).
- Defend step: the blocks (and a Quick card played to block, and a sacrifice)
  whose forecast loses least: block attackers it beats, and those that would
  hurt most; never lets a lethal attack through when a block or a sacrifice
  prevents it.
- Boost steps: every legal boost is scored exactly against the pairs on the
  table (the defender allows for the attacker's answer); a card spent costs a
  little, so a boost on a pair already won or lost for good is not made.
- Wishful: sacrificed when the points keep it alive, when its magic points are
  low, or when the card is worth less in play than its shield in points.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from functools import lru_cache
from itertools import permutations

from .actions import Action
from .cards import CHARMING, Def
from .rules import AIRBORNE, apply, bonuses, decision_seat, legal_actions, may_block
from .state import State

LETHAL = 100.0  # a forecast that ends the game
EXPOSURE = 0.7  # the opponent's next attack is a forecast, worth less than this turn
SPEND = 0.6  # a card spent as a boost (the hand refills, but the choice is gone)
LOW = 10  # magic points at which a Wishful sacrifice is welcome
PRESS = 0.6  # per magic point of lead, for opening an attack
STALL = 30  # turns after which the side to move always attacks
WEIGH = 3  # moves the hard computer weighs at a decision, the normal one among them
GENERIC = Def("unseen", "an unseen card", -1, "star", 3, 3)


def choose(state: State, rng: random.Random) -> Action:
    """The action the computer takes for whoever must decide in `state`."""
    legal = legal_actions(state)
    if len(legal) == 1:
        return legal[0]
    scores = _scores(state, legal)
    return legal[scores.index(max(scores))]


def _scores(state: State, legal: list[Action]) -> list[float]:
    """The forecast of each of `legal` for whoever must decide."""
    me = decision_seat(state)
    k = _Known.of(state, 1 - me)
    score = _SCORE[state.stage]
    return [score(state, me, a, k) for a in legal]


def worth_weighing(s: State, legal: list[Action], normal: Action) -> list[Action]:
    """The moves the hard computer weighs against the `normal` one
    (`GameBase.think_of`): the `WEIGH` this computer's forecast ranks highest.
    Its budget gave some 30 playouts a decision, five worlds each for six moves
    drawn at random; fewer moves, the likeliest, get each twice the worlds."""
    scores = _scores(s, legal)
    ranked = sorted(range(len(legal)), key=lambda i: -scores[i])
    return [legal[i] for i in ranked[:WEIGH]]


@dataclass(frozen=True, slots=True)
class _Known:
    """What we may know of the opponent's unseen cards: their averages."""

    attack: float
    shield: float
    charm: float  # the share of them that is Charming
    charm_attack: float  # a Charming one's average numbers
    charm_shield: float
    phantom: Def  # the average card they could put into play next

    @staticmethod
    def of(s: State, q: int) -> _Known:
        """From `q`'s whole deck list (public) minus every card of it face up; the
        same cards whatever order its deck and hand are in."""
        seen = set(s.play[q]) | set(s.discard[q]) | set(s.removed[q])
        for lane in s.lanes:
            seen.update(lane.cards())
        pool = [s.defs[c] for c in range(1, len(s.defs)) if s.owner[c] == q and c not in seen]
        if not pool:
            return _Known(0.0, 0.0, 0.0, 0.0, 0.0, GENERIC)
        n = len(pool)
        ch = [d for d in pool if d.spell == CHARMING]
        atk, shd = sum(d.attack for d in pool) / n, sum(d.shield for d in pool) / n
        spells = [d.spell for d in pool]
        spell = max(sorted(set(spells)), key=spells.count)  # their likeliest spell type
        return _Known(
            atk,
            shd,
            len(ch) / n,
            sum(d.attack for d in ch) / max(len(ch), 1),
            sum(d.shield for d in ch) / max(len(ch), 1),
            Def("unseen", "an unseen card", spell, "star", round(atk), round(shd)),
        )

    def boost(self, hand: int, field: str, special: bool) -> float:
        """What the opponent may add with `hand` unseen cards as boosts: one card at
        the average, and up to two more where its unseen cards are Charming."""
        if hand <= 0:
            return 0.0
        one = self.attack if field == "attack" else self.shield
        if not special or hand == 1:
            return one
        ch = self.charm_attack if field == "attack" else self.charm_shield
        return one + min(hand - 1, 2) * self.charm * ch


# --------------------------------------------------------------------------- what is known


def _worth(d: Def) -> float:
    """A card in play in magic points: a body to block with and to attack with."""
    return 1.5 + 0.35 * d.attack + 0.45 * d.shield + (0.8 if d.spell in AIRBORNE else 0.0)


def _best_boost(cards: list[Def], field: str, special: bool) -> int:
    """The most our hand can add to one card: one card, or one of any type plus up
    to two Charming cards."""
    nums = sorted((getattr(d, field) for d in cards), reverse=True)
    if not nums:
        return 0
    if not special:
        return nums[0]
    charm = sorted((getattr(d, field) for d in cards if d.spell == CHARMING), reverse=True)
    other = [getattr(d, field) for d in cards if d.spell != CHARMING]
    return max(sum(charm[:3]), (max(other) if other else 0) + sum(charm[:2]))


# --------------------------------------------------------------------------- fights


def _totals(a: Def, d: Def, special: bool) -> tuple[int, int]:
    """A blocked pair's attack and shield without boosts, with Gross and Strong."""
    gross, strong = bonuses(a, d, special)
    return a.attack + gross, d.shield + strong


def _assignments(
    n_att: int, blockers: tuple, atts: tuple, special: bool, fixed: tuple
) -> list[tuple]:
    """Every way to block: a blocker index (or -1) per attacker; `fixed` keeps the
    blocks already made (-2: leave as it is)."""
    out = set()
    free = [i for i in range(n_att) if fixed[i] == -2]
    spare = [b for b in range(len(blockers)) if b not in fixed]
    for k in range(min(len(free), len(spare)) + 1):
        for who in permutations(spare, k):
            for slots in permutations(free, k):
                plan = [-1 if f == -2 else f for f in fixed]
                ok = True
                for b, i in zip(who, slots, strict=True):
                    if not may_block(atts[i][0], blockers[b][0], special):
                        ok = False
                        break
                    plan[i] = b
                if ok:
                    out.add(tuple(plan))
    return sorted(out)


# 20,000 forecasts: at 200,000 the cache held so many objects that Python's full
# collections paused the hard computer's decisions 0.1 to 0.35 s (docs/design.md)
@lru_cache(maxsize=20_000)
def _clash(
    atts: tuple, blockers: tuple, fixed: tuple, att_boost: float, def_boost: float, special: bool
) -> tuple[float, float, tuple, tuple]:
    """The forecast of one attack: the attacker side's gain (damage plus the worth of
    the defenders that die minus its own that die), the damage, and which attackers
    and blockers die, when the defender blocks to lose least, boosts one defender by
    `def_boost`, and the attacker answers with `att_boost` on one attacker.
    `atts` is ((card, attack added), ...), `blockers` ((card, shield added), ...),
    `fixed` a blocker index per attacker already blocked (-2 if not yet)."""
    best = None
    for plan in _assignments(len(atts), blockers, atts, special, fixed):
        blocked = [i for i, b in enumerate(plan) if b >= 0]
        worst = None
        for dl in [-1, *blocked]:
            top = None
            for al in [-1, *range(len(atts))]:
                line = _line(atts, blockers, plan, dl, def_boost, al, att_boost, special)
                if top is None or line[0] > top[0]:
                    top = line
            if worst is None or top[0] < worst[0]:
                worst = top
        if best is None or worst[0] < best[0]:
            best = worst
    return best


def _line(atts, blockers, plan, dl, def_boost, al, att_boost, special):
    gain = dmg = 0.0
    dead_a, dead_b = [], []
    for i, (a, plus) in enumerate(atts):
        atk = plus + (att_boost if i == al else 0.0)
        b = plan[i]
        if b < 0:
            dmg += a.attack + atk
            continue
        d, dplus = blockers[b]
        base_a, base_d = _totals(a, d, special)
        atk += base_a
        shd = base_d + dplus + (def_boost if i == dl else 0.0)
        if atk > shd:
            dmg += atk - shd
            gain += _worth(d)
            dead_b.append(b)
        elif shd > atk:
            gain -= _worth(a)
            dead_a.append(i)
    return gain + dmg, dmg, tuple(dead_a), tuple(dead_b)


def _threat(
    s: State, k: _Known, cards: list[Def], blockers: list[Def], hand_boost: int
) -> tuple[float, float]:
    """The best attack the opponent can make next turn with `cards` (all unturned
    by then) against our `blockers`, our hand adding `hand_boost` to one defender:
    (its gain, its damage). Its boosts: a refilled hand less the card played."""
    special = s.opts.special
    boost = k.boost(2, "attack", special)
    blk = tuple((d, 0) for d in blockers)
    best = (0.0, 0.0)
    for mask in range(1, 1 << len(cards)):
        atts = tuple((d, 0) for i, d in enumerate(cards) if mask >> i & 1)
        gain, dmg, _, _ = _clash(atts, blk, (-2,) * len(atts), boost, hand_boost, special)
        best = max(best, (gain, dmg))
    return best


def _after(
    s: State, me: int, k: _Known, ready: list[Def], theirs: list[Def], hand: list[Def]
) -> float:
    """Our turn done: minus the opponent's next attack (their cards, one more if they
    have room, against our cards still unturned), and the risk of dying to it."""
    opp = 1 - me
    cards = list(theirs)
    if len(cards) < 2 and (s.hand[opp] or s.deck[opp] or s.discard[opp]):
        cards.append(k.phantom)
    gain, dmg = _threat(s, k, cards, ready, _best_boost(hand, "shield", s.opts.special) // 2)
    value = -EXPOSURE * gain
    if dmg >= s.mp[me]:
        value -= LETHAL / 2
    return value


def may_defend(s: State, c: int) -> bool:
    """Clause defend: any card in play blocks, a turned one too unless the R6
    option (a card turned by attacking cannot defend) is on."""
    return c not in s.turned or not s.opts.turned_cannot_defend


def _card(text: str) -> int:
    return int(text.rpartition("#")[2])


# --------------------------------------------------------------------------- our turn


def _turn_value(s: State, me: int, a: Action, k: _Known) -> float:
    """Play and attack steps: the move, then the best attacks to follow; relative
    to the cards we have in play now."""
    if a.kind == "pass" and s.stage == "attack":
        return _attack_plan(s, me, k, ())
    t, _ = apply(s, a)
    change = _material(t, me) - _material(s, me) + _mp_gain(s, t, me)
    if a.kind == "attack" and not s.lanes:
        change += _press(s, me)
    if t.stage == "play":  # a sacrifice: the play still to come
        return change + max(_turn_value(t, me, b, k) for b in legal_actions(t))
    return change + _best_attacks(t, me, k)


def _press(s: State, me: int) -> float:
    """What opening an attack is worth beyond its forecast: the lead in magic points
    (the side ahead trades toward the end), and everything once the game stalls."""
    if s.turn_no > STALL:
        return LETHAL * 10
    return PRESS * max(0, s.mp[me] - s.mp[1 - me])


def _mp_gain(before: State, after: State, me: int) -> float:
    """Points gained (a sacrifice): worth more when we are low."""
    gain = after.mp[me] - before.mp[me]
    return gain * (1.6 if before.mp[me] <= LOW else 1.0)


def evaluate(s: State, me: int) -> float:
    """How good `s` is for `me` (higher is better), in magic points: the lead,
    what each side's cards in play are worth, and a little for each card in hand."""
    o = 1 - me
    if s.result is not None:
        return LETHAL if me in s.result.winners else -LETHAL
    hand = len(s.hand[me]) - len(s.hand[o])
    return s.mp[me] - s.mp[o] + _material(s, me) - _material(s, o) + SPEND * hand


def _material(s: State, me: int) -> float:
    """What our cards in play are worth (in a lane too)."""
    lanes = [ln.dfn if s.owner[ln.att] != me else ln.att for ln in s.lanes]
    return sum(_worth(s.defs[c]) for c in (*s.play[me], *lanes) if c > 0)


def _best_attacks(s: State, me: int, k: _Known) -> float:
    """The best set of further attacks from the attack step (none included)."""
    ready = [c for c in s.play[me] if c not in s.turned]
    return max(
        _attack_plan(s, me, k, tuple(c for i, c in enumerate(ready) if mask >> i & 1))
        for mask in range(1 << len(ready))
    )


def _attack_plan(s: State, me: int, k: _Known, extra: tuple[int, ...]) -> float:
    """The forecast of attacking with the lanes' attackers and `extra`, then of the
    opponent's next turn."""
    opp, defs, special = 1 - me, s.defs, s.opts.special
    att_ids = [ln.att for ln in s.lanes] + list(extra)
    blk_ids = [c for c in s.play[opp] if may_defend(s, c)]
    hand = [defs[c] for c in s.hand[me]]
    value = 0.0
    dead_a: tuple = ()
    dead_b: tuple = ()
    if att_ids:
        atts = tuple((defs[c], 0) for c in att_ids)
        blk = tuple((defs[c], 0) for c in blk_ids)
        gain, dmg, dead_a, dead_b = _clash(
            atts,
            blk,
            (-2,) * len(atts),
            _best_boost(hand, "attack", special),
            k.boost(len(s.hand[opp]), "shield", special),
            special,
        )
        value += gain
        if dmg >= s.mp[opp]:
            return value + LETHAL
        hand = sorted(hand, key=lambda d: d.shield)[1:]  # about one card spent boosting
    dead_blk = {blk_ids[i] for i in dead_b}
    theirs = [defs[c] for c in s.play[opp] if c not in dead_blk]
    # Our attackers that survive are back in play, turned: blockers unless R6 is on.
    ready = [c for c in s.play[me] if c not in extra and may_defend(s, c)]
    if not s.opts.turned_cannot_defend:
        ready += [c for i, c in enumerate(att_ids) if i not in dead_a]
    return value + _after(s, me, k, [defs[c] for c in ready], theirs, hand)


# --------------------------------------------------------------------------- their turn


def _defend_value(s: State, me: int, a: Action, k: _Known) -> float:
    """Defend step: the blocks (and Quick play or sacrifice) that lose least."""
    t, _ = apply(s, a)
    change = _material(t, me) - _material(s, me) + _mp_gain(s, t, me)
    return change + _defence_forecast(t, me, k, a.kind != "pass")


def _defence_forecast(t: State, me: int, k: _Known, more: bool) -> float:
    """Minus the attacker's forecast gain, with our best blocks still to come if
    `more` (the clash lets the defender choose them)."""
    opp, defs, special = 1 - me, t.defs, t.opts.special
    atts = tuple((defs[ln.att], 0) for ln in t.lanes)
    ready = [c for c in t.play[me] if may_defend(t, c)] if more else []
    blk_ids = [ln.dfn for ln in t.lanes if ln.dfn >= 0] + ready
    fixed = tuple(blk_ids.index(ln.dfn) if ln.dfn >= 0 else (-2 if more else -1) for ln in t.lanes)
    blk = tuple((defs[c], 0) for c in blk_ids)
    hand = [defs[c] for c in t.hand[me]]
    gain, dmg, _, _ = _clash(
        atts,
        blk,
        fixed,
        k.boost(len(t.hand[opp]), "attack", special),
        _best_boost(hand, "shield", special),
        special,
    )
    return -gain - (LETHAL if dmg >= t.mp[me] else 0.0)


def _dboost_value(s: State, me: int, a: Action, k: _Known) -> float:
    """Defence boost: our boost, then the attacker's answer on one attacker."""
    opp, defs, special = 1 - me, s.defs, s.opts.special
    add = sum(defs[_card(b)].shield for b in a.boosts)
    target = _card(a.card) if a.boosts else -1
    atts = tuple((defs[ln.att], sum(defs[b].attack for b in ln.ab)) for ln in s.lanes)
    blocked = [ln for ln in s.lanes if ln.dfn >= 0]
    blk = tuple(
        (defs[ln.dfn], sum(defs[b].shield for b in ln.db) + (add if ln.dfn == target else 0))
        for ln in blocked
    )
    fixed = tuple(blocked.index(ln) if ln.dfn >= 0 else -1 for ln in s.lanes)
    gain, dmg, _, _ = _clash(
        atts, blk, fixed, k.boost(len(s.hand[opp]), "attack", special), 0.0, special
    )
    return -gain - SPEND * len(a.boosts) - (LETHAL if dmg >= s.mp[me] else 0.0)


# --------------------------------------------------------------------------- our boost


def _aboost_value(s: State, me: int, a: Action, k: _Known) -> float:
    """Attack boost: the damage round exactly, then the opponent's next turn."""
    opp, defs, special = 1 - me, s.defs, s.opts.special
    used = {_card(b) for b in a.boosts}
    add = sum(defs[b].attack for b in used)
    target = _card(a.card) if used else -1
    atts = tuple(
        (defs[ln.att], sum(defs[b].attack for b in ln.ab) + (add if ln.att == target else 0))
        for ln in s.lanes
    )
    blocked = [ln for ln in s.lanes if ln.dfn >= 0]
    blk = tuple((defs[ln.dfn], sum(defs[b].shield for b in ln.db)) for ln in blocked)
    fixed = tuple(blocked.index(ln) if ln.dfn >= 0 else -1 for ln in s.lanes)
    gain, dmg, dead_a, dead_b = _clash(atts, blk, fixed, 0.0, 0.0, special)
    if dmg >= s.mp[opp]:
        return LETHAL + gain
    dead = {blocked[i].dfn for i in dead_b}
    theirs = [defs[c] for c in (*s.play[opp], *(ln.dfn for ln in blocked)) if c not in dead]
    ready = [defs[c] for c in s.play[me] if may_defend(s, c)]
    if not s.opts.turned_cannot_defend:  # surviving attackers, back in play turned
        ready += [defs[ln.att] for i, ln in enumerate(s.lanes) if i not in dead_a]
    hand = [defs[c] for c in s.hand[me] if c not in used]
    return gain - SPEND * len(used) + _after(s, me, k, ready, theirs, hand)


_SCORE = {
    "play": _turn_value,
    "attack": _turn_value,
    "defend": _defend_value,
    "dboost": _dboost_value,
    "aboost": _aboost_value,
}
