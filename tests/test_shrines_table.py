"""Shrines on the table, in-process under SDL's dummy driver: the Region grid,
hit testing, drags and clicks through the adapter, card faces, zoom, and a check
over seeded games that every legal action is a drag, a click or a button."""

from __future__ import annotations

import random
from pathlib import Path

import pygame
import pygame_gui
import pytest
from table_input import click, drag, ev

from shrinetable.adapter import gestures
from shrinetable.adapter.session import Session
from shrinetable.engine import Chip, registry
from shrinetable.formats.layout import load_layout
from shrinetable.games.shrines.present import AREA, ARROWS
from shrinetable.resources import layout_path
from shrinetable.table import geometry as geo
from shrinetable.table.widgets import rich_text

GAME = registry.get("shrines")
LAYOUT = load_layout(layout_path("shrines"))
SIZE = (1280, 720)


pytestmark = pytest.mark.usefixtures("dummy_video")


def played_until(seed: int, want, limit: int = 600, seat: int = 0) -> Session:
    """A seeded computer-vs-computer game (from `seed` on, the next seeds if need
    be) played until `want(session, moves)` holds with `seat` deciding; that seat
    then becomes the human."""
    for n in range(seed, seed + 12):
        s = Session(GAME, n, {}, ["computer", "computer"])
        for _ in range(limit):
            d = s.decision()
            if d is None:
                break
            if d.seat == seat and want(s, gestures.moves(GAME, s.state)):
                s.seats[seat] = "human"
                return s
            s.play(s.computer_action())
    raise AssertionError("position not found in 12 seeded games")


def start(app, session):
    app.start_game(session)
    app.step([], 0.01)
    return app.scene


def spot(placed, zone, name):
    """A point where the card shows (in a crowded fan later cards cover its middle)."""
    rect = next(p.rect for p in placed if p.zone == zone and p.name == name)
    for x in range(rect.left + 2, rect.right, 3):
        hit = geo.card_at(placed, (x, rect.centery))
        if hit is not None and (hit.zone, hit.name) == (zone, name):
            return x, rect.centery
    raise AssertionError(f"{name} is hidden in {zone}")


def centre(scene, zone, name):
    return spot(scene.board.placed, zone, name)


def history(scene):
    return [a.text for a in scene.match.session.history]


def made(scene, before: int) -> str:
    """The move the person made (the computer may have answered after it)."""
    return history(scene)[before]


def test_region_grid_has_15_sites_flipped_for_p2():
    """Layout: sites a1..c5 tile the Region; each viewer's melee row is nearest them."""
    sites = [f"{p}{r}" for p in "abc" for r in "12345"]
    for viewer in (0, 1):
        rects = {s: LAYOUT.place(f"site:{s}", viewer, 2).rect for s in sites}
        assert len({r[:2] for r in rects.values()}) == 15
        ys = [rects[f"a{r}"][1] for r in "12345"]
        assert ys == sorted(ys, reverse=viewer == 0)
        assert [rects[f"{p}3"][0] for p in "abc"] == sorted(rects[f"{p}3"][0] for p in "abc")
    assert LAYOUT.place("site:b1", 0, 2).label.startswith("b1")
    assert "your melee" in LAYOUT.place("site:a1", 0, 2).label
    assert "your melee" in LAYOUT.place("site:a5", 1, 2).label
    assert LAYOUT.place("site:d1", 0, 2) is None and LAYOUT.place("site:a9", 0, 2) is None


def test_hit_testing_finds_each_site_and_player_zone():
    view = GAME.view(GAME.new_game(1), 0)
    scaler = geo.Scaler((LAYOUT.canvas.width, LAYOUT.canvas.height), SIZE)
    rects = geo.zone_rects(LAYOUT, view, scaler, 0)
    for zone in [f"site:{p}{r}" for p in "abc" for r in "12345"] + ["player:0", "player:1"]:
        assert geo.zone_at(rects, rects[zone].center) == zone
    assert rects["player:0"].top > rects["site:b1"].bottom > rects["site:b5"].bottom
    assert rects["player:1"].bottom < rects["site:b5"].top


def test_mulligan_by_button_and_by_drag(app):
    """Mulligan (`mulligan`): a hand card dragged onto the Primary Library; keep is a button."""
    scene = start(app, Session(GAME, 3, {}, ["human", "computer"]))
    hand = scene.view().zones["hand:0"].cards
    target = scene.board.zones["primary:0"].center
    drag(app, centre(scene, "hand:0", hand[0]), target)
    assert history(scene) == [f"mulligan {hand[0]}"]
    keep = next(b for b, a in scene.ui.actions.items() if a.text == "keep")
    click(app, keep.rect.center)
    assert history(scene)[1] == "keep"


def test_creature_dragged_onto_a_lit_melee_site(app):
    """Casting permanents (`cast`): only legal sites light up; the drop plays there."""
    session = played_until(
        3,
        lambda s, ms: any(
            m.action.kind == "play" and m.gesture.target.startswith("site:") for m in ms
        ),
    )
    scene = start(app, session)
    move = next(
        m for m in scene.moves if m.action.kind == "play" and m.gesture.target.startswith("site:")
    )
    card = move.gesture.cards[0]
    a = centre(scene, "hand:0", card)
    app.step([ev(pygame.MOUSEBUTTONDOWN, pos=a, button=1)], 0.01)
    b = scene.board.zones[move.gesture.target].center
    app.step([ev(pygame.MOUSEMOTION, pos=b, rel=(1, 1), buttons=(1, 0, 0))], 0.01)
    lit = {z for z, c in scene.marks.targets}
    legal = {m.gesture.target for m in scene.moves if m.gesture.cards == (card,)}
    assert lit == legal and move.gesture.target in lit
    before = len(history(scene))
    app.step([ev(pygame.MOUSEBUTTONUP, pos=b, button=1)], 0.01)
    assert made(scene, before) == move.text
    # the log says the move in plain words naming the card
    name = GAME.card_face(card)["name"]
    assert any(name in rich_text(line) for line in scene.log_rich)


def test_click_on_a_source_taps_it(app):
    """Sources and mana (`source`): a click on an untapped source taps it."""
    session = played_until(3, lambda s, ms: any(m.action.kind == "tap" for m in ms))
    scene = start(app, session)
    move = next(m for m in scene.moves if m.action.kind == "tap")
    before = len(history(scene))
    click(app, centre(scene, move.gesture.source, move.gesture.cards[0]))
    assert made(scene, before) == move.text


def test_travel_is_a_drag_along_the_pathway(app):
    """Travel (`travel`): drag a creature from its site onto a reachable site."""
    session = played_until(5, lambda s, ms: any(m.action.kind == "travel" for m in ms), limit=1500)
    scene = start(app, session)
    move = next(m for m in scene.moves if m.action.kind == "travel")
    card = move.gesture.cards[0]
    before = len(history(scene))
    drag(
        app, centre(scene, move.gesture.source, card), scene.board.zones[move.gesture.target].center
    )
    assert made(scene, before) == move.text
    # the declaration waits for the act to end: the table draws it as an arrow
    view = scene.match.session.game.view(scene.match.session.state, 0)
    assert ("travel", card, move.gesture.target) in view.info["declared"]
    scene.board.lay_out(view, 0, scene.marks)
    surf = pygame.Surface(app.screen.get_size())
    scene.board.draw(surf, scene.marks, ["P1", "P2"])
    start_rect = next(p.rect for p in scene.board.placed if p.name == card)
    end_rect = scene.board.zones[move.gesture.target]
    between = pygame.Vector2(start_rect.center).lerp(end_rect.center, 0.5)
    assert any(
        tuple(surf.get_at((round(between.x) + dx, round(between.y) + dy)))[:3] == ARROWS["travel"]
        for dx in range(-3, 4)
        for dy in range(-3, 4)
    )


def test_attack_on_the_player_zone(app):
    """Combat (`combat`): an attacker dropped on the opponent's player zone."""
    session = played_until(
        5,
        lambda s, ms: any(m.action.kind == "attack" and m.gesture.target == "player:1" for m in ms),
        limit=3000,
    )
    scene = start(app, session)
    move = next(
        m for m in scene.moves if m.action.kind == "attack" and m.gesture.target == "player:1"
    )
    before = len(history(scene))
    drag(
        app,
        centre(scene, move.gesture.source, move.gesture.cards[0]),
        scene.board.zones["player:1"].center,
    )
    assert made(scene, before) == move.text


def test_block_is_a_drag_onto_the_attacker_for_p2(app):
    """Blocking (`blocking`): the defender (p2, Region flipped) drags a blocker onto
    the attacker; the prompt says what to do."""
    session = played_until(
        1, lambda s, ms: any(m.action.kind == "block" for m in ms), limit=2000, seat=1
    )
    scene = start(app, session)
    assert scene.viewer == 1 and "block" in scene.panels._status_html().lower()
    move = next(m for m in scene.moves if m.action.kind == "block")
    before = len(history(scene))
    drag(
        app,
        centre(scene, move.gesture.source, move.gesture.cards[0]),
        centre(scene, move.gesture.target, move.gesture.target_card),
    )
    assert made(scene, before) == move.text


def test_sacrifice_is_a_click_on_the_card(app):
    """The site limit (`site-limit`): the permanent to sacrifice is chosen by a click."""
    session = played_until(
        5, lambda s, ms: any(m.action.kind == "sacrifice" for m in ms), limit=2000, seat=1
    )
    scene = start(app, session)
    move = next(m for m in scene.moves if m.action.kind == "sacrifice")
    before = len(history(scene))
    click(app, centre(scene, move.gesture.source, move.gesture.cards[0]))
    assert made(scene, before) == move.text


def _check_reachable(session, viewer, scaler) -> tuple[int, int]:
    """Every legal move is a button, a click on a shown card, or a drag of shown
    cards whose drop on the target resolves to it. Returns (moves, stranded)."""
    moves = gestures.moves(GAME, session.state)
    view = GAME.view(session.state, viewer)
    placed = geo.place_cards(LAYOUT, view, scaler, viewer)
    shown = {(p.zone, p.name) for p in placed if p.name}
    rects = geo.zone_rects(LAYOUT, view, scaler, viewer)
    stranded = gestures.stranded(moves, shown)
    for m in moves:
        kind = gestures.how(m)
        g = m.gesture
        if kind == "button" or m in stranded:
            continue
        if kind == "click":
            assert m in gestures.card_clicks(moves, g.source, g.cards[0]), m.text
            continue
        assert g.target in rects, f"{m.text}: no place for {g.target}"
        held = gestures.for_held(moves, g.cards, g.source)
        on_card = g.target_card if (g.target, g.target_card) in shown else None
        assert m in gestures.at(held, g.target, on_card), m.text
    return len(moves), len(stranded)


def test_every_legal_action_is_reachable_over_seeded_games():
    """Through the adapter: each legal action of seeded games is a drag, a click or
    a button for the deciding seat, at both seats' views."""
    scaler = geo.Scaler((LAYOUT.canvas.width, LAYOUT.canvas.height), SIZE)
    total = stranded = 0
    for seed in range(6):
        session = Session(GAME, seed, {}, ["computer", "computer"])
        rng = random.Random(seed)
        for step in range(250):
            d = session.decision()
            if d is None:
                break
            n, s = _check_reachable(session, d.seat, scaler)
            total, stranded = total + n, stranded + s
            moves = gestures.moves(GAME, session.state)
            session.play(session.computer_action() if step % 3 else rng.choice(moves).action)
    assert total > 1000 and stranded <= total // 50


def test_faces_and_permanent_state_are_drawn(app):
    """Card faces from `card_face` at table sizes; Shrine's faces are unchanged."""
    art = app.art
    art.use(GAME.present)
    for size in ((46, 64), (61, 85), (105, 146)):
        img = art.card("harbor-sentinel#3", size)
        assert img.get_size() == size
    assert art.zoom("harbor-sentinel#3", (300, 430)).get_size() == (300, 430)
    art.use(registry.get("shrine").present)
    assert art.card("AS", (80, 112)).get_size() == (80, 112)


def test_right_click_zooms_and_a_click_closes(app):
    scene = start(app, Session(GAME, 3, {}, ["human", "computer"]))
    name = scene.view().zones["hand:0"].cards[0]
    pos = centre(scene, "hand:0", name)
    click(app, pos, button=3)
    assert scene.zoom.zoomed == name and scene.zoom.pinned
    click(app, (5, 5))
    assert scene.zoom.zoomed is None and history(scene) == []


def test_a_hovered_hand_card_rises_at_once(app):
    """Issue 23: a card in one's hand grows as soon as the pointer is on it (other
    cards wait for the pointer to rest); moving off it puts it back."""
    scene = start(app, Session(GAME, 3, {}, ["human", "computer"]))
    name = scene.view().zones["hand:0"].cards[1]
    pos = centre(scene, "hand:0", name)
    app.step([ev(pygame.MOUSEMOTION, pos=pos, rel=(1, 1), buttons=(0, 0, 0))], 0.01)
    assert scene.zoom.rising and scene.zoom.zoomed == name
    app.step([ev(pygame.MOUSEMOTION, pos=(3, 3), rel=(1, 1), buttons=(0, 0, 0))], 0.01)
    assert scene.zoom.zoomed is None


def test_p2_sees_the_region_flipped(app):
    scene = start(app, Session(GAME, 3, {}, ["computer", "human"]))
    assert scene.viewer == 1
    zones = scene.board.zones
    assert zones["site:a5"].bottom > zones["site:a1"].bottom
    assert zones["player:1"].top > zones["player:0"].top


def test_start_screen_offers_shrines_and_its_options(app):
    import pygame_gui

    app.show_start()
    scene = app.scene
    menu = next(d for d, info in scene.dropdowns.items() if info[0] == "game")
    app.step([ev(pygame_gui.UI_DROP_DOWN_MENU_CHANGED, text="Shrines", ui_element=menu)], 0.01)
    assert scene.game.name == "shrines"
    options = {info[1]: d for d, info in scene.dropdowns.items() if info[0] == "option"}
    assert set(options) == {"deck_p1", "deck_p2", "mode"}
    counts = next(info for info in scene.dropdowns.values() if info[0] == "count")
    assert counts[1] == ["2"]
    app.step(
        [ev(pygame_gui.UI_DROP_DOWN_MENU_CHANGED, text="rush", ui_element=options["mode"])], 0.01
    )
    assert scene.options["mode"] == "rush"


def test_rules_overlay_has_shrines_words():
    text = GAME.present.rules
    assert "Region" in text and "Travel" in text and "priority" in text


def test_buttons_name_shrines_cards_by_their_names():
    """Button labels read as words: Shrines' card notation (`id#n`) becomes the
    card's name, and Shrine's cards read as words too."""
    describe = GAME.present.describe
    assert describe("mulligan riptide-ambusher#40") == "Mulligan Riptide Ambusher"
    assert describe("assign p2 3") == "Assign 3 damage to P2"
    assert describe("play riptide-ambusher#40 a1") == "Play Riptide Ambusher a1"
    # a declaration is a sentence: the Hint said "Travel Fogbank Skimmer a2"
    assert describe("travel fogbank-skimmer#4 a2") == "Travel Fogbank Skimmer to a2"
    assert describe("attack fogbank-skimmer#4 p2") == "Attack P2 with Fogbank Skimmer"
    assert (
        describe("block riptide-ambusher#40 fogbank-skimmer#4")
        == "Block Fogbank Skimmer with Riptide Ambusher"
    )
    shrine = registry.get("shrine").present
    assert shrine.readable("heal 9H 9D") == "heal the 9 of hearts and the 9 of diamonds"
    assert shrine.describe("block KS") == "Block with the King of spades"


def test_a_refused_drop_says_the_engines_reason_with_card_names(app):
    """A creature dragged from hand onto the opponent's melee row is refused: the
    table shows the engine's reason (clause cast) for the move it guessed."""

    def creature(m):  # a play onto a site (a weather card may go on any row)
        return m.action.kind == "play" and (m.gesture.target or "").startswith("site:")

    session = played_until(5, lambda s, ms: any(creature(m) for m in ms))
    scene = start(app, session)
    move = next(m for m in scene.moves if creature(m))
    card = move.gesture.cards[0]
    before = len(history(scene))
    drag(app, centre(scene, "hand:0", card), scene.board.zones["site:b5"].center)
    assert len(history(scene)) == before
    assert "melee" in scene.message and "(rule: cast)" in scene.message
    assert "#" not in scene.message


def test_widgets_shown_after_a_computer_pass_are_the_new_ones(app):
    """A computer move that animates nothing (a priority pass) must still show
    the new buttons and status: the frame presented right after it equals a
    full redraw (pygame_gui lists what it draws only in its own update)."""
    session = Session(GAME, 7, {}, ["human", "computer"])
    session.auto_pass = False  # every stop: the act with nothing left would move on by itself
    scene = start(app, session)
    scene.perform(next(a for a in GAME.legal_actions(session.state) if a.text == "keep"))
    app.step([], 0.01)  # the computer keeps too
    scene.flyers = []
    scene.perform(next(a for a in GAME.legal_actions(session.state) if a.text.startswith("source")))
    scene.flyers = []
    app.step([], 0.01)  # the computer passes priority back
    assert history(scene)[-1] == "pass" and session.decision().seat == 0
    shown = app.screen.copy()
    scene.dirty = True
    app.step([], 0.01)
    assert pygame.image.tobytes(shown, "RGB") == pygame.image.tobytes(app.screen, "RGB")


POSITIONS = Path(__file__).parent / "positions"
AREAS = POSITIONS / "shrines-areas.toml"  # a position file (tests/positions)


def test_areas_and_traps_show_where_they_lie(app):
    """Clause area: a terrain or weather covers a site, a row or a pathway, and a
    trap lies face down on a site. The view says which sites each covers; the
    Region washes those sites and names what lies there; a face-down trap's site
    shows (its card does not, to the other player)."""
    from shrinetable.formats.scenario import load

    path = AREAS
    loaded = load(path)
    info = GAME.view(loaded.state, 0).info
    assert info["areas"] == {"fenland-mire#1": "site c3", "rimefall#2": "pathway c"}
    assert info["covers"]["site:c3"] == ["fenland-mire#1", "rimefall#2"]
    assert [info["covers"][f"site:c{n}"] for n in (1, 2, 4, 5)] == [["rimefall#2"]] * 4
    assert info["covers"]["site:b4"] == ["trap"] and "site:a1" not in info["covers"]
    session = Session(GAME, 3, {}, ["human", "computer"])
    session.reset(loaded.state)  # the scenario's position, as the demo player does
    scene = start(app, session)
    covers = scene.board.decor.covers  # from the top right corner: newest first
    assert covers["site:b4"] == (Chip("Trap", AREA["trap"]),)
    assert covers["site:c3"] == (
        Chip("Rimefall", AREA["weather"]),
        Chip("Fenland Mire", AREA["terrain"], short="Fenland"),
    )
    b4 = scene.board.zones["site:b4"]
    corner = [
        tuple(app.screen.get_at((x, y)))[:3]
        for x in range(b4.right - 40, b4.right - 3)
        for y in range(b4.top + 3, b4.top + 14)
    ]
    assert AREA["trap"] in corner  # the Trap chip


def test_row_and_pathway_areas_and_untargeted_spells_drop_on_the_region():
    """A row or pathway area lands on any site of its row or pathway (or the area
    zone); a spell with no target lands anywhere on the Region: the drop says where."""
    from shrinetable.games.shrines.actions import Action

    s = Session(GAME, 3, {}, ["human", "computer"]).state
    card = next(c for c in GAME.all_cards(s)["primary:0"])
    row = GAME.gesture(s, Action("play", card, "row3"))
    assert {z for z in ("site:a3", "site:b3", "site:c3", "areas") if row.lands_on(z)} == {
        "site:a3",
        "site:b3",
        "site:c3",
        "areas",
    } and not row.lands_on("site:b2")
    path = GAME.gesture(s, Action("play", card, "path-b"))
    assert all(path.lands_on(f"site:b{n}") for n in "12345") and not path.lands_on("site:a3")
    spell = GAME.gesture(s, Action("cast", card))
    assert spell.lands_on("site:c5") and spell.lands_on("player:0")


def answerable():
    """A hotseat game where p1 may answer p2's action at burst speed."""
    s = played_until(
        3, lambda s, moves: s.decision().kind == "respond" and s.forced() is None, seat=0
    )
    s.seats = ["human", "human"]
    return s


def asked(app):
    """`answerable()` on the table, which asks p1, over p2's view, whether to answer."""
    s = answerable()
    scene = start(app, s)
    scene.viewer = 1
    scene.after_change()
    assert scene.overlay == "ask"
    return s, scene


def test_hotseat_asks_the_other_player_before_hiding_the_table(app):
    """Clause priority in hotseat: after p2's action p1 may answer at burst speed.
    The table asks p1 first, over p2's view; passing costs one click and no
    handover; answering hides the table until p1 confirms."""
    s = answerable()
    before = s.history[-1]  # undo the p2 action that gave p1 priority, then redo it
    s.back_to(len(s.history) - 1)  # from the table
    scene = start(app, s)
    assert scene.viewer == 0  # the first human; the deciding seat is p2
    scene.command("takeover")
    scene.perform(GAME.parse_action(before.text))
    app.step([], 0.01)
    assert scene.overlay == "ask" and scene.viewer == 1
    assert scene.board.placed  # the table stays in view, both hands face down: p1
    # reads the question on p2's screen, so p2's hand is hidden from them too
    assert any(p.zone == "hand:1" for p in scene.board.placed)
    assert all(p.name is None for p in scene.board.placed if p.zone.startswith("hand:"))
    button = next(b for b, a in scene.ui.actions.items() if a.text == "pass")
    app.step([ev(pygame_gui.UI_BUTTON_PRESSED, ui_element=button)], 0.01)
    assert history(scene)[-1] == "pass" and scene.viewer == 1 and scene.overlay is None
    assert scene.moves  # p2 goes on at once


def test_a_question_answered_gives_way_to_a_move_no_one_makes(app):
    """After a quick answer, when the next move is a computer's (or forced), the old
    question must not stand over the table: the computer's move waits for no overlay."""
    s, scene = asked(app)
    s.seats[s.decision().seat] = "computer"
    scene.after_change()
    assert scene.overlay is None and scene.ai_move is not None


def test_hotseat_answer_hides_the_table_first(app):
    s, scene = asked(app)
    button = next(b for b, c in scene.ui.commands.items() if c == "handover")
    app.step([ev(pygame_gui.UI_BUTTON_PRESSED, ui_element=button)], 0.01)
    assert scene.overlay == "handover" and scene.board.placed == []
    scene.command("takeover")
    app.step([], 0.01)
    assert scene.viewer == 0 and scene.overlay is None and len(scene.moves) > 1


def test_a_click_on_your_guard_switches_its_guarding(app):
    """Ruling R11 on the table: a click on your own Guard switches it off (NO GUARD
    shows on it)."""
    from shrines_helpers import spawn
    from shrines_helpers import start as position

    s = position("blue", "red")
    guard = spawn(s, "harbor-sentinel", 0, "b1")
    session = Session(GAME, 1, {}, ["human", "computer"])
    session.reset(s)
    scene = start(app, session)
    click(app, centre(scene, "site:b1", guard))
    assert history(scene)[-1] == f"unguard {guard}"
    assert GAME.view(session.state, 0).info["cards"][guard]["status"] == ["unguarded"]
