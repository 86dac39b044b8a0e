"""The rules demonstrations as the start screen sees them (`table.demos.Shelf`):
titles by game, and a scene that plays one."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from shrinetable.engine import CardSet
from shrinetable.formats.errors import FormatError

from . import catalog


class Shelf:
    """Every shipped demonstration, replayed in the card set `cards`."""

    def __init__(self, cards: CardSet | None = None):
        self.cards = cards

    def count(self, game: str) -> int:
        return len(catalog.all_demos().get(game, []))

    def titles(self, game: str) -> list[tuple[str, str | None]]:
        from shrinetable.formats.demo import load  # pydantic: when the list is opened

        found: list[tuple[int, str, str | None]] = []
        for path in catalog.all_demos().get(game, []):
            try:
                spec = load(path, self.cards).spec
                found.append((spec.order, spec.title, str(path)))
            except FormatError as e:
                found.append((10**6, f"(broken) {path.stem}: {e}", None))
        found.sort(key=lambda f: (f[0], f[1]))
        return [(title, key) for _, title, key in found]

    def scene(self, app: Any, key: str, on_close: Callable[[], None]) -> Any:
        from .replay import replay_file
        from .scene import DemoScene

        return DemoScene(app, replay_file(key, self.cards), on_close=on_close)
