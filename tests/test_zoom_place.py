"""The enlarged card stands where it covers no card the player selected, and
where it can no card of the decision (the play-test: the hover zoom covered
cards just selected for a discard). `zoom.spots` lists the places, best
first; `zoom.spot` takes the first that leaves every kept card in view."""

from __future__ import annotations

import time

import pygame
import pytest

from shrinetable.bench.render import showcase
from shrinetable.engine import registry
from shrinetable.table import zoom

SCREEN = pygame.Rect(0, 0, 1280, 720)
SIZE = (211, 302)  # a risen hand card's enlargement at 1280x720


def _whole(rect: pygame.Rect) -> list[pygame.Rect]:
    return [rect]


def test_a_risen_card_stands_over_its_place_when_that_covers_nothing_kept():
    under = pygame.Rect(600, 560, 94, 131)
    places = zoom.spots(SCREEN, SIZE, under, rise=True)
    assert places[0].midbottom == under.midbottom
    assert zoom.spot(places, ([], [], []), _whole) == places[0]


def test_a_selected_card_beside_it_stays_in_view_and_then_the_decision_s_cards():
    under = pygame.Rect(600, 560, 94, 131)
    right = pygame.Rect(700, 560, 94, 131)  # selected
    left = pygame.Rect(300, 560, 94, 131)  # a card of the decision
    places = zoom.spots(SCREEN, SIZE, under, rise=True)
    chosen = zoom.spot(places, ([right], [left], []), _whole)
    assert not chosen.colliderect(right) and not chosen.colliderect(left)
    assert chosen.bottom == under.bottom and chosen.colliderect(under)  # still risen from it
    # nowhere clear of both: the selected card first
    everywhere = [pygame.Rect(x, y, 100, 100) for x in range(0, 1280, 100) for y in (0, 620)]
    chosen = zoom.spot(places, ([right], everywhere, []), _whole)
    assert not chosen.colliderect(right)


def test_a_hovered_card_s_enlargement_leaves_its_card_in_view_where_it_can():
    under = pygame.Rect(1180, 300, 80, 112)  # at the window's right edge
    places = zoom.spots(SCREEN, (312, 446), under, rise=False)
    chosen = zoom.spot(places, ([], [], [under]), _whole)
    assert not chosen.colliderect(under) and SCREEN.contains(chosen)


ZOOMED = [n for n in registry.names() if registry.get(n).present.zoom_on_hover]


@pytest.mark.parametrize("name", ZOOMED)
def test_no_hand_card_s_enlargement_covers_the_cards_selected(app, name):
    """Every hand card of the game's showcase hovered with the hand's other
    cards (two at most) selected: nothing of the enlargement (card, shadow,
    notes) lies on a selected card."""
    app.start_game(showcase(registry.get(name)))
    app.step([], 0.01)
    scene = app.scene
    hand = [p for p in scene.board.placed if p.zone in scene.board.hands and p.name]
    assert len(hand) >= 2, name
    for card in hand:
        others = [p.index for p in hand if p is not card][:2]
        scene.marks.selected = {card.zone: frozenset(others)}
        scene.zoom.motion((1, 1))
        scene.draw(app.screen)  # the selection raised
        now = next(p for p in scene.board.placed if (p.zone, p.index) == (card.zone, card.index))
        scene.zoom.motion(now.rect.center)
        scene.update(time.monotonic())
        scene.draw(app.screen)
        assert scene.zoom.zoomed == card.name and scene.zoom.covers
        chosen = [p.rect for p in scene.board.placed if p.index in others and p.zone == card.zone]
        assert not [(c, r) for c in scene.zoom.covers for r in chosen if c.colliderect(r)], (
            card.name
        )
