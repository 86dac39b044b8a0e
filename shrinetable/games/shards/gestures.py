"""From a refused drag back to the action the player most likely meant."""

from __future__ import annotations


def guess_actions(
    me: int, held: tuple[str, ...], source: str, zone: str, card: str | None
) -> list[str]:
    """Action texts a drag most likely meant (`held` cards from `source` dropped on
    `zone`, over `card`), best first; used only to word a refused drop (the
    inverse of `ShardsGame.gesture`).

    >>> guess_actions(0, ("militia#4",), "hand:0", "terr2:0", None)
    ['play militia#4 in 2', 'play militia#4']
    >>> guess_actions(0, ("militia#4",), "terr1:0", "terr3:1", "keep#9")
    ['attack militia#4 keep#9', 'use militia#4 on keep#9']
    """
    area, _, owner = zone.partition(":")
    mine = owner == str(me)
    cards = " ".join(held)
    on = f" on {card}" if card is not None else ""
    if source == f"hand:{me}":
        if area == "scrap" and mine and len(held) <= 2:
            return [f"scrap {cards}"]
        if len(held) != 1:
            return []
        if area == "grave" and mine:
            return [f"discard {cards}"]
        if area.startswith("terr") and mine:
            return [f"play {cards} in {area[4:]}{on}", f"play {cards}{on}"]
        if area in ("pool", "policy") or (card is not None and area.startswith("terr")):
            return [f"play {cards}{on}"]
        return []
    if len(held) != 1 or not (source.startswith("terr") or source.startswith("policy")):
        return []
    if card is None:
        return [f"move {cards} {area[4:]}"] if area.startswith("terr") and mine else []
    fight = "block" if mine else "attack"
    return [f"{fight} {cards} {card}", f"use {cards} on {card}"]
