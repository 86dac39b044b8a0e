"""Seats on the table: their names and one palette of six colours, used by the
log, the figures beside each player, the edge of the cards they control and the
labels of the deciding seat's zones.

The first two are the colours the table has always used; P3, P4 and P6 follow
the Okabe-Ito set (chosen to stay apart for colour-blind players), lightened to
read on dark green felt; P5 is a lavender (white read as the log's plain text).
A seat's name always goes with its colour, so nothing reads by colour alone.
"""

from __future__ import annotations

COLOURS = (
    (255, 214, 110),
    (143, 211, 255),
    (255, 136, 84),
    (236, 150, 204),
    (190, 170, 255),
    (64, 208, 160),
)


def seat_name(seat: int) -> str:
    return f"P{seat + 1}"


def kind_word(kind: str, viewer: bool) -> str:
    """Who plays a seat, as said beside its name everywhere on the table: "you"
    for the viewer's own seat when a person here plays it, else the match's word."""
    return "you" if viewer and kind == "human" else kind


def seat_colour(seat: int) -> tuple[int, int, int]:
    return COLOURS[seat % len(COLOURS)]
