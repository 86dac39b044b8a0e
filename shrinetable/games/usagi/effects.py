"""What cards do: ratings now (printed, static bonuses, boosts for the turn),
the cards an effect may target, paying costs, and resolving effects. The
vocabulary is docs/cards-usagi.md; clause and ruling ids refer to
docs/rules/usagi.md.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from shrinetable.engine import Event

from .schema import CARD_TARGETS, Effect
from .zones import draw, remove, take_control, to_pile

if TYPE_CHECKING:
    from .state import State


def p(q: int) -> str:
    return f"P{q + 1}"


# ------------------------------------------------------------------ ratings


def statics(s: State) -> list[tuple[int, int, Effect]]:
    """(source card, its controller, effect) for every static effect in play."""
    out = []
    for c in s.attached:
        for e in s.defs[c].static:
            out.append((c, s.ctrl(c), e))
    for q in range(s.n):
        for c in s.field[q] + s.common[q]:
            if c not in s.cancelled:
                for e in s.defs[c].static:
                    out.append((c, q, e))
    for c in s.involved:
        if c not in s.cancelled:
            for e in s.defs[c].static:
                out.append((c, s.ctrl(c), e))
    return out


def applies(s: State, src: int, q: int, e: Effect, c: int) -> bool:
    """Whether static effect `e` of `src` (controlled by `q`) affects Character `c`."""
    if e.descriptor and e.descriptor not in s.defs[c].descriptors:
        return False
    if e.target == "this":
        return c == s.attached.get(src, src)
    if e.target == "own":
        return s.ctrl(c) == q
    return True  # all


def ratings(s: State, c: int, known: list | None = None) -> list[tuple[str, int]]:
    """Card `c`'s ratings now: only the ratings it is rated in (a 0 counts, a
    missing one is never added by a bonus), each with static bonuses and this
    turn's boosts; never below 0. `known`: `statics(s)`, when already made."""
    d = s.defs[c]
    if not d.ratings:
        return []
    bonus: dict[str, int] = {}
    if d.type == "character":
        for src, q, e in statics(s) if known is None else known:
            if applies(s, src, q, e, c):
                bonus[e.rating] = bonus.get(e.rating, 0) + e.amount
    return [(r, max(0, v + bonus.get(r, 0) + s.boosts.get((c, r), 0))) for r, v in d.ratings]


def event_ratings(s: State, ev: int) -> list[tuple[str, int]]:
    """An Event's requirement: its own ratings plus its Settings' in the ratings the
    Event shows (U3)."""
    req = dict(s.defs[ev].ratings)
    for a in s.attachments(ev):
        for r, v in s.defs[a].ratings:
            if r in req:
                req[r] += v
    return list(req.items())


def involved_cards(s: State, q: int, ev: int) -> list[int]:
    """`q`'s cards involved with `ev`: the Characters it controls and their
    Attachments (3.3.1: "if you control cards that are involved")."""
    return s.with_attachments([c for c in s.involved_with(ev) if s.ctrl(c) == q])


def sums(s: State, q: int, ev: int) -> dict[str, int]:
    """`q`'s total in each rating the Event shows, over its involved cards."""
    shown = s.defs[ev].rated
    out = dict.fromkeys(shown, 0)
    known = statics(s)
    for c in involved_cards(s, q, ev):
        for r, v in ratings(s, c, known) if s.defs[c].type == "character" else s.defs[c].ratings:
            if r in shown:
                out[r] += v
    return out


# ------------------------------------------------------------------ targets


def is_target(s: State, q: int, e: Effect, c: int) -> bool:
    """Whether card `c` is a legal target of `e` for `q`: a Character, or for
    `remove` a Held Moment or an Attachment in play (anyone's)."""
    if e.descriptor and e.descriptor not in s.defs[c].descriptors:
        return False
    t = e.target
    if t == "held":
        return s.defs[c].kind == "held" and s.in_play(c)
    if t == "attachment":
        return c in s.attached
    if s.defs[c].type != "character":
        return False
    if t == "own_character":
        return s.ctrl(c) == q
    if t == "other_character":
        return s.ctrl(c) != q
    if t == "involved":
        return c in s.involved
    return True


def targets(s: State, q: int, e: Effect) -> list[int]:
    if e.target == "held":
        pool = [c for r in range(s.n) for c in s.field[r] + s.common[r] if s.defs[c].kind == "held"]
    elif e.target == "attachment":
        pool = list(s.attached)
    else:
        pool = s.all_characters()
    return [c for c in pool if is_target(s, q, e, c)]


# ------------------------------------------------------------------ resolving


def resolve(
    s: State,
    q: int,
    src: int,
    effects: tuple[Effect, ...],
    target: int,
    ev: list[Event],
    rivals: tuple[int, ...] = (),
) -> None:
    """The effects of `src` for `q`: a chosen target that has left play makes its
    effect do nothing (the rules' Moment targets clause); `rivals` are the cards
    the 'rivals' target stands for."""
    for e in effects:
        if s.result is not None:
            return
        if e.target in CARD_TARGETS:
            if not target or not s.in_play(target) or not is_target(s, q, e, target):
                ev.append(
                    Event("fizzle", f"{s.defs[src].name} does nothing: its target is gone", q)
                )
                continue
            aims = [target]
        elif e.target == "this":
            aims = [s.attached.get(src, src)]
        elif e.target == "rivals":
            aims = [c for c in rivals if s.in_play(c)]
        else:
            aims = []
        if e.do in ("gain", "draw"):
            who = [q] if e.target == "you" else [r for r in range(s.n) if r != q]
            for r in who:
                if e.do == "draw":
                    draw(s, r, e.amount, ev)
                else:
                    gain(s, r, e.currency, e.amount)
                    ev.append(Event("gain", f"{p(r)} gains {e.amount} {e.currency}", r))
            continue
        for c in aims:
            if not s.in_play(c) and e.do != "boost":
                continue
            name = s.defs[c].name
            if e.do == "strike":
                s.stricken = s.stricken | {c}
                ev.append(Event("strike", f"{name} is stricken", s.ctrl(c), (s.names[c],)))
            elif e.do == "refresh":
                s.stricken = s.stricken - {c}
                ev.append(Event("refresh", f"{name} is refreshed", s.ctrl(c), (s.names[c],)))
            elif e.do == "boost":
                if s.defs[c].rating(e.rating) is not None:
                    s.boosts[(c, e.rating)] = s.boosts.get((c, e.rating), 0) + e.amount
                    ev.append(
                        Event("boost", f"{name} gets +{e.amount} {e.rating} this turn", s.ctrl(c))
                    )
            elif e.do == "exhaust":
                to_pile(s, c, "rest", ev)
            elif e.do == "kill":
                to_pile(s, c, "dead", ev)
            elif e.do in ("remove", "bury"):
                remove(s, c, ev, "dead" if e.do == "bury" else "rest")
            elif e.do == "control":
                take_control(s, c, q, ev)
            elif e.do == "cancel":
                s.cancelled = s.cancelled | {c}
                ev.append(
                    Event(
                        "cancel",
                        f"{name}'s abilities are cancelled this turn",
                        s.ctrl(c),
                        (s.names[c],),
                    )
                )
            elif e.do == "withdraw" and c in s.involved:
                del s.involved[c]
                s.field[s.ctrl(c)].append(c)
                ev.append(
                    Event("withdraw", f"{name} is no longer involved", s.ctrl(c), (s.names[c],))
                )


def gain(s: State, q: int, currency: str, n: int) -> None:
    if currency == "honor":
        s.honor[q] += n
    else:
        s.ryo[q] += n
