"""Paths, sizes and saves nobody writes on purpose, drawn at random: every reader
given a FIFO, a symlink loop, a dangling link, a folder, a device or a name too
long says so naming the path, at once; a picture of any allowed size is exported
under a memory limit (`resource.setrlimit`); an autosave journal torn anywhere
loads as the moves before the tear. Two budgets, as in test_fuzz_formats."""

from __future__ import annotations

import os
import random
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import strategies as st
from test_fuzz_formats import BUDGET, RANDOMS, fuzz

from shrinetable.adapter import storage
from shrinetable.adapter.session import Session
from shrinetable.engine import registry
from shrinetable.formats.errors import FormatError
from shrinetable.formats.save import SaveError

ROOT = Path(__file__).resolve().parent.parent
KINDS = ["fifo", "loop", "dangling", "folder", "device", "long name"]


@pytest.fixture(autouse=True)
def data(tmp_path, monkeypatch):
    monkeypatch.setenv("SHRINETABLE_DATA_DIR", str(tmp_path / "data"))
    monkeypatch.setenv("SDL_VIDEODRIVER", "dummy")


def a_bad_path(folder: Path, kind: str, n: int) -> Path:
    """A path in `folder` that is no regular file, of kind `kind`."""
    path = folder / f"f{n}.toml"
    if kind == "fifo":
        os.mkfifo(path)
    elif kind == "loop":
        other = folder / f"g{n}.toml"
        path.symlink_to(other)
        other.symlink_to(path)
    elif kind == "dangling":
        path.symlink_to(folder / "nothing-here")
    elif kind == "folder":
        path.mkdir()
    elif kind == "device":
        path.symlink_to("/dev/zero")  # endless: read whole, it never ends
    else:
        path = folder / ("x" * 300 + ".toml")
    return path


def readers():
    """Every reader of a file a person names, and the errors it may say."""
    from shrinetable.demo.replay import replay_file
    from shrinetable.formats.layout import LayoutError, load_layout
    from shrinetable.formats.scenario import load

    return [
        (load_layout, LayoutError),
        (load, FormatError),
        (replay_file, FormatError),
        (storage.load, SaveError),
        (registry.get("sorcerer").card_data.deck_file, FormatError),
    ]


@pytest.mark.parametrize("examples", BUDGET)
def test_every_reader_refuses_what_is_no_file(tmp_path_factory, examples):
    count = iter(range(10**6))

    def one(kind, pick):
        read, error = readers()[pick]
        path = a_bad_path(tmp_path_factory.mktemp("p"), kind, next(count))
        with pytest.raises(error) as e:
            read(str(path))
        assert str(path) in str(e.value)

    fuzz(min(examples, 60), one, st.sampled_from(KINDS), st.integers(0, len(readers()) - 1))


@pytest.mark.parametrize("examples", BUDGET)
def test_a_designer_folder_with_no_file_in_it_is_refused_whole(
    tmp_path_factory, monkeypatch, examples
):
    from shrinetable.formats import cards as loader

    monkeypatch.setattr(loader, "_notices", [])
    card_data = registry.get("sorcerer").card_data

    def one(kind):
        root = tmp_path_factory.mktemp("d")
        monkeypatch.setenv("SHRINETABLE_DATA_DIR", str(root))
        folder = root / "cards" / Path(card_data.folder).name
        folder.mkdir(parents=True)
        a_bad_path(folder, kind, 0)
        got, _ = loader.load_card_data(card_data)
        assert got and loader.notices()[-1].startswith(("Refused", "Loaded"))

    fuzz(min(examples, 30), one, st.sampled_from(KINDS))


# every path option of every command (issue 36): a message, at once, never a traceback
PATH_OPTIONS = [
    ["check", "{}"],
    ["play", "shrine", "--cards", "{}"],
    ["simulate", "shrine", "--cards", "{}", "--games", "1"],
    ["scenario", "--cards", "{}", "{}"],
    ["report", "shrine", "--games", "1", "--out", "{out}", "--cards", "{}"],
    ["report", "sorcerer", "--games", "1", "--out", "{out}", "--compare", "{}"],
    ["report", "shrine", "--games", "1", "--out", "{}"],
    ["demo", "--cards", "{}", "--list"],
    ["demo", "shrine/heal", "--export", "{}"],
    ["print", "shrine", "--out", "{}"],
    ["play", "--load", "{}"],
    ["simulate", "sorcerer", "--option", "deck_p1={}", "--games", "1"],
]
PATH_KINDS = ["fifo", "loop", "long name"]
SAID = {  # the words that say why ("name a .pdf file": print's --out wants a .pdf name)
    "fifo": ("fifo", "name a"),
    "loop": ("symbolic links", "loop", "name a"),
    "long name": ("too long", "name a", "no deck called"),  # a deck's name, as issue 25 chose
}


@pytest.mark.parametrize("examples", BUDGET)
def test_every_path_option_says_what_is_wrong_with_a_path(tmp_path_factory, capsys, examples):
    from shrinetable.cli import main

    def one(kind, pick):
        folder = tmp_path_factory.mktemp("o")
        path = str(a_bad_path(folder, kind, 0))
        args = [
            a.replace("{out}", str(folder / "out")).replace("{}", path) for a in PATH_OPTIONS[pick]
        ]
        try:
            code = main(args)
        except SystemExit as e:  # argparse's own refusals
            code = e.code
        said = capsys.readouterr()
        assert code not in (0, None), args
        assert "Traceback" not in said.err + said.out
        words = (said.err + said.out).lower()
        assert any(w in words for w in SAID[kind]), (args, words)

    fuzz(
        min(examples, 3 * len(PATH_OPTIONS)),
        one,
        st.sampled_from(PATH_KINDS),
        st.integers(0, len(PATH_OPTIONS) - 1),
    )


# -- sizes under a memory limit ---------------------------------------------------
def export(size: tuple[int, int], out: Path, limit_gb: float = 2.0) -> None:
    code = (
        "import resource, sys; from shrinetable.cli import main; "
        f"lim = int({limit_gb} * (1 << 30)); "
        "resource.setrlimit(resource.RLIMIT_AS, (lim, lim)); sys.exit(main(sys.argv[1:]))"
    )
    done = subprocess.run(
        [
            sys.executable,
            "-c",
            code,
            "demo",
            "shrine/heal",
            "--export",
            str(out),
            "--size",
            f"{size[0]}x{size[1]}",
        ],
        capture_output=True,
        text=True,
        timeout=900,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
    )
    assert done.returncode == 0 and "Traceback" not in done.stderr, done.stderr


@pytest.mark.parametrize(
    "examples", [pytest.param(2, id="ci"), pytest.param(12, id="long", marks=pytest.mark.fuzz_long)]
)
def test_exports_of_any_allowed_size_stay_under_a_memory_limit(tmp_path_factory, examples):
    """The brief budget draws small sizes (down to the least, where a zone holds
    one row); the long one any allowed size, up to 7680x4320."""
    big = examples > 2
    most = (7680, 4320) if big else (480, 360)

    def one(w, h):
        export((w, h), tmp_path_factory.mktemp("e") / "x.gif")

    fuzz(examples, one, st.integers(200, most[0]), st.integers(200, most[1]))


# -- long saves ------------------------------------------------------------------
def a_journal(rng: random.Random, moves: int) -> tuple[Session, list[list[str]]]:
    """A Sorcerer game of `moves` moves with undos, autosaved after each change;
    what the journal held after each."""
    s = Session(registry.get("sorcerer"), rng.randrange(50), {}, ["human", "computer"])
    held = []
    for _ in range(moves):
        if s.decision() is None:
            break
        if rng.random() < 0.1 and s.undo():
            pass
        else:
            s.play(s.computer_action(rng=rng))
        storage.autosave(s)
        held.append([a.text for a in s.history])
    return s, held


@pytest.mark.parametrize("examples", BUDGET)
def test_a_journal_torn_anywhere_loads_as_a_state_it_held(tmp_path_factory, examples):
    def one(rng):
        s, held = a_journal(rng, rng.randrange(5, 120))
        path = storage.autosave_path(s)
        if s.decision() is None or not path.exists():
            return
        data = path.read_bytes()
        cut = rng.randrange(data.index(b"\n") + 1, len(data) + 1)
        torn = tmp_path_factory.mktemp("j") / "torn.jsonl"
        torn.write_bytes(data[:cut])
        got = storage.read_save(torn).actions
        assert got in held or got == [], (len(got), cut)

    fuzz(min(examples, 100), one, RANDOMS)


@pytest.mark.parametrize(
    "moves",
    [pytest.param(20_000, id="ci"), pytest.param(200_000, id="long", marks=pytest.mark.fuzz_long)],
)
def test_a_long_save_loads(tmp_path, moves):
    """Sorcerer passes go on for ever: a save of `moves` of them loads, and its
    game is where the moves left it."""
    import json

    path = tmp_path / "long.json"
    path.write_text(
        json.dumps(
            {
                "format": "shrinetable-save",
                "version": 2,
                "game": "sorcerer",
                "seed": 1,
                "options": {},
                "seats": ["human", "human"],
                "actions": ["pass"] * moves,
            }
        )
    )
    s = storage.load(path)
    assert len(s.history) == moves and s.decision() is not None
