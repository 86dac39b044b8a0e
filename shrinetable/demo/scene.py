"""The demonstration player: a scene hosted by the table's own `App` window.

Each step is shown as a pose (caption, highlights, arrow), then its cards fly
event by event, then the result rests on screen; Play walks through on the
same timing as the exported GIF. Keys: Right/Left next/back, space play or
pause, +/- speed, Esc quits.
"""

from __future__ import annotations

import time

import pygame
import pygame_gui
from pygame_gui.elements import UIButton, UILabel

from shrinetable.engine import registry

from .paint import Painter
from .replay import MOVE_S, Replay

SPEEDS = (0.5, 0.75, 1.0, 1.5, 2.0, 3.0)
BAR = 46  # pixels of the button bar under the caption
FRAME_S = 0.016  # cards in flight redraw this often


class DemoScene:
    def __init__(self, app, demo: Replay, on_close=None):
        """`on_close`: what Close (and Esc) does instead of ending the program
        (the start screen comes back when it opened the demonstration)."""
        self.app = app
        self.demo = demo
        self.on_close = on_close
        pygame.display.set_caption(f"shrinetable \u00b7 {demo.title}")
        game = registry.get(demo.game, demo.cards)
        self.painter = Painter(app.layout(game), app.art, app.fonts, demo.cards)
        self.i, self.phase, self.t0 = 0, "pose", time.monotonic()
        self.playing = True  # it opens playing; Space pauses
        self.speed = 1.0
        self.buttons: dict[UIButton, str] = {}
        self.speed_label: UILabel | None = None
        self.dirty = True
        self.build_ui()

    @property
    def frame(self):
        return self.demo.frames[self.i]

    # -- moving through the steps --------------------------------------------------
    def _go(self, i: int, phase: str) -> None:
        self.i, self.phase, self.t0 = i, phase, time.monotonic()
        self.dirty = True
        self._refresh()

    def next(self) -> None:
        f = self.frame
        if self.phase == "pose" and f.action:
            self._go(self.i, "move" if f.moves else "rest")
        elif self.phase == "move":
            self._go(self.i, "rest")
        elif self.i + 1 < len(self.demo.frames):
            self._go(self.i + 1, "pose")
        else:
            self.playing = False
            self._refresh()

    def back(self) -> None:
        if self.phase != "pose":
            self._go(self.i, "pose")
        elif self.i > 0:
            self._go(self.i - 1, "pose")

    def toggle(self) -> None:
        at_end = self.at_end()
        self.playing = not self.playing
        if self.playing and at_end:
            self._go(0, "pose")
        else:
            self.t0 = time.monotonic()
        self._refresh()

    def faster(self, step: int) -> None:
        k = min(len(SPEEDS) - 1, max(0, SPEEDS.index(self.speed) + step))
        self.speed = SPEEDS[k]
        self._refresh()

    # -- App's scene contract ------------------------------------------------------
    def deadline(self) -> float | None:
        """While cards fly, a frame's time away; else the next step's."""
        if self.phase == "move":
            return time.monotonic() + FRAME_S
        if self.dirty:
            return 0.0
        if self.playing:
            return self.t0 + self.frame.hold(self.phase) / self.speed
        return None

    def needs_frame(self) -> bool:
        return self.dirty

    def keep(self) -> None:
        """Nothing to keep: a demonstration is replayed, not played."""

    def may_quit(self) -> bool:
        return True

    def update(self, now: float) -> None:
        if self.phase == "move":
            self.dirty = True
            if (now - self.t0) * self.speed >= MOVE_S * len(self.frame.moves):
                self._go(self.i, "rest")
        elif self.playing and now >= self.t0 + self.frame.hold(self.phase) / self.speed:
            self.next()

    def handle(self, event: pygame.event.Event, consumed: bool) -> None:
        if event.type == pygame_gui.UI_BUTTON_PRESSED and event.ui_element in self.buttons:
            self.command(self.buttons[event.ui_element])
        elif event.type == pygame.KEYDOWN:
            key = {
                pygame.K_RIGHT: "next",
                pygame.K_LEFT: "back",
                pygame.K_SPACE: "play",
                pygame.K_PLUS: "faster",
                pygame.K_KP_PLUS: "faster",
                pygame.K_EQUALS: "faster",
                pygame.K_MINUS: "slower",
                pygame.K_KP_MINUS: "slower",
                pygame.K_ESCAPE: "quit",
            }.get(event.key)
            if key:
                self.command(key)

    def command(self, name: str) -> None:
        if name == "next":
            self.next()
        elif name == "back":
            self.back()
        elif name == "play":
            self.toggle()
        elif name in ("faster", "slower"):
            self.faster(1 if name == "faster" else -1)
        elif name == "quit":
            if self.on_close is not None:
                self.on_close()
            else:
                self.app.running = False

    def at_end(self) -> bool:
        """Whether the last step is on screen, done."""
        return self.i == len(self.demo.frames) - 1 and (
            self.phase == "rest" or not self.frame.action
        )

    def resize(self, size: tuple[int, int]) -> None:
        self.build_ui()
        self.dirty = True

    def draw(self, screen: pygame.Surface) -> None:
        w, h = screen.get_size()
        area = screen.subsurface((0, 0, w, max(100, h - BAR)))
        t = (time.monotonic() - self.t0) * self.speed / MOVE_S if self.phase == "move" else 0
        self.painter.paint(area, self.demo, self.frame, self.phase, t)
        screen.fill((14, 38, 30), (0, h - BAR, w, BAR))
        self.app.manager.draw_ui(screen)
        self.dirty = False

    # -- the button bar --------------------------------------------------------------
    def build_ui(self) -> None:
        m = self.app.manager
        m.clear_and_reset()
        w, h = self.app.screen.get_size()
        y = h - BAR + 6
        items = [
            ("< Back", "back"),
            ("Play", "play"),
            ("Next >", "next"),
            ("Slower \u2212", "slower"),
            ("Faster +", "faster"),
        ]
        self.buttons = {}
        bw = 110
        x = (w - bw * (len(items) + 1) - 150) // 2
        for label, name in items:
            self.buttons[
                UIButton(pygame.Rect(x, y, bw - 6, BAR - 12), label, m, tool_tip_text=TIPS[name])
            ] = name
            x += bw
        self.speed_label = UILabel(pygame.Rect(x, y, 150, BAR - 12), "", m)
        x += 150
        self.buttons[
            UIButton(pygame.Rect(x, y, bw - 6, BAR - 12), "Close", m, tool_tip_text=TIPS["quit"])
        ] = "quit"
        self._refresh()

    def _refresh(self) -> None:
        """Button and label texts that follow the player's state."""
        for button, name in self.buttons.items():
            if name == "play":
                button.set_text("Pause" if self.playing else "Play")
            elif name == "back":
                button.enable() if self.i or self.phase != "pose" else button.disable()
            elif name == "play" and self.at_end() and not self.playing:
                button.set_text("Again")
            elif name == "next":
                button.disable() if self.at_end() else button.enable()
        if self.speed_label is not None:  # at the end it says so, beside Close
            self.speed_label.set_text(
                "The end \u2014 Close (Esc)" if self.at_end() else f"Speed {self.speed:g}\u00d7"
            )
        self.dirty = True


TIPS = {
    "back": "Back (Left arrow)",
    "play": "Play or pause (Space)",
    "next": "Next (Right arrow)",
    "slower": "Slower (-)",
    "faster": "Faster (+)",
    "quit": "Close the demonstration (Esc)",
}
