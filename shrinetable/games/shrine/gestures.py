"""From a refused drag back to the action the player most likely meant."""

from __future__ import annotations


def guess_actions(
    me: int, held: tuple[str, ...], source: str, zone: str, card: str | None
) -> list[str]:
    """Action texts a drag most likely meant (`held` cards from `source` dropped on
    `zone`, over `card`), best first; used only to word a refused drop."""
    kind, _, owner = zone.partition(":")
    cards = " ".join(held)
    special = [c for c in held if c[0] in "AJQK"]
    pay = [c for c in held if c not in special[:1]]
    pair = f"{special[0]} pay {pay[0]}" if len(held) == 2 and special and pay else None
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
    elif kind == "field" and owner == str(me):
        if pair:
            out.append(f"{'daggertoken' if special[0][0] == 'A' else 'token'} {pair}")
    elif kind in ("shrine", "field"):  # another seat's: a Dagger, a combo, an attack
        if pair and special[0][0] == "A":
            out.append(f"dagger {pair} {target} {card if kind == 'field' and card else 'shrine'}")
        size, combo = (4, "quad") if kind == "shrine" else (3, "triplet")
        if len(held) == size:
            out.append(f"{combo} {cards} {target}")
        if kind == "shrine":
            out.append(f"attack {target} {cards}")
    elif kind == "hand" and owner != str(me):
        out.append(f"jack {target}")
    return out


def drop_hint(me: int, held: tuple[str, ...], zone: str) -> str | None:
    """How to make the move a lone special card dropped here most likely meant: a
    Token or a Dagger is paid for with a second card, so it is never dragged alone."""
    kind, _, owner = zone.partition(":")
    if len(held) != 1 or held[0][0] not in "AJQK":
        return None
    if kind == "field" and owner == str(me):
        return (
            "A Token is paid for with a card of its colour: click both to select them, "
            "then drag them here together (rule: special-pay)."
        )
    if held[0][0] == "A" and kind in ("shrine", "field") and owner != str(me):
        return (
            "A Dagger is paid for with a card of its colour: click both to select them, "
            "then drag them onto the target together (rule: dagger)."
        )
    return None
