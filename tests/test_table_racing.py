"""Issue 41: the table never races the player. No button stands for a move the
table will make itself; a button another's move brought under the pointer
waits until the pointer has left it and come back (or a second); Hint's
raised cards let go when another card is picked up; a notice never changes
the decision bar. In process, with the dummy video driver."""

from __future__ import annotations

import time

import pygame
import pytest
from table_input import click, ev
from usagi_helpers import hero_step

from shrinetable.adapter import gestures
from shrinetable.adapter.match import Match
from shrinetable.adapter.session import Session
from shrinetable.engine import registry
from shrinetable.table import decision_bar as bar

pytestmark = pytest.mark.usefixtures("dummy_video")

GAMES = ("shrine", "shrines", "sorcerer", "shards", "usagi")


def to_p1(session: Session, until) -> Match:
    """Play `session` (p1 a person, the computer choosing for it too) until
    `until(match)` holds."""
    m = Match(session)
    for _ in range(3000):
        if until(m):
            return m
        if m.pending() is not None:
            m.step()
        else:
            m.act(0, m.session.computer_action())
    raise AssertionError("never reached")


def test_no_button_stands_for_a_pass_the_table_makes_for_the_viewer(app):
    """Sorcerer: after the last attacker the only move is to pass; the table
    makes it, and shows no "Done..." button for it meanwhile (the person's
    click landed on the next step's button)."""
    session = Session(registry.get("sorcerer"), 3, {}, ["human", "computer"])

    def viewer_pass_due(m: Match) -> bool:
        auto = m.pending()
        return auto is not None and auto.seat == 0 and auto.forced

    to_p1(session, viewer_pass_due)
    app.start_game(session)
    scene = app.scene
    assert scene.ai_move is not None and scene.ai_move.seat == 0
    assert scene.moves == [] and not scene.ui.actions  # no button for it
    hint = next(b for b, c in scene.ui.commands.items() if c == "hint")
    assert not hint.is_enabled
    before = len(session.history)
    app.step([], 0.01)  # made at once (the fast pace)
    assert len(session.history) > before and session.history[before].auto


class B:
    visible = True

    def __init__(self, text: str, rect):
        self.text, self.rect = text, pygame.Rect(rect)


def test_a_button_brought_under_the_pointer_waits_for_it_to_leave_and_return_or_a_second():
    g = bar.Guard(0.4)
    a = B("Pass", (0, 0, 100, 36))
    other = B("Finished", (0, 40, 100, 36))
    g.place([a, other], "pos1", 0.0, pointer=(50, 18), others=True)
    assert not g.ready(a, 0.9) and g.ready(a, 1.0)  # under the pointer: a second
    assert not g.ready(other, 0.3) and g.ready(other, 0.4)  # elsewhere: the calm guard
    assert g.waiting(0.9) and not g.waiting(1.0)
    b = B("No boost", (0, 0, 100, 36))
    g.place([b], "pos2", 2.0, pointer=(50, 18), others=True)
    g.pointer((50, 18))  # still on it: held
    g.pointer((300, 300))  # left
    assert not g.ready(b, 2.5)
    g.pointer((50, 18))  # and came back
    assert not g.ready(b, 2.3) and g.ready(b, 2.4)  # the calm guard still holds
    own = B("Pass", (0, 0, 100, 36))
    g.place([own], "pos3", 5.0, pointer=(50, 18), others=False)  # after the viewer's own move
    assert g.ready(own, 5.4)
    g.place([B("Pass", (0, 0, 100, 36))], "pos4", 6.0, pointer=(50, 18), others=True)
    g.place([kept := B("Pass", (0, 0, 100, 36))], "pos4", 6.2, pointer=(50, 18), others=True)
    assert not g.ready(kept, 6.9) and g.ready(kept, 7.0)  # a rebuild keeps the hold
    assert bar.Guard(0.0).hold_s() == 0.0  # no guard: none at all (the tests that click at once)


def test_the_table_holds_the_button_a_computer_move_brought_under_the_pointer(app, monkeypatch):
    """In the scene: the pointer resting on the bar's first place when the
    computer's move brings p1's decision there; a click then does nothing."""
    monkeypatch.setenv(bar.GUARD_ENV, "0.4")
    session = Session(registry.get("sorcerer"), 3, {}, ["human", "computer"])
    to_p1(session, lambda m: m.pending() is not None and m.pending().seat == 1)
    app.start_game(session)
    scene = app.scene
    panel = scene.board.scaler.rect(scene.layout.panels.buttons)
    spot = bar.first_row(bar.split_help(panel)[0]).center
    app.step([ev(pygame.MOUSEMOTION, pos=spot, rel=(1, 1), buttons=(0, 0, 0))], 0.01)
    for _ in range(200):
        if scene.ui.actions:
            break
        app.step([], 0.01)
    button = next(b for b in scene.ui.actions if b.rect.collidepoint(spot))
    assert scene.guard.live[button] in scene.guard.held
    before = len(session.history)
    app.step([ev(pygame.MOUSEBUTTONDOWN, pos=spot, button=1)], 0.01)
    app.step([ev(pygame.MOUSEBUTTONUP, pos=spot, button=1)], 0.01)
    app.step(pygame.event.get(), 0.01)
    assert len(session.history) == before  # guarded


def test_picking_up_another_card_lets_go_of_the_hints_cards(app):
    """Hint raised two cards; dragging a third carried all three and the drop
    was refused. Now the third goes alone."""
    session = Session(registry.get("shrine"), 1, {}, ["human", "computer"])
    to_p1(
        session,
        lambda m: (
            m.pending() is None
            and m.decision().seat == 0
            and (h := m.hint(0)) is not None
            and len(h.gesture.cards) >= 2
            and h.gesture.source == m.hand(0)
        ),
    )
    app.start_game(session)
    scene = app.scene
    scene.aid.hint()
    hand = scene.match.hand(0)
    raised = scene.marks.selected[hand]
    assert len(raised) >= 2
    scene.dirty = True
    scene.draw(app.screen)
    pos = next(
        (x, p.rect.bottom - 6)
        for p in scene.board.placed
        if p.zone == hand and p.index not in raised
        for x in range(p.rect.left + 2, p.rect.right, 3)
        if (hit := scene.board.card_at((x, p.rect.bottom - 6))) is not None
        and (hit.zone, hit.index) == (hand, p.index)
    )
    app.step([ev(pygame.MOUSEBUTTONDOWN, pos=pos, button=1)], 0.01)
    far = (pos[0] - 200, pos[1] - 200)
    app.step([ev(pygame.MOUSEMOTION, pos=far, rel=(-200, -200), buttons=(1, 0, 0))], 0.01)
    assert scene.drag is not None and len(scene.drag.held) == 1
    assert scene.aid.hinted is None and not scene.marks.selected


@pytest.mark.parametrize("name", GAMES)
def test_a_notice_never_changes_the_decision_bars_buttons(app, name):
    """After Ctrl+S, Shrine's "Draw a card | Take the Graveyard's top card"
    became one "More moves (2)..." button under the pointer: the notice now
    takes only the room the bar leaves, or joins the prompt."""
    session = Session(registry.get(name), 2, {}, ["human", "computer"])
    least = 1 if name == "sorcerer" else 2  # Sorcerer has one card-less move at a time
    to_p1(
        session,
        lambda m: (
            m.pending() is None
            and m.decision().seat == 0
            and len(gestures.buttons(m.moves())) >= least
        ),
    )
    app.start_game(session)
    scene = app.scene

    def bar_now():
        return sorted((b.text, tuple(b.rect)) for b in scene.ui.actions) + sorted(
            (b.text, tuple(b.rect)) for b, c in scene.ui.commands.items() if c == "more"
        )

    before = bar_now()
    assert len(before) >= least
    name_ = f"{name}-123456-20261129-051500.json"
    scene.say(f"Saved as {name_} in /home/someone/.local/share/shrinetable/saves", error=False)
    assert bar_now() == before
    assert "Saved as" in scene.ui.notice.html_text


def test_a_click_counts_at_its_press_not_its_release(app, monkeypatch):
    """A press made before a button appeared (the window busy, the release
    handled later) is no click on it, however late the release comes; a
    press waiting in the queue when new buttons come counts as made before."""
    from shrinetable.table import widgets

    monkeypatch.setenv(bar.GUARD_ENV, "0.4")
    session = Session(registry.get("sorcerer"), 3, {}, ["human", "computer"])
    app.start_game(session)
    scene = app.scene
    for _ in range(200):
        if scene.ui.actions:
            break
        app.step([], 0.01)
    button = next(iter(scene.ui.actions))
    born = scene.guard.since(button)
    before = len(session.history)
    early = ev(widgets.PRESSED, ui_element=button, pressed_at=born - 0.05)
    scene.guard.seconds = 0.0  # even with no guard at all
    app.step([early], 0.01)
    assert len(session.history) == before  # pressed before it was there
    w = widgets.Widgets()
    w.pointer.early = True
    w.handle(ev(pygame.MOUSEBUTTONDOWN, pos=(5, 5), button=1), 10.0)
    assert w.pointer.down_at == -1.0 and not w.pointer.early
    w.handle(ev(pygame.MOUSEBUTTONDOWN, pos=(5, 5), button=1), 11.0)
    assert w.pointer.down_at == 11.0


def test_a_hosted_tables_standing_switch_leaves_no_button_for_its_question(app, monkeypatch):
    """Left from the sixth pass: a table at a host (the host's own window is
    one; a guest's alike) switching "Keep my Hero at the turn's end" on while
    its Hero question shows. The host answers after a message and its pace;
    meanwhile "Keep no Hero" is gone from the bar (a local table answers at
    once) and a click where it stood makes no move: the Hero is kept."""
    from shrinetable import resources
    from shrinetable.net.seam import Seam
    from shrinetable.table.helpers import STANDING
    from shrinetable.table.remote_scene import open_hosted

    resources.keep(STANDING, {"usagi": {"keep_hero": False}})  # the last game's switch
    session = hero_step(1)
    session.set_standing(0, "keep_hero", False)
    hero = next(a.text for a in session.game.legal_actions(session.state) if a.card)
    monkeypatch.setattr(app, "ai_delay", 0.5)  # the host's pace: a window's, not a test's
    seam = Seam(session, ["human", "computer", "computer", "computer"])
    scene = open_hosted(app, seam, "127.0.0.1", 0, say=lambda s: None)
    try:
        end = time.monotonic() + 10
        while "Keep no Hero" not in [b.text for b in scene.ui.actions]:
            assert time.monotonic() < end
            app.step([], 0.01)
            time.sleep(0.01)
        spot = next(b.rect.center for b in scene.ui.actions if b.text == "Keep no Hero")
        switch = next(b for b, c in scene.ui.commands.items() if c == "standing keep_hero")
        before = len(session.history)
        click(app, switch.rect.center)
        assert len(session.history) == before  # the host's pace: not answered yet
        assert "Keep no Hero" not in [b.text for b in scene.ui.actions]
        assert "it answers this question" in scene.message
        click(app, spot)  # where "Keep no Hero" stood
        end = time.monotonic() + 10
        while len(session.history) == before or len(scene.match.history) < len(session.history):
            assert time.monotonic() < end
            app.step([], 0.01)
            time.sleep(0.01)
        made = session.history[before]
        assert (made.seat, made.text, made.standing) == (0, hero, "keep_hero")
    finally:
        scene.leave()
