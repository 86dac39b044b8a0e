"""Another seat's labels where its zones are too small for whose they are
(Usagi at five and six seats, Shards' and Sorcerer's top rows, at 150% text):
"P3 Deck" could not be whole in a 94 x 44 px zone beside its count, and read
"P3…", "P3 H…", "P3 D…". Where a zone of the same seat in line with it (its
column's Field, its row's first zone) says whose they are, its label drops
the owner ("Deck", "Hand", "Dead"), whole; at 100% every label is as before."""

from __future__ import annotations

import re

import pygame
import pytest

from shrinetable.bench.legibility import measure
from shrinetable.bench.render import showcase
from shrinetable.engine import registry
from shrinetable.table.faces import CONDENSE

pytestmark = pytest.mark.usefixtures("dummy_video")
CASES = [("usagi", 5), ("usagi", 6), ("shards", 2), ("sorcerer", 2)]
SIZES = [(1280, 720), (1920, 1080)]


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize(("game", "seats"), CASES)
def test_no_label_of_another_seat_is_cut_at_150_percent(game, seats, size):
    fig = measure(game, seats, size, scale=1.5)
    assert not [t for t in fig["cut"] if re.match(r"P\d", t)], fig["cut"]


def board(game: str, seats: int, size, scale: float):
    from shrinetable.table import uiscale
    from shrinetable.table.app import App

    uiscale.save(scale)
    app = App(size)
    app.start_game(showcase(registry.get(game), seats))
    app.step([], 0.01)
    return app, app.scene.board


def labels(b) -> dict[str, str]:
    """Each other seat's zone's label, as the table draws it."""
    names, corners = b._seat_names(), b._corner_widths()
    out = {}
    for name, rect in b.zones.items():
        owner = b.view.zones[name].owner
        if ":" not in name or owner is None or owner == b.viewer or name in b.decor.huds:
            continue
        place = b.layout.place(name, b.viewer, b.view.seats)
        px = b.scaler.length(12 if place.inside else 15)
        width = rect.w - 8 - corners.get(name, 0) if place.inside else rect.w
        out[name] = b._label_words(name, names, px, width)[0], px, width
    return out


@pytest.mark.parametrize(("game", "seats"), CASES)
def test_a_label_without_its_owner_stands_in_line_with_one_that_says_it(game, seats):
    """At 150% 1280x720 each label that drops its owner is whole, and a zone
    of the same seat in its row or column says whose (its label, whole, or
    the seat's figures)."""
    app, b = board(game, seats, (1280, 720), 1.5)
    drawn = labels(b)
    names = b._seat_names()
    alone = 0
    for name, (text, px, width) in drawn.items():
        owner = names[b.view.zones[name].owner].split()[0]
        if text.startswith(owner):
            continue
        alone += 1
        assert app.fonts.font(px, True).size(text)[0] * CONDENSE <= width - 4, text
        me = b.zones[name]
        sayers = [
            other
            for other, rect in b.zones.items()
            if b.view.zones[other].owner == b.view.zones[name].owner
            and (other in b.decor.huds or drawn.get(other, ("",))[0].startswith(owner))
            and (
                (rect.left <= me.left and rect.right >= me.right)
                or rect.top == me.top
                or (rect.top <= me.top and rect.bottom >= me.bottom)
            )
        ]
        assert sayers, (name, text)
    assert alone
    pygame.quit()


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize(("game", "seats"), CASES)
def test_at_100_percent_every_label_keeps_its_owner(game, seats, size):
    app, b = board(game, seats, size, 1.0)
    names = b._seat_names()
    for name, (text, _, _) in labels(b).items():
        assert text.startswith(names[b.view.zones[name].owner].split()[0]), (name, text)
    pygame.quit()
