"""The computer's pace a player chooses is kept for the next run, as the
theme and reduced motion are (a play-test found it back at "normal")."""

from __future__ import annotations

from shrinetable import resources


def test_the_pace_chosen_is_the_pace_next_time(dummy_video, monkeypatch):
    from shrinetable.table.app import App

    monkeypatch.delenv("SHRINETABLE_AI_DELAY", raising=False)  # the player's own pace
    first = App((1280, 720))
    assert first.speed == "normal"
    first.set_speed("fast")
    again = App((1280, 720))
    assert again.speed == "fast" and again.ai_delay == first.ai_delay
    (resources.data_dir() / "pace.json").write_text("{not json")
    assert App((1280, 720)).speed == "normal"  # a damaged file is no fault
    assert resources.kept("nothing-kept.json") == {}
