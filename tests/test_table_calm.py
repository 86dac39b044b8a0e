"""Issue 22 on the table: the decision bar (step-ending buttons in one fixed
place, a new button guarded a moment), in process with the dummy video driver."""

from __future__ import annotations

import pygame
import pygame_gui
import pytest
from table_input import ev

from shrinetable.adapter.match import Match
from shrinetable.adapter.session import Session
from shrinetable.engine import registry
from shrinetable.table import decision_bar as bar

pytestmark = pytest.mark.usefixtures("dummy_video")


def start(app, session: Session):
    app.start_game(session)
    app.step([], 0.01)
    return app.scene


def test_the_guard_is_about_half_a_second_unless_a_test_sets_it(monkeypatch):
    monkeypatch.delenv(bar.GUARD_ENV, raising=False)
    assert bar.guard_s() == bar.GUARD_S == 0.4
    monkeypatch.setenv(bar.GUARD_ENV, "3")
    assert bar.guard_s() == 3.0
    for bad in ("soon", "nan", "-1", "11"):
        monkeypatch.setenv(bar.GUARD_ENV, bad)
        assert bar.guard_s() == bar.GUARD_S


@pytest.mark.parametrize("name", ["shrine", "shrines", "sorcerer", "shards", "usagi"])
def test_a_step_ending_move_always_stands_in_the_bars_first_row(name):
    """Whatever else the bar offers, the first step-ending move (pass, next,
    finished...) is in the same place: the first row of the layout's panel."""
    m = Match(Session(registry.get(name), 3, {}, ["computer", "computer"]))
    area = pygame.Rect(1000, 500, 270, 210)
    seen = 0
    for _ in range(150):
        if m.pending() is None:
            break
        moves = m.moves()
        placed = bar.slots(bar.shown(moves, False, set()), area)
        ending = [mv for mv in moves if bar.ends_step(mv)]
        if ending:
            assert placed[0] == (ending[0], bar.first_row(area))
            seen += 1
        rects = [r for _, r in placed]
        assert all(area.contains(r) for r in rects)
        assert not any(a.colliderect(b) for i, a in enumerate(rects) for b in rects[i + 1:])
        m.step()
    assert seen


def test_a_button_new_where_it_stands_ignores_clicks_until_its_guard_is_over(app, monkeypatch):
    """A click on a button that just replaced another (or came after a move)
    does nothing; rebuilt with no move in between, the same button stays
    ready; after the guard a click makes its move."""
    monkeypatch.setenv(bar.GUARD_ENV, "10")
    session = Session(registry.get("sorcerer"), 3, {}, ["human", "computer"])
    scene = start(app, session)
    (button, action), = [(b, a) for b, a in scene.ui.actions.items() if a.text == "pass"]
    assert button.rect == bar.first_row(scene.board.scaler.rect(scene.layout.panels.buttons))
    before = len(session.history)
    app.step([ev(pygame_gui.UI_BUTTON_PRESSED, ui_element=button)], 0.01)
    assert len(session.history) == before   # ignored
    scene.build_ui()   # the same labels in the same places, nothing moved: not new
    (button, _), = [(b, a) for b, a in scene.ui.actions.items() if a.text == "pass"]
    assert scene.guard.place(list(scene.ui.actions), scene.guard.key, 0.0) == []
    scene.guard.seconds = 0.0   # the guard is over
    app.step([ev(pygame_gui.UI_BUTTON_PRESSED, ui_element=button)], 0.01)
    assert session.history[before].seat == 0 and session.history[before].text == "pass"


def test_only_a_new_label_or_a_move_makes_a_button_new():
    g = bar.Guard(1.0)

    class B:
        visible = True

        def __init__(self, text, rect):
            self.text, self.rect = text, pygame.Rect(rect)

    a = B("Pass", (0, 0, 100, 36))
    assert g.place([a], "pos1", 0.0) == ["Pass"]
    assert not g.ready(a, 0.5) and g.ready(a, 1.0)
    again = B("Pass", (0, 0, 100, 36))
    assert g.place([again], "pos1", 0.6) == []        # rebuilt, nothing moved
    assert not g.ready(again, 0.9) and g.ready(again, 1.0)
    other = B("Finished", (0, 0, 100, 36))
    assert g.place([other], "pos1", 2.0) == ["Finished"]   # another label there
    assert not g.ready(other, 2.5)
    same = B("Finished", (0, 0, 100, 36))
    assert g.place([same], "pos2", 5.0) == ["Finished"]    # the same, after a move
    assert not g.ready(same, 5.5) and g.waiting(5.5) and not g.waiting(6.1)


def test_a_damage_round_stays_in_view_until_read_and_the_viewer_moves_on(app):
    """Sorcerer's damage round (the sums, who fell, the points lost) is kept in
    a box over the table after the lanes clear: at least RESULT_S, then until
    the viewer's next move; a click on it closes it."""
    from shrinetable.table import results
    session = Session(registry.get("sorcerer"), 5, {}, ["human", "computer"])
    scene = start(app, session)
    m = scene.match
    for _ in range(300):   # p1 passes (its top button), the computer plays
        if scene.results.lines or m.decision() is None:
            break
        if m.decision().seat == 0:
            scene.perform(next(mv for mv in m.moves() if bar.ends_step(mv)).action)
        app.step([], 0.01)
    assert any("magic points" in line for line in scene.results.lines)
    scene.dirty = True
    scene.draw(app.screen)
    box = scene.results.box
    assert box is not None and scene.painter.felt().contains(box)
    shown_at = scene.results.since
    scene.results.viewer_moved(shown_at + 1.0)        # too soon: it stays a while yet
    assert scene.results.lines and scene.results.due() == shown_at + results.RESULT_S
    assert scene.results.update(shown_at + results.RESULT_S) and not scene.results.lines
    scene.results.lines, scene.results.box = ["P2 loses 3 magic points"], box
    app.step([ev(pygame.MOUSEBUTTONDOWN, pos=box.center, button=1),
              ev(pygame.MOUSEBUTTONUP, pos=box.center, button=1)], 0.01)
    assert not scene.results.lines
