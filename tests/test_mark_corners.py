"""Found playing Shards at 1920x1080 (issue 41's play-through): the frame of
a strip that can move now had the corners of a card a strip's width wide, so
its curve cut in over the figures at the strip's end ("D3" half covered). A
mark's corners follow the shorter side: the figures read the same, framed or
not (the pixels of each marked strip's numbers box, drawn with and without
the marks)."""

from __future__ import annotations

import pygame
import pytest

from shrinetable.adapter.session import Session
from shrinetable.engine import registry
from shrinetable.table.board import Marks

pytestmark = pytest.mark.usefixtures("dummy_video")


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
def test_a_playable_strips_frame_leaves_its_figures_alone(app, size):
    app.screen = pygame.display.set_mode(size)
    app.manager.set_window_resolution(size)
    session = Session(registry.get("shards"), 4, {}, ["human", "computer"])
    app.start_game(session)
    app.step([], 0.01)
    scene = app.scene
    start = next(mv for mv in scene.match.moves() if mv.gesture.cards == ("hearth-farmstead#1",))
    scene.perform(start.action)  # Hearth Farmstead alone: then it may be used
    for _ in range(200):  # the computer chooses its own meanwhile
        app.step([], 0.05)
        if scene.my_decision() and scene.marks.playable:
            break
    board, marks = scene.board, scene.marks
    strips = [p for p in board.placed if p.strip and (p.zone, p.name) in marks.playable]
    assert strips, "no strip to use"
    names = ["P1", "P2"]
    framed, plain = pygame.Surface(size), pygame.Surface(size)
    board.draw(framed, marks, names)
    boxes = dict(board.boxes)
    board.draw(plain, Marks(), names)
    for p in strips:
        box = boxes[f"{p.zone}#{p.index}"].inflate(-2, -2)  # inside its edge
        ink = [
            (x, y)
            for x in range(box.left, box.right)
            for y in range(box.top, box.bottom)
            if sum(plain.get_at((x, y))[:3]) < 200  # its letters' ink
        ]
        assert len(ink) > 20, p.name
        covered = [xy for xy in ink if framed.get_at(xy) != plain.get_at(xy)]
        assert not covered, (p.name, covered[:5])
