"""The start screen: game, seats, options, seed, the computer's pace, Continue / Load /
Start."""

from __future__ import annotations

import html
import time
from pathlib import Path

import pygame
import pygame_gui
from pygame_gui.elements import (
    UIButton,
    UIDropDownMenu,
    UILabel,
    UITextBox,
    UITextEntryLine,
    UIWindow,
)
from pygame_gui.windows import UIFileDialog

from shrinetable.adapter import storage
from shrinetable.adapter.session import Session
from shrinetable.engine import registry
from shrinetable.formats import cards
from shrinetable.formats.errors import FormatError
from shrinetable.formats.layout import LayoutError
from shrinetable.formats.save import SaveError, read_save

BG = (18, 52, 40)
SEAT_KINDS = ["human", "computer"]
FROM_FILE = "From a file\u2026"
LOOK_S = 1.0   # how often the designer's card folders are looked at


class StartScene:
    def __init__(self, app, message: str = ""):
        self.app = app
        self.games, broken = playable()
        notes = [message, *broken, *cards.notices(), storage.notice()]
        self.message = "\n".join(n for n in notes if n)
        self.game = self.games[0]
        self.seats = ["human"]
        self._fit_seats()
        self.options = {o.name: o.default for o in self.game.options}
        self.seed = str(app.new_seed())
        self.actions: dict[object, object] = {}
        self.dropdowns: dict[object, tuple] = {}
        self.seed_entry: UITextEntryLine | None = None
        self.stamps = self._stamps()   # designer card folders, watched while the screen is up
        self.next_look = 0.0
        self.picking: str | None = None   # the option a file dialog is choosing a file for
        self.dirty = True
        self.build_ui()

    def build_ui(self) -> None:
        m = self.app.manager
        m.clear_and_reset()
        self.actions, self.dropdowns = {}, {}
        w, h = self.app.screen.get_size()
        x, y, col = max(20, w // 2 - 260), max(110, h // 6), 520
        names = [g.name for g in self.games]
        titles = [g.title for g in self.games]

        def label(text, yy, width=150):
            UILabel(pygame.Rect(x, yy, width, 32), text, m)

        label("Game", y)
        dd = UIDropDownMenu(titles, self.game.title, pygame.Rect(x + 160, y, 200, 32), m)
        self.dropdowns[dd] = ("game", names, titles)
        y += 42
        label("Players", y)
        counts = [str(n) for n in range(self.game.min_seats, self.game.max_seats + 1)]
        dd = UIDropDownMenu(counts, str(len(self.seats)), pygame.Rect(x + 160, y, 80, 32), m)
        self.dropdowns[dd] = ("count", counts, counts)
        y += 42
        for i, kind in enumerate(self.seats):
            label(f"P{i + 1}", y)
            dd = UIDropDownMenu(SEAT_KINDS, kind, pygame.Rect(x + 160, y, 160, 32), m)
            self.dropdowns[dd] = ("seat", i)
            y += 38
        y += 8
        for opt in self.game.options:
            if set(opt.choices) != {False, True}:   # a choice: its words and a drop-down
                label(opt.help if len(opt.help) <= 32 else opt.name.replace("_", " "), y, 310)
                choices, values = list(opt.choices), [str(c) for c in opt.choices]
                chosen = self.options[opt.name]
                if opt.file:   # a file a person wrote: its name, or a dialog to pick one
                    if chosen not in choices:
                        choices, values = [*choices, chosen], [*values, Path(chosen).name]
                    choices, values = [*choices, FROM_FILE], [*values, FROM_FILE]
                dd = UIDropDownMenu(values, values[choices.index(chosen)],
                                    pygame.Rect(x + 320, y, 200, 32), m)
                self.dropdowns[dd] = ("option", opt.name, choices, values)
                y += 38
                continue
            on = bool(self.options.get(opt.name))
            b = UIButton(pygame.Rect(x, y, col, 32),
                         f"[{'x' if on else ' '}] {opt.help}", m, tool_tip_text=opt.name)
            if opt.needs and not self.options.get(opt.needs):   # e.g. no joker, no reshuffle
                b.disable()
            self.actions[b] = ("toggle", opt.name)
            y += 36
        y += 8
        label("Seed", y)
        self.seed_entry = UITextEntryLine(pygame.Rect(x + 160, y, 160, 32), m)
        self.seed_entry.set_text(self.seed)
        b = UIButton(pygame.Rect(x + 330, y, 120, 32), "New seed", m)
        self.actions[b] = ("newseed",)
        y += 42
        label("Computer pace", y)
        names = self.app.speed_names()
        dd = UIDropDownMenu(names, self.app.speed, pygame.Rect(x + 160, y, 160, 32), m)
        self.dropdowns[dd] = ("speed",)
        y += 52
        items = [("Start", "start"), ("Continue", "continue"), ("Load\u2026", "load"),
                 ("Quit", "quit")]
        bw = col // len(items)
        for i, (text, cmd) in enumerate(items):
            b = UIButton(pygame.Rect(x + i * bw, y, bw - 8, 40), text, m)
            if cmd == "continue" and not storage.has_autosave():
                b.disable()
            self.actions[b] = (cmd,)
        y += 50
        if self.message:   # wrapped, whole: a refused file's reason names file and line
            UITextBox(html.escape(self.message), pygame.Rect(x, y, col, -1), m)
        self.dirty = True

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

    def _continue(self) -> None:
        """The only unfinished game at once; a choice when there are several."""
        found = storage.recent_autosaves()
        if len(found) <= 1:
            self._start(storage.load_autosave)
            return
        win = UIWindow(pygame.Rect(60, 60, 560, 60 + 42 * len(found)), self.app.manager,
                       window_display_title="Continue which game?")
        for i, path in enumerate(found):
            b = UIButton(pygame.Rect(10, 10 + 42 * i, 520, 36), describe(path),
                         self.app.manager, container=win)
            self.actions[b] = ("resume", path)

    def handle(self, event, consumed: bool) -> None:
        t = event.type
        if t == pygame_gui.UI_DROP_DOWN_MENU_CHANGED and event.ui_element in self.dropdowns:
            info = self.dropdowns[event.ui_element]
            self.seed = self.seed_entry.get_text() if self.seed_entry else self.seed
            if info[0] == "game":
                self.game = registry.get(info[1][info[2].index(event.text)])
                self.options = {o.name: o.default for o in self.game.options}
                self._fit_seats()
            elif info[0] == "option" and event.text == FROM_FILE:
                self._pick_file(info[1])
                return
            elif info[0] == "option":
                self.options[info[1]] = info[2][info[3].index(event.text)]
            elif info[0] == "speed":   # the App keeps it for every game of the session
                self.app.set_speed(event.text)
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
            self._start(lambda: storage.load(event.text))
        elif event.type == pygame_gui.UI_WINDOW_CLOSE and self.picking:
            self.picking = None
            self.build_ui()
        elif event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.app.running = False

    def _pick_file(self, option: str) -> None:
        """A file dialog for an option that takes a file a person wrote (a deck)."""
        spec = next(o for o in self.game.options if o.name == option)
        self.picking = option
        UIFileDialog(pygame.Rect(40, 40, 520, 420), self.app.manager,
                     f"Choose a {spec.file} file", initial_file_path=str(Path.cwd()),
                     allow_existing_files_only=True)

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
            for opt in self.game.options:   # switching an option off switches off what needs it
                if opt.needs and not self.options.get(opt.needs):
                    self.options[opt.name] = opt.default
            self.build_ui()
        elif cmd[0] == "newseed":
            self.seed = str(self.app.new_seed())
            self.build_ui()
        elif cmd[0] == "start":
            try:
                seed = int(self.seed.strip())
            except ValueError:
                self.message = "The seed must be a whole number."
                self.build_ui()
                return
            self._start(lambda: Session(self.game, seed, self.options, self.seats))
        elif cmd[0] == "continue":
            self._continue()
        elif cmd[0] == "resume":
            self._start(lambda: storage.load_autosave(cmd[1]))
        elif cmd[0] == "load":
            self.picking = None
            UIFileDialog(pygame.Rect(40, 40, 520, 420), self.app.manager, "Load a saved game",
                         initial_file_path=str(storage.dialog_folder()),
                         allow_existing_files_only=True)
        elif cmd[0] == "quit":
            self.app.running = False

    def resize(self, size) -> None:
        self.build_ui()

    def deadline(self) -> float | None:
        return 0.0 if self.dirty else None

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

    def _stamps(self) -> dict[str, tuple]:
        return {g.name: cards.folder_stamp(g.card_data) for g in self.games if g.card_data}

    def draw(self, screen: pygame.Surface):
        screen.fill(BG)
        w, h = screen.get_size()
        title = self.app.fonts.text("shrinetable", max(28, h // 14), (255, 222, 110), True)
        screen.blit(title, title.get_rect(midtop=(w // 2, 20)))
        sub = self.app.fonts.text("\u2660 \u2665 card games, every rule enforced \u2666 \u2663",
                                  max(12, h // 45), (200, 225, 210))
        screen.blit(sub, sub.get_rect(midtop=(w // 2, 24 + title.get_height())))
        self.app.manager.draw_ui(screen)
        self.dirty = False
        return None


def playable() -> tuple[list, list[str]]:
    """The games that load, and a sentence for each that does not (a card file a
    designer broke names its file and line); the others stay playable."""
    games, broken = [], []
    for name in registry.names():
        try:
            games.append(registry.get(name))
        except (FormatError, ImportError) as e:
            broken.append(f"{name} cannot be played: {e}")
    return games, broken


def _checked(game) -> str:
    """What a designer's changed card folders for `game` hold, or why they are refused."""
    folders = cards.user_folders(game.card_data)
    if not folders:
        return f"{game.title}: no card folder of yours now; the shipped cards are played."
    try:
        held = [cards.check_folder(game.card_data, f) for f in folders]
    except FormatError as e:
        return f"{game.title}: the changed cards would be refused: {e}"
    return (f"{game.title}: the changed cards are sound ({held[-1]}); they are played "
            f"from the next start.")


def describe(path: Path) -> str:
    """An unfinished game in a few words: game, seed, moves, when."""
    when = time.strftime("%d %b %H:%M", time.localtime(storage.mtime(path)))
    try:
        save = read_save(path)
    except SaveError:
        return f"{path.name} (damaged), {when}"
    title = registry.get(save.game).title if save.game in registry.names() else save.game
    return f"{title}, seed {save.seed}, {len(save.actions)} moves, {when}"
