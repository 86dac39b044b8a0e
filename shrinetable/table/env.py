"""Environment defaults that must be set before pygame is imported.

Without a GPU, SDL presents through software OpenGL at ~9 ms a frame; the
plain framebuffer costs ~0.5 ms (see FIELD-NOTES), so it is the default here.
Only display and font are initialised: audio init is slow and noisy."""

from __future__ import annotations

import os

DEFAULTS = {
    "PYGAME_HIDE_SUPPORT_PROMPT": "1",
    "SDL_FRAMEBUFFER_ACCELERATION": "0",
    "SDL_AUDIODRIVER": "dummy",
}


def prepare() -> None:
    for key, value in DEFAULTS.items():
        os.environ.setdefault(key, value)


prepare()
