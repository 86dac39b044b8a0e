"""Shards of the Empire's rules, clause by clause and ruling by ruling
(seed 003, docs/rules/shards.md). Each test's docstring names the clause of the
draft or the ruling id it checks. Positions are built with the scenario hook
(tests/shards_helpers.py); the same clauses have scenario files under
tests/scenarios/shards/.
"""

from __future__ import annotations

import ast
import dataclasses
import re
from pathlib import Path

import pytest
from rulingdocs import uncited_rulings
from shards_helpers import events, info, legal, play, pos, refusal, where, who

from shrinetable.engine import NotationError
from shrinetable.games.shards import GAME
from shrinetable.games.shards.cards import catalog
from shrinetable.games.shards.decks import FILES
from shrinetable.games.shards.effects import development
from shrinetable.games.shards.rules import settle
from shrinetable.games.shards.schema import Deck

problems = FILES.problems

DOC = (Path(__file__).parent.parent / "docs" / "rules" / "shards.md").read_text()
FARM, QUARRY = "hearth-farmstead#1", "stone-quarry#2"  # p1's and p2's first buildings


def duel(zones: dict | None = None, **keys):
    """p1's Main Phase: p1 holds FARM in its implicit territory, p2 QUARRY in its."""
    z = {"terr1:0": [FARM], "terr1:1": [QUARRY]}
    for k, v in (zones or {}).items():
        z[k] = z.get(k, []) + v
    return pos(z, **keys)


def started(seed: int = 3):
    """A new game whose Starting Phase both players have passed with no card."""
    return play(GAME.new_game(seed), "begin", "begin")


# ----------------------------------------------------------------------- the rules page


def test_every_ruling_has_a_row_and_a_test():
    """docs/rules/shards.md: each ruling R1.. has a table row and a test citing it."""
    assert uncited_rulings(DOC, "R", __file__) == []


def test_every_move_word_is_in_the_notation_table():
    """docs/rules/shards.md, Notation: each word the notation takes has a row."""
    from shrinetable.games.shards.actions import WORDS

    table = DOC.split("## Notation", 1)[1].split("## Rulings", 1)[0]
    assert set(re.findall(r"^\| `([a-z]+)", table, re.M)) == set(WORDS)


# ----------------------------------------------------------------------- decks


def test_deck_rules_45_cards_3_copies_7_unique_starting():
    """Deckbuilding: 45 cards at least, 3 of a name at most, exactly 7 Starting cards,
    each unique; the shipped decks keep them and each broken rule is named."""
    cards, decks = catalog()
    assert decks and all(problems(d, cards) == [] for d in decks)
    starting = [c for c in cards if cards[c].has("starting")]
    plain = [c for c in cards if not cards[c].has("starting")]
    bad = Deck(name="bad", cards={starting[0]: 2, plain[0]: 4, **{c: 1 for c in starting[1:5]}})
    words = " ".join(problems(bad, cards))
    assert "holds 10 cards" in words and "exactly 7" in words
    assert "each Starting card only once" in words and "at most 3" in words


# ----------------------------------------------------------------------- Starting Phase


def test_starting_phase_lays_out_five_and_removes_the_rest_at_random_R6():
    """Starting Phase, R6: 7 Starting cards laid out, removed at random down to 5, in
    public; which five depends on the seed."""
    s = GAME.new_game(1)
    view = GAME.view(s, 1)
    assert [len(view.zones[f"start:{q}"].cards) for q in (0, 1)] == [5, 5]
    assert None not in view.zones["start:0"].cards  # public, not hidden
    assert all(s.defs[c].starting for q in (0, 1) for c in s.start[q])
    laid = {tuple(GAME.new_game(seed).start[0]) for seed in range(6)}
    assert len(laid) > 1
    assert who(s) == (0, "start") and GAME.decision(s).secret


def test_starting_choice_up_to_three_with_total_cost_at_most_3_R4():
    """Starting Phase, R4: any 0 to 3 of the five laid out, costs adding to 3 or less."""
    s = pos(
        {
            "start:0": [
                "iron-march-camp#1",
                "shardborn-recruit#2",
                "levy-of-arms#3",
                "outrider-scout#4",
                "hearth-farmstead#5",
            ],
            "start:1": ["stone-quarry#6"],
        },
        stage="start",
    )
    moves = legal(s)
    assert len(moves) == 1 + 5 + 10 + 10  # every set of 0 to 3 (these cost 3 at most)
    assert "begin" in moves
    assert "begin iron-march-camp#1 shardborn-recruit#2 levy-of-arms#3" in moves
    s = pos(
        {
            "start:0": ["gemcutter-lodge#1", "sunken-archive#2", "shardborn-recruit#3"],
            "start:1": ["stone-quarry#6"],
        },
        stage="start",
    )
    assert legal(s) == {
        "begin",
        "begin gemcutter-lodge#1",
        "begin sunken-archive#2",
        "begin shardborn-recruit#3",
        "begin gemcutter-lodge#1 shardborn-recruit#3",
        "begin sunken-archive#2 shardborn-recruit#3",
    }
    with pytest.raises(NotationError):
        GAME.parse_action(
            "begin iron-march-camp#1 shardborn-recruit#2 levy-of-arms#3 outrider-scout#4"
        )


def test_a_starting_choice_is_written_in_card_number_order():
    """Starting Phase: the choice is one action whatever order the cards are laid
    out in (notation sorts them), so every legal choice can be written."""
    s = pos(
        {"start:0": ["shardborn-recruit#3", "hearth-farmstead#1"], "start:1": ["stone-quarry#2"]},
        stage="start",
    )
    assert "begin hearth-farmstead#1 shardborn-recruit#3" in legal(s)
    s = play(s, "begin shardborn-recruit#3 hearth-farmstead#1")
    assert who(s) == (1, "start")


def test_starting_choice_over_cost_3_is_refused_naming_the_clause():
    """Starting Phase: 'up to a maximum total cost of 3' (refusal names `starting`)."""
    s = pos(
        {
            "start:0": ["gemcutter-lodge#1", "sunken-archive#2", "stone-quarry#3"],
            "start:1": ["stone-quarry#4"],
        },
        stage="start",
    )
    e = refusal(s, "begin gemcutter-lodge#1 sunken-archive#2")
    assert (e.ruling, "cost 3 in all" in e.reason) == ("starting", True)
    e = refusal(s, "begin stone-quarry#4")
    assert e.ruling == "starting" and "laid-out" in e.reason


def test_starting_choices_are_secret_then_revealed_together():
    """Starting Phase: both choose simultaneously; the choice is revealed once both
    have chosen (the first choice stays hidden from the other seat until then)."""
    s = pos(
        {
            "start:0": ["iron-march-camp#1", "shardborn-recruit#2"],
            "start:1": ["stone-quarry#3", "outrider-scout#4"],
        },
        stage="start",
    )
    s, ev = GAME.apply(s, GAME.parse_action("begin iron-march-camp#1 shardborn-recruit#2"))
    assert GAME.view(s, 1).info["picks"][0] is None
    assert GAME.view(s, 0).info["picks"][0] == ["iron-march-camp#1", "shardborn-recruit#2"]
    assert "iron-march-camp#1" not in " ".join(str(e.cards) for e in ev)
    assert GAME.all_cards(s)["terr1:0"] == [] and who(s) == (1, "start")
    s = play(s, "begin stone-quarry#3")
    zones = GAME.all_cards(s)
    assert zones["terr1:0"] == ["iron-march-camp#1", "shardborn-recruit#2"]
    assert zones["terr1:1"] == ["stone-quarry#3"]


def test_the_rest_shuffled_in_and_hands_of_five_R5():
    """Starting Phase, R5: every Starting card not chosen (the removed two too) goes
    into the deck, decks are shuffled, each player draws 5."""
    s = GAME.new_game(2)
    total = [len(s.deck[q]) + 5 for q in (0, 1)]
    chosen = GAME.parse_action(sorted(legal(s), key=len)[-1])
    s = play(s, chosen.text, "begin")
    assert [len(h) for h in s.hand] == [5, 5] and s.start == [[], []]
    n = len(chosen.targets)
    assert [len(s.deck[q]) for q in (0, 1)] == [total[0] - n - 5, total[1] - 5]


@pytest.mark.parametrize("bonus", ["gold", "card"])
def test_second_player_takes_an_advanced_resource_or_a_card_R7(bonus):
    """Starting Phase, R7: after the hands, the player going second takes one
    advanced resource of their choice or one more card; then the first turn."""
    s = started()
    second = 1 - s.first
    assert who(s) == (second, "bonus")
    assert {
        "bonus research",
        "bonus gold",
        "bonus gemstones",
        "bonus faith",
        "bonus card",
    } == legal(s)
    s = play(s, f"bonus {bonus}")
    assert s.pool[second] == ({"gold": 1} if bonus == "gold" else {})
    assert len(s.hand[second]) == (6 if bonus == "card" else 5)
    assert who(s) == (s.first, "main") and s.turn_no == 1


def test_first_player_chosen_at_random_by_the_seed_R1():
    """R1: the first player is drawn from the seed: the same seed, the same player."""
    firsts = {seed: GAME.new_game(seed).first for seed in range(12)}
    assert set(firsts.values()) == {0, 1}
    assert all(GAME.new_game(seed).first == f for seed, f in firsts.items())


def test_first_player_draws_on_the_first_turn_R8():
    """R8 (Draw Phase): the first player draws on turn 1 too."""
    s = play(started(), "bonus gold")
    assert len(s.hand[s.first]) == 6


def test_starting_cards_begin_in_the_implicit_territory_and_may_attack_turn_1_R9():
    """Territories, R9: Starting cards are built into the implicit territory and
    entered before any turn, so a Starting unit may attack on turn 1."""
    s = pos(
        {
            "start:0": ["iron-march-camp#1", "shardborn-recruit#2", "levy-of-arms#3"],
            "start:1": ["stone-quarry#4"],
        },
        stage="start",
        first="p1",
    )
    s = play(
        s,
        "begin iron-march-camp#1 shardborn-recruit#2 levy-of-arms#3",
        "begin stone-quarry#4",
        "bonus faith",
    )
    zones = GAME.all_cards(s)
    assert zones["terr1:0"] == ["iron-march-camp#1", "shardborn-recruit#2"]
    assert zones["policy:0"] == ["levy-of-arms#3"]
    assert "attack shardborn-recruit#2 stone-quarry#4" in legal(s)


# ----------------------------------------------------------------------- phases


def test_ready_phase_readies_the_turn_players_cards_only():
    """Phases, Ready Phase: the turn player's exhausted cards ready; the other's not."""
    s = duel(
        {"terr1:0": ["toll-collector#3"], "terr1:1": ["toll-collector#4"]},
        exhausted=[FARM, "toll-collector#3", "toll-collector#4"],
    )
    s = play(s, "end")
    assert set(info(s)["exhausted"]) == {FARM, "toll-collector#3"}
    s = play(s, "end")
    assert info(s)["exhausted"] == []


def test_draw_phase_draws_one_card():
    """Phases, Draw Phase: the turn player draws a card from the deck."""
    s = duel({"deck:1": ["windfall#3", "raze#4"]})
    s = play(s, "end")
    assert GAME.all_cards(s)["hand:1"] == ["raze#4"] and who(s) == (1, "main")


def test_end_phase_end_of_turn_abilities():
    """Phases, End Phase: end-of-turn abilities happen (Guild Charter, Upgraded 2)."""
    s = duel({"policy:0": ["guild-charter#3"]}, counters={"guild-charter#3": 2})
    s = play(s, "end")
    assert s.pool[0] == {"gold": 1}


def test_end_phase_units_heal_buildings_keep_damage_R29():
    """Phases, End Phase, R29: every unit in play heals (both players'); buildings
    keep their damage."""
    s = duel(
        {"terr1:0": ["caravan-guard#3"], "terr1:1": ["caravan-guard#4"]},
        damage={"caravan-guard#3": 2, "caravan-guard#4": 1, FARM: 1, QUARRY: 2},
    )
    s = play(s, "end")
    assert info(s)["damage"] == {FARM: 1, QUARRY: 2}


def test_end_phase_discard_down_to_8_R24():
    """Phases, End Phase, R24: with more than 8 cards the turn player discards, one
    card at a time, down to 8; then the next turn."""
    hand = [f"windfall#{i}" for i in range(3, 13)]
    s = duel({"hand:0": hand})
    s = play(s, "end")
    assert who(s) == (0, "discard") and legal(s) == {f"discard {c}" for c in hand}
    s = play(s, "discard windfall#3")
    assert who(s) == (0, "discard")
    e = refusal(s, "discard windfall#3")
    assert e.ruling == "R24"
    s = play(s, "discard windfall#4")
    assert who(s) == (1, "main") and GAME.all_cards(s)["grave:0"] == ["windfall#3", "windfall#4"]


def test_actions_are_refused_outside_their_phase_naming_the_step():
    """Phases: a move for another step is refused naming what is pending now."""
    s = duel({"hand:0": [f"windfall#{i}" for i in range(3, 12)]})
    s = play(s, "end")
    e = refusal(s, "end")
    assert e.ruling == "R24" and "discards down to 8" in e.reason


# ----------------------------------------------------------------------- resources


def test_basic_cost_takes_basic_only_advanced_its_own_type_R3():
    """Resources, R3: a basic cost is paid with basic resources only, an advanced
    cost with its own type only; the refusal says so."""
    s = duel(
        {"hand:0": ["stone-bastion#3", "gilded-sentinel#4"]}, pool={"p1": {"gold": 5, "faith": 3}}
    )
    assert not any(m.startswith("play") for m in legal(s))
    e = refusal(s, "play stone-bastion#3 in 1")
    assert e.ruling == "R3" and "basic cost takes basic" in e.reason
    s = duel({"hand:0": ["gilded-sentinel#4"]}, pool={"p1": {"basic": 2, "faith": 1}})
    assert refusal(s, "play gilded-sentinel#4 in 1").ruling == "R3"
    s = duel({"hand:0": ["gilded-sentinel#4"]}, pool={"p1": {"basic": 2, "gold": 1}})
    s = play(s, "play gilded-sentinel#4 in 1")
    assert s.pool[0] == {}


def test_four_advanced_types_R2():
    """Resources, R2: the advanced types are Research, Gold, Gemstones, Faith."""
    s = duel(pool={"p1": {"basic": 2}})
    assert {m for m in legal(s) if m.startswith("trade")} == {
        "trade research",
        "trade gold",
        "trade gemstones",
        "trade faith",
    }
    e = refusal(s, "trade ember")  # well written, refused by the rules (issue 24)
    assert e.ruling == "trade" and "advanced resource" in e.reason


def test_special_resources_mean_what_their_cards_say():
    """Resources, special: Kindle makes ember, which only ember costs take; it pays
    no basic cost and no Affinity counts it."""
    s = duel({"hand:0": ["kindle#3", "shardborn-recruit#4", "oath-of-embers#5"]})
    s = play(s, "play kindle#3")
    assert s.pool[0] == {"ember": 2}
    assert "play shardborn-recruit#4 in 1" not in legal(s)
    s = play(s, "play oath-of-embers#5")
    assert s.pool[0] == {} and where(s, "oath-of-embers#5") == "policy:0"


def test_basic_resources_start_at_zero():
    """Resources: 'You begin the game with 0 basic resources'."""
    s = started()
    assert s.pool == [{}, {}]


# ----------------------------------------------------------------------- zones


def test_scrap_pile_is_its_own_zone_and_hands_are_hidden():
    """Zones: scrapped cards go to the scrap pile, not the graveyard; a hand is
    hidden from the opponent; the deck from both."""
    s = duel({"hand:0": ["raze#3"], "hand:1": ["windfall#4"]})
    s = play(s, "scrap raze#3")
    assert where(s, "raze#3") == "scrap:0" and GAME.all_cards(s)["grave:0"] == []
    view = GAME.view(s, 0)
    assert view.zones["hand:1"].cards == (None,)
    assert set(view.zones["deck:0"].cards) == {None}


# ----------------------------------------------------------------------- territories


def test_a_building_with_a_territory_card_founds_a_territory():
    """Territories: a building built with a territory card revealed founds a new
    territory; later cards may be played into it."""
    s = duel(
        {"hand:0": ["stone-quarry#3", "iron-hills#4", "shardborn-recruit#5"]},
        pool={"p1": {"basic": 2}},
    )
    assert "play stone-quarry#3 found iron-hills#4" in legal(s)
    s = play(s, "play stone-quarry#3 found iron-hills#4")
    assert GAME.all_cards(s)["terr2:0"] == ["iron-hills#4", "stone-quarry#3"]
    assert info(s)["territory_cards"][0] == {"1": "", "2": "iron-hills#4"}
    s = play(s, "play shardborn-recruit#5 in 2")
    assert GAME.all_cards(s)["terr2:0"][1:] == ["stone-quarry#3", "shardborn-recruit#5"]


def test_units_and_buildings_go_into_a_territory_of_yours():
    """Card Types: 'Units and Building must be played into a Territory'."""
    s = duel({"hand:0": ["shardborn-recruit#3", "windfall#4"]}, pool={"p1": {"basic": 2}})
    e = refusal(s, "play shardborn-recruit#3")
    assert e.ruling == "territories"
    e = refusal(s, "play shardborn-recruit#3 in 3")
    assert e.ruling == "territories" and "no territory 3" in e.reason
    e = refusal(s, "play shardborn-recruit#3 in 9")
    assert e.ruling == "territories" and "no territory 9" in e.reason
    e = refusal(s, "play windfall#4 in 1")
    assert e.ruling == "territories" and "miracle" in e.reason


def test_a_territory_card_is_not_played_alone():
    """Territory: territory cards cannot be played on their own; only a building
    founds a territory."""
    s = duel({"hand:0": ["iron-hills#3", "shardborn-recruit#4"]}, pool={"p1": {"basic": 1}})
    assert refusal(s, "play iron-hills#3").ruling == "territories"
    e = refusal(s, "play shardborn-recruit#4 found iron-hills#3")
    assert e.ruling == "territories" and "Only a building" in e.reason


def test_territory_without_buildings_ceases_other_cards_to_the_graveyard():
    """Territories: a territory whose last building leaves play ceases; its other
    cards and its territory card go to the graveyard."""
    s = duel(
        {"terr2:1": ["stone-quarry#3", "caravan-guard#4"], "hand:0": ["raze#5"]},
        territories={"p2": {2: "iron-hills#6"}},
        pool={"p1": {"basic": 3}},
        damage={"stone-quarry#3": 1},
    )
    s = play(s, "play raze#5 on stone-quarry#3")
    assert GAME.all_cards(s)["grave:1"] == ["stone-quarry#3", "iron-hills#6", "caravan-guard#4"]
    assert info(s)["founded"][1] == [0] and GAME.outcome(s) is None


def test_the_implicit_territory_ceases_too():
    """Territories: 'technically possible for this to happen to your starting
    ("implicit") territory'."""
    s = duel(
        {"terr1:1": ["caravan-guard#3"], "terr2:1": ["bone-rampart#4"], "hand:0": ["raze#5"]},
        territories={"p2": {2: "iron-hills#6"}},
        pool={"p1": {"basic": 3}},
    )
    s = play(s, "play raze#5 on stone-quarry#2")
    assert GAME.all_cards(s)["grave:1"] == [QUARRY, "caravan-guard#3"]
    assert info(s)["founded"][1] == [1] and GAME.outcome(s) is None


def test_implicit_territory_waits_for_its_first_building_R20():
    """R20: a territory that never held a building does not cease; a player who
    began with no building is not beaten until a building of theirs leaves play."""
    s = pos({"start:0": ["shardborn-recruit#1"], "start:1": ["stone-quarry#2"]}, stage="start")
    s = play(s, "begin shardborn-recruit#1", "begin stone-quarry#2")
    assert GAME.all_cards(s)["terr1:0"] == ["shardborn-recruit#1"]
    assert GAME.outcome(s) is None and info(s)["founded"][0] == [0]


def test_a_sixth_territory_and_beyond_clause_territories():
    """Clause territories (seed 003, Territory: "as you build a building, you may reveal
    a territory card"): no limit on territories, so a sixth is founded and shown."""
    cards = [
        "iron-hills#9",
        "gilded-coast#10",
        "ashen-barrows#11",
        "prism-highlands#12",
        "riverlands#13",
    ]
    zones = {f"terr{i + 2}:0": [f"stone-quarry#{i + 3}"] for i in range(4)}
    s = duel(
        {**zones, "hand:0": ["stone-quarry#20", "iron-hills#21"]},
        pool={"p1": {"basic": 1}},
        territories={"p1": {i + 2: cards[i] for i in range(4)}},
    )
    assert GAME.check_options({})["max_territories"] == 0
    s = play(s, "play stone-quarry#20 found iron-hills#21")
    assert info(s)["founded"][0] == [0, 1, 2, 3, 4, 5]
    assert GAME.all_cards(s)["terr6:0"] == ["iron-hills#21", "stone-quarry#20"]
    view = GAME.view(s, 0).zones
    assert "terr6:0" in view and "terr7:0" in view and "terr8:0" not in view


def test_a_kingdom_holds_at_most_the_option_R26():
    """R26, an option off by default (0: no limit): at most `max_territories`."""
    s = duel(
        {"hand:0": ["stone-quarry#3", "iron-hills#4"]},
        pool={"p1": {"basic": 1}},
        options={"max_territories": 1},
    )
    assert "play stone-quarry#3 found iron-hills#4" not in legal(s)
    e = refusal(s, "play stone-quarry#3 found iron-hills#4")
    assert e.ruling == "R26"


# ----------------------------------------------------------------------- card types


@pytest.mark.parametrize(
    "card, verb, zone",
    [
        ("shardborn-recruit#3", "recruits", "terr1:0"),
        ("stone-quarry#3", "constructs", "terr1:0"),
        ("covenant-of-stone#3", "enacts", "policy:0"),
    ],
)
def test_kingdom_cards_stay_in_play(card, verb, zone):
    """Card Types: units are recruited, buildings constructed (into a territory),
    policies enacted (outside the territories)."""
    s = duel({"hand:0": [card]}, pool={"p1": {"basic": 1}})
    text = f"play {card}" + ("" if zone.startswith("policy") else " in 1")
    ev = events(s, text)
    assert any(verb in e.text for e in ev)
    assert where(play(s, text), card) == zone


def test_unit_offence_and_health_building_defence():
    """Card Types: a unit has offence and health, a building defence (the figures)."""
    s = duel({"terr1:0": ["ironclad-legionary#3"]})
    figures = info(s)["figures"]
    assert figures["ironclad-legionary#3"] == [2, 3] and figures[FARM] == [3]


def test_events_resolve_then_go_to_the_graveyard():
    """Card Types, Event cards: applied, then put into the graveyard."""
    s = duel({"hand:0": ["windfall#3"]}, pool={"p1": {"basic": 1}})
    s = play(s, "play windfall#3")
    assert s.pool[0] == {"gold": 1} and where(s, "windfall#3") == "grave:0"


def test_tactic_sorcery_miracle_speeds_R16_R17():
    """R16, R17: a Sorcery at sorcery speed only; a Tactic only in a combat's tricks
    step; a Miracle at both; the defender may play fast cards on its priority."""
    hand0 = ["flanking-charge#5", "raze#6", "windfall#7"]
    s = duel(
        {
            "terr1:0": ["shardborn-recruit#3"],
            "terr1:1": ["caravan-guard#4"],
            "hand:0": hand0,
            "hand:1": ["windfall#8"],
        },
        pool={"p1": {"basic": 9}, "p2": {"basic": 1}},
    )
    moves = legal(s)
    assert "play raze#6 on stone-quarry#2" in moves and "play windfall#7" in moves
    e = refusal(s, "play flanking-charge#5 on shardborn-recruit#3")
    assert e.ruling == "R17" and "only during a combat" in e.reason
    s = play(s, "attack shardborn-recruit#3 stone-quarry#2")
    assert refusal(s, "play windfall#7").ruling == "R16"
    s = play(s, "charge", "hold")
    assert who(s) == (0, "tricks")
    moves = legal(s)
    assert "play flanking-charge#5 on shardborn-recruit#3" in moves
    assert "play windfall#7" in moves
    assert refusal(s, "play raze#6 on stone-quarry#2").ruling == "R17"
    s = play(s, "play windfall#7")
    assert who(s) == (1, "tricks") and "play windfall#8" in legal(s)
    s = play(s, "play windfall#8")
    assert who(s) == (0, "tricks")


def test_an_event_without_a_legal_target_cannot_be_played_R27():
    """R27: an effect with no legal target makes its card unplayable; a wrong
    target is refused naming R27."""
    s = duel({"hand:0": ["dawns-mercy#3", "raze#4"]}, pool={"p1": {"basic": 5, "faith": 1}})
    assert not any(m.startswith("play dawns-mercy") for m in legal(s))
    e = refusal(s, "play raze#4 on hearth-farmstead#1")
    assert e.ruling == "R27" and "not a legal target" in e.reason
    e = refusal(s, "play raze#4")
    assert e.ruling == "R27" and "takes 1 target" in e.reason


# ----------------------------------------------------------------------- basic actions


def test_scrap_once_a_turn_up_to_two_cards_for_their_values():
    """Basic actions, Scrap: 1 or 2 cards with a scrap value to the scrap pile for
    their values; once a turn."""
    s = duel({"hand:0": ["raze#3", "windfall#4", "stone-bastion#5"]})
    assert not any(len(m.split()) > 3 for m in legal(s) if m.startswith("scrap"))
    s = play(s, "scrap raze#3 stone-bastion#5")
    assert s.pool[0] == {"basic": 4}
    assert GAME.all_cards(s)["scrap:0"] == ["raze#3", "stone-bastion#5"]
    e = refusal(s, "scrap windfall#4")
    assert e.ruling == "scrap" and "once a turn" in e.reason
    s = duel({"hand:0": ["raze#3", "windfall#4", "stone-bastion#5"]})
    e = refusal(s, "scrap raze#3 windfall#4 stone-bastion#5")  # seed 003: "up to 2"
    assert e.ruling == "scrap" and "up to 2" in e.reason


def test_trade_two_basic_for_one_advanced():
    """Basic actions, Trade: 2 basic resources for 1 advanced resource of any type."""
    s = duel(pool={"p1": {"basic": 3}})
    s = play(s, "trade gemstones")
    assert s.pool[0] == {"basic": 1, "gemstones": 1}
    e = refusal(s, "trade gold")
    assert e.ruling == "trade" and "2 basic" in e.reason


def test_attack_each_territory_at_most_once_a_turn():
    """Basic actions, Attack: each opposing territory at most once a turn."""
    s = duel(
        {"terr1:0": ["shardborn-recruit#3", "caravan-guard#4"], "terr2:1": ["bone-rampart#5"]},
        territories={"p2": {2: "iron-hills#6"}},
    )
    s = play(s, "attack shardborn-recruit#3 stone-quarry#2", "charge", "hold", "pass", "pass")
    assert info(s)["attacked"] == [0]
    e = refusal(s, "attack caravan-guard#4 stone-quarry#2")
    assert e.ruling == "attack" and "once a turn" in e.reason
    assert "attack caravan-guard#4 bone-rampart#5" in legal(s)


def test_move_a_unit_again_in_the_same_turn_clause_move():
    """Clause move (seed 003, Basic Actions: taken "at any time during the main
    phase"): a unit may move again in the same turn, without exhausting."""
    s = duel(
        {"terr1:0": ["shardborn-recruit#3"], "terr2:0": ["stone-quarry#4"]},
        territories={"p1": {2: "iron-hills#5"}},
    )
    s = play(s, "move shardborn-recruit#3 2", "move shardborn-recruit#3 1")
    assert where(s, "shardborn-recruit#3") == "terr1:0" and info(s)["exhausted"] == []
    assert GAME.check_options({})["move_once"] is False


def test_move_a_unit_to_another_territory_once_a_turn_R18():
    """Basic actions, Move, R18 (an option, off by default): a unit moves between its
    player's territories, once a turn, without exhausting; never during a combat."""
    s = duel(
        {"terr1:0": ["shardborn-recruit#3"], "terr2:0": ["stone-quarry#4"]},
        territories={"p1": {2: "iron-hills#5"}},
        options={"move_once": True},
    )
    assert "move shardborn-recruit#3 2" in legal(s)
    assert refusal(s, "move shardborn-recruit#3 1").ruling == "move"
    s = play(s, "move shardborn-recruit#3 2")
    assert where(s, "shardborn-recruit#3") == "terr2:0" and info(s)["exhausted"] == []
    e = refusal(s, "move shardborn-recruit#3 1")
    assert e.ruling == "R18"


def test_develop_costs_one_plus_counters_R25():
    """Basic actions, Develop, R25: a counter on a building (or a Developable card)
    for 1 basic plus 1 per counter already there; other cards cannot be developed."""
    s = duel(
        {"terr1:0": ["shardborn-recruit#3"], "policy:0": ["guild-charter#4"]},
        counters={FARM: 2},
        pool={"p1": {"basic": 3}},
    )
    s = play(s, f"develop {FARM}")
    assert info(s)["counters"][FARM] == 3 and s.pool[0] == {}
    e = refusal(s, "develop guild-charter#4")
    assert e.ruling == "develop" and "costs 1" in e.reason
    assert refusal(s, "develop shardborn-recruit#3").ruling == "R25"
    s = duel({"policy:0": ["guild-charter#4"]}, pool={"p1": {"basic": 1}})
    assert "develop guild-charter#4" in legal(s)


def test_research_draws_two_and_ends_the_turn_only_first_R19():
    """Basic actions, Research, R19: draw 2 then end the turn (End Phase as usual),
    only if the turn player took no other action (a card played counts)."""
    s = duel({"deck:0": ["raze#3", "windfall#4", "kindle#5"], "hand:0": ["kindle#6"]})
    after = play(s, "research")
    assert GAME.all_cards(after)["hand:0"] == ["kindle#6", "kindle#5", "windfall#4"]
    assert who(after) == (1, "main")
    s = play(s, "play kindle#6")
    assert "research" not in legal(s)
    assert refusal(s, "research").ruling == "R19"


def test_abilities_that_exhaust_may_be_used_the_turn_a_card_enters_R9():
    """R9 (the draft's note): abilities that exhaust may be used at once."""
    s = duel({"hand:0": ["toll-collector#3"]}, pool={"p1": {"basic": 2}})
    s = play(s, "play toll-collector#3 in 1", "use toll-collector#3")
    assert s.pool[0] == {"basic": 1}
    e = refusal(s, "use toll-collector#3")
    assert e.ruling == "phases" and "exhausted" in e.reason


# ----------------------------------------------------------------------- combat


def test_combat_declare_defend_tricks_damage_R10():
    """R10: declare attackers against one territory (each aiming at a building),
    charge; the defender blocks, holds; both pass; damage; the Main Phase goes on."""
    s = duel(
        {"terr1:0": ["shardborn-recruit#3", "ironclad-legionary#4"], "terr1:1": ["caravan-guard#5"]}
    )
    s = play(s, "attack shardborn-recruit#3 stone-quarry#2")
    assert who(s) == (0, "declare")
    assert legal(s) == {"attack ironclad-legionary#4 stone-quarry#2", "charge"}
    s = play(s, "attack ironclad-legionary#4 stone-quarry#2", "charge")
    assert who(s) == (1, "defend")
    s = play(s, "block caravan-guard#5 shardborn-recruit#3", "hold")
    assert who(s) == (0, "tricks")
    s = play(s, "pass")
    assert who(s) == (1, "tricks")
    s = play(s, "pass")
    assert who(s) == (0, "main") and info(s)["combat"] is None
    assert info(s)["damage"] == {"caravan-guard#5": 2, "shardborn-recruit#3": 1, QUARRY: 2}
    assert set(info(s)["exhausted"]) == {"shardborn-recruit#3", "ironclad-legionary#4"}


def test_only_ready_units_in_the_attacked_territory_block_one_each_R11():
    """R11: a ready unit of the attacked territory blocks one attacker; blocking does
    not exhaust; units elsewhere, exhausted ones and a second block are refused."""
    s = duel(
        {
            "terr1:0": ["shardborn-recruit#3", "ironclad-legionary#4"],
            "terr1:1": ["caravan-guard#5", "caravan-guard#6"],
            "terr2:1": ["bone-rampart#7", "caravan-guard#8"],
        },
        territories={"p2": {2: "iron-hills#9"}},
        exhausted=["caravan-guard#6"],
    )
    s = play(
        s,
        "attack shardborn-recruit#3 stone-quarry#2",
        "attack ironclad-legionary#4 stone-quarry#2",
        "charge",
    )
    assert legal(s) == {
        "block caravan-guard#5 shardborn-recruit#3",
        "block caravan-guard#5 ironclad-legionary#4",
        "hold",
    }
    assert refusal(s, "block caravan-guard#8 shardborn-recruit#3").ruling == "R11"
    e = refusal(s, "block caravan-guard#6 shardborn-recruit#3")
    assert e.ruling == "R11" and "exhausted" in e.reason
    s = play(s, "block caravan-guard#5 shardborn-recruit#3")
    e = refusal(s, "block caravan-guard#5 ironclad-legionary#4")
    assert e.ruling == "R11"
    s = play(s, "hold", "pass", "pass")
    assert "caravan-guard#5" not in info(s)["exhausted"]


def test_unblocked_attacker_damages_its_aimed_building_R12():
    """R12: each attacker aims at a building of the territory; unblocked, it damages
    that building; a building elsewhere is no aim."""
    s = duel(
        {
            "terr1:0": ["shardborn-recruit#3"],
            "terr1:1": ["bone-rampart#4"],
            "terr2:1": ["timber-palisade#5"],
        },
        territories={"p2": {2: "iron-hills#6"}},
    )
    s = play(s, "attack shardborn-recruit#3 bone-rampart#4")
    e = refusal(s, "attack shardborn-recruit#3 timber-palisade#5")
    assert e.ruling == "R10"
    s = play(s, "charge", "hold", "pass", "pass")
    assert info(s)["damage"] == {"bone-rampart#4": 2}
    e = refusal(duel({"terr1:0": ["shardborn-recruit#3"]}), f"attack shardborn-recruit#3 {FARM}")
    assert e.ruling == "R12"


def test_lethal_damage_destroys_R28():
    """R28: damage equal to health (defence) destroys; one less does not."""
    s = duel({"terr1:0": ["ironclad-legionary#3"], "terr1:1": ["shardborn-recruit#4"]})
    s = play(
        s,
        "attack ironclad-legionary#3 stone-quarry#2",
        "charge",
        "block shardborn-recruit#4 ironclad-legionary#3",
        "hold",
        "pass",
        "pass",
    )
    assert where(s, "shardborn-recruit#4") == "grave:1"
    assert info(s)["damage"] == {"ironclad-legionary#3": 2}


def test_a_buildings_fall_can_bring_down_another_R28():
    """R28: lethal damage is checked again after a building leaves play: losing
    Stone Bastion's +1 defence destroys a building already holding that much damage."""
    s = duel(
        {"terr1:1": ["stone-bastion#3"], "hand:0": ["raze#4"]},
        pool={"p1": {"basic": 3}},
        damage={"stone-bastion#3": 4, QUARRY: 4},
    )
    assert info(s)["figures"][QUARRY] == [5]
    s = play(s, "play raze#4 on stone-bastion#3")
    assert GAME.all_cards(s)["grave:1"] == ["stone-bastion#3", QUARRY]
    assert GAME.outcome(s).winners == (0,)


def test_a_blocked_attacker_whose_blocker_left_deals_nothing_R30():
    """R30: an attacker stays blocked when its blocker leaves play before damage:
    it deals no damage, unless it has Overwhelm, which carries all of it through."""
    zones = {
        "terr1:0": ["shardborn-recruit#3", "shieldbreaker-knight#4"],
        "terr1:1": ["caravan-guard#5", "caravan-guard#6", "bone-rampart#7"],
        "hand:0": ["ambush#8", "ambush#9"],
    }
    s = duel(zones, pool={"p1": {"basic": 4}}, damage={"caravan-guard#5": 1, "caravan-guard#6": 1})
    s = play(
        s,
        "attack shardborn-recruit#3 bone-rampart#7",
        "attack shieldbreaker-knight#4 bone-rampart#7",
        "charge",
        "block caravan-guard#5 shardborn-recruit#3",
        "block caravan-guard#6 shieldbreaker-knight#4",
        "hold",
        "play ambush#8 on caravan-guard#5",
        "pass",
        "play ambush#9 on caravan-guard#6",
        "pass",
        "pass",
    )
    assert info(s)["damage"] == {"bone-rampart#7": 4}


def test_an_attacker_that_leaves_play_before_damage_deals_and_takes_none_R32():
    """R32: an attacker destroyed during the tricks step (a Smite) deals no damage,
    blocked or not; its blocker takes none and stays in play."""
    zones = {
        "terr1:0": ["shardborn-recruit#3", "caravan-guard#4"],
        "terr1:1": ["caravan-guard#5", "bone-rampart#7"],
        "hand:1": ["smite#8", "smite#9"],
    }
    s = duel(zones, pool={"p2": {"faith": 4}})
    s = play(
        s,
        "attack shardborn-recruit#3 bone-rampart#7",
        "attack caravan-guard#4 bone-rampart#7",
        "charge",
        "block caravan-guard#5 shardborn-recruit#3",
        "hold",
        "pass",
        "play smite#8 on shardborn-recruit#3",
        "pass",
        "play smite#9 on caravan-guard#4",
        "pass",
        "pass",
    )
    assert GAME.all_cards(s)["grave:0"] == ["shardborn-recruit#3", "caravan-guard#4"]
    assert info(s)["damage"] == {} and where(s, "caravan-guard#5") == "terr1:1"


def test_an_aimed_building_that_leaves_play_before_damage_takes_the_attack_away_R33():
    """R33: an attacker whose aimed building left play before damage deals nothing to
    a building (its damage is not moved to another); a blocked one still fights."""
    zones = {
        "terr1:0": ["shardborn-recruit#3", "caravan-guard#4"],
        "terr1:1": ["caravan-guard#5", "bone-rampart#7"],
    }
    s = duel(zones)
    s = play(
        s,
        "attack shardborn-recruit#3 bone-rampart#7",
        "attack caravan-guard#4 bone-rampart#7",
        "charge",
        "block caravan-guard#5 caravan-guard#4",
        "hold",
    )
    gone = s.copy()
    gone.slots[1][0] = [x for x in gone.slots[1][0] if x != 7]  # as a card took it
    gone.grave[1] = [*gone.grave[1], 7]
    s = play(gone, "pass", "pass")
    assert QUARRY not in info(s)["damage"] and "bone-rampart#7" not in info(s)["damage"]
    assert info(s)["damage"]["caravan-guard#5"] >= 1


def test_the_defender_only_blocks_while_attackers_are_declared_and_blocked_R34():
    """R34: during the declaration the attacker alone decides; during the blocks the
    defender may only block or hold; fast cards wait for the tricks step."""
    zones = {
        "terr1:0": ["shardborn-recruit#3"],
        "terr1:1": ["caravan-guard#5"],
        "hand:1": ["ambush#8"],
    }
    s = duel(zones, pool={"p2": {"basic": 2}})
    s = play(s, "attack shardborn-recruit#3 stone-quarry#2")
    assert who(s) == (0, "declare")
    s = play(s, "charge")
    assert who(s) == (1, "defend") and legal(s) == {
        "block caravan-guard#5 shardborn-recruit#3",
        "hold",
    }
    assert refusal(s, "play ambush#8 on shardborn-recruit#3").ruling == "R34"
    s = play(s, "hold", "pass")
    assert "play ambush#8 on shardborn-recruit#3" in legal(s)


def test_wrecker_adds_before_damage_reduction_takes_away_R35():
    """R35: Wrecker X raises the attacker's damage to a building and the building's
    Damage Reduction then lowers that one instance: offence 2, Wrecker 2 against
    Damage Reduction 1 deals 3."""
    s = duel({"terr1:0": ["ram-crew#3"], "terr1:1": ["bone-rampart#4"]})
    rampart = dataclasses.replace(s.defs[4], keywords={"damage_reduction": 1})
    s.defs = (*s.defs[:4], rampart, *s.defs[5:])
    s = play(s, "attack ram-crew#3 bone-rampart#4", "charge", "hold", "pass", "pass")
    assert info(s)["damage"] == {"bone-rampart#4": 3}


# ----------------------------------------------------------------------- keywords


def test_blitz_attacks_the_turn_it_enters_R9():
    """Keywords, Blitz, R9: a unit cannot attack the turn it entered play unless it
    has Blitz."""
    s = duel(
        {"terr1:0": ["shardborn-recruit#3", "marauder-band#4"]},
        new=["shardborn-recruit#3", "marauder-band#4"],
    )
    assert "attack marauder-band#4 stone-quarry#2" in legal(s)
    e = refusal(s, "attack shardborn-recruit#3 stone-quarry#2")
    assert e.ruling == "R9" and "Blitz" in e.reason


def test_damage_reduction_lowers_each_instance():
    """Keywords, Damage Reduction X: each instance of damage to it is X less (combat
    and effects)."""
    s = duel(
        {
            "terr1:0": ["cinder-colossus#3"],
            "terr1:1": ["ironclad-legionary#4"],
            "hand:1": ["ambush#5"],
        },
        pool={"p2": {"basic": 2}},
    )
    s = play(
        s,
        "attack cinder-colossus#3 stone-quarry#2",
        "charge",
        "block ironclad-legionary#4 cinder-colossus#3",
        "hold",
        "pass",
        "play ambush#5 on cinder-colossus#3",
        "pass",
        "pass",
    )
    assert where(s, "ironclad-legionary#4") == "grave:1"
    assert "cinder-colossus#3" not in info(s)["damage"]


def test_hit_and_run_withdraws_when_blocked_R14():
    """Keywords, Hit and Run, R14: once blocked, on its side's priority, it readies
    and leaves the combat; no damage to or from it. Unblocked, it cannot."""
    s = duel(
        {
            "terr1:0": ["outrider-scout#3", "shardborn-recruit#4"],
            "terr1:1": ["ironclad-legionary#5"],
        }
    )
    s = play(
        s,
        "attack outrider-scout#3 stone-quarry#2",
        "attack shardborn-recruit#4 stone-quarry#2",
        "charge",
        "block ironclad-legionary#5 outrider-scout#3",
        "hold",
    )
    assert "withdraw outrider-scout#3" in legal(s)
    assert refusal(s, "withdraw shardborn-recruit#4").ruling == "R14"
    s = play(s, "withdraw outrider-scout#3")
    assert who(s) == (1, "tricks") and "withdraw outrider-scout#3" not in legal(s)
    s = play(s, "pass", "pass")
    assert info(s)["damage"] == {QUARRY: 2}
    assert info(s)["exhausted"] == ["shardborn-recruit#4"]


def test_a_hit_and_run_unit_that_left_play_cannot_withdraw_R14():
    """R14: only an attacker still in the combat withdraws (an Ambush killed it)."""
    s = duel(
        {
            "terr1:0": ["outrider-scout#3"],
            "terr1:1": ["ironclad-legionary#4"],
            "hand:1": ["ambush#5"],
        },
        pool={"p2": {"basic": 2}},
    )
    s = play(
        s,
        "attack outrider-scout#3 stone-quarry#2",
        "charge",
        "block ironclad-legionary#4 outrider-scout#3",
        "hold",
        "pass",
        "play ambush#5 on outrider-scout#3",
    )
    assert where(s, "outrider-scout#3") == "grave:0" and legal(s) == {"pass"}


def test_overwhelm_carries_the_excess_to_the_aimed_building_R13():
    """Keywords, Overwhelm, R13: damage beyond the blocker's remaining health (after
    its Damage Reduction) goes on to the aimed building, with Wrecker X added."""
    s = duel(
        {
            "terr1:0": ["shieldbreaker-knight#3", "iron-warlord#4"],
            "terr1:1": ["caravan-guard#5", "ashen-gravewarden#6"],
            "terr2:1": ["bone-rampart#7"],
        },
        territories={"p2": {2: "iron-hills#8"}},
        damage={"caravan-guard#5": 1},
    )
    # the Warlord gives +1 offence: knight 5 into guard (2 left): 3 through; warlord
    # 6 into gravewarden (3 health, DR 1 -> 5 dealt): 2 through + Wrecker 1
    s = play(
        s,
        "attack shieldbreaker-knight#3 stone-quarry#2",
        "attack iron-warlord#4 stone-quarry#2",
        "charge",
        "block caravan-guard#5 shieldbreaker-knight#3",
        "block ashen-gravewarden#6 iron-warlord#4",
        "hold",
        "pass",
        "pass",
    )
    assert set(GAME.all_cards(s)["grave:1"]) == {QUARRY, "caravan-guard#5", "ashen-gravewarden#6"}


def test_overwhelm_without_excess_deals_nothing_to_the_building():
    """Keywords, Overwhelm, R13: no excess, no damage to the building (nor Wrecker)."""
    s = duel({"terr1:0": ["shieldbreaker-knight#3"], "terr1:1": ["cinder-colossus#4"]})
    s = play(
        s,
        "attack shieldbreaker-knight#3 stone-quarry#2",
        "charge",
        "block cinder-colossus#4 shieldbreaker-knight#3",
        "hold",
        "pass",
        "pass",
    )
    assert QUARRY not in info(s)["damage"]


def test_pillage_gains_one_when_its_damage_destroys_a_building_R15():
    """Keywords, Pillage, R15: damage is added in declaration order; the Pillage unit
    whose damage reaches the defence gains 1 basic resource."""
    zones = {
        "terr1:0": ["shardborn-recruit#3", "marauder-band#4", "spoilhound-pack#5"],
        "terr2:1": ["bone-rampart#6"],
    }
    s = duel(zones, territories={"p2": {2: "iron-hills#7"}}, damage={QUARRY: 1})
    s = play(
        s,
        "attack shardborn-recruit#3 stone-quarry#2",
        "attack marauder-band#4 stone-quarry#2",
        "attack spoilhound-pack#5 stone-quarry#2",
        "charge",
        "hold",
        "pass",
        "pass",
    )
    assert where(s, QUARRY) == "grave:1" and s.pool[0] == {"basic": 1}
    s = duel(zones, territories={"p2": {2: "iron-hills#7"}}, damage={QUARRY: 3})
    s = play(
        s,
        "attack shardborn-recruit#3 stone-quarry#2",
        "attack marauder-band#4 stone-quarry#2",
        "charge",
        "hold",
        "pass",
        "pass",
    )
    assert where(s, QUARRY) == "grave:1" and s.pool[0] == {}


def test_vigilant_readies_at_the_end_of_your_turn():
    """Keywords, Vigilant: at the end of its controller's turn it readies, so it can
    block in the opponent's turn; a plain attacker cannot."""
    s = duel(
        {"terr1:0": ["ironclad-legionary#3", "shardborn-recruit#4"], "terr1:1": ["bone-rampart#5"]}
    )
    s = play(
        s,
        "attack ironclad-legionary#3 bone-rampart#5",
        "attack shardborn-recruit#4 bone-rampart#5",
        "charge",
        "hold",
        "pass",
        "pass",
        "end",
    )
    assert info(s)["exhausted"] == ["shardborn-recruit#4"]


def test_wrecker_adds_to_damage_dealt_to_buildings():
    """Keywords, Wrecker X: its damage to a building is X more; to a unit it is not."""
    s = duel(
        {"terr1:0": ["ram-crew#3"], "terr2:1": ["bone-rampart#4"]},
        territories={"p2": {2: "iron-hills#5"}},
    )
    s = play(s, "attack ram-crew#3 stone-quarry#2", "charge", "hold", "pass", "pass")
    assert where(s, QUARRY) == "grave:1"
    s = duel({"terr1:0": ["ram-crew#3"], "terr1:1": ["cinder-colossus#4"]})
    s = play(
        s,
        "attack ram-crew#3 stone-quarry#2",
        "charge",
        "block cinder-colossus#4 ram-crew#3",
        "hold",
        "pass",
        "pass",
    )
    assert info(s)["damage"] == {"ram-crew#3": 3}


# ----------------------------------------------------------------------- conditions


def test_affinity_needs_each_named_resource():
    """Condition keywords, Affinity X: met when the pool holds the advanced resources
    named, as many of each as named (Dawn Choir: 'affinity faith faith')."""
    s = duel({"terr1:0": ["dawn-choir#3"]}, pool={"p1": {"faith": 1}})
    assert info(s)["figures"]["dawn-choir#3"] == [2, 3]
    s = duel({"terr1:0": ["dawn-choir#3"]}, pool={"p1": {"faith": 2}})
    assert info(s)["figures"]["dawn-choir#3"] == [3, 3]


def test_affinity_gates_an_ability():
    """Condition keywords: 'can only be used ... if the condition is met' (Glassblowers'
    Row's second ability needs gemstones in the pool)."""
    s = duel({"terr1:0": ["glassblowers-row#3"]}, pool={"p1": {"gemstones": 1}})
    assert "use glassblowers-row#3 2" in legal(s)
    s = duel({"terr1:0": ["glassblowers-row#3"]})
    assert "use glassblowers-row#3 2" not in legal(s)
    e = refusal(s, "use glassblowers-row#3 2")
    assert e.ruling == "conditions" and "affinity gemstones" in e.reason


def test_conditions_are_read_once_before_the_effects_R31():
    """R31: a card's conditions are read once its cost is paid, before its first
    effect: Gem Rush's own gemstones do not meet its Affinity gemstones; gemstones
    held before do."""
    s = duel({"hand:0": ["gem-rush#3"]}, pool={"p1": {"basic": 1}})
    assert play(s, "play gem-rush#3").pool[0] == {"gemstones": 1}
    s = duel({"hand:0": ["gem-rush#3"]}, pool={"p1": {"basic": 1, "gemstones": 1}})
    assert play(s, "play gem-rush#3").pool[0] == {"gemstones": 2, "gold": 1}


def test_no_affinity_needs_no_advanced_resource():
    """Condition keywords, No Affinity: met with no advanced resource of any kind
    (special and basic resources do not count)."""
    s = duel({"terr1:0": ["barefoot-novice#3"]}, pool={"p1": {"basic": 3, "ember": 1}})
    assert info(s)["figures"]["barefoot-novice#3"] == [2, 2]
    s = duel({"terr1:0": ["barefoot-novice#3"]}, pool={"p1": {"research": 1}})
    assert info(s)["figures"]["barefoot-novice#3"] == [1, 2]


def test_raiding_needs_fewer_buildings_than_the_opponent():
    """Condition keywords, Raiding: met while you control fewer buildings in total."""
    s = duel({"terr1:0": ["border-reaver#3"], "terr1:1": ["bone-rampart#4"]})
    assert info(s)["figures"]["border-reaver#3"] == [5, 2]
    s = duel({"terr1:0": ["border-reaver#3"]})
    assert info(s)["figures"]["border-reaver#3"] == [3, 2]


def test_upgraded_needs_x_counters_on_this_card():
    """Condition keywords, Upgraded X: met with X or more development counters on it."""
    s = duel({"terr1:0": ["gilded-workshop#3"]}, counters={"gilded-workshop#3": 1})
    assert info(s)["figures"]["gilded-workshop#3"] == [5]
    s = duel({"terr1:0": ["gilded-workshop#3"]}, counters={"gilded-workshop#3": 2})
    assert info(s)["figures"]["gilded-workshop#3"] == [8]


def test_development_is_the_highest_counter_count():
    """Keywords, development: the highest number of development counters among a
    player's kingdom cards."""
    s = duel({"terr1:0": ["stone-quarry#3"]}, counters={FARM: 2, "stone-quarry#3": 5, QUARRY: 6})
    assert (development(s, 0), development(s, 1)) == (5, 6)
    assert development(duel(), 0) == 0


# ----------------------------------------------------------------------- winning


def test_domination_when_the_opponent_has_no_building_left_R21():
    """Win Conditions, Domination, R21: checked as a building leaves play."""
    s = duel({"terr1:0": ["ram-crew#3"]})
    s = play(s, "attack ram-crew#3 stone-quarry#2", "charge", "hold", "pass", "pass")
    out = GAME.outcome(s)
    assert out.winners == (0,) and "Domination" in out.reason
    assert who(s) == (-1, "over")
    assert refusal(s, "end").ruling == "winning"


def test_domination_both_at_once_the_turn_player_wins_R21():
    """R21: when both players are left without a building at the same moment, the
    turn player wins."""
    s = duel(turn="p2")
    s.damage.update({1: 3, 2: 4})  # no shipped card hurts both sides at once
    settle(s, [])
    assert (
        GAME.outcome(s).winners == (1,) and "P1 and P2 have no building" in GAME.outcome(s).reason
    )


def test_prosperity_seven_counters_on_a_grand_card_R22():
    """Win Conditions, Prosperity, R22: the seventh counter on a Grand kingdom card
    wins on the spot; on a card without Grand it does not."""
    s = duel(
        {"terr1:0": ["sunspire-exchange#3"]},
        counters={"sunspire-exchange#3": 6, FARM: 6},
        pool={"p1": {"basic": 14}},
    )
    s = play(s, f"develop {FARM}")
    assert GAME.outcome(s) is None
    s = play(s, "develop sunspire-exchange#3")
    out = GAME.outcome(s)
    assert out.winners == (0,) and "Prosperity" in out.reason


def test_prosperity_by_an_effect_on_a_grand_policy():
    """Win Conditions, Prosperity: counters put by an effect count; a Grand policy
    (Restored Codex) is a kingdom card."""
    s = duel(
        {"policy:0": ["restored-codex#3"]},
        counters={"restored-codex#3": 6},
        pool={"p1": {"research": 1}},
    )
    s = play(s, "use restored-codex#3")
    assert GAME.outcome(s).winners == (0,)


def test_attrition_expends_a_resource_or_loses_R23():
    """Win Conditions, Attrition, R23: drawing from an empty deck expends a resource
    of the player's choice instead; with none, they lose."""
    s = duel({"deck:1": []}, pool={"p2": {"gold": 1, "ember": 1}})
    s = play(s, "end")
    assert who(s) == (1, "expend") and legal(s) == {"expend ember", "expend gold"}
    assert refusal(s, "expend faith").ruling == "R23"
    s = play(s, "expend ember")
    assert s.pool[1] == {"gold": 1} and who(s) == (1, "main")
    s = duel({"deck:1": []})
    s = play(s, "end")
    out = GAME.outcome(s)
    assert out.winners == (0,) and "Attrition" in out.reason


def test_attrition_each_card_of_a_draw_asks_again_R23():
    """R23: each card of a multi-card draw (Research's 2) expends one, chosen before
    the End Phase that Research brings; a single resource type is expended without
    asking; the card that finds nothing to expend loses."""
    s = duel(
        {"deck:0": [], "policy:0": ["guild-charter#3"]},
        counters={"guild-charter#3": 2},
        pool={"p1": {"basic": 1, "ember": 1}},
    )
    s = play(s, "research")
    assert who(s) == (0, "expend") and legal(s) == {"expend basic", "expend ember"}
    s = play(s, "expend ember")
    assert legal(s) == {"expend basic"}
    s = play(s, "expend basic")
    assert who(s) == (1, "main") and s.pool[0] == {"gold": 1}  # End Phase after
    s = play(duel({"deck:0": []}, pool={"p1": {"basic": 2}}), "research")
    assert who(s) == (1, "main") and s.pool[0] == {}
    s = play(duel({"deck:0": []}, pool={"p1": {"basic": 1}}), "research")
    assert GAME.outcome(s).winners == (1,) and "Attrition" in GAME.outcome(s).reason


def test_win_conditions_on_the_spot_R22():
    """R22: a win is decided the moment it happens: Royal Survey's seventh counter on
    the Grand Sunspire Exchange ends the game there; nothing more is legal."""
    s = duel(
        {"terr1:0": ["sunspire-exchange#3"], "hand:0": ["royal-survey#4"]},
        counters={"sunspire-exchange#3": 5},
        pool={"p1": {"basic": 9}},
    )
    s = play(s, "play royal-survey#4 on sunspire-exchange#3")
    assert GAME.outcome(s).winners == (0,) and "Prosperity" in GAME.outcome(s).reason
    assert who(s) == (-1, "over") and legal(s) == set()


def test_cards_without_a_scrap_value_cannot_be_scrapped():
    """Basic actions, Scrap: 'Cards without a scrap value cannot be scrapped'."""
    s = duel({"hand:0": ["raze#3", "windfall#4"]})
    s.defs = (*s.defs[:3], dataclasses.replace(s.defs[3], scrap=0), *s.defs[4:])
    assert {m for m in legal(s) if m.startswith("scrap")} == {"scrap windfall#4"}
    e = refusal(s, "scrap raze#3")
    assert e.ruling == "scrap" and "scrap value" in e.reason


# ----------------------------------------------------------------------- refusals


def _tricks():
    s = duel(
        {
            "terr1:0": ["shardborn-recruit#3", "outrider-scout#4"],
            "terr1:1": ["caravan-guard#5"],
            "hand:0": ["raze#6"],
        },
        pool={"p1": {"basic": 3}},
    )
    return play(s, "attack outrider-scout#4 stone-quarry#2", "charge", "hold")


REFUSALS = [  # (position, action, ruling, part of the reason)
    (lambda: duel({"hand:1": ["raze#3"]}), "play raze#3 on stone-quarry#2", "zones", "own hand"),
    (lambda: duel(), "play raze#99", "zones", "no such card"),
    (
        lambda: duel({"terr1:1": ["toll-collector#3"]}),
        "use toll-collector#3",
        "zones",
        "your own cards",
    ),
    (lambda: duel(), f"use {FARM} 2", "card-types", "no such ability"),
    (
        lambda: duel({"terr1:0": ["march-barracks#3", "shardborn-recruit#4"]}),
        "use march-barracks#3 on shardborn-recruit#4",
        "R3",
        "cannot pay",
    ),
    (
        lambda: duel({"terr1:0": ["border-watchtower#3"]}, pool={"p1": {"basic": 1}}),
        f"use border-watchtower#3 on {FARM}",
        "R27",
        "not a legal target",
    ),
    (
        lambda: duel({"terr1:1": ["caravan-guard#3"]}),
        "attack caravan-guard#3 stone-quarry#2",
        "attack",
        "unit of yours",
    ),
    (
        lambda: duel({"terr1:0": ["shardborn-recruit#3"]}, exhausted=["shardborn-recruit#3"]),
        "attack shardborn-recruit#3 stone-quarry#2",
        "R10",
        "exhausted",
    ),
    (
        lambda: play(
            duel({"terr1:0": ["shardborn-recruit#3"]}), "attack shardborn-recruit#3 stone-quarry#2"
        ),
        "attack shardborn-recruit#3 stone-quarry#2",
        "R10",
        "already attacking",
    ),
    (
        lambda: duel({"terr1:1": ["caravan-guard#3"]}),
        "move caravan-guard#3 1",
        "move",
        "unit of yours",
    ),
    (
        lambda: duel({"hand:0": ["shardborn-recruit#3"]}),
        "scrap shardborn-recruit#3 raze#4",
        "zones",
        "no such card",
    ),
    (lambda: duel({"hand:1": ["raze#3"]}), "scrap raze#3", "scrap", "in your hand"),
    (lambda: duel({"hand:0": ["raze#3"]}), "scrap raze#3 raze#3", "scrap", "different"),
    (lambda: duel(), "develop stone-quarry#2", "R25", "of yours"),
    (lambda: duel(), "charge", "phases", "plays cards and takes basic actions"),
    (
        lambda: play(
            duel({"terr1:0": ["shardborn-recruit#3"]}), "attack shardborn-recruit#3 stone-quarry#2"
        ),
        "end",
        "R10",
        "charges",
    ),
    (
        lambda: play(
            duel({"terr1:0": ["shardborn-recruit#3"]}),
            "attack shardborn-recruit#3 stone-quarry#2",
            "charge",
        ),
        "pass",
        "R11",
        "blocks attackers",
    ),
    (
        lambda: play(
            duel({"terr1:0": ["shardborn-recruit#3"], "terr1:1": ["caravan-guard#4"]}),
            "attack shardborn-recruit#3 stone-quarry#2",
            "charge",
        ),
        "block caravan-guard#4 caravan-guard#4",
        "R11",
        "one of the attackers",
    ),
    (
        lambda: play(
            duel(
                {"terr1:0": ["shardborn-recruit#3", "ram-crew#4"], "terr1:1": ["caravan-guard#5"]}
            ),
            "attack shardborn-recruit#3 stone-quarry#2",
            "charge",
        ),
        "block ram-crew#4 shardborn-recruit#3",
        "R11",
        "unit of yours",
    ),
    (_tricks, "charge", "R16", "fast cards"),
    (_tricks, "play raze#6 on stone-quarry#2", "R17", "fast cards"),
    (_tricks, f"use {FARM}", "R16", "fast ability"),
    (lambda: play(started(), "bonus gold"), "begin", "phases", "plays cards"),
    (lambda: started(), "end", "R7", "advanced resource or a card"),
    (
        lambda: pos(
            {"start:0": ["shardborn-recruit#1"], "start:1": ["stone-quarry#2"]}, stage="start"
        ),
        "end",
        "starting",
        "Starting cards",
    ),
    (
        lambda: play(duel({"deck:1": []}, pool={"p2": {"gold": 1, "faith": 1}}), "end"),
        "end",
        "R23",
        "expends a resource",
    ),
    (
        lambda: duel({"hand:0": ["stone-quarry#3", "raze#4"]}, pool={"p1": {"basic": 1}}),
        "play stone-quarry#3 found raze#4",
        "territories",
        "territory card from your hand",
    ),
    (
        lambda: _retyped(
            pos({"start:0": ["shardborn-recruit#1"], "start:1": ["stone-quarry#2"]}, stage="start"),
            1,
            "tactic",
        ),
        "begin shardborn-recruit#1",
        "R4",
        "Only kingdom cards",
    ),
]


def _retyped(s, card: int, kind: str):
    """`s` with card number `card` made a card of type `kind` (a designer's card)."""
    s.defs = (*s.defs[:card], dataclasses.replace(s.defs[card], type=kind), *s.defs[card + 1 :])
    return s


@pytest.mark.parametrize(
    "make, action, ruling, words", REFUSALS, ids=[f"{r[2]}-{r[1]}" for r in REFUSALS]
)
def test_each_refusal_names_the_rule_that_refuses(make, action, ruling, words):
    """Every refusal kind names its clause or ruling id (IllegalAction.ruling), and
    that id is a clause heading or a ruling row of docs/rules/shards.md."""
    e = refusal(make(), action)
    assert e.ruling == ruling and words.lower() in e.reason.lower(), (e.ruling, e.reason)


def test_every_rule_id_a_refusal_names_is_in_the_rules_page():
    """docs/rules/shards.md: each id explain.py can name is a clause or a ruling."""
    source = (
        Path(__file__).parent.parent / "shrinetable" / "games" / "shards" / "explain.py"
    ).read_text()
    pairs = [
        n.elts
        for n in ast.walk(ast.parse(source))
        if isinstance(n, ast.Tuple) and len(n.elts) == 2 and isinstance(n.elts[1], ast.Constant)
    ]
    named = {
        rule.value
        for words, rule in pairs  # (reason, rule): a sentence first
        if isinstance(words, ast.JoinedStr) or " " in getattr(words, "value", "")
    }
    ids = set(re.findall(r"\(`([a-z-]+)`[;)]", DOC)) | set(re.findall(r"^\| (R\d+) \|", DOC, re.M))
    assert named and named <= ids, named - ids


@pytest.mark.parametrize(
    "keys, loc, words",
    [
        ({"pool": {"p1": {"Gold!": 1}}}, ("pool", "p1", "Gold!"), "not a resource name"),
        ({"damage": {FARM: 3}}, ("damage", FARM), "would be destroyed"),
        ({"stage": "discard"}, ("stage",), "more than 8"),
        ({"stage": "start"}, ("stage",), "laid out"),
        (
            {
                "stage": "defend",
                "combat": {
                    "territory": 1,
                    "attackers": [
                        {"unit": "shardborn-recruit#3", "aim": QUARRY, "withdrawn": True}
                    ],
                },
            },
            ("combat", "attackers", 0, "withdrawn"),
            "tricks",
        ),
        (
            {
                "stage": "declare",
                "combat": {
                    "territory": 1,
                    "attackers": [
                        {"unit": "shardborn-recruit#3", "aim": QUARRY, "blocker": "caravan-guard#4"}
                    ],
                },
            },
            ("combat", "attackers", 0, "blocker"),
            "defend",
        ),
        (
            {
                "stage": "tricks",
                "combat": {
                    "territory": 1,
                    "attackers": [
                        {
                            "unit": "shardborn-recruit#3",
                            "aim": QUARRY,
                            "blocker": "caravan-guard#4",
                            "withdrawn": True,
                        }
                    ],
                },
            },
            ("combat", "attackers", 0, "withdrawn"),
            "Hit and Run",
        ),
        (
            {
                "stage": "defend",
                "combat": {
                    "territory": 1,
                    "priority": "p2",
                    "attackers": [{"unit": "shardborn-recruit#3", "aim": QUARRY}],
                },
            },
            ("combat", "priority"),
            "tricks",
        ),
        (
            {
                "stage": "main",
                "combat": {
                    "territory": 1,
                    "attackers": [{"unit": "shardborn-recruit#3", "aim": QUARRY}],
                },
            },
            ("combat",),
            "declare",
        ),
        (
            {
                "stage": "declare",
                "combat": {
                    "territory": 1,
                    "attackers": [{"unit": "caravan-guard#4", "aim": QUARRY}],
                },
            },
            ("combat", "attackers", 0, "unit"),
            "turn player",
        ),
        ({"territories": {"p1": {2: "iron-hills#9"}}}, ("territories", "p1", 2), "no cards"),
        ({"counters": {"raze#9": 1}}, ("counters", "raze#9"), "not a card in play"),
    ],
)
def test_setup_refuses_positions_that_cannot_be(keys, loc, words):
    """Scenario positions (setup.py): a position the rules could never reach is
    refused naming the key."""
    from shrinetable.engine import SetupError

    with pytest.raises(SetupError) as e:
        duel({"terr1:0": ["shardborn-recruit#3"], "terr1:1": ["caravan-guard#4"]}, **keys)
    assert e.value.loc == loc and words in str(e.value), (e.value.loc, str(e.value))


@pytest.mark.parametrize(
    "zones, loc",
    [
        ({"policy:0": ["shardborn-recruit#5"]}, ("zones", "policy:0", 0)),
        ({"terr1:0": ["covenant-of-stone#5"]}, ("zones", "terr1:0", 1)),
        ({"terr1:1": ["iron-hills#5"]}, ("zones", "terr1:1", 2)),
    ],
)
def test_setup_zones_of_play_hold_their_types(zones, loc):
    """Zones: units and buildings are inside territories, policies outside them."""
    from shrinetable.engine import SetupError

    with pytest.raises(SetupError) as e:
        duel(
            {"terr1:1": ["caravan-guard#4"], **zones}
            if "terr1:1" not in zones
            else {"terr1:1": ["caravan-guard#4", *zones["terr1:1"]]}
        )
    assert e.value.loc == loc, (e.value.loc, str(e.value))


def test_a_combat_position_counts_as_an_action_R19():
    """R19: a position with an attack under way has used the turn's first action."""
    s = duel(
        {"terr1:0": ["shardborn-recruit#3"]},
        stage="tricks",
        combat={"territory": 1, "attackers": [{"unit": "shardborn-recruit#3", "aim": QUARRY}]},
    )
    s = play(s, "pass", "pass")
    assert "research" not in legal(s)


def test_repair_of_an_undamaged_card_does_nothing():
    """Card text: Timber Palisade's Ready Phase repair says nothing when undamaged."""
    s = duel({"terr1:0": ["timber-palisade#3"]}, turn="p2")
    assert not any(e.kind == "repair" for e in events(s, "end"))
    s = duel({"terr1:0": ["timber-palisade#3"]}, turn="p2", damage={"timber-palisade#3": 2})
    assert play(s, "end").damage == {3: 1}


@pytest.mark.parametrize(
    "zones, keys, loc",
    [
        ({"start:0": ["raze#1"]}, {"stage": "start"}, ("zones", "start:0", 0)),
        ({"start:0": ["sunspire-exchange#1"]}, {"stage": "start"}, ("zones", "start:0", 0)),
        (
            {
                "start:0": [
                    "stone-quarry#1",
                    "iron-march-camp#2",
                    "timber-palisade#3",
                    "hearth-farmstead#4",
                ]
            },
            {
                "stage": "start",
                "picks": {
                    "p1": [
                        "stone-quarry#1",
                        "iron-march-camp#2",
                        "timber-palisade#3",
                        "hearth-farmstead#4",
                    ]
                },
            },
            ("picks", "p1"),
        ),
        (
            {"start:0": ["stone-quarry#1"]},
            {"stage": "start", "picks": {"p1": ["raze#5"]}},
            ("picks", "p1", 0),
        ),
        (
            {"start:0": ["stone-quarry#1"], "start:1": ["hearth-farmstead#2"]},
            {"stage": "start", "committed": ["p1", "p2"]},
            ("stage",),
        ),
    ],
)
def test_setup_starting_phase_positions(zones, keys, loc):
    """Scenario positions: start:N holds Starting cards; picks follow R4; a Starting
    Phase waits for a seat that has not committed."""
    from shrinetable.engine import SetupError

    with pytest.raises(SetupError) as e:
        pos(zones, **keys)
    assert e.value.loc == loc, (e.value.loc, str(e.value))


def test_a_scenario_file_for_every_clause():
    """tests/scenarios/shards holds a file for each clause, keyword, condition and win."""
    stems = {p.stem for p in (Path(__file__).parent / "scenarios" / "shards").glob("*.toml")}
    assert {
        "starting_choice",
        "starting_secret",
        "second_player_bonus",
        "turn",
        "end_phase",
        "discard_to_eight",
        "resources_by_type",
        "special_resource",
        "scrap",
        "trade",
        "found_territory",
        "territory_ceases",
        "implicit_ceases",
        "implicit_waits",
        "territory_limit",
        "card_types",
        "speeds",
        "targets",
        "attack_once",
        "move",
        "develop",
        "research",
        "combat",
        "blocking",
        "aim",
        "lethal",
        "blocker_gone",
        "blitz",
        "damage_reduction",
        "hit_and_run",
        "overwhelm",
        "pillage",
        "vigilant",
        "wrecker",
        "affinity",
        "no_affinity",
        "raiding",
        "upgraded",
        "domination",
        "prosperity",
        "attrition",
    } <= stems


MALFORMED = """game = "shards"
seats = 2
pool = { p1 = { basic = 2 } }
damage = { "caravan-guard#3" = 1 }

[zones]
"terr1:0" = ["hearth-farmstead#1"]
"terr1:1" = ["stone-quarry#2", "caravan-guard#3"]
"""


@pytest.mark.parametrize(
    "old, new, key, line",
    [
        ("basic = 2", "Basic = 2", "pool.p1.Basic", 3),
        ('"caravan-guard#3" = 1', '"caravan-guard#3" = 3', "damage.caravan-guard#3", 4),
        ('"stone-quarry#2", ', '"stone-quarry#2", "raze#4", ', "zones.terr1:1[1]", 8),
        ("[zones]", 'stage = "expend"\n[zones]', "stage", 6),
    ],
)
def test_a_malformed_shards_scenario_names_file_key_and_line(tmp_path, capsys, old, new, key, line):
    """docs/scenarios.md, Shards positions: a position that cannot be is exit 2 with
    `FILE:LINE: KEY: message`."""
    from shrinetable.cli import main

    path = tmp_path / "bad.toml"
    path.write_text(MALFORMED.replace(old, new))
    assert main(["scenario", str(path)]) == 2
    assert f"{path}:{line}: {key}: " in capsys.readouterr().err


def _marks(s) -> str:
    """Everything a step may change, written out (the rng and the caches aside)."""
    return repr(
        [
            s.deck,
            s.hand,
            s.grave,
            s.scrap,
            s.slots,
            s.policies,
            s.pool,
            s.start,
            s.picks,
            s.committed,
            s.counters,
            s.damage,
            s.pump,
            s.exhausted,
            s.entered,
            s.moved,
            s.attacked,
            s.stage,
            s.resume,
            s.owing,
            s.turn,
            s.turn_no,
            s.scrapped,
            s.acted,
            s.combat,
            s.result,
        ]
    )


def test_a_step_leaves_the_state_it_started_from_as_it_was():
    """The copy a step makes shares the piles it changes only by making new ones
    (state.py): every legal action, taken from positions all through seeded random
    games, leaves the position it was taken from unchanged."""
    import random

    for seed in range(8):
        s, rng = GAME.new_game(seed), random.Random(seed)
        while GAME.outcome(s) is None and s.turn_no <= 40:
            before = _marks(s)
            for a in GAME.legal_actions(s):
                GAME.apply(s, a)
            assert _marks(s) == before, (seed, s.turn_no, s.stage)
            s, _ = GAME.apply(s, rng.choice(GAME.legal_actions(s)))
