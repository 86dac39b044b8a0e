"""The deck builder screen, for any game that declares its deck rules: the card
pool drawn with the table's card faces (filters down the left, search and sort
on top), the deck beside it with its counts and the game's own rules checked
live, the figures under the pool, and the files below the deck.

A card is added by a click, by dragging it onto the deck, or by Enter on the
card the arrow keys chose; taken out by a click on its line in the deck, a
right click on it in the pool, dragging its line off the deck, or Delete.
"""

from __future__ import annotations

import html
import json
import time
from pathlib import Path
from typing import Any

import pygame
import pygame_gui
from pygame_gui.core import ObjectID
from pygame_gui.core.utility import clipboard_copy, clipboard_paste
from pygame_gui.elements import (
    UIButton,
    UIDropDownMenu,
    UISelectionList,
    UITextBox,
    UITextEntryLine,
    UIWindow,
)
from pygame_gui.windows import UIFileDialog

from shrinetable.adapter.deckdesk import Desk, deck_games
from shrinetable.adapter.session import Session
from shrinetable.formats.deckbook import BookError, Taken
from shrinetable.formats.deckbuild import chance, charts, curve, tally, totals
from shrinetable.formats.errors import FormatError, read_text

from . import deck_charts, faces
from .art import floor_px
from .fare_panel import FarePanel
from .hud import CROSS
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
            self._fare_shown,
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

    def _pool_card(self, what: tuple) -> str | None:
        return what[1] if what and what[0] == "card" else None

    def handle(self, event, consumed: bool) -> None:
        t = event.type
        if self.fare_shown and self._on_fare(event, consumed):
            return
        if t == pygame_gui.UI_BUTTON_PRESSED and event.ui_element in self.actions:
            self._command(self.actions[event.ui_element])
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
            self._command(("opened", self.picks[event.text]))
        elif t == pygame_gui.UI_FILE_DIALOG_PATH_PICKED and self.asking:
            self._file(self.asking, event.text)
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
            self._rest(self._pool_card(self._hit(event.pos)) if self.press is None else None)
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

    def _fare_shown(self, shown: bool = False) -> None:
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
        cid = self._pool_card(what)
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
            self._command(("save",))
        elif ctrl and event.key == pygame.K_z:
            self._command(("undo",))
        elif ctrl and event.key == pygame.K_v:
            self._command(("paste",))
        elif ctrl and event.key == pygame.K_c:
            self._command(("copy",))
        elif event.key == pygame.K_ESCAPE:
            self._escape()

    def _escape(self) -> None:
        if self.window is not None:
            self._close()
        elif self.fare_shown:
            self._fare_shown(False)
        elif self.search.is_focused or self.name_entry.is_focused:
            self.search.unfocus()
            self.name_entry.unfocus()
        else:
            self._command(("back",))

    # -- commands ------------------------------------------------------------------
    def say(self, text: str, error: bool = False) -> None:
        self.message, self.error = text, error
        self.dirty = True

    def _command(self, cmd: tuple) -> None:
        desk = self.desk
        try:
            if cmd[0] in ("back", "play"):
                self.fare.close()  # a measurement under way ends with the screen
            if cmd[0] == "back":
                self.app.show_start(game=desk.game.name)
            elif cmd[0] == "fare":
                self._fare_shown(not self.fare_shown)
            elif cmd[0] == "new":
                desk.new()
                self.name_entry.set_text(desk.build.name)
                self.say("a new deck: add cards from the pool")
            elif cmd[0] == "open":
                self._open_list()
            elif cmd[0] == "opened":  # a deck chosen in the Open list
                desk.open(cmd[1])
                self._close()
                self.name_entry.set_text(desk.build.name)
                self.say(f"{desk.build.name!r} opened")
            elif cmd[0] in ("save", "replace"):
                self.say(desk.save(replace=cmd[0] == "replace"))
                self._close()
            elif cmd[0] == "rename":
                self.say(desk.rename(self.name_entry.get_text()))
            elif cmd[0] == "duplicate":
                self.say(desk.duplicate())
                self.name_entry.set_text(desk.build.name)
            elif cmd[0] == "delete":
                self.say(desk.delete())
            elif cmd[0] == "undo":
                self.say(desk.undo())
            elif cmd[0] == "copy":
                clipboard_copy(desk.export())
                self.say("the deck is on the clipboard as a text list")
            elif cmd[0] == "paste":
                self._read(clipboard_paste(), "the clipboard")
            elif cmd[0] in ("import", "export"):
                self._ask_file(cmd[0])
            elif cmd[0] == "play":
                self._play()
            elif cmd[0] == "close":
                self._close()
        except Taken as e:
            self._ask_replace(str(e))
        except BookError as e:
            self.say(str(e), error=True)

    def _read(self, text: str, where: str) -> None:
        problems = self.desk.read(text, where)
        if problems:
            self._say_lines("The list was not read", problems)
            lines = f"{len(problems)} faulty line{'s' if len(problems) != 1 else ''}"
            self.say(f"{where}: {lines}; the deck is as it was", True)
        else:
            self.name_entry.set_text(self.desk.build.name)
            self.say(f"read {self.desk.build.size()} cards from {where}")

    def _file(self, purpose: str, path: str) -> None:
        self.asking = None
        if purpose == "import":
            try:
                self._read(read_text(path), Path(path).name)
            except FormatError as e:
                self.say(str(e), error=True)
            return
        try:
            Path(path).write_text(self.desk.export(), encoding="utf-8")
        except OSError as e:
            self.say(f"cannot write {path}: {e.strerror or e}", error=True)
        else:
            self.say(f"the deck written to {path} as a text list")

    def _play(self) -> None:
        desk = self.desk
        try:
            options = desk.play_options()
        except ValueError as e:
            self.say(str(e), error=True)
            return
        game = desk.game
        seats = ["human", *["computer"] * (game.min_seats - 1)]
        try:
            self.app.start_game(Session(game, self.app.new_seed(), options, seats))  # type: ignore[arg-type]
        except (ValueError, FormatError) as e:
            self.say(str(e).splitlines()[0], error=True)
        else:
            self.app.emit(f"playing {game.name} with {desk.build.name!r}")

    # -- windows over the screen -------------------------------------------------------
    def _window(self, title: str, w: int, h: int) -> UIWindow:
        self._close()
        size = self.app.screen.get_size()
        rect = pygame.Rect(
            0, 0, min(round(w * self.u), size[0] - 20), min(round(h * self.u), size[1] - 20)
        )
        rect.center = (size[0] // 2, size[1] // 2)
        self.window = UIWindow(rect, self.app.manager, window_display_title=title)
        return self.window

    def _close(self) -> None:
        if self.window is not None:
            self.window.kill()
        self.window = None
        self.dirty = True

    def _open_list(self) -> None:
        win = self._window(f"Open a deck of {self.desk.game.title}", 620, 520)
        width, height = win.get_container().get_size()
        self.picks = {f"{d.name} ({where})": d for where, d in self.desk.every_deck()}
        UISelectionList(
            pygame.Rect(6, 6, width - 12, height - 12),
            list(self.picks),
            self.app.manager,
            container=win,
            object_id=ObjectID(class_id=font_class(self.px)),
        )

    def _say_lines(self, title: str, lines: list[str]) -> None:
        win = self._window(title, 760, 420)
        width, height = win.get_container().get_size()
        UITextBox(
            "<br>".join(html.escape(line) for line in lines),
            pygame.Rect(6, 6, width - 12, height - 12),
            self.app.manager,
            container=win,
            object_id=ObjectID(class_id=font_class(self.px)),
        )

    def _ask_replace(self, why: str) -> None:
        win = self._window("Replace your deck?", 560, 170)
        width = win.get_container().get_size()[0]
        font = ObjectID(class_id=font_class(self.px))
        UITextBox(
            html.escape(why + "."),
            pygame.Rect(6, 6, width - 12, round(50 * self.u)),
            self.app.manager,
            container=win,
            object_id=font,
        )
        half = (width - 30) // 2
        for i, (text, cmd) in enumerate((("Replace it", "replace"), ("Cancel", "close"))):
            b = UIButton(
                pygame.Rect(10 + i * (half + 10), round(62 * self.u), half, round(40 * self.u)),
                text,
                self.app.manager,
                container=win,
                object_id=font,
            )
            self.actions[b] = (cmd,)

    def _ask_file(self, purpose: str) -> None:
        self._close()
        self.asking = purpose
        folder = self.desk.book.path.parent
        start = folder if folder.is_dir() else Path.home()
        name = f"{self.desk.build.name}.txt" if purpose == "export" else ""
        UIFileDialog(
            pygame.Rect(40, 40, round(560 * self.u), round(460 * self.u)),
            self.app.manager,
            "Import a text list" if purpose == "import" else "Export the deck as a text list",
            initial_file_path=str(start / name),
            allow_existing_files_only=purpose == "import",
        )

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
        self._draw_side(screen)
        self._draw_pool(screen)
        self._draw_charts(screen)
        self._draw_deck(screen)
        if self.fare_shown:
            self.fare.draw(screen)
        self._draw_drag(screen)
        self._draw_zoom(screen)
        self.app.manager.draw_ui(screen)
        self.dirty = False
        self.trace()
        return None

    def _text(self, screen, text: str, pos, colour=None, bold: bool = False, width: int = 0):
        fonts = self.app.fonts
        if width:
            text = faces.cut(fonts, text, self.px, width, bold)
        img = fonts.text(text, self.px, colour or palette().text, bold)
        return screen.blit(img, pos)

    def _draw_side(self, screen) -> None:
        """Every property's values as chips, chosen ones lit; the wheel scrolls them."""
        pygame.draw.rect(screen, palette().felt_dark, self.side)
        fonts, px = self.app.fonts, self.px
        line = fonts.font(px).get_linesize()
        pad = round(6 * self.u)
        items: list[tuple[str, Any, Any]] = []  # ("head", label, None) | ("chip", key, value)
        for f in self.desk.pool.facets:
            items.append(("head", f.label, None))
            items += [("chip", f.key, v) for v in f.values]
        x, y = self.side.left + pad, self.side.top + pad - self.side_scroll * line
        clip = screen.get_clip()
        screen.set_clip(self.side)
        for kind, key, value in items:
            if kind == "head":
                x = self.side.left + pad
                y += line + 2 if x != self.side.left + pad or y > self.side.top + pad else 0
                self._text(screen, key, (x, y), palette().quiet, True, self.side.w - 2 * pad)
                y += line + 2
                continue
            words = str(value)
            tw = min(fonts.font(px).size(words)[0] + 8, self.side.w - 2 * pad)
            if x + tw > self.side.right - pad:
                x, y = self.side.left + pad, y + line + 4
            chip = pygame.Rect(x, y, tw, line + 2)
            lit = value in self.desk.pool.chosen.get(key, ())
            pygame.draw.rect(
                screen, palette().select if lit else palette().zone, chip, border_radius=4
            )
            self._text(
                screen, words, (x + 4, y + 1), (20, 20, 20) if lit else palette().text, width=tw - 8
            )
            if self.side.colliderect(chip):
                self.hits.append((chip.clip(self.side), ("filter", key, value)))
            x += tw + 4
        if y + line > self.side.bottom:  # more below: the wheel shows them
            more = pygame.Rect(self.side.left, self.side.bottom - line - 4, self.side.w, line + 4)
            pygame.draw.rect(screen, palette().felt_dark, more)
            self._text(
                screen, "\u2193 more (wheel)", (more.left + pad, more.top + 2), palette().quiet
            )
        screen.set_clip(clip)

    def _card_size(self) -> tuple[int, int]:
        return round(104 * self.u), round(146 * self.u)

    def _draw_pool(self, screen) -> None:
        art, fonts = self.app.art, self.app.fonts
        art.use(self.desk.game.present)
        cw, ch = self._card_size()
        gap = round(8 * self.u)
        r = self.pool_rect
        self.cols = max(1, (r.w - gap) // (cw + gap))
        status = fonts.font(self.px).get_linesize()
        self.rows_shown = max(1, (r.h - gap - status) // (ch + gap))
        shown = self._shown()
        most = max(0, (len(shown) + self.cols - 1) // self.cols - self.rows_shown)
        self.scroll = min(self.scroll, most)
        first = self.scroll * self.cols
        left = r.left + (r.w - self.cols * (cw + gap) + gap) // 2
        for i, cid in enumerate(shown[first : first + self.cols * self.rows_shown]):
            at = pygame.Rect(
                left + (i % self.cols) * (cw + gap),
                r.top + gap + (i // self.cols) * (ch + gap),
                cw,
                ch,
            )
            screen.blit(art.card(cid, (cw, ch)), at)
            n = self.desk.build.count(cid)
            if n:
                badge = fonts.text(f"\u00d7{n}", self.px, (20, 20, 20), True)
                box = badge.get_rect(topright=(at.right - 2, at.top + 2)).inflate(8, 2)
                pygame.draw.rect(screen, palette().select, box, border_radius=6)
                screen.blit(badge, badge.get_rect(center=box.center))
            if first + i == self.cursor:
                pygame.draw.rect(screen, palette().select, at.inflate(4, 4), 3, border_radius=8)
            self.hits.append((at, ("card", cid)))
        words = f"{len(shown)} of {len(self.desk.cards)} cards"
        if most:
            words += f"; rows {self.scroll + 1}-{self.scroll + self.rows_shown} (wheel)"
        img = fonts.text(words, self.px, palette().quiet)
        screen.blit(img, img.get_rect(bottomright=(r.right - 6, r.bottom - 2)))
        if self.message:  # what was last done, or why not, left of the count
            room = r.w - img.get_width() - 24
            said = faces.cut(fonts, self.message, self.px, room)
            colour = palette().refusal_edge if self.error else palette().select
            screen.blit(fonts.text(said, self.px, colour), (r.left + 6, r.bottom - status - 2))

    def _draw_charts(self, screen) -> None:
        """The cost curve, the types, the colours and the chance to draw a card."""
        pool, build = self.desk.pool, self.desk.build
        r = self.charts.inflate(-round(12 * self.u), -round(8 * self.u))
        pygame.draw.line(screen, palette().felt_dark, self.charts.topleft, self.charts.topright, 2)
        numbers = [f for f in pool.facets if f.kind == "number"]
        choices = [f for f in pool.facets if f.kind == "choice"]
        third = charts(pool.facets)
        parts = 4
        wide = (r.w - 3 * round(10 * self.u)) // parts
        boxes = [
            pygame.Rect(r.left + i * (wide + round(10 * self.u)), r.top, wide, r.h)
            for i in range(parts)
        ]
        fonts, px = self.app.fonts, self.px
        if numbers:
            deck_charts.columns(
                screen, fonts, boxes[0], numbers[0].label, curve(build, numbers[0]), px
            )
        if choices:
            deck_charts.rows(
                screen, fonts, boxes[1], choices[0].label, tally(build, choices[0]), px
            )
        if third:  # a click on it shows the next (colours, other choices, ratings)
            title, facets = third[self.chart % len(third)]
            more = f"{title} \u25b8" if len(third) > 1 else title
            shown = totals(build, facets)
            deck_charts.rows(screen, fonts, boxes[2], more, shown, px, title == "Colour")
            self.hits.append((boxes[2], ("chart", 1)))
        self._draw_chance(screen, boxes[3])

    def _draw_chance(self, screen, box: pygame.Rect) -> None:
        """The chance to draw the chosen card by turn N (hand size and turn set here)."""
        shown = self._shown()
        cid = shown[min(self.cursor, len(shown) - 1)] if shown else None
        line = self.app.fonts.font(self.px).get_linesize()
        self._text(screen, "Chance to draw", box.topleft, palette().text, True, box.w)
        y = box.top + line
        name = self.desk.cards[cid].name if cid else "no card chosen"
        self._text(screen, name, (box.left, y), palette().select, width=box.w)
        y += line
        for label, key, value in (("turn", "turn", self.turn), ("hand", "hand", self.hand)):
            self._text(screen, f"{label} {value}", (box.left, y), palette().quiet)
            for i, (mark, d) in enumerate((("\u2212", -1), ("+", 1))):
                b = pygame.Rect(box.right - (2 - i) * (line + 6), y, line + 2, line)
                pygame.draw.rect(screen, palette().zone, b, border_radius=4)
                img = self.app.fonts.text(mark, self.px, palette().text, True)
                screen.blit(img, img.get_rect(center=b.center))
                self.hits.append((b, (key, d)))
            y += line + 2
        size = self.desk.build.size()  # the cards drawn from: the tables, not the single cards
        copies = self.desk.build.ids().count(cid) if cid else 0
        seen = self.hand + self.turn - 1
        p = chance(size, copies, seen)
        if not copies:
            self._text(screen, "not in the deck", (box.left, y), palette().text, width=box.w)
            return
        self._text(screen, f"{copies} of {size} cards", (box.left, y), palette().text, width=box.w)
        self._text(
            screen,
            f"{p:.0%} in the first {seen}",
            (box.left, y + line),
            palette().text,
            True,
            box.w,
        )

    def _draw_deck(self, screen) -> None:
        """The deck's places and tables with counts, then its rules' state."""
        desk, fonts, px = self.desk, self.app.fonts, self.px
        r = self.deck_rect
        pygame.draw.rect(screen, palette().felt_dark, r)
        pygame.draw.rect(screen, palette().felt_dark, self.buttons)
        line = fonts.font(px).get_linesize() + 2
        pad = round(8 * self.u)
        faults = desk.faults()
        said = [f.said(desk.cards) for f in faults]
        rules_h = line * (1 + min(len(said), 5))
        y = r.top + pad
        size = desk.build.size()
        head = f"{size} card{'s' if size != 1 else ''}" + (
            f" \u2014 saved as {desk.saved_as!r}" if desk.saved_as else " \u2014 not saved"
        )
        self._text(screen, head, (r.left + pad, y), palette().text, True, r.w - 2 * pad)
        y += line
        bottom = r.bottom - rules_h - pad
        rows: list[tuple] = []
        for p in desk.shape.picks:
            chosen = desk.build.picks[p]
            held = desk.cards[chosen].name if chosen else "(click a card to choose)"
            rows.append(("section", p, f"{p.title()}: {held}"))
            if chosen:
                rows.append(("line", desk.build.picks[p], p, 1))
        many = len(desk.shape.tables) > 1
        for t in desk.shape.tables:
            held = desk.build.tables[t]
            if many or desk.shape.picks:
                rows.append(("section", t, f"{t.title()}: {sum(held.values())} cards"))
            rows += [("line", cid, t, n) for cid, n in held.items()]
        bad_cards = {f.card for f in faults if f.card}
        most = max(0, len(rows) - (bottom - y) // line)
        self.deck_scroll = min(self.deck_scroll, most)
        clip = screen.get_clip()
        screen.set_clip(pygame.Rect(r.left, y, r.w, bottom - y))
        for item in rows[self.deck_scroll :]:
            if y + line > bottom:
                break
            at = pygame.Rect(r.left + pad, y, r.w - 2 * pad, line)
            if item[0] == "section":
                lit = item[1] == (self.where or desk.shape.tables[0])
                pygame.draw.rect(
                    screen, palette().select if lit else palette().zone, at, border_radius=4
                )
                self._text(
                    screen,
                    item[2],
                    (at.left + 4, y + 1),
                    (20, 20, 20) if lit else palette().text,
                    True,
                    at.w - 8,
                )
                self.hits.append((at, ("place", item[1])))
                self.sections.append((y, item[1]))
            else:
                cid, n = item[1], item[3]
                colour = palette().refusal_edge if cid in bad_cards else palette().text
                face = desk.game.present.card_face(cid)
                cost = " ".join(p.text for p in face.cost) if face else ""
                cost_img = fonts.text(cost, px, palette().quiet) if cost else None
                room = at.w - (cost_img.get_width() + 8 if cost_img else 0)
                self._text(  # a card that breaks a rule: a cross, not only its colour
                    screen,
                    f"{CROSS + ' ' if cid in bad_cards else ''}{n} \u00d7 {desk.cards[cid].name}",
                    (at.left + 4, y + 1),
                    colour,
                    width=room - 4,
                )
                if cost_img:
                    screen.blit(cost_img, cost_img.get_rect(topright=(at.right - 4, y + 1)))
                self.hits.append((at, ("line", cid, item[2])))
            y += line
        screen.set_clip(clip)
        if most:
            self._text(
                screen,
                f"\u2195 {most} more lines (wheel)",
                (r.left + pad, bottom - line),
                palette().quiet,
            )
        y = r.bottom - rules_h - pad // 2
        pygame.draw.line(screen, palette().backdrop, (r.left, y - 2), (r.right, y - 2), 2)
        if said:
            title = f"Deck rules: {len(said)} broken (a draft: not playable)"
            self._text(
                screen, title, (r.left + pad, y), palette().refusal_edge, True, r.w - 2 * pad
            )
        else:
            self._text(
                screen,
                f"Keeps the deck rules of {desk.game.title}",
                (r.left + pad, y),
                palette().label,
                True,
                r.w - 2 * pad,
            )
        y += line
        for words in said[:4] + (
            [f"\u2026 and {len(said) - 4} more"] if len(said) > 5 else said[4:5]
        ):
            self._text(
                screen,
                "\u2022 " + words,
                (r.left + pad, y),
                palette().refusal_edge,
                width=r.w - 2 * pad,
            )
            y += line

    def _draw_zoom(self, screen) -> None:
        """The card the pointer rests on, large with its whole text, beside it."""
        at = next((r for r, w in self.hits if w == ("card", self.hover)), None)
        if not self.zoomed or at is None or self.fare_shown:
            return
        cw, ch = self._card_size()
        img = self.app.art.zoom(self.hover, (round(cw * 2.2), round(ch * 2.2)))
        box = img.get_rect(top=max(self.top, min(at.top, screen.get_height() - img.get_height())))
        box.left = (
            at.right + 6 if at.right + 6 + box.w <= screen.get_width() else at.left - 6 - box.w
        )
        screen.blit(img, box)

    def _draw_drag(self, screen) -> None:
        """A card being dragged follows the pointer, half size."""
        if self.press is None:
            return
        what, start = self.press
        moved = abs(self.pointer[0] - start[0]) + abs(self.pointer[1] - start[1]) > 8
        cid = self._pool_card(what) or (what[1] if what and what[0] == "line" else None)
        if cid and moved:
            cw, ch = self._card_size()
            img = self.app.art.card(cid, (cw, ch))
            screen.blit(img, img.get_rect(center=self.pointer))
