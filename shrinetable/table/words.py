"""The game log's lines: who (in their seat's colour), the notation, then what
happened in plain words."""

from __future__ import annotations

import html

from .seats import seat_colour, seat_name


def log_line(seat: int, text: str, events: list[str], secret: bool = False) -> str:
    """One log entry in pygame_gui's HTML subset. A secret move shows only that it
    was made: the log is shared at one device, so not even its maker's line says it."""
    colour = "#{:02x}{:02x}{:02x}".format(*seat_colour(seat))
    said = "; ".join(html.escape(e) for e in events)
    move = ("<font color='#b8c8c0'>commits a secret choice</font>" if secret
            else f"<font color='#ffffff'>{html.escape(text)}</font>")
    return (f"<font color='{colour}'><b>{seat_name(seat)}</b></font> {move}"
            + (f"<br><font color='#b8c8c0'>  {said}</font>" if said else ""))
