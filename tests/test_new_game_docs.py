"""docs/new-game.md, the guide for a new game's author, holds for the games we
have: every part of the bundle it describes is a part of `GameBase` and every
part of `GameBase` is described; every built-in game has the modules the guide
says every game has; and the example it points to (tests/plugin_game, Sealed
Bids) provides what the guide says a game must."""

from __future__ import annotations

import importlib
import re
from pathlib import Path

import pytest
from plugin_game import GAME as EXAMPLE

from shrinetable.engine import GameBase, registry

ROOT = Path(__file__).parent.parent
GUIDE = (ROOT / "docs" / "new-game.md").read_text(encoding="utf-8")
REQUIRED = (
    "deal",
    "decision",
    "legal_actions",
    "apply",
    "view",
    "zones",
    "all_cards",
    "turn_number",
)
EVERY_GAME = (
    "cards",
    "state",
    "actions",
    "rules",
    "explain",
    "ai",
    "setup",
    "present",
    "testing",
    "game",
    "__init__",
)
CARD_DATA_GAMES = ("schema", "decks")


def test_every_part_of_the_bundle_is_in_the_guide():
    parts = [n for n in vars(GameBase) if not n.startswith("_")]
    assert [n for n in parts if f"`{n}" not in GUIDE] == []


def test_every_method_the_guide_names_is_a_part_of_the_bundle():
    named = set(re.findall(r"`([a-z_]+)\(", GUIDE.split("## 2.")[0]))
    hooks = named - {"registry.register", "GAME"}
    assert sorted(h for h in hooks if not hasattr(GameBase, h)) == []


@pytest.mark.parametrize("name", sorted(registry.BUILTIN))
def test_every_built_in_game_has_the_guides_shape(name):
    folder = ROOT / "shrinetable" / "games" / name
    have = {p.stem for p in folder.glob("*.py")}
    need = set(EVERY_GAME)
    if registry.get(name).card_data is not None and registry.get(name).card_data.deck:
        need |= set(CARD_DATA_GAMES)
    assert sorted(need - have) == []
    for module in need:
        assert f"`{module}.py`" in GUIDE, module


@pytest.mark.parametrize("name", sorted(registry.BUILTIN))
def test_a_built_in_game_is_one_line_in_the_registry(name):
    assert importlib.import_module(registry.BUILTIN[name]).GAME.name == name


def test_the_example_provides_what_the_guide_says_a_game_must():
    kind = type(EXAMPLE)
    assert [m for m in REQUIRED if getattr(kind, m) is getattr(GameBase, m)] == []
    assert EXAMPLE.parse_action("bid A3") == EXAMPLE.parse("bid A3")  # through `parse`
    assert EXAMPLE.name and EXAMPLE.title and EXAMPLE.testing is not None
    assert Path(EXAMPLE.layout_file).is_file() and EXAMPLE.position is not None
    for path in re.findall(r"`(tests/plugin_game/[\w./]+)`", GUIDE):
        assert (ROOT / path).exists(), path


@pytest.mark.parametrize("seats", [1, 7])
def test_the_bundle_refuses_a_seat_count_for_every_game(seats):
    """`GameBase.new_game` checks the count, so no game writes that check."""
    for name in [*registry.BUILTIN, EXAMPLE.name]:
        game = registry.get(name) if name in registry.BUILTIN else EXAMPLE
        with pytest.raises(ValueError, match=rf"^{name} is for \d( to \d)? players, not {seats}$"):
            game.new_game(1, None, seats)
