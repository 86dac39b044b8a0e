"""Games by name. Built-in games are found by module path on first use, so the
engine never imports a game at import time and a new game is one line here.

A game is made per card set (`get(name, cards)`): the registered game plays the
shipped cards and the person's own; another set (`--cards DIR`, a report's
`--compare`) gets its own game, made once, beside it in the same process."""

from __future__ import annotations

import importlib

from .base import CardSet, GameBase

BUILTIN = {
    "shrine": "shrinetable.games.shrine",
    "shrines": "shrinetable.games.shrines",
    "sorcerer": "shrinetable.games.sorcerer",
    "shards": "shrinetable.games.shards",
    "usagi": "shrinetable.games.usagi",
}

_games: dict[str, GameBase] = {}
_made: dict[tuple[str, CardSet], GameBase] = {}  # the games of other card sets


def register(game: GameBase) -> GameBase:
    """Add a game under its `name` (a later registration replaces an earlier)."""
    _games[game.name] = game
    for key in [k for k in _made if k[0] == game.name]:
        del _made[key]
    return game


def names() -> list[str]:
    """Every registered game name, built-ins first, in a stable order."""
    return list(dict.fromkeys([*BUILTIN, *_games]))


def get(name: str, cards: CardSet | None = None) -> GameBase:
    """The game called `name`, made with the card set `cards` (None: the set it
    was registered with); KeyError with the known names otherwise."""
    if name not in _games and name in BUILTIN:
        module = importlib.import_module(BUILTIN[name])
        register(module.GAME)
    try:
        game = _games[name]
    except KeyError:
        raise KeyError(f"no game called {name!r}; known games: {', '.join(names())}") from None
    if cards is None or cards == game.cards:
        return game
    if (name, cards) not in _made:
        _made[name, cards] = game.with_cards(cards)
    return _made[name, cards]
