"""What the match offers the table to help the person deciding (issue 22): the
computer's suggestion from that seat's view (`hint`), what happened since their
last move (`summary`), a question before a skip that cannot be taken back
(`skip_warning`), and at a hotseat table no move made for a person before they
saw what they drew."""

from __future__ import annotations

from shrinetable.adapter import log
from shrinetable.adapter.match import Match
from shrinetable.adapter.session import Session
from shrinetable.engine import registry


def _to_person(match: Match, seat: int = 0, after: int = 0) -> None:
    """Play (the computer choosing for the people too) until `seat`, a person,
    decides with at least `after` moves made."""
    while (d := match.decision()) is not None:
        if match.pending() is not None:
            match.step()
        elif d.seat == seat and len(match.history) >= after:
            return
        else:
            match.act(d.seat, match.session.computer_action())


def test_the_hint_is_a_legal_move_for_the_deciding_seat_and_changes_nothing():
    for name in registry.names():
        game = registry.get(name)
        seats = ["human"] + ["computer"] * (game.min_seats - 1)
        m = Match(Session(game, 5, {}, seats))
        _to_person(m, 0, after=10)
        if m.decision() is None:
            continue  # a game (a plug-in's) over before p1's move
        before = len(m.history)
        hint = m.hint(0)
        assert hint is not None and hint in m.moves(), name
        assert m.hint(0) == hint and len(m.history) == before, name
        assert m.hint(1) is None, name
        m.act(0, hint.action)  # the hint is a move the match takes


def test_the_summary_is_the_log_since_the_seats_last_move():
    game = registry.get("usagi")
    m = Match(Session(game, 3, {}, ["human", "computer", "computer"]))
    _to_person(m, 0, after=5)
    while m.decision().seat == 0:
        m.act(0, m.session.computer_action())
    mine = len(m.history)
    _to_person(m, 0, after=mine)
    assert len(m.history) > mine and m.history[mine].seat != 0
    assert m.summary(0) == log.lines(m, 0, mine) != []
    assert Match(Session(game, 3, {}, ["human"] * 3)).summary(0) == []


def test_a_skip_that_cannot_be_taken_back_asks_first():
    """Usagi: finishing with a card still playable, keeping no Hero while one is
    in play and proposing no Event with one in hand each carry a question; the
    game's other moves none."""
    game = registry.get("usagi")
    asked: dict[str, str] = {}
    for seed in range(1, 6):
        m = Match(Session(game, seed, {}, ["human"] * 3))
        while m.decision() is not None and m.turn_number() < 4:
            for move in m.moves():
                words = m.skip_warning(move.action)
                if words:
                    asked.setdefault(move.text.split()[0], words)
                else:
                    assert (
                        move.text not in ("finished", "propose", "hero") or len(m.moves()) == 1
                    ), move.text
            m.act(m.decision().seat, m.session.computer_action())
    assert set(asked) == {"finished", "hero", "propose"}, asked
    assert all("?" in q for q in asked.values())


def test_a_hotseat_person_is_asked_after_a_draw_they_have_not_seen():
    """Shrine at a hotseat table: after a person draws, a pass that is all they
    may do waits for them (the handover would hide the card); with one person at
    the table it is made for them."""
    game = registry.get("shrine")
    for seats, waits in ((["human", "human"], True), (["human", "computer"], False)):
        m = Match(Session(game, 1, {}, seats))
        seen = False
        for _ in range(400):
            d = m.decision()
            if d is None:
                break
            last = m.history[-1] if m.history else None
            drew = (
                last is not None
                and last.seat == d.seat
                and any(e.visible_to for e in last.events if e.cards)
            )
            if drew and m.seats[d.seat] == "human" and m.session.forced() is not None:
                seen = True
                assert (m.pending() is None) == waits, seats
            if m.pending() is not None:
                m.step()
            else:
                m.act(d.seat, m.session.computer_action())
        assert seen, seats


def test_ending_a_turn_with_a_playable_card_asks_first():
    """Shards: ending the turn (or researching, which ends it) while a card in hand
    could be played carries a question, and so does an opening choice of
    Starting cards that could still take more; no other move does."""
    game = registry.get("shards")
    m = Match(Session(game, 2, {}, ["human", "human"]))
    asked = set()
    while m.decision() is not None and len(m.history) < 300:
        playable = any(mv.action.kind == "play" for mv in m.moves())
        for mv in m.moves():
            if m.skip_warning(mv.action):
                asked.add(mv.action.kind)
                more = any(
                    o.action.kind == "begin" and set(o.text.split()) > set(mv.text.split())
                    for o in m.moves()
                )
                assert (playable and mv.action.kind in ("end", "research")) or (
                    mv.action.kind == "begin" and more
                )
        m.act(m.decision().seat, m.session.computer_action())
    assert {"end", "begin"} <= asked


def test_shrines_pass_with_a_playable_token_asks_as_usagis_finish_does():
    """Issue 41: a pass gives up the turn's actions; with a Token still playable
    Shrine asks first, in the words every game uses for a turn given up."""
    game = registry.get("shrine")
    m = Match(Session(game, 1, {}, ["human", "human"]))
    asked = 0
    while m.decision() is not None and len(m.history) < 600:
        kinds = {mv.action.kind for mv in m.moves()}
        for mv in m.moves():
            words = m.skip_warning(mv.action)
            token = kinds & {"token", "daggertoken"}
            if mv.action.kind == "pass" and token:
                assert words == "Pass for this turn? You could still play a Token."
                asked += 1
            elif not words:
                continue
            else:
                assert mv.action.kind == "pass", mv.text
        m.act(m.decision().seat, m.session.computer_action())
    assert asked


def test_a_turn_given_up_is_asked_alike_in_every_game():
    from shrinetable.engine import skip_question

    assert skip_question("Pass for this turn", ["play a Token"]) == (
        "Pass for this turn? You could still play a Token."
    )
    assert skip_question("Finish for this turn", ["play a card", "use an ability", "x"]) == (
        "Finish for this turn? You could still play a card, use an ability or x."
    )
    assert skip_question("End the turn", []) == ""
