"""The pointer on a game scene's table: a press becomes a click (a card or zone
that makes a move, a card selected to drag with others) or a drag (held
cards, their legal targets, a drop that makes a move or says why not). Only
moves the match lists are made; the rest is explained in the engine's words."""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Protocol

import pygame

from shrinetable.adapter import gestures
from shrinetable.adapter.port import Answer, MatchPort
from shrinetable.engine import View

from . import geometry as geo
from .board import Board, Marks
from .frame import Frame
from .motion import Drag, Flyer, Press, far, group_offsets
from .zoom import Zoom

if TYPE_CHECKING:
    from .app import App
    from .helpers import Aid
    from .painter import Painter


class Table(Protocol):
    """What the pointer reads and moves on a game table: its board and marks,
    the press and the drag it holds, the legal moves of the viewer, the cards
    it sends flying back; and what it asks of the table (a move chosen, a
    word said, a question's answer awaited)."""

    app: App
    match: MatchPort
    board: Board
    marks: Marks
    frame: Frame
    zoom: Zoom
    painter: Painter
    aid: Aid
    viewer: int
    moves: list[gestures.Move]
    press: Press | None
    drag: Drag | None
    flyers: list[Flyer]
    drop_from: tuple[str, pygame.Rect] | None

    def view(self) -> View: ...
    def choose(self, found: list[gestures.Move]) -> None: ...
    def say(self, text: str, error: bool = True) -> None: ...
    def when(self, answer: Answer[Any], then: Callable[[Any], None]) -> None: ...


class Pointer:
    """Reads and sets the table's `press`, `drag` and `marks`."""

    def __init__(self, table: Table):
        self.s = table

    def handle(self, event: pygame.event.Event, consumed: bool) -> None:
        """A mouse event over the table (no window open over it)."""
        s, t = self.s, event.type
        if t == pygame.MOUSEBUTTONDOWN and event.button == 3 and not consumed:
            s.zoom.right_click(event.pos)
        elif t == pygame.MOUSEBUTTONDOWN and event.button == 1 and not consumed:
            card = s.board.card_at(event.pos)
            s.press = Press(event.pos, card, s.board.zone_at(event.pos))
        elif t == pygame.MOUSEMOTION:
            if s.board.hover(event.pos):  # a crowded zone opens or closes
                s.frame.table_changed()
                s.app.emit(f"opened {s.board.opened}" if s.board.opened else "closed")
            s.zoom.motion(event.pos)
            s.painter.legend(event.pos)
            s.painter.how(event.pos)
            if s.drag is not None:
                self.move(event.pos)
            elif s.press is not None and far(s.press.pos, event.pos):
                self.start_drag(event.pos)
        elif t == pygame.MOUSEBUTTONUP and event.button == 1:
            if s.drag is not None:
                self.drop(event.pos)
            elif s.press is not None and not consumed:
                self.click(s.press)
            s.press = None

    def _draggable(self, card: geo.Placed) -> bool:
        """The viewer's own cards in the zones the game names (a refused drop is
        explained), and any card a legal move drags (a creature from its site)."""
        kind, _, seat = card.zone.partition(":")
        return (kind in self.s.match.present.drag_from and seat == str(self.s.viewer)) or (
            card.zone,
            card.name,
        ) in self.s.marks.playable

    def click(self, press: Press) -> None:
        card = press.card
        on_card = gestures.card_clicks(self.s.moves, card.zone, card.name) if card else []
        if on_card:  # tap a source, choose a card to sacrifice, top or bottom...
            self.s.choose(on_card)
            return
        if card is not None and card.name and self.selectable(card):
            self._unhint(card)
            sel = set(self.s.marks.selected.get(card.zone, ()))
            sel ^= {card.index}
            self.s.marks.selected = {card.zone: frozenset(sel)} if sel else {}
            self.s.frame.table_changed()
            return
        zone = card.zone if card is not None else press.zone
        if zone is None:
            if self.s.marks.selected:  # a click on the bare table lets go of the selection
                self.s.marks.selected = {}
                self.s.frame.table_changed()
            return
        found = gestures.clicks(self.s.moves, zone)
        self.s.choose(found)

    def _unhint(self, card: geo.Placed) -> None:
        """Hint raised its move's cards as if selected; picking up or selecting
        another card ends that selection (three cards went with the drag, and
        the drop was refused)."""
        s = self.s
        if s.aid.hinted is not None and card.index not in s.marks.selected.get(card.zone, ()):
            s.aid.hinted = None
            s.marks.selected, s.marks.targets = {}, set()

    def selectable(self, card: geo.Placed) -> bool:
        """Whether a click selects `card` (to drag it with others): any card in
        the viewer's hand, and elsewhere a card that some legal move carries out
        of its zone together with other cards (several Starting cards at once)."""
        return card.zone == self.s.match.hand(self.s.viewer) or any(
            len(m.gesture.cards) > 1
            and m.gesture.source == card.zone
            and card.name in m.gesture.cards
            for m in self.s.moves
        )

    def start_drag(self, pos: tuple[int, int]) -> None:
        press = self.s.press
        if press is None:
            return
        view = self.s.view()
        card = press.card
        if card is not None and card.name and self._draggable(card):
            self._unhint(card)
            # the dragged card joins any cards selected beside it (select 9S, drag 9D)
            indices = tuple(
                sorted(self.s.marks.selected.get(card.zone, frozenset()) | {card.index})
            )
            names = view.zones[card.zone].cards
            held = tuple(names[i] or "" for i in indices)  # the viewer's: shown
            source = card.zone
            moves = gestures.for_held(self.s.moves, held, source)
            by_index = {p.index: p for p in self.s.board.placed if p.zone == source}
            origins = [by_index[i].rect for i in indices]
            images = [
                self.s.app.art.card(
                    names[i], self.s.board.card_size(source), self.s.board.rotation(source)
                )
                for i in indices
            ]
        elif card is not None and press.zone is not None and self._pile_moves(press.zone):
            # a card-less gesture (draw, take): drag the pile's top card
            source, held, indices = press.zone, (), ()
            moves = self._pile_moves(source)
            origins = [card.rect]
            images = [self.s.app.art.card(card.name, self.s.board.card_size(source))]
        else:
            self.s.press = None
            return
        offsets = group_offsets(
            origins,
            press.pos,
            card.index if card else None,
            indices,
            [img.get_size() for img in images],
            self.s.app.screen.get_rect(),
        )
        self.s.drag = Drag(
            source, held, indices, list(zip(images, offsets, strict=True)), origins, moves, pos
        )
        self.s.marks.targets = gestures.targets(moves)
        self.s.marks.lifted = {(source, i) for i in indices}
        self.s.frame.table_changed()

    def _pile_moves(self, zone: str | None) -> list[gestures.Move]:
        """Card-less moves dragged out of a pile (drawing from a deck)."""
        return [
            m
            for m in self.s.moves
            if not m.gesture.cards and m.gesture.source == zone and m.gesture.target is not None
        ]

    def move(self, pos: tuple[int, int]) -> None:
        drag = self.s.drag
        if drag is None:
            return
        drag.pos = pos
        if not self.s.frame.dirty:
            self.s.frame.partial.append(drag.bounds())

    def _end_drag(self) -> None:
        self.s.drag = None
        self.s.marks.targets = set()
        self.s.marks.lifted = set()
        self.s.frame.table_changed()

    def cancel_drag(self) -> None:
        drag = self.s.drag
        if drag is None:
            return
        now = time.monotonic()
        for (img, (dx, dy)), origin in zip(drag.images, drag.origins, strict=True):
            start = img.get_rect(topleft=(drag.pos[0] + dx, drag.pos[1] + dy))
            self.s.flyers.append(Flyer(img, start, origin, now, 0.18))
        self._end_drag()

    def drop(self, pos: tuple[int, int]) -> None:
        drag = self.s.drag
        if drag is None:
            return
        lifted = self.s.marks.lifted
        under = self.s.board.card_at(pos, lifted)
        zone = under.zone if under is not None else self.s.board.zone_at(pos)
        found = gestures.at(drag.moves, zone, under.name if under else None)
        if found:
            self.s.drop_from = (drag.source, drag.bounds())
            self._end_drag()
            self.s.choose(found)
            return
        self.cancel_drag()
        if zone == drag.source or (not drag.held and zone is None):
            return
        present = self.s.match.present
        if not drag.held:
            self._refused(present.pile_hint)
            return
        card = under.name if under else None
        self.s.when(
            self.s.match.ask_why(self.s.viewer, drag.held, drag.source, zone, card), self._refused
        )

    def _refused(self, reason: str) -> None:
        """Say why a drop made no move (when the match's answer comes)."""
        self.s.app.emit(f"refused {reason}")
        self.s.say(self.s.match.present.readable(reason))
