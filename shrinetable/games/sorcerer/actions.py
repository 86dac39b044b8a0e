"""Sorcerer's actions: small frozen values with one canonical text form.

Grammar (cards are `card-id#N`; see docs/rules/sorcerer.md "Notation"):

    pass                     sacrifice W
    play C [R]               quick C [R]
    attack X                 defend Y X
    boost T B1 [B2 [B3]]     (boost cards in order of their numbers)
"""

from __future__ import annotations

from dataclasses import dataclass

from shrinetable.engine import Gesture, NotationError, action_words

from .cards import instance

WORDS = {
    "pass": (0, 0),
    "sacrifice": (1, 1),
    "attack": (1, 1),
    "play": (1, 2),
    "quick": (1, 2),
    "defend": (2, 2),
    "boost": (2, 99),
}  # 4+ boosts: refused


@dataclass(frozen=True, slots=True)
class Action:
    """One move: `card` the card moved (or boosted, for a boost), `other` the card
    it replaces (play, quick) or defends against (defend), `boosts` the cards laid
    on `card` as boosts, in order of their numbers. "" or () when absent."""

    kind: str
    card: str = ""
    other: str = ""
    boosts: tuple[str, ...] = ()

    @property
    def text(self) -> str:
        return " ".join(p for p in (self.kind, self.card, self.other, *self.boosts) if p)

    def __str__(self) -> str:
        return self.text

    def gesture(self, seat: int) -> Gesture:
        """The drag that makes this move for `seat`, as far as the text tells it; a
        card in a lane is found by `SorcererGame.gesture`, which knows the position."""
        k, hand, play = self.kind, f"hand:{seat}", f"play:{seat}"
        if k in ("play", "quick"):
            return Gesture((self.card,), hand, play, self.other or None)
        if k == "sacrifice":
            return Gesture((self.card,), play, f"player:{seat}")
        if k == "attack":
            return Gesture((self.card,), play, f"player:{1 - seat}")
        if k == "defend":
            return Gesture((self.card,), play, None, self.other)
        if k == "boost":
            return Gesture(self.boosts, hand, None, self.card)
        return Gesture()


def parse(text: str) -> Action:
    """The action written `text`; NotationError otherwise.

    >>> parse("boost ember-imp#3 moss-veil#9 glint-sprite#2").text
    'boost ember-imp#3 glint-sprite#2 moss-veil#9'
    """
    kind, words = action_words(text, WORDS)
    rest = [t.lower() for t in words]
    low, high = WORDS[kind]
    if not low <= len(rest) <= high:
        raise NotationError(
            f"{text!r}: {kind} takes {low}" + (f" to {high}" if high != low else "") + " card(s)"
        )
    for tok in rest:
        instance(tok)
    if len(set(rest)) < len(rest):
        raise NotationError(f"{text!r}: a card is named twice")
    if kind == "boost":
        return Action(kind, rest[0], boosts=tuple(sorted(rest[1:], key=instance)))
    return Action(kind, rest[0] if rest else "", rest[1] if len(rest) > 1 else "")
