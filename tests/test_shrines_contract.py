"""Shrines on the table: gestures, card faces, permanents' info and priority in views
(the shared contract the table and the computer player code against)."""

from __future__ import annotations

import random

import pytest
from shrines_helpers import mana, play, spawn, start, to_act

from shrinetable.engine import Gesture
from shrinetable.engine.registry import get
from shrinetable.games.shrines.cards import starter
from shrinetable.games.shrines.game import DECKS
from shrinetable.games.shrines.gestures import CLICKS

GAME = get("shrines")
PAIRS = [(a, b) for a in DECKS for b in DECKS]


def _check_gestures(s) -> int:
    """Every legal action's gesture names cards its source zone holds in the deciding
    seat's view, and a target zone (and card) that exist."""
    seat = GAME.decision(s).seat
    view = GAME.view(s, seat)
    zones = set(GAME.zones(2))
    assert set(view.zones) == zones
    for a in GAME.legal_actions(s):
        g = GAME.gesture(s, a)
        if g.cards:
            assert g.source in zones, a.text
            held = view.zones[g.source].cards
            assert all(c in held for c in g.cards), (a.text, g)
        elif g.source is not None:
            assert g.source in zones and g.target is None, a.text
        if g.target is not None:
            assert g.target in zones, (a.text, g)
        if g.target_card is not None:
            assert g.target_card in view.zones[g.target].cards, (a.text, g)
        if a.kind in CLICKS:
            assert g.target is None and g.target_card is None, a.text
    return len(GAME.legal_actions(s))


@pytest.mark.parametrize("pair", range(0, 25, 3))
def test_every_legal_action_has_a_gesture_from_its_real_zone(pair):
    """Random seeded games over several deck pairs: each legal action's gesture moves
    cards from the zone that holds them in the decider's view, onto an existing zone."""
    p1, p2 = PAIRS[pair]
    s = GAME.new_game(pair, {"deck_p1": p1, "deck_p2": p2})
    rng = random.Random(pair)
    checked = 0
    for _ in range(1500):
        if GAME.outcome(s) is not None:
            break
        checked += _check_gestures(s)
        s, _ = GAME.apply(s, rng.choice(GAME.legal_actions(s)))
    assert checked > 100


def test_gesture_conventions_for_each_kind_of_move():
    """Play to a melee site, attack a player zone, cast at a card (its site), tap a
    source by a click, draw by a click on a library, and buttons without cards."""
    s = start()
    brute = spawn(s, "ashen-brute", 0, "b5")
    fly = spawn(s, "fogbank-skimmer", 0)
    src = spawn(s, "tidal-font", 0, "sources")
    mana(s, 0, "BB")
    g = {a.text: GAME.gesture(s, a) for a in GAME.legal_actions(s)}
    assert g[f"play {fly} a1"].source == "hand:0" and g[f"play {fly} a1"].target == "site:a1"
    assert g[f"tap {src}"] == Gesture((src,), "sources:0")
    assert g["next"].cards == () and g["next"].source is None
    s = to_act(s, "combat")
    g = {a.text: GAME.gesture(s, a) for a in GAME.legal_actions(s)}
    assert g[f"attack {brute} p2"].source == "site:b5"
    assert g[f"attack {brute} p2"].target == "player:1"


def test_gesture_of_a_spell_at_a_creature_names_its_site():
    """A spell aimed at a creature drops on that creature, in its site zone."""
    s = start()
    foe = spawn(s, "ashen-brute", 1, "c3")
    lash = spawn(s, "rime-lash", 0)
    mana(s, 0, "B")
    g = GAME.gesture(s, GAME.parse_action(f"cast {lash} {foe}"))
    assert (g.cards, g.source, g.target, g.target_card) == ((lash,), "hand:0", "site:c3", foe)


def test_card_face_for_every_starter_card_and_token():
    """card_face gives the printed face of every card in the starter set, tokens too,
    by bare id or instance name; an unknown card is a KeyError."""
    cards = starter()[0]
    keys = {
        "name",
        "type",
        "subtype",
        "cost",
        "colours",
        "strength",
        "resilience",
        "keywords",
        "text",
        "legendary",
        "token",
    }
    for cid, card in cards.items():
        face = GAME.card_face(f"{cid}#3")
        assert set(face) == keys and face == GAME.card_face(cid)
        assert face["name"] == card.name and face["cost"] == card.cost
        assert not face["token"] and all(k[0].isupper() for k in face["keywords"])
    sun = GAME.card_face("sunmote#120")
    assert sun["token"] and sun["keywords"] == ["Haste"] and sun["strength"] == 1
    with pytest.raises(KeyError):
        GAME.card_face("no-such-card#1")


def test_view_info_describes_every_permanent_and_priority():
    """info["cards"] has the current numbers of every permanent (auras, boosts and
    damage included); info["priority"] names the seat holding priority."""
    s = start()
    brute = spawn(s, "ashen-brute", 0, "b1", damage=1)
    info = GAME.view(s, 1).info
    assert info["priority"] == 0
    card = info["cards"][brute]
    assert card["ctrl"] == 0 and card["damage"] == 1 and card["strength"] == 3
    assert card["keywords"] == ["Stomp"] and not card["sick"] and not card["tapped"]
    assert card["attached_to"] is None and card["status"] == [] and not card["armor"]
    s = play(s, "next")
    assert GAME.view(s, 0).info["priority"] == 1
    s.queue = (("draw", 0, "any"),)  # a queued choice: nobody holds priority meanwhile
    assert GAME.view(s, 0).info["priority"] is None


def test_tokens_are_cards_in_their_site_zone_and_players_have_empty_zones():
    """A token made by a spell shows in its site's zone (so it can be targeted) and
    in info["cards"]; player:0 and player:1 are empty zones."""
    s = start("yellow", "red")
    spell = spawn(s, "swarm-beacon", 0)
    mana(s, 0, "YYYYY")
    cast = next(a for a in GAME.legal_actions(s) if a.kind == "cast" and a.card == spell)
    s = play(s, cast.text)
    view = GAME.view(s, 1)
    site = f"site:{cast.target}"
    tokens = [n for n in view.zones[site].cards if GAME.card_face(n)["token"]]
    assert len(tokens) == 2 and all(t in view.info["cards"] for t in tokens)
    assert view.zones["player:0"].cards == () and view.zones["player:1"].cards == ()


def test_swap_cards_show_in_the_library_to_their_player_only():
    """Clause swap: while a Swap waits, its player sees the looked-at cards in the
    library zone (the top/bottom clicks come from there); the opponent does not."""
    s = start()
    spell = spawn(s, "read-the-shallows", 0)
    mana(s, 0, "B")
    s = play(s, f"cast {spell}")
    assert GAME.decision(s).kind == "swap"
    mine = GAME.view(s, 0).zones["primary:0"].cards
    assert [c for c in mine if c is not None] == GAME.all_cards(s)["primary:0"][-3:]
    assert set(GAME.view(s, 1).zones["primary:0"].cards) == {None}
    top = next(a for a in GAME.legal_actions(s) if a.kind == "top")
    assert GAME.gesture(s, top) == Gesture((top.card,), "primary:0")
