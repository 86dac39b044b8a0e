"""The fourteen ways the program stopped, hung or lost a game (issue 25), each
reproduced as it was found: every one of these failed before its fix."""

from __future__ import annotations

import os
import subprocess
import sys
import time
from pathlib import Path

import pygame
import pytest

from shrinetable.adapter import storage
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


def shell(*argv: str, limit_mb: int | None = None, timeout: float = 60,
          **kw) -> subprocess.CompletedProcess:
    """`shrinetable ARGV` in a process of its own (under an address-space limit)."""
    code = "import sys; from shrinetable.cli import main; sys.exit(main(sys.argv[1:]))"
    if limit_mb:
        code = (f"import resource; resource.setrlimit(resource.RLIMIT_AS, ({limit_mb << 20},"
                f" {limit_mb << 20})); " + code)
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    kw.setdefault("stdout", subprocess.PIPE)
    return subprocess.run([sys.executable, "-c", code, *argv], stderr=subprocess.PIPE,
                          text=True, timeout=timeout, env=env, **kw)


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
    assert ratio < 8 * 4, ratio   # linear: about 8; quadratic 64, cubic 512


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
    refused(capsys, ["simulate", "sorcerer", "--option", "deck_p1=" + "x" * 300],
            "no deck called")
    save = SaveFile(game="sorcerer", seed=1, options={"deck_p1": "y" * 300},
                    seats=["human", "computer"])
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
