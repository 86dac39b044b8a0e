"""Where demonstration files live and how a short name finds one."""

from __future__ import annotations

from pathlib import Path

from shrinetable.resources import resource


def demos_dir() -> Path:
    return resource("assets", "demos")


def all_demos() -> dict[str, list[Path]]:
    """Demonstration files by game, each list sorted by file name."""
    root = demos_dir()
    if not root.is_dir():
        return {}
    return {
        d.name: sorted(d.glob("*.toml"))
        for d in sorted(root.iterdir())
        if d.is_dir() and any(d.glob("*.toml"))
    }


def find(name: str) -> Path:
    """The file for `game/stem`, or for a bare `stem` when only one game has it;
    LookupError with a message a person can act on otherwise."""
    game, _, stem = name.rpartition("/")
    found = [
        p for g, paths in all_demos().items() if game in ("", g) for p in paths if p.stem == stem
    ]
    if len(found) == 1:
        return found[0]
    if found:
        names = ", ".join(f"{p.parent.name}/{p.stem}" for p in found)
        raise LookupError(f"{name!r} is ambiguous: {names}")
    raise LookupError(f"no demonstration called {name!r}; see `shrinetable demo --list`")
