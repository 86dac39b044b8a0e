"""Everything that changes the Region: entering sites, damage, death, and the
interpreter of the card-file effect vocabulary (docs/cards.md).

Effects resolve at once, in the order written; choices they need (a draw from
either library, a Swap) wait in the state's queue.
"""

from __future__ import annotations

from shrinetable.engine import Event, Outcome

from .cards import Def, site_name
from .region import (
    any_card,
    bodies,
    destinations,
    enemies,
    kw,
    lowers,
    own_half,
    resilience,
    riders,
    status,
)
from .state import Perm, State

SITE_LIMIT = 4
PLAYER = -1  # targets below zero are players: -1 - seat


def log(
    s: State,
    ev: list[Event],
    kind: str,
    text: str,
    seat: int | None = None,
    cards: tuple[int, ...] = (),
    source: str | None = None,
    target: str | None = None,
) -> None:
    ev.append(Event(kind, text, seat, tuple(s.name(c) for c in cards), source, target))


# --------------------------------------------------------------------------- entering


def put(s: State, c: int, seat: int, site: int, ev: list[Event]) -> None:
    """A creature or structure enters `site` under `seat` (clauses cast, site-limit)."""
    s.perms[c] = Perm(seat, site, s.turn_no)
    s.owned.add(c)
    s.sites[site].append(c)
    arrive(s, c, site, ev)


def arrive(s: State, c: int, site: int, ev: list[Event]) -> None:
    """`c` is now on `site`: spring opposing traps there, then the site limit."""
    seat = s.perms[c].ctrl
    traps_on(s, c, site, ev)
    limit(s, site, seat)


def traps_on(s: State, c: int, site: int, ev: list[Event]) -> None:
    """A creature entering `site` springs the opposing traps there (clause trap)."""
    if s.defs[c].type == "creature":
        for t in list(s.traps[1 - s.perms[c].ctrl]):
            if s.trap_site[t] == site and c in s.perms:
                spring(s, t, c, ev)


def spring(s: State, t: int, c: int, ev: list[Event]) -> None:
    """A trap's requirement is met: it flips, acts on the creature, then goes to the
    Graveyard (clause trap)."""
    q = s.owner[t]
    s.traps[q].remove(t)
    del s.trap_site[t]
    log(s, ev, "trap", f"{s.name(t)} springs on {s.name(c)}", q, (t,))
    run(s, q, s.defs[t].effects, c, 0, ev)
    s.graveyard[q].append(t)


def counted(s: State, site: int) -> list[int]:
    """The permanents the site limit counts: bodies that are not tokens."""
    return [c for c in bodies(s, site) if not s.defs[c].token]


def limit(s: State, site: int, mover: int) -> None:
    """More than four counted permanents: the player with most there sacrifices
    down to four (ties: the player who moved or spawned the card, R10)."""
    here = counted(s, site)
    if len(here) <= SITE_LIMIT or any(q[0] == "sacrifice" and q[2] == site for q in s.queue):
        return
    mine = sum(1 for c in here if s.perms[c].ctrl == mover)
    seat = mover if mine * 2 >= len(here) else 1 - mover
    s.queue += (("sacrifice", seat, site),)


def move(s: State, c: int, to: int, ev: list[Event]) -> None:
    p = s.perm(c)
    s.sites[p.site].remove(c)
    s.sites[to].append(c)
    for t in [t for t in s.sites[p.site] if s.perms[t].attached == c]:
        s.sites[p.site].remove(t)  # tools travel with their creature, after it
        s.sites[to].append(t)
        s.perm(t).site = to
    p.site = to
    arrive(s, c, to, ev)


# --------------------------------------------------------------------------- damage


def guard_for(s: State, c: int) -> int:
    """The Guard that takes damage meant for `c` (the oldest other friendly Guard on
    its site that its controller has not switched off, R11), or `c` itself."""
    p = s.perms[c]
    for g in bodies(s, p.site):
        if (
            g != c
            and s.perms[g].ctrl == p.ctrl
            and "guard" in kw(s, g)
            and not s.perms[g].unguarded
        ):
            return g
    return c


def deal(s: State, c: int, amount: int, combat: bool, ev: list[Event]) -> int:
    """Damage to a body: Guard redirects, Armor absorbs the first instance, Weaken
    makes any damage lethal. Non-combat damage that leaves the body at or past its
    resilience marks it lethal, the only way a Bloodless creature dies (clause
    bloodless). Returns the damage actually marked."""
    if amount <= 0 or c not in s.perms:
        return 0
    c = guard_for(s, c)
    p = s.perm(c)
    if "armor" in kw(s, c) and not p.armor_spent:
        p.armor_spent = True
        log(s, ev, "armor", f"{s.name(c)}'s Armor absorbs {amount}", p.ctrl, (c,))
        return 0
    lost = min(p.temp_r, amount) if s.defs[c].type == "structure" else 0
    if lost:  # a structure's boost for the turn goes first (R33)
        p.temp_r -= lost
        log(s, ev, "boost-lost", f"{s.name(c)}'s boost takes {lost}", p.ctrl, (c,))
    p.damage += amount - lost
    if "weaken" in status(s, c):
        p.damage = max(p.damage, resilience(s, c))
    if not combat and p.damage >= resilience(s, c):
        p.lethal = True
    res = resilience(s, c)  # the sum: all the damage it has against its resilience
    said = f"{s.name(c)} takes {amount} damage, {p.damage} against resilience {res}"
    log(s, ev, "damage", said, p.ctrl, (c,))
    return amount


def hurt(s: State, seat: int, amount: int, ev: list[Event]) -> None:
    """Damage or life loss to a player; King of the Hill has no life (clause modes)."""
    if amount > 0 and s.opts.mode != "king":
        s.life[seat] -= amount
        log(s, ev, "life", f"p{seat + 1} loses {amount} life (now {s.life[seat]})", seat)


def deaths(s: State, ev: list[Event]) -> None:
    """Destroy every body whose damage reached its resilience; Bloodless ones only
    once non-combat damage finished them (clause bloodless). Then check life.
    Runs after every step, so an undamaged body is passed over without reading its
    auras unless a card of the game could lower resilience (its printed value and
    boosts decide)."""
    defs = s.defs
    while True:
        lowered = any_card(defs, lowers)
        dead = [
            c
            for c, p in s.perms.items()
            if defs[c].type != "relic"
            and (p.damage or lowered or defs[c].resilience + p.boost_r + p.temp_r <= 0)
            and p.damage >= resilience(s, c)
            and ("bloodless" not in kw(s, c) or p.lethal)
        ]
        if not dead:
            break
        for c in dead:
            if c in s.perms:
                leave(s, c, "destroy", ev)
    winner_check(s, ev)


def winner_check(s: State, ev: list[Event]) -> None:
    """A player at 0 life or less loses; the log says who won and why."""
    if s.result is not None:
        return
    down = [q for q in (0, 1) if s.life[q] <= 0]
    if len(down) == 2:
        s.result, s.stage = Outcome((), "both players fell to 0 life together"), "over"
        log(s, ev, "over", "Both players fell to 0 life together: a draw")
    elif down:
        q = down[0]
        s.result, s.stage = (
            Outcome((1 - q,), f"p{q + 1} fell to 0 life", "a player fell to 0 life"),
            "over",
        )
        log(s, ev, "over", f"p{2 - q} wins: {s.result.reason}", 1 - q)


def leave(s: State, c: int, how: str, ev: list[Event]) -> None:
    """`c` leaves the Region: destroyed, sacrificed, banished or bounced. Tools it
    carried stay on the site if they have an attach cost and the site is not the
    opponent's, else go to the Graveyard (clause tool). A travel it declared ends
    (R31). A destroyed Deathwish creature's effects then resolve (clause deathwish)."""
    p = s.perms.pop(c)
    s.sites[p.site].remove(c)
    s.tapped.discard(c)
    s.travels = tuple(t for t in s.travels if t[0] != c)  # R31: its travel goes with it
    for r in [
        r for r in s.sites[p.site] if s.perms[r].attached == c and s.defs[r].type == "creature"
    ]:
        s.perm(r).attached = -1  # a mounted rider shares its mount's fate
        leave(s, r, how, ev)
    for t in [t for t in s.sites[p.site] if s.perms[t].attached == c]:
        if s.defs[t].attach_cost is not None and not own_half(1 - s.perms[t].ctrl, p.site):
            s.perm(t).attached = -1
        else:
            s.sites[p.site].remove(t)
            del s.perms[t]
            s.graveyard[s.owner[t]].append(t)
    zone = None
    if not s.defs[c].token:
        zone = to(
            s, c, "hand" if how == "bounce" else "banished" if how == "banish" else "graveyard"
        )
    said = (
        f"p{p.ctrl + 1} sacrifices {s.name(c)}"
        if how == "sacrifice"
        else f"{s.name(c)} is {_PAST[how]}"
    )
    log(s, ev, how, said, p.ctrl, (c,), f"site:{site_name(p.site)}", zone)
    if how == "destroy" and "deathwish" in s.defs[c].kw:
        run(s, p.ctrl, s.defs[c].deathwish, -1, 0, ev)


_PAST = {"destroy": "destroyed", "banish": "banished", "bounce": "returned to its owner's hand"}


def to(s: State, c: int, zone: str) -> str:
    """A card goes to its owner's hand, Graveyard or Banishment; the Shrine goes back
    to the Shrine zone with time marks instead (clause shrine). Returns the zone."""
    q = s.owner[c]
    if zone != "hand" and c == s.shrine_card[q]:
        s.shrine[q].append(c)
        s.marks[q] = s.defs[c].cost.converted
        return f"shrine:{q}"
    {"hand": s.hands, "banished": s.banished, "graveyard": s.graveyard}[zone][q].append(c)
    return f"{zone}:{q}"


# --------------------------------------------------------------------------- effects


def run(
    s: State, seat: int, effects, target: int, x: int, ev: list[Event], source: int = -1
) -> None:
    """Resolve `effects` for `seat`. `target` is the chosen card, site (1000+i) or
    player (-1-seat); `x` the paid X. Protection stops the first opposing effect
    aimed at its bearer and is lost (clause protection)."""
    for e in effects:
        n = x if e.amount == "X" else e.amount
        t = _aim(s, seat, e.target, target, source)
        if (
            t >= 0
            and t < 1000
            and t in s.perms
            and s.perms[t].ctrl != seat
            and "protection" in kw(s, t)
            and e.target not in ("self", "none")
        ):
            _unprotect(s, t)
            log(s, ev, "protection", f"{s.name(t)}'s Protection is spent", s.perms[t].ctrl, (t,))
            continue
        _VERBS[e.do](s, seat, e, n, t, ev)
    deaths(s, ev)


def _unprotect(s: State, t: int) -> None:
    p = s.perm(t)
    p.status = p.status - {"protection"}
    if "protection" in s.defs[t].kw:
        p.status = p.status | {"protection-spent"}


def _aim(s: State, seat: int, kind: str, target: int, source: int) -> int:
    if kind == "opponent":
        return PLAYER - (1 - seat)
    if kind == "self":
        return source if source >= 0 else PLAYER - seat
    if kind == "none":
        return PLAYER - seat
    return target


def _damage(s, seat, e, n, t, ev):
    if t >= 1000:
        site = t - 1000
        hit = enemies(s, site, seat) if e.target == "each-enemy-on-site" else bodies(s, site)
        for c in hit:
            deal(s, c, n, False, ev)
    elif t < 0:
        hurt(s, PLAYER - t, n, ev)
    else:
        deal(s, t, n, False, ev)


def _draw(s, seat, e, n, t, ev):
    s.queue += (("draw", seat, e.library),) * n


def _life(s, seat, e, n, t, ev):
    q = PLAYER - t if t < 0 else seat
    if e.do == "gain-life" and s.opts.mode != "king":
        s.life[q] += n
        log(s, ev, "life", f"p{q + 1} gains {n} life (now {s.life[q]})", q)
    elif e.do == "lose-life":
        hurt(s, q, n, ev)


def _move(s, seat, e, n, t, ev):
    """Move forward as far as it can, up to n sites, hopping a blocked site with Lunge
    as travel would; the Grounded never move (R12, clauses lunge, ground)."""
    if t not in s.perms or "ground" in status(s, t):
        return
    dest = destinations(s, t, n, "lunge" in kw(s, t))
    if dest:
        move(s, t, dest[-1][0], ev)


def _leave(s, seat, e, n, t, ev):
    if t in s.perms:
        leave(s, t, e.do, ev)


def _condition(s, seat, e, n, t, ev):
    if t in s.perms:
        p = s.perm(t)
        p.status = p.status | {"protection" if e.do == "protect" else e.do}
        log(s, ev, "status", f"{s.name(t)} {_BECOMES[e.do]}", p.ctrl, (t,))


_BECOMES = {
    "freeze": "is frozen",
    "ground": "is grounded",
    "poison": "is poisoned",
    "weaken": "is weakened",
    "protect": "gains Protection",
}


def _mana(s, seat, e, n, t, ev):
    s.pool[seat]["BYRGP".index(e.colour)] += n


def _token(s, seat, e, n, t, ev):
    site = t - 1000
    d = Def.token_of(e)
    for _ in range(n):
        c = len(s.defs)
        s.defs = (*s.defs, d)
        s.owner = (*s.owner, seat)
        put(s, c, seat, site, ev)
        log(s, ev, "token", f"{s.name(c)} appears", seat, (c,), None, f"site:{site_name(site)}")


def _boost(s, seat, e, n, t, ev):
    """+strength/+resilience for as long as it stays on the Region (R13), or until the
    end of the turn (R33); a structure takes only the resilience (clause structure)."""
    if t in s.perms:
        p = s.perm(t)
        gain = 0 if s.defs[t].type == "structure" else e.strength
        if e.until:
            p.temp_s, p.temp_r = p.temp_s + gain, p.temp_r + e.resilience
        else:
            p.boost_s, p.boost_r = p.boost_s + gain, p.boost_r + e.resilience
        got = " and ".join(
            f"{n:+d} {what}" for n, what in ((gain, "strength"), (e.resilience, "resilience")) if n
        )
        log(
            s,
            ev,
            "boost",
            f"{s.name(t)} gets {got or 'nothing'}" + (" until end of turn" if e.until else ""),
            p.ctrl,
            (t,),
        )


def _gain_control(s, seat, e, n, t, ev):
    """The caster takes control of the permanent, with its riders; its owner stays
    the same, so it still goes to its owner's hand, Graveyard or Banishment (R32)."""
    if t in s.perms and s.perms[t].ctrl != seat:
        for c in (t, *riders(s, t)):
            s.perm(c).ctrl = seat
        log(s, ev, "control", f"p{seat + 1} gains control of {s.name(t)}", seat, (t,))


def _swap(s, seat, e, n, t, ev):
    lib = "secondary" if e.library == "secondary" else "primary"
    pile = (s.secondary if lib == "secondary" else s.primary)[seat]
    looked = tuple(reversed(pile[-n:]))
    if looked:
        s.queue += (("swap", seat, lib, looked),)
        know_top(s, seat, lib, max(known_top(s, seat, lib), len(looked)))


def known_top(s: State, seat: int, lib: str) -> int:
    """How many top cards of `seat`'s `lib` Library it knows (`know_top`)."""
    return s.known_tops[seat][lib == "secondary"]


def know_top(s: State, seat: int, lib: str, n: int) -> None:
    """`seat` knows the top `n` cards of its `lib` Library: those its Swap looks at
    (each stays known as it goes back on top; one sent under leaves them) and
    fewer once one is drawn. A world dealt for `seat` keeps them (testing.py)."""
    pile = (s.secondary if lib == "secondary" else s.primary)[seat]
    tops = [list(t) for t in s.known_tops]
    tops[seat][lib == "secondary"] = max(0, min(n, len(pile)))
    s.known_tops = (tuple(tops[0]), tuple(tops[1]))


_VERBS = {
    "damage": _damage,
    "draw": _draw,
    "gain-life": _life,
    "lose-life": _life,
    "move": _move,
    "bounce": _leave,
    "destroy": _leave,
    "banish": _leave,
    "freeze": _condition,
    "ground": _condition,
    "poison": _condition,
    "weaken": _condition,
    "protect": _condition,
    "add-mana": _mana,
    "token": _token,
    "boost": _boost,
    "swap": _swap,
    "gain-control": _gain_control,
}
