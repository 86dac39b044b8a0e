"""Drags to actions. The only source of truth is the engine's legal actions:
a drop target is legal exactly when some legal action's gesture moves the held
cards from their zone to it. Actions whose gesture moves no cards are buttons.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass, replace
from typing import Any

from shrinetable.engine import GameBase, Gesture


@dataclass(frozen=True, slots=True)
class Move:
    """A legal action and the gesture that makes it."""

    action: Any
    gesture: Gesture

    @property
    def text(self) -> str:
        return str(self.action.text)


@dataclass(frozen=True, slots=True)
class Run:
    """A selection of cards dropped where each may go alone, one after another
    (`Gesture.again`: discards made one at a time): one decision for the person. The table
    makes `actions` in turn, each only while it is still the seat's legal move,
    then `stop`, the step's own move to end it (`discard` alone), if still legal."""

    actions: tuple[Any, ...]
    stop: Any | None = None

    @property
    def text(self) -> str:
        done = [a.text for a in (*self.actions, *((self.stop,) if self.stop else ()))]
        return "; ".join(done)


def moves(game: GameBase, state: Any) -> list[Move]:
    """Every legal action now, with the game's `gesture(state, action)` for it (by
    default the action's own gesture for the deciding seat), `again` marked."""
    if game.decision(state) is None:
        return []
    return _again(game, state, [Move(a, game.gesture(state, a)) for a in game.legal_actions(state)])


def _one_card(g: Gesture) -> tuple[str | None, str] | None:
    """(source, target) of a gesture carrying one card onto a zone, else None."""
    if len(g.cards) == 1 and g.target is not None and g.target_card is None:
        return g.source, g.target
    return None


def _again(game: GameBase, state: Any, found: list[Move]) -> list[Move]:
    """Mark one-card moves onto one zone (`Gesture.again`) when the deciding seat
    could make all of them one after another, each its own legal move in the
    same kind of decision: several of those cards may then go in one drop. Read
    from the engine's own moves (applied in turn), never a rule of the table's."""
    d = game.decision(state)
    groups: dict[tuple[str | None, str], list[Move]] = {}
    for m in found:
        if (key := _one_card(m.gesture)) is not None:
            groups.setdefault(key, []).append(m)
    marked: set[int] = set()
    for group in groups.values():
        if len(group) < 2:
            continue
        s, ok = state, True
        for m in group:
            now = game.decision(s)
            if now is None or d is None or (now.seat, now.kind) != (d.seat, d.kind):
                ok = False
                break
            if s is not state and m.text not in {a.text for a in game.legal_actions(s)}:
                ok = False
                break
            s = game.apply(s, m.action)[0]
        if ok:
            marked |= {id(m) for m in group}
    return [Move(m.action, replace(m.gesture, again=True)) if id(m) in marked else m for m in found]


def same_cards(a: tuple[str, ...], b: tuple[str, ...]) -> bool:
    return Counter(a) == Counter(b)


def for_held(all_moves: list[Move], held: tuple[str, ...], source: str) -> list[Move]:
    """Moves that carry exactly the held cards out of `source`; with none, and
    several cards held that may each go alone one after another (`again`), one
    `Run` of their moves per zone they all may go to."""
    exact = [
        m
        for m in all_moves
        if m.gesture.cards and m.gesture.source == source and same_cards(m.gesture.cards, held)
    ]
    return exact or runs(all_moves, held, source)


def runs(all_moves: list[Move], held: tuple[str, ...], source: str) -> list[Move]:
    """A selection dropped as one decision: for each zone every held card may go
    to alone (`again`), a `Run` of their moves in the held order, then the
    step's stop (the move's name alone: `discard`, "discard no more")."""
    if len(held) < 2 or len(set(held)) < len(held):
        return []
    alone = [m for m in all_moves if m.gesture.again and m.gesture.source == source]
    found = []
    for target in dict.fromkeys(m.gesture.target for m in alone):
        each = {m.gesture.cards[0]: m for m in alone if m.gesture.target == target}
        if all(c in each for c in held):
            kind = each[held[0]].text.split()[0]
            stop = next((m.action for m in buttons(all_moves) if m.text.strip() == kind), None)
            run = Run(tuple(each[c].action for c in held), stop)
            found.append(Move(run, Gesture(held, source, target)))
    return found


def targets(held_moves: list[Move]) -> set[tuple[str, str | None]]:
    """Drop targets to highlight: (zone, card) pairs, card None for the zone."""
    return {
        (zone, m.gesture.target_card)
        for m in held_moves
        if m.gesture.target is not None
        for zone in (m.gesture.target, *m.gesture.also)
    }


def at(held_moves: list[Move], zone: str | None, card: str | None) -> list[Move]:
    """The moves a drop on `zone` (over `card`, if any) makes. A drop on a card
    prefers moves aimed at that card; a drop on a zone also accepts moves aimed
    at a card in it when nothing else fits."""
    if zone is None:
        return []
    in_zone = [m for m in held_moves if m.gesture.lands_on(zone)]
    exact = [m for m in in_zone if m.gesture.target_card in (None, card)]
    if card is not None:
        aimed = [m for m in exact if m.gesture.target_card == card]
        if aimed:
            return aimed
    return exact or in_zone


def proposal(found: list[Move]) -> Move | None:
    """The move the game proposes among several made by one gesture (ways to pay
    for one spell, `Gesture.preferred`); None when the gestures differ or the
    game proposes none (or more than one)."""
    if len(found) < 2:
        return None
    plain = {replace(m.gesture, preferred=False) for m in found}
    marked = [m for m in found if m.gesture.preferred]
    return marked[0] if len(plain) == 1 and len(marked) == 1 else None


def playable(all_moves: list[Move]) -> set[tuple[str, str]]:
    """(zone, card) of every card some legal drag moves: the table marks them."""
    return {(m.gesture.source, c) for m in all_moves if m.gesture.source for c in m.gesture.cards}


def involved(all_moves: Iterable[Move]) -> set[str]:
    """The cards the moves move or aim at: the table reads them whole and keeps
    its windows off them."""
    return {c for m in all_moves for c in (*m.gesture.cards, m.gesture.target_card) if c}


def buttons(all_moves: list[Move]) -> list[Move]:
    """Moves with no cards to drag (pass, draw, take, allow, fizzle...)."""
    return [m for m in all_moves if not m.gesture.cards]


def card_clicks(all_moves: list[Move], zone: str, card: str | None) -> list[Move]:
    """Moves made by a click on one card: it moves nowhere (tap a source, choose
    a card to sacrifice, top or bottom of a Swap)."""
    return [
        m
        for m in all_moves
        if card is not None
        and m.gesture.cards == (card,)
        and m.gesture.source == zone
        and m.gesture.target is None
        and m.gesture.target_card is None
    ]


def how(move: Move) -> str:
    """How a person makes `move`: "button" (no cards; a click on a pile or a
    player zone too, when the gesture names one), "click" (one card, moved
    nowhere) or "drag" (cards onto a zone or a card)."""
    g = move.gesture
    if not g.cards:
        return "button"
    if g.target is None and g.target_card is None:
        return "click"
    return "drag"


def stranded(all_moves: list[Move], shown: set[tuple[str, str]]) -> list[Move]:
    """Card moves whose cards the table does not show where the gesture starts
    (a Swap's cards inside a face-down library): they become buttons too."""
    return [
        m
        for m in all_moves
        if how(m) != "button" and any((m.gesture.source, c) not in shown for c in m.gesture.cards)
    ]


def clicks(all_moves: list[Move], zone: str) -> list[Move]:
    """Card-less moves that a click on `zone` makes: drawing by clicking the
    deck, taking from the graveyard, a Jack's steal by clicking a hand."""
    return [
        m
        for m in buttons(all_moves)
        if m.gesture.source == zone or (m.gesture.source is None and m.gesture.target == zone)
    ]
