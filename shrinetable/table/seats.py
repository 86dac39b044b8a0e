"""Seats on the table: their names and one palette of six colours, used by the
log, the figures beside each player and the edge of the cards they control.

The first two are the colours the table has always used; the rest follow the
Okabe-Ito set (chosen to stay apart for colour-blind players), lightened to read
on dark green felt. A seat's name always goes with its colour, so nothing reads
by colour alone.
"""

from __future__ import annotations

COLOURS = ((255, 214, 110), (143, 211, 255), (255, 136, 84), (236, 150, 204),
           (240, 240, 240), (64, 208, 160))


def seat_name(seat: int) -> str:
    return f"P{seat + 1}"


def seat_colour(seat: int) -> tuple[int, int, int]:
    return COLOURS[seat % len(COLOURS)]
