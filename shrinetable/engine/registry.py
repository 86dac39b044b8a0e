"""Games by name. Built-in games are found by module path on first use, so the
engine never imports a game at import time and a new game is one line here."""

from __future__ import annotations

import importlib

from .core import Game

BUILTIN = {
    "shrine": "shrinetable.games.shrine",
    "shrines": "shrinetable.games.shrines",
    "sorcerer": "shrinetable.games.sorcerer",
    "shards": "shrinetable.games.shards",
    "usagi": "shrinetable.games.usagi",
}

_games: dict[str, Game] = {}


def register(game: Game) -> Game:
    """Add a game under its `name` (a later registration replaces an earlier)."""
    _games[game.name] = game
    return game


def names() -> list[str]:
    """Every registered game name, built-ins first, in a stable order."""
    return list(dict.fromkeys([*BUILTIN, *_games]))


def get(name: str) -> Game:
    """The game called `name`; KeyError with the known names otherwise."""
    if name not in _games and name in BUILTIN:
        module = importlib.import_module(BUILTIN[name])
        register(module.GAME)
    try:
        return _games[name]
    except KeyError:
        raise KeyError(f"no game called {name!r}; known games: {', '.join(names())}") from None
