"""Every file the program reads, mutated: layouts, scenarios, demonstrations, lessons, saves,
and the card files, deck tables and deck files of every game. Each mutation is
either accepted or refused with the reader's own error naming the file; never a
traceback, a hang or a memory blow-up (sizes, nesting and numbers are bounded
before parsing). `mutate` is plain so a measurement script can drive it too.

Each test runs at two budgets: `ci` in every run, `long` only with
`pytest -m fuzz_long` (see docs/design.md for how long each takes)."""

from __future__ import annotations

import random
import re
import shutil
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from shrinetable.engine import registry
from shrinetable.formats import cards as loader
from shrinetable.formats.errors import FormatError

ROOT = Path(__file__).resolve().parent.parent

# what a person, an editor or a broken disk puts into a file
NASTY = [
    b"[" * 600,
    b"{a=" * 60,
    b"\xff",
    b"\x00",
    b"999999999999",
    b"#999999999",
    b"-1",
    b"1" * 5000,
    b"\n[" + b" " * 3000,
    b" " * 4000,
    b"\t" * 3000 + b"=",
    b"[[" + b" " * 2000,
    b"nan",
    b"inf",
    b"1e308",
    b'"',
    b"'''",
    b'"""',
    b"=",
    b"\n",
    b"[",
    b"]",
    b"{",
    b"}",
    b"\n[[card]]\n",
    b'\n[[deck]]\nname = ""\n',
    b" = 1000000000\n",
    b"\n[x]\n",
    b"\xef\xbb\xbf",
    b"\r\n",
    b"#",
    b"-",
    b"0",
    b"true",
    b"{}",
    b"[]",
    b'""',
]


NUMBERS = [
    b"0",
    b"-1",
    b"999999999",
    b"1000000000",
    b"99999999999999999999",
    b"1.5",
    b"9" * 4400,
    b"-" + b"7" * 6000,
]


def mutate(data: bytes, rng: random.Random, edits: int = 3) -> bytes:
    """`data` with a few random edits: bytes inserted, deleted or replaced, by
    pieces from NASTY or random bytes, a line duplicated, or a number (a count,
    a cost, an instance `#N`) made zero, negative or huge."""
    for _ in range(rng.randint(1, edits)):
        at = rng.randrange(len(data) + 1)
        piece = rng.choice(NASTY) if rng.random() < 0.7 else rng.randbytes(rng.randint(1, 6))
        kind = rng.choice(("insert", "delete", "replace", "line", "number"))
        numbers = list(re.finditer(rb"\d+", data))
        if kind == "number" and numbers:
            m = rng.choice(numbers)
            data = data[: m.start()] + rng.choice(NUMBERS) + data[m.end() :]
        elif kind == "insert":
            data = data[:at] + piece + data[at:]
        elif kind == "delete":
            data = data[:at] + data[at + rng.randint(1, 40) :]
        elif kind == "replace":
            data = data[:at] + piece + data[at + len(piece) :]
        else:
            lines = data.split(b"\n")
            i = rng.randrange(len(lines))
            lines.insert(i, lines[i])
            data = b"\n".join(lines)
    return data


def card_games() -> list:
    out = []
    for name in registry.names():
        try:
            data = registry.get(name).card_data
        except Exception:  # a game still being written elsewhere
            continue
        if data is not None and loader.card_folder(data).is_dir():
            out.append(data)
    return out


GAMES = card_games()
RANDOMS = st.randoms(use_true_random=False)
LAYOUTS = sorted((ROOT / "layouts").glob("*.toml"))
SCENARIOS = sorted((ROOT / "tests" / "scenarios").rglob("*.toml"))
DEMOS = sorted((ROOT / "assets" / "demos").rglob("*.toml"))
LESSONS = sorted((ROOT / "assets" / "lessons").rglob("*.toml"))
CARD_FILES = [(d, p) for d in GAMES for p in sorted(loader.card_folder(d).glob("*.toml"))]
DECK_FILE_GAMES = [d for d in GAMES if d.deck_file is not None]

FUZZ = settings(
    deadline=None,
    derandomize=True,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
# examples per test: every run (ci), and `pytest -m fuzz_long` (long, not derandomized)
BUDGET = [pytest.param(25, id="ci"), pytest.param(400, id="long", marks=pytest.mark.fuzz_long)]


def fuzz(examples: int, body, *strategies) -> None:
    """Run `body` on `examples` draws of `strategies` (the long budget draws anew
    each run; the brief one is the same every run)."""
    settings(FUZZ, max_examples=examples, derandomize=examples <= 25)(given(*strategies)(body))()


def write(tmp: Path, name: str, data: bytes) -> Path:
    path = tmp / name
    path.write_bytes(data)
    return path


def named_files(error: Exception) -> set[str]:
    """The files a reader's error names (a LayoutError lists problems)."""
    problems = getattr(error, "problems", None)
    return {p.file for p in problems} if problems else {error.file}


def reader(seed: Path):
    """What reads a file like `seed`: a layout, a scenario, a demonstration
    (replayed, so its steps are checked too) or a lesson (played with its
    scripted answers, and replayed for its GIF)."""
    from shrinetable.demo.lesson import replay_lesson
    from shrinetable.demo.replay import replay_file
    from shrinetable.formats.layout import load_layout
    from shrinetable.formats.scenario import load

    if seed in LESSONS:
        return replay_lesson
    return load_layout if seed in LAYOUTS else load if seed in SCENARIOS else replay_file


@pytest.mark.parametrize("examples", BUDGET)
def test_layouts_scenarios_demonstrations_and_lessons(tmp_path_factory, examples):
    from shrinetable.formats.layout import LayoutError

    def one(seed, rng):
        path = write(tmp_path_factory.mktemp("f"), seed.name, mutate(seed.read_bytes(), rng))
        try:
            reader(seed)(path)
        except (LayoutError, FormatError) as e:  # Unreadable is a LayoutError too
            assert named_files(e) == {str(path)}

    fuzz(examples, one, st.sampled_from([*LAYOUTS, *SCENARIOS, *DEMOS, *LESSONS]), RANDOMS)


def a_save(rng: random.Random) -> bytes:
    """A real save of a few moves of a game picked by `rng`."""
    from shrinetable.adapter.session import Session

    names = [n for n in registry.names() if n in ("shrine", "shrines", "sorcerer")]
    game = registry.get(rng.choice(names))
    s = Session(game, rng.randrange(100), {}, ["computer", "computer"])
    for _ in range(rng.randrange(8)):
        if s.decision() is None:
            break
        s.play(s.computer_action())
    return s.to_save().model_dump_json(indent=1).encode()


@pytest.mark.parametrize("examples", BUDGET)
def test_saves(tmp_path_factory, examples):
    from shrinetable.adapter import storage

    def one(rng):
        path = write(tmp_path_factory.mktemp("v"), "game.json", mutate(a_save(rng), rng))
        try:
            storage.load(path)
        except storage.SaveError as e:
            assert str(path) in str(e)

    fuzz(examples, one, RANDOMS)


@pytest.fixture
def designer(tmp_path, monkeypatch):
    monkeypatch.setenv("SHRINETABLE_DATA_DIR", str(tmp_path))
    monkeypatch.setattr(loader, "_notices", [])  # none leak to a later start screen
    return tmp_path


@pytest.mark.parametrize("examples", BUDGET)
def test_card_and_deck_tables_of_every_game(designer, examples):
    """A designer folder with one mutated file: loaded or refused whole (the
    shipped set kept), and `check` says the same without a traceback."""
    fuzz(
        examples,
        lambda pick, rng: _card_folder(designer, pick, rng),
        st.sampled_from(CARD_FILES),
        RANDOMS,
    )


def _card_folder(designer: Path, pick, rng: random.Random) -> None:
    data, seed = pick
    folder = designer / "cards" / Path(data.folder).name
    shutil.rmtree(folder, ignore_errors=True)
    shutil.copytree(loader.card_folder(data), folder)
    (folder / seed.name).write_bytes(mutate(seed.read_bytes(), rng))
    before = len(loader.notices())
    cards, decks = loader.load_card_data(data)
    [notice] = loader.notices()[before:]
    assert notice.startswith(("Loaded the cards", "Refused the cards"))
    if notice.startswith("Refused"):
        shipped = loader.load_dir(loader.card_folder(data), data.card, data.deck)
        assert set(cards) == set(shipped[0]) and str(folder) in notice
    try:
        loader.check_folder(data, folder)
    except FormatError as e:
        assert e.file.startswith(str(folder))


def a_deck_file(data, rng: random.Random) -> bytes:
    """A deck file for the game of `data`, from one of its shipped decks."""
    _, decks = loader.load_dir(loader.card_folder(data), data.card, data.deck)
    deck = rng.choice(decks)
    counts = next(v for v in dict(deck).values() if isinstance(v, dict))
    body = "".join(f"{cid} = {n}\n" for cid, n in counts.items())
    return (f'game = "{Path(data.folder).name}"\nname = "{deck.name}"\n\n[cards]\n{body}').encode()


@pytest.mark.skipif(not DECK_FILE_GAMES, reason="no game reads deck files")
@pytest.mark.parametrize("examples", BUDGET)
def test_deck_files_of_every_game(tmp_path_factory, examples):
    def one(data, rng):
        path = write(tmp_path_factory.mktemp("k"), "mine.toml", mutate(a_deck_file(data, rng), rng))
        try:
            problems = data.deck_file(str(path))
        except FormatError as e:
            assert e.file == str(path)
        else:
            assert all(line.startswith(str(path)) for line in problems)

    fuzz(examples, one, st.sampled_from(DECK_FILE_GAMES or [None]), RANDOMS)


def test_the_mutations_reach_many_kinds_of_fault(tmp_path):
    """The fuzzing is not idle: over 150 mutations of one scenario, some are
    accepted and the others refused for several different reasons."""
    from shrinetable.formats.scenario import load

    seed, rng, reasons, accepted = SCENARIOS[0], random.Random(16), set(), 0
    for i in range(150):
        path = write(tmp_path, f"fuzz-{i}.toml", mutate(seed.read_bytes(), rng, 1))
        try:
            load(path)
            accepted += 1
        except FormatError as e:
            reasons.add(e.message.split(":")[0][:30])
    assert accepted > 0 and len(reasons) >= 5
