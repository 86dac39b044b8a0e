"""The game scene's own panels: the game log, the prompt, a notice, the
command buttons and the decision bar, and the handover screen's buttons
(`widgets`, drawn by the table itself). The windows over the table are
`dialogs` (pygame_gui), imported when the first opens. Rebuilt from the
scene's state whenever it changes or the window is resized."""

from __future__ import annotations

import html
from math import ceil
from typing import TYPE_CHECKING, Protocol

import pygame

from shrinetable.adapter import gestures
from shrinetable.adapter.log import Log
from shrinetable.adapter.port import MatchPort
from shrinetable.engine import View, seats_named
from shrinetable.formats.layout import Layout

from . import announce
from . import decision_bar as bar
from . import geometry as geo
from .board import Board
from .faces import CONDENSE
from .helpers import Aid
from .hud import CROSS
from .keymap import Keymap
from .overlay import Overlay
from .results import Results
from .seats import kind_word, seat_name
from .theme import palette, rgb
from .widgets import (
    PAD,
    PX,
    Button,
    Rich,
    Text,
    TextBox,
    Widgets,
    button_rows,
    label_lines,
    rows_high,
    two_lines,
)
from .words import log_line

if TYPE_CHECKING:
    from .app import App

LOG_SHOWN = 40  # log entries kept in the panel
COMMANDS = [
    ("Menu", "menu", "Save, load, pace, text size... (Esc)"),
    ("Undo", "undo", "Take back your last move (Ctrl+Z)"),
    ("Redo", "redo", "Make the move taken back again (Ctrl+Y)"),
    ("Rules", "rules", "The rules of this game (?)"),
]  # the status panel's commands (label, command, tip); the tips say their keys


class Table(Protocol):
    """What the panels show of a game table (its match, log, message, the
    moves of its viewer, what stands over it) and where they put their
    widgets (`ui`); the windows over it (`dialogs.Table`) read the rest."""

    app: App
    match: MatchPort
    board: Board
    layout: Layout
    aid: Aid
    ui: Widgets
    log: Log
    log_rich: list[Rich]
    log_from: int
    viewer: int
    helps: bool
    notation: bool
    asking_quit: bool
    overlay: Overlay | None
    message: str
    message_is_error: bool
    message_rule: str | None  # the rule a refusal rests on
    shout: bool
    moves: list[gestures.Move]
    more: list[gestures.Move]
    choices: list[gestures.Move]
    proposal: gestures.Move | None
    pane: pygame.Rect | None  # where the announcements are shown (None: not shown)
    keymap: Keymap
    binding: str | None
    results: Results

    def view(self) -> View: ...
    def my_decision(self) -> bool: ...


class Panels:
    """The widgets of one game table: everything here reads the table's state
    (match, viewer, overlay, moves, message) and fills its `ui`."""

    log_kept = 3  # the log's lines the prompt's box leaves it
    notice_kept = 3  # the log's lines a notice at its foot leaves it

    def __init__(self, table: Table):
        self.s = table
        self.k = 1.0  # how much larger than at 1280x720 (`decision_bar.panel_scale`)
        self.bar_area = pygame.Rect(0, 0, 0, 0)  # the decision bar's room (and a notice's)
        self.log_room = pygame.Rect(0, 0, 0, 0)  # the log's panel, a result's box not yet taken
        self.risen: dict[tuple, int] = {}  # window and line size -> the most `_rise` asked
        self.top = 0  # the log's panel's top kept by what stands there (a lesson's words)

    def relog(self) -> None:
        """The log's latest lines (at the start, after an undo, a switch of
        notation), made from as many of the last moves as fill the panel: a
        loaded game of 500,000 moves spent 5 s making lines no one is shown."""
        log, history = self.s.log, self.s.match.history
        take = LOG_SHOWN
        while True:
            self.s.log_from = max(0, len(history) - take)
            log.clear()
            for applied in history[self.s.log_from :]:
                log.add(applied)
            if not self.s.log_from or len(log.lines) > LOG_SHOWN:
                break
            take *= 4
        self.s.log_rich = [log_line(line, self.s.notation) for line in log.lines]

    def log(self, applied) -> int:
        """A move into the log: its lines, the first folded into the last line
        when it says nothing new; the first line it changed (`Log.add`)."""
        first = self.s.log.add(applied)
        lines = self.s.log.lines[first:]
        self.s.log_rich[first:] = [log_line(line, self.s.notation) for line in lines]
        return first

    def build(self) -> None:
        """(Re)create every widget for the current state and window size."""
        app = self.s.app
        app.clear_gui()
        old = self.s.ui
        self.k = bar.panel_scale(app.screen.get_size())
        self.s.ui = ui = Widgets(app.fonts, old.pointer, app.gui_covers, round(PX * self.k))
        sc = self.s.board.scaler
        self.s.results.laid, self.s.results.place = list(self.s.results.lines), None
        if self.s.overlay != Overlay.MENU:
            self.s.asking_quit = False  # the question goes with the menu that asked it
        if self.s.overlay == Overlay.HANDOVER:
            self._handover_ui()
            return
        p = self.s.layout.panels
        status = sc.rect(p.status)
        row_h = max(round(26 * self.k), status.h // 3)
        log = sc.rect(p.log)
        rows, h = self._command_rows(status.w, row_h)
        over = len(rows) * (h + 4) - row_h - 4  # their rows over the first take the log's foot
        high = announce.pane_height(app.fonts, self.k) + 4 if app.announcer.shown else 0
        asked = self._status_html()
        rise = self._rise(asked, status, row_h, log.h - over - high)
        status = pygame.Rect(status.x, status.y - rise, status.w, status.h + rise)
        log.h -= over + rise
        self._commands(status.x, status.y - over, rows, h)
        self.s.pane = None
        if high:  # the announcements' pane, under the log
            log.h -= high
            self.s.pane = pygame.Rect(log.x, log.bottom + 4, log.w - 4, high - 4)
        prompt = pygame.Rect(status.x, status.y + row_h + 2, status.w - 4, status.h - row_h - 2)
        notice = self._notice_html() if self.s.message and not self.banner_up() else ""
        area = sc.rect(p.buttons)
        if self.s.helps:  # the help row under the decision bar, the standing answers above it
            area = self._standing_rows(self._help_row(area))
        shown = self._bar_moves()
        self.bar_area = area
        room = (
            area.h - bar.needs(shown, area, self.k, self._high, self._least) - 4
        )  # the bar's places stay
        together = TextBox([asked, notice], prompt, app.fonts, ui.px)
        joined = bool(notice) and not together.room()  # the prompt's box holds both whole
        alone = TextBox(notice, (area.x, area.y, area.w - 4, room), app.fonts, ui.px)
        under = bool(notice) and not joined and not alone.room()  # whole under the bar
        if notice and not joined and not under:  # at the log's foot: the prompt keeps
            # its first line and the bar its buttons (issue 41)
            ui.notice = ui.box(notice, pygame.Rect(log.x, log.y, log.w - 4, 0))
            kept = ui.notice.lines_high(self.notice_kept) + 4 if self.notice_kept else 0
            ui.notice.fit(log.h - self.top - kept)
            ui.notice.rect.bottom = log.bottom
            log.h -= ui.notice.rect.h + 4
        self.log_room = pygame.Rect(log)
        log = self._result_room(log)
        ui.log = ui.box(self._log_text(), (log.x, log.y, log.w - 4, log.h))  # ends as buttons do
        kept = old.log is not None and old.log.paragraphs == ui.log.paragraphs
        if kept and old.log.scroll < old.log.room():  # read back: stays, until a move
            ui.log.scroll = min(old.log.scroll, ui.log.room())
        else:
            ui.log.scroll_to_end()
        if joined:
            ui.status = ui.notice = ui.box([asked, notice], prompt)
        else:
            ui.status = ui.box(asked, prompt)
        if under:  # in the room the buttons leave, as tall as its text
            ui.notice = ui.box(notice, pygame.Rect(area.x, area.y, area.w - 4, 0))
            ui.notice.fit(room)
            ui.notice.rect.bottom = area.bottom
        self._action_buttons(shown, area)
        if self.s.overlay is not None:
            from .dialogs import Dialogs  # pygame_gui, loaded with the first window

            Dialogs(self.s).open(self.s.overlay)

    def _result_room(self, log: pygame.Rect) -> pygame.Rect:
        """A move's result box (`results`) where the layout's `panels.results`
        puts it, else at the top of the log's panel with the log under it, so
        it hides none of the log's lines (the latest stay in view) nor any
        card; the log keeps three lines. The log's room left."""
        results, sc, fonts = self.s.results, self.s.board.scaler, self.s.app.fonts
        own = self.s.layout.panels.results
        if not results.lines or own is not None:
            results.place = None if own is None else sc.rect(own)
            return log
        keep = TextBox([], log, fonts, self.s.ui.px).lines_high(3) + 4
        high = results.height(fonts, log.w - 4, fonts.px(sc.length(17)), log.h - keep)
        results.place = pygame.Rect(log.x, log.y, log.w - 4, high)
        return pygame.Rect(log.x, log.y + high + 4, log.w, max(0, log.h - high - 4))

    def _rise(self, asked: str, status: pygame.Rect, row_h: int, log_h: int) -> int:
        """How far the prompt's box grows up to show the prompt whole (a long
        question was cut to its box's four lines and scrolled), the commands
        over it rising with it: as far as its words need, the log's panel
        (`log_h` high) keeping three lines. `build` never takes it back down
        in a game (`risen`): the commands move up a few times at most, not up
        and down with each question."""
        ui = self.s.ui
        size = (self.s.app.screen.get_size(), ui.fonts.font(ui.px).get_linesize())
        self.risen[size] = need = max(self._need(asked, status, row_h), self.risen.get(size, 0))
        return max(0, min(need, log_h - self.lines_high(self.log_kept) - 4))

    def lines_high(self, n: int) -> int:
        """The height of a box of the panels' text showing `n` lines."""
        return TextBox([], (0, 0, 0, 0), self.s.ui.fonts, self.s.ui.px).lines_high(n)

    def _need(self, asked: str, status: pygame.Rect, row_h: int) -> int:
        """How much taller than its box the prompt's words `asked` are."""
        ui = self.s.ui
        box = TextBox(asked, (0, 0, status.w - 4, 10_000), ui.fonts, ui.px)
        return box.text_height() + 2 * PAD - (status.h - row_h - 2)

    def _command_rows(self, width: int, row_h: int) -> tuple[list[list[int]], int]:
        """The rows Menu, Undo, Redo and Rules take across `width`
        (`widgets.button_rows`) and their height: one row `row_h` high, or,
        where a larger text size would cut their words there, rows of fewer."""
        ui = self.s.ui
        rows = button_rows(ui.fonts, ui.px, [label for label, _, _ in COMMANDS], width)
        return rows, row_h if len(rows) == 1 else rows_high(ui.fonts, ui.px, round(26 * self.k))

    def _commands(self, x: int, top: int, rows: list[list[int]], h: int) -> None:
        """The commands in their rows (`_command_rows`) from (`x`, `top`)."""
        made = self._buttons(COMMANDS, x, top, rows, h)
        if not self.s.match.can_undo(self.s.viewer):
            made["undo"].disable()
        if not self.s.match.can_redo():
            made["redo"].disable()

    def banner_up(self) -> bool:
        """Whether the message is shown whole over the table (a refusal, until
        the next click): the panel then shows no second copy of it."""
        return bool(
            self.s.message and self.s.message_is_error and self.s.shout and self.s.overlay is None
        )

    def _log_text(self) -> list[Text]:
        """The latest entries only, each a paragraph of the log's box (laid out
        once: a move adds one); saves keep the full record."""
        shown = self.s.log_rich[-LOG_SHOWN:]
        earlier = len(self.s.log_rich) - len(shown)
        said = (
            f"{len(self.s.match.history):,} moves in all, the latest below"
            if self.s.log_from
            else f"{earlier} earlier moves"
            if earlier
            else ""
        )
        head: list[Text] = [((f"({said})", palette().quiet, False),)] if said else []
        return [*head, *shown] or [(("Game log", rgb("normal_text"), False),)]

    def _status_html(self) -> str:
        head, asked = self.status_words()
        if asked is None:
            return html.escape(head)
        return f"<b>{html.escape(head)}</b>: {html.escape(asked)}"

    def status_words(self) -> tuple[str, str | None]:
        """The prompt in plain words: who decides and how ("Turn 3 · P1 (you)"),
        and what is asked, as the log says it (None when the game is over)."""
        m = self.s.match
        d = m.decision()
        if d is None:
            out = m.outcome()
            return "Game over" + (f": {seats_named(out.reason)}" if out else ""), None
        who = seat_name(d.seat)
        kind = kind_word(m.seats[d.seat], d.seat == self.s.viewer)
        turn_no = m.turn_number()
        turn = m.present.decor(self.s.view()).turn
        asked = seats_named(d.prompt)  # "P2 attacks", as the log says it
        if d.seat != self.s.viewer:  # the prompt speaks to its seat: quoted, as asked of it
            asked = f"asked \u201c{asked}\u201d"
        if turn is not None and turn != d.seat:  # an out-of-turn answer
            return f"{who} ({kind}) answers {seat_name(turn)}", asked
        return f"{'Turn ' + str(turn_no) + ' · ' if turn_no else ''}{who} ({kind})", asked

    def _notice_html(self) -> str:
        """The panel's notice: a message shown whole on the table (`hud.banner`)
        is named there by its rule only, as the panel has room for a few lines.
        Bad news begins with a cross: told from a notice without its colour."""
        bad = "#{:02x}{:02x}{:02x}".format(*palette().refusal_edge)
        if self.s.message_is_error and self.s.shout and self.s.message_rule:
            rule = html.escape(self.s.message_rule)
            return f"<font color='{bad}'>{CROSS} Refused (rule: {rule}): see the table.</font>"
        text = html.escape(self.s.message).replace("\n", "<br>")
        if self.s.message_is_error:
            return f"<font color='{bad}'>{CROSS} {text}</font>"
        good = "#{:02x}{:02x}{:02x}".format(*palette().label)
        return f"<font color='{good}'>{text}</font>"

    def _bar_moves(self) -> list:
        """The moves the decision bar offers now (`decision_bar.shown`)."""
        d = self.s.match.decision()
        if d is None or not self.s.my_decision():
            return []
        on_table = {
            (p.zone, p.name)
            for p in geo.place_cards(
                self.s.layout, self.s.view(), self.s.board.scaler, self.s.viewer
            )
            if p.name
        }
        present = self.s.match.present
        return bar.shown(self.s.moves, d.kind in present.all_buttons, on_table, present.primary)

    def _action_buttons(self, shown: list, area: pygame.Rect) -> None:
        """The decision bar (`decision_bar`): its buttons in their fixed places,
        the moves with no place of their own under "More moves", which lists
        them in the choice window."""
        for item, rect in bar.slots(shown, area, self.k, self._high, self._least):
            if isinstance(item, list):
                self.s.ui.button(
                    rect,
                    self._words(item),
                    command="more",
                    tool_tip="The moves that have no room here, in a list",
                )
                self.s.more = item
            else:
                words = self._words(item)
                label = self._fitting(words, self._brief(item), rect)
                tip = words if label != words else ""
                self.s.ui.button(rect, label, action=item.action, tool_tip=tip)

    def _words(self, item: bar.Item) -> str:
        """A bar button's label: its move's words, or "More moves (N)…"."""
        if isinstance(item, list):
            return f"More moves ({len(item)})\u2026"
        d = self.s.match.decision()
        return self.s.match.present.describe(item.text, d.kind if d is not None else "")

    def _brief(self, item: bar.Item) -> str:
        """A bar button's shorter words (`Presentation.brief`; '' for none)."""
        d = self.s.match.decision()
        kind = d.kind if d is not None else ""
        return "" if isinstance(item, list) else self.s.match.present.brief(item.text, kind)

    def _fitting(self, words: str, brief: str, rect: pygame.Rect) -> str:
        """A bar button's label in `rect`: its words, or the game's shorter
        ones (`Presentation.brief`) where its words do not read whole there
        (cut, the shorter show more of what it does)."""
        whole = not Button(rect, words, px=self.s.ui.px).label(self.s.ui.fonts)[1]
        return words if whole or not brief else brief

    def _least(self, item: bar.Item, rect: pygame.Rect) -> int:
        """The least width of a bar button showing on one line the label it
        has in `rect` (narrowed as far as `Button.label` narrows one)."""
        label = self._fitting(self._words(item), self._brief(item), rect)
        return ceil(self.s.ui.fonts.font(self.s.ui.px).size(label)[0] * CONDENSE) + 2 * PAD

    def _high(self, item: bar.Item, width: int) -> int:
        """The height a bar button `width` wide needs to show its label whole
        (`decision_bar.grow`): two lines where its words (else its shorter
        ones, `Presentation.brief`) need them at a larger text size."""
        ui = self.s.ui
        for words in (self._words(item), self._brief(item)):
            lines = label_lines(ui.fonts, ui.px, words, width) if words else 0
            if lines:
                return two_lines(ui.fonts, ui.px) if lines == 2 else 0
        return 0

    def _help_row(self, panel: pygame.Rect) -> pygame.Rect:
        """Hint and "What happened?" in a row at the foot of the bar's panel
        (`decision_bar.split_help`), at a larger text size each as wide as its
        words (one over the other if they do not fit so); the room left for
        the bar."""
        names = [
            ("Hint", "hint", "The move the computer would make for you"),
            ("What happened?", "summary", "What the others did since your last move"),
        ]
        ui = self.s.ui
        rows = button_rows(ui.fonts, ui.px, [label for label, _, _ in names], panel.w)
        h = rows_high(ui.fonts, ui.px, round(bar.HELP_ROW * self.k) - 4)
        area, row = bar.split_help(panel, self.k, len(rows) * (h + 4))
        made = self._buttons(names, row.x, row.y, rows, h)
        if not self.s.my_decision():
            made["hint"].disable()
        return area

    def _standing_rows(self, panel: pygame.Rect) -> pygame.Rect:
        """The viewer's standing answers (`engine.Standing`), each a switch
        saying itself ("Keep my Hero at the turn's end: on") in a row at the
        foot of the bar's room, seen and switched at any time; the room left."""
        m = self.s.match
        if self.s.viewer not in m.humans():
            return panel
        ui = self.s.ui
        for standing in reversed(m.game.standing):
            on = m.stands(self.s.viewer, standing.key)
            label = f"{standing.label}: {'on' if on else 'off'}"
            lines = label_lines(ui.fonts, ui.px, label, panel.w - 4)
            least = round(bar.HELP_ROW * self.k) - 4
            h = max(
                rows_high(ui.fonts, ui.px, least), two_lines(ui.fonts, ui.px) if lines != 1 else 0
            )
            panel, row = bar.split_help(panel, self.k, h + 4)
            tip = (
                "On: the table answers this for you when it is the usual choice, and says so "
                "in the log; off: you are asked. Full control (Ctrl+P) always asks."
            )
            ui.button(
                pygame.Rect(row.x, row.y, row.w - 4, h),
                label,
                command=f"standing {standing.key}",
                tool_tip=tip,
            )
        return panel

    def _buttons(
        self, names: list[tuple[str, str, str]], x: int, top: int, rows: list[list[int]], h: int
    ) -> dict[str, Button]:
        """Command buttons for `names` (label, command, tip) in `rows` of
        widths (`widgets.button_rows`), each `h` high, from (`x`, `top`)."""
        out, named = {}, iter(names)
        for line, widths in enumerate(rows):
            left = x
            for w in widths:
                label, cmd, tip = next(named)
                rect = pygame.Rect(left, top + line * (h + 4), w - 4, h)
                out[cmd] = self.s.ui.button(rect, label, command=cmd, tool_tip=tip)
                left += w
        return out

    def _handover_ui(self) -> None:
        d = self.s.match.decision()
        if d is None:  # the game ended meanwhile: game over, not a handover
            return
        seat = d.seat
        size = self.s.app.screen.get_size()
        k = self.k
        rect = pygame.Rect(0, 0, round(360 * k), round(44 * k))
        rect.center = (size[0] // 2, size[1] // 2 + 40)
        self.s.ui.button(rect, f"I am {seat_name(seat)}: show my cards", command="takeover")
        if self.s.match.can_undo(self.s.viewer):  # still the one who just moved
            rect = pygame.Rect(0, 0, round(360 * k), round(40 * k))
            rect.center = (size[0] // 2, size[1] // 2 + 40 + max(110, size[1] // 7))
            self.s.ui.button(
                rect, f"{seat_name(self.s.viewer)}: undo my move (Ctrl+Z)", command="undo"
            )
