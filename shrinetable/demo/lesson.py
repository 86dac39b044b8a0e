"""A lesson shown as a demonstration (for its GIF): its scripted answers played
on the demonstration player, each step's words as the caption, the asked-for
move's cards and place outlined with an arrow, and the rule after the move as
a caption of its own."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path
from typing import Any

from shrinetable.adapter.lesson import LEARNER, LessonMatch, verify
from shrinetable.engine import CardSet
from shrinetable.formats.demo import Arrow, Demo, DemoStep, LoadedDemo
from shrinetable.formats.lesson import LoadedLesson, load

from .replay import Replay, replay


def replay_lesson(path: str | Path, cards: CardSet | None = None) -> Replay:
    """The lesson at `path` replayed as one demonstration (FormatError if it does
    not hold): each part played from its own position, the frames in one run."""
    lesson = load(path, cards)
    verify(lesson)  # a step that does not hold stops here, never in the walk below
    shown = [replay(part) for part in parts(lesson)]
    frames = (f for r in shown for f in r.frames)
    return replace(shown[0], frames=tuple(replace(f, index=i) for i, f in enumerate(frames)))


def parts(lesson: LoadedLesson) -> list[LoadedDemo]:
    """The lesson's steps as demonstration steps, one demonstration from each
    position it sets; walked with its scripted answers (a lesson `verify`
    passed), so each asked-for move's cards and place are known."""
    m = LessonMatch(lesson)
    found: list[tuple[Any, list[DemoStep]]] = [(m.session.state, [])]
    while (step := m.current()) is not None:
        if m.at in lesson.positions and found[-1][1]:
            found.append((m.session.state, []))
        steps = found[-1][1]
        moves = lesson.moves[m.at]
        light = [z if c is None else f"{z}/{c}" for z, c in sorted(m.lit(), key=str)]
        if step.play_on:  # a whole game is no GIF: it ends with the invitation to play
            steps.append(DemoStep(caption=step.say, highlight=light))
            break
        if step.computer:
            steps += [DemoStep(caption=step.say, action=a, highlight=light) for a in moves]
            while m.current() is step:
                m.step()
        elif moves:
            arrow = None
            for g in [x.gesture for x in m.expected()[:1]]:
                light += [f"{g.source}/{c}" for c in g.cards]
                if g.cards and g.target:
                    held = m.game.all_cards(m.session.state)
                    on = [z for z in (g.target, *g.also) if g.target_card in held.get(z, ())]
                    to = f"{on[0]}/{g.target_card}" if on else g.target
                    arrow = Arrow.model_validate({"from": f"{g.source}/{g.cards[-1]}", "to": to})
            steps.append(DemoStep(caption=step.say, action=moves[0], highlight=light, arrow=arrow))
            m.play(LEARNER, moves[0])
        else:
            steps.append(DemoStep(caption=step.say, highlight=light))
            m.next()
        if step.rule:
            steps.append(DemoStep(caption=step.rule))
    return [_demo(lesson, state, steps) for state, steps in found]


def _demo(lesson: LoadedLesson, state: Any, steps: list[DemoStep]) -> LoadedDemo:
    spec = Demo.model_construct(
        game=lesson.spec.game,
        title=lesson.spec.title,
        rule=lesson.spec.about,
        order=lesson.spec.order,
        steps=steps,
    )
    actions = [None if s.action is None else lesson.game.parse_action(s.action) for s in steps]
    return LoadedDemo(lesson.name, lesson.path, spec, lesson.game, state, actions, lesson.fail)
