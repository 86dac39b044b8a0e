"""Chips over a zone never cover its label, and a pile's top card names itself
readably (issue 15, "Size and legibility" and "Cosmetic"): measured on the
geometry the table draws, in-process under SDL's dummy driver."""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest

from shrinetable.adapter.session import Session
from shrinetable.engine import Chip, Face, registry
from shrinetable.table import faces, hud
from shrinetable.table.art import Fonts

pytestmark = pytest.mark.usefixtures("dummy_video")

SHRINES = registry.get("shrines")

# a1 under a terrain, a weather over its row, an overruled weather over its
# pathway and a trap; piles whose top cards have long names
POSITIONS = Path(__file__).parent / "positions"
CROWDED = POSITIONS / "shrines-crowded.toml"  # a position file (tests/positions)

SIZES = [(1024, 576), (1280, 720), (1920, 1080)]


@pytest.fixture
def crowded(app):
    from shrinetable.formats.scenario import load

    path = CROWDED
    session = Session(SHRINES, 3, {}, ["human", "computer"])
    session.reset(load(path).state)
    app.start_game(session)
    app.step([], 0.01)
    return app


def resize(app, size) -> None:
    app.screen = pygame.display.set_mode(size, pygame.RESIZABLE)
    app._resized()
    app.step([], 0.01)


def chips_of(board, zone):
    """The chips as the table draws them: each whole, in its shorter words
    where the zone is narrow (`Board._whole_chips`)."""
    rect, label = board.zones[zone], board.labels.get(zone)
    return board.cover_chips(rect, board._whole_chips(zone, rect, label), label)


@pytest.mark.parametrize("size", SIZES)
def test_site_chips_never_cover_the_label_and_the_strips_begin_below_them(crowded, size):
    resize(crowded, size)
    board = crowded.scene.board
    assert len(board.decor.covers["site:a1"]) == 4  # terrain, weather, overruled, trap
    for zone in board.decor.covers:
        rect, label = board.zones[zone], board.labels.get(zone)
        placed = chips_of(board, zone)
        assert placed, zone
        for c, _, box in placed:
            assert rect.contains(box), (zone, c.text, box, rect)
            assert label is None or not box.colliderect(label), (zone, c.text, box, label)
        for a, b in zip(placed, placed[1:], strict=False):
            assert not a[2].colliderect(b[2]), (zone, a[0].text, b[0].text)
        bottom = max(box.bottom for _, _, box in placed)
        for p in board.placed:
            if p.zone == zone:
                assert p.rect.top >= bottom, (zone, p.name, p.rect, bottom)
    # every chip over a1 is there, at the text floor (14 px at 1280x720, 18 px at
    # 1920x1080): whole at 1920x1080 (on the lines that leave the site two fifths of
    # its height); smaller, the lines under the label hold them shortened (the
    # enlarged cards and the site's places say them whole)
    placed = chips_of(board, "site:a1")
    assert len(placed) == len(board.decor.covers["site:a1"])
    assert all(board.fonts.px(px) >= board.fonts.floor for _, px, _ in placed)
    assert len({box.top for _, _, box in placed}) in (2, 3)
    if size == (1920, 1080):
        assert {c.text for c, _, _ in placed} == {c.text for c in board.decor.covers["site:a1"]}


def test_chips_beside_a_long_label_shrink_then_shorten_and_stay_clear():
    """The generic rule, on a zone of any game: a long label leaves little room;
    chips go under it, then shorten with an ellipsis; none leaves the zone."""
    pygame.font.init()
    fonts = Fonts()
    over = tuple(
        Chip(t) for t in ("Some Very Long Weather", "Another Long Terrain", "Third Cover", "Trap")
    ) + (Chip("plain words", None),)
    for w in (90, 140, 200, 320):
        rect = pygame.Rect(10, 10, w, 100)
        label = pygame.Rect(14, 12, w // 2, 12)
        placed = hud.cover_chips(fonts, rect, over, label)
        assert placed
        for _, px, box in placed:
            assert px >= 7 and rect.contains(box) and not box.colliderect(label)
        # no label inside: one line across the zone
        placed = hud.cover_chips(fonts, rect, over)
        assert len({box.top for _, _, box in placed}) == 1
        assert all(rect.contains(box) for _, _, box in placed)


PILES = ["graveyard:0", "graveyard:1", "banished:1", "shrine:0", "shrine:1"]


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
def test_a_piles_top_card_shows_its_whole_name_at_11_px(crowded, size):
    resize(crowded, size)
    board = crowded.scene.board
    tops = {p.zone: p for p in board.placed if p.zone in PILES}
    assert set(tops) == set(PILES)
    for zone, p in tops.items():
        assert p.strip and p.name, zone
        face = board.art.face(p.name)
        px, _, lines = faces.pile_layout(board.fonts, face, p.rect.size)
        assert px >= faces.MIN_PX, (zone, px)
        assert lines and all(text.strip() for text, _ in lines), zone
        assert " ".join(text for text, _ in lines) == face.name, (zone, lines)  # no "…"
        for text, width in lines:  # each line fits (narrowed by at most CONDENSE)
            assert board.fonts.font(px, True).size(text)[0] * faces.CONDENSE <= width, (
                zone,
                text,
                width,
            )
        assert board.zones[zone].contains(p.rect), zone


def test_a_narrow_pile_face_cuts_a_long_name_but_never_to_nothing():
    pygame.font.init()
    fonts = Fonts()
    face = Face("Extraordinarily Longwinded Cardname", numbers=(3, 4))
    px, _, lines = faces.pile_layout(fonts, face, (50, 60))
    assert px >= faces.MIN_PX and lines and lines[0][0].strip()
    surf = faces.draw_pile(fonts, face, (50, 60))
    assert surf.get_size() == (50, 60)


@pytest.mark.parametrize("size", [(90, 126), (120, 168), (160, 224)])
def test_a_card_of_five_ratings_keeps_its_numbers_on_the_card(size):
    """A numbers box wider than the card (Usagi's five ratings) takes smaller type
    rather than spilling past the card's left edge."""
    pygame.font.init()
    box, px = faces.numbers_box(Fonts(), "C4/D1/I1/Ce2/L0", size)
    assert box.left >= 0 and box.right <= size[0] and px >= 7


def test_a_tall_zones_chips_are_not_headlines():
    """A column of cards beside an Event (Usagi at three players) is tall: its chips
    ("TIE", the contenders) keep a chip's size rather than growing with the zone
    over the cards they speak of."""
    pygame.font.init()
    placed = hud.cover_chips(Fonts(), pygame.Rect(0, 0, 300, 480), (Chip("TIE"), Chip("p1 7")))
    assert placed and all(px <= 18 for _, px, _ in placed)


def test_a_seats_status_takes_its_short_words_where_its_figures_leave_no_room():
    """Shrines' seat strip at 150% and 1280x720: 'Turn 45 · first act' lay over
    'Life 22'; where the whole words do not fit beside the figures the status
    says its short ones ('first act'), and nothing overlaps."""
    from shrinetable.engine import Hud

    pygame.font.init()
    fonts = Fonts()
    seat = Hud(
        0,
        (Chip("Life 22"), Chip("B3")),
        (Chip("Turn 45 \u00b7 first act", short="first act"), Chip("PRIORITY")),
    )
    surf = pygame.Surface((1000, 40))
    wide = hud.seat(surf, fonts, pygame.Rect(0, 0, 1000, 30), seat, "P1 (you)")
    need = max(b.right for b in wide[:3]) + 20 + sum(b.w + 6 for b in wide[3:])
    assert hud.seat(surf, fonts, pygame.Rect(0, 0, need, 30), seat, "P1 (you)") == wide[:3] + [
        b.move(need - 1000, 0) for b in wide[3:]
    ]  # room for the whole words: as they were
    narrow = hud.seat(surf, fonts, pygame.Rect(0, 0, need - 40, 30), seat, "P1 (you)")
    assert narrow[4].w < wide[4].w  # the short words (the status is drawn from the right)
    assert all(not a.colliderect(b) for i, a in enumerate(narrow) for b in narrow[i + 1 :])


def test_a_strips_current_figures_never_pass_its_left_end():
    """Usagi at five seats, 150%, 1280x720: a strip's five changed ratings were
    wider than its strip and lay over the Event beside it; they stay on the
    strip, cut (the enlarged card says them whole), and fit ones are as before."""
    from shrinetable.engine import CardDecor

    pygame.font.init()
    fonts = Fonts()
    fonts.floor = 21
    face = Face("Masked Broker Sen", numbers=("C1", "D2", "I4", "Ce0", "L1"))
    decor = CardDecor(numbers=Chip("C1/D2/I6/Ce0/L1", (240, 150, 130)))
    surf = pygame.Surface((400, 60))
    strip = pygame.Rect(200, 10, 177, 28)
    boxes = hud.card(surf, fonts, strip, decor, face=face, strip=True)
    assert boxes and all(strip.contains(b) for b in boxes)
    wide = pygame.Rect(0, 10, 390, 28)
    boxes = hud.card(surf, fonts, wide, decor, face=face, strip=True)
    assert all(b.left > wide.left + 100 and wide.contains(b) for b in boxes)
