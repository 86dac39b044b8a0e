"""Shrines as an engine `Game`: the contract over rules, views and notation."""

from __future__ import annotations

from dataclasses import replace
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
from . import decks, faces, gestures, present, rules, schema, setup, testing
from .actions import Action, parse
from .cards import PATHS, deck_key, site_name, starter
from .region import area_sites
from .state import Options, State

DECKS = tuple(deck_key(d) for d in starter()[1])  # the shipped and the person's own
MODES = ("standard", "rush", "king", "imperial", "conquest")


def options(keys: tuple[str, ...]) -> tuple[OptionSpec, ...]:
    """The options, the deck options choosing among a card set's decks (`keys`)."""
    return (
        OptionSpec("deck_p1", "blue", "P1's deck", keys, file="deck", seat=0),
        OptionSpec("deck_p2", "red", "P2's deck", keys, file="deck", seat=1),
        OptionSpec("mode", "standard", "Standard, or an alternative mode of the rules text", MODES),
        OptionSpec(
            "swap_same_library",
            False,
            "Swap puts a card under the library it came "
            "from, not under the Secondary Library as the text says",
            (False, True),
        ),
    )


PROMPTS = {
    "mulligan": "Mulligan a card or keep your hand",
    "main": "Play, tap, declare, or pass the act (next)",
    "respond": "Respond at burst speed, or pass",
    "block": "Declare blockers, then pass",
    "block-answer": "The defender acted while blocking: respond at burst speed, or pass",
    "damage": "Blocks are done: respond at burst speed, or pass to deal the damage",
    "damage-answer": "Respond at burst speed, or pass",
    "draw": "Draw a card: choose a library",
    "swap": "Swap: keep the card on top or put it under the Secondary Library",
    "swap-primary": "Swap: keep the card on top or put it under the Primary Library",
    "sacrifice": "The site is over its limit: sacrifice a permanent",
    "assign": "Assign the attacker's damage among its blockers, closest first",
    "stats": "Mounted: choose the creature whose strength and resilience the pair keeps",
}
PER_SEAT = (
    "primary",
    "secondary",
    "hand",
    "graveyard",
    "banished",
    "shrine",
    "sources",
    "idols",
    "traps",
)


class ShrinesGame(GameBase):
    name = "shrines"
    title = "Shrines"
    min_seats = 2
    max_seats = 2
    # a priority pass that is a player's only legal move: the table makes it for them
    auto_pass = ("pass",)
    # cards that leave a hand as a unit, a source, a trap or a spell (a report counts them played)
    played = ("play", "source", "trap", "cast")
    rules = rules  # legal_actions and apply
    parse = staticmethod(parse)  # parse_action
    # a checkpoint keeps what moves change; tokens made in play add to the deal's cards
    state_codec = StateCodec(
        fixed=("opts",),
        grows=("defs", "owner"),
        cache=("legal", "cover", "owned", "facts", "before"),
    )
    ai = staticmethod(computer.choose)
    judge = staticmethod(computer.evaluate)
    hard_ai = staticmethod(computer.choose_hard)  # casts what normal never does
    think_moves = 2000  # the hard computer's playouts (docs/design.md: the figures)
    think_of = staticmethod(computer.worth_weighing)
    position = PositionHook(keys=setup.Keys, build=setup.position)
    testing = testing.HOOKS

    def __init__(self, cards: CardSet = SHIPPED_AND_MINE):
        self.cards = cards
        self.card_data = decks.files(lambda: starter(cards)).hooks(schema.DATA)
        self.options = options(tuple(deck_key(d) for d in starter(cards)[1]))
        self.present = present.ShrinesPresentation(cards)

    def with_cards(self, cards: CardSet) -> ShrinesGame:
        return ShrinesGame(cards)

    def make_options(self, options: dict[str, Any] | None, seats: int = 2) -> Options:
        """Typed options; ValueError as in `check_options`."""
        o = self.check_options(options)
        return Options((o["deck_p1"], o["deck_p2"]), o["mode"], o["swap_same_library"])

    def deal(self, seed: int, options: dict[str, Any] | None, seats: int) -> State:
        return rules.new_game(seed, self.make_options(options), self.cards)

    def decision(self, s: State) -> Decision | None:
        if s.result is not None:
            return None
        kind = s.queue[0][0] if s.queue else s.stage
        if kind == "swap" and s.opts.swap_same_library and s.queue[0][2] == "primary":
            kind = "swap-primary"  # R14's old reading: its bottom is the Primary Library's
        return Decision(rules.decision_seat(s), kind, PROMPTS[kind])

    def idle(self, s: State) -> bool:
        """Only taps for mana that would pay for nothing, besides the pass."""
        return rules.idle_priority(s)

    def nothing_to_decide(self, s: State) -> Action | None:
        """A pass with nothing to answer with (`idle`), or the next act when
        nothing is to be done in this one (`rules.idle_act`)."""
        if rules.idle_priority(s):
            return rules.PASS
        return rules.NEXT if rules.idle_act(s) else None

    def skip_warning(self, s: State, a: Action) -> str:
        """Passing the final act (the end of the turn) with a card still playable
        from hand cannot be taken back: the table asks first."""
        if (
            a.kind == "next"
            and s.act == "final"
            and not s.queue
            and any(b.kind in ("play", "source", "cast") for b in rules.legal_actions(s))
        ):
            return skip_question("End the turn", ["play a card"])
        return ""

    def gesture(self, s: State, a: Action) -> Gesture:
        """The drag or click that makes `a` for the seat deciding now. A move
        that names its payment is `preferred` when it is the proposal (R7: the
        first of its payments in the legal actions), which the table offers
        first; the proposals of the last legal list asked about (cached on its
        state) are kept, as the table asks for every legal move of a state in a row."""

        g = gestures.gesture(s, a, rules.decision_seat(s))
        if not a.pay:
            return g
        legal = rules.legal_actions(s)
        last = getattr(self, "_proposals", None)
        if last is None or last[0] is not legal:
            last = self._proposals = (legal, set(rules.proposed(legal)))
        return replace(g, preferred=True) if a in last[1] else g

    def card_face(self, name: str) -> dict:
        """The printed face of a card (`id#n` or `id`); KeyError when unknown."""
        return faces.card_face(name, self.cards)

    def guess_actions(
        self, seat: int, held: tuple[str, ...], source: str, zone: str, card: str | None
    ) -> list[str]:
        kind = self.card_face(held[0])["type"] if len(held) == 1 else ""
        return gestures.guess_actions(seat, held, source, zone, card, kind)

    def zones(self, seats: int) -> list[str]:
        return (
            [f"site:{site_name(i)}" for i in range(15)]
            + ["areas"]
            + [f"{z}:{q}" for q in range(seats) for z in (*PER_SEAT, "player")]
        )

    def _zone_cards(self, s: State) -> dict[str, list[int]]:
        out = {f"site:{site_name(i)}": s.sites[i] for i in range(15)}
        out["areas"] = s.areas
        for q in (0, 1):
            for z in PER_SEAT:
                out[f"{z}:{q}"] = getattr(s, {"hand": "hands"}.get(z, z))[q]
            out[f"player:{q}"] = []
        return out

    def all_cards(self, s: State) -> dict[str, list[str]]:
        """Every zone's cards bottom-to-top, nothing hidden; tokens are on their sites."""
        return {k: [s.name(c) for c in v] for k, v in self._zone_cards(s).items()}

    def view(self, s: State, seat: int | None) -> View:
        """What `seat` may see: its own hand and traps, every public zone, the cards
        it is placing in a Swap, and counts of libraries and the opponent's hand."""
        zones = {}
        shown = rules.looking_at(s, seat)
        for name, cards in self._zone_cards(s).items():
            kind, _, owner = name.partition(":")
            q = int(owner) if owner.isdigit() else None
            hidden = kind in ("primary", "secondary") or (kind in ("hand", "traps") and seat != q)
            zones[name] = ZoneView(
                name,
                q,
                tuple(None if hidden and c not in shown else s.name(c) for c in cards),
                name,
            )
        info = {
            "turn": s.turn,
            "turn_no": s.turn_no,
            "act": s.act,
            "stage": s.stage,
            "life": list(s.life),
            "points": list(s.points),
            "mode": s.opts.mode,
            "hand_size": [len(h) for h in s.hands],
            "marks": list(s.marks),
            "pool": [list(x) for x in s.pool],
            "tapped": sorted(s.name(c) for c in s.tapped),
            "tokens": {
                site_name(i): [s.name(c) for c in s.sites[i] if s.defs[c].token] for i in range(15)
            },
            "cards": {s.name(c): faces.permanent_info(s, c) for c in sorted(s.perms)},
            "priority": rules.priority_seat(s),
            "declared": self._declared(s),
            "areas": {s.name(a): self._where(*s.area_at[a]) for a in s.areas},
            "covers": self._covers(s),
        }
        return View(seat, 2, zones, self.decision(s), s.result, info)

    @staticmethod
    def _where(kind: str, index: int) -> str:
        """Where an area lies, in the words the Region's labels use."""
        if kind == "site":
            return f"site {site_name(index)}"
        return f"row {index + 1}" if kind == "row" else f"pathway {PATHS[index]}"

    @staticmethod
    def _covers(s: State) -> dict[str, list[str]]:
        """Per site, what lies over it besides its permanents: the terrain and
        weather covering it (oldest first), then `trap` per face-down trap (a
        trap's site is public, its card is not)."""
        out: dict[str, list[str]] = {}
        for a in s.areas:
            for i in sorted(area_sites(*s.area_at[a])):
                out.setdefault(f"site:{site_name(i)}", []).append(s.name(a))
        for q in (0, 1):
            for t in s.traps[q]:
                out.setdefault(f"site:{site_name(s.trap_site[t])}", []).append("trap")
        return out

    @staticmethod
    def _declared(s: State) -> list[tuple[str, str, str]]:
        """Travels, attacks and blocks declared and waiting for the act to end, as
        (kind, card, target) with a zone (`site:b2`, `player:1`) or a card as target."""
        out = [
            ("travel", s.name(c), f"site:{site_name(rules.travel_goal(s, c, n))}")
            for c, n in s.travels
        ]
        out += [
            ("attack", s.name(c), s.name(t) if t >= 0 else f"player:{-1 - t}") for c, t in s.attacks
        ]
        out += [("block", s.name(b), s.name(a)) for b, a in s.blocks]
        return out


GAME = ShrinesGame()
