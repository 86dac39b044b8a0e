"""The Usagi computer player: legal choices at every seat count, the same answer for
the same position, blind to what its seat may not see, quick, and better than random
play (2 players: 95%; 4 players, one computer seat: 60%)."""

from __future__ import annotations

import random

import pytest
from usagi_helpers import legal, play, pos

from shrinetable.commands.simulate import simulate
from shrinetable.games.usagi import GAME
from shrinetable.games.usagi.ai import choose
from shrinetable.games.usagi.cards import catalog, deck_key
from shrinetable.players import player

DECKS = [deck_key(d) for d in catalog()[1]]
AI = player(GAME, "ai")


def _games(seats: int, seeds: range, cap: int = 40):
    """Seeded games with the computer in every seat; yields every (state, choice)."""
    for seed in seeds:
        opts = {f"deck_p{q + 1}": DECKS[(seed + q) % 5] for q in range(seats)}
        s = GAME.new_game(seed, opts, seats)
        rng = random.Random(seed)
        while GAME.outcome(s) is None and s.turn_no <= cap:
            a = AI(s, rng)
            yield s, a
            s, _ = GAME.apply(s, a)


@pytest.mark.parametrize("seats", [2, 3, 4, 5, 6])
def test_choices_are_legal_at_every_seat_count(seats):
    """Every choice is legal, over whole games. How long a choice takes is a
    figure, not a test (no timing limits in tests): `shrinetable bench engine
    --game usagi --players N` reports the computer's median, p99 and slowest."""
    for s, a in _games(seats, range(2), cap=25):
        assert a in GAME.legal_actions(s)


def test_same_position_same_answer():
    for i, (s, _a) in enumerate(_games(3, range(1), cap=6)):
        if i % 7 == 0:
            assert choose(GAME.observe(s, GAME.decision(s).seat), random.Random(5)) == choose(
                GAME.observe(s, GAME.decision(s).seat), random.Random(5)
            )


def test_reads_neither_other_hands_nor_deck_orders_nor_dead_piles():
    """The same choice when every card its seat cannot see is dealt differently."""
    rng = random.Random(9)
    for i, (s, _) in enumerate(_games(3, range(2), cap=8)):
        if i % 5:
            continue
        me = GAME.decision(s).seat
        other = GAME.testing.reshuffle_unseen(s, me, rng)
        assert choose(GAME.observe(other, me), random.Random(1)) == choose(
            GAME.observe(s, me), random.Random(1)
        )


def test_involves_to_win_an_event():
    s = pos(
        {
            "field:0": ["wandering-swordsman#1"],
            "event:0": ["bandit-raid#2"],
            "hand:0": ["rice-farmer#3"],
        }
    )
    assert choose(s, random.Random(0)).text == "involve wandering-swordsman#1 bandit-raid#2"


def test_contests_a_rivals_event_it_can_take():
    s = pos(
        {
            "field:0": ["scarred-duelist#1"],
            "event:1": ["bandit-raid#2"],
            "involved:1": ["wandering-swordsman#3"],
        },
        honor={"p1": 0},
    )
    assert choose(s, random.Random(0)).text == "involve scarred-duelist#1 bandit-raid#2"


def test_keeps_its_hero_and_gives_up_the_weakest_card_in_a_tie():
    s = pos(
        {"field:0": ["kaito-the-drifting-blade#1", "wandering-swordsman#2"]},
        phase="conclusion",
        step="hero",
    )
    assert choose(s, random.Random(0)).text == "hero kaito-the-drifting-blade#1"
    s = pos(
        {
            "event:0": ["bandit-raid#1"],
            "involved:0": ["wandering-swordsman#2", "roadside-bodyguard#3", "scarred-duelist#4"],
        },
        finished=["p2"],
        owners={"scarred-duelist#4": "p2"},
    )
    s = play(s, "finished")
    assert "tiebreak roadside-bodyguard#3" in legal(s)
    assert choose(s, random.Random(0)).text == "tiebreak roadside-bodyguard#3"


def test_discards_dead_cards_and_digs_through_a_stalled_game():
    """Issue 24 (seed 60, Blade against Market, 500 turns): both Blade Heroes were
    held by a Story Event neither side could win, and the hand kept a second copy of
    one (a Character is unique: it cannot be played while its title is in play) and
    Moments with nothing to do, drawing one card a turn. The copy goes first; past
    turn 20 the Moments go too, to dig for an Event and Characters."""
    zones = {
        "event:0": ["the-stolen-heir#1"],
        "involved:0": ["kaito-the-drifting-blade#2", "old-sensei-rokuro#3"],
        "hand:0": ["kaito-the-drifting-blade#4", "second-wind#5", "wandering-swordsman#6"],
    }
    s = pos(zones, phase="initiation", step="discard")
    assert choose(s, random.Random(0)).text == "discard kaito-the-drifting-blade#4"
    s = play(s, "discard kaito-the-drifting-blade#4")
    assert choose(s, random.Random(0)).text == "discard"
    s = play(
        pos(zones, phase="initiation", step="discard", turn_no=30),
        "discard kaito-the-drifting-blade#4",
    )
    assert choose(s, random.Random(0)).text == "discard second-wind#5"


def test_takes_extra_tokens_unless_they_end_the_game_behind():
    """Ruling U30: extra chronicle tokens are a choice. The computer takes them, but
    not when emptying the pool would end the game with another seat ahead (3 + 2
    against 6: it takes 1 and plays on)."""
    zones = {"event:0": ["bandit-raid#1"], "involved:0": ["wandering-swordsman#2"]}
    s = play(pos(zones, finished=["p2"]), "finished")
    assert choose(s, random.Random(0)).text == "extra 1"
    s = play(pos(zones, finished=["p2"], pool=2, tokens={"p1": 3, "p2": 6}), "finished")
    assert choose(s, random.Random(0)).text == "extra 0"


def test_takes_a_rivals_character_that_turns_a_contest():
    """Ruling U29: with Turned Allegiance, the computer takes the rival's Duelist
    involved with its Event (it then counts for the computer) rather than pass it by."""
    s = pos(
        {
            "hand:0": ["turned-allegiance#1"],
            "event:0": ["bandit-raid#2"],
            "involved:0": ["roadside-bodyguard#3", "scarred-duelist#4"],
        },
        ryo={"p1": 3},
        owners={"scarred-duelist#4": "p2"},
    )
    assert choose(s, random.Random(0)).text == "play turned-allegiance#1 on scarred-duelist#4"


def test_proposes_the_event_its_characters_can_win():
    s = pos(
        {
            "field:0": ["kaito-the-drifting-blade#1"],
            "hand:0": ["bring-in-the-harvest#2", "bandit-raid#3", "court-envoy#4"],
        },
        phase="initiation",
        step="propose",
    )
    assert choose(s, random.Random(0)).text == "propose bandit-raid#3"


def test_computer_beats_random_play_two_players():
    """40 seeded games, half in each seat: at least 38 won (the goal is 95%)."""
    wins = 0
    for order in (("ai", "random"), ("random", "ai")):
        fig = simulate("usagi", 20, 100, list(order), {}, 200)
        wins += fig["wins"][order.index("ai")]
    assert wins >= 38, wins


@pytest.mark.slow
def test_one_computer_seat_beats_three_random_seats():
    """4 players, one computer seat (first, then third): it wins at least 60%."""
    wins = 0
    for kinds in (["ai", "random", "random", "random"], ["random", "random", "ai", "random"]):
        fig = simulate("usagi", 25, 200, kinds, {}, 200)
        wins += fig["wins"][kinds.index("ai")]
    assert wins >= 30, wins


@pytest.mark.slow
@pytest.mark.parametrize("seats", [2, 3, 4, 5, 6])
def test_simulate_over_deck_combinations_raises_nothing(seats):
    """`simulate usagi --players 2..6` over every deck in every seat: no exception,
    every game ends."""
    for i, first in enumerate(DECKS):
        opts = {f"deck_p{q + 1}": DECKS[(i + q * (1 + i % 2)) % 5] for q in range(seats)}
        assert opts["deck_p1"] == first
        kinds = ["ai", "random"] * 3
        fig = simulate("usagi", 3, 10 * i + seats, kinds[:seats], opts, 200)
        assert fig["unfinished"] == 0
