"""Found playing Shrine at 1280x720 (issue 41's play-through): the "Which
move?" window cut its labels at a fixed width where they differ ("...paying
with the Ace of dia" for both ways to pay for a Dagger), and it stood in the
middle of the table over the Tokens its "Block with..." moves name; the
"Sure?" window's text scrolled in three lines while its window had room to
spare. Each window is read here as the person sees it, in process with the
dummy video driver: every label whole in its button, no card a listed move
names under the window, the question's text whole in its box."""

from __future__ import annotations

import pygame
import pytest
from game_helpers import match_after
from pygame_gui.elements import UIButton, UITextBox
from shrine_helpers import ATTACKED, TWO_ACES

from shrinetable.adapter.session import Session
from shrinetable.engine import registry
from shrinetable.games.shrine import GAME
from shrinetable.table.overlay import Overlay
from shrinetable.table.theme import font_step

pytestmark = pytest.mark.usefixtures("dummy_video")


def choosing(app, session: Session, words: tuple[str, ...]):
    """The table at `session` (p1 to decide), its "Which move?" window open
    over the moves whose notation holds all of `words`."""
    app.start_game(session)
    app.step([], 0.01)
    scene = app.scene
    found = [mv for mv in scene.match.moves() if all(w in mv.text for w in words)]
    assert len(found) == 2, [mv.text for mv in scene.match.moves()]
    scene.choose(found)
    app.step([], 0.01)
    assert scene.overlay == Overlay.CHOICE
    return scene


def buttons(scene) -> list[UIButton]:
    inside = scene.ui.window.get_container().elements
    return [e for e in inside if isinstance(e, UIButton)]


def test_each_way_to_pay_is_read_whole_in_the_choice_window(app):
    scene = choosing(app, match_after(GAME, 5, ATTACKED + TWO_ACES).session, ("dagger", "QH"))
    labels = [b for b in buttons(scene) if b.text != "Cancel"]
    assert len(labels) == 2
    font = app.fonts.font(font_step(14))
    for b in labels:
        assert "paying with the Ace of" in b.text
        assert font.size(b.text)[0] <= b.rect.w - 8, b.text  # the whole label, not "...of dia"
    window = scene.ui.window.get_abs_rect()
    assert pygame.Rect((0, 0), app.screen.get_size()).contains(window)


def test_the_choice_window_leaves_the_blocking_tokens_in_view(app):
    scene = choosing(app, match_after(GAME, 5, ATTACKED).session, ("block",))
    named = {c for mv in scene.choices for c in mv.gesture.cards}
    assert named == {"JS", "QD"}
    tokens = [p.rect for p in scene.board.placed if p.name in named]
    assert len(tokens) == 2
    window = scene.ui.window.get_abs_rect()
    assert not any(window.colliderect(t) for t in tokens), (window, tokens)


def test_the_sure_window_shows_its_whole_question(app):
    """Shards' Starting cards: beginning with one of five asks first, naming the
    four left; the question reads whole in its box, none of them under it."""
    session = Session(registry.get("shards"), 4, {}, ["human", "computer"])
    app.start_game(session)
    app.step([], 0.01)
    scene = app.scene
    moves = scene.match.moves()
    alone = next(mv for mv in moves if mv.gesture.cards == ("hearth-farmstead#1",))
    scene.aid.decide(alone.action)
    app.step([], 0.01)
    assert scene.overlay == Overlay.CONFIRM
    box = next(e for e in scene.ui.window.get_container().elements if isinstance(e, UITextBox))
    assert "Vanguard Drummer" in box.html_text
    assert box.scroll_bar is None  # all of it in view, nothing to scroll to
    window = scene.ui.window.get_abs_rect()
    left = {c for mv in moves for c in mv.gesture.cards}
    cards = [p.rect for p in scene.board.placed if p.name in left]
    assert cards and not any(window.colliderect(c) for c in cards)


def test_the_sure_windows_yes_has_one_bracket_its_key(app, monkeypatch):
    """Usagi's "Sure?" read "Yes: Finished (no more actions this turn) (Enter)":
    the move's own aside goes, the key stays."""
    game = registry.get("usagi")
    session = Session(game, 3, {}, ["human", "human"])
    while not any(a.text == "finished" for a in game.legal_actions(session.state)):
        session.play(game.legal_actions(session.state)[-1])
    app.start_game(session)
    app.step([], 0.01)
    scene = app.scene
    finished = next(mv for mv in scene.match.moves() if mv.action.text == "finished")
    monkeypatch.setattr(scene.match, "skip_warning", lambda a: "You could still act.")
    scene.aid.decide(finished.action)
    app.step([], 0.01)
    assert scene.overlay == Overlay.CONFIRM
    words = [b.text for b in buttons(scene)]
    assert "Yes: Finished (Enter)" in words, words
    assert not [w for w in words if w.count("(") > 1], words
