"""Issue 22 on the table: the decision bar (step-ending buttons in one fixed
place, a new button guarded a moment), in process with the dummy video driver."""

from __future__ import annotations

import time

import pygame
import pygame_gui
import pytest
from table_input import ev

from shrinetable.adapter.match import Match
from shrinetable.adapter.session import Session
from shrinetable.engine import registry
from shrinetable.table import decision_bar as bar
from shrinetable.table import widgets

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
        assert not any(a.colliderect(b) for i, a in enumerate(rects) for b in rects[i + 1 :])
        m.step()
    assert seen


@pytest.mark.parametrize("name", registry.names())
@pytest.mark.parametrize("height", [80, 126, 210])
def test_no_move_is_left_off_the_bar_and_every_button_holds_two_lines(name, height):
    """However many moves and however little room, each move has a button 36
    px high (two lines of its label), or is listed under the last place's
    "More moves" (the bar dropped moves past its rows, and squeezed the rest
    to 11 px, when a decision listed more than fit)."""
    m = Match(Session(registry.get(name), 5, {}, ["computer", "computer"]))
    area = pygame.Rect(1000, 500, 270, height)
    for _ in range(200):
        if m.pending() is None:
            break
        shown = bar.shown(m.moves(), True, set())
        placed = bar.slots(shown, area)
        flat = [mv for item, _ in placed for mv in (item if isinstance(item, list) else [item])]
        assert flat == shown
        assert all(r.h == bar.ROW - 4 and area.contains(r) for _, r in placed)
        assert sum(isinstance(item, list) for item, _ in placed) <= 1
        m.step()


def test_more_moves_lists_the_bars_overflow_in_the_choice_window(app):
    """A decision with more moves than the bar has places (Shrine's discards
    down to the hand size, a button per card): the last place is "More moves
    (N)...", which opens the choice window with those moves, each made from
    there."""
    session = Session(registry.get("shrine"), 1, {}, ["computer", "computer"])
    m = Match(session)
    while not (m.decision().seat == 0 and m.decision().kind == "discard" and len(m.moves()) >= 7):
        m.step()
    session.seats[0] = "human"
    scene = start(app, session)
    more = next(b for b, c in scene.ui.commands.items() if c == "more")
    shown = [a for a in scene.ui.actions.values()] + [mv.action for mv in scene.more]
    assert more.text.startswith(f"More moves ({len(scene.more)})")
    assert sorted(a.text for a in shown) == sorted(mv.action.text for mv in scene.match.moves())
    app.step([ev(widgets.PRESSED, ui_element=more)], 0.01)
    assert scene.overlay == "choice" and scene.choices == scene.more
    before = len(scene.match.history)
    choice = next(b for b in scene.ui.actions if b.ui_container is scene.ui.window.get_container())
    app.step([ev(pygame_gui.UI_BUTTON_PRESSED, ui_element=choice)], 0.01)
    assert len(scene.match.history) > before and scene.overlay != "choice"


def test_the_plain_end_of_a_step_takes_the_first_place_before_another_ending_move():
    """A Shards turn may end two ways: End turn, or Research (draws 2, then ends
    it); End turn is the game's `primary` and stands at the bar's first place
    (Research stood there, and a person ending a turn drew two cards instead)."""
    game = registry.get("shards")
    m = Match(Session(game, 3, {}, ["computer", "computer"]))
    for _ in range(300):
        moves = m.moves()
        texts = {mv.text for mv in moves}
        if {"end", "research"} <= texts:
            break
        m.step()
    else:
        raise AssertionError("no decision offered both End turn and Research")
    area = pygame.Rect(1000, 500, 270, 210)
    placed = bar.slots(bar.shown(moves, False, set(), game.present.primary), area)
    assert placed[0][0].text == "end" and placed[0][1] == bar.first_row(area)


def test_a_button_new_where_it_stands_ignores_clicks_until_its_guard_is_over(app, monkeypatch):
    """A click on a button that just replaced another (or came after a move)
    does nothing; rebuilt with no move in between, the same button stays
    ready; after the guard a click makes its move."""
    monkeypatch.setenv(bar.GUARD_ENV, "10")
    session = Session(registry.get("sorcerer"), 3, {}, ["human", "computer"])
    scene = start(app, session)
    ((button, action),) = [(b, a) for b, a in scene.ui.actions.items() if a.text == "pass"]
    panel = scene.board.scaler.rect(scene.layout.panels.buttons)
    assert button.rect == bar.first_row(bar.split_help(panel)[0])
    before = len(session.history)
    app.step([ev(pygame_gui.UI_BUTTON_PRESSED, ui_element=button)], 0.01)
    assert len(session.history) == before  # ignored
    scene.build_ui()  # the same labels in the same places, nothing moved: not new
    ((button, _),) = [(b, a) for b, a in scene.ui.actions.items() if a.text == "pass"]
    assert scene.guard.place(list(scene.ui.actions), scene.guard.key, 0.0) == []
    scene.guard.seconds = 0.0  # the guard is over
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
    assert g.place([again], "pos1", 0.6) == []  # rebuilt, nothing moved
    assert not g.ready(again, 0.9) and g.ready(again, 1.0)
    other = B("Finished", (0, 0, 100, 36))
    assert g.place([other], "pos1", 2.0) == ["Finished"]  # another label there
    assert not g.ready(other, 2.5)
    same = B("Finished", (0, 0, 100, 36))
    assert g.place([same], "pos2", 5.0) == ["Finished"]  # the same, after a move
    assert not g.ready(same, 5.5) and g.waiting(5.5) and not g.waiting(6.1)


def test_a_damage_round_stays_in_view_until_read_and_the_viewers_turn_comes(app):
    """Sorcerer's damage round (the sums, who fell, the points lost) is kept in
    a box over the log after the lanes clear, never over a card: at least
    RESULT_S, then it goes as the viewer's next decision has come (or they
    move); a click on it closes it."""
    from shrinetable.table import results

    session = Session(registry.get("sorcerer"), 5, {}, ["human", "computer"])
    scene = start(app, session)
    m = scene.match
    for _ in range(300):  # p1 passes (its top button), the computer plays
        if scene.results.lines or m.decision() is None:
            break
        if m.decision().seat == 0:
            scene.perform(next(mv for mv in m.moves() if bar.ends_step(mv)).action)
        app.step([], 0.01)
    assert any("magic points" in line for line in scene.results.lines)
    scene.dirty = True
    scene.draw(app.screen)
    box = scene.results.box
    log = scene.board.scaler.rect(scene.layout.panels.log)
    assert box is not None and log.contains(box)
    assert not any(p.rect.colliderect(box) for p in scene.board.placed)
    shown_at = scene.results.since
    assert scene.my_decision()  # p1's decision came with the result: it goes once read
    assert scene.results.lines and scene.results.due() == shown_at + results.RESULT_S
    assert not scene.results.update(shown_at + results.RESULT_S - 0.1)  # read first
    assert scene.results.update(shown_at + results.RESULT_S) and not scene.results.lines
    scene.results.lines, scene.results.box = ["P2 loses 3 magic points"], box
    app.step(
        [
            ev(pygame.MOUSEBUTTONDOWN, pos=box.center, button=1),
            ev(pygame.MOUSEBUTTONUP, pos=box.center, button=1),
        ],
        0.01,
    )
    assert not scene.results.lines


def test_the_last_result_stands_beside_the_game_over_window_naming_seats_as_p1(app):
    """The damage round that ends a game is what the Game over window's reason
    comes from: the box is drawn clear of the window, never under it, and says
    "P1" as the log does (the events' own "p1" is notation)."""
    session = Session(registry.get("sorcerer"), 3, {}, ["computer", "computer"])
    scene = start(app, session)
    for _ in range(2000):
        if scene.match.decision() is None:
            break
        app.step([], 0.01)
    assert scene.match.decision() is None and scene.ui.window is not None
    assert scene.results.lines and not any(
        " p1 " in f" {x} " or " p2 " in f" {x} " for x in scene.results.lines
    )
    scene.dirty = True
    scene.draw(app.screen)
    window = scene.ui.window.get_abs_rect()
    assert scene.results.box is not None and not scene.results.box.colliderect(window)
    assert not any(p.rect.colliderect(scene.results.box) for p in scene.board.placed)


def test_a_card_in_flight_passes_under_the_result_it_brought(app):
    """A damage number or card flying to its place crossed the result box and
    hid its words; the box is drawn over what is in flight."""

    from shrinetable.table.motion import Flyer

    scene = start(app, Session(registry.get("sorcerer"), 3, {}, ["human", "computer"]))
    scene.results.lines = ["P2 loses 3 magic points"]
    scene.dirty = True
    scene.draw(app.screen)
    box = scene.results.box
    clean = app.screen.subsurface(box).copy()
    blot = pygame.Surface((60, 60))
    blot.fill((255, 0, 255))
    scene.flyers = [Flyer(blot, box, box, time.monotonic() - 1, duration=10.0)]  # parked on it
    scene.dirty = True
    scene.draw(app.screen)
    assert (
        app.screen.subsurface(box).copy().get_at((box.w // 2, box.h // 2))
        == clean.get_at((box.w // 2, box.h // 2))
        != (255, 0, 255)
    )


def test_how_to_is_said_from_the_legal_moves_gestures():
    """The prompt's how-to names the drags (from and to which zone, as the table
    labels them), the clicks and the buttons the legal moves are made by."""
    from shrinetable.adapter import gestures
    from shrinetable.table import helpers

    g = registry.get("usagi")
    m = Match(Session(g, 3, {}, ["human", "computer"]))
    m.run()
    while m.decision().kind != "discard":
        m.act(0, next(mv for mv in m.moves() if bar.ends_step(mv)).action)
        m.run()
    text = helpers.how_to(
        m.moves(),
        lambda z: {"hand:0": "Your hand", "rest:0": "Rest pile"}.get(z, z),
        lambda t: g.present.describe(t, "discard"),
    )
    drags = [mv for mv in m.moves() if gestures.how(mv) == "drag"]
    assert drags and text.startswith("How: Drag a card from \u201cYour hand\u201d to")
    assert "press \u201cDiscard no more\u201d" in text
    assert helpers.how_to([], str) == ""


def test_the_hint_raises_the_cards_and_frames_the_button_of_the_computers_move(app):
    session = Session(registry.get("sorcerer"), 5, {}, ["human", "computer"])
    scene = start(app, session)
    move = scene.match.hint(0)
    assert move is not None and move.text in {mv.text for mv in scene.match.moves()}
    assert scene.match.hint(0) == move and scene.match.hint(1) is None  # one per position
    hint = next(b for b, c in scene.ui.commands.items() if c == "hint")
    app.step([ev(pygame_gui.UI_BUTTON_PRESSED, ui_element=hint)], 0.01)
    assert scene.aid.hinted == move and scene.message.startswith("Hint: ")
    if move.gesture.cards:
        assert scene.marks.selected.get(move.gesture.source)
    scene.perform(move.action)
    assert scene.aid.hinted is None  # a hint answers one position


def test_a_skip_for_good_is_asked_about_once_and_the_question_can_be_switched_off(app, monkeypatch):
    """A move the match warns about opens a question instead of being made;
    "Yes" makes it, "Not yet" does not, "don't ask again" is kept for the next
    run and switched back on in the menu."""
    from shrinetable.table import helpers

    session = Session(registry.get("sorcerer"), 5, {}, ["human", "computer"])
    scene = start(app, session)
    monkeypatch.setattr(
        scene.match,
        "skip_warning",
        lambda a: "You can still play a card." if a.text == "pass" else "",
    )
    ((button, _),) = [(b, a) for b, a in scene.ui.actions.items() if a.text == "pass"]
    before = len(session.history)
    app.step([ev(pygame_gui.UI_BUTTON_PRESSED, ui_element=button)], 0.01)
    assert scene.overlay == "confirm" and len(session.history) == before
    app.step([ev(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode="\x1b", scancode=0)], 0.01)
    assert scene.overlay is None and scene.aid.confirming is None and len(session.history) == before
    pass_ = next(a for a in scene.ui.actions.values() if a.text == "pass")
    scene.aid.decide(pass_)
    assert scene.overlay == "confirm"
    app.step([ev(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode="\r", scancode=0)], 0.01)
    assert session.history[before].seat == 0 and session.history[before].text == "pass"
    for _ in range(100):  # p1's next pass
        if scene.match.decision().seat == 0 and any(
            a.text == "pass" for a in scene.ui.actions.values()
        ):
            break
        app.step([], 0.01)
    before = len(session.history)
    scene.aid.decide(next(a for a in scene.ui.actions.values() if a.text == "pass"))
    always = next(b for b, c in scene.ui.commands.items() if c == "confirm_always")
    app.step([ev(pygame_gui.UI_BUTTON_PRESSED, ui_element=always)], 0.01)
    assert session.history[before].seat == 0 and session.history[before].text == "pass"
    assert not scene.aid.ask_skips and not helpers.asks()
    scene.command("ask_skips")  # the menu's switch
    assert scene.aid.ask_skips and helpers.asks()


def test_what_happened_lists_the_log_since_the_viewers_last_move(app):
    session = Session(registry.get("sorcerer"), 5, {}, ["human", "computer"])
    scene = start(app, session)
    for _ in range(200):  # p1 passes until the computer has moved since
        if scene.match.decision().seat == 0:
            if scene.match.summary(0) and session.history[-1].seat != 0:
                break
            scene.perform(next(mv for mv in scene.match.moves() if bar.ends_step(mv)).action)
        app.step([], 0.01)
    lines = scene.match.summary(0)
    assert lines and all(not line.startswith("P1:") for line in lines)
    what = next(b for b, c in scene.ui.commands.items() if c == "summary")
    app.step([ev(pygame_gui.UI_BUTTON_PRESSED, ui_element=what)], 0.01)
    assert scene.overlay == "summary" and scene.ui.window is not None


def test_resting_on_the_prompt_shows_how_to_do_it(app):
    scene = start(app, Session(registry.get("usagi"), 3, {}, ["human", "computer"]))
    for _ in range(100):  # the cut is no question: the table moves on to p1's first one
        if scene.my_decision():
            break
        app.step([], 0.01)
    status = scene.board.scaler.rect(scene.layout.panels.status)
    app.step([ev(pygame.MOUSEMOTION, pos=status.center, rel=(1, 1), buttons=(0, 0, 0))], 0.01)
    assert scene.painter.how_shown
    scene.dirty = True
    scene.draw(app.screen)  # drawn left of the prompt, over the table's edge
    app.step([ev(pygame.MOUSEMOTION, pos=(5, 5), rel=(1, 1), buttons=(0, 0, 0))], 0.01)
    assert not scene.painter.how_shown


def test_a_result_goes_once_read_when_the_viewers_decision_comes():
    """Not before RESULT_S (it can be read), then at once: the viewer's decision
    came; with none of theirs it stays."""
    from shrinetable.table.results import RESULT_S, Results

    r = Results()
    r.lines, r.since = ["P2 loses 3 magic points"], 10.0
    assert r.due() is None and not r.update(60.0)  # no decision of the viewer's yet
    r.next_decision(11.0)
    assert r.lines and r.due() == 10.0 + RESULT_S
    r.next_decision(10.0 + RESULT_S)  # another decision, the box read: it goes now
    assert not r.lines and r.due() is None


def test_a_result_goes_once_read_after_another_seat_moves(app, monkeypatch):
    """The box stood over the log's newest lines (those explaining the other
    seats' moves) until clicked while the viewer had no decision: another
    seat's move now counts as the viewer's decision does (gone at RESULT_S)."""
    from types import SimpleNamespace

    from shrinetable.table import game_scene
    from shrinetable.table.results import RESULT_S

    clock = [100.0]
    monkeypatch.setattr(game_scene, "time", SimpleNamespace(monotonic=lambda: clock[0]))
    app.start_game(Session(registry.get("shrine"), 3, {}, ["computer", "human"]))
    scene = app.scene
    assert scene.viewer == 1 and scene.ai_move is not None and scene.ai_move.seat == 0
    scene.results.lines, scene.results.since = ["P1 removes the Shrine"], 100.0
    assert scene.results.due() is None  # no decision of the viewer's yet: it stays
    scene.update(clock[0])  # P1, the computer, moves
    assert [a.seat for a in scene.match.history] == [0]
    assert scene.results.lines and scene.results.due() == 100.0 + RESULT_S  # read first
    clock[0] = 100.0 + RESULT_S
    scene.update(clock[0])
    assert not scene.results.lines


@pytest.mark.parametrize("name", ["shrine", "shrines", "sorcerer", "shards", "usagi"])
def test_a_result_heads_the_logs_panel_and_hides_none_of_its_lines(app, name):
    """Left from the sixth pass: the result box stood over the log's top lines
    for RESULT_S. It is laid out with the panels now: at the top of the log's
    panel, the log under it showing its latest lines whole, no card and no
    button under it; when it goes, the log takes its room back."""
    game = registry.get(name)
    scene = start(app, Session(game, 3, {}, ["computer"] * game.min_seats))
    for _ in range(3000):
        if scene.results.lines or scene.match.decision() is None:
            break
        app.step([], 0.01)
    assert scene.results.lines, "a result comes within the game's first moves"
    scene.dirty = True
    app.step([], 0.01)
    box, log = scene.results.box, scene.ui.log
    panel = scene.board.scaler.rect(scene.layout.panels.log)
    assert box is not None and panel.contains(box) and box.top == panel.top
    assert log.rect.top > box.bottom and not box.colliderect(log.rect)
    assert log.scroll == log.room()  # the latest lines, whole, at its foot
    assert not any(p.rect.colliderect(box) for p in scene.board.placed)
    assert not any(b.rect.colliderect(box) for b in [*scene.ui.actions, *scene.ui.commands])
    scene.ai_due = None  # the computers wait: no next result meanwhile
    scene.results.clear()  # as a click on it, or its time
    scene.update(time.monotonic())
    assert scene.ui.log.rect.top == panel.top


def test_a_result_going_under_a_window_leaves_the_window_as_it_is(app):
    """The log takes the result box's room back when the box goes, but not
    while a window is over the table (rebuilt, the load window would lose
    the folder a person went to): when it closes."""
    scene = start(app, Session(registry.get("sorcerer"), 3, {}, ["human", "computer"]))
    scene.results.lines = ["P2 loses 3 magic points"]
    app.step([], 0.01)
    panel = scene.board.scaler.rect(scene.layout.panels.log)
    assert scene.ui.log.rect.top > panel.top  # the box heads the panel
    scene.command("load")
    window = scene.ui.window
    scene.results.clear()  # its time
    app.step([], 0.01)
    assert scene.ui.window is window
    scene.show(None)
    app.step([], 0.01)
    assert scene.ui.log.rect.top == panel.top


def test_a_result_box_too_narrow_for_its_title_says_result_whole(app):
    """Played (playtest10): Sorcerer at 150% text, 1280x720, the box's title
    read "Result (click to clo…". Where the whole title is cut it says
    "Result" (a click still closes the box)."""
    scene = start(app, Session(registry.get("sorcerer"), 3, {}, ["human", "computer"]))
    scene.command("scale 1.5")
    scene.results.lines = ["P2 loses 3 magic points"]
    app.fonts.drawn = []
    scene.dirty = True
    app.step([], 0.01)
    heads = [d for d in app.fonts.drawn if d.text.startswith("Result")]
    assert heads and all(not d.cut for d in heads), heads
    assert {d.text for d in heads} == {"Result"}  # the whole title would be cut here
    app.fonts.drawn = []
    scene.command("scale 1.0")
    scene.dirty = True
    app.step([], 0.01)
    assert "Result (click to close)" in {d.text for d in app.fonts.drawn}  # whole where it fits
