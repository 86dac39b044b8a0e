"""Sorcerer's rules, clause by clause and ruling by ruling (docs/rules/sorcerer.md).

Positions are built from our own cards (tests/sorcerer_helpers.py), so these tests
do not depend on the shipped card set; the rules text's own examples are scenario
files under tests/scenarios/sorcerer/.
"""

from __future__ import annotations

import random
import re
from pathlib import Path

from sorcerer_helpers import events, legal, n, play, refusal, spell, table, who

from shrinetable.games.sorcerer import GAME
from shrinetable.games.sorcerer.decks import FILES
from shrinetable.games.sorcerer.rulings import CLAUSES, RULINGS
from shrinetable.games.sorcerer.schema import Deck

problems, resolve = FILES.problems, FILES.resolve

DOC = (Path(__file__).parent.parent / "docs" / "rules" / "sorcerer.md").read_text()
PLAIN = spell("quick", 3, 3)  # no bonus against anything, and not Energy/Flying


def duel(**kw):
    """p1 attacking with cards 1 and 2 (attack 5, attack 2), p2 holding 3 and 4 in play."""
    zones = {
        "play:0": kw.pop("att", [spell("wishful", 5, 1), spell("wishful", 2, 1)]),
        "play:1": kw.pop("dfn", [spell("quick", 1, 5), spell("quick", 1, 4)]),
        "hand:0": kw.pop("hand0", [spell("charming", 2, 1)]),
        "hand:1": kw.pop("hand1", [spell("charming", 1, 2)]),
        "deck:0": [PLAIN] * 5,
        "deck:1": [PLAIN] * 5,
    }
    return table(zones, stage="attack", **kw)


# --------------------------------------------------------------------------- docs


def test_every_clause_heads_a_section_and_every_ruling_has_a_row():
    """rulings.py and docs/rules/sorcerer.md name the same clauses and rulings."""
    headings = set(re.findall(r"^###? .*\(`([a-z-]+)`\)", DOC, re.M))
    assert set(CLAUSES) <= headings, set(CLAUSES) - headings
    rows = set(re.findall(r"^\| `(R\d+)` \|", DOC, re.M))
    assert rows == set(RULINGS), rows ^ set(RULINGS)


# --------------------------------------------------------------------------- clauses


def test_decks_clause_shipped_decks_are_legal_and_the_limits_are_checked():
    """Clause decks: 20 to 50 cards, three of a Star/Moon/Planet card, one of a Bolt."""
    from shrinetable.games.sorcerer.cards import catalog

    cards, decks = catalog()
    assert all(problems(d, cards) == [] for d in decks)
    bolt = next(c for c in cards.values() if c.rarity == "bolt")
    star = next(c for c in cards.values() if c.rarity == "star")
    bad = Deck(name="bad", cards={bolt.id: 2, star.id: 4})
    words = " ".join(problems(bad, cards))
    assert "at most 1" in words and "at most 3" in words and "20 to 50" in words


def test_setup_clause_30_points_three_in_hand_two_in_play():
    """Clause setup: 30 magic points each, three cards in hand, two in play; p1 first."""
    s = GAME.new_game(5)
    assert s.mp == [30, 30] and [len(h) for h in s.hand] == [3, 3]
    assert [len(p) for p in s.play] == [2, 2] and who(s) == (0, "play")
    size = [len(resolve(GAME.check_options({})[k])[1]) for k in ("deck_p1", "deck_p2")]
    assert [len(s.deck[q]) for q in (0, 1)] == [size[0] - 5, size[1] - 5]


def test_setup_shuffle_is_seeded_no_cut_R1():
    """R1: the same seed deals the same game; another seed another one."""
    assert GAME.all_cards(GAME.new_game(3)) == GAME.all_cards(GAME.new_game(3))
    assert GAME.all_cards(GAME.new_game(3)) != GAME.all_cards(GAME.new_game(4))


def test_unturn_clause_your_turned_cards_stand_up_at_your_turn():
    """Clause unturn: an attacker stays turned through the opponent's turn, then unturns."""
    s = duel()
    s = play(s, f"attack {n(s, 1)}", "pass", "pass", "pass")
    assert n(s, 1) in GAME.view(s, None).info["turned"]
    s = play(s, "pass", "pass")  # p2 neither plays nor attacks
    assert who(s) == (0, "play") and GAME.view(s, None).info["turned"] == []


def test_pickup_clause_back_to_three_each_turn_R2():
    """Clause pickup, R2: at the start of each turn the hand is filled back to three."""
    s = duel(hand1=[])
    ev = events(s, "pass")
    s = play(s, "pass")
    assert len(s.hand[1]) == 3 and who(s) == (1, "play")
    draws = [e for e in ev if e.kind == "draw"]
    assert len(draws) == 3 and all(e.visible_to == (1,) for e in draws)


def test_play_clause_replaces_one_of_two():
    """Clause play: with two in play the played card replaces one, which is
    discarded; it takes the replaced card's place (issue 23: the cards in play
    keep their order, so the table does not move the other one)."""
    s = table({"play:0": [PLAIN, PLAIN], "hand:0": [spell("gross", 4, 1)]})
    assert legal(s) == {f"play {n(s, 3)} {n(s, 1)}", f"play {n(s, 3)} {n(s, 2)}", "pass"}
    s = play(s, f"play {n(s, 3)} {n(s, 1)}")
    assert s.play[0] == [3, 2] and s.discard[0] == [1] and who(s) == (0, "attack")


def test_one_card_a_turn_and_playing_optional_R3():
    """R3: one card a turn; passing the play step is allowed."""
    s = table({"play:0": [PLAIN], "hand:0": [PLAIN, PLAIN]})
    assert "pass" in legal(s)
    s = play(s, f"play {n(s, 2)}")
    r = refusal(s, f"play {n(s, 3)} {n(s, 1)}")
    assert r.ruling == "R3" and "one a turn" in r.reason


def test_fewer_than_two_in_play_joins_without_discard_R4():
    """R4: below the limit a played card joins; naming a card to discard is refused."""
    s = table({"play:0": [PLAIN], "hand:0": [PLAIN]})
    assert legal(s) == {f"play {n(s, 2)}", "pass"}
    assert refusal(s, f"play {n(s, 2)} {n(s, 1)}").ruling == "R4"


def test_attack_clause_attacking_turns_the_card_and_opens_a_lane():
    """Clause attack: each attacker turns and takes the next lane."""
    s = duel()
    ev = events(s, f"attack {n(s, 2)}")
    s = play(s, f"attack {n(s, 2)}", f"attack {n(s, 1)}")
    assert GAME.all_cards(s)["lane1"] == [n(s, 2)] and GAME.all_cards(s)["lane2"] == [n(s, 1)]
    assert s.turned == {1, 2} and ev[0].target == "lane1"


def test_turned_card_cannot_attack():
    """Clause attack: a turned card may not attack until it unturns."""
    s = duel(turned=(1,))
    r = refusal(s, f"attack {n(s, 1)}")
    assert r.ruling == "attack" and "turned" in r.reason


def test_attacking_is_optional_R5():
    """R5: passing without attacking ends the turn; no damage round."""
    s = play(duel(), "pass")
    assert who(s) == (1, "play") and s.mp == [30, 30]


def test_defend_clause_blocker_from_play_onto_an_attacker():
    """Clause defend: the defender's card lies on the attacker in its lane."""
    s = duel()
    s = play(s, f"attack {n(s, 1)}", "pass")
    assert who(s) == (1, "defend")
    s = play(s, f"defend {n(s, 3)} {n(s, 1)}")
    assert GAME.all_cards(s)["lane1"] == [n(s, 1), n(s, 3)] and s.play[1] == [4]
    assert s.in_play(1) == 2


def test_turned_card_defends_clause_defend():
    """Clause defend (seed 002, DEFENSE: "DEFEND with any cards they already have in
    play"): a card turned by its own attack last turn may still block."""
    s = play(duel(turned=(3,)), f"attack {n(duel(), 1)}", "pass")
    assert f"defend {n(s, 3)} {n(s, 1)}" in legal(s)
    s = play(s, f"defend {n(s, 3)} {n(s, 1)}")
    assert GAME.all_cards(s)["lane1"] == [n(s, 1), n(s, 3)]


def test_turned_card_may_not_defend_with_the_R6_option():
    """R6, kept as an option off by default (not in the text): with it on, a card that
    attacked in its owner's last turn cannot block."""
    assert GAME.check_options({})["turned_cannot_defend"] is False
    s = play(duel(turned=(3,), r6=True), f"attack {n(duel(), 1)}", "pass")
    r = refusal(s, f"defend {n(s, 3)} {n(s, 1)}")
    assert r.ruling == "R6" and "turned" in r.reason


def test_one_defender_per_attacker_R7():
    """R7: a second blocker on one attacker, or one blocker on two, is refused."""
    s = duel()
    s = play(s, f"attack {n(s, 1)}", f"attack {n(s, 2)}", "pass", f"defend {n(s, 3)} {n(s, 1)}")
    assert refusal(s, f"defend {n(s, 4)} {n(s, 1)}").ruling == "R7"
    assert refusal(s, f"defend {n(s, 3)} {n(s, 2)}").ruling == "R7"


def test_defence_boost_clause_one_card_onto_a_defender():
    """Clause defence-boost: after blocking, the defender may boost one defender."""
    s = duel()
    s = play(s, f"attack {n(s, 1)}", "pass", f"defend {n(s, 3)} {n(s, 1)}", "pass")
    assert who(s) == (1, "dboost")
    assert legal(s) == {f"boost {n(s, 3)} {n(s, 6)}", "pass"}
    s = play(s, f"boost {n(s, 3)} {n(s, 6)}")
    assert s.lanes[0].db == (6,) and who(s) == (0, "aboost")


def test_no_defence_boost_step_without_a_defender():
    """Clause defence-boost: with nobody blocking, the attack boost comes next."""
    s = play(duel(), f"attack {n(duel(), 1)}", "pass", "pass")
    assert who(s) == (0, "aboost")


def test_attack_boost_clause_onto_a_blocked_or_unblocked_attacker_R9():
    """Clause attack-boost, R9: the attacker boosts one attacking card, blocked or not;
    never a defender."""
    s = duel()
    s = play(
        s,
        f"attack {n(s, 1)}",
        f"attack {n(s, 2)}",
        "pass",
        f"defend {n(s, 3)} {n(s, 1)}",
        "pass",
        "pass",
    )
    assert legal(s) == {f"boost {n(s, 1)} {n(s, 5)}", f"boost {n(s, 2)} {n(s, 5)}", "pass"}
    assert refusal(s, f"boost {n(s, 3)} {n(s, 5)}").ruling == "R9"


def test_boost_numbers_attack_on_attack_shield_on_defence_R8():
    """R8: a boost adds its attack number to an attack, its shield to a defence."""
    s = duel(hand0=[spell("charming", 2, 9)], hand1=[spell("charming", 9, 2)])
    s = play(
        s,
        f"attack {n(s, 1)}",
        "pass",
        f"defend {n(s, 3)} {n(s, 1)}",
        "pass",
        f"boost {n(s, 3)} {n(s, 6)}",
        f"boost {n(s, 1)} {n(s, 5)}",
    )
    assert s.mp == [30, 30]  # 5 + 2 = 7 against 5 + 2 = 7: a tie
    assert s.play[0] == [2, 1] and 3 in s.play[1]


def test_damage_clause_figure_2_left_defender_discarded_two_damage():
    """Clause damage, figure 2 (left): 5 + boost 2 = 7 against 5: defender
    discarded, 2 damage."""
    s = duel()
    ev = []
    s = play(s, f"attack {n(s, 1)}", "pass", f"defend {n(s, 3)} {n(s, 1)}", "pass", "pass")
    s, ev = GAME.apply(s, GAME.parse_action(f"boost {n(s, 1)} {n(s, 5)}"))
    assert s.mp == [30, 28] and s.discard[1] == [3] and 1 in s.play[0]
    said = [e.text for e in ev if e.kind == "damage"]
    assert said == [
        "Wishful 5/1 5 + boost 2 = 7 against Quick 1/5 5: Quick 1/5 is "
        "discarded and p2 loses 2 magic points"
    ]


def test_damage_clause_figure_2_right_attacker_discarded_no_damage():
    """Clause damage, figure 2 (right): 2 against 4 + boost 2 = 6: attacker
    discarded, no damage."""
    s = duel()
    s = play(
        s,
        f"attack {n(s, 2)}",
        "pass",
        f"defend {n(s, 4)} {n(s, 2)}",
        "pass",
        f"boost {n(s, 4)} {n(s, 6)}",
        "pass",
    )
    assert s.mp == [30, 30] and s.discard[0] == [2] and 4 in s.play[1]


def test_unblocked_attacker_deals_its_whole_attack():
    """Clause damage: an unblocked attacker's attack total comes off the defender."""
    s = duel()
    s = play(s, f"attack {n(s, 1)}", "pass", "pass", f"boost {n(s, 1)} {n(s, 5)}")
    assert s.mp == [30, 23]


def test_tie_both_stay_no_damage_R10():
    """R10: equal totals: both cards stay, nobody loses points."""
    s = duel(dfn=[spell("quick", 1, 5)])
    s = play(s, f"attack {n(s, 1)}", "pass", f"defend {n(s, 3)} {n(s, 1)}", "pass", "pass", "pass")
    assert s.mp == [30, 30] and 3 in s.play[1] and 1 in s.play[0]


def test_boosts_discarded_clause_every_boost_to_its_owners_discard():
    """Clause boosts-discarded: winners' boosts go to the discard pile too."""
    s = duel(hand1=[spell("charming", 1, 5)])
    s = play(
        s,
        f"attack {n(s, 1)}",
        "pass",
        f"defend {n(s, 3)} {n(s, 1)}",
        "pass",
        f"boost {n(s, 3)} {n(s, 6)}",
        f"boost {n(s, 1)} {n(s, 5)}",
    )
    # 7 against 10: the attacker falls; both boosts spent
    assert s.discard == [[1, 5], [6]] and s.lanes == ()


def test_survivors_return_attackers_turned_R17():
    """R17: surviving attackers stay turned in play, defenders return unturned."""
    s = duel(dfn=[spell("quick", 1, 5)])
    s = play(s, f"attack {n(s, 1)}", "pass", f"defend {n(s, 3)} {n(s, 1)}", "pass", "pass", "pass")
    assert 1 in s.turned and 3 not in s.turned


def test_winning_clause_zero_points_loses_shown_as_zero_R11():
    """Clause winning, R11: at 0 or fewer the defender loses; the counter shows 0."""
    s = duel(mp=(30, 4))
    s = play(s, f"attack {n(s, 1)}", "pass", "pass", "pass")
    assert s.mp == [30, 0] and GAME.outcome(s).winners == (0,) and who(s) == (-1, "over")
    assert GAME.legal_actions(s) == []
    assert refusal(s, "pass").ruling == "winning"


def test_reshuffle_clause_discard_becomes_the_deck():
    """Clause reshuffle: an empty deck is refilled from the shuffled discard pile."""
    s = table({"play:0": [PLAIN], "discard:1": [PLAIN, PLAIN], "hand:1": [PLAIN]}, stage="attack")
    ev = events(s, "pass")
    s = play(s, "pass")
    assert len(s.hand[1]) == 3 and s.discard[1] == [] and s.deck[1] == []
    assert [e.kind for e in ev] == ["pass", "reshuffle", "draw", "draw"]


def test_reshuffle_at_once_when_the_last_card_is_drawn_R20():
    """Clause reshuffle, R20 (seed 002, NOTE: "anytime you run out of cards in your main
    DECK"): the draw that empties the deck turns the discard pile into the deck at
    once; a card discarded afterwards stays in the discard pile."""
    s = table(
        {
            "play:0": [PLAIN],
            "deck:1": [PLAIN, PLAIN],
            "discard:1": [PLAIN],
            "hand:1": [PLAIN],
            "play:1": [PLAIN, PLAIN],
        },
        stage="attack",
    )
    ev = events(s, "pass")
    s = play(s, "pass")
    assert [e.kind for e in ev] == ["pass", "draw", "draw", "reshuffle"]
    assert s.deck[1] == [4] and s.discard[1] == []
    s = play(s, f"play {n(s, 5)} {n(s, 6)}")
    assert s.discard[1] == [6] and s.deck[1] == [4]


def test_deck_ran_out_on_an_empty_discard_pile_takes_it_at_the_next_draw_R20():
    """R20: a deck that ran out while the discard pile was empty stays empty; the
    next draw finds it so and takes the discard pile then."""
    s = table({"hand:0": [PLAIN], "play:0": [PLAIN, PLAIN], "play:1": [PLAIN]})
    s = play(s, f"play {n(s, 1)} {n(s, 2)}")
    assert s.discard[0] == [2] and s.deck[0] == []
    ev = events(play(s, "pass", "pass"), "pass")
    assert [e.kind for e in ev][:3] == ["pass", "reshuffle", "draw"]


def test_empty_deck_and_discard_pick_up_what_there_is_R12():
    """R12: with nothing to draw the hand stays short."""
    s = table({"play:0": [PLAIN], "play:1": [PLAIN]}, stage="attack")
    s = play(s, "pass")
    assert s.hand[1] == [] and who(s) == (1, "play")


def test_no_cards_left_anywhere_is_a_draw_R18():
    """R18: when neither player has a card left but out of the game, it is a draw."""
    s = table({"play:0": [spell("wishful", 1, 1)], "removed:1": [PLAIN]}, stage="attack")
    s = play(s, f"sacrifice {n(s, 1)}", "pass")
    assert GAME.outcome(s).winners == () and "draw" in GAME.outcome(s).reason


def test_a_fourth_boost_is_refused_by_charming():
    """Clause charming (seed 002: "for a Maximum of 3 boosts"): four boost cards are
    well written, and refused by that clause, not by the notation."""
    charm = spell("charming", 1, 1)
    s = duel(hand0=[charm, charm, charm, charm])
    s = play(s, f"attack {n(s, 1)}", "pass", "pass")
    r = refusal(s, f"boost {n(s, 1)} " + " ".join(n(s, c) for c in (5, 6, 7, 8)))
    assert r.ruling == "charming" and "three" in r.reason


def test_decision_clause_only_the_steps_moves():
    """Clause decision: a move of another step is refused naming the step's clause."""
    s = play(duel(), f"attack {n(duel(), 1)}", "pass")
    assert refusal(s, f"attack {n(s, 2)}").ruling == "defend"
    assert refusal(s, "boost x#99 y#98").ruling == "defend"


# --------------------------------------------------------------------------- special


def test_special_clause_off_plays_the_basic_rules_R19():
    """Clause special, R19: with special properties off, no bonuses, no sacrifices,
    no Quick plays, one boost card, anyone blocks an Energy attacker."""
    att = [spell("energy", 5, 1), spell("gross", 4, 1)]
    dfn = [spell("strong", 1, 4), spell("wishful", 1, 3)]
    s = duel(
        att=att,
        dfn=dfn,
        special=False,
        hand0=[spell("charming", 1, 1), spell("charming", 1, 1)],
        hand1=[spell("quick", 1, 1)],
    )
    assert refusal(s, f"sacrifice {n(s, 1)}").ruling == "R19"
    s = play(s, f"attack {n(s, 1)}", f"attack {n(s, 2)}", "pass")
    assert refusal(s, f"quick {n(s, 7)} {n(s, 4)}").ruling == "R19"
    s = play(s, f"defend {n(s, 3)} {n(s, 1)}", f"defend {n(s, 4)} {n(s, 2)}", "pass", "pass")
    assert refusal(s, f"boost {n(s, 1)} {n(s, 5)} {n(s, 6)}").ruling == "R19"
    s = play(s, "pass")
    # 5 against 4 (no Strong bonus): 1; 4 against 3 (no Gross bonus): 1
    assert s.mp == [30, 28]


def test_charming_up_to_three_boosts_one_of_any_type():
    """Clause charming: one boost of any type and up to two Charming ones, together."""
    ch = spell("charming", 1, 1)
    s = duel(hand0=[ch, ch, spell("gross", 3, 1), spell("gross", 3, 1)])
    s = play(s, f"attack {n(s, 1)}", "pass", "pass")
    boosts = {t for t in legal(s) if t.startswith("boost")}
    assert f"boost {n(s, 1)} {n(s, 5)} {n(s, 6)} {n(s, 7)}" in boosts
    assert f"boost {n(s, 1)} {n(s, 7)} {n(s, 8)}" not in boosts
    assert refusal(s, f"boost {n(s, 1)} {n(s, 7)} {n(s, 8)}").ruling == "charming"
    assert len(boosts) == 4 + 5 + 2  # singles, pairs and triples with <= 1 non-Charming
    s = play(s, f"boost {n(s, 1)} {n(s, 5)} {n(s, 6)} {n(s, 7)}")
    assert s.mp == [30, 20]


def test_wishful_sacrifice_gains_its_shield_and_leaves_the_game():
    """Clause wishful (the text's example): a Wishful card with shield 2 gives 2 magic
    points and goes out of the game, not to the discard pile."""
    s = table({"play:0": [spell("wishful", 1, 2)]})
    ev = events(s, f"sacrifice {n(s, 1)}")
    s = play(s, f"sacrifice {n(s, 1)}")
    assert s.mp == [32, 30] and s.removed[0] == [1] and s.discard[0] == []
    assert ev[0].target == "removed:0" and who(s) == (0, "play")


def test_wishful_not_from_hand_nor_after_combat():
    """Clause wishful: not from the hand; not a card that attacked this turn."""
    s = duel(hand0=[spell("wishful", 1, 2)])
    assert refusal(s, f"sacrifice {n(s, 5)}").ruling == "wishful"
    s = play(s, f"attack {n(s, 1)}")
    r = refusal(s, f"sacrifice {n(s, 1)}")
    assert r.ruling == "wishful" and "attacked or defended" in r.reason
    assert f"sacrifice {n(s, 2)}" in legal(s)


def test_wishful_timing_owner_steps_only_R14():
    """R14: the defender may sacrifice in its defend step; the attacker may not then,
    nor anyone in the boost steps."""
    s = duel(dfn=[spell("wishful", 1, 3), spell("quick", 1, 4)])
    s = play(s, f"attack {n(s, 1)}", "pass")
    assert f"sacrifice {n(s, 3)}" in legal(s)
    assert refusal(s, f"sacrifice {n(s, 2)}").ruling == "R14"
    s = play(s, "pass")
    assert refusal(s, f"sacrifice {n(s, 2)}").ruling == "R14"


def test_energy_flying_only_energy_or_flying_defend():
    """Clause energy-flying: a Strong card may not block an Energy attacker; a Flying
    card may block it."""
    s = duel(att=[spell("energy", 5, 1)], dfn=[spell("strong", 1, 9), spell("flying", 1, 2)])
    s = play(s, f"attack {n(s, 1)}", "pass")
    r = refusal(s, f"defend {n(s, 2)} {n(s, 1)}")
    assert r.ruling == "energy-flying" and "Energy or Flying" in r.reason
    assert f"defend {n(s, 3)} {n(s, 1)}" in legal(s)


def test_energy_flying_every_boost_counts_once_defended_R15():
    """R15: a defended Energy attacker's pair takes boosts of any type."""
    s = duel(
        att=[spell("flying", 3, 1)],
        dfn=[spell("energy", 1, 3)],
        hand1=[spell("strong", 1, 4)],
        hand0=[spell("gross", 4, 1)],
    )
    s = play(
        s,
        f"attack {n(s, 1)}",
        "pass",
        f"defend {n(s, 2)} {n(s, 1)}",
        "pass",
        f"boost {n(s, 2)} {n(s, 4)}",
        f"boost {n(s, 1)} {n(s, 3)}",
    )
    assert s.mp == [30, 30] and s.play[0] == [1] and s.discard[1] == [4]  # 7 against 7


def test_quick_into_play_during_opponents_turn_and_defends():
    """Clause quick: a Quick card comes into play in the defend step and blocks."""
    s = duel(dfn=[spell("strong", 1, 2)], hand1=[spell("quick", 1, 9)])
    s = play(s, f"attack {n(s, 1)}", "pass")
    assert f"quick {n(s, 5)}" in legal(s)
    s = play(s, f"quick {n(s, 5)}", f"defend {n(s, 5)} {n(s, 1)}", "pass", "pass", "pass")
    assert s.mp == [30, 30] and s.discard[0] == [1]


def test_quick_limit_two_in_play_and_one_a_turn_R13():
    """Clause quick, R13: the two-card limit holds (a card in a lane counts); one a turn."""
    s = duel(hand1=[spell("quick", 1, 9), spell("quick", 1, 8)])
    s = play(s, f"attack {n(s, 1)}", "pass", f"defend {n(s, 3)} {n(s, 1)}")
    assert {t for t in legal(s) if t.startswith("quick")} == {
        f"quick {n(s, 6)} {n(s, 4)}",
        f"quick {n(s, 7)} {n(s, 4)}",
    }
    r = refusal(s, f"quick {n(s, 6)} {n(s, 3)}")
    assert r.ruling == "play"
    s = play(s, f"quick {n(s, 6)} {n(s, 4)}")
    assert refusal(s, f"quick {n(s, 7)} {n(s, 6)}").ruling == "R13"


def test_quick_not_in_own_play_step_R13():
    """R13: out of the defend step a Quick move is refused; in your own turn you play it."""
    s = table({"hand:0": [spell("quick", 1, 1)]})
    assert refusal(s, f"quick {n(s, 1)}").ruling == "R13"
    assert f"play {n(s, 1)}" in legal(s)


def test_strong_plus_two_defending_against_plain():
    """Clause strong: +2 shield against an attacker that is neither Strong nor Gross."""
    s = duel(att=[spell("quick", 6, 1)], dfn=[spell("strong", 1, 5)])
    s = play(s, f"attack {n(s, 1)}", "pass", f"defend {n(s, 2)} {n(s, 1)}", "pass", "pass", "pass")
    assert s.mp == [30, 30] and s.discard[0] == [1]  # 6 against 7


def test_gross_plus_two_attacking_when_defended():
    """Clause gross: +2 attack when blocked by a card neither Gross nor Strong."""
    s = duel(att=[spell("gross", 4, 1)], dfn=[spell("quick", 1, 5)])
    s = play(s, f"attack {n(s, 1)}", "pass", f"defend {n(s, 2)} {n(s, 1)}", "pass", "pass", "pass")
    assert s.mp == [30, 29] and s.discard[1] == [2]  # 6 against 5


def test_gross_normal_damage_undefended_and_strong_gross_cancel_R16():
    """R16: no Gross bonus unblocked; Strong and Gross meeting: neither bonus."""
    s = duel(att=[spell("gross", 4, 1), spell("gross", 4, 1)], dfn=[spell("strong", 1, 4)])
    s = play(
        s,
        f"attack {n(s, 1)}",
        f"attack {n(s, 2)}",
        "pass",
        f"defend {n(s, 3)} {n(s, 1)}",
        "pass",
        "pass",
        "pass",
    )
    assert s.mp == [30, 26]  # 4 unblocked; 4 against 4: tie
    assert 3 in s.play[1] and 1 in s.play[0]


# --------------------------------------------------------------------------- the game


def test_view_hides_decks_and_the_other_hand():
    """Hands are seen by their owner only; decks by nobody; info has the lead's keys."""
    s = GAME.new_game(2)
    v = GAME.view(s, 0)
    assert None not in v.zones["hand:0"].cards and set(v.zones["hand:1"].cards) == {None}
    assert set(v.zones["deck:0"].cards) == {None}
    assert {"mp", "turn", "turn_no", "stage", "special", "played", "turned", "lanes"} <= set(v.info)


def test_gestures_lanes_from_the_position():
    """An attack lights the opponent's counter and the next lane; a defence and a
    boost land on their card's lane."""
    s = play(duel(), f"attack {n(duel(), 1)}")
    g = GAME.gesture(s, GAME.parse_action(f"attack {n(s, 2)}"))
    assert (g.target, g.also) == ("player:1", ("lane2",))
    s = play(s, f"attack {n(s, 2)}", "pass")
    g = GAME.gesture(s, GAME.parse_action(f"defend {n(s, 3)} {n(s, 2)}"))
    assert (g.source, g.target, g.target_card) == ("play:1", "lane2", n(s, 2))


def test_deck_options_take_shipped_keys_and_refuse_unknown():
    """deck_p1/deck_p2 take a shipped deck; anything else is a ValueError naming it."""
    import pytest

    with pytest.raises(ValueError, match="no deck called"):
        GAME.check_options({"deck_p1": "nope"})


def test_random_games_end():
    """Random play ends within 2,000 steps in nearly every game, both options."""
    rng, ended = random.Random(0), 0
    for i in range(40):
        s = GAME.new_game(i, {"special": bool(i % 2)})
        for _ in range(2000):
            if GAME.outcome(s):
                break
            s, _ = GAME.apply(s, rng.choice(GAME.legal_actions(s)))
        ended += GAME.outcome(s) is not None
    assert ended >= 38
