"""A viewer's hand of 9, 12 and 16 cards (Shards' discard down to eight,
Shrines' hand grown turn after turn) is read card by card at 1280x720 and
1920x1080: every own card's name and numbers in view, none of the decision's
cards covered (the play-test found a hand of nine laid over itself)."""

from __future__ import annotations

import pytest

from shrinetable.adapter.match import Match
from shrinetable.adapter.session import Session
from shrinetable.bench.legibility import measure
from shrinetable.engine import registry
from shrinetable.players import player

KEEP = ("pass", "end", "next", "draw")  # seat 0 keeps its cards: its hand grows


def hand_of(game_name: str, n: int, kind: str | None = None, seed: int = 1):
    """A seeded two-seat game where seat 0 holds back (passes, draws, ends its
    turn where it may) until it decides holding `n` cards (a decision with a
    legal action of `kind`, if given), seat 0 then a person."""
    game = registry.get(game_name)
    ai = player(game, "ai")

    def hoard(state, rng):
        acts = game.legal_actions(state)
        return next((a for k in KEEP for a in acts if a.kind == k), None) or ai(state, rng)

    s = Session(game, seed, {}, ["computer"] * 2)
    m = Match(s, [hoard, ai])
    while (d := m.decision()) is not None:
        kinds = {a.kind for a in game.legal_actions(s.state)} if kind else set()
        if d.seat == 0 and len(m.view(0).zones["hand:0"].cards) == n and kind in kinds | {None}:
            s.seats[0] = "human"
            return s
        m.step()
    raise AssertionError(f"{game_name} seed {seed}: no hand of {n}")


CASES = [
    ("shards", 9, "discard"),
    ("shrines", 9, None),
    ("shrines", 12, None),
    ("shrines", 16, None),
]


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
@pytest.mark.parametrize(("game", "n", "kind"), CASES)
def test_every_card_of_a_big_hand_shows_its_name_and_numbers(game, n, kind, size):
    fig = measure(game, 2, size, session=hand_of(game, n, kind))
    assert fig["cut_own_names"] == 0, fig["cut_own"]
    assert fig["overlaps"] == 0, fig["overlapping"]
    assert fig["min_text_px"] >= {(1280, 720): 14, (1920, 1080): 18}[size], fig


@pytest.mark.usefixtures("dummy_video")
@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
def test_a_strip_shows_its_cost_where_it_fits(size):
    """A strip showed a card's name and numbers, not its cost (Shrines' mana
    symbols): each strip of Shrines' hand of 16 now shows its cost's pips
    after the name where they fit before its numbers, the name whole."""
    import pygame

    from shrinetable.table.app import App
    from shrinetable.table.faces import draw_strip, strip_whole

    app = App(size)
    app.start_game(hand_of("shrines", 16))
    app.step([], 0.01)
    board = app.scene.board
    strips = [p for p in board.placed if p.zone == "hand:0" and p.strip]
    assert len(strips) == 16
    shown = 0
    for p in strips:
        face = app.art.face(p.name)
        assert strip_whole(app.fonts, face, p.rect.size)
        with app.fonts.trial() as drawn:
            draw_strip(app.fonts, face, p.rect.size, cost=True)
        texts = [d.text for d in drawn]
        pips = [pip.text for pip in face.cost]
        if pips and texts[-len(pips) :] == pips:
            shown += 1
    assert shown >= {(1280, 720): 7, (1920, 1080): 10}[size]  # of the 13 with a cost
    pygame.quit()
