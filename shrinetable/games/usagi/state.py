"""The Usagi card game's state: per-seat lists of card ints (piles bottom-to-top,
the last item the top card), who is involved with which Event, attachments by
host, currencies and chronicle tokens, the turn's phase and step, the response
stack; cheap to copy.

Where a card is: in a pile (`deck`, `hand`, `rest`, `dead`, `chronicle`); in a
play field (`field[q]`: q's Characters and the Held Moments affecting q); the
Events a seat proposed (`event[q]`: a Story Event held over from an earlier turn,
then this turn's proposal) with the Held Moments that affect
every player (`common[q]`, by the seat that played them); attached (`attached`:
attachment -> host, a Character or an Event); involved (`involved`: Character ->
Event, in the order they were involved); or on the response stack (`stack`: the
card being played, in front of its controller). A secret proposal stays in its
hand until the reveal (`proposal[q]`).

Who owns a card (`owner`, from the deal) and who controls it (`ctrl`) differ only
after an effect hands a Character over (`control`: card -> seat, its Attachments
taken with it): a Character lies in its controller's field and counts for its
controller; it still goes to its owner's piles when it leaves play.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass

from shrinetable.engine import InstanceState, Outcome

from .schema import Effect

_new = object.__new__


@dataclass(frozen=True, slots=True)
class Entry:
    """One declared action or response on the stack: `kind` play/use/involve,
    the card (played, used, or involved), who declared it, its target (a card,
    or the Event for an involvement; 0 for none) and which ability (`index`,
    and the ability itself, `effect`)."""

    kind: str
    card: int
    by: int
    target: int = 0
    index: int = 0
    effect: Effect | None = None  # the ability used (it may be one an Attachment grants)
    seat: int = -1  # the player a Held Moment is played on (U26)


@dataclass(frozen=True, slots=True)
class Contest:
    """The Event being resolved in the conclusion and its tied contenders."""

    event: int
    contenders: tuple[int, ...]  # seats still contending (the tie-break's)
    queue: tuple[int, ...] = ()  # Events still to resolve after it
    extra: int = 0  # the score step: extra tokens its winner may take


@dataclass(frozen=True, slots=True)
class Options:
    decks: tuple[str, ...] = ()  # each seat's deck (a shipped deck's key or a file)
    cut: bool = True  # offer the cut before the first turn
    story_blocks: bool = False  # U8, an option: an unresolved Story Event, no proposal
    tie_characters: bool = False  # U10, an option: a tie-break gives up a Character


@dataclass(slots=True)
class State(InstanceState):
    """After the shared fields (`InstanceState`: opts, rng, the instance table, decks,
    hands): the seat count, then the rest."""

    opts: Options
    n: int
    rest: list[list[int]]
    dead: list[list[int]]
    chronicle: list[list[int]]
    field: list[list[int]]  # Characters and Held Moments, per seat
    event: list[list[int]]  # each seat's Events in the Event field
    common: list[list[int]]  # Held Moments in the Event field, by who played them
    honor: list[int]
    ryo: list[int]
    tokens: list[int]
    finished: list[bool]
    proposal: list[int]  # secret choices: a proposal or a tie-break card
    committed: list[bool]
    hero: list[int]  # the Hero each seat keeps (conclusion)
    attached: dict[int, int] = dataclasses.field(default_factory=dict)
    involved: dict[int, int] = dataclasses.field(default_factory=dict)
    control: dict[int, int] = dataclasses.field(
        default_factory=dict
    )  # card -> controller, not its owner
    boosts: dict[tuple[int, str], int] = dataclasses.field(default_factory=dict)
    stricken: frozenset[int] = frozenset()
    cancelled: frozenset[int] = frozenset()  # Characters whose abilities are off this turn
    revealed: frozenset[int] = frozenset()  # Events face up
    stack: tuple[Entry, ...] = ()
    contest: Contest | None = None
    pool: int = 0
    pool_start: int = 0
    phase: str = "setup"  # setup initiation actions conclusion over
    step: str = "cut"  # cut discard propose action respond tiebreak hero
    first: int = 0
    turn: int = 0  # the acting player (or the seat deciding a step)
    responder: int = 0
    passes: int = 0
    someone_finished: bool = False
    turn_no: int = 0
    seq: int = 0  # a step counter (who took their last token when)
    last_gain: tuple[int, ...] = ()
    result: Outcome | None = None
    legal: list | None = None
    public: dict | None = None  # the view's info, made once per state
    zones: dict | None = None  # the view's zones face up and down, made once

    def copy(self) -> State:
        """A copy that later steps may change. Every field is assigned by name
        (faster than __init__); one left out would fail loudly on first read."""
        c = _new(State)
        c.opts, c.n, c.rng, c.defs, c.names, c.owner = (
            self.opts,
            self.n,
            self.rng,
            self.defs,
            self.names,
            self.owner,
        )
        c.deck = [x[:] for x in self.deck]
        c.hand = [x[:] for x in self.hand]
        c.rest = [x[:] for x in self.rest]
        c.dead = [x[:] for x in self.dead]
        c.chronicle = [x[:] for x in self.chronicle]
        c.field = [x[:] for x in self.field]
        c.event = [x[:] for x in self.event]
        c.common = [x[:] for x in self.common]
        c.honor, c.ryo, c.tokens = self.honor[:], self.ryo[:], self.tokens[:]
        c.finished, c.proposal = self.finished[:], self.proposal[:]
        c.committed, c.hero = self.committed[:], self.hero[:]
        c.attached, c.involved = dict(self.attached), dict(self.involved)
        c.control = dict(self.control)
        c.boosts = dict(self.boosts)
        c.stricken, c.revealed, c.stack, c.contest = (
            self.stricken,
            self.revealed,
            self.stack,
            self.contest,
        )
        c.cancelled = self.cancelled
        c.pool, c.pool_start, c.phase, c.step = (self.pool, self.pool_start, self.phase, self.step)
        c.first, c.turn, c.responder, c.passes = (
            self.first,
            self.turn,
            self.responder,
            self.passes,
        )
        c.someone_finished, c.turn_no, c.seq = self.someone_finished, self.turn_no, self.seq
        c.last_gain, c.result = self.last_gain, self.result
        c.legal = None
        c.public = c.zones = None
        return c

    # -- where cards are ---------------------------------------------------------
    def ctrl(self, c: int) -> int:
        """The seat controlling card `c`: its owner unless control was taken."""
        return self.control.get(c, self.owner[c])

    def attachments(self, host: int) -> list[int]:
        return [a for a, h in self.attached.items() if h == host]

    def with_attachments(self, cards: list[int]) -> list[int]:
        out: list[int] = []
        for c in cards:
            out.append(c)
            out += self.attachments(c)
        return out

    def characters(self, q: int) -> list[int]:
        """`q`'s Characters in play: in its field, then involved ones."""
        return [c for c in self.field[q] if self.defs[c].type == "character"] + [
            c for c in self.involved if self.ctrl(c) == q
        ]

    def all_characters(self) -> list[int]:
        return [
            c for q in range(self.n) for c in self.field[q] if self.defs[c].type == "character"
        ] + list(self.involved)

    def involved_with(self, ev: int) -> list[int]:
        return [c for c, e in self.involved.items() if e == ev]

    def in_play(self, c: int) -> bool:
        """On the table: in a field, involved, attached, a Held Moment or an Event in
        the Event field (not on the stack)."""
        if c in self.involved or c in self.attached:
            return True
        q = self.owner[c]
        if self.defs[c].kind == "held":  # in the field of the player it affects (U26)
            return c in self.common[q] or any(c in f for f in self.field)
        return (
            c in self.field[self.ctrl(c)]
            or c in self.common[q]
            or (c in self.event[q] and c in self.revealed)
        )

    def events(self) -> list[int]:
        """The revealed Events in play, the first player's first, then clockwise."""
        return [
            e
            for i in range(self.n)
            for e in self.event[(self.first + i) % self.n]
            if e in self.revealed
        ]

    def zone_cards(self) -> dict[str, list[int]]:
        """Every zone's cards bottom-to-top, nothing hidden (the view contract in
        docs/rules/usagi.md, "Zones and view"): a card on the stack is in front of
        its controller, in its field; a secret proposal is still in its hand."""
        out: dict[str, list[int]] = {}
        on_stack = [(e.by, e.card) for e in self.stack if e.kind == "play"]
        for q in range(self.n):
            out[f"deck:{q}"] = self.deck[q]
            out[f"hand:{q}"] = self.hand[q]
            out[f"field:{q}"] = self.with_attachments(self.field[q]) + [
                c for by, c in on_stack if by == q
            ]
            out[f"rest:{q}"] = self.rest[q]
            out[f"dead:{q}"] = self.dead[q]
            out[f"chronicle:{q}"] = self.chronicle[q]
            evs = [e for e in self.event[q] if e in self.revealed]
            out[f"event:{q}"] = [x for e in evs for x in (e, *self.attachments(e))] + self.common[q]
            out[f"involved:{q}"] = [
                x for e in evs for x in self.with_attachments(self.involved_with(e))
            ]
        return out
