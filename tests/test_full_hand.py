"""Found playing Shards at 1280x720 (issue 41's play-through): with seven
cards in hand each card lay over the one before it, on its numbers ("O4/H4"
read "O4/H", "D5" read "D"). A row of a person's cards that would overlap
is drawn a little smaller (to `geometry.CROWD` of its size) before its cards
cover each other, so each card's numbers stay in view: checked here on the
board the window draws, with the faces' own record of where their numbers
went, for every game's hand at its largest."""

from __future__ import annotations

import pygame
import pytest

from shrinetable.adapter.match import Match
from shrinetable.adapter.session import Session
from shrinetable.engine import registry
from shrinetable.table import geometry as geo

pytestmark = pytest.mark.usefixtures("dummy_video")


def big_hand(app, name: str, at_least: int):
    """The table at a seeded game of `name` where p1 holds `at_least` cards
    (p1 drawing whenever a move draws, the computer otherwise)."""
    session = Session(registry.get(name), 2, {}, ["human", "computer"])
    m = Match(session)
    for _ in range(3000):
        d = m.decision()
        assert d is not None, "the game ended before the hand grew"
        held = m.view(0).zones[m.hand(0)].cards
        if d.seat == 0 and len(held) == at_least and m.pending() is None:
            break
        if m.pending() is not None:
            m.step()
            continue
        draws = [mv for mv in m.moves() if "draw" in mv.text or "research" in mv.text]
        m.act(d.seat, draws[0].action if d.seat == 0 and draws else session.computer_action())
    app.start_game(session)
    app.step([], 0.01)
    return app.scene


def test_a_full_shards_hand_shows_each_cards_numbers(app):
    scene = big_hand(app, "shards", 8)
    board = scene.board
    app.art.clear()  # every face drawn anew, its words' places recorded
    scene.board._bg_key = None
    app.fonts.areas = {}
    scene.base_dirty = scene.dirty = True
    scene.draw(app.screen)
    hand = [p for p in board.placed if p.zone == scene.match.hand(0)]
    assert len(hand) >= 8
    full = geo.card_size(board.layout, board.layout.place(hand[0].zone, 0, 2), board.scaler)
    assert hand[0].rect.w >= round(full[0] * geo.CROWD) - 1  # a little smaller, no more
    checked = 0
    for a, b in zip(hand, hand[1:], strict=False):
        numbers = [
            r.move(a.rect.topleft)
            for kind, r in app.fonts.areas.get((a.name, a.rect.size), [])
            if kind == "numbers"
        ]
        for box in numbers:  # (a Tactic has none)
            assert box.right <= b.rect.left + 1, (a.name, box, b.rect)  # not under the next card
            checked += 1
    assert checked >= 2
    assert all(pygame.Rect((0, 0), app.screen.get_size()).contains(p.rect) for p in hand)
