"""Words for a refusal: why an action is not among the legal ones.

Only called after `legal_actions` has already refused the action, so it
never decides legality; it names the first rule the action breaks, with the
id of that clause or ruling in docs/rules/shrine.md.
"""

from __future__ import annotations

from .actions import Action
from .cards import ACE, JACK, KING, NAMES, QUEEN, RANK, RED, colour, is_sequence
from .state import State

STAGE_KINDS = {
    "turn": ("draw", "take"),
    "action": (
        "pass",
        "heal",
        "attack",
        "token",
        "dagger",
        "daggertoken",
        "jack",
        "triplet",
        "quad",
        "resurrect",
    ),
    "respond": ("allow", "block", "dblock", "fizzle"),
    "counter": ("accept", "counter"),
    "discard": ("discard",),
}
STAGE_HINT = {
    "turn": "first draw a card from the Deck, or take the Graveyard's top card",
    "action": "take one action (heal, attack, play a special card or combo) or pass",
    "respond": "block, fizzle, or let the action through ('allow')",
    "counter": "counter the Fizzle or accept it",
    "discard": "discard a card",
}


def explain(s: State, a: Action) -> tuple[str, str]:
    if s.stage == "over":
        return "The game is over.", "winning"
    if a.kind not in STAGE_KINDS[s.stage]:
        ruling = "turn" if s.stage in ("turn", "action") else "decision"
        return f"Not now: {STAGE_HINT[s.stage]}.", ruling
    seat = {
        "respond": s.responders[0] if s.responders else s.turn,
        "discard": s.discards[0][0] if s.discards else s.turn,
    }.get(s.stage, s.turn)
    hand = s.hands[seat]
    for c in (*a.cards, *a.extra, *((a.pay,) if a.pay >= 0 else ())):
        if a.kind != "block" and c not in hand:
            return f"{NAMES[c]} is not in your hand.", "decision"
    if len(set(a.cards + a.extra + (a.pay,))) < len(a.cards) + len(a.extra) + 1:
        return "The same card cannot be used twice in one action.", "decision"
    if a.seat >= 0 and (a.seat >= s.seats or a.seat == seat or not s.alive[a.seat]):
        return "Choose an opponent who is still in the game.", "R10"
    why = _WHY.get(a.kind)
    if why is not None:
        found = why(s, a, seat)
        if found:
            return found
    return f"{a.text} is not allowed now.", "decision"


def _why_take(s, a, me):
    return "The Graveyard is empty.", "graveyard-take"


def _why_heal(s: State, a: Action, me: int):
    shrine = s.shrines[me]
    top = shrine[-1]
    if RANK[top] == ACE:
        return (
            "A Dagger lies on top of your Shrine: nothing can be added until an opponent "
            "removes it."
        ), "dagger-top"
    if len(shrine) >= s.capacity(me):
        return f"Your Shrine is full ({s.capacity(me)} cards).", "shrine-capacity"
    v = RANK[top]
    reach = 1 if s.has_kind(me, QUEEN) and not s.queen_used else 0
    within = f"{v}" if not reach else f"{v - 1} to {v + 1} (Queen)"
    rule = "queen" if reach else ("R25" if s.has_kind(me, QUEEN) else "heal")
    if s.opts.alternate_healing:
        if any(RED[c] != RED[top] for c in a.cards):
            return (
                f"Alternate Healing uses cards of the top card's colour ({colour(top)})."
            ), "alternate-healing"
        total = sum(RANK[c] for c in a.cards)
        return f"The cards must add up to {within}; they make {total}.", "alternate-healing"
    if len(a.cards) != 2 or RANK[a.cards[0]] != RANK[a.cards[1]]:
        return "Healing takes a pair: two cards of the same value.", "heal"
    if abs(RANK[a.cards[0]] - v) > reach:
        return f"The pair must be worth {within} to match {NAMES[top]}.", rule
    return (f"At least one card of the pair must be {colour(top)} like {NAMES[top]}.", "heal")


def _why_attack(s: State, a: Action, me: int, cards=None):
    cards = a.cards if cards is None else cards
    top = s.shrines[a.seat][-1]
    if RANK[top] == ACE:
        return (
            f"{NAMES[top]} is a Dagger on top of the Shrine: only a Dagger or a pair of "
            f"equal value removes it."
        ), "dagger-top"
    bad = [NAMES[c] for c in cards if RED[c] == RED[top]]
    if bad:
        return (
            f"Attacking cards must be the opposite colour of {NAMES[top]}: "
            f"{' '.join(bad)} {'is' if len(bad) == 1 else 'are'} {colour(top)}."
        ), "attack"
    v = RANK[top]
    total = sum(RANK[c] for c in cards)
    if s.has_kind(me, KING) and not s.king_used:
        return (
            f"With the King the cards must add up to {v - 1}, {v} or {v + 1}; they make {total}."
        ), "king"
    if s.has_kind(me, KING):
        return (
            f"The King's reach is spent this turn: the cards must add up to exactly {v}; "
            f"they make {total}."
        ), "R25"
    return (
        f"The cards must add up to exactly {v} to remove {NAMES[top]}; they make {total}."
    ), "attack"


def _why_token(s: State, a: Action, me: int):
    t = a.cards[0]
    if a.kind == "token" and RANK[t] < JACK:
        return f"{NAMES[t]} is not a Token card (Jack, Queen or King).", "token-limit"
    if a.kind == "daggertoken":
        if RANK[t] != ACE:
            return f"{NAMES[t]} is not a Dagger (Ace).", "dagger-token"
        if not s.triad(me):
            return "The Dagger can be a Token only while you have a Triad.", "triad"
    if s.has_kind(me, RANK[t]):
        return "You already have a Token of that kind in play.", "token-limit"
    if len(s.fields[me]) >= s.token_limit(me):
        return f"You may have at most {s.token_limit(me)} Tokens in play.", "token-limit"
    return _why_pay(a)


def _why_pay(a: Action):
    c = a.cards[0]
    if RED[a.pay] != RED[c]:
        return (
            f"Pay for {NAMES[c]} with a {colour(c)} card; {NAMES[a.pay]} is {colour(a.pay)}."
        ), "special-pay"
    return None


def _why_dagger(s: State, a: Action, me: int):
    if RANK[a.cards[0]] != ACE:
        return f"{NAMES[a.cards[0]]} is not a Dagger (Ace).", "dagger"
    if a.victim >= 0 and a.victim not in s.fields[a.seat]:
        return f"{NAMES[a.victim]} is not a Token on p{a.seat + 1}'s Field.", "dagger"
    return _why_pay(a)


def _why_jack(s: State, a: Action, me: int):
    if not s.has_kind(me, JACK):
        return "You need a Jack in play to take a card.", "jack"
    if s.jack_used:
        return "The Jack can be used once a turn.", "R7"
    return "The Jack can only take from a hand of two or more cards.", "jack"


def _why_combo(s: State, a: Action, me: int):
    n = 3 if a.kind == "triplet" else 4
    if len(a.cards) != n or len({RANK[c] for c in a.cards}) != 1:
        return f"A {a.kind.title()} is {n} cards of the same value.", a.kind
    if a.kind == "triplet":
        return f"p{a.seat + 1} has no Tokens in play to remove.", "R19"
    return None


def _why_resurrect(s: State, a: Action, me: int):
    if not s.graveyard:
        return "The Graveyard is empty: there is nothing to resurrect.", "resurrection"
    if len(a.cards) != 3 or not is_sequence(tuple(RANK[c] for c in a.cards)):
        return "A Resurrection is three cards in sequence (K-A-2 counts).", "resurrection"
    g = s.graveyard[-1]
    m = a.mode
    if m == "heal":
        return _why_heal_room(s, me)
    if m == "attack":
        if RANK[s.shrines[a.seat][-1]] == ACE:
            return (
                "The Dagger on that Shrine needs a pair of equal value, the Graveyard card "
                "among them."
            ), "dagger-top"
        return _why_attack(s, a, me, (g, *a.extra))
    if m in ("dagger", "daggertoken") and RANK[g] != ACE:
        return f"The Graveyard's top card {NAMES[g]} is not a Dagger.", "resurrection"
    if m == "token" and RANK[g] < JACK:
        return f"The Graveyard's top card {NAMES[g]} is not a Token.", "resurrection"
    if m == "daggertoken" and not s.triad(me):
        return "The Dagger can be a Token only while you have a Triad.", "triad"
    if m in ("token", "daggertoken"):
        return "You already have a Token of that kind, or no room for another.", "token-limit"
    if m == "dagger" and a.victim >= 0:
        return f"{NAMES[a.victim]} is not a Token on p{a.seat + 1}'s Field.", "dagger"
    return None


def _why_heal_room(s: State, me: int):
    if RANK[s.shrines[me][-1]] == ACE:
        return "A Dagger lies on top of your Shrine: nothing can be added.", "dagger-top"
    return f"Your Shrine is full ({s.capacity(me)} cards).", "shrine-capacity"


def _why_block(s: State, a: Action, me: int):
    act = s.act
    if act is not None and (act.kind == "dagger" or act.mode == "dagger"):
        return "A Token cannot block a Dagger; only a Dagger block or a Fizzle can.", "token-block"
    if act is None or act.seat != me:
        return "Only the player being attacked may block.", "R10"
    if a.cards[0] not in s.fields[me]:
        return f"{NAMES[a.cards[0]]} is not a Token on your Field.", "token-block"
    return "Only an attack on your Shrine can be blocked with a Token.", "token-block"


def _why_dblock(s: State, a: Action, me: int):
    act = s.act
    if act is None or not (act.kind == "dagger" or act.mode == "dagger"):
        return "A Dagger block answers a Dagger, and this is not one.", "dagger-block"
    if act.seat != me:
        return "Only the player the Dagger targets may block it.", "R10"
    if RANK[a.cards[0]] != ACE:
        return f"{NAMES[a.cards[0]]} is not a Dagger (Ace).", "dagger-block"
    return _why_pay(a)


def _why_fizzle(s: State, a: Action, me: int):
    rule = "fizzle" if a.kind == "fizzle" else "counter-fizzle"
    if len(s.hands[me]) < 3:
        return "You need at least three cards in hand to do that.", rule
    if s.opts.alternate_fizzle and len(a.cards) != 3:
        return "Alternate Fizzle: name the three cards you discard.", "alternate-fizzle"
    if not s.opts.alternate_fizzle and a.cards:
        return "A Fizzle discards your whole hand: name no cards.", rule
    return None


_WHY = {
    "take": _why_take,
    "heal": _why_heal,
    "attack": _why_attack,
    "token": _why_token,
    "daggertoken": _why_token,
    "dagger": _why_dagger,
    "jack": _why_jack,
    "triplet": _why_combo,
    "quad": _why_combo,
    "resurrect": _why_resurrect,
    "block": _why_block,
    "dblock": _why_dblock,
    "fizzle": _why_fizzle,
    "counter": _why_fizzle,
}
