"""Computer seats for any registered game: its own AI, or uniform random play.

Both take (state, rng) and return one of the game's legal actions; the table,
`simulate` and the benchmarks all get their computer players from here. The
game's AI sees the state only through `game.observe(state, seat)`, so it never
reads another seat's secret choice.
"""

from __future__ import annotations

from typing import Any

from shrinetable.engine import GameBase, Player, registry

KINDS = ("ai", "random")


def player(game: GameBase | str, kind: str) -> Player:
    """The computer player `kind` ("ai" or "random") for `game` (or the game of
    that name)."""
    if isinstance(game, str):
        game = registry.get(game)
    if kind == "random" or (kind == "ai" and game.ai is None):
        return lambda state, rng: rng.choice(game.legal_actions(state))
    if kind == "ai":
        ai = game.ai
        if type(game).observe is GameBase.observe:
            return ai  # the game hides nothing from a computer seat: no seat to look up

        def choose(state: Any, rng) -> Any:
            return ai(game.observe(state, game.decision(state).seat), rng)

        return choose
    raise ValueError(f"unknown player kind {kind!r}; choose from {', '.join(KINDS)}")
