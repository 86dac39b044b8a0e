"""Sorcerer on the table, in-process under SDL's dummy driver: a card played by a
drag onto the card it replaces, an attack dropped on the opponent's counter, a
block dropped on the attacker, boosts (two selected cards) dropped on a card in
a lane, each lane's sum broken down, and the damage flying to the counter."""

from __future__ import annotations

import random
from functools import cache

import pytest
from game_helpers import session_after
from table_input import click, drag

from shrinetable.adapter import gestures
from shrinetable.adapter.session import Session
from shrinetable.engine import registry
from shrinetable.formats.layout import load_layout
from shrinetable.games.sorcerer.present import PRESENT, lane_chips
from shrinetable.resources import layout_path
from shrinetable.table import geometry as geo
from shrinetable.table.widgets import rich_text

GAME = registry.get("sorcerer")
LAYOUT = load_layout(layout_path("sorcerer"))
SIZE = (1280, 720)

pytestmark = pytest.mark.usefixtures("dummy_video")


def _kind(s: Session, kind: str, pred=lambda a: True) -> list:
    return [a for a in GAME.legal_actions(s.state) if a.kind == kind and pred(a)]


def _try(seed: int) -> tuple[int, list[str]] | None:
    """p1 plays a card over one in play and attacks with one card; p2 blocks it
    and boosts the blocker; p1 boosts the attacker with two cards and wins."""
    for attack in range(2):
        s = Session(GAME, seed, {}, ["human", "human"])
        steps = [_kind(s, "play", lambda a: a.other)[:1]]
        s.play(steps[0][0])
        attacks = _kind(s, "attack")
        if attack >= len(attacks):
            return None
        x = attacks[attack].card
        for a in (attacks[attack], GAME.parse_action("pass")):
            s.play(a)
        for k in ("defend", "pass", "boost"):
            found = _kind(s, k) if k != "pass" else [GAME.parse_action("pass")]
            if not found:
                break
            s.play(found[0])
        else:
            pairs = [a for a in _kind(s, "boost") if a.card == x and len(a.boosts) == 2]
            for a in pairs:
                t = Session(GAME, seed, {}, ["human", "human"])
                for h in s.history:
                    t.play(GAME.parse_action(h.text))
                t.play(a)
                if t.state.mp[1] < 30:
                    return seed, [h.text for h in s.history] + [a.text]
    return None


@cache
def combat() -> tuple[int, list[str]]:
    """A seed and the moves of one whole combat in hotseat (found through the
    engine, not hard-coded): play C R, attack X, pass, defend Y X, pass,
    boost Y B, boost X B1 B2."""
    return next(r for seed in range(1, 200) if (r := _try(seed)) is not None)


def at_step(n: int) -> Session:
    """The combat's session after its first `n` moves."""
    seed, texts = combat()
    return session_after(GAME, seed, texts[:n])


def start(app, session):
    app.start_game(session)
    app.step([], 0.01)
    scene = app.scene
    if scene.overlay == "handover":
        scene.command("takeover")
        app.step([], 0.01)
    return scene


def spot(scene, zone, name):
    """A point where the card shows (later cards in a row may cover its edge)."""
    placed = scene.board.placed
    rect = next(p.rect for p in placed if p.zone == zone and p.name == name)
    return next(
        (x, rect.centery)
        for x in range(rect.left + 2, rect.right, 3)
        if (hit := geo.card_at(placed, (x, rect.centery))) is not None
        and (hit.zone, hit.name) == (zone, name)
    )


def history(scene):
    return [a.text for a in scene.match.session.history]


def test_a_card_dragged_onto_the_card_it_replaces(app):
    """Clause play, R4: with two in play, the cards it may replace light up, and a
    drop on one plays the card and discards it."""
    move = combat()[1][0]
    _, card, replaced = move.split()
    scene = start(app, at_step(0))
    drag(app, spot(scene, "hand:0", card), spot(scene, "play:0", replaced))
    assert history(scene) == [move]
    assert replaced in scene.view().zones["discard:0"].cards


def test_the_cards_a_played_card_may_replace_light_up(app):
    scene = start(app, at_step(0))
    card = combat()[1][0].split()[1]
    moves = gestures.for_held(scene.moves, (card,), "hand:0")
    in_play = scene.view().zones["play:0"].cards
    assert gestures.targets(moves) == {("play:0", c) for c in in_play}


def test_attack_dropped_on_the_opponents_counter(app):
    """Clause attack: the card turns and goes into the first lane."""
    scene = start(app, at_step(1))
    x = combat()[1][1].split()[1]
    drag(app, spot(scene, "play:0", x), scene.board.zones["player:1"].center)
    assert history(scene)[-1] == f"attack {x}"
    view = scene.view()
    assert view.zones["lane1"].cards == (x,) and x in view.info["turned"]
    words = {
        scene.match.session.game.present.describe(m.text, "attack")
        for m in gestures.buttons(scene.moves)
    }
    assert "Done attacking" in words


def test_block_dropped_on_the_attacker_in_its_lane(app):
    """Clause defend: p2 (after the handover) drops a card of theirs on the attacker."""
    scene = start(app, at_step(3))
    assert scene.viewer == 1
    _, y, x = combat()[1][3].split()
    targets = gestures.targets(gestures.for_held(scene.moves, (y,), "play:1"))
    assert ("lane1", x) in targets
    drag(app, spot(scene, "play:1", y), spot(scene, "lane1", x))
    assert history(scene)[3] == f"defend {y} {x}"  # then passes the table made, if forced
    assert scene.view().zones["lane1"].cards == (x, y)


def test_two_selected_boosts_dropped_on_the_attacker_and_the_damage_shown(app):
    """Clauses attack-boost, charming, damage: click one card, drag the other onto
    the attacker; the lane's sum was written over it, the log says it in words,
    and the damage flies to p2's counter."""
    scene = start(app, at_step(6))
    texts = combat()[1]
    _, x, b1, b2 = texts[6].split()
    chips = [c.text for c in scene.board.decor.covers["lane1"]]
    assert any(t.startswith("Attack ") for t in chips)
    assert any(t.startswith("Shield ") and " + boost " in t for t in chips)
    before = list(scene.match.session.state.mp)
    click(app, spot(scene, "hand:0", b1))
    assert scene.marks.selected == {
        "hand:0": frozenset({scene.view().zones["hand:0"].cards.index(b1)})
    }
    drag(app, spot(scene, "hand:0", b2), spot(scene, "lane1", x))
    assert history(scene)[-1] == texts[6]
    lost = before[1] - scene.match.session.state.mp[1]
    assert lost > 0
    said = next(
        x for x in reversed(scene.log_rich) if "against" in rich_text(x)
    )  # a line per event
    assert f"P2 loses {lost} magic point" in rich_text(said)
    # hotseat: p2 takes the device, and sees the damage land on their counter
    assert scene.overlay == "handover"
    scene.command("takeover")
    numbers = [f for f in scene.flyers if f.lands is None]
    assert numbers and numbers[0].end.center == scene.board.zones["player:1"].center
    assert "player:1" in scene.marks.last


def test_a_lane_sum_broken_down_as_the_damage_round_adds_it():
    """Gross and Strong bonuses, boosts and the outcome, each in words."""
    lane = {
        "attacker": "ooze-avalanche#48",
        "defender": "mountain-stance#62",
        "attack_boosts": ["glimmer-wink#1"],
        "defence_boosts": [],
        "attack": 0,
        "shield": 0,
    }
    cards = PRESENT.card_face
    a = int(cards("ooze-avalanche").numbers[0][1:])
    s = int(cards("mountain-stance").numbers[1][1:])
    lane |= {"attack": a + 2, "shield": s}  # Strong meets Gross: no bonus (R16)
    words = [c.text for c in lane_chips(PRESENT.card, lane, 1)]
    assert words[0] == f"Attack {a} + boost 2 = {a + 2}"
    assert words[1:3] == ["against", f"Shield {s}"]
    lane |= {"defender": "velvet-compliment#5", "attack": a + 4, "shield": 2}
    words = [c.text for c in lane_chips(PRESENT.card, lane, 1)]
    assert words[0] == f"Attack {a} + boost 2 + Gross 2 = {a + 4}"
    assert words[-1] == f"P2 \u2212{a + 2}"
    alone = lane | {"defender": None, "attack": a + 2}
    assert [c.text for c in lane_chips(PRESENT.card, alone, 1)][1:] == [
        "unblocked",
        f"P2 \u2212{a + 2}",
    ]


def test_every_card_move_starts_and_lands_where_the_layout_draws(app):
    """Over seeded random games (Quick plays and sacrifices included), every legal
    move is a button or a drag from a shown card to a drawn zone or card."""
    scaler = geo.Scaler((LAYOUT.canvas.width, LAYOUT.canvas.height), SIZE)
    kinds = set()
    for seed in range(1, 7):
        s = GAME.new_game(seed, {"deck_p2": "wishing"})
        rng = random.Random(seed)
        while GAME.decision(s) is not None and GAME.turn_number(s) < 30:
            seat = GAME.decision(s).seat
            view = GAME.view(s, seat)
            placed = {(p.zone, p.name) for p in geo.place_cards(LAYOUT, view, scaler, seat)}
            zones = geo.zone_rects(LAYOUT, view, scaler, seat)
            for m in gestures.moves(GAME, s):
                g = m.gesture
                kinds.add(m.action.kind)
                if gestures.how(m) == "button":
                    continue
                assert all((g.source, c) in placed for c in g.cards), m.text
                assert g.target in zones and all(z in zones for z in g.also), m.text
                if g.target_card:
                    assert (g.target, g.target_card) in placed, m.text
            s, _ = GAME.apply(s, rng.choice(GAME.legal_actions(s)))
    assert kinds >= {"play", "attack", "defend", "boost", "quick", "sacrifice", "pass"}


def walk_until(kind: str, options: dict) -> Session:
    """A seeded hotseat game played at random until `kind` is a legal move."""
    for seed in range(1, 40):
        s = Session(GAME, seed, options, ["human", "human"])
        rng = random.Random(seed)
        while s.decision() is not None:
            if _kind(s, kind):
                return s
            s.play(rng.choice(GAME.legal_actions(s.state)))
    raise AssertionError(f"no {kind} in 40 seeded games")


@pytest.mark.parametrize(
    ("kind", "options", "target"),
    [
        ("sacrifice", {"deck_p1": "wishing", "deck_p2": "wishing"}, "player"),
        ("quick", {"deck_p1": "skyfire", "deck_p2": "skyfire"}, "play"),
    ],
)
def test_a_sacrifice_on_your_counter_and_a_quick_card_in_their_turn(app, kind, options, target):
    """Clauses wishful and quick: a Wishful card dragged from play onto its owner's
    counter; a Quick card from the hand into play in the opponent's turn."""
    scene = start(app, walk_until(kind, options))
    move = next(m for m in scene.moves if m.action.kind == kind)
    seat = scene.match.session.decision().seat
    assert scene.viewer == seat and (kind != "quick" or seat != scene.match.session.state.turn)
    card = move.gesture.cards[0]
    zone = f"{target}:{seat}"
    drop = (
        spot(scene, zone, move.action.other)
        if move.action.other
        else scene.board.zones[zone].center
    )
    before = len(history(scene))
    drag(app, spot(scene, move.gesture.source, card), drop)
    assert history(scene)[before] == move.action.text


@pytest.mark.parametrize("size", [(72, 104), (108, 150)])  # in play at 1280x720, 1920x1080
def test_a_turned_cards_word_leaves_its_name_and_keyword_readable(app, size):
    """TURNED stands over the rules text (cut on a small face; hover shows it
    all), above the numbers: the name and the keyword a blocker is chosen by
    stay in view, where the word in the card's middle hid the keyword."""
    import pygame

    from shrinetable.engine import CardDecor
    from shrinetable.games.sorcerer.present import TURNED
    from shrinetable.table import hud

    face = PRESENT.card_face("cloud-sentinel#1")
    rect = pygame.Rect((10, 10), size)
    drawn = hud.card(pygame.Surface((200, 200)), app.fonts, rect, CardDecor(veil=TURNED), face=face)
    numbers, word = drawn[0], drawn[-1]
    assert word.top >= rect.top + rect.h // 2 and rect.contains(word)
    assert not word.colliderect(numbers)


@pytest.mark.parametrize("size", [(72, 104), (108, 150)])  # in play at 1280x720, 1920x1080
def test_a_turned_cards_word_is_a_ribbon_where_its_face_leaves_the_text_off(app, size):
    """Issue 35: TURNED lay over the rules text. A veiled card's face is drawn
    bare (no keywords or text: the zoom says them) and the word is a ribbon
    across the card there, over none of the words the face drew."""
    import pygame

    from shrinetable.engine import CardDecor
    from shrinetable.games.sorcerer.present import TURNED
    from shrinetable.table import hud

    name = "cloud-sentinel#1"
    app.art.use(PRESENT)
    app.art.clear()
    app.fonts.areas = {}
    try:
        app.art.card(name, size, bare=True)
        areas = app.fonts.areas[(name, size)]
    finally:
        app.fonts.areas = None
    kinds = {kind for kind, _ in areas}
    assert "text" not in kinds and {"name", "numbers"} <= kinds
    rect = pygame.Rect((0, 0), size)
    drawn = hud.card(
        pygame.Surface(size), app.fonts, rect, CardDecor(veil=TURNED), face=PRESENT.card_face(name)
    )
    word = drawn[-1]
    assert word.w >= size[0] - 4  # across the card
    assert not any(word.colliderect(r) for _, r in areas)
