"""Shrine's hidden information and card count, checked directly (the generic
contract suite in test_contract.py checks every game the same way; these are the
assertions only Shrine's zones and cards can state)."""

from __future__ import annotations

import random

from shrine_helpers import pos

from shrinetable.engine.registry import get


def walk(game, state, rng: random.Random, steps: int):
    """Up to `steps` uniformly random legal steps: yields each state after a step."""
    for _ in range(steps):
        if game.outcome(state) is not None:
            return
        state, _ = game.apply(state, rng.choice(game.legal_actions(state)))
        yield state


def test_shrine_deck_is_52_cards_and_53_with_the_balance_card():
    """Every card in exactly one zone: 53 with Shrine's Balance card, 52 without."""
    game = get("shrine")
    for balance, size in ((False, 52), (True, 53)):
        cards = [
            c
            for cs in game.all_cards(game.new_game(0, {"balance": balance}, 2)).values()
            for c in cs
        ]
        assert len(cards) == len(set(cards)) == size


def test_shrine_view_hides_other_hands_deck_and_cards_under_shrine_tops():
    """A seat sees its own hand, Shrine tops, Fields and the Graveyard; never
    another hand, the Deck, or cards under a Shrine's top."""
    game = get("shrine")
    state = game.new_game(5, {"balance": True}, 3)
    for after in walk(game, state, random.Random(5), 300):
        cards = game.all_cards(after)
        for seat in (0, 1, 2, None):
            zones = game.view(after, seat).zones
            assert set(zones["deck"].cards) <= {None}
            assert len(zones["deck"].cards) == len(cards["deck"])
            for q in range(3):
                hand = zones[f"hand:{q}"].cards
                assert hand == (tuple(cards[f"hand:{q}"]) if q == seat else (None,) * len(hand))
                shrine = zones[f"shrine:{q}"].cards
                assert set(shrine[:-1]) <= {None}
                assert list(shrine[-1:]) == cards[f"shrine:{q}"][-1:]
                assert list(zones[f"field:{q}"].cards) == cards[f"field:{q}"]
            assert list(zones["graveyard"].cards) == cards["graveyard"]


def test_shrine_balance_fill_hides_cards_that_end_under_the_top():
    """Cards the Balance adds under a Shrine's new top stay hidden, as in views."""
    s = pos(
        shrines=[["2C", "3C", "4C", "5C"], ["2D", "3D"]],
        hands=[["2S"], ["2H"]],
        stage="turn",
        top=["JK", "8S", "9S"],
        options={"balance": True},
    )
    game = get("shrine")
    after, events = game.apply(s, game.parse_action("draw"))
    assert game.all_cards(after)["shrine:1"] == ["2D", "3D", "8S", "9S"]
    shown = {c for e in events for c in e.seen_by(0).cards}
    assert None in game.view(after, 0).zones["shrine:1"].cards[2:3]  # 8S: hidden in views
    assert "8S" not in shown


def test_shrine_draw_is_seen_only_by_the_drawer():
    """A drawn card's event shows the card to its drawer only."""
    game = get("shrine")
    state = game.new_game(9, None, 3)
    _, events = game.apply(state, game.parse_action("draw"))
    (draw,) = [e for e in events if e.kind == "draw"]
    assert draw.seen_by(0).cards[0] is not None
    assert draw.seen_by(1).cards == (None,) and draw.seen_by(None).cards == (None,)


def test_moves_are_said_in_plain_words_not_notation():
    """A hint and a move button say a move as the log does, as an order: whose
    Shrine, with which cards, seats named like the table names them."""
    from shrinetable.games.shrine.present import PRESENT

    assert PRESENT.describe("attack p2 7D") == "Attack P2's Shrine with the 7 of diamonds"
    assert PRESENT.describe("token QC pay 4S") == (
        "Play the Queen of clubs as a Token, paying with the 4 of spades"
    )
    assert PRESENT.describe("heal 5H 5D") == "Heal with the 5 of hearts and the 5 of diamonds"
    assert PRESENT.describe("draw") == "Draw a card"  # its own label kept
    assert PRESENT.describe("block JS") == "Block with the Jack of spades"
