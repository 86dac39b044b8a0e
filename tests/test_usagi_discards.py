"""Issue 41, fewer questions: several hand cards dropped on the rest pile are one
discard decision (`gestures.Run`), by the pointer and by the keys alike. The
rules stay U27's (docs/rules/usagi.md: one card at a time, then `discard`
alone; with a Hero in play the first card ends the discard): the table makes
those same moves, each from the engine's legal list, so nothing else changes.
The bench counts such a selection as the one question it is."""

from __future__ import annotations

import pygame
import pytest
from table_input import click, drag
from test_focus import _to, key
from test_sorcerer_table import history, spot, start
from test_usagi_table import _to_step

from shrinetable.adapter import gestures
from shrinetable.adapter.match import Match
from shrinetable.adapter.session import Session
from shrinetable.bench.prompts import questions
from shrinetable.engine import registry
from shrinetable.games.usagi.rules import has_hero

GAME = registry.get("usagi")


def _discarding(seed: int = 3) -> Session:
    """A hotseat game at p1's first discard step: no Hero in play yet (U27:
    any number of cards, one at a time)."""
    session = Session(GAME, seed, {}, ["human", "human"])
    _to_step(session, "discard", seat=0)
    assert not has_hero(session.state, 0) and len(session.state.hand[0]) >= 3
    return session


def test_u27_discards_one_at_a_time_may_go_in_one_drop():
    """U27: with no Hero in play each card of the hand may go, one after
    another: each such move is marked `again`, and a selection of them is a
    Run of their moves, then `discard` alone (discard no more)."""
    s = _discarding().state
    moves = gestures.moves(GAME, s)
    alone = [m for m in moves if m.text.startswith("discard ")]
    assert alone and all(m.gesture.again for m in alone)
    held = tuple(m.gesture.cards[0] for m in alone[:3])
    (run,) = gestures.for_held(moves, held, "hand:0")
    assert run.gesture.target == "rest:0" and isinstance(run.action, gestures.Run)
    assert [a.text for a in run.action.actions] == [f"discard {c}" for c in held]
    assert run.action.stop.text == "discard"


def test_u27_with_a_hero_in_play_one_card_ends_the_discard_so_no_selection():
    """U27: with a Hero in play the first card ends the discard: no move is
    `again`, and two cards held make no move at all."""
    session = Session(GAME, 4, {}, ["human", "human"])
    for _ in range(40):
        _to_step(session, "discard", seat=0)
        if has_hero(session.state, 0):
            break
        session.play(session.computer_action())
    s = session.state
    assert has_hero(s, 0) and s.step == "discard"
    moves = gestures.moves(GAME, s)
    assert not any(m.gesture.again for m in moves)
    held = tuple(sorted(s.names[c] for c in s.hand[0])[:2])
    assert gestures.for_held(moves, held, "hand:0") == []
    said = Match(session).refusal(0, held, "hand:0", "rest:0", None)
    assert said.startswith("Each of these cards may go there, but not together now")


@pytest.mark.usefixtures("dummy_video")
def test_a_selection_dropped_on_the_rest_pile_is_one_decision(app):
    """Two cards clicked into the selection, a third dragged with them onto the
    rest pile: the three discards and `discard` (no more), the next seat's turn."""
    session = _discarding()
    scene = start(app, session)
    hand = scene.view().zones["hand:0"].cards
    a, b, c = hand[:3]
    n = len(history(scene))
    click(app, spot(scene, "hand:0", a))
    click(app, spot(scene, "hand:0", b))
    drag(app, spot(scene, "hand:0", c), scene.board.zones["rest:0"].center)
    assert history(scene)[n:] == [f"discard {x}" for x in (a, b, c)] + ["discard"]
    assert session.decision().seat != 0 or session.decision().kind != "discard"


@pytest.mark.usefixtures("dummy_video")
def test_one_undo_takes_a_dropped_selection_back_whole(app):
    """The selection's moves are one gesture (`Applied.joined`): one undo puts
    every card back in the hand and asks the discard again; redo drops them
    all once more."""
    session = _discarding()
    scene = start(app, session)
    hand = scene.view().zones["hand:0"].cards
    a, b, c = hand[:3]
    n = len(history(scene))
    click(app, spot(scene, "hand:0", a))
    click(app, spot(scene, "hand:0", b))
    drag(app, spot(scene, "hand:0", c), scene.board.zones["rest:0"].center)
    made = [f"discard {x}" for x in (a, b, c)] + ["discard"]
    assert history(scene)[n:] == made
    scene.undo()
    assert len(history(scene)) == n and scene.flyers == []  # nothing of it still flies
    assert scene.view().zones["hand:0"].cards == hand
    d = session.decision()
    assert (d.seat, d.kind) == (0, "discard")
    scene.redo()
    assert history(scene)[n:] == made


@pytest.mark.usefixtures("dummy_video")
def test_a_selection_goes_to_the_rest_pile_by_keys(app):
    """The keyboard does the same: Shift+Enter adds two cards, Enter picks up
    the third with them, the rest pile is the one place in reach, Enter drops."""
    session = _discarding()
    scene = start(app, session)
    hand = scene.view().zones["hand:0"].cards
    a, b, c = hand[:3]
    n = len(history(scene))
    for card in (a, b):
        _to(app, scene, "hand:0", card)
        key(app, pygame.K_RETURN, pygame.KMOD_SHIFT)
    _to(app, scene, "hand:0", c)
    key(app, pygame.K_RETURN)
    carry = scene.focus.carry
    assert carry is not None and carry.spots == [("rest:0", None)]
    key(app, pygame.K_RETURN)
    assert history(scene)[n:] == [f"discard {x}" for x in (a, b, c)] + ["discard"]


def test_the_bench_asks_once_for_a_selection():
    """`bench prompts`: the discards p1 makes one after another and the stop are
    one question (the selection dropped), every other move one each."""
    session = Session(GAME, 3, {}, ["human", "computer", "computer", "computer"])
    m = Match(session)
    kinds: list[str] = []
    while m.turn_number() == 1 and (d := m.decision()) is not None:
        if m.pending() is not None:
            m.step()
            continue
        a = session.computer_action()
        kinds.append(d.kind)
        m.act(d.seat, a)
    discards = kinds.count("discard")
    assert discards >= 3  # a selection, then the stop (or the hand emptied)
    assert questions("usagi", 3, 4)[0] == len(kinds) - discards + 1


@pytest.mark.usefixtures("dummy_video")
def test_a_selection_left_over_makes_no_move_later(app):
    """A selection's rest goes on only from its own last move: one refused or
    declined (the first card never went) leaves nothing to be made later."""
    session = _discarding()
    scene = start(app, session)
    hand = scene.view().zones["hand:0"].cards
    n = len(history(scene))
    scene.plan, scene.plan_after = [GAME.parse_action(f"discard {hand[1]}")], f"discard {hand[0]}"
    scene.after_change()
    assert history(scene)[n:] == [] and scene.plan == []
