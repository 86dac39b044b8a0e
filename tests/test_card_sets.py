"""A card set is an argument of the game, never process state (issue 34): one
process makes a game in two card sets side by side and each sees its own cards,
in its faces, its deal and its measured report; no module reads an environment
variable for it."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

import shrinetable
from shrinetable.engine import SHIPPED_AND_MINE, registry
from shrinetable.formats.cards import card_folder
from shrinetable.workbench.measure import run_chunk

CARD_GAMES = [n for n in ("shrines", "sorcerer", "shards", "usagi") if n in registry.names()]


@pytest.fixture(autouse=True)
def data_dir(tmp_path, monkeypatch):
    monkeypatch.setenv("SHRINETABLE_DATA_DIR", str(tmp_path / "data"))


def renamed(game, root: Path) -> tuple[str, str]:
    """`root/<folder>/mine.toml` with a shipped card of `game` that its first deal
    holds renamed: its id and its printed name."""
    data = game.card_data
    tables = {
        re.search(r'id = "([^"]+)"', t).group(1): t
        for p in sorted(card_folder(data).glob("*.toml"))
        if p.name != "decks.toml"
        for t in p.read_text(encoding="utf-8").split("[[card]]")[1:]
    }
    defs = game.new_game(1, {}, game.min_seats).defs
    cid = next(d.id for d in defs if getattr(d, "id", None) in tables)
    name = re.search(r'name = "([^"]+)"', tables[cid]).group(1)
    folder = root / Path(data.folder).name
    folder.mkdir(parents=True)
    changed = tables[cid].replace(f'name = "{name}"', 'name = "Changed"', 1)
    (folder / "mine.toml").write_text("[[card]]" + changed, encoding="utf-8")
    return cid, name


@pytest.mark.parametrize("name", CARD_GAMES)
def test_one_process_holds_a_game_in_two_card_sets(name, tmp_path):
    shipped = registry.get(name)
    cid, printed = renamed(shipped, tmp_path / "mine")
    changed = registry.get(name, SHIPPED_AND_MINE.adding(str(tmp_path / "mine")))
    assert changed is not shipped and changed.cards != shipped.cards
    assert registry.get(name, changed.cards) is changed  # made once a set
    assert shipped.present.card_face(cid).name == printed
    assert changed.present.card_face(cid).name == "Changed"
    assert shipped.present.card_face(cid).name == printed  # the first is untouched
    # a deal draws on its own set: the card's rules in the state carry its name
    dealt = [
        {
            d.name
            for deck in g.options[0].choices
            for d in g.new_game(1, {g.options[0].name: deck}, g.min_seats).defs
            if getattr(d, "id", None) == cid
        }
        for g in (shipped, changed)
    ]
    assert dealt == [{printed}, {"Changed"}]


def test_a_report_measures_two_card_sets_in_one_process(tmp_path):
    """The workbench's `--compare` in one process: the same chunk played with the
    shipped set and with a changed folder, back to back, each naming its cards."""
    cid, printed = renamed(registry.get("sorcerer"), tmp_path / "mine")
    spec = {
        "game": "sorcerer",
        "seats": 2,
        "max_turns": 60,
        "items": [
            (0, {"deck_p1": d, "deck_p2": d}, 1)
            for d in registry.get("sorcerer").options[1].choices
        ],
    }
    before = run_chunk({**spec, "cards": None})
    after = run_chunk({**spec, "cards": str(tmp_path / "mine")})
    names = [{k: v for r in run for k, v in r["names"].items()} for run in (before, after)]
    assert names[0].get(cid) == printed and names[1].get(cid) == "Changed"
    assert run_chunk({**spec, "cards": None})[0]["names"].get(cid) == printed


def test_no_module_reads_a_card_set_from_the_environment():
    package = Path(shrinetable.__file__).parent
    readers = [
        str(p.relative_to(package))
        for p in package.rglob("*.py")
        if "SHRINETABLE_CARDS" in p.read_text(encoding="utf-8")
    ]
    assert readers == []
