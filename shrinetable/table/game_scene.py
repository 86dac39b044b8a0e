"""The game scene: the table for one match, its panels, and every gesture.

Input becomes messages to the match, through the one contract a table has
with a match played here or at a host (`adapter.port.MatchPort`: a move, an
undo, the automatic moves when their pace is up), and what is drawn comes only
from the match's view for the viewer; what comes from elsewhere (a host's
update, the answer to a question) is taken by `poll` each frame. Redraws
happen when something changed: the table is cached as a base surface, and
while cards are dragged only the rectangles they cross are repainted.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import pygame

from shrinetable.adapter import gestures, storage
from shrinetable.adapter.log import Log
from shrinetable.adapter.match import auto_said
from shrinetable.adapter.port import Answer, Auto, Change, MatchPort, Refusal, Sent
from shrinetable.adapter.session import Applied
from shrinetable.engine import View
from shrinetable.formats.layout import Layout
from shrinetable.formats.save import SaveError

from . import helpers, keys, uiscale
from .board import Board, Marks
from .decision_bar import Guard
from .focus import Focus
from .frame import Frame
from .keymap import Keymap
from .motion import Drag, Flyer, Press
from .narrate import Narrator
from .overlay import STATES, WINDOWS, Overlay
from .painter import Painter
from .panels import Panels
from .pointer import Pointer
from .results import Results
from .scene import WAKE
from .seats import seat_name
from .widgets import PRESSED, Rich, Widgets, gui_event
from .zoom import Zoom

if TYPE_CHECKING:
    from .app import App

SEE_S = 1.5  # how long a person's own move stays in view before a pass made for them
FADE_FRAME = 1 / 30  # the new buttons' fade-in redraws this often
FLY_FRAME = 0.016  # cards in flight redraw this often
THINK_FRAME = 0.1  # while the computer thinks, its answer is looked for at least this often


class GameScene:
    """The scene's state and its messages to the match; the panels, the
    painting, the pointer and the zoom are parts of it (`panels`, `painter`,
    `pointer`, `zoom`) that read this state."""

    helps = True  # its match gives hints, summaries and the questions before a skip

    def __init__(self, app: App, match: MatchPort, layout: Layout):
        self.app = app
        self.match = match
        app.art.use(match.present)
        if match.powers.auto_pass:  # the next game takes this one's setting
            app.auto_pass = match.auto_pass
        self.layout = layout
        self.frame = Frame()  # what the next frame repaints
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
        self.message_rule: str | None = None  # the rule a refusal said rests on
        self.shout = False  # the message is shown whole over the table too, until a click
        self.overlay: Overlay | None = None  # what stands over the table
        self.under: Overlay | None = None  # the handover a window was opened over
        self.choices: list[gestures.Move] = []
        self.plan: list[Any] = []  # the rest of a selection dropped as one decision (`Run`)
        self.plan_after = ""  # the move the plan goes on from: it must be the last made
        self.more: list[gestures.Move] = []  # the bar's moves under "More moves"
        self.proposal: gestures.Move | None = None  # the choice the game proposes
        self.ai_due: float | None = None
        self.ai_move: Auto | None = None  # the match's automatic move, made at ai_due
        self.thinking: Answer[Auto | None] | None = None  # a computer's choice, not yet made
        self.guard = Guard()  # a new button ignores clicks a moment (`decision_bar`)
        self.results = Results()  # a move's result kept in view a while
        self.aid = helpers.Aid(self)  # the how-to, the Hint, the question before a skip
        self.ui = Widgets(app.fonts, covered=app.gui_covers)
        self.asking_quit = False  # the menu asks whether to quit the game in progress
        self.panels, self.painter = Panels(self), Painter(self)
        self.pointer = Pointer(self)
        self.focus = Focus(self)  # the keyboard's place on the table (`focus`, `keys`)
        self.keymap = Keymap()
        self.binding: str | None = None  # the command whose new key is awaited (Keys...)
        self.gui_keys: Any = None  # the keyboard's place in a window (`gui_keys`)
        self.zoom = Zoom(
            self.board,
            self.marks,
            app.art,
            app.fonts,
            self.frame,
            pressed=lambda: self.press is not None,
            dragging=lambda: self.drag is not None,
            covered=lambda: self.overlay is not None,
        )
        self.notation = False  # the log shows each move's notation too (Ctrl+N)
        self.log = Log(match, self.viewer)
        self.log_rich: list[Rich] = []  # the log's lines, styled (`words.log_line`)
        self.log_from = 0  # the first move the log's lines were made from (panels.relog)
        self.panels.relog()
        self.waiting: list[tuple[Answer[Any], Callable[[Any], None]]] = []  # asked, not answered
        self.narrator = Narrator(self)  # what the table says in words (`announce`)
        self.pane: pygame.Rect | None = None  # where the announcements are shown, if they are
        self.board.set_size(self.table_size(app.screen.get_size()), app.screen.get_size())
        self.after_change(build=True)

    # -- what the next frame repaints (`Frame`; the App sets `dirty` after input)
    @property
    def dirty(self) -> bool:
        return self.frame.dirty

    @dirty.setter
    def dirty(self, on: bool) -> None:
        self.frame.dirty = on

    @property
    def base_dirty(self) -> bool:
        return self.frame.base_dirty

    @base_dirty.setter
    def base_dirty(self, on: bool) -> None:
        self.frame.base_dirty = on

    @property
    def partial(self) -> list[pygame.Rect]:
        return self.frame.partial

    # -- state ---------------------------------------------------------------
    def view(self) -> View:
        return self.match.view(self.viewer)

    def my_decision(self) -> bool:
        """Whether the viewer decides now: theirs, no window over the table, and
        the table not about to move by itself (a pass made for them: a button
        for it would race them)."""
        d = self.match.decision()
        return (
            d is not None
            and d.seat == self.viewer
            and self.match.seats[d.seat] == "human"
            and self.overlay is None
            and self.ai_move is None
        )

    def after_change(self, build: bool = True) -> None:
        """Recompute everything that follows from a new state."""
        m = self.match
        d = m.decision()
        running = self.ai_move is not None or self.thinking is not None  # no person's move
        self.ai_due = None
        asked = m.ask_pending()  # a computer thinks on the match's thread, not this one
        self.thinking = None if asked.ready() else asked
        self.ai_move = auto = asked.value() if asked.ready() else None
        if self.thinking is not None:
            self.when(asked, lambda _: self._thought(asked))
        minor = False
        if d is None:
            self.overlay = Overlay.GAMEOVER
        elif auto is not None:
            if self.overlay == Overlay.ASK:  # a question answered: the next move needs no one
                self.overlay = None
            minor = m.minor(auto, self.viewer)
            delay = self.app.minor_delay if minor else self.app.ai_delay
            if auto.forced and auto.seat == self.viewer:  # the viewer's pass: at once
                delay = self.app.minor_delay
            if self._sees_first(auto):
                delay = max(delay, SEE_S)
            self.ai_due = time.monotonic() + delay
        elif d.seat != self.viewer and m.quick_pass() is not None:
            self.overlay = Overlay.ASK
        elif d.seat != self.viewer and m.seats[d.seat] == "human":  # else another table's
            self.overlay = Overlay.HANDOVER
            self.flyers = []  # nothing of the last seat's table crosses the handover screen
            self.marks.arriving = set()
        elif self.overlay in STATES:
            self.overlay = None
        mine = self.my_decision()
        if mine:  # a result already read gives way to the viewer's decision
            self.results.next_decision(time.monotonic())
        self.moves = self.match.moves() if mine else []
        self.marks.playable = gestures.playable(self.moves)
        self.marks.involved = gestures.involved(self.moves)
        self.marks.selected = {}
        self.focus.reset()
        if self.aid.hinted is not None:  # a hint answers one position
            self.aid.hinted, self.marks.targets = None, set()
        # Rebuilding the widgets (~10 ms and a full frame; ~80 ms with pygame_gui's
        # text boxes) after every tap and pass would cost more than the minor
        # moves' pace (15-30 ms a move at the faster paces): while the computer
        # runs through them, only the table is redrawn, and the panel catches up
        # when a move worth watching is due or a person decides. The first move
        # after a person's always rebuilds: their buttons must not stay standing.
        self.narrator.prompt()  # before the window it may bring (Game over, the handover)
        if build and not (minor and running):
            self.build_ui()
        self.frame.table_changed()
        if self.plan:
            self._go_on(mine)

    def _go_on(self, mine: bool) -> None:
        """The next move of a selection dropped as one decision (`gestures.Run`),
        made only while it is still the viewer's own legal move; else the rest
        is dropped (the step ended by itself: the hand is empty)."""
        step, self.plan = self.plan[0], self.plan[1:]
        last = self.match.history[-1] if self.match.history else None
        found = [m for m in self.moves if m.text == step.text] if mine else []
        if not found or last is None or (last.seat, last.text) != (self.viewer, self.plan_after):
            self.plan = []  # refused, declined or overtaken: nothing more goes
            return
        self.plan_after = step.text
        self.perform(found[0].action, joined=True)  # one gesture: one undo takes it back

    def _thought(self, asked: Answer[Auto | None]) -> None:
        """The computer has chosen: its move is due (unless the position it
        answered is gone: an undo, a seat taken over, meanwhile)."""
        if asked is self.thinking:
            self.after_change()

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
        if not self.my_decision():
            return False
        turn = self.match.present.decor(self.view()).turn
        d = self.match.decision()
        return turn is not None and d is not None and turn != d.seat

    def perform(self, action: Any, joined: bool = False) -> None:
        """A person's move for the deciding seat, then log and animate; a move
        sent to a host is made when its update brings it back, and until then
        nothing more can be dragged (a second move would answer a position
        that is gone)."""
        d = self.match.decision()
        if d is None:  # over meanwhile: nothing to decide
            return
        done = self.match.play(d.seat, action, joined)
        if isinstance(done, Refusal):
            self.app.emit(f"refused {done.said()}")
            self.say(done.said(), rule=done.rule)
        elif isinstance(done, Sent):
            self.moves = []
            self.marks.playable, self.marks.involved = set(), set()
            self.build_ui()
            self.frame.table_changed()
        else:
            self.made(done)

    def when(self, answer: Answer[Any], then: Callable[[Any], None]) -> None:
        """Do `then` with `answer` once it comes (at once when it has): the
        window never waits for a question's answer."""
        if answer.ready():
            then(answer.value())
        else:
            self.waiting.append((answer, then))

    def heard(self, change: Change) -> None:
        """What came from elsewhere (`MatchPort.poll`): a move made, the game
        taken afresh, a word from the host."""
        if change.kind == "move" and change.applied is not None:
            self.made(change.applied)
        elif change.kind == "reset":
            self.panels.relog()
            self.marks.last = set()
            self.after_change()
        elif change.kind in ("say", "refused"):
            self.app.emit(f"said {change.text}")
            rule = change.refusal.rule if change.refusal else None
            self.say(change.text, error=change.error, rule=rule)

    def made(self, applied: Applied) -> None:
        self._record(applied)
        if applied.auto and self.match.seats[applied.seat] == "human":
            said = auto_said(self.match.game, applied, self.viewer)
            self.message, self.message_is_error = f"{seat_name(applied.seat)}: {said}", False
        self.after_change()

    def _record(self, applied: Applied, animate: bool = True) -> None:
        text = "secret" if applied.secret else applied.text
        self.app.emit(f"action {seat_name(applied.seat).lower()} {text}")
        self.narrator.lines(self.panels.log(applied))
        self.message = self.match.save_problem
        now = time.monotonic()
        if applied.seat != self.viewer or not applied.auto:  # theirs, or the viewer's own
            self.results.next_decision(now)  # the lines explaining it stand in view
        if self.results.add(self.match.present, applied, self.viewer, now):
            self.app.emit(f"result {self.results.lines[-1]}")
            self.narrator.say(f"Result: {self.results.lines[-1]}", queued=True)
        touched = {z for e in applied.events for z in (e.source, e.target) if z}
        self.marks.last = touched & set(self.view().zones)
        if animate:
            self.painter.launch_flyers(applied)

    # -- commands --------------------------------------------------------------
    def command(self, cmd: str) -> None:
        if cmd == "menu":
            self.show(Overlay.MENU)
        elif cmd == "rules":
            self.show(Overlay.RULES)
        elif cmd == "close":
            self.drop_from = None
            self.show(None)
        elif cmd.startswith("speed "):  # the menu's pace buttons: the menu stays open
            self.app.set_speed(cmd.partition(" ")[2])
            self.build_ui()
        elif cmd.startswith("theme "):  # the menu's colours and motion: kept for the next run
            self.app.set_theme(cmd.partition(" ")[2])
            self.frame.table_changed()
            self.build_ui()
        elif cmd.startswith("motion "):
            self.app.set_motion(cmd == "motion reduced")
            self.build_ui()
        elif cmd.startswith("scale "):  # the menu's text sizes: kept for the next run
            self.app.fonts.scale = float(cmd.partition(" ")[2])
            uiscale.save(self.app.fonts.scale)
            self.resize(self.app.screen.get_size())
        elif cmd.startswith("announce"):  # off, shown, spoken (F2: the next); kept
            self.app.announcer.switch(cmd.partition(" ")[2] or None)
            self.resize(self.app.screen.get_size())  # the pane comes or goes
        elif cmd == "notation":  # the menu's switches (Ctrl+N, Ctrl+P)
            self.toggle_notation()
        elif cmd == "auto_pass":
            self.toggle_auto_pass()
        elif cmd.startswith("standing "):  # a standing answer's switch (side panel, menu)
            self.aid.toggle_standing(cmd.partition(" ")[2])
        elif cmd in self.aid.commands:  # the help row, the menu's switch, the question
            self.aid.commands[cmd]()
        elif cmd == "keys":
            self.show(Overlay.KEYS)
        elif cmd.startswith("bind ") or cmd == "keys_reset":  # the Keys window's buttons
            self.binding = cmd.partition(" ")[2] or None
            if cmd == "keys_reset":
                self.keymap.reset()
            self.build_ui()
        elif cmd == "more":  # the bar's moves with no room there, in the choice window
            self.choose(self.more)
        elif cmd == "undo":
            self.undo()
        elif cmd == "redo":
            self.redo()
        elif cmd == "save":
            self.save()
        elif cmd == "load" and not self.match.powers.load:
            self.say(
                "This game is the host's: load a game of your own from the start "
                "screen (New game).",
                error=False,
            )
        elif cmd == "load":
            self.show(Overlay.LOAD)
        elif cmd == "fullscreen":
            self.app.toggle_fullscreen()
        elif cmd == "newgame":
            self.leave()
            self.app.show_start()
        elif cmd == "again":
            again = self.match.again(self.app.new_seed())
            if again is None:  # not this table's to start: the start screen
                self.leave()
                self.app.show_start()
            else:
                self.app.start_game(again)
        elif cmd == "quit":
            self.app.quit()  # asks first while the game is on
        elif cmd == "handover":  # the other person answers: hide the table first
            self.overlay = Overlay.HANDOVER
            self.flyers = []
            self.marks.arriving = set()
            self.build_ui()
            self.frame.table_changed()
        elif cmd == "takeover" and (d := self.match.decision()) is not None:
            self.viewer = self.log.viewer = d.seat
            self.app.announcer.recent = []  # the pane held the last seat's words
            self.overlay = None
            self.after_change()
            if self.match.history:  # the handover hid it: show the last move land
                self.painter.launch_flyers(self.match.history[-1])

    def show(self, overlay: Overlay | None) -> None:
        """Open a window over the table (None: close it). The menu opened on the
        handover screen keeps the table hidden until it is closed again."""
        if overlay is None and self.under is not None:
            overlay, self.under = self.under, None
        elif overlay == Overlay.MENU and self.overlay == Overlay.HANDOVER:
            self.under = Overlay.HANDOVER
        if overlay is None:
            self.aid.confirming = None  # a question closed unanswered: no move
        if self.overlay in STATES and overlay is None:
            self.after_change()
            return
        self.overlay = overlay
        self.painter.how_shown, self.painter.legend_at = False, None  # the pointer moves
        self.moves = self.match.moves() if self.my_decision() else []  # on: shown again
        self.build_ui()
        self.frame.table_changed()

    def _busy(self) -> bool:
        """A window over the table (menu, rules, a choice, a handover) holds the
        game still: undo and redo wait until it is closed."""
        return self.overlay not in (None, Overlay.GAMEOVER)

    def undo(self) -> None:
        """Take back the viewer's last move. The handover screen and the
        question to the other person still belong to the one who just moved, so
        a misclick is undone there too, before the next person acts."""
        if self.overlay is not None and self.overlay not in STATES:
            return
        done = self.match.undo(self.viewer)
        if isinstance(done, Sent):
            self.say("Asked the other players to agree to take back your last move.", error=False)
        elif done:
            self.app.emit("undo")
            self.message, self.shout = "", False  # it spoke of the position taken back
            self.panels.relog()
            self.marks.last = set()
            self.flyers = []  # a card still on its way belongs to a move taken back
            self.results.clear()
            self.overlay = None
            self.after_change()
        else:
            self.say(
                "Nothing to undo: undo takes back your own moves (in hotseat, your last "
                "one, before the next person moves)."
            )

    def redo(self) -> None:
        if not self.match.powers.redo:
            self.say("In a networked game a move taken back stays taken back.")
            return
        if self._busy():
            return
        done = self.match.redo()
        for applied in done:
            self._record(applied, animate=False)
        if done:
            self.after_change()

    def save(self) -> None:
        if not self.match.powers.save:
            self.say("The host keeps this game: it saves after every move.", error=False)
            return
        try:
            path = self.match.save(storage.saves_dir())
        except OSError as e:
            self.say(f"Could not save: {e}")
            return
        self.say(f"Saved as {path.name} in {path.parent}", error=False)

    def load(self, path: str) -> None:
        try:
            session = storage.load(path, self.match.game.cards)
        except SaveError as e:
            self.show(None)
            self.say(str(e))
            return
        self.app.start_game(session)

    def leave(self) -> None:
        """The table is left (a new game, the start screen): a game played here
        stays kept by its autosave; nothing to close."""

    def keep(self) -> None:
        """Autosave the game (`MatchPort.keep`); a failure is said in the window
        and the game goes on."""
        problem = self.match.keep()
        if problem and self.message != problem:
            self.say(problem)

    def may_quit(self) -> bool:
        """Whether the program may end now: while a game is on, the menu asks
        first (a second Quit, or closing the window again, ends it)."""
        if self.match.decision() is None or self.asking_quit:
            return True
        self.asking_quit = True
        self.command("menu")
        self.dirty = True
        return False

    def needs_frame(self) -> bool:
        """Whether `draw` has something to paint: a change, or a drag's rectangles."""
        return self.dirty or bool(self.partial)

    def say(self, text: str, error: bool = True, rule: str | None = None) -> None:
        """Show a message (`error`: bad news, shown whole over the table too);
        `rule`: the rule a refusal rests on, for the panel's short notice."""
        self.message, self.message_is_error, self.message_rule = text, error, rule
        self.shout = error
        self.narrator.message(text, rule)
        self.build_ui()
        self.frame.table_changed()

    # -- input ---------------------------------------------------------------
    def handle(self, event: pygame.event.Event, consumed: bool) -> None:
        t = event.type
        if t == WAKE:  # an answer came: `update` takes it
            return
        if t in (PRESSED, gui_event("UI_BUTTON_PRESSED")):  # the table's, or a window's
            pressed = getattr(event, "pressed_at", time.monotonic())  # when the press came
            if not self.guard.ready(event.ui_element, pressed):  # as it stood at the press
                self.app.emit(f"guarded {event.ui_element.text}")
                return  # meant for the button that stood there a moment ago
            if event.ui_element in self.ui.actions:
                action = self.ui.actions[event.ui_element]
                born = self.guard.since(event.ui_element)  # the click-storm test reads it
                self.app.emit(f"clicked {born:.3f} {event.ui_element.text}")
                self.overlay = None if self.overlay == Overlay.CHOICE else self.overlay
                self.aid.decide(action)
            elif event.ui_element in self.ui.commands:
                self.command(self.ui.commands[event.ui_element])
            return
        if t == gui_event("UI_FILE_DIALOG_PATH_PICKED"):
            self.load(event.text)
            return
        if t == gui_event("UI_WINDOW_CLOSE") and event.ui_element is self.ui.window:
            self.ui.window = None
            if self.overlay in WINDOWS:
                self.show(None)
            elif self.overlay == Overlay.ASK:  # the question stands until it is answered
                self.build_ui()
            return
        if t == pygame.KEYDOWN:
            keys.key(self, event, consumed)
            return
        if t == pygame.MOUSEMOTION:
            self.guard.pointer(event.pos)
        if t == pygame.MOUSEBUTTONUP and event.button == 1:
            self.app.emit("released")  # what a click does comes after (its PRESSED is queued)
        over_log = self.overlay is None and not consumed and self.results.box is not None
        if t == pygame.MOUSEBUTTONDOWN and over_log and self.results.click(event.pos):
            self.dirty = True  # the result (over the log) read: a click on it only closes it
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
        if not m.powers.auto_pass:
            self.say("The host passes for you when passing is your only move.", error=False)
            return
        m.switch_auto_pass()
        self.app.auto_pass = m.auto_pass
        self.say(
            f"Automatic pass when passing is the only move: "
            f"{'on' if m.auto_pass else 'off'} (Ctrl+P).",
            error=False,
        )
        self.after_change()

    def choose(self, found: list[gestures.Move]) -> None:
        """Make the one move found, or ask which. Among moves made by one gesture
        the game may propose one (`gestures.proposal`: a way to pay): it is
        listed first, marked "(proposed)" and selected, and Enter takes it."""
        if len(found) == 1:
            move = found[0].action
            if isinstance(move, gestures.Run):  # the first card now, the rest as they come
                self.plan = [*move.actions[1:], *([move.stop] if move.stop else [])]
                move = move.actions[0]
                self.plan_after = move.text
            self.aid.decide(move)
        elif found:
            self.proposal = first = gestures.proposal(found)
            self.choices = [first, *(m for m in found if m is not first)] if first else found
            self.show(Overlay.CHOICE)

    def take_proposal(self) -> bool:
        """Enter in the choice window: make the proposed move, if there is one."""
        if self.overlay != Overlay.CHOICE or self.proposal is None:
            return False
        move, self.overlay = self.proposal, None
        self.aid.decide(move.action)
        return True

    # -- frame ---------------------------------------------------------------
    def table_size(self, size: tuple[int, int]) -> tuple[int, int]:
        """The part of a window of `size` the table (and its panels) is fitted
        in: all of it (a networked table keeps a strip for its line)."""
        return size

    def resize(self, size: tuple[int, int]) -> None:
        self.board.set_size(self.table_size(size), size)
        self.build_ui()
        self.frame.table_changed()

    def deadline(self) -> float | None:
        """When this scene next needs to run without input (None: idle): a
        frame's time away while cards fly."""
        now = time.monotonic()
        if self.flyers:
            return now + FLY_FRAME
        if self.dirty or self.partial:
            return 0.0
        fading = now + FADE_FRAME if self.guard.waiting(now) else None
        # an answer without a wait of its own (the computer's choice) is looked
        # for every frame's time too: its thread wakes the loop, this is the spare
        asked = [now + THINK_FRAME if a.until is None else a.until for a, _ in self.waiting]
        due = [
            t
            for t in (
                self.ai_due,
                self.zoom.due(),
                fading,
                self.results.due(),
                self.ui.tip_due(),
                *asked,
            )
            if t is not None
        ]
        return min(due) if due else None

    def update(self, now: float) -> None:
        for change in self.match.poll():
            self.heard(change)
            self.dirty = True
        if self.waiting:
            ready = [(a, then) for a, then in self.waiting if a.ready(now)]
            self.waiting = [w for w in self.waiting if w not in ready]
            for answer, then in ready:
                then(answer.value())
        self.zoom.update(now)
        if self.guard.fresh and not self.guard.waiting(now):
            self.guard.fresh = False
            self.app.emit("buttons ready")  # every new button takes clicks now
        if self.guard.waiting(now) or self.results.update(now) or self.ui.update(now):
            self.dirty = True  # the new buttons' fade-in, a result gone, a button's tip
        if self.ai_due is not None and now >= self.ai_due and self.overlay is None:
            self.ai_due = None
            self.made(self.match.step())
        if self.flyers:
            self.flyers = [f for f in self.flyers if now < f.t0 + f.duration]
            self.painter.arriving()
            self.dirty = True
        # a result came, joined or went (a minor move's too): the log makes room for
        # its box, or takes it back; not under a window (rebuilt, a file window
        # would lose its folder): when it closes
        if self.results.laid != self.results.lines and self.overlay is None:
            self.build_ui()
            self.dirty = True

    def build_ui(self) -> None:
        self.panels.build()
        self.narrator.window()
        position = (len(self.match.history), id(self.view()))  # a view per change
        bar = self.ui.bar()
        last = self.match.history[-1] if self.match.history else None
        others = last is None or last.seat != self.viewer or last.auto  # not the viewer's move
        new = self.guard.place(bar, position, time.monotonic(), self.ui.pointer.at, others)
        if new and pygame.event.peek(pygame.MOUSEBUTTONDOWN):  # pressed before they came
            self.ui.pointer.early = True  # (the window was busy; judged as made then)
        if new:
            self.app.emit(f"new buttons {' | '.join(new)}")

    def draw(self, screen: pygame.Surface) -> list[pygame.Rect] | None:
        """Paint what changed; returns dirty rectangles, or None after a full frame."""
        return self.painter.draw(screen)
