"""The game scene: the table for one match, its panels, and every gesture.

Input becomes messages to the match (`adapter.match.Match`: a move, undo, the
automatic moves when their pace is up) and what is drawn comes only from the
match's view for the viewer. Redraws happen when something changed:
the table is cached as a base surface, and while cards are dragged only the
rectangles they cross are repainted.
"""

from __future__ import annotations

import time

import pygame

from shrinetable.adapter import gestures, storage
from shrinetable.adapter.log import Log
from shrinetable.adapter.match import AUTO, Match
from shrinetable.adapter.session import Applied
from shrinetable.engine import View
from shrinetable.formats.layout import Layout
from shrinetable.formats.save import SaveError

from . import helpers, keys, uiscale
from .board import Board, Marks
from .decision_bar import Guard
from .motion import Drag, Flyer, Press
from .painter import Painter
from .panels import Panels
from .pointer import Pointer
from .results import Results
from .seats import seat_name
from .widgets import PRESSED, Rich, Widgets, gui_event
from .zoom import Zoom

SEE_S = 1.5  # how long a person's own move stays in view before a pass made for them
FADE_FRAME = 1 / 30  # the new buttons' fade-in redraws this often


class GameScene:
    """The scene's state and its messages to the match; the panels, the
    painting, the pointer and the zoom are parts of it (`panels`, `painter`,
    `pointer`, `zoom`) that read this state."""

    helps = True  # its match gives hints, summaries and the questions before a skip

    def __init__(self, app, match: Match, layout: Layout):
        self.app = app
        self.match = match
        app.art.use(match.present)
        self.session = match.session  # what the App keeps and the menu saves
        self.layout = layout
        self.board = Board(layout, app.art, app.fonts)
        self.board.hands = {match.hand(q) for q in range(len(match.seats))}
        humans = match.humans()
        self.viewer: int = humans[0] if humans else 0
        self.marks = Marks()
        self.moves: list[gestures.Move] = []
        self.press: Press | None = None
        self.drag: Drag | None = None
        self.flyers: list[Flyer] = []
        self.drop_from: tuple[str, pygame.Rect] | None = None  # (zone, rect) of a drop
        self.message = ""
        self.message_is_error = True
        self.shout = False  # the message is shown whole over the table too, until a click
        self.overlay: str | None = None  # menu|rules|choice|load|gameover|handover
        self.under: str | None = None  # the handover a window was opened over
        self.choices: list[gestures.Move] = []
        self.more: list[gestures.Move] = []  # the bar's moves under "More moves"
        self.proposal: gestures.Move | None = None  # the choice the game proposes
        self.ai_due: float | None = None
        self.ai_move = None  # the match's automatic move (`Auto`), made at ai_due
        self.guard = Guard()  # a new button ignores clicks a moment (`decision_bar`)
        self.results = Results()  # a move's result kept in view a while
        self.aid = helpers.Aid(self)  # the how-to, the Hint, the question before a skip
        self.ui = Widgets(app.fonts, covered=app.gui_covers)
        self.asking_quit = False  # the menu asks whether to quit the game in progress
        self.panels, self.painter = Panels(self), Painter(self)
        self.pointer, self.zoom = Pointer(self), Zoom(self)
        self.notation = False  # the log shows each move's notation too (Ctrl+N)
        self.log = Log(match, self.viewer)
        self.log_rich: list[Rich] = []  # the log's lines, styled (`words.log_line`)
        self.log_from = 0  # the first move the log's lines were made from (panels.relog)
        self.panels.relog()
        self.base_dirty = True
        self.dirty = True
        self.partial: list[pygame.Rect] = []
        self.board.set_size(app.screen.get_size())
        self._after_change(build=True)

    # -- state ---------------------------------------------------------------
    def view(self) -> View:
        return self.match.view(self.viewer)

    def _my_decision(self) -> bool:
        d = self.match.decision()
        return (
            d is not None
            and d.seat == self.viewer
            and self.match.seats[d.seat] == "human"
            and self.overlay is None
        )

    def _after_change(self, build: bool = True) -> None:
        """Recompute everything that follows from a new state."""
        m = self.match
        d = m.decision()
        running = self.ai_move is not None  # the widgets show an automatic move
        self.ai_due = None
        self.ai_move = auto = m.pending()
        minor = False
        if d is None:
            self.overlay = "gameover"
        elif auto is not None:
            if self.overlay == "ask":  # a question answered: the next move needs no one
                self.overlay = None
            minor = m.minor(auto, self.viewer)
            delay = self.app.minor_delay if minor else self.app.ai_delay
            if self._sees_first(auto):
                delay = max(delay, SEE_S)
            self.ai_due = time.monotonic() + delay
        elif d.seat != self.viewer and m.quick_pass() is not None:
            self.overlay = "ask"
        elif d.seat != self.viewer and m.seats[d.seat] == "human":  # else another table's
            self.overlay = "handover"
            self.flyers = []  # nothing of the last seat's table crosses the handover screen
            self.marks.arriving = set()
        elif self.overlay in ("gameover", "handover", "ask"):
            self.overlay = None
        self.moves = m.moves() if self._my_decision() else []
        self.marks.playable = gestures.playable(self.moves)
        self.marks.selected = {}
        if self.aid.hinted is not None:  # a hint answers one position
            self.aid.hinted, self.marks.targets = None, set()
        # Rebuilding the widgets (~10 ms and a full frame; ~80 ms with pygame_gui's
        # text boxes) after every tap and pass would cost more than the minor
        # moves' pace (15-30 ms a move at the faster paces): while the computer
        # runs through them, only the table is redrawn, and the panel catches up
        # when a move worth watching is due or a person decides. The first move
        # after a person's always rebuilds: their buttons must not stay standing.
        if build and not (minor and running):
            self.build_ui()
        self.base_dirty = self.dirty = True

    def _sees_first(self, auto) -> bool:
        """Whether a pass the table makes for a person follows their own move at a
        hotseat table (they drew, and passing is all that is left): the handover
        it may bring would hide what they just drew before they saw it."""
        m = self.match
        last = m.history[-1] if m.history else None
        return (
            auto.forced
            and len(m.humans()) > 1
            and m.seats[auto.seat] == "human"
            and last is not None
            and last.seat == auto.seat
            and not last.auto
        )

    def out_of_turn(self) -> bool:
        """Whether the viewer is answering another seat's move (the table frames
        the buttons then, so an answer never looks like one's own turn)."""
        if not self._my_decision():
            return False
        turn = self.match.present.decor(self.view()).turn
        return turn is not None and turn != self.match.decision().seat

    def perform(self, action) -> None:
        """A person's move for the deciding seat, then log and animate."""
        self._made(self.match.act(self.match.decision().seat, action))

    def _made(self, applied: Applied) -> None:
        self._record(applied)
        if applied.auto and self.match.seats[applied.seat] == "human":
            self.message, self.message_is_error = f"{seat_name(applied.seat)}: {AUTO}", False
        self._after_change()

    def _record(self, applied: Applied, animate: bool = True) -> None:
        text = "secret" if applied.secret else applied.text
        self.app.emit(f"action {seat_name(applied.seat).lower()} {text}")
        self.panels.log(applied)
        self.message = self.match.save_problem
        now = time.monotonic()
        if applied.seat == self.viewer and not applied.auto:
            self.results.viewer_moved(now)
        if self.results.add(self.match.present, applied, self.viewer, now):
            self.app.emit(f"result {self.results.lines[-1]}")
        touched = {z for e in applied.events for z in (e.source, e.target) if z}
        self.marks.last = touched & set(self.view().zones)
        if animate:
            self.painter.launch_flyers(applied)

    # -- commands --------------------------------------------------------------
    def command(self, cmd: str) -> None:
        if cmd == "menu":
            self._open("menu")
        elif cmd == "rules":
            self._open("rules")
        elif cmd == "close":
            self.drop_from = None
            self._open(None)
        elif cmd.startswith("speed "):  # the menu's pace buttons: the menu stays open
            self.app.set_speed(cmd.partition(" ")[2])
            self.build_ui()
        elif cmd.startswith("scale "):  # the menu's text sizes: kept for the next run
            self.app.fonts.scale = float(cmd.partition(" ")[2])
            uiscale.save(self.app.fonts.scale)
            self.resize(self.app.screen.get_size())
        elif cmd in ("notation", "auto_pass"):  # the menu's switches (Ctrl+N, Ctrl+P)
            getattr(self, f"toggle_{cmd}")()
        elif cmd in ("ask_skips", "hint", "summary", "confirm", "confirm_always"):
            getattr(self.aid, "toggle_ask_skips" if cmd == "ask_skips" else cmd)()
        elif cmd == "more":  # the bar's moves with no room there, in the choice window
            self.choose(self.more)
        elif cmd == "undo":
            self.undo()
        elif cmd == "redo":
            self.redo()
        elif cmd == "save":
            self.save()
        elif cmd == "load":
            self._open("load")
        elif cmd == "fullscreen":
            self.app.toggle_fullscreen()
        elif cmd == "newgame":
            self.app.show_start()
        elif cmd == "again":
            self.app.start_game(self.session.again(self.app.new_seed()))
        elif cmd == "quit":
            self.app.quit()  # asks first while the game is on
        elif cmd == "handover":  # the other person answers: hide the table first
            self.overlay = "handover"
            self.flyers = []
            self.marks.arriving = set()
            self.build_ui()
            self.base_dirty = self.dirty = True
        elif cmd == "takeover":
            self.viewer = self.log.viewer = self.match.decision().seat
            self.overlay = None
            self._after_change()
            if self.match.history:  # the handover hid it: show the last move land
                self.painter.launch_flyers(self.match.history[-1])

    def _open(self, overlay: str | None) -> None:
        """Open a window over the table (None: close it). The menu opened on the
        handover screen keeps the table hidden until it is closed again."""
        if overlay is None and self.under is not None:
            overlay, self.under = self.under, None
        elif overlay == "menu" and self.overlay == "handover":
            self.under = "handover"
        if overlay is None:
            self.aid.confirming = None  # a question closed unanswered: no move
        if self.overlay in ("gameover", "handover", "ask") and overlay is None:
            self._after_change()
            return
        self.overlay = overlay
        self.painter.how_shown, self.painter.legend_at = False, None  # the pointer moves
        self.moves = self.match.moves() if self._my_decision() else []  # on: shown again
        self.build_ui()
        self.base_dirty = self.dirty = True

    def _busy(self) -> bool:
        """A window over the table (menu, rules, a choice, a handover) holds the
        game still: undo and redo wait until it is closed."""
        return self.overlay not in (None, "gameover")

    def undo(self) -> None:
        """Take back the viewer's last move. The handover screen and the
        question to the other person still belong to the one who just moved, so
        a misclick is undone there too, before the next person acts."""
        if self.overlay not in (None, "gameover", "handover", "ask"):
            return
        if self.match.undo(self.viewer):
            self.app.emit("undo")
            self.message, self.shout = "", False  # it spoke of the position taken back
            self.panels.relog()
            self.marks.last = set()
            self.results.clear()
            self.overlay = None
            self._after_change()
        else:
            self.say(
                "Nothing to undo: undo takes back your own moves (in hotseat, your last "
                "one, before the next person moves)."
            )

    def redo(self) -> None:
        if self._busy():
            return
        done = self.match.redo()
        for applied in done:
            self._record(applied, animate=False)
        if done:
            self._after_change()

    def save(self) -> None:
        stamp = time.strftime("%Y%m%d-%H%M%S")
        name = f"{self.match.name}-{self.session.seed}-{stamp}.json"
        try:
            path = storage.save_as(self.session, storage.saves_dir() / name)
        except OSError as e:
            self.say(f"Could not save: {e}")
            return
        self.say(f"Saved as {path.name} in {path.parent}", error=False)

    def load(self, path: str) -> None:
        try:
            session = storage.load(path)
        except SaveError as e:
            self._open(None)
            self.say(str(e))
            return
        self.app.start_game(session)

    def say(self, text: str, error: bool = True) -> None:
        self.message, self.message_is_error = text, error
        self.shout = error
        self.build_ui()
        self.base_dirty = self.dirty = True

    # -- input ---------------------------------------------------------------
    def handle(self, event: pygame.event.Event, consumed: bool) -> None:
        t = event.type
        if t in (PRESSED, gui_event("UI_BUTTON_PRESSED")):  # the table's, or a window's
            if not self.guard.ready(event.ui_element, time.monotonic()):
                self.app.emit(f"guarded {event.ui_element.text}")
                return  # meant for the button that stood there a moment ago
            if event.ui_element in self.ui.actions:
                action = self.ui.actions[event.ui_element]
                self.overlay = None if self.overlay == "choice" else self.overlay
                self.aid.decide(action)
            elif event.ui_element in self.ui.commands:
                self.command(self.ui.commands[event.ui_element])
            return
        if t == gui_event("UI_FILE_DIALOG_PATH_PICKED"):
            self.load(event.text)
            return
        if t == gui_event("UI_WINDOW_CLOSE") and event.ui_element is self.ui.window:
            self.ui.window = None
            if self.overlay in ("menu", "rules", "choice", "load", "summary", "confirm"):
                self._open(None)
            elif self.overlay == "ask":  # the question stands until it is answered
                self.build_ui()
            return
        if t == pygame.KEYDOWN:
            keys.key(self, event)
            return
        if not consumed:  # a window over the table takes its clicks first
            consumed, changed = self.ui.handle(event, time.monotonic())
            self.dirty = self.dirty or changed
        if t == pygame.MOUSEBUTTONDOWN and self.shout:  # read: the next click puts it away
            in_panel = not self.panels.banner_up()  # else the panel never showed it
            self.shout, self.message = False, ""
            if in_panel and not consumed:  # rebuilding under a pressed button loses its click
                self.build_ui()
            self.dirty = True
        if t == pygame.MOUSEBUTTONDOWN and self.zoom.close() and not consumed:
            return  # any click closes the enlarged card; one on the table does only that
        if self.overlay is not None:
            return
        if t == pygame.MOUSEBUTTONDOWN and not consumed and self.results.click(event.pos):
            self.dirty = True  # the result read: a click on it only closes it
            return
        self.pointer.handle(event, consumed)

    def toggle_notation(self) -> None:
        """Show or hide each move's notation in the log (for bug reports)."""
        self.notation = not self.notation
        self.panels.relog()
        self.say(
            f"Notation in the log {'shown' if self.notation else 'hidden'} (Ctrl+N).", error=False
        )

    def toggle_auto_pass(self) -> None:
        """The table passes for a person whose only legal move is to pass (on
        by default); off, every such pass waits for a click."""
        m = self.match
        m.auto_pass = not m.auto_pass
        self.say(
            f"Automatic pass when passing is the only move: "
            f"{'on' if m.auto_pass else 'off'} (Ctrl+P).",
            error=False,
        )
        self._after_change()

    def choose(self, found: list[gestures.Move]) -> None:
        """Make the one move found, or ask which. Among moves made by one gesture
        the game may propose one (`gestures.proposal`: a way to pay): it is
        listed first, marked "(proposed)" and selected, and Enter takes it."""
        if len(found) == 1:
            self.aid.decide(found[0].action)
        elif found:
            self.proposal = first = gestures.proposal(found)
            self.choices = [first, *(m for m in found if m is not first)] if first else found
            self._open("choice")

    def take_proposal(self) -> bool:
        """Enter in the choice window: make the proposed move, if there is one."""
        if self.overlay != "choice" or self.proposal is None:
            return False
        move, self.overlay = self.proposal, None
        self.aid.decide(move.action)
        return True

    # -- frame ---------------------------------------------------------------
    def resize(self, size: tuple[int, int]) -> None:
        self.board.set_size(size)
        self.build_ui()
        self.base_dirty = self.dirty = True

    def deadline(self) -> float | None:
        """When this scene next needs to run without input (None: idle)."""
        if self.flyers or self.dirty or self.partial:
            return 0.0
        now = time.monotonic()
        fading = now + FADE_FRAME if self.guard.waiting(now) else None
        due = [
            t
            for t in (self.ai_due, self.zoom.due(), fading, self.results.due(), self.ui.tip_due())
            if t is not None
        ]
        return min(due) if due else None

    def update(self, now: float) -> None:
        self.zoom.update(now)
        if self.guard.until and not self.guard.waiting(now):
            self.guard.until = 0.0
            self.app.emit("buttons ready")  # every new button takes clicks now
        if self.guard.waiting(now) or self.results.update(now) or self.ui.update(now):
            self.dirty = True  # the new buttons' fade-in, a result gone, a button's tip
        if self.ai_due is not None and now >= self.ai_due and self.overlay is None:
            self.ai_due = None
            self._made(self.match.step())
        if self.flyers:
            self.flyers = [f for f in self.flyers if now < f.t0 + f.duration]
            self.painter.arriving()
            self.dirty = True

    def build_ui(self) -> None:
        self.panels.build()
        position = (len(self.match.history), id(self.view()))  # a view per change
        bar = [*self.ui.actions, *(b for b, c in self.ui.commands.items() if c == "more")]
        new = self.guard.place(bar, position, time.monotonic())
        if new:
            self.app.emit(f"new buttons {' | '.join(new)}")

    def draw(self, screen: pygame.Surface) -> list[pygame.Rect] | None:
        """Paint what changed; returns dirty rectangles, or None after a full frame."""
        return self.painter.draw(screen)
