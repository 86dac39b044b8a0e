"""The remote table's stand-in for a Match answers as the host's Match does for
that seat: views, legal moves with their gestures, the log's words, refusals
with their rule, who sits where. In process: a host on 127.0.0.1 in a `Link`,
two tables joined to it (one as the host's own window joins, with its token)."""

from __future__ import annotations

import threading
import time

import pytest
from net_helpers import Own
from usagi_helpers import hero_step

from shrinetable.adapter import log
from shrinetable.adapter.port import last_chosen
from shrinetable.adapter.session import Applied
from shrinetable.engine import registry
from shrinetable.net import protocol as p
from shrinetable.net.client import Remote
from shrinetable.net.host import Host
from shrinetable.net.remote_match import Link, RemoteMatch
from shrinetable.net.seam import Refusal, Seam


@pytest.fixture
def tables(tmp_path, monkeypatch, request):
    """The host's game (Shrine, or the test's parameter) and its two tables."""
    monkeypatch.setenv("SHRINETABLE_DATA_DIR", str(tmp_path))
    link = Link()
    seam = Seam.new(getattr(request, "param", "shrine"), 42, {}, ["human", "remote"])
    host = Host(seam, say=lambda s: None)
    link.run(host.start("127.0.0.1", 0)).result(10)
    woke = threading.Event()
    out = []
    for name, token in (("host", host.local_token(0)), ("Ann", None)):
        remote = Remote("127.0.0.1", host.port, host.code, name, token=token)
        link.run(remote.join()).result(10)
        out.append(RemoteMatch(remote, link, woke.set))
    yield seam, out
    for m in out:
        m.close()
    link.run(host.stop()).result(10)
    link.stop()


def until(matches, done, timeout=10.0):
    """Poll every table until `done()` (changes kept per table)."""
    seen = [[] for _ in matches]
    end = time.monotonic() + timeout
    while not done(seen):
        assert time.monotonic() < end, seen
        for i, m in enumerate(matches):
            seen[i] += m.poll()
        time.sleep(0.01)
    return seen


def answered(answer, timeout=10.0):
    """A question's answer once it came (the window would look again next frame)."""
    end = time.monotonic() + timeout
    while not answer.ready():
        assert time.monotonic() < end
        time.sleep(0.01)
    return answer.value()


def test_a_remote_table_is_asked_as_the_hosts_match_is(tables):
    seam, (p1, p2) = tables
    until([p1, p2], lambda seen: all(m.players and len(m.players.players) == 2 for m in (p1, p2)))
    assert p1.seats == ["human", "remote"] and p2.seats == ["host", "human"]
    assert p1.humans() == [0] and p2.moves() == []  # not P2's decision
    local = seam.match
    assert [(m.text, m.gesture) for m in p1.moves()] == [(m.text, m.gesture) for m in local.moves()]
    for n, (text, table) in enumerate((("draw", p1), ("pass", p1), ("draw", p2)), 1):
        table.play(table.seat, text)
        until([p1, p2], lambda seen, n=n: all(len(m.history) >= n for m in (p1, p2)))
        assert p1.tallies(0) == local.tallies(0) and p2.tallies(1) == local.tallies(1)
    for seat, table in ((0, p1), (1, p2)):
        assert table.view() == local.view(seat)
        assert table.decision() == local.decision()
        assert table.turn_number() == local.turn_number()
        for mine, theirs in zip(table.history, local.history, strict=True):
            own = local.entries(theirs, seat, own=True)
            assert table.said(mine, seat) == [local.present.sentence(e) for e in own]
            assert mine.text == (theirs.text if theirs.seat == seat else "")
        assert table.summary(seat) == log.lines(Own(local), seat, last_chosen(local.history, seat))
        assert log.lines(table, seat) == log.lines(Own(local), seat)  # the log, line by line
    assert [(m.text, m.gesture) for m in p2.moves()] == [(m.text, m.gesture) for m in local.moves()]
    assert answered(p2.ask_hint(1)) in p2.moves()  # for one's own decision
    assert answered(p1.ask_hint(0)) is None
    # a drop the rules refuse: the host's words, with the rule, as at one screen
    why = answered(p2.ask_why(1, ("7C",), "hand:1", "shrine:0", None))
    assert why == local.refusal(1, ("7C",), "hand:1", "shrine:0", None)
    assert "rule" in why
    # only a drop the table could make is judged: a card it was not shown, or one
    # it names elsewhere, gets the plain sentence (the rules' words could say more)
    theirs = next(c for c in seam.session.game.all_cards(seam.session.state)["hand:0"])
    for held, source in (((theirs,), "hand:0"), (("7C", "7C"), "hand:1"), (("7C",), "deck")):
        assert (
            answered(p2.ask_why(1, held, source, "shrine:0", None))
            == f"No legal move takes {' '.join(held)} there."
        )


def test_a_move_the_host_refuses_is_said_with_its_reason(tables):
    _, (p1, p2) = tables
    p2.play(1, "draw")  # not P2's decision
    seen = until([p2], lambda seen: any(c.kind == "refused" for c in seen[0]))
    said = next(c for c in seen[0] if c.kind == "refused")
    assert said.error and "P1's decision" in said.text and "P1's decision" in said.refusal.reason
    assert p1.history == [] and p2.history == []


def test_an_undo_asked_and_agreed_takes_the_move_back_at_every_table(tables):
    seam, (p1, p2) = tables
    p1.play(0, "draw")
    until([p1, p2], lambda seen: all(m.history for m in (p1, p2)))
    assert p1.can_undo(0) and not p2.can_undo(1)
    p1.undo(0)
    asked = until([p2], lambda seen: any(c.kind == "undo_asked" for c in seen[0]))
    assert next(c for c in asked[0] if c.kind == "undo_asked").seat == 0
    p2.agree(True)
    until([p1, p2], lambda seen: all(any(c.kind == "reset" for c in s) for s in seen))
    assert p1.history == [] and p2.history == [] and seam.match.history == []
    assert p1.view() == seam.match.view(0) and [m.text for m in p1.moves()] == ["draw"]


def test_a_gesture_sent_from_a_remote_table_is_taken_back_whole(tables):
    """A move sent `joined` (the rest of a selection dropped together) reaches
    the host as one gesture with the move before it: one undo, agreed, takes
    both back."""
    seam, (p1, p2) = tables
    p1.play(0, "draw")
    until([p1], lambda seen: len(p1.history) == 1)
    p1.play(0, "pass", joined=True)
    until([p1, p2], lambda seen: all(len(m.history) >= 2 for m in (p1, p2)))
    assert [a.joined for a in seam.match.history[:2]] == [False, True]
    p1.undo(0)
    until([p2], lambda seen: any(c.kind == "undo_asked" for c in seen[0]))
    p2.agree(True)
    until([p1, p2], lambda seen: all(any(c.kind == "reset" for c in s) for s in seen))
    assert seam.match.history == [] and p1.history == []


def test_a_spectator_sees_the_public_view_and_moves_nothing(tables):
    seam, (p1, _) = tables
    remote = Remote("127.0.0.1", int(p1.remote.uri.rsplit(":", 1)[1]), p1.remote.code, watch=True)
    p1.link.run(remote.join()).result(10)
    watcher = RemoteMatch(remote, p1.link)
    try:
        p1.play(0, "draw")
        until([watcher], lambda seen: watcher.history)
        assert watcher.seat is None and watcher.humans() == []
        assert watcher.view() == seam.match.view(None) and watcher.moves() == []
        assert "human" not in watcher.seats
    finally:
        watcher.close()


def test_a_table_whose_connection_drops_takes_its_seat_back(tables):
    seam, (p1, p2) = tables
    p2.link.run(p2.remote.ws.close()).result(5)  # the network drops it
    seen = until([p2], lambda seen: any(c.text == "Back at the table." for c in seen[0]))
    assert [c.text for c in seen[0] if c.kind == "say"][0].startswith("Lost the host")
    assert p2.seat == 1
    p1.play(0, "draw")
    until([p1, p2], lambda seen: all(m.history for m in (p1, p2)))
    assert p2.view() == seam.match.view(1)


def test_a_table_that_joins_again_shows_the_log_of_the_moves_before(tables):
    """A table started afresh for its seat (a restarted window, a resumed host's
    window) has the game's moves before it came, as its seat knew them: the
    log, line by line, and "what happened" are those of the host's match."""
    seam, (p1, p2) = tables
    for n, (text, table) in enumerate((("draw", p1), ("pass", p1), ("draw", p2)), 1):
        table.play(table.seat, text)
        until([p1, p2], lambda seen, n=n: all(len(m.history) >= n for m in (p1, p2)))
    local = seam.match
    port = int(p2.remote.uri.rsplit(":", 1)[1])
    p2.close()  # the window goes
    again = Remote("127.0.0.1", port, p2.remote.code, "Ann")  # the token Ann kept
    p2.link.run(again.join()).result(10)
    fresh = RemoteMatch(again, p2.link)
    try:
        assert fresh.seat == 1 and len(fresh.history) == len(local.history) == 3
        assert log.lines(fresh, 1) == log.lines(Own(local), 1)
        assert fresh.summary(1) == log.lines(Own(local), 1, last_chosen(local.history, 1))
        assert [a.text for a in fresh.history] == ["", "", "draw"]  # p1's texts not sent
    finally:
        fresh.close()


@pytest.mark.parametrize("tables", registry.names(), indirect=True)
def test_the_host_s_window_names_the_seat_of_every_remote_move(tables):
    """The host's window is a table joined to its own host: a remote player's
    move is logged there with its seat ("P2 passes", never a bare "Passes"),
    from the same entries as the host's match makes, line for line."""
    seam, (p1, p2) = tables
    local = seam.match

    def caught_up(seen) -> bool:
        return all(len(m.history) == len(local.history) for m in (p1, p2))

    while len(local.history) < 60 and (d := local.decision()) is not None:
        n, table = len(local.history), (p1, p2)[d.seat]
        until([p1, p2], lambda seen, t=table: caught_up(seen) and t.moves())
        table.play(table.seat, table.moves()[-1].text)  # a pass where there is one
        until([p1, p2], lambda seen, n=n: len(local.history) > n and caught_up(seen))
    theirs = [a for a in p1.history if a.seat == 1]
    assert theirs and any(not a.text for a in theirs)  # moves whose notation p1 is not sent
    book = log.Log(p1, 0)
    for a in p1.history:  # a secret move may say only what it revealed
        first = p1.entries(a, 0)[0]
        assert a.secret or first.seat == a.seat, first
        at = book.add(a)
        if a.secret or first.kind in p1.present.idle:  # an idle part of a turn: no line
            continue
        said = book.text(book.lines[at])
        assert said.startswith(f"P{a.seat + 1}") or f"and P{a.seat + 1} " in said, said
    assert log.lines(p1, 0) == log.lines(Own(local), 0)


def test_a_seat_s_own_draw_is_named_on_its_own_screen(tables):
    """A remote seat's screen is its own: its draws are named in its log, as a
    lone person's are at a table here; never in another seat's."""
    seam, (p1, p2) = tables
    for n, (text, table) in enumerate((("draw", p1), ("pass", p1), ("draw", p2)), 1):
        table.play(table.seat, text)
        until([p1, p2], lambda seen, n=n: all(len(m.history) >= n for m in (p1, p2)))
    drawn = seam.match.history[-1].events[0].cards[0]
    name = seam.match.present.readable(drawn)
    assert log.lines(p2, 1)[-1] == f"P2 draws a card ({name})"
    assert log.lines(p1, 0)[-1] == "P2 draws a card"
    assert log.lines(p1, 0)[0].startswith("P1 draws a card (")  # the host's own, too


@pytest.mark.parametrize("tables", ["shards"], indirect=True)
def test_a_remote_table_asks_before_giving_up_as_the_hosts_match_does(tables):
    """Issue 41: a move that gives something up for good is asked about alike at
    a local and a remote table (the host reads the game's `skip_warning`, which
    needs the state, and sends each legal move's question to its seat only)."""
    seam, (p1, p2) = tables
    until([p1, p2], lambda seen: all(m.players and len(m.players.players) == 2 for m in (p1, p2)))
    local = seam.match
    asked = {m.text: local.skip_warning(m.action) for m in local.moves()}
    assert any(asked.values()), "the opening choice has a move that gives cards up"
    assert {m.text: p1.skip_warning(m.action) for m in p1.moves()} == asked
    assert p2.moves() == [] and not any(p2.skip_warning(m.action) for m in local.moves())


@pytest.mark.parametrize("tables", ["usagi"], indirect=True)
def test_only_the_seat_the_table_chose_for_hears_it_had_other_moves(tables):
    """A move the host's table chose among others for a seat (a cut of a
    shuffled deck) is sent as chosen only to that seat (`Applied.picked_in`):
    that there were other moves could tell of a hand."""
    seam, (p1, p2) = tables
    local = seam.match

    def cut(seen) -> bool:
        return all(len(m.history) >= 2 for m in (p1, p2))

    until([p1, p2], cut)
    assert [a.picked_in for a in local.history[:2]] == ["cut", "cut"]
    for seat, table in ((0, p1), (1, p2)):
        assert [a.picked_in if a.seat == seat else "" for a in table.history[:2]] == [
            a.picked_in for a in table.history[:2]
        ]
        assert next(a.picked_in for a in table.history[:2] if a.seat == seat) == "cut"


@pytest.mark.parametrize("tables", ["usagi"], indirect=True)
def test_a_seats_standing_answer_is_switched_at_its_own_table(tables):
    """A standing answer (`engine.Standing`) is the seat's own choice: switched at
    its table, sent to the host, which gives it for that seat only; a move it
    made is said as such to that seat alone (`MoveM.standing`)."""
    seam, (p1, p2) = tables
    session = seam.session
    p2.set_standing(1, "keep_hero", False)
    p2.set_standing(0, "keep_hero", False)  # not its seat: nothing sent
    end = time.monotonic() + 10
    while (1, "keep_hero") not in session.standing_off:
        assert time.monotonic() < end
        time.sleep(0.01)
    assert session.standing_off == {(1, "keep_hero")}
    assert not p2.stands(1, "keep_hero") and p1.stands(0, "keep_hero")
    p2.set_standing(1, "keep_hero", True)
    while session.standing_off:
        assert time.monotonic() < end
        time.sleep(0.01)
    host = Host(seam, say=lambda s: None)
    with pytest.raises(Refusal, match="no standing answer 'nope'"):
        host._standing(None, 1, p.Standing(key="nope", on=False))  # type: ignore[arg-type]
    made = Applied(1, "hero x#1", (), auto=True, standing="keep_hero")
    assert host._move(made, 1).standing == "keep_hero" and host._move(made, 0).standing == ""
    assert p2._add(host._move(made, 1)).standing == "keep_hero"


@pytest.fixture
def hero_guest(tmp_path, monkeypatch):
    """A guest at p1 of a hosted Usagi game stopped at p1's Hero step, its
    standing answer "keep my Hero" switched off there (asked): `heroes` -> the
    host's session and the guest's table, once its moves came."""
    monkeypatch.setenv("SHRINETABLE_DATA_DIR", str(tmp_path))
    link, made = Link(), []

    def start(heroes: int):
        session = hero_step(heroes)
        session.set_standing(0, "keep_hero", False)  # as the guest switched it (below)
        seam = Seam(session, ["remote", "computer", "computer", "computer"])
        host = Host(seam, say=lambda s: None, pace=0.3)  # a window's pace: the answer waits
        link.run(host.start("127.0.0.1", 0)).result(10)
        remote = Remote("127.0.0.1", host.port, host.code, "Ann")
        link.run(remote.join()).result(10)
        guest = RemoteMatch(remote, link)
        made.append((guest, host))
        guest.set_standing(0, "keep_hero", False)
        until([guest], lambda seen: (0, "keep_hero") in session.standing_off and guest.moves())
        return session, guest

    yield start
    for guest, host in made:
        guest.close()
        link.run(host.stop()).result(10)
    link.stop()


def test_a_guest_s_standing_switch_leaves_no_button_to_race_the_host(hero_guest):
    """Issue 41, left from the sixth pass: switched on while its Hero question
    shows, a guest's table offers no move for it at once (a local table answers
    at once; the host's answer takes a message and its pace), and the host's
    answer is the move made: "Keep no Hero" cannot be clicked meanwhile."""
    session, guest = hero_guest(1)
    hero = next(a.text for a in session.game.legal_actions(session.state) if a.card)
    assert "hero" in {m.text for m in guest.moves()}  # "Keep no Hero" is offered
    guest.set_standing(0, "keep_hero", True)
    assert guest.moves() == []  # nothing to click before the host answers
    seen = until([guest], lambda seen: any(c.kind == "move" for c in seen[0]))
    made = next(c.applied for c in seen[0] if c.kind == "move")
    assert (made.seat, made.text, made.standing) == (0, hero, "keep_hero")
    assert session.history[-1].text == hero


def test_a_guest_s_standing_switch_that_gives_no_answer_gets_its_moves_back(hero_guest):
    """With two Heroes the standing answer gives none (the choice is not
    routine): the host sends the guest its moves again, and no move is made."""
    session, guest = hero_guest(2)
    asked = [m.text for m in guest.moves()]
    made = len(session.history)
    guest.set_standing(0, "keep_hero", True)
    assert guest.moves() == []
    seen = until([guest], lambda seen: any(c.kind == "reset" for c in seen[0]))
    assert [m.text for m in guest.moves()] == asked and len(session.history) == made
    assert not any(c.kind == "move" for c in seen[0])


def test_a_guest_s_switch_off_then_on_brings_no_button_back(hero_guest):
    """Switched off and at once on again at its Hero question: the host's
    handling of the "off" sends no moves (the table gave itself its own back),
    so none comes after the "on" to race the host's answer (a full CI run saw
    "Keep no Hero" come back so, from the remembered switch sent on joining)."""
    session, guest = hero_guest(1)
    asked = [m.text for m in guest.moves()]
    guest.set_standing(0, "keep_hero", True)
    guest.set_standing(0, "keep_hero", False)
    assert [m.text for m in guest.moves()] == asked  # its own moves back at once
    guest.set_standing(0, "keep_hero", True)
    assert guest.moves() == []
    seen = until([guest], lambda seen: any(c.kind == "move" for c in seen[0]))
    before = seen[0][: next(i for i, c in enumerate(seen[0]) if c.kind == "move")]
    assert not any(c.kind == "reset" for c in before)  # no moves came back meanwhile
    assert session.history[-1].standing == "keep_hero"
