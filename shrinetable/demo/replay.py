"""Play a demonstration through the match loop into frames to show (no pygame here).

Each step becomes a `Frame`: the table before it (the pose, with the caption,
highlights and arrow), the table after each event that moves cards (so cards
can fly one event at a time: hand to "being played", then to the Graveyard),
and the table after it, or the engine's reason when the step is refused.
Timings live here too, so the window player and the GIF pause alike.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from pathlib import Path

from shrinetable.adapter.match import Match
from shrinetable.adapter.session import Session
from shrinetable.engine import SHIPPED_AND_MINE, CardSet, Event, IllegalAction, View
from shrinetable.formats.demo import LoadedDemo, load

VIEWER = 0  # demonstrations are seen from p1's chair...
READ_RATE = 22  # characters a person reads per second (caption hold times)
MOVE_S = 0.55  # seconds one event's cards take to fly
REST_S = 1.6  # how long the result stays before the next step


@dataclass(frozen=True)
class Frame:
    """One step as shown. `stages[k]` is the table before `moves[k]` flies,
    and `after` the table once the step is done (`stages[0]` if refused)."""

    index: int
    caption: str
    action: str | None
    stages: tuple[View, ...]
    moves: tuple[Event, ...]
    after: View
    events: tuple[Event, ...]
    highlight: tuple[str, ...] = ()
    arrow: tuple[str, str] | None = None
    refusal: str | None = None

    @property
    def before(self) -> View:
        return self.stages[0]

    def hold(self, phase: str) -> float:
        """Seconds (at speed 1) a phase stays on screen: long enough to read."""
        if phase == "pose":
            return 1.2 + len(self.caption) / READ_RATE
        if phase == "move":
            return MOVE_S * len(self.moves)
        if self.refusal is not None:
            return 1.5 + len(self.refusal) / READ_RATE
        return REST_S if self.action else 0.0


@dataclass(frozen=True)
class Replay:
    name: str
    title: str
    rule: str
    game: str
    order: int
    frames: tuple[Frame, ...]
    cards: CardSet = SHIPPED_AND_MINE  # the card set it was played with


def replay_file(path: str | Path, cards: CardSet | None = None) -> Replay:
    """Load and replay a demonstration file with the card set `cards` (FormatError
    if it does not hold)."""
    return replay(load(path, cards))


def replay(demo: LoadedDemo) -> Replay:
    """Every step applied in order; a step the rules refuse (unless marked
    `expect_illegal`), or an `expect_illegal` step they accept, is a FormatError."""
    game = demo.game
    seats = game.view(demo.state, VIEWER).seats
    match = Match(Session(game, 0, {}, ["human"] * seats, start=demo.state))
    frames = []
    for i, (step, action) in enumerate(zip(demo.spec.steps, demo.actions, strict=True)):
        known = game.all_cards(match.session.state)
        _check_refs(demo, i, known)
        before = table_view(match)
        stages, moves, refusal, after = (before,), (), None, before
        events: tuple[Event, ...] = ()
        if action is not None:
            try:
                done = match.act(match.decision().seat, action)
            except IllegalAction as e:
                if not step.expect_illegal:
                    raise demo.fail(
                        ("steps", i, "action"), f"the rules refuse {step.action!r}: {e}"
                    ) from None
                refusal = f"{e.reason} (rule: {e.ruling})" if e.ruling else e.reason
            else:
                if step.expect_illegal:
                    raise demo.fail(
                        ("steps", i, "expect_illegal"),
                        f"the rules accept {step.action!r}; expected a refusal",
                    )
                events = done.events
                if done.secret:  # a secret choice shows as p1 sees it: face down
                    events = tuple(e.seen_by(VIEWER) for e in events)
                after = table_view(match)
                stages, moves = _stages(before, after, events, known)
        arrow = (step.arrow.from_, step.arrow.to) if step.arrow else None
        frames.append(
            Frame(
                i,
                step.caption,
                action.text if action else None,
                stages,
                moves,
                after,
                events,
                tuple(step.highlight),
                arrow,
                refusal,
            )
        )
    spec = demo.spec
    return Replay(
        demo.name, spec.title, spec.rule, spec.game, spec.order, tuple(frames), game.cards
    )


def table_view(match: Match) -> View:
    """The table as a teacher shows it: from p1's chair, but every hand face up
    (each zone as its owner sees it), so the lesson can point at any card; while
    seats make a secret choice, as p1 sees it, so no commitment shows."""
    view = match.view(VIEWER)
    if view.decision is not None and view.decision.secret:
        return view
    owners = {z.owner for z in view.zones.values() if z.owner not in (None, VIEWER)}
    seen = {q: match.view(q) for q in owners}
    zones = {
        name: seen[z.owner].zones[name] if z.owner in seen else z for name, z in view.zones.items()
    }
    return replace(view, zones=zones)


def _stages(before: View, after: View, events: tuple[Event, ...], known: dict[str, list[str]]):
    """The table after each card-moving event, rebuilt by moving cards zone to
    zone (stacks show only their top, so what is hidden stays hidden; a zone
    whose top was face up shows its new top from `known`, every card before
    the step); the last stage is the engine's own view of the result."""
    moves = tuple(
        e for e in events if e.cards and e.source in before.zones and e.target in before.zones
    )
    stages = [before]
    for e in moves:
        zones = dict(stages[-1].zones)
        src = list(zones[e.source].cards)
        for c in e.cards:
            if c in src:
                src.remove(c)
            elif None in src:
                del src[len(src) - 1 - src[::-1].index(None)]
            else:  # set aside without an event of its own (a resurrected card)
                zones.update(_without(zones, c))
        if (
            src
            and src[-1] is None
            and before.zones[e.source].cards[-1:] != (None,)
            and len(src) <= len(known[e.source])
        ):
            src[-1] = known[e.source][len(src) - 1]
        zones[e.source] = replace(zones[e.source], cards=tuple(src))
        zones[e.target] = replace(zones[e.target], cards=zones[e.target].cards + e.cards)
        stages.append(replace(stages[-1], zones=zones))
    if moves:
        stages[-1] = after
    return tuple(stages), moves


def _without(zones: dict, card: str | None) -> dict:
    """The zone that holds `card`, with it taken out (nothing if none does)."""
    for name, z in zones.items():
        if card is not None and card in z.cards:
            cards = list(z.cards)
            cards.remove(card)
            return {name: replace(z, cards=tuple(cards))}
    return {}


def _check_refs(demo: LoadedDemo, i: int, cards: dict[str, list[str]]) -> None:
    """A highlighted or arrowed card must lie in the zone named, at that step."""
    for loc, ref in demo.spec.steps[i].refs():
        zone, _, card = ref.partition("/")
        if card and card.upper() not in (c.upper() for c in cards[zone]):
            raise demo.fail(
                ("steps", i, *loc),
                f"{card} is not in {zone} at this step (it holds "
                f"{' '.join(cards[zone]) or 'nothing'})",
            )
