"""The Region's geometry and what a permanent is now: its keywords, conditions,
strength and resilience after tools and area effects, and where it may go or strike.

Pure queries over a `State`; nothing here changes the state.
"""

from __future__ import annotations

from functools import cache

from .cards import ROWS, site_index
from .state import State, kept

GROUND_LOSES = ("flying", "lunge", "sprint", "dig")  # clause ground
FLY_COMBAT = ("flying", "reach", "lunge")  # clause flying
_CHANGES = frozenset(("ground", "protection", "protection-spent"))


def row(site: int) -> int:
    return site // 3


def path(site: int) -> int:
    return site % 3


def forward(seat: int) -> int:
    return 1 if seat == 0 else -1


def melee_row(seat: int) -> int:
    return 0 if seat == 0 else ROWS - 1


def range_row(seat: int) -> int:
    return 1 if seat == 0 else ROWS - 2


def own_half(seat: int, site: int) -> bool:
    """Sites a seat controls for the tool rule: its melee and range rows (R9)."""
    return row(site) in (melee_row(seat), range_row(seat))


@cache
def area_place(where: str) -> tuple[str, int]:
    """Where an area lies, from notation: `rowN`, `path-X` or a site (NotationError
    for anything else)."""
    t = where.strip().lower()
    if t.startswith("row") and t[3:] in ("1", "2", "3", "4", "5"):
        return "row", int(t[3:]) - 1
    if t.startswith("path-") and t[5:] in ("a", "b", "c"):
        return "pathway", "abc".index(t[5:])
    return "site", site_index(t)


@cache
def area_sites(kind: str, index: int) -> frozenset[int]:
    """The sites an area at ("site"|"row"|"pathway", index) covers (made once each)."""
    if kind == "site":
        return frozenset((index,))
    if kind == "row":
        return frozenset(range(index * 3, index * 3 + 3))
    return frozenset(range(index, ROWS * 3, 3))


def cover(s: State) -> list[list[int]]:
    """Per site, the areas that rule it: the newest of each subtype covering it,
    newest first (clause area). Made once while the state's areas stay the same,
    so reading a creature's auras does not grow with the areas played."""
    if s.cover is None or s.cover[0] != s.areas:
        per: list[list[int]] = [[] for _ in range(ROWS * 3)]
        seen: list[set[str]] = [set() for _ in range(ROWS * 3)]
        for a in reversed(s.areas):
            sub = s.defs[a].subtype
            for i in area_sites(*s.area_at[a]):
                if sub not in seen[i]:
                    seen[i].add(sub)
                    per[i].append(a)
        s.cover = (s.areas[:], per)
    return s.cover[1]


def auras(s: State, c: int):
    """The auras on permanent `c`: attached tools, then the newest terrain and the
    newest weather covering its site that apply to its controller (clause area).
    Every area card's text names creatures, so structures and relics get none."""
    return kept(s, "auras", c, _auras, c)


def _auras(s: State, c: int):
    p, defs, perms = s.perms[c], s.defs, s.perms
    out = [
        defs[t].aura for t in s.sites[p.site] if perms[t].attached == c and defs[t].aura is not None
    ]
    if defs[c].type != "creature":
        return out
    for a in cover(s)[p.site]:
        aura = defs[a].aura
        if aura.whose == "all" or (aura.whose == "own") == (s.owner[a] == p.ctrl):
            out.append(aura)
    return out


_ASKED: dict = {}  # a question about the cards -> (the cards last asked about, the answer)


def any_card(defs: tuple, test) -> bool:
    """Whether any card of the game (`State.defs`) passes `test`, answered once per
    game (and again when a token joins it): a rule no card can touch is skipped."""
    last = _ASKED.get(test)
    if last is None or last[0] is not defs:
        last = _ASKED[test] = (defs, any(test(d) for d in defs))
    return last[1]


def lowers(d) -> bool:
    """The card's aura lowers resilience."""
    return d.aura is not None and d.aura.resilience < 0


def grants_guard(d) -> bool:
    """The card's aura gives Guard."""
    return d.aura is not None and "guard" in d.aura.abilities


def status(s: State, c: int, on: list | None = None) -> frozenset[str]:
    """Conditions now: its own and its auras' (`on`, when the caller has them)."""
    extra = {a.condition for a in (auras(s, c) if on is None else on) if a.condition}
    return s.perms[c].status | extra if extra else s.perms[c].status


def kw(s: State, c: int) -> dict[str, int]:
    """Keywords now: printed, plus tools and areas, minus what Ground removes."""
    return kept(s, "kw", c, _kw, c)


def _kw(s: State, c: int) -> dict[str, int]:
    base = s.defs[c].kw
    on = auras(s, c)
    extra = [a for a in on if a.abilities]
    st = status(s, c, on)
    mounted = riders(s, c)
    if not extra and not st & _CHANGES and not mounted:
        return base
    out = dict(base)
    for r in mounted:  # a mount combines both creatures' abilities
        for w, n in s.defs[r].kw.items():
            out[w] = max(out.get(w, 0), n)
    for a in extra:
        for word in a.abilities:
            w, _, n = word.partition(" ")
            out[w] = out.get(w, 0) + (int(n) if n else 1)
    if "protection" in st:
        out["protection"] = 1
    if "protection-spent" in st:
        out.pop("protection", None)
    if "ground" in st:
        for w in GROUND_LOSES:
            out.pop(w, None)
    return out


def is_structure(s: State, c: int) -> bool:
    return s.defs[c].type == "structure"


def strength(s: State, c: int) -> int:
    if is_structure(s, c):
        return 0
    p = s.perms[c]
    return max(0, s.defs[c].strength + p.boost_s + p.temp_s + sum(a.strength for a in auras(s, c)))


def resilience(s: State, c: int) -> int:
    p = s.perms[c]
    return s.defs[c].resilience + p.boost_r + p.temp_r + sum(a.resilience for a in auras(s, c))


def bodies(s: State, site: int) -> list[int]:
    """Creatures and structures on a site. Tools lie there too but are not bodies,
    and a mounted rider is part of the creature it rides (clause saddle)."""
    return [c for c in s.sites[site] if s.defs[c].type != "relic" and s.perms[c].attached < 0]


def riders(s: State, c: int) -> list[int]:
    """The creatures mounted on `c` (clause saddle)."""
    return kept(s, "riders", c, _riders, c)


def _riders(s: State, c: int) -> list[int]:
    return [
        r
        for r in s.sites[s.perms[c].site]
        if s.perms[r].attached == c and s.defs[r].type == "creature"
    ]


def enemies(s: State, site: int, seat: int) -> list[int]:
    return [c for c in bodies(s, site) if s.perms[c].ctrl != seat]


def immoveable(s: State, site: int) -> bool:
    return any("immoveable" in s.defs[c].kw for c in bodies(s, site))


def blocked(s: State, c: int, site: int) -> bool:
    """An opposing body stops `c` at `site` (on or off it): Flying is stopped only by
    an opposing flier, Unstoppable by nothing (clauses move, flying, unstoppable)."""
    k = kw(s, c)
    if "unstoppable" in k:
        return False
    foes = enemies(s, site, s.perms[c].ctrl)
    if "flying" in k:
        return any("flying" in kw(s, f) for f in foes)
    return bool(foes)


def step_to(s: State, c: int, here: int) -> int:
    """The next site forward from `here` for c's controller, or -1 off the Region."""
    r = row(here) + forward(s.perms[c].ctrl)
    return r * 3 + path(here) if 0 <= r < ROWS else -1


def destinations(s: State, c: int, steps: int, lunge: bool) -> list[tuple[int, int]]:
    """(site, steps used) reachable moving forward at most `steps` sites along the
    pathway: never off or onto a blocked or Immoveable site; Lunge hops one blocked,
    moveable site at a cost of two steps; Dig passes under blocked sites, one step
    each, but stops only on a free one (clauses move, immoveable, lunge, dig)."""
    here = s.perms[c].site
    dig = "dig" in kw(s, c)
    if immoveable(s, here) or (blocked(s, c, here) and not dig):
        return []
    out, used = [], 0
    while used < steps:
        nxt = step_to(s, c, here)
        if nxt < 0 or immoveable(s, nxt):
            break
        if not blocked(s, c, nxt):
            here, used = nxt, used + 1
        elif dig:  # under the site: no stop there (R20)
            here, used = nxt, used + 1
            continue
        elif lunge and used + 2 <= steps:
            land = step_to(s, c, nxt)
            if land < 0 or immoveable(s, land) or blocked(s, c, land):
                break
            here, used = land, used + 2
        else:
            break
        out.append((here, used))
    return out


def travel_distance(s: State, c: int) -> int:
    return 1 + kw(s, c).get("sprint", 0)


def attack_range(s: State, c: int) -> int:
    return 1 + kw(s, c).get("range", 0)


def in_range(s: State, c: int) -> tuple[list[int], bool]:
    """The sites `c` may strike (its own, then forward along the pathway) and
    whether the opposing player zone is within reach (clause combat, range)."""
    p = s.perms[c]
    d, r0 = forward(p.ctrl), row(p.site)
    sites, reach = [], attack_range(s, c)
    for k in range(reach + 1):
        r = r0 + d * k
        if 0 <= r < ROWS:
            sites.append(r * 3 + path(p.site))
        elif r in (-1, ROWS):
            return sites, True
    return sites, False


def may_fight(s: State, c: int, other: int) -> bool:
    """Only fliers, Reach and Lunge enter combat with a flier (clause flying)."""
    return "flying" not in kw(s, other) or any(w in kw(s, c) for w in FLY_COMBAT)


def sick(s: State, c: int) -> bool:
    """Entered this turn without Haste: may not travel, attack or tap (clause haste).
    Structures may tap the turn they arrive (clause structure)."""
    p = s.perms[c]
    return p.entered == s.turn_no and s.defs[c].type == "creature" and "haste" not in kw(s, c)
