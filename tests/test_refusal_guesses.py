"""Issue 41: a refused drop says the rule that refuses it in every game. Sorcerer
and Shards guess which move a drag meant (`guess_actions`), as the other games
do, so the engine's own reason is what the player reads, not "no legal move"."""

from __future__ import annotations

import pytest

from shrinetable.adapter import gestures, refusal
from shrinetable.adapter.session import Session
from shrinetable.engine import registry

# where a card from the hand goes into play, per game
INTO_PLAY = {"sorcerer": ("play:0",), "shards": ("pool:0", "terr1:0", "policy:0")}


@pytest.mark.parametrize("name", sorted(INTO_PLAY))
def test_a_hand_card_refused_into_play_names_its_rule(name):
    game = registry.get(name)
    session = Session(game, 1, {}, ["human", "computer"])
    said: list[str] = []
    for _ in range(120):
        d = session.decision()
        if d is None:
            break
        if d.seat == 0:
            moves = gestures.moves(game, session.state)
            for c in [c for c in game.view(session.state, 0).zones["hand:0"].cards if c][:2]:
                if gestures.for_held(moves, (c,), "hand:0"):
                    continue  # it has a move elsewhere: the table lights where
                for zone in INTO_PLAY[name]:
                    said.append(refusal.explain(game, session.state, 0, (c,), "hand:0", zone, None))
        session.play(session.computer_action())
    assert len(said) > 20
    named = [t for t in said if "(rule:" in t]
    assert len(named) == len(said), [t for t in said if t not in named][:3]


def test_a_drag_from_play_is_read_as_the_fight_it_looks_like():
    sorcerer = registry.get("sorcerer").guess_actions
    assert sorcerer(0, ("imp#1",), "play:0", "player:0", None) == ["sacrifice imp#1"]
    assert sorcerer(0, ("imp#1",), "play:0", "lane2", "ox#7") == [
        "defend imp#1 ox#7",
        "attack imp#1",
    ]
    assert sorcerer(0, ("a#1", "b#2"), "hand:0", "lane1", "ox#7") == ["boost ox#7 a#1 b#2"]
    assert sorcerer(0, ("imp#1",), "hand:0", "deck:0", None) == []
    shards = registry.get("shards").guess_actions
    assert shards(0, ("a#1",), "terr1:0", "terr2:0", "b#2")[0] == "block a#1 b#2"
    assert shards(0, ("a#1",), "terr1:0", "terr3:0", None) == ["move a#1 3"]
    assert shards(0, ("a#1", "b#2"), "hand:0", "scrap:0", None) == ["scrap a#1 b#2"]
    assert shards(0, ("a#1",), "hand:0", "grave:0", None) == ["discard a#1"]
