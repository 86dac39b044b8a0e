"""A new Usagi player with no Hero had Honor 0 and no word of why: the Honor
figure on their own field says it ("Honor 0: no Hero to produce it") while
nothing of theirs in play produces Honor, from the game's view alone; other
seats' figures stay short. Drawn whole at both window sizes."""

from __future__ import annotations

import pytest

from shrinetable.adapter.session import Session
from shrinetable.bench.legibility import measure
from shrinetable.engine import registry

GAME = registry.get("usagi")
WHY = "Honor 0: no Hero to produce it"


def _badges(s: Session, viewer: int = 0) -> dict[str, str]:
    return GAME.present.decor(GAME.view(s.state, viewer)).badges


def _producing(s: Session, q: int) -> bool:
    field = GAME.view(s.state, q).zones[f"field:{q}"].cards
    return any((d := GAME.present.card(c)) is not None and d.produce.get("honor") for c in field)


def test_the_own_honor_figure_says_why_it_is_nothing_without_a_hero():
    s = Session(GAME, 1, {}, ["human", "computer"])
    assert WHY in _badges(s, 0)["field:0"] and WHY not in _badges(s, 0)["field:1"]
    assert WHY in _badges(s, 1)["field:1"]  # each seat on its own screen
    said = 0
    while s.decision() is not None and s.state.turn_no < 6:
        s.play(s.forced() or s.computer_action())
        own = _badges(s)["field:0"]
        if _producing(s, 0) or "Honor 0" not in own:
            assert ": no Hero" not in own and "nothing in play" not in own, own
            said += 1
        else:
            assert WHY in own, own
    assert said  # a Hero kept produced Honor, and the words went


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
@pytest.mark.parametrize("players", [5, 6])  # showcases where p1 has no Hero
def test_the_words_are_drawn_whole(monkeypatch, size, players):
    from shrinetable.table.art import Fonts

    drawn: list[str] = []
    real = Fonts.text

    def spy(fonts, s, *args, **kwargs):
        drawn.append(s)
        return real(fonts, s, *args, **kwargs)

    monkeypatch.setattr(Fonts, "text", spy)
    fig = measure("usagi", players, size)
    assert any(WHY in t for t in drawn), [t for t in drawn if "Honor" in t]
    assert fig["cut_labels"] == 0 and fig["overlaps"] == 0, fig
