"""Long saves load from their last checkpoint (adapter/checkpoint.py, issue 25's
500,000 moves): the same game as replaying every move, in time that does not
grow with the moves before the checkpoint; a checkpoint that does not hold up is
refused by name and the moves are replayed; old saves without checkpoints load."""

from __future__ import annotations

import hashlib
import json
import random
import time
from pathlib import Path

import pytest

from shrinetable.adapter import checkpoint, storage
from shrinetable.adapter.session import Session
from shrinetable.bench import save as loadbench
from shrinetable.engine import registry
from shrinetable.formats.save import SaveError, SaveFile, read_save, write_journal, write_save
from shrinetable.table.widgets import rich_text

EVERY = checkpoint.EVERY
GAME = registry.get("sorcerer")  # its passes go on for ever: a game of any length


@pytest.fixture(autouse=True)
def data(monkeypatch, tmp_path):
    monkeypatch.setenv("SHRINETABLE_DATA_DIR", str(tmp_path))


def passes(moves: int, seats=("human", "human")) -> SaveFile:
    """A save of `moves` passes, its checkpoints made as the game was played."""
    return Session.from_save(
        SaveFile(game="sorcerer", seed=3, seats=list(seats), actions=["pass"] * moves)
    ).to_save()


def replayed(save: SaveFile) -> Session:
    return Session.from_save(save.model_copy(update={"checkpoints": []}))


def same(a: Session, b: Session) -> bool:
    return (
        GAME.dump_state(a.state, a.deal) == GAME.dump_state(b.state, b.deal)
        and [x.text for x in a.history] == [x.text for x in b.history]
        and [(x.seat, x.secret) for x in a.history] == [(x.seat, x.secret) for x in b.history]
    )


def resigned(save: SaveFile, i: int = -1) -> SaveFile:
    """`save` with checkpoint `i`'s sum made again for what it now holds (a forger's)."""
    marks, _ = checkpoint.read(save, len(save.seats))
    record = save.checkpoints[i]
    record["sum"] = checkpoint._sum(marks[i].prefix, record["state"])
    return save


def applies(monkeypatch) -> list:
    """Count the rules steps taken from here on."""
    calls: list = []
    real = GAME.apply
    monkeypatch.setattr(GAME, "apply", lambda s, a: calls.append(1) or real(s, a))
    return calls


def test_a_save_keeps_a_checkpoint_every_so_many_moves_and_loads_from_the_last(monkeypatch):
    save = passes(3 * EVERY + 100)
    assert [c["at"] for c in save.checkpoints] == [EVERY, 2 * EVERY, 3 * EVERY]
    calls = applies(monkeypatch)
    back = Session.from_save(save, "game.json")
    assert len(calls) == 100 and not back.notes  # only the moves after the last
    assert same(back, replayed(save))


@pytest.mark.parametrize("write", [write_journal, write_save])
def test_checkpoints_survive_the_file_both_kinds(tmp_path, write):
    save = passes(2 * EVERY + 5)
    path = write(tmp_path / "game", save)
    assert read_save(path).checkpoints == json.loads(json.dumps(save.checkpoints))
    assert same(storage.load(path), replayed(save))


def test_undo_further_back_than_the_checkpoint_replays_from_an_earlier_one(monkeypatch):
    save = passes(3 * EVERY + 10)
    back, whole = Session.from_save(save), replayed(save)
    calls = applies(monkeypatch)
    back.back_to(EVERY + 7)
    whole.back_to(EVERY + 7)
    assert same(back, whole)
    assert len(calls) < EVERY + 7 + 40  # from the first checkpoint, not from the deal
    assert sorted(back.marks) == [EVERY]
    for _ in range(2 * EVERY):  # played on past where the dropped ones were: made afresh
        back.play(GAME.parse_action("pass"))
    assert sorted(back.marks) == [EVERY, 2 * EVERY, 3 * EVERY]
    assert same(Session.from_save(back.to_save()), replayed(back.to_save()))


def test_the_history_before_the_checkpoint_says_who_moved_and_undo_works_for_them():
    save = passes(EVERY + 3, seats=("human", "computer"))
    back = Session.from_save(save)
    assert [a.seat for a in back.history[:4]] == [a.seat for a in replayed(save).history[:4]]
    assert back.can_undo() and back.undo()
    assert same(back, _undone(save))


def _undone(save: SaveFile) -> Session:
    s = replayed(save)
    s.undo()
    return s


def test_the_autosave_journal_writes_checkpoints_and_an_undo_drops_the_later_ones():
    s = Session(GAME, 4, {}, ["human", "human"])
    for _ in range(2 * EVERY + 20):
        s.play(GAME.parse_action("pass"))
        storage.autosave(s)
    path = storage.autosave_path(s)
    assert [c["at"] for c in read_save(path).checkpoints] == [EVERY, 2 * EVERY]
    s.back_to(EVERY + 500)
    storage.autosave(s)
    held = read_save(path)
    assert [c["at"] for c in held.checkpoints] == [EVERY] and len(held.actions) == EVERY + 500
    for _ in range(EVERY):
        s.play(GAME.parse_action("pass"))
        storage.autosave(s)
    assert [c["at"] for c in read_save(path).checkpoints] == [EVERY, 2 * EVERY]
    assert same(storage.load(path), s)


# -- what does not hold up is refused, naming the file and field, and replayed ------
def refusal(save: SaveFile) -> str:
    back = Session.from_save(save, "game.jsonl")
    assert same(back, replayed(save))  # nothing lost: the moves are the save
    return "\n".join(back.notes)


def test_a_state_edited_by_hand_is_refused_by_its_sum():
    save = passes(EVERY + 1)
    save.checkpoints[0]["state"]["mp"][0] += 5
    assert refusal(save).startswith(f"game.jsonl: checkpoint 0 (at move {EVERY}): sum: ")


def test_a_forged_sum_is_still_checked_against_the_rules():
    save = passes(EVERY + 1)
    hand = save.checkpoints[0]["state"]["hand"]
    hand[0][0] = hand[1][0]  # one card twice, another gone
    assert "card conservation" in refusal(resigned(save))
    save = passes(EVERY + 1)
    save.checkpoints[0]["state"]["hand"][0][0] = "a card"
    assert "state.hand.0.0: a whole number expected" in refusal(resigned(save))
    save = passes(EVERY + 1)
    save.checkpoints[0]["state"]["stage"] = "dance"
    assert "state: the rules cannot read it" in refusal(resigned(save))


def test_moves_changed_under_a_checkpoint_are_seen():
    """The checkpoint is refused (its sum covers the moves), so the replay meets
    the move that does not apply and names it."""
    save = passes(EVERY + 1)
    save.actions[5] = "attack x#1"
    s = Session(GAME, save.seed, save.options, save.seats)
    assert checkpoint.resume(s, save, "game.jsonl") == 0 and "sum" in s.notes[0]
    with pytest.raises(SaveError, match="actions.5"):
        Session.from_save(save, "game.jsonl")


@pytest.mark.parametrize(
    "change, words",
    [
        (lambda c: c.update(at="1024"), "at: missing or not a whole number"),
        (lambda c: c.update(at=10**9), "at: 1000000000 is not after move 0"),
        (lambda c: c.update(who=c["who"][1:]), "who: 1023 letters"),
        (lambda c: c.update(who="7" * EVERY), "who: '7' is no seat"),
        (lambda c: c.update(when=1), "when: not a field"),
    ],
)
def test_a_misshapen_checkpoint_is_named(change, words):
    save = passes(2 * EVERY + 1)
    change(save.checkpoints[0])
    said = refusal(save)
    assert said.startswith("game.jsonl: checkpoint 0 (at move") and words in said, said
    assert "replayed instead" in said


def test_a_later_checkpoint_refused_an_earlier_one_is_used(monkeypatch):
    save = passes(2 * EVERY + 1)
    save.checkpoints[1]["sum"] = "0" * 64
    calls = applies(monkeypatch)
    back = Session.from_save(save, "game.jsonl")
    assert len(calls) == EVERY + 1 and "checkpoint 1 (at move 2048): sum" in back.notes[0]
    assert same(back, replayed(save))


def test_continue_and_the_start_screens_description_replay_only_the_tail(monkeypatch, tmp_path):
    from shrinetable.table import start_scene

    path = write_journal(tmp_path / "autosaves" / "long.jsonl", passes(2 * EVERY + 10))
    calls = applies(monkeypatch)
    said = start_scene._described(path, 0.0, "now")
    assert f"{2 * EVERY + 10} moves" in said and len(calls) == 10
    back = storage.load_autosave(path)
    assert len(calls) == 20 and len(back.history) == 2 * EVERY + 10
    again = storage.autosave_path(back)  # taken over and written afresh, checkpoints too
    assert [c["at"] for c in read_save(again).checkpoints] == [EVERY, 2 * EVERY]


def test_a_save_from_before_checkpoints_gets_them_when_continued(tmp_path):
    old = passes(2 * EVERY + 5).model_copy(update={"checkpoints": [], "version": 2})
    path = write_save(tmp_path / "autosaves" / "old.json", old)
    back = storage.load_autosave(path)  # move by move, as before
    again = read_save(storage.autosave_path(back))
    assert [c["at"] for c in again.checkpoints] == [EVERY, 2 * EVERY]
    assert same(Session.from_save(again), back)


def test_play_load_says_what_was_refused(tmp_path, capsys, monkeypatch):
    from shrinetable.cli import main

    save = passes(EVERY + 1)
    save.checkpoints[0]["sum"] = "0" * 64
    path = write_save(tmp_path / "game.json", save)
    for name in ("SDL_VIDEODRIVER", "DISPLAY", "WAYLAND_DISPLAY"):  # loaded, then no window
        monkeypatch.delenv(name, raising=False)
    main(["play", "--load", str(path)])
    assert f"{path}: checkpoint 0 (at move {EVERY}): sum" in capsys.readouterr().err


ODD = [None, True, -1, 10**30, "x", "", [], {}, [1, 2], [[0]], 1.5, {"a": 1}]


def _poke(data, rng: random.Random):
    """`data` with one value somewhere in it replaced by an odd one (in place)."""
    at = data
    while True:
        keys = list(at) if isinstance(at, dict) else list(range(len(at)))
        if not keys:
            return
        key = rng.choice(keys)
        if isinstance(at[key], (dict, list)) and at[key] and rng.random() < 0.7:
            at = at[key]
            continue
        at[key] = rng.choice(ODD)
        return


@pytest.mark.parametrize("name", [n for n in registry.names()])
def test_a_forged_checkpoint_of_any_shape_never_stops_a_load(name):
    """Any value anywhere in a checkpoint's state, its sum made again: the save
    loads, from the checkpoint or by replaying, as a game the rules can play
    on, and a refusal names the checkpoint."""
    game, rng = registry.get(name), random.Random(name)
    made = loadbench.build(name, 60, 5)  # a checkpoint there, then moves after it
    mark = checkpoint.mark(made, len(made.history))
    for _ in range(5):
        if made.decision() is not None:
            made.play(rng.choice(game.legal_actions(made.state)))
    save = made.to_save()
    save.checkpoints = [mark.record]
    for _ in range(25):
        forged = save.model_copy(deep=True)
        _poke(forged.checkpoints[0]["state"], rng)
        back = Session.from_save(resigned(forged), "game.jsonl")
        assert len(back.history) == len(save.actions)
        assert all(n.startswith("game.jsonl: ") and "checkpoint" in n for n in back.notes)
        if back.decision() is not None:
            game.legal_actions(back.state)


# -- loading time and memory --------------------------------------------------------
def _load_seconds(save: SaveFile, path: Path) -> float:
    write_journal(path, save)
    best = float("inf")
    for _ in range(3):
        t0 = time.process_time()
        Session.from_save(read_save(path))
        best = min(best, time.process_time() - t0)
    return best


def test_a_long_save_loads_in_about_the_time_per_move_of_a_short_one(tmp_path):
    """Within one run: per move, the save of 40 checkpoints loads no slower than
    the one of 4 (replaying every move would cost the same per move; loading from
    the last checkpoint costs less), and far faster than replaying it."""
    short, long = passes(4 * EVERY + 100), passes(40 * EVERY + 100)
    per_short = _load_seconds(short, tmp_path / "short.jsonl") / len(short.actions)
    per_long = _load_seconds(long, tmp_path / "long.jsonl") / len(long.actions)
    assert per_long < 1.2 * per_short, (per_short, per_long)
    whole = _load_seconds(long.model_copy(update={"checkpoints": []}), tmp_path / "old.jsonl")
    assert whole > 4 * per_long * len(long.actions), (whole, per_long)


@pytest.mark.slow
def test_a_200k_move_save_loads_in_bounded_memory(tmp_path):
    """Peak resident memory of a fresh process loading it (Python included),
    as `bench save` measures it."""
    path = write_journal(tmp_path / "long.jsonl", passes(200_000))
    figures = loadbench.load_figures(path, "load", tmp_path)
    assert figures["moves"] == 200_000 and figures["peak_mb"] < 300, figures


def test_the_sum_covers_every_move_and_its_seat():
    save = passes(EVERY)
    marks, _ = checkpoint.read(save, 2)
    digest = hashlib.sha256()
    checkpoint._moves(digest, save.actions, save.checkpoints[0]["who"])
    assert marks[0].prefix.digest() == digest.digest()


def test_the_table_says_what_was_refused_and_plays_on(tmp_path, app):
    """A checkpoint refused is said on the table, as a notice (not an error):
    nothing was lost, the moves were replayed."""
    save = passes(EVERY + 1)
    save.checkpoints[0]["sum"] = "0" * 64
    path = write_save(tmp_path / "game.json", save)
    app.start_game(storage.load(str(path)))
    scene = app.scene
    assert "checkpoint 0" in scene.message and "replayed" in scene.message
    assert not scene.message_is_error and len(scene.match.history) == EVERY + 1


def test_a_long_game_opens_at_the_table_making_only_the_lines_it_shows(tmp_path, app, monkeypatch):
    """The log panel shows its last LOG_SHOWN entries: a long save opens making
    lines from about that many moves, not from all of them, and the lines shown
    are the full log's last ones."""
    from shrinetable.adapter import log
    from shrinetable.table import panels

    path = write_save(tmp_path / "game.json", passes(3 * EVERY, ("human", "computer")))
    added = []
    real = log.Log.add
    monkeypatch.setattr(log.Log, "add", lambda self, a: added.append(1) or real(self, a))
    app.start_game(storage.load(str(path)))
    scene = app.scene
    assert len(added) < 20 * panels.LOG_SHOWN
    full = log.lines(scene.match, scene.viewer)
    shown = [scene.log.text(line) for line in scene.log.lines][-panels.LOG_SHOWN :]
    assert shown == full[-panels.LOG_SHOWN :]
    assert f"{3 * EVERY:,} moves in all" in rich_text(scene.panels._log_text()[0])
