"""Shards of the Empire as an engine `Game`: the contract over rules, views and notation."""

from __future__ import annotations

from typing import Any

from shrinetable.engine import (
    SHIPPED_AND_MINE,
    CardSet,
    Decision,
    GameBase,
    Gesture,
    OptionSpec,
    PositionHook,
    View,
    ZoneView,
    skip_question,
)
from shrinetable.engine.statejson import StateCodec

from . import ai as computer
from . import decks, gestures, present, rules, schema, setup, testing
from .actions import Action, parse
from .cards import CARDS, deck_key
from .effects import defence, development, health, offence
from .explain import explain
from .state import Options, State


def options(keys: tuple[str, ...]) -> tuple[OptionSpec, ...]:
    """The options, the deck options choosing among a card set's decks (`keys`)."""
    return (
        OptionSpec("deck_p1", keys[0], "P1's deck", keys, file="deck"),
        OptionSpec("deck_p2", keys[1 % len(keys)], "P2's deck", keys, file="deck"),
        OptionSpec(
            "max_territories",
            0,
            "Not in the text: the most territories a kingdom may hold (0: no limit)",
            (0, 1, 2, 3, 4, 5),
        ),
        OptionSpec("move_once", False, "Not in the text: a unit moves once a turn"),
    )


DECKS = tuple(deck_key(d) for d in CARDS().catalog()[1])  # the shipped and the person's own
PROMPTS = {
    "start": "Select up to 3 Starting cards (total cost 3 or less) and drag them into your kingdom",
    "bonus": "You go second: take an advanced resource or an extra card",
    "main": "Play cards, use abilities and take basic actions; End turn when done",
    "declare": "Drag more ready units onto a building of the attacked territory, then Charge",
    "defend": "Block attackers with ready units in the attacked territory, then Hold",
    "tricks": "Play a fast card or ability, or pass (both passing deals the damage)",
    "discard": "Discard down to 8 cards",
    "expend": "You drew from an empty deck: expend one resource",
}
PER_SEAT = ("deck", "hand", "grave", "scrap", "start", "policy", "pool")


def territory_zones(slots: int) -> tuple[str, ...]:
    return tuple(f"terr{i + 1}" for i in range(slots))


def shown_slots(s: State) -> int:
    """The territory zones a view lists: five, or beyond the last founded one a free
    slot to found the next in (the other free slots would only take room)."""
    founded = [i for q in (0, 1) for i, _ in s.territories(q)]
    return min(len(s.slots[0]), max(5, max(founded, default=0) + 2))


class ShardsGame(GameBase):
    name = "shards"
    title = "Shards of the Empire"
    min_seats = 2
    max_seats = 2
    auto_pass = ("hold", "pass")
    decision_rule = "phases"  # only the turn player acts, but when a combat asks
    rules = rules  # legal_actions and apply
    parse = staticmethod(parse)  # parse_action
    explain = staticmethod(explain)
    # a checkpoint keeps what moves change; the cards come from the deal
    state_codec = StateCodec(fixed=("opts", "defs", "names", "owner"), cache=("legal", "memo"))
    ai = staticmethod(computer.choose)
    judge = staticmethod(computer.evaluate)
    think_moves = 460  # the hard computer's playouts (docs/design.md: the figures)
    position = PositionHook(keys=setup.Keys, build=setup.position)
    testing = testing.HOOKS

    def __init__(self, cards: CardSet = SHIPPED_AND_MINE):
        self.cards, self.catalogue = cards, CARDS(cards)
        self.files = decks.files(self.catalogue)
        self.card_data = self.files.hooks(schema.DATA)
        self.options = options(tuple(deck_key(d) for d in self.catalogue.catalog()[1]))
        self.slots = rules.slots(self.catalogue.catalog()[0])  # territory slots a seat
        self.present = present.ShardsPresentation(self.catalogue, self.slots)

    def with_cards(self, cards: CardSet) -> ShardsGame:
        return ShardsGame(cards)

    def make_options(self, options: dict[str, Any] | None, seats: int = 2) -> Options:
        o = self.check_options(options)
        return Options(
            (o["deck_p1"], o["deck_p2"]), int(o["max_territories"]), bool(o["move_once"])
        )

    def deal(self, seed: int, options: dict[str, Any] | None, seats: int) -> State:
        opts = self.make_options(options)
        defs = self.catalogue.definitions()
        piles = (self.files.dealt(opts.decks[0], defs), self.files.dealt(opts.decks[1], defs))
        return rules.deal(seed, opts, piles, self.slots)

    def decision(self, s: State) -> Decision | None:
        if s.result is not None:
            return None
        return Decision(
            rules.decision_seat(s), s.stage, PROMPTS[s.stage], secret=s.stage == "start"
        )

    def observe(self, s: State, seat: int) -> State:
        """The state as the computer at `seat` may know it: the other player's
        Starting choice is hidden until both have chosen (R6)."""
        if s.stage != "start" or not s.picks[1 - seat]:
            return s
        o = s.copy()
        o.picks[1 - seat] = ()
        return o

    def skip_warning(self, s: State, a: Action) -> str:
        """Ending the turn (or researching, which ends it) with a card still
        playable from hand cannot be taken back: the table asks first. So does a
        Starting choice that a legal one with more cards contains (one card
        dragged alone, or none): the cards left out are shuffled away (R5)."""
        if a.kind in ("end", "research") and any(b.kind == "play" for b in rules.legal_actions(s)):
            return skip_question("End the turn", ["play a card"])
        if a.kind == "begin":
            return self._begin_warning(s, a)
        return ""

    @staticmethod
    def _begin_warning(s: State, a: Action) -> str:
        chosen = set(a.targets)
        more = {
            t
            for b in rules.legal_actions(s)
            if b.kind == "begin" and chosen < set(b.targets)
            for t in b.targets
            if t not in chosen
        }
        if not more:
            return ""
        names = sorted(s.defs[rules.card(s, t)].name for t in more)
        words = " and ".join(s.defs[rules.card(s, t)].name for t in a.targets)
        move = f"Begin with only {words}" if words else "Begin with no Starting card"
        names[0] = f"add {names[0]}"  # skip_question's "add A, B or C (how)"
        names[-1] += " (click cards to select them, then drag them together)"
        return skip_question(move, names)

    def gesture(self, s: State, a: Action) -> Gesture:
        """The drag or click that makes `a` for the deciding seat."""
        q = rules.decision_seat(s)
        hand = f"hand:{q}"
        k = a.kind
        if k == "begin":  # the chosen cards, selected together, onto the kingdom
            return (
                Gesture(a.targets, f"start:{q}", "terr1:" + str(q), also=(f"policy:{q}",))
                if a.targets
                else Gesture()
            )
        if k == "play":
            d = s.defs[rules.card(s, a.card)]
            aim = a.targets[0] if a.targets else None
            if a.other:  # found a territory: drop on the territory card, or the free slot
                free = rules.terr(s.slots[q].index(None), q)
                return Gesture((a.card,), hand, free, a.other, also=(hand,))
            if d.type in ("unit", "building"):  # its target may lie elsewhere (a policy)
                slot = rules.terr(a.slot, q)
                there = self._zone_of(s, aim) if aim else slot
                return Gesture((a.card,), hand, slot, aim, also=(there,) if there != slot else ())
            if d.type == "policy":
                return Gesture((a.card,), hand, f"policy:{q}", aim)
            if aim:
                return Gesture((a.card,), hand, self._zone_of(s, aim), aim)
            return Gesture((a.card,), hand, f"pool:{q}")
        if k == "use":
            c = rules.card(s, a.card)
            if a.targets:
                return Gesture(
                    (a.card,),
                    self._zone_of(s, a.card),
                    self._zone_of(s, a.targets[0]),
                    a.targets[0],
                )
            if len(s.defs[c].abilities) > 1:
                return Gesture()  # a button names which ability
            return Gesture((a.card,), self._zone_of(s, a.card))
        if k == "scrap":
            return Gesture(tuple(x for x in (a.card, a.other) if x), hand, f"scrap:{q}")
        if k == "move":
            return Gesture((a.card,), self._zone_of(s, a.card), rules.terr(a.slot, q))
        if k == "develop":
            return Gesture((a.card,), self._zone_of(s, a.card))
        if k == "attack":
            return Gesture((a.card,), self._zone_of(s, a.card), self._zone_of(s, a.other), a.other)
        if k == "block":
            return Gesture((a.card,), self._zone_of(s, a.card), self._zone_of(s, a.other), a.other)
        if k == "withdraw":
            return Gesture((a.card,), self._zone_of(s, a.card))
        if k == "discard":
            return Gesture((a.card,), hand, f"grave:{q}")
        return Gesture()

    @staticmethod
    def _zone_of(s: State, text: str) -> str:
        c = rules.card(s, text)
        q = s.owner[c]
        if c in s.policies[q]:
            return f"policy:{q}"
        return rules.terr(s.slot_of(c), q)

    def guess_actions(
        self, seat: int, held: tuple[str, ...], source: str, zone: str, card: str | None
    ) -> list[str]:
        """What a refused drop most likely meant, so the refusal names its rule."""
        return gestures.guess_actions(seat, held, source, zone, card)

    def zones(self, seats: int) -> list[str]:
        per = (*PER_SEAT, *territory_zones(self.slots))
        return [f"{z}:{q}" for q in range(seats) for z in per]

    def _zone_cards(self, s: State) -> dict[str, Any]:
        out: dict[str, Any] = {}
        for q in (0, 1):
            out[f"deck:{q}"] = s.deck[q]
            out[f"hand:{q}"] = s.hand[q]
            out[f"grave:{q}"] = s.grave[q]
            out[f"scrap:{q}"] = s.scrap[q]
            out[f"start:{q}"] = s.start[q]
            out[f"policy:{q}"] = s.policies[q]
            out[f"pool:{q}"] = ()
            for i, z in enumerate(territory_zones(len(s.slots[q]))):
                t = s.slots[q][i] if i < len(s.slots[q]) else None
                out[f"{z}:{q}"] = [c for c in t if c] if t else []
        return out

    def all_cards(self, s: State) -> dict[str, list[str]]:
        """Every zone's cards bottom-to-top, nothing hidden."""
        return {k: [s.names[c] for c in v] for k, v in self._zone_cards(s).items()}

    def view(self, s: State, seat: int | None) -> View:
        """What `seat` may see: its own hand and everything face up; decks and the
        other hand as counts; the other player's Starting choice only once both
        have chosen (R6)."""
        zones = {}
        hide = set(territory_zones(len(s.slots[0]))[shown_slots(s) :])
        for name, cards in self._zone_cards(s).items():
            kind, _, owner = name.partition(":")
            if kind in hide:
                continue
            q = int(owner)
            hidden = kind == "deck" or (kind == "hand" and seat != q)
            zones[name] = ZoneView(
                name, q, tuple(None if hidden else s.names[c] for c in cards), name
            )
        cb = s.combat
        cards_in_play = [c for q in (0, 1) for c in s.kingdom(q)]
        info = {
            "pool": [dict(s.pool[0]), dict(s.pool[1])],
            "turn": s.turn,
            "turn_no": s.turn_no,
            "first": s.first,
            "stage": "over" if s.result is not None else s.stage,
            "picks": [
                sorted(s.names[c] for c in s.picks[q]) if q == seat else None for q in (0, 1)
            ],
            "committed": list(s.committed),
            "counters": {s.names[c]: n for c, n in s.counters.items()},
            "damage": {s.names[c]: n for c, n in s.damage.items()},
            "exhausted": sorted(s.names[c] for c in s.exhausted),
            "new": sorted(
                s.names[c]
                for c in cards_in_play
                if s.defs[c].type == "unit" and not rules.may_attack(s, c) and c not in s.exhausted
            ),
            "figures": {s.names[c]: list(self._figures(s, c)) for c in cards_in_play},
            "development": [development(s, 0), development(s, 1)],
            "attacked": sorted(s.attacked),
            "founded": [[i for i, _ in s.territories(q)] for q in (0, 1)],
            "territory_cards": [
                {str(i + 1): s.names[t[0]] if t[0] else "" for i, t in s.territories(q)}
                for q in (0, 1)
            ],
            "buildings": [len(s.of_type(q, "building")) for q in (0, 1)],
            "deck_size": [len(s.deck[0]), len(s.deck[1])],
            "hand_size": [len(s.hand[0]), len(s.hand[1])],
            "combat": None
            if cb is None
            else {
                "defender": cb.defender,
                "territory": cb.slot + 1,
                "attackers": [s.names[a] for a in cb.attackers],
                "aims": [s.names[b] for b in cb.aims],
                "blocks": {s.names[a]: s.names[d] for a, d in cb.blocks},
                "withdrawn": [s.names[a] for a in cb.withdrawn],
                "priority": cb.priority,
            },
        }
        return View(seat, 2, zones, self.decision(s), s.result, info)

    @staticmethod
    def _figures(s: State, c: int) -> tuple[int, ...]:
        """Now: (offence, health) of a unit, (defence,) of a building."""
        d = s.defs[c]
        if d.type == "unit":
            return (offence(s, c), health(s, c))
        if d.type == "building":
            return (defence(s, c),)
        return ()


GAME = ShardsGame()
