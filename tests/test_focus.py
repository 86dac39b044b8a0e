"""The keyboard's focus on the table (issue 39): the order it steps in, and
every kind of move made by keys through the real input path (`App.step`
under SDL's dummy driver): a card picked up and dropped where only legal
places are in reach, cards added to a selection, a pile clicked by Enter, the
decision bar's number keys, Esc, a window's own focus, and a remapped key
kept for the next run. The plug-in test game gets all of it for free."""

from __future__ import annotations

import json

import pygame
import pygame_gui  # noqa: F401  # its event types made before any window closes (see below)
import pytest
from plugin_game import GAME as SEALED

from shrinetable.adapter import gestures
from shrinetable.adapter.match import Match
from shrinetable.adapter.session import Session
from shrinetable.engine import registry
from shrinetable.table import keymap
from shrinetable.table.focus import step, target_order, zone_order
from shrinetable.table.geometry import Placed

pytestmark = pytest.mark.usefixtures("dummy_video")
# pygame counts custom event types afresh after pygame.quit(): pygame_gui imported
# after one App closed would get the table's WAKE number for UI_BUTTON_PRESSED.

if SEALED.name not in registry.names():
    registry.register(SEALED)


def key(app, k: int, mod: int = 0, unicode: str = "") -> None:
    app.step(
        [pygame.event.Event(pygame.KEYDOWN, key=k, mod=mod, unicode=unicode, scancode=0)], 0.01
    )
    app.step(pygame.event.get(), 0.01)  # what the key posted (a button pressed)
    app.step([], 0.01)


def lines(capsys, prefix: str) -> list[str]:
    return [ln for ln in capsys.readouterr().out.splitlines() if ln.startswith(prefix)]


def test_zones_in_reading_order_and_places_by_zone_then_card():
    R = pygame.Rect
    zones = {"b": R(300, 0, 10, 10), "a": R(0, 100, 10, 10), "c": R(0, 0, 10, 10)}
    assert zone_order(zones) == ["c", "b", "a"]
    placed = [Placed("b", 1, "x", R(0, 0, 1, 1), 0), Placed("b", 0, "y", R(0, 0, 1, 1), 0)]
    spots = {("a", None), ("b", "x"), ("b", "y"), ("b", None)}
    assert target_order(spots, ["c", "b", "a"], placed) == [
        ("b", None),
        ("b", "y"),
        ("b", "x"),
        ("a", None),
    ]
    assert [step(3, None, 1), step(3, None, -1), step(3, 2, 1), step(0, None, 1)] == [0, 2, 0, None]


def _to(app, scene, zone: str, card: str | None = None) -> None:
    """Tab to `zone`, then the arrows to `card`."""
    for _ in range(40):
        if scene.focus.zone == zone:
            break
        key(app, pygame.K_TAB)
    for _ in range(40):
        at = scene.focus.card()
        if card is None or (at is not None and at.name == card):
            return
        key(app, pygame.K_RIGHT)
    raise AssertionError(f"{zone} {card} not reached")


def test_a_plug_in_game_by_keys_only(app, capsys):
    """Sealed Bids, which no table code names: a bid picked up by Enter has
    only the bids in reach and is dropped there by Enter; the next person
    takes the device by Enter and passes by the bar's number key."""
    app.trace = True
    session = Session(SEALED, 2, {}, ["human", "human", "computer", "computer", "computer"])
    app.start_game(session)
    app.step([], 0.01)
    scene = app.scene
    _to(app, scene, "hand:0", "A3")
    key(app, pygame.K_RETURN)
    assert scene.focus.carry is not None and scene.focus.carry.spots == [("bids", None)]
    assert scene.marks.targets == {("bids", None)}
    key(app, pygame.K_TAB)  # Tab steps over the legal places only
    assert scene.focus.spot() == ("bids", None)
    key(app, pygame.K_RETURN)
    assert [a.text for a in session.history] == ["bid A3"]
    assert scene.overlay == "handover"
    key(app, pygame.K_RETURN, unicode="\r")
    assert scene.viewer == 1
    bar = scene.ui.bar()
    n = [scene.ui.actions[b].text for b in bar].index("pass") + 1
    key(app, getattr(pygame, f"K_{n}"), unicode=str(n))
    assert session.history[-1].text == "pass"
    out = lines(capsys, "")
    assert "carry hand:0 A3" in out and "target bids -" in out


def test_esc_puts_carried_cards_back_and_a_selection_goes_together(app):
    """Shrine: two cards added to the selection by Shift+Enter are picked up
    together; the places in reach are exactly those of the moves that carry
    both; Esc puts them back and leaves the menu closed."""
    session = Session(registry.get("shrine"), 3, {}, ["human", "computer"])
    m = Match(session)
    m.autosave = False
    while not (pairs := [mv for mv in m.moves() if len(mv.gesture.cards) == 2]):
        m.step() if m.pending() is not None else m.act(0, m.hint(0).action)
    move = pairs[0]
    app.start_game(session)
    app.step([], 0.01)
    scene = app.scene
    first, second = move.gesture.cards
    _to(app, scene, move.gesture.source, first)
    key(app, pygame.K_RETURN, pygame.KMOD_SHIFT)
    _to(app, scene, move.gesture.source, second)
    key(app, pygame.K_RETURN)
    carry = scene.focus.carry
    assert carry is not None and sorted(carry.held) == sorted(move.gesture.cards)
    both = gestures.for_held(scene.moves, carry.held, move.gesture.source)
    assert set(carry.spots) == gestures.targets(both)
    key(app, pygame.K_ESCAPE)
    assert scene.focus.carry is None and scene.overlay is None and not scene.marks.targets


def test_a_pile_is_clicked_by_enter(app):
    """Shrine: Enter on the deck draws, as a click on it does."""
    game = registry.get("shrine")
    session = Session(game, 3, {}, ["human", "computer"])
    draws = gestures.clicks(gestures.moves(game, session.state), "deck")
    assert draws
    app.start_game(session)
    app.step([], 0.01)
    scene = app.scene
    _to(app, scene, "deck")
    key(app, pygame.K_RETURN)
    assert session.history[0].text in {m.text for m in draws}


def test_a_window_has_its_own_focus(app, capsys):
    """Esc opens the menu; Down focuses its first button, Enter presses it."""
    app.trace = True
    app.start_game(Session(registry.get("shrine"), 3, {}, ["human", "computer"]))
    app.step([], 0.01)
    scene = app.scene
    key(app, pygame.K_ESCAPE)
    assert scene.overlay == "menu"
    key(app, pygame.K_DOWN)
    assert lines(capsys, "focus button") == ["focus button Resume (Esc)"]
    key(app, pygame.K_RETURN)
    assert scene.overlay is None


def test_a_remapped_key_works_and_is_kept(app, tmp_path):
    """A key given to a command takes the place of its first key, leaves any
    other command, is refused for the table's fixed keys, and is kept."""
    km = keymap.Keymap()
    assert "kept for the table" in km.bind("next_zone", "escape")
    km.bind("next_zone", "n")
    assert json.loads((tmp_path / keymap.FILE).read_text())["next_zone"] == ["n"]
    km.bind("read", "n")
    assert keymap.Keymap().keys["next_zone"] == () and keymap.Keymap().keys["read"] == ("n",)
    keymap.Keymap().reset()
    keymap.Keymap().bind("next_zone", "n")
    app.start_game(Session(registry.get("shrine"), 3, {}, ["human", "computer"]))
    app.step([], 0.01)
    key(app, pygame.K_n, unicode="n")
    assert app.scene.focus.zone is not None
    (tmp_path / keymap.FILE).write_text("{not json")
    assert keymap.load() == keymap.defaults()


def test_keys_are_remapped_in_the_menu_by_keys_and_listed_in_the_rules(app, tmp_path):
    """Menu > Keys...: the first command's button (by its number key), then the
    new key; it is the command's key now, kept, and the rules list it."""
    from pygame_gui.elements import UITextBox

    app.start_game(Session(registry.get("shrine"), 3, {}, ["human", "computer"]))
    app.step([], 0.01)
    scene = app.scene
    key(app, pygame.K_ESCAPE)
    labels = [b.text for b in scene.ui.commands if scene.ui.commands[b] == "keys"]
    assert labels == ["Keys\u2026"]
    scene.command("keys")
    key(app, pygame.K_1, unicode="1")
    assert scene.binding == "next_zone"
    key(app, pygame.K_n, unicode="n")
    assert scene.binding is None and scene.keymap.keys["next_zone"] == ("n",)
    assert json.loads((tmp_path / keymap.FILE).read_text())["next_zone"] == ["n"]
    assert any("Focus the next zone" in b.text and ": N" in b.text for b in scene.ui.commands)
    key(app, pygame.K_ESCAPE)
    assert scene.overlay is None
    scene.command("rules")
    app.step([], 0.01)
    text = " ".join(
        e.html_text for e in scene.ui.window.get_container().elements if isinstance(e, UITextBox)
    )
    assert "<b>Keys</b>" in text and "N: Focus the next zone" in text


def test_the_focus_is_announced_in_words(app, tmp_path):
    """The focused card in full (its name and what can be done with it), a
    pile's top card, the places in reach while carrying and what a drop there
    does, and the cards put back: all reach the announcement file."""
    from shrinetable.table.announce import Announcer

    said = tmp_path / "said.txt"
    app.announcer = Announcer(str(said), mode="off")
    session = Session(registry.get("shrine"), 3, {}, ["human", "computer"])
    m = Match(session)
    m.autosave = False
    while m.pending() is not None or not [
        mv for mv in m.moves() if len(mv.gesture.cards) == 1 and mv.gesture.target
    ]:
        m.step() if m.pending() is not None else m.act(0, m.hint(0).action)
    app.start_game(session)
    app.step([], 0.01)
    scene = app.scene
    move = next(mv for mv in m.moves() if len(mv.gesture.cards) == 1 and mv.gesture.target)
    _to(app, scene, move.gesture.source, move.gesture.cards[0])
    _to(app, scene, "deck")
    key(app, pygame.K_LEFT)
    _to(app, scene, move.gesture.source, move.gesture.cards[0])
    key(app, pygame.K_RETURN)
    key(app, pygame.K_ESCAPE)
    text = said.read_text()
    present = session.game.present
    name = present.readable(move.gesture.cards[0])
    assert f"{name[:1].upper()}{name[1:]}" in text and "You can:" in text
    assert "A face-down card, in Deck." in text  # the pile's top card, as the table shows it
    assert f"Carrying {name}. Place: " in text
    assert text.rstrip().endswith("Put back where it was.")


def test_zero_lists_every_move_of_the_bar(app):
    """0 opens the choice window with every move the decision bar offers, so
    a bar of more than nine buttons has none out of the keys' reach."""
    session = Session(registry.get("shrine"), 3, {}, ["human", "computer"])
    m = Match(session)
    m.autosave = False
    while m.pending() is not None or len(gestures.buttons(m.moves())) < 2:
        m.step() if m.pending() is not None else m.act(0, m.hint(0).action)
    app.start_game(session)
    app.step([], 0.01)
    scene = app.scene
    bar = {scene.ui.actions[b].text for b in scene.ui.bar() if b in scene.ui.actions}
    key(app, pygame.K_0, unicode="0")
    assert scene.overlay == "choice" and {c.text for c in scene.choices} == bar
    first, made = scene.choices[0].text, len(session.history)
    key(app, pygame.K_DOWN)  # the window's first button
    key(app, pygame.K_RETURN)
    assert session.history[made].text == first


def test_the_load_dialog_by_keys(app, capsys):
    """Ctrl+O: the file dialog's path field and its buttons are reached by Tab
    and Shift+Tab (Cancel at its foot, the last), by their words; Esc closes it."""
    app.trace = True
    app.start_game(Session(registry.get("shrine"), 3, {}, ["human", "computer"]))
    app.step([], 0.01)
    scene = app.scene
    key(app, pygame.K_o, pygame.KMOD_CTRL)
    assert scene.overlay == "load"
    reached = set()
    for mod in (pygame.KMOD_SHIFT, *[0] * 12):  # Shift+Tab first: round to its foot
        key(app, pygame.K_TAB, mod)
        reached |= {ln.removeprefix("focus button ") for ln in lines(capsys, "focus button")}
    assert "Cancel" in reached  # (OK waits for a file chosen)
    assert any(r.startswith("/") for r in reached)  # the path field, by its text
    key(app, pygame.K_ESCAPE)
    assert scene.overlay is None


def test_the_load_dialogs_icon_buttons_say_words(app, capsys):
    """A play-through found the load window's four icons ("⌂", "⌧", "↑", "⇪")
    without words: each now shows a word whole, side by side in the window,
    keeps its tip, and the keys' focus reads it by that word."""
    from shrinetable.table.file_window import WORDS

    app.trace = True
    app.start_game(Session(registry.get("shrine"), 3, {}, ["human", "computer"]))
    app.step([], 0.01)
    scene = app.scene
    key(app, pygame.K_o, pygame.KMOD_CTRL)
    window = scene.ui.window
    icons = [getattr(window, name) for name in WORDS]
    assert [b.text for b in icons] == list(WORDS.values())
    inside = window.get_container().get_abs_rect()
    for b, after in zip(icons, [*icons[1:], None], strict=True):
        assert b.font.size(b.text)[0] <= b.rect.w - 8, b.text
        assert b.image.get_width() == b.rect.w, b.text  # drawn at that size at once
        assert inside.contains(b.rect) and b.tool_tip_text, b.text
        assert after is None or b.rect.right < after.rect.left, b.text
    reached = set()
    for _ in range(8):
        key(app, pygame.K_TAB)
        reached |= {ln.removeprefix("focus button ") for ln in lines(capsys, "focus button")}
    assert {"Home", "Up", "Refresh"} <= reached  # (Delete waits for a file chosen)


def test_a_quick_question_and_the_handover_by_keys(app):
    """Two people at one device (Shrines): the question to the other person
    is answered by its number key (1: pass without taking the device), and
    the handover screen is passed by Enter."""
    session = Session(registry.get("shrines"), 1, {}, ["human", "human"])
    app.start_game(session)
    app.step([], 0.01)
    scene = app.scene
    asked = handed = False
    for _ in range(300):
        if session.decision() is None or (asked and handed):
            break
        if scene.overlay == "ask":
            made = len(session.history)
            key(app, pygame.K_1, unicode="1")
            assert len(session.history) > made and scene.overlay != "ask"
            asked = True
        elif scene.overlay == "handover":
            seat = session.decision().seat
            key(app, pygame.K_RETURN, unicode="\r")
            assert scene.viewer == seat and scene.overlay is None
            handed = True
        elif scene.overlay == "confirm":  # the question before a skip: Enter says yes
            key(app, pygame.K_RETURN, unicode="\r")
        elif scene.my_decision():
            hint = scene.match.hint(scene.viewer)
            scene.aid.decide(hint.action)
            app.step([], 0.01)
        else:
            app.step([], 0.01)
    assert asked and handed


def test_the_wake_up_is_no_number_pygame_gives_out_again():
    """A window's thread posts WAKE; after a `pygame.quit()` the numbers of
    `custom_type()` start again, so WAKE must never be one of them (it was
    taken for pygame_gui's button press in a second window of one process)."""
    import pygame

    from shrinetable.table.scene import WAKE

    pygame.init()
    taken = {pygame.event.custom_type() for _ in range(8)}
    pygame.quit()
    pygame.init()
    taken |= {pygame.event.custom_type() for _ in range(8)}
    pygame.quit()
    assert WAKE not in taken


def test_a_thin_zone_is_ringed_outside_so_its_words_stay_clear():
    """A seat's status strip (26 px high) ringed inside its edge had its words
    (name, life, turn) under the ring; a zone with room keeps the ring inside."""
    from shrinetable.table.painter import ring

    felt = (30, 100, 70)
    screen = pygame.Surface((400, 300))
    strip = pygame.Rect(50, 50, 300, 26)
    screen.fill(felt)
    ring(screen, strip, True, 6)
    middle = [screen.get_at((x, strip.centery))[:3] for x in range(strip.left, strip.right)]
    assert set(middle) == {felt}  # nothing over the strip's line of words
    assert screen.get_at((strip.centerx, strip.top - 3))[:3] != felt  # ringed outside
    zone = pygame.Rect(50, 100, 300, 150)
    screen.fill(felt)
    ring(screen, zone, True, 6)
    assert screen.get_at((zone.centerx, zone.top + 3))[:3] != felt  # inside its edge
    assert screen.get_at((zone.centerx, zone.top - 3))[:3] == felt  # its label clear
