"""Card data a designer edits, for every game with card files: a folder of their own
(in the data folder, or --cards DIR) adds and replaces cards and decks by id; a
fault in it is refused whole with file, line and field, and the shipped set is
kept; `shrinetable check` says the same. Never a traceback, never a crash at the deal."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest

from shrinetable.cli import main
from shrinetable.engine import registry
from shrinetable.formats import cards as loader
from shrinetable.formats.cards import card_folder, load_card_data


def card_games() -> list:
    out = []
    for name in registry.names():
        try:
            data = registry.get(name).card_data
        except Exception:  # a game another worker is still writing
            continue
        if data is not None and card_folder(data).is_dir():
            out.append(data)
    return out


GAMES = card_games()


@pytest.fixture
def designer(tmp_path, monkeypatch):
    """The person's data folder, with nothing in it yet."""
    monkeypatch.setenv("SHRINETABLE_DATA_DIR", str(tmp_path))
    monkeypatch.setattr(loader, "_notices", [])
    return tmp_path


def own_copy(data, root: Path) -> Path:
    """A copy of the shipped folder in `root/<folder>` to edit."""
    folder = root / Path(data.folder).name
    shutil.copytree(card_folder(data), folder)
    return folder


def first_card(folder: Path) -> tuple[Path, str]:
    """A card file and the id of its first card."""
    path = next(p for p in sorted(folder.glob("*.toml")) if p.name != "decks.toml")
    text = path.read_text(encoding="utf-8")
    return path, text.split('id = "', 1)[1].split('"', 1)[0]


@pytest.mark.parametrize("data", GAMES, ids=lambda d: d.folder)
def test_a_designer_card_replaces_the_shipped_one_by_id(data, designer):
    folder = designer / "cards" / Path(data.folder).name
    folder.mkdir(parents=True)
    path, cid = first_card(card_folder(data))
    text = path.read_text(encoding="utf-8")
    first = text[text.index("[[card]]") :].split("[[card]]")[1]
    renamed = first.replace('name = "', 'name = "Designer ', 1)
    (folder / "mine.toml").write_text("[[card]]" + renamed, encoding="utf-8")
    shipped = loader.load_dir(card_folder(data), data.card, data.deck)
    cards, decks = load_card_data(data)
    assert cards[cid].name.startswith("Designer ") and shipped[0][cid].name == cards[cid].name[9:]
    assert set(cards) == set(shipped[0]) and len(decks) == len(shipped[1])
    assert loader.notices() == [f"Loaded the cards in {folder}."]


FAULTS = {  # what a designer might get wrong (in a card file) -> words of the message
    "bad byte": (lambda t: t + b"\n\xff", "cannot read the file"),
    "deep nesting": (lambda t: t + b"\nx = " + b"[" * 500 + b"]" * 500 + b"\n", "nest"),
    "huge number": (lambda t: re.sub(rb"= \d+", b"= 1000000000", t, count=1), "at most 999"),
    "unknown key": (lambda t: t.replace(b"[[card]]", b"[[card]]\nweight = 2", 1), "weight"),
}


@pytest.mark.parametrize("data", GAMES, ids=lambda d: d.folder)
@pytest.mark.parametrize("fault", FAULTS)
def test_a_broken_designer_folder_is_refused_whole_and_the_shipped_set_kept(data, fault, designer):
    folder = own_copy(data, designer / "cards")
    edit, words = FAULTS[fault]
    target = first_card(folder)[0]
    target.write_bytes(edit(target.read_bytes()))
    shipped = loader.load_dir(card_folder(data), data.card, data.deck)
    cards, decks = load_card_data(data)
    assert set(cards) == set(shipped[0]) and len(decks) == len(shipped[1])
    [notice] = loader.notices()
    assert notice.startswith(f"Refused the cards in {folder}") and str(target) in notice
    assert words in notice


@pytest.mark.parametrize("data", GAMES, ids=lambda d: d.folder)
def test_a_deck_naming_a_card_that_does_not_exist_is_refused_with_its_line(data, designer):
    folder = own_copy(data, designer / "cards")
    decks = folder / "decks.toml"
    if not decks.exists():
        pytest.skip("this game has no decks")
    deck = loader.load_decks(decks, data.deck)[0]
    cid = loader._named_ids(deck)[0]
    decks.write_text(
        decks.read_text(encoding="utf-8").replace(f"{cid} = ", "no-such-card = ", 1),
        encoding="utf-8",
    )
    assert main(["check", str(folder)]) == 1
    load_card_data(data)
    [notice] = loader.notices()
    assert f"{decks}:" in notice and "no card has the id 'no-such-card'" in notice


@pytest.mark.parametrize("data", GAMES, ids=lambda d: d.folder)
def test_check_passes_the_shipped_folders_and_each_file(data, capsys):
    folder = card_folder(data)
    assert main(["check", str(folder), *map(str, sorted(folder.glob("*.toml")))]) == 0
    assert "Traceback" not in capsys.readouterr().err


def test_cards_dir_names_a_folder_that_is_not_one(tmp_path, capsys):
    (tmp_path / "loose.toml").write_text("[[card]]\n")
    assert main(["simulate", "shrine", "--games", "1", "--cards", str(tmp_path)]) == 2
    assert "folder named after the game" in capsys.readouterr().err
    assert main(["simulate", "shrine", "--games", "1", "--cards", str(tmp_path / "no")]) == 2
    assert "no such folder" in capsys.readouterr().err


def test_a_card_file_outside_a_game_folder_is_named(tmp_path, capsys):
    stray = tmp_path / "x" / "mine.toml"
    stray.parent.mkdir()
    stray.write_text('[[card]]\nid = "a"\n')
    assert main(["check", str(stray)]) == 2
    assert "folder named after" in capsys.readouterr().err


def test_cards_dir_is_used_by_a_command_and_a_broken_one_refused(tmp_path):
    """`--cards DIR` reaches the game's loader in a fresh process: a sound folder
    is loaded, a broken one refused on stderr and the shipped set played."""
    import os
    import subprocess
    import sys

    data = next(d for d in GAMES if (card_folder(d) / "decks.toml").exists())
    game = next(n for n in registry.names() if registry.get(n).card_data is data)
    folder = own_copy(data, tmp_path / "mine")
    env = dict(os.environ, SHRINETABLE_DATA_DIR=str(tmp_path / "data"))
    argv = [
        sys.executable,
        "-m",
        "shrinetable",
        "simulate",
        game,
        "--games",
        "1",
        "--cards",
        str(tmp_path / "mine"),
    ]
    ok = subprocess.run(argv, capture_output=True, text=True, env=env, timeout=120)
    assert ok.returncode == 0 and "Refused" not in ok.stderr
    path = first_card(folder)[0]
    path.write_bytes(path.read_bytes() + b"\n[[card]]\nid = 7\n")
    bad = subprocess.run(argv, capture_output=True, text=True, env=env, timeout=120)
    assert bad.returncode == 0 and "Traceback" not in bad.stderr
    assert f"Refused the cards in {folder}, kept the shipped set: {path}:" in bad.stderr


def test_the_start_screen_checks_card_files_a_designer_changes(designer, app):
    """Edited while the start screen is up: checked within a second, and said."""
    data = GAMES[0]
    folder = own_copy(data, designer / "cards")
    app.show_start()
    scene = app.scene
    path = first_card(folder)[0]
    path.write_bytes(path.read_bytes() + b"\n[[card]]\nid = 7\n")
    scene.update(scene.next_look + 1)
    assert "would be refused" in scene.message and f"{path}:" in scene.message
    path.write_bytes((card_folder(data) / path.name).read_bytes())
    scene.update(scene.next_look + 1)
    assert "the changed cards are sound" in scene.message
