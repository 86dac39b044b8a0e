"""The proof that a game is a plug-in: Sealed Bids (tests/plugin_game/), a game
nobody under `shrinetable/` names, registered here, driven through every generic
path: the adapter's gestures, the session (saves, undo, computer seats), the
scenario runner, the demonstration player, `simulate`, and the table under SDL's
dummy driver with five seats. Its one secret choice (the bid) must show to nobody
but its maker until the reveal, in views, events, the log and the trace.
"""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from plugin_game import GAME

from shrinetable.adapter import gestures, refusal
from shrinetable.adapter.session import Session
from shrinetable.engine import Presentation, registry
from shrinetable.table.widgets import rich_text

registry.register(GAME)
HERE = Path(__file__).parent / "plugin_game"


def test_no_file_of_the_program_names_the_test_game():
    """The game is found only through the registry: no module, layout or asset of
    the program mentions it."""
    root = Path(__file__).parent.parent
    files = [
        p
        for d in ("shrinetable", "layouts", "assets")
        for p in (root / d).rglob("*")
        if p.is_file() and p.suffix in (".py", ".toml", ".md", ".json", ".txt")
    ]
    assert files
    for path in files:
        text = path.read_text(encoding="utf-8", errors="replace").lower()
        assert "sealed" not in text and "plugin_game" not in text, path


def test_registered_from_the_tests_with_its_bundle():
    assert registry.get("sealed") is GAME
    assert "sealed" in registry.names()
    assert GAME.ai is not None and GAME.position is not None and GAME.testing is not None
    assert Path(GAME.layout_file).is_file()


def test_options_are_declared_and_checked():
    assert GAME.check_options(None) == {"rounds": 4, "double_last": False}
    assert GAME.check_options({"rounds": 3})["rounds"] == 3
    for bad in ({"rounds": 9}, {"rounds": "4"}, {"speed": 1}, {"double_last": 1}):
        with pytest.raises(ValueError):
            GAME.new_game(1, bad, 5)
    with pytest.raises(ValueError, match="2 to 6"):
        GAME.new_game(1, None, 7)


# --------------------------------------------------------------------------- rules


def play(state, *texts):
    events = []
    for text in texts:
        state, evs = GAME.apply(state, GAME.parse_action(text))
        events += evs
    return state, events


def test_highest_unmatched_bid_takes_the_prize_and_one_public_event_reveals_all():
    s = GAME.new_game(2, None, 5)
    prize = s.prize[0]
    s, events = play(s, "bid A5", "bid B5", "bid C3", "pass", "bid E1")
    (reveal,) = [e for e in events if e.kind == "reveal"]
    assert reveal.visible_to is None
    assert reveal.cards == ("A5", "B5", "C3", "D0", "E1")
    assert "p4 pass" in reveal.text
    assert GAME.all_cards(s)["won:2"] == [prize]  # the 5s cancel: p3's 3 wins
    assert "D0" in GAME.all_cards(s)["hand:3"]  # the pass card comes back
    assert {"A5", "B5", "C3", "E1"} <= set(GAME.all_cards(s)["discard"])
    assert GAME.decision(s).seat == 1  # p2 leads round 2


def test_every_commitment_is_hidden_from_the_others_until_the_reveal():
    s = GAME.new_game(4, None, 5)
    s, events = play(s, "bid A4")
    (commit,) = events
    assert commit.visible_to == (0,) and "A4" not in commit.text
    assert commit.seen_by(1).cards == (None,) and commit.seen_by(0).cards == ("A4",)
    assert GAME.view(s, 0).zones["bids"].cards == ("A4",)
    for r in (1, 2, 3, 4, None):
        assert GAME.view(s, r).zones["bids"].cards == (None,)
        assert GAME.view(s, r).zones["hand:0"].cards == (None,) * 5


def test_the_computer_sees_no_other_bid():
    """`observe` hides the others' bids: the computer bids as if none were down,
    where reading the real state would make it outbid p1 by one."""
    s = GAME.new_game(1, None, 3)
    s.prize[:] = ["G3"]
    s, _ = play(s, "bid A1")
    rng_seed = 5
    blind = GAME.ai(GAME.observe(s, 1), random.Random(rng_seed))
    peeking = GAME.ai(s, random.Random(rng_seed))
    assert peeking.text == "bid B2"
    from shrinetable.players import player

    assert player(GAME, "ai")(s, random.Random(rng_seed)) == blind
    assert player("sealed", "ai")(s, random.Random(rng_seed)) == blind


def test_the_game_ends_with_the_most_points_shared_on_a_tie():
    s = GAME.new_game(3, {"rounds": 3}, 2)
    for _ in range(3):
        s, _ = play(s, *["pass"] * 2)
    assert GAME.outcome(s).winners == (0, 1)
    assert GAME.decision(s) is None and GAME.legal_actions(s) == []
    assert GAME.turn_number(s) == 3


# --------------------------------------------------------------------------- adapter


def test_a_bid_is_a_drag_onto_the_bids_and_a_pass_is_a_button():
    s = GAME.new_game(6, None, 5)
    moves = gestures.moves(GAME, s)
    held = gestures.for_held(moves, ("A3",), "hand:0")
    assert [m.text for m in held] == ["bid A3"]
    assert gestures.targets(held) == {("bids", None)}
    assert [m.text for m in gestures.at(held, "bids", None)] == ["bid A3"]
    assert gestures.at(held, "discard", None) == []
    assert [m.text for m in gestures.buttons(moves)] == ["pass"]
    assert gestures.how(held[0]) == "drag"
    assert ("hand:0", "A0") not in gestures.playable(moves)  # the pass card is no drag
    assert GAME.present.describe("pass") == "Bid nothing"
    assert GAME.present.describe("bid A3") == "Bid A3"
    assert Presentation().describe("bid A3").lower() == "bid a3"  # the default: notation


def test_a_refused_drop_gives_the_games_own_reason():
    """The adapter asks the game what a refused drag meant, and shows the engine's
    refusal of it with its ruling (a play-tester got only "No legal move")."""
    s = GAME.new_game(6, None, 5)
    why = refusal.explain(GAME, s, 0, ("A0",), "hand:0", "bids", None)
    assert "press Bid nothing to pass" in why and "(rule: S1)" in why
    assert (
        refusal.explain(GAME, s, 0, ("A3",), "hand:0", "discard", None)
        == "No legal move takes A3 there."
    )


# --------------------------------------------------------------------------- session


def test_session_saves_replays_and_undoes_one_human_against_four_computers(tmp_path):
    """p1 is the only human: the computers bid after it; undo takes back p1's bid
    (and the computers' after it), redo makes them again, a save replays the same."""
    from shrinetable.adapter import storage

    session = Session(GAME, 11, {"rounds": 3}, ["human", *["computer"] * 4])
    while session.decision() is not None:
        d = session.decision()
        if session.seats[d.seat] == "human":
            done = session.play(GAME.legal_actions(session.state)[0])
        else:
            done = session.apply(session.computer_action())
        assert done.secret
        if session.decision() is not None and session.decision().seat == 0 and d.seat != 0:
            break
    texts = [a.text for a in session.history]
    assert session.can_undo()
    assert session.undo()
    assert len(session.history) < len(texts)
    redone = session.redo()
    assert [a.text for a in session.history] == texts and redone
    path = storage.save_as(session, tmp_path / "sealed.json")
    again = storage.load(path)
    assert again.game is GAME
    assert [a.text for a in again.history] == texts
    assert GAME.all_cards(again.state) == GAME.all_cards(session.state)
    assert [a.secret for a in again.history] == [True] * len(texts)


def test_computer_action_is_legal_and_blind_in_a_session():
    session = Session(GAME, 3, {}, ["computer"] * 5)
    while session.decision() is not None:
        action = session.computer_action()
        assert action in GAME.legal_actions(session.state)
        session.apply(action)
    assert GAME.outcome(session.state) is not None


# --------------------------------------------------------------------------- scenarios

SCENARIOS = sorted((HERE / "scenarios").glob("*.toml"))


@pytest.mark.parametrize("path", SCENARIOS, ids=lambda p: p.stem)
def test_scenario_files_pass_in_the_runner(path, capsys):
    """The runner of `shrinetable scenario`, in process: the game's own position
    keys (`round`), seats up to p5, expectations on zones, info, decisions, refusals."""
    import argparse

    from shrinetable.commands import scenario

    assert scenario.run(argparse.Namespace(files=[str(path)], legal=False, card_set=None)) == 0
    assert capsys.readouterr().out.startswith(f"ok {path}")


def test_scenario_positions_are_checked_by_the_games_own_keys(tmp_path):
    from shrinetable.formats.errors import FormatError
    from shrinetable.formats.scenario import load

    good = (HERE / "scenarios" / "five_seats_reveal.toml").read_text()
    loaded = load(HERE / "scenarios" / "five_seats_reveal.toml")
    assert loaded.game is GAME and GAME.decision(loaded.state).seat == 4
    for old, new, key in (
        ("round = 2", 'stage = "turn"', "stage"),
        ("round = 2", "round = 9", "round"),
        ('turn = "p5"', 'turn = "p2"', "turn"),
        ('bids = ["B4", "C4", "D0"]', 'bids = ["B4", "F4"]', "zones.bids.1"),
        ("seats = 5", "seats = 7", "seats"),
    ):
        path = tmp_path / f"{key}.toml"
        path.write_text(good.replace(old, new, 1))
        with pytest.raises(FormatError) as e:
            load(path)
        assert key in str(e.value), (key, str(e.value))


# --------------------------------------------------------------------------- demo

DEMO = HERE / "demos" / "sealed_bids.toml"


def test_demo_replays_through_the_engine():
    from shrinetable.demo.replay import replay_file

    replay = replay_file(DEMO)
    assert replay.name == "sealed/sealed_bids" and len(replay.frames) == 6
    assert replay.frames[4].refusal is not None
    for frame in replay.frames[:5]:  # p1's chair: the others' bids lie face down
        assert set(frame.after.zones["bids"].cards) <= {"A3", None}
    assert replay.frames[5].after.zones["won:0"].cards == ("G4",)
    assert any(e.kind == "reveal" for e in replay.frames[5].events)


def test_a_demo_shows_no_other_seats_secret_bid_before_the_reveal():
    from shrinetable.demo.replay import replay
    from shrinetable.formats.demo import load

    shown = []
    for bid in ("bid B5", "bid B2"):
        demo = load(DEMO)
        demo.actions[1] = GAME.parse_action(bid)
        frame = replay(demo).frames[1]
        shown.append((frame.after, [e.cards for e in frame.moves]))
    assert shown[0] == shown[1]


# --------------------------------------------------------------------------- simulate


def test_simulate_five_seats_in_process():
    from shrinetable.commands.simulate import simulate

    fig = simulate("sealed", 40, 1, ["ai", "random", "ai", "random", "ai"], {}, 10)
    assert fig["games"] == 40 and fig["unfinished"] == 0
    assert len(fig["wins"]) == 5 and sum(fig["wins"]) >= 40
    assert fig["median_turns"] == 4
    again = simulate("sealed", 40, 1, ["ai", "random", "ai", "random", "ai"], {}, 10)
    assert again["wins"] == fig["wins"]


def test_simulate_command_takes_the_games_options(capsys):
    from shrinetable.cli import main

    assert (
        main(
            [
                "simulate",
                "sealed",
                "--games",
                "5",
                "--players",
                "5",
                "--option",
                "rounds=5",
                "--json",
            ]
        )
        == 0
    )
    assert '"median_turns": 5' in capsys.readouterr().out
    assert main(["simulate", "sealed", "--players", "7"]) == 2


# --------------------------------------------------------------------------- table


def _settle(app, scene, limit: int = 200) -> None:
    """Step the table until a person must act (computers move at once: no delay)."""
    import time

    for _ in range(limit):
        d = scene.match.session.decision()
        if d is None or (scene.match.session.seats[d.seat] == "human" and scene.ai_due is None):
            break
        app.step([], 0.01)
        time.sleep(0.001)
    app.step([], 0.01)


def _bid_cards(text: str) -> set[str]:
    """Bid and pass cards (`A3`, `D0`) named in `text`."""
    import re

    return set(re.findall(r"\b[A-F][0-5]\b", text))


@pytest.mark.usefixtures("dummy_video")
def test_table_five_seats_drag_button_handover_and_no_secret_before_the_reveal(
    app, capsys, tmp_path
):
    """Five seats, p1 and p2 people, three computers. p1 drags a bid onto the bids
    (only the bids light up), the table hands over to p2, who sees p1's bid face
    down and presses Bid nothing; the computers bid; one reveal. Until then no log
    line and no trace line names a bid, and no card placed on the table shows one."""
    import pygame
    import pygame_gui
    from table_input import ev

    app.trace = True
    session = Session(GAME, 2, {}, ["human", "human", "computer", "computer", "computer"])
    app.start_game(session)
    app.step([], 0.01)
    scene = app.scene
    assert scene.viewer == 0 and scene.match.session.decision().seat == 0

    def at(zone, name):
        return next(p.rect.center for p in scene.board.placed if p.zone == zone and p.name == name)

    # p1 drags A3 onto the bids: exactly the bids light up
    a = at("hand:0", "A3")
    app.step([ev(pygame.MOUSEBUTTONDOWN, pos=a, button=1)], 0.01)
    app.step([ev(pygame.MOUSEMOTION, pos=(a[0], a[1] - 60), rel=(0, -60), buttons=(1, 0, 0))], 0.01)
    assert scene.drag is not None and scene.drag.held == ("A3",)
    assert scene.marks.targets == {("bids", None)}
    target = scene.board.zones["bids"].center
    app.step([ev(pygame.MOUSEMOTION, pos=target, rel=(0, 0), buttons=(1, 0, 0))], 0.01)
    app.step([ev(pygame.MOUSEBUTTONUP, pos=target, button=1)], 0.01)
    assert [a.text for a in session.history] == ["bid A3"]

    # hotseat: the table hides itself before p2 takes the device
    assert scene.overlay == "handover"
    assert scene.board.placed == []
    app.step([ev(pygame.KEYDOWN, key=pygame.K_RETURN, unicode="\r", mod=0, scancode=0)], 0.01)
    assert scene.viewer == 1 and scene.overlay is None
    bids = [p for p in scene.board.placed if p.zone == "bids"]
    assert len(bids) == 1 and bids[0].name is None  # p1's bid, face down
    assert all(p.name is None for p in scene.board.placed if p.zone == "hand:0")
    pygame.image.save(app.screen, str(tmp_path / "sealed_five_seats.png"))

    # p2 presses the button the game's presentation names
    ((button, action),) = [(b, a) for b, a in scene.ui.actions.items() if a.text == "pass"]
    assert button.text == "Bid nothing"
    assert not any(a.text.startswith("bid") for a in scene.ui.actions.values())
    app.step([ev(pygame_gui.UI_BUTTON_PRESSED, ui_element=button)], 0.01)
    assert session.history[-1].text == "pass"

    # the computers bid; the fifth bid reveals them all
    _settle(app, scene)
    assert len(session.history) == 5 and session.state.round == 2
    assert all(a.secret for a in session.history)
    log = [rich_text(line) for line in scene.log_rich]
    reveal = next(i for i, line in enumerate(log) if "P1 3" in line and "P2 pass" in line)
    assert reveal == 4  # the reveal, for everyone, then its results
    for line in log[:reveal]:  # commitments say only that they were made
        assert not _bid_cards(line) and "commits a secret choice" in line, line
    trace = [line for line in capsys.readouterr().out.splitlines() if line.startswith("action")]
    assert trace == [f"action p{q} secret" for q in range(1, 6)]
    assert scene.match.session.decision().seat == 1 and scene.viewer == 1  # p2 leads round 2
    assert [p.name for p in scene.board.placed if p.zone == "bids"] == []


@pytest.mark.usefixtures("dummy_video")
def test_table_with_the_default_presentation(app, monkeypatch):
    """A game with no words or faces of its own still plays: notation on the
    buttons, the card's notation for its face."""
    import pygame_gui
    from table_input import ev

    monkeypatch.setattr(GAME, "present", Presentation())
    app.start_game(Session(GAME, 5, {}, ["human", *["computer"] * 4]))
    app.step([], 0.01)
    scene = app.scene
    ((button, _),) = [(b, a) for b, a in scene.ui.actions.items() if a.text == "pass"]
    assert button.text.lower() == "pass"
    app.step([ev(pygame_gui.UI_BUTTON_PRESSED, ui_element=button)], 0.01)
    _settle(app, scene)
    assert scene.match.session.history[0].text == "pass"
    assert len(scene.match.session.history) >= 5


def test_smoke_checks_the_registered_test_game(monkeypatch, tmp_path, capsys):
    """`--smoke` (in process) picks the game up from the registry: its layout file
    at 2 to 6 seats, seeded moves through the adapter, a save that replays, a frame."""
    import argparse

    from shrinetable.commands import smoke

    for name in ("SDL_VIDEODRIVER", "SDL_AUDIODRIVER", "SHRINETABLE_DATA_DIR"):
        monkeypatch.setenv(name, "dummy" if name.startswith("SDL") else str(tmp_path))
    assert smoke.run(argparse.Namespace()) == 0
    out = capsys.readouterr().out
    for seats in range(2, 7):
        assert f"ok   frame sealed {seats} seats" in out
        assert f"ok   moves sealed {seats} seats" in out


def test_card_data_through_the_generic_loader(tmp_path):
    """The prizes are card data in the game's own folder, read by the program's
    loader with the game's own model; a bad file names file, card, field, line."""
    from shrinetable.formats.cards import load_card_data, load_dir
    from shrinetable.formats.errors import FormatError

    cards, decks = load_card_data(GAME.card_data)
    assert sorted(cards) == [f"G{v}" for v in range(1, 7)] and decks == []
    assert all(c.value == int(c.id[1]) for c in cards.values())
    assert GAME.present.card_face("G6").band.text == "The hoard"
    bad = (HERE / "cards" / "prizes.toml").read_text().replace("value = 4", "value = 9")
    (tmp_path / "prizes.toml").write_text(bad)
    with pytest.raises(FormatError) as e:
        load_dir(tmp_path, GAME.card_data.card)
    assert "card 'G4': value" in str(e.value)
    assert str(bad.splitlines().index("value = 9") + 1) in str(e.value)
