"""Shards' actions: small frozen values with one canonical text form.

Grammar (cards are `card-id#N`; territory slots are numbered from 1; see
docs/rules/shards.md "Notation"):

    begin [C [C [C]]]  (the secret Starting choice)   bonus R|card
    play C [in N | found T] [on X [Y]]
    use C [K] [on X [Y]]   (K: which of the card's abilities, from 1)
    scrap C [C2]      trade R            move U N
    develop C         research           end
    attack U B        charge             block D A        hold
    withdraw A        pass               discard C        expend R
"""

from __future__ import annotations

from functools import partial
from typing import NamedTuple

from shrinetable.engine import NotationError, action_words, expect

from .cards import instance

CARDLESS = ("charge", "hold", "pass", "end", "research")
ONE_CARD = ("develop", "discard")
TWO_CARDS = ("attack", "block")
WORDS = (
    *CARDLESS,
    *ONE_CARD,
    *TWO_CARDS,
    "begin",
    "play",
    "use",
    "scrap",
    "trade",
    "move",
    "withdraw",
    "bonus",
    "expend",
)


class Action(NamedTuple):
    """One move. `card` the card it is about; `other` a second card (the building
    aimed at, the attacker blocked, the territory card revealed, the second card
    scrapped); `slot` a territory slot (0-based; -1 none); `targets` the chosen
    targets of the card's effects, in effect order (for `begin`, the Starting
    cards chosen); `word` a resource or a bonus; `index` which ability (0-based).
    A named tuple, not a dataclass: the legal-action lists make and compare many,
    and a tuple is several times cheaper at both."""

    kind: str
    card: str = ""
    other: str = ""
    slot: int = -1
    targets: tuple[str, ...] = ()
    word: str = ""
    index: int = 0  # type: ignore[assignment]  # a field, not tuple.index

    @property
    def text(self) -> str:
        k = self.kind
        if k == "play":
            where = (
                f" in {self.slot + 1}"
                if self.slot >= 0 and not self.other
                else f" found {self.other}"
                if self.other
                else ""
            )
            return f"play {self.card}{where}{self._on()}"
        if k == "use":
            return f"use {self.card}{f' {self.index + 1}' if self.index else ''}{self._on()}"
        if k == "move":
            return f"move {self.card} {self.slot + 1}"
        if k in ("trade", "bonus", "expend"):
            return f"{k} {self.word}"
        if k == "scrap":
            return " ".join(p for p in (k, self.card, self.other, *self.targets) if p)
        if k == "begin":
            return " ".join((k, *self.targets))
        return " ".join(p for p in (k, self.card, self.other) if p)

    def _on(self) -> str:
        return f" on {' '.join(self.targets)}" if self.targets else ""

    def __str__(self) -> str:
        return self.text


def _slot(tok: str, text: str) -> int:
    if not tok.isdigit() or not 1 <= int(tok) <= 9:
        raise NotationError(f"{text!r}: {tok!r} is not a territory number (1, 2, ...)")
    return int(tok) - 1


def _cards(toks: list[str]) -> tuple[str, ...]:
    for t in toks:
        instance(t)
    return tuple(toks)


def _split_on(toks: list[str], text: str) -> tuple[list[str], tuple[str, ...]]:
    if "on" not in toks:
        return toks, ()
    i = toks.index("on")
    targets = _cards(toks[i + 1 :])
    if not targets:
        raise NotationError(f"{text!r}: 'on' names the target card(s)")
    return toks[:i], targets


def parse(text: str) -> Action:
    """The action written `text`; NotationError otherwise.

    >>> parse("play stone-keep#4 in 2").text
    'play stone-keep#4 in 2'
    """
    kind, words = action_words(text, WORDS)
    rest = [t.lower() for t in words]
    need = partial(expect, text, rest)  # need(1, "one card")
    if kind in CARDLESS:
        need(0, "nothing more")
        return Action(kind)
    if kind in ONE_CARD or kind == "withdraw":
        need(1, "one card")
        return Action(kind, *_cards(rest))  # type: ignore[arg-type]
    if kind in TWO_CARDS:
        need(2, "two cards")
        return Action(kind, *_cards(rest))  # type: ignore[arg-type]
    if kind == "begin":
        if len(rest) > 3 or len(set(rest)) < len(rest):
            raise NotationError(f"{text!r}: begin names up to three different cards")
        return Action(kind, targets=tuple(sorted(_cards(rest), key=instance)))
    if kind == "scrap":  # more than two is well written; the rules refuse it
        if not rest:
            raise NotationError(f"{text!r}: scrap names the cards scrapped")
        first, *more = sorted(_cards(rest), key=instance)
        return Action(kind, first, more[0] if more else "", targets=tuple(more[1:]))
    if kind in ("trade", "bonus", "expend"):
        need(1, "one word")
        return Action(kind, word=rest[0])  # a word the rules refuse is a refusal
    if kind == "move":
        need(2, "a unit and a territory number")
        return Action(kind, _cards(rest[:1])[0], slot=_slot(rest[1], text))
    head, targets = _split_on(rest, text)
    if not head:
        raise NotationError(f"{text!r}: {kind} names a card")
    card = _cards(head[:1])[0]
    if kind == "use":
        if len(head) > 2 or (len(head) == 2 and not head[1].isdigit()):
            raise NotationError(f"{text!r}: write use CARD [ABILITY NUMBER] [on TARGET]")
        index = int(head[1]) - 1 if len(head) == 2 else 0
        if index < 0:
            raise NotationError(f"{text!r}: abilities are numbered from 1")
        return Action(kind, card, targets=targets, index=index)
    if len(head) == 1:
        return Action(kind, card, targets=targets)
    if len(head) == 3 and head[1] == "in":
        return Action(kind, card, slot=_slot(head[2], text), targets=targets)
    if len(head) == 3 and head[1] == "found":
        return Action(kind, card, _cards(head[2:])[0], targets=targets)
    raise NotationError(f"{text!r}: write play CARD [in N | found TERRITORY-CARD] [on TARGET]")
