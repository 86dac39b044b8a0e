"""Found playing Shrine at 1280x720 (issue 41's play-through): a Dagger was
named twice in the log, "P1 plays the Ace of spades as a Dagger, paying with
the 4 of clubs, on P2's Shrine", then (after "P2 lets it through") "P1
strikes with the Dagger (the Ace of spades)". The log says each thing once:
the second line says what the answers left of it."""

from __future__ import annotations

from shrinetable.adapter import log
from shrinetable.adapter.match import Match
from shrinetable.adapter.session import Session
from shrinetable.engine import registry

MOVES = [
    (0, "draw"),
    (0, "token JS pay 8C"),
    (1, "allow"),
    (1, "take"),
    (0, "draw"),
    (0, "token QD pay JH"),
    (1, "allow"),
    (1, "draw"),
    (1, "attack p1 4S"),
    (0, "block JS"),
    (0, "draw"),
    (0, "dagger AS pay 4C p2 shrine"),
    (1, "allow"),
]


def test_a_dagger_is_named_once_and_its_strike_said_plainly():
    m = Match(Session(registry.get("shrine"), 5, {}, ["human", "human"]))
    for seat, text in MOVES:
        while (auto := m.pending()) is not None and auto.forced:
            m.step()
        m.act(seat, text)
    while (auto := m.pending()) is not None and auto.forced:
        m.step()
    lines = log.lines(m, 0)
    start = next(i for i, x in enumerate(lines) if "as a Dagger" in x)
    after = lines[start:]
    assert after[0].startswith("P1 plays the Ace of spades as a Dagger")
    assert sum("Ace of spades" in x for x in after) == 1, after
    assert "P1's Dagger gets through" in after
    assert after[-1] == "The 3 of hearts leaves P2's Shrine", after
