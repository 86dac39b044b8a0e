"""Usagi on the table: the drag, click or button that makes each legal action.

Read from the action's notation (its first word is its kind, its card words are
cards in notation) and from where each named card lies now, so it follows the
engine without a second copy of any rule:

- a Character from your hand dropped into your field (a card with no target);
- an Attachment dropped on the card it attaches to, a Setting on its Event;
- a Moment or an ability with a target dropped on that target (a card, or a
  player's field when it names a player), without one dropped in your field
  (a Moment) or clicked (an ability: strike the card, use it);
- a Character in your field dropped on an Event, or beside it (its `involved`
  zone), to involve it;
- the face-down proposal (`propose E`): an Event from your hand dropped on your
  Event place (a secret step, as Shards' Starting choice);
- discarding in the initiation: a card from your hand dropped on your rest
  pile, one at a time; the secret tie-break discard: one of your involved
  cards dropped on your rest pile;
- choosing the Hero to keep: a click on the Hero;
- anything that names no card (cut, pass, finished, discard no more, propose
  nothing, keep no Hero, how many extra chronicle tokens to take) is a button.

The notation is the engine's (actions.py, docs/rules/usagi.md "Notation"):
`cut`, `pass`, `finished`, `discard [C]`, `propose [E]`, `play C [on T]`,
`use C [K] [on T]`, `involve C E`, `tiebreak C`, `extra N`, `hero [C]`.
"""

from __future__ import annotations

import re
from typing import Any

from shrinetable.engine import Gesture

PLAYER = re.compile(r"^p([1-6])$")  # a player as a target, should the notation gain one
# kinds that send the named cards from hand (or from beside an Event) to the rest pile
TO_REST = ("discard", "tiebreak")
# kinds that put an Event face down in the Event field
PROPOSE = ("propose",)
# kinds that involve a Character with an Event
INVOLVE = ("involve",)
# kinds that choose a card in play by clicking it (the Hero to keep)
CLICK = ("hero",)


def _where(game: Any, s: Any) -> dict[str, str]:
    """Every card's zone now (a card named twice keeps its last zone)."""
    out: dict[str, str] = {}
    for zone, cards in game.all_cards(s).items():
        for c in cards:
            out[c] = zone
    return out


def _owner(zone: str) -> int | None:
    _, _, q = zone.partition(":")
    return int(q) if q.isdigit() else None


def _event_target(zone: str, card: str) -> Gesture | None:
    """Where an involvement lands: the Event card, or beside it."""
    kind, _, q = zone.partition(":")
    if kind not in ("event", "involved") or not q.isdigit():
        return None
    return Gesture(
        target=f"involved:{q}", target_card=card if kind == "event" else None, also=(f"event:{q}",)
    )


def gesture(game: Any, s: Any, a: Any) -> Gesture:
    """The drag, click or button that makes `a` for the seat deciding in `s`
    (`game` is the bundle asking: its zones and decision)."""
    d = game.decision(s)
    q = d.seat if d is not None else 0
    hand, field, rest = f"hand:{q}", f"field:{q}", f"rest:{q}"
    words = a.text.split()
    if not words:
        return Gesture()
    kind = words[0]
    where = _where(game, s)
    cards = [w for w in words[1:] if w in where]
    players = [int(m.group(1)) - 1 for w in words[1:] if (m := PLAYER.match(w))]
    if not cards:
        return Gesture()  # a button (pass, finished, no proposal, no Hero...)
    first = cards[0]
    src = where[first]
    if kind in PROPOSE:
        return Gesture((first,), src, f"event:{q}")
    if kind in TO_REST:
        held = tuple(c for c in cards if where[c] == src)
        return Gesture(held, src, rest)
    if kind in INVOLVE and len(cards) > 1:
        aim = _event_target(where[cards[1]], cards[1])
        if aim is not None:
            return Gesture((first,), src, aim.target, aim.target_card, aim.also)
    if kind in CLICK and len(cards) == 1:
        return Gesture((first,), src)
    if len(cards) > 1:  # onto its target (or what it attaches to)
        aim = cards[1]
        return Gesture((first,), src, where[aim], aim)
    if players:  # a player as the target: onto their field
        return Gesture((first,), src, f"field:{players[0]}")
    if src == hand:  # a Character, or a Moment with no target
        return Gesture((first,), src, field)
    return Gesture((first,), src)  # an ability with no target: a click


def guess_actions(
    game: Any, seat: int, held: tuple[str, ...], source: str, zone: str, card: str | None
) -> list[str]:
    """The action texts a refused drop most likely meant, most likely first, so
    the table can show the engine's own reason (and the clause that refuses it)
    instead of a bare "no legal move": the inverse of `gesture` above. A card's
    type is read from `game`'s card set ('' when unknown)."""
    if not held or zone is None:
        return []
    if len(held) != 1:
        return []
    if zone == f"rest:{seat}":
        return [f"discard {held[0]}", f"tiebreak {held[0]}"]
    printed = game.present.card(held[0])
    c, kind = held[0], printed.type if printed is not None else ""
    area, _, at = zone.partition(":")
    out: list[str] = []
    if source.startswith("hand:"):
        if kind == "event" and area == "event":
            out.append(f"propose {c}")  # elsewhere an Event is refused as played
        if card is not None and area in ("event", "involved") and kind == "character":
            out.append(f"involve {c} {card}")
        if card is not None:
            out.append(f"play {c} on {card}")
        elif area == "field" and at.isdigit() and int(at) != seat:
            out.append(f"play {c} on p{int(at) + 1}")
        out.append(f"play {c}")
        return out
    if card is not None:
        if area in ("event", "involved") and kind == "character":
            out.append(f"involve {c} {card}")
        out.append(f"use {c} on {card}")
    elif area == "field" and at.isdigit() and int(at) != seat:
        out.append(f"use {c} on p{int(at) + 1}")
    out.append(f"use {c}")
    return out
