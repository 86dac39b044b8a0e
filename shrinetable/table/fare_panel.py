"""The "How does it fare?" panel: it measures the deck being built against each
starter deck of its game, in the background, and shows its win rates.

The games are played by the workbench, which the table may not import (it is
a layer above); whoever opens the window hands in a `Measurer` (the App's
`fare`), as the demonstrations come through a shelf. Without one the panel
says so. A measurement runs in a process of its own: the panel only polls it
between frames, so the window keeps drawing; Cancel ends it at once, and so
does the screen going (`close`). After a change to the deck, measuring again
plays the same seeds, and each rate shows its paired change against the last.

The budget (games against each starter deck) is the player's choice, kept
for the next run (`resources.keep`).
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any, Protocol

import pygame

from shrinetable import resources

from .faces import cut, wrap
from .theme import palette, rgb
from .widgets import PRESSED, Widgets

FILE = "fare.json"  # {"games": n}: the budget last chosen
BUDGETS = (10, 20, 50, 100)  # games against each starter deck
POLL_S = 0.1  # how often a running measurement is read
PX = 14  # the text size at 1280x720: the least the table draws


class Measuring(Protocol):
    """One measurement under way: games `done` of `total`, then its `result`
    (or `error`)."""

    done: int
    total: int
    result: dict | None
    error: str | None

    @property
    def running(self) -> bool: ...

    def poll(self) -> bool:
        """Read what it said; whether anything changed."""
        ...

    def cancel(self) -> None: ...


class Measurer(Protocol):
    def start(self, game: str, deck: Any, games: int, before: dict | None) -> Measuring:
        """Measure `deck` (of `game`'s deck model) with `games` against each
        starter deck, paired with `before`; ValueError naming the fault at once
        (a broken deck rule)."""
        ...


def budget() -> int:
    """The budget last chosen (20 unless the file says one of BUDGETS)."""
    n = resources.kept(FILE).get("games")
    return n if n in BUDGETS else BUDGETS[1]


def _snap(deck: Any) -> Any:
    """The deck's fields as they are now (a builder changes its deck in place)."""
    return None if deck is None else deck.model_dump()


def _pct(x: float) -> str:
    return f"{100 * x:.0f}%"


def _pts(x: float) -> str:
    return f"{100 * x:+.0f}"


class FarePanel:
    """The button, the budget, progress with Cancel, and the results, drawn in
    `rect`; `deck()` is the deck as built now (None: nothing to measure)."""

    def __init__(
        self,
        fonts: Any,
        measurer: Measurer | None,
        game: str,
        deck: Callable[[], Any],
        on_close: Callable[[], None] | None = None,
    ):
        self.fonts, self.measurer, self.game, self.deck = fonts, measurer, game, deck
        self.on_close = on_close  # a Close button, for a screen that shows the panel on demand
        self.games = budget()
        self.job: Measuring | None = None
        self.last: dict | None = None  # the last result, which the next one pairs with
        self.measured: Any = None  # the deck it measured
        self.measuring: Any = None  # the deck being measured
        self.note = "" if measurer else "Measuring needs the workbench (not in this window)."
        self.rect = pygame.Rect(0, 0, 0, 0)
        self.px = PX
        self.widgets = Widgets(fonts, px=PX)
        self.due = self.started = 0.0

    # -- layout and input ------------------------------------------------

    def layout(self, rect: pygame.Rect, px: int = PX) -> None:
        """Place the panel in `rect` with text of `px` (at least 14)."""
        self.rect, self.px = pygame.Rect(rect), max(PX, px)
        self._build()

    def _build(self) -> None:
        """The buttons: measure (Cancel while measuring) and the budgets, sized
        for the text (`px`)."""
        w = Widgets(self.fonts, self.widgets.pointer, px=self.px)
        font = self.fonts.font(self.px)
        h = font.get_linesize() + 12
        x, y = self.rect.x + 8, self.rect.y + 8
        if self.running:
            w.button(
                (x, y, font.size("Cancel")[0] + 40, h),
                "Cancel",
                action="cancel",
                tool_tip="Stop measuring now",
            )
        else:
            w.button(
                (x, y, font.size("How does it fare?")[0] + 40, h),
                "How does it fare?",
                action="measure",
                tool_tip="The computer plays this deck against each starter deck, "
                "in both seat orders",
            )
        right = self.rect.right - 8
        if self.on_close is not None:
            shut = font.size("Close")[0] + 32
            right -= shut
            w.button((right, y, shut, h), "Close", action="close", tool_tip="Hide the panel")
            right -= 16
        step = font.size("100")[0] + 24
        bx = right - len(BUDGETS) * (step + 4)
        for i, n in enumerate(BUDGETS):
            b = w.button(
                (bx + (step + 4) * i, y, step, h),
                str(n),
                action=("games", n),
                tool_tip=f"{n} games against each starter deck",
            )
            if self.running and n != self.games:
                b.disable()
        self.widgets = w

    @property
    def running(self) -> bool:
        return self.job is not None and self.job.running

    def handle(self, event: pygame.event.Event, now: float) -> bool:
        """Whether the event was the panel's (a click on its buttons)."""
        if event.type == PRESSED:
            if event.ui_element not in self.widgets.actions:
                return False
            self._act(self.widgets.actions[event.ui_element])
            return True
        return self.widgets.handle(event, now)[0]

    def _act(self, action: Any) -> None:
        if action == "measure":
            self.start()
        elif action == "cancel":
            self.cancel()
        elif action == "close" and self.on_close is not None:
            self.on_close()
        elif isinstance(action, tuple) and not self.running:
            self.games = action[1]
            resources.keep(FILE, {"games": self.games})
        self._build()

    # -- measuring ----------------------------------------------------------

    def start(self) -> None:
        """Measure the deck as built now, paired with the last result."""
        deck = self.deck()
        if self.measurer is None or self.running:
            return
        if deck is None:
            self.note = "Nothing to measure yet: build a deck first."
            return
        try:
            self.job = self.measurer.start(self.game, deck, self.games, self.last)
        except ValueError as e:
            self.note = str(e)
            return
        self.note, self.measuring = "", _snap(deck)
        self.due, self.started = 0.0, time.monotonic()
        self._build()

    def cancel(self) -> None:
        if self.job is not None and self.job.running:
            self.job.cancel()
            self.note = "Cancelled."
        self.job = None
        self._build()

    def close(self) -> None:
        """The panel goes (its screen closes): end a measurement under way."""
        if self.job is not None:
            self.job.cancel()
            self.job = None

    def update(self, now: float) -> bool:
        """Read a running measurement (every POLL_S); whether the panel changed."""
        if self.job is None or now < self.due:
            return False
        self.due = now + POLL_S
        if not self.job.poll():
            return False
        if self.job.result is not None:
            self.last, self.measured = self.job.result, self.measuring
            self.job = None
        elif self.job.error is not None:
            self.note = f"Not measured: {self.job.error}"
            self.job = None
        if self.job is None:
            self._build()
        return True

    def deadline(self) -> float | None:
        return self.due if self.running else None

    # -- drawing --------------------------------------------------------

    def _text(self, s: str, colour: Any = "normal_text", bold: bool = False) -> pygame.Surface:
        ink = rgb(colour) if isinstance(colour, str) else colour
        return self.fonts.text(s, self.px, ink, bold)

    def lines(self) -> list[str]:
        """What the panel says, in words (the tests read it)."""
        out = []
        if self.running and self.job is not None:
            out.append(f"Playing game {self.job.done} of {self.job.total}\u2026")
        if self.note:
            out.append(self.note)
        r = self.last
        if r is not None:
            out.append(self._head(r))
            change = r.get("change") or {}
            paired = {o["deck"]: o for o in change.get("opponents", [])}
            for o in [*r["opponents"], {"name": "Overall", **r["overall"]}]:
                d = paired.get(o.get("deck")) if "deck" in o else change.get("overall")
                delta = self._change(d)
                out.append(f"{o['name']}: {self._rate(o)}" + (f", {delta} pts" if delta else ""))
        return out

    def traced(self) -> dict[str, Any]:
        """What it says and where its buttons are (`--trace`, for tests)."""
        return {
            "running": self.running,
            "lines": [] if self.running else self.lines(),  # not each game's count
            "buttons": {b.text: b.rect.center for b in self.widgets.buttons},
        }

    def _head(self, r: dict) -> str:
        n = r["games_per_opponent"]
        words = f"{r['deck']}: {n} games against each starter deck, both seat orders"
        if r.get("change"):
            was, n = r["change"]["from"], r["change"]["paired_games"]
            words += f"; the change from the last measurement ({was}) on the same {n} games"
        if self.measured is not None and _snap(self.deck()) != self.measured:
            words += " (the deck changed since: measure again)"
        return words

    @staticmethod
    def _rate(o: dict) -> str:
        if not o.get("n"):
            return "no finished game"
        lo, hi = o["ci"]
        return f"{_pct(o['rate'])} ({_pct(lo)}\u2013{_pct(hi)})"

    @staticmethod
    def _change(d: dict | None) -> str:
        if not d or d.get("delta") is None:
            return ""
        lo, hi = d["ci"]
        return f"{_pts(d['delta'])} ({_pts(lo)} to {_pts(hi)})"

    def draw(self, surf: pygame.Surface) -> None:
        pygame.draw.rect(surf, rgb("dark_bg"), self.rect)
        pygame.draw.rect(surf, rgb("normal_border"), self.rect, 1)
        self.widgets.draw(surf)
        budgets = [
            b
            for b in self.widgets.buttons
            if b in self.widgets.actions and isinstance(self.widgets.actions[b], tuple)
        ]
        for b in budgets:
            if self.widgets.actions[b][1] == self.games:
                pygame.draw.rect(surf, rgb("hovered_border"), b.rect.inflate(4, 4), 2)
        label = self._text("Games each:", "disabled_text")
        first = budgets[0].rect
        surf.blit(label, label.get_rect(midright=(first.x - 8, first.centery)))
        line = self.fonts.font(self.px).get_linesize()
        top = first.bottom + 10
        x, right = self.rect.x + 10, self.rect.right - 10
        if self.running and self.job is not None:
            self._progress(surf, pygame.Rect(x, top, right - x, line), self.job)
            top += line + 6
        if self.note:
            for img in self._wrapped(self.note, right - x, "hovered_border"):
                surf.blit(img, (x, top))
                top += line
        if self.last is not None:
            self._results(surf, pygame.Rect(x, top, right - x, self.rect.bottom - top - 6))

    def _wrapped(self, text: str, width: int, colour: str) -> list[pygame.Surface]:
        return [self._text(s, colour) for s in wrap(self.fonts, text, self.px, width)]

    def _progress(self, surf: pygame.Surface, area: pygame.Rect, job: Measuring) -> None:
        words = f"Game {job.done} of {job.total}"
        if job.done:  # the time left at the pace so far
            left = (time.monotonic() - self.started) * (job.total - job.done) / job.done
            words += (
                f", about {left:.0f} s left" if left < 90 else f", about {left / 60:.0f} min left"
            )
        label = self._text(words)
        surf.blit(label, (area.x, area.y))
        bar = pygame.Rect(area.x + label.get_width() + 10, area.y + 3, 0, area.h - 6)
        bar.w = area.right - bar.x
        pygame.draw.rect(surf, rgb("disabled_bg"), bar)
        done = bar.copy()
        done.w = bar.w * job.done // max(1, job.total)
        pygame.draw.rect(surf, rgb("selected_bg"), done)
        pygame.draw.rect(surf, rgb("normal_border"), bar, 1)

    def _results(self, surf: pygame.Surface, area: pygame.Rect) -> None:
        """The head, a row a starter deck and Overall (name, interval bar, rate,
        change), and what the bar shows."""
        r = self.last
        assert r is not None
        font = self.fonts.font(self.px)
        line = font.get_linesize() + 4
        y = area.y
        for img in self._wrapped(self._head(r), area.w, "disabled_text"):
            surf.blit(img, (area.x, y))
            y += line
        y += 4
        change = r.get("change") or {}
        paired = {o["deck"]: o for o in change.get("opponents", [])}
        rows = [(o, paired.get(o["deck"])) for o in r["opponents"]]
        rows.append(({"name": "Overall", **r["overall"]}, change.get("overall")))
        widest = max(font.size(o["name"])[0] for o, _ in rows) + 12
        name_w = min(widest, area.w * 2 // 5)
        rate_w = font.size("100% (100%\u2013100%)")[0] + 12
        delta_w = font.size("+100 (+100 to +100)")[0] if change else 0
        bar_w = max(40, area.w - name_w - rate_w - delta_w - 12)
        heads = [(0, "Against"), (name_w + bar_w + 12, "Win rate (95%)")]
        heads += [(name_w + bar_w + 12 + rate_w, "Change, points")] if change else []
        for at, words in heads:
            surf.blit(self._text(words, "disabled_text"), (area.x + at, y))
        y += line
        for i, (o, d) in enumerate(rows):
            if y + 2 * line > area.bottom:
                break
            last = i == len(rows) - 1
            if last:
                pygame.draw.line(surf, rgb("normal_border"), (area.x, y - 2), (area.right, y - 2))
            name = cut(self.fonts, o["name"], self.px, name_w - 12, last)
            surf.blit(self._text(name, bold=last), (area.x, y + 1))
            bar = pygame.Rect(area.x + name_w, y + 4, bar_w, line - 8)
            self._interval(surf, bar, {"fair": r["overall"]["fair"], **o})
            surf.blit(self._text(self._rate(o), bold=last), (bar.right + 12, y + 1))
            if d and d.get("delta") is not None:
                p = palette()  # a change its interval holds as real: a gain or a loss
                ink = p.gain if d["ci"][0] > 0 else p.loss if d["ci"][1] < 0 else p.text
                surf.blit(self._text(self._change(d), ink), (bar.right + 12 + rate_w, y + 1))
            y += line
        key = "Bar: the win rate (mark) and its 95% interval (band); the tick is an even share."
        for img in self._wrapped(key, area.w, "disabled_text"):
            if y + line <= area.bottom + 4:
                surf.blit(img, (area.x, y + 4))
            y += line

    def _interval(self, surf: pygame.Surface, bar: pygame.Rect, o: dict) -> None:
        """A rate on a 0-100% line: its interval as a band, the rate as a mark,
        the fair share (1 in the seats) as a tick."""
        pygame.draw.rect(surf, rgb("disabled_bg"), bar)
        if o.get("n"):
            lo, hi = o["ci"]
            band = pygame.Rect(
                bar.x + round(bar.w * lo), bar.y, max(2, round(bar.w * (hi - lo))), bar.h
            )
            pygame.draw.rect(surf, rgb("selected_bg"), band)
            at = bar.x + round(bar.w * o["rate"])
            pygame.draw.rect(surf, rgb("hovered_border"), (at - 1, bar.y - 2, 3, bar.h + 4))
        mid = bar.x + round(bar.w * o.get("fair", 0.5))
        pygame.draw.line(surf, rgb("normal_text"), (mid, bar.bottom), (mid, bar.bottom + 3))
