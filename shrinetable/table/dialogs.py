"""The windows over the game table (pygame_gui's): the menu, the rules, the
choice of a move, the load dialog, game over, a quick question to another
person, what happened, and the question before a move given up for good.
Imported when the first is opened: the table's own panels (`panels`) need
no pygame_gui, so the first frame is drawn without it (issue 26)."""

from __future__ import annotations

import html
from collections.abc import Sequence
from typing import TYPE_CHECKING, Protocol

import pygame
from pygame_gui.core import ObjectID
from pygame_gui.elements import UIButton, UILabel, UITextBox, UIWindow

from shrinetable.adapter import gestures, storage
from shrinetable.adapter.port import MatchPort
from shrinetable.engine import Arrow, seats_named

from . import theme, uiscale
from .art import floor_px
from .clearing import spot
from .decision_bar import panel_scale
from .faces import wrap
from .file_window import file_window
from .helpers import Aid
from .keymap import COMMANDS, Keymap
from .markup import rules_html
from .overlay import Overlay
from .seats import seat_name
from .theme import font_class, font_step
from .widgets import Widgets

if TYPE_CHECKING:
    from .app import App
    from .board import Board


MARK = "\u25b6 "  # the command whose new key is awaited, in the Keys window
SHADOW = 15  # px of a window's shadow around it (pygame_gui's theme), kept off the cards too
NARROWEST = 240  # a "Which move?" window's least width, in units (`Dialogs.r`): its title whole
GUI_LINE = 1.25  # a text box's line: its font's line this much apart (pygame_gui's spacing)


def joined(names: set[str], arrows: Sequence[Arrow]) -> set[str]:
    """`names` and every card the declared moves waiting (the game's `arrows`)
    join to them, one arrow after another: a click on a blocker assigns its
    attacker's damage, and the question is about the whole fight (the
    attacker, its target, its other blockers) as much as about the blocker."""
    found, ends = set(names), [{a.card, a.target} for a in arrows]
    while grown := {c for pair in ends if found & pair for c in pair} - found:
        found |= grown
    return found


def _room(table: pygame.Rect, screen: pygame.Rect) -> pygame.Rect:
    """Where on `table` a window may stand: `SHADOW` in from a side within the
    `screen` (its shadow off the panels beside it), none from the screen's edge."""
    left = table.left + (SHADOW if table.left > screen.left else 0)
    top = table.top + (SHADOW if table.top > screen.top else 0)
    right = table.right - (SHADOW if table.right < screen.right else 0)
    bottom = table.bottom - (SHADOW if table.bottom < screen.bottom else 0)
    return pygame.Rect(left, top, right - left, bottom - top)


class Table(Protocol):
    """What the windows over a game table show (its match, the moves to
    choose from, the switches of its menu) and where their buttons go (`ui`)."""

    app: App
    board: Board
    match: MatchPort
    aid: Aid
    ui: Widgets
    viewer: int
    helps: bool
    notation: bool
    asking_quit: bool
    choices: list[gestures.Move]
    proposal: gestures.Move | None
    keymap: Keymap
    binding: str | None


class Dialogs:
    """Opens the table's overlay window (`open`); its buttons go to the
    table's `ui.actions` and `ui.commands` beside the table's own."""

    def __init__(self, table: Table):
        self.s = table
        self.scale: float | None = None  # the dialog's own `k` where `_centred` chose smaller

    def open(self, overlay: Overlay) -> None:
        {
            Overlay.MENU: self.menu,
            Overlay.RULES: self.rules,
            Overlay.CHOICE: self.choice,
            Overlay.LOAD: self.load,
            Overlay.SUMMARY: self.summary,
            Overlay.CONFIRM: self.confirm,
            Overlay.GAMEOVER: self.gameover,
            Overlay.ASK: self.ask,
            Overlay.KEYS: self.keys,
        }[overlay]()

    def load(self) -> None:
        self.s.ui.window = file_window(
            self._centred(520, 420),
            self.s.app.manager,
            "Load a saved game",
            str(storage.dialog_folder()),
        )

    def _kind(self) -> str:
        """The kind of the decision a window asks about ('' once the game is over)."""
        d = self.s.match.decision()
        return d.kind if d is not None else ""

    def k(self) -> float:
        """How much larger than at 1280x720 a dialog is drawn: with the window
        (rebuilt when it is resized) and the player's text size, or as small as
        the table's least text where only that keeps its moves' cards in view."""
        return self.scale or panel_scale(self.s.app.screen.get_size()) * self.s.app.fonts.scale

    def r(self, x: float, y: float, w: float, h: float) -> pygame.Rect:
        """A widget's place in a dialog, in units of the 1280x720 dialog (`k`)."""
        k = self.k()
        return pygame.Rect(round(x * k), round(y * k), round(w * k), round(h * k))

    def font(self) -> ObjectID:
        return ObjectID(class_id=font_class(14 * self.k()))

    def _window(
        self, title: str, w: int, h: int, about: Sequence[gestures.Move] = (), narrow: int = 0
    ) -> tuple[UIWindow, int]:
        """A dialog `w` x `h` at 1280x720, larger in a larger window, off the
        cards of the moves it is `about` where it can be (`narrow`: as narrow
        as it reads whole); its inner width in units (`r`)."""
        win = UIWindow(
            self._centred(w, h, about, narrow),
            self.s.app.manager,
            window_display_title=title,
            resizable=False,
            draggable=True,
            object_id=self.font(),
        )
        self.s.ui.window = win
        return win, round(win.get_container().get_size()[0] / self.k())

    def _text_and_close(
        self, win: UIWindow, width: int, height: int, text: str, close: str
    ) -> None:
        """A dialog's text above its one button, which closes it (rules, what happened)."""
        UITextBox(
            text,
            self.r(0, 0, width, height - 50),
            self.s.app.manager,
            container=win,
            object_id=self.font(),
        )
        b = UIButton(
            self.r(width // 2 - 80, height - 45, 160, 36),
            close,
            self.s.app.manager,
            container=win,
            object_id=self.font(),
        )
        self.s.ui.commands[b] = "close"

    def _centred(
        self, w: int, h: int, about: Sequence[gestures.Move] = (), narrow: int = 0
    ) -> pygame.Rect:
        """A dialog's rectangle: `w` x `h` at 1280x720, larger in a larger window
        (`k`), in the middle of it, unless that hides a card of the moves it is
        `about` (a choice of blocks over the blockers): then elsewhere on the
        table, `narrow` units wide, or drawn at the least text size (`floor_px`,
        `scale`) where only that leaves them in view; else where it hides fewest."""
        size = self.s.app.screen.get_size()
        screen = pygame.Rect((0, 0), size)

        def sized(k: float, wide: int) -> pygame.Rect:
            r = pygame.Rect(
                0, 0, min(round(wide * k), size[0] - 20), min(round(h * k), size[1] - 20)
            )
            r.center = screen.center
            return r

        mine = self.k()
        board = self.s.board
        names = joined(gestures.involved(about), board.decor.arrows)
        if not names:
            return sized(mine, w)
        ks = dict.fromkeys((mine, min(mine, floor_px(size) / 14)))  # 14 px: the dialogs' text
        shapes = [(k, wide) for k in ks for wide in dict.fromkeys((w, narrow or w))]
        cards = [p.rect.inflate(2 * SHADOW, 2 * SHADOW) for p in board.placed if p.name in names]
        i, rect = spot([sized(*s) for s in shapes], cards, _room(board.felt(), screen), screen)
        self.scale = shapes[i][0]
        return rect

    def _px(self) -> int:
        """The size in pixels a dialog's text is drawn at (its theme class's)."""
        return font_step(14 * self.k())

    def _buttons_in(
        self, win: UIWindow, width: int, items, top: int = 10, columns: int = 1
    ) -> None:
        """`items` (label, command) as buttons down `columns` columns, in order
        down the first column, then the next."""
        per = -(-len(items) // columns)  # rows
        wide = (width - 20) // columns
        for i, (label, cmd) in enumerate(items):
            b = UIButton(
                self.r(
                    10 + i // per * wide, top + i % per * 42, wide - (4 if columns > 1 else 0), 36
                ),
                label,
                self.s.app.manager,
                container=win,
                object_id=self.font(),
            )
            self.s.ui.commands[b] = cmd

    def quit(self) -> None:
        """Quit while a game is on? It is kept (Continue resumes it)."""
        win, width = self._window("Quit shrinetable?", 440, 200)
        UITextBox(
            "This game is kept: <b>Continue</b> on the start screen resumes it.",
            self.r(10, 6, width - 20, 56),
            self.s.app.manager,
            container=win,
            object_id=self.font(),
        )
        self._buttons_in(win, width, [("Quit", "quit"), ("Keep playing (Esc)", "close")], 68)

    def menu(self) -> None:
        if self.s.asking_quit:
            self.quit()
            return
        items = [
            ("Resume (Esc)", "close"),
            ("Save game (Ctrl+S)", "save"),
            ("Load game (Ctrl+O)", "load"),
            ("Rules (?)", "rules"),
            ("Fullscreen (F11)", "fullscreen"),
            ("Keys\u2026", "keys"),
            (f"Announcements: {self.s.app.announcer.mode} (F2)", "announce"),  # off, shown, spoken
            (
                f"Notation in the log: {'shown' if self.s.notation else 'hidden'} (Ctrl+N)",
                "notation",
            ),
        ]
        if self.s.helps:
            items.append(
                (
                    f"Ask before giving up a move for good: "
                    f"{'on' if self.s.aid.ask_skips else 'off'}",
                    "ask_skips",
                )
            )
        m, seat = self.s.match, self.s.viewer
        if self.s.helps and seat in m.humans():  # the viewer's standing answers (side panel too)
            items += [
                (f"{st.label}: {'on' if m.stands(seat, st.key) else 'off'}", f"standing {st.key}")
                for st in m.game.standing
            ]
        if self.s.match.passes:  # a game that has a pass the table may make
            on = "on" if self.s.match.auto_pass else "off"
            items.append((f"Pass when it is the only move: {on} (Ctrl+P)", "auto_pass"))
        items += [("New game\u2026", "newgame"), ("Quit", "quit")]
        lines = -(-len(items) // 2)  # two columns: the menu fits 1280x720 with its choices
        win, width = self._window("Menu", 760, 42 * lines + 224)
        self._buttons_in(win, width, items, columns=2)
        top = 10 + 42 * lines
        app = self.s.app
        rows = [
            ("Computer pace", [(n, f"speed {n}", n == app.speed) for n in app.speed_names()]),
            (
                "Text size",
                [
                    (f"{round(k * 100)}%", f"scale {k}", k == app.fonts.scale)
                    for k in uiscale.SCALES
                ],
            ),
            (
                "Colours",
                [(n, f"theme {n}", n == theme.palette().name) for n in theme.THEMES],
            ),
            (
                "Motion",
                [
                    ("cards fly", "motion full", not app.reduced_motion),
                    ("reduced", "motion reduced", app.reduced_motion),
                ],
            ),
        ]
        for head, choices in rows:  # its name, then its choices on the same line
            UILabel(
                self.r(10, top + 3, 120, 26),
                head,
                app.manager,
                container=win,
                object_id=self.font(),
            )
            bw = (width - 140) // len(choices)
            for i, (label, cmd, chosen) in enumerate(choices):  # the one in use is marked,
                b = UIButton(
                    self.r(130 + i * bw, top, bw - 4, 32),  # not only coloured
                    f"\u2022 {label}" if chosen else label,
                    app.manager,
                    container=win,
                    object_id=self.font(),
                )
                self.s.ui.commands[b] = cmd
            top += 40

    def rules(self) -> None:
        size = self.s.app.screen.get_size()
        k = self.k()
        win, width = self._window(
            f"Rules of {self.s.match.title}",
            min(760, round((size[0] - 40) / k)),
            round((size[1] - 40) / k),
        )
        height = round(win.get_container().get_size()[1] / k)
        rules = rules_html(self.s.match.present.rules)
        legend = self.s.match.present.legend  # every code the table prints, in words
        if legend:
            rules += "<br><br><b>Codes on the table</b><br>" + "<br>".join(
                f"<b>{html.escape(k)}</b>: {html.escape(v)}" for k, v in legend.items()
            )
        rules += "<br><br><b>Keys</b><br>" + "<br>".join(
            html.escape(line) for line in self.s.keymap.help()
        )
        self._text_and_close(win, width, height, rules, "Close")

    def choice(self) -> None:
        describe, kind = self.s.match.present.describe, self._kind()
        proposed = self.s.proposal  # the move the game proposes, listed first
        labels = [
            describe(m.text, kind) + (" (proposed \u00b7 Enter)" if m is proposed else "")
            for m in self.s.choices
        ]
        # as wide as its longest label (they differ at their ends: "paying with the Ace of
        # diamonds" or "of hearts"), so none is cut; at most the window's width
        font = self.s.app.fonts.font(self._px())
        wide = round(max(font.size(label)[0] for label in labels) / self.k()) + 60
        win, width = self._window(
            "Which move?",
            max(460, wide),
            42 * (len(labels) + 1) + 60,
            self.s.choices,
            max(NARROWEST, wide),
        )
        for i, (label, move) in enumerate(zip(labels, self.s.choices, strict=True)):
            b = UIButton(
                self.r(10, 10 + i * 42, width - 20, 36),
                label,
                self.s.app.manager,
                container=win,
                object_id=self.font(),
            )
            if move is proposed:
                b.select()
            self.s.ui.actions[b] = move.action
        self._buttons_in(win, width, [("Cancel", "close")], 10 + len(labels) * 42)

    def keys(self) -> None:
        """The focus keys, each a button: pressed, the next key pressed is its
        key (`keymap`, kept for the next run)."""
        win, width = self._window("Keys", 620, 42 * len(COMMANDS) + 150)
        waiting = self.s.binding
        UILabel(
            self.r(10, 6, width - 20, 30),
            "Press its new key now (Esc: keep the old one)."
            if waiting
            else "Choose a command, then press its new key.",
            self.s.app.manager,
            container=win,
            object_id=self.font(),
        )
        items = [
            (f"{MARK if c == waiting else ''}{what}: {self.s.keymap.words(c)}", f"bind {c}")
            for c, (_, what) in COMMANDS.items()
        ]
        items += [("Every key as it was", "keys_reset"), ("Close (Esc)", "close")]
        self._buttons_in(win, width, items, 40)

    def gameover(self) -> None:
        out = self.s.match.outcome()
        if out and out.winners:
            names = " and ".join(seat_name(w) for w in out.winners)
            you = self.s.viewer in out.winners and self.s.match.seats[self.s.viewer] == "human"
            head = f"{names} win{'s' if len(out.winners) == 1 else ''}" + (
                " \u2014 well played!" if you else ""
            )
        else:
            head = "A draw"
        win, width = self._window("Game over", 420, 260)
        UILabel(
            self.r(10, 10, width - 20, 30),
            head,
            self.s.app.manager,
            container=win,
            object_id=self.font(),
        )
        if out:
            UILabel(
                self.r(10, 40, width - 20, 26),
                seats_named(out.reason[:1].upper() + out.reason[1:]),
                self.s.app.manager,
                container=win,
                object_id=self.font(),
            )
        self._buttons_in(
            win,
            width,
            [("Play again", "again"), ("New game\u2026", "newgame"), ("Quit", "quit")],
            76,
        )

    def ask(self) -> None:
        """Another person at this table may answer: pass at once, or take the
        device to look at their hand (the table hides until they confirm)."""
        d = self.s.match.decision()
        passing = self.s.match.quick_pass()
        if d is None or passing is None:  # answered meanwhile: nothing to ask
            return
        present = self.s.match.present
        seat = seat_name(d.seat)
        win, width = self._window(f"{seat}, an answer?", 420, 200)
        UILabel(
            self.r(10, 8, width - 20, 26),
            f"{seat} {present.asks[d.kind]}.",
            self.s.app.manager,
            container=win,
            object_id=self.font(),
        )
        b = UIButton(
            self.r(10, 40, width - 20, 36),
            present.describe(passing.text, d.kind),
            self.s.app.manager,
            container=win,
            object_id=self.font(),
        )
        self.s.ui.actions[b] = passing
        self._buttons_in(win, width, [(f"Answer: hand the device to {seat}", "handover")], 82)

    def summary(self) -> None:
        """The log's lines since the viewer's last move, in a window."""
        lines = self.s.match.summary(self.s.viewer)
        size = self.s.app.screen.get_size()
        k = self.k()
        win, width = self._window(
            "What happened since your last move", 620, min(520, round((size[1] - 40) / k))
        )
        height = round(win.get_container().get_size()[1] / k)
        text = (
            "<br>".join(html.escape(line) for line in lines[-60:])
            or "Nothing has happened since your last move."
        )
        self._text_and_close(win, width, height, text, "Close (Esc)")

    def confirm(self) -> None:
        """Before a move that gives up something for good while a useful move
        is left: the match's words, make it, make it and stop asking, or not."""
        label = self.s.match.present.describe(self.s.aid.confirming.text, self._kind())
        # the button adds its key in brackets: a label's own bracketed aside goes
        # ("Finished (no more actions this turn)"; the question says what it ends)
        label = label.rpartition(" (")[0] if label.endswith(")") and " (" in label else label
        text = self.s.aid.confirm_text
        # the question whole, however many lines (it names the moves left), and the
        # dialog off the cards it names: the decision's, which the question is about
        px = self._px()
        lines = len(wrap(self.s.app.fonts, text, px, round(400 * self.k())))
        line = self.s.app.fonts.font(px).get_linesize() * GUI_LINE  # as the box spaces them
        high = round(lines * line / self.k()) + 24  # and its padding, border and shadow
        win, width = self._window("Sure?", 480, 200 + high, self.s.match.moves())
        UITextBox(
            html.escape(text),
            self.r(10, 6, width - 20, high),
            self.s.app.manager,
            container=win,
            object_id=self.font(),
        )
        self._buttons_in(
            win,
            width,
            [
                (f"Yes: {label} (Enter)", "confirm"),
                ("Yes, and don't ask again", "confirm_always"),
                ("Not yet (Esc)", "close"),
            ],
            high + 12,
        )
