"""Keys in pygame_gui's windows and screens (the menu, a choice, game over, the
start screen, the Join form): Tab / Shift+Tab and the arrows move a focus
over the buttons and text fields in reading order, Enter or Space presses the
focused button (as a click does: the same event, so a drop-down list or a
selection list opens and picks alike), a text field takes the typing; the
number keys press a window's buttons in order. The focused button is drawn
selected; a text field shows its cursor."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pygame
import pygame_gui
from pygame_gui.core.utility import translate
from pygame_gui.elements import UIButton, UIDropDownMenu, UITextEntryLine

NEXT = {pygame.K_DOWN: 1, pygame.K_RIGHT: 1, pygame.K_UP: -1, pygame.K_LEFT: -1}
PRESS = (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE)
DIGITS = {getattr(pygame, f"K_{n}"): n for n in range(1, 10)}


def walk(container: Any) -> list[Any]:
    """Every element inside `container`, nested containers opened."""
    out = []
    for e in list(getattr(container, "elements", [])):
        out.append(e)
        inner = e.get_container() if hasattr(e, "get_container") else None
        if inner is not None and inner is not container:
            out += walk(inner)
    return out


def reachable(container: Any) -> list[Any]:
    """The buttons and text fields a person can use, in reading order; while
    a drop-down list is open, only its choices."""
    items = walk(container)
    for d in items:
        if isinstance(d, UIDropDownMenu) and d.current_state is d.menu_states["expanded"]:
            listed = getattr(d.current_state, "options_selection_list", None)
            choices = [i["button_element"] for i in listed.item_list] if listed else []
            return [b for b in choices if b is not None and b.visible]
    seen = [
        e for e in items if isinstance(e, UIButton | UITextEntryLine) and e.visible and e.is_enabled
    ]
    return sorted(seen, key=lambda e: (e.get_abs_rect().top, e.get_abs_rect().left))


def text_focused(manager: Any) -> bool:
    """Whether a text field has the typing."""
    return any(isinstance(e, UITextEntryLine) for e in manager.get_focus_set() or ())


def label(e: Any) -> str:
    """An element's words as shown (pygame_gui's own windows name theirs by
    translation keys: "pygame-gui.Cancel")."""
    return translate(str(getattr(e, "text", "") or type(e).__name__))


def press(button: Any) -> None:
    """What a click on `button` posts."""
    pygame.event.post(
        pygame.event.Event(
            pygame_gui.UI_BUTTON_PRESSED,
            ui_element=button,
            ui_object_id=button.most_specific_combined_id,
            mouse_button=1,
        )
    )


class GuiKeys:
    """The focus over one screen's or window's pygame_gui elements."""

    def __init__(self, emit: Callable[[str], None], say: Callable[[str], None] = lambda _: None):
        """`emit`: the trace line of each focus; `say`: it in words (`announce`)."""
        self.emit, self.say = emit, say
        self.at: Any = None  # the focused element
        self.where: tuple | None = None  # its kind and place: found again after a rebuild

    def key(
        self, event: pygame.event.Event, container: Any, manager: Any, numbers: bool = True
    ) -> bool:
        """Handle a key for the elements in `container` (`numbers`: the number
        keys press its buttons); whether it was used."""
        items = reachable(container)
        if self.at not in items:  # rebuilt: the element now in its place, if any
            same = [e for e in items if (type(e), e.get_abs_rect().topleft) == self.where]
            self.at = None
            if same:
                self._mark(same[0], manager, quiet=True)
        typing = text_focused(manager)
        k, shift = event.key, event.mod & pygame.KMOD_SHIFT
        if k == pygame.K_TAB or (k in NEXT and not typing):
            by = -1 if (k == pygame.K_TAB and shift) else NEXT.get(k, 1)
            if not items:
                return False
            at = items.index(self.at) if self.at in items else (-1 if by > 0 else len(items))
            self._mark(items[(at + by) % len(items)], manager)
            return True
        if k in PRESS and isinstance(self.at, UIButton) and not typing:
            press(self.at)
            return True
        if k in DIGITS and numbers and not typing:
            buttons = [e for e in items if isinstance(e, UIButton)]
            if DIGITS[k] <= len(buttons):
                self._mark(buttons[DIGITS[k] - 1], manager)
                press(buttons[DIGITS[k] - 1])
                return True
        return False

    def _mark(self, element: Any, manager: Any, quiet: bool = False) -> None:
        old, self.at = self.at, element
        if isinstance(old, UIButton) and old.alive():
            old.unselect()
        if isinstance(old, UITextEntryLine) and old.alive():
            old.unfocus()
        if element is None:
            return
        self.where = (type(element), element.get_abs_rect().topleft)
        if isinstance(element, UIButton):
            element.select()
        if isinstance(element, UITextEntryLine) or text_focused(manager):  # the typing goes here
            manager.set_focus_set(element)  # (else left alone: an open list would close)
        if not quiet:
            self.emit(f"focus button {label(element)}")
            field = isinstance(element, UITextEntryLine)
            self.say(f"Text field: {element.get_text()}" if field else f"{label(element)}, button")
