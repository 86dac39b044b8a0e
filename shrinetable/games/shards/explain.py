"""Words for a refusal: why an action is not among the legal ones.

Only called after `legal_actions` has refused the action, so it never decides
legality; it names the first rule the action breaks, with the id of that clause
or ruling in docs/rules/shards.md.
"""

from __future__ import annotations

from .actions import Action
from .cards import CARD_TARGETS
from .effects import active, can_pay, is_developable, target_choices
from .rules import MAX_HAND, PICK_COST, PICKS, decision_seat, may_attack
from .schema import ADVANCED
from .state import State

KINDS = {
    "start": ("begin",),
    "bonus": ("bonus",),
    "main": ("play", "use", "scrap", "trade", "attack", "move", "develop", "research", "end"),
    "declare": ("attack", "charge"),
    "defend": ("block", "hold"),
    "tricks": ("play", "use", "withdraw", "pass"),
    "discard": ("discard",),
    "expend": ("expend",),
}
NOW = {
    "start": ("choose up to three Starting cards, then begin", "starting"),
    "bonus": ("the second player takes an advanced resource or a card", "R7"),
    "main": ("the turn player plays cards and takes basic actions", "phases"),
    "declare": ("the attacker adds attackers against the same territory, then charges", "R10"),
    "defend": ("the defender blocks attackers, then holds", "R11"),
    "tricks": ("players may play fast cards and abilities, or pass", "R16"),
    "discard": ("the turn player discards down to 8", "R24"),
    "expend": ("a player who drew from an empty deck expends a resource", "R23"),
}


def _card(s: State, text: str) -> int:
    """The instance a text names, or -1 when there is no such card in this game."""
    n = int(text.rpartition("#")[2]) if text else 0
    return n if 0 < n < len(s.names) and s.names[n] == text else -1


def explain(s: State, a: Action) -> tuple[str, str]:
    if s.result is not None:
        return "The game is over.", "winning"
    if a.kind not in KINDS[s.stage]:
        what, rule = NOW[s.stage]
        if a.kind in ("play", "use") and s.stage == "defend":
            return (
                "While blocking, the defender only blocks or holds; fast cards and "
                "abilities wait for the tricks step."
            ), "R34"
        if a.kind == "play" and s.stage in ("declare", "defend"):
            return (
                "Cards are played at sorcery speed, or fast ones in a combat's "
                "tricks step once blocks are done."
            ), "R16"
        return f"Not now: {what}.", rule
    q = decision_seat(s)
    cards = [_card(s, t) for t in (a.card, a.other, *a.targets) if t]
    if -1 in cards:
        return "There is no such card in this game.", "zones"
    return _WHY.get(a.kind, _generic)(s, a, q)


def _generic(s: State, a: Action, q: int) -> tuple[str, str]:
    what, rule = NOW[s.stage]
    return f"That is not one of the moves allowed now: {what}.", rule


def _begin(s: State, a: Action, q: int) -> tuple[str, str]:
    cards = [_card(s, t) for t in a.targets]
    if any(c not in s.start[q] for c in cards):
        return "Choose among your five laid-out Starting cards.", "starting"
    if any(s.defs[c].type not in ("unit", "building", "policy") for c in cards):
        return "Only kingdom cards (units, buildings, policies) begin in play.", "R4"
    if len(cards) > PICKS:
        return "At most three Starting cards begin in play.", "starting"
    return f"The chosen Starting cards may cost {PICK_COST} in all, no more.", "starting"


def _play(s: State, a: Action, q: int) -> tuple[str, str]:
    c = _card(s, a.card)
    d = s.defs[c]
    if c not in s.hand[q]:
        return "Play a card from your own hand.", "zones"
    if d.type == "territory":
        return (
            "A territory card is revealed with a building as it is built: drop the building on it."
        ), "territories"
    if s.stage == "tricks" and d.type not in ("tactic", "miracle"):
        return "Only fast cards (Tactics, Miracles) are played during a combat.", "R17"
    if s.stage == "main" and d.type == "tactic":
        return "A Tactic is played only during a combat, after blocks.", "R17"
    if not can_pay(s.pool[q], d.cost):
        return (
            f"{d.name} costs {d.cost_text()}; a basic cost takes basic resources, "
            f"an advanced cost its own type."
        ), "R3"
    if a.other:
        t = _card(s, a.other)
        if d.type != "building":
            return "Only a building founds a territory.", "territories"
        if t not in s.hand[q] or s.defs[t].type != "territory":
            return "Reveal a territory card from your hand to found a territory.", "territories"
        return (
            f"With the R26 option a kingdom holds at most {s.opts.max_territories} territories."
        ), "R26"
    if d.type in ("unit", "building"):
        if a.slot < 0:
            return "Units and buildings are played into one of your territories.", "territories"
        if a.slot >= len(s.slots[q]) or s.slots[q][a.slot] is None:
            return f"You have no territory {a.slot + 1}.", "territories"
    elif a.slot >= 0:
        return (
            f"Only units and buildings are played into a territory; a {d.type} is not."
        ), "territories"
    return _targets(s, q, c, "play", d.cost, 0, a.targets)


def _targets(
    s: State, q: int, c: int, when: str, cost, index: int, named: tuple[str, ...]
) -> tuple[str, str]:
    """Why the targets `named` do not fit the effects of `c` that happen `when`."""
    effects = [e for e in active(s, q, c, when, cost, index) if e.target in CARD_TARGETS]
    if len(named) != len(effects):
        return (
            f"{s.defs[c].name} takes {len(effects) or 'no'} target(s) here, not {len(named)}."
        ), "R27"
    for e, t in zip(effects, named, strict=True):
        if _card(s, t) not in target_choices(s, q, c, e):
            what = e.target.replace("_", " ").replace("own", "your").replace("enemy", "opposing")
            return f"{t} is not a legal target: the effect needs {what} in play.", "R27"
    return "That card needs a legal target for each of its effects.", "R27"


def _use(s: State, a: Action, q: int) -> tuple[str, str]:
    c = _card(s, a.card)
    if s.owner[c] != q or not s.in_play(c):
        return "Use the abilities of your own cards in play.", "zones"
    abilities = s.defs[c].abilities
    if a.index >= len(abilities):
        return f"{s.defs[c].name} has no such ability.", "card-types"
    e = abilities[a.index]
    if s.stage == "tricks" and not e.fast:
        return "Only a fast ability is used during a combat.", "R16"
    if e.exhaust and c in s.exhausted:
        return f"{s.defs[c].name} is exhausted: it readies in your Ready Phase.", "phases"
    if not can_pay(s.pool[q], tuple(e.cost.items())):
        return "You cannot pay the ability's cost.", "R3"
    cost = tuple(e.cost.items())
    if not active(s, q, c, "activate", cost, a.index):
        return f"Its condition ({e.condition.replace('_', ' ')}) does not hold.", "conditions"
    return _targets(s, q, c, "activate", cost, a.index, a.targets)


def _scrap(s: State, a: Action, q: int) -> tuple[str, str]:
    if s.scrapped:
        return "You may Scrap only once a turn.", "scrap"
    for t in (a.card, a.other):
        c = _card(s, t) if t else 0
        if c and (c not in s.hand[q] or not s.defs[c].scrap):
            return "Only cards in your hand with a scrap value can be scrapped.", "scrap"
    if a.card == a.other:
        return "Scrap two different cards, or one.", "scrap"
    if a.targets:
        return f"A Scrap takes up to 2 cards, not {2 + len(a.targets)}.", "scrap"
    return "Scrap one or two cards from your hand.", "scrap"


def _trade(s: State, a: Action, q: int) -> tuple[str, str]:
    if a.word not in ADVANCED:
        return (f"Trade buys an advanced resource ({', '.join(ADVANCED)}), not {a.word}."), "trade"
    return "Trading takes 2 basic resources.", "trade"


def _attack(s: State, a: Action, q: int) -> tuple[str, str]:
    u, b = _card(s, a.card), _card(s, a.other)
    if s.owner[u] != q or s.defs[u].type != "unit" or not s.in_play(u):
        return "Attack with a unit of yours in play.", "attack"
    if s.owner[b] == q or s.defs[b].type != "building" or not s.in_play(b):
        return "Aim the attack at a building in an opposing territory.", "R12"
    if s.combat and s.slot_of(b) != s.combat.slot:
        return "Every attacker of a combat attacks the same territory.", "R10"
    if s.combat and u in s.combat.attackers:
        return "That unit is already attacking.", "R10"
    if s.combat is None and s.slot_of(b) in s.attacked:
        return "Each territory may be attacked at most once a turn.", "attack"
    if u in s.exhausted:
        return "An exhausted unit cannot attack: attacking takes a ready unit.", "R10"
    if not may_attack(s, u):
        return "A unit cannot attack the turn it enters play, unless it has Blitz.", "R9"
    return "That attack is not allowed now.", "R10"


def _move(s: State, a: Action, q: int) -> tuple[str, str]:
    u = _card(s, a.card)
    if s.owner[u] != q or s.defs[u].type != "unit" or not s.in_play(u):
        return "Move a unit of yours in play.", "move"
    if s.opts.move_once and u in s.moved:
        return "With the R18 option a unit moves once a turn.", "R18"
    return "Move it to another territory of yours.", "move"


def _develop(s: State, a: Action, q: int) -> tuple[str, str]:
    c = _card(s, a.card)
    if s.owner[c] != q or not s.in_play(c) or not is_developable(s.defs[c]):
        return "Develop a building of yours, or a card that says it can be developed.", "R25"
    n = 1 + s.counters.get(c, 0)
    return f"Developing it costs {n} basic resources.", "develop"


def _research(s: State, a: Action, q: int) -> tuple[str, str]:
    return "Research must be your first action of the turn.", "R19"


def _block(s: State, a: Action, q: int) -> tuple[str, str]:
    d, att = _card(s, a.card), _card(s, a.other)
    cb = s.combat
    if att not in cb.fighting():
        return "Block one of the attackers.", "R11"
    if s.owner[d] != q or s.defs[d].type != "unit":
        return "Block with a unit of yours.", "R11"
    if d not in (s.slots[q][cb.slot] or []):
        return "Only units in the attacked territory may block.", "R11"
    if d in s.exhausted:
        return "An exhausted unit cannot block.", "R11"
    return "Each attacker is blocked by one unit, and a unit blocks one attacker.", "R11"


def _withdraw(s: State, a: Action, q: int) -> tuple[str, str]:
    return "Only a blocked attacker with Hit and Run withdraws, on its side's priority.", "R14"


def _discard(s: State, a: Action, q: int) -> tuple[str, str]:
    return f"Discard a card from your hand, down to {MAX_HAND}.", "R24"


def _expend(s: State, a: Action, q: int) -> tuple[str, str]:
    return "Expend a resource you have.", "R23"


def _bonus(s: State, a: Action, q: int) -> tuple[str, str]:
    return "Take one advanced resource or one card.", "R7"


_WHY = {
    "begin": _begin,
    "play": _play,
    "use": _use,
    "scrap": _scrap,
    "trade": _trade,
    "attack": _attack,
    "move": _move,
    "develop": _develop,
    "research": _research,
    "block": _block,
    "withdraw": _withdraw,
    "discard": _discard,
    "expend": _expend,
    "bonus": _bonus,
}
