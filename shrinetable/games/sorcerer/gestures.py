"""From a refused drag back to the action the player most likely meant."""

from __future__ import annotations


def guess_actions(
    me: int, held: tuple[str, ...], source: str, zone: str, card: str | None
) -> list[str]:
    """Action texts a drag most likely meant (`held` cards from `source` dropped on
    `zone`, over `card`), best first; used only to word a refused drop (the
    inverse of `Action.gesture` and `SorcererGame.gesture`).

    >>> guess_actions(0, ("imp#1",), "play:0", "player:1", None)
    ['attack imp#1']
    """
    cards = " ".join(held)
    lane = zone.startswith("lane")
    if source == f"hand:{me}":
        if lane:
            return [f"boost {card} {cards}"] if card is not None else []
        if len(held) != 1 or zone != f"play:{me}":
            return []
        other = f" {card}" if card is not None else ""
        return [f"play {cards}{other}", f"quick {cards}{other}"]
    if source != f"play:{me}" or len(held) != 1:
        return []
    if zone == f"player:{me}":
        return [f"sacrifice {cards}"]
    if lane and card is not None:
        return [f"defend {cards} {card}", f"attack {cards}"]
    if lane or zone == f"player:{1 - me}":
        return [f"attack {cards}"]
    return []
