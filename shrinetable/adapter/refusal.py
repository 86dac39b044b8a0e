"""Why a drop was refused, in the engine's own words.

The adapter never judges a move itself: the game guesses which action the
player meant from the drag (`GameBase.guess_actions`: cards, from-zone, target, in
its own notation) and the engine's `apply` refuses it, which yields the
engine's reason and ruling. A game may add a how-to (`GameBase.drop_hint`) for drags
that can never be a move as they are (a Token dragged without its payment).
When nothing applies, a plain "no legal move" sentence is all it says.
"""

from __future__ import annotations

from typing import Any

from shrinetable.adapter import gestures
from shrinetable.engine import GameBase, IllegalAction, NotationError

GENERIC = "No legal move takes {cards} there."


def explain(
    game: GameBase,
    state: Any,
    seat: int,
    held: tuple[str, ...],
    source: str,
    zone: str | None,
    card: str | None,
) -> str:
    """A sentence saying why dropping `held` from `source` on `zone` did nothing."""
    shown = " ".join(held) or "that"
    d = game.decision(state)
    if d is None:
        return "The game is over."
    if d.seat != seat:
        return f"Wait: it is P{d.seat + 1}'s decision ({d.prompt})."
    if zone is None:
        return GENERIC.format(cards=shown)
    tip = game.drop_hint(seat, held, zone)
    for text in game.guess_actions(seat, held, source, zone, card):
        try:
            action = game.parse_action(text)
            game.apply(state, action)
        except NotationError:
            continue
        except IllegalAction as e:
            rule = f" (rule: {e.ruling})" if e.ruling else ""
            return f"{e.reason}{rule}" + (f" Or: {tip[:1].lower()}{tip[1:]}" if tip else "")
    if not tip and len(held) > 1 and _each_alone(game, state, held, source, zone):
        return "Each of these cards may go there, but not together now: drop one at a time."
    return tip or GENERIC.format(cards=shown)


def _each_alone(game: GameBase, state: Any, held: tuple[str, ...], source: str, zone: str) -> bool:
    """Whether every held card alone has a legal move onto `zone` (several held
    make a move only as `gestures.Run`: none here, so not together)."""
    found = gestures.moves(game, state)
    return all(
        any(m.gesture.lands_on(zone) for m in gestures.for_held(found, (c,), source)) for c in held
    )
