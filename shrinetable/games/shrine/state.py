"""Shrine's game state: flat lists of card ints, cheap to copy.

Every list is bottom-to-top: the last item of `deck`, `graveyard` or a Shrine
is its top card. Cards being played while others may respond sit in
`pending`, so every card is always in exactly one zone.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from shrinetable.engine import Outcome

from .actions import Action
from .cards import ACE, JACK, KING, QUEEN, RANK

_new = object.__new__


@dataclass(frozen=True, slots=True)
class Options:
    """The optional rules of the text, all off by default."""

    balance: bool = False  # the joker is the Balance card
    balance_reshuffle: bool = False  # ...and goes back into the deck after use
    alternate_healing: bool = False  # heal like an attack, same colour
    alternate_fizzle: bool = False  # fizzle/counter by discarding three cards


@dataclass(slots=True)
class State:
    seats: int
    opts: Options
    rng: random.Random
    deck: list[int]
    graveyard: list[int]
    removed: list[int]  # the Balance card once used (out of the game)
    pending: list[int]  # cards being played, awaiting responses
    shrines: list[list[int]]
    hands: list[list[int]]
    fields: list[list[int]]
    alive: list[bool]
    turn: int = 0  # whose turn it is
    stage: str = "turn"  # turn | action | respond | counter | discard | over
    actions_left: int = 1
    jack_used: bool = False
    limit_done: bool = False  # the end-of-turn hand limit was applied
    act: Action | None = None  # the action awaiting responses
    responders: tuple[int, ...] = ()
    fizzler: int = -1
    discards: tuple[tuple[int, int], ...] = ()  # (seat, how many) still to discard
    turn_no: int = 1
    result: Outcome | None = None
    king_used: bool = False  # each Token's power works once a turn
    queen_used: bool = False
    legal: list[Action] | None = None  # cache of legal_actions (never copied)

    def copy(self) -> State:
        """A copy that later steps may change. Every field is assigned by name, so
        adding or moving one cannot shift the others, and one left out here is
        unset: the first read of it fails loudly. (Faster than calling __init__.)"""
        c = _new(State)
        c.seats, c.opts, c.rng, c.alive = self.seats, self.opts, self.rng, self.alive[:]
        c.deck, c.graveyard = self.deck[:], self.graveyard[:]
        c.removed, c.pending = self.removed[:], self.pending[:]
        c.shrines = [x[:] for x in self.shrines]
        c.hands = [x[:] for x in self.hands]
        c.fields = [x[:] for x in self.fields]
        c.turn, c.stage, c.turn_no = self.turn, self.stage, self.turn_no
        c.actions_left, c.jack_used = self.actions_left, self.jack_used
        c.limit_done, c.discards = self.limit_done, self.discards
        c.act, c.responders, c.fizzler = self.act, self.responders, self.fizzler
        c.result = self.result
        c.king_used, c.queen_used = self.king_used, self.queen_used
        c.legal = None
        return c

    def unseen_slots(self, seat: int | None) -> list[tuple[list[int], int]]:
        """Every place holding a card `seat` cannot see (None: a spectator): the
        Deck, the other hands and every card under a Shrine's top, as (pile, index)."""
        slots = [(self.deck, i) for i in range(len(self.deck))]
        for q in range(self.seats):
            if q != seat:
                slots += [(self.hands[q], i) for i in range(len(self.hands[q]))]
            slots += [(self.shrines[q], i) for i in range(len(self.shrines[q]) - 1)]
        return slots

    def deal_unseen(self, seat: int | None, order) -> State:
        """A copy with the cards `seat` cannot see dealt back into their places in
        the order `order(cards)` gives them."""
        s = self.copy()
        slots = s.unseen_slots(seat)
        cards = order([pile[i] for pile, i in slots])
        for (pile, i), c in zip(slots, cards, strict=True):
            pile[i] = c
        return s

    def has_kind(self, seat: int, rank: int) -> bool:
        return any(RANK[c] == rank for c in self.fields[seat])

    def triad(self, seat: int) -> bool:
        ranks = {RANK[c] for c in self.fields[seat]}
        return JACK in ranks and QUEEN in ranks and KING in ranks

    def capacity(self, seat: int) -> int:
        return 7 if self.triad(seat) else 5

    def token_limit(self, seat: int) -> int:
        return 4 if self.triad(seat) else 3

    def dagger_token(self, seat: int) -> bool:
        return self.has_kind(seat, ACE)

    def opponents(self, seat: int) -> list[int]:
        return [q for q in range(self.seats) if q != seat and self.alive[q]]
