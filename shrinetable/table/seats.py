"""Seats on the table: their names and colours (the theme's six), used by the
log, the figures beside each player, the edge of the cards they control and the
labels of the deciding seat's zones. A seat's name always goes with its colour,
and the edge of a card it controls has the seat's own pattern (`EDGES`), so
nothing reads by colour alone."""

from __future__ import annotations

from .theme import palette

# the dashes of a controlled card's edge, by seat: (dash, gap) in shares of the
# card's shorter side; (1, 0) a solid line
EDGES = ((1.0, 0.0), (0.2, 0.12), (0.06, 0.08), (0.3, 0.06), (0.12, 0.2), (0.4, 0.2))


def seat_name(seat: int) -> str:
    return f"P{seat + 1}"


def kind_word(kind: str, viewer: bool) -> str:
    """Who plays a seat, as said beside its name everywhere on the table: "you"
    for the viewer's own seat when a person here plays it, else the match's word."""
    return "you" if viewer and kind == "human" else kind


def seat_colour(seat: int) -> tuple[int, int, int]:
    seats = palette().seats
    return seats[seat % len(seats)]
