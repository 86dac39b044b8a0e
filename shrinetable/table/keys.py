"""The keys of a game scene: Esc (close, cancel a drag, the menu, also over the
handover screen), Ctrl+Z/Y (undo, redo), Ctrl+N (notation), Ctrl+P (the
automatic pass), Ctrl+S/O (save, load), ? (rules), Enter (take over the
device, take the proposed move, yes to the question before a skip); the
announcements' (`narrate`): F2 (off, shown, spoken), Ctrl+R (the last again),
PageDown/PageUp (the next or previous zone's state)."""

from __future__ import annotations

from typing import Protocol

import pygame

from .helpers import Aid
from .motion import Drag
from .narrate import Narrator
from .overlay import WINDOWS, Overlay
from .pointer import Pointer
from .zoom import Zoom


class Table(Protocol):
    """The commands a key gives a game table, and what decides which."""

    zoom: Zoom
    pointer: Pointer
    aid: Aid
    narrator: Narrator
    drag: Drag | None
    overlay: Overlay | None

    def show(self, overlay: Overlay | None) -> None: ...
    def command(self, cmd: str) -> None: ...
    def undo(self) -> None: ...
    def redo(self) -> None: ...
    def save(self) -> None: ...
    def toggle_notation(self) -> None: ...
    def toggle_auto_pass(self) -> None: ...
    def take_proposal(self) -> bool: ...


def key(scene: Table, event: pygame.event.Event) -> None:
    ctrl = event.mod & pygame.KMOD_CTRL
    if event.key == pygame.K_ESCAPE:
        if scene.zoom.close():
            pass
        elif scene.drag is not None:
            scene.pointer.cancel_drag()
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
    elif event.key == pygame.K_F2:
        scene.command("announce")
    elif ctrl and event.key == pygame.K_r:
        scene.narrator.repeat()
    elif event.key in (pygame.K_PAGEDOWN, pygame.K_PAGEUP):
        scene.narrator.zone(1 if event.key == pygame.K_PAGEDOWN else -1)
    elif event.unicode == "?" and scene.overlay in (None, Overlay.RULES):
        scene.show(None if scene.overlay == Overlay.RULES else Overlay.RULES)
    elif event.key in (pygame.K_RETURN, pygame.K_KP_ENTER) and scene.overlay == Overlay.HANDOVER:
        scene.command("takeover")
    elif event.key in (pygame.K_RETURN, pygame.K_KP_ENTER) and scene.overlay == Overlay.CHOICE:
        scene.take_proposal()
    elif event.key in (pygame.K_RETURN, pygame.K_KP_ENTER) and scene.overlay == Overlay.CONFIRM:
        scene.aid.confirm()
