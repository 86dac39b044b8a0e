"""Issue 39, "Colours apart": every pair of colours that carries meaning on the
table stays apart for a player with protanopia, deuteranopia or tritanopia
(Machado et al. 2009 at severity 1.0, `colour_vision.simulate`), or is backed
by a shape or a word, which this test checks is there.

Apart means a CIEDE2000 difference of at least `APART` = 10 after simulation.
One unit is about the smallest difference seen side by side on large patches
(a just noticeable difference is about 2.3, Sharma 2003); the table's marks
are thin outlines, seen one at a time and named from memory, which takes
several times that (Szafir 2018 finds thin marks need far larger differences
than patches): 10 keeps every mark pair at least four JNDs apart. Marks must
also stand out from the felt they lie on: WCAG 2.1's 3:1 for graphics, and
seat names, written in their seat's colour, 4.5:1 for text (7:1 in the
high-contrast theme) in the themes made for it."""

from __future__ import annotations

import itertools

import pygame
import pytest
from colour_vision import contrast, de2000, simulate

from shrinetable.engine import registry
from shrinetable.table import hud, strokes
from shrinetable.table.seats import EDGES, seat_name
from shrinetable.table.theme import THEMES, Palette
from shrinetable.workbench.sheets import deck_cards

APART = 10.0
VISIONS = ("normal", "protanopia", "deuteranopia", "tritanopia")

# pairs of the palette's colours seen together whose difference means something:
# the marks on the table's cards and zones; the target under the pointer among
# the other targets; the hinted button inside the frame of an answer out of turn;
# a figure won and a figure lost
MARKS = ("target", "last", "select", "playable")
PAIRS = [
    *itertools.combinations(MARKS, 2),
    ("hover", "target"),
    ("hint", "answer"),
    ("gain", "loss"),
]
# what tells each pair apart without colour (checked below: test_the_backings_are_drawn)
BACKED = {
    ("target", "select"): "a selected card is raised; a target has corner brackets",
    ("target", "playable"): "a target has corner brackets",
    ("target", "last"): "the last move's zones are framed in dashes",
    ("last", "select"): "the last move's zones are framed in dashes; a selected card is raised",
    ("last", "playable"): "the last move's zones are framed in dashes",
    ("select", "playable"): "a selected card is raised",
    ("hover", "target"): "the target under the pointer has a thicker frame and no brackets",
    ("hint", "answer"): "the hint frames one button, the answer the whole bar",
    ("gain", "loss"): "the figure's sign, + or \u2212",
}
SEATS_BACKED = "each seat's name goes with its colour, and its cards' edge has its own dashes"


def worst(a, b) -> tuple[float, str]:
    """The least CIEDE2000 between `a` and `b` over the four visions, and where."""
    return min((de2000(simulate(a, v), simulate(b, v)), v) for v in VISIONS)


def too_close(p: Palette) -> list[str]:
    """The meaning pairs of `p` closer than APART in some vision."""
    out = []
    for x, y in PAIRS:
        d, v = worst(getattr(p, x), getattr(p, y))
        if d < APART:
            out.append(f"{x}/{y} {d:.1f} ({v})")
    for i, j in itertools.combinations(range(6), 2):
        d, v = worst(p.seats[i], p.seats[j])
        if d < APART:
            out.append(f"seat {i + 1}/seat {j + 1} {d:.1f} ({v})")
    return out


def test_the_colour_blind_theme_keeps_every_meaning_pair_apart_in_every_vision():
    assert too_close(THEMES["colour-blind"]) == []


@pytest.mark.parametrize("name", list(THEMES))
def test_a_pair_too_close_in_any_theme_is_backed_by_a_shape_or_a_word(name):
    for pair in too_close(THEMES[name]):
        key = tuple(pair.split(" ", 1)[0].split("/"))
        assert key in BACKED or pair.startswith("seat"), f"{name}: {pair} has no backing"


@pytest.mark.parametrize("name", list(THEMES))
def test_the_marks_stand_out_from_the_felt_in_every_vision(name):
    p = THEMES[name]
    for mark in (*MARKS, "hover"):
        for ground in (p.felt, p.zone):
            for v in VISIONS:
                ratio = contrast(simulate(getattr(p, mark), v), simulate(ground, v))
                assert ratio >= 3, (name, mark, v, round(ratio, 2))


@pytest.mark.parametrize(("name", "least"), [("colour-blind", 4.5), ("high-contrast", 7.0)])
def test_seat_names_and_the_text_read_on_what_they_stand_on(name, least):
    p = THEMES[name]
    grounds = (p.felt, p.felt_dark, p.zone, p.panel)
    for ink in (*p.seats, p.label, p.text, p.accent):
        for ground in grounds:
            assert contrast(ink, ground) >= least, (name, ink, ground)
    assert contrast(p.refusal_text, p.refusal) >= least


def _mask(draw) -> set[tuple[int, int]]:
    """The pixels `draw(surface)` paints on a blank surface."""
    surf = pygame.Surface((200, 200))
    surf.fill((0, 0, 0))
    draw(surf)
    return {(x, y) for x in range(200) for y in range(200) if surf.get_at((x, y))[:3] != (0, 0, 0)}


def test_the_backings_are_drawn():
    """The shapes BACKED names: a dashed frame leaves gaps a solid one fills,
    brackets reach beyond the frame they surround, every seat's dashes differ
    from every other's, and a tally says its sign in words."""
    card = pygame.Rect(60, 60, 80, 80)
    white = (255, 255, 255)
    solid = _mask(lambda s: pygame.draw.rect(s, white, card, 3))
    dashes = _mask(lambda s: strokes.dashed(s, white, card, 3, 14, 8))
    assert dashes < solid and len(dashes) < 0.8 * len(solid)
    framed = _mask(lambda s: strokes.brackets(s, white, card.inflate(16, 16), 4))
    assert framed - solid and not (framed & solid)
    edges = [
        frozenset(
            _mask(lambda s, e=e: strokes.dashed(s, white, card, 4, *(round(k * 80) for k in e)))
        )
        for e in EDGES
    ]
    assert len(set(edges)) == len(EDGES) == 6
    assert len({seat_name(i) for i in range(6)}) == 6
    pygame.font.init()
    from shrinetable.table.art import Fonts

    fonts, drawn = Fonts(), []
    fonts.drawn = drawn
    hud.tally(fonts, 3, 20)
    hud.tally(fonts, -3, 20)
    assert {d.text for d in drawn} == {"+3", "\u22123"}


def _signature(face) -> tuple:
    """What a face says in words besides its name: type line, cost, band."""
    return (
        face.type_line,
        tuple(sorted(p.text for p in face.cost)),
        face.band.text if face.band else "",
        face.symbol,
    )


@pytest.mark.parametrize("game", registry.names())
def test_card_colours_a_game_prints_are_apart_or_said_in_words(game):
    """A card's colour (its frame, its strip's bar; its ink on a playing card)
    carries its kind, its colour or its suit: two cards whose colours a
    colour-blind player cannot tell apart must differ in the words printed
    with them (type line, cost pips, band, suit symbol), which the enlarged
    card always shows whole."""
    g = registry.get(game)
    faces = {c: g.present.card_face(c) for c in deck_cards(g, None)}
    looks: dict[tuple, set] = {}
    for face in faces.values():
        if face is not None:
            colour = face.frame[0] if face.frame else face.ink
            looks.setdefault(tuple(colour), set()).add(_signature(face))
    assert looks, game
    for (a, sa), (b, sb) in itertools.combinations(looks.items(), 2):
        if worst(a, b)[0] < APART:
            assert not (sa & sb), f"{game}: {a} and {b} both mark {sa & sb}"


def test_the_arrows_a_game_declares_are_apart():
    """Shrines' declared moves (travel, attack, block) are told apart by their
    arrows' colours alone: they must stay apart in every vision."""
    from shrinetable.games.shrines.present import ARROWS

    for a, b in itertools.combinations(ARROWS.values(), 2):
        assert worst(a, b)[0] >= APART, (a, b)


@pytest.mark.usefixtures("dummy_video")
@pytest.mark.parametrize("name", list(THEMES))
def test_the_board_draws_a_target_zone_with_its_ears_and_the_last_move_dashed(name):
    """On a real board: a legal zone's frame has brackets beside it (target
    colour outside the frame's sides), a zone the last move changed a frame
    with gaps (its top edge not all of the last-move colour)."""
    from shrinetable.adapter.session import Session
    from shrinetable.table.app import App
    from shrinetable.table.theme import palette, use

    app = App((1280, 720), look=name)
    try:
        app.start_game(Session(registry.get("shrine"), 42, {}, ["human", "computer"]))
        app.step([], 0.01)
        scene = app.scene
        scene.marks.targets = {("shrine:1", None)}
        scene.marks.last = {"deck"}
        scene.frame.table_changed()
        scene.draw(app.screen)
        p = palette()
        shrine, deck = scene.board.zones["shrine:1"], scene.board.zones["deck"]
        beside = [
            app.screen.get_at((x, shrine.top))[:3] == p.target
            for x in range(shrine.left - 14, shrine.left - 4)
        ]
        assert any(beside), name
        top = [
            app.screen.get_at((x, deck.top - 2))[:3] == p.last for x in range(deck.left, deck.right)
        ]
        assert any(top) and not all(top), name
    finally:
        use("default")
        pygame.quit()


@pytest.mark.usefixtures("dummy_video")
def test_a_card_that_breaks_a_deck_rule_is_crossed_not_only_coloured(app):
    """The deck builder's list: a card over its copy limit is marked with a
    cross as well as its colour."""
    import pygame_gui

    from shrinetable.table.start_scene import StartScene

    app.scene = StartScene(app, game="sorcerer")
    app.step([], 0.01)
    button = next(b for b in app.scene.actions if b.text == "Decks\u2026")
    app.step([pygame.event.Event(pygame_gui.UI_BUTTON_PRESSED, ui_element=button)], 0.01)
    scene = app.scene
    scene.desk.add("heartstring-crescendo")
    scene.desk.add("heartstring-crescendo")
    app.fonts.drawn = []
    scene.dirty = True
    scene.draw(app.screen)
    said = [d.text for d in app.fonts.drawn]
    assert "\u2715 2 \u00d7 Heartstring Crescendo" in said
