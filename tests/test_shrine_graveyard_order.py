"""Shrine, the Graveyard's order after a removal (docs/rules/shrine.md, R13): the
removed card lies on top, above the cards the player used to remove it, so the next
Graveyard take or Resurrection gets the removed card."""

from __future__ import annotations

import pytest
from shrine_helpers import play, pos, zone

LOW_A = ["TS", "TC", "8C"]
LOW_B = ["TD", "8D", "JC"]


def _two(top1: str, hand0, fields1=()):
    return pos(
        shrines=[[*LOW_A, "6C"], [*LOW_B, top1]],
        hands=[list(hand0), ["2H"]],
        fields=[[], list(fields1)],
        graveyard=["5H"],
    )


@pytest.mark.parametrize(
    "move, used",
    [
        ("attack p2 9S", ["9S"]),
        ("attack p2 5S 4C", ["5S", "4C"]),
        ("dagger AS pay 2S p2 shrine", ["2S", "AS"]),
        ("quad 7S 7H 7D 7C p2", ["7S", "7H", "7D", "7C"]),
    ],
)
def test_r13_the_removed_shrine_card_lies_on_top_of_the_cards_used(move, used):
    """Ruling R13: after an attack, a Dagger or a Quad the card removed from the Shrine
    goes on top of the Graveyard, above the player's own cards."""
    s = _two("9H", [*used, "3D"])
    s = play(s, move, allow=True)
    gy = zone(s, "graveyard")
    assert gy[0] == "5H" and sorted(gy[1:-1]) == sorted(used) and gy[-1] == "9H"


def test_r13_tokens_removed_by_a_triplet_lie_on_top_of_the_triplet():
    """Ruling R13: a Triplet's cards go first, then the Tokens it removes, in their
    Field order, so the last Token ends on top."""
    s = _two("9H", ["4S", "4H", "4D", "3D"], fields1=["KC", "JS"])
    s = play(s, "triplet 4S 4H 4D p2", allow=True)
    assert zone(s, "graveyard") == ["5H", "4S", "4H", "4D", "KC", "JS"]


def test_r13_the_next_take_gets_the_removed_card():
    """Ruling R13: the order matters: the next player's Graveyard take is the card
    just removed, not the attacker's discard."""
    s = _two("9H", ["9S", "3D"])
    s = play(s, "attack p2 9S", allow=True)
    s = play(s, "take")
    assert zone(s, "hand:1")[-1] == "9H"
