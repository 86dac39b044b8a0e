"""The Shards computer player: only legal moves with every deck pair in both seats,
one answer per position, the sensible choice in small hand-built positions (each
test names the clause or ruling of docs/rules/shards.md it leans on), nothing read
that its seat may not know, and a clear win over uniformly random play."""

from __future__ import annotations

import random

import pytest
from aiplay import against_random
from shards_helpers import play, pos

from shrinetable.games.shards import GAME
from shrinetable.games.shards.ai import choose
from shrinetable.games.shards.cards import definitions
from shrinetable.games.shards.game import DECKS


def _game(seed: int, me: int | None, decks: tuple[str, str], turns: int = 200):
    """One game of the computer (seat `me`, None: both) against random play."""
    return against_random(GAME, seed, me, decks, turns)


def _choice(s) -> str:
    return choose(GAME.observe(s, GAME.decision(s).seat), random.Random(0)).text


def test_choices_are_legal_against_itself():
    """Both seats the computer, every kind of decision (blocks, tricks, discards)."""
    taken, s = _game(7, None, ("legion", "ashen"), turns=60)
    kinds = {t.split()[0] for t in taken}
    assert {"begin", "bonus", "play", "attack", "charge", "end"} <= kinds


def test_same_position_same_answer():
    """Deterministic: one seed, one game."""
    assert _game(11, 0, ("gilded", "prism"))[0] == _game(11, 0, ("gilded", "prism"))[0]


def test_starting_choice_holds_a_building():
    """Clause starting, R21: of the five laid-out cards it begins with a building
    (a kingdom without one can be dominated as soon as its first falls)."""
    s = GAME.new_game(3, {"deck_p1": "legion", "deck_p2": "gilded"})
    choice = _choice(s).split()[1:]
    assert any(definitions()[c.rpartition("#")[0]].type == "building" for c in choice)


def test_attacks_a_territory_nobody_can_defend():
    """Clauses attack, R11, R12: the opponent's only territory has no ready unit, so a
    ready unit attacks its building rather than ending the turn."""
    s = pos(
        {"terr1:0": ["hearth-farmstead#1", "border-reaver#2"], "terr1:1": ["ash-cairn#3"]},
        turn_no=3,
    )
    assert _choice(s) == "attack border-reaver#2 ash-cairn#3"


def test_finishes_a_building_for_domination():
    """Clause winning (Domination), R28: the last building has 1 defence left; the
    charge wins the game."""
    s = pos(
        {"terr1:0": ["hearth-farmstead#1", "shardborn-recruit#2"], "terr1:1": ["ash-cairn#3"]},
        turn_no=3,
        damage={"ash-cairn#3": 2},
    )
    s = play(s, "attack shardborn-recruit#2 ash-cairn#3")
    assert _choice(s) == "charge"


def test_blocks_an_attacker_its_blocker_survives():
    """R11: a 1-offence attacker against the only building; a 3-health unit stands in
    the territory, so it blocks."""
    s = pos(
        {
            "terr1:0": ["hearth-farmstead#1", "vanguard-drummer#2"],
            "terr1:1": ["ash-cairn#3", "ashen-gravewarden#4"],
        },
        turn_no=3,
    )
    s = play(s, "attack vanguard-drummer#2 ash-cairn#3", "charge")
    assert _choice(s) == "block ashen-gravewarden#4 vanguard-drummer#2"


def test_holds_back_an_attacker_that_would_only_die():
    """R11, R28: a 1/1 against a ready 2-offence blocker in a territory whose
    building it cannot hurt much: it does not attack."""
    s = pos(
        {
            "terr1:0": ["hearth-farmstead#1", "vanguard-drummer#2"],
            "terr1:1": ["timber-palisade#3", "shardborn-recruit#4"],
        },
        turn_no=3,
    )
    assert not _choice(s).startswith("attack")


FILL = [f"bone-rampart#{n}" for n in range(20, 100)]  # cards that only fill decks


def _turn(s) -> list[str]:
    """What the computer does with p1's Main Phase, up to ending the turn."""
    out = []
    while GAME.outcome(s) is None and s.turn == 0 and s.stage == "main":
        out.append(_choice(s))
        s = play(s, out[-1])
    return out


def _belfry(deck: int, hand: int):
    """p1 holds a ready Tolling Belfry (its ability: the opponent draws a card); p2
    has `deck` cards in its deck and `hand` in hand."""
    return pos(
        {
            "terr1:0": ["hearth-farmstead#1", "tolling-belfry#2"],
            "terr1:1": ["stone-quarry#3"],
            "deck:0": FILL[:10],
            "deck:1": FILL[10 : 10 + deck],
            "hand:1": [f"ash-wraith#{n}" for n in range(100, 100 + hand)],
        },
        turn_no=3,
    )


@pytest.mark.parametrize(
    "deck, hand, uses",
    [
        (10, 3, False),  # a card for the opponent, its deck far from empty: no
        (3, 3, True),  # three cards from Attrition: each one drawn counts (R23)
        (10, 8, True),  # a full hand: the card drawn is discarded at its end (R24)
    ],
)
def test_makes_the_opponent_draw_where_it_helps(deck, hand, uses):
    """Clause winning (Attrition), R23, R24: a forced draw gives the opponent a card
    and takes one from its deck; the computer weighs the two."""
    assert ("use tolling-belfry#2" in _turn(_belfry(deck, hand))) == uses


def test_makes_the_opponent_draw_from_an_empty_deck_to_win():
    """Clause winning (Attrition), R23: an empty deck and no resource to expend."""
    assert _turn(_belfry(0, 2)) == ["use tolling-belfry#2"]


@pytest.mark.parametrize(
    "card, deck, plays",
    [
        ("ashen-edict#5", 30, True),  # the opponent discards every turn
        ("mourning-bells#5", 30, False),  # its draws too far from emptying the deck
        ("mourning-bells#5", 12, True),  # ... and near enough
    ],
)
def test_enacts_a_policy_that_makes_the_opponent_draw_or_discard(card, deck, plays):
    """Clauses phases (Ready, End), winning (Attrition): a policy whose effects come
    each turn is counted for the turns to come, against scrapping it for resources."""
    s = pos(
        {
            "terr1:0": ["hearth-farmstead#1"],
            "terr1:1": ["stone-quarry#3"],
            "hand:0": [card],
            "deck:0": FILL[:20],
            "deck:1": FILL[20 : 20 + deck],
            "hand:1": [f"ash-wraith#{n}" for n in range(100, 104)],
        },
        turn_no=3,
        pool={"p1": {"basic": 4}},
    )
    assert (f"play {card}" in _turn(s)) == plays


@pytest.mark.slow
def test_computer_beats_random_play():
    """96 seeded games over every deck pair, half in each seat: at least 92 won
    (the goal is 95%; the figures in the closing note are over 160 games)."""
    wins = 0
    for seed in range(96):
        me, decks = seed % 2, (DECKS[seed % 4], DECKS[(seed // 4) % 4])
        s = _game(seed, me, decks)[1]
        o = GAME.outcome(s)
        wins += o is not None and me in o.winners
    assert wins >= 92, wins


@pytest.mark.parametrize("turn_no", [3, 60])
def test_recruits_rather_than_hoards_late_in_the_game(turn_no):
    """Clauses recruit, winning (Domination): late in the game as early, resources
    kept idle win nothing, so a unit in hand is recruited. (Issue 24: Ashen against
    Prism, seed 18, held 7 basic and two Border Reavers from turn 31 and both seats
    played 500 turns without a unit recruited.)"""
    s = pos(
        {
            "terr1:0": ["hearth-farmstead#1"],
            "terr1:1": ["stone-quarry#3"],
            "hand:0": ["border-reaver#4"],
            "deck:0": FILL[:10],
            "deck:1": FILL[10:20],
        },
        turn_no=turn_no,
        pool={"p1": {"basic": 7}},
    )
    assert "play border-reaver#4 in 1" in _turn(s)


def test_attacks_with_more_units_than_the_defender_can_block():
    """Clauses attack, block, winning (Domination), R11, R28: two Gilded Sentinels
    would block and kill any one or two Border Reavers, but three outnumber them and
    the third finishes the last building. (Issue 24: in Gilded against Ashen, seed 88,
    Ashen sent one unit a turn against two blockers, six more at home, until the
    500-turn cap.)"""
    s = pos(
        {
            "terr1:0": [
                "hearth-farmstead#1",
                "border-reaver#2",
                "border-reaver#3",
                "border-reaver#4",
            ],
            "terr1:1": ["ash-cairn#5", "gilded-sentinel#6", "gilded-sentinel#7"],
        },
        turn_no=3,
        damage={"ash-cairn#5": 2},
    )
    while GAME.outcome(s) is None and s.turn_no == 3:
        s = play(s, _choice(s))
    assert GAME.outcome(s).winners == (0,)
