"""The hover zoom in the real window (Xvfb, xdotool): at Usagi's discard step,
with two hand cards clicked into a selection, a third hovered rises enlarged
where it covers neither selected card (the play-test: it stood over the cards
just selected), at 1280x720 and 1920x1080. The window traces what the
enlargement covers (`zoom NAME x y w h ...`); the cards' places come from the
table's own geometry. Screenshots go to test-artifacts/."""

from __future__ import annotations

import e2e_harness
import pygame
import pytest
from e2e_harness import ARTIFACTS, Mirror, Xvfb, missing_tools, ready

from shrinetable.adapter import storage
from shrinetable.adapter.session import Session
from shrinetable.engine import registry
from shrinetable.table.board import Marks

pytestmark = [
    pytest.mark.e2e,
    pytest.mark.skipif(bool(missing_tools()), reason="needs Xvfb, xdotool, import"),
]
GAME = registry.get("usagi")


def _discarding(seed: int) -> Session:
    """p1 (a person) at its first discard step with four cards or more."""
    s = Session(GAME, seed, {}, ["human", "computer"])
    while (d := s.decision()).kind != "discard" or d.seat != 0:
        s.play(s.forced() or s.computer_action())
    assert len(GAME.view(s.state, 0).zones["hand:0"].cards) >= 4
    return s


def _covers(line: str) -> list[pygame.Rect]:
    n = [int(x) for x in line.split()[2:]]
    return [pygame.Rect(n[i : i + 4]) for i in range(0, len(n), 4)]


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
def test_the_enlarged_card_leaves_the_selected_cards_in_view(tmp_path, monkeypatch, size):
    session = _discarding(1)
    save = storage.save_as(session, tmp_path / "discard.json")
    monkeypatch.setattr(e2e_harness, "SIZE", size)  # the mirror's geometry at this size
    xvfb = Xvfb(size)
    app = ready(xvfb, ["--trace", "--load", str(save), "--size", f"{size[0]}x{size[1]}"], tmp_path)
    try:
        table = Mirror(app, Session(GAME, 1, {}, ["human", "computer"]), viewer=0)
        for h in session.history:
            table.m.session.play(GAME.parse_action(h.text))
        hand = table.view().zones["hand:0"].cards
        a, b, c = hand[0], hand[1], hand[2]
        app.click(table.card("hand:0", a))
        app.click(table.card("hand:0", b))
        app.xdo(*app._to(table.card("hand:0", c)))
        line = app.wait_line(f"zoom {c} ")
        shot = ARTIFACTS / f"e2e-zoom-selected-{size[0]}.png"
        app.screenshot(shot)
        table.board.lay_out(table.view(), 0, Marks(selected={"hand:0": frozenset({0, 1})}))
        held = {p.index: p.rect for p in table.board.placed if p.zone == "hand:0"}
        covers = _covers(line)
        assert covers and not [
            (r, k) for r in covers for k in (held[0], held[1]) if r.colliderect(k)
        ]
        # each hand card may be discarded: the field above them is clear, it stands there
        others = [k for i, k in held.items() if i != 2]
        assert not [(r, k) for r in covers for k in others if r.colliderect(k)]
    finally:
        app.stop()
        xvfb.stop()
