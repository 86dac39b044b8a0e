"""The side panel's words, line by line, at 100% and 150% text: the log shows
whole lines only, its latest at the foot; a two-line button label breaks
where its lines are most even; a notice never hides the prompt's first line
and never changes the decision bar's buttons."""

from __future__ import annotations

import pygame
import pytest

from shrinetable.adapter.session import Session
from shrinetable.engine import registry
from shrinetable.table.widgets import LEADING, PAD, Button

pytestmark = pytest.mark.usefixtures("dummy_video")
SIZES = [(1280, 720), (1920, 1080)]
HINT = (
    "Hint: the computer would heal your Shrine with the pair of fives, which "
    "matches its top card, then attack P2's Shrine with what is left."
)


class Spy(pygame.Surface):
    """A surface that notes where each image is blitted on it."""

    def blit(self, source, dest, *args, **kwargs):
        rect = super().blit(source, dest, *args, **kwargs)
        self.blits.append(pygame.Rect(dest[0], dest[1], *source.get_size()))
        return rect


def drawn(box) -> list[pygame.Rect]:
    """Where `box` draws its lines' images, by drawing it."""
    surf = Spy(pygame.display.get_surface().get_size())
    surf.blits = []
    box.draw(surf)
    return surf.blits


def table(size, scale: float, game: str = "shrine", played: int = 0):
    """A table of `game` at `size` and text size `scale`, seat 0 a person,
    after `played` computer moves (a long log)."""
    from shrinetable.bench.render import showcase
    from shrinetable.table import uiscale
    from shrinetable.table.app import App

    uiscale.save(scale)
    app = App(size)
    session = showcase(registry.get(game)) if not played else None
    if session is None:
        session = Session(registry.get(game), 3, {}, ["computer", "computer"])
        from shrinetable.adapter.match import Match

        m = Match(session)
        for _ in range(played):
            if m.decision() is None:
                break
            m.step()
        session.seats[0] = "human"
    app.start_game(session)
    app.step([], 0.01)
    return app, app.scene


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("scale", [1.0, 1.5])
def test_the_log_shows_whole_lines_the_latest_at_its_foot(size, scale):
    """At 150% the log's top line stood half scrolled out of the box (its
    letters' lower halves); the box now shows whole lines only, and scrolled
    to its end the latest line's foot is the box's inner foot."""
    app, scene = table(size, scale, played=120)
    log = scene.ui.log
    assert log.room() > 0 and log.scroll == log.room()
    inner = log.rect.inflate(-2 * PAD, -2 * PAD)
    images = drawn(log)
    inside = log.rect.inflate(-2, -2)  # whole, within the border
    assert images and all(inside.contains(r) for r in images), (inside, images[:2])
    assert max(r.bottom for r in images) == inner.bottom  # the latest line at the foot
    # and every line that fits whole is shown: less than a line is left unused
    line = app.fonts.font(scene.ui.px).get_linesize() + LEADING
    assert min(r.top for r in images) - inside.top < line
    pygame.quit()


def test_a_box_scrolled_part_way_shows_only_its_whole_lines(app):
    """Read back with the wheel (three lines a notch) or its bar, a line cut by
    the box's top or foot is left out, not drawn in part."""
    app.start_game(Session(registry.get("shrine"), 3, {}, ["computer", "computer"]))
    scene = app.scene
    while scene.match.decision() is not None and len(scene.match.history) < 150:
        scene.made(scene.match.step())
    app.step([], 0.01)
    log = scene.ui.log
    inside = log.rect.inflate(-2, -2)
    for scroll in (0, 7, log.room() // 2, log.room() - 5):
        log.scroll = scroll
        images = drawn(log)
        assert images and all(inside.contains(r) for r in images)


@pytest.mark.parametrize("size", SIZES)
def test_a_two_line_bar_label_breaks_where_its_lines_are_most_even(size):
    """At 150% Shrine's "Jack: take a card from / P2" left one word on its
    second line; a label on two lines now breaks where the wider line is
    narrowest ("Jack: take a card / from P2"), not a lone short word."""
    app, scene = table(size, 1.5)
    jack = next(b for b in scene.ui.bar() if b.text.startswith("Jack"))
    lines, cut = jack.label(app.fonts)
    assert not cut and len(lines) == (2 if size == (1280, 720) else 1), lines
    if len(lines) == 1:  # room for it on one line at 1920x1080
        return pygame.quit()
    assert len(lines[1].split()) > 1, lines
    font = app.fonts.font(jack.px)
    words = jack.text.split()
    room = jack._room(app.fonts)
    best = min(
        max(font.size(" ".join(words[:i]))[0], font.size(" ".join(words[i:]))[0])
        for i in range(1, len(words))
        if max(font.size(" ".join(words[:i]))[0], font.size(" ".join(words[i:]))[0]) <= room
    )
    assert max(font.size(t)[0] for t in lines) == best
    pygame.quit()


@pytest.mark.parametrize("size", SIZES)
def test_a_bar_label_a_little_too_wide_for_two_lines_reads_whole_narrowed(size):
    """Played (playtest9): Shrines' Read the Shallows asked "Swap" with six
    places, and "Put Weathered Totem at the bottom" read "Put Weathered…"
    at 1280x720 and 1920x1080 while its neighbours stood on two lines: its
    two even lines were a few pixels too wide. They are narrowed a little,
    as a one-line label is, and every label of the bar reads whole. It names
    the library the card goes under (left from the sixth pass)."""
    bottom = "Put Weathered Totem under the Secondary"  # the library named, as its zone is
    app, session = _at_a_swap(size)
    assert app.scene.match.decision().kind == "swap"
    bar = {b.text: b for b in app.scene.ui.bar()}
    assert bottom in bar, list(bar)
    for b in bar.values():
        lines, cut = b.label(app.fonts)
        assert not cut and " ".join(lines) == b.text, (b.text, lines)
    lines = bar[bottom].label(app.fonts)[0]
    font = app.fonts.font(bar[bottom].px)
    room = bar[bottom]._room(app.fonts)
    assert len(lines) == 2 and room < max(font.size(t)[0] for t in lines) <= room / 0.75
    place = bar[bottom].rect
    for card in ("dawnrunner-matriarch#1", "brightlance-vaulter#1", "gravetide-revenant#1"):
        # the longest names: their shorter words where "Put..." would be cut
        text, kind = f"bottom {card}", "swap"
        words = session.game.present.describe(text, kind)
        label = app.scene.panels._fitting(words, session.game.present.brief(text, kind), place)
        cut = Button(place, label, px=bar[bottom].px).label(app.fonts)[1]
        assert "under the Secondary" in label and not cut, label
    pygame.quit()


@pytest.mark.parametrize("size", SIZES)
def test_a_swaps_keep_and_put_of_one_card_stand_side_by_side(size):
    """Played (playtest10, w1c.png): the bar filled its columns, so "Keep
    Weathered Totem on top" stood bottom left and its "Put ... under the
    Secondary" top right. Moves that come in twos about one card share a row:
    each card's Keep beside its Put, in the game's order top to bottom."""
    app, session = _at_a_swap(size)
    bar = {b.text: b.rect for b in app.scene.ui.bar()}
    tops = []
    for card in ("Undertow", "Weathered Totem", "Pitfall Snare"):
        keep, put = bar[f"Keep {card} on top"], bar[f"Put {card} under the Secondary"]
        assert keep.y == put.y and keep.right < put.x, (card, keep, put)
        tops.append(keep.y)
    assert tops == sorted(tops) and len(set(tops)) == 3
    pygame.quit()


def test_a_label_that_fits_on_one_line_stays_on_one(app):
    """Balancing is for labels that need two lines: one that fits is one line."""
    b = Button((0, 0, 400, 60), "Jack: take a card from P2")
    assert b.label(app.fonts) == (["Jack: take a card from P2"], False)


def _bar(scene) -> list[tuple[str, tuple]]:
    return [(b.text, tuple(b.rect)) for b in scene.ui.bar()]


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("game", ["shrine", "shards", "usagi"])
def test_a_notice_never_hides_the_prompts_first_line_nor_moves_the_bar(size, game):
    """A long notice (a Hint's words) where the decision bar leaves no room
    under its places joined the prompt's box scrolled to its end, the
    prompt's first line out of view. It now stands at the log's foot where
    the prompt's box cannot hold both: the prompt's box is not scrolled and
    shows its first line, the notice is in view whole or from its start, and
    the bar's buttons are those of the table without a notice."""
    app, scene = table(size, 1.5, game)
    before = _bar(scene)
    scene.say(HINT, error=False)
    status, notice = scene.ui.status, scene.ui.notice
    assert notice is not None and "heal your Shrine" in notice.html_text
    first = status.rect.inflate(-2 * PAD, -2 * PAD).top
    assert status.scroll == 0 and min(r.top for r in drawn(status)) == first
    assert notice.scroll == 0 and drawn(notice)
    assert _bar(scene) == before
    boxes = [scene.ui.log.rect, status.rect, *(b.rect for b in scene.ui.buttons)]
    if notice is not status:
        assert not [r for r in boxes if r.colliderect(notice.rect)]
    pygame.quit()


def _at_a_swap(size):
    """A window at Shrines' Swap (seed 3: three cards to keep or put under)."""
    from shrinetable.adapter.match import Match
    from shrinetable.table import uiscale
    from shrinetable.table.app import App

    uiscale.save(1.0)
    app = App(size)
    session = Session(registry.get("shrines"), 3, {}, ["human", "human"])
    m = Match(session)
    for text in (
        "keep",
        "keep",
        "source tidal-font#54",
        "tap tidal-font#54",
        "cast read-the-shallows#16",
    ):
        while (auto := m.pending()) is not None and auto.forced:
            m.step()
        m.act(m.decision().seat, text)
    app.start_game(session)
    app.step([], 0.01)
    return app, session
