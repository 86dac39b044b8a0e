"""Words for a refusal: why an action is not among the legal ones.

Only called after `legal_actions` has refused the action, so it never decides
legality; it names the first rule the action breaks, with the id of that clause
or ruling in docs/rules/usagi.md.
"""

from __future__ import annotations

from .actions import Action
from .effects import is_target
from .rules import (
    abilities_of,
    affordable,
    condition_met,
    controlled,
    decision_seat,
    shares,
    titles_in_play,
)
from .schema import CARD_TARGETS
from .state import State

KINDS = {
    "cut": ("cut", "pass"),
    "discard": ("discard",),
    "propose": ("propose",),
    "action": ("play", "use", "involve", "finished"),
    "respond": ("play", "use", "pass"),
    "tiebreak": ("tiebreak",),
    "score": ("extra",),
    "hero": ("hero",),
}
NOW = {
    "cut": ("a player cuts the deck of the player on their left, or passes", "U1"),
    "discard": ("each player in turn discards from hand, then says discard", "initiation"),
    "propose": ("each player in turn proposes an Event face down, or none", "initiation"),
    "action": (
        "the acting player plays a card, uses an ability, involves a Character or finishes",
        "actions",
    ),
    "respond": ("players respond with Moments and abilities, or pass", "respond"),
    "tiebreak": ("the tied contenders each give up an involved card", "tie"),
    "score": ("the winner of an Event says how many extra chronicle tokens to take", "U30"),
    "hero": ("each player in turn keeps a Hero, or none", "hero"),
}


CONDITION_WORDS = {
    "involving": "in response to the involvement of one of your Characters",
    "no_hero": "while you have no Hero in your play field",
    "initiation": "during the initiation, at your discard step",
}


def _card(s: State, text: str) -> int:
    """The instance a text names, or -1 when there is no such card in this game."""
    n = int(text.rpartition("#")[2]) if "#" in text else 0
    return n if 0 < n < len(s.names) and s.names[n] == text else -1


def explain(s: State, a: Action) -> tuple[str, str]:
    if s.result is not None:
        return "The game is over.", "victory"
    if a.kind not in KINDS[s.step]:
        what, rule = NOW[s.step]
        if a.kind == "play" and s.step in ("discard", "propose"):
            return "No card is played from hand in the initiation.", "initiation"
        return f"Not now: {what}.", rule
    q = decision_seat(s)
    cards = [_card(s, t) for t in (a.card, a.other, *a.cards) if t and "#" in t]
    if -1 in cards:
        return "There is no such card in this game.", "zones"
    return _WHY.get(a.kind, _generic)(s, a, q)


def _generic(s: State, a: Action, q: int) -> tuple[str, str]:
    what, rule = NOW[s.step]
    return f"That is not one of the moves allowed now: {what}.", rule


def _discard(s: State, a: Action, q: int) -> tuple[str, str]:
    if a.cards and _card(s, a.cards[0]) not in s.hand[q]:
        return "Discard a card from your own hand.", "initiation"
    return _generic(s, a, q)


def _propose(s: State, a: Action, q: int) -> tuple[str, str]:
    c = _card(s, a.card)
    if c not in s.hand[q]:
        return "Propose an Event from your own hand.", "initiation"
    if s.defs[c].type != "event":
        return f"{s.defs[c].name} is not an Event.", "initiation"
    return _generic(s, a, q)


def _play(s: State, a: Action, q: int) -> tuple[str, str]:
    c = _card(s, a.card)
    d = s.defs[c]
    if c not in s.hand[q]:
        return f"{d.name} is not in your hand.", "actions"
    if d.type == "event":
        return "Events are proposed in the initiation, never played.", "events"
    if s.step == "respond" and d.type != "moment":
        return "Only Moments are played as responses.", "respond"
    if s.step == "respond" and d.kind == "action":
        return "An Action Moment is played as an action, never as a response.", "moments"
    if not affordable(s, q, d):
        return (
            f"{d.name} costs {d.cost_text()}; you have {s.honor[q]} honor and {s.ryo[q]} ryo.",
            "costs",
        )
    if d.unique and d.name in titles_in_play(s):
        return f"A card titled {d.name} is already in play.", "unique"
    t = _card(s, a.other)
    if d.type == "attachment":
        if not a.other:
            return f"Say what {d.name} is attached to: play CARD on HOST.", "attachments"
        if d.kind == "setting":
            return "A Setting is attached to an Event in the Event field.", "attachments"
        return (
            "A Possession or Experience is attached to one of your Characters in play.",
            "attachments",
        )
    if d.type == "moment" and d.condition and not condition_met(s, q, d.condition):
        return f"{d.name} may be played only {CONDITION_WORDS[d.condition]}.", "U23"
    if d.affects:
        if "#" in a.other or not a.other:
            return (f"{d.name} is played on another player: play CARD on pN.", "U26")
        r = int(a.other[1:]) - 1
        if r >= s.n:
            return f"There are {s.n} players.", "zones"
        return f"{d.name} is played on another player, not on yourself.", "U26"
    if a.other and "#" not in a.other:
        return f"{d.name} is not played on a player.", "targets"
    aim = d.aim()
    if aim is None and a.other:
        return f"{d.name} takes no target.", "targets"
    if aim is not None and not a.other:
        return f"{d.name} needs a target: play CARD on TARGET.", "targets"
    if aim is not None and not is_target(s, q, aim, t):
        return f"{s.defs[t].name} is not a legal target for {d.name}.", "targets"
    return _generic(s, a, q)


def _use(s: State, a: Action, q: int) -> tuple[str, str]:
    c = _card(s, a.card)
    d = s.defs[c]
    if c not in controlled(s, q):
        return f"You control no {d.name} in play.", "abilities"
    abilities = abilities_of(s, c)
    if a.index >= len(abilities):
        return f"{d.name} has no ability {a.index + 1}.", "abilities"
    e = abilities[a.index]
    if c in s.cancelled:
        return f"{d.name}'s abilities are cancelled this turn.", "U25"
    if e.strike and c in s.stricken:
        return f"{d.name} is stricken: refresh it first.", "strike"
    if not affordable(s, q, None, e.cost.get("honor", 0), e.cost.get("ryo", 0)):
        return "You cannot pay that ability's cost.", "costs"
    if (e.target in CARD_TARGETS) != bool(a.other):
        return (
            "That ability needs a target."
            if e.target in CARD_TARGETS
            else "That ability takes no target."
        ), "targets"
    return f"{s.defs[_card(s, a.other)].name} is not a legal target.", "targets"


def _involve(s: State, a: Action, q: int) -> tuple[str, str]:
    c, e = _card(s, a.card), _card(s, a.other)
    if s.defs[c].type != "character" or c not in s.field[q]:
        return "Involve a Character from your own play field.", "involve"
    if c in s.stricken:
        return f"{s.defs[c].name} is stricken; only a refreshed Character is involved.", "involve"
    if e not in s.events():
        return f"{s.defs[e].name} is not an Event in the Event field.", "involve"
    if not shares(s, c, e):
        return (
            f"{s.defs[c].name} shares no rating with {s.defs[e].name} "
            f"(a 0 counts, a missing rating does not).",
            "involve",
        )
    return _generic(s, a, q)


def _tiebreak(s: State, a: Action, q: int) -> tuple[str, str]:
    if s.opts.tie_characters:
        return (
            "With the U10 option, give up one of your own Characters involved with the tied Event."
        ), "U10"
    return "Give up one of your own cards involved with the tied Event.", "tie"


def _extra(s: State, a: Action, q: int) -> tuple[str, str]:
    return (
        f"The score effects offer {s.contest.extra} extra chronicle "
        f"token{'s' * (s.contest.extra != 1)}: take 0 to {s.contest.extra}."
    ), "U30"


def _hero(s: State, a: Action, q: int) -> tuple[str, str]:
    return "Keep a Hero from your own play field (or none).", "hero"


_WHY = {
    "discard": _discard,
    "propose": _propose,
    "play": _play,
    "use": _use,
    "involve": _involve,
    "tiebreak": _tiebreak,
    "extra": _extra,
    "hero": _hero,
}
