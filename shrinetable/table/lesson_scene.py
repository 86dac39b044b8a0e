"""The lesson table: the game scene, given a `LessonMatch` as its match.

Everything on the table is the game's own (drags, clicks, buttons, the log,
the animations); what is only here: the lesson's words in a box at the top
of the log's panel (beside the table, so it covers no card), the asked-for
card raised and its place lit, the friendly word for any other move there
too, the rule after the move, Next for a step that is only words, and at the
end the next lesson or the start screen. A finished lesson is remembered
(`adapter.lesson.mark_done`)."""

from __future__ import annotations

import html
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import pygame

from shrinetable.adapter.lesson import LessonMatch, course, done, mark_done, next_lesson
from shrinetable.engine import CardSet
from shrinetable.formats.lesson import LoadedLesson, all_lessons

from .game_scene import GameScene
from .helpers import hint_marks
from .overlay import Overlay
from .panels import Panels
from .widgets import TextBox, button_rows

if TYPE_CHECKING:
    from .app import App

LOG_LINES = 2  # the log's lines always left under the lesson's words
RULE_CUTS = (80, 0)  # a long rule, cut to so many characters, then left out, for the words' room
DONE, WORD, SAY = "#bff2c8", "#ffd0a8", "#ffffff"


class LessonScene(GameScene):
    """`after`: the next lesson of the course, opened by "Next lesson" (None:
    this is the last); `on_close`: what closing does (the start screen)."""

    def __init__(
        self,
        app: App,
        match: LessonMatch,
        after: LoadedLesson | None = None,
        on_close: Callable[[], None] | None = None,
    ):
        self.lesson = match
        self.after, self.on_close = after, on_close
        self.word = ""  # the friendly word for a move the step did not ask for
        self.remembered = False
        self.told = -1  # the step the trace last named
        super().__init__(app, match, app.layout(match.game))
        self.panels = LessonPanels(self)
        self.build_ui()

    def after_change(self, build: bool = True) -> None:
        super().after_change(build=False)
        m = self.lesson
        if self.overlay == Overlay.GAMEOVER:  # the lesson's own words say how it ended
            self.overlay = None
        if m.finished and not self.remembered:
            self.remembered = True
            mark_done(m.lesson.name)
            self.app.emit(f"lesson done {m.lesson.name}")
        expected = m.expected() if self.my_decision() else []
        self.aid.hinted = expected[0] if expected else None  # its button framed, as a Hint's
        if expected:
            self.marks.selected, targets = hint_marks(expected[0], self.view())
        else:
            self.marks.selected, targets = {}, set()
        self.marks.targets = targets | m.lit()
        if build:
            self.build_ui()
        self.frame.table_changed()

    def build_ui(self) -> None:
        """The panels; a step newly shown is traced (--trace) with where its Next is."""
        super().build_ui()
        m = self.lesson
        if isinstance(self.panels, LessonPanels) and self.told != m.at:
            self.told = m.at
            step = m.current()
            at = [b.rect.center for b, c in self.ui.commands.items() if c == "lesson_next"]
            where = f" next={at[0][0]},{at[0][1]}" if at else ""
            self.app.emit(f"lesson step {m.at} {step.kind() if step else 'end'}{where}")

    def say(self, text: str, error: bool = True, rule: str | None = None) -> None:
        """The lesson's own refusal goes in its box (nothing over the table)."""
        word = self.lesson.not_yet()
        if error and text in (word, self.match.present.readable(word)):  # a drop's, as read
            self.word = text
            self.app.emit(f"lesson refused {text}")
            self.build_ui()
            self.frame.table_changed()
            return
        super().say(text, error, rule)

    def made(self, applied) -> None:
        self.word = ""
        super().made(applied)
        self.results.clear()  # the lesson's words say what came of it; the log keeps their room

    def may_quit(self) -> bool:
        return True  # a lesson is not kept: nothing to lose

    def handle(self, event: pygame.event.Event, consumed: bool) -> None:
        if (
            event.type == pygame.KEYDOWN
            and event.key == pygame.K_n  # Enter and the arrows are the focus keys
            and self.overlay is None
            and (step := self.lesson.current()) is not None
            and step.kind() == "words"
        ):
            self.command("lesson_next")
            return
        super().handle(event, consumed)

    def command(self, cmd: str) -> None:
        if cmd == "lesson_next":
            if self.lesson.next():
                self.word = ""
                self.after_change()
        elif cmd == "lesson_on" and self.after is not None:
            open_lesson(self.app, self.after, self.on_close)
        elif cmd == "lesson_close":
            self.leave()
            if self.on_close is not None:
                self.on_close()
            else:
                self.app.running = False
        else:
            super().command(cmd)

    # -- the words ---------------------------------------------------------------------
    def words(self, rule_most: int | None = None) -> str:
        """The box's text: the lesson and step, the rule the last move showed
        (cut to `rule_most` characters when the box is short of room; 0: left
        out), the step's words, and the friendly word for a refused move."""
        m = self.lesson
        spec = m.lesson.spec
        n = len(spec.steps)
        head = html.escape(spec.title)
        where = "done" if m.finished else f"step {m.at + 1} of {n}"
        parts = [f"<b>Lesson: {head}</b> \u00b7 {where}"]
        rule = m.rule if rule_most is None or len(m.rule) <= rule_most else ""
        if m.rule and not rule and rule_most:
            rule = m.rule[:rule_most].rsplit(" ", 1)[0] + "\u2026"
        if rule:
            parts.append(f"<font color='{DONE}'>\u2714 {html.escape(rule)}</font>")
        step = m.current()
        if step is not None:
            parts.append(f"<font color='{SAY}'><b>{html.escape(step.say)}</b></font>")
        else:
            about = html.escape(spec.about)  # what it taught, in a few sentences
            parts.append(f"<font color='{DONE}'><b>Lesson complete.</b></font> {about}")
        if self.word:
            parts.append(f"<font color='{WORD}'>{html.escape(self.word)}</font>")
        return "<br><br>".join(parts)


class LessonPanels(Panels):
    """The game's panels, with the lesson's box over the top of the log and its
    buttons (Next; at the end, the next lesson or Close) under the words."""

    s: LessonScene

    def _rise(self, asked: str, status: pygame.Rect, row_h: int, log_h: int) -> int:
        """None: the prompt's box does not grow into the log's panel, whose
        top the lesson's words take (grown, it cut their rule; the words say
        what to do)."""
        return 0

    def build(self) -> None:
        super().build()
        ui = self.s.ui
        if ui.log is None:  # the handover screen: no panels
            return
        room = self.log_room  # the lesson's words above a result's box: its coming moves no button
        log = pygame.Rect(room.x, room.y, room.w - 4, room.h)
        row = max(round(30 * self.k), ui.log.lines_high(1))
        most = log.h - row - 8 - ui.log.lines_high(LOG_LINES)
        for rule_most in (None, *RULE_CUTS):  # the rule gives way first: the words stay in view
            text = self.s.words(rule_most)
            trial = TextBox(text, pygame.Rect(log.x, log.y, log.w, log.h), ui.fonts, ui.px)
            trial.fit(most)
            if not trial.room():
                break
        box = ui.box(text, trial.rect)
        y = box.rect.bottom + 4
        m = self.s.lesson
        step = m.current()
        buttons: list[tuple[str, str, str]] = []  # label, command, tip
        if step is not None and step.kind() == "words":
            buttons = [("Next \u25b6 (N)", "lesson_next", "On to the next step (N)")]
        elif step is None:
            buttons = [("Close", "lesson_close", "Back to where the lesson was opened")]
            if self.s.after is not None:
                title = self.s.after.spec.title
                buttons.insert(0, ("Next lesson \u25b6", "lesson_on", f"Next: {title}"))
        if buttons:  # each as wide as its words where even shares would cut them (150%)
            rows = button_rows(ui.fonts, ui.px, [label for label, _, _ in buttons], log.w)
            self._buttons(buttons, log.x, y, rows, row)
            y += len(rows) * (row + 4)
        rest = self._result_room(pygame.Rect(room.x, y, room.w, max(0, room.bottom - y)))
        ui.log.rect = pygame.Rect(rest.x, rest.y, rest.w - 4, rest.h)
        ui.log.scroll_to_end()


def open_lesson(
    app: App, lesson: LoadedLesson, on_close: Callable[[], None] | None = None
) -> LessonScene:
    """Show `lesson` in `app`'s window; "Next lesson" opens the course's next one."""
    scene = LessonScene(app, LessonMatch(lesson), next_lesson(lesson, app.cards), on_close)
    app.scene = scene
    pygame.display.set_caption(f"{lesson.spec.title} \u2014 shrinetable")
    return scene


class Course:
    """The start screen's Learn to play: the chosen game's lessons in a window,
    each marked when the player finished it, and the offer to a newcomer."""

    def __init__(self, cards: CardSet | None = None):
        self.cards = cards

    def count(self, game: str) -> int:
        return len(all_lessons().get(game, []))

    def offer(self, game: str, played: bool) -> bool:
        """Whether to offer the course: the game has lessons, the player never
        started it here and finished none of them."""
        if played or not self.count(game):
            return False
        return not any(name.startswith(f"{game}/") for name in done())

    def open_list(self, start: Any) -> None:
        """A window over the start screen `start`: one button a lesson (a ✔ on
        those finished); a broken file is a disabled line naming why."""
        from pygame_gui.elements import UIButton  # the start screen has it loaded

        lessons = course(start.game.name, self.cards)
        win = start._open_window(f"Learn to play {start.game.title}", 620, 64 + 44 * len(lessons))
        finished = set(done())
        for i, item in enumerate(lessons):
            rect = pygame.Rect(10, 10 + 44 * i, 580, 38)
            if isinstance(item, LoadedLesson):
                mark = "\u2714 " if item.name in finished else ""
                text = f"{mark}{i + 1}. {item.spec.title}"
            else:
                text = f"(broken) {item}"
            b = UIButton(rect, text[:90], start.app.manager, container=win)
            if isinstance(item, LoadedLesson):
                start.actions[b] = ("lesson", item)
            else:
                b.disable()

    def start(self, start: Any, lesson: LoadedLesson) -> None:
        """Open `lesson`; closing it comes back to the start screen, its game chosen."""
        game = lesson.spec.game
        open_lesson(start.app, lesson, lambda: start.app.show_start(game=game))
