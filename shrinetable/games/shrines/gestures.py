"""The drag (or click) on the table that makes each Shrines action, with the real zone
of every card it moves, so the table can match a drag against the legal actions.

Conventions: a card lands on a zone, or on a
card in its zone (target_card set, target the zone holding that card); a click on one
card has no target; an action with no card is a button or a click on a library.
"""

from __future__ import annotations

from dataclasses import replace

from shrinetable.engine import Gesture

from .actions import BUTTONS, Action
from .cards import instance, site_name
from .region import area_place, area_sites
from .state import State

CLICKS = ("tap", "top", "bottom", "sacrifice", "stats", "assign", "guard", "unguard")


def zone_of(s: State, c: int) -> str:
    """The zone holding card `c` (as in `zones()`); tokens and riders are on sites."""
    if c in s.perms:
        return f"site:{site_name(s.perms[c].site)}"
    for q in (0, 1):
        for z, piles in (
            ("hand", s.hands),
            ("shrine", s.shrine),
            ("sources", s.sources),
            ("idols", s.idols),
            ("traps", s.traps),
            ("primary", s.primary),
            ("secondary", s.secondary),
            ("graveyard", s.graveyard),
            ("banished", s.banished),
        ):
            if c in piles[q]:
                return f"{z}:{q}"
    raise KeyError(f"card {s.name(c)} is in no zone")


EVERY_SITE = tuple(f"site:{site_name(i)}" for i in range(15))


def _aim(s: State, target: str, seat: int) -> Gesture:
    """Where an action aims: a player, a card (and its zone) or a site. A row or a
    pathway is any of its sites (or the area zone); a spell with no target lands
    anywhere on the Region or on its caster's player zone."""
    if target in ("p1", "p2"):
        return Gesture(target=f"player:{int(target[1]) - 1}")
    if "#" in target:
        return Gesture(target=zone_of(s, instance(target)), target_card=target)
    if target.startswith(("row", "path-")):
        return Gesture(
            target="areas",
            also=tuple(f"site:{site_name(i)}" for i in sorted(area_sites(*area_place(target)))),
        )
    if not target:
        return Gesture(target=f"player:{seat}", also=EVERY_SITE)
    return Gesture(target=f"site:{target}")


def gesture(s: State, a: Action, seat: int) -> Gesture:
    """The gesture that makes `a` for `seat`, the seat deciding now."""
    k = a.kind
    if k in BUTTONS:
        return Gesture()
    if k == "draw":
        return Gesture((), f"{a.lib}:{seat}")
    if k == "assign" and not a.card:
        return Gesture((), f"player:{int(a.target[1]) - 1}")
    cards = (a.card,)
    source = zone_of(s, instance(a.card))
    if k in CLICKS:
        return Gesture(cards, source)
    if k == "mulligan":
        return Gesture(cards, source, f"primary:{seat}")
    if k == "source":
        return Gesture(cards, source, f"sources:{seat}")
    if k == "play" and not a.target:
        return Gesture(cards, source, f"idols:{seat}")
    return replace(_aim(s, a.target, seat), cards=cards, source=source)


def guess_actions(
    seat: int, held: tuple[str, ...], source: str, zone: str, card: str | None, kind: str
) -> list[str]:
    """The action texts a refused drag most likely meant (`kind`: the held card's
    type), so the table can show the engine's own reason for refusing it."""
    if len(held) != 1:
        return []
    c = held[0]
    at = zone.partition(":")[2]
    aim = card or (
        f"p{int(at) + 1}" if zone.startswith("player:") else at if zone.startswith("site:") else ""
    )
    if source.startswith("hand:"):
        if zone.startswith("sources:"):
            return [f"source {c}"]
        if zone.startswith("primary:"):
            return [f"mulligan {c}"]
        verb = "play" if kind in ("creature", "structure", "relic") else "cast"
        return [f"{verb} {c} {aim}".strip()]
    if source.startswith("site:") and aim:
        if card is not None:
            return [
                f"attack {c} {card}",
                f"block {c} {card}",
                f"attach {c} {card}",
                f"mount {c} {card}",
            ]
        return [f"travel {c} {aim}"] if zone.startswith("site:") else [f"attack {c} {aim}"]
    return []
