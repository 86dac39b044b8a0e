"""`shrinetable deck list|export|import`: a game's decks as text lists from the
command line; bad input gets a message naming the game, deck, file or line, and
exit 2, never a traceback."""

from __future__ import annotations

import os
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

from shrinetable.cli import main
from shrinetable.engine import registry

ROOT = Path(__file__).resolve().parents[1]


@pytest.fixture(autouse=True)
def data(tmp_path, monkeypatch):
    """The person's data folder, in the test's folder."""
    folder = tmp_path / "data"
    monkeypatch.setenv("SHRINETABLE_DATA_DIR", str(folder))
    return folder


def _list(tmp_path, game="usagi", deck="blade"):
    """The text list of a shipped deck, written to a file."""
    from shrinetable.formats.decktext import export

    files = registry.get(game).card_data.decks
    path = tmp_path / "list.txt"
    path.write_text(export(files.shipped(deck), files.catalog()[0]))
    return path


def test_export_prints_the_text_list(capsys):
    assert main(["deck", "export", "usagi", "blade"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[:3] == [
        "# Blade of the Kazehana",
        "2 Kaito the Drifting Blade",
        "1 Old Sensei Rokuro",
    ]


def test_list_shows_every_shipped_deck_with_size_and_legal(capsys):
    assert main(["deck", "list", "sorcerer"]) == 0
    out = capsys.readouterr().out.splitlines()
    decks = registry.get("sorcerer").card_data.decks.catalog()[1]
    assert len(out) == len(decks)
    assert out[0].split()[:2] == ["charm", "Charm"]
    assert all("legal  (shipped)" in line for line in out)
    assert "20 cards" in out[-1]


def test_import_writes_the_deck_into_the_card_folder_and_the_game_reads_it(tmp_path, capsys):
    cards = tmp_path / "cards"
    cards.mkdir()
    path = _list(tmp_path)
    argv = ["deck", "import", "usagi", str(path), "--name", "Sharp Edge", "--cards", str(cards)]
    assert main(argv) == 0
    written = cards / "usagi" / "decks.toml"
    assert f"in {written}" in capsys.readouterr().out
    deck = tomllib.loads(written.read_text())["deck"][0]
    shipped = registry.get("usagi").card_data.decks.shipped("blade")
    assert deck == {"name": "Sharp Edge", "cards": dict(shipped.cards)}
    assert not [p for p in written.parent.iterdir() if p.name != "decks.toml"]  # no temp left
    # the same name again is refused, --force replaces it
    assert main(argv) == 2
    assert "you have a deck called 'Sharp Edge'; add --force" in capsys.readouterr().err
    path.write_text("1 Ambush\n" + path.read_text())
    assert main([*argv, "--force"]) == 0
    decks = tomllib.loads(written.read_text())["deck"]
    assert len(decks) == 1 and decks[0]["cards"]["ambush"] == 1 + 2
    # another process lists it as a legal deck of the card folder and plays with it
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    st = [sys.executable, "-m", "shrinetable"]
    listed = subprocess.run(
        [*st, "deck", "list", "usagi", "--cards", str(cards)],
        capture_output=True,
        text=True,
        env=env,
        check=True,
    ).stdout
    assert any(
        line.startswith("sharp") and "legal  (your card folder)" in line
        for line in listed.splitlines()
    )
    played = [*st, "simulate", "usagi", "--games", "1", "--option", "deck_p1=sharp"]
    subprocess.run([*played, "--cards", str(cards)], env=env, check=True, capture_output=True)


def test_import_goes_into_the_persons_own_card_folder_without_cards(tmp_path, data):
    assert (
        main(
            [
                "deck",
                "import",
                "sorcerer",
                str(_list(tmp_path, "sorcerer", "charm")),
                "--name",
                "Mine",
            ]
        )
        == 0
    )
    assert (
        tomllib.loads((data / "cards" / "sorcerer" / "decks.toml").read_text())["deck"][0]["name"]
        == "Mine"
    )


def test_a_shrines_deck_goes_out_and_back_with_its_shrine_and_libraries(tmp_path, data, capsys):
    assert main(["deck", "export", "shrines", "blue"]) == 0
    text = capsys.readouterr().out
    assert text.splitlines()[:4] == [
        "# Blue: Fog and Tide",
        "Shrine: Mistral Oracle",
        "Primary:",
        "3 Harbor Sentinel",
    ]
    path = tmp_path / "fog.txt"
    path.write_text(text.replace("\n3 Undertow\n", "\n4 Undertow\n"))
    assert main(["deck", "import", "shrines", str(path), "--name", "Sea Fog"]) == 1
    out = capsys.readouterr()
    assert f"{path}: Sea Fog: card 'undertow': 4 copies of Undertow; at most 3" in out.out
    assert "breaks Shrines' deck rules" in out.err
    path.write_text(text)
    assert main(["deck", "import", "shrines", str(path), "--name", "Sea Fog"]) == 0
    written = tomllib.loads((data / "cards" / "shrines" / "decks.toml").read_text())["deck"]
    blue = registry.get("shrines").card_data.decks.shipped("blue")
    assert written == [{"name": "Sea Fog", **blue.model_dump(exclude={"name"})}]


def test_import_reads_standard_input(tmp_path, data, monkeypatch):
    import io

    monkeypatch.setattr("sys.stdin", io.StringIO(_list(tmp_path, "shards", "legion").read_text()))
    assert main(["deck", "import", "shards", "-", "--name", "Iron Piped"]) == 0
    written = tomllib.loads((data / "cards" / "shards" / "decks.toml").read_text())["deck"]
    assert written[0]["cards"] == dict(
        registry.get("shards").card_data.decks.shipped("legion").cards
    )


def test_a_shipped_decks_name_is_never_taken_even_with_force(tmp_path, capsys):
    path = _list(tmp_path)
    for name in ("Blade of the Kazehana", "blade runner"):
        argv = ["deck", "import", "usagi", str(path), "--name", name, "--force"]
        assert main(argv) == 2
        assert "the shipped deck 'Blade of the Kazehana'" in capsys.readouterr().err


def test_faulty_lines_are_named_line_by_line_and_nothing_is_written(tmp_path, data, capsys):
    path = tmp_path / "bad.txt"
    path.write_text("# a deck\n3 Wandering Swordsmen\nthree Ambush\n2 Ambush\n")
    assert main(["deck", "import", "usagi", str(path)]) == 2
    err = capsys.readouterr().err.splitlines()
    assert err == [
        f"{path}: line 2: no card called 'Wandering Swordsmen' in Usagi Yojimbo CCG's cards; "
        "did you mean 'Wandering Swordsman'?",
        f"{path}: line 3: 'three Ambush' is not a count and a card's name, e.g. '3 Card Name'",
    ]
    assert not (data / "cards").exists()


def test_a_deck_breaking_the_rules_is_named_rule_by_rule_and_not_saved(tmp_path, data, capsys):
    path = tmp_path / "short.txt"
    path.write_text("3 Wandering Swordsman\n4 Ambush\n")
    assert main(["deck", "import", "usagi", str(path), "--name", "Short"]) == 1
    out = capsys.readouterr()
    assert out.out.splitlines() == [
        f"{path}: Short: cards: the deck holds 7 cards; a deck holds at least 30",
        f"{path}: Short: card 'ambush': 4 copies of Ambush; at most 3 of a card",
    ]
    assert "not saved" in out.err
    assert not (data / "cards").exists()


@pytest.mark.parametrize(
    "argv, words",
    [
        (["deck", "list", "nope"], "GAME 'nope': no game called 'nope'"),
        (["deck", "list", "shrine"], "GAME 'shrine': Shrine has no deck lists; games with decks:"),
        (["deck", "export", "usagi", "nope"], "NAME 'nope': no such deck; the decks: blade,"),
        (["deck", "import", "usagi", "/no/such.txt"], "FILE /no/such.txt: cannot read it"),
    ],
)
def test_bad_arguments_are_named_with_exit_2(argv, words, capsys):
    assert main(argv) == 2
    assert words in capsys.readouterr().err


def test_an_unwritable_card_folder_is_named_with_exit_2(tmp_path, capsys):
    cards = tmp_path / "cards"
    cards.mkdir()
    (cards / "usagi").write_text("a file where the game's folder goes")
    argv = [
        "deck",
        "import",
        "usagi",
        str(_list(tmp_path)),
        "--name",
        "Edge",
        "--cards",
        str(cards),
    ]
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert f"cannot write {cards / 'usagi' / 'decks.toml'}" in err and "Traceback" not in err


def test_a_broken_decks_toml_in_the_card_folder_is_named_not_overwritten(tmp_path, capsys):
    cards = tmp_path / "cards"
    (cards / "usagi").mkdir(parents=True)
    broken = cards / "usagi" / "decks.toml"
    broken.write_text("[[deck]\nname = 1\n")
    argv = [
        "deck",
        "import",
        "usagi",
        str(_list(tmp_path)),
        "--name",
        "Edge",
        "--cards",
        str(cards),
    ]
    assert main(argv) == 2
    assert str(broken) in capsys.readouterr().err
    assert broken.read_text() == "[[deck]\nname = 1\n"
