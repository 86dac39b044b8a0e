"""Issue 41: the table asks a person in Usagi only when a choice can matter.
The cut (a random place in a shuffled deck) and extra chronicle tokens that
taking cannot turn against their taker are made for them; full control (the
automatic pass off) keeps every stop."""

from __future__ import annotations

from dataclasses import replace

from shrinetable.adapter.match import Match
from shrinetable.adapter.session import Session
from shrinetable.bench.prompts import measure
from shrinetable.engine import registry
from shrinetable.games.usagi import stops
from shrinetable.games.usagi.state import Entry

GAME = registry.get("usagi")


def test_the_cut_is_no_question_but_under_full_control():
    session = Session(GAME, 3, {}, ["human", "computer"])
    session.auto_pass = False  # full control: every stop
    m = Match(session)
    m.run()  # p2 is offered its cut first
    assert session.decision().kind == "cut" and session.decision().seat == 0
    assert session.forced() is None and m.pending() is None
    session.auto_pass = True
    assert session.forced().text == "pass" and m.pending().seat == 0


def _score_step() -> Session:
    """A seeded game (p1 a person, the computer choosing for it) at a score step
    of p1's, with the pool far from empty."""
    for seed in range(1, 40):
        session = Session(GAME, seed, {}, ["human", "computer"])
        session.auto_pass = False
        m = Match(session)
        while (d := m.decision()) is not None:
            s = session.state
            if d.kind == "score" and d.seat == 0 and s.pool > 8:
                return session
            if m.pending() is not None:
                m.step()
            else:
                m.act(d.seat, session.computer_action())
    raise AssertionError("no score step")


def test_every_extra_token_is_taken_unless_the_pool_could_empty():
    session = _score_step()
    s = session.state
    most = GAME.legal_actions(s)[0]
    assert most.index == s.contest.extra and stops.all_extras(s) == most
    session.auto_pass = True
    assert session.forced() == most
    near = s.copy()
    near.pool = s.contest.extra + 1  # taking them leaves the pool about to empty
    assert stops.all_extras(near) is None  # then declining can matter: asked


def test_full_control_keeps_every_stop_the_default_drops():
    default = measure("usagi", games=2, seed=1, seats=4)
    full = measure("usagi", games=2, seed=1, seats=4, full=True)
    assert full["stops"] != default["stops"]
    assert full["questions_per_turn_mean"] > default["questions_per_turn_mean"]


def test_the_offer_of_extra_tokens_says_why_one_might_decline():
    """Issue 41: a choice that can be refused says why one might: the score
    step's question says what taking every extra token would do to the game."""
    s = _score_step().state
    q, extra = s.turn, s.contest.extra
    near = s.copy()
    near.pool = 1 + extra  # the one sure token and every extra: the pool empties
    near.tokens = [0] * s.n
    near.tokens[1 - q if s.n == 2 else (q + 1) % s.n] = near.pool_start // 2
    prompt = GAME.decision(near).prompt
    assert "empties the pool and ends the game with you behind P" in prompt, prompt
    far = s.copy()
    far.tokens = [0] * s.n
    assert "Taking all leaves" in GAME.decision(far).prompt
    win = s.copy()
    win.tokens = [0] * s.n
    win.tokens[q] = s.pool_start // 2
    assert "Taking all wins the game" in GAME.decision(win).prompt


def _finished_and_answering() -> tuple:
    """A seeded 4-seat game at a response window of p1's, finished, with a
    boost in hand for its own involved Character and nothing aimed its way."""
    for seed in range(1, 30):
        session = Session(GAME, seed, {}, ["human", "computer", "computer", "computer"])
        session.auto_pass = False
        m = Match(session)
        while (d := m.decision()) is not None and m.turn_number() <= 30:
            s = session.state
            mine = [c for c in s.involved if s.ctrl(c) == 0]
            if (
                d.seat == 0
                and d.kind == "respond"
                and s.finished[0]
                and mine
                and not stops._news(s, 0)
                and any(a.kind != "pass" for a in GAME.legal_actions(s))
            ):
                return s, mine[0]
            m.act(d.seat, session.computer_action())
    raise AssertionError("no such window")


def test_a_finished_seat_is_asked_only_about_news():
    """Issue 41 (default stops): once finished, a seat is not stopped for a
    boost it could have made before finishing; it is when the stack aims at
    its cards or a contest it is in. Full control keeps every window."""
    s, mine = _finished_and_answering()
    assert stops.pass_alone(s) is not None
    aimed = s.copy()
    aimed.stack = (replace(aimed.stack[-1], target=mine),)  # now aimed at p1's contender
    assert stops._news(aimed, 0) and stops.pass_alone(aimed) is None


def test_a_rivals_move_on_your_event_is_answered_by_your_next_action():
    """Issue 41 (default stops), clause `respond`: a seat that has not finished
    answers a rival's involvement with its Event, or a Setting on it, as well
    by its own next action: its boosts do not stop it. A move aimed at one of
    its Characters (a strike, a kill it might answer first) still does."""
    for seed in range(1, 30):
        session = Session(GAME, seed, {}, ["human", "computer", "computer", "computer"])
        m = Match(session)
        while (d := m.decision()) is not None and m.turn_number() <= 30:
            s = session.state
            chars = [c for c in s.field[0] if s.defs[c].type == "character"]
            if d.kind == "action" and d.seat == 0 and s.event[0] and chars:
                break
            m.step() if m.pending() is not None else m.act(d.seat, session.computer_action())
        else:
            continue
        break
    s = session.state.copy()
    rival = next(c for c in s.field[1] + s.hand[1] if s.defs[c].type == "character")
    s.stack = (Entry("involve", rival, by=1, target=s.event[0][0]),)
    assert stops._later(s, 0)
    s.stack = (Entry("play", rival, by=1, target=chars[0]),)
    assert not stops._later(s, 0)


def test_a_held_moment_the_next_action_plays_as_well_is_no_question():
    """Issue 41 (default stops), clauses `respond` and `held` (U23): a Held
    Moment with no condition, that only adds to ratings while in play, played
    in answer to a Character played does no more than the seat's own next
    action could: not a question while the seat has not finished; once it has,
    it is (no next action)."""
    from usagi_helpers import passes, play, pos, who

    vow = "sworn-vengeance#31"
    s = pos({"hand:0": [vow, "roadside-bodyguard#4"]}, honor={"p1": 3})
    s = play(s, "play roadside-bodyguard#4")
    while who(s) != (0, "respond"):
        s = passes(s, 1)
    assert who(s) == (0, "respond") and GAME.legal_actions(s)[0].text == f"play {vow}"
    assert stops.pass_alone(s) is not None
    done = s.copy()
    done.finished = [True, False]
    assert stops.pass_alone(done) is None
