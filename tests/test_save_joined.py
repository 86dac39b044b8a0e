"""A save keeps the joins of a multi-card gesture (`Applied.joined`): after
Ctrl+S and Ctrl+O, Continue, or a load from a checkpoint, one undo still takes
back one whole gesture, as it did before saving. Older saves (no `joined`)
load as before; a malformed one is named by file and field."""

from __future__ import annotations

import json

import pytest

from shrinetable.adapter import checkpoint, storage
from shrinetable.adapter.match import Match
from shrinetable.adapter.session import Session
from shrinetable.engine import registry
from shrinetable.formats.save import SaveError, read_save

USAGI = registry.get("usagi")


@pytest.fixture(autouse=True)
def data(monkeypatch, tmp_path):
    monkeypatch.setenv("SHRINETABLE_DATA_DIR", str(tmp_path))


def _discarding() -> Match:
    """A Usagi game at p1's discard, p1 a person: three cards dropped together
    on the rest pile make three moves, the last two joined to the first."""
    m = Match(Session(USAGI, 5, {}, ["human", "computer", "computer"]))
    while (d := m.decision()) is not None and (d.seat, d.kind) != (0, "discard"):
        if m.pending() is not None:
            m.step()
        else:
            m.act(d.seat, m.session.computer_action())
    cards = [x.text for x in m.moves() if x.text.startswith("discard ")][:3]
    for i, text in enumerate(cards):
        m.act(0, text, joined=i > 0)
    return m


def _hand(m: Match) -> tuple[str, ...]:
    return m.view(0).zones["hand:0"].cards


def test_after_save_and_load_one_undo_takes_back_the_whole_gesture(tmp_path):
    m = _discarding()
    before = len(m.history) - 3
    path = storage.save_as(m.session, tmp_path / "game.json")
    assert json.loads(path.read_text())["joined"] == [before + 1, before + 2]
    loaded = Match(storage.load(path))
    assert [a.joined for a in loaded.history] == [a.joined for a in m.history]
    assert m.undo(0) and loaded.undo(0)
    assert len(loaded.history) == len(m.history) == before  # the three cards, back at once
    assert _hand(loaded) == _hand(m) and len(_hand(loaded)) == len(_hand(m))
    assert [a.text for a in loaded.redo()] == [a.text for a in m.redo()]
    assert loaded.undo(0) and len(loaded.history) == before  # redone, still one gesture


def test_continue_keeps_the_gesture_and_an_undo_of_it_too():
    m = _discarding()
    before = len(m.history) - 3
    storage.autosave(m.session)
    path = storage.autosave_path(m.session)
    assert path.read_text().splitlines()[-2].startswith('["discard ')  # a joined move's line
    assert read_save(path).joined == [before + 1, before + 2]
    again = Match(storage.load_autosave(path))
    assert again.undo(0) and len(again.history) == before
    m.undo(0)
    storage.autosave(m.session)  # the undo, journalled: its joins go with its moves
    assert read_save(storage.autosave_path(m.session)).joined == []


def test_joins_before_and_after_a_checkpoint_survive_a_load_from_it():
    """Sorcerer's p1 passes twice in a row (play, then attack): the second
    joined to the first stands for a gesture, one before the checkpoint the
    load starts from and one after it."""
    game = registry.get("sorcerer")
    s = Session(game, 3, {}, ["human", "computer"])
    for i in range(checkpoint.EVERY + 8):  # p1's passes: 0 and 1, 4 and 5, ...
        s.play(game.parse_action("pass"), joined=i in (5, checkpoint.EVERY + 5))
    joined = [i for i, a in enumerate(s.history) if a.joined]
    assert joined == [5, checkpoint.EVERY + 5]
    save = s.to_save()
    assert save.joined == joined and save.checkpoints
    back = Session.from_save(save)
    assert len(back.history) == checkpoint.EVERY + 8 and back.marks  # from the checkpoint
    assert [i for i, a in enumerate(back.history) if a.joined] == joined
    assert back.undo() and len(back.history) == checkpoint.EVERY + 4  # both passes
    while len(back.history) > 8:
        assert back.undo()
    assert back.undo() and len(back.history) == 4  # the gesture before the checkpoint, whole


def test_an_old_save_loads_and_a_malformed_join_is_named(tmp_path):
    m = _discarding()
    path = storage.save_as(m.session, tmp_path / "game.json")
    data = json.loads(path.read_text())
    old = tmp_path / "old.json"
    old.write_text(json.dumps({k: v for k, v in data.items() if k != "joined"}))
    back = Match(storage.load(old))  # as saves were: each discard its own undo
    assert not any(a.joined for a in back.history)
    assert back.undo(0) and len(back.history) == len(m.history) - 1
    n = len(data["actions"])
    for wrong, words in (
        ("x", "joined: Input should be a valid list"),
        (["two"], "joined.0: Input should be a valid integer"),
        ([0], f"joined: Value error, 0 is not a move of actions after 0 (there are {n})"),
        ([n], f"joined: Value error, {n} is not a move of actions after 0"),
        ([5, 5], "joined: Value error, 5 is not a move of actions after 5"),
    ):
        bad = tmp_path / "bad.json"
        bad.write_text(json.dumps({**data, "joined": wrong}))
        with pytest.raises(SaveError) as e:
            storage.load(bad)
        assert str(e.value).startswith(f"{bad}: {words}"), str(e.value)
    journal = tmp_path / "bad.jsonl"
    storage.autosave(m.session)
    lines = storage.autosave_path(m.session).read_text().splitlines()
    journal.write_text("\n".join([*lines, '["a", "b"]', ""]))
    with pytest.raises(SaveError, match=rf"{journal}:{len(lines) + 1}: neither a move, a move"):
        read_save(journal)
