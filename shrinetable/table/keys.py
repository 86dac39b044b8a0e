"""The keys of a game scene: Esc (close, cancel a drag or cards carried by
keys, the menu, also over the handover screen), Ctrl+Z/Y (undo, redo),
Ctrl+N (notation), Ctrl+P (the automatic pass), Ctrl+S/O (save, load), ?
(rules), Enter (take over the device, take the proposed move, yes to the
question before a skip); on the table the focus keys (`keymap`, `focus`) and
1 to 9 for the decision bar's buttons; in a window over it, its own focus
(`gui_keys`). The focus keys include the announcements' (`narrate`): F2,
Ctrl+R, PageDown/PageUp."""

from __future__ import annotations

import time
from typing import TYPE_CHECKING, Any, Protocol

import pygame

from shrinetable.adapter import gestures

from .focus import Focus
from .helpers import Aid
from .keymap import Keymap, key_name
from .motion import Drag
from .narrate import Narrator
from .overlay import WINDOWS, Overlay
from .pointer import Pointer
from .widgets import PRESSED, Widgets
from .zoom import Zoom

if TYPE_CHECKING:
    from .app import App

DIGITS = {getattr(pygame, f"K_{n}"): n for n in range(1, 10)}


class Table(Protocol):
    """The commands a key gives a game table, and what decides which."""

    app: App
    zoom: Zoom
    pointer: Pointer
    aid: Aid
    narrator: Narrator
    drag: Drag | None
    overlay: Overlay | None
    focus: Focus
    keymap: Keymap
    moves: list[gestures.Move]
    more: list[gestures.Move]
    binding: str | None
    ui: Widgets
    gui_keys: Any  # `gui_keys.GuiKeys`, made with the first window (pygame_gui's)

    def show(self, overlay: Overlay | None) -> None: ...
    def command(self, cmd: str) -> None: ...
    def undo(self) -> None: ...
    def redo(self) -> None: ...
    def save(self) -> None: ...
    def toggle_notation(self) -> None: ...
    def toggle_auto_pass(self) -> None: ...
    def take_proposal(self) -> bool: ...
    def choose(self, found: list[gestures.Move]) -> None: ...
    def say(self, text: str, error: bool = True) -> None: ...
    def build_ui(self) -> None: ...


def key(scene: Table, event: pygame.event.Event, consumed: bool = False) -> None:
    ctrl = event.mod & pygame.KMOD_CTRL
    if scene.binding is not None and scene.overlay == Overlay.KEYS:
        rebind(scene, event)
    elif event.key == pygame.K_ESCAPE:
        if scene.zoom.close():
            pass
        elif scene.drag is not None:
            scene.pointer.cancel_drag()
        elif scene.overlay is None and scene.focus.cancel():
            scene.narrator.say("Put back where it was.")
        elif scene.overlay in WINDOWS:
            scene.show(None)
        elif scene.overlay in (None, Overlay.HANDOVER):
            scene.show(Overlay.MENU)
    elif ctrl and event.key == pygame.K_z:
        (scene.redo if event.mod & pygame.KMOD_SHIFT else scene.undo)()
    elif ctrl and event.key == pygame.K_y:
        scene.redo()
    elif ctrl and event.key == pygame.K_n:
        scene.toggle_notation()
    elif ctrl and event.key == pygame.K_p:
        scene.toggle_auto_pass()
    elif ctrl and event.key == pygame.K_s:
        scene.save()
    elif ctrl and event.key == pygame.K_o:
        scene.command("load")
    elif window_key(scene, event, consumed):
        pass
    elif event.unicode == "?" and scene.overlay in (None, Overlay.RULES):
        scene.show(None if scene.overlay == Overlay.RULES else Overlay.RULES)
    elif event.key in (pygame.K_RETURN, pygame.K_KP_ENTER) and scene.overlay == Overlay.HANDOVER:
        scene.command("takeover")
    elif event.key in (pygame.K_RETURN, pygame.K_KP_ENTER) and scene.overlay == Overlay.CHOICE:
        scene.take_proposal()
    elif event.key in (pygame.K_RETURN, pygame.K_KP_ENTER) and scene.overlay == Overlay.CONFIRM:
        scene.aid.confirm()
    elif scene.overlay is None:
        table_key(scene, event)


def rebind(scene: Table, event: pygame.event.Event) -> None:
    """The key pressed after a command in the Keys window becomes its key
    (Esc keeps the old one; a lone modifier waits for the key it modifies)."""
    name = key_name(event.key, event.mod)
    if name.endswith(("shift", "ctrl", "alt")):
        return
    cmd, scene.binding = scene.binding, None
    if event.key != pygame.K_ESCAPE and cmd is not None:
        scene.say(scene.keymap.bind(cmd, name), error=False)
    scene.build_ui()


def window_key(scene: Table, event: pygame.event.Event, consumed: bool) -> bool:
    """A key for the window over the table (its focus, `gui_keys`); whether used."""
    window = scene.ui.window
    if window is None or consumed or not window.alive():
        return False
    from . import gui_keys  # pygame_gui's: loaded with the first window

    if scene.gui_keys is None:
        scene.gui_keys = gui_keys.GuiKeys(scene.app.emit, scene.app.announcer.say)
    container = window.get_container() if hasattr(window, "get_container") else window
    return bool(scene.gui_keys.key(event, container, scene.app.manager))


def table_key(scene: Table, event: pygame.event.Event) -> None:
    """The table's own keys: the decision bar's numbers (0: all its moves in
    the choice window, for a bar of more than nine), the focus keys."""
    if event.key == pygame.K_0 and not event.mod & (pygame.KMOD_CTRL | pygame.KMOD_ALT):
        on_bar = set(map(id, scene.ui.actions.values()))
        listed = [m for m in scene.moves if id(m.action) in on_bar] + scene.more
        if len(listed) > 1:  # one is its button's 1
            scene.choose(listed)
        return
    if event.key in DIGITS and not event.mod & (pygame.KMOD_CTRL | pygame.KMOD_ALT):
        bar = scene.ui.bar()
        n = DIGITS[event.key]
        if n <= len(bar):
            scene.focus.shown = True
            pygame.event.post(
                pygame.event.Event(PRESSED, ui_element=bar[n - 1], pressed_at=time.monotonic())
            )
        return
    cmd = scene.keymap.command(event.key, event.mod)
    f = scene.focus
    if cmd == "next_zone":
        f.zone_step(1)
    elif cmd == "prev_zone":
        f.zone_step(-1)
    elif cmd == "next_card":
        f.card_step(1)
    elif cmd == "prev_card":
        f.card_step(-1)
    elif cmd == "take":
        f.take()
    elif cmd == "add":
        f.add()
    elif cmd == "read" and (card := f.card()) is not None and card.name:
        scene.zoom.pin(card.name)
    elif cmd == "repeat":  # the announcements' (`narrate`)
        scene.narrator.repeat()
    elif cmd in ("next_state", "prev_state"):
        scene.narrator.zone(1 if cmd == "next_state" else -1)
    elif cmd == "announce":
        scene.command("announce")
