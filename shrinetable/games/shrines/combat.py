"""Combat damage (clauses combat, blocking, quick-attack, double-attack, stomp,
cleave): which blockers an attacker reaches, the attacker's assignment of its
damage among several blockers (R8, R23), and the two damage steps, in which
attackers and defenders strike by the same rules.
"""

from __future__ import annotations

from shrinetable.engine import Event

from . import effects as fx
from .actions import Action
from .region import bodies, in_range, kw, resilience, row, status, strength
from .state import State


def to_assign(s: State) -> tuple[tuple, ...]:
    """Queued choices, one per attacker with two or more blockers it reaches and
    damage to give: ("assign", its controller, attacker, damage left) (R23)."""
    return tuple(
        ("assign", s.turn, c, strength(s, c))
        for c, _ in s.attacks
        if c in s.perms
        and "poison" not in status(s, c)
        and strength(s, c) > 0
        and len(blockers_of(s, c)) > 1
    )


def blockers_of(s: State, c: int) -> list[int]:
    """The blockers of attacker `c` it can still reach, closest first (R8)."""
    sites = in_range(s, c)[0]
    here = row(s.perms[c].site)
    return sorted(
        (b for b, x in s.blocks if x == c and b in s.perms and s.perms[b].site in sites),
        key=lambda b: abs(row(s.perms[b].site) - here),
    )


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
    open_.sort(key=lambda b: need[b] == 0)  # first: lethal damage to the next blocker
    out = []
    for b in open_:
        first = min(need[b], left) or left
        out += [
            Action("assign", s.name(b), n=k)
            for k in (first, *(k for k in range(1, left + 1) if k != first))
        ]
    t = dict(s.attacks).get(c, 0)
    if not short and t < 0 and "stomp" in kw(s, c) and in_range(s, c)[1]:
        out += [Action("assign", target=f"p{fx.PLAYER - t + 1}", n=k) for k in range(1, left + 1)]
    return out


def resolve(s: State, ev: list[Event]) -> None:
    """Clauses combat, blocking, quick-attack, double-attack, cleave: a quick step,
    then the regular one; in each, attackers and defenders alike strike if their
    keywords say so. A blocked attacker fights only its blockers, even once they are
    gone; an unblocked one fights its target, which strikes back (R8). Cleave hits
    every other body on the damaged site, its own side's too."""
    for quick in (True, False):
        hits: list[tuple[int, int, int]] = []  # (striker, victim, amount)
        for c, t in s.attacks:
            if c not in s.perms:
                continue
            blockers = [b for b, x in s.blocks if x == c]
            if strikes(s, c, quick):
                hits += strike(s, c, t, bool(blockers))
            for d in blockers or ([t] if t >= 0 and s.defs[t].type == "creature" else []):
                if d in s.perms and strikes(s, d, quick) and reaches(s, d, c):
                    hits.append((d, c, power(s, d)))
        for c, v, n in hits:
            if n == 0 and "poison" in status(s, c) and c in s.perms:
                fx.log(
                    s,
                    ev,
                    "poison",
                    f"{s.name(c)} is Poisoned: it deals no combat damage",
                    s.perms[c].ctrl,
                    (c,),
                )
            if v < 0:
                fx.hurt(s, fx.PLAYER - v, n, ev)
                continue
            site = s.perms[v].site if v in s.perms else -1
            done = fx.deal(s, v, n, True, ev)
            if done and "cleave" in kw(s, c):
                for o in bodies(s, site):
                    if o not in (v, c):
                        fx.deal(s, o, done, True, ev)
        fx.deaths(s, ev)
        if s.result is not None:  # a player fell in the quick step: no regular one after
            break  # the game is over (the log said "P2 wins", then "P1 loses 6 life")
    s.attacks, s.blocks, s.assigned = (), (), ()


def strikes(s: State, c: int, quick: bool) -> bool:
    """Quick and Double Attack creatures strike in the quick step; every creature but
    a Quick Attack one strikes in the regular step."""
    k = kw(s, c)
    return ("quick-attack" in k or "double-attack" in k) if quick else "quick-attack" not in k


def reaches(s: State, d: int, c: int) -> bool:
    """Does `c` stand in defender `d`'s attacking range now? Nobody deals combat
    damage outside it, even after a move (clause combat)."""
    return s.perms[c].site in in_range(s, d)[0]


def power(s: State, c: int) -> int:
    """Combat damage `c` deals: its strength, or none when Poisoned."""
    return 0 if "poison" in status(s, c) else strength(s, c)


def strike(s: State, c: int, t: int, blocked: bool) -> list[tuple[int, int, int]]:
    """One attacker's damage. Unblocked, to its target. Blocked, as its controller
    assigned it among several blockers (R23), else to its blockers, lethal damage
    first and the rest to the last (R8); Stomp sends the excess to the player unless a
    blocker's Armor takes it. Nothing lands outside its range."""
    n = power(s, c)
    sites, player = in_range(s, c)
    if not blocked:
        if t < 0:
            return [(c, t, n)] if player else []
        return [(c, t, n)] if t in s.perms and s.perms[t].site in sites else []
    order = blockers_of(s, c)
    armored = any("armor" in kw(s, b) and not s.perms[b].armor_spent for b in order)
    stomp = t < 0 and "stomp" in kw(s, c) and player
    hand = [(a, v, k) for a, v, k in s.assigned if a == c]
    if hand:
        return [
            (c, v, min(k, n)) for _, v, k in hand if (v < 0 and stomp and not armored) or v in order
        ]
    out = []
    for i, b in enumerate(order):
        last = i == len(order) - 1
        give = n if last and not stomp else min(n, max(0, lethal(s, b)))
        out.append((c, b, give))
        n -= give
    if n > 0 and stomp and not armored:
        out.append((c, t, n))
    return out


def lethal(s: State, b: int) -> int:
    """Damage that destroys blocker `b` now (any damage when it is Weakened)."""
    if "weaken" in status(s, b):
        return 1
    return resilience(s, b) - s.perms[b].damage
