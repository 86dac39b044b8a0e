"""The first lesson of every game, completed in the real window under Xvfb with
real xdotool clicks and drags: Next is clicked where the trace says it stands,
each asked-for move is made by its own gesture (a drag of its cards onto its
place, a click on its card, its pile or its button), and one wrong move first
is refused in the lesson's box, not made. A screenshot of each lesson's
asked-for step goes to test-artifacts/lesson-<game>.png."""

from __future__ import annotations

import pytest
from e2e_harness import ARTIFACTS, App, Mirror

from shrinetable.adapter import gestures
from shrinetable.adapter.lesson import LEARNER, LessonMatch
from shrinetable.formats.lesson import all_lessons, load

pytestmark = [pytest.mark.e2e, pytest.mark.slow]

FIRSTS = sorted(paths[0] for paths in all_lessons().values())


def gesture(app: App, m: Mirror, move: gestures.Move) -> None:
    """Make `move` the way a person would: drag, click a card, a pile or a button."""
    g, how = move.gesture, gestures.how(move)
    if how == "drag":
        to = m.zone(g.target)
        if g.target_card:  # the card dropped on may lie in one of the zones it lands on
            on = {p.zone for p in m.placed() if p.name == g.target_card}
            to = m.card(next(z for z in (g.target, *g.also) if z in on), g.target_card)
        app.drag(m.card(g.source, g.cards[-1]), to)
    elif how == "click":
        app.click(m.card(g.source, g.cards[0]))
    elif g.source:  # a pile: the Deck
        app.click(m.zone(g.source))
    else:
        app.click(m.button(move.text))


@pytest.mark.parametrize("path", FIRSTS, ids=[p.parent.name for p in FIRSTS])
def test_the_first_lesson_is_completed_with_real_gestures(xvfb, tmp_path, path):
    lesson = load(path)
    app = App(xvfb, [lesson.name, "--trace"], tmp_path, command="lesson")
    try:
        line = app.wait_line("lesson step 0 ", 30)  # traced as the scene is made
        app.wait_line("ready", 30)
        app.window()
        m = Mirror(app, LessonMatch(lesson).session)
        m.m = follow = LessonMatch(lesson)  # the same lesson, step for step
        refused = shot = False
        while (step := follow.current()) is not None:
            if follow.at:
                line = app.wait_line(f"lesson step {follow.at} ", 20)
            kind = step.kind()
            if kind == "words":
                x, y = line.rpartition("next=")[2].split(",")
                app.click((int(x), int(y)))
                follow.next()
            elif kind == "computer":
                for _ in step.computer:
                    app.wait_line("action p", 20)
                    follow.step()
            else:
                move = follow.expected()[0]
                if not refused and move.text != "pass" and follow.moves():
                    other = [x for x in follow.moves() if gestures.how(x) == "button"]
                    if other and other[0].text != move.text:  # a legal move not asked for
                        app.click(m.button(other[0].text))
                        assert app.wait_line("lesson refused", 20).endswith(follow.not_yet())
                        refused = True
                if not shot:
                    ARTIFACTS.mkdir(exist_ok=True)
                    app.screenshot(ARTIFACTS / f"lesson-{lesson.spec.game}.png")
                    shot = True
                gesture(app, m, move)
                assert app.wait_line("action p1", 20) == f"action p1 {_shown(follow, move)}"
                follow.play(LEARNER, move.action)
        assert app.wait_line("lesson done", 20) == f"lesson done {lesson.name}"
        assert refused, "no wrong move was tried"
    finally:
        app.stop()


def _shown(m: LessonMatch, move: gestures.Move) -> str:
    """A move as the trace prints it (a secret one as "secret")."""
    d = m.decision()
    return "secret" if d is not None and d.secret else move.text
