"""The table in-process under SDL's dummy driver: posted mouse events drive
real drags through the adapter (no window needed)."""

from __future__ import annotations

import pygame
import pygame_gui
import pytest
from table_input import click, drag, ev

from shrinetable.adapter.session import Session
from shrinetable.engine import registry
from shrinetable.table.seats import seat_colour
from shrinetable.table.theme import palette
from shrinetable.table.widgets import rich_text

GAME = registry.get("shrine")


pytestmark = pytest.mark.usefixtures("dummy_video")


def start(app, seats=("human", "computer"), seed=42):
    app.start_game(Session(GAME, seed, {}, list(seats)))
    app.step([], 0.01)
    return app.scene


def card_pos(scene, zone, name):
    return next(p.rect.center for p in scene.board.placed if p.zone == zone and p.name == name)


def texts(scene):
    return [a.text for a in scene.match.session.history]


def test_click_deck_draws_and_drag_group_plays_token(app):
    scene = start(app)
    click(app, scene.board.zones["deck"].center)
    assert texts(scene) == ["draw"]
    # select two cards by clicking, then drag the group onto the Field
    click(app, card_pos(scene, "hand:0", "JC"))
    click(app, card_pos(scene, "hand:0", "6S"))
    assert len(scene.marks.selected["hand:0"]) == 2
    click(app, (5, 5))  # the bare table: the selection is let go
    assert scene.marks.selected == {}
    click(app, card_pos(scene, "hand:0", "JC"))
    click(app, card_pos(scene, "hand:0", "6S"))
    jc = card_pos(scene, "hand:0", "JC")
    app.step([ev(pygame.MOUSEBUTTONDOWN, pos=jc, button=1)], 0.01)
    app.step(
        [ev(pygame.MOUSEMOTION, pos=(jc[0], jc[1] - 60), rel=(0, -60), buttons=(1, 0, 0))], 0.01
    )
    assert scene.drag is not None and sorted(scene.drag.held) == ["6S", "JC"]
    assert scene.marks.targets == {("field:0", None)}  # exactly the legal target
    target = scene.board.zones["field:0"].center
    app.step([ev(pygame.MOUSEMOTION, pos=target, rel=(0, -60), buttons=(1, 0, 0))], 0.01)
    app.step([ev(pygame.MOUSEBUTTONUP, pos=target, button=1)], 0.01)
    assert texts(scene)[1] == "token JC pay 6S"


def test_refused_drop_snaps_back_with_the_engines_reason(app):
    scene = start(app)
    click(app, scene.board.zones["deck"].center)
    before = list(scene.view().zones["hand:0"].cards)
    drag(app, card_pos(scene, "hand:0", "7D"), scene.board.zones["shrine:1"].center)
    assert texts(scene) == ["draw"]
    assert scene.drag is None and scene.marks.lifted == set()
    assert list(scene.view().zones["hand:0"].cards) == before
    assert "7D" in scene.message or "colour" in scene.message or "add up" in scene.message


def test_drag_repaints_only_the_cards_rectangles(app):
    scene = start(app)
    click(app, scene.board.zones["deck"].center)
    a = card_pos(scene, "hand:0", "7D")
    app.step([ev(pygame.MOUSEBUTTONDOWN, pos=a, button=1)], 0.01)
    app.step([ev(pygame.MOUSEMOTION, pos=(a[0], a[1] - 40), rel=(0, -40), buttons=(1, 0, 0))], 0.01)
    scene.pointer.move((a[0] + 30, a[1] - 50))
    rects = scene.draw(app.screen)
    assert rects and all(r.w < 400 and r.h < 400 for r in rects)


def test_buttons_only_for_legal_card_less_moves(app):
    scene = start(app)
    labels = sorted(b.text for b in scene.ui.actions)
    assert labels == ["Draw a card"]
    click(app, scene.board.zones["deck"].center)
    button = next(b for b, a in scene.ui.actions.items() if a.text == "pass")
    app.step([ev(pygame_gui.UI_BUTTON_PRESSED, ui_element=button)], 0.01)
    assert scene.overlay == "confirm"  # a Token is still playable: asked first
    app.step([ev(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode="\r", scancode=0)], 0.01)
    # the computer answers at once (delay 0) and it is our turn again
    assert texts(scene)[:2] == ["draw", "pass"]
    assert scene.match.session.history[-1].seat == 1 or scene.match.session.decision().seat == 0


def test_hotseat_handover_hides_the_table(app):
    scene = start(app, ("human", "human"))
    click(app, scene.board.zones["deck"].center)
    button = next(b for b, a in scene.ui.actions.items() if a.text == "pass")
    app.step([ev(pygame_gui.UI_BUTTON_PRESSED, ui_element=button)], 0.01)
    assert scene.overlay == "confirm"  # a Token is still playable: asked first
    app.step([ev(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode="\r", scancode=0)], 0.01)
    assert scene.overlay == "handover"
    assert scene.board.placed == [] and scene.board.zones == {}
    scene.command("takeover")
    app.step([], 0.01)
    assert scene.viewer == 1
    placed = {p.zone: p for p in scene.board.placed}
    assert all(p.name is None for p in scene.board.placed if p.zone == "hand:0")
    assert placed["hand:1"].name is not None


def test_a_dragged_card_joins_the_cards_selected_beside_it(app):
    """Select one card, drag another: both move (a pair for a heal, a Dagger and
    its payment), as a person expects."""
    scene = start(app)
    click(app, scene.board.zones["deck"].center)
    hand = [p for p in scene.board.placed if p.zone == "hand:0"]
    first, second = hand[0], hand[1]
    click(app, card_pos(scene, "hand:0", first.name))
    app.step(
        [ev(pygame.MOUSEBUTTONDOWN, pos=card_pos(scene, "hand:0", second.name), button=1)], 0.01
    )
    app.step([ev(pygame.MOUSEMOTION, pos=(600, 300), rel=(0, 0), buttons=(1, 0, 0))], 0.01)
    assert scene.drag.held == tuple(
        sorted((first.name, second.name), key=[p.name for p in hand].index)
    )
    key(app, pygame.K_ESCAPE)


def test_undo_waits_while_the_menu_is_open(app):
    scene = start(app)
    click(app, scene.board.zones["deck"].center)
    key(app, pygame.K_ESCAPE)
    assert scene.overlay == "menu"
    key(app, pygame.K_z, "z", pygame.KMOD_LCTRL)
    assert texts(scene)[:1] == ["draw"] and scene.overlay == "menu"


def test_the_window_keeps_a_readable_minimum_size(app):
    app.screen = pygame.display.set_mode((640, 400), pygame.RESIZABLE)
    app._resized()
    assert app.screen.get_size() == (1024, 576)


def test_a_long_refusal_is_shown_whole_and_moves_no_button(app):
    """Whole where it finds the room (under the bar, else at the log's foot),
    the bar's buttons where they were."""
    scene = start(app)
    before = [(b.text, tuple(b.rect)) for b in scene.ui.actions]
    reason = "Healing takes a pair of equal value matching the top card. " * 3
    scene.say(reason, error=False)  # a refusal itself stands over the table (banner)
    box = scene.ui.notice
    assert box.html_text.endswith("</font>") and reason[:20] in box.html_text
    assert before and [(b.text, tuple(b.rect)) for b in scene.ui.actions] == before
    assert box.room() == 0 and box.rect.height >= 3 * 18  # whole, not a cut-off fourth line
    assert not [b for b in scene.ui.buttons if b.rect.colliderect(box.rect)]


def test_the_log_names_a_private_card_only_to_a_lone_person(app):
    """The card a Jack took from you is named in your log against the computer,
    never in a hotseat log that the other player reads too."""
    from shrinetable.adapter.session import Applied
    from shrinetable.engine import Event

    steal = Event("steal", "p2 takes a card from p1's hand", 1, ("QH",), "hand:0", "hand:1", (1, 0))
    done = Applied(1, "jack p1", (steal,), False)
    alone = start(app).match.said(done, 0)
    assert alone == ["P2 takes a card from P1's hand (the Queen of hearts)"]
    assert start(app, ("human", "human")).match.said(done, 0) == ["P2 takes a card from P1's hand"]


def test_resize_rescales_cards(app):
    scene = start(app)
    small = scene.board.card_size("hand:0")
    app.screen = pygame.display.set_mode((1920, 1080), pygame.RESIZABLE)
    app._resized()
    app.step([], 0.01)
    big = scene.board.card_size("hand:0")
    assert big[0] > small[0] * 1.4


def play_args(**kw):
    import argparse

    base = dict(
        game="shrine",
        seats="human,computer",
        seed=1,
        option=[],
        trace=False,
        load=None,
        size="1280x720",
        fullscreen=False,
        card_set=None,
    )
    return argparse.Namespace(**{**base, **kw})


@pytest.mark.parametrize(
    "kw, words",
    [
        ({"game": "chess"}, "no game called 'chess'"),
        ({"seats": "human,robot"}, "robot"),
        ({"seats": "human"}, "2 to 4 seats"),
        ({"option": ["colour=red"]}, "no such option"),
        ({"option": ["balance"]}, "NAME=VALUE"),
        ({"size": "big"}, "WIDTHxHEIGHT"),
        ({"size": "640x360"}, "at least 1024x576"),
    ],
)
def test_bad_play_arguments_exit_2(kw, words, capsys):
    from shrinetable.commands import play

    assert play.run(play_args(**kw)) == 2
    assert words in capsys.readouterr().err


def test_broken_layout_stops_with_a_message(tmp_path, monkeypatch, capsys):
    from shrinetable.commands import play
    from shrinetable.engine import registry

    broken = tmp_path / "shrine.toml"
    broken.write_text('game = "shrine"\ncanvas = { width = 0, height = 900 }\n')
    monkeypatch.setattr(registry.get("shrine"), "layout_file", str(broken))
    assert play.run(play_args()) == 2
    err = capsys.readouterr().err
    assert "layout file is broken" in err and "canvas.width" in err and "Traceback" not in err
    pygame.quit()


def test_start_screen_starts_the_default_game(app):
    app.show_start()
    app.step([], 0.01)
    start_button = next(b for b, c in app.scene.actions.items() if c == ("start",))
    app.step([ev(pygame_gui.UI_BUTTON_PRESSED, ui_element=start_button)], 0.01)
    assert type(app.scene).__name__ == "GameScene"
    assert app.scene.match.session.seats == ["human", "computer"]


def test_start_screen_offers_the_balance_reshuffle_only_with_the_balance_card(app):
    app.show_start()
    app.step([], 0.01)

    def button(name):
        return next(b for b, c in app.scene.actions.items() if c == ("toggle", name))

    assert not button("balance_reshuffle").is_enabled
    app.step([ev(pygame_gui.UI_BUTTON_PRESSED, ui_element=button("balance"))], 0.01)
    assert button("balance_reshuffle").is_enabled
    app.step([ev(pygame_gui.UI_BUTTON_PRESSED, ui_element=button("balance_reshuffle"))], 0.01)
    app.step([ev(pygame_gui.UI_BUTTON_PRESSED, ui_element=button("balance"))], 0.01)
    assert app.scene.options["balance_reshuffle"] is False


def key(app, k, unicode="", mod=0):
    app.step([ev(pygame.KEYDOWN, key=k, unicode=unicode, mod=mod, scancode=0)], 0.01)


def test_keys_menu_rules_undo(app):
    scene = start(app)
    key(app, pygame.K_ESCAPE)
    assert scene.overlay == "menu"
    key(app, pygame.K_ESCAPE)
    assert scene.overlay is None
    key(app, pygame.K_SLASH, "?")
    assert scene.overlay == "rules"
    key(app, pygame.K_ESCAPE)
    click(app, scene.board.zones["deck"].center)
    assert texts(scene) == ["draw"]
    key(app, pygame.K_z, "z", pygame.KMOD_LCTRL)
    assert texts(scene) == []
    key(app, pygame.K_y, "y", pygame.KMOD_LCTRL)
    assert texts(scene) == ["draw"]


def test_game_over_screen_and_play_again(app):
    s = Session(GAME, 4, {}, ["computer", "computer"])
    while s.decision() is not None:
        s.play(s.computer_action())
    s.seats = ["human", "computer"]
    app.start_game(s)
    app.step([], 0.01)
    scene = app.scene
    assert scene.overlay == "gameover"
    labels = {b.text for b in scene.ui.commands}
    assert {"Play again", "Quit"} <= labels
    again = next(b for b, c in scene.ui.commands.items() if c == "again")
    app.step([ev(pygame_gui.UI_BUTTON_PRESSED, ui_element=again)], 0.01)
    assert app.scene is not scene and app.scene.match.session.history == []
    assert app.scene.match.session.seats == ["human", "computer"]


def test_save_key_writes_a_save_and_continue_resumes(app, tmp_path):
    from shrinetable.adapter import storage

    scene = start(app)
    click(app, scene.board.zones["deck"].center)
    key(app, pygame.K_s, "s", pygame.KMOD_LCTRL)
    saved = list((tmp_path / "saves").glob("shrine-42-*.json"))
    assert len(saved) == 1 and scene.message.startswith(f"Saved as {saved[0].name}")
    assert storage.has_autosave()
    app.show_start()
    app.step([], 0.01)
    cont = next(b for b, c in app.scene.actions.items() if c == ("continue",))
    assert cont.is_enabled
    app.step([ev(pygame_gui.UI_BUTTON_PRESSED, ui_element=cont)], 0.01)
    assert [a.text for a in app.scene.match.session.history] == ["draw"]


def test_several_matching_moves_ask_which(app):
    scene = start(app)
    click(app, scene.board.zones["deck"].center)
    tokens = [m for m in scene.moves if m.text.startswith("token")][:2]
    scene.choose(tokens)
    assert scene.overlay == "choice"
    assert sorted(a.text for a in scene.ui.actions.values()) == sorted(m.text for m in tokens)
    pick = next(b for b, a in scene.ui.actions.items() if a.text == tokens[1].text)
    app.step([ev(pygame_gui.UI_BUTTON_PRESSED, ui_element=pick)], 0.01)
    assert texts(scene)[1] == tokens[1].text and scene.overlay is None


def test_load_dialog_opens_a_save_and_reports_broken_ones(app, tmp_path):
    scene = start(app)
    click(app, scene.board.zones["deck"].center)
    key(app, pygame.K_s, "s", pygame.KMOD_LCTRL)
    saved = next((tmp_path / "saves").glob("*.json"))
    key(app, pygame.K_o, "o", pygame.KMOD_LCTRL)
    assert scene.overlay == "load" and scene.ui.window is not None
    bad = tmp_path / "bad.json"
    bad.write_text("{}")
    app.step(
        [ev(pygame_gui.UI_FILE_DIALOG_PATH_PICKED, text=str(bad), ui_element=scene.ui.window)], 0.01
    )
    assert app.scene is scene and scene.overlay is None and "bad.json" in scene.message
    app.step([ev(pygame_gui.UI_FILE_DIALOG_PATH_PICKED, text=str(saved), ui_element=None)], 0.01)
    assert app.scene is not scene and texts(app.scene) == ["draw"]


def test_a_card_the_game_does_not_describe_gets_a_plain_face(app):
    """The table draws whatever the game names: an unknown card, or any card of a
    game whose Presentation describes none, gets a plain face, never an error."""
    from shrinetable.engine import Presentation

    art = app.art
    art.use(GAME.present)
    assert art.card("ZZ", (80, 112)).get_size() == (80, 112)
    assert art.face("AS").style == "index" and art.face("ZZ").name == "ZZ"
    art.use(Presentation())
    assert art.card("AS", (80, 112)).get_size() == (80, 112)
    assert art.zoom("goblin#3", (300, 430)).get_size() == (300, 430)


def test_a_secret_move_is_hidden_in_the_log_and_the_trace(app, capsys):
    """A move answering a secret decision is shown to nobody, its maker included
    (the log is shared at one device): the log says only the events everybody
    may see (a secret choice with none says it was made), the trace says `secret`."""
    from shrinetable.adapter.session import Applied
    from shrinetable.engine import Event

    scene = start(app, ("human", "computer"))
    app.trace = True
    mine = Event("commit", "p1 proposes 9H", 0, ("9H",), "hand:0", "pending", (0,))
    public = Event("commit", "p1 has chosen", None, (None,), "hand:0", "pending")
    done = Applied(0, "propose 9H", (mine, public), secret=True)
    scene._record(done, animate=False)
    line = scene.log_rich[-1]
    assert "9H" not in rich_text(line) and line[:2] == (
        ("P1", seat_colour(0), True),
        (" has chosen", palette().text, False),
    )
    scene._record(Applied(0, "propose 9H", (mine,), secret=True), animate=False)
    said = rich_text(scene.log_rich[-1])
    assert "9H" not in said and said == "P1 commits a secret choice"
    assert capsys.readouterr().out.splitlines()[-1] == "action p1 secret"


def test_six_seat_colours_and_the_seat_counts_of_each_game(app):
    """One palette of six distinct seat colours; the start screen offers each
    game's own seat counts."""
    import pygame_gui

    from shrinetable.table.theme import THEMES

    assert all(len(set(p.seats)) == 6 for p in THEMES.values())
    app.show_start()
    scene = app.scene
    counts = next(info for info in scene.dropdowns.values() if info[0] == "count")
    assert counts[1] == [str(n) for n in range(GAME.min_seats, GAME.max_seats + 1)]
    count = next(d for d, info in scene.dropdowns.items() if info[0] == "count")
    app.step([ev(pygame_gui.UI_DROP_DOWN_MENU_CHANGED, text="4", ui_element=count)], 0.01)
    assert scene.seats == ["human", "computer", "computer", "computer"]
    assert sum(info[0] == "seat" for info in scene.dropdowns.values()) == 4


def test_start_screen_takes_a_file_for_an_option_that_takes_one(app, tmp_path):
    """An option a person may answer with a file they wrote (a deck) offers "From a
    file..." on the start screen: the picked file is checked by the game, named in
    the drop-down when good, and refused with the game's reason when not."""
    from shrinetable.engine import registry
    from shrinetable.table.start_scene import FROM_FILE

    game = next(
        registry.get(n) for n in registry.names() if any(o.file for o in registry.get(n).options)
    )
    spec = next(o for o in game.options if o.file)
    app.show_start()
    app.step([], 0.01)
    scene = app.scene
    scene.game = game
    scene.options = {o.name: o.default for o in game.options}
    scene.build_ui()
    dd = next(d for d, info in scene.dropdowns.items() if info[:2] == ("option", spec.name))
    app.step([ev(pygame_gui.UI_DROP_DOWN_MENU_CHANGED, ui_element=dd, text=FROM_FILE)], 0.01)
    assert scene.picking == spec.name
    bad = tmp_path / "bad.toml"
    bad.write_text("not = [valid")
    app.step([ev(pygame_gui.UI_FILE_DIALOG_PATH_PICKED, text=str(bad))], 0.01)
    assert scene.options[spec.name] == spec.default and "bad.toml" in scene.message
    assert type(app.scene).__name__ == "StartScene"  # not taken for a saved game


def test_the_computers_pace_is_chosen_on_the_start_screen_and_in_the_menu(app):
    """Slow, normal, fast, instant: on the start screen and in the game's menu,
    kept by the App for the session (SHRINETABLE_AI_DELAY=0 here reads as instant)."""
    from shrinetable.table.app import SPEEDS

    assert app.speed == "instant" and app.ai_delay == app.minor_delay == 0
    app.show_start()
    app.step([], 0.01)
    dd = next(d for d, info in app.scene.dropdowns.items() if info == ("speed",))
    assert [o[0] if isinstance(o, tuple) else o for o in dd.options_list] == list(SPEEDS)
    app.step([ev(pygame_gui.UI_DROP_DOWN_MENU_CHANGED, ui_element=dd, text="slow")], 0.01)
    assert (app.speed, app.ai_delay) == ("slow", 1.2)
    scene = start(app)
    key(app, pygame.K_ESCAPE)
    pace = {c: b for b, c in scene.ui.commands.items() if c.startswith("speed ")}
    assert list(pace) == [f"speed {n}" for n in SPEEDS]
    assert pace["speed slow"].text.endswith("slow") and pace["speed slow"].text != "slow"
    app.step([ev(pygame_gui.UI_BUTTON_PRESSED, ui_element=pace["speed fast"])], 0.01)
    assert (app.speed, app.ai_delay) == ("fast", 0.3) and scene.overlay == "menu"
    assert app.minor_delay < app.ai_delay


def test_minor_moves_go_at_animation_speed_and_the_pause_is_for_moves_worth_watching(
    app, monkeypatch
):
    """The delay scheduled before each computer or forced move (a still clock, so
    `ai_due` minus now is the delay): a Shrines tap for mana, a step to the next
    phase and the table's forced passes wait `minor_delay`; a draw, a source put
    into play, a creature cast wait the full pause."""
    from types import SimpleNamespace

    from shrinetable.engine import Event
    from shrinetable.engine.present import Presentation
    from shrinetable.table import game_scene

    monkeypatch.setattr(game_scene, "time", SimpleNamespace(monotonic=lambda: 100.0))
    app.set_speed("normal")
    app.start_game(Session(registry.get("shrines"), 42, {}, ["human", "computer"]))
    scene = app.scene
    waits: dict[tuple[str, bool], set[float]] = {}
    while len(scene.match.session.history) < 120 and scene.match.session.decision() is not None:
        if scene.ai_move is None:  # the person's own decision: the computer's choice
            scene.perform(scene.match.session.computer_action())
            continue
        move, auto = scene.ai_move.action, scene.ai_move.forced
        delay = round(scene.ai_due - 100.0, 6)
        waits.setdefault((move.text.split()[0], auto), set()).add(delay)
        scene.update(200.0)
    minor, full = app.minor_delay, app.ai_delay
    assert minor < full
    # the table's passes go at animation speed, but one that lets damage land
    # (priority before combat damage) changes a headline number: worth the pause
    assert minor in waits[("pass", True)] and waits[("pass", True)] <= {minor, full}
    assert waits[("tap", False)] == {minor} and minor in waits[("next", False)]
    for kind in ("draw", "source", "play"):
        assert waits[(kind, False)] == {full}, kind
    # a game with no word of its own: a move moving no card is minor
    assert Presentation().is_minor("x", [Event("k", "words")])
    assert not Presentation().is_minor("x", [Event("k", "words", cards=("c",))])


# -- a move the game proposes among several made by one gesture (Shrines R7) -----------


def _same_drop(moves):
    """Moves grouped by their gesture, its `preferred` mark aside."""
    from dataclasses import replace

    groups: dict = {}
    for m in moves:
        groups.setdefault(replace(m.gesture, preferred=False), []).append(m)
    return list(groups.values())


def test_the_proposal_among_moves_of_one_gesture():
    """`gestures.proposal`: the move a game marks among several made by one drop."""
    from types import SimpleNamespace

    from shrinetable.adapter import gestures
    from shrinetable.engine import Gesture

    def move(text, preferred=False, target="idols:0"):
        return gestures.Move(
            SimpleNamespace(text=text), Gesture(("a#1",), "hand:0", target, preferred=preferred)
        )

    a, b, c = move("pay A", True), move("pay B"), move("pay C", target="site:b2")
    assert gestures.proposal([b, a]) is a
    assert gestures.proposal([a]) is None  # one move: nothing to choose
    assert gestures.proposal([a, c]) is None  # two different drops
    assert gestures.proposal([b, move("pay D")]) is None  # the game proposes none


def test_a_drop_paid_several_ways_offers_the_proposal_first(app):
    """Shrines R7: each way to pay is its own legal move, the engine's proposal
    first. The game marks that one (`Gesture.preferred`); a drop matching them
    opens the choice with it first, labelled "(proposed · Enter)" and selected, and Enter
    takes it. Another payment is a click on its button."""
    from shrines_helpers import mana, spawn
    from shrines_helpers import start as shrines_at
    from test_shrines_table import GAME as SHRINES
    from test_shrines_table import spot
    from test_shrines_table import start as start_shrines

    from shrinetable.adapter import gestures

    def session():
        s = shrines_at("blue", "red")  # B, B, R, G in p1's pool, a 2R Brute in hand
        brute = spawn(s, "ashen-brute", 0)
        spawn(s, "grove-tender", 0)
        out = Session(SHRINES, 1, {"deck_p1": "blue", "deck_p2": "red"}, ["human", "human"])
        out.reset(mana(s, 0, "BBRG"))
        return out, brute

    s, brute = session()
    legal = SHRINES.legal_actions(s.state)
    for group in _same_drop(gestures.moves(SHRINES, s.state)):
        paying = [m for m in group if m.action.pay]
        if len(paying) > 1:  # the proposal is the first of its payments in the list
            first = min(paying, key=lambda m: legal.index(m.action))
            assert [m for m in paying if m.gesture.preferred] == [first]
    for pick_other in (False, True):
        scene = start_shrines(app, session()[0])
        group = next(
            g
            for g in _same_drop(scene.moves)
            if g[0].gesture.cards == (brute,) and gestures.proposal(g) is not None
        )
        g = group[0].gesture
        aim = (
            spot(scene.board.placed, g.target, g.target_card)
            if g.target_card
            else scene.board.zones[g.target].center
        )
        drag(app, spot(scene.board.placed, g.source, brute), aim)
        assert scene.overlay == "choice"
        proposal = gestures.proposal(group)
        assert scene.choices[0].action == proposal.action
        buttons = {
            a.text: b
            for b, a in scene.ui.actions.items()
            if b.ui_container is scene.ui.window.get_container()
        }
        assert buttons[proposal.text].text.endswith("(proposed \u00b7 Enter)")
        assert buttons[proposal.text].is_selected
        assert sum("(proposed" in b.text for b in buttons.values()) == 1
        before = len(scene.match.session.history)
        if pick_other:
            other = scene.choices[1]
            app.step([ev(pygame_gui.UI_BUTTON_PRESSED, ui_element=buttons[other.text])], 0.01)
            assert scene.match.session.history[before].text == other.text
        else:
            app.step([ev(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode="\r")], 0.01)
            assert scene.match.session.history[before].text == proposal.text
        assert scene.overlay is None
