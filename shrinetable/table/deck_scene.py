"""The deck builder screen, for any game that declares its deck rules: the card
pool drawn with the table's card faces (filters down the left, search and sort
on top), the deck beside it with its counts and the game's own rules checked
live, the figures under the pool, and the files below the deck.

A card is added by a click, by dragging it onto the deck, or by Enter on the
card the arrow keys chose; taken out by a click on its line in the deck, a
right click on it in the pool, dragging its line off the deck, or Delete.
"""

from __future__ import annotations

import json
import time
from typing import Any

import pygame
import pygame_gui
from pygame_gui.core import ObjectID
from pygame_gui.elements import (
    UIButton,
    UIDropDownMenu,
    UITextEntryLine,
    UIWindow,
)

from shrinetable.adapter.deckdesk import Desk, deck_games

from . import deck_commands, deck_drawing
from .art import floor_px
from .deck_drawing import pool_card
from .fare_panel import FarePanel
from .theme import font_class, palette

ZOOM_S = 0.6  # the pointer rests this long on a card: it is shown large
BUTTONS = (
    ("New", "new"),
    ("Open\u2026", "open"),
    ("Save", "save"),
    ("Rename", "rename"),
    ("Duplicate", "duplicate"),
    ("Delete", "delete"),
    ("Undo", "undo"),
    ("Export\u2026", "export"),
    ("Paste list", "paste"),
    ("Copy list", "copy"),
    ("Import\u2026", "import"),
    ("Play \u25b6", "play"),
)


class DeckScene:
    """The deck builder of `game` (by name) for the App `app`."""

    cols: int  # the pool's grid as last drawn (deck_drawing.draw_pool): the arrow keys' steps
    rows_shown: int

    def __init__(self, app, game: str):
        self.app = app
        self.games = deck_games(app.cards)
        chosen = next((g for g in self.games if g.name == game), self.games[0])
        self.desk = Desk(chosen)
        self.dirty = True
        self.message, self.error = self.desk.restore(), False
        self.scroll = 0  # pool rows scrolled past
        self.side_scroll = 0  # filter lines scrolled past
        self.deck_scroll = 0
        self.cursor = 0  # the pool card the keys act on
        self.where = self.desk.shape.picks[0] if self.desk.shape.picks else None
        self.turn, self.hand = 3, 7
        self.hover: str | None = None  # the pool card the pointer rests on, since when
        self.hover_at = 0.0
        self.zoomed = False  # that card is shown large
        self.chart = 0  # which tally the third chart shows (`charts`)
        self.press: tuple[tuple, tuple[int, int]] | None = None  # what the pointer went down on
        self.pointer = (0, 0)
        self.hits: list[tuple[pygame.Rect, tuple]] = []
        self.sections: list[tuple[int, str]] = []  # where each place of the deck begins
        self.actions: dict[Any, tuple] = {}
        self.window: UIWindow | None = None
        self.picks: dict[str, Any] = {}
        self.asking: str | None = None  # a file dialog's purpose: "import", "export"
        self.traced = ""
        files = self.desk.files
        self.fare = FarePanel(  # "How does it fare?", over the pool when shown
            app.fonts,
            app.fare,
            chosen.name,
            lambda: self.desk.build.deck(files.model, files.game),
            self.show_fare,
        )
        self.fare_shown = False
        self.build_ui()

    # -- the layout ---------------------------------------------------------------
    def build_ui(self) -> None:
        m = self.app.manager
        m.clear_and_reset()
        self.actions, self.window = {}, None
        w, h = self.app.screen.get_size()
        self.app.fonts.floor = floor_px((w, h), self.app.fonts.scale)
        u = self.u = min(w / 1280, h / 720)
        self.px = max(self.app.fonts.floor, round(14 * u))
        font = ObjectID(class_id=font_class(self.px))
        self.top = round(50 * u)
        self.side = pygame.Rect(0, self.top, round(210 * u), h - self.top)
        self.deck_rect = pygame.Rect(w - round(390 * u), self.top, round(390 * u), 0)
        self.buttons = pygame.Rect(self.deck_rect.left, h - round(128 * u), self.deck_rect.w, 0)
        self.buttons.h = h - self.buttons.top
        self.deck_rect.h = self.buttons.top - self.top
        self.charts = pygame.Rect(
            self.side.right, h - round(176 * u), self.deck_rect.left - self.side.right, 0
        )
        self.charts.h = h - self.charts.top
        self.pool_rect = pygame.Rect(
            self.side.right, self.top, self.charts.w, self.charts.top - self.top
        )
        row = round(34 * u)
        y = (self.top - row) // 2
        titles: list[str | tuple[str, str]] = [g.title for g in self.games]
        self.game_menu = UIDropDownMenu(
            titles,
            self.desk.game.title,
            pygame.Rect(round(8 * u), y, round(250 * u), row),
            m,
            object_id=font,
        )
        self.search = UITextEntryLine(
            pygame.Rect(round(270 * u), y, round(270 * u), row),
            m,
            object_id=font,
            placeholder_text="search: words, type:unit, cost<=2",
        )
        self.search.set_text(self.desk.pool.search)
        sorts: list[str | tuple[str, str]] = [self._sort_words(s) for s in self.desk.pool.sorts()]
        self.sort_menu = UIDropDownMenu(
            sorts,
            self._sort_words(self.desk.pool.sort),
            pygame.Rect(round(550 * u), y, round(170 * u), row),
            m,
            object_id=font,
        )
        fare = UIButton(
            pygame.Rect(round(730 * u), y, round(150 * u), row),
            "How does it fare?",
            m,
            object_id=font,
            tool_tip_text="Play this deck against each starter deck: its win rates",
        )
        self.actions[fare] = ("fare",)
        self.fare.layout(self.pool_rect, self.px)
        self.name_entry = UITextEntryLine(
            pygame.Rect(self.deck_rect.left + 6, y, self.deck_rect.w - round(100 * u), row),
            m,
            object_id=font,
        )
        self.name_entry.set_text(self.desk.build.name)
        back = UIButton(
            pygame.Rect(w - round(86 * u), y, round(80 * u), row), "Back", m, object_id=font
        )
        self.actions[back] = ("back",)
        cols, gap = 4, 4
        bw = (self.buttons.w - 12 - gap * (cols - 1)) // cols
        bh = (self.buttons.h - 12 - gap * 2) // 3
        for i, (text, cmd) in enumerate(BUTTONS):
            r = pygame.Rect(
                self.buttons.left + 6 + (i % cols) * (bw + gap),
                self.buttons.top + 6 + (i // cols) * (bh + gap),
                bw,
                bh,
            )
            b = UIButton(r, text, m, object_id=font)
            self.actions[b] = (cmd,)
        self.dirty = True

    def _sort_words(self, key: str) -> str:
        if key == "name":
            return "Sort: name"
        f = self.desk.pool.facet(key)
        return f"Sort: {f.label.lower() if f else key}"

    # -- what a pointer or key does ------------------------------------------------
    def _hit(self, pos) -> tuple:
        for rect, what in reversed(self.hits):
            if rect.collidepoint(pos):
                return what
        return ()

    def handle(self, event, consumed: bool) -> None:
        t = event.type
        if self.fare_shown and self._on_fare(event, consumed):
            return
        if t == pygame_gui.UI_BUTTON_PRESSED and event.ui_element in self.actions:
            deck_commands.command(self, self.actions[event.ui_element])
        elif t == pygame_gui.UI_TEXT_ENTRY_CHANGED and event.ui_element is self.search:
            self.desk.pool.search = self.search.get_text()
            self.scroll = self.cursor = 0
        elif t == pygame_gui.UI_TEXT_ENTRY_CHANGED and event.ui_element is self.name_entry:
            self.desk.rename_build(self.name_entry.get_text())
        elif t == pygame_gui.UI_DROP_DOWN_MENU_CHANGED and event.ui_element is self.game_menu:
            game = next(g for g in self.games if g.title == event.text)
            self.fare.close()
            self.app.scene = DeckScene(self.app, game.name)
        elif t == pygame_gui.UI_DROP_DOWN_MENU_CHANGED and event.ui_element is self.sort_menu:
            sorts = self.desk.pool.sorts()
            self.desk.pool.sort = next(s for s in sorts if self._sort_words(s) == event.text)
        elif t == pygame_gui.UI_SELECTION_LIST_NEW_SELECTION and event.text in self.picks:
            deck_commands.command(self, ("opened", self.picks[event.text]))
        elif t == pygame_gui.UI_FILE_DIALOG_PATH_PICKED and self.asking:
            deck_commands.file_picked(self, self.asking, event.text)
        elif t == pygame_gui.UI_WINDOW_CLOSE and event.ui_element is self.window:
            self.window = None
        elif t == pygame.MOUSEBUTTONDOWN and not consumed and event.button in (1, 3):
            what = self._hit(event.pos)
            self.press = (what, event.pos) if what else None
            self.zoomed = False
        elif t == pygame.MOUSEMOTION:
            self.pointer = event.pos
            if self.press is not None:
                self.dirty = True
            self._rest(pool_card(self._hit(event.pos)) if self.press is None else None)
        elif t == pygame.MOUSEBUTTONUP and event.button in (1, 3) and self.press is not None:
            self._release(self.press, event.pos, event.button)
            self.press = None
        elif t == pygame.MOUSEWHEEL and not consumed:
            self._wheel(event.y)
        elif t == pygame.KEYDOWN and not self._typing():
            self._key(event)
        elif t == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self._escape()

    def _on_fare(self, event, consumed: bool) -> bool:
        """The panel's own events, and the pointer's over it (not the pool's)."""
        over = hasattr(event, "pos") and self.fare.rect.collidepoint(event.pos) and not consumed
        if self.fare.handle(event, time.monotonic()) or over:
            self.dirty = True
            return event.type != pygame.MOUSEMOTION or over
        return False

    def show_fare(self, shown: bool = False) -> None:
        """Show the panel (measuring at once the first time) or hide it."""
        self.fare_shown = shown
        if shown and self.fare.last is None and not self.fare.running:
            self.fare.start()
        self.dirty = True

    def _typing(self) -> bool:
        return self.search.is_focused or self.name_entry.is_focused or self.window is not None

    def _release(self, press: tuple, pos, button: int) -> None:
        what, start = press
        moved = abs(pos[0] - start[0]) + abs(pos[1] - start[1]) > 8
        cid = pool_card(what)
        if cid and moved and self.deck_rect.collidepoint(pos):
            self._add(cid, self._table_at(pos))
        elif cid and not moved:
            self.cursor = max(0, self._shown().index(cid)) if cid in self._shown() else 0
            if button == 1:
                self._add(cid, self.where)
            else:
                self.desk.remove(cid)
        elif what and what[0] == "line" and (not moved or not self.deck_rect.collidepoint(pos)):
            if button == 3 and not moved:
                self._add(what[1], what[2])
            else:
                self.desk.remove(what[1], what[2])
        elif what and what[0] == "filter" and not moved:
            self.desk.pool.toggle(what[1], what[2])
            self.scroll = self.cursor = 0
        elif what and what[0] == "place" and not moved:
            self.where = what[1]
        elif what and what[0] == "chart" and not moved:
            self.chart += 1
        elif what and what[0] == "turn" and not moved:
            self.turn = max(1, min(30, self.turn + what[1]))
        elif what and what[0] == "hand" and not moved:
            self.hand = max(0, min(15, self.hand + what[1]))

    def _table_at(self, pos) -> str | None:
        """The table or place of the deck under `pos` (its heading's section)."""
        found = None
        for top, name in self.sections:
            if top <= pos[1]:
                found = name
        return found or self.where

    def _add(self, cid: str, where: str | None) -> None:
        """`cid` into `where`; a single card's place chosen, the next cards go
        into the first table once the single card is chosen."""
        self.desk.add(cid, where)
        name = self.desk.cards[cid].name
        if where in self.desk.shape.picks:
            self.where = self.desk.shape.tables[0]
            self.say(f"{name} chosen as the {where.title()}")
        else:
            self.say(f"{name} added: {self.desk.build.count(cid)} in the deck")

    def _wheel(self, dy: int) -> None:
        if self.side.collidepoint(self.pointer):
            self.side_scroll = max(0, self.side_scroll - dy)
        elif self.deck_rect.collidepoint(self.pointer):
            self.deck_scroll = max(0, self.deck_scroll - dy)
        else:
            self.scroll = max(0, self.scroll - dy)

    def _key(self, event) -> None:
        shown = self._shown()
        ctrl = event.mod & pygame.KMOD_CTRL
        step = {
            pygame.K_LEFT: -1,
            pygame.K_RIGHT: 1,
            pygame.K_UP: -self.cols,
            pygame.K_DOWN: self.cols,
        }
        if event.key in step and shown:
            self.cursor = max(0, min(len(shown) - 1, self.cursor + step[event.key]))
            row = self.cursor // self.cols
            self.scroll = min(max(self.scroll, row - self.rows_shown + 1), row)
        elif event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_PLUS, pygame.K_EQUALS):
            if shown:
                self._add(shown[min(self.cursor, len(shown) - 1)], self.where)
        elif event.key in (pygame.K_DELETE, pygame.K_MINUS, pygame.K_BACKSPACE) and shown:
            self.desk.remove(shown[min(self.cursor, len(shown) - 1)])
        elif event.key == pygame.K_SLASH:
            self.search.focus()
        elif ctrl and event.key == pygame.K_s:
            deck_commands.command(self, ("save",))
        elif ctrl and event.key == pygame.K_z:
            deck_commands.command(self, ("undo",))
        elif ctrl and event.key == pygame.K_v:
            deck_commands.command(self, ("paste",))
        elif ctrl and event.key == pygame.K_c:
            deck_commands.command(self, ("copy",))
        elif event.key == pygame.K_ESCAPE:
            self._escape()

    def _escape(self) -> None:
        if self.window is not None:
            deck_commands.close(self)
        elif self.fare_shown:
            self.show_fare(False)
        elif self.search.is_focused or self.name_entry.is_focused:
            self.search.unfocus()
            self.name_entry.unfocus()
        else:
            deck_commands.command(self, ("back",))

    def say(self, text: str, error: bool = False) -> None:
        self.message, self.error = text, error
        self.dirty = True

    # -- the scene's contract -------------------------------------------------------
    def resize(self, size) -> None:
        self.build_ui()

    def deadline(self) -> float | None:
        if self.dirty:
            return 0.0
        due = [d for d in (self.fare.deadline(), self._zoom_due()) if d is not None]
        return min(due) if due else None

    def _rest(self, cid: str | None) -> None:
        """The pointer is on `cid` (None: on no card of the pool) from now."""
        if cid != self.hover:
            self.hover, self.hover_at = cid, time.monotonic()
            if self.zoomed:
                self.zoomed, self.dirty = False, True

    def _zoom_due(self) -> float | None:
        """When the card the pointer rests on is shown large, if one is."""
        return self.hover_at + ZOOM_S if self.hover and not self.zoomed else None

    def needs_frame(self) -> bool:
        return self.dirty

    def update(self, now: float) -> None:
        """A measurement moves on its own here, and the card the pointer rests
        on grows to be read whole."""
        if self.fare.update(now) and self.fare_shown:
            self.dirty = True
        due = self._zoom_due()
        if due is not None and now >= due and self.press is None:
            self.zoomed, self.dirty = True, True

    def keep(self) -> None:
        """The draft is kept at each change (`Desk.keep`)."""

    def may_quit(self) -> bool:
        return True

    def trace(self) -> None:
        """With --trace, the deck and where things are, when they change (tests);
        after a frame, so the places said are those drawn."""
        if not self.app.trace:
            return
        line = json.dumps(self.traced_state(), separators=(",", ":"))
        if line != self.traced:
            self.traced = line
            self.app.emit("builder " + line)

    def traced_state(self) -> dict[str, Any]:
        cards = {w[1]: r.center for r, w in self.hits if w and w[0] == "card"}
        lines = {w[1]: r.center for r, w in self.hits if w and w[0] == "line"}
        places = {w[1]: r.center for r, w in self.hits if w and w[0] == "place"}
        return {
            "game": self.desk.game.name,
            "size": self.desk.build.size(),
            "fields": self.desk.build.fields(),
            "faults": self.desk.said(),
            "saved": self.desk.saved_as,
            "message": self.message,
            "cards": cards,
            "lines": lines,
            "places": places,
            "deck": self.deck_rect.center,
            "buttons": {cmd[0]: b.rect.center for b, cmd in self.actions.items() if b.alive()},
            "search": self.search.rect.center,
            "query": self.desk.pool.search,
            "window": self.window is not None,
            "fare": self.fare.traced() if self.fare_shown else None,
        }

    # -- drawing ---------------------------------------------------------------------
    def _shown(self) -> list[str]:
        return self.desk.pool.shown()

    def draw(self, screen: pygame.Surface):
        screen.fill(palette().backdrop)
        self.hits, self.sections = [], []
        deck_drawing.draw_side(self, screen)
        deck_drawing.draw_pool(self, screen)
        deck_drawing.draw_charts(self, screen)
        deck_drawing.draw_deck(self, screen)
        if self.fare_shown:
            self.fare.draw(screen)
        deck_drawing.draw_drag(self, screen)
        deck_drawing.draw_zoom(self, screen)
        self.app.manager.draw_ui(screen)
        self.dirty = False
        self.trace()
        return None
