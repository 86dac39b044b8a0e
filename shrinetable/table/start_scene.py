"""The start screen: game, seats, options, seed, the computer's pace, Continue / Load /
Start."""

from __future__ import annotations

import html
import json
import time
import webbrowser
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any

import pygame
import pygame_gui
from pygame_gui.core import ObjectID
from pygame_gui.elements import (
    UIButton,
    UIDropDownMenu,
    UILabel,
    UISelectionList,
    UITextBox,
    UITextEntryLine,
    UIWindow,
)
from pygame_gui.windows import UIFileDialog

from shrinetable import resources
from shrinetable.adapter import storage
from shrinetable.adapter.match import Match
from shrinetable.adapter.session import Session
from shrinetable.engine import CardSet, registry, seats_named
from shrinetable.formats import cards
from shrinetable.formats.errors import FormatError
from shrinetable.formats.layout import LayoutError
from shrinetable.formats.save import SaveError, read_save

from . import faces
from .art import floor_px
from .file_window import file_window
from .gui_keys import GuiKeys
from .lesson_scene import Course
from .theme import THEMES, font_class, palette

SEAT_KINDS = ["human", "easy computer", "computer", "hard computer", "remote"]
CHOICES = "start.json"  # the last game's choices, kept for the next start (resources.keep)
FROM_FILE = "From a file\u2026"
LOOK_S = 1.0  # how often the designer's card folders are looked at


SEAT_WORDS = {
    "human": "a person at this device (two or more: the device is passed, the "
    "table hidden between turns)",
    "easy computer": "the computer plays this seat, and now and then misses a move "
    "(for a first game)",
    "computer": "the computer plays this seat",
    "hard computer": "the computer plays this seat, looking a few moves ahead (slower)",
    "remote": "a person at another computer joins this seat (Host)",
}


def seating(seats: list[str]) -> tuple[list[str], list[str]]:
    """The seats as chosen here, as a game takes them: who sits at each (human,
    computer, remote) and each computer's strength ("easy computer": easy)."""
    who = ["computer" if k.endswith("computer") else k for k in seats]
    return who, [k.split()[0] if k.endswith(" computer") else "normal" for k in seats]


DESIGN_H = 720  # the height the screen's sizes are given for


class DropDown(UIDropDownMenu):
    """pygame_gui's drop-down, its open list as wide as its button (pygame_gui
    leaves the list the width of the arrow beside the chosen value short)."""

    def update(self, time_delta: float) -> None:
        super().update(time_delta)
        state = self.current_state
        options = getattr(state, "options_selection_list", None)
        if state is self.menu_states["expanded"] and options is not None:
            if options.relative_rect.w < self.relative_rect.w:
                options.set_dimensions((self.relative_rect.w, options.relative_rect.h))


@dataclass
class Row:
    """A line of the form: its label, the control's rectangle, and the words
    that say what the chosen value means (drawn beside it, wrapped)."""

    words: str
    rect: pygame.Rect


class StartScene:
    def __init__(self, app, message: str = "", game: str | None = None):
        self.app = app
        self.games, broken = playable(app.cards)
        notes = [message, *broken, *cards.notices(), storage.notice()]
        self.message = "\n".join(n for n in notes if n)
        self.kept = kept_choices()
        game = game or self.kept.get("game")
        self.game = next((g for g in self.games if g.name == game), self.games[0])
        self.seats = ["human"]
        self._choose_game(self.game)
        self.seed = str(app.new_seed())
        self.actions: dict[Any, Any] = {}
        self.dropdowns: dict[Any, tuple] = {}
        self.rows: list[Row] = []
        self.window: UIWindow | None = None  # a window over the form (Esc closes it)
        self.seed_entry: UITextEntryLine | None = None
        self.stamps = self._stamps()  # designer card folders, watched while the screen is up
        self.next_look = 0.0
        self.picking: str | None = None  # the option a file dialog is choosing a file for
        self.joining: JoinForm | None = None  # the Join window, when open
        self.keys = GuiKeys(app.emit, app.announcer.say)  # the form by keys (`gui_keys`)
        self.lessons = Course(app.cards)  # the chosen game's lessons (Learn to play...)
        self.dirty = True
        self.said = ""  # the message last announced
        app.announcer.say(
            f"Start screen: {self.game.title}. F2: announcements off, shown or spoken"
        )
        self.build_ui()

    # -- the form ------------------------------------------------------------------
    def scale(self) -> float:
        """How much larger than at 1280x720 the form is drawn: with the window,
        and smaller when a game's many options need the room."""
        w, h = self.app.screen.get_size()
        rows = 7 + len(self.seats) + len(self._shown())
        need = 150 + rows * 42 + 110  # title, rows, buttons and a line of notice, at 1
        return max(0.8, min(w / 1280, h / DESIGN_H, (h - 20) / need, 2.0))

    def build_ui(self) -> None:
        m = self.app.manager
        m.clear_and_reset()
        self.actions, self.dropdowns, self.rows, self.window = {}, {}, [], None
        w, h = self.app.screen.get_size()
        self.app.fonts.floor = floor_px((w, h), self.app.fonts.scale)
        u = self.scale()
        self.u = u
        font = ObjectID(class_id=font_class(14 * u))
        row_h, gap = round(32 * u), round(42 * u)
        c1, c2 = round(190 * u), round(240 * u)
        c3 = max(round(500 * u), min(round(0.84 * w) - c1 - c2 - round(24 * u), round(760 * u)))
        total = c1 + c2 + c3 + round(24 * u)
        x = max(10, (w - total) // 2)
        x2, x3 = x + c1, x + c1 + c2 + round(24 * u)
        self.words_w = min(c3, w - x3 - 10)
        rows = 5 + len(self.seats) + len(self._shown())
        block = rows * gap + round(80 * u) + (round(60 * u) if self.message else 0)
        y = round(118 * u)
        if y + block > h - 6:  # six seats and their decks: rows closer, never touching
            rest = block - rows * gap
            gap = max(row_h + 2, (h - 6 - y - rest) // rows)
            block = rows * gap + rest
        y += max(0, (h - y - block - 20) // 3)  # a taller window: the form a little lower
        self.form_top = y

        def label(text, yy):
            UILabel(pygame.Rect(x, yy, c1 - 8, row_h), text, m, object_id=font)

        def dropdown(values, chosen, width=c2, upwards=False):
            return DropDown(
                values,
                chosen,
                pygame.Rect(x2, y, width, row_h),
                m,
                object_id=ObjectID("#upwards", font.class_id) if upwards else font,
            )

        def row(words):
            self.rows.append(Row(words, pygame.Rect(x3, y, self.words_w, gap)))

        names = [g.name for g in self.games]
        titles = [g.title for g in self.games]
        label("Game", y)
        self.dropdowns[dropdown(titles, self.game.title)] = ("game", names, titles)
        row(self._game_words())
        y += gap
        label("Players", y)
        counts = [str(n) for n in range(self.game.min_seats, self.game.max_seats + 1)]
        self.dropdowns[dropdown(counts, str(len(self.seats)), round(90 * u))] = (
            "count",
            counts,
            counts,
        )
        row(
            f"{self.game.title} takes {counts[0]}"
            + (f" to {counts[-1]}" if len(counts) > 1 else "")
            + " players."
        )
        y += gap
        for i, kind in enumerate(self.seats):
            label(f"P{i + 1}", y)
            self.dropdowns[dropdown(SEAT_KINDS, kind)] = ("seat", i)
            row(f"P{i + 1}: {SEAT_WORDS[kind]}.")
            y += gap
        present = self.game.present
        for opt in self._shown():
            chosen = self.options[opt.name]
            said = present.option_words(opt.name, chosen)
            if not said and opt.file and "file" not in opt.help:
                said = f"One of the game's own, or a {opt.file} file you wrote ({FROM_FILE})."
            # the help as the label when it fits and the game has words for the value;
            # else the option's name, and the help beside it
            fits = self.app.fonts.font(round(14 * u)).size(opt.help)[0] <= c1 - 16
            short = opt.help if said and fits else _humane(opt.name)
            label(short, y)
            if set(opt.choices) != {False, True}:  # a choice: its words and a drop-down
                choices, values = list(opt.choices), [str(c) for c in opt.choices]
                if opt.file:  # a file a person wrote: its name, or a dialog to pick one
                    if chosen not in choices:
                        choices, values = [*choices, chosen], [*values, Path(chosen).name]
                    choices, values = [*choices, FROM_FILE], [*values, FROM_FILE]
                dd = dropdown(values, values[choices.index(chosen)])
                self.dropdowns[dd] = ("option", opt.name, choices, values)
            else:
                on = bool(chosen)
                b = UIButton(
                    pygame.Rect(x2, y, c2, row_h),
                    f"[{'x' if on else ' '}] {'on' if on else 'off'}",
                    m,
                    tool_tip_text=opt.name,
                    object_id=font,
                )
                if opt.needs and not self.options.get(opt.needs):  # no joker, no reshuffle
                    b.disable()
                self.actions[b] = ("toggle", opt.name)
            help_ = opt.help if short != opt.help else ""
            row(" ".join(t for t in (help_ + ("." if help_ and said else ""), said) if t) or help_)
            y += gap
        label("Seed", y)
        self.seed_entry = UITextEntryLine(
            pygame.Rect(x2, y, round(130 * u), row_h), m, object_id=font
        )
        self.seed_entry.set_text(self.seed)
        b = UIButton(
            pygame.Rect(x2 + round(136 * u), y, c2 - round(136 * u), row_h),
            "New seed",
            m,
            object_id=font,
        )
        self.actions[b] = ("newseed",)
        row("The same seed deals the same game again.")
        y += gap
        label("Computer pace", y)
        self.dropdowns[dropdown(self.app.speed_names(), self.app.speed, upwards=True)] = (
            "speed",
        )  # clear of the Start row under it
        row(self._pace_words())
        y += gap
        label("Colours", y)  # and motion: the player's, kept for every game
        self.dropdowns[dropdown(list(THEMES), palette().name, upwards=True)] = ("theme",)
        still = self.app.reduced_motion
        b = UIButton(
            pygame.Rect(x3, y, min(self.words_w, round(330 * u)), row_h),
            f"[{'x' if still else ' '}] reduced motion: no flying cards",
            m,
            object_id=font,
        )
        self.actions[b] = ("motion",)
        y += gap + round(8 * u)
        items = [
            ("Start", "start"),
            ("Host", "host"),
            ("Join\u2026", "join"),
            ("Continue", "continue"),
            ("Load\u2026", "load"),
            ("Learn to play\u2026", "learn"),
            ("Demonstrations\u2026", "demos"),
            ("Decks\u2026", "decks"),
            ("Last report", "report"),
            ("Quit", "quit"),
        ]
        widths = [0.8, 0.8, 0.8, 1, 0.8, 1.4, 1.5, 0.8, 1.1, 0.7]
        unit = (total - 8 * len(items)) / sum(widths)
        bx = x
        for (text, cmd), k in zip(items, widths, strict=True):
            bw = round(unit * k)
            b = UIButton(pygame.Rect(bx, y, bw, round(40 * u)), text, m, object_id=font)
            if cmd == "continue" and not storage.has_autosave():
                b.disable()
            if cmd == "demos" and not self._demo_count():
                b.disable()
            if cmd == "learn" and not self.lessons.count(self.game.name):
                b.disable()
            if cmd == "decks" and (self.game.card_data is None or not self.game.card_data.decks):
                b.disable()  # a game without deck rules has no decks to build
            if cmd == "report" and resources.last_report() is None:
                b.disable()
            self.actions[b] = (cmd,)
            bx += bw + 8
        y += round(46 * u)
        self.resume_line = (pygame.Rect(x, y, total, round(24 * u)), self._resume_words())
        y += round(26 * u)
        if self.message and self.message != self.said:  # said once, as it comes
            self.said = self.message
            self.app.announcer.say(self.message)
        if self.message:  # wrapped, whole: a refused file's reason names file and line;
            # within the window (a long one scrolls there)
            room = max(round(48 * u), h - y - 8)
            box = UITextBox(
                html.escape(self.message), pygame.Rect(x, y, total, -1), m, object_id=font
            )
            if box.rect.height > room:
                box.kill()
                UITextBox(
                    html.escape(self.message), pygame.Rect(x, y, total, room), m, object_id=font
                )
        self.dirty = True

    def _shown(self) -> list:
        """The game's options worth a row: not those of seats the game will not have."""
        return [o for o in self.game.options if o.seat is None or o.seat < len(self.seats)]

    def _game_words(self) -> str:
        demos = self._demo_count()
        if self.lessons.offer(self.game.name, self.game.name in self.kept.get("games", {})):
            return (
                f"{self.game.title}: {len(self._shown())} options below. New to it? "
                f"Learn to play\u2026 teaches a turn and how to win."
            )
        return f"{self.game.title}: {len(self._shown())} options below" + (
            f"; {demos} demonstrations of its rules (Demonstrations\u2026)." if demos else "."
        )

    def _pace_words(self) -> str:
        pause = self.app.ai_delay
        if pause == 0:
            return "The computer moves at once."
        return (
            f"The computer waits {pause:g} s before a move worth watching; taps and "
            f"passes go at animation speed."
        )

    def _resume_words(self) -> str:
        """What Continue resumes: the newest unfinished game, by game and turn."""
        found = storage.recent_autosaves()
        if not found:
            return "Continue: no unfinished game."
        newest = f"Continue resumes {describe(found[0])}"
        return newest + (f" ({len(found) - 1} more to choose from)." if len(found) > 1 else ".")

    def _choose_game(self, game) -> None:
        """`game`, with the seats and options it was last started with (those
        that still fit it), else its defaults and as many seats as before."""
        self.game = game
        kept = self.kept.get("games", {}).get(game.name, {})
        seats = kept.get("seats")
        if (
            isinstance(seats, list)
            and all(k in SEAT_KINDS for k in seats)
            and game.min_seats <= len(seats) <= game.max_seats
        ):
            self.seats = list(seats)
        self._fit_seats()
        self.options = {o.name: o.default for o in game.options}
        options = {k: v for k, v in (kept.get("options") or {}).items() if k in self.options}
        try:
            self.options = game.check_options({**self.options, **options})
        except (ValueError, TypeError, FormatError):  # a deck file gone since: the defaults
            pass

    def _keep_choices(self) -> None:
        """Remember this game's seats and options, and that it was the last one."""
        games = dict(self.kept.get("games", {}))
        games[self.game.name] = {"seats": self.seats, "options": self.options}
        self.kept = {**self.kept, "game": self.game.name, "games": games}
        resources.keep(CHOICES, self.kept)

    def _fit_seats(self) -> None:
        """As many seats as before, within the game's seat counts (new ones computer)."""
        n = min(max(len(self.seats), self.game.min_seats), self.game.max_seats)
        self.seats = (self.seats + ["computer"] * n)[:n]

    def _start(self, session_factory) -> None:
        try:
            self.app.start_game(session_factory())
        except (SaveError, LayoutError, ValueError, FormatError) as e:
            self.message = str(e).splitlines()[0]
            self.build_ui()

    def _host(self, seed: int) -> None:
        """Host the game as chosen: this window plays the human seat, remote
        seats are joined from other computers; the table's bottom line shows
        the address and the code. The usual port, or any free one if it is taken."""
        from shrinetable.net.client import DEFAULT_PORT
        from shrinetable.net.seam import Seam
        from shrinetable.table.remote_scene import open_hosted

        if "remote" not in self.seats:
            self.message = (
                "Hosting is for players at other computers: make at least one seat remote."
            )
            self.build_ui()
            return
        self._keep_choices()
        problem = ""
        who, strengths = seating(self.seats)
        for port in (DEFAULT_PORT, 0):
            try:
                seam = Seam.new(self.game.name, seed, self.options, who, self.app.cards, strengths)
                open_hosted(self.app, seam, port=port, say=lambda s: print(s, flush=True))
                return
            except OSError as e:
                problem = f"Cannot host: no port to listen on ({e.strerror or e})."
            except (ValueError, LayoutError, FormatError) as e:
                problem = str(e).splitlines()[0]
                break
        self.message = problem
        self.build_ui()

    def _continue(self) -> None:
        """The only unfinished game at once; a choice when there are several."""
        found = storage.recent_autosaves()
        if len(found) <= 1:
            self._start(lambda: storage.load_autosave(None, self.app.cards))
            return
        win = self._open_window("Continue which game?", 620, 60 + 42 * len(found))
        for i, path in enumerate(found):
            b = UIButton(
                pygame.Rect(10, 10 + 42 * i, 580, 36),
                describe(path),
                self.app.manager,
                container=win,
            )
            self.actions[b] = ("resume", path)

    def _open_window(self, title: str, w: int, h: int) -> UIWindow:
        """A window over the form, centred; the one Esc closes."""
        if self.window is not None:
            self.window.kill()
        size = self.app.screen.get_size()
        rect = pygame.Rect(0, 0, min(w, size[0] - 20), min(h, size[1] - 20))
        rect.center = (size[0] // 2, size[1] // 2)
        self.window = UIWindow(rect, self.app.manager, window_display_title=title)
        self.dirty = True
        return self.window

    def _demo_count(self) -> int:
        """The chosen game's demonstrations (none without the App's shelf)."""
        shelf = self.app.demos
        return shelf.count(self.game.name) if shelf is not None else 0

    def _demos(self) -> None:
        """The game's demonstrations by title, in their order; a click plays one."""
        found = self.app.demos.titles(self.game.name)
        win = self._open_window(
            f"Demonstrations of {self.game.title}", 560, self.app.screen.get_size()[1] - 80
        )
        width, height = win.get_container().get_size()
        titles = [t for t, _ in found]
        self.demo_list = UISelectionList(
            pygame.Rect(6, 6, width - 12, height - 12), titles, self.app.manager, container=win
        )
        self.demo_paths = dict(found)

    def _play_demo(self, title: str) -> None:
        key = self.demo_paths.get(title)
        if key is None:
            return
        game = self.game.name
        try:
            scene = self.app.demos.scene(self.app, key, lambda: self.app.show_start(game=game))
        except (FormatError, ValueError) as e:
            self.message = str(e).splitlines()[0]
            self.build_ui()
            return
        self.app.scene = scene

    def _ask_quit(self) -> None:
        win = self._open_window("Quit shrinetable?", 380, 122)
        width = win.get_container().get_size()[0]
        for i, (text, cmd) in enumerate((("Quit", "quit"), ("Stay (Esc)", "close"))):
            b = UIButton(
                pygame.Rect(10 + i * (width - 10) // 2, 20, (width - 10) // 2 - 10, 40),
                text,
                self.app.manager,
                container=win,
            )
            self.actions[b] = (cmd,)

    def _escape(self) -> None:
        """Esc closes what is open (a list, a window, a file dialog); with nothing
        open it asks whether to quit."""
        expanded = [d for d in self.dropdowns if d.current_state is d.menu_states.get("expanded")]
        if expanded or self.picking or self._dialog_open():
            self.picking = None
            self.build_ui()
        elif self.window is not None and self.window.alive():
            self.window.kill()
            self.window = None
            self.dirty = True
        else:
            self._ask_quit()

    def _dialog_open(self) -> bool:
        return any(
            isinstance(e, UIFileDialog) for e in self.app.manager.get_root_container().elements
        )

    def handle(self, event, consumed: bool) -> None:
        t = event.type
        if t == pygame_gui.UI_DROP_DOWN_MENU_CHANGED and event.ui_element in self.dropdowns:
            info = self.dropdowns[event.ui_element]
            self.seed = self.seed_entry.get_text() if self.seed_entry else self.seed
            if info[0] == "game":
                name = info[1][info[2].index(event.text)]
                self._choose_game(registry.get(name, self.app.cards))
            elif info[0] == "option" and event.text == FROM_FILE:
                self._pick_file(info[1])
                return
            elif info[0] == "option":
                self.options[info[1]] = info[2][info[3].index(event.text)]
            elif info[0] == "speed":  # the App keeps it for every game of the session
                self.app.set_speed(event.text)
            elif info[0] == "theme":  # kept for the next run too
                self.app.set_theme(event.text)
            elif info[0] == "count":
                n = int(event.text)
                self.seats = (self.seats + ["computer"] * n)[:n]
            else:
                self.seats[info[1]] = event.text
            self.build_ui()
        elif event.type == pygame_gui.UI_BUTTON_PRESSED and event.ui_element in self.actions:
            self._command(self.actions[event.ui_element])
        elif event.type == pygame_gui.UI_FILE_DIALOG_PATH_PICKED and self.picking:
            self._use_file(self.picking, event.text)
        elif event.type == pygame_gui.UI_FILE_DIALOG_PATH_PICKED:
            self._start(lambda: storage.load(event.text, self.app.cards))
        elif event.type == pygame_gui.UI_WINDOW_CLOSE and self.picking:
            self.picking = None
            self.build_ui()
        elif (
            event.type == pygame_gui.UI_SELECTION_LIST_NEW_SELECTION
            and event.ui_element is getattr(self, "demo_list", None)
        ):
            self._play_demo(event.text)
        elif event.type == pygame_gui.UI_WINDOW_CLOSE and event.ui_element is self.window:
            self.window = None
            self.dirty = True
        elif event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self._escape()
        elif event.type == pygame.KEYDOWN and event.key == pygame.K_F2:
            self.app.announcer.switch()
        elif (
            event.type == pygame_gui.UI_TEXT_ENTRY_FINISHED
            and self.joining is not None
            and event.ui_element in self.joining.entries.values()
        ):  # Enter in a field of the Join form joins
            self.joining.go(watch=False)
        elif event.type == pygame.KEYDOWN and not consumed:
            keyed = self._keyed()
            root = keyed is self.app.manager.get_root_container()
            self.dirty = self.keys.key(event, keyed, self.app.manager, not root) or self.dirty

    def _keyed(self) -> Any:
        """What the keys move over: the window or file dialog in front, else the form."""
        stack = self.app.manager.get_window_stack().get_full_stack()
        front = [w for w in stack if isinstance(w, UIWindow) and w.alive() and w.visible]
        return front[-1].get_container() if front else self.app.manager.get_root_container()

    def _pick_file(self, option: str) -> None:
        """A file dialog for an option that takes a file a person wrote (a deck)."""
        spec = next(o for o in self.game.options if o.name == option)
        self.picking = option
        file_window(
            pygame.Rect(40, 40, 520, 420),
            self.app.manager,
            f"Choose a {spec.file} file",
            str(Path.cwd()),
        )

    def _use_file(self, option: str, path: str) -> None:
        """Take the picked file if the game accepts it; else say why, naming the file."""
        self.picking = None
        try:
            self.game.check_options({**self.options, option: path})
        except ValueError as e:
            self.message = str(e).splitlines()[0]
        else:
            self.options[option], self.message = path, ""
        self.build_ui()

    def _command(self, cmd: tuple) -> None:
        self.seed = self.seed_entry.get_text() if self.seed_entry else self.seed
        if cmd[0] == "toggle":
            self.options[cmd[1]] = not self.options.get(cmd[1])
            for opt in self.game.options:  # switching an option off switches off what needs it
                if opt.needs and not self.options.get(opt.needs):
                    self.options[opt.name] = opt.default
            self.build_ui()
        elif cmd[0] == "motion":
            self.app.set_motion(not self.app.reduced_motion)
            self.build_ui()
        elif cmd[0] == "newseed":
            self.seed = str(self.app.new_seed())
            self.build_ui()
        elif cmd[0] in ("start", "host"):
            try:
                seed = int(self.seed.strip())
            except ValueError:
                self.message = "The seed must be a whole number."
                self.build_ui()
                return
            if cmd[0] == "host":
                self._host(seed)
            elif "remote" in self.seats:
                self.message = (
                    "A remote seat is played from another computer: Host the "
                    "game, or make the seat human or computer."
                )
                self.build_ui()
            else:
                self._keep_choices()
                seats, strengths = seating(self.seats)
                self._start(
                    lambda: Session(
                        self.game,
                        seed,
                        self.options,
                        seats,  # type: ignore[arg-type]  # no remote seat on this path
                        strengths=strengths,
                    )
                )
        elif cmd[0] == "join":
            self.joining = JoinForm(self)
        elif cmd[0] in ("join_go", "join_watch"):
            self.joining.go(watch=cmd[0] == "join_watch")
        elif cmd[0] == "continue":
            self._continue()
        elif cmd[0] == "resume":
            self._start(lambda: storage.load_autosave(cmd[1], self.app.cards))
        elif cmd[0] == "load":
            self.picking = None
            file_window(
                pygame.Rect(40, 40, 520, 420),
                self.app.manager,
                "Load a saved game",
                str(storage.dialog_folder()),
            )
        elif cmd[0] == "demos":
            self._demos()
        elif cmd[0] == "learn":
            self.lessons.open_list(self)
        elif cmd[0] == "lesson":
            self.lessons.start(self, cmd[1])
        elif cmd[0] == "decks":  # the deck builder of the chosen game
            from .deck_scene import DeckScene

            self.app.scene = DeckScene(self.app, self.game.name)
        elif cmd[0] == "report":  # the page `shrinetable report` wrote last, in the browser
            problem = _open_last_report()
            if problem:
                self.message = problem
                self.build_ui()
        elif cmd[0] == "close":
            if self.window is not None:
                self.window.kill()
                self.window = None
            self.dirty = True
        elif cmd[0] == "quit":
            self.app.running = False  # no game is on here: its autosave is kept

    def resize(self, size) -> None:
        self.build_ui()

    def deadline(self) -> float | None:
        return 0.0 if self.dirty else None

    def needs_frame(self) -> bool:
        return self.dirty

    def keep(self) -> None:
        """Nothing to keep: no game is on here."""

    def may_quit(self) -> bool:
        return True

    def update(self, now: float) -> None:
        """About once a second, check a designer's card folders that changed and
        say what a restart would play (a game's cards are read once, as it loads)."""
        if now < self.next_look:
            return
        self.next_look = now + LOOK_S
        stamps = self._stamps()
        changed = [g for g in self.games if stamps.get(g.name) != self.stamps.get(g.name)]
        self.stamps = stamps
        if changed:
            self.message = "\n".join(_checked(g) for g in changed)
            self.build_ui()

    def _words(self, screen, text: str, rect: pygame.Rect, px: int, colour) -> None:
        """`text` wrapped into `rect` (two lines; a smaller size if it needs more,
        never under the floor)."""
        fonts = self.app.fonts
        lines = faces.wrap(fonts, text, px, rect.w)
        while px > fonts.floor and len(lines) * fonts.font(px).get_linesize() > rect.h:
            px -= 1
            lines = faces.wrap(fonts, text, px, rect.w)
        y = rect.top + max(
            0, (round(32 * self.u) - fonts.font(px).get_linesize() * min(2, len(lines))) // 2
        )
        for line in lines:
            screen.blit(fonts.text(line, px, colour), (rect.left, y))
            y += fonts.font(px).get_linesize()

    def _stamps(self) -> dict[str, tuple]:
        return {g.name: cards.folder_stamp(g.card_data, g.cards) for g in self.games if g.card_data}

    def draw(self, screen: pygame.Surface):
        p = palette()
        screen.fill(p.backdrop)
        w, h = screen.get_size()
        title = self.app.fonts.text("shrinetable", max(28, h // 14), p.accent, True)
        screen.blit(title, title.get_rect(midtop=(w // 2, 20)))
        sub = self.app.fonts.text(
            "\u2660 \u2665 card games, every rule enforced \u2666 \u2663",
            max(12, h // 45),
            p.text,
        )
        if 24 + title.get_height() + sub.get_height() <= self.form_top - 4:
            # a long form (six seats and their decks) takes the motto's place
            screen.blit(sub, sub.get_rect(midtop=(w // 2, 24 + title.get_height())))
        px = max(12, round(13 * self.u))
        for row in self.rows:  # what each choice means, beside it
            self._words(screen, row.words, row.rect, px, p.label)
        rect, words = self.resume_line
        self._words(screen, words, rect, px, p.accent)
        self.app.manager.draw_ui(screen)
        self.dirty = False
        return None


def kept_choices() -> dict:
    """The choices kept by the last start ({} when none or unreadable: a
    convenience, never an error)."""
    try:
        data = json.loads((resources.data_dir() / CHOICES).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    return data if isinstance(data, dict) and isinstance(data.get("games", {}), dict) else {}


def playable(card_set: CardSet | None = None) -> tuple[list, list[str]]:
    """The games that load in the card set `card_set`, and a sentence for each that
    does not (a card file a designer broke names its file and line); the others
    stay playable."""
    games, broken = [], []
    for name in registry.names():
        try:
            games.append(registry.get(name, card_set))
        except (FormatError, ImportError) as e:
            broken.append(f"{name} cannot be played: {e}")
    return games, broken


def _checked(game) -> str:
    """What a designer's changed card folders for `game` hold, or why they are refused."""
    folders = cards.user_folders(game.card_data, game.cards)
    if not folders:
        return f"{game.title}: no card folder of yours now; the shipped cards are played."
    try:
        held = [cards.check_folder(game.card_data, f) for f in folders]
    except FormatError as e:
        return f"{game.title}: the changed cards would be refused: {e}"
    return (
        f"{game.title}: the changed cards are sound ({held[-1]}); they are played "
        f"from the next start."
    )


def describe(path: Path) -> str:
    """An unfinished game in a few words: game, turn, seed, moves, when."""
    stamp = storage.mtime(path)
    when = time.strftime("%d %b %H:%M", time.localtime(stamp))
    return _described(path, stamp, when)


@lru_cache(maxsize=32)
def _described(path: Path, stamp: float, when: str) -> str:
    """`describe` for one version of the file (replaying it for its turn is
    done once)."""
    try:
        save = read_save(path)
    except SaveError:
        return f"{path.name} (damaged), {when}"
    title = registry.get(save.game).title if save.game in registry.names() else save.game
    turn = ""
    try:
        number = Match(Session.from_save(save, str(path))).turn_number()
        turn = f"turn {number}, " if number else ""
    except (SaveError, FormatError, ValueError, KeyError):
        pass
    return f"{title}, {turn}seed {save.seed}, {len(save.actions)} moves, {when}"


def _humane(name: str) -> str:
    """An option's name as a label: `deck_p1` is 'Deck P1' (seats as the table
    names them)."""
    words = seats_named(name.replace("_", " "))
    return words[:1].upper() + words[1:]


def _open_last_report() -> str:
    """Open the last report's page in the browser; '' when it opened, else why not."""
    page = resources.last_report()
    if page is None:
        return "No report yet: `shrinetable report GAME --out DIR` writes one."
    return "" if webbrowser.open(page.as_uri()) else f"No browser to open {page} with."


class JoinForm:
    """The Join window: the host's address (HOST, HOST:PORT, or the host's two
    lines pasted as one), the port, the invite code and a name; Join takes a
    seat, Watch watches. What went wrong (a wrong code, a full table, another
    version, no answer) is said in the window, which stays open."""

    def __init__(self, scene: StartScene):
        from shrinetable.net.client import DEFAULT_PORT

        self.scene = scene
        u = scene.u
        kept = scene.kept.get("join", {})
        win = scene._open_window(
            "Join a game hosted on another computer", round(600 * u), round(400 * u)
        )
        m, font = scene.app.manager, ObjectID(class_id=font_class(14 * u))
        width = win.get_container().get_size()[0]
        lw, row, gap = round(120 * u), round(32 * u), round(40 * u)
        self.entries = {}
        fields = (
            ("address", "Host", str(kept.get("address", ""))),
            ("port", "Port", str(kept.get("port", DEFAULT_PORT))),
            ("code", "Code", ""),
            ("name", "Your name", str(kept.get("name", ""))),
        )
        for i, (key, text, value) in enumerate(fields):
            y = round(10 * u) + i * gap
            UILabel(pygame.Rect(10, y, lw, row), text, m, container=win, object_id=font)
            entry = UITextEntryLine(
                pygame.Rect(lw + 16, y, width - lw - 30, row), m, container=win, object_id=font
            )
            entry.set_text(value)
            self.entries[key] = entry
        y = round(10 * u) + len(fields) * gap
        bw = (width - 40) // 3
        for i, (text, cmd) in enumerate(
            (("Join", "join_go"), ("Watch", "join_watch"), ("Cancel", "close"))
        ):
            b = UIButton(
                pygame.Rect(10 + i * (bw + 10), y, bw, round(36 * u)),
                text,
                m,
                container=win,
                object_id=font,
            )
            scene.actions[b] = (cmd,)
        self.say_at = pygame.Rect(
            10, y + round(44 * u), width - 20, win.get_container().get_size()[1] - y - round(50 * u)
        )
        self.win = win
        self.box: UITextBox | None = None
        self.say(
            "Host: the address the host shows (e.g. 192.168.1.20), or paste its "
            "line with the code.",
            error=False,
        )

    def say(self, text: str, error: bool = True) -> None:
        if self.box is not None:
            self.box.kill()
        colour = "#ffb0a0" if error else "#d0e8dc"
        self.box = UITextBox(
            f"<font color='{colour}'>{html.escape(text)}</font>",
            self.say_at,
            self.scene.app.manager,
            container=self.win,
            object_id=ObjectID(class_id=font_class(14 * self.scene.u)),
        )
        self.scene.dirty = True

    def go(self, watch: bool) -> None:
        from shrinetable.net.client import Refused, parse_address
        from shrinetable.table.remote_scene import open_joined

        got = {k: e.get_text().strip() for k, e in self.entries.items()}
        try:
            host, port, code = parse_address(got["address"])
            if f":{port}" not in got["address"]:  # no port in the address: the Port box
                if not got["port"].isdigit() or not 0 < int(got["port"]) < 65536:
                    raise ValueError(
                        f"The port must be a number from 1 to 65535, not {got['port']!r}."
                    )
                port = int(got["port"])
            code = got["code"] or code
            if not code:
                raise ValueError("Type the invite code the host shows (like ABCD-EFGH).")
            if len(got["name"]) > 32:
                raise ValueError("Your name: at most 32 characters.")
        except ValueError as e:
            self.say(str(e))
            return
        self.scene.kept = {
            **self.scene.kept,
            "join": {"address": host, "port": port, "name": got["name"]},
        }
        resources.keep(CHOICES, self.scene.kept)
        try:
            open_joined(self.scene.app, host, port, code, got["name"], watch, wait=2.0)
        except Refused as e:
            self.say(f"The host refused: {e}.")
        except OSError:
            self.say(
                f"No host answers at {host}:{port}. Check the "
                f"address and port the host shows, that both computers are on the "
                f"same network, and the host's firewall (docs/network.md)."
            )
        except (LayoutError, FormatError) as e:
            self.say(str(e).splitlines()[0])
