"""Plain words for buttons and the log, falling back to the notation."""

from __future__ import annotations

import html
import re
from collections.abc import Callable

WORDS = {
    "draw": "Draw a card",
    "take": "Take the Graveyard's top card",
    "pass": "Pass",
    "allow": "No response (let it through)",
    "accept": "Accept the Fizzle",
    "fizzle": "Fizzle: discard your hand",
    "counter": "Counter: discard your hand",
    "keep": "Keep this hand",
    "next": "Next act (pass the act)",
    "unmark": "Pay 2: remove a time mark",
    "draw primary": "Draw from the Primary Library",
    "draw secondary": "Draw from the Secondary Library",
}
# labels for actions that name cards or a seat after their first word
TEMPLATES = {
    "jack": "Jack: take a card from {upper}",
    "fizzle": "{kind}: discard {rest}",
    "counter": "{kind}: discard {rest}",
    "block": "Block with {rest}",
    "dblock": "Dagger block: {rest}",
    "mulligan": "Mulligan {rest}",
    "top": "Keep {rest} on top",
    "bottom": "Put {rest} at the bottom",
    "stats": "Keep {rest}'s strength and resilience",
    "guard": "{rest} guards its site again",
    "unguard": "{rest} stops guarding",
}
SEAT_COLOURS = ("#ffd66e", "#8fd3ff", "#ff9f9f", "#b6f29a")
CARD_ID = re.compile(r"\b[a-z][a-z0-9-]*#\d+\b")   # Shrines' card notation, e.g. eel#12


def seat_name(seat: int) -> str:
    return f"P{seat + 1}"


def card_names(game) -> Callable[[str], str] | None:
    """The game's card name for a card in notation, for games whose notation is
    an id (`riptide-ambusher#40` reads "Riptide Ambusher"); None otherwise."""
    face = getattr(game, "card_face", None)
    if face is None:
        return None

    def name(card: str) -> str:
        try:
            return face(card)["name"]
        except KeyError:
            return card
    return name


def describe(text: str, name_of: Callable[[str], str] | None = None) -> str:
    """A button label for an action in notation, with card names where the game
    gives them."""
    label = readable(_describe(text), name_of)
    return label[:1].upper() + label[1:]


def readable(text: str, name_of: Callable[[str], str] | None) -> str:
    """`text` with every card in notation replaced by its name, where the game gives one."""
    return text if name_of is None else CARD_ID.sub(lambda m: name_of(m.group(0)), text)


def _describe(text: str) -> str:
    if text in WORDS:
        return WORDS[text]
    kind, _, rest = text.partition(" ")
    if kind in TEMPLATES:
        return TEMPLATES[kind].format(rest=rest, kind=kind.title(), upper=rest.upper())
    if kind == "assign":
        who, _, n = rest.rpartition(" ")
        return f"Assign {n} damage to {who.upper() if who in ('p1', 'p2') else who}"
    return text


def log_line(seat: int, text: str, events: list[str]) -> str:
    """One log entry in pygame_gui's HTML subset: who, the notation, then what happened."""
    colour = SEAT_COLOURS[seat % len(SEAT_COLOURS)]
    said = "; ".join(html.escape(e) for e in events)
    return (f"<font color='{colour}'><b>{seat_name(seat)}</b></font> "
            f"<font color='#ffffff'>{html.escape(text)}</font>"
            + (f"<br><font color='#b8c8c0'>  {said}</font>" if said else ""))
