"""The fourteen ways the program stopped, hung or lost a game (issue 25), each
reproduced as it was found: every one of these failed before its fix."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
import time
from pathlib import Path

import pygame
import pytest
from peak import run_measured

from shrinetable.adapter import checkpoint, storage
from shrinetable.adapter.session import Session
from shrinetable.cli import main
from shrinetable.engine import registry
from shrinetable.formats import errors
from shrinetable.formats.errors import FormatError
from shrinetable.formats.save import SaveError, SaveFile

ROOT = Path(__file__).resolve().parent.parent
HUGE = "1" * 5000


@pytest.fixture(autouse=True)
def offscreen(monkeypatch, tmp_path):
    monkeypatch.setenv("SDL_VIDEODRIVER", "dummy")
    monkeypatch.setenv("SHRINETABLE_DATA_DIR", str(tmp_path / "data"))
    monkeypatch.setenv("SHRINETABLE_AI_DELAY", "0")
    yield
    pygame.quit()


def refused(capsys, argv: list[str], *words: str, code: int = 2) -> str:
    assert main(argv) == code
    out = capsys.readouterr()
    said = out.err + out.out
    assert "Traceback" not in said and all(w in said for w in words), said
    return said


def shell(
    *argv: str, limit_mb: int | None = None, timeout: float = 60, **kw
) -> subprocess.CompletedProcess:
    """`shrinetable ARGV` in a process of its own (under an address-space limit)."""
    code = "import sys; from shrinetable.cli import main; sys.exit(main(sys.argv[1:]))"
    if limit_mb:
        code = (
            f"import resource; resource.setrlimit(resource.RLIMIT_AS, ({limit_mb << 20},"
            f" {limit_mb << 20})); " + code
        )
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    kw.setdefault("stdout", subprocess.PIPE)
    return subprocess.run(
        [sys.executable, "-c", code, *argv],
        stderr=subprocess.PIPE,
        text=True,
        timeout=timeout,
        env=env,
        **kw,
    )


# 1 -------------------------------------------------------------------------------
def test_1_a_toml_integer_of_thousands_of_digits_is_a_message(tmp_path, capsys):
    with pytest.raises(FormatError, match="digits"):
        errors.parse_toml(f"a = 1\nb = {HUGE}\n", "x.toml")
    scenario = tmp_path / "s.toml"
    scenario.write_text(f'game = "shrine"\nseed = {HUGE}\n')
    refused(capsys, ["scenario", str(scenario)], "s.toml:2", "digits")
    deck = tmp_path / "d.toml"
    deck.write_text(f'game = "sorcerer"\nname = "x"\n[cards]\nsc = {HUGE}\n')
    said = refused(capsys, ["check", str(deck)], "d.toml:4", code=1)
    assert "digits" in said


def test_1_huge_integers_in_a_designer_card_folder_leave_the_shipped_set(tmp_path):
    from shrinetable.formats import cards

    data = registry.get("sorcerer").card_data
    folder = tmp_path / "data" / "cards" / Path(data.folder).name
    folder.mkdir(parents=True)
    (folder / "mine.toml").write_text(f'[[card]]\nid = "x"\ncost = {HUGE}\n')
    shipped, _ = cards.load_dir(cards.card_folder(data), data.card, data.deck)
    got, _ = cards.load_card_data(data)
    assert set(got) == set(shipped) and "digits" in cards.notices()[-1]


# 2 -------------------------------------------------------------------------------
def _slowest(text: str) -> float:
    best = float("inf")
    for _ in range(3):
        start = time.perf_counter()
        errors.find_line(text, ("x", "y"))
        best = min(best, time.perf_counter() - start)
    return best


def test_2_finding_a_line_takes_time_linear_in_the_whitespace():
    """A `[` and a long run of spaces took cubic time (1,600 spaces: 15 s)."""
    short, long = ("[" + " " * 150 + "\n") * 40, ("[" + " " * 1200 + "\n") * 40
    ratio = _slowest(long) / _slowest(short)
    assert ratio < 8 * 4, ratio  # linear: about 8; quadratic 64, cubic 512


def test_2_the_lines_found_are_still_right():
    text = '[a]\nx = 1\n[[b . "c d"]]  # note\ny=2\n[[b."c d"]]\n  [ e ]\nz = {q = 1}\n'
    lines = errors.key_lines(text)
    assert lines[("a", "x")] == 2 and lines[("b", "c d", "0", "y")] == 4
    assert lines[("b", "c d", "1")] == 5 and lines[("e", "z")] == 7
    assert errors.key_lines("[" + " " * 5000) == {}


# 3 -------------------------------------------------------------------------------
def test_3_strips_in_a_zone_too_low_for_one_line_do_not_divide_by_zero():
    from shrinetable.formats.layout import Place
    from shrinetable.table.geometry import Scaler, strip_rects

    place = Place(rect=(0, 0, 100, 10), arrange="row")
    rects = strip_rects(place, pygame.Rect(0, 0, 400, 3), 1, Scaler((1280, 720), (320, 240)))
    assert len(rects) == 1 and rects[0].w > 0


# 4 -------------------------------------------------------------------------------
@pytest.fixture
def loop(tmp_path) -> Path:
    a, b = tmp_path / "a", tmp_path / "b"
    a.symlink_to(b)
    b.symlink_to(a)
    return a


def test_4_a_symlink_loop_as_a_path_is_a_message(loop, capsys):
    with pytest.raises(SaveError, match=str(loop)):
        storage.load(loop)
    refused(capsys, ["play", "--load", str(loop)], str(loop))
    refused(capsys, ["demo", "heal", "--export", str(loop / "x.gif")], str(loop))
    refused(capsys, ["scenario", str(loop)], str(loop))


# 5 -------------------------------------------------------------------------------
def test_5_a_deck_option_longer_than_a_file_name_is_a_message(capsys):
    refused(capsys, ["simulate", "sorcerer", "--option", "deck_p1=" + "x" * 300], "no deck called")
    save = SaveFile(
        game="sorcerer", seed=1, options={"deck_p1": "y" * 300}, seats=["human", "computer"]
    )
    with pytest.raises(SaveError, match="no deck called"):
        Session.from_save(save)


# 6 -------------------------------------------------------------------------------
@pytest.mark.skipif(not Path("/dev/full").exists(), reason="needs /dev/full")
def test_6_output_to_a_full_device_is_a_message():
    with open("/dev/full", "w") as full:
        done = shell("demo", "--list", stdout=full)
    assert done.returncode == 1 and "Traceback" not in done.stderr
    assert "cannot write the output" in done.stderr and "No space left" in done.stderr


# 7 -------------------------------------------------------------------------------
def test_7_a_billion_players_are_refused_before_any_seat_is_made():
    done = shell("simulate", "shrine", "--players", "1000000000", limit_mb=600, timeout=30)
    assert done.returncode == 2 and "--players 1000000000" in done.stderr, done.stderr
    assert "Traceback" not in done.stderr


# 14 ------------------------------------------------------------------------------
@pytest.mark.parametrize("size", ["\u00b2x\u00b2", "\u0661\u0662\u0660\u0660x900"])
def test_14_a_size_of_other_digits_names_size(size, capsys):
    refused(capsys, ["demo", "heal", "--size", size, "--export", "x.gif"], "--size")


def test_14_a_display_naming_a_dead_server_is_said_so(monkeypatch, capsys):
    monkeypatch.delenv("SDL_VIDEODRIVER")
    monkeypatch.setenv("DISPLAY", ":987")
    monkeypatch.delenv("WAYLAND_DISPLAY", raising=False)
    said = refused(capsys, ["play", "shrine"], ":987")
    assert "not available" not in said and "no X server" in said


def test_13_listing_autosaves_skips_what_is_not_a_save(tmp_path):
    folder = tmp_path / "data" / "autosaves"
    folder.mkdir(parents=True)
    os.mkfifo(folder / "fifo.json")
    (folder / "dir.json").mkdir()
    assert storage.recent_autosaves() == []


# 13 and 26: the autosave journal -------------------------------------------------
def shrine(moves: int = 3, seed: int = 11) -> Session:
    s = Session(registry.get("shrine"), seed, {}, ["computer", "computer"])
    for _ in range(moves):
        s.play(s.computer_action())
    return s


@pytest.mark.parametrize("spoil", ["folder in its place", "autosaves folder a file"])
def test_13_an_autosave_that_cannot_be_written_moves_to_the_fallback_and_says_so(
    spoil, tmp_path, monkeypatch
):
    monkeypatch.setattr(storage, "fallback_dir", lambda: tmp_path / "spare")
    s = shrine()
    assert storage.autosave(s) == ""
    path = storage.autosave_path(s)
    if spoil == "folder in its place":
        path.unlink()
        path.mkdir()
    else:
        for f in path.parent.iterdir():
            f.unlink()
        path.parent.rmdir()
        path.parent.write_text("not a folder")
    s.play(s.computer_action())
    said = storage.autosave(s)
    moved = storage.autosave_path(s)
    assert moved.parent == tmp_path / "spare" / "autosaves" and str(moved) in said
    for _ in range(3):  # the moves after it are kept too
        s.play(s.computer_action())
        assert storage.autosave(s) == ""
    assert storage.read_save(moved).actions == [a.text for a in s.history]


def test_26_the_journal_appends_a_line_per_move_and_keeps_undos(tmp_path):
    s = Session(registry.get("shrine"), 3, {}, ["human", "computer"])
    for _ in range(6):
        s.play(s.computer_action())
        storage.autosave(s)
    path = storage.autosave_path(s)
    lines = path.read_bytes().count(b"\n")
    s.play(s.computer_action())
    storage.autosave(s)
    assert path.read_bytes().count(b"\n") == lines + 1
    assert s.undo()
    storage.autosave(s)
    s.play(s.computer_action())
    storage.autosave(s)
    assert storage.read_save(path).actions == [a.text for a in s.history]
    with open(path, "ab") as f:  # a crash mid-line: the torn line is left out
        f.write(b'"draw')
    assert storage.read_save(path).actions == [a.text for a in s.history]
    back = storage.load(path)  # compacted: written afresh, one line a move
    fresh = storage.autosave_path(back)
    assert fresh.read_bytes().count(b"\n") == 1 + len(s.history) and not path.exists()


def test_26_a_damaged_line_before_the_last_is_named(tmp_path):
    s = shrine()
    storage.autosave(s)
    path = storage.autosave_path(s)
    lines = path.read_text().splitlines(keepends=True)
    lines[2] = "{oops\n"
    path.write_text("".join(lines))
    with pytest.raises(SaveError, match=":3: a damaged line"):
        storage.read_save(path)


def _per_move(sessions: list[Session], moves: int) -> list[tuple[float, int]]:
    """For each session, the least time an autosave took over `moves` passes
    from here, and the most bytes one added to the file (a checkpoint's line
    aside: one every `checkpoint.EVERY` moves, the same size early and late).
    The sessions take turns, so a busy moment of the machine slows them alike."""
    best, grew = [float("inf")] * len(sessions), [0] * len(sessions)
    for _ in range(moves):
        for i, s in enumerate(sessions):
            s.play(s.game.parse_action("pass"))
            size = storage.autosave_path(s).stat().st_size
            start = time.perf_counter()
            storage.autosave(s)
            best[i] = min(best[i], time.perf_counter() - start)
            if len(s.history) % checkpoint.EVERY:
                grew[i] = max(grew[i], storage.autosave_path(s).stat().st_size - size)
    return list(zip(best, grew, strict=True))


def test_26_an_autosave_at_move_4000_costs_what_it_did_at_move_100(monkeypatch):
    """Compared within one run: the fastest of 100 autosaves of a game at move
    100 against the fastest of 100 of one at move 4,000 (Sorcerer passes go on
    for ever), taken in turn, and the bytes each writes. The fsync, one a move
    whatever the game's length, is left out: on a fast disk it hid that
    rewriting the whole save grew."""
    monkeypatch.setattr(os, "fsync", lambda fd: None)
    early, late = (
        Session(registry.get("sorcerer"), seed, {}, ["human", "human"]) for seed in (5, 6)
    )
    for s, moves in ((early, 100), (late, 4000)):
        for _ in range(moves):
            s.play(s.game.parse_action("pass"))
        storage.autosave(s)
    (early_s, early_bytes), (late_s, late_bytes) = _per_move([early, late], 100)
    assert late_bytes == early_bytes == len(b'"pass"\n')
    assert late_s < 1.5 * early_s, (early_s, late_s)  # rewriting the whole save: 2.3


# 11 ------------------------------------------------------------------------------
def deck_file(tmp_path: Path) -> Path:
    from shrinetable.games.sorcerer.cards import catalog

    deck = catalog()[1][-1]
    path = tmp_path / "mine.toml"
    path.write_text(
        'game = "sorcerer"\nname = "Mine"\n[cards]\n'
        + "".join(f'"{cid}" = {n}\n' for cid, n in deck.cards.items())
    )
    return path


def test_11_a_save_continues_after_its_deck_file_is_deleted(tmp_path):
    path = deck_file(tmp_path)
    s = Session(registry.get("sorcerer"), 4, {"deck_p1": str(path)}, ["human", "computer"])
    s.play(s.computer_action())
    saved = storage.save_as(s, tmp_path / "game.json")
    path.unlink()
    back = storage.load(saved)
    assert back.game.view(back.state, 0) == s.game.view(s.state, 0)
    assert str(path) not in saved.read_text()


def test_11_an_old_save_naming_a_file_loads_while_the_file_is_there(tmp_path):
    path = deck_file(tmp_path)
    old = {
        "format": "shrinetable-save",
        "version": 1,
        "game": "sorcerer",
        "seed": 4,
        "options": {"deck_p1": str(path)},
        "seats": ["human", "computer"],
        "actions": [],
    }
    (tmp_path / "old.json").write_text(json.dumps(old))
    back = storage.load(tmp_path / "old.json")
    assert back.options["deck_p1"].startswith("deck:")  # kept in the save from now on
    path.unlink()
    with pytest.raises(SaveError, match="mine.toml"):
        storage.load(tmp_path / "old.json")


def test_11_12_a_new_save_may_not_name_a_file(tmp_path):
    path = deck_file(tmp_path)
    planted = {
        "format": "shrinetable-save",
        "version": 2,
        "game": "sorcerer",
        "seed": 4,
        "options": {"deck_p1": str(path)},
        "seats": ["human", "computer"],
        "actions": [],
    }
    (tmp_path / "planted.json").write_text(json.dumps(planted))
    with pytest.raises(SaveError, match="names a file"):
        storage.load(tmp_path / "planted.json")


# 12 ------------------------------------------------------------------------------
@pytest.fixture
def temp_root(tmp_path, monkeypatch):
    import tempfile

    monkeypatch.setattr(tempfile, "tempdir", str(tmp_path))
    storage.fallback_dir.cache_clear()
    yield tmp_path
    storage.fallback_dir.cache_clear()


def test_12_the_fallback_folder_is_made_private(temp_root):
    folder = storage.fallback_dir()
    assert folder == temp_root / f"shrinetable-{os.getuid()}"
    assert folder.stat().st_mode & 0o777 == 0o700


def test_12_a_fallback_folder_others_may_write_is_not_used(temp_root):
    taken = temp_root / f"shrinetable-{os.getuid()}"
    taken.mkdir()
    taken.chmod(0o777)
    folder = storage.fallback_dir()
    assert folder != taken and folder.stat().st_mode & 0o777 == 0o700
    assert folder.stat().st_uid == os.getuid()


@pytest.mark.skipif(os.getuid() != 0, reason="needs root to give a folder to another user")
def test_12_a_fallback_folder_another_user_made_is_not_used(temp_root):
    taken = temp_root / f"shrinetable-{os.getuid()}"
    taken.mkdir(mode=0o700)
    os.chown(taken, 65534, 65534)
    assert storage.fallback_dir() != taken


def test_12_a_link_in_the_fallback_folder_s_place_is_not_followed(temp_root):
    elsewhere = temp_root / "theirs"
    elsewhere.mkdir(mode=0o700)
    (temp_root / f"shrinetable-{os.getuid()}").symlink_to(elsewhere)
    assert storage.fallback_dir().parent == temp_root
    assert not storage.fallback_dir().is_symlink()


# 10 ------------------------------------------------------------------------------
@pytest.fixture
def fifo(tmp_path) -> Path:
    path = tmp_path / "pipe.toml"
    os.mkfifo(path)
    return path


def test_10_a_fifo_where_a_file_is_read_is_a_message(fifo, capsys, tmp_path):
    """Each of these waited for a writer for ever."""
    refused(capsys, ["scenario", str(fifo)], str(fifo), "FIFO")
    refused(capsys, ["play", "--load", str(fifo)], str(fifo), "FIFO")
    refused(capsys, ["check", str(fifo)], str(fifo), "FIFO")
    with pytest.raises(SaveError, match="FIFO"):
        storage.load(fifo)


def test_10_a_fifo_in_a_designer_card_folder_is_refused_and_the_game_goes_on(tmp_path):
    from shrinetable.formats import cards

    data = registry.get("sorcerer").card_data
    folder = tmp_path / "data" / "cards" / Path(data.folder).name
    folder.mkdir(parents=True)
    os.mkfifo(folder / "mine.toml")
    got, _ = cards.load_card_data(data)
    assert got and "FIFO" in cards.notices()[-1] and str(folder) in cards.notices()[-1]


# 8 -------------------------------------------------------------------------------
@pytest.mark.slow
def test_8_an_export_at_the_largest_size_stays_under_1_gb(tmp_path):
    """At 7680x4320 every picture was held (5 GB in 30 s and growing); now one
    at a time, compressed, and the GIF written as it is read back. The peak is
    the process's own `VmHWM`: getrusage's maxrss keeps the forking pytest
    worker's, which a long suite grows past 1 GB."""
    gif = tmp_path / "big.gif"
    done, peak_kb = run_measured(
        ["demo", "heal", "--export", str(gif), "--size", "7680x4320"], timeout=900, limit=3 << 30
    )
    assert done.returncode == 0, done.stderr
    assert peak_kb < 1 << 20, peak_kb
    from PIL import Image

    assert Image.open(gif).size == (7680, 4320) and Image.open(gif).n_frames > 10


def test_8_a_streamed_gif_shows_what_the_pictures_show(tmp_path):
    from PIL import Image, ImageChops, ImageSequence

    from shrinetable.demo import export

    boxes = [((200, 30, 30), 0), ((200, 30, 30), 0), ((30, 200, 30), 1), ((30, 30, 200), 2)]
    pictures = []
    for colour, at in boxes:
        im = Image.new("RGB", (64, 48), (10, 10, 10))
        im.paste(colour, (8 * at, 8, 8 * at + 16, 24))
        pictures.append((im, 300))
    assert export.write_gif(iter(pictures), tmp_path / "x.gif") == 4
    got = [
        (f.convert("RGB").copy(), f.info["duration"])
        for f in ImageSequence.Iterator(Image.open(tmp_path / "x.gif"))
    ]
    assert [d for _, d in got] == [600, 300, 300]  # the same picture twice: one, longer
    for (im, _), (shown, _) in zip(pictures[1:], got, strict=True):
        assert ImageChops.difference(im, shown).getbbox() is None


def test_10_a_fifo_in_the_card_and_autosave_folders_the_window_opens_and_says_so(
    tmp_path, monkeypatch
):
    """The window never appeared: the start screen waited on the FIFOs."""
    from shrinetable.formats import cards
    from shrinetable.table.app import App

    monkeypatch.setattr(cards, "_notices", [])
    data = tmp_path / "data"
    for folder in (data / "cards" / "sorcerer", data / "autosaves"):
        folder.mkdir(parents=True)
    os.mkfifo(data / "cards" / "sorcerer" / "mine.toml")
    os.mkfifo(data / "autosaves" / "sorcerer-1.jsonl")
    from shrinetable.games.sorcerer.cards import catalog

    catalog.cache_clear()
    catalog()  # read again from this data folder, as at the program's start
    app = App((1280, 720))
    app.show_start()
    app.step([], 0.01)
    assert "FIFO" in app.scene.message and app.running
    assert "Continue: no unfinished game" in app.scene._resume_words()


def test_1_an_instance_number_of_thousands_of_digits_is_a_message(tmp_path, capsys):
    """Found by the long fuzz budget: a card's `#N` in a scenario file."""
    src = (ROOT / "tests" / "scenarios" / "shards" / "attack_once.toml").read_text()
    m = re.search(r"#(\d+)", src)
    bad = tmp_path / "s.toml"
    bad.write_text(src[: m.start(1)] + "9" * 4400 + src[m.end(1) :])
    refused(capsys, ["scenario", str(bad)], "s.toml:5", "is not a card")


# issue 36: the same fallback folder every time, none left empty -----------------------
def test_every_name_taken_in_the_temp_folder_still_gives_the_same_folder(temp_root, monkeypatch):
    for n in ["", *(f"-{n}" for n in range(2, storage.SPARES))]:  # another user's, all
        taken = temp_root / f"shrinetable-{os.getuid()}{n}"
        taken.mkdir()
        taken.chmod(0o777)
    runtime = temp_root / "run-user"
    runtime.mkdir(mode=0o700)
    monkeypatch.setenv("XDG_RUNTIME_DIR", str(runtime))
    first = storage.fallback_dir()
    assert first == runtime / "shrinetable" and first.stat().st_mode & 0o777 == 0o700
    storage.fallback_dir.cache_clear()  # the next start
    assert storage.fallback_dir() == first
    monkeypatch.delenv("XDG_RUNTIME_DIR")
    monkeypatch.setenv("HOME", str(temp_root / "home"))
    storage.fallback_dir.cache_clear()
    assert storage.fallback_dir() == temp_root / "home" / ".cache" / "shrinetable-fallback"


def test_a_table_that_can_write_its_data_folder_leaves_nothing_in_the_temp_folder(temp_root):
    before = sorted(temp_root.iterdir())
    storage.recent_autosaves()
    storage.clean()
    assert sorted(temp_root.iterdir()) == before


def test_a_folder_made_for_one_run_is_removed_when_nothing_was_kept(tmp_path):
    empty, kept = tmp_path / "run-1", tmp_path / "run-2"
    for folder in (empty, kept):
        (folder / "autosaves").mkdir(parents=True)
        (folder / "saves").mkdir()
    (kept / "saves" / "game.json").write_text("{}")
    storage._prune(empty)
    storage._prune(kept)
    assert not empty.exists() and (kept / "saves" / "game.json").exists()
    assert not (kept / "autosaves").exists()
