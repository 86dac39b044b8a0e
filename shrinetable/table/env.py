"""Environment defaults that must be set before pygame is imported.

Without a GPU, SDL presents through software OpenGL at ~9 ms a frame; the
plain framebuffer costs ~0.5 ms (see FIELD-NOTES), so it is the default here.
Only display and font are initialised: audio init is slow and noisy."""

from __future__ import annotations

import math
import os
import sys
from typing import Any

DEFAULTS = {
    "PYGAME_HIDE_SUPPORT_PROMPT": "1",
    "SDL_FRAMEBUFFER_ACCELERATION": "0",
    "SDL_AUDIODRIVER": "dummy",
}


MIN_SIZE = (1024, 576)  # the smallest window the side panel's fixed-size text reads in
NO_DISPLAY = (
    "no display to open a window on (DISPLAY and WAYLAND_DISPLAY are unset); run "
    "it on a desktop, or set SDL_VIDEODRIVER=dummy for a window nobody sees"
)


def no_display() -> str:
    """Why no window can be shown ('' when one can). On Linux and the BSDs with no X
    or Wayland display that answers and no driver chosen, SDL falls back to an
    invisible offscreen window that never ends: say so instead."""
    if (
        not sys.platform.startswith(("linux", "freebsd", "openbsd"))
        or os.environ.get("SDL_VIDEODRIVER")
        or os.environ.get("WAYLAND_DISPLAY")
    ):
        return ""
    display = os.environ.get("DISPLAY")
    if not display:
        return NO_DISPLAY
    problem = x_server_problem(display)
    return (
        f"DISPLAY={display} names no X server that answers ({problem}); start one, set "
        f"DISPLAY to a running one, or SDL_VIDEODRIVER=dummy for a window nobody sees"
        if problem
        else ""
    )


def x_server_problem(display: str) -> str:
    """Why the X server `display` names cannot be reached ('' when it can, or when
    the name is not one this check knows: SDL then says what it finds)."""
    host, colon, rest = display.rpartition(":")
    number = rest.split(".")[0]
    if not colon or not number.isdecimal() or host.startswith("/"):
        return ""
    import socket  # only for this check: a start without a display never needs it

    if host in ("", "unix"):
        path = f"/tmp/.X11-unix/X{int(number)}"
        where: list[Any] = (
            [("\0" + path).encode(), path] if sys.platform.startswith("linux") else [path]
        )
        family, kind = socket.AF_UNIX, "no socket"
    else:
        where, family, kind = [(host, 6000 + int(number))], socket.AF_INET, "no answer"
    for address in where:
        try:
            with socket.socket(family, socket.SOCK_STREAM) as s:
                s.settimeout(2)
                s.connect(address)
                return ""
        except (OSError, ValueError):
            continue
    return f"{kind} at {where[-1] if family == socket.AF_UNIX else display}"


MAX_AI_DELAY = 60.0  # seconds; longer reads as a hang


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
        raise ValueError(
            f"SHRINETABLE_AI_DELAY={text!r}: give the computer's pause in "
            f"seconds, from 0 to {MAX_AI_DELAY:g} (e.g. 0.5), or unset it"
        )
    return value


def prepare() -> None:
    for key, value in DEFAULTS.items():
        os.environ.setdefault(key, value)


def import_gui() -> None:
    """Import pygame_gui without the YAML parser: its translation library (i18n)
    imports PyYAML only to offer YAML files, and pygame_gui reads its own
    translations as JSON (its UIManager sets i18n's file_format to "json"), so
    nothing changes but the time: PyYAML was about a fifth of pygame_gui's import.
    PyYAML stays importable for anyone else afterwards."""
    if "pygame_gui" in sys.modules:
        return
    hidden = "yaml" not in sys.modules
    if hidden:
        sys.modules["yaml"] = None  # an import of it raises ImportError meanwhile
    try:
        import pygame_gui  # noqa: F401
    finally:
        if hidden:
            del sys.modules["yaml"]


prepare()
