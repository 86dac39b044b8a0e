"""The prompt's words and a Hint's read whole at 100% text, at 1280x720 and
1920x1080, in every game: a Hint's notice under a full decision bar (Shards,
five moves and the help row) was cut to the two lines left there and
scrolled ("... (dragging the raised"), and a long question (Shrine's answer to
a Resurrection at three seats, Usagi's extra tokens) scrolled in the prompt's
box. Neither moves the decision bar's buttons."""

from __future__ import annotations

import pygame
import pytest

from shrinetable.adapter.match import Match
from shrinetable.adapter.session import Session
from shrinetable.engine import registry

pytestmark = pytest.mark.usefixtures("dummy_video")
SHRINE = registry.get("shrine")

# (game, seats, seed): each run asked for a Hint at the viewer's decisions on
# its way; the first cut a notice or a prompt before (found by walking seeds)
RUNS = [
    ("shards", 2, 0),
    ("shrine", 3, 2),
    ("usagi", 2, 0),
    ("shrine", 2, 1),
    ("shrines", 2, 2),
    ("sorcerer", 2, 0),
]
STOPS = 25  # Hints asked in a run, at every third step that is the viewer's


def start(app):
    app.start_game(Session(SHRINE, 42, {}, ["human", "computer"]))
    app.step([], 0.01)
    return app.scene


def _bar(scene) -> list[tuple[str, tuple]]:
    return [(b.text, tuple(b.rect)) for b in scene.ui.bar()]


def _hinted(app, session: Session):
    """The table at each stop of `session` (p1 a person, the computer choosing
    for everyone), its bar before the Hint, after the Hint's words came."""
    m = Match(session)
    stops = 0
    for step in range(400):
        if m.decision() is None or stops == STOPS:
            return
        if m.pending() is not None:
            m.step()
            continue
        if m.decision().seat == 0 and step % 3 == 0:
            stops += 1
            app.start_game(session)
            app.step([], 0.01)
            scene = app.scene
            if scene.match.pending() is None and scene.my_decision():
                before = _bar(scene)
                scene.aid.hint()
                for _ in range(50):
                    if scene.message:
                        break
                    app.step([], 0.01)
                yield scene, before
            m = Match(session)  # the window's match moved nothing: the same position
        m.act(m.decision().seat, session.computer_action())


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
@pytest.mark.parametrize("game,seats,seed", RUNS)
def test_the_prompt_and_a_hint_read_whole_and_move_no_bar_button(size, game, seats, seed):
    from shrinetable.table import uiscale
    from shrinetable.table.app import App

    uiscale.save(1.0)
    app = App(size)
    session = Session(registry.get(game), seed, {}, ["human"] + ["computer"] * (seats - 1))
    seen = 0
    for scene, before in _hinted(app, session):
        status, notice = scene.ui.status, scene.ui.notice
        assert scene.message.startswith("Hint: ") and notice is not None
        where = f"{game} move {len(session.history)}: {scene.message!r}"
        assert status.room() == 0, (where, status.html_text)
        assert notice.room() == 0, (where, notice.rect)
        assert _bar(scene) == before, where
        px = scene.ui.px
        assert px >= (14 if size == (1280, 720) else 18)
        seen += 1
    assert seen >= 5
    pygame.quit()


def test_a_long_question_grows_the_prompts_box_up_and_the_commands_never_come_back_down(app):
    """A question longer than the prompt's box takes the room it needs above
    it (the commands rising with it, the log keeping its lines); the next,
    shorter question leaves them there: they do not jump up and down with
    each question."""
    scene = start(app)

    def menu() -> pygame.Rect:
        return next(pygame.Rect(b.rect) for b, c in scene.ui.commands.items() if c == "menu")

    short, box = menu(), pygame.Rect(scene.ui.status.rect)
    asked = "Which of the cards in your hand do you put under your deck, and in which order? "
    long = ("Turn 1 · P1 (you)", asked * 3)
    words = scene.panels.status_words
    scene.panels.status_words = lambda: long
    scene.build_ui()
    status = scene.ui.status
    assert status.room() == 0 and status.rect.bottom == box.bottom and status.rect.top < box.top
    assert menu().bottom < status.rect.top and menu().top < short.top
    assert scene.ui.log.rect.bottom < menu().top
    risen = menu()
    scene.panels.status_words = words
    scene.build_ui()
    assert menu() == risen and scene.ui.status.rect.top < box.top


def test_in_a_lesson_the_prompts_box_leaves_the_lessons_words_their_room(app):
    """Usagi's second lesson asks the long extra-token question at its fifth
    step: grown into the log's panel, the prompt's box took the room the
    lesson's words have over it, and their rule was left out. A lesson's
    prompt keeps its box (the words say what to do); the words read whole."""
    from shrinetable.formats import lesson as lesson_format
    from shrinetable.table.lesson_scene import open_lesson

    path = next(p for p in lesson_format.all_lessons()["usagi"] if p.name.startswith("02-"))
    scene = open_lesson(app, lesson_format.load(path))
    box = pygame.Rect(scene.ui.status.rect)
    while scene.lesson.at < 4:
        step = scene.lesson.current()
        if step.computer or not scene.my_decision():
            scene.update(scene.ai_due or 0)
        elif step.do:
            scene.perform(scene.lesson.lesson.moves[scene.lesson.at][0])
        else:
            scene.command("lesson_next")
    assert "extra chronicle tokens" in scene.ui.status.html_text and scene.lesson.rule
    assert scene.ui.status.rect == box
    assert any(b.paragraphs == [scene.words()] for b in scene.ui.boxes)  # the rule whole
