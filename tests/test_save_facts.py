"""A loaded game is the game as it was played: a save keeps what the table did
for each move besides its notation (`SaveFile.auto`, `picked_in`, `standing`;
`joined` in test_save_joined.py), so after Ctrl+S and a load, Continue (the
autosave journal), a network host's resume or a load from a checkpoint, every
seat's log and "what happened" summary say what they said, the same move is
due, and one undo takes back the same gesture. Before, each move the table
made for a person counted as theirs after a load (an undo took back only that
pass, which the table made again: nothing happened), and Usagi's standing
answer's line was gone from its seat's log. A save also keeps what undos
took back before it (`SaveFile.redo`), so Redo after a load makes it again.

The property: seeded games of every game, the computer choosing the people's
moves and the table its own (the automatic moves on), saved at points drawn
by hypothesis, one person against the computer and two at one table."""

from __future__ import annotations

import json

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from table_input import click

from shrinetable.adapter import checkpoint, log, storage
from shrinetable.adapter.match import Match
from shrinetable.adapter.session import Applied, Session, facts
from shrinetable.engine import registry
from shrinetable.formats.save import FACTS, SaveError, read_save

GAMES = list(registry.BUILTIN)
SEATINGS = (["human", "computer"], ["human", "human"])
MOVES = 240  # a game's first moves: every game's first turns, a few hundred saves' worth
PROPERTY = settings(
    deadline=None,
    max_examples=3,
    derandomize=True,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture],
)


@pytest.fixture(autouse=True)
def data(monkeypatch, tmp_path):
    monkeypatch.setenv("SHRINETABLE_DATA_DIR", str(tmp_path))


def _made(a: Applied) -> tuple[object, ...]:
    """A move as a save may know it: who, its notation, its secrecy and `facts`."""
    return a.seat, a.text, a.secret, facts(a)


def _same_game(live: Match, back: Match, since: int = 0) -> None:
    """`back` says what `live` says: each move as made, each seat's log entries
    (and a spectator's) of the moves from `since` on, each person's summary,
    the move due now."""
    assert [_made(a) for a in back.history] == [_made(a) for a in live.history]
    for viewer in (None, *range(len(live.seats))):
        for a, b in zip(live.history[since:], back.history[since:], strict=True):
            assert back.entries(b, viewer) == live.entries(a, viewer), (viewer, a)
        assert log.lines(back, viewer, since) == log.lines(live, viewer, since), viewer
    for seat in live.humans():
        assert back.summary(seat) == live.summary(seat), seat
    assert back.pending() == live.pending()


def _same_undo(live: Match, back: Match) -> None:
    """One undo takes back the same moves in both, and the same move is due;
    `live` is then as it was (redone)."""
    n = len(live.history)
    undone = live.undo()
    assert back.undo() == undone
    assert [_made(a) for a in back.history] == [_made(a) for a in live.history]
    assert back.pending() == live.pending()
    if undone:
        assert live.redo() and len(live.history) == n


def _play(name: str, seed: int, seats: list[str], stops: set[int]):
    """A game played by the computer for every seat, the table making its own
    moves (autosaved), to `MOVES` moves or its end: at each person's decision
    whose count is in `stops`, the match (yielded)."""
    live = Match(Session(registry.get(name), seed, {}, seats), autosave=True)
    asked = 0
    while (d := live.decision()) is not None and len(live.history) < MOVES:
        if live.pending() is not None:
            live.step()
            continue
        asked += 1
        if asked in stops:
            yield live
        live.act(d.seat, live.session.computer_action())


@pytest.mark.parametrize("seats", SEATINGS, ids="+".join)
@pytest.mark.parametrize("name", GAMES)
@PROPERTY
@given(seed=st.integers(1, 10_000), stops=st.sets(st.integers(1, 40), min_size=1, max_size=4))
def test_a_loaded_game_says_and_undoes_what_the_live_one_does(name, seats, seed, stops, tmp_path):
    for live in _play(name, seed, seats, stops):
        path = storage.save_as(live.session, tmp_path / f"{name}.json")
        loads = [storage.load(path)]
        if live.history:  # the autosave's journal begins with the first move
            journal = storage.autosave_path(live.session)
            loads.append(Session.from_save(read_save(journal), str(journal)))
        for back in loads:
            loaded = Match(back)
            _same_game(live, loaded)
            _same_undo(live, loaded)


@pytest.mark.parametrize("name", GAMES)
def test_a_load_from_a_checkpoint_keeps_them_too(name, tmp_path, monkeypatch):
    """Moves before the checkpoint a load starts from are taken up without
    replaying them: each keeps how it was made all the same, and the log's
    lines since the checkpoint before it say what they said."""
    monkeypatch.setattr(checkpoint, "EVERY", 16)
    live = next(_play(name, 4, ["human", "computer"], {15}))
    back = Match(storage.load(storage.save_as(live.session, tmp_path / "g.json")))
    assert back.session.marks and len(back.session.marks) == len(live.session.marks)
    resumed = max(k for k in back.session.marks if k <= len(live.history))
    _same_game(live, back, since=max((k for k in back.session.marks if k < resumed), default=0))
    _same_undo(live, back)


def _usagi() -> Match:
    """A Usagi game (three seats, p1 a person) in which the table chose a move
    for p1 among others and gave p1's standing answer, at p1's next decision."""
    for seed in range(1, 30):
        for live in _play("usagi", seed, ["human", "computer", "computer"], set(range(1, 61))):
            mine = [a for a in live.history if a.seat == 0]
            if any(a.standing for a in mine) and any(a.picked_in for a in mine):
                return live
    raise AssertionError("no seed gave p1's standing answer")


def test_the_save_says_them_and_the_standing_answers_line_comes_back(tmp_path):
    live = _usagi()
    path = storage.save_as(live.session, tmp_path / "usagi.json")
    data = json.loads(path.read_text())
    history = live.history
    assert data["auto"] == [i for i, a in enumerate(history) if a.auto]
    assert data["picked_in"] == {str(i): a.picked_in for i, a in enumerate(history) if a.picked_in}
    assert set(data["standing"].values()) == {"keep_hero"}
    back = Match(storage.load(path))
    at = next(i for i, a in enumerate(back.history) if a.standing)
    line = "The table answered for P1 by P1's standing answer"
    assert back.said(back.history[at], 0)[-1].startswith(line)
    assert not any(s.startswith(line) for s in back.said(back.history[at], 1))  # p1's only
    storage.autosave(live.session)
    lines = storage.autosave_path(live.session).read_text().splitlines()
    assert any(s.endswith(',{"auto":true,"standing":"keep_hero"}]') for s in lines)


def test_an_old_save_loads_and_a_malformed_value_is_named(tmp_path):
    live = _usagi()
    data = json.loads(storage.save_as(live.session, tmp_path / "g.json").read_text())
    old = tmp_path / "old.json"
    old.write_text(json.dumps({k: v for k, v in data.items() if k not in FACTS}))
    back = Match(storage.load(old))  # as saves were: every move counts as chosen
    assert [a.text for a in back.history] == [a.text for a in live.history]
    assert not any(a.auto or a.picked_in or a.standing for a in back.history)
    n, auto = len(data["actions"]), data["auto"]
    picked = next(iter(data["picked_in"]))
    chosen = next(i for i in range(n) if i not in auto)
    for field, wrong, words in (
        ("auto", "x", "auto: Input should be a valid list"),
        ("auto", [n], f"auto: Value error, {n} is not a move of actions (there are {n})"),
        ("auto", [3, 2], "auto: Value error, 2 is not a move of actions after 3"),
        ("picked_in", {"x": "cut"}, "picked_in.x.[key]: Input should be a valid integer"),
        ("picked_in", {picked: 5}, f"picked_in.{picked}: Input should be a valid string"),
        ("picked_in", {picked: "a b"}, f"picked_in.{picked}: String should match pattern"),
        (
            "standing",
            {str(chosen): "keep_hero"},
            f"standing: Value error, {chosen} is not a move the table made by itself",
        ),
        (
            "standing",
            {str(auto[0]): "keep_all"},
            f"standing.{auto[0]}: 'keep_all' is not a standing answer of Usagi",
        ),
    ):
        bad = tmp_path / "bad.json"
        bad.write_text(json.dumps({**data, "picked_in": {}, "standing": {}, field: wrong}))
        with pytest.raises(SaveError) as e:
            storage.load(bad)
        assert str(e.value).startswith(f"{bad}: {words}"), str(e.value)


def test_a_journal_line_of_a_move_says_only_what_a_save_keeps(tmp_path):
    live = _usagi()
    journal = tmp_path / "g.jsonl"
    storage.autosave(live.session)
    lines = storage.autosave_path(live.session).read_text().splitlines()
    assert read_save(storage.autosave_path(live.session)) == live.session.to_save()
    for wrong in ('["pass", {"auto": false}]', '["pass", {"seen": true}]', '["pass", {}]'):
        journal.write_text("\n".join([*lines, wrong, ""]))
        with pytest.raises(SaveError, match=rf"{journal}:{len(lines) + 1}: neither a move"):
            read_save(journal)


def _undone(name: str, seed: int = 5) -> Match:
    """A game of `name` (p1 a person against the computer) after some moves,
    its last two chosen moves taken back (two undos: two moves to redo)."""
    live = next(_play(name, seed, ["human", "computer"], {12}))
    assert live.undo() and live.undo() and live.can_redo()
    return live


@pytest.mark.parametrize("name", GAMES)
def test_what_was_undone_before_saving_is_redone_after_loading(name, tmp_path):
    """Left from the sixth pass: the redo list was not saved, so a move undone
    before Ctrl+S could not be redone after the load. Now each redo after the
    load makes what the live game's makes, as it was made (its facts), and
    the log and the move due agree."""
    live = _undone(name)
    path = storage.save_as(live.session, tmp_path / f"{name}.json")
    back = Match(storage.load(path))
    assert back.can_redo() and not back.session.notes
    _same_game(live, back)
    while live.can_redo():
        assert [_made(a) for a in back.redo()] == [_made(a) for a in live.redo()]
        _same_game(live, back)
    assert not back.can_redo()
    again = Match(storage.load(storage.save_as(back.session, tmp_path / "again.json")))
    assert not again.can_redo() and "redo" not in json.loads((tmp_path / "again.json").read_text())


def test_redo_after_a_load_in_the_window(app, tmp_path):
    """What a player gets: the loaded game's Redo button is on, and pressing it
    makes the move taken back again."""
    live = _undone("shrine")
    path = storage.save_as(live.session, tmp_path / "shrine.json")
    app.start_game(storage.load(path))
    app.step([], 0.01)
    scene = app.scene
    redo = next(b for b, c in scene.ui.commands.items() if c == "redo")
    assert redo.is_enabled
    n = len(scene.match.history)
    click(app, redo.rect.center)
    made = live.redo()
    assert [a.text for a in scene.match.history[n : n + len(made)]] == [a.text for a in made]


def test_a_bad_redo_list_is_named_by_its_file_and_field(tmp_path):
    live = _undone("shrine")
    data = json.loads(storage.save_as(live.session, tmp_path / "g.json").read_text())
    assert data["redo"] and all(u["actions"] for u in data["redo"])
    old = tmp_path / "old.json"
    old.write_text(json.dumps({k: v for k, v in data.items() if k != "redo"}))
    assert not Match(storage.load(old)).can_redo()  # as saves were: nothing to redo
    for wrong, words in (
        ("x", "redo: Input should be a valid list"),
        ([{"actions": []}], "redo.0.actions: List should have at least 1 item"),
        ([{"actions": ["pass"], "seen": 1}], "redo.0.seen: Extra inputs are not permitted"),
        ([{"actions": ["pass"], "auto": [1]}], "redo.0.auto: Value error, 1 is not a move"),
    ):
        bad = tmp_path / "bad.json"
        bad.write_text(json.dumps({**data, "redo": wrong}))
        with pytest.raises(SaveError) as e:
            storage.load(bad)
        assert str(e.value).startswith(f"{bad}: {words}"), str(e.value)
    bad = tmp_path / "bad.json"  # well formed, but no move the rules take there
    bad.write_text(json.dumps({**data, "redo": [{"actions": ["fly away"]}]}))
    with pytest.raises(SaveError, match=rf"^{bad}: redo.0.actions.0: 'fly away' does not apply"):
        Session.from_save(read_save(bad), str(bad))
    loaded = storage.load(bad)  # as a table loads: the game, without the redo
    assert not loaded.redo_stack and len(loaded.history) == len(data["actions"])
    assert loaded.notes[-1].startswith(f"{bad}: redo.0.actions.0: 'fly away' does not apply")
