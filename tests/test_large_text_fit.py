"""Issue 35: at a larger text size (150%) a low zone of card backs keeps its
label in view: the backs pass under it smaller, and end before its count."""

from __future__ import annotations

from shrinetable.engine import View, ZoneView
from shrinetable.formats.layout import parse_layout
from shrinetable.table.geometry import Scaler, place_cards

DECK = 'arrange = "spread", facing = "down", card_scale = 0.3, inside = true, label = "Deck"'
LAYOUT = f"""
game = "x"
canvas = {{ width = 1000, height = 600 }}
card = {{ width = 90, height = 126 }}
[panels]
log = [900, 0, 100, 200]
status = [900, 200, 100, 200]
buttons = [900, 400, 100, 200]
[players.2.seats.opposite]
deck = {{ rect = [0, 0, 120, 55], {DECK} }}
[players.2.seats.self]
deck = {{ rect = [0, 400, 120, 55], {DECK} }}
"""


def placed(label: tuple[int, int], badge: tuple[int, int] = (0, 0)):
    layout = parse_layout(LAYOUT)
    cards = tuple(f"c{i}" for i in range(12))
    zones = {
        f"deck:{s}": ZoneView(name=f"deck:{s}", owner=s, cards=cards if s else ()) for s in (0, 1)
    }
    view = View(seat=0, seats=2, zones=zones, decision=None, outcome=None)
    scaler = Scaler((1000, 600), (1000, 600))
    return place_cards(layout, view, scaler, 0, badges={"deck:1": badge}, labels={"deck:1": label})


def test_backs_too_high_to_pass_under_a_large_label_are_drawn_smaller():
    small = placed((40, 14))  # a label at 100%: the backs keep their size
    assert {p.rect.size for p in small} == {(27, 38)}
    large = placed((60, 26))  # at 150%: 38 units of back under 26 of label in 55
    assert all(p.rect.top >= 26 and p.rect.bottom <= 55 for p in large)
    assert {p.rect.h for p in large} == {55 - 26 - 1}


def test_a_spread_of_backs_ends_before_its_count():
    ends = max(p.rect.right for p in placed((40, 14), badge=(30, 20)))
    assert ends <= 120 - 30 - 4


def test_a_count_too_wide_to_leave_a_row_beside_it_does_not_turn_the_spread_on_end():
    """A 150% count (44 px) in a 120 px deck: ending at it would leave the
    backs a rectangle higher than wide, which spreads them top to bottom."""
    backs = placed((60, 26), badge=(80, 27))
    assert len({p.rect.top for p in backs}) == 1


def test_a_seats_figures_too_wide_for_its_zone_go_on_two_lines(tmp_path, monkeypatch):
    """At 150% Usagi's "Honor 0 · Ryo 0" (195 px at 21 px) was wider than a
    field at six seats (191 px) and lay over the next seat's: it goes on two
    lines, split at the dot, where one is too wide."""
    import pygame

    from shrinetable.engine import registry
    from shrinetable.formats.layout import load_layout
    from shrinetable.resources import game_layout
    from shrinetable.table.art import CardArt, Fonts
    from shrinetable.table.board import Board

    monkeypatch.setenv("SHRINETABLE_DATA_DIR", str(tmp_path))
    pygame.font.init()
    fonts = Fonts()
    fonts.floor = 21
    board = Board(load_layout(game_layout(registry.get("usagi"))), CardArt(fonts), fonts)
    assert board._badge_lines("Honor 0 \u00b7 Ryo 0", 21, 400) == ["Honor 0 \u00b7 Ryo 0"]
    two = board._badge_lines("Honor 0 \u00b7 Ryo 0", 21, 150)
    assert two == ["Honor 0 \u00b7", "Ryo 0"]
    assert board._badge_box(two, 21).w <= 150
    assert board._badge_box(two, 21).h > board._badge_box(["Honor 0"], 21).h


def test_a_hand_a_little_too_high_for_its_label_passes_under_it_smaller():
    """At 150% Usagi's hand (five cards) began right of its 21 px label and
    its cards hid each other's names; a little smaller they pass under it,
    side by side, none over another."""
    layout = parse_layout(
        LAYOUT.replace(
            "[players.2.seats.self]",
            "[players.2.seats.self]\n"
            'hand = { rect = [0, 300, 560, 140], arrange = "row", inside = true, label = "Hand" }',
        )
    )
    zones = {
        "hand:0": ZoneView(name="hand:0", owner=0, cards=tuple(f"c{i}" for i in range(5))),
        "deck:0": ZoneView(name="deck:0", owner=0, cards=()),
        "deck:1": ZoneView(name="deck:1", owner=1, cards=()),
    }
    view = View(seat=0, seats=2, zones=zones, decision=None, outcome=None)
    scaler = Scaler((1000, 600), (1000, 600))
    cards = [p.rect for p in place_cards(layout, view, scaler, 0, labels={"hand:0": (130, 26)})]
    assert all(r.top >= 300 + 26 and r.h < 126 for r in cards)
    assert not any(a.colliderect(b) for i, a in enumerate(cards) for b in cards[i + 1 :])
    roomy = place_cards(layout, view, scaler, 0, labels={"hand:0": (60, 14)})
    assert {p.rect.size for p in roomy} == {(90, 126)}  # at 100% they keep their size
