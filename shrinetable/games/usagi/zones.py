"""Moving cards between zones: drawing (with the reshuffle), leaving play, the rest
and dead piles. Below both the rules and the card effects, which move cards alike."""

from __future__ import annotations

from typing import TYPE_CHECKING

from shrinetable.engine import Event
from shrinetable.engine.rng import fork

if TYPE_CHECKING:
    from .state import State


def p(q: int) -> str:
    return f"P{q + 1}"


def draw(s: State, q: int, n: int, ev: list[Event]) -> None:
    """Draw `n`; drawing the last card of the deck shuffles the rest pile into a new
    deck at once (`reshuffle`)."""
    for _ in range(n):
        if not s.deck[q]:
            reshuffle(s, q, ev)
            if not s.deck[q]:
                return
        c = s.deck[q].pop()
        s.hand[q].append(c)
        ev.append(
            Event("draw", f"{p(q)} draws a card", q, (s.names[c],), f"deck:{q}", f"hand:{q}", (q,))
        )
        if not s.deck[q]:
            reshuffle(s, q, ev)


def reshuffle(s: State, q: int, ev: list[Event]) -> None:
    if not s.rest[q]:
        return
    s.rng = fork(s.rng)
    pile = s.rest[q]
    s.rest[q] = []
    s.rng.shuffle(pile)
    s.deck[q] = pile + s.deck[q]
    ev.append(
        Event(
            "reshuffle",
            f"{p(q)} shuffles the rest pile into a new deck",
            q,
            tuple(s.names[c] for c in pile),
            f"rest:{q}",
            f"deck:{q}",
        )
    )


def leave(s: State, c: int) -> None:
    """Take `c` out of wherever it is in play (not its attachments); whoever
    controlled it, it is its owner's card again."""
    q = s.owner[c]
    if c in s.involved:
        del s.involved[c]
    elif c in s.attached:
        del s.attached[c]
    elif c in s.field[s.ctrl(c)]:
        s.field[s.ctrl(c)].remove(c)
    elif c in s.common[q]:
        s.common[q].remove(c)
    else:  # a Held Moment in another player's field
        for f in s.field:
            if c in f:
                f.remove(c)
    s.control.pop(c, None)
    s.stricken = s.stricken - {c}
    s.cancelled = s.cancelled - {c}
    for r in range(s.n):
        if s.hero[r] == c:
            s.hero[r] = 0


def take_control(s: State, c: int, q: int, ev: list[Event]) -> None:
    """`leave` (4.2, ruling U29): `q` takes control of Character `c`, its
    Attachments taken with it. From a field it moves to `q`'s; involved, it stays
    with its Event and counts for `q`. It keeps its marks (stricken, boosts)."""
    src, old = zone_of(s, c), s.ctrl(c)
    cards = s.with_attachments([c])
    for x in cards:
        if q == s.owner[x]:
            s.control.pop(x, None)
        else:
            s.control[x] = q
    if c in s.field[old]:
        s.field[old].remove(c)
        s.field[q].append(c)
    s.hero = [0 if h == c else h for h in s.hero]
    ev.append(
        Event(
            "control",
            f"{p(q)} takes control of {s.defs[c].name}",
            q,
            tuple(s.names[x] for x in cards),
            src,
            zone_of(s, c),
        )
    )


def remove(s: State, c: int, ev: list[Event], pile: str = "rest") -> None:
    """`held`, `leave` (U22): a Held Moment or an Attachment removed from play by an
    effect goes alone to its owner's rest pile, or dead pile when buried (it is
    neither exhausted nor killed)."""
    src = zone_of(s, c)
    leave(s, c)
    getattr(s, pile)[s.owner[c]].append(c)
    ev.append(
        Event(
            "remove",
            f"{s.defs[c].name} is removed from play{' to the dead pile' if pile == 'dead' else ''}",
            s.owner[c],
            (s.names[c],),
            src,
            f"{pile}:{s.owner[c]}",
        )
    )


def to_pile(s: State, c: int, pile: str, ev: list[Event], quiet: bool = False) -> None:
    """`leave`: exhaust (rest pile) or kill (dead pile) `c`, its Attachments
    following it to the same pile."""
    cards = s.with_attachments([c])
    src = zone_of(s, c)
    for x in cards:
        leave(s, x)
        getattr(s, pile)[s.owner[x]].append(x)
    if not quiet:
        verb = "killed" if pile == "dead" else "exhausted"
        ev.append(
            Event(
                pile == "dead" and "kill" or "exhaust",
                f"{s.defs[c].name} is {verb}",
                s.owner[c],
                tuple(s.names[x] for x in cards),
                src,
                f"{pile}:{s.owner[c]}",
            )
        )


def zone_of(s: State, c: int) -> str:
    """The zone a card in play is shown in."""
    q = s.owner[c]
    if s.defs[c].type == "event":
        return f"event:{q}"
    if c in s.involved:
        return f"involved:{s.owner[s.involved[c]]}"
    if c in s.attached:
        return zone_of(s, s.attached[c])
    if c in s.common[q]:
        return f"event:{q}"
    return f"field:{next((r for r in range(s.n) if c in s.field[r]), q)}"
