"""The game scene's widgets (pygame_gui): game log, status line, command and
action buttons, and the windows over the table (menu, rules, choice of move,
load dialog, game over, handover, a quick question to the other player).
Rebuilt from the scene's state whenever it changes or the window is resized."""

from __future__ import annotations

import html
import re
from dataclasses import dataclass, field

import pygame
from pygame_gui.core import ObjectID
from pygame_gui.elements import UIButton, UILabel, UITextBox, UIWindow
from pygame_gui.windows import UIFileDialog

from shrinetable.adapter import storage
from shrinetable.adapter.log import plain

from . import decision_bar as bar
from . import geometry as geo
from . import uiscale
from .seats import seat_name
from .theme import font_class
from .words import log_line

LOG_SHOWN = 40  # log entries kept in the panel
TEXT_PAD = 16   # a text box's border and padding, both sides
NOTICE_PX = (14, 12, 11, 10)   # the notice's font size, and smaller ones a long word may take


def unbroken(text: str, width: int, fonts) -> str:
    """`text` as HTML in which no word is cut (pygame_gui cuts a word wider than
    its box, and a saved game's file name is one): such a word is set smaller
    until it fits, and a path too long even so is broken after a `/` only."""
    lines = []
    for line in text.split("\n"):
        words = []
        for word in line.split(" "):
            px = next((p for p in NOTICE_PX if fonts.font(p).size(word)[0] <= width), None)
            if px is None:
                words.append(_path_lines(word, width, fonts.font(NOTICE_PX[-1])))
            elif px == NOTICE_PX[0]:
                words.append(html.escape(word))
            else:
                words.append(f"<font pixel_size={px}>{html.escape(word)}</font>")
        lines.append(" ".join(words))
    return "<br>".join(lines)


def _path_lines(word: str, width: int, font: pygame.font.Font) -> str:
    """A long path in the smallest size, on as many lines as it needs, each
    ending at a `/`."""
    rows = [""]
    for part in re.split(r"(?<=/)", word):
        if rows[-1] and font.size(rows[-1] + part)[0] > width:
            rows.append("")
        rows[-1] += part
    return f"<font pixel_size={NOTICE_PX[-1]}>{'<br>'.join(map(html.escape, rows))}</font>"


@dataclass
class Widgets:
    """The live widgets, and what each button does (an action or a command)."""

    log: UITextBox | None = None
    status: UITextBox | None = None
    actions: dict[UIButton, object] = field(default_factory=dict)
    commands: dict[UIButton, str] = field(default_factory=dict)
    window: UIWindow | None = None


class Panels:
    """The widgets of one game scene: everything here reads the scene's state
    (match, viewer, overlay, moves, message) and fills its `ui`."""

    def __init__(self, scene):
        self.s = scene

    def relog(self) -> None:
        """The log's latest lines (at the start, after an undo, a switch of
        notation), made from as many of the last moves as fill the panel: a
        loaded game of 500,000 moves spent 5 s making lines no one is shown."""
        log, history = self.s.log, self.s.match.history
        take = LOG_SHOWN
        while True:
            self.s.log_from = max(0, len(history) - take)
            log.lines = []
            for applied in history[self.s.log_from:]:
                log.add(applied)
            if not self.s.log_from or len(log.lines) > LOG_SHOWN:
                break
            take *= 4
        self.s.log_html = [self._log_line(line) for line in log.lines]

    def log(self, applied) -> None:
        """A move into the log: its lines, the first folded into the last line
        when it says nothing new (`Log.add` says from which line on to redraw)."""
        first = self.s.log.add(applied)
        self.s.log_html[first:] = [self._log_line(line) for line in self.s.log.lines[first:]]

    def _log_line(self, line) -> str:
        return log_line(line.seats[0] if line.seats else None, line.text, line.said(),
                        line.secret, self.s.notation, tuple(line.seats[1:]))

    def build(self) -> None:
        """(Re)create every widget for the current state and window size."""
        m = self.s.app.manager
        m.clear_and_reset()
        self.s.ui = Widgets()
        sc = self.s.board.scaler
        if self.s.overlay != "menu":
            self.s.asking_quit = False   # the question goes with the menu that asked it
        if self.s.overlay == "handover":
            self._handover_ui()
            return
        p = self.s.layout.panels
        self.s.ui.log = UITextBox(self._log_text(), sc.rect(p.log), m)
        self._scroll_log()
        status = sc.rect(p.status)
        row_h = max(26, status.h // 3)
        names = [("Menu", "menu"), ("Undo", "undo"), ("Redo", "redo"), ("Rules ?", "rules")]
        bw = status.w // len(names)
        for i, (label, cmd) in enumerate(names):
            b = UIButton(pygame.Rect(status.x + i * bw, status.y, bw - 4, row_h), label, m)
            if (cmd == "undo" and not self.s.match.can_undo(self.s.viewer)) or (
                    cmd == "redo" and not self.s.match.can_redo()):
                b.disable()
            self.s.ui.commands[b] = cmd
        self.s.ui.status = UITextBox(self._status_html(), pygame.Rect(
            status.x, status.y + row_h + 2, status.w, status.h - row_h - 2), m)
        area = sc.rect(p.buttons)
        if self.s.helps:   # the help row under the decision bar
            area = self._help_row(area)
        if self.s.message and not self.banner_up():   # a notice, whole, under the buttons
            box = UITextBox(self._notice_html(), pygame.Rect(area.x, area.y, area.w, -1), m)
            h = min(box.rect.height, area.h // 2)   # height -1: as tall as the text
            box.set_dimensions((area.w, h))
            box.set_relative_position((area.x, area.bottom - h))   # buttons stay put
            area = pygame.Rect(area.x, area.y, area.w, max(0, area.h - h - 4))
        self._action_buttons(area)
        if self.s.overlay == "menu":
            self._menu_ui()
        elif self.s.overlay == "rules":
            self._rules_ui()
        elif self.s.overlay == "choice":
            self._choice_ui()
        elif self.s.overlay == "gameover":
            self._gameover_ui()
        elif self.s.overlay == "ask":
            self._ask_ui()
        elif self.s.overlay == "summary":
            self._summary_ui()
        elif self.s.overlay == "confirm":
            self._confirm_ui()
        elif self.s.overlay == "load":
            self.s.ui.window = UIFileDialog(self._centred(520, 420), self.s.app.manager,
                                          "Load a saved game",
                                          initial_file_path=str(storage.dialog_folder()),
                                          allow_existing_files_only=True)

    def banner_up(self) -> bool:
        """Whether the message is shown whole over the table (a refusal, until
        the next click): the panel then shows no second copy of it."""
        return bool(self.s.message and self.s.message_is_error and self.s.shout
                    and self.s.overlay is None)

    def _log_text(self) -> str:
        """The latest entries only: pygame_gui re-lays out the whole text on every
        rebuild (300 entries took 0.3 s a move); saves keep the full record."""
        shown = self.s.log_html[-LOG_SHOWN:]
        earlier = len(self.s.log_html) - len(shown)
        said = (f"{len(self.s.match.history):,} moves in all, the latest below"
                if self.s.log_from else f"{earlier} earlier moves" if earlier else "")
        head = [f"<font color='#8fa89c'>({said})</font>"] if said else []
        return "<br>".join(head + shown) or "Game log"

    def _scroll_log(self) -> None:
        bar = getattr(self.s.ui.log, "scroll_bar", None)
        if bar is not None:
            bar.set_scroll_from_start_percentage(1.0)

    def _status_html(self) -> str:
        m = self.s.match
        d = m.decision()
        if d is None:
            out = m.outcome()
            head = "Game over" + (f": {plain(out.reason)}" if out else "")
        else:
            who = seat_name(d.seat)
            kind = "you" if d.seat == self.s.viewer and m.seats[d.seat] == "human" \
                else m.seats[d.seat]
            turn_no = m.turn_number()
            turn = m.present.decor(self.s.view()).turn
            if turn is not None and turn != d.seat:  # an out-of-turn answer
                head = f"<b>{who} ({kind}) answers {seat_name(turn)}</b>: {d.prompt}"
            else:
                head = (f"<b>{'Turn ' + str(turn_no) + ' · ' if turn_no else ''}{who} "
                        f"({kind})</b>: {d.prompt}")
        return head

    def _notice_html(self) -> str:
        """The panel's notice: a message shown whole on the table (`hud.banner`)
        is named there by its rule only, as the panel has room for a few lines."""
        rule = re.search(r"\(rule: [^)]*\)", self.s.message)
        if self.s.message_is_error and self.s.shout and rule:
            return f"<font color='#ffb0a0'>Refused {rule.group(0)}: see the table.</font>"
        colour = "#ffb0a0" if self.s.message_is_error else "#bff2c8"
        width = self.s.board.scaler.rect(self.s.layout.panels.buttons).w - TEXT_PAD
        return f"<font color='{colour}'>{unbroken(self.s.message, width, self.s.app.fonts)}</font>"

    def _action_buttons(self, area: pygame.Rect) -> None:
        """The decision bar (`decision_bar`): its buttons in their fixed places."""
        if not self.s._my_decision():
            return
        d = self.s.match.decision()
        on_table = {(p.zone, p.name) for p in geo.place_cards(
            self.s.layout, self.s.view(), self.s.board.scaler, self.s.viewer) if p.name}
        present = self.s.match.present
        shown = bar.shown(self.s.moves, d.kind in present.all_buttons, on_table, present.primary)
        for move, rect in bar.slots(shown, area):
            b = UIButton(rect, present.describe(move.text, d.kind), self.s.app.manager)
            self.s.ui.actions[b] = move.action

    def k(self) -> float:
        """How much larger than at 1280x720 a dialog is drawn: with the window
        (rebuilt when it is resized) and the player's text size."""
        w, h = self.s.app.screen.get_size()
        return max(1.0, min(w / 1280, h / 720)) * self.s.app.fonts.scale

    def r(self, x: float, y: float, w: float, h: float) -> pygame.Rect:
        """A widget's place in a dialog, in units of the 1280x720 dialog (`k`)."""
        k = self.k()
        return pygame.Rect(round(x * k), round(y * k), round(w * k), round(h * k))

    def font(self) -> ObjectID:
        return ObjectID(class_id=font_class(14 * self.k()))

    def _window(self, title: str, w: int, h: int) -> tuple[UIWindow, int]:
        """A dialog `w` x `h` at 1280x720, larger in a larger window; its inner
        width in units (`r`)."""
        win = UIWindow(self._centred(w, h), self.s.app.manager, window_display_title=title,
                       resizable=False, draggable=True, object_id=self.font())
        self.s.ui.window = win
        return win, round(win.get_container().get_size()[0] / self.k())

    def _centred(self, w: int, h: int) -> pygame.Rect:
        """A dialog's rectangle: `w` x `h` at 1280x720, larger in a larger window
        (`k`), in the middle of it."""
        size = self.s.app.screen.get_size()
        k = self.k()
        rect = pygame.Rect(0, 0, min(round(w * k), size[0] - 20), min(round(h * k), size[1] - 20))
        rect.center = (size[0] // 2, size[1] // 2)
        return rect

    def _buttons_in(self, win: UIWindow, width: int, items, top: int = 10) -> None:
        for i, (label, cmd) in enumerate(items):
            b = UIButton(self.r(10, top + i * 42, width - 20, 36), label,
                         self.s.app.manager, container=win, object_id=self.font())
            self.s.ui.commands[b] = cmd

    def _quit_ui(self) -> None:
        """Quit while a game is on? It is kept (Continue resumes it)."""
        win, width = self._window("Quit shrinetable?", 440, 200)
        UITextBox("This game is kept: <b>Continue</b> on the start screen resumes it.",
                  self.r(10, 6, width - 20, 56), self.s.app.manager, container=win,
                  object_id=self.font())
        self._buttons_in(win, width, [("Quit", "quit"), ("Keep playing (Esc)", "close")], 68)

    def _menu_ui(self) -> None:
        if self.s.asking_quit:
            self._quit_ui()
            return
        items = [("Resume (Esc)", "close"), ("Save game (Ctrl+S)", "save"),
                 ("Load game (Ctrl+O)", "load"), ("Rules (?)", "rules"),
                 ("Fullscreen (F11)", "fullscreen"),
                 (f"Notation in the log: {'shown' if self.s.notation else 'hidden'} (Ctrl+N)",
                  "notation")]
        if self.s.helps:
            items.append((f"Ask before giving up a move for good: "
                          f"{'on' if self.s.aid.ask_skips else 'off'}", "ask_skips"))
        if self.s.match.passes:   # a game that has a pass the table may make
            on = "on" if self.s.match.auto_pass else "off"
            items.append((f"Pass when it is the only move: {on} (Ctrl+P)", "auto_pass"))
        items += [("New game\u2026", "newgame"), ("Quit", "quit")]
        win, width = self._window("Menu", 360, 42 * len(items) + 196)
        self._buttons_in(win, width, items)
        top = 10 + 42 * len(items)
        app = self.s.app
        rows = [("Computer pace", [(n, f"speed {n}", n == app.speed) for n in app.speed_names()]),
                ("Text size", [(f"{round(k * 100)}%", f"scale {k}", k == app.fonts.scale)
                               for k in uiscale.SCALES])]
        for head, choices in rows:
            UILabel(self.r(10, top, width - 20, 26), head, app.manager, container=win,
                    object_id=self.font())
            bw = (width - 20) // len(choices)
            for i, (label, cmd, chosen) in enumerate(choices):   # the one in use is marked,
                b = UIButton(self.r(10 + i * bw, top + 28, bw - 4, 32),   # not only coloured
                             f"\u2022 {label}" if chosen else label,
                             app.manager, container=win, object_id=self.font())
                self.s.ui.commands[b] = cmd
            top += 66

    def _rules_ui(self) -> None:
        size = self.s.app.screen.get_size()
        k = self.k()
        win, width = self._window(f"Rules of {self.s.match.title}",
                                  min(760, round((size[0] - 40) / k)), round((size[1] - 40) / k))
        height = round(win.get_container().get_size()[1] / k)
        rules = re.sub(r"\s*\n\s*", " ", self.s.match.present.rules).strip()
        rules = rules.replace("<br> ", "<br>")   # a paragraph starts flush left
        UITextBox(rules, self.r(0, 0, width, height - 50),
                  self.s.app.manager, container=win, object_id=self.font())
        b = UIButton(self.r(width // 2 - 80, height - 45, 160, 36), "Close",
                     self.s.app.manager, container=win, object_id=self.font())
        self.s.ui.commands[b] = "close"

    def _choice_ui(self) -> None:
        describe = self.s.match.present.describe
        items = [(describe(m.text), i) for i, m in enumerate(self.s.choices)]
        win, width = self._window("Which move?", 460, 42 * (len(items) + 1) + 60)
        proposed = self.s.proposal   # the move the game proposes, listed first
        for i, (label, n) in enumerate(items):
            move = self.s.choices[n]
            if move is proposed:
                label = f"{label} (proposed \u00b7 Enter)"
            b = UIButton(self.r(10, 10 + i * 42, width - 20, 36), label,
                         self.s.app.manager, container=win, object_id=self.font())
            if move is proposed:
                b.select()
            self.s.ui.actions[b] = move.action
        self._buttons_in(win, width, [("Cancel", "close")], 10 + len(items) * 42)

    def _gameover_ui(self) -> None:
        out = self.s.match.outcome()
        if out and out.winners:
            names = " and ".join(seat_name(w) for w in out.winners)
            you = self.s.viewer in out.winners and self.s.match.seats[self.s.viewer] == "human"
            head = f"{names} win{'s' if len(out.winners) == 1 else ''}" + \
                (" \u2014 well played!" if you else "")
        else:
            head = "A draw"
        win, width = self._window("Game over", 420, 260)
        UILabel(self.r(10, 10, width - 20, 30), head, self.s.app.manager, container=win,
                object_id=self.font())
        if out:
            UILabel(self.r(10, 40, width - 20, 26), plain(out.reason[:1].upper() + out.reason[1:]),
                    self.s.app.manager, container=win, object_id=self.font())
        self._buttons_in(win, width, [("Play again", "again"), ("New game\u2026", "newgame"),
                                      ("Quit", "quit")], 76)

    def _ask_ui(self) -> None:
        """Another person at this table may answer: pass at once, or take the
        device to look at their hand (the table hides until they confirm)."""
        d = self.s.match.decision()
        present = self.s.match.present
        seat = seat_name(d.seat)
        win, width = self._window(f"{seat}, an answer?", 420, 200)
        UILabel(self.r(10, 8, width - 20, 26), f"{seat} {present.asks[d.kind]}.",
                self.s.app.manager, container=win, object_id=self.font())
        passing = self.s.match.quick_pass()
        b = UIButton(self.r(10, 40, width - 20, 36), present.describe(passing.text, d.kind),
                     self.s.app.manager, container=win, object_id=self.font())
        self.s.ui.actions[b] = passing
        self._buttons_in(win, width, [(f"Answer: hand the device to {seat}", "handover")], 82)

    def _help_row(self, panel: pygame.Rect) -> pygame.Rect:
        """Hint and "What happened?" in a row at the foot of the bar's panel
        (`decision_bar.split_help`); the room left for the bar."""
        area, row = bar.split_help(panel)
        w = row.w // 2
        mine = self.s._my_decision()
        for i, (label, cmd, tip) in enumerate([
                ("Hint", "hint", "The move the computer would make for you"),
                ("What happened?", "summary", "What the others did since your last move")]):
            b = UIButton(pygame.Rect(row.x + i * w, row.y, w - 4, row.h - 4), label,
                         self.s.app.manager, tool_tip_text=tip)
            if cmd == "hint" and not mine:
                b.disable()
            self.s.ui.commands[b] = cmd
        return area

    def _summary_ui(self) -> None:
        """The log's lines since the viewer's last move, in a window."""
        lines = self.s.match.summary(self.s.viewer)
        size = self.s.app.screen.get_size()
        k = self.k()
        win, width = self._window("What happened since your last move", 620,
                                  min(520, round((size[1] - 40) / k)))
        height = round(win.get_container().get_size()[1] / k)
        text = "<br>".join(html.escape(line) for line in lines[-60:]) or \
            "Nothing has happened since your last move."
        UITextBox(text, self.r(0, 0, width, height - 50), self.s.app.manager,
                  container=win, object_id=self.font())
        b = UIButton(self.r(width // 2 - 80, height - 45, 160, 36), "Close (Esc)",
                     self.s.app.manager, container=win, object_id=self.font())
        self.s.ui.commands[b] = "close"

    def _confirm_ui(self) -> None:
        """Before a move that gives up something for good while a useful move
        is left: the match's words, make it, make it and stop asking, or not."""
        d = self.s.match.decision()
        label = self.s.match.present.describe(self.s.aid.confirming.text, d.kind)
        win, width = self._window("Sure?", 480, 280)
        UITextBox(html.escape(self.s.aid.confirm_text), self.r(10, 6, width - 20, 80),
                  self.s.app.manager, container=win, object_id=self.font())
        self._buttons_in(win, width, [(f"Yes: {label} (Enter)", "confirm"),
                                      ("Yes, and don't ask again", "confirm_always"),
                                      ("Not yet (Esc)", "close")], 92)

    def _handover_ui(self) -> None:
        seat = self.s.match.decision().seat
        size = self.s.app.screen.get_size()
        rect = pygame.Rect(0, 0, 360, 44)
        rect.center = (size[0] // 2, size[1] // 2 + 40)
        b = UIButton(rect, f"I am {seat_name(seat)}: show my cards", self.s.app.manager)
        self.s.ui.commands[b] = "takeover"
        if self.s.match.can_undo(self.s.viewer):   # still the one who just moved
            rect = pygame.Rect(0, 0, 360, 40)
            rect.center = (size[0] // 2, size[1] // 2 + 40 + max(110, size[1] // 7))
            b = UIButton(rect, f"{seat_name(self.s.viewer)}: undo my move (Ctrl+Z)",
                         self.s.app.manager)
            self.s.ui.commands[b] = "undo"
