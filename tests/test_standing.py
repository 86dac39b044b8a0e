"""Standing answers (issue 41, fewer questions): a usual answer a person gives
in advance to one kind of decision (`engine.Standing`), Usagi's "keep my Hero"
when exactly one Hero could be kept. The table gives it for them while it is on
and the default stops are kept; with it off, with two Heroes, or with every
stop kept (full control) they are asked. It says so to that seat alone, and an
undo takes it back with the move of theirs it followed."""

from __future__ import annotations

from usagi_helpers import hero_step

from shrinetable.adapter.match import AUTO, Match, auto_said
from shrinetable.engine import registry

GAME = registry.get("usagi")
KEY = "keep_hero"


def _hero_step(heroes: int) -> Match:
    return Match(hero_step(heroes))


def test_one_hero_is_kept_by_the_standing_answer():
    match = _hero_step(1)
    hero = next(a for a in GAME.legal_actions(match.session.state) if a.card)
    auto = match.pending()
    assert auto is not None and auto.forced and auto.standing == KEY
    assert auto.action == hero
    done = match.step()
    assert (done.auto, done.standing, done.picked_in, done.text) == (True, KEY, "", hero.text)
    assert match.session.state.hero[0]  # kept through the sweep-up


def test_off_full_control_or_two_heroes_ask():
    match = _hero_step(1)
    match.set_standing(0, KEY, False)
    assert not match.stands(0, KEY) and match.pending() is None  # asked
    match.set_standing(0, KEY, True)
    assert match.stands(0, KEY) and match.pending() is not None
    match.auto_pass = False  # full control (Ctrl+P): every stop kept
    assert match.pending() is None
    assert _hero_step(2).pending() is None  # a real choice: asked


def test_a_seat_switches_only_its_own():
    match = _hero_step(1)
    match.set_standing(1, KEY, False)  # another seat's choice
    assert match.pending() is not None and match.stands(0, KEY)
    again = match.session.again(5)
    assert again.stands(0, KEY) and not again.stands(1, KEY)  # the next game keeps them


def test_the_log_says_so_to_that_seat_only():
    match = _hero_step(1)
    done = match.step()
    mine, theirs = match.said(done, 0), match.said(done, 1)
    button = GAME.present.describe(done.text, "hero")
    line = (
        "The table answered for P1 by P1's standing answer \u201cKeep my Hero at the "
        "turn's end\u201d (switch it off in the side panel to be asked)"
    )
    assert mine[-1] == line, mine
    assert line not in theirs and mine[:-1] == theirs  # the move itself is public
    assert auto_said(GAME, done, 0) == (
        f"the table answered \u201c{button}\u201d for you, as your standing answer "
        f"\u201cKeep my Hero at the turn's end\u201d says (switch it off to be asked)"
    )
    assert auto_said(GAME, done, 1) == AUTO


def test_undo_takes_it_back_with_the_move_before_it():
    match = _hero_step(1)
    done = match.step()
    history = match.session.history
    last = max(i for i, a in enumerate(history) if a.seat == 0 and not a.auto)
    assert match.can_undo(0) and match.undo(0)
    assert len(history) == last and done not in history  # p1's last choice, and after it
    assert match.decision() is not None and match.decision().seat == 0
    redone = match.redo()
    assert redone[-1] == done  # made again as it was, the answer's key with it


def test_no_game_but_one_declares_a_standing_answer_yet():
    """Measured (docs/design.md, "Standing answers"): no other shipped game's
    may-choice was asked as routinely."""
    declared = {n: [s.key for s in registry.get(n).standing] for n in registry.BUILTIN}
    assert declared == {n: ([KEY] if n == "usagi" else []) for n in registry.BUILTIN}


def test_at_a_hotseat_table_each_person_has_their_own():
    session = hero_step(1)
    session.seats = ["human"] * 4  # four people at one device
    match = Match(session)
    match.set_standing(1, KEY, False)  # P2's choice is not P1's
    assert match.pending() is not None and match.pending().standing == KEY
    match.set_standing(0, KEY, False)
    assert match.pending() is None
