"""Issue 35: zones share the room by how full they are. A zone that `takes`
room from a neighbour grows into it while the neighbour is empty and it holds
cards; the lender keeps its `least`; `shrinetable check` names a bad `takes`."""

from __future__ import annotations

import pytest

from shrinetable.engine import View, ZoneView
from shrinetable.formats.layout import LayoutError, load_layout, parse_layout, taken
from shrinetable.resources import layout_path
from shrinetable.table.geometry import zone_areas

LAYOUT = """
game = "x"
canvas = { width = 1000, height = 600 }
card = { width = 90, height = 126 }
[panels]
log = [900, 0, 100, 200]
status = [900, 200, 100, 200]
buttons = [900, 400, 100, 200]
[players.2.seats.opposite]
field = { rect = [0, 0, 800, 200], arrange = "row", label = "Field" }
event = { rect = [0, 204, 396, 100], arrange = "row", label = "Event", takes = ["self.event"] }
[players.2.seats.self]
event = { rect = [404, 204, 396, 100], arrange = "row", label = "Mine", takes = ["opposite.event"] }
field = { rect = [0, 400, 800, 200], arrange = "row", label = "Your field" }
hand = { rect = [0, 308, 800, 88], arrange = "row", label = "Hand", takes = ["field"], weight = 2 }
"""


def view(**cards) -> View:
    zones = {
        f"{kind}:{seat}": ZoneView(
            name=f"{kind}:{seat}",
            owner=seat,
            cards=tuple(cards.get(f"{kind}{seat}", ())),
        )
        for kind in ("field", "event", "hand")
        for seat in (0, 1)
        if not (kind == "hand" and seat == 1)
    }
    return View(seat=0, seats=2, zones=zones, decision=None, outcome=None)


def test_an_empty_neighbour_lends_its_room_and_takes_it_back():
    layout = parse_layout(LAYOUT)
    crowded = zone_areas(layout, view(event0=("a", "b", "c")), 0)
    assert crowded["event:0"] == (128.0, 204, 672.0, 100)  # grew left over the empty one
    assert crowded["event:1"] == (0, 204, 120.0, 100)  # which keeps `least` for its label
    both = zone_areas(layout, view(event0=("a",), event1=("b",)), 0)
    assert both["event:0"] == (404, 204, 396, 100) and both["event:1"] == (0, 204, 396, 100)


def test_the_hand_takes_the_empty_field_below_it():
    layout = parse_layout(LAYOUT)
    areas = zone_areas(layout, view(hand0=("a", "b")), 0)
    assert areas["hand:0"] == (0, 308, 800, 88 + 160.0)
    assert areas["field:0"] == (0, 400 + 160.0, 800, 40.0)
    assert zone_areas(layout, view(hand0=("a",), field0=("b",)), 0)["hand:0"][3] == 88


def test_takes_are_read_as_the_viewer_sees_the_seats():
    assert taken("event:1", "self.event", 0, 2) == "event:0"
    assert taken("event:1", "self.event", 1, 2) == "event:1"
    assert taken("hand:0", "field", 0, 2) == "field:0"
    assert taken("involved:2", "left.involved", 0, 4) == "involved:1"
    assert taken("pile", "deck", 0, 2) == "deck"


@pytest.mark.parametrize(
    ("take", "fault"),
    [
        ('"left.event"', "no 'left' seat here; use self, opposite"),
        ('"opposite.hand"', "the opposite seat places no 'hand' zone"),
        ('"graveyard"', "the self seat places no 'graveyard' zone"),
    ],
)
def test_check_names_the_file_and_key_of_a_bad_take(take, fault):
    bad = LAYOUT.replace('takes = ["opposite.event"]', f"takes = [{take}]")
    with pytest.raises(LayoutError) as e:
        parse_layout(bad, "layouts/x.toml")
    assert f"layouts/x.toml:13: players.2.seats.self.event.takes: {take.strip(chr(34))!r}" in str(
        e.value
    ) and fault in str(e.value)


def test_a_lender_keeps_room_for_its_whole_label(tmp_path, monkeypatch):
    """A play-test: Shards' empty policies zone, lent to the hand, read
    "Your pol..." at 1280x720; a lender's `least` holds its label at 14 px."""
    import pygame

    from shrinetable.engine import registry
    from shrinetable.formats.layout import load_layout
    from shrinetable.resources import game_layout
    from shrinetable.table.app import App

    monkeypatch.setenv("SDL_VIDEODRIVER", "dummy")
    monkeypatch.setenv("SHRINETABLE_DATA_DIR", str(tmp_path))
    font = App((1280, 720)).fonts.font(14, True)
    short = []
    for name in registry.names():
        layout = load_layout(game_layout(registry.get(name)))
        scale = 1280 / layout.canvas.width
        for variant in layout.players.values():
            for pos, places in variant.seats.items():
                for place in places.values():
                    for take in place.takes:
                        where, _, kind = take.rpartition(".")
                        lender = variant.seats.get(where or pos, {}).get(kind) or (
                            variant.shared.get(kind) if not where else None
                        )
                        if lender is None or not lender.label:
                            continue
                        # drawn 4 px in, and inside a zone 4 px clear of each edge
                        need = font.size(lender.label)[0] + (12 if lender.inside else 4)
                        if lender.least[0] * scale < need:
                            short.append((name, pos, kind, lender.label, need))
    pygame.quit()
    assert short == []


SPARE = LAYOUT.replace(
    'field = { rect = [0, 400, 800, 200], arrange = "row", label = "Your field" }',
    'field = { rect = [0, 400, 800, 200], arrange = "row", label = "Your field", spare = true }',
)


def test_a_busy_neighbour_that_says_spare_lends_what_its_cards_do_not_need():
    """Issue 35: a crowded zone borrows from a neighbour with cards, not only
    from an empty one, where the layout lets it (`spare`)."""
    from shrinetable.table.geometry import _needs

    layout = parse_layout(SPARE)
    field = layout.place("field:0", 0, 2)
    need = _needs(layout, field, ("b",), True)
    areas = zone_areas(layout, view(hand0=("a", "b"), field0=("b",)), 0)
    assert areas["field:0"][3] == need < 200  # the field keeps what its card needs
    assert areas["hand:0"][3] == 88 + 200 - need  # and the hand below it has the rest
    bare = zone_areas(layout, view(hand0=("a", "b"), field0=("b",)), 0, badged=())
    assert bare["field:0"][3] == _needs(layout, field, ("b",), False) < need  # no badge's line
    plain = parse_layout(LAYOUT)  # without `spare`, a busy field lends nothing
    assert zone_areas(plain, view(hand0=("a",), field0=("b",)), 0)["hand:0"][3] == 88


GRID = """
[players.2.grids.site]
rect = [0, 0, 300, 300]
columns = ["a", "b"]
rows = ["1", "2", "3"]
takes = ["column"]
least = [100, 60]
"""


def test_a_crowded_cell_takes_the_empty_cells_above_and_below_it():
    layout = parse_layout(
        LAYOUT.replace("[players.2.seats.opposite]", GRID + "[players.2.seats.opposite]")
    )
    assert layout.place("site:a2", 0, 2).takes == ["a1", "a3"]
    assert taken("site:a2", "a1", 0, 2) == "site:a1"
    zones = {
        f"site:{c}": ZoneView(name=f"site:{c}", owner=None, cards=("x",) if c == "a1" else ())
        for c in ("a1", "a2", "a3", "b1", "b2", "b3")
    }
    areas = zone_areas(layout, View(seat=0, seats=2, zones=zones, decision=None, outcome=None), 0)
    a1, a2 = areas["site:a1"], areas["site:a2"]
    assert a2[3] == 60 and a1[1] == a2[1] + 60 + 4  # the empty cell keeps its `least`
    assert "site:b1" not in areas or areas["site:b1"] == layout.place("site:b1", 0, 2).rect


def refusal(grid: str) -> str:
    """What `shrinetable check` says of the layout with `grid` placed in it."""
    bad = LAYOUT.replace("[players.2.seats.opposite]", grid + "[players.2.seats.opposite]")
    with pytest.raises(LayoutError) as e:
        parse_layout(bad, "layouts/x.toml")
    return str(e.value)


def test_check_names_a_grid_take_that_is_no_direction():
    assert "players.2.grids.site.takes" in refusal(GRID.replace('["column"]', '["up"]'))


STRETCH = GRID.replace('takes = ["column"]', 'stretch = ["columns", "rows"]')


def test_a_grids_columns_and_rows_share_it_by_their_fullest_cell():
    """Issue 35: a crowded cell's column and row widen into the empty ones
    (which keep `least`), the others by their fullest cell; seen from the
    other seat the rows are flipped, and a grid with no cards stays even."""
    layout = parse_layout(
        LAYOUT.replace("[players.2.seats.opposite]", STRETCH + "[players.2.seats.opposite]")
    )
    full = {"a1": ("x", "y", "z"), "b1": ("w",)}
    zones = {
        f"site:{c}": ZoneView(name=f"site:{c}", owner=None, cards=full.get(c, ()))
        for c in ("a1", "a2", "a3", "b1", "b2", "b3")
    }
    seen = View(seat=0, seats=2, zones=zones, decision=None, outcome=None)
    areas = zone_areas(layout, seen, 0)
    a1, b1, a2, b3 = (areas[f"site:{c}"] for c in ("a1", "b1", "a2", "b3"))
    assert (a1[2], b1[2]) == (300 - 104 - 4, 100)  # 3 cards against 1: b keeps `least`
    assert a2[3] == b3[3] == 60 and a1[3] == 300 - 2 * 64 - 4  # empty rows keep `least`
    assert a1[1] + a1[3] + 2 == 300 and b1[0] == a1[0] + a1[2] + 4  # a1 at the bottom left
    top = zone_areas(layout, View(seat=1, seats=2, zones=zones, decision=None, outcome=None), 1)
    assert top["site:a1"][1] == 2 and top["site:a1"][3] == a1[3]  # flipped: at the top
    two = {**zones, "site:b1": ZoneView(name="site:b1", owner=None, cards=("w", "v"))}
    split = zone_areas(layout, View(seat=0, seats=2, zones=two, decision=None, outcome=None), 0)
    assert (split["site:a1"][2], split["site:b1"][2]) == (180 - 4, 120 - 4)  # 3 to 2
    bare = {n: ZoneView(name=n, owner=None, cards=()) for n in zones}
    even = zone_areas(layout, View(seat=0, seats=2, zones=bare, decision=None, outcome=None), 0)
    assert even["site:a1"] == layout.place("site:a1", 0, 2).rect


def test_check_names_a_least_too_large_for_the_grid_to_stretch():
    said = refusal(STRETCH.replace("least = [100, 60]", "least = [100, 120]"))
    assert "layouts/x.toml" in said
    assert "players.2.grids.site.least: height 120 is more than each of the 3 rows" in said


def test_a_lone_card_leaves_the_grid_even_and_the_row_labels_their_column():
    """An empty line weighs as much as a line of one card, so one card on
    the board changes nothing; the first column, which carries the row
    labels, keeps its even share where another column is crowded."""
    grid = STRETCH + 'row_labels = ["near", "middle", "far"]\n'
    layout = parse_layout(
        LAYOUT.replace("[players.2.seats.opposite]", grid + "[players.2.seats.opposite]")
    )

    def areas(**cells):
        zones = {
            f"site:{c}": ZoneView(name=f"site:{c}", owner=None, cards=tuple(cells.get(c, ())))
            for c in ("a1", "a2", "a3", "b1", "b2", "b3")
        }
        return zone_areas(
            layout, View(seat=0, seats=2, zones=zones, decision=None, outcome=None), 0
        )

    one = areas(b1=("x",))
    assert all(one[z] == layout.place(z, 0, 2).rect for z in one)
    crowded = areas(b1=("x", "y", "z", "w"))
    assert crowded["site:a1"][2] == 150 - 4 and crowded["site:b1"][2] == 150 - 4
    assert crowded["site:b1"][3] > crowded["site:b2"][3]  # its row still grows


def test_the_regions_rows_line_up_across_its_columns():
    """A Region row is a range (your melee ... their melee): a site holding one
    card grows with its whole row, never alone into the sites above and below
    it, so every site of a row starts and ends at the same height."""
    layout = load_layout(layout_path("shrines"))
    cells = [f"{c}{r}" for c in "abc" for r in "12345"]
    zones = {
        f"site:{c}": ZoneView(name=f"site:{c}", owner=None, cards=("x",) if c == "a2" else ())
        for c in cells
    }
    areas = zone_areas(layout, View(seat=0, seats=2, zones=zones, decision=None, outcome=None), 0)
    for r in "12345":
        rows = {(round(areas[f"site:{c}{r}"][1]), round(areas[f"site:{c}{r}"][3])) for c in "abc"}
        assert len(rows) == 1, (r, rows)


def test_a_row_of_empty_lenders_above_lends_together_what_the_cards_need():
    """Usagi at six seats and 150% text: the viewer's Involved (four
    Characters) lies under two empty Involved zones of the seats across the
    table, neither along its whole top edge; together they lend it height
    for a line each (a 150% line), each keeping its `least`. At 100% its
    cards need no more than it has: nothing moves."""
    from shrinetable.bench.render import showcase
    from shrinetable.engine import registry

    game = registry.get("usagi")
    session = showcase(game, 6)
    view = game.view(session.state, 0)
    layout = load_layout(layout_path("usagi"))
    plain, large = zone_areas(layout, view, 0, ()), zone_areas(layout, view, 0, (), 1.5)
    own, above = "involved:0", ["involved:3", "involved:4"]  # opposite, top-right
    assert len(view.zones[own].cards) == 4 and not any(view.zones[z].cards for z in above)
    assert plain[own] == layout.place(own, 0, 6).rect
    x, y, w, h = large[own]
    grow = plain[own][1] - y
    assert grow > 0 and h == plain[own][3] + grow and (x, w) == plain[own][::2]
    for z in above:
        assert large[z][3] == pytest.approx(layout.place(z, 0, 6).rect[3] - grow)
        assert large[z][3] >= layout.place(z, 0, 6).least[1]


def test_a_row_of_empty_lenders_below_lends_together_too():
    """Shards at its start, 150% text: the viewer's Starting cards (five)
    lie over three empty Territories (3, 4, 5), none along the zone's whole
    bottom edge; together they lend it height downwards for a line each,
    each keeping its `least`, and their labels stay on their tops."""
    from shrinetable.adapter.session import Session
    from shrinetable.engine import registry

    game = registry.get("shards")
    view = game.view(Session(game, 1, {}, ["human", "computer"]).state, 0)
    layout = load_layout(layout_path("shards"))
    areas = zone_areas(layout, view, 0, (), 1.5)
    own, below = "start:0", ["terr3:0", "terr4:0", "terr5:0"]
    x, y, w, h = areas[own]
    first = layout.place(own, 0, 2).rect
    assert len(view.zones[own].cards) == 5 and (x, y, w) == first[:3]
    grow = h - first[3]
    assert grow >= 5 * 23 * 1.5 - first[3] + 18 * 1.5  # a 150% line each under the label
    for z in below:
        lx, ly, lw, lh = layout.place(z, 0, 2).rect
        assert areas[z] == pytest.approx((lx, ly + grow, lw, lh - grow))
        assert areas[z][3] >= layout.place(z, 0, 2).least[1]
    assert areas["terr1:0"] == layout.place("terr1:0", 0, 2).rect  # not under it
