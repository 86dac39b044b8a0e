"""The Usagi card game as an engine `Game`: the contract over rules, views and notation."""

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
    Standing,
    View,
    ZoneView,
    skip_question,
)
from shrinetable.engine.statejson import StateCodec

from . import ai as computer
from . import decks, gestures, present, rules, schema, setup, stops, testing
from .actions import Action, parse
from .cards import CARDS, deck_key
from .effects import event_ratings, ratings, statics
from .explain import explain
from .state import Options, State

SEATS = 6


def options(keys: tuple[str, ...]) -> tuple[OptionSpec, ...]:
    """The options, the deck options choosing among a card set's decks (`keys`)."""
    return tuple(
        OptionSpec(
            f"deck_p{q + 1}",
            keys[q % len(keys)],
            f"P{q + 1}'s deck",
            keys,
            file="deck",
            seat=q,
        )
        for q in range(SEATS)
    ) + (
        OptionSpec("cut", True, "Offer each deck to the player on its right to cut"),
        OptionSpec(
            "story_blocks",
            False,
            "Not in the text: a player whose Story Event is unresolved proposes no other Event",
        ),
        OptionSpec(
            "tie_characters",
            False,
            "Not in the text: a tie-break discard must be an involved Character",
        ),
    )


DECKS = tuple(deck_key(d) for d in CARDS().catalog()[1])  # the shipped and the person's own
PROMPTS = {
    "cut": "Cut the deck of the player on your left, or pass",
    "discard": "Discard a card, or with no Hero in play several together, or none",
    "propose": "Propose an Event face down, or none",
    "action": "Play a card, use an ability, involve a Character, or finish",
    "respond": "Respond with a Moment or an ability, or pass",
    "tiebreak": "A tie: secretly give up one of your involved cards",
    "score": "Your score effects offer extra chronicle tokens: take how many?",
    "hero": "Choose a Hero to keep for the next turn, or none",
}
KINDS = ("deck", "hand", "field", "rest", "dead", "chronicle", "event", "involved")
SECRET = ("propose", "tiebreak")
# what a seat finishing its turn could still do, by the kind of move left
FINISH_LEFT = (
    ("play", "play a card"),
    ("use", "use an ability"),
    ("involve", "involve a Character"),
)


class UsagiGame(GameBase):
    name = "usagi"
    title = "Usagi Yojimbo CCG"
    min_seats = 2
    max_seats = SEATS
    auto_pass = ("pass",)
    # at four seats the Hero step was asked at 62 of 110 turns, 55 with one Hero
    # (docs/design.md, "Standing answers")
    standing = (Standing("keep_hero", "hero", "Keep my Hero at the turn's end", stops.one_hero),)
    decision_rule = "turn"  # each step goes round the table, one seat at a time
    rules = rules  # legal_actions and apply
    parse = staticmethod(parse)  # parse_action
    explain = staticmethod(explain)
    # a checkpoint keeps what moves change; the cards come from the deal
    state_codec = StateCodec(
        fixed=("opts", "n", "defs", "names", "owner"), cache=("legal", "public", "zones")
    )
    ai = staticmethod(computer.choose)
    judge = staticmethod(computer.evaluate)
    think_moves = 1000  # the hard computer's playouts (docs/design.md: the figures)
    position = PositionHook(keys=setup.Keys, build=setup.position)
    testing = testing.HOOKS

    def __init__(self, cards: CardSet = SHIPPED_AND_MINE):
        self.cards, self.catalogue = cards, CARDS(cards)
        self.files = decks.files(self.catalogue)
        self.card_data = self.files.hooks(schema.DATA)
        self.options = options(tuple(deck_key(d) for d in self.catalogue.catalog()[1]))
        self.present = present.UsagiPresentation(self.catalogue)

    def with_cards(self, cards: CardSet) -> UsagiGame:
        return UsagiGame(cards)

    def make_options(self, options: dict[str, Any] | None, seats: int = SEATS) -> Options:
        o = self.check_options(options)
        return Options(
            tuple(o[f"deck_p{q + 1}"] for q in range(seats)),
            bool(o["cut"]),
            bool(o["story_blocks"]),
            bool(o["tie_characters"]),
        )

    def deal(self, seed: int, options: dict[str, Any] | None, seats: int) -> State:
        opts = self.make_options(options, seats)
        return rules.deal(
            seed, opts, [self.files.dealt(v, self.catalogue.definitions()) for v in opts.decks]
        )

    def decision(self, s: State) -> Decision | None:
        if s.result is not None:
            return None
        step = s.step
        prompt = PROMPTS[step]
        if step == "score":  # an offer that can be refused says why one might
            prompt = f"{prompt} {stops.why_decline(s)}"
        return Decision(rules.decision_seat(s), step, prompt, secret=step in SECRET)

    def observe(self, s: State, seat: int) -> State:
        """The state as the computer at `seat` may know it: the other seats' secret
        proposals and tie-break choices are hidden until the reveal."""
        if s.step not in SECRET or not any(s.proposal[q] for q in range(s.n) if q != seat):
            return s
        o = s.copy()
        o.proposal = [c if q == seat else 0 for q, c in enumerate(s.proposal)]
        return o

    def turn_number(self, s: State) -> int:
        return max(1, s.turn_no)

    def nothing_to_decide(self, s: State) -> Action | None:
        """The move with nothing to decide: the pass, when every response the
        seat may make would come to nothing (`stops.pass_alone`: a boost no
        contest counts); no cut (`stops.no_cut`: a random cut changes nothing);
        every extra token, when taking them cannot end the game against the
        taker (`stops.all_extras`)."""
        return stops.pass_alone(s) or stops.no_cut(s) or stops.all_extras(s)

    def missing_move(self, s: State) -> Action | None:
        """Saves from before the score step (U30): the winner took every extra
        token then."""
        return Action("extra", index=s.contest.extra) if s.step == "score" else None

    def skip_warning(self, s: State, a: Action) -> str:
        """Finishing with a move left, keeping no Hero while one is in play (it is
        swept up with the field, and its Honor with it) and proposing no Event with
        one in hand cannot be taken back: the table asks first."""
        legal = rules.legal_actions(s)
        if a.kind == "finished" and len(legal) > 1:
            kinds = {b.kind for b in legal}
            could = [w for k, w in FINISH_LEFT if k in kinds]
            return skip_question("Finish for this turn", could)
        if a.kind == "hero" and not a.card and len(legal) > 1:
            return (
                "Keep no Hero? Your Heroes are swept up with the field, and what "
                "they produce goes with them."
            )
        if a.kind == "propose" and not a.card and len(legal) > 1:
            return "Propose no Event this turn, with an Event in your hand?"
        return ""

    def gesture(self, s: State, a: Action) -> Gesture:
        """The drag or click that makes `a` (the table side's `gestures` module)."""
        return gestures.gesture(self, s, a)

    def guess_actions(
        self, seat: int, held: tuple[str, ...], source: str, zone: str, card: str | None
    ) -> list[str]:
        """What a refused drop most likely meant, so the refusal names its rule."""
        return gestures.guess_actions(self, seat, held, source, zone, card)

    def zones(self, seats: int) -> list[str]:
        return [f"{k}:{q}" for q in range(seats) for k in KINDS]

    def all_cards(self, s: State) -> dict[str, list[str]]:
        """Every zone's cards bottom-to-top, nothing hidden."""
        return {k: [s.names[c] for c in v] for k, v in s.zone_cards().items()}

    def view(self, s: State, seat: int | None) -> View:
        """What `seat` may see (docs/rules/usagi.md, "Zones and view"): its own hand
        and everything face up; decks, other hands and every dead pile face down
        (U6); another seat's proposal stays, face down, counted in its hand until
        the reveal, while the proposer sees it in its Event zone."""
        shown = self._zone_views(s)
        zones = {}
        for name, (face, back) in shown.items():
            kind, _, owner = name.partition(":")
            hidden = kind in ("deck", "dead") or (kind == "hand" and seat != int(owner))
            zones[name] = back if hidden else face
        own = s.proposal[seat] if seat is not None and s.step == "propose" else 0
        if own:
            hand, ev = f"hand:{seat}", f"event:{seat}"
            zones[hand] = ZoneView(
                hand, seat, tuple(c for c in zones[hand].cards if c != s.names[own]), hand
            )
            zones[ev] = ZoneView(ev, seat, (s.names[own], *zones[ev].cards), ev)
        return View(seat, s.n, zones, self.decision(s), s.result, self.info(s, seat))

    @staticmethod
    def _zone_views(s: State) -> dict[str, tuple[ZoneView, ZoneView]]:
        """Each zone face up and face down (made once per state)."""
        if s.zones is None:
            s.zones = {}
            for name, cs in s.zone_cards().items():
                q = int(name.partition(":")[2])
                s.zones[name] = (
                    ZoneView(name, q, tuple(s.names[c] for c in cs), name),
                    ZoneView(name, q, (None,) * len(cs), name),
                )
        return s.zones

    def info(self, s: State, seat: int | None) -> dict[str, Any]:
        """The view's info: public, the same for every seat (made once per state)."""
        if s.public is None:
            s.public = self._info(s)
        return dict(s.public)

    def _info(self, s: State) -> dict[str, Any]:
        names = s.names
        in_play = [c for c in s.all_characters()] + list(s.attached)
        known = statics(s)
        shown = {names[c]: dict(ratings(s, c, known)) for c in in_play if s.defs[c].ratings}
        shown.update({names[e]: dict(event_ratings(s, e)) for e in s.events()})
        shown_cards = [
            *in_play,
            *s.events(),
            *(c for q in range(s.n) for c in s.field[q]),
            *(c for q in range(s.n) for c in s.common[q]),
            *(e.card for e in s.stack if e.kind == "play"),
        ]
        owner = {names[c]: s.owner[c] for c in shown_cards}
        controller = {names[c]: s.ctrl(c) for c in shown_cards}
        cs = s.contest
        contest = None
        if s.phase == "conclusion" and cs is not None:
            contest = {
                "event": names[cs.event],
                "contenders": list(cs.contenders),
                "extra": cs.extra,
                "totals": [
                    rules.total(s, q, cs.event) if q in cs.contenders else None for q in range(s.n)
                ],
            }
        return {
            "first": s.first,
            "phase": "over" if s.result is not None else s.phase,
            "step": s.step,
            "turn": s.turn,
            "turn_no": s.turn_no,
            "finished": list(s.finished),
            "honor": list(s.honor),
            "ryo": list(s.ryo),
            "pool": s.pool,
            "pool_start": s.pool_start,
            "tokens": list(s.tokens),
            "stricken": sorted(names[c] for c in s.stricken),
            "cancelled": sorted(names[c] for c in s.cancelled),
            "attached": {names[a]: names[h] for a, h in s.attached.items()},
            "owner": owner,
            "controller": controller,
            "ratings": shown,
            "stack": [
                {
                    "card": names[e.card],
                    "by": e.by,
                    "kind": e.kind,
                    "target": names[e.target] if e.target else None,
                }
                for e in s.stack
            ],
            "contest": contest,
            "committed": list(s.committed),
            "heroes": [names[h] if h else None for h in s.hero],
            "deck_size": [len(d) for d in s.deck],
            "hand_size": [len(h) for h in s.hand],
        }


GAME = UsagiGame()
