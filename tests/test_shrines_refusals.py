"""Each kind of refused Shrines move names the rule that actually refuses it: its
reason says why and its id is that clause or ruling (docs/rules/shrines.md)."""

from __future__ import annotations

from shrines_helpers import mana, play, refusal, spawn, start, to_act

from shrinetable.games.shrines import rulings


def _check(r, ruling: str, *words: str) -> None:
    assert r.ruling == ruling and r.ruling in rulings.ALL, (r.ruling, r.reason)
    for w in words:
        assert w in r.reason, (w, r.reason)


def test_a_new_creature_attacking_is_refused_by_summoning():
    """Clause summoning: a creature that entered this turn may not attack; the refusal
    says so, not that the target is out of range."""
    s = start("red", "blue")
    brute = spawn(s, "ashen-brute", 0, "b4", entered=1)
    s = to_act(s, "combat")
    _check(refusal(s, f"attack {brute} p2"), "summoning", "entered the Region this turn")


def test_a_new_creature_travelling_is_refused_by_travel():
    """Clause travel: a creature that entered this turn may not travel, as the travel
    clause says; the refusal says why, not that the site is out of reach."""
    s = start("red", "blue")
    brute = spawn(s, "ashen-brute", 0, "b1", entered=1)
    s = to_act(s, "travel")
    _check(refusal(s, f"travel {brute} b2"), "travel", "entered the Region this turn")


def test_a_frozen_creature_attacking_is_refused_by_freeze():
    """Clause freeze: a Frozen creature may not attack (attacking taps)."""
    s = start("red", "blue")
    brute = spawn(s, "ashen-brute", 0, "b4", status=frozenset({"freeze"}))
    s = to_act(s, "combat")
    _check(refusal(s, f"attack {brute} p2"), "freeze", "Frozen")


def test_a_frozen_creature_travelling_is_refused_by_freeze():
    """Clause freeze: a Frozen creature may not travel."""
    s = start("red", "blue")
    brute = spawn(s, "ashen-brute", 0, "b1", status=frozenset({"freeze"}))
    s = to_act(s, "travel")
    _check(refusal(s, f"travel {brute} b2"), "freeze", "Frozen")


def test_a_stationary_creature_travelling_is_refused_by_stationary():
    """Clause stationary: a Stationary creature never travels."""
    s = start("blue", "red")
    sentinel = spawn(s, "harbor-sentinel", 0, "b1")
    s = to_act(s, "travel")
    _check(refusal(s, f"travel {sentinel} b2"), "stationary", "Stationary")


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


def test_an_attack_in_the_travel_act_is_refused_by_the_acts():
    """Clause acts: attacks are declared in Combat only."""
    s = start("red", "blue")
    brute = spawn(s, "ashen-brute", 0, "b4")
    s = to_act(s, "travel")
    _check(refusal(s, f"attack {brute} p2"), "acts", "combat act")


def test_an_attack_out_of_range_is_refused_by_combat():
    """Clause combat: a ready creature whose target is out of range names the range."""
    s = start("red", "blue")
    brute = spawn(s, "ashen-brute", 0, "b1")
    s = to_act(s, "combat")
    _check(refusal(s, f"attack {brute} p2"), "combat", "range")


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
    s = play(load(here / "mulligan_limit.toml").state, "mulligan ancient-colossus#1",
             "mulligan ashen-brute#2")
    _check(refusal(s, "mulligan scorchbolt#3"), "mulligan", "keep")
