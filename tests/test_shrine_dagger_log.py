"""Found playing Shrine at 1280x720 (issue 41's play-through): a Dagger was
named twice in the log, "P1 plays the Ace of spades as a Dagger, paying with
the 4 of clubs, on P2's Shrine", then (after "P2 lets it through") "P1
strikes with the Dagger (the Ace of spades)". The log says each thing once:
the second line says what the answers left of it."""

from __future__ import annotations

from game_helpers import match_after
from shrine_helpers import ATTACKED, TWO_ACES

from shrinetable.adapter import log
from shrinetable.games.shrine import GAME


def test_a_dagger_is_named_once_and_its_strike_said_plainly():
    m = match_after(GAME, 5, ATTACKED + TWO_ACES[:4])  # to the Dagger's strike
    lines = log.lines(m, 0)
    start = next(i for i, x in enumerate(lines) if "as a Dagger" in x)
    after = lines[start:]
    assert after[0].startswith("P1 plays the Ace of spades as a Dagger")
    assert sum("Ace of spades" in x for x in after) == 1, after
    assert "P1's Dagger gets through" in after
    assert after[-1] == "The 3 of hearts leaves P2's Shrine", after
