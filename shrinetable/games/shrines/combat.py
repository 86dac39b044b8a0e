"""Combat damage (clauses combat, blocking, quick-attack, double-attack, stomp,
cleave): which blockers an attacker reaches, the attacker's assignment of its
damage among several blockers (R8, R23), and the damage steps themselves.
"""

from __future__ import annotations

from shrinetable.engine import Event

from . import effects as fx
from .actions import Action
from .region import enemies, in_range, kw, resilience, row, status, strength
from .state import State


def to_assign(s: State) -> tuple[tuple, ...]:
    """Queued choices, one per attacker with two or more blockers it reaches and
    damage to give: ("assign", its controller, attacker, damage left) (R23)."""
    return tuple(("assign", s.turn, c, strength(s, c)) for c, _ in s.attacks
                 if c in s.perms and "poison" not in status(s, c)
                 and strength(s, c) > 0 and len(blockers_of(s, c)) > 1)


def blockers_of(s: State, c: int) -> list[int]:
    """The blockers of attacker `c` it can still reach, closest first (R8)."""
    sites = in_range(s, c)[0]
    here = row(s.perms[c].site)
    return sorted((b for b, x in s.blocks if x == c and b in s.perms
                   and s.perms[b].site in sites),
                  key=lambda b: abs(row(s.perms[b].site) - here))


def choices(s: State, item) -> list[Action]:
    """Clause blocking: the attacker's controller gives its damage to its blockers; a
    farther blocker gets any only once every closer one has lethal damage (R8, R23).
    Stomp's excess may go to the player once every blocker has lethal damage."""
    _, _, c, left = item
    got: dict[int, int] = {}
    for a, v, n in s.assigned:
        if a == c:
            got[v] = got.get(v, 0) + n
    order = blockers_of(s, c)
    here = row(s.perms[c].site)
    short = [abs(row(s.perms[b].site) - here) for b in order if got.get(b, 0) < lethal(s, b)]
    open_ = [b for b in order if not short or abs(row(s.perms[b].site) - here) <= min(short)]
    need = {b: max(0, lethal(s, b) - got.get(b, 0)) for b in open_}
    open_.sort(key=lambda b: need[b] == 0)    # first: lethal damage to the next blocker
    out = []
    for b in open_:
        first = min(need[b], left) or left
        out += [Action("assign", s.name(b), n=k)
                for k in (first, *(k for k in range(1, left + 1) if k != first))]
    t = dict(s.attacks).get(c, 0)
    if not short and t < 0 and "stomp" in kw(s, c) and in_range(s, c)[1]:
        out += [Action("assign", target=f"p{fx.PLAYER - t + 1}", n=k) for k in range(1, left + 1)]
    return out


def resolve(s: State, ev: list[Event]) -> None:
    """Clauses combat, blocking, quick-attack: quick and double attackers strike
    first; then everyone else, and defenders strike back (R8)."""
    for quick in (True, False):
        hits: list[tuple[int, int, int]] = []   # (attacker, victim, amount)
        back: list[tuple[int, int]] = []        # (defender, attacker)
        for c, t in s.attacks:
            if c not in s.perms:
                continue
            k = kw(s, c)
            strikes = ("quick-attack" in k or "double-attack" in k) if quick \
                else "quick-attack" not in k
            blockers = [b for b, x in s.blocks if x == c and b in s.perms]
            if not quick:
                back += [(b, c) for b in blockers]
                if not blockers and t >= 0 and t in s.perms and s.defs[t].type == "creature":
                    back.append((t, c))
            if strikes:
                hits += strike(s, c, t, blockers)
        for d, c in back:
            if d in s.perms and c in s.perms and "poison" not in status(s, d):
                hits.append((d, c, strength(s, d)))
        for c, v, n in hits:
            if v < 0:
                fx.hurt(s, fx.PLAYER - v, n, ev)
                continue
            site = s.perms[v].site if v in s.perms else -1
            done = fx.deal(s, v, n, True, ev)
            if done and c in s.perms and "cleave" in kw(s, c):
                for o in enemies(s, site, s.perms[c].ctrl):
                    if o != v:
                        fx.deal(s, o, done, True, ev)
        fx.deaths(s, ev)
    s.attacks, s.blocks, s.assigned = (), (), ()


def strike(s: State, c: int, t: int, blockers: list[int]) -> list[tuple[int, int, int]]:
    """One attacker's damage: as its controller assigned it among several blockers
    (R23), else to its blocker, lethal damage first and the rest to the last (R8);
    Stomp sends the excess to the player unless a blocker's Armor takes it; nothing
    lands outside its range."""
    n = 0 if "poison" in status(s, c) else strength(s, c)
    sites, player = in_range(s, c)
    if not blockers:
        if t < 0:
            return [(c, t, n)] if player else []
        return [(c, t, n)] if t in s.perms and s.perms[t].site in sites else []
    order = blockers_of(s, c)
    armored = any("armor" in kw(s, b) and not s.perms[b].armor_spent for b in order)
    hand = [(a, v, k) for a, v, k in s.assigned if a == c]
    if hand:
        return [(c, v, min(k, n)) for _, v, k in hand
                if (v < 0 and player and not armored) or v in order]
    out = []
    for i, b in enumerate(order):
        need = max(0, lethal(s, b))
        last = i == len(order) - 1
        stomp = last and t < 0 and "stomp" in kw(s, c) and player
        give = min(n, need) if not last or stomp else n
        out.append((c, b, give))
        n -= give
    if n > 0 and order and not armored:
        out.append((c, t, n))
    return out


def lethal(s: State, b: int) -> int:
    """Damage that destroys blocker `b` now (any damage when it is Weakened)."""
    if "weaken" in status(s, b):
        return 1
    return resilience(s, b) - s.perms[b].damage
