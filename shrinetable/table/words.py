"""The game log's lines: who (in their seat's colour), then what happened in
plain words, once. The notation (for bug reports) is shown on request."""

from __future__ import annotations

import html

from .seats import seat_colour, seat_name

NOTATION = "#8fa89c"  # the notation's colour, quieter than the words


def log_line(
    seat: int | None,
    text: str,
    said: list[str],
    secret: bool = False,
    notation: bool = False,
    also: tuple[int, ...] = (),
) -> str:
    """One log entry in pygame_gui's HTML subset. `said` is the move in plain
    words (its events, or its button label when it has none); a leading
    "P1 " is left out, as the line starts with the seat's name; `also` are the
    seats whose passes were folded into the line ("P3, P4 and P5 pass"). A
    secret move shows only that it was made: the log is shared at one device,
    so not even its maker's line says it. `notation` adds the move's text in
    brackets. `seat` None: a line naming no seat first ("Turn 3: P1")."""
    name = seat_name(seat) if seat is not None else ""
    words = [s for s in said if s]
    if words and not secret and words[0].lower().startswith(name.lower() + " "):
        words[0] = words[0][len(name) + 1 :]
    body = "; ".join(html.escape(w) for w in words)
    if secret:
        body = "commits a secret choice" + (f"; {body}" if body else "")
    line = f"<font color='#ffffff'>{body}</font>"
    if seat is not None:
        names = [
            "<font color='#{:02x}{:02x}{:02x}'><b>{}</b></font>".format(
                *seat_colour(q), seat_name(q)
            )
            for q in (seat, *also)
        ]
        who = names[0] if len(names) == 1 else f"{', '.join(names[:-1])} and {names[-1]}"
        line = f"{who} {line}"
    if notation and not secret and text:
        line += f" <font color='{NOTATION}'>[{html.escape(text)}]</font>"
    return line
