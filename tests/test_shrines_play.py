"""Shrines random play: every card stays in exactly one zone, nothing raises, notation
round-trips, refusals carry an id, the same seed and actions give the same game, and
the computer player finishes games over every pair of starter decks."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from shrinetable.engine import IllegalAction
from shrinetable.games.shrines import GAME, rulings
from shrinetable.games.shrines.actions import Action
from shrinetable.games.shrines.game import DECKS
from shrinetable.players import player

PAIRS = [(a, b) for a in DECKS for b in DECKS]


def cards_of(s) -> Counter:
    """Every card's count over the zones; tokens come and go, so they are left out."""
    return Counter(
        c for zone in GAME.all_cards(s).values() for c in zone if not GAME.card_face(c)["token"]
    )


@pytest.mark.parametrize("seed", range(6))
def test_random_games_keep_every_card_in_one_zone(seed):
    """Random legal play over several deck pairs: no exception, no card lost or
    doubled, every legal action's text parses back to it, and games end."""
    rng = random.Random(seed)
    p1, p2 = PAIRS[seed * 4 % len(PAIRS)]
    s = GAME.new_game(seed, {"deck_p1": p1, "deck_p2": p2})
    total = cards_of(s)
    assert set(total.values()) == {1}
    for _ in range(6000):
        if GAME.outcome(s) is not None:
            break
        legal = GAME.legal_actions(s)
        assert legal and len(set(legal)) == len(legal)
        for a in legal:
            assert GAME.parse_action(a.text) == a
            GAME.gesture(s, a)
        a = rng.choice(legal)
        s, _ = GAME.apply(s, a)
        assert cards_of(s) == total
    assert GAME.outcome(s) is not None


@pytest.mark.parametrize("mode", ["rush", "king", "imperial", "conquest"])
def test_random_games_in_every_mode(mode):
    """Each alternative mode plays to an end under random play, cards conserved."""
    rng = random.Random(mode)
    s = GAME.new_game(7, {"deck_p1": "yellow", "deck_p2": "purple", "mode": mode})
    total = cards_of(s)
    while GAME.outcome(s) is None:
        s, _ = GAME.apply(s, rng.choice(GAME.legal_actions(s)))
    assert cards_of(s) == total


def test_same_seed_same_game():
    """The same seed and actions give the same states and events."""

    def run():
        s = GAME.new_game(9, {"deck_p1": "green", "deck_p2": "yellow"})
        rng, log = random.Random(9), []
        for _ in range(400):
            if GAME.outcome(s):
                break
            s, ev = GAME.apply(s, rng.choice(GAME.legal_actions(s)))
            log += [e.text for e in ev]
        return GAME.all_cards(s), log

    assert run() == run()


def test_illegal_actions_are_refused_with_a_known_id():
    """Actions outside the legal list are refused with a reason and an id."""
    rng = random.Random(4)
    s = GAME.new_game(4)
    tries = [
        Action("pass"),
        Action("next"),
        Action("keep"),
        Action("unmark"),
        Action("draw", lib="primary"),
        Action("travel", "ashen-brute#1", "a2"),
        Action("attack", "tidal-font#50", "p2"),
        Action("play", "tidal-font#50", "a1"),
    ]
    for _ in range(300):
        if GAME.outcome(s):
            break
        legal = GAME.legal_actions(s)
        for a in tries:
            if a not in legal:
                with pytest.raises(IllegalAction) as info:
                    GAME.apply(s, a)
                assert info.value.reason and info.value.ruling in rulings.ALL
        s, _ = GAME.apply(s, rng.choice(legal))


def test_views_hide_hands_libraries_and_traps():
    """A seat sees its own hand, not the other's, and no library cards."""
    s = GAME.new_game(2)
    v = GAME.view(s, 0)
    assert all(c is not None for c in v.zones["hand:0"].cards)
    assert all(c is None for c in v.zones["hand:1"].cards)
    assert all(c is None for c in v.zones["primary:0"].cards)
    assert set(v.zones) == set(GAME.zones(2))


@pytest.mark.parametrize("pair", PAIRS, ids=lambda p: f"{p[0]}-{p[1]}")
def test_ai_against_random_over_every_deck_pair(pair):
    """The computer player (p1) against random play (p2), two games per pair of
    starter decks: no exception, every game ends, cards conserved."""
    seats = (player("shrines", "ai"), player("shrines", "random"))
    for seed in (1, 2):
        rng = random.Random(seed)
        s = GAME.new_game(seed, {"deck_p1": pair[0], "deck_p2": pair[1]})
        total = cards_of(s)
        while GAME.outcome(s) is None and s.turn_no <= 300:
            s, _ = GAME.apply(s, seats[GAME.decision(s).seat](s, rng))
        assert GAME.outcome(s) is not None and cards_of(s) == total
