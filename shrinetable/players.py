"""Computer seats for any registered game, at three strengths, or uniform random play.

Every player takes (state, rng) and returns one of the game's legal actions; the
table, `simulate` and the benchmarks all get their computer players from here.
- normal: the game's own AI, which sees the state only through
  `game.observe(state, seat)`, so it never reads another seat's secret choice;
- easy: the normal AI, but now and then (a seeded chance, `SLIP`) a legal move
  at random in its place: plausible play that misses some;
- hard: the normal AI's move weighed against a few others by playing each out
  with the normal AI over deals its seat cannot tell from the real one
  (`lookahead`); a game's `hard_ai` takes the normal AI's place there. It never
  reads a hidden card.
Nothing here names a game: a plug-in game gets all three from its own AI and its
legal-action list.
"""

from __future__ import annotations

from typing import Any

from shrinetable.engine import GameBase, Player, registry

from .lookahead import Budget, hard

STRENGTHS = ("easy", "normal", "hard")
KINDS = (*STRENGTHS, "random")
ALIASES = {"ai": "normal", "computer": "normal"}  # the names before strengths
SLIP = 0.4  # the easy computer's chance of a random move where it has a choice


def kind(word: str) -> str:
    """The player kind `word` names (an alias read as its kind); ValueError saying
    the kinds otherwise."""
    word = word.strip().lower()
    if word in KINDS:
        return word
    if word in ALIASES:
        return ALIASES[word]
    raise ValueError(f"unknown player kind {word!r}; choose from {', '.join(KINDS)}")


def is_strength(word: str) -> bool:
    """Whether `word` names a computer's strength (or an alias of normal)."""
    return word.strip().lower() in (*STRENGTHS, *ALIASES)


def player(game: GameBase | str, name: str, budget: Budget | None = None) -> Player:
    """The computer player `name` (a kind or an alias) for `game` (or the game of
    that name); `budget` bounds the hard player's look-ahead (default: the game's
    `think_moves`)."""
    if isinstance(game, str):
        game = registry.get(game)
    which = kind(name)
    if which == "random" or game.ai is None:
        return _random(game)
    normal = _normal(game, game.ai)
    if which == "easy":
        return _easy(game, normal)
    if which == "hard":
        guide = normal if game.hard_ai is None else _normal(game, game.hard_ai)
        return hard(game, guide, budget or Budget(moves=game.think_moves))
    return normal


def _random(game: GameBase) -> Player:
    return lambda state, rng: rng.choice(game.legal_actions(state))


def _normal(game: GameBase, ai: Player) -> Player:
    """`ai` as a computer seat: it sees only what its seat may see."""
    if type(game).observe is GameBase.observe:
        return ai  # the game hides nothing from a computer seat: no seat to look up

    def choose(state: Any, rng) -> Any:
        return ai(game.observe(state, game.decision(state).seat), rng)

    return choose


def _easy(game: GameBase, normal: Player) -> Player:
    def choose(state: Any, rng) -> Any:
        legal = game.legal_actions(state)
        if len(legal) > 1 and rng.random() < SLIP:
            return rng.choice(legal)
        return normal(state, rng)

    return choose
