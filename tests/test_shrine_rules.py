"""Shrine, clause by clause: one test per rules clause and per ruling.

Each test's docstring starts with the clause or ruling id of
`shrinetable.games.shrine.rulings` it checks (`Clause heal: ...`,
`Ruling R3: ...`); `test_every_clause_and_ruling_has_a_test` keeps that so.
Every example of the rules text is a test here. Positions are built with
`shrine_helpers.pos`; seats are 0-based in code and p1.. in notation.
"""

from __future__ import annotations

import re
import sys

import pytest
from shrine_helpers import cards, is_legal, legal, names, play, pos, refusal, who, zone

from shrinetable.games.shrine import GAME, rulings
from shrinetable.games.shrine.cards import JOKER, NAMES, RANK
from shrinetable.games.shrine.rules import HAND_LIMIT

# Filler under the tops: four-card Shrines leave room to heal.
LOW_A = ["TS", "TC", "8C"]
LOW_B = ["TD", "8D", "JC"]


def two(top0: str, top1: str, hand0=(), hand1=(), **kw):
    """A two-player position: four-card Shrines (filler under the given tops)."""
    return pos(shrines=[[*LOW_A, top0], [*LOW_B, top1]], hands=[list(hand0), list(hand1)], **kw)


# --------------------------------------------------------------------------- setup and turn


@pytest.mark.parametrize("seats", [2, 3, 4])
def test_setup_five_card_shrines_top_face_up_five_card_hands(seats):
    """Clause setup: each player gets a five-card Shrine with only its top card
    showing and a five-card hand; the rest is the Deck."""
    s = GAME.new_game(11, seats=seats)
    assert [len(x) for x in s.shrines] == [5] * seats
    assert [len(x) for x in s.hands] == [5] * seats
    assert s.fields == [[]] * seats and s.graveyard == [] and s.pending == []
    assert len(s.deck) == 52 - 10 * seats
    view = GAME.view(s, 0)
    for q in range(seats):
        shown = view.zones[f"shrine:{q}"].cards
        assert shown[:-1] == (None,) * 4
        assert shown[-1] == NAMES[s.shrines[q][-1]]
    assert who(s) == (0, "turn")


def test_turn_draw_then_one_action_then_next_player():
    """Clause turn: a turn is a draw from the Deck, then one action; then the
    next player (in seat order) takes a turn."""
    s = pos(
        shrines=[[*LOW_A, "6C"], [*LOW_B, "6D"], ["7C", "9C", "QC", "KC", "6S"]],
        hands=[["2S"], ["2H"], ["3S"]],
        stage="turn",
        top=["7H"],
    )
    assert legal(s) == {"draw"}
    r = refusal(s, "pass")
    assert "draw" in r.reason and r.ruling == "turn"
    s = play(s, "draw")
    assert zone(s, "hand:0") == ["2S", "7H"]
    assert who(s) == (0, "action")
    r = refusal(s, "draw")
    assert r.ruling == "turn"
    s = play(s, "pass")
    assert who(s) == (1, "turn")
    s = play(s, "draw", "pass")
    assert who(s) == (2, "turn")
    s = play(s, "draw", "pass")
    assert who(s) == (0, "turn")


def test_graveyard_take_top_card_is_the_turns_action():
    """Clause graveyard-take: taking the shared Graveyard's top card instead of
    drawing ends the turn's action."""
    s = two("6C", "6D", ["2S"], ["2H"], graveyard=["9D", "KH"], stage="turn")
    assert legal(s) == {"draw", "take"}
    s = play(s, "take")
    assert zone(s, "hand:0") == ["2S", "KH"]
    assert zone(s, "graveyard") == ["9D"]
    assert who(s) == (1, "turn")


def test_graveyard_take_refused_when_graveyard_is_empty():
    """Clause graveyard-take: there is nothing to take from an empty Graveyard."""
    s = two("6C", "6D", ["2S"], ["2H"], stage="turn")
    r = refusal(s, "take")
    assert "Graveyard is empty" in r.reason and r.ruling == "graveyard-take"


def test_hand_limit_seven_discard_down_at_end_of_turn():
    """Clause hand-limit: more than seven cards at the end of your turn means
    discarding down to seven."""
    hand = ["2S", "3S", "4S", "5S", "6S", "7S", "8S"]
    s = two("6C", "6D", hand, ["2H"], stage="turn", top=["9S"])
    s = play(s, "draw")
    assert len(zone(s, "hand:0")) == 8
    s = play(s, "pass")
    assert who(s) == (0, "discard")
    assert legal(s) == {f"discard {c}" for c in [*hand, "9S"]}
    s = play(s, "discard 9S")
    assert len(zone(s, "hand:0")) == HAND_LIMIT == 7
    assert zone(s, "graveyard") == ["9S"]
    assert who(s) == (1, "turn")


# --------------------------------------------------------------------------- heal


def test_heal_pair_matching_top_value_one_same_colour():
    """Clause heal: a pair of the top card's value, at least one of its colour,
    goes to the Graveyard and the Deck's top card goes onto the Shrine."""
    s = two("9H", "6D", ["9S", "9D", "9C", "7H", "7D"], ["2H"], top=["5S"])
    assert is_legal(s, "heal 9S 9D") and is_legal(s, "heal 9D 9C")
    assert not is_legal(s, "heal 9S 9C") and not is_legal(s, "heal 7H 7D")
    s = play(s, "heal 9S 9D")
    assert zone(s, "shrine:0") == [*LOW_A, "9H", "5S"]
    assert zone(s, "graveyard") == ["9S", "9D"]
    assert zone(s, "hand:0") == ["9C", "7H", "7D"]
    assert who(s) == (1, "turn")


def test_heal_refused_without_a_card_of_the_top_colour():
    """Clause heal: two black nines cannot heal a red nine."""
    s = two("9H", "6D", ["9S", "9C"], ["2H"])
    r = refusal(s, "heal 9S 9C")
    assert "red" in r.reason and r.ruling == "heal"


def test_heal_refused_for_a_pair_of_another_value():
    """Clause heal: the pair must match the top card's value."""
    s = two("9H", "6D", ["7H", "7D"], ["2H"])
    r = refusal(s, "heal 7H 7D")
    assert "worth 9" in r.reason and r.ruling == "heal"


def test_shrine_capacity_five_cards_no_heal_when_full():
    """Clause shrine-capacity: a Shrine holds at most five cards."""
    s = pos(shrines=[["2C", "3C", "4C", "5C", "9H"], [*LOW_B, "6D"]], hands=[["9S", "9D"], ["2H"]])
    r = refusal(s, "heal 9S 9D")
    assert "full (5 cards)" in r.reason and r.ruling == "shrine-capacity"


def test_shrine_capacity_seven_with_a_triad():
    """Clause shrine-capacity: with a Triad the Shrine holds up to seven cards."""
    five = ["2C", "3C", "4C", "5C", "9H"]
    s = pos(
        shrines=[five, [*LOW_B, "6D"]],
        hands=[["9S", "9D"], ["2H"]],
        fields=[["JS", "QS", "KS"], []],
    )
    assert is_legal(s, "heal 9S 9D")
    s7 = pos(
        shrines=[["6C", "7C", *five], [*LOW_B, "6D"]],
        hands=[["9S", "9D"], ["2H"]],
        fields=[["JS", "QS", "KS"], []],
    )
    r = refusal(s7, "heal 9S 9D")
    assert "full (7 cards)" in r.reason and r.ruling == "shrine-capacity"


# --------------------------------------------------------------------------- attack

NINE_OF_HEARTS_HAND = ["9S", "9C", "5S", "4C", "7S", "9D", "4H"]


@pytest.mark.parametrize("attack", ["attack p2 9S", "attack p2 9C", "attack p2 5S 4C"])
def test_attack_example_nine_of_hearts_removed_by_black_cards_worth_nine(attack):
    """Clause attack: the text's example: a 9 of hearts on top falls to the 9 of
    spades, the 9 of clubs, or the 5 of spades with the 4 of clubs."""
    s = two("6C", "9H", NINE_OF_HEARTS_HAND, ["2H"])
    assert is_legal(s, attack)
    used = attack.split()[2:]
    s = play(s, attack)
    assert zone(s, "shrine:1") == LOW_B
    assert sorted(zone(s, "graveyard")) == sorted([*used, "9H"])
    assert sorted(zone(s, "hand:0")) == sorted(c for c in NINE_OF_HEARTS_HAND if c not in used)
    assert who(s) == (1, "turn")


def test_attack_example_five_and_seven_of_spades_never_remove_nine_of_hearts():
    """Clause attack: the text's example: 5 of spades + 7 of spades make 12,
    not 9; the value must match exactly."""
    s = two("6C", "9H", NINE_OF_HEARTS_HAND, ["2H"])
    assert not is_legal(s, "attack p2 5S 7S")
    r = refusal(s, "attack p2 5S 7S")
    assert "exactly 9" in r.reason and "12" in r.reason and r.ruling == "attack"


@pytest.mark.parametrize("attack", ["attack p2 9D", "attack p2 5S 4H"])
def test_attack_never_with_a_red_card_on_a_red_top(attack):
    """Clause attack: every attacking card must be the opposite colour of the top."""
    s = two("6C", "9H", NINE_OF_HEARTS_HAND, ["2H"])
    assert not is_legal(s, attack)
    r = refusal(s, attack)
    assert "opposite colour" in r.reason and r.ruling == "attack"


@pytest.mark.parametrize("attack", ["attack p2 JS", "attack p2 5S 6C", "attack p2 2S 9S"])
def test_attack_token_top_by_token_or_combination_of_opposite_colour(attack):
    """Clause attack: a Jack (11) on top falls to a Jack of the other colour, or
    to opposite-colour cards adding up to 11."""
    s = pos(
        shrines=[["3C", "4C", "5C", "7C", "8C"], [*LOW_B, "JH"]],
        hands=[["JS", "5S", "6C", "9S", "2S", "JD", "QS"], ["2H"]],
    )
    assert is_legal(s, attack)
    s = play(s, attack)
    assert zone(s, "shrine:1") == LOW_B and "JH" in zone(s, "graveyard")


def test_attack_token_top_not_by_a_token_of_another_value_or_colour():
    """Clause attack: a Queen (12) does not remove a Jack (11), nor does a red Jack."""
    s = two("7C", "JH", ["QS", "JD", "KC"], ["2H"])
    assert not is_legal(s, "attack p2 QS")
    assert not is_legal(s, "attack p2 JD")
    assert refusal(s, "attack p2 JD").ruling == "attack"


def test_attack_king_top_by_jack_and_two():
    """Clause attack: Token values are J=11, Q=12, K=13: a Jack and a 2 make a King."""
    s = two("7C", "KH", ["JS", "2C", "QS"], ["2H"])
    assert is_legal(s, "attack p2 JS 2C")
    assert not is_legal(s, "attack p2 QS 2C")


# --------------------------------------------------------------------------- special cards


def test_special_pay_token_needs_discard_of_same_colour():
    """Clause special-pay: a special card is paid for by discarding a card of its
    colour; the Token then goes onto the Field."""
    s = two("7C", "6D", ["KH", "5D", "5S"], ["2H"])
    assert is_legal(s, "token KH pay 5D")
    r = refusal(s, "token KH pay 5S")
    assert "red" in r.reason and r.ruling == "special-pay"
    s = play(s, "token KH pay 5D")
    assert zone(s, "field:0") == ["KH"]
    assert zone(s, "graveyard") == ["5D"] and zone(s, "hand:0") == ["5S"]
    assert who(s) == (1, "turn")


def test_token_limit_one_of_each_kind():
    """Clause token-limit: only one Token of each kind on your Field."""
    s = two("7C", "6D", ["KH", "5D"], ["2H"], fields=[["KS"], []])
    r = refusal(s, "token KH pay 5D")
    assert "already" in r.reason and r.ruling == "token-limit"


def test_token_limit_three_at_most_four_with_a_triad():
    """Clause token-limit: three Tokens at most, four with a Triad (the fourth
    being the Dagger as a Token); nothing beyond that."""
    s = two("7C", "6D", ["AS", "2S"], ["2H"], fields=[["JH", "QD", "KS"], []])
    assert is_legal(s, "daggertoken AS pay 2S")
    s = play(s, "daggertoken AS pay 2S")
    assert len(zone(s, "field:0")) == 4
    full = two("7C", "6D", ["AH", "2D"], ["2H"], fields=[["JH", "QD", "KS", "AS"], []])
    r = refusal(full, "daggertoken AH pay 2D")
    assert r.ruling == "token-limit"


def test_token_limit_no_fourth_token_without_a_triad():
    """Clause token-limit: without a Triad no Dagger-token, so three is the limit."""
    s = two("7C", "6D", ["AS", "2S", "KH", "3H"], ["2H"], fields=[["JH", "QD"], []])
    assert not is_legal(s, "daggertoken AS pay 2S")
    assert refusal(s, "daggertoken AS pay 2S").ruling == "triad"


def _attacked_with_token_to_block():
    s = two("7C", "9H", ["9S", "2S"], ["2H"], fields=[[], ["QD"]])
    return play(s, "attack p2 9S")


def test_token_block_attack_fails_shrine_unchanged_token_to_graveyard():
    """Clause token-block: the defender discards a Token from the Field; the
    attacker's cards go to the Graveyard and the Shrine keeps its top."""
    s = _attacked_with_token_to_block()
    assert who(s) == (1, "respond")
    assert is_legal(s, "block QD") and is_legal(s, "allow")
    s = play(s, "block QD")
    assert zone(s, "shrine:1") == [*LOW_B, "9H"]
    assert zone(s, "field:1") == []
    assert sorted(zone(s, "graveyard")) == ["9S", "QD"]
    assert zone(s, "pending") == []
    assert who(s) == (1, "turn")


def test_token_block_not_against_a_dagger():
    """Clause token-block: a Token cannot block a Dagger."""
    s = two("7C", "9H", ["AS", "2S"], ["2H", "3H", "4H"], fields=[[], ["QD"]])
    s = play(s, "dagger AS pay 2S p2 shrine")
    assert who(s) == (1, "respond")
    assert not is_legal(s, "block QD")
    r = refusal(s, "block QD")
    assert "cannot block a Dagger" in r.reason and r.ruling == "token-block"
    s = play(s, "allow")
    assert zone(s, "shrine:1") == LOW_B


# --------------------------------------------------------------------------- token powers


@pytest.mark.parametrize("attack", ["attack p2 4S", "attack p2 5S", "attack p2 6C"])
def test_king_attack_within_one_example_four_five_six_for_a_five(attack):
    """Clause king: the text's example: with a King in play a top 5 falls to a
    4, 5 or 6 of the opposite colour."""
    s = two("7C", "5H", ["4S", "5S", "6C", "3S", "7S", "4D"], ["2H"], fields=[["KS"], []])
    assert is_legal(s, attack)
    s = play(s, attack)
    assert zone(s, "shrine:1") == LOW_B


def test_king_range_is_one_and_colour_still_opposite():
    """Clause king: 3 and 7 are out of reach; a red 4 is the wrong colour."""
    s = two("7C", "5H", ["4S", "5S", "6C", "3S", "7S", "4D"], ["2H"], fields=[["KS"], []])
    for bad in ("attack p2 3S", "attack p2 7S"):
        r = refusal(s, bad)
        assert "4, 5 or 6" in r.reason and r.ruling == "king"
    assert refusal(s, "attack p2 4D").ruling == "attack"


@pytest.mark.parametrize("heal", ["heal 4H 4D", "heal 5S 5H", "heal 6S 6H"])
def test_queen_heal_within_one_example_pairs_four_five_six_for_a_five(heal):
    """Clause queen: the text's example: with a Queen in play a top 5 is healed by
    a pair of 4s, 5s or 6s, one of them of the top's colour."""
    s = two(
        "5D", "6D", ["4H", "4D", "5S", "5H", "6S", "6H"], ["2H"], fields=[["QS"], []], top=["8S"]
    )
    assert is_legal(s, heal)
    s = play(s, heal)
    assert zone(s, "shrine:0") == [*LOW_A, "5D", "8S"]


def test_queen_range_is_one_and_colour_still_needed():
    """Clause queen: a pair of 7s is out of reach; two black 6s lack the colour."""
    s = two("5D", "6D", ["7H", "7D", "6S", "6C"], ["2H"], fields=[["QS"], []])
    r = refusal(s, "heal 7H 7D")
    assert "4 to 6 (Queen)" in r.reason and r.ruling == "queen"
    assert refusal(s, "heal 6S 6C").ruling == "heal"


def test_jack_takes_unseen_card_from_hand_of_two_then_discard_one():
    """Clause jack: with a Jack in play, take a random card from an opponent's
    hand of at least two, then discard one card."""
    s = two("7C", "6D", ["2S"], ["8H", "9H"], fields=[["JS"], []])
    assert is_legal(s, "jack p2")
    s = play(s, "jack p2")
    assert len(zone(s, "hand:1")) == 1
    stolen = [c for c in ("8H", "9H") if c not in zone(s, "hand:1")]
    assert sorted(zone(s, "hand:0")) == sorted(["2S", *stolen])
    assert who(s) == (0, "discard")
    s = play(s, "discard 2S")
    assert zone(s, "graveyard") == ["2S"]
    assert who(s) == (1, "turn")


def test_jack_refused_against_a_hand_of_one():
    """Clause jack: an opponent holding fewer than two cards cannot be stolen from."""
    s = two("7C", "6D", ["2S"], ["8H"], fields=[["JS"], []])
    r = refusal(s, "jack p2")
    assert "two or more" in r.reason and r.ruling == "jack"


def test_jack_once_per_turn_even_with_two_actions():
    """Clause jack: the Jack's power works once a turn (R7), even with the
    Dagger-token's second action."""
    s = two("7C", "6D", ["2S"], ["8H", "9H"], fields=[["JS", "QS", "KS", "AS"], []], actions_left=2)
    s = play(s, "jack p2", "discard 2S")
    assert who(s) == (0, "action")
    r = refusal(s, "jack p2")
    assert "once a turn" in r.reason and r.ruling == "R7"


# --------------------------------------------------------------------------- triad


def test_triad_capacity_seven_and_dagger_as_token():
    """Clause triad: Jack, Queen and King in play raise the Shrine's cap to seven
    and let a Dagger be played as a Token."""
    s = two("7C", "6D", ["AS", "2S"], ["2H"], fields=[["JH", "QD", "KS"], []])
    assert s.capacity(0) == 7 and s.token_limit(0) == 4
    assert is_legal(s, "daggertoken AS pay 2S")


def test_triad_broken_trims_shrine_to_five_and_dagger_token_to_graveyard():
    """Clause triad: losing a Token of the Triad returns the cap to five (top
    cards go to the Graveyard) and the Dagger-token leaves the Field."""
    seven = ["2D", "3D", "4D", "5D", "6D", "7D", "8D"]
    s = pos(
        shrines=[[*LOW_A, "7C"], seven],
        hands=[["AS", "2S"], ["2H"]],
        fields=[[], ["JH", "QD", "KS", "AH"]],
    )
    s = play(s, "dagger AS pay 2S p2 QD")
    assert zone(s, "field:1") == ["JH", "KS"]
    assert zone(s, "shrine:1") == seven[:5]
    assert sorted(zone(s, "graveyard")) == sorted(["2S", "AS", "QD", "AH", "7D", "8D"])
    assert s.capacity(1) == 5


def test_triad_broken_by_a_quad_trims_before_the_top_card_goes():
    """Clause triad: a Quad that clears a Triad's Field trims the seven-card
    Shrine to five, then takes the top card: four remain."""
    seven = ["2D", "3D", "4D", "5D", "6D", "7D", "8D"]
    s = pos(
        shrines=[[*LOW_A, "7C"], seven],
        hands=[["9S", "9H", "9D", "9C"], ["2H"]],
        fields=[[], ["JH", "QD", "KS", "AH"]],
    )
    s = play(s, "quad 9S 9H 9D 9C p2")
    assert zone(s, "field:1") == [] and zone(s, "shrine:1") == seven[:4]


# --------------------------------------------------------------------------- dagger


def test_dagger_removes_shrine_top_paid_by_same_colour():
    """Clause dagger: a Dagger paid with a card of its colour removes an
    opponent's Shrine top card; Dagger and payment go to the Graveyard."""
    s = two("7C", "9H", ["AS", "2S", "2H"], ["3H"])
    r = refusal(s, "dagger AS pay 2H p2 shrine")
    assert r.ruling == "special-pay"
    s = play(s, "dagger AS pay 2S p2 shrine")
    assert zone(s, "shrine:1") == LOW_B
    assert sorted(zone(s, "graveyard")) == ["2S", "9H", "AS"]


def test_dagger_removes_a_token_from_the_field():
    """Clause dagger: a Dagger may instead remove one Token from the Field."""
    s = two("7C", "9H", ["AD", "2H"], ["3H"], fields=[[], ["KC", "JS"]])
    s = play(s, "dagger AD pay 2H p2 KC")
    assert zone(s, "field:1") == ["JS"]
    assert zone(s, "shrine:1") == [*LOW_B, "9H"]
    assert sorted(zone(s, "graveyard")) == ["2H", "AD", "KC"]


def test_dagger_blocked_only_by_dagger_block_or_fizzle():
    """Clause dagger: against a Dagger the target may only Dagger-block, Fizzle
    or let it through, never block with a Token."""
    s = two("7C", "9H", ["AS", "2S"], ["AH", "3D", "4S"], fields=[[], ["QD"]])
    s = play(s, "dagger AS pay 2S p2 shrine")
    assert legal(s) == {"allow", "fizzle", "dblock AH pay 3D"}


def test_dagger_top_example_removed_by_pair_of_threes_or_jacks():
    """Clause dagger-top: the text's example: a Dagger on top of a Shrine is
    removed by a pair of equal value: a pair of 3s, a pair of Jacks."""
    for pair in (["3S", "3H"], ["JD", "JS"]):
        s = two("7C", "AH", [*pair, "8S"], ["2H"])
        text = "attack p2 " + " ".join(pair)
        assert is_legal(s, text)
        s = play(s, text)
        assert zone(s, "shrine:1") == LOW_B
        assert sorted(zone(s, "graveyard")) == sorted([*pair, "AH"])


def test_dagger_top_only_dagger_or_pair_removes_it():
    """Clause dagger-top: single cards or sums do not remove a Dagger on top; a
    Dagger does."""
    s = two("7C", "AH", ["AS", "2S", "8S", "9C"], ["2H"])
    for bad in ("attack p2 AS", "attack p2 8S 9C", "attack p2 2S"):
        r = refusal(s, bad)
        assert "only a Dagger or a pair" in r.reason and r.ruling == "dagger-top"
    s = play(s, "dagger AS pay 2S p2 shrine")
    assert zone(s, "shrine:1") == LOW_B


def test_dagger_top_stops_healing():
    """Clause dagger-top: nothing can be added to a Shrine with a Dagger on top."""
    s = two("AD", "6D", ["AH", "AC"], ["2H"])
    assert not any(a.kind == "heal" for a in GAME.legal_actions(s))
    r = refusal(s, "heal AH AC")
    assert "Dagger" in r.reason and r.ruling == "dagger-top"


def test_dagger_block_both_daggers_to_graveyard_shrine_unchanged():
    """Clause dagger-block: the target answers with its own Dagger, paid with a
    card of its colour; both Daggers go to the Graveyard."""
    s = two("7C", "9H", ["AS", "2S"], ["AD", "5H"])
    s = play(s, "dagger AS pay 2S p2 shrine")
    assert who(s) == (1, "respond")
    s = play(s, "dblock AD pay 5H")
    assert zone(s, "shrine:1") == [*LOW_B, "9H"]
    assert sorted(zone(s, "graveyard")) == sorted(["AS", "2S", "AD", "5H"])
    assert zone(s, "hand:1") == [] and zone(s, "pending") == []
    assert who(s) == (1, "turn")


def test_dagger_token_two_draws_and_two_actions():
    """Clause dagger-token: a Dagger on the Field as a Token gives one extra draw
    and one extra action each turn."""
    s = two(
        "7C",
        "9H",
        ["2S", "9S", "9C"],
        ["2H"],
        fields=[["JH", "QD", "KS", "AC"], []],
        stage="turn",
        top=["5D", "6D"],
    )
    assert s.actions_left == 2
    s = play(s, "draw")
    assert zone(s, "hand:0") == ["2S", "9S", "9C", "5D", "6D"]
    s = play(s, "attack p2 9S")
    assert who(s) == (0, "action")
    s = play(s, "pass")
    assert who(s) == (1, "turn")


# --------------------------------------------------------------------------- combos


def test_triplet_removes_all_opponent_tokens():
    """Clause triplet: three of a value send all of an opponent's Tokens, and
    the Triplet, to the Graveyard."""
    s = two("7C", "9H", ["7S", "7H", "7D", "2S"], ["2H"], fields=[[], ["JH", "QD"]])
    s = play(s, "triplet 7S 7H 7D p2")
    assert zone(s, "field:1") == []
    assert sorted(zone(s, "graveyard")) == sorted(["7S", "7H", "7D", "JH", "QD"])
    assert zone(s, "shrine:1") == [*LOW_B, "9H"]


def test_quad_removes_all_tokens_and_shrine_top():
    """Clause quad: four of a value remove all of an opponent's Tokens and the
    top card of their Shrine."""
    s = pos(
        shrines=[["2C", "3C", "4C", "5C", "6C"], [*LOW_B, "9H"]],
        hands=[["7S", "7H", "7D", "7C"], ["2H"]],
        fields=[[], ["KD"]],
    )
    s = play(s, "quad 7S 7H 7D 7C p2")
    assert zone(s, "field:1") == [] and zone(s, "shrine:1") == LOW_B
    assert sorted(zone(s, "graveyard")) == sorted(["7S", "7H", "7D", "7C", "KD", "9H"])


RES = ["3S", "4H", "5D"]


@pytest.mark.parametrize("seq", [["3S", "4H", "5D"], ["KS", "AH", "2D"], ["QC", "KD", "AS"]])
def test_resurrection_example_sequences_heal_graveyard_top_onto_own_shrine(seq):
    """Clause resurrection: the text's examples 3-4-5 and K-A-2 (any colours)
    put the Graveyard's top card onto your Shrine with no match needed."""
    s = two("7C", "6D", [*seq, "9S"], ["2H"], graveyard=["8H", "TH"])
    text = "resurrect " + " ".join(seq) + " heal"
    assert is_legal(s, text)
    s = play(s, text)
    assert zone(s, "shrine:0") == [*LOW_A, "7C", "TH"]
    assert sorted(zone(s, "graveyard")) == sorted(["8H", *seq])
    assert zone(s, "hand:0") == ["9S"]


def test_resurrection_not_without_a_sequence():
    """Clause resurrection: 3-4-6 is not a sequence."""
    s = two("7C", "6D", ["3S", "4H", "6C"], ["2H"], graveyard=["TH"])
    r = refusal(s, "resurrect 3S 4H 6C heal")
    assert "sequence" in r.reason and r.ruling == "resurrection"


def test_resurrection_attack_with_graveyard_card_and_hand_cards():
    """Clause resurrection: the Graveyard's top card may attack, joined by cards
    from the hand (opposite colour, exact sum)."""
    s = two("7C", "9H", [*RES, "5C"], ["2H"], graveyard=["4S"])
    text = "resurrect 3S 4H 5D attack p2 5C"
    assert is_legal(s, text)
    s = play(s, text)
    assert zone(s, "shrine:1") == LOW_B
    assert sorted(zone(s, "graveyard")) == sorted([*RES, "4S", "5C", "9H"])


def test_resurrection_token_from_graveyard_without_paying():
    """Clause resurrection: a Token on top of the Graveyard goes into play free."""
    s = two("7C", "9H", RES, ["2H"], graveyard=["KD"])
    s = play(s, "resurrect 3S 4H 5D token")
    assert zone(s, "field:0") == ["KD"]
    assert sorted(zone(s, "graveyard")) == sorted(RES)


def test_resurrection_dagger_from_graveyard_without_paying():
    """Clause resurrection: a Dagger on top of the Graveyard strikes free."""
    s = two("7C", "9H", RES, ["2H"], graveyard=["AC"], fields=[[], ["QH"]])
    s = play(s, "resurrect 3S 4H 5D dagger p2 QH")
    assert zone(s, "field:1") == []
    assert sorted(zone(s, "graveyard")) == sorted([*RES, "AC", "QH"])


def test_resurrection_dagger_token_with_a_triad():
    """Clause resurrection: with a Triad a Dagger on the Graveyard may be put
    into play as a Token, free."""
    s = two("7C", "9H", RES, ["2H"], graveyard=["AC"], fields=[["JS", "QS", "KS"], []])
    s = play(s, "resurrect 3S 4H 5D daggertoken")
    assert zone(s, "field:0") == ["JS", "QS", "KS", "AC"]
    without = two("7C", "9H", RES, ["2H"], graveyard=["AC"], fields=[["JS", "QS"], []])
    assert not is_legal(without, "resurrect 3S 4H 5D daggertoken")


# --------------------------------------------------------------------------- fizzle


def test_fizzle_discards_whole_hand_of_three_and_action_cards_to_graveyard():
    """Clause fizzle: a player with three or more cards stops an action by
    discarding the whole hand; the actor's played cards go to the Graveyard."""
    s = two("7C", "9H", ["9S", "2S"], ["2H", "3H", "4H", "5H"])
    s = play(s, "attack p2 9S")
    assert who(s) == (1, "respond") and is_legal(s, "fizzle")
    s = play(s, "fizzle")
    assert zone(s, "hand:1") == []
    assert zone(s, "shrine:1") == [*LOW_B, "9H"]
    assert sorted(zone(s, "graveyard")) == sorted(["2H", "3H", "4H", "5H", "9S"])
    assert zone(s, "pending") == []
    assert who(s) == (1, "turn")


def test_fizzle_needs_three_cards():
    """Clause fizzle: with two cards in hand there is no Fizzle."""
    s = two("7C", "9H", ["9S", "2S"], ["2H", "3H", "4H"])
    s = play(s, "attack p2 9S")
    s2 = play(s, "allow")
    assert zone(s2, "shrine:1") == LOW_B
    s = two("7C", "9H", ["9S", "2S"], ["2H", "3H"])
    s = play(s, "attack p2 9S")  # nobody can answer: it resolves at once
    assert zone(s, "shrine:1") == LOW_B and who(s) == (1, "turn")


def test_counter_fizzle_with_three_remaining_finishes_the_action():
    """Clause counter-fizzle: an actor with three or more cards left (not
    counting those being played) may discard them all; the action goes on."""
    s = two("7C", "9H", ["9S", "2S", "3S", "4S"], ["2H", "3H", "4H"])
    s = play(s, "attack p2 9S", "fizzle")
    assert who(s) == (0, "counter")
    assert legal(s) == {"accept", "counter"}
    s = play(s, "counter")
    assert zone(s, "hand:0") == [] and zone(s, "hand:1") == []
    assert zone(s, "shrine:1") == LOW_B
    assert who(s) == (1, "turn")


def test_counter_fizzle_not_with_two_remaining():
    """Clause counter-fizzle: two cards left (besides those played) are not enough."""
    s = two("7C", "9H", ["9S", "2S", "3S"], ["2H", "3H", "4H"])
    s = play(s, "attack p2 9S", "fizzle")
    assert zone(s, "shrine:1") == [*LOW_B, "9H"]
    assert zone(s, "hand:0") == ["2S", "3S"]
    assert who(s) == (1, "turn")


def test_counter_fizzle_accept_sends_action_cards_to_graveyard():
    """Clause counter-fizzle: declining to counter lets the Fizzle stand."""
    s = two("7C", "9H", ["9S", "2S", "3S", "4S"], ["2H", "3H", "4H"])
    s = play(s, "attack p2 9S", "fizzle", "accept")
    assert zone(s, "hand:0") == ["2S", "3S", "4S"]
    assert zone(s, "shrine:1") == [*LOW_B, "9H"] and "9S" in zone(s, "graveyard")


def test_alternate_fizzle_discards_three_chosen_cards():
    """Clause alternate-fizzle: with the option, a Fizzle (and a counter) costs
    three chosen cards instead of the whole hand."""
    opts = {"alternate_fizzle": True}
    s = two(
        "7C", "9H", ["9S", "2S", "3S", "4S", "5S"], ["2H", "3H", "4H", "5H", "6H"], options=opts
    )
    s = play(s, "attack p2 9S")
    r = refusal(s, "fizzle")
    assert "three cards" in r.reason and r.ruling == "alternate-fizzle"
    s = play(s, "fizzle 2H 3H 4H")
    assert zone(s, "hand:1") == ["5H", "6H"]
    assert who(s) == (0, "counter")
    s = play(s, "counter 2S 3S 4S")
    assert zone(s, "hand:0") == ["5S"]
    assert zone(s, "shrine:1") == LOW_B


def test_alternate_healing_same_colour_cards_summing_to_top():
    """Clause alternate-healing: with the option, heal like an attack but with
    cards of the top card's colour adding up to its value."""
    opts = {"alternate_healing": True}
    s = two("9H", "6D", ["5H", "4D", "9S", "4S"], ["2H"], options=opts, top=["8S"])
    assert is_legal(s, "heal 4D 5H")
    assert not is_legal(s, "heal 9S") and not is_legal(s, "heal 4S 5H")
    assert refusal(s, "heal 9S").ruling == "alternate-healing"
    s = play(s, "heal 4D 5H")
    assert zone(s, "shrine:0") == [*LOW_A, "9H", "8S"]
    assert sorted(zone(s, "graveyard")) == ["4D", "5H"]


def test_alternate_healing_still_obeys_capacity():
    """Clause alternate-healing: the Shrine's cap of five still holds."""
    s = pos(
        shrines=[["2C", "3C", "4C", "5C", "9H"], [*LOW_B, "6D"]],
        hands=[["9D"], ["2H"]],
        options={"alternate_healing": True},
    )
    assert refusal(s, "heal 9D").ruling == "shrine-capacity"


# --------------------------------------------------------------------------- deck and winning


def test_reshuffle_graveyard_becomes_deck_when_deck_runs_out():
    """Clause reshuffle: drawing from an empty Deck first shuffles the Graveyard
    into a new Deck."""
    gy = ["8H", "9H", "TH", "JH"]
    s = two("7C", "6D", ["2S"], ["2H"], graveyard=gy, stage="turn")
    s.graveyard, s.deck = s.graveyard + s.deck, []
    before = names(s.graveyard)
    s = play(s, "draw")
    assert zone(s, "graveyard") == []
    assert len(zone(s, "hand:0")) == 2
    assert sorted(zone(s, "deck") + zone(s, "hand:0")[1:]) == sorted(before)


def test_winning_two_players_empty_shrine_loses():
    """Clause winning: the player whose Shrine is emptied loses; the last one
    with a Shrine wins."""
    s = pos(shrines=[[*LOW_A, "7C"], ["9H"]], hands=[["9S"], ["2H"]])
    s = play(s, "attack p2 9S")
    out = GAME.outcome(s)
    assert out is not None and out.winners == (0,)
    assert GAME.decision(s) is None and GAME.legal_actions(s) == []
    r = refusal(s, "pass")
    assert r.ruling == "winning"


def test_winning_three_players_elimination_then_last_one_standing():
    """Clause winning: with three players an emptied Shrine puts its owner out;
    the game goes on until one Shrine is left."""
    s = pos(
        shrines=[[*LOW_A, "7C"], ["9H"], ["8D"]],
        hands=[["9S", "8S"], ["2H"], ["3H"]],
        fields=[[], ["KH"], []],
    )
    s = play(s, "attack p2 9S", allow=True)
    assert s.alive == [True, False, True] and GAME.outcome(s) is None
    assert who(s) == (2, "turn")
    s = play(s, "draw", "pass")
    assert who(s) == (0, "turn")
    s = play(s, "draw")
    s = play(s, "attack p3 8S", allow=True)
    assert GAME.outcome(s).winners == (0,)


# --------------------------------------------------------------------------- balance


def _balance_pos(**kw):
    opts = {"balance": True, **kw.pop("options", {})}
    return pos(options=opts, **kw)


def test_balance_drawn_is_played_at_once_uses_action_equalises_and_reshuffles():
    """Clause balance: a drawn Balance card is played at once and uses the
    action: the others match the player's Tokens, Shrine size and hand size;
    then Deck and Graveyard are reshuffled and the card leaves the game."""
    s = _balance_pos(
        shrines=[["2C", "3C", "4C"], ["2D", "3D", "4D", "5D", "6D"]],
        hands=[["2S", "3S", "4S", "5S"], ["2H"]],
        fields=[["KS"], ["QD"]],
        graveyard=["KH", "9C"],
        stage="turn",
        top=["JK"],
    )
    s = play(s, "draw")
    assert zone(s, "removed") == ["JK"]
    assert [NAMES[c][0] for c in s.fields[1]] == ["K"]
    assert zone(s, "shrine:1") == ["2D", "3D", "4D"]
    assert len(zone(s, "hand:1")) == 4
    assert zone(s, "graveyard") == []
    assert who(s) == (1, "turn")


def test_balance_revealed_on_a_shrine_is_played_by_its_owner():
    """Clause balance: a Balance card turned up on a Shrine is played at once by
    the Shrine's owner, and the others are made equal to that player."""
    s = _balance_pos(
        shrines=[["2C", "3C", "4C", "5C", "6C"], ["2D", "JK", "9H"]],
        hands=[["9S", "2S", "3S"], ["2H"]],
    )
    s = play(s, "attack p2 9S")
    assert zone(s, "removed") == ["JK"]
    assert zone(s, "shrine:1") == ["2D"]
    assert zone(s, "shrine:0") == ["2C"]
    assert who(s) == (0, "discard")  # p1 holds 2 cards, p2 holds 1: discard one


def test_balance_turned_up_by_a_heal_is_played_at_once():
    """Clause balance: a Balance card flipped onto your own Shrine by a heal is
    played at once by you (and nothing replaces it, R16)."""
    s = _balance_pos(
        shrines=[["2C", "3C", "9H"], ["2D", "3D", "4D", "5D", "6D"]],
        hands=[["9S", "9D"], ["2H"]],
        top=["JK"],
    )
    s = play(s, "heal 9S 9D")
    assert zone(s, "removed") == ["JK"]
    assert zone(s, "shrine:0") == ["2C", "3C", "9H"]
    assert zone(s, "shrine:1") == ["2D", "3D", "4D"]


def test_balance_reshuffle_variant_puts_it_back_into_the_deck():
    """Clause balance: with the variant the Balance card goes back into the Deck."""
    s = _balance_pos(
        shrines=[["2C", "3C", "4C"], ["2D", "3D", "4D"]],
        hands=[["2S"], ["2H"]],
        stage="turn",
        top=["JK"],
        options={"balance_reshuffle": True},
    )
    s = play(s, "draw")
    assert zone(s, "removed") == [] and "JK" in zone(s, "deck")


def test_balance_never_dealt_at_setup():
    """Clause balance: the Balance card never starts in a Shrine or hand."""
    for seed in range(200):
        s = GAME.new_game(seed, {"balance": True}, seats=4)
        assert JOKER in s.deck
        assert all(JOKER not in z for z in (*s.shrines, *s.hands))


def test_decision_only_the_deciding_player_acts_and_only_so():
    """Clause decision: while an opponent must respond, an action of another
    kind is refused."""
    s = _attacked_with_token_to_block()
    r = refusal(s, "pass")
    assert "Not now" in r.reason and r.ruling == "decision"


# --------------------------------------------------------------------------- rulings


def test_ruling_R1_ace_as_pawn_is_worth_one():
    """Ruling R1: an Ace played as a Pawn counts 1."""
    s = two("7C", "3H", ["AS", "2C", "AC", "3S"], ["2H"])
    assert is_legal(s, "attack p2 AS 2C")
    assert not is_legal(s, "attack p2 AS AC")  # 2, not 3


def test_ruling_R2_any_card_in_starting_shrine_balance_never_dealt():
    """Ruling R2: face cards and Aces may lie in a starting Shrine; the Balance
    card is never dealt at setup."""
    seen = set()
    for seed in range(100):
        s = GAME.new_game(seed, {"balance": True}, seats=2)
        seen |= {RANK[c] for z in s.shrines for c in z}
        assert all(JOKER not in z for z in s.shrines)
    assert {1, 11, 12, 13} <= seen


@pytest.mark.parametrize("attack", ["attack p2 2S 2C", "attack p2 3S 3C"])
def test_ruling_R3_king_range_applies_to_combination_total(attack):
    """Ruling R3: with a King a top 5 falls to a combination totalling 4 or 6."""
    s = two("7C", "5H", ["2S", "2C", "3S", "3C", "4S"], ["2H"], fields=[["KS"], []])
    assert is_legal(s, attack)
    assert not is_legal(s, "attack p2 3S 4S")


def test_ruling_R4_queen_range_applies_to_pair_and_alternate_total():
    """Ruling R4: the Queen's reach applies to the pair's value, and to the
    total under Alternate Healing."""
    s = two(
        "5D",
        "6D",
        ["2H", "2D", "3H", "3D", "4S"],
        ["7S"],
        fields=[["QS"], []],
        options={"alternate_healing": True},
    )
    assert is_legal(s, "heal 2H 2D") and is_legal(s, "heal 3H 3D")
    assert not is_legal(s, "heal 2H 3H 3D")  # 8: out of reach


def test_ruling_R5_face_cards_and_aces_in_hand_are_pawns():
    """Ruling R5: Jacks heal as a pair, a King pays for a Token, Aces and
    Queens join combinations and combos."""
    s = two("JH", "KD", ["JS", "JD", "QS", "KC", "AS", "QC", "QH", "QD"], ["2H"])
    assert is_legal(s, "heal JS JD")
    assert is_legal(s, "attack p2 AS QS")  # 1 + 12 = 13, black on red
    assert is_legal(s, "token QS pay KC")
    assert is_legal(s, "quad QS QH QD QC p2")


def test_ruling_R6_take_replaces_the_draw_and_uses_the_action():
    """Ruling R6: taking from the Graveyard is instead of the draw, never after it."""
    s = two("7C", "6D", ["2S"], ["2H"], graveyard=["9D"], stage="turn", top=["8S"])
    s2 = play(s, "take")
    assert zone(s2, "hand:0") == ["2S", "9D"] and zone(s2, "deck")[-1] == "8S"
    assert who(s2) == (1, "turn")
    s3 = play(s, "draw")
    assert refusal(s3, "take").ruling == "turn"


def test_ruling_R6_take_ends_the_turn_even_with_the_dagger_as_a_token():
    """Ruling R6: after taking from the Graveyard the player takes no more actions,
    though the Dagger as a Token would give a second one."""
    s = two("7C", "6D", ["2S", "3S"], ["8H", "9H"], graveyard=["TH"], stage="turn", actions_left=2)
    s = play(s, "take")
    assert who(s)[0] == 1


def test_ruling_R7_jack_fizzled_below_two_cards_takes_nothing():
    """Ruling R7: if the target holds fewer than two cards when the Jack resolves
    (it fizzled with them), nothing is taken and nothing discarded; with
    Alternate Fizzle that leaves one card, which stays in its hand."""
    s = two("7C", "6D", ["2S", "3S", "4S"], ["8H", "9H", "TH"], fields=[["JS"], []])
    s = play(s, "jack p2", "fizzle")
    assert who(s) == (0, "counter")
    s = play(s, "counter")
    assert zone(s, "hand:0") == [] and zone(s, "hand:1") == []
    assert who(s) == (1, "turn")
    s = two(
        "7C",
        "6D",
        ["2S", "3S", "4S", "5S"],
        ["8H", "9H", "TH", "QH"],
        fields=[["JS"], []],
        options={"alternate_fizzle": True},
    )
    s = play(s, "jack p2", "fizzle 8H 9H TH", "counter 3S 4S 5S")
    assert zone(s, "hand:1") == ["QH"] and zone(s, "hand:0") == ["2S"]


def test_ruling_R7_jack_picks_the_card_at_random_from_the_seed():
    """Ruling R7: the Jack takes an unseen card, at random: which one depends on
    the game's seed, and the same seed takes the same card."""
    taken = set()
    for seed in range(30):
        s = two("7C", "6D", ["2S"], ["8H", "9H", "TH"], fields=[["JS"], []], seed=seed)
        s1 = play(s, "jack p2", "allow")
        s2 = play(s, "jack p2", "allow")
        assert zone(s1, "hand:0") == zone(s2, "hand:0")
        taken.add(zone(s1, "hand:0")[-1])
    assert taken == {"8H", "9H", "TH"}


def test_ruling_R8_one_counter_only_target_asked_first():
    """Ruling R8: responders are asked target first, then in turn order; a
    counter is final."""
    s = pos(
        shrines=[[*LOW_A, "7C"], [*LOW_B, "6D"], ["7D", "9D", "2D", "3D", "9H"]],
        hands=[["9S", "2S", "3S", "4S"], ["2H", "3H", "4H"], ["5H", "6H", "7H"]],
    )
    s = play(s, "attack p3 9S")
    assert s.responders == (2, 1)
    assert who(s) == (2, "respond")
    s = play(s, "allow")
    assert who(s) == (1, "respond")
    s = play(s, "fizzle", "counter")
    assert zone(s, "shrine:2") == ["7D", "9D", "2D", "3D"]
    assert who(s) == (1, "turn")


def test_ruling_R9_draw_take_pass_cannot_be_fizzled_the_jack_can():
    """Ruling R9: passing opens no response window; the Jack does."""
    s = two("7C", "6D", ["2S"], ["8H", "9H", "TH"], fields=[["JS"], []])
    assert who(play(s, "pass")) == (1, "turn")
    s = play(s, "jack p2")
    assert who(s) == (1, "respond") and is_legal(s, "fizzle")


def test_ruling_R10_only_the_targeted_opponent_may_block():
    """Ruling R10: with three players an attack names one opponent; only that
    one may block, another may only fizzle."""
    s = pos(
        shrines=[[*LOW_A, "7C"], [*LOW_B, "9H"], ["7D", "9D", "2D", "3D", "6D"]],
        hands=[["9S"], ["2H"], ["5H", "6H", "7H"]],
        fields=[[], ["QD"], ["KD"]],
    )
    s = play(s, "attack p2 9S")
    assert who(s) == (1, "respond") and is_legal(s, "block QD")
    s = play(s, "allow")
    assert who(s) == (2, "respond")
    assert legal(s) == {"allow", "fizzle"}
    r = refusal(s, "block KD")
    assert r.ruling == "R10"


def test_ruling_R11_pair_removing_a_dagger_top_is_a_blockable_attack():
    """Ruling R11: a pair sent against a Dagger on top is an attack; a Token may
    block it."""
    s = two("7C", "AH", ["3S", "3H"], ["2H"], fields=[[], ["QD"]])
    s = play(s, "attack p2 3S 3H")
    assert is_legal(s, "block QD")
    s = play(s, "block QD")
    assert zone(s, "shrine:1") == [*LOW_B, "AH"]


def test_ruling_R12_quad_leaves_a_dagger_top_and_cannot_be_blocked():
    """Ruling R12: a Quad removes the Tokens and the top card, but not a Dagger on
    top (only a Dagger or a pair removes one), and no Token blocks it."""
    s = pos(
        shrines=[["2C", "3C", "4C", "5C", "6C"], [*LOW_B, "AH"]],
        hands=[["7S", "7H", "7D", "7C"], ["2H", "3H", "4H"]],
        fields=[[], ["KD"]],
    )
    s = play(s, "quad 7S 7H 7D 7C p2")
    assert legal(s) == {"allow", "fizzle"}
    s = play(s, "allow")
    assert zone(s, "shrine:1") == [*LOW_B, "AH"] and zone(s, "field:1") == []
    s = pos(
        shrines=[["2C", "3C", "4C", "5C", "6C"], [*LOW_B, "9H"]],
        hands=[["7S", "7H", "7D", "7C"], ["2H", "3H", "4H"]],
        fields=[[], ["KD"]],
    )
    s = play(s, "quad 7S 7H 7D 7C p2", "allow")
    assert zone(s, "shrine:1") == LOW_B


def test_ruling_R13_resurrection_heal_obeys_capacity_and_dagger_top():
    """Ruling R13: a Resurrection heal uses the Graveyard's top card from before
    the sequence is discarded, and obeys capacity and a Dagger on top."""
    full = pos(
        shrines=[["2C", "3C", "4C", "5C", "6C"], [*LOW_B, "6D"]],
        hands=[RES, ["2H"]],
        graveyard=["TH"],
    )
    assert refusal(full, "resurrect 3S 4H 5D heal").ruling == "shrine-capacity"
    dag = two("AC", "6D", RES, ["2H"], graveyard=["TH"])
    assert refusal(dag, "resurrect 3S 4H 5D heal").ruling == "dagger-top"
    ok = two("7C", "6D", RES, ["2H"], graveyard=["TH"])
    assert zone(play(ok, "resurrect 3S 4H 5D heal"), "shrine:0")[-1] == "TH"


def test_ruling_R14_dagger_token_extra_action_starts_next_turn():
    """Ruling R14: the turn the Dagger-token is played gives no extra action;
    its owner's next turn has two."""
    s = two("7C", "6D", ["AS", "2S"], ["2H"], fields=[["JH", "QD", "KS"], []])
    s = play(s, "daggertoken AS pay 2S")
    assert who(s) == (1, "turn")
    s = play(s, "draw", "pass")
    assert who(s) == (0, "turn") and s.actions_left == 2


def test_ruling_R15_own_dagger_top_only_removed_by_an_opponent():
    """Ruling R15: you cannot attack or Dagger your own Shrine to clear it."""
    s = two("AD", "6D", ["3S", "3C", "AS", "2S"], ["2H"])
    assert not any(a.seat == 0 for a in GAME.legal_actions(s))
    assert refusal(s, "attack p1 3S 3C").ruling in rulings.ALL
    assert refusal(s, "dagger AS pay 2S p1 shrine").ruling == "R10"


def test_ruling_R16_balance_from_a_shrine_leaves_no_gap():
    """Ruling R16: a Balance card leaving a Shrine is not replaced."""
    s = _balance_pos(
        shrines=[["2C", "3C", "4C", "5C", "6C"], ["2D", "3D", "JK", "9H"]], hands=[["9S"], []]
    )
    s = play(s, "attack p2 9S")
    assert zone(s, "shrine:1") == ["2D", "3D"]


def test_ruling_R17_balance_opponents_choose_their_own_discards():
    """Ruling R17: Tokens are matched first, then the Shrine, then the hand; an
    opponent with too many cards chooses what to discard."""
    s = _balance_pos(
        shrines=[["2C", "3C", "4C"], ["2D", "3D", "4D", "5D"]],
        hands=[["2S"], ["2H", "3H", "4H"]],
        fields=[["JS"], []],
        graveyard=["JD"],
        stage="turn",
        top=["JK"],
    )
    s = play(s, "draw")
    assert zone(s, "field:1") == ["JD"]
    assert zone(s, "shrine:1") == ["2D", "3D", "4D"]
    assert who(s) == (1, "discard")
    assert legal(s) == {"discard 2H", "discard 3H", "discard 4H"}
    s = play(s, "discard 3H", "discard 4H")
    assert zone(s, "hand:1") == ["2H"]


def test_ruling_R18_eliminated_players_hand_and_tokens_to_graveyard():
    """Ruling R18: a player whose Shrine is emptied is out; hand and Tokens go
    to the Graveyard."""
    s = pos(
        shrines=[[*LOW_A, "7C"], ["9H"], ["8D"]],
        hands=[["9S"], ["2H", "3H"], ["4H"]],
        fields=[[], ["KH"], []],
    )
    s = play(s, "attack p2 9S", allow=True)
    assert s.alive[1] is False
    assert zone(s, "hand:1") == [] and zone(s, "field:1") == []
    assert sorted(zone(s, "graveyard")) == sorted(["9S", "9H", "2H", "3H", "KH"])
    assert not any(a.seat == 1 for a in GAME.legal_actions(play(s, "draw")))


def test_ruling_R19_triplet_needs_an_opponent_with_a_token():
    """Ruling R19: no Triplet against a Field without Tokens."""
    s = two("7C", "9H", ["7S", "7H", "7D"], ["2H"])
    r = refusal(s, "triplet 7S 7H 7D p2")
    assert "no Tokens" in r.reason and r.ruling == "R19"


def test_ruling_R20_hand_limit_only_at_end_of_owners_turn():
    """Ruling R20: an opponent holding more than seven is not asked to discard
    at the end of someone else's turn."""
    big = ["2H", "3H", "4H", "5H", "6H", "7H", "8H", "9H", "TH"]
    s = two("7C", "6D", ["2S"], big, stage="turn")
    s = play(s, "draw", "pass")
    assert who(s) == (1, "turn") and len(zone(s, "hand:1")) == 9


def test_ruling_R21_alternate_healing_replaces_pair_healing():
    """Ruling R21: with Alternate Healing on, a pair worth twice the top does
    not heal; a single same-colour card of its value does."""
    s = two("6H", "7D", ["6D", "6S"], ["2H"], options={"alternate_healing": True})
    assert not is_legal(s, "heal 6S 6D") and is_legal(s, "heal 6D")


def test_ruling_R22_empty_deck_and_graveyard_draw_draws_nothing():
    """Ruling R22: with Deck and Graveyard both empty, a draw takes nothing."""
    s = two("7C", "6D", ["2S"], ["2H"], stage="turn")
    s.hands[1] += s.deck
    s.deck = []
    s = play(s, "draw")
    assert zone(s, "hand:0") == ["2S"] and who(s) == (0, "action")


def test_ruling_R23_blocking_with_a_triad_token_breaks_it_dagger_token_may_block():
    """Ruling R23: a Token of a Triad may block, breaking it (the Shrine is
    trimmed, the Dagger-token goes); the Dagger-token itself may block."""
    seven = ["2D", "3D", "4D", "5D", "6D", "7D", "9H"]
    s = pos(
        shrines=[[*LOW_A, "7C"], seven],
        hands=[["9S"], ["2H"]],
        fields=[[], ["JH", "QD", "KS", "AH"]],
    )
    s = play(s, "attack p2 9S")
    assert is_legal(s, "block AH")
    s2 = play(s, "block AH")
    assert zone(s2, "shrine:1") == seven and zone(s2, "field:1") == ["JH", "QD", "KS"]
    s3 = play(s, "block QD")
    assert zone(s3, "field:1") == ["JH", "KS"]
    assert zone(s3, "shrine:1") == seven[:5]


def test_ruling_R24_first_player_is_p1_and_draws_on_first_turn():
    """Ruling R24: seat p1 starts, and begins with a draw."""
    s = GAME.new_game(3, seats=3)
    assert who(s) == (0, "turn") and legal(s) == {"draw"}
    s = play(s, "draw")
    assert len(zone(s, "hand:0")) == 6


def test_ruling_R25_king_reach_once_a_turn_exact_match_spends_nothing():
    """Ruling R25: the King's reach works once a turn and only a move that
    needed it spends it."""
    s = pos(
        shrines=[[*LOW_A, "7C"], ["2D", "3D", "4D", "5H", "5D"]],
        hands=[["5S", "6S", "6C"], []],
        fields=[["JS", "QS", "KS", "AC"], []],
    )
    s2 = play(s, "attack p2 5S")  # exact: reach kept
    assert is_legal(s2, "attack p2 6S")
    s3 = play(s, "attack p2 6S")  # reach used
    r = refusal(s3, "attack p2 6C")
    assert "spent" in r.reason and r.ruling == "R25"


def test_ruling_R26_balance_fills_a_shrine_despite_a_dagger_on_top():
    """Ruling R26: the Balance card adds to a Shrine even with a Dagger on top."""
    s = _balance_pos(
        shrines=[["2C", "3C", "4C", "5C"], ["2D", "AH"]],
        hands=[["2S"], ["2H"]],
        stage="turn",
        top=["JK", "8S", "9S"],
    )
    s = play(s, "draw")
    assert zone(s, "shrine:1")[:2] == ["2D", "AH"] and len(zone(s, "shrine:1")) == 4


def test_ruling_R27_balance_discards_come_after_the_reshuffle():
    """Ruling R27: discards owed to the Balance are made after its reshuffle, so
    they start the new Graveyard."""
    s = _balance_pos(
        shrines=[["2C", "3C", "4C"], ["2D", "3D", "4D"]],
        hands=[["2S"], ["2H", "3H"]],
        graveyard=["9C", "9D"],
        stage="turn",
        top=["JK"],
    )
    s = play(s, "draw")
    assert zone(s, "graveyard") == [] and who(s) == (1, "discard")
    s = play(s, "discard 3H")
    assert zone(s, "graveyard") == ["3H"]
    assert "9C" in zone(s, "deck") and "9D" in zone(s, "deck")


# --------------------------------------------------------------------------- refusals


def test_refusals_carry_a_reason_and_a_known_ruling():
    """Clause decision: every refusal above names a clause or ruling that exists."""
    s = two("7C", "9H", ["9S", "2S"], ["2H"])
    for text in (
        "attack p2 2S",
        "attack p2 9S 9S",
        "heal 9S 2S",
        "token 9S pay 2S",
        "jack p2",
        "discard 2S",
        "take",
        "block 9S",
        "fizzle",
        "quad 9S 9S 9S 9S p2",
    ):
        r = refusal(s, text)
        assert r.reason and r.ruling in rulings.ALL, text


def test_every_clause_and_ruling_has_a_test():
    """Every id in rulings.ALL is cited by a test docstring here."""
    module = sys.modules[__name__]
    cited = set()
    for name, fn in vars(module).items():
        if name.startswith("test_") and fn.__doc__:
            m = re.match(r"(Clause|Ruling) ([\w-]+):", fn.__doc__)
            if m:
                cited.add(m.group(2))
    assert set(rulings.ALL) <= cited, sorted(set(rulings.ALL) - cited)


def test_helper_positions_hold_every_card_once():
    """The test helper's positions hold the whole deck, each card once."""
    s = two("7C", "9H", ["9S"], ["2H"])
    all_cards = [c for z in GAME.all_cards(s).values() for c in z]
    assert sorted(all_cards) == sorted(names(range(52)))
    assert s.hands[0] == cards(["9S"])
