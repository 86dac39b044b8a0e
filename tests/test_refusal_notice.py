"""Where a refusal is drawn over the table (`hud.banner`): off the cards of
the decision and the viewer's own. Found by play-test 11 (shards100_c.png):
Shards at its start, 1280x720, 100% text, a Starting card dropped where no
move takes it: "No legal move takes Timber Palisade there." stood in the
table's middle, over the viewer's Starting cards it was about."""

from __future__ import annotations

import pygame
from table_input import drag

from shrinetable.adapter.session import Session
from shrinetable.engine import registry
from shrinetable.table import hud
from shrinetable.table.app import App
from shrinetable.table.board import mine


def test_a_refusal_stands_off_the_decisions_and_the_viewers_cards() -> None:
    app = App((1280, 720))
    app.start_game(Session(registry.get("shards"), 1, {}, ["human", "computer"]))
    app.step([], 0.01)
    scene, board = app.scene, app.scene.board
    (palisade,) = [p for p in board.placed if p.name == "timber-palisade#3"]
    drag(app, palisade.rect.center, board.zones["terr2:1"].center)  # the other seat's
    app.step([], 0.01)
    assert scene.shout and scene.message.startswith("No legal move takes Timber Palisade")
    scene.frame.dirty = True
    app.step([], 0.01)
    notice = scene.painter.shouted
    assert notice is not None and board.felt().contains(notice)
    involved = [p for p in board.placed if p.name in scene.marks.involved]
    assert len(involved) == 5  # the five Starting cards to choose from
    assert notice.collidelist([p.rect for p in involved]) == -1, notice
    own = mine(board.view, board.decor, board.viewer)
    hidden = [p.name for p in board.placed if p.name in own and p.rect.colliderect(notice)]
    assert hidden == [], (notice, hidden)


def test_where_no_place_clears_both_the_decisions_cards_are_kept_clear() -> None:
    """The viewer's own cards fill the table but for a corner: the refusal
    stands off the decision's card, over the viewer's where it must."""
    app = App((1280, 720))
    area = pygame.Rect(0, 0, 900, 600)
    hide = [pygame.Rect(400, 250, 100, 100)]
    rather = [pygame.Rect(0, 0, 900, 600)]
    box = hud.banner(app.screen, app.fonts, area, "No legal move takes it there.", 17, hide, rather)
    assert area.contains(box) and box.collidelist(hide) == -1
    middle = hud.banner(app.screen, app.fonts, area, "No legal move takes it there.", 17)
    assert middle.center == area.center  # nothing to stand off: the middle
