"""Layout files: the schema, clear problems, and a place for every engine zone."""

from __future__ import annotations

import pytest

from shrinetable.commands import check
from shrinetable.engine import registry
from shrinetable.formats.layout import (
    LayoutError,
    load_layout,
    missing_zones,
    parse_layout,
    relative,
)
from shrinetable.resources import game_layout, layout_path

GOOD = layout_path("shrine").read_text()


def test_every_game_zone_has_a_place():
    for name in registry.names():
        game = registry.get(name)
        layout = load_layout(game_layout(game))
        counts = range(game.min_seats, game.max_seats + 1)
        assert missing_zones(layout, {n: game.zones(n) for n in counts}) == []


def test_seat_relative_placement():
    assert relative(1, 0, 2) == "opposite"
    assert relative(0, 1, 2) == "opposite"
    assert [relative(o, 2, 4) for o in range(4)] == ["opposite", "right", "self", "left"]
    layout = load_layout(layout_path("shrine"))
    assert layout.place("hand:1", 1, 2) == layout.players["2"].seats["self"]["hand"]
    assert layout.place("deck", 0, 3).facing == "down"


def test_five_and_six_seats_go_round_the_table():
    """Seat + 1 sits to the viewer's left, the last seat to their right."""
    assert [relative(o, 0, 5) for o in range(5)] == [
        "self",
        "left",
        "top-left",
        "top-right",
        "right",
    ]
    assert [relative(o, 0, 6) for o in range(6)] == [
        "self",
        "left",
        "top-left",
        "opposite",
        "top-right",
        "right",
    ]
    assert [relative(o, 4, 6) for o in range(6)] == [
        "top-left",
        "opposite",
        "top-right",
        "right",
        "self",
        "left",
    ]


def ring(seats: int, positions) -> str:
    """A small layout for `seats` players with a hand at each named position."""
    text = (
        'game = "ring"\ncanvas = { width = 1000, height = 800 }\n'
        "card = { width = 50, height = 70 }\n[panels]\nlog = [900, 0, 100, 100]\n"
        "status = [900, 100, 100, 100]\nbuttons = [900, 200, 100, 100]\n"
    )
    for i, pos in enumerate(positions):
        text += (
            f"[players.{seats}.seats.{pos}]\n"
            f'hand = {{ rect = [{10 + 100 * i}, 10, 90, 90], arrange = "fan" }}\n'
        )
    return text


@pytest.mark.parametrize("seats", [5, 6])
def test_five_and_six_seat_variants(seats):
    names = ["self", "left", "top-left", "opposite", "top-right", "right"]
    if seats == 5:
        names.remove("opposite")
    layout = parse_layout(ring(seats, names))
    for viewer in range(seats):
        for owner in range(seats):
            pos = relative(owner, viewer, seats)
            assert (
                layout.place(f"hand:{owner}", viewer, seats)
                == layout.players[str(seats)].seats[pos]["hand"]
            )
    assert missing_zones(layout, {seats: [f"hand:{q}" for q in range(seats)]}) == []
    with pytest.raises(LayoutError) as e:
        parse_layout(ring(seats, names[:-1]), "x.toml")
    assert f"players.{seats}.seats: missing the 'right' seat" in str(e.value)
    if seats == 5:
        with pytest.raises(LayoutError) as e:
            parse_layout(ring(5, [*names, "opposite"]), "x.toml")
        assert "x.toml:18: players.5.seats.opposite: no 'opposite' seat with 5 players" in str(
            e.value
        )


def test_unknown_key_names_path_and_line():
    bad = GOOD.replace(
        'arrange = "stack", facing = "down", label = "Deck" }',
        'arange = "stack", facing = "down", label = "Deck" }',
        1,
    )
    with pytest.raises(LayoutError) as e:
        parse_layout(bad, "x.toml")
    text = str(e.value)
    assert "players.2.shared.deck.arange" in text and "unknown key" in text
    line = next(i for i, s in enumerate(bad.splitlines(), 1) if "arange" in s)
    assert f"x.toml:{line}:" in text


def test_bad_value_and_rect_off_canvas():
    bad = GOOD.replace(
        'arrange = "row", label = "In play" }', 'arrange = "heap", label = "In play" }', 1
    )
    with pytest.raises(LayoutError) as e:
        parse_layout(bad, "x.toml")
    assert "players.2.shared.pending.arrange" in str(e.value)
    assert "'heap'" in str(e.value)
    off = GOOD.replace("log = [1240, 10, 350, 500]", "log = [1240, 10, 900, 500]")
    with pytest.raises(LayoutError, match=r"panels.log: rectangle"):
        parse_layout(off, "x.toml")


def test_missing_seat_and_toml_syntax():
    no_self = GOOD.replace("[players.2.seats.self]", "[players.2.seats.middle]")
    with pytest.raises(LayoutError) as e:
        parse_layout(no_self, "x.toml")
    assert "players.2.seats" in str(e.value)
    with pytest.raises(LayoutError, match=r"x.toml:3: .*not valid TOML"):
        parse_layout('game = "shrine"\n\ncanvas = {\n', "x.toml")


def test_check_command_exit_codes(tmp_path, capsys):
    class Args:
        files = [str(layout_path("shrine"))]

    assert check.run(Args) == 0
    broken = tmp_path / "broken.toml"
    broken.write_text(GOOD.replace('label = "Graveyard" }', "label = 3 }", 1))
    Args.files = [str(broken)]
    assert check.run(Args) == 1
    out = capsys.readouterr().out
    assert "broken.toml:" in out and "graveyard.label" in out
    missing = tmp_path / "nope.toml"
    Args.files = [str(missing)]
    assert check.run(Args) == 2
    # a layout that forgets a zone the engine produces
    short = tmp_path / "short.toml"
    short.write_text(
        GOOD.replace(
            'removed = { rect = [1020, 340, 120, 140], arrange = "stack", label = "Removed" }', ""
        )
    )
    Args.files = [str(short)]
    assert check.run(Args) == 1
    assert "removed" in capsys.readouterr().out


def test_arrangements_stay_inside_their_zone():
    import pygame

    from shrinetable.formats.layout import Place
    from shrinetable.table import geometry as geo

    area = pygame.Rect(100, 50, 500, 150)
    size = (80, 112)
    for arrange in ("stack", "fan", "row", "spread", "grid"):
        place = Place(rect=(0, 0, 1, 1), arrange=arrange, columns=5)
        for n in (1, 3, 9):
            rects = geo.arrange(place, area, n, size)
            assert len(rects) == n
            assert all(area.inflate(2, 120).contains(r) for r in rects), (arrange, n)
    row = geo.arrange(Place(rect=(0, 0, 1, 1), arrange="row"), area, 3, size)
    assert all(a.right <= b.left for a, b in zip(row, row[1:], strict=False))  # room: no overlap
    fan = geo.arrange(
        Place(rect=(0, 0, 1, 1), arrange="fan", rotation=90), pygame.Rect(0, 0, 130, 500), 4, size
    )
    assert fan[0].size == (112, 80) and fan[1].y > fan[0].y  # rotated, fanned downwards
    lifted = geo.arrange(Place(rect=(0, 0, 1, 1), arrange="row"), area, 3, size, frozenset({1}))
    assert lifted[1].y < lifted[0].y


def test_scaler_fits_the_canvas_uniformly():
    from shrinetable.table.geometry import Scaler

    s = Scaler((1600, 900), (1000, 900))
    assert s.scale == 1000 / 1600
    r = s.rect((0, 0, 1600, 900))
    assert r.width == 1000 and r.top == round((900 - 900 * s.scale) / 2)


def test_grid_cells_are_zones_and_grid_faults_are_explained():
    """A grid (the Shrines Region) places `site:<column><row>` zones; a grid off the
    canvas or with more row labels than rows is named with its key path."""
    text = layout_path("shrines").read_text()
    layout = parse_layout(text, "s.toml")
    a1 = layout.place("site:a1", 0, 2)
    assert a1.inside and a1.label.startswith("a1")
    assert layout.place("site:a1", 1, 2).rect[1] < a1.rect[1]  # p2 sees row 1 at the top
    off = text.replace("rect = [330, 46, 670, 626]", "rect = [330, 46, 670, 900]")
    with pytest.raises(LayoutError, match=r"players.2.grids.site.rect: rectangle"):
        parse_layout(off, "s.toml")
    labels = text.replace('"their melee"]', '"their melee", "beyond"]')
    with pytest.raises(LayoutError, match=r"grids.site.row_labels: 6 labels for 5 rows"):
        parse_layout(labels, "s.toml")

    class Args:
        files = [str(layout_path("shrines"))]

    assert check.run(Args) == 0


def test_a_label_s_short_words_are_shorter_and_said_by_some_label():
    """A layout's `short` words ("Chronicle" = "Chron.") stand in for a label's
    where a zone is too narrow: a short form as long as its words, or words no
    label says (a typo), is named with its key path and line."""
    text = layout_path("usagi").read_text()
    assert parse_layout(text, "u.toml").short["Chronicle"] == "Chron."
    long = text.replace('"Chronicle" = "Chron."', '"Chronicle" = "Chronicles"')
    with pytest.raises(LayoutError, match=r"u.toml:\d+: short.Chronicle: 'Chronicles' is not sh"):
        parse_layout(long, "u.toml")
    typo = text.replace('"Chronicle" = "Chron."', '"Chronicel" = "Chron."')
    with pytest.raises(LayoutError, match=r"short.Chronicel: no zone's label says 'Chronicel'"):
        parse_layout(typo, "u.toml")


def test_a_place_s_large_rectangle_stands_at_a_larger_text_size_and_is_checked():
    """A place may give the rectangle it has at a menu text size over 100%
    (`large`): its lines and its neighbours' are taller than the layout was
    drawn for. At 100% every place is where `rect` says; a bad `large` is
    named by its file, key path and line."""
    layout = load_layout(layout_path("usagi"))
    assert layout.at_text(1.0) is layout
    big = layout.at_text(1.5)
    assert big is layout.at_text(1.25) and big.panels == layout.panels
    mine = layout.place("event:0", 0, 4)
    assert mine.large is not None and big.place("event:0", 0, 4).rect == mine.large
    assert big.place("hand:0", 0, 4) == layout.place("hand:0", 0, 4)  # no `large`: as it was
    text = layout_path("usagi").read_text()
    line = next(i for i, s in enumerate(text.splitlines(), 1) if "large = [505, 346" in s)
    for wrong, said in (
        ("[505, 346, 239]", "should be a list of 4 items, each a number"),
        ('"big"', "should be a list of 4 items, each a number"),
        ("[505, 846, 239, 106]", "rectangle is empty or leaves the 1600x900 canvas"),
    ):
        with pytest.raises(LayoutError) as e:
            parse_layout(text.replace("[505, 346, 239, 106]", wrong), "u.toml")
        assert f"u.toml:{line}: players.4.seats.self.event.large: {said}" in str(e.value)
