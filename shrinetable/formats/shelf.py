"""Files kept by game in a bundled folder (`assets/demos/<game>/`,
`assets/lessons/<game>/`): listed by game, and found by a short name."""

from __future__ import annotations

from pathlib import Path


def by_game(root: Path) -> dict[str, list[Path]]:
    """The TOML files of each game's folder under `root`, each list sorted by name."""
    if not root.is_dir():
        return {}
    return {
        d.name: sorted(d.glob("*.toml"))
        for d in sorted(root.iterdir())
        if d.is_dir() and any(d.glob("*.toml"))
    }


def find(found: dict[str, list[Path]], name: str, kind: str, command: str) -> Path:
    """The file of `found` for `game/stem`, or for a bare `stem` when only one game
    has it; LookupError with a message a person can act on otherwise (`kind`:
    what the files are, `command`: the one that lists them)."""
    game, _, stem = name.rpartition("/")
    hits = [p for g, paths in found.items() if game in ("", g) for p in paths if p.stem == stem]
    if len(hits) == 1:
        return hits[0]
    if hits:
        names = ", ".join(f"{p.parent.name}/{p.stem}" for p in hits)
        raise LookupError(f"{name!r} is ambiguous: {names}")
    raise LookupError(f"no {kind} called {name!r}; see `shrinetable {command} --list`")
