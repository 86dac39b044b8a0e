"""Sorcerer as an engine `Game`: the contract over rules, views and notation."""

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
)
from shrinetable.engine.statejson import StateCodec

from . import ai as computer
from . import decks, gestures, present, rules, schema, setup, testing
from .actions import Action, parse
from .cards import CARDS, deck_key
from .state import Options, State


def options(keys: tuple[str, ...]) -> tuple[OptionSpec, ...]:
    """The options, the deck options choosing among a card set's decks (`keys`)."""
    return (
        OptionSpec("special", True, "The special properties of the seven spell types"),
        OptionSpec("deck_p1", keys[0], "P1's deck", keys, file="deck"),
        OptionSpec("deck_p2", keys[1], "P2's deck", keys, file="deck"),
        OptionSpec(
            "turned_cannot_defend",
            False,
            "Not in the text: a card turned by its attack cannot defend",
        ),
    )


DECKS = tuple(deck_key(d) for d in CARDS().catalog()[1])  # the shipped and the person's own
PROMPTS = {
    "play": "Play a card from your hand, or pass",
    "attack": "Attack with your unturned cards in play, then pass",
    "defend": "Defend the attackers with your cards in play, then pass",
    "dboost": "Boost one defending card from your hand, or pass",
    "aboost": "Boost one attacking card from your hand, or pass",
}
PER_SEAT = ("deck", "hand", "play", "discard", "removed", "player")
LANES = ("lane1", "lane2")


class SorcererGame(GameBase):
    name = "sorcerer"
    title = "Sorcerer"
    min_seats = 2
    max_seats = 2
    # a pass that is a player's only legal move: the table makes it for them
    auto_pass = ("pass",)
    # a card boosting an attack leaves the hand as played (a report counts it)
    played = ("play", "boost")
    rules = rules  # legal_actions and apply
    parse = staticmethod(parse)  # parse_action
    # a checkpoint keeps what moves change; the cards come from the deal
    state_codec = StateCodec(fixed=("opts", "defs", "names", "owner"))
    ai = staticmethod(computer.choose)
    judge = staticmethod(computer.evaluate)
    think_moves = 900  # the hard computer's playouts (docs/design.md: the figures)
    think_of = staticmethod(computer.worth_weighing)
    position = PositionHook(keys=setup.Keys, build=setup.position)
    testing = testing.HOOKS

    def __init__(self, cards: CardSet = SHIPPED_AND_MINE):
        self.cards, self.catalogue = cards, CARDS(cards)
        self.files = decks.files(self.catalogue)
        self.card_data = self.files.hooks(schema.DATA)
        self.options = options(tuple(deck_key(d) for d in self.catalogue.catalog()[1]))
        self.present = present.SorcererPresentation(self.catalogue)

    def with_cards(self, cards: CardSet) -> SorcererGame:
        return SorcererGame(cards)

    def make_options(self, options: dict[str, Any] | None, seats: int = 2) -> Options:
        o = self.check_options(options)
        return Options(o["special"], (o["deck_p1"], o["deck_p2"]), o["turned_cannot_defend"])

    def deal(self, seed: int, options: dict[str, Any] | None, seats: int) -> State:
        opts = self.make_options(options)
        defs = self.catalogue.definitions()
        piles = (self.files.dealt(opts.decks[0], defs), self.files.dealt(opts.decks[1], defs))
        return rules.deal(seed, opts, piles)

    def decision(self, s: State) -> Decision | None:
        if s.result is not None:
            return None
        return Decision(rules.decision_seat(s), s.stage, PROMPTS[s.stage])

    def gesture(self, s: State, a: Action) -> Gesture:
        """The drag that makes `a`: the position says which lane a card is in."""
        g = a.gesture(rules.decision_seat(s))
        if a.kind == "attack":
            return Gesture(g.cards, g.source, g.target, also=(LANES[len(s.lanes)],))
        if a.kind in ("defend", "boost"):
            lane = next(
                LANES[i]
                for i, ln in enumerate(s.lanes)
                if g.target_card in (s.names[ln.att], s.names[ln.dfn] if ln.dfn >= 0 else "")
            )
            return Gesture(g.cards, g.source, lane, g.target_card)
        return g

    def guess_actions(
        self, seat: int, held: tuple[str, ...], source: str, zone: str, card: str | None
    ) -> list[str]:
        """What a refused drop most likely meant, so the refusal names its rule."""
        return gestures.guess_actions(seat, held, source, zone, card)

    def zones(self, seats: int) -> list[str]:
        return [*LANES, *(f"{z}:{q}" for q in range(seats) for z in PER_SEAT)]

    def _zone_cards(self, s: State) -> dict[str, list[int] | tuple[int, ...]]:
        out: dict[str, Any] = {lane: () for lane in LANES}
        for i, lane in enumerate(s.lanes):
            out[LANES[i]] = lane.cards()
        for q in (0, 1):
            for z in PER_SEAT[:-1]:
                out[f"{z}:{q}"] = getattr(s, z)[q]
            out[f"player:{q}"] = ()
        return out

    def all_cards(self, s: State) -> dict[str, list[str]]:
        """Every zone's cards bottom-to-top, nothing hidden."""
        return {k: [s.names[c] for c in v] for k, v in self._zone_cards(s).items()}

    def view(self, s: State, seat: int | None) -> View:
        """What `seat` may see: its own hand and everything face up; decks and the
        other hand only as counts."""
        zones = {}
        for name, cards in self._zone_cards(s).items():
            kind, _, owner = name.partition(":")
            q = int(owner) if owner else None
            hidden = kind == "deck" or (kind == "hand" and seat != q)
            zones[name] = ZoneView(
                name, q, tuple(None if hidden else s.names[c] for c in cards), name
            )
        info = {
            "mp": list(s.mp),
            "turn": s.turn,
            "turn_no": s.turn_no,
            "stage": "over" if s.result is not None else s.stage,
            "special": s.opts.special,
            "played": s.played,
            "hand_size": [len(h) for h in s.hand],
            "turned": sorted(s.names[c] for c in s.turned),
            "lanes": [self._lane_info(s, ln) for ln in s.lanes],
        }
        return View(seat, 2, zones, self.decision(s), s.result, info)

    @staticmethod
    def _lane_info(s: State, ln) -> dict[str, Any]:
        atk, shd, _ = rules.pair(s, ln)
        return {
            "attacker": s.names[ln.att],
            "defender": s.names[ln.dfn] if ln.dfn >= 0 else None,
            "attack_boosts": [s.names[c] for c in ln.ab],
            "defence_boosts": [s.names[c] for c in ln.db],
            "attack": atk,
            "shield": shd,
            "says": rules.verdict(s, ln),
        }


GAME = SorcererGame()
