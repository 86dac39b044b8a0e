"""Where demonstration files live and how a short name finds one."""

from __future__ import annotations

from pathlib import Path

from shrinetable.formats import shelf
from shrinetable.resources import resource


def demos_dir() -> Path:
    return resource("assets", "demos")


def all_demos() -> dict[str, list[Path]]:
    """Demonstration files by game, each list sorted by file name."""
    return shelf.by_game(demos_dir())


def find(name: str) -> Path:
    """The file for `game/stem`, or for a bare `stem` when only one game has it;
    LookupError with a message a person can act on otherwise."""
    return shelf.find(all_demos(), name, "demonstration", "demo")
