"""The game log in plain words, as the table shows it and `simulate --log` prints it.

One line per move, said by the match (`Match.said`: what the events say, as
the viewer may see them), then tidied the way players read a log: seat ids
as the table names seats ("P2", never "p2"), a run of draws said once ("P2
draws 5 cards"), and moves that add nothing to the line before them folded
into it: a run of passes by several seats is one line ("P3, P4 and P5
pass"), and a line said again by the same seat counts up ("P1 pass (x3)").
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from .match import AUTO
from .session import Applied

SEAT = re.compile(r"\bp([1-9])\b")
ONE = re.compile(r"^(P\d) (.+) a card$")   # "P2 draws a card", "P1 picks up a card"
PASSES = ("pass", AUTO)


def plain(text: str) -> str:
    """Seat ids as the table names seats."""
    return SEAT.sub(lambda m: f"P{m.group(1)}", text)


def grouped(words: list[str]) -> list[str]:
    """A run of one-card phrases with the same verb ("draws a card", a deal's
    seats in turn) said once per seat, in the order the seats came."""
    out: list[str] = []
    verb: str | None = None
    run: dict[str, int] = {}
    for w in [*words, None]:
        m = ONE.match(w) if w is not None else None
        if m and verb in (None, m.group(2)):
            verb = m.group(2)
            run[m.group(1)] = run.get(m.group(1), 0) + 1
            continue
        out += [f"{s} {verb} {n} cards" if n > 1 else f"{s} {verb} a card"
                for s, n in run.items()]
        verb, run = (m.group(2), {m.group(1): 1}) if m else (None, {})
        if m is None and w is not None:
            out.append(w)
    return out


@dataclass
class Line:
    """One line of the log: the seats it speaks of, its words, the move's notation."""

    seats: list[int]
    words: list[str]
    text: str
    secret: bool = False
    times: int = 1

    def said(self) -> list[str]:
        """Its words, the count of a repeated line after them."""
        if self.times > 1 and self.words:
            return [*self.words[:-1], f"{self.words[-1]} (x{self.times})"]
        return self.words

    @property
    def passing(self) -> bool:
        return not self.secret and len(self.words) == 1 and self.words[0] in PASSES


class Log:
    """The lines of one viewer's log; `add` tells whether the move went into the
    last line (the table then redraws that line) or began a new one."""

    def __init__(self, match, viewer: int | None):
        self.match, self.viewer = match, viewer
        self.lines: list[Line] = []

    def add(self, applied: Applied) -> bool:
        words = grouped([plain(w) for w in self.match.said(applied, self.viewer)])
        line = Line([applied.seat], words, applied.text, applied.secret)
        last = self.lines[-1] if self.lines else None
        if last is not None and last.seats == line.seats and last.words == line.words \
                and last.secret == line.secret:
            last.times += 1
            return True
        if last is not None and last.passing and line.passing \
                and applied.seat not in last.seats:
            last.seats.append(applied.seat)
            last.words = ["pass"]
            return True
        self.lines.append(line)
        return False

    def text(self, line: Line) -> str:
        """The line in plain text: who, then what."""
        names = [f"P{q + 1}" for q in line.seats]
        who = names[0] if len(names) == 1 else f"{', '.join(names[:-1])} and {names[-1]}"
        words = line.said()
        if line.secret:
            return f"{who} commits a secret choice" + (f"; {'; '.join(words)}" if words else "")
        if words and words[0].startswith(names[0] + " ") and len(names) == 1:
            words = [words[0][len(names[0]) + 1:], *words[1:]]
        return f"{who} {'; '.join(words)}"


def lines(match, viewer: int | None) -> list[str]:
    """The whole log of `match` as `viewer`'s table shows it, in plain text."""
    log = Log(match, viewer)
    for applied in match.history:
        log.add(applied)
    return [log.text(line) for line in log.lines]
