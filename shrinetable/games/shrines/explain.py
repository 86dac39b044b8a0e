"""Words for a refusal: why an action is not among the legal ones.

Only called after `legal_actions` refused the action, so it never decides legality;
it names the first rule the action breaks, with its clause or ruling id in
docs/rules/shrines.md.
"""

from __future__ import annotations

from shrinetable.engine import NotationError

from .actions import Action
from .cards import COLOURS, affordable, instance, site_index, site_name
from .region import (
    blocked,
    enemies,
    forward,
    immoveable,
    kw,
    melee_row,
    path,
    row,
    sick,
    status,
    travel_distance,
)
from .state import State

STAGE_KINDS = {
    "mulligan": ("keep", "mulligan"),
    "main": (
        "next",
        "tap",
        "source",
        "play",
        "cast",
        "attach",
        "mount",
        "unmark",
        "travel",
        "attack",
        "guard",
        "unguard",
    ),
    "respond": ("pass", "tap", "cast", "unmark"),
    "block": ("pass", "block", "tap", "cast", "unmark", "guard", "unguard"),
    "block-answer": ("pass", "tap", "cast", "unmark", "guard", "unguard"),
    "damage": ("pass", "tap", "cast", "unmark", "guard", "unguard"),
    "damage-answer": ("pass", "tap", "cast", "unmark"),
}
QUEUE_KINDS = {
    "draw": ("draw",),
    "swap": ("top", "bottom"),
    "sacrifice": ("sacrifice",),
    "assign": ("assign",),
    "stats": ("stats",),
}
QUEUE_CLAUSE = {"sacrifice": "site-limit", "assign": "blocking", "stats": "saddle"}
QUEUE_ASK = {
    "draw": "draw a card",
    "swap": "place the Swap's cards (top or bottom)",
    "sacrifice": "sacrifice down to the site limit",
    "assign": "assign the attacker's damage to its blockers",
    "stats": "choose whose strength and resilience the mounted pair keeps",
}
ACT_KINDS = {"travel": "travel", "attack": "combat"}
INERT = ("source", "play", "attach", "mount")


def explain(s: State, a: Action, legal: list[Action]) -> tuple[str, str]:
    if s.result is not None:
        return "The game is over.", "winning"
    if s.queue:
        kind = s.queue[0][0]
        clause = QUEUE_CLAUSE.get(kind, kind)
        if a.kind not in QUEUE_KINDS[kind]:
            return f"First {QUEUE_ASK[kind]}.", clause
        if kind == "assign":
            return (
                f"{a.text} is not allowed: give every closer blocker lethal damage "
                "before a farther one gets any, and no more than is left."
            ), "R23"
        return f"{a.text} is not one of the choices now.", clause
    if a.kind == "play" and a.card:
        c = instance(a.card)
        q = s.owner[c] if c < len(s.owner) else 0
        if c in s.shrine[q] and s.marks[q] > 0:
            return "Your Shrine still has time marks.", "shrine"
    if a.kind not in STAGE_KINDS[s.stage]:
        return _stage(s, a)
    if a.kind == "mulligan" and s.mull_left <= 0:
        return (
            "You have mulliganed all the cards you may (two for p1, four for p2): keep."
        ), "mulligan"
    paying = _payment(a, legal)
    if paying:
        return paying, "R7"
    short = _pay_short(s, a)
    if short:
        return short, "cost"
    if a.card:
        c = instance(a.card)
        if c >= len(s.defs) or s.name(c) != a.card:
            return f"There is no card {a.card}.", "decision"
        d = s.defs[c]
        if (
            a.kind in ("play", "cast")
            and c not in s.hands[s.owner[c]]
            and c not in s.shrine[s.owner[c]]
        ):
            return f"{a.card} is not in your hand.", "decision"
        if _inert_now(s, a, d):
            return (
                f"{a.card} is inert speed: it may be played only while you hold "
                "priority in your own First or Final Act."
            ), "speed"
        if a.kind in ACT_KINDS and s.act != ACT_KINDS[a.kind]:
            return f"Only in your {ACT_KINDS[a.kind]} act.", "acts"
        if a.kind == "source" and s.source_played:
            return "You have already put out a source this turn.", "source"
        if a.kind in ("attack", "travel", "tap") and c in s.perms:
            held = _held_back(s, c, a.kind)
            if held:
                return held
        if a.kind in ("play", "cast"):
            cost = d.play_cost("#" in a.target)
            me = s.owner[c]
            pool = s.pool[me]
            if not affordable(pool, cost, max(a.x, 0)):
                mana = " ".join(f"{ch}{n}" for ch, n in zip(COLOURS, pool, strict=True) if n)
                more = (
                    "Tap your sources first (click them)."
                    if any(x not in s.tapped for x in s.sources[me])
                    else "Every source is tapped."
                )
                return (
                    f"{a.card} costs {cost}{f' with X={a.x}' if a.x > 0 else ''}; your "
                    f"mana pool holds {mana or 'nothing'}. {more}"
                ), "cost"
        if a.kind in ("play", "cast") and d.type == "creature" and a.target:
            if _rush_held(s, c, a.target):
                return (
                    f"Rush: {a.card} cannot enter {a.target}, which an opposing "
                    "creature holds (only Flying or Unstoppable may)."
                ), "modes"
            return "Creatures enter on your own melee sites.", "cast"
        if a.kind == "play" and d.type == "structure":
            return "Structures go on your own melee or range sites, one a site.", "cast"
        if a.kind == "cast":
            return (
                f"{a.card} cannot be aimed at {a.target or 'nothing'}: drop it on a place "
                "that lights up while you drag it."
            ), "spell"
        if a.kind in ("play", "attach"):
            clause = "tool" if a.kind == "attach" or d.subtype == "tool" else "cast"
            return f"{a.card} cannot go on {a.target or 'that place'}.", clause
        if a.kind == "travel":
            return _travel_why(s, c, a.target)
        if a.kind == "attack":
            what = f"player {a.target[1]}'s zone" if a.target in ("p1", "p2") else a.target
            if c in s.tapped:
                return f"{a.card} is tapped: it cannot attack.", "R15"
            return (
                f"{a.card} cannot attack {what}: a target must stand within its range "
                "(its own site and one forward, plus Range); fliers only by Flying, "
                "Reach or Lunge."
            ), "combat"
        if a.kind == "mount":
            return (
                f"{a.card} cannot mount {a.target}: one needs Saddle and the other "
                "Mount, within one site, and 2 mana; the one joining may not move off "
                "or onto a site with opposing bodies or an Immoveable one."
            ), "saddle"
        if a.kind == "block":
            return f"{a.card} cannot block {a.target}.", "blocking"
        if a.kind in ("guard", "unguard"):
            return (
                f"{a.card} is not your Guard, its Guard is already "
                f"{'on' if a.kind == 'guard' else 'off'}, or it was switched this "
                "turn."
            ), "R11"
        if a.kind == "tap":
            if c in s.tapped:
                return f"{a.card} is already tapped.", "source"
            return f"{a.card} has no tap ability to use.", "source"
    if a.kind == "unmark":
        return "Removing a time mark needs a marked Shrine and 2 mana.", "shrine"
    return f"{a.text} is not allowed now.", "decision"


def _rush_held(s: State, c: int, target: str) -> bool:
    """Rush mode: `target` is one of the player's melee sites, but an opposing
    creature holds it and `c` has neither Flying nor Unstoppable (clause modes)."""
    if s.opts.mode != "rush" or "#" in target:
        return False
    try:
        site = site_index(target)
    except ValueError:
        return False
    me, d = s.owner[c], s.defs[c]
    return (
        row(site) == melee_row(me)
        and "flying" not in d.kw
        and "unstoppable" not in d.kw
        and any(s.defs[x].type == "creature" for x in enemies(s, site, me))
    )


def _pay_short(s: State, a: Action) -> str:
    """Words for a `pay=` naming mana the payer's pool does not hold (clause cost)."""
    if not a.pay:
        return ""
    c = instance(a.card) if a.card else 0
    me = s.owner[c] if 0 < c < len(s.owner) else s.turn
    pool = s.pool[me]
    need = [a.pay.count(ch) for ch in COLOURS]
    if all(n <= have for n, have in zip(need, pool, strict=True)):
        return ""
    held = " ".join(f"{ch}{n}" for ch, n in zip(COLOURS, pool, strict=True) if n)
    return f"pay={a.pay} spends mana your pool does not hold (it holds {held or 'nothing'})."


def _inert_now(s: State, a: Action, d) -> bool:
    """An inert card (a source, a permanent, an inert spell) outside the player's own
    First or Final Act with priority (clause speed)."""
    inert = a.kind in INERT or (a.kind == "cast" and d.subtype == "inert")
    return inert and not (s.stage == "main" and s.act in ("first", "final"))


def _travel_why(s: State, c: int, target: str) -> tuple[str, str]:
    """What keeps a creature free to travel from reaching `target`: the act, the
    pathway, the distance, or a body on the way (clauses travel, sprint, move,
    immoveable)."""
    name = s.name(c)
    if c not in s.perms:
        return f"{name} is not on the Region: only a creature there travels.", "travel"
    if s.travelled:
        return "This Travel Act's travellers have gone: travel again next turn.", "travel"
    if any(t == c for t, _ in s.travels):
        return f"{name} is already declared to travel this act.", "travel"
    try:
        goal = site_index(target)
    except NotationError:
        return f"{name} travels to a site of the Region, not to {target}.", "travel"
    here = s.perms[c].site
    steps = (row(goal) - row(here)) * forward(s.perms[c].ctrl)
    if path(goal) != path(here) or steps <= 0:
        return (
            f"{name} travels only forward along its own pathway ({site_name(here)[0]}), "
            "never sideways or back."
        ), "travel"
    reach = travel_distance(s, c)
    if steps > reach:
        return (
            f"{name} travels at most {reach} site{'s' if reach > 1 else ''} forward "
            f"(1, plus Sprint); {target} is {steps} away."
        ), "sprint" if reach > 1 else "travel"
    way = [here + 3 * forward(s.perms[c].ctrl) * k for k in range(steps + 1)]
    for site in way:
        if immoveable(s, site):
            return (
                f"An Immoveable body on {site_name(site)}: nothing moves onto or off it.",
                "immoveable",
            )
    flier = "flying" in kw(s, c)
    holds = (
        "an opposing flier holds it (only fliers stop a flier)"
        if flier
        else ("an opposing body holds it")
    )
    clause = "flying" if flier else "move"
    if blocked(s, c, here) and "dig" not in kw(s, c):
        return f"{name} cannot leave {site_name(here)}: {holds}.", clause
    for site in way[1:]:
        if blocked(s, c, site):
            where = "stop on" if site == goal else "pass"
            return f"{name} cannot {where} {site_name(site)}: {holds}.", clause
    return f"{name} cannot travel to {target} now.", "travel"


def _held_back(s: State, c: int, kind: str) -> tuple[str, str] | None:
    """What keeps a permanent from attacking, travelling or tapping, by the rule that
    does: it entered this turn, it is Frozen, it is Stationary (clauses summoning and
    travel, freeze, stationary)."""
    name = s.name(c)
    if sick(s, c):  # the travel clause says it for travel, summoning for the rest
        return (
            f"{name} entered the Region this turn: without Haste it cannot {kind} "
            "until your next turn."
        ), "travel" if kind == "travel" else "summoning"
    if "freeze" in status(s, c):
        return f"{name} is Frozen: it cannot {kind} (it can still be moved).", "freeze"
    if kind == "travel" and "stationary" in kw(s, c):
        return f"{name} is Stationary: it never travels, though effects may move it.", "stationary"
    return None


def _payment(a: Action, legal: list[Action]) -> str:
    """Words for a move that is legal but for its payment: several ways to pay and
    none named, or a payment that is not one of them (R7)."""
    ways = [b.pay for b in legal if b.pay and b._replace(pay="") == a._replace(pay="")]
    if not ways or a.pay in ways:
        return ""
    if not a.pay:
        return (
            f"{a.text} can be paid in more than one way: name the mana with pay=, "
            f"e.g. pay={ways[0]} (the proposal, which keeps most of your other cards "
            f"affordable); or {', '.join('pay=' + w for w in ways[1:])}."
        )
    return f"pay={a.pay} is not a way to pay for it now: pay={' or pay='.join(ways)}."


def _stage(s: State, a: Action) -> tuple[str, str]:
    if s.stage == "main" and a.kind in ACT_KINDS:
        return f"Only in your {ACT_KINDS[a.kind]} act.", "acts"
    if a.kind in INERT or (a.kind == "play"):
        return "Inert speed: only in your own First or Final Act.", "speed"
    return f"Not now: {a.kind} is not allowed at this point.", "priority"
