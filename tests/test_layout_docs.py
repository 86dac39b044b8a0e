"""docs/layouts.md and the layout format agree: every key of the format is
described there, and its example (one variant per player count, four of them
built on another with `base`) loads and places every zone for every viewer."""

from __future__ import annotations

import dataclasses
import re
from pathlib import Path

import pytest

from shrinetable.formats import layout as fmt

DOC = (Path(__file__).parent.parent / "docs" / "layouts.md").read_text(encoding="utf-8")
MODELS = (fmt.Layout, fmt.Variant, fmt.Place, fmt.Grid, fmt.Panels, fmt.Canvas, fmt.CardSize)


@pytest.mark.parametrize("model", MODELS, ids=lambda m: m.__name__)
def test_every_key_of_the_format_is_described(model):
    keys = [f.name for f in dataclasses.fields(model) if f.init]
    missing = [key for key in keys if f"`{key}`" not in DOC]
    assert missing == []


def test_every_arrangement_and_position_is_described():
    words = [*fmt.Arrange.__args__, *fmt.Position.__args__]
    assert [w for w in words if f"`{w}`" not in DOC] == []


def test_the_example_loads_and_places_every_zone_at_every_count():
    example = re.search(r"```toml\n(.+?)```", DOC, re.S)[1]
    layout = fmt.parse_layout(example, "docs/layouts.md")
    assert sorted(layout.players) == ["2", "3", "4", "5", "6"]
    zones = {
        n: ["deck", "discard", *(f"{k}:{q}" for q in range(n) for k in ("hand", "score"))]
        for n in range(2, 7)
    }
    assert fmt.missing_zones(layout, zones) == []
    # what `base` kept and what it dropped
    assert layout.place("deck", 0, 6) == layout.place("deck", 0, 2)
    assert "opposite" not in layout.variant(3).seats
    assert layout.variant(5).seats.keys() == {"self", "left", "top-left", "top-right", "right"}


@pytest.mark.parametrize(
    "base, fault",
    [
        ('"5"', "players.3.base: no variant for '5' players to start from"),
        ('"3"', "players.3.base: bases go round in a circle: 3 -> 3"),
    ],
)
def test_a_bad_base_names_its_key_and_line(base, fault):
    example = re.search(r"```toml\n(.+?)```", DOC, re.S)[1]
    two_and_three = example.split("# -----", 4)
    broken = "# -----".join(two_and_three[:3]).replace(
        '[players.3]\nbase = "2"', f"[players.3]\nbase = {base}"
    )
    with pytest.raises(fmt.LayoutError) as e:
        fmt.parse_layout(broken, "x.toml")
    assert re.match(r"x\.toml:\d+: " + re.escape(fault), str(e.value)), str(e.value)
