"""Shrine as an engine `Game`: the contract over rules, views and notation."""

from __future__ import annotations

from typing import Any

from shrinetable.engine import (
    Decision,
    GameBase,
    OptionSpec,
    PositionHook,
    View,
    ZoneView,
    skip_question,
)
from shrinetable.engine.statejson import StateCodec

from . import ai as computer
from . import present, rules, testing
from .actions import Action, parse
from .cards import NAMES
from .gestures import drop_hint, guess_actions
from .judge import odds
from .state import Options, State

OPTIONS = (
    OptionSpec("balance", False, "Add the joker as the Balance card"),
    OptionSpec(
        "balance_reshuffle",
        False,
        "The Balance card goes back into the Deck after use (longer games)",
        needs="balance",
    ),
    OptionSpec(
        "alternate_healing",
        False,
        "Heal like an attack: same-colour cards adding up to the top card",
    ),
    OptionSpec("alternate_fizzle", False, "Fizzle and counter by discarding three cards"),
)

PROMPTS = {
    "turn": "Draw a card, or take the Graveyard's top card as your action",
    "action": "Heal, attack, play a special card or combo, or pass",
    "counter": "Your action was fizzled: counter it or accept",
}


def _answers(s: State, seat: int) -> str:
    """The answers the public position allows the responder: a Token block
    needs a Token on their Field against an attack, a Dagger block a Dagger
    against a Dagger (their hand is hidden: any two cards may hold one), a
    Fizzle a hand of three. The same words whatever the hand holds, so the
    prompt tells nobody what is in it."""
    act, hand = s.act, len(s.hands[seat])
    out = []
    if act.seat == seat and rules._token_blockable(act) and s.fields[seat]:
        out.append("block with a Token")
    if act.seat == seat and rules._is_dagger(act) and hand >= 2:
        out.append("block with a Dagger")
    if hand >= 3:
        out.append("fizzle")
    out.append("let it through")
    return ", ".join(out[:-1]) + (" or " if len(out) > 1 else "") + out[-1]


class ShrineGame(GameBase):
    name = "shrine"
    title = "Shrine"
    min_seats = 2
    max_seats = 4
    options = OPTIONS
    # a turn's action step where nothing but Pass is legal is passed by the table
    auto_pass = ("pass",)
    rules = rules  # legal_actions and apply
    parse = staticmethod(parse)  # parse_action
    # a checkpoint keeps what moves change; seats and options come from the deal
    state_codec = StateCodec(fixed=("seats", "opts"), cache=("legal",))
    ai = staticmethod(computer.choose)
    judge = staticmethod(odds)
    think_moves = 2800  # the hard computer's playouts (docs/design.md: the figures)
    position = PositionHook(module=f"{__package__}.setup")  # pydantic: when a file is read
    present = present.PRESENT
    testing = testing.HOOKS

    def make_options(self, options: dict[str, Any] | None, seats: int = 2) -> Options:
        """Typed options (the `OptionSpec` names are its fields); ValueError as in
        `check_options`."""
        return Options(**self.check_options(options))

    def deal(self, seed: int, options: dict[str, Any] | None, seats: int) -> State:
        return rules.new_game(seed, self.make_options(options), seats)

    def decision(self, s: State) -> Decision | None:
        if s.stage == "over":
            return None
        seat = rules.decision_seat(s)
        if s.stage == "respond":
            prompt = f"p{s.turn + 1} {present.plain(s.act.text, brief=True)}: {_answers(s, seat)}"
        elif s.stage == "discard":
            n = s.discards[0][1]
            prompt = f"Discard {n} card{'s' if n > 1 else ''}"
        else:
            prompt = PROMPTS[s.stage]
        return Decision(seat, s.stage, prompt)

    def skip_warning(self, s: State, a: Action) -> str:
        """A pass gives up every action left this turn: with a Token still
        playable (from hand, the Dagger as one, or through a Resurrection) the
        table asks first, as every game does before a turn given up."""
        if a.kind != "pass":
            return ""
        tokens = any(
            b.kind in ("token", "daggertoken") or (b.kind == "resurrect" and "token" in b.mode)
            for b in rules.legal_actions(s)
        )
        return skip_question("Pass for this turn", ["play a Token"]) if tokens else ""

    def guess_actions(
        self, seat: int, held: tuple[str, ...], source: str, zone: str, card: str | None
    ) -> list[str]:
        return guess_actions(seat, held, source, zone, card)

    def drop_hint(self, seat: int, held: tuple[str, ...], zone: str) -> str | None:
        return drop_hint(seat, held, zone)

    def zones(self, seats: int) -> list[str]:
        per_seat = [f"{z}:{q}" for q in range(seats) for z in ("shrine", "hand", "field")]
        return ["deck", "graveyard", "removed", "pending", *per_seat]

    def pack(self) -> list[str]:
        """Suit by suit (spades, hearts, diamonds, clubs), ace to king, then the
        joker that the Balance option adds."""
        return list(NAMES)

    def all_cards(self, s: State) -> dict[str, list[str]]:
        """Every zone's cards bottom-to-top, nothing hidden (for tests and scenarios)."""
        out = {"deck": s.deck, "graveyard": s.graveyard, "removed": s.removed, "pending": s.pending}
        for q in range(s.seats):
            out[f"shrine:{q}"] = s.shrines[q]
            out[f"hand:{q}"] = s.hands[q]
            out[f"field:{q}"] = s.fields[q]
        return {k: [NAMES[c] for c in v] for k, v in out.items()}

    def view(self, s: State, seat: int | None) -> View:
        """What `seat` may see: its own hand, every Shrine's top card, Fields,
        the Graveyard and cards being played; counts of everything else."""

        def shown(cards, visible):
            return tuple(NAMES[c] if visible else None for c in cards)

        zones = {
            "deck": ZoneView("deck", None, shown(s.deck, False), "Deck"),
            "graveyard": ZoneView("graveyard", None, shown(s.graveyard, True), "Graveyard"),
            "removed": ZoneView("removed", None, shown(s.removed, True), "Out of the game"),
            "pending": ZoneView("pending", s.turn, shown(s.pending, True), "Being played"),
        }
        for q in range(s.seats):
            sh = s.shrines[q]
            zones[f"shrine:{q}"] = ZoneView(
                f"shrine:{q}",
                q,
                (*shown(sh[:-1], False), *shown(sh[-1:], True)),
                f"p{q + 1} Shrine",
            )
            zones[f"hand:{q}"] = ZoneView(
                f"hand:{q}", q, shown(s.hands[q], seat == q), f"p{q + 1} hand"
            )
            zones[f"field:{q}"] = ZoneView(
                f"field:{q}", q, shown(s.fields[q], True), f"p{q + 1} Field"
            )
        info = {
            "turn": s.turn,
            "turn_no": s.turn_no,
            "stage": s.stage,
            "actions_left": s.actions_left,
            "hand_size": [len(h) for h in s.hands],
            "triad": [s.triad(q) for q in range(s.seats)],
            "capacity": [s.capacity(q) for q in range(s.seats)],
            "alive": list(s.alive),
            "pending": s.act.text if s.act is not None else None,
            "fizzler": s.fizzler if s.fizzler >= 0 else None,
            "options": {o.name: getattr(s.opts, o.name) for o in OPTIONS},
        }
        return View(seat, s.seats, zones, self.decision(s), s.result, info)


GAME = ShrineGame()
