"""A lesson in play: a match that takes only the move its step asks for.

`LessonMatch` is a `Match` (so the table plays it through the one contract,
`port.MatchPort`, and draws it as any game) that walks a lesson's steps: a
`do` step takes the move it names and refuses every other with the step's
friendly word; a `computer` step is the table's own moves (`pending`, made at
the table's pace); a `free` step takes any legal move; a `play_on` step plays
the game to its end, the player's moves theirs and the others the easy
computer's; a words step waits for `next`. Legality is the engine's: an
expected move is matched against the legal-action list. `verify` plays every
step with its scripted answers, so a lesson a rules change breaks fails with
the file, the step and why.
"""

from __future__ import annotations

from typing import Any

from shrinetable import resources
from shrinetable.engine import CardSet, seat_index
from shrinetable.formats.errors import FormatError
from shrinetable.formats.lesson import LessonStep, LoadedLesson, all_lessons, load

from . import gestures
from .match import QUICK_S, Match
from .port import Answer, Auto, Change, Played, Powers, Refusal
from .session import Applied, Session

LEARNER = 0  # lessons are played from p1's chair; the other seats are the table's


class LessonMatch(Match):
    def __init__(self, lesson: LoadedLesson):
        spec = lesson.spec
        seats: list[Any] = ["human"] + ["computer"] * (spec.seats - 1)
        easy = ["easy"] * spec.seats  # the computer of a `play_on` step (and of its verify)
        session = Session(lesson.game, spec.seed, spec.options, seats, lesson.state, easy)
        super().__init__(session)
        self.lesson = lesson
        self.at = 0  # the step under way (len(steps): the lesson is done)
        self.made_here = 0  # the table's moves of a `computer` step made so far
        self.rule = ""  # the last rule shown (a `rule`), kept until the player's next move
        self.done_state: Any = None  # the state as the last step ended (its `expect` holds here)
        self.changes: list[Change] = []  # a new position, told to the table by `poll`
        self._begin()

    # -- where the lesson stands -------------------------------------------------------
    def current(self) -> LessonStep | None:
        steps = self.lesson.steps
        return steps[self.at] if self.at < len(steps) else None

    @property
    def finished(self) -> bool:
        return self.current() is None

    def expected(self) -> list[gestures.Move]:
        """The legal moves that answer a `do` step ([] otherwise)."""
        step = self.current()
        if step is None or not step.do:
            return []
        wanted = self.lesson.moves[self.at]
        return [m for m in self.moves() if m.text in wanted]

    def lit(self) -> set[tuple[str, str | None]]:
        """The places and cards to light now, as (zone, card or None): the
        step's `light`, and where the asked-for move goes (or the pile it clicks)."""
        step = self.current()
        if step is None:
            return set()
        out = {(z, c or None) for z, _, c in (ref.partition("/") for ref in step.light)}
        held = self.game.all_cards(self.session.state)
        for m in self.expected()[:1]:
            g = m.gesture
            out |= {
                (z, g.target_card if g.target_card in held.get(z, ()) else None)
                for z in (g.target, *g.also)
                if z
            }
            if not g.cards and g.source:
                out.add((g.source, None))
        return out

    def next(self) -> bool:
        """Past a words step (the player read it); False at any other step."""
        step = self.current()
        if step is None or step.kind() != "words":
            return False
        self._advance(step)
        return True

    def not_yet(self) -> str:
        """The friendly word for a move the step does not ask for."""
        step = self.current()
        if step is None:
            return "The lesson is over: choose another from the start screen."
        if step.kind() == "words":
            return "Not yet: read the lesson's words, then press Next."
        if step.kind() == "computer":
            return "Not yet: your opponent is moving."
        return step.not_yet or f"Not yet: {step.say}"

    def _advance(self, step: LessonStep) -> None:
        """On to the next step; its `expect` is of the state as it ends (a next
        step's own position replaces it). A rule stays until the player moves
        (or presses Next) again: the computer's reply does not wipe it."""
        if step.rule or not step.computer:
            self.rule = step.rule or ""
        self.done_state = self.session.state
        self.at += 1
        self.made_here = 0
        self._pending_reset()
        self._begin()

    def _begin(self) -> None:
        """A step that sets its own position starts the game afresh from it."""
        if self.at in self.lesson.positions:
            prior = self.session.state
            self.session.reset(self.lesson.position(self.at))
            self._changed("reset", [], prior)
            self.changes.append(Change("reset"))

    def poll(self) -> list[Change]:
        """A new position since the last call (the table takes the game afresh)."""
        out, self.changes = self.changes, []
        return out

    def _pending_reset(self) -> None:
        """The table's next move is another now: nothing of the last one is kept."""
        self._result, self._after = None, {}

    # -- the contract, as a lesson keeps it -------------------------------------------
    @property
    def powers(self) -> Powers:
        """A lesson is not kept, loaded, redone or dealt again."""
        return Powers(save=False, load=False, redo=False, auto_pass=False, again=False)

    def keep(self) -> str:
        return ""

    def again(self, seed: int) -> None:  # type: ignore[override]
        return None

    def can_undo(self, seat: int | None = None) -> bool:
        return False

    def undo(self, seat: int | None = None) -> bool:
        return False

    def can_redo(self) -> bool:
        return False

    def skip_warning(self, action: Any) -> str:
        return ""

    def play(self, seat: int, action: Any, joined: bool = False) -> Played:
        step = self.current()
        if step is None or step.kind() not in ("do", "free", "play_on"):
            return Refusal(self.not_yet())
        if step.do:
            text = action if isinstance(action, str) else action.text
            try:
                text = self.game.parse_action(text).text
            except ValueError:
                return Refusal(self.not_yet())
            if text not in self.lesson.moves[self.at]:
                return Refusal(self.not_yet())
        done = super().play(seat, action, joined)
        if isinstance(done, Applied) and (not step.play_on or self.outcome() is not None):
            self._advance(step)
        return done

    def ask_pending(self, wait: float | None = QUICK_S) -> Answer[Auto | None]:
        """The table's next move of a `computer` step, or the other seats' (and
        a pass the rules leave the player) while a `play_on` step lasts; none at
        any other step: the player makes every move of theirs, even a lone pass.
        (`pending` asks this too.)"""
        step, d = self.current(), self.decision()
        if step is not None and step.play_on:
            return super().ask_pending(wait)
        if step is None or not step.computer or d is None or d.seat == LEARNER:
            return Answer.now(None)  # never the player's move: `verify` names such a step
        move = self.lesson.moves[self.at][self.made_here]
        return Answer.now(Auto(d.seat, self.game.parse_action(move), False))

    def step(self) -> Applied:
        step = self.current()
        done = super().step()
        self.made_here += 1
        if step is not None and step.play_on:
            if self.outcome() is not None:
                self._advance(step)
        elif step is not None and self.made_here == len(step.computer):
            self._advance(step)
        else:
            self._pending_reset()
        return done

    def hint(self, seat: int) -> gestures.Move | None:
        """The move the step asks for (a free choice: the computer's)."""
        step = self.current()
        if step is not None and (step.free or step.play_on):
            return super().hint(seat)
        found = self.expected()
        return found[0] if found else None

    def ask_why(
        self, seat: int, held: tuple[str, ...], source: str, zone: str | None, card: str | None
    ) -> Answer[str]:
        step = self.current()
        if step is not None and (step.free or step.play_on):
            return super().ask_why(seat, held, source, zone, card)
        return Answer.now(self.not_yet())


# -- verify: every step with its scripted answers ------------------------------------


def verify(lesson: LoadedLesson) -> int:
    """Play `lesson` through with its scripted answers; the number of steps, or a
    FormatError naming the file, the step and what no longer holds."""
    m = LessonMatch(lesson)
    while (step := m.current()) is not None:
        i = m.at
        _check_light(m, i, step)
        kind = step.kind()
        if kind == "words":
            m.next()
        elif kind == "computer":
            for j, move in enumerate(lesson.moves[i]):
                _legal(m, ("steps", i, "computer", j), move, learner=False)
                m.step()
        elif kind == "play_on":
            _play_on(m, i)
        else:
            key = "do" if step.do else "answer"
            for j, move in enumerate(lesson.moves[i]):
                _legal(m, ("steps", i, key, j) if step.do else ("steps", i, key), move, True)
            done = m.play(LEARNER, lesson.moves[i][0])
            if isinstance(done, Refusal):  # pragma: no cover - _legal found it legal
                raise lesson.fail(("steps", i, key), done.said())
        if step.expect is not None:
            _check_holds(m, i, step, m.done_state)
    return len(lesson.steps)


PLAY_ON_MOST = 5000  # moves a `play_on` step may take in verify before it is a fault


def _play_on(m: LessonMatch, i: int) -> None:
    """A `play_on` step to the game's end, the easy computer playing the player's
    seat too (seeded: the same game every time)."""
    if m.decision() is None:
        raise m.lesson.fail(("steps", i, "play_on"), "the game is over by this step")
    for _ in range(PLAY_ON_MOST):
        if m.current() is not m.lesson.steps[i]:
            return
        if m.pending() is not None:
            m.step()
        else:
            m.play(LEARNER, m.session.computer_action())
    raise m.lesson.fail(("steps", i, "play_on"), f"no end within {PLAY_ON_MOST} moves")


def _legal(m: LessonMatch, loc: tuple[Any, ...], move: str, learner: bool) -> None:
    d = m.decision()
    if d is None:
        raise m.lesson.fail(loc, f"{move!r}: the game is over by this step")
    if learner and d.seat != LEARNER:
        raise m.lesson.fail(
            loc, f"{move!r} is the player's (p1) move, but p{d.seat + 1} decides now ({d.prompt})"
        )
    if not learner and d.seat == LEARNER:
        raise m.lesson.fail(
            loc,
            f"{move!r}: a computer move must be another seat's, but the player (p1) "
            f"decides now ({d.prompt}); make it a `do` step",
        )
    legal = [x.text for x in m.moves()]
    if move not in legal:
        raise m.lesson.fail(
            loc, f"{move!r} is not a legal move here; legal now: {', '.join(sorted(legal)) or '-'}"
        )


def _check_light(m: LessonMatch, i: int, step: LessonStep) -> None:
    """A lit card must lie in the zone named, when the step begins."""
    cards = m.game.all_cards(m.session.state)
    for j, ref in enumerate(step.light):
        zone, _, card = ref.partition("/")
        if card and card.upper() not in (c.upper() for c in cards[zone] if c):
            held = " ".join(c for c in cards[zone] if c) or "nothing"
            raise m.lesson.fail(
                ("steps", i, "light", j), f"{card} is not in {zone} at this step (it holds {held})"
            )


def _check_holds(m: LessonMatch, i: int, step: LessonStep, state: Any) -> None:
    """The step's `expect`: zones, outcome and decision in `state`, as it ended."""
    holds, game = step.expect, m.game
    assert holds is not None
    fail = m.lesson.fail
    actual = game.all_cards(state)
    for zone, cards in holds.zones.items():
        if [c.upper() for c in actual[zone]] != [c.upper() for c in cards]:
            raise fail(
                ("steps", i, "expect", "zones", zone),
                f"expected {zone} = [{' '.join(cards)}], got [{' '.join(actual[zone])}]",
            )
    if holds.outcome is not None:
        result = game.outcome(state)
        got = sorted(f"p{q + 1}" for q in result.winners) if result else []
        if result is None or got != sorted(holds.outcome.winners):
            raise fail(
                ("steps", i, "expect", "outcome"),
                f"expected winners {sorted(holds.outcome.winners)}, got "
                f"{got if result else 'no outcome yet'}",
            )
    if holds.decision is not None:
        d = game.decision(state)
        want = holds.decision
        if d is None or (
            want.seat is not None
            and seat_index(want.seat) != d.seat
            or want.kind not in (None, d.kind)
        ):
            now = "none (game over)" if d is None else f"p{d.seat + 1} {d.kind}"
            raise fail(
                ("steps", i, "expect", "decision"),
                f"expected decision {want.seat or 'any seat'} {want.kind or 'any kind'}, got {now}",
            )


# -- the course: its order, and the player's progress ----------------------------------

PROGRESS = "lessons.json"  # {"done": [lesson names]} (resources.keep)


def done() -> list[str]:
    """The lessons played to their end, by name (a damaged file: none)."""
    names = resources.kept(PROGRESS).get("done")
    return [str(x) for x in names] if isinstance(names, list) else []


def mark_done(name: str) -> None:
    """The lesson `name` (game/stem) was played to its end."""
    kept = done()
    if name not in kept:
        resources.keep(PROGRESS, {"done": [*kept, name]})


def course(game: str, cards: CardSet | None = None) -> list[LoadedLesson | FormatError]:
    """The game's lessons in their order (`order`, then file name); a file that
    cannot be read, or whose steps no longer hold, is its FormatError, last."""
    found: list[tuple[tuple[int, str], LoadedLesson | FormatError]] = []
    for path in all_lessons().get(game, []):
        try:
            loaded = load(path, cards)
            verify(loaded)
            found.append(((loaded.spec.order, path.stem), loaded))
        except FormatError as e:
            found.append(((10**6, path.stem), e))
    return [item for _, item in sorted(found, key=lambda f: f[0])]


def next_lesson(lesson: LoadedLesson, cards: CardSet | None = None) -> LoadedLesson | None:
    """The lesson after `lesson` in its course (None: it is the last)."""
    good = [x for x in course(lesson.spec.game, cards) if isinstance(x, LoadedLesson)]
    names = [x.name for x in good]
    i = names.index(lesson.name) if lesson.name in names else len(names)
    return good[i + 1] if i + 1 < len(good) else None
