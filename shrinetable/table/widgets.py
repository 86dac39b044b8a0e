"""The game table's own buttons and text boxes, drawn with the table's fonts.

Importing pygame_gui and making its manager took about as long as the rest of
the launch together (issue 26: ~90 ms of ~250 ms to the first frame) for
widgets that are rectangles with words. The panels every table shows (the log,
the prompt, a notice, the decision bar, the commands, the handover) are these;
the windows over the table (menu, rules, a choice, load, game over...) stay
pygame_gui's, made when first opened (`dialogs`, `App.manager`).

A click released on a button posts PRESSED with the button as `ui_element`,
as pygame_gui posts its own, and `pressed_at`, when the press came. A text
is either already styled (`Rich`: the log's lines, made once from its
entries) or in a small HTML subset for messages: <b>, <font color=...
pixel_size=...>, <br> and character entities."""

from __future__ import annotations

import html
import re
import sys
from functools import lru_cache
from typing import Any

import pygame
from pygame.transform import smoothscale

from .faces import CONDENSE
from .theme import rgb

PRESSED = pygame.event.custom_type()  # a Button clicked; event.ui_element is it
PX = 14  # the panels' text size at 1280x720 (`decision_bar.panel_scale`)
PAD = 6  # between a box's border and its text
LEADING = 4  # added to the font's line height
BAR_W = 12  # a scrolling box's bar
WHEEL_LINES = 3  # a wheel notch scrolls this many lines
TIP_S = 0.6  # the pointer rests this long on a button before its tip shows

TAG = re.compile(r"<(/?)(b|font|br)\b([^>]*)>", re.IGNORECASE)
ATTR = re.compile(r"""(\w+)\s*=\s*(?:'([^']*)'|"([^"]*)"|([^\s>]+))""")
PIECE = re.compile(r"\s+|[^\s/]*/|[^\s/]+")  # spaces; a word, broken after each "/"
RGB = tuple[int, int, int]
Run = tuple[str, RGB, bool]  # words, their colour, whether bold
Rich = tuple[Run, ...]  # a paragraph already styled
Text = str | Rich  # a paragraph: styled, or in the HTML subset


def rich_text(rich: Rich) -> str:
    """A styled paragraph's words, unstyled."""
    return "".join(words for words, _, _ in rich)


def gui_event(name: str) -> int | None:
    """pygame_gui's event type `name`, or None while pygame_gui is not loaded
    (then no such event can have been posted)."""
    gui = sys.modules.get("pygame_gui")
    return getattr(gui, name, None) if gui is not None else None


def _styled(text: Text, colour: tuple, px: int) -> list[tuple[str, tuple] | None]:
    """`text` as (words, (colour, bold, px)) runs; None where a line breaks."""
    if not isinstance(text, str):
        return [(words, (ink, bold, px)) for words, ink, bold in text]
    out: list[tuple[str, tuple] | None] = []
    stack = [(colour, False, px)]
    at = 0
    for m in TAG.finditer(text):
        if m.start() > at:
            out.append((html.unescape(text[at : m.start()]), stack[-1]))
        at = m.end()
        closing, tag = m.group(1), m.group(2).lower()
        if tag == "br":
            out.append(None)
        elif closing:
            if len(stack) > 1:
                stack.pop()
        else:
            c, bold, size = stack[-1]
            if tag == "b":
                bold = True
            for key, *values in ATTR.findall(m.group(3)):
                value = next(v for v in values if v) if any(values) else ""
                if key.lower() == "color" and re.fullmatch(r"#[0-9a-fA-F]{6}", value):
                    c = rgb(value)
                elif key.lower() == "pixel_size" and value.isdigit():
                    size = int(value)
            stack.append((c, bold, size))
    if at < len(text):
        out.append((html.unescape(text[at:]), stack[-1]))
    return out


Line = tuple[int, tuple[tuple[pygame.Surface, int], ...]]  # height; images at their x


def lay_out(
    fonts, text: Text, width: int, colour: tuple | None = None, px: int = PX
) -> tuple[Line, ...]:
    """`text` (styled, or the HTML subset) in lines at most `width` wide. Words wrap at
    spaces; a word wider than the line (a file's path) breaks after a "/",
    then after a "-", "_" or ".", else wherever it must. Kept: the log is
    laid out again at every move."""
    return _lay_out(fonts, fonts.floor, text, width, colour or rgb("normal_text"), px)


@lru_cache(maxsize=256)
def _lay_out(fonts, floor: int, text: Text, width: int, colour: tuple, px: int) -> tuple[Line, ...]:
    lines: list[tuple[int, tuple[tuple[Any, int], ...]]] = []
    line: list[tuple[str, tuple]] = []  # (text, style), adjacent styles merged
    x = 0

    def size(s: str, style: tuple) -> tuple[int, int]:
        return fonts.font(style[2], style[1]).size(s)

    def flush() -> None:
        nonlocal line, x
        while line and line[-1][0].isspace():
            line.pop()
        height = max([size("Ag", st)[1] for _, st in line] or [size("Ag", (colour, False, px))[1]])
        images, at = [], 0
        for s, st in line:
            img = fonts.text(s, st[2], st[0], st[1])
            images.append((img, at))
            at += img.get_width()
        lines.append((height + LEADING, tuple(images)))
        line, x = [], 0

    def put(s: str, style: tuple) -> None:
        nonlocal x
        if line and line[-1][1] == style:
            line[-1] = (line[-1][0] + s, style)
        else:
            line.append((s, style))
        x += size(s, style)[0]

    for run in _styled(text, colour, px):
        if run is None:
            flush()
            continue
        words, style = run
        for piece in PIECE.findall(words):
            w = size(piece, style)[0]
            if piece.isspace():
                if line:
                    put(" ", style)
                continue
            if x + w > width and line:
                flush()
            while w > width and len(piece) > 1:  # alone and still too wide: cut it
                cut = _cut(piece, width - x, lambda s, st=style: size(s, st)[0])
                put(piece[:cut], style)
                flush()
                piece = piece[cut:]
                w = size(piece, style)[0]
            put(piece, style)
    if line or not lines:
        flush()
    return tuple((h, tuple(images)) for h, images in lines)


def _cut(word: str, width: int, measure) -> int:
    """Where to cut a word too wide for a line: after the last "-", "_" or "."
    that fits (a saved game's file name), else after as many letters as fit."""
    most = max(1, _fitting(word, width, measure))
    at = max(word.rfind(c, 0, most) for c in "-_.")
    return at + 1 if at > 0 else most


def _fitting(word: str, width: int, measure) -> int:
    """How many of `word`'s first letters fit in `width`."""
    lo, hi = 0, len(word)
    while lo < hi:
        mid = (lo + hi + 1) // 2
        if measure(word[:mid]) <= width:
            lo = mid
        else:
            hi = mid - 1
    return lo


def button_rows(fonts, px: int, labels: list[str], width: int, gap: int = 4) -> list[list[int]]:
    """The widths (each with its `gap`) of buttons saying `labels` in rows
    across `width`, every label whole on one line: one row of even shares
    where each fits its share, else of widths by their words, else fewer to a
    row, evened over the rows (two and two, not three and one)."""
    font = fonts.font(px)
    needs = [font.size(t)[0] + 2 * PAD + gap for t in labels]
    for most in range(len(labels), 0, -1):
        per = -(-len(labels) // -(-len(labels) // most))
        rows = [needs[i : i + per] for i in range(0, len(needs), per)]
        if all(sum(row) <= width for row in rows) or per == 1:
            return [_shares(row, width) for row in rows]
    return []  # no labels


def _shares(needs: list[int], width: int) -> list[int]:
    """A row's widths: even where each need fits its share, else each its need
    and an even share of what is left."""
    even = width // len(needs)
    if max(needs) <= even or sum(needs) > width:  # (wider than `width`: a lone one)
        return [even] * len(needs)
    left = max(0, width - sum(needs)) // len(needs)
    return [n + left for n in needs]


def rows_high(fonts, px: int, least: int) -> int:
    """The height of a row of buttons that is not the layout's one row: a
    line of their text and room round it, at least `least`."""
    return max(least, fonts.font(px).get_linesize() + 8)


def two_lines(fonts, px: int) -> int:
    """The least height of a button whose label is drawn on two lines."""
    return 2 * fonts.font(px).get_linesize() + 2


def _whole(fonts, px: int, text: str, room: int) -> list[str]:
    """`text` whole in `room`: one line, or two broken where the wider of the
    two is narrowest ("Jack: take a card / from P2", never "... card from /
    P2": a lone short word on a line reads as a stray); [] where two do not
    hold it."""
    font = fonts.font(px)
    if font.size(text)[0] <= room:
        return [text]
    words = text.split()
    splits = [(" ".join(words[:i]), " ".join(words[i:])) for i in range(1, len(words))]
    fitting = [s for s in splits if max(font.size(t)[0] for t in s) <= room]
    if not fitting:
        return []
    return list(min(fitting, key=lambda s: max(font.size(t)[0] for t in s)))


def _narrowed(fonts, px: int, text: str, room: int) -> list[str]:
    """`text` whole in `room` with each line narrowed to `CONDENSE` at most
    (as a one-line label is), where even its two even lines are a little
    too wide for a bar's place (a long card name); [] where that does not
    hold it either."""
    return _whole(fonts, px, text, int(room / CONDENSE))


def label_lines(fonts, px: int, text: str, width: int) -> int:
    """How many lines a button `width` wide needs to show `text` whole beside
    a number key's badge (which it may show), narrowed if need be: 1, 2, or
    0 (two do not hold it)."""
    room = width - 2 * PAD - (fonts.font(px, True).size("9")[0] + 6 + 2)
    return len(_whole(fonts, px, text, room)) or len(_narrowed(fonts, px, text, room))


class Button:
    """A button on the table: hovered, held or disabled; its label
    shortened with an ellipsis (and whole in its tip) when it does not fit,
    beside its number `key` when the keyboard presses it (a badge at its left,
    which the label makes room for: over the label it read "1iscard the...")."""

    def __init__(self, rect, text: str, tool_tip: str = "", px: int = PX):
        self.rect = pygame.Rect(rect)
        self.px = px
        self.text = text
        self.tool_tip = tool_tip
        self.visible = True
        self.is_enabled = True
        self.key = ""

    def _badge(self, fonts) -> pygame.Rect | None:
        """Where the number key's badge stands (None: no key shown)."""
        if not self.key:
            return None
        w, h = fonts.font(self.px, True).size(self.key)
        box = pygame.Rect(0, 0, w + 6, h)
        box.midleft = (self.rect.left + 3, self.rect.centery)
        return box

    def disable(self) -> None:
        self.is_enabled = False

    def _room(self, fonts) -> int:
        badge = self._badge(fonts)
        return self.rect.w - 2 * PAD - (badge.w + 2 if badge else 0)

    def label(self, fonts) -> tuple[list[str], bool]:
        """The label's lines (two when the button is tall enough, else one;
        narrowed a little where need be, as a card's name is:
        `faces.CONDENSE`), and whether it had to be shortened."""
        room = self._room(fonts)
        font = fonts.font(self.px)
        tall = self.rect.h >= two_lines(fonts, self.px)
        for lines in (
            _whole(fonts, self.px, self.text, room),
            _narrowed(fonts, self.px, self.text, room),
        ):
            if len(lines) == 1 or (lines and tall):
                return lines, False  # (narrowed where it is drawn)
        cut = _fitting(self.text, room - font.size("\u2026")[0], lambda s: font.size(s)[0])
        return [self.text[:cut].rstrip() + "\u2026"], True

    def tip(self, fonts) -> str:
        return self.tool_tip or (self.text if self.label(fonts)[1] else "")

    def draw(self, surf: pygame.Surface, fonts, hovered: bool, held: bool) -> None:
        on = self.is_enabled
        bg = (
            "disabled_bg"
            if not on
            else "selected_bg"
            if held
            else "hovered_bg"
            if hovered
            else "normal_bg"
        )
        pygame.draw.rect(surf, rgb(bg), self.rect)
        pygame.draw.rect(
            surf, rgb("hovered_border" if hovered and on else "normal_border"), self.rect, 1
        )
        ink = rgb("disabled_text" if not on else "hovered_text" if hovered else "normal_text")
        room = self._room(fonts)
        images = [fonts.text(line, self.px, ink) for line in self.label(fonts)[0]]
        images = [
            img if img.get_width() <= room else smoothscale(img, (room, img.get_height()))
            for img in images
        ]
        step = fonts.font(self.px).get_ascent() + 2  # two lines sit closer than the font's own
        y = self.rect.centery - (step * (len(images) - 1) + images[0].get_height()) // 2
        badge = self._badge(fonts)
        x = self.rect.centerx + (badge.w + 2) // 2 if badge else self.rect.centerx
        for img in images:
            surf.blit(img, img.get_rect(midtop=(x, y)))
            y += step
        if badge:
            pygame.draw.rect(surf, (0, 0, 0), badge, border_radius=3)
            pygame.draw.rect(surf, (255, 255, 255), badge, 1, border_radius=3)
            img = fonts.text(self.key, self.px, (255, 255, 255), True)
            surf.blit(img, img.get_rect(center=badge.center))


class TextBox:
    """A box of text (styled paragraphs or the HTML subset), scrolled with the wheel or its bar
    when the text is taller than the box. Given as paragraphs (the log's
    entries), each is laid out once and kept: a move lays out its own line."""

    def __init__(self, text: Text | list[Text], rect, fonts, px: int = PX):
        self.paragraphs = list(text) if isinstance(text, list) else [text]
        self.rect = pygame.Rect(rect)
        self.fonts = fonts
        self.px = px
        self.scroll = 0  # pixels of text above the box's top
        self._lines: tuple[tuple, tuple[list[Line], bool]] | None = None

    @property
    def html_text(self) -> str:
        return "<br>".join(
            p if isinstance(p, str) else html.escape(rich_text(p)) for p in self.paragraphs
        )

    def lines(self) -> tuple[list[Line], bool]:
        """The laid-out lines, and whether they need the scroll bar."""
        key = (self.rect.size, self.fonts.floor)
        if self._lines is None or self._lines[0] != key:
            inner = self.rect.w - 2 * PAD - 2
            lines = self._lay_out(inner)
            bar = sum(h for h, _ in lines) - LEADING > self.rect.h - 2 * PAD
            self._lines = key, (self._lay_out(inner - BAR_W) if bar else lines, bar)
        return self._lines[1]

    def _lay_out(self, width: int) -> list[Line]:
        return [line for p in self.paragraphs for line in lay_out(self.fonts, p, width, px=self.px)]

    def text_height(self) -> int:
        """Its lines' height (no leading after the last)."""
        return max(0, sum(h for h, _ in self.lines()[0]) - LEADING)

    def lines_high(self, n: int) -> int:
        """The height of a box showing `n` lines of its text."""
        return n * (self.fonts.font(self.px).get_linesize() + LEADING) - LEADING + 2 * PAD

    def fit(self, most: int) -> None:
        """As tall as its text, up to `most` (its top stays put)."""
        self.rect.h = self.rect.w  # tall enough not to scroll while measured
        self.rect.h = min(most, self.text_height() + 2 * PAD)

    def room(self) -> int:
        """How far it scrolls."""
        return max(0, self.text_height() - (self.rect.h - 2 * PAD))

    def scroll_to_end(self) -> None:
        self.scroll = self.room()

    def scroll_by(self, dy: int) -> None:
        self.scroll = max(0, min(self.room(), self.scroll + dy))

    def bar(self) -> tuple[pygame.Rect, pygame.Rect] | None:
        """The scroll bar's track and thumb, if it scrolls."""
        if not self.room():
            return None
        track = pygame.Rect(self.rect.right - BAR_W - 1, self.rect.y + 1, BAR_W, self.rect.h - 2)
        total = self.text_height()
        h = max(20, track.h * (self.rect.h - 2 * PAD) // max(1, total))
        y = track.y + (track.h - h) * self.scroll // max(1, self.room())
        return track, pygame.Rect(track.x, y, BAR_W, h)

    def thumb_to(self, y: int) -> None:
        """Scroll so that the thumb's top is at `y`."""
        track, thumb = self.bar()
        free = max(1, track.h - thumb.h)
        self.scroll = max(0, min(self.room(), (y - track.y) * self.room() // free))

    def shown(self) -> list[tuple[int, Line]]:
        """The lines in view and where each begins: whole lines only (a line
        half scrolled out read as a stray of letters at the log's top), within
        the border (a line may take the padding), so scrolled to its end the
        latest line stands at the foot."""
        inside = self.rect.inflate(-2, -2)
        out, y = [], self.rect.y + PAD - self.scroll
        for line in self.lines()[0]:
            if y >= inside.y and y + line[0] - LEADING <= inside.bottom:
                out.append((y, line))
            y += line[0]
        return out

    def draw(self, surf: pygame.Surface) -> None:
        if self.rect.h < self.lines_high(1):  # too low for a line (a lesson's log under a
            return  # notice): nothing of it would read
        pygame.draw.rect(surf, rgb("text_box"), self.rect)
        pygame.draw.rect(surf, rgb("normal_border"), self.rect, 1)
        inner = self.rect.inflate(-2 * PAD, -2 * PAD)
        for y, (_, images) in self.shown():
            for img, x in images:
                surf.blit(img, (inner.x + 1 + x, y))
        if (bar := self.bar()) is not None:
            track, thumb = bar
            pygame.draw.rect(surf, rgb("dark_bg"), track)
            pygame.draw.rect(surf, rgb("normal_bg"), thumb)
            pygame.draw.rect(surf, rgb("normal_border"), thumb, 1)


def _key(b: Button | None) -> tuple | None:
    """A button as the person sees it (its label and place): the same after a
    rebuild that keeps it, so its hover, its press and its tip carry over."""
    return None if b is None else (b.text, tuple(b.rect))


class Pointer:
    """What the pointer is doing with the widgets, kept across their rebuilds
    (the panels are made again after every move): where it is, the button it
    rests on and since when, the one pressed, whether a tip shows or stays
    away (a press hides it until the pointer leaves the button)."""

    def __init__(self):
        self.at: tuple[int, int] | None = None
        self.on: tuple | None = None  # the hovered button's key
        self.since = 0.0
        self.tipped = False
        self.quiet: tuple | None = None
        self.held: tuple | None = None
        self.down_at = 0.0  # when the last press came (a button's guard judges the press)
        self.early = False  # a press was waiting when new buttons came: it was made before them
        self.dragging: tuple[int, int] | None = None  # (which box, grabbed at) of a thumb


class Widgets:
    """The scene's widgets: its own buttons and boxes (drawn and clicked here),
    the dialog window over the table (pygame_gui's, if one is open), and what
    each button does (an action or a command; a dialog's buttons too).
    `covered(pos)` says whether a window over the table is at `pos`: the
    widgets under it take no pointer."""

    def __init__(self, fonts=None, pointer: Pointer | None = None, covered=None, px: int = PX):
        self.fonts = fonts
        self.px = px  # their text size (larger in a larger window)
        self.log: TextBox | None = None
        self.status: TextBox | None = None
        self.notice: TextBox | None = None
        self.actions: dict = {}
        self.commands: dict = {}
        self.window: Any = None  # pygame_gui's window over the table, when one is open
        self.buttons: list[Button] = []
        self.boxes: list[TextBox] = []
        self.pointer = pointer or Pointer()
        self.covered = covered or (lambda pos: False)

    def button(
        self, rect, text: str, *, action=None, command: str | None = None, tool_tip: str = ""
    ) -> Button:
        b = Button(rect, text, tool_tip, self.px)
        self.buttons.append(b)
        if command is not None:
            self.commands[b] = command
        else:
            self.actions[b] = action
        return b

    def bar(self) -> list:
        """The decision bar's buttons in order (its moves, then "More moves"):
        the number keys press them."""
        return [*self.actions, *(b for b, c in self.commands.items() if c == "more")]

    def box(self, text: Text | list[Text], rect) -> TextBox:
        box = TextBox(text, rect, self.fonts, self.px)
        self.boxes.append(box)
        return box

    def hovered(self) -> Button | None:
        at = self.pointer.at
        if at is None or self.covered(at):
            return None
        return next(
            (b for b in reversed(self.buttons) if b.visible and b.rect.collidepoint(at)), None
        )

    def _box_at(self, pos) -> TextBox | None:
        if self.covered(pos):
            return None
        return next((b for b in reversed(self.boxes) if b.rect.collidepoint(pos)), None)

    def _track(self, now: float) -> bool:
        """Note the button the pointer is on, and since when; whether it changed."""
        on = _key(self.hovered())
        p = self.pointer
        if on == p.on:
            return False
        p.on, p.since, p.tipped = on, now, False
        if on != p.quiet:
            p.quiet = None
        return True

    def handle(self, event: pygame.event.Event, now: float) -> tuple[bool, bool]:
        """(whether the event was the widgets', whether they look different)."""
        t, p = event.type, self.pointer
        if t == pygame.MOUSEMOTION:
            p.at = event.pos
            if p.dragging is not None:
                which, grab = p.dragging
                if which < len(self.boxes) and self.boxes[which].bar() is not None:
                    self.boxes[which].thumb_to(event.pos[1] - grab)
                return True, True
            return False, self._track(now)
        if t == pygame.MOUSEWHEEL:
            box = self._box_at(p.at or pygame.mouse.get_pos())
            if box is None or not box.room():
                return False, False
            line = self.fonts.font(self.px).get_linesize() + LEADING
            box.scroll_by(-event.y * WHEEL_LINES * line)
            return True, True
        if t == pygame.MOUSEBUTTONDOWN and event.button != 1:
            p.early = False  # the press that was waiting (a wheel, the other button)
        if t == pygame.MOUSEBUTTONDOWN and event.button == 1:
            p.at, p.down_at, p.early = event.pos, -1.0 if p.early else now, False
            self._track(now)
            b = self.hovered()
            if b is not None:
                p.held = _key(b) if b.is_enabled else None
                p.quiet, p.tipped = _key(b), False  # no tip over what the click brings
                return True, True
            box = self._box_at(event.pos)
            if box is None:
                return False, False
            if (bar := box.bar()) is not None and bar[0].collidepoint(event.pos):
                track, thumb = bar
                if not thumb.collidepoint(event.pos):  # the track: a page at a time
                    page = box.rect.h - 2 * PAD
                    box.scroll_by(page if event.pos[1] > thumb.y else -page)
                    thumb = box.bar()[1]
                p.dragging = (self.boxes.index(box), event.pos[1] - thumb.y)
            return True, True
        if t == pygame.MOUSEBUTTONUP and event.button == 1:
            p.at = event.pos
            held, p.held = p.held, None
            if p.dragging is not None:
                p.dragging = None
                return True, True
            if held is None:
                return False, False
            b = self.hovered()
            if b is not None and _key(b) == held and b.is_enabled:
                pygame.event.post(pygame.event.Event(PRESSED, ui_element=b, pressed_at=p.down_at))
            return True, True
        return False, False

    def held(self) -> Button | None:
        return next((b for b in self.buttons if _key(b) == self.pointer.held), None)

    def tip_due(self) -> float | None:
        """When the hovered button's tip is due (None: no tip to come)."""
        p = self.pointer
        b = self.hovered()
        if p.tipped or b is None or _key(b) == p.quiet or _key(b) != p.on or not b.tip(self.fonts):
            return None
        return p.since + TIP_S

    def update(self, now: float) -> bool:
        """Whether the frame must change: a tip came due, or the button under
        the pointer changed with a rebuild."""
        changed = self._track(now)
        due = self.tip_due()
        if due is not None and now >= due:
            self.pointer.tipped = True
            return True
        return changed

    def draw(self, surf: pygame.Surface) -> None:
        for box in self.boxes:
            box.draw(surf)
        hovered, held = self.hovered(), self.held()
        for b in self.buttons:
            if b.visible:
                b.draw(surf, self.fonts, b is hovered, b is held)
        p = self.pointer
        if (
            p.tipped
            and hovered is not None
            and _key(hovered) == p.on != p.quiet
            and hovered.tip(self.fonts)
        ):
            self._draw_tip(surf, hovered)

    def _draw_tip(self, surf: pygame.Surface, b: Button) -> None:
        """The tip in a box under the button (over it at the window's foot)."""
        room = min(360 * self.px // PX, surf.get_width() - 20)
        lines = lay_out(self.fonts, html.escape(b.tip(self.fonts)), room - 2 * PAD, px=self.px)
        w = max(x + img.get_width() for _, images in lines for img, x in images) + 2 * PAD
        box = pygame.Rect(0, 0, w + 2, sum(h for h, _ in lines) - LEADING + 2 * PAD)
        box.midtop = (b.rect.centerx, b.rect.bottom + 4)
        if box.bottom > surf.get_height() - 4:
            box.midbottom = (b.rect.centerx, b.rect.top - 4)
        box.clamp_ip(surf.get_rect().inflate(-8, -8))
        pygame.draw.rect(surf, rgb("text_box"), box)
        pygame.draw.rect(surf, rgb("hovered_border"), box, 1)
        y = box.y + PAD
        for h, images in lines:
            for img, x in images:
                surf.blit(img, (box.x + PAD + 1 + x, y))
            y += h
