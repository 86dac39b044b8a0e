"""The Usagi card game's actions: small frozen values with one canonical text form.

Grammar (cards are `card-id#N`; see docs/rules/usagi.md "Notation"):

    cut | pass               (offered the cut of a deck; pass also in responses)
    discard [C]              (initiation: a card discarded; alone: discard no more)
    propose [E]              (secret: the Event proposed face down, none for none)
    play C [on T]            (a Character, an Attachment on T, a Moment at T; T is a
                              player, p1..p6, for a Held Moment played on one)
    use C [K] [on T]         (K: which of the card's abilities, from 1)
    involve C E              finished
    tiebreak C               (secret: the involved Character given up in a tie)
    extra N                  (the score step: N of the extra chronicle tokens offered)
    hero [C]                 (the Hero kept, none for none)
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import partial

from shrinetable.engine import NotationError, action_words, expect

from .cards import instance

CARDLESS = ("cut", "pass", "finished")
MAYBE_ONE = ("propose", "hero")
WORDS = (*CARDLESS, *MAYBE_ONE, "discard", "play", "use", "involve", "tiebreak", "extra")


@dataclass(frozen=True, slots=True)
class Action:
    """One move. `card` the card it is about; `other` its target (the host of an
    Attachment, the Event of an involvement, a card an effect aims at); `cards`
    the cards discarded; `index` which ability (0-based), or how many extra
    chronicle tokens are taken."""

    kind: str
    card: str = ""
    other: str = ""
    cards: tuple[str, ...] = ()
    index: int = 0

    @property
    def text(self) -> str:
        k = self.kind
        if k == "discard":
            return " ".join((k, *self.cards))
        if k == "use":
            num = f" {self.index + 1}" if self.index else ""
            return f"use {self.card}{num}{f' on {self.other}' if self.other else ''}"
        if k == "extra":
            return f"extra {self.index}"
        if k == "play":
            return f"play {self.card}{f' on {self.other}' if self.other else ''}"
        return " ".join(p for p in (k, self.card, self.other) if p)

    def __str__(self) -> str:
        return self.text


PLAYER = re.compile(r"^p[1-6]$")  # a player as a target: `play C on p2` (U26)


def _cards(toks: list[str]) -> tuple[str, ...]:
    for t in toks:
        instance(t)
    return tuple(toks)


def parse(text: str) -> Action:
    """The action written `text`; NotationError otherwise.

    >>> parse("involve lone-ronin#4 bandit-raid#9").text
    'involve lone-ronin#4 bandit-raid#9'
    """
    kind, words = action_words(text, WORDS)
    rest = [t.lower() for t in words]
    need = partial(expect, text, rest)  # need(1, "one card")
    if kind in CARDLESS:
        need(0, "nothing more")
        return Action(kind)
    if kind in MAYBE_ONE:
        if len(rest) > 1:
            raise NotationError(f"{text!r}: {kind} takes one card or none")
        return Action(kind, *_cards(rest))  # type: ignore[arg-type]
    if kind == "discard":
        if len(rest) > 1:
            raise NotationError(
                f"{text!r}: cards are discarded one at a time "
                "(`discard C`, then `discard` alone to stop)"
            )
        return Action(kind, cards=tuple(_cards(rest)))
    if kind == "extra":
        need(1, "a number of tokens")
        if not rest[0].isdigit():
            raise NotationError(f"{text!r}: write extra N, N the tokens taken (0 for none)")
        return Action(kind, index=int(rest[0]))
    if kind == "tiebreak":
        need(1, "one card")
        return Action(kind, *_cards(rest))  # type: ignore[arg-type]
    if kind == "involve":
        need(2, "a Character and an Event")
        return Action(kind, *_cards(rest))  # type: ignore[arg-type]
    other = ""
    if "on" in rest:
        i = rest.index("on")
        if len(rest) != i + 2:
            raise NotationError(f"{text!r}: 'on' names one target card")
        other = (
            rest[i + 1]
            if kind == "play" and PLAYER.match(rest[i + 1])
            else _cards(rest[i + 1 :])[0]
        )
        rest = rest[:i]
    if not rest:
        raise NotationError(f"{text!r}: {kind} names a card")
    card = _cards(rest[:1])[0]
    if kind == "use":
        if len(rest) > 2 or (len(rest) == 2 and not rest[1].isdigit()):
            raise NotationError(f"{text!r}: write use CARD [ABILITY NUMBER] [on TARGET]")
        index = int(rest[1]) - 1 if len(rest) == 2 else 0
        if index < 0:
            raise NotationError(f"{text!r}: abilities are numbered from 1")
        return Action(kind, card, other, index=index)
    if len(rest) != 1:
        raise NotationError(f"{text!r}: write play CARD [on TARGET]")
    return Action(kind, card, other)
