"""Found playing Usagi at 1280x720 (issue 41's play-through): a Character on
top of the viewer's Rest pile, drawn as a pile's strip, printed its five
ratings on one line wider than the card, so "C4" went past its left edge
("4/D1/I1/Ce2/L0"). A pile's figures take a second line rather than leave
the card."""

from __future__ import annotations

import pygame
import pytest

from shrinetable.engine import Face
from shrinetable.table import faces
from shrinetable.table.art import Fonts, floor_px

FIVE = ("C4", "D1", "I1", "Ce2", "L0")  # as Usagi prints them


@pytest.mark.parametrize("size", [(115, 90), (100, 80), (90, 72), (130, 100)])
def test_a_piles_five_ratings_stay_whole_on_its_card(size):
    pygame.font.init()
    fonts = Fonts()
    fonts.floor = floor_px((1280, 720))  # as the table draws at 1280x720
    face = Face("Kaito the Drifting Blade", numbers=FIVE)
    text = faces.numbers_text(face.numbers)
    assert text == "C4/D1/I1/Ce2/L0"
    box, px = faces.numbers_box(fonts, text, size, strip=True)
    assert pygame.Rect((0, 0), size).contains(box), (box, size)
    assert px >= faces.MIN_PX
    with fonts.trial() as drawn:
        faces.draw_pile(fonts, face, size)
    assert not [d for d in drawn if d.cut and "/" in d.text], drawn
    shown = "".join(d.text for d in drawn if "/" in d.text)
    # every figure, on one line or two; compact ("4/1/1/2/0") where whole they
    # would leave the name too few lines and compact they leave it enough
    name_whole = not [d for d in drawn if d.cut and faces.names_it(face, d.text)]
    assert shown == text or (shown == faces.compact(text) and name_whole), drawn
    box = faces.numbers_box(fonts, shown, size, strip=True)[0]
    _, lh, lines = faces.pile_layout(fonts, face, size)
    assert 2 + len(lines) * lh <= box.top + 2, (lines, box)  # the name's lines above them


def test_a_strip_keeps_its_figures_on_its_one_line():
    pygame.font.init()
    box, _ = faces.numbers_box(Fonts(), "C4/D1/I1/Ce2/L0", (400, 24), strip=True)
    assert box.h < 24 and box.right <= 400


@pytest.mark.parametrize("size", [(108, 20), (120, 22), (96, 18)])
def test_a_narrow_one_line_strip_prints_its_five_ratings_compact_not_clipped(size):
    """Played (playtest9): Usagi at four seats, another seat's Rest pile
    (~110 px) drew its top Character as a one-line strip whose five ratings
    were wider than the strip: "/D2/I0/Ce1/L4", clipped at its left, the
    "C" figure lost. They print compact ("4/1/1/2/0", as a small card's do;
    the zoom shows them whole), inside the strip; a wide strip keeps them
    whole."""
    pygame.font.init()
    fonts = Fonts()
    fonts.floor = floor_px((1280, 720))
    face = Face("Kaito the Drifting Blade", numbers=FIVE)
    assert size[1] < 2 * faces.line(fonts)  # one line
    with fonts.trial() as drawn:
        faces.draw_strip(fonts, face, size)
    assert not [d for d in drawn if d.cut and "/" in d.text], drawn
    assert [d.text for d in drawn if "/" in d.text] == ["4/1/1/2/0"]
    with fonts.trial() as drawn:
        faces.draw_strip(fonts, face, (400, size[1]))
    assert [d.text for d in drawn if "/" in d.text] == ["C4/D1/I1/Ce2/L0"]


@pytest.mark.parametrize(("size", "whole"), [((182, 60), False), ((400, 60), True)])
def test_a_two_line_strip_prints_its_figures_compact_only_to_keep_its_name_whole(size, whole):
    """At 150% text (a 21 px floor) Usagi's hand strip of Roadside Bodyguard,
    two lines 182 px wide, cut "Bodygua…" on its second line beside "C1/L1":
    compact ("1/1") they leave it room; a wide strip keeps them whole."""
    pygame.font.init()
    fonts = Fonts()
    fonts.floor = floor_px((1280, 720), 1.5)
    face = Face("Roadside Bodyguard", numbers=("C1", "L1"))
    assert size[1] >= 2 * faces.line(fonts)
    with fonts.trial() as drawn:
        faces.draw_strip(fonts, face, size)
    assert not [d for d in drawn if d.cut], drawn
    shown = [d.text for d in drawn if "/" in d.text]
    assert shown == (["C1/L1"] if whole else ["1/1"]), drawn
