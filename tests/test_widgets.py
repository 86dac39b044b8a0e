"""The table's own panels (`table/widgets.py`), driven by pointer events through
`App.step` as a person's mouse drives them: a click pressed and released on a
button makes its move, anywhere else nothing; a disabled button swallows the
click; the log scrolls with the wheel and its bar; a button's tip comes after
a rest; texts wrap at words, a path after a "/", never smaller than 14 px."""

from __future__ import annotations

import time

import pygame
import pytest
from table_input import click, ev

from shrinetable.adapter.session import Session
from shrinetable.engine import registry
from shrinetable.table import widgets
from shrinetable.table.widgets import TIP_S, Button, lay_out

pytestmark = pytest.mark.usefixtures("dummy_video")
SHRINE = registry.get("shrine")


def start(app, seats=("human", "computer"), seed=42):
    app.start_game(Session(SHRINE, seed, {}, list(seats)))
    app.step([], 0.01)
    return app.scene


def command(scene, name):
    return next(b for b, c in scene.ui.commands.items() if c == name)


def test_a_click_on_a_bar_button_makes_its_move(app):
    scene = start(app)
    ((button, action),) = [
        (b, a) for b, a in scene.ui.actions.items() if a.text == scene.match.moves()[0].action.text
    ][:1]
    before = len(scene.match.history)
    click(app, button.rect.center)
    assert len(scene.match.history) > before
    assert scene.match.history[before].text == action.text


def test_a_press_released_off_the_button_is_no_click(app):
    scene = start(app)
    button = next(iter(scene.ui.actions))
    before = len(scene.match.history)
    app.step([ev(pygame.MOUSEBUTTONDOWN, pos=button.rect.center, button=1)], 0.01)
    away = (button.rect.centerx, button.rect.bottom + 200)
    app.step([ev(pygame.MOUSEBUTTONUP, pos=away, button=1)], 0.01)
    app.step(pygame.event.get(), 0.01)
    assert len(scene.match.history) == before and scene.drag is None


def test_a_disabled_button_takes_the_click_and_does_nothing(app):
    scene = start(app)
    undo = command(scene, "undo")
    assert not undo.is_enabled  # nothing to undo yet
    click(app, undo.rect.center)
    assert scene.press is None and scene.overlay is None
    click(app, command(scene, "menu").rect.center)
    assert scene.overlay == "menu" and scene.ui.window is not None  # pygame_gui's window


def test_the_log_scrolls_with_the_wheel_and_its_bar(app):
    scene = start(app, ("computer", "computer"))
    while scene.match.decision() is not None:  # played out: nothing rebuilds the log
        scene.made(scene.match.step())
    app.step([], 0.01)
    log = scene.ui.log
    assert log.room() > 0 and log.scroll == log.room()  # the latest lines in view
    inside = log.rect.center
    app.step([ev(pygame.MOUSEMOTION, pos=inside, rel=(0, 0), buttons=(0, 0, 0))], 0.01)
    app.step([ev(pygame.MOUSEWHEEL, x=0, y=2, flipped=False)], 0.01)
    assert scene.ui.log.scroll < log.room()
    track, thumb = scene.ui.log.bar()
    app.step([ev(pygame.MOUSEBUTTONDOWN, pos=thumb.center, button=1)], 0.01)
    app.step(
        [
            ev(
                pygame.MOUSEMOTION,
                pos=(thumb.centerx, track.top - 50),
                rel=(0, -1),
                buttons=(1, 0, 0),
            )
        ],
        0.01,
    )
    app.step([ev(pygame.MOUSEBUTTONUP, pos=(thumb.centerx, track.top - 50), button=1)], 0.01)
    assert scene.ui.log.scroll == 0 and scene.drag is None


def test_a_buttons_tip_shows_after_a_rest(app, monkeypatch):
    scene = start(app)
    hint = command(scene, "hint")
    clock = [time.monotonic() + 1000.0]  # after every real time the table has kept
    monkeypatch.setattr(widgets, "TIP_S", TIP_S)
    monkeypatch.setattr("time.monotonic", lambda: clock[0])
    app.step([ev(pygame.MOUSEMOTION, pos=hint.rect.center, rel=(1, 0), buttons=(0, 0, 0))], 0.01)
    assert scene.ui.hovered() is hint and not scene.ui.pointer.tipped
    assert scene.deadline() == pytest.approx(clock[0] + TIP_S)
    clock[0] += TIP_S
    app.step([], 0.01)
    assert scene.ui.pointer.tipped


def test_a_label_too_long_is_shortened_and_whole_in_its_tip(app):
    fonts = app.fonts
    long = "Trade two basic resources for one of any kind, then draw a card"
    b = Button((0, 0, 120, 26), long)
    lines, cut = b.label(fonts)
    assert cut and lines[0].endswith("\u2026") and b.tip(fonts) == long
    tall = Button((0, 0, 140, 36), "Trade 2 basic for 1 gems")
    lines, cut = tall.label(fonts)
    assert len(lines) == 2 and not cut and " ".join(lines) == tall.text


def test_text_keeps_its_colours_and_breaks_a_path_after_a_slash(app):
    fonts = app.fonts
    fonts.drawn = []
    path = "/home/someone/.local/share/shrinetable/saves/shrine-123456-20261126-224500.json"
    lines = lay_out(fonts, f"Saved as <font color='#bff2c8'>{path}</font> <b>now</b>", 200)
    drawn, fonts.drawn = fonts.drawn, None
    assert len(lines) >= 3 and all(
        x + img.get_width() <= 200 for _, images in lines for img, x in images
    )
    texts = [d.text for d in drawn]
    assert all(
        t.rstrip().endswith("/")
        for t in texts
        if "/" in t and t != texts[-1] and not t.endswith(".json")
    )
    assert min(d.px for d in drawn) == 14 and "now" in texts


def motion(app, pos):
    app.step([ev(pygame.MOUSEMOTION, pos=pos, rel=(1, 0), buttons=(0, 0, 0))], 0.01)


def test_a_press_hides_the_tip_and_a_rebuild_keeps_the_rest_time(app, monkeypatch):
    """The play-test's tip showed at once after any rebuild (its time started
    at 0) and covered the notice the click brought: a button's rest time and
    tip carry over a rebuild that keeps it, and a press puts the tip away
    until the pointer leaves the button."""
    scene = start(app)
    clock = [time.monotonic() + 1000.0]  # after every real time the table has kept
    monkeypatch.setattr("time.monotonic", lambda: clock[0])
    hint = command(scene, "hint")
    motion(app, hint.rect.center)
    scene.build_ui()  # a computer's move, a message: the panels made again
    clock[0] += TIP_S * 0.6
    app.step([], 0.01)
    assert not scene.ui.pointer.tipped  # the rest began before the rebuild, not at 0
    clock[0] += TIP_S * 0.5
    app.step([], 0.01)
    assert scene.ui.pointer.tipped
    click(app, command(scene, "hint").rect.center)  # a Hint: a notice under the bar
    clock[0] += 5 * TIP_S
    app.step([], 0.01)
    assert scene.message and scene.ui.tip_due() is None and not scene.ui.pointer.tipped
    motion(app, (10, 10))
    motion(app, command(scene, "hint").rect.center)  # back on it: a tip after a rest
    assert scene.ui.tip_due() == pytest.approx(clock[0] + TIP_S)


def test_the_log_read_back_stays_where_it_is_until_a_move(app):
    scene = start(app, ("computer", "computer"))
    while scene.match.decision() is not None:
        scene.made(scene.match.step())
    scene.ui.log.scroll = 0  # read back to the first lines
    scene.say("Saved as x.json in /tmp", error=False)  # a rebuild with no new line
    assert scene.ui.log.scroll == 0
    scene.log_rich.append(
        (("P1 does something new", (255, 255, 255), False),)
    )  # a line more: the latest again
    scene.build_ui()
    assert scene.ui.log.scroll == scene.ui.log.room() > 0


def test_the_panels_under_a_window_take_no_pointer(app):
    """With the rules open over the panels, the wheel over the window does
    not scroll the log under it, and the commands under it do not light up."""
    scene = start(app)
    for _ in range(30):  # a few moves: a log that scrolls
        if scene.match.pending() is None:
            scene.perform(scene.match.moves()[0].action)
        else:
            scene.made(scene.match.step())
    scene.show("rules")
    window = scene.ui.window.get_abs_rect()
    over_log = scene.ui.log.rect.clip(window).center
    assert window.collidepoint(over_log) and scene.ui.log.rect.collidepoint(over_log)
    before = scene.ui.log.scroll
    motion(app, over_log)
    app.step([ev(pygame.MOUSEWHEEL, x=0, y=3, flipped=False)], 0.01)
    assert scene.ui.log.scroll == before
    menu = command(scene, "menu")
    if window.collidepoint(menu.rect.center):
        motion(app, menu.rect.center)
        assert scene.ui.hovered() is None


def test_how_to_shows_on_the_prompt_not_on_the_commands(app):
    scene = start(app)
    motion(app, command(scene, "undo").rect.center)
    assert not scene.painter.how_shown
    motion(app, scene.ui.status.rect.center)
    assert scene.painter.how_shown
    scene.show("menu")  # the pointer's moves go to the window meanwhile
    assert not scene.painter.how_shown


def test_undo_takes_the_notice_of_the_position_it_leaves(app):
    scene = start(app)
    scene.perform(scene.match.moves()[0].action)
    scene.say("Hint: Draw a card (its button).", error=False)
    while scene.match.pending() is not None:
        scene.made(scene.match.step())
    scene.undo()
    assert not scene.message and scene.ui.notice is None


def test_a_notice_that_fits_stands_under_the_prompt_and_leaves_the_bar_its_room(app):
    """A short notice ("Saved as ...") is said under the prompt when the
    prompt's box has the room, so the decision bar keeps every place; a long
    one stands whole where it finds the room: under the bar, else at the
    log's foot (under the bar it was cut to the lines left there and scrolled)."""
    scene = start(app)
    places = [(b.text, tuple(b.rect)) for b in scene.ui.actions]
    scene.say("Saved as shrine-42.json", error=False)
    assert scene.ui.notice is scene.ui.status and "Saved" in scene.ui.status.html_text
    assert [(b.text, tuple(b.rect)) for b in scene.ui.actions] == places
    scene.say("Healing takes a pair of equal value matching the top card. " * 3, error=False)
    notice = scene.ui.notice
    assert notice is not scene.ui.status and notice.room() == 0
    assert not [b for b in scene.ui.buttons if b.rect.colliderect(notice.rect)]
    assert [(b.text, tuple(b.rect)) for b in scene.ui.actions] == places


def test_the_panels_grow_with_the_window(dummy_video):
    """At 1920x1080 the panels' text and rows are half as large again as at
    1280x720, as the table's labels and the dialogs are; the bar's first row
    is where `decision_bar` says, at that scale."""
    from shrinetable.table import decision_bar as bar
    from shrinetable.table.app import App

    big = App((1920, 1080))
    scene = start(big)
    assert scene.ui.px == 21 and all(b.px == 21 for b in scene.ui.buttons)
    panel = scene.board.scaler.rect(scene.layout.panels.buttons)
    first = bar.first_row(bar.split_help(panel, 1.5)[0], 1.5)
    assert first.h == 56 and any(b.rect == first for b in scene.ui.actions)
    pygame.quit()


def test_the_commands_tips_name_their_keys(app):
    """Menu, Undo, Redo and Rules say their keys in their tips ("Rules ?" wrapped
    to two lines at a larger text size; the key is the tip's now)."""
    scene = start(app)
    tips = {c: b.tip(app.fonts) for b, c in scene.ui.commands.items()}
    assert [tips[c][-5:] for c in ("menu", "undo", "redo", "rules")] == [
        "(Esc)",
        "rl+Z)",
        "rl+Y)",
        "e (?)",
    ]


def test_the_prompt_names_seats_as_the_table_does(app):
    """A Shrine answer's prompt came from the rules as "p2 attacks p1's
    Shrine..." under a bold "P1 (you)": it says "P2" and "P1", as the log does."""
    session = Session(SHRINE, 1, {}, ["computer", "computer"])
    from shrinetable.adapter.match import Match

    m = Match(session)
    while not (m.decision().seat == 0 and " p2 " in f" {m.decision().prompt} "):
        m.step()
    session.seats[0] = "human"
    app.start_game(session)
    app.step([], 0.01)
    text = app.scene.ui.status.html_text
    assert "P2 " in text and " p2 " not in f" {text} " and "p1's" not in text


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
@pytest.mark.parametrize("game", registry.names())
def test_at_150_percent_the_side_panel_buttons_read_whole(dummy_video, game, size):
    """At the menu's 150% text size the side panel showed "Me…", "Un…",
    "Re…", "Ru…" (1280x720) and "What ha…" (both sizes) in every game: the
    commands stand two to a row where four do not fit (the row over the first
    taking the log's foot, the prompt's box ending where it did, grown up as
    far as the prompt's words need, the commands over it) and Hint and "What
    happened?" each as wide as its words, each label drawn whole, no button on
    another, on the log or on the prompt, and the decision bar's moves all in
    their places."""
    from shrinetable.table import uiscale
    from shrinetable.table.app import App

    uiscale.save(1.5)
    big = App(size)
    rules = registry.get(game)
    scene = start(big, ("human",) + ("computer",) * (rules.min_seats - 1))
    side = {c: b for b, c in scene.ui.commands.items() if c != "more"}
    assert set(side) == {"menu", "undo", "redo", "rules", "hint", "summary"}
    big.fonts.drawn = []
    scene.base_dirty = scene.dirty = True
    scene.draw(big.screen)
    drawn = {d.text for d in big.fonts.drawn}
    for b in side.values():
        assert b.label(big.fonts) == ([b.text], False) and b.text in drawn, b.text
        assert b.rect.h >= big.fonts.font(b.px).get_linesize() + 8
    rects = [b.rect for b in side.values()] + [scene.ui.log.rect, scene.ui.status.rect]
    assert not [(a, b) for i, a in enumerate(rects) for b in rects[i + 1 :] if a.colliderect(b)]
    status = scene.board.scaler.rect(scene.layout.panels.status)
    prompt = scene.ui.status
    assert prompt.rect.bottom == status.bottom and prompt.room() == 0  # whole, not scrolled
    assert side["rules"].rect.bottom < prompt.rect.top
    assert (side["menu"].rect.top < side["rules"].rect.top) == (
        size == (1280, 720)
    )  # 1920: one row
    assert side["hint"].rect.top == side["summary"].rect.top  # each as wide as its words
    assert side["hint"].rect.w < side["summary"].rect.w
    assert scene.ui.bar() and "more" not in scene.ui.commands.values()  # the bar keeps its room
    pygame.quit()


def test_at_100_percent_the_commands_keep_their_one_row(app):
    """At 100% the four commands and the help row stand as they did: one row
    each, the commands across the top of the status panel."""
    from shrinetable.table import decision_bar as bar

    scene = start(app)
    side = {c: b.rect for b, c in scene.ui.commands.items() if c != "more"}
    status = scene.board.scaler.rect(scene.layout.panels.status)
    assert {side[c].top for c in ("menu", "undo", "redo", "rules")} == {status.top}
    _, row = bar.split_help(scene.board.scaler.rect(scene.layout.panels.buttons))
    assert {side[c].top for c in ("hint", "summary")} == {row.top}


def test_at_150_percent_a_result_stands_clear_of_the_commands_rows(dummy_video):
    """The result box stands over the log; at 150% the commands' first row
    is at the log's foot, and a long result ends above it, not over Menu."""
    from shrinetable.table import uiscale
    from shrinetable.table.app import App

    uiscale.save(1.5)
    big = App((1280, 720))
    scene = start(big)
    scene.results.lines = ["P2 loses 3 magic points"] * 30  # more than the log holds
    scene.dirty = True
    big.step([], 0.01)
    menu = command(scene, "menu").rect
    assert menu.top < scene.board.scaler.rect(scene.layout.panels.status).top
    assert scene.results.box is not None and scene.results.box.bottom <= menu.top
    pygame.quit()


def _walk(game, seats: int, seed: int, every: int = 2, most: int = 30) -> list[tuple[Session, int]]:
    """Positions of a seeded game in which p1 (a person) decides: every `every`th
    such position, at most `most`, each as the move count to go back to."""
    from shrinetable.adapter.match import Match

    session = Session(game, seed, {}, ["human"] + ["computer"] * (seats - 1))
    m, out, seen = Match(session), [], 0
    for _ in range(2000):
        if m.decision() is None or len(out) >= most:
            break
        if m.pending() is not None:
            m.step()
            continue
        if m.decision().seat == 0:
            if seen % every == 0:
                out.append(len(session.history))
            seen += 1
        m.act(m.decision().seat, session.computer_action())
    return [(session, n) for n in out]


@pytest.mark.slow
@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
@pytest.mark.parametrize("game", list(registry.BUILTIN))  # the shipped games' showcases
def test_at_150_percent_the_decision_bar_reads_whole_and_keeps_its_places(dummy_video, game, size):
    """At 150% the bar's 36 px places cut labels that need two lines ("No
    attack boost: to th…", "Finished (no more act…"): a row grows to two
    lines where its label needs them and the bar has the room below its
    places, else a label a little too wide is narrowed (to 75% at most), and
    where even so it would be cut, the game's shorter words stand in it
    (Shards' six places fill its bar: "Buy gold", the whole in the tip), and
    two places side by side share their row by their words ("Buy
    gemstones" was a pixel too wide for its half). So in the showcase and
    across a walk of seeded positions every button's label is drawn whole,
    no button lies on another or below the bar's room, and the bar shows as
    many moves as with rows of one height, in the same order."""
    from shrinetable.bench.render import showcase
    from shrinetable.table import decision_bar as bar
    from shrinetable.table import uiscale
    from shrinetable.table.app import App

    uiscale.save(1.5)
    big = App(size)
    rules = registry.get(game)
    cut, checked, briefs = [], 0, set()
    busy = showcase(rules)  # the legibility figures' position
    for session, n in [(busy, len(busy.history)), *_walk(rules, rules.min_seats, seed=5)]:
        session.back_to(n)
        big.start_game(session)
        big.step([], 0.01)
        scene = big.scene
        shown, area = scene.panels._bar_moves(), scene.panels.bar_area
        plain = [item for item, _ in bar.slots(shown, area, scene.panels.k)]
        placed = bar.slots(shown, area, scene.panels.k, scene.panels._high, scene.panels._least)
        assert [item for item, _ in placed] == plain  # the same moves in the same places
        buttons = scene.ui.bar()
        assert len(buttons) == len(plain)
        rects = [b.rect for b in buttons]
        assert not [(a, b) for i, a in enumerate(rects) for b in rects[i + 1 :] if a.colliderect(b)]
        assert all(r.bottom <= area.bottom for r in rects)
        big.fonts.drawn = []
        scene.base_dirty = scene.dirty = True
        scene.draw(big.screen)
        drawn = {d.text for d in big.fonts.drawn}
        kind = scene.match.decision().kind if buttons else ""
        for b in buttons:
            checked += 1
            lines, short = b.label(big.fonts)
            if short or not set(lines) <= drawn:
                cut.append(b.text)
            move = next((m for m in shown if m.action is scene.ui.actions.get(b)), None)
            if move is not None and b.tool_tip:  # shorter words, the whole in its tip
                briefs.add(b.text)
                assert b.text == rules.present.brief(move.text)
                assert b.tool_tip == rules.present.describe(move.text, kind)
    assert checked >= 10
    assert not cut, sorted(set(cut))
    if game == "shards":  # six places fill its bar: the game's shorter words
        # where even two narrowed lines cut its words ("Trade ... for 1 gemstones"
        # reads whole on two narrowed lines at 1920x1080)
        assert "Buy gold" in briefs
    else:
        assert not briefs
    pygame.quit()
