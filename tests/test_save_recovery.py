"""Saves that lose at most what is damaged (issue 36): a journal with a damaged
middle line, a move that no longer applies, a checkpoint line nested deep or
holding a huge number: the game goes on from the last good move, the message
names the line or the move, and the file is left as it was. A checkpoint is
believed only with this user's key: one edited with its SHA-256 recomputed is
found out, named, and the moves are replayed from the one before."""

from __future__ import annotations

import hashlib
import json
import os
import stat
import subprocess
import sys
from pathlib import Path

import pytest

from shrinetable.adapter import checkpoint, storage
from shrinetable.adapter.session import Session
from shrinetable.formats.save import SaveError, SaveFile, read_save, write_journal, write_save

ROOT = Path(__file__).resolve().parents[1]
EVERY = checkpoint.EVERY


@pytest.fixture(autouse=True)
def data(monkeypatch, tmp_path):
    monkeypatch.setenv("SHRINETABLE_DATA_DIR", str(tmp_path / "data"))


def passes(moves: int) -> SaveFile:
    """A Sorcerer game of `moves` passes (it goes on for ever), checkpoints made."""
    return Session.from_save(
        SaveFile(game="sorcerer", seed=3, seats=["human", "human"], actions=["pass"] * moves)
    ).to_save()


def journal(tmp_path: Path, save: SaveFile) -> tuple[Path, list[bytes]]:
    path = write_journal(tmp_path / "game.jsonl", save)
    return path, path.read_bytes().split(b"\n")


def damaged(path: Path, lines: list[bytes], n: int, line: bytes) -> bytes:
    """The journal with its line `n` (from 1) replaced; the bytes written."""
    lines = list(lines)
    lines[n - 1] = line
    data = b"\n".join(lines)
    path.write_bytes(data)
    return data


@pytest.mark.parametrize(
    "line",
    [b'"pa\xffss', b"{{{", b'"unterminated', b"1" * 5000, b"[" * 50_000],
    ids=["bad byte", "not json", "torn", "5000 digits", "nested"],
)
def test_a_damaged_middle_line_goes_on_from_the_last_good_move(tmp_path, line):
    path, lines = journal(tmp_path, passes(40))
    data = damaged(path, lines, 22, line)  # line 1 is the header: move 21 is damaged
    with pytest.raises(SaveError, match=":22: a damaged line"):
        read_save(path)  # the strict reader still names it
    session = storage.load(path)
    assert len(session.history) == 20 and session.damaged
    assert session.notes[0].startswith(f"{path}:22: a damaged line; the game goes on")
    assert path.read_bytes() == data  # the original untouched


def test_a_damaged_checkpoint_line_is_left_out_and_the_moves_kept(tmp_path):
    save = passes(EVERY + 10)
    path, lines = journal(tmp_path, save)
    n = next(i for i, x in enumerate(lines, 1) if x.startswith(b'{"at"'))
    damaged(path, lines, n, b'{"at":' + b"[" * 50_000)
    session = storage.load(path)
    assert len(session.history) == EVERY + 10
    assert f"{path}:{n}: a damaged checkpoint line, left out" in session.notes


def test_a_move_that_does_not_apply_goes_on_from_the_one_before(tmp_path):
    save = passes(300)
    save.actions[289] = "attack nothing#9"
    path = write_save(tmp_path / "game.json", save)
    data = path.read_bytes()
    session = storage.load(path)
    assert len(session.history) == 289 and session.damaged
    assert "actions.289: 'attack nothing#9' does not apply" in session.notes[0]
    assert "goes on from move 289, the last good one" in session.notes[0]
    assert path.read_bytes() == data


def test_continue_keeps_a_damaged_autosave_as_it_was(tmp_path):
    save = passes(40)
    path = write_journal(storage.autosaves_dir() / "old.jsonl", save)
    lines = path.read_bytes().split(b"\n")
    data = damaged(path, lines, 30, b"###")
    session = storage.load_autosave(path)
    assert len(session.history) == 28 and path.read_bytes() == data


def test_a_whole_save_with_a_huge_number_is_a_message(tmp_path):
    path = tmp_path / "game.json"
    path.write_text('{"format": "shrinetable-save", "seed": ' + "9" * 5000 + "}")
    with pytest.raises(SaveError) as e:
        storage.load(path)
    assert "a number of more than 4300 digits" in str(e.value)
    assert "set_int_max_str_digits" not in str(e.value)


def test_the_command_line_says_the_line_and_goes_on(tmp_path):
    path, lines = journal(tmp_path, passes(40))
    damaged(path, lines, 22, b"{{{")
    env = dict(os.environ, SHRINETABLE_DATA_DIR=str(tmp_path / "data"), PYTHONPATH=str(ROOT))
    for name in ("SDL_VIDEODRIVER", "DISPLAY", "WAYLAND_DISPLAY"):  # it stops at the window
        env.pop(name, None)
    out = subprocess.run(
        [sys.executable, "-m", "shrinetable", "play", "--load", str(path)],
        capture_output=True,
        text=True,
        env=env,
        timeout=120,
    )
    assert f"{path}:22: a damaged line; the game goes on" in out.stdout + out.stderr


# -- checkpoints keyed with this user's secret -------------------------------------------
def sha256_resigned(save: SaveFile, i: int = 0) -> SaveFile:
    """Checkpoint `i`'s sum made again as the plain SHA-256 anyone can compute."""
    marks, _ = checkpoint.read(save, len(save.seats))
    h = marks[i].prefix.copy()
    h.update(
        json.dumps(save.checkpoints[i]["state"], sort_keys=True, separators=(",", ":")).encode()
    )
    save.checkpoints[i]["sum"] = h.hexdigest()
    return save


def test_an_edited_checkpoint_with_its_sha256_recomputed_is_found_out(tmp_path):
    save = passes(2 * EVERY + 5)
    save.checkpoints[1]["state"]["mp"][0] = 99  # forged magic points
    path = write_save(tmp_path / "game.json", sha256_resigned(save, 1))
    session = storage.load(path)
    assert session.notes == [
        f"{path}: checkpoint 1 (at move {2 * EVERY}): sum: does not match its moves and "
        "state (edited, or saved by another user or computer); its moves are replayed instead"
    ]
    assert session.state.mp[0] != 99 and len(session.history) == 2 * EVERY + 5
    assert not session.damaged  # nothing lost: replayed from the checkpoint before


def test_the_key_is_the_users_alone_and_made_once(tmp_path):
    key = checkpoint.key()
    path = tmp_path / "data" / checkpoint.KEY_FILE
    if path.exists():  # made by this test's data folder (else by an earlier test's)
        assert stat.S_IMODE(path.stat().st_mode) == 0o600 and path.read_bytes() == key
    assert len(key) == checkpoint.KEY_BYTES and checkpoint.key() == key
    assert hashlib.sha256(b"x").hexdigest() != checkpoint._sum(hashlib.sha256(), {})


def test_the_table_says_which_line_was_damaged_and_plays_on(tmp_path, app):
    path, lines = journal(tmp_path, passes(40))
    damaged(path, lines, 22, b"{{{")
    app.start_game(Session.from_save(passes(3)))
    app.scene.load(str(path))  # as the table's load dialog does
    scene = app.scene
    assert f"{path}:22: a damaged line; the game goes on" in scene.message
    assert not scene.message_is_error and len(scene.match.history) == 20
