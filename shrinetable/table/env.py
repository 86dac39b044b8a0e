"""Environment defaults that must be set before pygame is imported.

Without a GPU, SDL presents through software OpenGL at ~9 ms a frame; the
plain framebuffer costs ~0.5 ms (see FIELD-NOTES), so it is the default here.
Only display and font are initialised: audio init is slow and noisy."""

from __future__ import annotations

import math
import os
import sys

DEFAULTS = {
    "PYGAME_HIDE_SUPPORT_PROMPT": "1",
    "SDL_FRAMEBUFFER_ACCELERATION": "0",
    "SDL_AUDIODRIVER": "dummy",
}


MIN_SIZE = (1024, 576)  # the smallest window the side panel's fixed-size text reads in
NO_DISPLAY = ("no display to open a window on (DISPLAY and WAYLAND_DISPLAY are unset); run "
              "it on a desktop, or set SDL_VIDEODRIVER=dummy for a window nobody sees")


def no_display() -> bool:
    """On Linux and the BSDs with no X or Wayland display and no driver chosen, SDL
    falls back to an invisible offscreen window that never ends: say so instead."""
    return (sys.platform.startswith(("linux", "freebsd", "openbsd"))
            and not os.environ.get("SDL_VIDEODRIVER")
            and not os.environ.get("DISPLAY") and not os.environ.get("WAYLAND_DISPLAY"))


MAX_AI_DELAY = 60.0   # seconds; longer reads as a hang


def ai_delay() -> float | None:
    """The computer's pause set by SHRINETABLE_AI_DELAY (seconds), None if unset;
    ValueError saying what it takes otherwise (a nan or inf pause froze the table)."""
    text = os.environ.get("SHRINETABLE_AI_DELAY")
    if text is None:
        return None
    try:
        value = float(text)
    except ValueError:
        value = math.nan
    if not 0 <= value <= MAX_AI_DELAY:
        raise ValueError(f"SHRINETABLE_AI_DELAY={text!r}: give the computer's pause in "
                         f"seconds, from 0 to {MAX_AI_DELAY:g} (e.g. 0.5), or unset it")
    return value


def prepare() -> None:
    for key, value in DEFAULTS.items():
        os.environ.setdefault(key, value)


prepare()
