"""Found playing Shrines at 1280x720 (issue 41's play-through): a Double
Attack creature brought P1 to 0 in the quick step; the log said "P2 wins: P1
fell to 0 life", then the regular step went on ("P1 loses 6 life (now -6)",
"... (now -12)") and the life chip read -12. Clause winning: a player at 0
loses immediately, so the regular step does not come."""

from __future__ import annotations

from shrines_helpers import events, play, spawn, start, to_act


def test_a_player_who_falls_in_the_quick_step_loses_before_the_regular_one():
    s = start("red", "blue")
    raider = spawn(s, "emberfang-raider", 0, "a5")  # Double Attack: both steps
    brute = spawn(s, "ashen-brute", 0, "b5")  # the regular step only
    s.life[1] = 2
    s = to_act(s, "combat")
    s = play(s, f"attack {raider} p2", f"attack {brute} p2", "next", "pass")
    said = [e.text for e in events(s, "pass") if e.text]
    assert said[-1].startswith("p1 wins"), said
    assert sum("p2 loses" in t for t in said) == 1, said
    s = play(s, "pass")
    assert s.life[1] == 0 and s.result is not None
