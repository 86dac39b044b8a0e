"""The game log in plain words, as the table shows it and `simulate --log` prints it.

Each move is said by the match (`Match.said`: its own words when its events do
not say it, then what each event says, as the viewer may see it) and becomes
lines the way players read a log: one line per thing that happened, each about
the seat it names first ("P2 draws 5 cards"; a line naming no seat first, "Turn
3: P1", stands alone, never credited to the seat that moved), seat ids as the
table names seats ("P2", never "p2"), a run of one-card draws said once per
seat, a run of passes by several seats one line ("P3, P4 and P5 pass"), and a
line said again by the same seat counted ("P1 taps Ember Font (x3)").
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from .session import Applied

SEAT = re.compile(r"\bp([1-9])\b")
WHO = re.compile(r"^P([1-9]) ")
# "P2 draws a card", "P1 draws 2 cards (the Ace of hearts, the 5 of clubs)"
ONE = re.compile(r"^(P\d) (.+?) (?:a card|(\d+) cards)(?: \((.+)\))?$")


def plain(text: str) -> str:
    """Seat ids as the table names seats."""
    return SEAT.sub(lambda m: f"P{m.group(1)}", text)


def grouped(words: list[str]) -> list[str]:
    """A run of card phrases with the same verb ("draws a card", a deal's seats
    in turn) said once per seat, in the order the seats came, with the cards
    named when the viewer may see them all."""
    out: list[str] = []
    verb: str | None = None
    run: dict[str, list] = {}  # seat -> [count, names or None]
    for w in [*words, None]:
        m = ONE.match(w) if w is not None else None
        if m and verb in (None, m.group(2)):
            verb = m.group(2)
            n, names = int(m.group(3) or 1), m.group(4)
            old = run.setdefault(m.group(1), [0, []])
            old[0] += n
            old[1] = old[1] + [names] if old[1] is not None and names else None
            continue
        for s, (n, names) in run.items():
            said = f"{s} {verb} {n} cards" if n > 1 else f"{s} {verb} a card"
            out.append(said + (f" ({', '.join(names)})" if names else ""))
        verb, run = (None, {})
        if m is not None:
            verb = m.group(2)
            run = {m.group(1): [int(m.group(3) or 1), [m.group(4)] if m.group(4) else None]}
        elif w is not None:
            out.append(w)
    return out


@dataclass
class Line:
    """One line of the log: the seats it is about (several for folded passes,
    none for a line naming no seat first), its words, the notation of the move
    it begins ('' for a move's later lines)."""

    seats: list[int]
    words: list[str]
    text: str
    secret: bool = False
    times: int = 1

    def said(self) -> list[str]:
        """Its words (said of several seats in the plural: "P2 and P3 pass"),
        the count of a repeated line after them."""
        words = self.words
        if len(self.seats) > 1 and words:
            words = [plural(words[0]), *words[1:]]
        if self.times > 1 and words:
            return [*words[:-1], f"{words[-1]} (x{self.times})"]
        return words


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


def _line(phrase: str, seat: int, own: bool) -> Line:
    """A line for one phrase of a move by `seat`: about the seat it names first,
    the mover's own for a phrase naming nobody first that is the move's own words
    (`own`), else about nobody."""
    m = WHO.match(phrase)
    if m:
        return Line([int(m.group(1)) - 1], [phrase[m.end() :]], "")
    if own:  # "passes", "taps Ember Font"
        return Line([seat], [phrase], "")
    return Line([], [phrase[:1].upper() + phrase[1:]], "")


class Log:
    """The lines of one viewer's log; `add` tells from which line on the log
    changed (the table redraws those lines)."""

    def __init__(self, match, viewer: int | None):
        self.match, self.viewer = match, viewer
        self.lines: list[Line] = []

    def add(self, applied: Applied) -> int:
        """Add a move's lines; the index of the first line it changed."""
        first = len(self.lines)
        said = self.match.said(applied, self.viewer)
        if applied.secret and not said:  # its notation only for the seat that made it
            text = applied.text if self.viewer == applied.seat else ""
            self.lines.append(Line([applied.seat], [], text, True))
            return first
        own = bool(said) and said[0] == self.match.move_words(applied)
        shown = not applied.secret and not self._hides(applied)
        for i, phrase in enumerate(grouped([plain(w) for w in said])):
            line = _line(phrase, applied.seat, i == 0 and own)
            if i == 0 and shown:  # the notation goes with the first line (never a
                line.text = applied.text  # secret move's, nor one naming a hidden card)
            first = min(first, self._put(line))
        return first

    def _hides(self, applied: Applied) -> bool:
        """Whether the move's notation names a card its events hide from the
        viewer ("play pitfall-snare#31 a4": a trap set face down)."""
        hidden = {
            c
            for e in self.match.events(applied)
            if e.visible_to is not None and self.viewer not in e.visible_to
            for c in e.cards
        }
        return bool(hidden) and not hidden.isdisjoint(applied.text.split())

    def _put(self, line: Line) -> int:
        """Add `line`, folded into the last one when it says nothing new; the
        index of the line that changed."""
        last = self.lines[-1] if self.lines else None
        if (
            last is not None
            and last.seats == line.seats
            and last.words == line.words
            and not last.secret
            and not line.secret
        ):
            last.times += 1
            return len(self.lines) - 1
        if (
            last is not None
            and last.words == line.words
            and len(line.seats) == 1
            and " and " not in line.words[0]
            and last.seats
            and line.seats[0] not in last.seats
            and last.times == 1
            and not last.secret
            and not line.secret
        ):
            last.seats.append(line.seats[0])
            return len(self.lines) - 1
        self.lines.append(line)
        return len(self.lines) - 1

    def text(self, line: Line) -> str:
        """The line in plain text: who, then what."""
        names = [f"P{q + 1}" for q in line.seats]
        who = " and ".join(names) if len(names) < 3 else f"{', '.join(names[:-1])} and {names[-1]}"
        if line.secret:
            return f"{who} commits a secret choice"
        body = "; ".join(line.said())
        return f"{who} {body}" if who else body


def lines(match, viewer: int | None, start: int = 0) -> list[str]:
    """The log of `match` from its move `start` (by default the whole log) as
    `viewer`'s table shows it, in plain text."""
    log = Log(match, viewer)
    for applied in match.history[start:]:
        log.add(applied)
    return [log.text(line) for line in log.lines]
