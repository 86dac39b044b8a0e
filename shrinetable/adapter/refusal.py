"""Why a drop was refused, in the engine's own words.

The adapter never judges a move itself: it guesses which action the player
meant from the drag (cards, from-zone, target) and lets the engine's `apply`
refuse it, which yields the engine's reason and ruling. When no action can be
guessed, a plain "no legal move" sentence is all it says.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from shrinetable.engine import Game, IllegalAction, NotationError

GENERIC = "No legal move takes {cards} there."


def _shrine_guesses(me: int, held: tuple[str, ...], source: str, zone: str,
                    card: str | None) -> list[str]:
    """Shrine notation for what a drag most likely meant."""
    kind, _, owner = zone.partition(":")
    cards = " ".join(held)
    special = [c for c in held if c[0] in "AJQK"]
    pay = [c for c in held if c not in special[:1]]
    pair = (f"{special[0]} pay {pay[0]}" if len(held) == 2 and special and pay else None)
    target = f"p{int(owner) + 1}" if owner else ""
    out: list[str] = []
    if source.startswith("field:") and zone == "graveyard":
        return [f"block {cards}"]
    if zone == "graveyard":
        if pair and special[0][0] == "A":
            out.append(f"dblock {pair}")
        if len(held) == 1:
            out.append(f"discard {cards}")
    elif kind == "shrine" and owner == str(me):
        out.append(f"heal {cards}")
    elif kind == "shrine":
        if pair and special[0][0] == "A":
            out.append(f"dagger {pair} {target} shrine")
        if len(held) == 4:
            out.append(f"quad {cards} {target}")
        out.append(f"attack {target} {cards}")
    elif kind == "field" and owner == str(me):
        if pair:
            out.append(f"{'daggertoken' if special[0][0] == 'A' else 'token'} {pair}")
    elif kind == "field":
        if pair and special[0][0] == "A":
            out.append(f"dagger {pair} {target} {card or 'shrine'}")
        if len(held) == 3:
            out.append(f"triplet {cards} {target}")
    elif kind == "hand" and owner != str(me):
        out.append(f"jack {target}")
    return out


GUESSERS: dict[str, Callable[..., list[str]]] = {"shrine": _shrine_guesses}


def explain(game: Game, state: Any, seat: int, held: tuple[str, ...], source: str,
            zone: str | None, card: str | None) -> str:
    """A sentence saying why dropping `held` from `source` on `zone` did nothing."""
    shown = " ".join(held) or "that"
    d = game.decision(state)
    if d is None:
        return "The game is over."
    if d.seat != seat:
        return f"Wait: it is p{d.seat + 1}'s decision ({d.prompt})."
    if zone is None:
        return GENERIC.format(cards=shown)
    guess = GUESSERS.get(game.name)
    texts = guess(seat, held, source, zone, card) if guess else []
    for text in texts:
        try:
            action = game.parse_action(text)
            game.apply(state, action)
        except NotationError:
            continue
        except IllegalAction as e:
            rule = f" (rule: {e.ruling})" if e.ruling else ""
            return f"{e.reason}{rule}"
    return GENERIC.format(cards=shown)
