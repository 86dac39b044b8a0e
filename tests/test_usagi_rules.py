"""The Usagi card game's rules, clause by clause and ruling by ruling (seed 004,
docs/rules/usagi.md). Each test's docstring names the clause id (in backquotes in
the rules page) or the ruling (U1...) it checks. Positions are built with the
scenario hook (tests/usagi_helpers.py); the same clauses have scenario files under
tests/scenarios/usagi/.
"""

from __future__ import annotations

import random
import re
from pathlib import Path

import pytest
from rulingdocs import uncited_rulings
from usagi_helpers import events, info, legal, passes, play, pos, refusal, where, who

from shrinetable.engine import REVEAL, NotationError
from shrinetable.games.usagi import GAME
from shrinetable.games.usagi.cards import catalog, definitions
from shrinetable.games.usagi.decks import FILES
from shrinetable.games.usagi.rules import POOL
from shrinetable.games.usagi.schema import Deck

problems = FILES.problems

DOC = (Path(__file__).parent.parent / "docs" / "rules" / "usagi.md").read_text()
KAITO, SWORD, DUELIST, GUARD = (
    "kaito-the-drifting-blade#1",
    "wandering-swordsman#2",
    "scarred-duelist#3",
    "roadside-bodyguard#4",
)
ENVOY, FARMER, THIEF = "court-envoy#11", "rice-farmer#12", "lantern-thief#13"
RAID, ESCORT, FESTIVAL = "bandit-raid#21", "escort-the-envoy#22", "festival-of-lanterns#23"
FLOOD = "flood-on-the-river#24"


def started(seed: int = 1, seats: int = 2, **options):
    """A new game with the cut passed by everyone: the first turn's discard step."""
    s = GAME.new_game(seed, options or None, seats)
    while who(s)[1] == "cut":
        s = play(s, "pass")
    return s


# ----------------------------------------------------------------------- the rules page


def test_every_ruling_has_a_row_and_a_test():
    """docs/rules/usagi.md: each ruling U1.. has a table row and a test citing it."""
    assert uncited_rulings(DOC, "U", __file__) == []


def test_every_clause_has_a_test():
    """Every clause id of the rules page is cited by a test here."""
    short = DOC.split("## The rules in short")[1].split("## Rulings")[0]
    clauses = set(re.findall(r"\(`([a-z-]+)`", short)) | {"zones"}
    text = Path(__file__).read_text()
    missing = {c for c in clauses if f"`{c}`" not in text}
    assert not missing, missing


def test_zones_are_the_view_contract():
    """`zones`: eight zones per seat, named kind:i, for 2 to 6 seats."""
    assert GAME.zones(3)[:8] == [
        "deck:0",
        "hand:0",
        "field:0",
        "rest:0",
        "dead:0",
        "chronicle:0",
        "event:0",
        "involved:0",
    ]
    assert len(GAME.zones(6)) == 48
    keys = {
        "first",
        "phase",
        "step",
        "turn",
        "finished",
        "honor",
        "ryo",
        "pool",
        "pool_start",
        "tokens",
        "stricken",
        "attached",
        "owner",
        "ratings",
        "stack",
        "contest",
        "committed",
        "heroes",
    }
    assert keys <= set(info(started()))


# ----------------------------------------------------------------------- setup


def test_decks_size_copies_and_restricted():
    """`decks`: at least 30 cards, at most 3 copies, at most X of Restricted: X."""
    cards = catalog()[0]
    bad = Deck(name="x", cards={"old-sensei-rokuro": 2, "wandering-swordsman": 4})
    out = problems(bad, cards)
    assert any("at least 30" in m for m in out)
    assert any("Restricted: 1" in m for m in out)
    assert any("at most 3" in m for m in out)
    for d in catalog()[1]:
        assert problems(d, cards) == [] and sum(d.cards.values()) >= 30


@pytest.mark.parametrize("seats", [2, 3, 4, 5, 6])
def test_pool_by_player_count_and_hands_of_six(seats):
    """`pool` and `setup`: the neutral pool by player count; hands of 6 after the cut."""
    s = started(seats=seats)
    assert info(s)["pool"] == info(s)["pool_start"] == POOL[seats]
    assert POOL == {2: 19, 3: 26, 4: 31, 5: 34, 6: 35}
    assert all(len(h) == 6 for h in s.hand)
    assert info(s)["phase"] == "initiation" and info(s)["step"] == "discard"


def test_cut_offered_to_the_right_deck_by_deck():
    """`cut` (U1): the seat before each deck's owner decides cut or pass, deck by
    deck from p1's; the option cut=false skips it."""
    s = GAME.new_game(4, None, 3)
    assert who(s) == (2, "cut") and legal(s) == {"cut", "pass"}
    s = play(s, "cut")
    assert who(s) == (0, "cut")
    s = play(s, "pass")
    assert who(s) == (1, "cut")
    assert who(GAME.new_game(4, {"cut": False}, 3))[1] == "discard"


def test_first_player_at_random():
    """`setup`: the first player is chosen at random (seeded)."""
    firsts = {info(started(seed, seats=4))["first"] for seed in range(12)}
    assert len(firsts) > 1


# ----------------------------------------------------------------------- initiation


def test_produce_only_from_cards_in_play():
    """`produce`: a kept Hero produces; with nothing in play nobody produces."""
    s = pos({"field:0": [KAITO], "hand:1": ["rice-farmer#30"]}, phase="conclusion", step="hero")
    s = play(s, f"hero {KAITO}")
    assert info(s)["honor"] == [2, 0] and info(s)["ryo"] == [0, 0]


def test_refresh_and_no_cards_from_hand_in_the_initiation():
    """`refresh` and `initiation`: stricken cards refresh as a turn begins; no card is
    played from hand during the initiation."""
    s = pos(
        {"field:0": [KAITO], "hand:0": [SWORD]}, phase="conclusion", step="hero", stricken=[KAITO]
    )
    s = play(s, f"hero {KAITO}")
    assert info(s)["stricken"] == [] and who(s)[1] == "discard"
    err = refusal(s, f"play {SWORD}")
    assert err.ruling == "initiation"


def test_a_moment_of_the_initiation_is_played_at_the_discard_step_U28():
    """Ruling U28 (3.1, "unless a card specifically states otherwise"): a Moment with
    the `initiation` condition is offered at its player's discard step, between
    discards, and resolves at once; the propose step and the other seat's discard
    step do not offer it."""
    dawn = "dawn-meditation#31"
    s = pos({"hand:0": [dawn, SWORD]}, phase="initiation", step="discard")
    assert legal(s) == {"discard", f"discard {SWORD}", f"discard {dawn}", f"play {dawn}"}
    s = play(s, f"discard {SWORD}", f"play {dawn}")
    assert who(s) == (0, "discard") and GAME.all_cards(s)["rest:0"] == [SWORD, dawn]
    assert f"play {dawn}" not in legal(pos({"hand:0": [dawn]}, phase="initiation", step="propose"))
    assert (
        refusal(pos({"hand:0": [dawn]}, phase="initiation", step="propose"), f"play {dawn}").ruling
        == "initiation"
    )


def test_discard_one_with_a_hero_any_number_without():
    """`discard`: one card or none with a Hero in play; any number without one, one
    at a time (U27): the list holds each card and `discard`, never a set of cards."""
    s = pos(
        {"field:0": [KAITO], "hand:0": [SWORD, DUELIST, GUARD]}, phase="initiation", step="discard"
    )
    every = {"discard", f"discard {SWORD}", f"discard {DUELIST}", f"discard {GUARD}"}
    assert legal(s) == every
    s = play(s, f"discard {SWORD}")
    assert who(s) == (1, "discard")  # a Hero in play: the first card ends it
    s = pos({"hand:0": [SWORD, DUELIST, GUARD]}, phase="initiation", step="discard")
    assert legal(s) == every
    s = play(s, f"discard {SWORD}")
    assert who(s) == (0, "discard") and legal(s) == every - {f"discard {SWORD}"}
    s = play(s, f"discard {GUARD}", "discard")
    assert GAME.all_cards(s)["rest:0"] == [SWORD, GUARD] and who(s) == (1, "discard")
    s = pos({"hand:0": [SWORD]}, phase="initiation", step="discard")
    assert who(play(s, f"discard {SWORD}")) == (1, "discard")  # no card left: done
    with pytest.raises(NotationError, match="one at a time"):
        GAME.parse_action(f"discard {SWORD} {GUARD}")


def test_draw_to_six_and_reshuffle_on_the_last_card():
    """`draw` and `reshuffle` (U21): draw up to 6; drawing the last card of the deck
    shuffles the rest pile into a new deck at once, and drawing goes on."""
    s = pos(
        {
            "hand:0": [SWORD],
            "deck:0": [DUELIST, GUARD],
            "rest:0": [ENVOY, FARMER, THIEF, "wandering-priest#14", "fox-spirit#15"],
            "hand:1": [],
        },
        phase="initiation",
        step="discard",
    )
    s = play(s, "discard", "discard")
    assert len(s.hand[0]) == 6 and s.rest[0] == [] and len(s.deck[0]) == 2
    # the last card drawn with nothing more needed still makes a new deck at once
    s = pos(
        {
            "hand:0": [SWORD, DUELIST, GUARD, ENVOY, FARMER],
            "deck:0": [THIEF],
            "rest:0": ["wandering-priest#14"],
            "hand:1": [],
        },
        phase="initiation",
        step="discard",
    )
    s = play(s, "discard", "discard")
    assert len(s.hand[0]) == 6 and [s.names[c] for c in s.deck[0]] == ["wandering-priest#14"]


def test_proposals_secret_then_revealed_together():
    """`propose` and `reveal` (U9): each seat commits a proposal unseen, first player
    first; the others still count it in the hand; all are revealed together."""
    s = pos(
        {"hand:0": [RAID, SWORD], "hand:1": [ESCORT, ENVOY]}, phase="initiation", step="propose"
    )
    assert who(s) == (0, "propose") and GAME.decision(s).secret
    s = play(s, f"propose {RAID}")
    other = GAME.view(s, 1)
    assert other.zones["hand:0"].cards == (None, None) and other.zones["event:0"].cards == ()
    assert GAME.view(s, 0).zones["event:0"].cards == (RAID,)
    assert info(s)["committed"] == [True, False]
    evs = events(s, "propose")
    assert any(e.kind == REVEAL and e.cards == (RAID,) for e in evs)
    s = play(s, "propose")
    assert GAME.all_cards(s)["event:0"] == [RAID]
    assert info(s)["phase"] == "actions" and who(s) == (0, "action")


def test_a_seat_holding_a_story_event_proposes_another():
    """`propose`, `story` (seed 004, 2.5: "You may place an Event from your hand"): a
    seat whose Story Event is unresolved proposes a new Event too; on the reveal both
    are in its Event field, every card still in one zone."""
    s = pos(
        {"event:0": [FLOOD], "hand:0": [RAID], "hand:1": [ESCORT]},
        phase="initiation",
        step="discard",
    )
    s = play(s, "discard", "discard")
    assert who(s) == (0, "propose") and f"propose {RAID}" in legal(s)
    before = sorted(c for cards in GAME.all_cards(s).values() for c in cards)
    s = play(s, f"propose {RAID}", f"propose {ESCORT}")
    assert GAME.all_cards(s)["event:0"] == [FLOOD, RAID]
    assert sorted(c for cards in GAME.all_cards(s).values() for c in cards) == before
    assert info(s)["phase"] == "actions"


def test_a_position_at_the_proposals_keeps_the_story_event_on_the_reveal():
    """`story`: a position starting at the propose step with a Story Event in play:
    the Story Event and the Character involved with it stay on the reveal."""
    s = pos(
        {"event:0": [FLOOD], "involved:0": [FARMER], "hand:0": [RAID], "hand:1": [ESCORT]},
        phase="initiation",
        step="propose",
    )
    s = play(s, f"propose {RAID}", "propose")
    zones = GAME.all_cards(s)
    assert zones["event:0"] == [FLOOD, RAID] and zones["involved:0"] == [FARMER]
    s = play(s, "finished")
    assert where(s, FARMER) == "involved:0"


def test_a_seat_holding_a_story_event_proposes_no_other_with_the_U8_option():
    """U8, kept as the option `story_blocks` (off by default): a seat whose Story
    Event is still in play is skipped in the proposals."""
    assert GAME.check_options({})["story_blocks"] is False
    s = pos(
        {"event:0": [FLOOD], "hand:0": [RAID], "hand:1": [ESCORT]},
        phase="initiation",
        step="discard",
        options={"story_blocks": True},
    )
    s = play(s, "discard", "discard")
    assert who(s) == (1, "propose")


# ----------------------------------------------------------------------- actions


def test_play_a_character_pays_its_cost_and_enters_on_resolution():
    """`play` and `costs`: the cost is paid when declared; the Character enters its
    field when the stack resolves; too dear a card is refused."""
    s = pos({"hand:0": [DUELIST, SWORD]}, honor={"p1": 1})
    assert f"play {DUELIST}" in legal(s)
    s = play(s, f"play {DUELIST}")
    assert info(s)["honor"] == [0, 0] and info(s)["stack"][0]["card"] == DUELIST
    s = passes(s)
    assert where(s, DUELIST) == "field:0" and who(s) == (1, "action")
    s = pos({"hand:0": [DUELIST]})
    assert refusal(s, f"play {DUELIST}").ruling == "costs"


def test_titles_are_unique_on_the_whole_table():
    """`unique` (U13): a Character whose title is in play anywhere is not played."""
    s = pos({"field:1": ["wandering-swordsman#5"], "hand:0": [SWORD]})
    assert f"play {SWORD}" not in legal(s)
    assert refusal(s, f"play {SWORD}").ruling == "unique"


def test_attachments_go_on_own_characters_and_settings_on_events():
    """`attachments` (U16, U3): a Possession on one of your Characters, a Setting on
    an Event in the Event field; its ratings count only where the Event shows them."""
    s = pos(
        {
            "field:0": [KAITO],
            "field:1": [ENVOY],
            "event:1": [FESTIVAL],
            "hand:0": ["heirloom-katana#31", "crowded-festival#32"],
        },
        honor={"p1": 5},
    )
    plays = {t for t in legal(s) if t.startswith("play")}
    assert plays == {
        f"play heirloom-katana#31 on {KAITO}",
        f"play crowded-festival#32 on {FESTIVAL}",
    }
    s = passes(play(s, f"play crowded-festival#32 on {FESTIVAL}"))
    assert info(s)["ratings"][FESTIVAL] == {"ceremony": 1}  # +1 Intrigue ignored
    assert info(s)["attached"] == {"crowded-festival#32": FESTIVAL}


def test_an_attachment_whose_card_left_goes_to_the_rest_pile():
    """`attachments` (U16): the card it was going on left play before it resolved."""
    s = pos(
        {
            "event:0": [RAID],
            "involved:0": [SWORD],
            "hand:0": ["heirloom-katana#31"],
            "hand:1": ["sudden-rain#33"],
            "field:1": [ENVOY],
        },
        honor={"p1": 1},
    )
    s = play(s, f"play heirloom-katana#31 on {SWORD}")
    assert where(s, "heirloom-katana#31") == "field:0"  # in front of p1, pending
    s = passes(play(s, f"play sudden-rain#33 on {SWORD}"))
    assert info(s)["attached"] == {"heirloom-katana#31": SWORD}  # withdrawn, still in play
    s = pos(
        {
            "event:0": [RAID],
            "involved:0": [SWORD],
            "hand:0": ["heirloom-katana#31"],
            "hand:1": ["ambush#33"],
            "field:1": [ENVOY],
        },
        honor={"p1": 1, "p2": 1},
    )
    s = play(s, f"play heirloom-katana#31 on {SWORD}")
    assert legal(s) == {"pass"}  # Ambush is an Action Moment
    s = pos(
        {
            "event:0": [RAID],
            "involved:0": [SWORD],
            "hand:0": ["heirloom-katana#31"],
            "field:1": ["rooftop-shadow#34"],
        },
        honor={"p1": 1},
        ryo={"p2": 1},
    )
    s = play(s, f"play heirloom-katana#31 on {SWORD}", f"use rooftop-shadow#34 on {SWORD}")
    s = passes(s)
    assert where(s, SWORD) == "rest:0" and where(s, "heirloom-katana#31") == "rest:0"
    assert info(s)["attached"] == {}


def test_a_moment_whose_target_left_does_nothing():
    """`targets`: the target of a Moment is chosen when played; gone when it resolves,
    the Moment does nothing (and still goes to the rest pile)."""
    s = pos(
        {
            "event:0": [RAID],
            "involved:0": [SWORD],
            "hand:0": ["second-wind#31"],
            "field:1": ["rooftop-shadow#34"],
        },
        ryo={"p2": 1},
    )
    s = play(s, f"play second-wind#31 on {SWORD}")
    evs = events(s, f"use rooftop-shadow#34 on {SWORD}")  # nobody is left to respond
    s = play(s, f"use rooftop-shadow#34 on {SWORD}")
    assert [e.kind for e in evs if e.kind in ("exhaust", "fizzle")] == ["exhaust", "fizzle"]
    assert where(s, SWORD) == "rest:0" and where(s, "second-wind#31") == "rest:0"


def test_abilities_strike_their_card_and_need_it_refreshed():
    """`abilities`, `strike` (U17): a voluntary ability of a card you control, its
    strike a cost; a stricken card's strike ability is not offered."""
    s = pos({"event:0": [RAID], "involved:0": [KAITO]})
    s = passes(play(s, f"use {KAITO}"))
    assert info(s)["stricken"] == [KAITO] and info(s)["ratings"][KAITO]["combat"] == 6
    s = pos({"event:0": [RAID], "involved:0": [KAITO]}, stricken=[KAITO])
    assert f"use {KAITO}" not in legal(s)
    assert refusal(s, f"use {KAITO}").ruling == "strike"


def test_an_ability_never_refreshes_the_card_it_struck():
    """`strike` (U12): River Ferryman refreshes another Character, not itself."""
    s = pos({"field:0": ["river-ferryman#31", SWORD]}, stricken=[SWORD])
    assert legal(s) & {f"use river-ferryman#31 on {SWORD}"}
    assert "use river-ferryman#31 on river-ferryman#31" not in legal(s)


def test_involve_needs_a_shared_rating_and_a_refreshed_character():
    """`involve`: a refreshed Character from your field, with an Event sharing one of
    its ratings (a 0 counts, an unprinted one does not)."""
    s = pos(
        {"field:0": [KAITO, ENVOY, FARMER], "event:1": ["bring-in-the-harvest#25"]},
        stricken=[FARMER],
    )
    inv = {t for t in legal(s) if t.startswith("involve")}
    assert inv == {f"involve {KAITO} bring-in-the-harvest#25"}  # Labor 0 counts
    assert refusal(s, f"involve {ENVOY} bring-in-the-harvest#25").ruling == "involve"
    assert refusal(s, f"involve {FARMER} bring-in-the-harvest#25").ruling == "involve"
    s = passes(play(s, f"involve {KAITO} bring-in-the-harvest#25"))
    assert where(s, KAITO) == "involved:1" and KAITO not in info(s)["stricken"]


def test_a_character_struck_in_response_is_not_involved():
    """`involve` (U14): on resolution the Character must still be refreshed."""
    s = pos(
        {
            "field:0": [SWORD],
            "event:0": [RAID],
            "field:1": [ENVOY],
            "hand:1": ["bribe-the-guards#31"],
        },
        ryo={"p2": 1},
    )
    s = play(s, f"involve {SWORD} {RAID}", f"play bribe-the-guards#31 on {SWORD}")
    s = passes(s)
    assert where(s, SWORD) == "field:0" and info(s)["stricken"] == [SWORD]


def test_responses_go_round_from_the_left_until_all_pass_and_resolve_last_first():
    """`respond` and `stack`: responders from the acting player's left, the acting
    player included; every seat passing in a row resolves the stack, last first."""
    s = pos(
        {
            "event:0": [RAID],
            "involved:0": [SWORD],
            "hand:0": ["second-wind#31", FESTIVAL],
            "hand:1": ["hidden-passage#32"],
            "hand:2": ["harvest-song#33"],
            "field:1": [ENVOY],
            "field:2": [FARMER],
        },
        seats=3,
    )
    s = play(s, f"play second-wind#31 on {SWORD}")
    assert who(s) == (1, "respond")
    s = play(s, "pass")
    assert who(s) == (2, "respond")
    s = play(s, "pass")
    assert who(s) == (0, "respond")
    s = play(s, "pass")
    assert info(s)["ratings"][SWORD] == {"combat": 4} and who(s) == (1, "action")


def test_action_moments_are_never_responses():
    """`moments`: an Action Moment is played only as an action; Characters never
    respond."""
    s = pos(
        {"field:0": [SWORD], "hand:1": ["ambush#31", DUELIST], "field:1": [ENVOY]}, honor={"p2": 3}
    )
    s = play(s, "finished")
    s2 = pos(
        {
            "field:0": [SWORD],
            "hand:0": ["hidden-passage#30"],
            "hand:1": ["ambush#31", DUELIST],
            "field:1": [ENVOY],
            "event:0": [RAID],
            "involved:0": [GUARD],
        },
        honor={"p2": 3},
    )
    s2 = play(s2, f"play hidden-passage#30 on {GUARD}")
    assert legal(s2) == {"pass"}
    assert refusal(s2, f"play ambush#31 on {SWORD}").ruling == "moments"
    assert f"play ambush#31 on {SWORD}" in legal(s)


def test_finishing_and_the_new_first_player():
    """`actions` and `finished` (U11): actions go round clockwise; a finished seat
    acts no more but responds; the first to
    finish is the first player at once; all finished, the conclusion."""
    s = pos({"field:0": [SWORD], "field:1": [ENVOY]}, seats=3, first="p1")
    s = play(s, "finished")
    assert info(s)["first"] == 0
    s = play(s, "finished")
    assert who(s) == (2, "action") and info(s)["first"] == 0
    s = pos({"field:0": [SWORD], "field:1": [ENVOY]}, seats=3, turn="p2", first="p1")
    s = play(s, "finished")
    assert info(s)["first"] == 1 and who(s) == (2, "action")


def test_a_silent_seat_passes_without_being_asked():
    """`respond` (U19): a seat with no card in hand and no usable ability is passed."""
    s = pos({"field:0": [SWORD], "hand:0": [GUARD, RAID], "hand:1": []})
    s = play(s, f"play {GUARD}")
    assert who(s) == (0, "respond")
    s = pos({"field:0": [SWORD], "hand:0": [GUARD], "hand:1": []})
    s = play(s, f"play {GUARD}")
    assert who(s) == (1, "action") and where(s, GUARD) == "field:0"


# ----------------------------------------------------------------------- conclusion


def conclude(zones, seats=2, **keys):
    """A position with every seat but p1 finished; p1 finishes: the conclusion, each
    winner taking every extra token its score effects offer (U30)."""
    fin = [f"p{q + 1}" for q in range(1, seats)]
    s = pos(zones, seats=seats, finished=fin, **keys)
    return take_all(play(s, "finished"))


def take_all(s):
    """Every extra chronicle token offered is taken (the score step, U30)."""
    while who(s)[1] == "score":
        s = play(s, f"extra {s.contest.extra}")
    return s


def test_contenders_exceed_every_rating_the_event_shows():
    """`contest` (U2): per rating: Combat 0 and Diplomacy 0 both need more than 0."""
    s = conclude({"event:0": [ESCORT], "involved:0": [SWORD]})
    assert where(s, ESCORT) == "rest:0" and info(s)["tokens"] == [0, 0]
    s = conclude({"event:0": [ESCORT], "involved:0": [SWORD, ENVOY]})
    assert where(s, ESCORT) == "chronicle:0" and info(s)["tokens"] == [2, 0]


def test_the_highest_total_of_the_events_ratings_wins():
    """`contest`: several contenders; the highest total of the Event's ratings wins,
    other ratings not counted."""
    s = pos(
        {"event:0": [RAID], "involved:0": [SWORD, DUELIST, ENVOY]},
        finished=["p2"],
        owners={DUELIST: "p2"},
    )
    s = take_all(play(s, "finished"))  # p1 Combat 2 (Envoy's Diplomacy not counted), p2 3
    assert where(s, RAID) == "chronicle:1" and info(s)["tokens"] == [0, 2]


def test_tie_break_rounds():
    """`tie` (U10): a real tie: 3 against 3; each gives up a card; 2 against 1 wins."""
    z = {"event:0": [RAID], "involved:0": [SWORD, GUARD, DUELIST]}
    s = pos(z, finished=["p2"], owners={DUELIST: "p2"})
    s = play(s, "finished")
    assert who(s) == (0, "tiebreak") and legal(s) == {f"tiebreak {SWORD}", f"tiebreak {GUARD}"}
    assert info(s)["contest"] == {"event": RAID, "contenders": [0, 1], "extra": 0, "totals": [3, 3]}
    s = play(s, f"tiebreak {GUARD}")
    assert who(s) == (1, "tiebreak") and GAME.view(s, 1).info["contest"]["totals"] == [3, 3]
    evs = events(s, f"tiebreak {DUELIST}")
    assert any(e.kind == REVEAL for e in evs)
    s = take_all(play(s, f"tiebreak {DUELIST}"))
    assert where(s, RAID) == "chronicle:0" and where(s, DUELIST) == "rest:1"
    assert where(s, GUARD) == "rest:0"


def test_a_tie_break_may_give_up_an_attachment_on_an_involved_character():
    """`tie` (seed 004, 3.3.1: "each contender gathers all of their involved cards, and
    secretly chooses one to discard"): an Attachment on an involved Character is an
    involved card; given up alone, its Character stays involved."""
    katana = "heirloom-katana#30"
    z = {"event:0": [RAID], "involved:0": [SWORD, katana, GUARD, DUELIST]}
    s = pos(z, finished=["p2"], owners={DUELIST: "p2", GUARD: "p2"}, attached={katana: SWORD})
    s = play(s, "finished")
    assert info(s)["contest"]["totals"] == [4, 4]
    assert legal(s) == {f"tiebreak {SWORD}", f"tiebreak {katana}"}
    s = play(s, f"tiebreak {katana}")
    evs = events(s, f"tiebreak {GUARD}")
    assert next(e for e in evs if e.kind == REVEAL).cards == (katana, GUARD)
    assert not any(e.kind == "exhaust" and SWORD in e.cards for e in evs[:3])
    s = take_all(play(s, f"tiebreak {GUARD}"))
    assert where(s, katana) == "rest:0" and where(s, RAID) == "chronicle:1"


def test_a_tie_break_gives_up_only_characters_with_the_U10_option():
    """U10, kept as the option `tie_characters` (off by default): only an involved
    Character may be given up."""
    assert GAME.check_options({})["tie_characters"] is False
    katana = "heirloom-katana#30"
    z = {"event:0": [RAID], "involved:0": [SWORD, katana, GUARD, DUELIST]}
    s = pos(
        z,
        finished=["p2"],
        owners={DUELIST: "p2", GUARD: "p2"},
        attached={katana: SWORD},
        options={"tie_characters": True},
    )
    s = play(s, "finished")
    assert legal(s) == {f"tiebreak {SWORD}"}
    assert refusal(s, f"tiebreak {katana}").ruling == "U10"


def test_everyone_out_of_cards_fails_the_event():
    """`tie` (U10): both give up their only card: nobody contends; the Event fails."""
    s = pos(
        {"event:0": [RAID], "involved:0": [SWORD, "temple-spearman#6"]},
        finished=["p2"],
        owners={"temple-spearman#6": "p2"},
    )
    s = play(s, "finished", f"tiebreak {SWORD}", "tiebreak temple-spearman#6")
    assert where(s, RAID) == "rest:0" and info(s)["tokens"] == [0, 0]


def test_resolve_effects_score_and_chronicle():
    """`resolve` and `score` (U7, U15): Resolve >> effects, 1 token plus score
    effects, the Event into the chronicle, involved Characters back to their fields."""
    s = conclude({"event:0": ["duel-on-the-bridge#25"], "involved:0": [DUELIST], "involved:1": []})
    assert info(s)["tokens"] == [2, 0]
    s = pos(
        {"event:1": ["duel-on-the-bridge#25"], "involved:1": [DUELIST, SWORD]},
        finished=["p2"],
        owners={SWORD: "p1"},
    )
    s = take_all(play(s, "finished"))
    assert where(s, SWORD) == "dead:0" and where(s, "duel-on-the-bridge#25") == "chronicle:1"
    assert where(s, DUELIST) == "rest:1"  # back to its field, then swept up


def test_score_never_below_zero_and_never_more_than_the_pool():
    """`score` (U7): Council of Clans scores -2: the winner takes 0, not -1; a score
    larger than the pool takes what is left."""
    s = conclude({"event:0": ["council-of-clans#25"], "involved:0": [ENVOY, "wandering-priest#6"]})
    assert info(s)["tokens"] == [0, 0] and where(s, "council-of-clans#25") == "chronicle:0"
    s = conclude({"event:0": [RAID], "involved:0": [SWORD]}, pool=1, tokens={"p2": 5})
    assert info(s)["tokens"] == [1, 5] and info(s)["pool"] == 0


def test_failed_events_go_to_the_rest_pile_story_events_stay():
    """`fail` and `story`: a failed Event goes to the rest pile with its Settings; a
    Story Event stays with its involved Characters, which are not swept up."""
    duel = "duel-on-the-bridge#25"
    s = conclude({"event:0": [duel], "involved:0": [GUARD]})  # Combat 1 is not > 1
    assert where(s, duel) == "rest:0" and where(s, GUARD) == "rest:0"
    s = conclude({"event:0": [FLOOD], "involved:0": [FARMER]})
    assert where(s, FLOOD) == "event:0" and where(s, FARMER) == "involved:0"
    assert info(s)["phase"] == "initiation"


def test_a_failed_event_is_named_with_its_seat():
    """A play-test read "Escort the Envoy fails to resolve" without whose it was,
    nor why (issue 41: the log says why, as `contest` U2 decides it)."""
    s = pos({"event:0": ["duel-on-the-bridge#25"], "involved:0": [GUARD]}, finished=["p2"])
    fail = [e.text for e in events(s, "finished") if e.kind == "fail"]
    assert fail == [
        "P1's Duel on the Bridge fails to resolve: nobody exceeds every rating it shows (combat 1)"
    ]
    s = pos({"event:0": ["duel-on-the-bridge#25"]}, finished=["p2"])
    fail = [e.text for e in events(s, "finished") if e.kind == "fail"]
    assert fail == ["P1's Duel on the Bridge fails to resolve: nobody is involved"]
    s = pos({"event:1": [FLOOD], "involved:1": [FARMER]}, finished=["p2"])
    fail = [e.text for e in events(s, "finished") if e.kind == "fail"]
    assert fail[0].startswith("P2's Flood on the River is not resolved: nobody exceeds")
    assert fail[0].endswith(". A Story Event, it stays")


def test_non_story_events_resolve_before_story_events():
    """`conclusion` (U20): non-Story Events first, each group from the first player's."""
    s = pos(
        {
            "event:0": [FLOOD],
            "involved:0": [FARMER, "village-carpenter#5", "peasant-militia#6"],
            "event:1": [RAID],
            "involved:1": [SWORD],
        },
        finished=["p2"],
    )
    evs = events(s, "finished") + events(play(s, "finished"), "extra 1")
    order = [e.text for e in evs if e.kind == "resolve"]
    assert order == ["P2 resolves Bandit Raid", "P1 resolves Flood on the River"]


def test_victory_most_tokens_then_most_events_then_shared():
    """`victory` (U5): more than half the pool ends the game; a tie for most tokens
    goes to most Events in the chronicle, then is shared."""
    s = conclude({"event:0": [RAID], "involved:0": [SWORD]}, tokens={"p1": 8})
    assert GAME.outcome(s).winners == (0,)
    s = conclude(
        {"event:0": [RAID], "involved:0": [SWORD], "chronicle:1": [FESTIVAL]},
        tokens={"p1": 0, "p2": 2},
        pool=2,
    )
    assert GAME.outcome(s).winners == (0, 1)
    s = conclude(
        {"event:0": [RAID], "involved:0": [SWORD], "chronicle:1": [FESTIVAL, ESCORT]},
        tokens={"p2": 2},
        pool=2,
    )
    assert GAME.outcome(s).winners == (1,) and "most Events" in GAME.outcome(s).reason


def test_choose_a_hero_and_sweep_up():
    """`hero` and `sweep`: keep one Hero (or none) with its Attachments; every other
    Character goes to the rest pile; currency goes back; Held Moments stay."""
    s = pos(
        {"field:0": [KAITO, SWORD, "heirloom-katana#31", "sworn-vengeance#32"]},
        phase="conclusion",
        step="hero",
        honor={"p1": 3},
        attached={"heirloom-katana#31": KAITO},
    )
    assert legal(s) == {"hero", f"hero {KAITO}"}
    s = play(s, f"hero {KAITO}")
    assert GAME.all_cards(s)["field:0"] == [KAITO, "heirloom-katana#31", "sworn-vengeance#32"]
    assert where(s, SWORD) == "rest:0" and info(s)["heroes"][0] == KAITO
    assert info(s)["honor"][0] == 2  # returned, then Kaito produced 2
    s = pos({"field:0": [KAITO]}, phase="conclusion", step="hero")
    s = play(s, "hero")
    assert where(s, KAITO) == "rest:0"


def test_extra_chronicle_tokens_are_offered_not_taken_U30():
    """`chronicle` (U30; seed 1.2: you *may* take an additional chronicle token for
    each point scored): Bandit Raid scores +1, so its winner is asked how many extra
    tokens to take and may decline; the log says what was taken once. A decrease is no
    choice, nor is a token the pool no longer holds."""
    s = play(pos({"event:0": [RAID], "involved:0": [SWORD]}, finished=["p2"]), "finished")
    assert who(s) == (0, "score") and legal(s) == {"extra 0", "extra 1"}
    assert info(s)["contest"]["extra"] == 1 and where(s, RAID) == "event:0"
    assert [e.text for e in events(s, "extra 0") if e.kind == "score"] == [
        "P1 takes 1 chronicle token and declines 1 more (18 left)"
    ]
    assert refusal(s, "extra 2").ruling == "U30"
    s = play(s, "extra 0")
    assert info(s)["tokens"] == [1, 0] and where(s, RAID) == "chronicle:0"
    s = play(
        pos(
            {"event:0": ["council-of-clans#25"], "involved:0": [ENVOY, "wandering-priest#6"]},
            finished=["p2"],
        ),
        "finished",
    )
    assert who(s)[1] != "score" and info(s)["tokens"] == [0, 0]
    s = play(
        pos({"event:0": [RAID], "involved:0": [SWORD]}, finished=["p2"], pool=1, tokens={"p2": 5}),
        "finished",
    )
    assert who(s)[1] != "score" and info(s)["tokens"] == [1, 5]


TURNED, FAN = "turned-allegiance#41", "commanders-war-fan#42"


def test_a_character_taken_over_goes_with_its_attachments_U29():
    """`control` (U29; seed 4.2: when the attached card "changes control", its
    Attachments are "moved or taken" with it): Turned Allegiance hands p2's Swordsman
    and the War Fan on it to p1. Both lie in p1's field, p1 may involve the Swordsman
    and use the ability the Fan grants it; p2 may do neither; p2 still owns them."""
    s = pos(
        {"hand:0": [TURNED], "field:1": [SWORD, FAN], "event:0": [RAID]},
        ryo={"p1": 3},
        attached={FAN: SWORD},
    )
    assert f"play {TURNED} on {SWORD}" in legal(s)
    s = passes(play(s, f"play {TURNED} on {SWORD}"))
    cards = GAME.all_cards(s)
    assert cards["field:0"] == [SWORD, FAN] and cards["field:1"] == []
    seen = info(s)
    assert seen["controller"][SWORD] == seen["controller"][FAN] == 0
    assert seen["owner"][SWORD] == seen["owner"][FAN] == 1
    assert who(s) == (1, "action") and not any(SWORD in a for a in legal(s))
    s = play(s, "finished")
    assert f"involve {SWORD} {RAID}" in legal(s)
    s = passes(play(s, f"involve {SWORD} {RAID}"))
    assert f"use {SWORD} on {SWORD}" in legal(s)  # the Fan's granted ability (U24)


def test_a_taken_character_counts_for_its_controller_and_goes_home_U29():
    """`control` (U29; 3.3.1 "if you control cards that are involved"; 4.1 "any
    Character you own ... is sent to your rest pile"): p2's involved Duelist taken by
    p1 stays with the Event and counts for p1, who resolves it; swept up, it goes to
    p2's rest pile, p1's own Bodyguard to p1's."""
    s = pos(
        {"hand:0": [TURNED], "event:0": [RAID], "involved:0": [GUARD, DUELIST]},
        ryo={"p1": 3},
        owners={DUELIST: "p2"},
    )
    s = passes(play(s, f"play {TURNED} on {DUELIST}"))
    assert where(s, DUELIST) == "involved:0" and info(s)["controller"][DUELIST] == 0
    s = play(s, "finished", "finished")
    assert who(s) == (0, "score")
    s = play(s, "extra 1")
    assert where(s, RAID) == "chronicle:0" and info(s)["tokens"] == [2, 0]
    assert where(s, DUELIST) == "rest:1" and where(s, GUARD) == "rest:0"
    assert info(s)["controller"] == {}


def test_a_taken_hero_may_be_kept_and_produces_for_its_controller_U29():
    """`control`, `produce` (U29): a Hero p1 took lies in p1's field (a position says
    so by listing p2's card there): p1 may keep it, and it produces for p1."""
    s = pos({"field:0": [KAITO]}, owners={KAITO: "p2"}, phase="conclusion", step="hero")
    assert info(s)["controller"][KAITO] == 0 and legal(s) == {"hero", f"hero {KAITO}"}
    s = play(s, f"hero {KAITO}")
    assert where(s, KAITO) == "field:0" and info(s)["honor"] == [2, 0]


def test_control_is_kept_in_a_checkpoint_U29():
    """U29: who controls a taken card survives a save's checkpoint (engine/statejson)."""
    import json

    s = pos({"hand:0": [TURNED], "field:1": [SWORD, FAN]}, ryo={"p1": 3}, attached={FAN: SWORD})
    s = passes(play(s, f"play {TURNED} on {SWORD}"))
    back = GAME.load_state(json.loads(json.dumps(GAME.dump_state(s, s))), s)
    assert back.control == s.control != {}
    assert all(GAME.view(back, q) == GAME.view(s, q) for q in (None, 0, 1))


# ----------------------------------------------------------------------- card types


def test_exhaust_and_kill_take_attachments_along():
    """`leave`: an exhausted card goes to the rest pile, a killed one to the dead pile,
    its Attachments following it."""
    s = pos(
        {
            "event:0": [RAID],
            "involved:0": [SWORD, "heirloom-katana#31"],
            "hand:0": ["duel-at-dawn#32"],
        },
        honor={"p1": 2},
        attached={"heirloom-katana#31": SWORD},
    )
    s = passes(play(s, f"play duel-at-dawn#32 on {SWORD}"))
    assert GAME.all_cards(s)["dead:0"] == [SWORD, "heirloom-katana#31"]


def test_the_dead_pile_is_seen_by_nobody():
    """`zones` (U6): dead piles are face down for every seat, their owner's too."""
    s = pos({"dead:0": [SWORD], "dead:1": [ENVOY]})
    for seat in (0, 1, None):
        v = GAME.view(s, seat)
        assert v.zones["dead:0"].cards == (None,) and v.zones["dead:1"].cards == (None,)


def test_held_moments_stay_in_the_field_or_the_event_field():
    """`held` (U18): a Held Moment affecting every player goes to the Event field, one
    affecting its player to their field; it stays until sacrificed."""
    s = pos(
        {"field:0": [FARMER], "hand:0": ["harvest-moon#31", "sworn-vengeance#32"]},
        honor={"p1": 1},
        ryo={"p1": 1},
    )
    s = passes(play(s, "play harvest-moon#31"))
    assert where(s, "harvest-moon#31") == "event:0"
    assert info(s)["ratings"][FARMER] == {"labor": 3}
    s = pos({"field:0": [SWORD, "sworn-vengeance#32"]}, stricken=[SWORD])
    assert info(s)["ratings"][SWORD] == {"combat": 3}  # a Ronin
    s = passes(play(s, f"use sworn-vengeance#32 on {SWORD}"))
    assert where(s, "sworn-vengeance#32") == "rest:0" and info(s)["stricken"] == []


def test_a_held_moment_is_removed_from_play_by_another_effect():
    """`held` (U22): Cleansing Rite removes a Held Moment, anyone's, to its owner's
    rest pile; its static effect ends at once. Nothing else may be its target."""
    s = pos(
        {
            "field:0": [SWORD],
            "hand:0": ["cleansing-rite#31"],
            "field:1": [FARMER],
            "event:1": ["harvest-moon#32"],
        },
        honor={"p1": 1},
    )
    assert info(s)["ratings"][FARMER] == {"labor": 3}
    plays = {t for t in legal(s) if t.startswith("play cleansing-rite")}
    assert plays == {"play cleansing-rite#31 on harvest-moon#32"}
    assert refusal(s, f"play cleansing-rite#31 on {FARMER}").ruling == "targets"
    s = passes(play(s, "play cleansing-rite#31 on harvest-moon#32"))
    assert where(s, "harvest-moon#32") == "rest:1" and where(s, "cleansing-rite#31") == "rest:0"
    assert info(s)["ratings"][FARMER] == {"labor": 2}


def test_a_held_moment_removed_before_the_rite_resolves_is_not_removed_twice():
    """`targets` (U22): the Held Moment is sacrificed in response, so the Rite aimed
    at it does nothing."""
    s = pos(
        {
            "field:0": [SWORD],
            "hand:0": ["cleansing-rite#31"],
            "field:1": [ENVOY, "ledger-of-debts#32"],
            "hand:1": [FARMER],
        },
        honor={"p1": 1},
    )
    s = play(s, "play cleansing-rite#31 on ledger-of-debts#32")
    s = play(s, "use ledger-of-debts#32")  # p2 sacrifices it: 3 Ryo
    assert where(s, "ledger-of-debts#32") == "rest:1"
    assert who(s) == (1, "respond")  # p1, with nothing left to play, is skipped
    assert any(e.kind == "fizzle" for e in events(s, "pass"))
    s = play(s, "pass")
    assert GAME.all_cards(s)["rest:1"] == ["ledger-of-debts#32"] and info(s)["ryo"][1] == 3


def test_an_attachment_is_removed_alone_by_an_effect():
    """`leave` (U22): Light Fingers sends an Attachment to its owner's rest pile; the
    card it was on stays in play."""
    s = pos(
        {
            "field:0": [SWORD],
            "hand:0": ["light-fingers#31"],
            "field:1": [ENVOY, "etiquette-lessons#32"],
        },
        ryo={"p1": 1},
        attached={"etiquette-lessons#32": ENVOY},
    )
    assert info(s)["ratings"][ENVOY] == {"diplomacy": 3}
    s = passes(play(s, "play light-fingers#31 on etiquette-lessons#32"))
    assert where(s, "etiquette-lessons#32") == "rest:1" and where(s, ENVOY) == "field:1"
    assert info(s)["ratings"][ENVOY] == {"diplomacy": 2} and info(s)["attached"] == {}
    s = pos(
        {"event:1": [RAID, "stormy-pass#32"], "hand:0": ["burn-the-deeds#31"]},
        ryo={"p1": 2},
        attached={"stormy-pass#32": RAID},
    )
    s = passes(play(s, "play burn-the-deeds#31 on stormy-pass#32"))  # a Setting, buried
    assert GAME.all_cards(s)["dead:1"] == ["stormy-pass#32"] and where(s, RAID) == "event:1"


def test_a_held_moment_with_a_trigger_answers_its_players_involvement():
    """`held` (U23): Oath Before Battle is played only in response to the involvement
    of one of its player's Characters; it stays in the field and is later sacrificed
    by its own ability, as a cost (to the rest pile when declared)."""
    s = pos(
        {
            "field:0": [SWORD],
            "event:0": [RAID],
            "hand:0": ["oath-before-battle#31"],
            "hand:1": [FARMER],
        },
        honor={"p1": 1},
    )
    assert not any(t.startswith("play oath") for t in legal(s))
    assert refusal(s, "play oath-before-battle#31").ruling == "U23"
    s = play(s, f"involve {SWORD} {RAID}")
    assert who(s) == (1, "respond") and not any(t.startswith("play oath") for t in legal(s))
    s = play(s, "pass")
    assert who(s) == (0, "respond") and "play oath-before-battle#31" in legal(s)
    s = passes(play(s, "play oath-before-battle#31"))
    assert where(s, "oath-before-battle#31") == "field:0" and where(s, SWORD) == "involved:0"
    assert info(s)["ratings"][SWORD] == {"combat": 3}
    s = pos({"event:0": [RAID], "involved:0": [SWORD], "field:0": ["oath-before-battle#31"]})
    s = play(s, f"use oath-before-battle#31 on {SWORD}")
    assert where(s, "oath-before-battle#31") == "rest:0"  # the cost, at once
    s = passes(s)
    assert info(s)["ratings"][SWORD] == {"combat": 4}  # 2, +2 this turn


def test_a_held_moment_with_a_condition_and_its_sacrifice():
    """`held` (U23, U18): Village Solidarity is played only while its player has no
    Hero in their field; sacrificing it draws 2 cards."""
    s = pos({"field:0": [KAITO, FARMER], "hand:0": ["village-solidarity#31"]})
    assert refusal(s, "play village-solidarity#31").ruling == "U23"
    s = pos({"field:0": [FARMER], "hand:0": ["village-solidarity#31"]})
    s = passes(play(s, "play village-solidarity#31"))
    assert where(s, "village-solidarity#31") == "field:0"
    assert info(s)["ratings"][FARMER] == {"labor": 3}
    s = pos({"field:0": [FARMER, "village-solidarity#31"]})
    hand = len(GAME.all_cards(s)["hand:0"])
    s = play(s, "use village-solidarity#31")
    assert where(s, "village-solidarity#31") == "rest:0"  # the cost, at once
    s = passes(s)
    assert len(GAME.all_cards(s)["hand:0"]) == hand + 2
    assert info(s)["ratings"][FARMER] == {"labor": 2}


def test_a_unique_attachment_is_one_in_play():
    """`unique` (U13): a card marked unique, not only a Character, is one per title in
    play: a second Heirloom Katana cannot be played while the first is attached."""
    s = pos(
        {"field:0": [SWORD, "heirloom-katana#31", DUELIST], "hand:0": ["heirloom-katana#32"]},
        honor={"p1": 1},
        attached={"heirloom-katana#31": SWORD},
    )
    assert not any(t.startswith("play heirloom") for t in legal(s))
    assert refusal(s, f"play heirloom-katana#32 on {DUELIST}").ruling == "unique"


def test_an_attachment_grants_an_ability_to_its_character():
    """`abilities` (U24): the War Fan's ability is the Scarred Duelist's, numbered after
    its own; using it strikes the Duelist (the source), not the Fan."""
    fan = "commanders-war-fan#31"
    s = pos(
        {"field:0": [DUELIST, fan], "event:0": [RAID], "involved:0": [SWORD], "hand:1": [FARMER]},
        attached={fan: DUELIST},
    )
    uses = {t for t in legal(s) if t.startswith("use")}
    assert uses == {f"use {DUELIST}", f"use {DUELIST} 2 on {SWORD}"}
    assert refusal(s, f"use {fan} on {SWORD}").ruling == "abilities"
    s = passes(play(s, f"use {DUELIST} 2 on {SWORD}"))
    assert info(s)["stricken"] == [DUELIST]
    assert info(s)["ratings"][SWORD] == {"combat": 4}


def test_cancelled_abilities_leave_involvement():
    """`card-types` (U25): Word of Disgrace cancels a Character's abilities this turn
    (voluntary, static); involving it is no ability and stays legal. The sweep ends it."""
    s = pos(
        {"hand:0": ["word-of-disgrace#31"], "field:1": [DUELIST], "event:0": [RAID]},
        honor={"p1": 1},
    )
    s = passes(play(s, f"play word-of-disgrace#31 on {DUELIST}"))
    assert info(s)["cancelled"] == [DUELIST] and who(s) == (1, "action")
    assert f"involve {DUELIST} {RAID}" in legal(s)
    assert not any(t.startswith("use") for t in legal(s))
    assert refusal(s, f"use {DUELIST}").ruling == "U25"
    s = pos(
        {"hand:0": ["word-of-disgrace#31"], "field:0": ["old-sensei-rokuro#32", SWORD]},
        honor={"p1": 1},
    )
    assert info(s)["ratings"][SWORD] == {"combat": 3}
    s = passes(play(s, "play word-of-disgrace#31 on old-sensei-rokuro#32"))
    assert info(s)["ratings"][SWORD] == {"combat": 2}


def test_a_held_moment_played_on_another_player_stays_in_their_field():
    """`held` (U26): Whispered Slander is played on another player (a player as the
    target, `on p2`), stays in that player's field and lowers their Characters'
    ratings; its player still owns it: removed, it goes to that player's rest pile."""
    s = pos(
        {
            "field:0": [SWORD],
            "hand:0": ["whispered-slander#31", "cleansing-rite#32"],
            "field:1": [ENVOY, "shrine-maiden#33"],
        },
        ryo={"p1": 1},
        honor={"p1": 1},
    )
    assert {t for t in legal(s) if "slander" in t} == {"play whispered-slander#31 on p2"}
    assert refusal(s, "play whispered-slander#31 on p1").ruling == "U26"
    assert refusal(s, "play whispered-slander#31").ruling == "U26"
    s = passes(play(s, "play whispered-slander#31 on p2"))
    assert where(s, "whispered-slander#31") == "field:1"
    assert info(s)["owner"]["whispered-slander#31"] == 0
    assert info(s)["ratings"][ENVOY] == {"diplomacy": 1}
    assert info(s)["ratings"]["shrine-maiden#33"] == {"diplomacy": 0, "ceremony": 2}
    s = play(s, "finished")  # p2, with nothing to do
    s = passes(play(s, "play cleansing-rite#32 on whispered-slander#31"))
    assert GAME.all_cards(s)["rest:0"] == ["whispered-slander#31", "cleansing-rite#32"]
    assert info(s)["ratings"][ENVOY] == {"diplomacy": 2}


def test_descriptors_name_groups_of_cards():
    """`descriptors`: Harvest Song aims only at an involved Peasant."""
    s = pos(
        {
            "event:0": ["rebuild-the-bridge#25"],
            "involved:0": [FARMER, GUARD],
            "hand:0": ["harvest-song#31"],
        }
    )
    assert {t for t in legal(s) if t.startswith("play")} == {f"play harvest-song#31 on {FARMER}"}


def test_skill_is_experience():
    """`card-types` (U4): a card written Skill is an Experience, attached to a
    Character."""
    d = definitions()
    assert d["etiquette-lessons"].kind == "experience" == d["iaijutsu-training"].kind
    s = pos({"field:0": [ENVOY], "hand:0": ["etiquette-lessons#31"]}, honor={"p1": 1})
    s = passes(play(s, f"play etiquette-lessons#31 on {ENVOY}"))
    assert info(s)["ratings"][ENVOY] == {"diplomacy": 3}


def test_bonuses_raise_only_printed_ratings():
    """`ratings`: a static bonus never gives a card a rating it does not show."""
    s = pos({"field:0": ["old-sensei-rokuro#31", ENVOY, SWORD]})
    assert info(s)["ratings"][ENVOY] == {"diplomacy": 2}
    assert info(s)["ratings"][SWORD] == {"combat": 3}


def test_events_are_never_played():
    """`events`: an Event is only proposed."""
    s = pos({"hand:0": [RAID]})
    assert refusal(s, f"play {RAID}").ruling == "events"


def test_the_turn_runs_through_its_three_phases():
    """`turn` and `goal`: initiation, actions, conclusion and a new initiation, in a
    seeded game of computer players, until someone wins by chronicle tokens."""
    s = started(seed=3, seats=3)
    seen = set()
    rng = random.Random(3)
    while GAME.outcome(s) is None:
        seen.add(info(s)["phase"])
        s, _ = GAME.apply(s, GAME.ai(GAME.observe(s, GAME.decision(s).seat), rng))
    assert seen == {"initiation", "actions", "conclusion"}
    assert "chronicle tokens" in GAME.outcome(s).reason


def test_every_refusal_names_a_clause_or_ruling_of_the_rules_page():
    """A refusal's id leads to the page: every id `explain` can give is a clause
    (`id` in backquotes) or a ruling row (U1...)."""
    from shrinetable.games.usagi import explain

    src = Path(explain.__file__).read_text()
    ids = set(re.findall(r'(?:\.|\?|\)|"), "([a-zU][a-z0-9-]*)"\)?$', src, re.M))
    ids |= {rule for _, rule in explain.NOW.values()}
    assert len(ids) > 15
    missing = {i for i in ids if f"`{i}`" not in DOC and f"| {i} |" not in DOC}
    assert not missing, missing


@pytest.mark.parametrize(
    "extra, words",
    [
        ('step = "hero"\n', "the actions phase has the steps action"),
        ('owners = { "rice-farmer#99" = "p2" }\n', "is not a card listed in the zones"),
        ('owners = { "rice-farmer#9" = "p3" }\n', "there are 2 seats"),
        (
            'attached = { "heirloom-katana#8" = "bandit-raid#2" }\n',
            "a Setting is attached to an Event",
        ),
        ('stricken = ["rice-farmer#9"]\n', "is not in play"),
    ],
)
def test_a_malformed_position_names_its_key(tmp_path, capsys, extra, words):
    """`zones`: a scenario position the rules cannot start from is exit 2 with the
    file, the key and why."""
    from shrinetable.cli import main

    path = tmp_path / "bad.toml"
    path.write_text(
        'game = "usagi"\nseats = 2\n' + extra + "\n[zones]\n"
        '"event:0" = ["bandit-raid#2"]\n"field:0" = ["kaito-the-drifting-blade#7"]\n'
        '"hand:0" = ["rice-farmer#9", "heirloom-katana#8"]\n'
    )
    assert main(["scenario", str(path)]) == 2
    err = capsys.readouterr()
    assert words in err.out + err.err and str(path) in err.out + err.err


def test_every_clause_has_a_scenario_file():
    """tests/scenarios/usagi/<clause>.toml for each clause of the rules page; the deck
    rules (`decks`) are a deck file's, checked by `shrinetable check` (test_usagi_cards)."""
    short = DOC.split("## The rules in short")[1].split("## Rulings")[0]
    clauses = set(re.findall(r"\(`([a-z-]+)`", short)) - {"decks"}
    folder = Path(__file__).parent / "scenarios" / "usagi"
    assert clauses <= {p.stem for p in folder.glob("*.toml")}


def test_the_usagi_positions_in_the_scenario_docs_list_the_views_info_keys():
    """docs/scenarios.md, "Usagi positions" (its example runs in tests/test_scenarios.py):
    the info keys it lists are the view's."""
    doc = (Path(__file__).parent.parent / "docs" / "scenarios.md").read_text()
    section = doc.split("## Usagi positions", 1)[1]
    listed = section.split("`info` keys to check", 1)[1].split("Decision kinds", 1)[0]
    assert set(re.findall(r"`([a-z_]+)`", listed)) - {"expect"} == set(info(pos()))
