"""Each kind of refused Shrines move names the rule that actually refuses it: its
reason says why and its id is that clause or ruling (docs/rules/shrines.md)."""

from __future__ import annotations

import pytest
from shrines_helpers import mana, play, refusal, spawn, start, to_act

from shrinetable.games.shrines import rulings


def _check(r, ruling: str, *words: str) -> None:
    assert r.ruling == ruling and r.ruling in rulings.ALL, (r.ruling, r.reason)
    for w in words:
        assert w in r.reason, (w, r.reason)


NEW, FROZEN = {"entered": 1}, {"status": frozenset({"freeze"})}


@pytest.mark.parametrize(
    "card, site, made, act, move, ruling, words",
    [
        # summoning: a creature that entered this turn may not attack (not: out of range)
        ("ashen-brute", "b4", NEW, "combat", "attack {c} p2", "summoning", "entered the Region"),
        # travel: nor travel, as the travel clause says (not: the site is out of reach)
        ("ashen-brute", "b1", NEW, "travel", "travel {c} b2", "travel", "entered the Region"),
        # freeze: a Frozen creature may not attack (attacking taps), nor travel
        ("ashen-brute", "b4", FROZEN, "combat", "attack {c} p2", "freeze", "Frozen"),
        ("ashen-brute", "b1", FROZEN, "travel", "travel {c} b2", "freeze", "Frozen"),
        # stationary: a Stationary creature never travels
        ("harbor-sentinel", "b1", {}, "travel", "travel {c} b2", "stationary", "Stationary"),
        # acts: attacks are declared in Combat only
        ("ashen-brute", "b4", {}, "travel", "attack {c} p2", "acts", "combat act"),
        # combat: a ready creature whose target is out of range names the range
        ("ashen-brute", "b1", {}, "combat", "attack {c} p2", "combat", "range"),
    ],
)
def test_a_creatures_move_is_refused_by_the_clause_that_refuses_it(
    card, site, made, act, move, ruling, words
):
    """Clauses summoning, travel, freeze, stationary, acts, combat: one creature of p1
    on the Region, in the act named, tries the move; the refusal names the clause."""
    s = start("red", "blue")
    c = spawn(s, card, 0, site, **made)
    _check(refusal(to_act(s, act), move.format(c=c)), ruling, words)


def test_a_creature_played_in_the_travel_act_is_refused_by_speed():
    """Clause speed: a creature is inert, so not in the Travel Act, whichever site."""
    s = start("red", "blue")
    brute = spawn(s, "ashen-brute", 0)
    s = to_act(s, "travel")
    s = mana(s, 0, "RRR")
    for site in ("a1", "b3"):
        _check(refusal(s, f"play {brute} {site}"), "speed", "inert speed", "First or Final")


def test_an_inert_spell_in_the_travel_act_is_refused_by_speed():
    """Clause speed: an inert spell is not cast in the Travel Act."""
    s = start("red", "blue")
    drums = spawn(s, "war-drums", 0)
    brute = spawn(s, "ashen-brute", 0, "b1")
    s = to_act(s, "travel")
    s = mana(s, 0, "RR")
    _check(refusal(s, f"cast {drums} {brute}"), "speed", "inert speed")


def test_an_inert_spell_as_an_answer_is_refused_by_speed():
    """Clause speed: an inert spell is no answer to the opponent's move."""
    s = start("red", "blue")
    drums = spawn(s, "war-drums", 1)
    brute = spawn(s, "ashen-brute", 1, "b5")
    s = mana(s, 1, "RR")
    s = play(s, "next")
    _check(refusal(s, f"cast {drums} {brute}"), "speed", "inert speed")


def test_a_source_in_the_travel_act_is_refused_by_speed():
    """Clause speed: a source goes out at inert speed only."""
    s = start("red", "blue")
    font = spawn(s, "ember-font", 0)
    s = to_act(s, "travel")
    _check(refusal(s, f"source {font}"), "speed", "inert speed")


def test_a_second_source_is_refused_by_the_source_clause():
    """Clause source: one source a turn."""
    s = start("red", "blue")
    a, b = spawn(s, "ember-font", 0), spawn(s, "ember-font", 0)
    s = play(s, f"source {a}", "pass")
    _check(refusal(s, f"source {b}"), "source", "already put out a source")


def test_a_tap_of_a_new_creature_is_refused_by_summoning():
    """Clause summoning: a creature's tap ability waits a turn, unlike a structure's."""
    s = start("green", "red")
    tender = spawn(s, "grove-tender", 0, "b1", entered=1)
    _check(refusal(s, f"tap {tender}"), "summoning", "cannot tap")


def test_rush_an_unpayable_pay_and_a_mulligan_too_many_name_their_rules():
    """Clause modes (Rush), clause cost, clause mulligan: the refusals of
    tests/scenarios/shrines/refusals_named.toml and mulligan_limit.toml name those
    clauses, not "creatures enter on your own melee sites" or "not allowed now"."""
    from pathlib import Path

    from shrinetable.formats.scenario import load

    here = Path(__file__).parent / "scenarios" / "shrines"
    s = load(here / "refusals_named.toml").state
    _check(refusal(s, "play ashen-brute#1 b1"), "modes", "Rush")
    _check(refusal(s, "play ashen-brute#1 a1 pay=BBR"), "cost", "does not hold")
    s = play(
        load(here / "mulligan_limit.toml").state,
        "mulligan ancient-colossus#1",
        "mulligan ashen-brute#2",
    )
    _check(refusal(s, "mulligan scorchbolt#3"), "mulligan", "keep")
