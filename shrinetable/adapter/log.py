"""The game log in plain words, as the table shows it and `simulate --log` prints it.

Each move is said by the match as entries (`Match.entries`: data made once
by the game's presentation, as the viewer may know them) and becomes lines the
way players read a log: one line per entry, about the seat the entry is about
(an entry about nobody, "Turn 3: P1", stands alone), a run of counted entries
("draws a card") said once per seat, a run of the same words by several seats
one line ("P3, P4 and P5 pass"), a line said again by the same seat
counted ("P1 taps Ember Font (x3)"), and so a seat's run of entries said
alike but for the cards they name, its cards after the count ("P1 puts a card
at the bottom of the Secondary Library (x2): Weathered Totem and Undertow"; a
counted run adds up: "draws 2 cards"), a seat's run of listed entries one
line ("P2 discards Silver Tongue and Council of Clans"), a part of a turn in which nothing
happens ("P2's travel act", then only passes: the game's `headings` and
`idle` kinds) left out, and a run of idle entries ("P1 passes", "P2 passes
the first act", "P1 passes") one line ("P1 and P2 pass"), gone when a seat's
line or the next part follows (that says nobody answered) and kept before a
line about nobody (what the passes let happen: "Riptide Ambusher travels to
b2"). Nothing here reads words: lines are grouped and folded by the
entries' fields, and worded by the presentation.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Protocol

from shrinetable.engine import SECRET, Entry, Presentation, listing

from .session import Applied


class Said(Protocol):
    """What a log is made from: a match, local or remote."""

    @property
    def present(self) -> Presentation: ...

    @property
    def history(self) -> list[Applied]: ...

    def entries(self, applied: Applied, viewer: int | None) -> list[Entry]: ...


def _merged(a: Entry, b: Entry) -> Entry:
    """Two counted entries of one seat as one ("draws a card" twice: "draws 2 cards")."""
    seen = None if a.visible_to is None or b.visible_to is None else a.visible_to
    if seen is not None and b.visible_to is not None:
        seen = tuple(sorted({*seen, *b.visible_to}))
    return replace(
        a,
        cards=a.cards + b.cards,
        numbers=(sum(a.numbers) + sum(b.numbers),),
        visible_to=seen,
        named=a.named and b.named,
    )


def grouped(entries: list[Entry]) -> list[Entry]:
    """A run of counted entries with the same kind and verb (a deal's draws,
    seat after seat) said once per seat, in the order the seats came."""
    out: list[Entry] = []
    run: dict[int | None, Entry] = {}
    for e in entries:
        head = next(iter(run.values()), None)
        if e.counted and (head is None or (head.kind, head.words) == (e.kind, e.words)):
            old = run.get(e.seat)
            run[e.seat] = e if old is None else _merged(old, e)
            continue
        out += run.values()
        run = {}
        if e.counted:
            run[e.seat] = e
        else:
            out.append(e)
    return out + list(run.values())


@dataclass
class Line:
    """One line of the log: the seats it is about (several for folded passes,
    none for a line about nobody), its words after their names (`joint`: the
    same said of several seats), the notation of the move it begins ('' for a
    move's later lines), whether it only says a secret choice was made, and
    how many times in a row it was said, and its entry (a listed one's cards
    grow as the seat's run goes on)."""

    seats: list[int]
    words: str
    text: str
    secret: bool = False
    times: int = 1
    joint: str = ""
    entry: Entry | None = None
    names: str = ""  # a run's cards, said after its count ("(x2): Totem and Undertow")

    @property
    def kind(self) -> str:
        return "" if self.entry is None else self.entry.kind

    def said(self) -> str:
        """Its words (said of several seats in the plural: "P2 and P3 pass"),
        the count of a repeated line after them, then the cards of a run that
        names them ("puts a card at the bottom (x2): Totem and Undertow")."""
        words = self.joint if len(self.seats) > 1 else self.words
        words = f"{words} (x{self.times})" if self.times > 1 else words
        return f"{words}: {self.names}" if self.names else words


def _listed(present: Presentation, last: Line, line: Line) -> Entry | None:
    """The entry saying `last` and `line` as one, when both are one seat's
    listed entries of one kind ("discards Silver Tongue", then "discards
    Council of Clans": "discards Silver Tongue and Council of Clans")."""
    a, b = last.entry, line.entry
    if a is None or b is None or last.times > 1 or not (present.lists(a) and present.lists(b)):
        return None
    if (a.seat, a.kind, a.words, a.visible_to) != (b.seat, b.kind, b.words, b.visible_to):
        return None
    return replace(a, cards=a.cards + b.cards)


def _alike(last: Line, line: Line) -> Entry | None:
    """The entry saying `last` and `line` as one, when both are one seat's
    entries of one kind said in the same words but for their cards: counted
    ones as their sum ("draws 2 cards"), ones naming their cards as a run of
    them (`last` said again, each card named once, in the order they came)."""
    a, b = last.entry, line.entry
    if a is None or b is None or len(last.seats) != 1 or last.secret or line.secret:
        return None
    if (a.seat, a.kind, a.words, a.visible_to, a.counted, a.named) != (
        b.seat,
        b.kind,
        b.words,
        b.visible_to,
        b.counted,
        b.named,
    ):
        return None
    if a.counted:
        return _merged(a, b) if last.times == 1 else None
    return replace(a, cards=a.cards + b.cards) if a.named else None


def names(seats: list[int]) -> str:
    """Seats as a line names them: "P1", "P1 and P2", "P3, P4 and P5"."""
    return listing([f"P{q + 1}" for q in seats])


class Log:
    """The lines of one viewer's log; `add` tells from which line on the log
    changed (the table redraws those lines)."""

    def __init__(self, match: Said, viewer: int | None):
        self.match, self.viewer = match, viewer
        self.lines: list[Line] = []
        self.quiet: int | None = None  # the line beginning a part with nothing in it yet
        self.idle: int | None = None  # the last line, when it says a run of idle entries

    def add(self, applied: Applied) -> int:
        """Add a move's lines; the index of the first line it changed."""
        first = len(self.lines)
        present = self.match.present
        for i, e in enumerate(grouped(self.match.entries(applied, self.viewer))):
            idle = e.kind in present.idle
            if idle and self.quiet is not None:
                continue  # nothing done yet in this part of the turn
            seats = [] if e.seat is None else [e.seat]
            if idle and self.idle is not None:  # one more pass in a run of them
                first = min(first, self._pass(seats, present.phrase(e), present))
                continue
            heading = e.kind in present.headings
            if self.idle is not None and (heading or e.seat is not None):
                del self.lines[self.idle :]  # a seat acts, or the next part: nobody answered
                first = min(first, self.idle)
            self.idle = None  # else the passes stay: what they let happen follows
            if heading and self.quiet is not None:  # the part before it: nothing happened
                del self.lines[self.quiet :]
                first = min(first, self.quiet)
            cause = e.cause if i == 0 else ""
            line = Line(seats, present.phrase(e), cause, e.kind == SECRET, entry=e)
            if idle:  # a run's first: its own line, the one the run folds into
                self.lines.append(line)
                at = len(self.lines) - 1
            else:
                at = self._put(line, present)
            self.quiet = at if heading else None
            self.idle = at if idle else None
            first = min(first, at)
        return first

    def _pass(self, seats: list[int], words: str, present: Presentation) -> int:
        """One more idle entry into the run's line: a seat's latest words while
        it is one seat's, else the seats in the order they came and the game's
        plain pass in the plural ("P2 and P1 pass": its first `idle` kind's
        words); the line's index."""
        line = self.lines[-1]
        if seats == line.seats or not seats:
            line.words = words
        elif seats[0] not in line.seats:
            line.seats.append(seats[0])
        if len(line.seats) > 1:
            plain = present.logged(present.idle[0])
            line.joint = present.together(plain) or plain
        return len(self.lines) - 1

    def clear(self) -> None:
        """No lines (the table makes them again from a later move)."""
        self.lines, self.quiet, self.idle = [], None, None

    def _put(self, line: Line, present: Presentation) -> int:
        """Add `line`, folded into the last one when it says nothing new; the
        index of the line that changed."""
        last = self.lines[-1] if self.lines else None
        if last is not None and (run := _listed(present, last, line)) is not None:
            last.entry, last.words = run, present.phrase(run)
        elif last is not None and (run := _alike(last, line)) is not None:
            last.entry = run
            if run.counted:
                last.words = present.phrase(run)
            else:  # said once, counted, its cards after the count
                last.times += 1
                last.words = present.phrase(replace(run, named=False))
                last.names = listing([present.readable(c) for c in run.cards if c])
        elif last is None or last.secret or line.secret or last.words != line.words:
            self.lines.append(line)
        elif last.seats == line.seats:
            last.times += 1
        elif (
            len(line.seats) == 1
            and last.seats
            and line.seats[0] not in last.seats
            and last.times == 1
            and (joint := present.together(line.words)) is not None
        ):
            last.seats.append(line.seats[0])
            last.joint = joint
        else:
            self.lines.append(line)
        return len(self.lines) - 1

    def text(self, line: Line) -> str:
        """The line in plain text: who, then what."""
        who = names(line.seats)
        return f"{who} {line.said()}" if who else line.said()


def lines(match: Said, viewer: int | None, start: int = 0) -> list[str]:
    """The log of `match` from its move `start` (by default the whole log) as
    `viewer`'s table shows it, in plain text."""
    log = Log(match, viewer)
    for applied in match.history[start:]:
        log.add(applied)
    return [log.text(line) for line in log.lines]
