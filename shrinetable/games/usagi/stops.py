"""When the table need not stop for a person in Usagi: a response that could
come to nothing now, or that does as much later; the cut, which changes
nothing anyone knows; extra chronicle tokens that taking cannot turn against
their taker. The rules offer every legal
and payable Moment and ability in each response window (clause `respond`); at
four players that asked a person about ten times a turn, nearly always with a
boost for the turn they could as well make as their own next action."""

from __future__ import annotations

from .actions import Action
from .rules import _score, abilities_of, card, legal_actions
from .state import State
from .zones import p


def _counts(s: State, c: int, rating: str) -> bool:
    """Whether a boost of `rating` on card `c` could change a contest: `c` is
    involved (or about to be) with an Event that shows the rating, and is
    rated in it (a missing rating is never added)."""
    if s.defs[c].rating(rating) is None:
        return False
    if any(e.kind == "involve" and e.card == c for e in s.stack):
        return True
    event = s.involved.get(c)
    return event is not None and rating in s.defs[event].rated


def _later(s: State, q: int) -> bool:
    """Whether a boost or a refresh `q` could make now does as much as `q`'s own
    next action: `q` has not finished (it acts again before the contests, and
    may play a Moment or use an ability then), and nothing on the stack is aimed
    at its cards (a cancel, a kill or a strike it might answer first). An
    Event is not such a card: a rival's involvement with `q`'s Event, or a
    Setting on it, changes a contest that `q`'s next action answers as well."""
    return not s.finished[q] and not any(
        e.target and e.by != q and s.ctrl(e.target) == q and s.defs[e.target].type != "event"
        for e in s.stack
    )


def _news(s: State, q: int) -> bool:
    """Whether the stack brings `q` something new to answer: anything aimed at
    `q` (a Held Moment) or at a card `q` controls, or an involvement with,
    or anything aimed at, an Event in which `q` has a card involved or a card
    involved with it. A seat that has finished could have made any boost
    before it finished; after, only such news can make one worth making now."""
    mine = {e for c, e in s.involved.items() if s.ctrl(c) == q}
    for e in s.stack:
        t = e.target
        if e.seat == q or (t and (s.ctrl(t) == q or t in mine or s.involved.get(t) in mine)):
            return True
    return False


def _idle(s: State, a: Action) -> bool:
    """A response that does nothing a contest would see (boosts that no contest
    counts, a refresh of a card that is not stricken), or a boost or refresh that
    the seat's own next action does as well (`_later`)."""
    c = card(s, a.card)
    if a.kind == "use":
        e = abilities_of(s, c)[a.index]
        effects, target = (
            (e,),
            (s.attached.get(c, c) if e.target == "this" else card(s, a.other) if a.other else 0),
        )
    elif a.kind == "play" and s.defs[c].kind != "held":
        effects, target = s.defs[c].play, card(s, a.other) if a.other else 0
    else:
        return _held_later(s, a)
    q = s.responder
    if all(e.do in ("boost", "refresh") for e in effects) and (
        _later(s, q) or (s.finished[q] and not _news(s, q))
    ):
        return True
    for e in effects:
        if not target:
            return False
        if e.do == "boost" and _counts(s, target, e.rating):
            return False
        if e.do == "refresh" and target in s.stricken:
            return False
        if e.do not in ("boost", "refresh"):
            return False
    return True


def _held_later(s: State, a: Action) -> bool:
    """A Held Moment played now that the seat's own next action plays as well
    (`_later`): no condition that only a response meets (`involving`, U23) or
    that may stop holding (`no_hero`), nothing done as it is played, and in
    play only bonuses to ratings and abilities the seat may use after."""
    d = s.defs[card(s, a.card)]
    return (
        a.kind == "play"
        and d.kind == "held"
        and not d.condition
        and not d.play
        and all(e.do == "rating" for e in d.static)
        and _later(s, s.responder)
    )


def pass_alone(s: State) -> Action | None:
    """The pass, when every other response a seat may make now comes to nothing."""
    if s.step != "respond":
        return None
    legal = legal_actions(s)
    if all(a.kind == "pass" or _idle(s, a) for a in legal):
        return next(a for a in legal if a.kind == "pass")
    return None


def no_cut(s: State) -> Action | None:
    """The cut (U1): where a shuffled deck is cut is drawn at random, so cutting
    or not changes nothing anyone could know or want: not a question."""
    return Action("pass") if s.step == "cut" else None


def one_hero(s: State) -> Action | None:
    """The Hero step (conclusion step 3): keeping the one Hero in play, a
    person's standing answer (`Standing`, on unless they switch it off).
    Keeping none is a strategy the text names (it frees the next turn's
    discard), so it stays theirs to choose; with two or more Heroes the
    choice is a real one, and they are asked."""
    if s.step != "hero":
        return None
    kept = [a for a in legal_actions(s) if a.card]
    return kept[0] if len(kept) == 1 else None


def _most(s: State, e: int) -> int:
    """The most chronicle tokens Event `e` could give its winner: 1 and every
    positive score effect on it, its Settings and the cards involved with it."""
    cards = [e, *s.attachments(e), *s.with_attachments(s.involved_with(e))]
    return 1 + sum(max(0, s.defs[c].score) for c in cards)


def all_extras(s: State) -> Action | None:
    """The score step (U30), when taking every extra token cannot end the game
    against the taker: the game ends on an empty pool or a majority, a majority
    taken is the taker's win, and the pool keeps more than the Events still to
    resolve in this conclusion could take. Declining would only give tokens up."""
    if s.step != "score":
        return None
    cs = s.contest
    left = s.pool - _score(s, s.turn, cs.event)[0] - cs.extra
    if left > sum(_most(s, e) for e in cs.queue):
        return legal_actions(s)[0]  # all of them: the rules list the most first
    return None


def why_decline(s: State) -> str:
    """At the score step (U30), what taking every extra token would do, so that
    the winner sees why taking fewer might be wanted: the game ends on an empty
    pool or a majority, with whoever leads then (all from public counts)."""
    q, cs = s.turn, s.contest
    mine = s.tokens[q] + _score(s, q, cs.event)[0] + cs.extra
    left = s.pool - _score(s, q, cs.event)[0] - cs.extra
    if mine * 2 > s.pool_start:
        return f"Taking all wins the game: {mine} tokens, more than half of {s.pool_start}."
    if left <= 0:
        lead = max((r for r in range(s.n) if r != q), key=lambda r: s.tokens[r])
        them = s.tokens[lead]
        if them < mine:
            return (
                f"Taking all empties the pool and ends the game with you ahead ({mine} to {them})."
            )
        standing = "level with" if them == mine else "behind"
        return (
            f"Decline some: taking all empties the pool and ends the game with you "
            f"{standing} {p(lead)} ({mine} to {them})."
        )
    most = sum(_most(s, e) for e in cs.queue)
    return (
        f"Taking all leaves {left} in the pool, and the Events still to resolve could take "
        f"up to {most}: an empty pool ends the game with whoever leads."
    )
