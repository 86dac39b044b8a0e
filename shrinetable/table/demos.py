"""What the start screen may ask of the rules demonstrations: a narrow door.

The demonstration player draws with the table, so the table may not import it
(no package imports another in a circle). Whoever opens the window (a command)
hands the `App` a `Shelf`; the start screen lists a game's demonstrations by
title and opens one through it, and has no Demonstrations... without one."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Protocol


class Shelf(Protocol):
    def count(self, game: str) -> int:
        """How many demonstrations the game has (without reading them)."""
        ...

    def titles(self, game: str) -> list[tuple[str, str | None]]:
        """The game's demonstrations in their order: (title, key); key None for a
        file that cannot be read (its title then says why)."""
        ...

    def scene(self, app: Any, key: str, on_close: Callable[[], None]) -> Any:
        """The scene that plays the demonstration `key` in `app`'s window, and
        calls `on_close` when closed; FormatError or ValueError when it will not
        replay."""
        ...
