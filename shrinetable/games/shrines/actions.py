"""Shrines' actions: small frozen values with one canonical text form.

Grammar (cards are `card-id#N`, sites `a1`..`c5`, players `p1`/`p2`; see
docs/rules/shrines.md "Notation"):

    keep | pass | next | unmark
    mulligan C          draw primary|secondary     source C        tap C
    play C [SITE | rowN | path-X | C2]             cast C [TARGET] [x=N]
    attach T C          mount C1 C2                travel C SITE
    (a move that pays may end with pay=MANA, e.g. pay=BBR, when it can be paid
    in more than one way: see payment.py)
    attack C (C2 | pN)
    block B A           top C | bottom C           sacrifice C
    assign (C | pN) N   stats C                    guard C | unguard C
"""

from __future__ import annotations

from typing import NamedTuple

from shrinetable.engine import NotationError, action_words

from .cards import instance, site_index
from .schema import COLOURS

BUTTONS = ("keep", "pass", "next", "unmark")
ONE_CARD = ("mulligan", "source", "tap", "top", "bottom", "sacrifice", "stats", "guard", "unguard")
TWO = ("attach", "mount", "travel", "attack", "block")
KINDS = BUTTONS + ONE_CARD + TWO + ("draw", "play", "cast", "assign")
PAYING = ("play", "cast", "attach", "mount", "unmark")


class Action(NamedTuple):
    """One move: `card` and `target` in notation ("" when absent), `x` the paid X
    (-1 when the card has none), `lib` the library a draw comes from, `n` the damage
    an assignment gives (-1 for other moves), `pay` the mana spent ("" when
    the cost has one payment only). A named tuple: the legal actions make many a
    step, several times cheaper than a frozen dataclass (as Shards' do)."""

    kind: str
    card: str = ""
    target: str = ""
    x: int = -1
    lib: str = ""
    n: int = -1
    pay: str = ""

    @property
    def text(self) -> str:
        parts = [self.kind]
        for p in (self.lib, self.card, self.target):
            if p:
                parts.append(p)
        if self.n >= 0:
            parts.append(str(self.n))
        if self.x >= 0:
            parts.append(f"x={self.x}")
        if self.pay:
            parts.append(f"pay={self.pay}")
        return " ".join(parts)

    def __str__(self) -> str:
        return self.text


def parse(text: str) -> Action:
    """The action written `text`; NotationError otherwise.

    >>> parse("play ashen-brute#3 B1").text
    'play ashen-brute#3 b1'
    """
    kind, rest = action_words(text, KINDS)
    pay = ""
    if rest and rest[-1].lower().startswith("pay="):
        pay = rest[-1][4:].upper()
        if kind not in PAYING or not pay or any(ch not in COLOURS for ch in pay):
            raise NotationError(
                f"{text!r}: pay=MANA (letters {COLOURS}, e.g. pay=BBR) goes "
                f"only after a move that pays ({', '.join(PAYING)})"
            )
        pay = "".join(ch * pay.count(ch) for ch in COLOURS)
        rest = rest[:-1]
    x = -1
    if rest and rest[-1].lower().startswith("x="):
        if kind != "cast" or not rest[-1][2:].isdigit():
            raise NotationError(f"{text!r}: x=N (a number) goes only after a cast")
        x, rest = int(rest[-1][2:]), rest[:-1]
    want = {
        **dict.fromkeys(BUTTONS, (0, 0)),
        **dict.fromkeys(ONE_CARD, (1, 1)),
        **dict.fromkeys(TWO, (2, 2)),
        "draw": (1, 1),
        "play": (1, 2),
        "cast": (1, 2),
        "assign": (2, 2),
    }[kind]
    if not want[0] <= len(rest) <= want[1]:
        raise NotationError(
            f"{text!r}: {kind} takes {want[0]}"
            + (f" to {want[1]}" if want[1] != want[0] else "")
            + " word(s)"
        )
    if kind == "draw":
        lib = rest[0].lower()
        if lib not in ("primary", "secondary"):
            raise NotationError(f"{text!r}: draw primary or draw secondary")
        return Action("draw", lib=lib)
    if kind == "assign":
        if not rest[1].isdigit() or int(rest[1]) < 1:
            raise NotationError(
                f"{text!r}: assign a blocker (or pN) a number of damage, "
                "e.g. assign ashen-brute#3 2"
            )
        who = rest[0].lower()
        if who in ("p1", "p2"):
            return Action("assign", target=who, n=int(rest[1]))
        return Action("assign", _card(who), n=int(rest[1]))
    card = _card(rest[0]) if rest else ""
    target = _any(rest[1]) if len(rest) > 1 else ""
    return Action(kind, card, target, x, pay=pay)


def _card(tok: str) -> str:
    instance(tok)
    return tok.lower()


def _any(tok: str) -> str:
    t = tok.lower()
    if t in ("p1", "p2") or "#" in t:
        return _card(t) if "#" in t else t
    if t.startswith("row") and t[3:] in ("1", "2", "3", "4", "5"):
        return t
    if t.startswith("path-") and t[5:] in ("a", "b", "c"):
        return t
    site_index(t)
    return t
