"""What demonstration and lesson files share (formats/demo.py, formats/lesson.py):
both are a titled scenario position followed by steps, so both are read, checked
and started the same way, and the zones their steps point at are checked
against the game's the same way. Each keeps its own keys and its own words for
what is wrong.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from shrinetable.engine import CardSet

from .scenario import Fail, Position, check_zones, failer, read_position, start


@dataclass
class Started:
    """A guided file's position, read and set up: its name (`game/stem`), its
    model, game and starting state, `fail` for what its steps get wrong, and the
    game's zones for its seats."""

    name: str
    spec: Any
    game: Any
    state: Any
    fail: Fail
    zones: set[str]

    def check_refs(self, i: int, refs: list[tuple[tuple[Any, ...], str]], hint: str) -> None:
        """Each `ZONE` or `ZONE/CARD` step `i` points at (with the key it is written
        under) names a zone of the game; else a FormatError at that key, ending
        with `hint` (what to write instead)."""
        for loc, ref in refs:
            zone = ref.partition("/")[0]
            if zone not in self.zones:
                raise self.fail(("steps", i, *loc), f"unknown zone {zone!r} in {ref!r}; {hint}")


def read_started(path: str, model: type[Position], cards: CardSet | None) -> Started:
    """Read the file at `path` as `model`, check its zones and start its position
    with the card set `cards`; FormatError otherwise."""
    text, spec, game = read_position(path, model, cards)
    fail = failer(path, text)
    check_zones(spec, game, fail)
    state = start(spec, game, fail)
    name = f"{spec.game}/{Path(path).stem}"
    return Started(name, spec, game, state, fail, set(game.zones(spec.seats)))
