"""Help for the person deciding (issue 22's "no dead ends"): how to do what the
prompt asks, in words made from the legal moves' gestures (shown when the
pointer rests on the prompt); the Hint, which points at the move the
computer would make for the seat (`Match.hint`); and whether to ask before a
move that gives up something for good (`Match.skip_warning`), a switch kept
for the next run."""

from __future__ import annotations

import json
from collections.abc import Callable

import pygame

from shrinetable import resources
from shrinetable.adapter import gestures

FILE = "confirm.json"   # {"ask": bool}: ask before a skip that cannot be taken back
HINT = (120, 230, 255)   # the outline round a hinted button


def asks() -> bool:
    """Whether to ask before such a skip (yes, unless switched off; a damaged
    file means yes: asking is the safe side)."""
    try:
        return bool(json.loads((resources.data_dir() / FILE).read_text("utf-8"))["ask"])
    except (OSError, ValueError, TypeError, KeyError):
        return True


def keep_asking(on: bool) -> None:
    resources.keep(FILE, {"ask": on})


def how_to(moves: list[gestures.Move], label: Callable[[str], str],
           named: Callable[[str], str] = str) -> str:
    """How to make the moves now legal, from their gestures: the drags (from
    which zone to which, the commonest first), the clicks on cards, the
    buttons; `label(zone)` names a zone as the table does, `named(text)` a
    button as it reads. '' with no move."""
    drags: dict[tuple[str, str], int] = {}
    clicks: list[str] = []
    piles: list[str] = []
    buttons: list[str] = []
    for m in moves:
        g, kind = m.gesture, gestures.how(m)
        if kind == "drag":
            to = label(g.target) if g.target else "a card"
            key = (label(g.source), to)
            drags[key] = drags.get(key, 0) + 1
        elif kind == "click" and label(g.source) not in clicks:
            clicks.append(label(g.source))
        elif g.source and label(g.source) not in piles:
            piles.append(label(g.source))
        elif named(m.text) not in buttons:
            buttons.append(named(m.text))
    ways = [f"drag a card from \u201c{a}\u201d to \u201c{b}\u201d"
            for (a, b), _ in sorted(drags.items(), key=lambda kv: -kv[1])[:3]]
    ways += [f"click a card in \u201c{z}\u201d" for z in clicks[:2]]
    ways += [f"click \u201c{z}\u201d" for z in piles[:2]]
    ways += [f"press \u201c{b}\u201d" for b in buttons[:2]]
    if len(buttons) > 2:
        ways.append("another button on the right")
    if not ways:
        return ""
    text = "; or ".join(ways)
    return f"How: {text[:1].upper()}{text[1:]}."


def hint_marks(move: gestures.Move, view) -> tuple[dict[str, frozenset[int]],
                                                   set[tuple[str, str | None]]]:
    """The cards a hinted move carries (raised, as if selected) and where to
    (outlined, as a drop target while dragging)."""
    g = move.gesture
    selected: dict[str, frozenset[int]] = {}
    if g.cards and g.source in view.zones:
        names = view.zones[g.source].cards
        selected = {g.source: frozenset(i for i, c in enumerate(names) if c in g.cards)}
    targets = {(z, g.target_card) for z in (g.target, *g.also) if z}
    return selected, targets


def outline(screen: pygame.Surface, rect: pygame.Rect) -> None:
    """The hinted button's outline."""
    pygame.draw.rect(screen, HINT, rect.inflate(6, 6), 3, border_radius=5)
