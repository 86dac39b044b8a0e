"""One thing the game log says, as data (stdlib only).

A move's events become entries once, by the game's presentation
(`Presentation.entry`): who it is about, what kind of thing happened, in the
game's words after that seat's name, which cards and numbers, who may see
them, and the move it came of. The adapter groups and folds entries by these
fields, a network host sends them as they are, and the table draws each
entry's seat in its colour and its words after it: no layer reads words back.
"""

from __future__ import annotations

from dataclasses import dataclass

from .core import MAX_SEATS

SECRET = "secret"  # the kind of a secret move's entry that says only that it was made


@dataclass(frozen=True, slots=True)
class Entry:
    """One line's worth of the log, as one viewer may know it.

    `seat`: who it is about (None: about nobody, "Turn 3: P1"); `kind`: the
    event's kind, or for a move's own words its action's ("pass"); `words`:
    what happened, after the seat's name (a `counted` entry: its verb,
    "draws"; `Presentation.phrase` says the rest); `cards` as the viewer may
    see them (None: hidden); `numbers`: a counted entry's number of cards;
    `visible_to`: the seats that may see its cards (None: every seat);
    `named`: whether its cards are named after its words (a private event on
    a screen of the viewer's own); `cause`: the notation of the
    move it came of, when the viewer may read it ('' otherwise)."""

    seat: int | None
    kind: str
    words: str
    cards: tuple[str | None, ...] = ()
    numbers: tuple[int, ...] = ()
    visible_to: tuple[int, ...] | None = None
    cause: str = ""
    counted: bool = False
    named: bool = False


def _in_word(c: str) -> bool:
    return c.isalnum() or c == "_"


def seats_named(text: str) -> str:
    """`text` with seat ids as the table names seats ("p2's" is "P2's")."""
    out = list(text)
    for i in range(len(text) - 1):
        if (
            text[i] == "p"
            and "1" <= text[i + 1] <= str(MAX_SEATS)
            and (i == 0 or not _in_word(text[i - 1]))
            and (i + 2 == len(text) or not _in_word(text[i + 2]))
        ):
            out[i] = "P"
    return "".join(out)


def about(text: str) -> tuple[int | None, str]:
    """The seat `text` (seats named as the table names them) is about, when it
    names one first, and its words after that name; else None and the text
    with a capital."""
    for q in range(MAX_SEATS):
        name = f"P{q + 1} "
        if text.startswith(name):
            return q, text[len(name) :]
    return None, text[:1].upper() + text[1:]


def listing(items: list[str]) -> str:
    """Words as a line lists them: "A", "A and B", "A, B and C"."""
    return ", ".join(items[:-1]) + f" and {items[-1]}" if len(items) > 1 else "".join(items)


IRREGULAR = {"is": "are", "has": "have", "does": "do", "goes": "go"}


def plural(phrase: str) -> str:
    """A phrase said of one seat ("passes", "lets it through") said of several."""
    verb, _, rest = phrase.partition(" ")
    if verb in IRREGULAR:
        verb = IRREGULAR[verb]
    elif verb.endswith(("sses", "ches", "shes", "xes")):
        verb = verb[:-2]
    elif verb.endswith("s") and not verb.endswith("ss"):
        verb = verb[:-1]
    return f"{verb} {rest}".strip()
