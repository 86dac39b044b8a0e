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

LOG_LINES = 1  # the log's lines always left under the lesson's words
RULE_CUTS = (80, 0)  # a long rule, cut to so many characters, then left out, for the words' room
BLANK, LINE = "<br><br>", "<br>"  # between the parts of the lesson's words: a blank line, none
# the lesson's words' shapes (rule cut, gap, title), roomiest first: the rule
# whole, spaced, then closer, then without the title; then the rule cut, left out
SHAPES = [
    (None, BLANK, True),
    (None, LINE, True),
    *((rule, LINE, False) for rule in (None, *RULE_CUTS)),
]
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
    def words(self, rule_most: int | None = None, gap: str = BLANK, title: bool = True) -> str:
        """The box's text: the lesson (its `title`: the window's caption
        names it too) and step, the rule the last move showed (cut to
        `rule_most` characters when the box is short of room; 0: left out),
        the step's words, and the friendly word for a refused move, `gap`
        between them (a blank line, or none where room is short)."""
        m = self.lesson
        spec = m.lesson.spec
        n = len(spec.steps)
        head = html.escape(spec.title)
        where = "done" if m.finished else f"step {m.at + 1} of {n}"
        parts = [f"<b>Lesson: {head}</b> \u00b7 {where}"] if title else []
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
        if not title and not m.finished:  # at the end, "Lesson complete." says where
            parts[0] = f"<b>Step {m.at + 1} of {n}</b> \u00b7 {parts[0]}"
        return gap.join(parts)


class LessonPanels(Panels):
    """The game's panels, with the lesson's box over the top of the log and its
    buttons (Next; at the end, the next lesson or Close) under the words."""

    s: LessonScene

    log_kept = LOG_LINES
    notice_kept = 0  # a notice (a Hint's words) may take the log's last line while it shows
    said, said_h = "", 0  # the lesson's words as `_rise` laid them out, and their height

    def _rise(self, asked: str, status: pygame.Rect, row_h: int, log_h: int) -> int:
        """The lesson's words are laid out first, at the top of the log's
        panel (`log_h` high), the roomiest way (`SHAPES`) that leaves the
        prompt's box room to grow to its whole question, else that reads
        whole alone; the prompt's box grows into what is left, the log
        keeping `LOG_LINES`, or gives the words what its question leaves
        (two lines kept). Before the rule gives way the log gives its last
        line too. No notice changes either: one at the log's foot takes the
        log's room, never the words' (Next stays where it is)."""
        need = self._need(asked, status, row_h)
        spare = max(0, min(-need, status.h - row_h - 2 - self.lines_high(2)))
        width = self.s.board.scaler.rect(self.s.layout.panels.log).w - 4
        buttons = len(self._rows(width)) * (self._row_h() + 4) + 4
        shapes = [self.s.words(*shape) for shape in SHAPES]
        high = [self._words_high(text, width) for text in shapes]
        for keep in (self.lines_high(self.log_kept) + 4, 0):
            room = log_h - keep - buttons
            fits = [i for i, h in enumerate(high) if h <= room + spare]
            if fits and SHAPES[fits[0]][0] is None:  # the rule whole
                break
        pick = next(
            (i for i in fits if high[i] + max(need, -spare) <= room), fits[0] if fits else -1
        )
        self.said, self.said_h = shapes[pick], min(high[pick], room + spare)
        self.top = buttons + self.said_h
        return max(-spare, min(max(0, need), room - self.said_h))

    def _words_high(self, text: str, width: int) -> int:
        """The height of a box `width` wide showing `text` whole."""
        box = TextBox(text, (0, 0, width, 0), self.s.ui.fonts, self.s.ui.px)
        box.fit(100_000)
        return box.rect.h

    def _row_h(self) -> int:
        return max(round(30 * self.k), self.lines_high(1))

    def _buttons_now(self) -> list[tuple[str, str, str]]:
        """The lesson's buttons under its words (label, command, tip): Next
        at a step of words only; at the end, the next lesson and Close."""
        step = self.s.lesson.current()
        if step is not None:
            kind = step.kind()
            return (
                [("Next \u25b6 (N)", "lesson_next", "On to the next step (N)")]
                if kind == "words"
                else []
            )
        buttons = [("Close", "lesson_close", "Back to where the lesson was opened")]
        if self.s.after is not None:
            title = self.s.after.spec.title
            buttons.insert(0, ("Next lesson \u25b6", "lesson_on", f"Next: {title}"))
        return buttons

    def _rows(self, width: int) -> list[list[int]]:
        """The lesson's buttons' rows, each as wide as its words where even
        shares would cut them (150%)."""
        ui = self.s.ui
        buttons = self._buttons_now()
        return (
            button_rows(ui.fonts, ui.px, [label for label, _, _ in buttons], width)
            if buttons
            else []
        )

    def build(self) -> None:
        super().build()
        ui = self.s.ui
        if ui.log is None:  # the handover screen: no panels
            return
        room = self.log_room  # the lesson's words above a result's box: its coming moves no button
        box = ui.box(self.said, pygame.Rect(room.x, room.y, room.w - 4, self.said_h))
        y = box.rect.bottom + 4
        rows = self._rows(room.w - 4)
        if rows:
            self._buttons(self._buttons_now(), room.x, y, rows, self._row_h())
            y += len(rows) * (self._row_h() + 4)
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
