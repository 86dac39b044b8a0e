"""Words for a refusal: why an action is not among the legal ones.

Only called after `legal_actions` has refused the action, so it never decides
legality; it names the first rule the action breaks, with the id of that clause
or ruling in docs/rules/sorcerer.md.
"""

from __future__ import annotations

from .actions import Action
from .cards import CHARMING, ENERGY, FLYING, QUICK, WISHFUL
from .state import State

KINDS = {
    "play": ("play", "sacrifice", "pass"),
    "attack": ("attack", "sacrifice", "pass"),
    "defend": ("defend", "quick", "sacrifice", "pass"),
    "dboost": ("boost", "pass"),
    "aboost": ("boost", "pass"),
}
HINT = {
    "play": ("play a card from your hand, or pass", "play"),
    "attack": ("attack with an unturned card in play, or pass", "attack"),
    "defend": ("the defender blocks attackers, or passes", "defend"),
    "dboost": ("the defender may boost one defending card, or pass", "defence-boost"),
    "aboost": ("the attacker may boost one attacking card, or pass", "attack-boost"),
}


def _card(s: State, text: str) -> int:
    """The instance a text names, or -1 when there is no such card in this game."""
    n = int(text.rpartition("#")[2])
    return n if 0 < n < len(s.names) and s.names[n] == text else -1


def explain(s: State, a: Action) -> tuple[str, str]:
    if s.result is not None:
        return "The game is over.", "winning"
    if not s.opts.special and a.kind in ("quick", "sacrifice"):
        word = "Quick cards" if a.kind == "quick" else "Wishful sacrifices"
        return f"{word} need the special properties, which are off in this game.", "R19"
    if a.kind not in KINDS[s.stage]:
        return _wrong_step(s, a)
    me = 1 - s.turn if s.stage in ("defend", "dboost") else s.turn
    cards = [_card(s, t) for t in (a.card, a.other, *a.boosts) if t]
    if -1 in cards:
        return "There is no such card in this game.", "decision"
    return _WHY[a.kind](s, a, me)


def _wrong_step(s: State, a: Action) -> tuple[str, str]:
    if a.kind == "quick":
        return (
            "A Quick card comes into play out of turn only in your defend step, "
            "while attackers wait."
        ), "R13"
    if a.kind == "sacrifice":
        return (
            "A Wishful card is sacrificed in its owner's play, attack or defend step, not now."
        ), "R14"
    if a.kind == "play" and s.stage != "defend":
        if s.played:
            return "You have already played a card this turn: one a turn.", "R3"
        return "The play step is over: cards are played before attacking.", "play"
    hint, rule = HINT[s.stage]
    return f"Not now: {hint}.", rule


def _why_play(s: State, a: Action, me: int):
    c = _card(s, a.card)
    if a.kind == "quick":
        if s.defs[c].spell != QUICK:
            return f"{s.defs[c].name} is not a Quick card.", "quick"
        if s.quick_used:
            return "You have already played a Quick card this turn: one a turn.", "R13"
    if c not in s.hand[me]:
        return f"{s.defs[c].name} is not in your hand.", "play"
    full = s.in_play(me) >= 2
    if full and not a.other:
        return (
            "You have two cards in play: name the one that goes to the discard pile "
            "(never more than two in play)."
        ), "play"
    if not full and a.other:
        return (
            "With fewer than two cards in play the new card simply joins them; "
            "nothing is discarded."
        ), "R4"
    r = _card(s, a.other)
    if r not in s.play[me]:
        return (
            f"{s.defs[r].name} is not one of your cards in play (a card in combat stays there)."
        ), "play"
    return f"{a.text} is not allowed now.", "decision"


def _why_sacrifice(s: State, a: Action, me: int):
    c = _card(s, a.card)
    if s.defs[c].spell != WISHFUL:
        return f"{s.defs[c].name} is not a Wishful card.", "wishful"
    if c in s.hand[me]:
        return "Wishful cards are sacrificed from play, never from the hand.", "wishful"
    if any(c in (lane.att, lane.dfn) for lane in s.lanes):
        return (
            f"{s.defs[c].name} has attacked or defended this turn: it cannot be sacrificed."
        ), "wishful"
    if s.owner[c] != me:
        if s.stage == "defend":
            return (
                "Only the defender may sacrifice now; you sacrifice in your own play "
                "or attack step."
            ), "R14"
        return "You may only sacrifice your own cards.", "wishful"
    return f"{s.defs[c].name} is not in play.", "wishful"


def _why_attack(s: State, a: Action, me: int):
    c = _card(s, a.card)
    if c in s.turned:
        return (f"{s.defs[c].name} is turned: it unturns at the start of your next turn."), "attack"
    if any(c == lane.att for lane in s.lanes):
        return f"{s.defs[c].name} is already attacking.", "attack"
    return f"Only your own cards in play may attack; {s.defs[c].name} is not one.", "attack"


def _why_defend(s: State, a: Action, me: int):
    y, x = _card(s, a.card), _card(s, a.other)
    lane = next((ln for ln in s.lanes if ln.att == x), None)
    if lane is None:
        return f"{s.defs[x].name} is not attacking.", "defend"
    if any(y == ln.dfn for ln in s.lanes):
        return f"{s.defs[y].name} already defends: a card defends one attacker.", "R7"
    if y not in s.play[me]:
        return (
            f"{s.defs[y].name} is not one of your cards in play (defenders come from play)."
        ), "defend"
    if y in s.turned and s.opts.turned_cannot_defend:
        return (
            f"{s.defs[y].name} is turned (it attacked last turn): with the R6 "
            "option a turned card may not defend."
        ), "R6"
    if lane.dfn >= 0:
        return (
            f"{s.defs[x].name} is already defended by {s.defs[lane.dfn].name}: one "
            "defender per attacker."
        ), "R7"
    if s.defs[x].spell in (ENERGY, FLYING):
        return (
            f"{s.defs[x].name} is {s.defs[x].spell_name.title()}: only an Energy or "
            "Flying card may defend against it."
        ), "energy-flying"
    return f"{a.text} is not allowed now.", "decision"


def _why_boost(s: State, a: Action, me: int):
    t = _card(s, a.card)
    bs = [_card(s, b) for b in a.boosts]
    defending = s.stage == "dboost"
    rule = "defence-boost" if defending else "attack-boost"
    mine = [ln.dfn if defending else ln.att for ln in s.lanes]
    if t not in mine:
        what = "defending" if defending else "attacking"
        return (
            f"{s.defs[t].name} is not one of your {what} cards: boosts go onto one of them."
        ), "R9"
    for b in bs:
        if b not in s.hand[me]:
            return f"{s.defs[b].name} is not in your hand: boosts come from the hand.", rule
    if not s.opts.special and len(bs) > 1:
        return "One boost card only: the special properties are off.", "R19"
    if len(bs) > 3:
        return "At most three boosts, even with Charming cards.", "charming"
    if sum(s.defs[b].spell != CHARMING for b in bs) > 1:
        return (
            "More than one boost needs Charming cards: one boost of any type, and up "
            "to two more that are Charming."
        ), "charming"
    return f"{a.text} is not allowed now.", "decision"


_WHY = {
    "play": _why_play,
    "quick": _why_play,
    "sacrifice": _why_sacrifice,
    "attack": _why_attack,
    "defend": _why_defend,
    "boost": _why_boost,
    "pass": lambda s, a, me: (f"{a.text} is not allowed now.", "decision"),
}
