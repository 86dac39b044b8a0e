"""A game's notation, the text its actions are written in (files, logs, the
network): the error for text that is none, and helpers for reading an action."""

from __future__ import annotations

from collections.abc import Collection


class NotationError(ValueError):
    """Text that is not an action or card in the game's notation."""


def action_words(text: str, kinds: Collection[str]) -> tuple[str, list[str]]:
    """An action's text as its kind (its first word, lower case, one of `kinds`) and
    the words after it; NotationError for an empty text or an unknown kind."""
    words = text.split()
    if not words:
        raise NotationError("empty action")
    kind = words[0].lower()
    if kind not in kinds:
        raise NotationError(f"{text!r}: unknown action {words[0]!r}; known: {', '.join(kinds)}")
    return kind, words[1:]


def expect(text: str, words: list[str], n: int, what: str) -> None:
    """NotationError unless the action `text` has `n` `words` after its kind (`what`
    says what those are, "one card")."""
    if len(words) != n:
        raise NotationError(f"{text!r}: {text.split()[0].lower()} takes {what}")
