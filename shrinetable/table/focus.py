"""Keyboard focus on the table: every move a drag or a click makes, made by keys.

Tab / Shift+Tab step over the zones in reading order, the arrows over the
cards of a zone. Taking the focused card either makes the moves a click on it
makes (a card clicked, a pile clicked), or picks it up (with any cards added
to the selection beside it): focus then steps only over the places some
legal move carries those cards to (`gestures.targets`, the drop targets a
drag lights up), and taking one makes the moves a drop there makes
(`gestures.at`). The legal moves' gestures are the only source: nothing here
judges a rule. A picked-up card that a click would also use lists itself
first among the places, so both of its moves stay in reach."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Protocol

import pygame

from shrinetable.adapter import gestures

from . import geometry as geo
from .announce import Seen
from .board import Board, Marks
from .frame import Frame
from .narrate import Narrator

if TYPE_CHECKING:
    from .app import App
    from .pointer import Pointer

Spot = tuple[str, str | None]  # (zone, card name), None: the zone itself


def zone_order(zones: dict[str, pygame.Rect]) -> list[str]:
    """The zones in reading order: by rows (a zone's top), then left to right."""
    return sorted(zones, key=lambda z: (zones[z].top, zones[z].left, z))


def cards_of(placed: list[geo.Placed], zone: str) -> list[geo.Placed]:
    """A zone's cards as drawn, bottom to top (left to right in a row)."""
    return sorted((p for p in placed if p.zone == zone), key=lambda p: p.index)


def target_order(spots: set[Spot], order: list[str], placed: list[geo.Placed]) -> list[Spot]:
    """Legal places in reading order: by zone, the zone before its cards, the
    cards as they lie in it."""
    rank = {z: i for i, z in enumerate(order)}
    where = {(p.zone, p.name): p.index for p in placed if p.name}

    def key(s: Spot) -> tuple:
        return (rank.get(s[0], len(rank)), s[1] is not None, where.get(s, 0), s[1] or "")

    return sorted(spots, key=key)


def step(n: int, at: int | None, by: int) -> int | None:
    """The next place among `n` from `at` (None: none yet), round the end."""
    if n == 0:
        return None
    if at is None:
        return 0 if by > 0 else n - 1
    return (at + by) % n


@dataclass
class Carry:
    """Cards picked up by keys: from where, which, the moves that carry them
    (and the moves a click on the lone card makes), and the places in reach."""

    source: str
    indices: tuple[int, ...]
    held: tuple[str, ...]
    moves: list[gestures.Move]
    clicks: list[gestures.Move]
    spots: list[Spot]
    at: int = 0


class Table(Seen, Protocol):
    """What focus reads of a game table and asks of it (what it says goes
    through the table's narration)."""

    app: App
    board: Board
    marks: Marks
    frame: Frame
    pointer: Pointer
    narrator: Narrator

    def choose(self, found: list[gestures.Move]) -> None: ...
    def say(self, text: str, error: bool = True) -> None: ...


class Focus:
    """Where keyboard focus is on the table (a zone, a card of it) and what
    is carried. `shown` once a focus key was pressed: the ring is drawn then."""

    def __init__(self, table: Table):
        self.s = table
        self.zone: str | None = None
        self.index: int | None = None  # the card's index in its zone (None: the zone)
        self.name: str | None = None  # the card's name, followed when its index moves
        self.carry: Carry | None = None
        self.shown = False

    # -- what is focused -----------------------------------------------------
    def order(self) -> list[str]:
        return zone_order(self.s.board.zones)

    def card(self) -> geo.Placed | None:
        """The focused card as drawn now (found by name first: the zone's
        cards may have moved under it)."""
        if self.zone is None or self.index is None:
            return None
        cards = cards_of(self.s.board.placed, self.zone)
        if not cards:
            return None
        named = [p for p in cards if self.name is not None and p.name == self.name]
        if named:
            return named[0]
        return cards[min(self.index, len(cards) - 1)]

    def spot(self) -> Spot | None:
        """The focused place: the carried cards' target, else the card or zone."""
        if self.carry is not None:
            return self.carry.spots[self.carry.at] if self.carry.spots else None
        if self.zone is None:
            return None
        card = self.card()
        return (self.zone, card.name if card else None)

    def rect(self) -> tuple[pygame.Rect, bool] | None:
        """Where the ring goes, as drawn now, and whether it is a whole zone
        (ringed inside its edge: the labels round it stay clear)."""
        board = self.s.board
        spot = self.spot()
        if spot is None or spot[0] not in board.zones:
            return None
        zone, name = spot
        card = self.card() if self.carry is None else None
        if self.carry is not None and name is not None:
            card = next((p for p in board.placed if p.zone == zone and p.name == name), None)
        return (card.rect, False) if card is not None else (board.zones[zone], True)

    def _focus(self, zone: str, card: geo.Placed | None) -> None:
        self.zone, self.shown = zone, True
        self.index, self.name = (card.index, card.name) if card else (None, None)
        self._tell()

    def _found(self, spot: Spot) -> list[gestures.Move]:
        """The moves dropping the carried cards on `spot` makes (on themselves:
        the click on the lone card)."""
        carry = self.carry
        if carry is None:
            return []
        if carry.clicks and spot == (carry.source, carry.held[0]):
            return carry.clicks
        return gestures.at(carry.moves, *spot)

    def _tell(self) -> None:
        spot = self.spot()
        if self.carry is not None:
            line = f"target {spot[0]} {spot[1] or '-'}" if spot else "target none"
        elif spot is None:
            line = "focus none"
        else:
            card = self.card()
            line = f"focus {spot[0]} {card.index if card else '-'} {spot[1] or '-'}"
        self.s.app.emit(line)
        self.s.narrator.focus(self)  # in words (`narrate`)
        self.s.frame.dirty = True

    # -- moving it -------------------------------------------------------------
    def zone_step(self, by: int) -> None:
        """Tab / Shift+Tab: the next zone (its first card), or the next place."""
        if self.carry is not None:
            self.place_step(by)
            return
        order = self.order()
        if not order:
            return
        if self.zone not in order:
            zone = order[0 if by > 0 else -1]
        else:
            zone = order[(order.index(self.zone) + by) % len(order)]
        cards = cards_of(self.s.board.placed, zone)
        self._focus(zone, cards[0] if cards else None)

    def card_step(self, by: int) -> None:
        """The arrows: the next card of the zone, or the next place."""
        if self.carry is not None:
            self.place_step(by)
            return
        if self.zone not in self.s.board.zones:
            self.zone_step(by)
            return
        cards = cards_of(self.s.board.placed, self.zone)
        if not cards:
            self._tell()
            return
        card = self.card()
        at = step(len(cards), cards.index(card) if card in cards else None, by)
        self._focus(self.zone, cards[at] if at is not None else None)

    def place_step(self, by: int) -> None:
        carry = self.carry
        if carry is None or not carry.spots:
            return
        carry.at = (carry.at + by) % len(carry.spots)
        self._tell()

    # -- selecting, taking, dropping ----------------------------------------------
    def add(self) -> None:
        """Add the focused card to the selection (or take it out), as a click
        selects cards to drag together."""
        card = self.card()
        if self.carry is not None or card is None or not card.name:
            return
        if not self.s.pointer.selectable(card):
            self.s.say("This card is not one to pick up with others.", error=False)
            return
        sel = set(self.s.marks.selected.get(card.zone, ()))
        sel ^= {card.index}
        self.s.marks.selected = {card.zone: frozenset(sel)} if sel else {}
        self.s.app.emit(f"selected {card.zone} {','.join(map(str, sorted(sel))) or '-'}")
        self.s.frame.table_changed()

    def take(self) -> None:
        """Enter or Space: drop what is carried on the focused place; else
        click the focused card or pile, or pick the card up (with the
        selection beside it)."""
        if self.carry is not None:
            self._drop()
            return
        if self.zone is None or self.zone not in self.s.board.zones:
            self.zone_step(1)
            return
        moves, zone = self.s.moves, self.zone
        card = self.card()
        chosen = self.s.marks.selected.get(zone, frozenset())
        name = card.name if card is not None else None
        clicks = gestures.card_clicks(moves, zone, name) if not chosen else []
        indices = tuple(sorted(chosen | ({card.index} if card is not None and name else set())))
        view = self.s.board.view
        names = view.zones[zone].cards if view is not None and zone in view.zones else []
        held = tuple(names[i] or "" for i in indices if i < len(names))
        carried = gestures.for_held(moves, held, zone) if held else []
        if carried:
            self._pick_up(zone, indices, held, carried, clicks)
        elif clicks:
            self.s.choose(clicks)
        elif piles := gestures.clicks(moves, zone):
            self.s.choose(piles)
        else:
            what = "these cards" if len(held) > 1 else "this card" if held else "this place"
            self.s.say(f"No move takes {what} now.", error=False)

    def _pick_up(self, zone, indices, held, carried, clicks) -> None:
        order = self.order()
        spots = target_order(gestures.targets(carried), order, self.s.board.placed)
        if clicks:  # the card itself, first: Enter again clicks it
            spots = [(zone, held[0]), *[s for s in spots if s != (zone, held[0])]]
        self.carry = Carry(zone, indices, held, carried, clicks, spots)
        self.s.marks.selected = {zone: frozenset(indices)}
        self.s.marks.targets = gestures.targets(carried)
        self.s.app.emit(f"carry {zone} {' '.join(held)}")
        self.s.frame.table_changed()
        self._tell()

    def _drop(self) -> None:
        carry, spot = self.carry, self.spot()
        if carry is None or spot is None:
            return
        found = self._found(spot)
        self.cancel()
        self.s.choose(found)

    def cancel(self) -> bool:
        """Esc: put the carried cards back; whether any were carried."""
        if self.carry is None:
            return False
        self.zone = self.carry.source
        self.carry = None
        self.s.marks.selected, self.s.marks.targets = {}, set()
        self.s.app.emit("carry none")
        self.s.frame.table_changed()
        return True

    def reset(self) -> None:
        """A new position: nothing carried (the moves it carried are gone)."""
        if self.carry is not None:
            self.carry = None
            self.s.marks.targets = set()
