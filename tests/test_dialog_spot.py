"""Where a window over the table stands (`dialogs.spot`): off every card its
moves involve. Found in Shrines lesson 03 at 1280x720: a "Which move?" window
of seven assignments covered the left 20 px of the Sunfleet Scout it assigns
to, as each of the nine places it had (the middle, the corners, the edges'
middles) covered it. It now tries any place beside the cards, then narrower,
then at the least text size (14 px at 1280x720, 18 px at 1920x1080)."""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest
from lesson_steps import take_step
from pygame_gui.elements import UIButton
from table_input import click

from shrinetable.engine import Arrow
from shrinetable.resources import font_path
from shrinetable.table import uiscale
from shrinetable.table.clearing import EDGE, spot
from shrinetable.table.dialogs import SHADOW, joined
from shrinetable.table.overlay import Overlay

LESSON = Path(__file__).resolve().parent.parent / "assets/lessons/shrines/03-combat.toml"
SCREEN = pygame.Rect(0, 0, 1280, 720)
TABLE = pygame.Rect(0, 0, 1000, 720)  # the panels to its right


def centred(w: int, h: int) -> pygame.Rect:
    r = pygame.Rect(0, 0, w, h)
    r.center = SCREEN.center
    return r


def old_nine(rect: pygame.Rect) -> list[pygame.Rect]:
    """The places the window had: the middle, each corner and each edge's middle."""
    xs = (rect.x, TABLE.left + EDGE, TABLE.right - rect.w - EDGE)
    ys = (rect.y, TABLE.top + EDGE, TABLE.bottom - rect.h - EDGE)
    return [pygame.Rect(x, y, rect.w, rect.h).clamp(SCREEN) for y in ys for x in xs]


def test_a_window_finds_the_clear_place_between_the_nine() -> None:
    """A small card in the middle of each of the nine old places: all nine
    cover one, yet a place clear of them all is found, on the table."""
    rect = centred(300, 200)
    cards = [pygame.Rect(r.centerx - 10, r.centery - 10, 20, 20) for r in old_nine(rect)]
    assert all(r.collidelist(cards) != -1 for r in old_nine(rect))
    i, place = spot([rect], cards, TABLE, SCREEN)
    assert i == 0 and place.size == rect.size
    assert place.collidelist(cards) == -1
    assert TABLE.inflate(-2 * EDGE, -2 * EDGE).contains(place)


def test_a_window_narrows_where_only_that_clears_the_cards() -> None:
    """The lesson's case in rects: 460 px wide covers the card wherever it
    stands on the table; the narrower shape stands clear left of it."""
    wide, narrow = centred(460, 396), centred(300, 396)
    card = pygame.Rect(446, 315, 231, 40).inflate(30, 30)  # with the window's shadow
    assert all(r.colliderect(card) for r in old_nine(wide))
    i, place = spot([wide, narrow], [card], TABLE, SCREEN)
    assert i == 1 and not place.colliderect(card) and TABLE.contains(place)


def test_with_no_clear_place_the_window_covers_least() -> None:
    """A card across the table: the shape and place that cover least of it,
    the narrower against the table's foot."""
    card = pygame.Rect(0, 100, 1000, 500)
    i, place = spot([centred(460, 396), centred(300, 396)], [card], TABLE, SCREEN)
    assert i == 1 and place.bottom == TABLE.bottom - EDGE
    assert place.clip(card).size == (300, card.bottom - place.top)


def assigning(size: tuple[int, int], scale: float):
    """The lesson's table at `size` and text `scale`, the Scout clicked: its
    "Which move?" window of seven assignments open."""
    from shrinetable.formats.lesson import load
    from shrinetable.table.app import App
    from shrinetable.table.lesson_scene import open_lesson

    uiscale.save(scale)
    app = App(size)
    scene = open_lesson(app, load(LESSON))
    while not (step := scene.lesson.current()).do or not step.do[0].startswith("assign"):
        take_step(scene)
    app.step([], 0.01)
    scout = next(p for p in scene.board.placed if p.name == "sunfleet-scout#2")
    click(app, scout.rect.center)
    assert scene.overlay == Overlay.CHOICE
    return app, scene, scout.rect


@pytest.mark.parametrize("scale", [1.0, 1.5])
@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
def test_the_lessons_assignments_leave_the_scout_and_the_bar_in_view(
    dummy_video, size, scale
) -> None:
    app, scene, scout = assigning(size, scale)
    labels = [
        e
        for e in scene.ui.window.get_container().elements
        if isinstance(e, UIButton) and e.text != "Cancel"
    ]
    assert len(labels) == 7 and all("Sunfleet Scout" in b.text for b in labels)
    window = scene.ui.window.get_abs_rect()  # its shadow too
    assert not window.colliderect(scout), (window, scout)
    assert not [b.text for b in scene.ui.buttons if b.visible and window.colliderect(b.rect)]
    assert pygame.Rect((0, 0), size).contains(window.inflate(-2 * SHADOW, -2 * SHADOW))
    for b in labels:  # each label whole, at no less than the least text size
        px = int(next(c for c in b.get_class_ids() if c and c.startswith("@f"))[2:])
        assert px >= (14 if size == (1280, 720) else 18), px
        font = pygame.font.Font(str(font_path(False)), px)  # not the table's, floored at 150%
        assert font.size(b.text)[0] <= b.rect.w - 8, b.text
    pygame.quit()


def sharing_the_rest(size: tuple[int, int], scale: float):
    """The lesson's table at `size` and text `scale` at its last step (the
    Scout given its 1), the Strider clicked: "Which move?" of six amounts open."""
    from shrinetable.formats.lesson import load
    from shrinetable.table.app import App
    from shrinetable.table.lesson_scene import open_lesson

    uiscale.save(scale)
    app = App(size)
    scene = open_lesson(app, load(LESSON))
    while not (step := scene.lesson.current()).do or "mossback-strider#4" not in step.do[0]:
        take_step(scene)
    app.step([], 0.01)
    strider = next(p for p in scene.board.placed if p.name == "mossback-strider#4")
    click(app, strider.rect.center)
    assert scene.overlay == Overlay.CHOICE
    return app, scene


@pytest.mark.parametrize("scale", [1.0, 1.5])
def test_the_rest_of_the_damage_leaves_its_attacker_in_view(dummy_video, scale) -> None:
    """Step 6 at 1280x720: the window stood over the Ancient Colossus, whose
    damage it shares out, and the Scout, as only the Strider clicked counted
    (the play-tester's les03_150_7.png). The cards the blocks' arrows join to
    the Strider count too: the window, shadow included, leaves the fight whole."""
    app, scene = sharing_the_rest((1280, 720), scale)
    labels = [
        e.text
        for e in scene.ui.window.get_container().elements
        if isinstance(e, UIButton) and e.text != "Cancel"
    ]
    assert len(labels) == 6 and all("Mossback Strider" in t for t in labels)
    window = scene.ui.window.get_abs_rect()
    cards = {p.name: p.rect for p in scene.board.placed if p.name}
    for name in ("mossback-strider#4", "ancient-colossus#1", "sunfleet-scout#2"):
        assert not window.colliderect(cards[name]), (name, window, cards[name])
    assert not [b.text for b in scene.ui.buttons if b.visible and window.colliderect(b.rect)]
    pygame.quit()


def test_the_cards_a_moves_arrows_join_count_one_arrow_after_another() -> None:
    """A blocker clicked: its attacker (its arrow's end), the attacker's target
    and other blocker (their arrows'), not a fight of cards joined to none."""
    arrows = [
        Arrow("blocker-a", "attacker"),
        Arrow("blocker-b", "attacker"),
        Arrow("attacker", "target"),
        Arrow("elsewhere", "site:a1"),
    ]
    got = joined({"blocker-b"}, arrows)
    assert got == {"blocker-a", "blocker-b", "attacker", "target"}
    assert joined({"lone"}, arrows) == {"lone"}
