"""The game log's lines: who (in their seat's colour), then what happened in
plain words, once. The notation (for bug reports) is shown on request.

A line is made as styled runs (`widgets.Rich`) straight from the log's line:
no markup is written to be parsed again."""

from __future__ import annotations

from shrinetable.adapter.log import Line

from .seats import seat_colour, seat_name
from .theme import palette, rgb
from .widgets import Rich, Run


def log_line(line: Line, notation: bool = False) -> Rich:
    """One log line as styled runs: the names of the seats it is about (the
    seats whose passes were folded into it: "P3, P4 and P5 pass") each bold in
    its colour, then its words. `notation` adds the move's text in brackets
    (never a secret move's)."""
    runs: list[Run] = []
    between = rgb("normal_text")
    for i, q in enumerate(line.seats):
        if i:
            runs.append((" and " if i == len(line.seats) - 1 else ", ", between, False))
        runs.append((seat_name(q), seat_colour(q), True))
    runs.append(((" " if runs else "") + line.said(), palette().text, False))
    if notation and not line.secret and line.text:
        runs.append((f" [{line.text}]", palette().quiet, False))
    return tuple(runs)
