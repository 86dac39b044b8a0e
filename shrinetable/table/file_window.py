"""pygame_gui's file window with its four icon buttons in words: drawn as
symbols ("⌂", "⌧", "↑", "⇪") they said nothing to a new player, and a screen
reader or the keys' focus (`gui_keys.label`) read them out as those symbols."""

from __future__ import annotations

from typing import Any

import pygame
from pygame_gui.windows import UIFileDialog

# each icon button by its attribute, in the order the window places them, its word
WORDS = {
    "home_button": "Home",
    "delete_button": "Delete",
    "parent_directory_button": "Up",
    "refresh_button": "Refresh",
}
GAP, PAD = 4, 12  # between the buttons; around a word inside its button


def file_window(
    rect: pygame.Rect, manager: Any, title: str, path: str, existing: bool = True
) -> UIFileDialog:
    """A file window at `rect` opened at `path` (`existing`: only a file that is
    there may be picked), its icon buttons named in words, side by side."""
    window = UIFileDialog(
        rect, manager, title, initial_file_path=path, allow_existing_files_only=existing
    )
    x = window.home_button.relative_rect.x
    for name, word in WORDS.items():
        button = getattr(window, name)
        button.set_dimensions((button.font.size(word)[0] + PAD, button.relative_rect.h))
        button.set_relative_position((x, button.relative_rect.y))
        button.set_text(word)
        button.rebuild()  # drawn at its new size now, not after a delay
        x += button.relative_rect.w + GAP
    return window
