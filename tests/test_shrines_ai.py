"""The Shrines computer player: it only ever picks legal actions, is deterministic
for a seed, beats uniformly random play clearly, and makes the sensible choice in
small positions (each test names the clause of docs/rules/shrines.md it leans on)."""

from __future__ import annotations

import random

from aiplay import against_random

from shrinetable.games.shrines import GAME, ai
from shrinetable.games.shrines.actions import Action
from shrinetable.games.shrines.ai import choose
from shrinetable.games.shrines.game import DECKS
from tests.shrines_helpers import mana, play, spawn, start, to_act


def _game(seed: int, me: int | None, decks: tuple[str, str], turns: int = 500):
    """One game of the computer (seat `me`, None: both) against random play."""
    return against_random(GAME, seed, me, decks, turns)


def test_choices_are_legal_with_every_deck_in_both_seats():
    """Clause decision: only legal actions, whatever the deck or seat (and against
    itself, where it answers every kind of decision for both players)."""
    for i, deck in enumerate(DECKS):
        _game(100 + i, i % 2, (deck, DECKS[(i + 2) % 5]), turns=40)
    s, rng = GAME.new_game(7, {"deck_p1": "green", "deck_p2": "purple"}), random.Random(7)
    while GAME.outcome(s) is None and s.turn_no <= 40:
        a = choose(s, rng)
        assert a in GAME.legal_actions(s)
        s, _ = GAME.apply(s, a)


def test_same_seed_same_game():
    """All randomness comes from the seeded generators: one seed, one game."""
    assert _game(11, 0, ("red", "green"))[0] == _game(11, 0, ("red", "green"))[0]


def test_computer_beats_random_play():
    """60 seeded games over every pair of decks, half in each seat: at least 54 won."""
    wins = 0
    for seed in range(60):
        me, decks = seed % 2, (DECKS[seed % 5], DECKS[(seed // 5) % 5])
        _, s = _game(seed, me, decks)
        wins += GAME.outcome(s) is not None and me in GAME.outcome(s).winners
    assert wins >= 54, wins


def test_puts_out_a_source_first():
    """Clause source: one source a turn, and it comes before anything else."""
    s = start()
    spawn(s, "fogbank-skimmer", 0)
    spawn(s, "tidal-font", 0)
    mana(s, 0, "BB")
    assert choose(s, random.Random(0)).kind == "source"


def test_never_plays_a_source_that_would_draw_from_an_empty_library():
    """Clause draw and R2: drawing from empty libraries loses, so a source that draws
    from the Primary is held back once the Primary is empty."""
    s = start()
    s.primary[0].clear()
    s.hands[0] = []
    spawn(s, "sunken-wellspring", 0)
    assert choose(s, random.Random(0)).kind == "next"


def test_draws_a_source_when_the_hand_has_none():
    """Clause draw: the player chooses the library; with no source in hand and few
    out, the computer takes one from the Secondary; otherwise the Primary."""
    s = start()
    s.hands[0] = [c for c in s.hands[0] if s.defs[c].type != "source"]
    s.queue = (("draw", 0, "any"),)
    s.legal = None
    assert choose(s, random.Random(0)).lib == "secondary"
    spawn(s, "tidal-font", 0)
    s.legal = None
    assert choose(s, random.Random(0)).lib == "primary"


def test_attacks_the_player_when_in_reach():
    """Clause combat: a creature on the opposing melee row reaches the player zone."""
    s = to_act(start(), "combat")
    flier = spawn(s, "fogbank-skimmer", 0, "b5")
    spawn(s, "timber-palisade", 1, "b5")
    s.legal = None
    assert choose(s, random.Random(0)) == Action("attack", flier, "p2")


def test_travels_forward_and_keeps_a_guard_home():
    """Clause travel: creatures go as far forward as they can, but one that stands in
    the way of an opposing creature reaching our player stays to block it."""
    s = to_act(start(), "travel")
    runner = spawn(s, "lantern-skirmisher", 0, "a1")
    guard = spawn(s, "mistral-oracle", 0, "b1")
    spawn(s, "ashen-brute", 1, "b1")
    s.legal = None
    assert Action("travel", guard, "b2") in GAME.legal_actions(s)
    a = choose(s, random.Random(0))
    assert a == Action("travel", runner, "a4")
    s, _ = GAME.apply(s, a)
    assert choose(s, random.Random(0)) != Action("travel", guard, "b2")


def test_does_not_wall_in_its_own_creatures():
    """Clause immoveable: an Immoveable structure would stop our own creatures too,
    so the computer does not play one."""
    s = start()
    s.hands[0] = []
    spawn(s, "tidewatch-tower", 0)
    mana(s, 0, "BBB")
    assert choose(s, random.Random(0)).kind == "next"


def test_does_not_boost_a_frozen_creature():
    """Clause freeze: a frozen creature cannot attack, so a boost goes elsewhere."""
    s = start("red", "blue")
    s.hands[0] = []
    spawn(s, "kiln-golem", 0, "b3", status=frozenset({"freeze"}))
    free = spawn(s, "ashen-brute", 0, "a1")
    drums = spawn(s, "war-drums", 0)
    mana(s, 0, "RR")
    assert choose(s, random.Random(0)) == Action("cast", drums, free)


def test_blocks_with_a_creature_that_survives():
    """Clause blocking: a blocker that takes the hit and lives is always worth it."""
    s = to_act(start(), "combat")
    att = spawn(s, "ashen-brute", 0, "b5")
    wall = spawn(s, "kiln-golem", 1, "b5")
    s = GAME.apply(s, Action("attack", att, "p2"))[0]
    s = GAME.apply(s, Action("next"))[0]
    assert choose(s, random.Random(0)) == Action("block", wall, att)


def test_any_decision_it_does_not_model_gets_a_legal_action(monkeypatch):
    """Clause decision: a choice the computer has no rule of thumb for still gets a
    legal action (the first)."""
    s = start()
    s.queue = (("assign", 0, "b2"),)
    odd = [Action("sacrifice", "ashen-brute#1"), Action("sacrifice", "kiln-golem#2")]
    monkeypatch.setattr(ai, "legal_actions", lambda state: odd)
    assert choose(s, random.Random(0)) == odd[0]


def _king(seed: int):
    """A King of the Hill game, the computer in p2's seat; its outcome."""
    s = GAME.new_game(seed, {"deck_p1": DECKS[seed % 5], "deck_p2": "green", "mode": "king"})
    rng = random.Random(seed)
    while GAME.outcome(s) is None and s.turn_no <= 300:
        a = choose(s, rng) if GAME.decision(s).seat == 1 else rng.choice(GAME.legal_actions(s))
        s, _ = GAME.apply(s, a)
    return GAME.outcome(s)


def test_king_of_the_hill_holds_the_neutral_row():
    """Clause modes: in King of the Hill players have no life and bodies on the
    neutral row score, so creatures stop there (and win that way)."""
    s = GAME.new_game(1, {"deck_p1": "yellow", "deck_p2": "red", "mode": "king"})
    s = to_act(play(s, "keep", "keep"), "travel")
    runner = spawn(s, "lantern-skirmisher", 0, "a1")
    holder = spawn(s, "kiln-golem", 0, "b3")
    s.legal = None
    assert choose(s, random.Random(0)) == Action("travel", runner, "a3")
    s = GAME.apply(s, Action("travel", runner, "a3"))[0]
    assert Action("travel", holder, "b4") in GAME.legal_actions(s)
    assert choose(s, random.Random(0)) != Action("travel", holder, "b4")
    outcomes = [_king(seed) for seed in range(6)]
    assert sum(o is not None and 1 in o.winners for o in outcomes) >= 5


def test_spreads_damage_to_destroy_every_blocker_it_can():
    """Clause blocking (R8): with several blockers the attacker's controller assigns
    the damage; the computer gives each blocker exactly lethal damage, best first."""
    s = to_act(start("red", "blue"), "combat")
    att = spawn(s, "cindermaw-warlord", 0, "b5")
    eel = spawn(s, "deepwater-eel", 1, "b5")
    ambusher = spawn(s, "riptide-ambusher", 1, "b5")
    s.legal = None
    s = play(
        s,
        f"attack {att} p2",
        "next",
        f"block {eel} {att}",
        f"block {ambusher} {att}",
        "pass",
        "pass",
    )
    first = choose(s, random.Random(0))
    assert (first.kind, first.card, first.text.split()[-1]) == ("assign", eel, "3")
    s = GAME.apply(s, first)[0]
    second = choose(s, random.Random(0))
    assert (second.card, second.text.split()[-1]) == (ambusher, "2")
    s = GAME.apply(s, second)[0]
    assert eel not in GAME.all_cards(s)["site:b5"] and ambusher not in GAME.all_cards(s)["site:b5"]


def test_extra_draws_early_but_not_when_they_would_deck_us_first():
    """Clause draw and R2: a player who must draw from empty libraries loses, so late
    in the game the computer skips optional draws that leave it fewer cards to draw
    than the opponent; early on the extra card is worth it."""
    s = start()
    s.hands[0] = []
    spell = spawn(s, "read-the-shallows", 0)
    mana(s, 0, "B")
    assert choose(s, random.Random(0)) == Action("cast", spell)
    del s.primary[0][:-10]
    s.legal = None
    assert choose(s, random.Random(0)).kind == "next"


def test_taps_no_source_for_a_card_it_cannot_play():
    """Issue 24: Red tapped its sources turn after turn for a Bulwark Plating (a tool)
    with no creature of its own to carry it. Seed 2, Red against Blue: on turn 3 its
    only card the sources could pay for is the Plating, and it taps nothing."""
    s, rng = GAME.new_game(2, {"deck_p1": "red", "deck_p2": "blue"}), random.Random(2)
    taken = []
    while GAME.turn_number(s) <= 3:
        a = choose(s, rng)
        if GAME.turn_number(s) == 3:
            taken.append(a.kind)
        s, _ = GAME.apply(s, a)
    assert "source" in taken and "tap" not in taken
