"""The adapter: gestures map onto legal actions only; refusals carry the
engine's reason; sessions undo, redo, save and load."""

from __future__ import annotations

import json
from dataclasses import dataclass

import pytest
from shrine_helpers import pos

from shrinetable.adapter import gestures, refusal, storage
from shrinetable.adapter.session import Session
from shrinetable.engine import (
    Decision,
    Event,
    GameBase,
    Gesture,
    IllegalAction,
    registry,
)
from shrinetable.formats.save import SaveError, read_save

GAME = registry.get("shrine")


def session(seats=("human", "computer"), seed=42) -> Session:
    return Session(GAME, seed, {}, list(seats))


def to_action_stage(s: Session) -> None:
    s.play(GAME.parse_action("draw"))
    assert s.decision().kind == "action"


def test_targets_come_only_from_legal_gestures():
    s = session()
    to_action_stage(s)
    all_moves = gestures.moves(GAME, s.state)
    legal = {a.text for a in GAME.legal_actions(s.state)}
    assert {m.text for m in all_moves} == legal
    for m in all_moves:
        g = m.gesture
        if not g.cards:
            continue
        held = gestures.for_held(all_moves, g.cards, g.source)
        assert m in held
        assert (g.target, g.target_card) in gestures.targets(held)
        assert m in gestures.at(held, g.target, g.target_card)
        assert gestures.at(held, "deck", None) == []


def test_held_order_does_not_matter_and_card_less_moves_are_buttons():
    s = session()
    to_action_stage(s)
    all_moves = gestures.moves(GAME, s.state)
    pair = next(m for m in all_moves if len(m.gesture.cards) == 2)
    flipped = tuple(reversed(pair.gesture.cards))
    assert pair in gestures.for_held(all_moves, flipped, pair.gesture.source)
    assert {m.text for m in gestures.buttons(all_moves)} >= {"pass"}
    start = gestures.moves(GAME, session().state)
    assert [m.text for m in gestures.clicks(start, "deck")] == ["draw"]
    assert gestures.clicks(start, "hand:0") == []


def test_refusal_uses_the_engines_reason():
    s = session()
    # before drawing, any play is refused by the engine with its own words
    text = refusal.explain(GAME, s.state, 0, ("6S",), "hand:0", "shrine:1", None)
    assert "Not now" in text and "rule" in text
    to_action_stage(s)
    hand = GAME.view(s.state, 0).zones["hand:0"].cards
    bad = next(c for c in hand if c[0] in "23456789")
    text = refusal.explain(GAME, s.state, 0, (bad,), "hand:0", "shrine:0", None)
    assert "pair" in text.lower() or "shrine" in text.lower()
    assert refusal.explain(GAME, s.state, 1, (bad,), "hand:0", "deck", None).startswith("Wait")
    assert "No legal move" in refusal.explain(GAME, s.state, 0, (bad,), "hand:0", "deck", None)


def test_a_lone_token_or_dagger_drop_says_how_to_pay_for_it():
    """Clauses special-pay and dagger: a Token or a Dagger goes with a card of its
    colour, so dragging one alone is answered with how to make the move."""
    s = session()
    to_action_stage(s)
    text = refusal.explain(GAME, s.state, 0, ("JS",), "hand:0", "field:0", None)
    assert "Token is paid for" in text and "special-pay" in text
    text = refusal.explain(GAME, s.state, 0, ("AS",), "hand:0", "shrine:1", None)
    assert "Or: a Dagger is paid for" in text and "(rule: dagger)" in text


def test_undo_redo_own_moves_against_the_computer():
    s = session()
    s.play(GAME.parse_action("draw"))
    s.play(GAME.parse_action("pass"))
    while s.decision() and s.seats[s.decision().seat] == "computer":
        s.play(s.computer_action())
    texts = [a.text for a in s.history]
    assert s.can_undo()
    assert s.undo()
    assert [a.text for a in s.history] == texts[:1]
    assert s.undo() and s.history == [] and not s.can_undo()
    s.redo()
    s.redo()
    assert [a.text for a in s.history] == texts
    assert not session(("human", "human")).can_undo()


def test_computer_is_deterministic_for_a_position():
    a, b = session(("computer", "computer"), 5), session(("computer", "computer"), 5)
    for _ in range(30):
        if a.decision() is None:
            break
        x, y = a.computer_action(), b.computer_action()
        assert x.text == y.text
        a.play(x)
        b.play(y)


def test_save_roundtrip_and_autosave(tmp_path, monkeypatch):
    monkeypatch.setenv("SHRINETABLE_DATA_DIR", str(tmp_path))
    s = session(("computer", "computer"), 11)
    for _ in range(25):
        if s.decision() is None:
            break
        s.play(s.computer_action())
        storage.autosave(s)
    assert storage.has_autosave()
    assert list(tmp_path.glob(".save-*")) == []  # temp files replaced, none left
    back = storage.load_autosave()
    assert [a.text for a in back.history] == [a.text for a in s.history]
    assert GAME.view(back.state, 0) == GAME.view(s.state, 0)
    path = storage.save_as(s, tmp_path / "saves" / "one.json")
    assert read_save(path).actions == [a.text for a in s.history]


def test_broken_saves_are_explained(tmp_path):
    p = tmp_path / "bad.json"
    p.write_text("{not json")
    with pytest.raises(SaveError, match="not JSON"):
        storage.load(p)
    p.write_text(json.dumps({"game": "shrine", "seed": "x", "seats": ["human", "robot"]}))
    with pytest.raises(SaveError) as e:
        storage.load(p)
    assert "seed" in str(e.value) and "seats.1" in str(e.value)
    p.write_text(
        json.dumps(
            {
                "game": "shrine",
                "seed": 1,
                "seats": ["human", "human"],
                "actions": ["draw", "heal 2S 2C"],
            }
        )
    )
    session = storage.load(p)  # issue 36: the game goes on from the last good move
    assert [a.text for a in session.history] == ["draw"] and session.damaged
    assert "actions.1: 'heal 2S 2C' does not apply" in session.notes[0]


def test_refused_attack_drop_names_the_broken_rule():
    """A wrong-sum attack dragged onto an opponent's Shrine is guessed as that
    attack, and the engine's refusal (clause `attack`) is what the player reads."""
    state = pos(shrines=[["2C", "3C"], ["2S", "9H"]], hands=[["5S", "7S"], ["2H"]], stage="action")
    text = refusal.explain(GAME, state, 0, ("5S", "7S"), "hand:0", "shrine:1", None)
    assert "they make 12" in text and "(rule: attack)" in text
    assert GAME.guess_actions(0, ("AS", "7C"), "hand:0", "field:1", "KD") == [
        "dagger AS pay 7C p2 KD"
    ]


def test_a_forced_pass_is_made_for_a_person_and_never_undone_into():
    """Shrines lists `pass` in `auto_pass`: when a person's only legal move is to
    pass priority, the session offers it as forced; undo skips such moves."""
    from shrinetable.adapter.session import Session
    from shrinetable.engine import registry

    game = registry.get("shrines")
    session = Session(game, 3, {}, ["human", "human"])
    for _ in range(400):
        forced = session.forced()
        if forced is not None:
            break
        session.play(session.computer_action())
    assert forced is not None and forced.text == "pass"
    assert [a.text for a in game.legal_actions(session.state)] == ["pass"]
    session.apply(forced, auto=True)
    assert session.history[-1].auto
    # undo (one human seat) goes back past the forced pass to a chosen move
    session.seats = (
        ["human", "computer"] if session.history[-1].seat == 0 else ["computer", "human"]
    )
    human = session.history[-1].seat
    chosen = max(i for i, a in enumerate(session.history) if a.seat == human and not a.auto)
    assert session.undo()
    assert len(session.history) == chosen


def test_shrine_forces_a_pass_only_when_it_is_the_only_legal_move():
    """Shrine's dead turns: the table moves for a person exactly when a move is
    their only legal one (issue 15: Pass; issue 22: any button, but a draw moves a
    card and stays theirs), for a computer seat only a lone Pass, and never for a
    person with the setting off."""
    from shrinetable.adapter.session import Session
    from shrinetable.engine import registry

    session = Session(registry.get("shrine"), 1, {}, ["human", "computer"])
    forced = 0
    for _ in range(300):
        if session.decision() is None:
            break
        legal = [a.text for a in session.game.legal_actions(session.state)]
        made = session.forced()
        person = session.seats[session.decision().seat] == "human"
        alone = len(legal) == 1 and (legal == ["pass"] or person and legal != ["draw"])
        assert (made is not None) == alone, legal
        forced += made is not None
        session.auto_pass = False
        if session.seats[session.decision().seat] == "human":
            assert session.forced() is None
        session.auto_pass = True
        session.play(session.computer_action())
    assert forced


@dataclass(frozen=True)
class Say:
    text: str

    def gesture(self, seat: int) -> Gesture:
        return Gesture()


class Whisper(GameBase):
    """Up to six seats each pick a word in secret; the last pick reveals them all."""

    name, min_seats, max_seats = "whisper", 2, 6

    def __init__(self):
        self.seen: list = []
        self.ai = lambda state, rng: self.seen.append(state) or Say("yes")

    def new_game(self, seed, options=None, seats=2):
        return seats, ()

    def decision(self, s):
        seats, picks = s
        return None if len(picks) == seats else Decision(len(picks), "pick", "Pick", secret=True)

    def legal_actions(self, s):
        return [Say("yes"), Say("no")]

    def apply(self, s, a):
        seats, picks = s
        if a not in self.legal_actions(s) or self.decision(s) is None:
            raise IllegalAction("not now")
        return (seats, (*picks, a.text)), [Event("pick", "picked", len(picks))]

    def parse_action(self, text):
        return Say(text)

    def observe(self, s, seat):
        seats, picks = s
        return seats, tuple(p if q == seat else None for q, p in enumerate(picks))


def test_six_seats_secret_moves_save_undo_and_replay(tmp_path, monkeypatch):
    """A move that answers a secret decision is marked so the table hides it; the
    computer decides from `observe`, never another seat's commitment; six seats save,
    load and undo like two."""
    game = Whisper()
    monkeypatch.setitem(registry._games, "whisper", game)
    s = Session(game, 1, {}, ["human"] + ["computer"] * 5)
    s.play(Say("no"))
    while s.decision() is not None:
        s.play(s.computer_action())
    assert [a.secret for a in s.history] == [True] * 6
    assert [st[1] for st in game.seen] == [(None,) * q for q in range(1, 6)]
    back = storage.load(storage.save_as(s, tmp_path / "six.json"))
    assert back.state == s.state == (6, ("no", "yes", "yes", "yes", "yes", "yes"))
    assert s.undo() and s.history == []
    seven = tmp_path / "seven.json"
    seven.write_text(json.dumps({"game": "whisper", "seed": 1, "seats": ["human"] * 7}))
    with pytest.raises(SaveError, match="seats: List should have at most 6 items"):
        storage.load(seven)


def test_a_game_without_its_own_computer_player_plays_at_random():
    game = Whisper()
    game.ai = None
    s = Session(game, 1, {}, ["computer"] * 3)
    while s.decision() is not None:
        s.play(s.computer_action())
    assert game.seen == [] and {a.text for a in s.history} <= {"yes", "no"}
