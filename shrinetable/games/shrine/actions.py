"""Shrine's actions: small frozen values with one canonical text form.

Grammar (seats are `p1`..`p4`, cards in card notation, listed in canonical
order by rank then suit; see docs/rules/shrine.md "Notation"):

    draw | take | pass | allow | accept
    heal C C                      attack pN C [C ...]
    token C pay C                 dagger C pay C pN (shrine | C)
    daggertoken C pay C           jack pN
    triplet C C C pN              quad C C C C pN
    resurrect C C C heal | token | daggertoken
    resurrect C C C attack pN [C ...] | dagger pN (shrine | C)
    block C                       dblock C pay C
    fizzle [C C C]                counter [C C C]
    discard C
"""

from __future__ import annotations

from dataclasses import dataclass

from shrinetable.engine import Gesture, NotationError, action_words

from .cards import NAMES, canon, card

SIMPLE = ("draw", "take", "pass", "allow", "accept")
KINDS = SIMPLE + (
    "heal",
    "attack",
    "token",
    "dagger",
    "daggertoken",
    "jack",
    "triplet",
    "quad",
    "resurrect",
    "block",
    "dblock",
    "fizzle",
    "counter",
    "discard",
)
MODES = ("heal", "attack", "token", "dagger", "daggertoken")


@dataclass(frozen=True, slots=True)
class Action:
    """One move. `cards` are the cards played (canonical order), `pay` the card
    discarded to pay for a special card, `seat` the target seat, `victim` the
    token a Dagger removes (-1 = the Shrine's top), `mode` how a Resurrection
    uses the Graveyard's top card, `extra` the hand cards that join it."""

    kind: str
    cards: tuple[int, ...] = ()
    pay: int = -1
    seat: int = -1
    victim: int = -1
    mode: str = ""
    extra: tuple[int, ...] = ()

    @property
    def text(self) -> str:
        k = self.kind
        if k == "attack":
            return " ".join([k, f"p{self.seat + 1}", *(NAMES[c] for c in self.cards)])
        parts = [k, *(NAMES[c] for c in self.cards)]
        if self.pay >= 0:
            parts += ["pay", NAMES[self.pay]]
        if k == "resurrect":
            parts.append(self.mode)
        if self.seat >= 0:
            parts.append(f"p{self.seat + 1}")
        if k == "dagger" or self.mode == "dagger":
            parts.append("shrine" if self.victim < 0 else NAMES[self.victim])
        parts += [NAMES[c] for c in self.extra]
        return " ".join(parts)

    def __str__(self) -> str:
        return self.text

    def gesture(self, actor: int) -> Gesture:
        """The drag that makes this move for the seat `actor` (see Gesture)."""
        me = actor
        k = self.kind
        cards = tuple(NAMES[c] for c in (*self.cards, *self.extra))
        if self.pay >= 0:
            cards += (NAMES[self.pay],)
        hand = f"hand:{me}"
        if k == "draw":
            return Gesture((), "deck", hand)
        if k == "take":
            return Gesture((), "graveyard", hand)
        if k in ("heal",):
            return Gesture(cards, hand, f"shrine:{me}")
        if k in ("attack", "quad"):
            return Gesture(cards, hand, f"shrine:{self.seat}")
        if k in ("token", "daggertoken"):
            return Gesture(cards, hand, f"field:{me}")
        if k == "triplet":
            return Gesture(cards, hand, f"field:{self.seat}")
        if k == "jack":
            return Gesture((), None, f"hand:{self.seat}")
        if k == "dagger":
            return _dagger_gesture(cards, hand, self.seat, self.victim)
        if k == "resurrect":
            m = self.mode
            if m == "heal":
                return Gesture(cards, hand, f"shrine:{me}")
            if m == "attack":
                return Gesture(cards, hand, f"shrine:{self.seat}")
            if m == "dagger":
                return _dagger_gesture(cards, hand, self.seat, self.victim)
            return Gesture(cards, hand, f"field:{me}")
        if k == "block":
            return Gesture(cards, f"field:{me}", "graveyard")
        if k in ("discard", "dblock"):
            return Gesture(cards, hand, "graveyard")
        return Gesture()  # pass, allow, accept, fizzle, counter: buttons


def _dagger_gesture(cards, hand, seat, victim) -> Gesture:
    if victim < 0:
        return Gesture(cards, hand, f"shrine:{seat}")
    return Gesture(cards, hand, f"field:{seat}", NAMES[victim])


def _seat(tok: str, text: str) -> int:
    if len(tok) == 2 and tok[0] in "pP" and tok[1] in "1234":
        return int(tok[1]) - 1
    raise NotationError(f"{text!r}: expected a seat p1..p4, found {tok!r}")


def parse(text: str) -> Action:
    """The action written `text` (canonical or not); NotationError otherwise.

    >>> parse("attack p2 5S 4C").text
    'attack p2 4C 5S'
    """
    kind, rest = action_words(text, KINDS)
    try:
        return _parse(kind, rest, text)
    except IndexError:
        raise NotationError(f"{text!r}: incomplete action") from None


def _cards(toks, text) -> tuple[int, ...]:
    return tuple(card(t) for t in toks)


def _take_cards(rest, n, text):
    if len(rest) < n:
        raise NotationError(f"{text!r}: expected {n} card(s)")
    return _cards(rest[:n], text), rest[n:]


def _pay(rest, text):
    if len(rest) < 2 or rest[0].lower() != "pay":
        raise NotationError(f"{text!r}: expected 'pay CARD'")
    return card(rest[1]), rest[2:]


def _victim(tok, text) -> int:
    return -1 if tok.lower() == "shrine" else card(tok)


def _done(rest, text):
    if rest:
        raise NotationError(f"{text!r}: unexpected {' '.join(rest)!r}")


def _parse(kind: str, rest: list[str], text: str) -> Action:
    if kind in SIMPLE:
        _done(rest, text)
        return Action(kind)
    if kind in ("heal", "attack"):
        seat = -1
        if kind == "attack":
            seat, rest = _seat(rest[0], text), rest[1:]
        if not rest:
            raise NotationError(f"{text!r}: name the cards played")
        return Action(kind, canon(_cards(rest, text)), seat=seat)
    if kind in ("token", "daggertoken", "dblock"):
        cs, rest = _take_cards(rest, 1, text)
        pay, rest = _pay(rest, text)
        _done(rest, text)
        return Action(kind, cs, pay=pay)
    if kind == "dagger":
        cs, rest = _take_cards(rest, 1, text)
        pay, rest = _pay(rest, text)
        seat = _seat(rest[0], text)
        victim = _victim(rest[1], text)
        _done(rest[2:], text)
        return Action(kind, cs, pay=pay, seat=seat, victim=victim)
    if kind == "jack":
        seat = _seat(rest[0], text)
        _done(rest[1:], text)
        return Action(kind, seat=seat)
    if kind in ("triplet", "quad"):
        cs, rest = _take_cards(rest, 3 if kind == "triplet" else 4, text)
        seat = _seat(rest[0], text)
        _done(rest[1:], text)
        return Action(kind, canon(cs), seat=seat)
    if kind == "resurrect":
        cs, rest = _take_cards(rest, 3, text)
        mode = rest[0].lower()
        if mode not in MODES:
            raise NotationError(f"{text!r}: resurrect needs a use: {', '.join(MODES)}")
        rest = rest[1:]
        seat, victim = -1, -1
        extra: tuple[int, ...] = ()
        if mode in ("attack", "dagger"):
            seat, rest = _seat(rest[0], text), rest[1:]
        if mode == "dagger":
            victim, rest = _victim(rest[0], text), rest[1:]
        if mode == "attack":
            extra, rest = canon(_cards(rest, text)), []
        _done(rest, text)
        return Action(kind, canon(cs), seat=seat, victim=victim, mode=mode, extra=extra)
    if kind in ("fizzle", "counter"):
        if rest and len(rest) != 3:
            raise NotationError(f"{text!r}: name no cards (whole hand) or exactly three")
        return Action(kind, canon(_cards(rest, text)))
    # discard
    cs, rest = _take_cards(rest, 1, text)
    _done(rest, text)
    return Action(kind, cs)
