"""Issue 24: every clause of the texts that only a card can exercise happens in play
with a starter card (as tests/test_shrines_cards.py checks for Shrines' issue 17
clauses): the card is in a starter deck, and a position shows the clause at work."""

from __future__ import annotations

import pytest
from shards_helpers import info, legal, play, pos, refusal, where
from usagi_helpers import info as usagi_info
from usagi_helpers import legal as usagi_legal
from usagi_helpers import passes as usagi_passes
from usagi_helpers import play as usagi_play
from usagi_helpers import pos as usagi_pos
from usagi_helpers import refusal as usagi_refusal

from shrinetable.games.shards.cards import catalog as shards_catalog
from shrinetable.games.usagi.cards import catalog as usagi_catalog

FARM, QUARRY = "hearth-farmstead#1", "stone-quarry#2"  # p1's and p2's first buildings

#: Shards' clause cards: card id -> the clause it makes happen.
SHARDS = {
    "cinder-redoubt": "a card without a scrap value; Damage Reduction on a building",
    "guild-assessor": "a card that refers to a player's development",
    "pyre-offering": "sacrifice",
    "rally-the-fallen": "Blitz other than by recruiting (a unit put into play)",
    "writ-of-repeal": "a card that names policies",
    "kiln-warden": "an Affinity condition on a special resource",
}

#: Usagi's clause cards.
USAGI = {
    "seal-of-the-regency": "a card that refers to a clan or faction",
    "dawn-meditation": "a card playable during the initiation",
    "turned-allegiance": "a card that changes control (Attachments taken with it)",
    "tea-master": "the 'may' of extra score tokens offered as a choice",
}


def duel(zones: dict | None = None, **keys):
    """p1's Main Phase: p1 holds FARM in its implicit territory, p2 QUARRY in its."""
    z = {"terr1:0": [FARM], "terr1:1": [QUARRY]}
    for k, v in (zones or {}).items():
        z[k] = z.get(k, []) + v
    return pos(z, **keys)


@pytest.mark.parametrize(
    ("catalog", "card"),
    [*((shards_catalog, c) for c in sorted(SHARDS)), *((usagi_catalog, c) for c in sorted(USAGI))],
)
def test_every_clause_card_is_in_a_starter_deck(catalog, card):
    cards, decks = catalog()
    assert card in cards
    assert any(card in d.cards for d in decks), card


def test_a_card_without_a_scrap_value_cannot_be_scrapped():
    """Basic actions, Scrap: cards without a scrap value cannot be scrapped."""
    s = duel({"hand:0": ["cinder-redoubt#3", "raze#4"]})
    assert "scrap raze#4" in legal(s)
    assert not any("cinder-redoubt" in a for a in legal(s) if a.startswith("scrap"))
    assert refusal(s, "scrap cinder-redoubt#3")


def test_damage_reduction_on_a_building_lowers_an_attack():
    """Keywords, Damage Reduction X, on a building: an unblocked 2-offence attacker
    deals 1 to the Cinder Redoubt."""
    s = duel({"terr1:0": ["ironclad-legionary#3"], "terr1:1": ["cinder-redoubt#4"]})
    s = play(s, "attack ironclad-legionary#3 cinder-redoubt#4", "charge", "hold", "pass", "pass")
    assert info(s)["damage"].get("cinder-redoubt#4") == 1


def test_a_card_refers_to_development():
    """Keywords, development: the most development counters on one of a player's
    kingdom cards. Guild Assessor draws at the end of the turn only while it is 2+."""
    zones = {"terr1:0": ["guild-assessor#3"], "deck:0": ["raze#5", "raze#6"]}
    low = play(duel(zones, counters={FARM: 1}), "end")
    high = play(duel(zones, counters={FARM: 2}), "end")

    def drawn(s) -> int:
        return sum(where(s, c) == "hand:0" for c in ("raze#5", "raze#6"))

    assert (drawn(low), drawn(high)) == (0, 1)


def test_sacrifice_puts_a_unit_of_yours_into_the_graveyard():
    """Zones, Graveyard: kingdom cards go there destroyed or sacrificed. Pyre Offering
    sacrifices a unit of yours, then the opponent discards 2 at random."""
    s = duel(
        {
            "terr1:0": ["ironclad-legionary#3"],
            "hand:0": ["pyre-offering#4"],
            "hand:1": ["raze#5", "raze#6", "raze#7"],
        },
        pool={"p1": {"basic": 1}},
    )
    s = play(s, "play pyre-offering#4 on ironclad-legionary#3")
    assert where(s, "ironclad-legionary#3") == "grave:0"
    assert len([c for c in ("raze#5", "raze#6", "raze#7") if where(s, c) == "hand:1"]) == 1


def test_a_blitz_unit_put_into_play_without_recruiting_may_attack_at_once():
    """Keywords, Blitz: it may attack the turn it is recruited *or put into play*.
    Rally the Fallen puts the last unit of the graveyard into play: a Blitz Marauder
    Band may attack at once, a Legionary may not."""
    for unit, can in (("marauder-band#3", True), ("ironclad-legionary#3", False)):
        s = duel({"grave:0": [unit], "hand:0": ["rally-the-fallen#4"]}, pool={"p1": {"basic": 2}})
        s = play(s, "play rally-the-fallen#4")
        assert where(s, unit) == "terr1:0"
        assert (f"attack {unit} {QUARRY}" in legal(s)) == can


def test_a_card_that_names_policies_destroys_one():
    """Card types, Policy: a policy is touched only by a card that says so. Writ of
    Repeal destroys the opponent's Codex."""
    s = duel(
        {"policy:1": ["restored-codex#3"], "hand:0": ["writ-of-repeal#4"]},
        pool={"p1": {"basic": 2}},
    )
    s = play(s, "play writ-of-repeal#4 on restored-codex#3")
    assert where(s, "restored-codex#3") == "grave:1"


def test_an_affinity_condition_on_a_special_resource():
    """Keywords, Affinity X, with a special resource: Kiln Warden has +2 offence while
    its controller's pool holds ember."""
    zones = {"terr1:0": ["kiln-warden#3"]}
    for pool, dealt in (({}, 1), ({"ember": 1}, 3)):
        s = duel(zones, pool={"p1": pool} if pool else {})
        s = play(s, f"attack kiln-warden#3 {QUARRY}", "charge", "hold", "pass", "pass")
        assert info(s)["damage"].get(QUARRY) == dealt, pool


def test_a_card_that_refers_to_a_faction():
    """Card anatomy, Affiliation: a card may name a faction. Seal of the Regency gives
    the Regency's Court Envoy +1 Diplomacy, not the unaffiliated Tea Master."""
    envoy, tea = "court-envoy#31", "tea-master#32"
    plain = usagi_info(usagi_pos({"field:0": [envoy, tea]}))["ratings"]
    sealed = usagi_info(usagi_pos({"field:0": [envoy, tea, "seal-of-the-regency#33"]}))
    assert sealed["ratings"][envoy]["diplomacy"] == plain[envoy]["diplomacy"] + 1
    assert sealed["ratings"][tea] == plain[tea]


def test_a_card_playable_during_the_initiation():
    """Initiation (3.1): no card is played from the hand then "unless a card
    specifically states otherwise" (ruling U28). Dawn Meditation says so: at its
    player's discard step it is played, resolves at once (no responses outside the
    actions phase) and the seat keeps its discard step; in the actions phase it is
    refused, naming the condition."""
    card = "dawn-meditation#31"
    s = usagi_pos(
        {"hand:0": [card, "court-envoy#32"]}, phase="initiation", step="discard", honor={"p1": 0}
    )
    s = usagi_play(s, f"play {card}")
    assert s.honor[0] == 1 and s.step == "discard" and s.turn == 0
    assert s.names.index(card) in s.rest[0]
    act = usagi_pos({"hand:0": [card]})
    r = usagi_refusal(act, f"play {card}")
    assert r.ruling == "U23" and "initiation" in r.reason


def test_a_card_that_changes_control_takes_the_attachments_along():
    """Attachments (4.2): when the attached card "changes control", its Attachments are
    taken with it (ruling U29). Turned Allegiance gives p1 p2's Kaito and the Heirloom
    Katana on it: both in p1's field, p1's to use, p2's to get back."""
    kaito, katana = "kaito-the-drifting-blade#31", "heirloom-katana#32"
    s = usagi_pos(
        {"hand:0": ["turned-allegiance#33"], "field:1": [kaito, katana]},
        ryo={"p1": 3},
        attached={katana: kaito},
    )
    s = usagi_passes(usagi_play(s, f"play turned-allegiance#33 on {kaito}"))
    assert s.ctrl(s.names.index(kaito)) == s.ctrl(s.names.index(katana)) == 0
    assert usagi_info(s)["owner"][kaito] == 1
    assert s.names.index(kaito) in s.field[0] and not s.field[1]


def test_extra_score_tokens_are_offered_as_a_choice():
    """Chronicle (1.2): with score effects you *may* take an additional chronicle
    token for each point scored (ruling U30). Tea Master (+1) on Festival of Lanterns
    (+1): its winner is asked for 0, 1 or 2 extra tokens, and takes what it says."""
    s = usagi_pos(
        {"event:0": ["festival-of-lanterns#31"], "involved:0": ["tea-master#32"]}, finished=["p2"]
    )
    s = usagi_play(s, "finished")
    assert usagi_legal(s) == {"extra 0", "extra 1", "extra 2"}
    assert usagi_info(usagi_play(s, "extra 1"))["tokens"] == [2, 0]
