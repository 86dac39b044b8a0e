"""A lesson shown as a demonstration (for its GIF): its scripted answers played
on the demonstration player, each step's words as the caption, the asked-for
move's cards and place outlined with an arrow, and the rule after the move as
a caption of its own."""

from __future__ import annotations

from pathlib import Path

from shrinetable.adapter.lesson import LEARNER, LessonMatch
from shrinetable.engine import CardSet
from shrinetable.formats.demo import Arrow, Demo, DemoStep, LoadedDemo
from shrinetable.formats.lesson import LoadedLesson, load

from .replay import Replay, replay


def replay_lesson(path: str | Path, cards: CardSet | None = None) -> Replay:
    """The lesson at `path` replayed as a demonstration (FormatError if it does not hold)."""
    return replay(as_demo(load(path, cards)))


def as_demo(lesson: LoadedLesson) -> LoadedDemo:
    """The lesson's steps as demonstration steps, walked with its scripted answers
    so each asked-for move's cards and place are known."""
    m = LessonMatch(lesson)
    steps: list[DemoStep] = []
    while (step := m.current()) is not None:
        moves = lesson.moves[m.at]
        light = [z if c is None else f"{z}/{c}" for z, c in sorted(m.lit(), key=str)]
        if step.computer:
            steps += [DemoStep(caption=step.say, action=a, highlight=light) for a in moves]
            while m.current() is step:
                m.step()
        elif moves:
            arrow = None
            for g in [x.gesture for x in m.expected()[:1]]:
                light += [f"{g.source}/{c}" for c in g.cards]
                if g.cards and g.target:
                    to = f"{g.target}/{g.target_card}" if g.target_card else g.target
                    arrow = Arrow.model_validate({"from": f"{g.source}/{g.cards[-1]}", "to": to})
            steps.append(DemoStep(caption=step.say, action=moves[0], highlight=light, arrow=arrow))
            m.play(LEARNER, moves[0])
        else:
            steps.append(DemoStep(caption=step.say, highlight=light))
            m.next()
        if step.rule:
            steps.append(DemoStep(caption=step.rule))
    spec = Demo.model_construct(
        game=lesson.spec.game,
        title=lesson.spec.title,
        rule=lesson.spec.about,
        order=lesson.spec.order,
        steps=steps,
    )
    actions = [None if s.action is None else lesson.game.parse_action(s.action) for s in steps]
    return LoadedDemo(
        lesson.name, lesson.path, spec, lesson.game, lesson.state, actions, lesson.fail
    )
