"""Issue 35: the cards that matter (the viewer's own, a decision's) get the
lines their name and numbers need in a crowded zone of strips; the others
share the rest, never over them."""

from __future__ import annotations

import pygame
import pytest

from shrinetable.engine import registry
from shrinetable.formats.layout import Place
from shrinetable.table.geometry import Scaler, strip_rects

ZONE = Place(rect=(0, 0, 200, 120), arrange="row", inside=True, card_scale=0.8)
SCALER = Scaler((1280, 720), (1280, 720))


def test_a_card_that_matters_gets_its_height_and_no_strip_lies_on_it():
    area = pygame.Rect(0, 0, 200, 160)
    plain = strip_rects(ZONE, area, 6, SCALER)
    assert max(r.h for r in plain) < 60
    tall = strip_rects(ZONE, area, 6, SCALER, tall={2: 60})
    assert tall[2].h == 60
    assert tall[2].collidelist(tall[3:]) == -1  # nothing later drawn over it
    assert all(area.contains(r) for r in tall)
    assert [r.top for r in tall] == sorted(r.top for r in tall)


def test_a_height_that_cannot_be_given_leaves_the_strips_as_they_were():
    area = pygame.Rect(0, 0, 200, 100)
    assert strip_rects(ZONE, area, 6, SCALER, tall={0: 90, 5: 90}) == strip_rects(
        ZONE, area, 6, SCALER
    )


@pytest.fixture
def fonts(tmp_path, monkeypatch):
    from shrinetable.table.art import Fonts

    monkeypatch.setenv("SHRINETABLE_DATA_DIR", str(tmp_path))
    pygame.font.init()
    f = Fonts()
    f.floor = 14
    return f


def test_a_long_name_beside_a_chip_reads_whole_over_three_lines(fonts):
    """Kaito the Drifting Blade, STRICKEN, five ratings, 176 px wide at 1280x720:
    two lines cut its name; three hold it, its numbers on the third."""
    from shrinetable.table.faces import strip_whole

    face = registry.get("usagi").present.card_face("kaito-the-drifting-blade")
    chips_at = 100  # the STRICKEN chip on its first line
    assert not strip_whole(fonts, face, (176, 40), chips_at)
    assert strip_whole(fonts, face, (176, 3 * 19 + 4), chips_at)
    fonts.drawn = []
    assert strip_whole(fonts, face, (176, 61), chips_at) and fonts.drawn == []  # a trial


def test_a_name_too_long_for_a_second_line_is_narrowed_on_its_first(fonts):
    """A two-line strip whose name's second part would be cut beside the numbers
    keeps the name on its first line, narrowed, the keywords beside the numbers."""
    from shrinetable.table.faces import draw_strip

    face = registry.get("usagi").present.card_face("kaito-the-drifting-blade")
    fonts.drawn = []
    draw_strip(fonts, face, (170, 40))
    names = [d for d in fonts.drawn if d.text.replace("\u2026", "") in face.name]
    assert [d.text for d in names] == [face.name]


def test_a_card_given_its_height_leaves_no_other_that_matters_under_a_strip():
    """Five seats of Usagi at 1280x720: Kaito (three lines) given its height
    pushed the viewer's Scarred Duelist under the next strip; the fit is tried
    again until neither is, the others in slivers (the zone opens on hover)."""
    from shrinetable.table.geometry import _whole  # the fit `place_cards` makes

    area = pygame.Rect(0, 0, 181, 170)
    fit = (ZONE, area, 6, SCALER, 0, 0, 0)
    wants = {"kaito": 61, "duelist": 23}
    cards = ["kaito", "a", "b", "c", "duelist", "d"]
    laid = _whole(strip_rects(*fit), fit, lambda _z, c, _s: wants.get(c, 0), "zone", cards)
    for i in (0, 4):
        assert laid[i].h >= wants[cards[i]]
        assert laid[i].collidelist(laid[i + 1 :]) == -1
    assert all(b.top - a.top >= 3 for a, b in zip(laid, laid[1:], strict=False))


def test_a_tall_card_leaves_no_strip_below_the_zone():
    """Shrines' site a5 at 150% and 1280x720: its first row given two lines
    left the row under it 14 px for a 28 px line, and that row was drawn
    over the label of the site below; where the rows do not fit in the zone,
    the strips stay as they were."""
    from shrinetable.table.geometry import _rows

    assert _rows(69, 74, [60, 0], 28, 60, 2) is None
    tops, highs = _rows(69, 92, [60, 0], 28, 60, 2)
    assert tops[-1] + highs[-1] <= 69 + 92 and highs[0] == 60
    area = pygame.Rect(0, 0, 334, 107)
    fit = (ZONE, area, 4, SCALER, 0, 0, 0)
    assert all(area.contains(r) for r in strip_rects(*fit, tall={0: 60}))


def test_a_lone_card_that_matters_gets_its_three_lines():
    """Shrines' site b1 at 1280x720: one of the viewer's Structures, its name
    over two lines and its numbers on a third, is laid again at that height
    (the fit is checked once more after the last card is given its height)."""
    from shrinetable.table.geometry import _whole

    area = pygame.Rect(0, 0, 96, 162)
    fit = (ZONE, area, 1, SCALER, 0, 0, 0)
    plain = strip_rects(*fit)
    assert plain[0].h < 61
    laid = _whole(plain, fit, lambda _z, _c, size: 61 if size[1] < 61 else size[1], "z", ["p"])
    assert laid[0].h >= 61 and area.contains(laid[0])


def test_a_busy_zone_lends_the_height_its_cards_and_badge_do_not_need():
    """A zone that says `spare` keeps a line for a badge only where it has one
    (five Usagi seats: the right seat's Event, one card, lends to the Involved
    zone above it), and a zone grown across an empty neighbour takes nothing
    from a busy one the other way: no two zones lie on each other."""
    from shrinetable.bench.render import showcase
    from shrinetable.formats.layout import load_layout
    from shrinetable.resources import layout_path
    from shrinetable.table.geometry import GAP, zone_areas

    game = registry.get("usagi")
    layout = load_layout(layout_path("usagi"))
    view = game.view(showcase(game, 5).state, 0)
    badged = {"field:3", "field:4", "chronicle:3"}
    areas = zone_areas(layout, view, 0, badged)
    assert areas["involved:3"][3] > zone_areas(layout, view, 0)["involved:3"][3]
    rects = {z: pygame.Rect(*map(round, r)) for z, r in areas.items()}
    for a, ra in rects.items():
        for b, rb in rects.items():
            assert a == b or min(ra.clip(rb).size) <= GAP, (a, b)  # `_beside`'s slack


def test_strips_under_their_zones_badge_go_left_of_it_where_they_read_there():
    """A zone too low for its strips to end above its badge (a larger text
    size): a strip of a card that matters under the badge goes left of it
    where it reads whole there; too narrow there, or no card that matters
    under it, the strips stay as they were (`place_cards`' badges)."""
    from shrinetable.table.geometry import _clear_of_badge

    area = pygame.Rect(0, 0, 860, 70)
    fit = (ZONE, area, 1, SCALER, 0, 54, 0)
    rects = strip_rects(*fit)
    badge = pygame.Rect(area.right - 2 - 590, area.bottom - 2 - 52, 590, 52)
    assert rects[0].colliderect(badge)  # the zone is too low to end above it

    def need(wide: int):
        return lambda _z, c, s: 0 if c != "mine" else (40 if s[0] >= wide else 200)

    moved = _clear_of_badge(rects, fit, badge.size, 0, need(250), "z", ["mine"])
    assert not moved[0].colliderect(badge) and moved[0].w >= 250 and area.contains(moved[0])
    assert _clear_of_badge(rects, fit, badge.size, 0, need(300), "z", ["mine"]) == rects
    assert _clear_of_badge(rects, fit, badge.size, 0, need(250), "z", ["theirs"]) == rects
