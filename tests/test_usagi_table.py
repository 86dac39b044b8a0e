"""Usagi on the table, in-process under SDL's dummy driver: a face for every
shipped card, every zone placed and none over another at 2 to 6 players, every
legal move over seeded games a drag, a click or a button with words at 2, 4 and
6 seats, the counters and decorations a view adds, nothing secret of another
seat drawn in hotseat, and the turn made with the pointer: a proposal dropped
face down on the Event place, a Character dropped into the field and then on
an Event, the device handed over in between."""

from __future__ import annotations

import random
from functools import cache
from itertools import combinations

import pytest
from table_input import click, drag
from test_sorcerer_table import history, spot, start  # the table's, not a game's

from shrinetable.adapter import gestures
from shrinetable.adapter.session import Session
from shrinetable.engine import registry
from shrinetable.formats.layout import load_layout, missing_zones
from shrinetable.games.usagi.cards import catalog
from shrinetable.games.usagi.present import MARK, PRESENT
from shrinetable.resources import layout_path
from shrinetable.table import geometry as geo

GAME = registry.get("usagi")
LAYOUT = load_layout(layout_path("usagi"))
SIZES = ((1280, 720), (1920, 1080))
PANELS = (LAYOUT.panels.log, LAYOUT.panels.status, LAYOUT.panels.buttons)

pytestmark = pytest.mark.usefixtures("dummy_video")


def _walk(seed: int, seats: int, steps: int, pick=None):
    """States of a seeded game played at random (or by `pick`), one per decision."""
    s = GAME.new_game(seed, {}, seats)
    rng = random.Random(seed)
    for _ in range(steps):
        if GAME.decision(s) is None:
            return
        yield s
        legal = GAME.legal_actions(s)
        a = (pick(s, legal, rng) if pick else None) or rng.choice(legal)
        s, _ = GAME.apply(s, a)


def _eager(s, legal, rng):
    """Random play that involves whenever it can and plays and proposes cards
    (not passing) nine times in ten: Events are contested, ties happen."""
    inv = [a for a in legal if a.kind == "involve"]
    if inv:
        return rng.choice(inv)
    doing = [a for a in legal if a.kind in ("play", "propose") and a.card and not a.other]
    if doing and rng.random() < 0.9:
        return rng.choice(doing)
    return None


def _busy(s, legal, rng):
    """Random play that prefers doing things to passing and finishing, so fields,
    Events and contests fill up."""
    doing = [
        a
        for a in legal
        if a.kind in ("play", "involve", "use", "propose") and (a.kind != "propose" or a.card)
    ]
    if doing and rng.random() < 0.85:
        return rng.choice(doing)
    return None


# -- faces, words, layout -------------------------------------------------------


def test_a_face_for_every_shipped_card():
    """Frame colour by type (a second for Story), Honor and Ryo pips, the ratings
    in printed order in the box (a 0 is shown), descriptors on the type line."""
    cards = catalog()[0]
    assert cards
    for cid, c in cards.items():
        face = PRESENT.card_face(f"{cid}#1")
        assert face is not None and face.name == c.name and face.frame, cid
        assert len(face.cost) == len(c.cost), cid
        want = tuple(f"{MARK[r]}{v}" for r, v in c.ratings.items())
        assert sorted(face.numbers or ()) == sorted(want), cid
        assert face.type_line.lower().startswith(c.type), cid
        if c.type == "event" and c.subtype == "story":
            assert len(face.frame) == 2, cid


@pytest.mark.parametrize("seats", range(2, 7))
def test_every_zone_placed_and_none_over_another(seats):
    """Every viewer: every engine zone has a place on the canvas, and no two
    zones (nor a zone and a panel) share a point; your hand and field are at the
    bottom, every Event place between the fields."""
    assert missing_zones(LAYOUT, {seats: GAME.zones(seats)}) == []
    for viewer in range(seats):
        rects = [LAYOUT.place(z, viewer, seats).rect for z in GAME.zones(seats)] + list(PANELS)
        for a, b in combinations(rects, 2):
            ax, ay, aw, ah = a
            bx, by, bw, bh = b
            assert ax + aw <= bx or bx + bw <= ax or ay + ah <= by or by + bh <= ay, (a, b)
        hand = LAYOUT.place(f"hand:{viewer}", viewer, seats).rect
        assert all(
            hand[1] >= LAYOUT.place(z, viewer, seats).rect[1] for z in GAME.zones(seats)
        )  # nothing nearer you than your hand
        own_field = LAYOUT.place(f"field:{viewer}", viewer, seats).rect
        for q in range(seats):
            ev = LAYOUT.place(f"event:{q}", viewer, seats).rect
            assert ev[1] + ev[3] <= own_field[1], (q, ev)


@cache
def _moves_seen(seats: int) -> frozenset:
    """(kind, how) of every legal move met over seeded games at `seats`, each one
    checked to start from a card the layout draws and land where it draws."""
    kinds = set()
    size = SIZES[0] if seats != 4 else SIZES[1]
    scaler = geo.Scaler((LAYOUT.canvas.width, LAYOUT.canvas.height), size)
    for seed in range(1, 4):
        for s in _walk(seed, seats, 500, _busy if seed % 2 else None):
            d = GAME.decision(s)
            view = GAME.view(s, d.seat)
            placed = {(p.zone, p.name) for p in geo.place_cards(LAYOUT, view, scaler, d.seat)}
            zones = geo.zone_rects(LAYOUT, view, scaler, d.seat)
            for m in gestures.moves(GAME, s):
                g = m.gesture
                how = gestures.how(m)
                kinds.add((m.action.kind, how))
                words = PRESENT.describe(m.text, d.kind)
                assert "#" not in words and words[:1].isupper(), (m.text, words)
                if how == "button":
                    continue
                assert all((g.source, c) in placed for c in g.cards), (m.text, g)
                if how == "drag":
                    assert g.target in zones and all(z in zones for z in g.also), (m.text, g)
                if g.target_card:
                    assert any((z, g.target_card) in placed for z in (g.target, *g.also)), (
                        m.text,
                        g,
                    )
            moves = gestures.moves(GAME, s)
            shown = {
                (p.zone, p.name) for p in geo.place_cards(LAYOUT, view, scaler, d.seat) if p.name
            }
            clicks = [m for m in moves if gestures.how(m) == "click"]
            for m in clicks:  # a click on a card makes this move (or offers a choice)
                assert m in gestures.card_clicks(moves, m.gesture.source, m.gesture.cards[0])
            assert not gestures.stranded(moves, shown) or all(
                gestures.how(m) != "button" for m in gestures.stranded(moves, shown)
            )
    return frozenset(kinds)


@pytest.mark.parametrize("seats", [2, 4, 6])
def test_every_legal_move_is_a_drag_a_click_or_a_button_with_words(seats):
    """Over seeded games (random, and random that prefers to act), every legal
    move starts from a card the layout draws and lands on a drawn zone or card,
    or is a click on a drawn card or a button; no button shows a card in notation."""
    kinds = _moves_seen(seats)
    assert {
        ("propose", "drag"),
        ("propose", "button"),
        ("discard", "drag"),
        ("discard", "button"),
        ("play", "drag"),
        ("involve", "drag"),
        ("pass", "button"),
        ("finished", "button"),
    } <= kinds, sorted(kinds)
    if seats == 2:
        assert ("hero", "click") in kinds and ("hero", "button") in kinds, sorted(kinds)


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("pass", "Pass"),
        ("finished", "Finished"),
        ("cut", "Cut the deck"),
        ("discard", "Discard no more"),
        ("propose", "Propose no Event"),
        ("hero", "Keep no Hero"),
        ("extra 2", "Take 2 extra tokens"),
        ("extra 1", "Take 1 extra token"),
        ("extra 0", "Take no extra token"),
    ],
)
def test_words_for_each_button(text, words):
    assert PRESENT.describe(text) == words


def test_words_name_the_cards_of_each_kind_of_move():
    """Every kind of move that names cards reads with their names."""
    cards = catalog()[0]
    by_type = {}
    for cid, c in cards.items():
        by_type.setdefault(c.type, cid)
    ch, ev = f"{by_type['character']}#3", f"{by_type['event']}#7"
    name, event = cards[by_type["character"]].name, cards[by_type["event"]].name
    assert PRESENT.describe(f"involve {ch} {ev}") == f"Involve {name} with {event}"
    assert PRESENT.describe(f"propose {ev}") == f"Propose {event} face down"
    assert PRESENT.describe(f"play {ch}") == f"Play {name}"
    assert PRESENT.describe(f"use {ch} 2 on {ev}") == f"Use {name} (ability 2) on {event}"
    assert PRESENT.describe(f"discard {ch}") == f"Discard {name}"
    assert PRESENT.describe(f"tiebreak {ch}") == f"Drop {name} from the tie"
    assert PRESENT.describe(f"hero {ch}") == f"Keep {name} as your Hero"
    assert PRESENT.readable(f"p1 involves {ch}") == f"p1 involves {name}"


# -- what a view adds -------------------------------------------------------------


def _state_at(pred, seats=4, seeds=range(1, 30), pick=_busy):
    for seed in seeds:
        for s in _walk(seed, seats, 1500, pick):
            if pred(s):
                return s
    raise AssertionError("no such position in the seeded games")


def test_each_seat_shows_honor_ryo_and_tokens():
    """Each seat's Honor and Ryo (on its field, or its counters' zone), its
    chronicle tokens (on its chronicle), its state (beside its field's name)
    and the pool (on your own field)."""
    s = _state_at(lambda s: s.phase == "actions" and any(s.honor) and any(s.ryo) and any(s.tokens))
    view = GAME.view(s, 0)
    decor = PRESENT.decor(view)
    for q in range(s.n):
        words = (
            " ".join(c.text for c in decor.huds[f"purse:{q}"].figures)
            if f"purse:{q}" in decor.huds
            else f"{decor.badges[f'field:{q}']} {decor.badges[f'chronicle:{q}']}"
        )
        assert f"Honor {s.honor[q]}" in words and f"Ryo {s.ryo[q]}" in words, words
        assert f"{s.tokens[q]} token" in words, words
        assert decor.badges[f"deck:{q}"] == str(len(s.deck[q]))
    words = decor.badges.get("pool") or decor.badges[f"field:{view.seat}"]
    assert f"pool {s.pool} of {s.pool_start}" in words
    if s.finished[1]:  # another seat's state: chips beside its field's name
        assert "FINISHED" in [c.text for c in decor.covers["field:1"]]


def test_stricken_attached_and_involved_cards_say_so():
    s = _state_at(lambda s: s.stricken and s.attached and s.involved)
    view = GAME.view(s, 0)
    decor = PRESENT.decor(view)
    for c in s.stricken:
        if any(s.names[c] in z.cards for z in view.zones.values()):
            assert decor.cards[s.names[c]].veil.text == "STRICKEN"
    for a, h in s.attached.items():
        if s.names[a] in decor.cards:
            assert decor.cards[s.names[a]].where == f"on {s.defs[h].name}"
    for c in s.involved:
        assert decor.cards[s.names[c]].edge == s.ctrl(c)


def test_a_taken_character_lies_on_its_controllers_side():
    """Ruling U29: a Character p1 took from p2 is drawn in p1's field, marked TAKEN
    with the Attachment taken along; an involved one p2 owns and p1 controls is
    outlined in p1's colour. Every seat sees the same."""
    from usagi_helpers import pos

    sword, fan, duelist = ("wandering-swordsman#2", "commanders-war-fan#3", "scarred-duelist#4")
    s = pos(
        {"field:0": [sword, fan], "event:0": ["bandit-raid#5"], "involved:0": [duelist]},
        owners={sword: "p2", fan: "p2", duelist: "p2"},
        controllers={duelist: "p1"},
        attached={fan: sword},
    )
    for seat in (0, 1):
        view = GAME.view(s, seat)
        assert view.zones["field:0"].cards == (sword, fan) and not view.zones["field:1"].cards
        decor = PRESENT.decor(view)
        assert all("TAKEN" in [c.text for c in decor.cards[x].chips] for x in (sword, fan))
        assert decor.cards[duelist].edge == 0


def test_a_contest_shows_each_contenders_total():
    s = _state_at(
        lambda s: s.contest is not None and s.step == "tiebreak",
        seats=2,
        seeds=range(40, 45),
        pick=_eager,
    )
    view = GAME.view(s, s.contest.contenders[0])
    decor = PRESENT.decor(view)
    words = [c.text for chips in decor.covers.values() for c in chips]
    assert "TIE" in words
    for q in s.contest.contenders:
        assert any(w.startswith(f"p{q + 1}: ") for w in words), words


# -- hotseat secrecy ------------------------------------------------------------------


@pytest.mark.slow
@pytest.mark.parametrize("seats", [4, 6])
def test_nothing_secret_of_another_seat_is_drawn_in_hotseat(app, seats):
    """All seats people at one device: before every decision the table shows
    only what the deciding seat may see (no card of another hand or any deck,
    no other seat's proposal before the reveal), and a handover stands between
    two seats' private decisions (responses included: no question is put over
    another person's table)."""
    session = Session(GAME, 5, {}, ["human"] * seats)
    scene = start(app, session)
    rng = random.Random(5)
    handed = 0
    for _ in range(70):  # the cut, the initiation, the reveal and the first actions
        _settle(app, scene)
        d = session.decision()
        if d is None:
            break
        assert scene.overlay != "ask"  # it would stand over another's hand
        if scene.overlay == "handover":
            handed += 1
            assert scene.board.placed == [] and scene.board.zones == {}
            scene.command("takeover")
            app.step([], 0.01)
        assert scene.viewer == d.seat, (scene.viewer, d)
        s = session.state
        secret = {
            c
            for q in range(seats)
            if q != d.seat
            for z in (f"hand:{q}", f"deck:{q}")
            for c in GAME.all_cards(s)[z]
        }
        secret |= {s.names[c] for q, c in enumerate(s.proposal) if c and q != d.seat}
        secret |= {c for q in range(seats) for c in GAME.all_cards(s)[f"dead:{q}"]}
        drawn = {p.name for p in scene.board.placed if p.name}
        assert not drawn & secret, (d, drawn & secret)
        chips = {c.text for dec in scene.board.decor.cards.values() for c in dec.chips}
        assert not any(name in t for t in chips for name in secret)
        a = _busy(s, GAME.legal_actions(s), rng) or rng.choice(GAME.legal_actions(s))
        scene.perform(a)
    assert handed > seats


def _settle(app, scene) -> None:
    """Let the table make the passes it forces (at animation speed)."""
    for _ in range(50):
        app.step([], 0.01)
        if scene.ai_move is None:
            return


# -- the turn with the pointer ------------------------------------------------------------


def _to_step(session: Session, step: str, seat: int | None = None, pick=None) -> None:
    """Play the computer's moves (or `pick`'s) until the decision is `step` (for `seat`)."""
    rng = random.Random(1)
    for _ in range(2000):
        d = session.decision()
        if d.kind == step and (seat is None or d.seat == seat):
            return
        legal = GAME.legal_actions(session.state)
        session.play(
            (pick(session.state, legal, rng) if pick else None) or session.computer_action()
        )
    raise AssertionError(f"never reached {step}")


def test_a_proposal_dropped_face_down_then_the_next_seat_takes_over(app):
    """The proposal is a secret step: the Event dropped on your Event place; the
    next person takes the device and sees your Event place face down."""
    session = Session(GAME, 3, {}, ["human"] * 4)
    _to_step(session, "propose")
    me = session.decision().seat
    events = [a for a in GAME.legal_actions(session.state) if a.kind == "propose" and a.card]
    assert events
    scene = start(app, session)
    assert (f"hand:{me}", events[0].card) in scene.marks.playable
    drag(app, spot(scene, f"hand:{me}", events[0].card), scene.board.zones[f"event:{me}"].center)
    assert history(scene)[-1] == events[0].text
    if scene.overlay == "handover":
        scene.command("takeover")
        app.step([], 0.01)
    other = scene.viewer
    assert other != me
    assert all(p.name != events[0].card for p in scene.board.placed)


def test_a_character_played_and_involved_by_drags(app):
    """Actions: a Character dropped from the hand into the field; later a
    refreshed Character in the field dropped on an Event involves it."""
    session = Session(GAME, 2, {}, ["human", "human"])

    def wants(s, legal, rng):
        return _busy(s, legal, rng)

    for _ in range(400):
        _to_step(session, "action", pick=wants)
        legal = GAME.legal_actions(session.state)
        play = [
            a
            for a in legal
            if a.kind == "play"
            and not a.other
            and session.state.defs[int(a.card.rpartition("#")[2])].type == "character"
        ]
        if play:
            break
        session.play(legal[-1])
    me = session.decision().seat
    scene = start(app, session)
    card = play[0].card
    n = len(history(scene))
    drag(app, spot(scene, f"hand:{me}", card), scene.board.zones[f"field:{me}"].center)
    assert history(scene)[n] == play[0].text
    for _ in range(400):
        legal = GAME.legal_actions(session.state)
        inv = [a for a in legal if a.kind == "involve"]
        if inv and session.decision().kind == "action":
            break
        session.play(_busy(session.state, legal, random.Random(0)) or session.computer_action())
    me = session.decision().seat
    scene = start(app, session)
    a = inv[0]
    ev_zone = next(z for z, v in scene.view().zones.items() if a.other in v.cards)
    n = len(history(scene))
    drag(app, spot(scene, f"field:{me}", a.card), spot(scene, ev_zone, a.other))
    assert history(scene)[n] == a.text


def test_the_hero_kept_with_a_click(app):
    session = Session(GAME, 4, {}, ["human", "human"])
    for _ in range(3000):
        d = session.decision()
        if d.kind == "hero" and any(a.card for a in GAME.legal_actions(session.state)):
            break
        session.play(
            _busy(session.state, GAME.legal_actions(session.state), random.Random(2))
            or session.computer_action()
        )
    me = session.decision().seat
    session.set_standing(me, "keep_hero", False)  # asked, not answered in advance
    keep = next(a for a in GAME.legal_actions(session.state) if a.card)
    scene = start(app, session)
    n = len(history(scene))
    click(app, spot(scene, f"field:{me}", keep.card))
    assert scene.overlay != "choice"  # one click keeps it, no question
    assert history(scene)[n] == keep.text


# -- legibility ------------------------------------------------------------------------


@pytest.mark.parametrize("seats", [2, 4, 6])
def test_every_card_at_1280x720_shows_its_name_at_11_px(app, seats):
    """In a busy position at 1280x720 every card the viewer sees is a strip (11 px
    names) or a framed card 70 px wide (its name at 11 px); the text on the cards
    in your hand is 11 px too."""
    s = _state_at(lambda s: s.phase == "actions" and len(s.involved) >= 2, seats=seats)
    session = Session(GAME, 1, {}, ["human"] * seats)
    session.reset(s)
    scene = start(app, session)
    shown = [p for p in scene.board.placed if p.name]
    assert shown
    for p in shown:
        assert p.strip or p.rect.w >= 70, (p.zone, p.name, p.rect)
    hand = [p for p in shown if p.zone == f"hand:{scene.viewer}"]
    assert hand
    for p in hand:  # your hand's text too (faces.draw_face: the name's size, 0.8 of it),
        name_px = max(11, round(p.rect.h * 0.1))  # never under the floor (14 px here)
        assert app.fonts.px(round(name_px * 0.8)) >= 14, (p.name, p.rect)


def test_the_secret_tie_break_dropped_on_the_rest_pile(app):
    """A tie: the first contender drops one of their involved Characters on their
    rest pile (a secret step); the next contender, after the handover, sees the
    Event's Characters as before, nothing marking the one given up."""
    s = _state_at(
        lambda s: s.contest is not None and s.step == "tiebreak",
        seats=2,
        seeds=range(40, 45),
        pick=_eager,
    )
    session = Session(GAME, 1, {}, ["human", "human"])
    session.reset(s)
    me = session.decision().seat
    moves = [m for m in gestures.moves(GAME, s) if m.action.kind == "tiebreak"]
    assert moves and all(
        gestures.how(m) == "drag" and m.gesture.target == f"rest:{me}" for m in moves
    )
    scene = start(app, session)
    before = {z: v.cards for z, v in scene.view().zones.items() if z.startswith("involved:")}
    card = moves[0].gesture.cards[0]
    drag(app, spot(scene, moves[0].gesture.source, card), scene.board.zones[f"rest:{me}"].center)
    assert moves[0].text in history(scene)  # (a next contender's lone card goes by itself)
    if session.decision() is not None and session.decision().kind == "tiebreak":
        if scene.overlay == "handover":
            scene.command("takeover")
            app.step([], 0.01)
        other = scene.view()
        assert {z: v.cards for z, v in other.zones.items() if z.startswith("involved:")} == before
        decor = scene.board.decor.cards.get(card)
        assert decor is None or not decor.chips


def test_a_refused_drop_names_the_rule_that_refuses_it():
    """A card from one's hand dropped on an opponent's field is no move; the table
    says which rule refuses it (game.guess_actions feeds the engine's explain), never
    only that no move goes there."""
    from shrinetable.adapter import refusal

    game = GAME
    s, rng, told = game.new_game(3, {}, 3), random.Random(3), []
    for _ in range(400):
        d = game.decision(s)
        if d is None or len(told) >= 12:
            break
        if d.kind == "action" and d.seat == 0:
            for c in game.view(s, 0).zones["hand:0"].cards:
                told.append(refusal.explain(game, s, 0, (c,), "hand:0", "field:1", None))
        s, _ = game.apply(s, rng.choice(game.legal_actions(s)))
    assert told and all("(rule: " in t for t in told), told
