"""The table as a new player meets it (issue 15), in-process under SDL's dummy
driver: readable cards at every supported size, no misclick traps, plain words,
Shrine's automatic pass."""

from __future__ import annotations

from pathlib import Path

import pygame
import pygame_gui
import pytest
from table_input import click, ev

from shrinetable.adapter.session import Session
from shrinetable.bench.render import showcase
from shrinetable.engine import CardDecor, Chip, Face, registry
from shrinetable.formats.layout import load_layout
from shrinetable.resources import layout_path
from shrinetable.table import faces, hud
from shrinetable.table import geometry as geo
from shrinetable.table.theme import palette
from shrinetable.table.widgets import rich_text

pytestmark = pytest.mark.usefixtures("dummy_video")

SHRINE, SHRINES = registry.get("shrine"), registry.get("shrines")
SIZES = [(1024, 600), (1280, 720), (1600, 900), (1920, 1080)]


def start(app, session: Session):
    app.start_game(session)
    app.step([], 0.01)
    return app.scene


def resize(app, size) -> None:
    app.screen = pygame.display.set_mode(size, pygame.RESIZABLE)
    app._resized()
    app.step([], 0.01)


def until(session: Session, done, steps: int = 600) -> Session:
    """Play the computer's moves for every seat until `done(session)`."""
    for _ in range(steps):
        if done(session):
            return session
        if (forced := session.forced()) is not None:
            session.apply(forced, auto=True)
        else:
            session.play(session.computer_action())
    raise AssertionError("never reached")


# -- legibility ------------------------------------------------------------------
@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("n", range(1, 9))
def test_a_crowded_site_gives_each_card_a_line_of_its_own(size, n):
    """A Region site of up to 8 cards: strips inside the site, under its label,
    none over another, each a line high at least (4 cards: one column, the
    site's whole width for each name)."""
    layout = load_layout(layout_path("shrines"))
    sc = geo.Scaler((layout.canvas.width, layout.canvas.height), size)
    place = layout.place("site:b3", 0, 2)
    area = sc.rect(place.rect)
    rects = geo.strip_rects(place, area, n, sc)
    assert all(area.contains(r) for r in rects)
    assert all(r.h >= sc.length(geo.STRIP) for r in rects)
    assert not any(a.colliderect(b) for i, a in enumerate(rects) for b in rects[i + 1 :])
    if n <= 4:
        assert {r.w for r in rects} == {rects[0].w} and rects[0].w > area.w * 0.9


def test_strip_names_and_numbers_are_11_px_or_more():
    """Whatever a strip's height, its name and numbers are set at 11 px or more."""
    assert all(faces.strip_px(h) >= faces.MIN_PX for h in range(8, 80))


@pytest.mark.parametrize("game", ["shrines", "sorcerer", "shrine"])
def test_every_card_at_1280x720_shows_its_name_at_11_px(app, game):
    """In each game's crowded showcase at 1280x720, every card the viewer sees
    is a strip (11 px names) or a card tall enough for an 11 px name (framed
    faces: a tenth of their height; playing cards: their index)."""
    scene = start(app, showcase(registry.get(game)))
    shown = [p for p in scene.board.placed if p.name]
    assert shown
    for p in shown:
        face = app.art.face(p.name)
        if p.strip:
            continue
        h = max(p.rect.size) if p.rotation in (90, 270) else p.rect.h
        if face.style == "index":
            assert round(h * 0.17) >= 11, (p.zone, p.name, p.rect)
        else:  # a framed card 70 px wide or more sets its name at 11 px at least
            assert p.rect.w >= 70 or round(h * 0.1) >= 11, (p.zone, p.name, p.rect)


@pytest.mark.parametrize("game", ["shrines", "shrine", "sorcerer"])
@pytest.mark.parametrize("size", SIZES)
def test_zone_labels_side_by_side_never_overlap(app, game, size):
    """Each zone's label (shrunk or shortened to its zone's width) stays clear of
    every other label, at every supported size."""
    scene = start(app, showcase(registry.get(game)))
    resize(app, size)
    board = scene.board
    names = [f"P{i + 1} (human)" for i in range(scene.match.session.game.min_seats)]
    boxes = []
    for name, rect in board.zones.items():
        place = board.layout.place(name, board.viewer, board.view.seats)
        if name in board.decor.huds or place.inside:
            continue
        label = board._label(name, names, board.scaler.length(15), (0, 0, 0), rect.w)
        boxes.append(label.get_rect(topleft=(rect.left + 4, rect.top - label.get_height() - 2)))
    assert not any(a.colliderect(b) for i, a in enumerate(boxes) for b in boxes[i + 1 :])


def test_changed_numbers_cover_the_printed_box_and_states_leave_keywords_alone(app):
    """Boosted figures are written over the printed box, not beside it; states
    sit in a row beside the numbers, so the keywords above them stay as printed."""
    fonts = app.fonts
    face = Face("Ashen Brute", numbers=(3, 2), keywords=("Stomp", "Guard"))
    size = (100, 140)
    rect = pygame.Rect(20, 20, *size)
    surf = pygame.Surface((200, 200))
    surf.blit(faces.draw_face(fonts, face, size), rect)
    printed, _ = faces.numbers_box(fonts, "3/2", size)
    printed.move_ip(rect.topleft)
    before = surf.copy()
    decor = CardDecor(chips=(Chip("FROZEN"), Chip("ARMOR")), numbers=Chip("13/12", (120, 210, 120)))
    hud.card(surf, fonts, rect, decor, face=face)
    over = hud._numbers(surf.copy(), fonts, rect, decor.numbers, face, False, 12)
    assert over.contains(printed)
    keywords = pygame.Rect(
        rect.left, rect.top + size[1] // 3, rect.w, printed.top - 2 - rect.top - size[1] // 3
    )
    assert all(
        surf.get_at((x, y)) == before.get_at((x, y))
        for x in range(keywords.left, keywords.right)
        for y in range(keywords.top, keywords.bottom)
    )


# -- misclicks -------------------------------------------------------------------
def _respond(seats=("human", "computer")) -> Session:
    """A Shrine position where p1 answers p2's move (a respond decision)."""
    return until(
        Session(SHRINE, 5, {}, list(seats)),
        lambda s: (d := s.decision()) and d.kind == "respond" and d.seat == 0 and s.state.turn == 1,
    )


def test_answer_buttons_brought_by_anothers_move_ignore_a_click_for_a_moment(app, monkeypatch):
    """Buttons that appear after the computer's move take no click at once (one
    meant for the buttons that stood there a moment before); then they do."""
    monkeypatch.setenv("SHRINETABLE_GUARD_S", "5")
    session = _respond()
    session.back_to(len(session.history) - 1)
    scene = start(app, session)  # the computer makes its move again: the answers come
    assert session.decision().kind == "respond" and session.history[-1].seat == 1
    assert scene.out_of_turn() and scene.ui.actions
    button, action = next(iter(scene.ui.actions.items()))
    before = len(session.history)
    app.step([ev(pygame_gui.UI_BUTTON_PRESSED, ui_element=button)], 0.01)
    assert len(session.history) == before  # too soon: ignored
    scene.guard.seconds = 0.0
    app.step([ev(pygame_gui.UI_BUTTON_PRESSED, ui_element=button)], 0.01)
    assert session.history[before].text == action.text


def test_an_answer_out_of_turn_is_framed(app):
    """The buttons of a decision taken in another seat's turn are framed in
    their own colour; one's own turn is not."""
    ANSWER = palette().answer
    scene = start(app, _respond())
    scene.guard.seconds = 0.0
    app.step([], 0.01)
    area = (
        scene.board.scaler.rect(scene.layout.panels.buttons)
        .inflate(10, 10)
        .clip(scene.painter.base.get_rect())
    )
    assert scene.out_of_turn()
    assert scene.painter.base.get_at((area.centerx, area.top + 1))[:3] == ANSWER
    own = start(app, Session(SHRINE, 5, {}, ["human", "computer"]))
    assert not own.out_of_turn()
    assert own.painter.base.get_at((area.centerx, area.top + 1))[:3] != ANSWER


def test_the_enlarged_card_closes_on_leaving_it_and_on_a_click_in_the_panel(app):
    scene = start(app, Session(SHRINE, 42, {}, ["human", "computer"]))
    card = next(p for p in scene.board.placed if p.zone == "hand:0")
    click(app, card.rect.center, button=3)
    assert scene.zoom.zoomed == card.name
    app.step([], 0.01)
    app.step([ev(pygame.MOUSEMOTION, pos=(3, 3), rel=(1, 1), buttons=(0, 0, 0))], 0.01)
    assert scene.zoom.zoomed is None  # the pointer left the card and its enlargement
    click(app, card.rect.center, button=3)
    menu = next(b for b, c in scene.ui.commands.items() if c == "rules")
    click(app, menu.rect.center)  # a click on the side panel
    assert scene.zoom.zoomed is None


def test_hotseat_undo_of_ones_own_last_move_before_the_next_person_acts(app):
    """In hotseat, p1 takes back a move from the handover screen (Ctrl+Z); once
    p2 holds the device, p1's move is not theirs to undo."""
    scene = start(app, Session(SHRINE, 42, {}, ["human", "human"]))
    click(app, scene.board.zones["deck"].center)  # p1 draws
    pass_button = next(b for b, a in scene.ui.actions.items() if a.text == "pass")
    scene.guard.seconds = 0.0
    app.step([ev(pygame_gui.UI_BUTTON_PRESSED, ui_element=pass_button)], 0.01)
    assert scene.overlay == "confirm"  # a Token is still playable: asked first
    app.step([ev(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode="\r", scancode=0)], 0.01)
    assert scene.overlay == "handover" and scene.match.session.can_undo(0)
    ctrl_z = ev(pygame.KEYDOWN, key=pygame.K_z, mod=pygame.KMOD_CTRL, unicode="\x1a", scancode=0)
    app.step([ctrl_z], 0.01)
    assert [a.text for a in scene.match.session.history] == ["draw"] and scene.overlay is None
    scene.perform(SHRINE.parse_action("pass"))
    scene.command("takeover")
    assert scene.viewer == 1 and not scene.match.session.can_undo(1)
    app.step([ctrl_z], 0.01)
    assert [a.text for a in scene.match.session.history] == ["draw", "pass"]


def test_a_refusal_is_shown_whole_over_the_table_until_a_click(app):
    """At the smallest size a long refusal with its rule is drawn whole over the
    table; the panel names the rule; the next click puts it away."""
    scene = start(app, Session(SHRINE, 42, {}, ["human", "computer"]))
    resize(app, (1024, 600))
    reason = (
        "A Dagger is paid for with a card of its colour: click both to select them, then "
        "drag them onto the target together (rule: dagger). Or: a Token is paid for with "
        "a card of its colour (rule: special-pay)."
    )
    scene.say(reason)
    app.step([], 0.01)
    felt = scene.painter.felt()
    fonts = app.fonts
    spare = pygame.Surface(app.screen.get_size())
    box = hud.banner(spare, fonts, felt, reason, max(13, scene.board.scaler.length(17)))
    assert felt.contains(box)
    assert app.screen.get_at(box.center)[:3] == (70, 24, 22) or app.screen.get_at(
        (box.left + 4, box.centery)
    )[:3] == (70, 24, 22)
    assert "(rule: dagger)" in scene.panels._notice_html()
    scene.say(reason, rule="dagger")  # a refusal whose rule is known as data: named alone
    assert "Refused (rule: dagger): see the table." in scene.panels._notice_html()
    click(app, (felt.right - 5, 5))
    assert not scene.message and not scene.shout


# -- Shrine's dead turns -------------------------------------------------------------
def test_shrine_passes_for_a_person_whose_only_move_is_pass(app):
    """Auto-pass (on by default): when Pass is a person's only legal move the
    table makes it, and says why; with the setting off (Ctrl+P) it waits."""
    session = until(
        Session(SHRINE, 1, {}, ["human", "computer"]),
        lambda s: (d := s.decision()) and d.seat == 0 and s.forced() is not None,
    )
    assert [a.text for a in SHRINE.legal_actions(session.state)] == ["pass"]
    session.auto_pass = False
    scene = start(app, session)
    app.step([], 0.01)
    assert scene.match.session.decision().seat == 0  # off: it waits for the click
    app.step(
        [ev(pygame.KEYDOWN, key=pygame.K_p, mod=pygame.KMOD_CTRL, unicode="\x10", scancode=0)], 0.01
    )
    app.step([], 0.01)
    mine = next(a for a in reversed(session.history) if a.seat == 0)
    assert mine.text == "pass" and mine.auto
    # the log says it as it says a pass clicked (issue 22: "no legal action: passing"
    # after every opposing move was a flood)
    assert any(
        "pass" in line and "no legal action" not in line for line in map(rich_text, scene.log_rich)
    )


# -- plain words -------------------------------------------------------------------
def test_the_log_says_each_move_once_in_plain_words_with_notation_on_request(app):
    scene = start(app, Session(SHRINE, 42, {}, ["human", "computer"]))
    until(
        scene.match.session,
        lambda s: (
            any(a.text.startswith("token") for a in s.history)
            and any(a.text == "allow" and a.events for a in s.history)
        ),
    )
    scene.panels.relog()
    token = next(a for a in scene.match.session.history if a.text.startswith("token"))
    line = next(
        rich_text(x) for x in scene.log_rich if "as a Token, paying with the" in rich_text(x)
    )
    assert "\n" not in line and token.text not in line
    # an answer says itself, and what follows it is a line of its own (issue 22)
    answer = next(i for i, x in enumerate(scene.log_rich) if "lets it through" in rich_text(x))
    (_, _, bold), (words, _, _) = scene.log_rich[answer][-2:]  # the seat's name, bold
    assert bold and words == " lets it through"
    app.step(
        [ev(pygame.KEYDOWN, key=pygame.K_n, mod=pygame.KMOD_CTRL, unicode="\x0e", scancode=0)], 0.01
    )
    assert any(f"[{token.text}]" in rich_text(x) for x in scene.log_rich)


def test_shrine_prompts_only_answers_the_public_position_allows():
    """A respond prompt names a Token block only against an attack with Tokens on
    the Field, a Dagger block only against a Dagger, a Fizzle only with three
    cards in hand; the same words whatever the hand holds."""
    seen = 0
    for seed in range(1, 12):
        s = Session(SHRINE, seed, {}, ["computer", "computer"])
        for _ in range(300):
            d = s.decision()
            if d is None:
                break
            if d.kind == "respond":
                kinds = {a.kind for a in SHRINE.legal_actions(s.state)}
                answers = d.prompt.rpartition(": ")[2]
                # Token blocks and Fizzles hang on public cards: named exactly when legal
                assert ("block with a Token" in answers) == ("block" in kinds), d.prompt
                assert ("fizzle" in answers) == ("fizzle" in kinds), d.prompt
                # a Dagger block hangs on a hidden hand: named whenever it could be legal
                assert "dblock" not in kinds or "block with a Dagger" in answers, d.prompt
                seen += 1
            s.play(s.computer_action())
    assert seen > 10


def test_a_computers_zones_are_never_yours(app):
    """Computer against computer, the seat the table shows is named, not "Your"."""
    scene = start(app, Session(SHRINE, 42, {}, ["computer", "computer"]))
    names = ["P1 (computer)", "P2 (computer)"]
    assert scene.board.zone_label("hand:0", names) == "P1 (computer) \u00b7 Hand"
    assert scene.board.zone_label("shrine:0", names) == "P1 \u00b7 Shrine"
    person = start(app, Session(SHRINE, 42, {}, ["human", "computer"]))
    assert person.board.zone_label("hand:0", ["P1 (human)", "P2"]) == "Your hand"


def test_a_king_in_a_shrine_shows_no_token_band(app):
    """J, Q, K are Tokens only on a Field: in a Shrine they show no band."""
    app.art.use(SHRINE.present)
    size = (80, 112)
    banded, plain = app.art.card("KD", size), app.art.card("KD", size, plain=True)
    fill = SHRINE.present.card_face("KD").band.fill  # the band, wherever it fits its word
    assert any(banded.get_at((x, y))[:3] == fill for x in range(size[0]) for y in range(size[1]))
    assert not any(plain.get_at((x, y))[:3] == fill for x in range(size[0]) for y in range(size[1]))
    assert "shrine" in SHRINE.present.plain_in and "field" not in SHRINE.present.plain_in


def test_the_orange_outline_is_explained_where_the_pointer_rests_on_it(app):
    scene = start(app, Session(SHRINE, 42, {}, ["human", "computer"]))
    click(app, scene.board.zones["deck"].center)  # the draw outlines the Deck and hand
    hand = scene.board.zones["hand:0"]
    spot = (hand.left + 6, hand.top + 6)
    app.step([ev(pygame.MOUSEMOTION, pos=spot, rel=(1, 1), buttons=(0, 0, 0))], 0.01)
    assert scene.painter.legend_at == spot
    chip = pygame.Rect(spot[0] + 14, spot[1] + 18, 200, 16)
    assert (
        sum(
            app.screen.get_at((x, y))[:3] == palette().last
            for x in range(chip.left, chip.right)
            for y in range(chip.top, chip.bottom)
        )
        > 500
    )


# -- Shrine ruling R18 at game over -------------------------------------------------
def test_ruling_R18_the_last_one_out_also_sends_hand_and_tokens_to_the_graveyard():
    """Ruling R18: a player whose Shrine is emptied is out, and their hand and
    Tokens go to the Graveyard, also when that ends the game (two players): the
    table at game over shows none of the loser's cards left."""
    from shrine_helpers import play, pos, zone

    s = pos(
        shrines=[["TS", "TC", "8C", "7C"], ["9H"]],
        hands=[["9S"], ["2H", "3H"]],
        fields=[[], ["KH"]],
    )
    s = play(s, "attack p2 9S", allow=True)
    assert s.alive[1] is False and SHRINE.outcome(s).winners == (0,)
    assert zone(s, "hand:1") == [] and zone(s, "field:1") == []
    assert sorted(zone(s, "graveyard")) == sorted(["9S", "9H", "2H", "3H", "KH"])


# -- the menu, the handover, the notice, settings across games -----------------------
def _menu_button(scene, cmd):
    return next(b for b, c in scene.ui.commands.items() if c == cmd)


def test_the_menu_switches_the_notation_and_the_automatic_pass(app):
    """The menu names both settings with their keys and state; a click switches
    them and the menu stays open, saying the new state."""
    scene = start(app, Session(SHRINE, 42, {}, ["human", "computer"]))
    scene.command("menu")
    notation = _menu_button(scene, "notation")
    assert notation.text == "Notation in the log: hidden (Ctrl+N)"
    assert _menu_button(scene, "auto_pass").text == "Pass when it is the only move: on (Ctrl+P)"
    app.step([ev(pygame_gui.UI_BUTTON_PRESSED, ui_element=notation)], 0.01)
    assert scene.notation and scene.overlay == "menu"
    assert _menu_button(scene, "notation").text == "Notation in the log: shown (Ctrl+N)"
    app.step([ev(pygame_gui.UI_BUTTON_PRESSED, ui_element=_menu_button(scene, "auto_pass"))], 0.01)
    assert scene.match.session.auto_pass is False and scene.overlay == "menu"
    assert _menu_button(scene, "auto_pass").text.endswith(": off (Ctrl+P)")


def test_a_game_with_no_pass_to_make_has_no_automatic_pass_entry(app, monkeypatch):
    monkeypatch.setattr(type(SHRINE), "auto_pass", ())
    scene = start(app, Session(SHRINE, 42, {}, ["human", "computer"]))
    scene.command("menu")
    assert "auto_pass" not in scene.ui.commands.values()


def test_the_automatic_pass_setting_is_kept_for_the_next_games(app):
    """Switched off in one game, it stays off in Play again and in a game from
    the start screen."""
    scene = start(app, Session(SHRINE, 42, {}, ["human", "computer"]))
    scene.toggle_auto_pass()
    scene.command("again")
    assert app.scene is not scene and app.scene.match.session.auto_pass is False
    app.show_start()
    app.start_game(Session(SHRINE, 3, {}, ["human", "computer"]))
    assert app.scene.match.session.auto_pass is False


def test_the_handover_screen_has_an_undo_button_for_the_one_who_just_moved(app):
    scene = start(app, Session(SHRINE, 42, {}, ["human", "human"]))
    scene.perform(SHRINE.parse_action("draw"))
    scene.perform(SHRINE.parse_action("pass"))
    assert scene.overlay == "handover"
    undo = _menu_button(scene, "undo")
    take = _menu_button(scene, "takeover")
    assert "undo my move" in undo.text and not undo.rect.colliderect(take.rect)
    app.step([ev(pygame_gui.UI_BUTTON_PRESSED, ui_element=undo)], 0.01)
    assert [a.text for a in scene.match.session.history] == ["draw"] and scene.overlay is None
    scene.perform(SHRINE.parse_action("pass"))
    scene.command("takeover")
    scene.perform(SHRINE.parse_action("draw"))
    scene.perform(SHRINE.parse_action("pass"))  # p2 hands back: their own undo, not p1's
    assert scene.overlay == "handover" and "P2" in _menu_button(scene, "undo").text


def test_the_click_that_puts_a_refusal_away_still_presses_its_button(app):
    """A refusal stands over the table until the next click; when that click is on a
    button it must still press it (the play-test's Pass after a refused drop was lost:
    the panel was rebuilt between the button's press and its release)."""
    scene = start(app, Session(SHRINE, 42, {}, ["human", "computer"]))
    scene.say("Refused: that card cannot go there (rule: heal).")
    app.step([], 0.01)
    menu = next(b for b, c in scene.ui.commands.items() if c == "menu")
    click(app, menu.rect.center)
    assert not scene.shout and scene.overlay == "menu"


def test_no_panel_notice_while_the_refusal_stands_over_the_table(app):
    """A refusal shown whole over the table is not repeated in the panel; a
    notice that is no refusal is shown in the panel."""
    scene = start(app, Session(SHRINE, 42, {}, ["human", "computer"]))

    def notices():
        return [
            e
            for e in [scene.ui.notice]
            if e is not None
            if "Refused" in e.html_text or "Saved" in e.html_text
        ]

    scene.say("Refused: that card cannot go there (rule: heal).")
    assert scene.panels.banner_up() and notices() == []
    scene.command("menu")  # the menu hides the banner: the panel says it
    assert not scene.panels.banner_up()
    scene.command("close")
    scene.say("Saved as x.json in /tmp", error=False)
    assert not scene.panels.banner_up() and len(notices()) == 1


def test_quitting_a_game_in_progress_asks_first(app):
    """The menu's Quit (and closing the window) asks while the game is on; a
    second Quit ends it; Esc keeps playing. A finished game quits at once."""
    scene = start(app, Session(SHRINE, 42, {}, ["human", "computer"]))
    scene.command("menu")
    app.step([ev(pygame_gui.UI_BUTTON_PRESSED, ui_element=_menu_button(scene, "quit"))], 0.01)
    assert app.running and scene.asking_quit and scene.overlay == "menu"
    assert "Keep playing (Esc)" in [b.text for b in scene.ui.commands]
    app.step([ev(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode="\x1b", scancode=0)], 0.01)
    assert app.running and scene.overlay is None and not scene.asking_quit
    app.step([ev(pygame.QUIT)], 0.01)
    assert app.running and scene.asking_quit
    app.step([ev(pygame.QUIT)], 0.01)
    assert not app.running


# -- the window's size -------------------------------------------------------------------
def test_the_first_window_is_the_largest_comfortable_one():
    from shrinetable.table.app import comfortable

    assert comfortable((1920, 1080)) == (1728, 972)
    assert comfortable((2560, 1440)) == (2304, 1296)
    assert comfortable((1280, 720)) == (1280, 720)  # the design size where it fits
    assert comfortable((1366, 768)) == (1280, 720)
    assert comfortable((1024, 600)) == (1024, 576)  # never under the readable minimum


def test_the_window_size_and_place_are_kept_whole_and_a_bad_file_is_ignored(dummy_video):
    from shrinetable.table import app as app_module

    assert app_module.remembered() == (None, None)
    app_module.remember((1500, 844), (100, 50))
    assert app_module.remembered() == ((1500, 844), (100, 50))
    assert not [p for p in app_module.window_file().parent.iterdir() if p.suffix == ".tmp"]
    for bad in ("{", '{"size": [10, 10]}', '{"size": "big"}', "[]"):
        app_module.window_file().write_text(bad)
        assert app_module.remembered() == (None, None), bad


# -- Shrines: which area applies on a site ------------------------------------------
POSITIONS = Path(__file__).parent / "positions"
OVERLAP = POSITIONS / "shrines-overlap.toml"  # a position file (tests/positions)


def test_shrines_sites_say_which_area_applies(app):
    """Clause area: of two weathers over a site only the newer applies, so the
    older is greyed and crossed out; a terrain and a weather both apply
    (plain chips, newest at the right). Sites under one area are unchanged."""
    from shrinetable.formats.scenario import load
    from shrinetable.games.shrines.present import AREA, OVERRULED

    path = OVERLAP
    loaded = load(path)
    info = SHRINES.view(loaded.state, 0).info
    assert info["covers"]["site:c3"] == ["fenland-mire#1", "rimefall#2", "squall-line#5"]
    session = Session(SHRINES, 3, {}, ["human", "computer"])
    session.reset(loaded.state)
    scene = start(app, session)
    covers = scene.board.decor.covers
    assert covers["site:c3"] == (
        Chip("Squall Line", AREA["weather"], short="Squall"),
        Chip("\u2715 Rimefall", OVERRULED, (225, 225, 225), ""),
        Chip("Fenland Mire", AREA["terrain"], short="Fenland"),
    )
    assert covers["site:c1"] == (Chip("Rimefall", AREA["weather"]),)
    assert covers["site:a3"] == (Chip("Squall Line", AREA["weather"], short="Squall"),)
    resize(app, (1920, 1080))  # room for all three whole (smaller, the greyed goes first)
    scene.draw(app.screen)
    c3 = scene.board.zones["site:c3"]
    drawn = {
        tuple(app.screen.get_at((x, y)))[:3]
        for x in range(c3.left, c3.right)
        for y in range(c3.top, c3.top + 40, 4)
    }
    assert OVERRULED in drawn  # the greyed chip is drawn on the site


# -- the start screen ------------------------------------------------------------------
def _start_screen(app, game=None, size=(1280, 720)):
    app.show_start(game=game)
    resize(app, size)
    return app.scene


def _action(scene, cmd):
    return next(b for b, c in scene.actions.items() if c[0] == cmd)


@pytest.mark.parametrize("size", [(1024, 576), (1280, 720), (1920, 1080)])
def test_the_start_screen_fills_the_window(app, size):
    """The form grows with the window: it spans most of its width, its rows
    reach down the window, and nothing overlaps."""
    scene = _start_screen(app, "shrines", size)
    # the form's own widgets (a text box's scroll bar is a part of the box, not beside it)
    every = list(app.manager.get_root_container().elements)
    widgets = [e for e in every if not any(o is not e and o.rect.contains(e.rect) for o in every)]
    left = min(e.rect.left for e in widgets)
    right = max(max(e.rect.right for e in widgets), *(r.rect.right for r in scene.rows))
    assert right - left > 0.7 * size[0]
    assert _action(scene, "start").rect.bottom > 0.6 * size[1]
    assert all(app.screen.get_rect().contains(e.rect) for e in widgets)
    boxes = [e.rect for e in widgets] + [r.rect.clip(r.rect.move(0, 0)) for r in scene.rows]
    assert not any(a.colliderect(b) for i, a in enumerate(boxes) for b in boxes[i + 1 :])


def test_each_option_mode_and_deck_is_described_where_it_is_chosen(app):
    """Beside each choice, what the chosen value means, in the game's own words
    (its presentation); a new choice changes them."""
    from shrinetable.games.shrines.present import MODE_WORDS

    scene = _start_screen(app, "shrines")
    words = [r.words for r in scene.rows]
    assert MODE_WORDS["standard"] in " ".join(words)
    assert any(w.startswith("Blue: Fog and Tide \u2014") for w in words)
    assert any(w.startswith("Red: Cinder Host \u2014") for w in words)
    mode = next(d for d, info in scene.dropdowns.items() if info[:2] == ("option", "mode"))
    app.step([ev(pygame_gui.UI_DROP_DOWN_MENU_CHANGED, ui_element=mode, text="conquest")], 0.01)
    assert MODE_WORDS["conquest"] in " ".join(r.words for r in app.scene.rows)
    for name in registry.names():  # every option of every game has words beside it
        scene = _start_screen(app, name)
        shown = [o for o in scene.game.options if o.seat is None or o.seat < len(scene.seats)]
        assert len(scene.rows) == 4 + len(scene.seats) + len(shown)
        assert all(r.words for r in scene.rows), name


def test_continue_says_which_game_and_turn_it_resumes(app):
    from shrinetable.adapter import storage

    session = until(
        Session(SHRINES, 4, {}, ["human", "computer"]), lambda s: SHRINES.turn_number(s.state) >= 3
    )
    storage.autosave(session)
    scene = _start_screen(app, "shrine")
    turn = SHRINES.turn_number(session.state)
    assert scene.resume_line[1].startswith(f"Continue resumes Shrines, turn {turn}, seed 4,")
    assert _action(scene, "continue").is_enabled


def _key(app, k):
    app.step([ev(pygame.KEYDOWN, key=k, mod=0, unicode="", scancode=0)], 0.01)


def test_esc_on_the_start_screen_closes_what_is_open_and_asks_before_quitting(app):
    scene = _start_screen(app, "shrines")
    game = next(d for d, info in scene.dropdowns.items() if info[0] == "game")
    click(app, game.rect.center)  # the list opens
    assert game.current_state is game.menu_states["expanded"]
    _key(app, pygame.K_ESCAPE)
    assert app.running and app.scene is scene
    assert all(d.current_state is not d.menu_states["expanded"] for d in scene.dropdowns)
    _key(app, pygame.K_ESCAPE)  # nothing open: a question, not the end
    assert app.running and scene.window is not None
    assert "Stay (Esc)" in [b.text for b in scene.actions]
    _key(app, pygame.K_ESCAPE)
    assert app.running and scene.window is None
    _key(app, pygame.K_ESCAPE)
    app.step(
        [
            ev(
                pygame_gui.UI_BUTTON_PRESSED,
                ui_element=next(
                    b
                    for b, c in scene.actions.items()
                    if c == ("quit",) and b.ui_container is not app.manager.get_root_container()
                ),
            )
        ],
        0.01,
    )
    assert not app.running


def test_the_demonstrations_are_played_from_the_start_screen(app):
    """Demonstrations... lists the chosen game's demonstrations by title; one
    picked plays in the window, and Close (or Esc) comes back to the start
    screen with that game chosen."""
    from shrinetable.demo.catalog import all_demos
    from shrinetable.demo.scene import DemoScene

    scene = _start_screen(app, "shrine")
    app.step([ev(pygame_gui.UI_BUTTON_PRESSED, ui_element=_action(scene, "demos"))], 0.01)
    titles = [item["text"] for item in scene.demo_list.item_list]
    assert len(titles) == len(all_demos()["shrine"]) and "Heal" in titles
    app.step(
        [ev(pygame_gui.UI_SELECTION_LIST_NEW_SELECTION, ui_element=scene.demo_list, text="Heal")],
        0.01,
    )
    demo = app.scene
    assert isinstance(demo, DemoScene) and demo.demo.title == "Heal"
    close = next(b for b, n in demo.buttons.items() if n == "quit")
    app.step([ev(pygame_gui.UI_BUTTON_PRESSED, ui_element=close)], 0.01)
    assert app.running and app.scene.game.name == "shrine" and not isinstance(app.scene, DemoScene)


# -- the demonstration player ------------------------------------------------------------
def test_a_demonstrations_last_step_says_it_is_the_end_and_offers_close(app, monkeypatch):
    from shrinetable.demo.catalog import find
    from shrinetable.demo.replay import replay_file
    from shrinetable.demo.scene import DemoScene

    closed = []
    scene = DemoScene(app, replay_file(find("shrine/heal")), on_close=lambda: closed.append(1))
    app.scene = scene
    said = []
    real = app.fonts.text
    monkeypatch.setattr(app.fonts, "text", lambda s, *a, **k: said.append(s) or real(s, *a, **k))
    scene.draw(app.screen)
    assert not any("the end" in s for s in said) and scene.speed_label.text.startswith("Speed")
    while not scene.at_end():
        scene.next()
    said.clear()
    scene.draw(app.screen)
    assert any(s.endswith("\u00b7  the end") for s in said)
    assert scene.speed_label.text == "The end \u2014 Close (Esc)"
    close = next(b for b, n in scene.buttons.items() if n == "quit")
    assert close.text == "Close" and close.is_enabled
    assert not next(b for b, n in scene.buttons.items() if n == "next").is_enabled
    app.step([ev(pygame_gui.UI_BUTTON_PRESSED, ui_element=close)], 0.01)
    assert closed == [1] and app.running


@pytest.mark.parametrize(
    ("name", "size"), [("shrine/heal", (800, 600)), ("shrines/play_creature", (1280, 720))]
)
def test_an_exported_gif_takes_its_games_readable_size(tmp_path, name, size):
    """Without --size a GIF is as large as its game asks (Presentation.demo_size):
    Shrines' cards need 1280x720 to read."""
    from PIL import Image

    from shrinetable.cli import main

    out = tmp_path / "d.gif"
    assert main(["demo", name, "--export", str(out)]) == 0
    assert Image.open(out).size == size
    assert registry.get(name.split("/")[0]).present.demo_size == size


# -- hotseat (issue 22) ----------------------------------------------------------------
def test_hotseat_handover_has_the_menu_and_undo_is_greyed_for_others(app):
    """Esc on the handover screen opens the menu with the table still hidden, and
    Esc again goes back to it; Undo is greyed for a person with nothing of their
    own to take back."""
    scene = start(app, Session(SHRINE, 42, {}, ["human", "human"]))
    assert not _menu_button(scene, "undo").is_enabled  # nothing to undo yet
    scene.perform(SHRINE.parse_action("draw"))
    assert _menu_button(scene, "undo").is_enabled
    scene.perform(SHRINE.parse_action("pass"))
    assert scene.overlay == "handover"
    esc = ev(pygame.KEYDOWN, key=pygame.K_ESCAPE, unicode="\x1b", mod=0, scancode=0)
    app.step([esc], 0.01)
    assert scene.overlay == "menu" and scene.board.placed == []  # still hidden
    app.step([esc], 0.01)
    assert scene.overlay == "handover"
    scene.command("takeover")
    assert scene.viewer == 1 and not _menu_button(scene, "undo").is_enabled


def test_a_person_sees_what_they_drew_before_the_table_passes_for_them(app):
    """Hotseat Shrine, seed 109: p1 draws and passing is all that is left. That
    pass waits for p1's click (issue 22), so the handover never hides the card
    before p1 saw it; against the computer the table passes for them."""
    for seats, waits in ((["human", "human"], True), (["human", "computer"], False)):
        scene = start(app, Session(SHRINE, 109, {}, seats))
        scene.perform(SHRINE.parse_action("draw"))
        if waits:
            assert [m.text for m in scene.match.moves()] == ["pass"]
            assert scene.match.pending() is None and scene.overlay is None and scene.viewer == 0
        else:
            assert scene.match.pending() is not None
