"""Found playing Shrine at 1280x720 (issue 41's play-through): once the
keyboard was in use, each decision bar button's number key was a 13 px badge
drawn over the first letters of its label ("1iscard the 8 of diamonds",
"4ore moves (5)..."). The badge is now the button's own, at the floor's size,
and the label stands beside it, in process with the dummy video driver."""

from __future__ import annotations

import pygame
import pytest
from test_focus import key

from shrinetable.adapter.match import Match
from shrinetable.adapter.session import Session
from shrinetable.engine import registry

pytestmark = pytest.mark.usefixtures("dummy_video")


def test_each_number_key_stands_beside_its_buttons_label(app):
    session = Session(registry.get("shrine"), 1, {}, ["computer", "computer"])
    m = Match(session)
    while not (m.decision().seat == 0 and m.decision().kind == "discard" and len(m.moves()) >= 7):
        m.step()
    session.seats[0] = "human"
    app.start_game(session)
    app.step([], 0.01)
    scene = app.scene
    key(app, pygame.K_TAB)  # the keyboard in use: the number keys show
    scene.draw(app.screen)
    bar = scene.ui.bar()
    assert len(bar) >= 4
    fonts = app.fonts
    for n, b in enumerate(bar, 1):
        assert b.key == str(n)
        badge = b._badge(fonts)
        assert badge is not None and b.rect.contains(badge)
        assert fonts.px(b.px) >= 14  # the floor at 1280x720
        lines, cut = b.label(fonts)
        x = b.rect.centerx + (badge.w + 2) // 2
        for line in lines:
            w = fonts.font(b.px).size(line)[0]
            assert badge.right <= x - w // 2 and x + (w + 1) // 2 <= b.rect.right, (b.text, line)
    assert not any(b.label(fonts)[1] for b in bar[:3])  # the discards read whole
    key(app, pygame.K_ESCAPE)
    scene.focus.shown = False
    scene.draw(app.screen)
    assert all(b.key == "" for b in scene.ui.bar())
