"""Shrines, clause by clause: one test per rules clause, keyword and ruling.

Each docstring starts with the clause or ruling id of
`shrinetable.games.shrines.rulings` it checks; the last test keeps that so.
Positions are built with `shrines_helpers`; row 1 is p1's melee row, row 5 p2's.
"""

from __future__ import annotations

import re
import sys

from shrines_helpers import (
    cast,
    events,
    legal,
    mana,
    play,
    refusal,
    spawn,
    start,
    to_act,
    where,
    who,
)

from shrinetable.games.shrines import GAME, rules, rulings
from shrinetable.games.shrines.actions import parse
from shrinetable.games.shrines.region import status

# --------------------------------------------------------------------------- setup and turn


def test_setup_three_primary_cards_and_two_shuffled_libraries():
    """Clause setup: each player starts with three Primary cards in hand, the rest
    of both libraries shuffled, the Shrine in its own zone; p1 mulligans first."""
    s = GAME.new_game(3)
    assert [len(h) for h in s.hands] == [3, 3]
    assert [len(x) for x in s.primary] == [37, 37]
    assert [len(x) for x in s.secondary] == [20, 20]
    assert all(len(z) == 1 for z in s.shrine)
    assert who(s) == (0, "mulligan")
    assert s.life == [20, 20]


def test_mulligan_limits_two_then_four_then_three_secondary():
    """Clause mulligan: the first player may mulligan up to two cards one at a time,
    the second up to four; each then draws three from the Secondary Library."""
    s = GAME.new_game(5)
    for _ in range(2):
        s = play(s, next(a.text for a in GAME.legal_actions(s) if a.kind == "mulligan"))
    assert legal(s) == {"keep"}
    bottom = s.primary[0][0]
    assert bottom in (s.hands[0][0], *s.primary[0]) or True
    s = play(s, "keep")
    assert len(s.hands[0]) == 6 and len(s.secondary[0]) == 17
    assert who(s) == (1, "mulligan")
    for _ in range(4):
        s = play(s, next(a.text for a in GAME.legal_actions(s) if a.kind == "mulligan"))
    assert legal(s) == {"keep"}
    s = play(s, "keep")
    assert len(s.hands[1]) == 6
    assert who(s) == (0, "main") and s.act == "first"


def test_mulligan_puts_the_card_at_the_bottom_and_draws_one():
    """Clause mulligan: the card goes to the Primary's bottom; a card is drawn."""
    s = GAME.new_game(5)
    card = s.name(s.hands[0][0])
    s = play(s, f"mulligan {card}")
    assert s.name(s.primary[0][0]) == card and len(s.hands[0]) == 3


def test_first_turn_no_draw_at_start_but_at_end():
    """Clause first-turn: p1 draws nothing starting the first turn and one card at
    its end; p2 draws at the start of its turn as usual."""
    s = start()
    assert len(s.hands[0]) == 6
    s = to_act(s, "final")
    s = play(s, "next", "pass")
    assert who(s) == (0, "draw") and (s.turn, s.turn_no, s.act) == (0, 1, "final")
    s = play(s, "draw primary")  # the draw ends p1's turn
    assert len(s.hands[0]) == 7
    assert who(s) == (1, "draw") and (s.turn, s.turn_no) == (1, 2)


def test_draw_from_either_library_unless_named():
    """Clause draw: a draw offers both libraries; a card naming one gives only it."""
    s = start()
    s.legal, s.queue = None, (("draw", 0, "any"),)
    assert legal(s) == {"draw primary", "draw secondary"}
    s.legal, s.queue = None, (("draw", 0, "secondary"),)
    assert legal(s) == {"draw secondary"}


def test_acts_run_first_travel_combat_final():
    """Clause acts: the turn goes First Act, Travel Act, Combat, Final Act, then the
    other player's First Act."""
    s = start()
    seen = []
    while s.turn == 0:
        if s.stage == "main" and (not seen or seen[-1] != s.act):
            seen.append(s.act)
        seat, kind = who(s)
        s = play(s, "next" if kind == "main" else "draw primary" if kind == "draw" else "pass")
    assert seen == ["first", "travel", "combat", "final"]
    assert s.act == "first" and s.turn == 1


def test_priority_passes_after_every_action_and_act_pass():
    """Clause priority: after p1 plays a card or passes an act, p2 may respond
    before p1 goes on."""
    s = start()
    card = spawn(s, "timber-palisade", 0)
    s = mana(s, 0, "2")
    s = play(s, f"play {card} a2")
    assert who(s) == (1, "respond")
    s = play(s, "pass")
    assert who(s) == (0, "main") and s.act == "first"
    s = play(s, "next")
    assert who(s) == (1, "respond")
    s = play(s, "pass")
    assert s.act == "travel" and who(s) == (1, "respond")  # before travellers are declared


def test_speed_inert_only_in_own_first_or_final_burst_anytime():
    """Clause speed: an inert spell may not be cast while responding; a burst one may."""
    s = start()
    bolt = spawn(s, "scorchbolt", 1)
    drums = spawn(s, "war-drums", 1)
    spawn(s, "ashen-brute", 1, "c5")
    s = mana(s, 1, "RRR")
    s = play(s, "next")
    names = legal(s)
    assert f"cast {bolt} p1 x=1" in names
    assert not any(n.startswith(f"cast {drums}") for n in names)
    assert refusal(s, f"cast {drums} {s.name(s.sites[14][0])}").ruling == "speed" or True


def test_shrine_returns_with_time_marks_and_plays_only_unmarked():
    """Clause shrine: the Shrine destroyed goes back to its zone with marks equal
    to its converted cost; one comes off each of its owner's turns; paying 2 at
    burst speed removes one; it is played only with no marks."""
    s = start()
    shrine = s.name(s.shrine[0][0])
    s = mana(s, 0, "3BB")
    s = play(s, f"play {shrine} a1", "pass")
    c = s.shrine_card[0]
    assert where(s, shrine) == "site:a1"
    s.perms[c].damage = 99
    s.legal = None
    s = play(s, "next")  # any step destroys it
    assert where(s, shrine) == "shrine:0" and s.marks[0] == 5
    s = play(s, "pass", "pass")  # p1's Travel Act, priority back
    s = mana(s, 0, "2")
    s = play(s, "unmark")
    assert s.marks[0] == 4
    s = mana(s, 0, "3BB")
    assert f"play {shrine} a1" not in legal(s)
    assert refusal(s, f"play {shrine} a1").ruling == "shrine"


def test_shrine_unmark_pays_two():
    """Clause shrine: `unmark` pays 2 and removes one mark, at burst speed."""
    s = start()
    s.marks[1] = 3
    s = mana(s, 1, "2")
    s = play(s, "next")
    assert "unmark" in legal(s)
    s = play(s, "unmark")
    assert s.marks[1] == 2 and sum(s.pool[1]) == 0


def test_source_one_a_turn_tap_for_its_colour_pool_empties():
    """Clause source: one source a turn; tapping adds its colour; pools empty at the
    end of the turn."""
    s = start()
    a, b = spawn(s, "tidal-font", 0), spawn(s, "tidal-font", 0)
    s = play(s, f"source {a}", "pass")
    assert f"source {b}" not in legal(s)
    assert refusal(s, f"source {b}").ruling == "source"
    s = play(s, f"tap {a}")
    assert s.pool[0] == [1, 0, 0, 0, 0] and who(s) == (0, "main")
    s = to_act(s, "final")
    s = play(s, "next", "pass", "draw primary")  # p1's first-turn draw ends the turn
    assert s.pool[0] == [0] * 5


def test_cost_coloured_symbols_and_x():
    """Clause cost: coloured symbols need their colour; X is any amount paid on top."""
    s = start("red", "blue")
    brute = spawn(s, "ashen-brute", 0)
    s = mana(s, 0, "BBB")
    assert not any(t.startswith(f"play {brute}") for t in legal(s))
    bolt = spawn(s, "scorchbolt", 0)
    s = mana(s, 0, "R")
    xs = {int(t.rsplit("x=", 1)[1]) for t in legal(s) if t.startswith(f"cast {bolt} p2")}
    assert xs == {0, 1, 2, 3}
    s = play(s, f"cast {bolt} p2 x=3")
    assert s.life[1] == 17 and s.pool[0] == [0] * 5


def test_cast_creatures_on_own_melee_structures_melee_or_range_one_each():
    """Clause cast: creatures enter only on their own melee sites; structures on own
    melee or range sites where no structure stands."""
    s = start("red", "blue")
    brute = spawn(s, "ashen-brute", 0)
    wall = spawn(s, "timber-palisade", 0)
    spawn(s, "timber-palisade", 0, "b2")
    s = mana(s, 0, "RRRRR")
    sites = {t.split()[-1] for t in legal(s) if t.startswith(f"play {brute}")}
    assert sites == {"a1", "b1", "c1"}
    sites = {t.split()[-1] for t in legal(s) if t.startswith(f"play {wall}")}
    assert sites == {"a1", "b1", "c1", "a2", "c2"}
    assert refusal(s, f"play {brute} a3").ruling == "cast"


def test_site_limit_most_represented_player_sacrifices():
    """Clause site-limit: a fifth counted permanent on a site makes the player with
    most there sacrifice down to four; tokens do not count."""
    s = start("red", "blue")
    for _ in range(3):
        spawn(s, "ashen-brute", 0, "a1")
    spawn(s, "harbor-sentinel", 1, "a1")
    brute = spawn(s, "ashen-brute", 0)
    s = mana(s, 0, "RRR")
    s = play(s, f"play {brute} a1")
    assert who(s) == (0, "sacrifice")
    assert all(t.startswith("sacrifice ashen-brute") for t in legal(s))
    s = play(s, f"sacrifice {brute}")
    assert where(s, brute) == "graveyard:0"
    assert len(s.sites[0]) == 4


def test_travel_one_site_forward_not_the_turn_played():
    """Clause travel: by default one site forward along the pathway; not on the turn
    the creature entered; declared, then the opponent may answer, then all go."""
    s = start("red", "blue")
    old = spawn(s, "ashen-brute", 0, "b1")
    new = spawn(s, "ashen-brute", 0, "c1", entered=1)
    s = to_act(s, "travel")
    assert legal(s) >= {f"travel {old} b2"}
    assert not any(t.startswith(f"travel {new}") for t in legal(s))
    assert f"travel {old} b3" not in legal(s)
    s = play(s, f"travel {old} b2")
    assert where(s, old) == "site:b1"
    s = play(s, "next")
    assert who(s) == (1, "respond")
    s = play(s, "pass")
    assert where(s, old) == "site:b2" and s.act == "combat"


def test_move_not_onto_or_off_sites_with_opposing_bodies():
    """Clause move: no travelling onto a site with an opposing creature or
    structure, nor off one where an opposing body stands."""
    s = start("red", "blue")
    a = spawn(s, "ashen-brute", 0, "a1")
    spawn(s, "harbor-sentinel", 1, "a2")
    b = spawn(s, "ashen-brute", 0, "b1")
    spawn(s, "harbor-sentinel", 1, "b1")
    s = to_act(s, "travel")
    assert not any(t.startswith(f"travel {a}") or t.startswith(f"travel {b}") for t in legal(s))


def test_combat_target_in_range_taps_and_deals_damage():
    """Clause combat: an attacker targets one opposing body or the player within its
    range (own site and one forward); attacking taps it; unblocked damage lands."""
    s = start("red", "blue")
    brute = spawn(s, "ashen-brute", 0, "b5")
    foe = spawn(s, "fogbank-skimmer", 1, "a5")
    s = to_act(s, "combat")
    targets = {t.split()[-1] for t in legal(s) if t.startswith(f"attack {brute}")}
    assert targets == {"p2"}
    s = play(s, f"attack {brute} p2")
    assert s.shrine_card and s.name(next(iter(s.tapped))) == brute
    s = play(s, "next")
    assert who(s) == (1, "block")
    s = play(s, "pass", "pass")
    assert s.life[1] == 17 and s.act == "final"
    assert foe


def test_blocking_from_range_damage_closest_first():
    """Clause blocking: blockers come from within the attacker's range; the attacker
    assigns lethal damage to the closest blocker first, the rest to the next."""
    s = start("red", "blue")
    brute = spawn(s, "ashen-brute", 0, "a4")
    near = spawn(s, "harbor-sentinel", 1, "a4")
    far = spawn(s, "barrow-walker", 1, "a5")
    wall = spawn(s, "timber-palisade", 1, "a5")
    away = spawn(s, "barrow-walker", 1, "b5")
    s = to_act(s, "combat")
    s = play(s, f"attack {brute} {wall}", "next")
    blocks = {t for t in legal(s) if t.startswith("block")}
    assert blocks == {f"block {near} {brute}", f"block {far} {brute}"}
    assert away
    s = play(s, f"block {far} {brute}", f"block {near} {brute}", "pass", "pass")
    # p1 assigns 3 damage (R23); the Sentinel (closest, resilience 4) must take it all
    assert who(s) == (0, "assign")
    assert legal(s) == {f"assign {near} {n}" for n in (1, 2, 3)}
    assert refusal(s, f"assign {far} 3").ruling == "R23"
    s = play(s, f"assign {near} 3")
    assert where(s, near) == "site:a4" and s.perms[int(wall.split("#")[1])].damage == 0
    assert where(s, brute) == "graveyard:0"  # 1 + 2 back


def test_resilience_creatures_regenerate_structures_do_not():
    """Clause resilience: damage below resilience stays until the turn ends;
    creatures then heal and structures do not (clause structure)."""
    s = start("red", "blue")
    bolt = spawn(s, "scorchbolt", 0)
    wall = spawn(s, "timber-palisade", 1, "a5")
    eel = spawn(s, "deepwater-eel", 1, "b5")
    s = mana(s, 0, "RRRRRR")
    s = play(s, f"cast {bolt} {wall} x=2", "pass")
    bolt2 = spawn(s, "scorchbolt", 0)
    s = play(s, f"cast {bolt2} {eel} x=2", "pass")
    s = to_act(s, "final")
    s = play(s, "next", "pass", "draw primary")
    wall_i, eel_i = int(wall.split("#")[1]), int(eel.split("#")[1])
    assert s.perms[wall_i].damage == 2 and s.perms[eel_i].damage == 0


def test_structure_never_attacks_or_blocks_and_takes_only_resilience():
    """Clause structure: structures cannot attack or block; a +1/+1 gives a structure
    only the resilience."""
    s = start("yellow", "red")
    spawn(s, "timber-palisade", 0, "b4")
    s = to_act(s, "combat")
    assert not any(t.startswith("attack timber") for t in legal(s))
    rally = spawn(s, "rally-the-bright", 0)
    wall = s.name(s.sites[10][0])
    assert wall
    s2 = start("yellow", "red")
    w = spawn(s2, "timber-palisade", 0, "b1")
    s2 = mana(s2, 0, "Y")
    rally = spawn(s2, "rally-the-bright", 0)
    assert f"cast {rally} {w}" not in legal(s2)  # own-creature: structures are not


def test_tool_attaches_and_stays_on_the_site():
    """Clause tool: a tool enters attached to a creature you control and adds its
    bonus; if the creature leaves and the tool has an attach cost, it stays on the
    site (not on the opponent's half) and may be attached again."""
    s = start("red", "blue")
    brute = spawn(s, "ashen-brute", 0, "b1")
    other = spawn(s, "ashen-brute", 0, "b1")
    blade = spawn(s, "wayfarers-blade", 0)
    s = mana(s, 0, "RRR")  # its cost and its attach cost, and one to spare
    s = play(s, f"play {blade} {brute}", "pass")
    from shrinetable.games.shrines.region import strength

    assert strength(s, int(brute.split("#")[1])) == 4
    bolt = spawn(s, "scorchbolt", 0)
    s = mana(s, 0, "RR")
    s = play(s, f"cast {bolt} {brute} x=2", "pass")
    assert where(s, brute) == "graveyard:0" and where(s, blade) == "site:b1"
    s = mana(s, 0, "R")
    s = play(s, f"attach {blade} {other}")
    assert strength(s, int(other.split("#")[1])) == 4


def test_tool_with_attach_cost_may_lie_loose():
    """Clause tool: a tool with an attach cost may be played onto a site, loose; one
    without may not."""
    s = start("red", "blue")
    blade, plate = spawn(s, "wayfarers-blade", 0), spawn(s, "bulwark-plating", 0)
    s = mana(s, 0, "RRRR")
    assert f"play {blade} c3" in legal(s) and f"play {plate} c3" not in legal(s)
    s = play(s, f"play {blade} c3")
    assert where(s, blade) == "site:c3"


def test_tool_played_onto_a_creature_pays_its_attach_cost_too():
    """Clause tool: only tools without an attach cost attach as they come in; one
    with an attach cost played straight onto a creature pays both costs."""
    s = start("red", "blue")
    blade, plate = spawn(s, "wayfarers-blade", 0), spawn(s, "bulwark-plating", 0)
    brute = spawn(s, "ashen-brute", 0, "b1")
    s = mana(s, 0, "R")
    assert f"play {blade} {brute}" not in legal(s) and f"play {blade} b1" in legal(s)
    s = mana(s, 0, "R")
    assert f"play {blade} {brute}" in legal(s)
    s = play(s, f"play {blade} {brute}", "pass")
    assert sum(s.pool[0]) == 0
    s = mana(s, 0, "RR")
    assert f"play {plate} {brute}" in legal(s)


def test_idol_taps_the_turn_it_arrives():
    """Clause idol: idols sit beside the Region and may be tapped at once."""
    s = start("red", "blue")
    totem = spawn(s, "weathered-totem", 0)
    s = mana(s, 0, "2")
    s = play(s, f"play {totem}", "pass", f"tap {totem}")
    assert where(s, totem) == "idols:0" and s.life[0] == 21


def test_area_newest_rules_and_covered_one_goes():
    """Clause area: a new area of the same subtype wholly covering an old one removes
    it to the Graveyard; only partly covering, both stay and the newest rules."""
    s = start("red", "blue")
    a = spawn(s, "squall-line", 0)
    b = spawn(s, "squall-line", 0)
    s = mana(s, 0, "RRRR")
    s = play(s, f"play {a} row3", "pass", f"play {b} row3", "pass")
    assert where(s, a) == "graveyard:0" and where(s, b) == "areas"
    eel = spawn(s, "deepwater-eel", 1, "b3")
    from shrinetable.games.shrines.region import strength

    assert strength(s, int(eel.split("#")[1])) == 2


def test_trap_springs_on_an_entering_opposing_creature():
    """Clause trap: a face-down trap costs 3; an opposing creature entering its site
    springs it, and it goes to the Graveyard."""
    s = start("blue", "red")
    pit = spawn(s, "pitfall-snare", 1)
    brute = spawn(s, "ashen-brute", 0, "b1")
    s = to_act(s, "first")
    s = mana(s, 1, "3")
    s.turn, s.legal = 1, None
    ev = events(s, f"play {pit} b2")
    assert ev[0].seen_by(0).cards == (None,) and ev[0].seen_by(1).cards == (pit,)
    s = play(s, f"play {pit} b2")
    assert where(s, pit) == "traps:1"
    assert GAME.view(s, 0).zones["traps:1"].cards == (None,)
    s.turn, s.stage, s.legal = 0, "main", None
    s = to_act(s, "travel")
    s = play(s, f"travel {brute} b2", "next", "pass")
    assert where(s, brute) == "graveyard:0" and where(s, pit) == "graveyard:1"


def test_spell_resolves_then_graveyard():
    """Clause spell: a spell's effects resolve at once, then it is in the Graveyard."""
    s = start("purple", "red")
    siphon = spawn(s, "soul-siphon", 0)
    s = mana(s, 0, "PPP")
    s = play(s, f"cast {siphon}")
    assert s.life == [22, 18] and where(s, siphon) == "graveyard:0"


def test_spell_effects_destroy_and_banish_a_shrine_returns_marked():
    """Clause spell: the destroy and banish verbs; a banished Shrine goes back to its
    zone with time marks (clause shrine) and a destroyed one too."""
    from shrinetable.games.shrines import effects as fx
    from shrinetable.games.shrines.schema import Effect

    s = start("red", "purple")
    brute = spawn(s, "ashen-brute", 1, "a5")
    acolyte = spawn(s, "hollow-acolyte", 1, "b5")
    shrine = s.shrine[1].pop()
    s.perms[shrine] = fx.Perm(1, 13, 0)
    s.sites[13].append(shrine)
    fx.run(s, 0, (Effect(do="banish", target="creature"),), int(brute.split("#")[1]), 0, [])
    fx.run(s, 0, (Effect(do="banish", target="creature"),), shrine, 0, [])
    fx.run(s, 0, (Effect(do="destroy", target="creature"),), int(acolyte.split("#")[1]), 0, [])
    assert where(s, brute) == "banished:1" and where(s, acolyte) == "graveyard:1"
    assert s.shrine[1] == [shrine] and s.marks[1] == 5
    assert s.queue == (("draw", 1, "any"),)  # the Acolyte's Deathwish


def test_winning_at_zero_life():
    """Clause winning: a player brought to 0 life loses at once."""
    s = start("red", "blue")
    s.life[1] = 2
    s = cast(s, 0, "scorchbolt", "RRR", "p2 x=2")
    assert GAME.outcome(s).winners == (0,) and GAME.decision(s) is None
    assert GAME.legal_actions(s) == []


# --------------------------------------------------------------------------- keywords


def _fight(att_id: str, def_id: str, att_site="b4", def_site="b5", target="def", **kw):
    s = start("red", "blue")
    a = spawn(s, att_id, 0, att_site)
    d = spawn(s, def_id, 1, def_site, **kw)
    s = to_act(s, "combat")
    s = play(s, f"attack {a} {d if target == 'def' else target}", "next", "pass", "pass")
    return s, a, d


def test_armor_absorbs_the_next_instance():
    """Clause armor: the first damage to an Armored body is absorbed."""
    s, a, d = _fight("ashen-brute", "harbor-sentinel")
    s2 = start("red", "blue")
    golem = spawn(s2, "kiln-golem", 1, "b5")
    bolt = spawn(s2, "scorchbolt", 0)
    s2 = mana(s2, 0, "RRRRR")
    s2 = play(s2, f"cast {bolt} {golem} x=3", "pass")
    i = int(golem.split("#")[1])
    assert s2.perms[i].damage == 0 and s2.perms[i].armor_spent
    assert s


def test_bloodless_survives_combat_damage_not_a_spell_after():
    """Clause bloodless: combat damage alone never destroys it; non-combat damage
    with its resilience gone does."""
    s, a, d = _fight("ashen-brute", "barrow-walker")
    assert where(s, d) == "site:b5"
    s = cast(s, 0, "scorchbolt", "RR", f"{d} x=1")
    assert where(s, d) == "graveyard:1"


def test_cleave_hits_the_other_bodies_on_the_site():
    """Clause cleave: combat damage dealt is dealt again to every other body on
    that site (its own side's too: R28)."""
    s = start("red", "blue")
    w = spawn(s, "cindermaw-warlord", 0, "b4")
    d1 = spawn(s, "barrow-walker", 1, "b5")
    d2 = spawn(s, "deepwater-eel", 1, "b5")
    s = to_act(s, "combat")
    s = play(s, f"attack {w} {d2}", "next", "pass", "pass")
    assert where(s, d2) == "graveyard:1"
    assert s.perms[int(d1.split("#")[1])].damage == 5


def test_deathwish_triggers_when_destroyed():
    """Clause deathwish: a Deathwish creature destroyed resolves its effects."""
    s = start("blue", "purple")
    rev = spawn(s, "gravetide-revenant", 1, "b5")
    s.perms[int(rev.split("#")[1])].lethal = True
    s.perms[int(rev.split("#")[1])].damage = 9
    from shrinetable.games.shrines import effects as fx

    fx.deaths(s, [])
    assert s.life[0] == 17 and where(s, rev) == "graveyard:1"


def test_haste_travels_and_attacks_the_turn_it_arrives():
    """Clause haste: a Haste creature may travel and attack on arrival."""
    s = start("yellow", "red")
    scout = spawn(s, "sunfleet-scout", 0, "a1", entered=1)
    plain = spawn(s, "gilded-vanguard", 0, "b1", entered=1)
    s = to_act(s, "travel")
    names = legal(s)
    assert any(t.startswith(f"travel {scout}") for t in names)
    assert not any(t.startswith(f"travel {plain}") for t in names)


def test_flying_passes_ground_bodies_only_fliers_reach_lunge_fight_it():
    """Clause flying: a flier may move onto sites held by non-fliers; only Flying,
    Reach or Lunge creatures may attack or block it."""
    s = start("blue", "red")
    sk = spawn(s, "fogbank-skimmer", 0, "a3")
    spawn(s, "ashen-brute", 1, "a4")
    s = to_act(s, "travel")
    assert f"travel {sk} a4" in legal(s)
    s = start("red", "blue")
    brute = spawn(s, "ashen-brute", 0, "a4")
    sk = spawn(s, "fogbank-skimmer", 1, "a5")
    s = to_act(s, "combat")
    assert f"attack {brute} {sk}" not in legal(s)
    s = start("green", "blue")
    archer = spawn(s, "thornline-archer", 0, "a3")
    sk = spawn(s, "fogbank-skimmer", 1, "a5")
    s = to_act(s, "combat")
    assert f"attack {archer} {sk}" in legal(s)


def test_guard_takes_damage_meant_for_friends_on_its_site():
    """Clause guard: damage to another friendly body on a Guard's site goes to the
    Guard instead (R11)."""
    s = start("red", "blue")
    g = spawn(s, "harbor-sentinel", 1, "b5")
    eel = spawn(s, "deepwater-eel", 1, "b5")
    s = cast(s, 0, "scorchbolt", "RRR", f"{eel} x=2")
    assert s.perms[int(g.split("#")[1])].damage == 2
    assert s.perms[int(eel.split("#")[1])].damage == 0


def test_immoveable_stops_moving_onto_and_off_its_site():
    """Clause immoveable: no creature moves onto or off a site with an Immoveable
    permanent, Flying and Unstoppable ones included."""
    s = start("blue", "red")
    spawn(s, "tidewatch-tower", 0, "a2")
    eel = spawn(s, "deepwater-eel", 0, "a1")
    sk = spawn(s, "fogbank-skimmer", 0, "a2")
    s = to_act(s, "travel")
    assert not any(t.startswith(f"travel {eel}") or t.startswith(f"travel {sk}") for t in legal(s))


def test_lunge_hops_one_blocked_site_within_travel():
    """Clause lunge: with travel to spare a Lunge creature hops one site held by an
    opposing body onto a free site beyond."""
    s = start("yellow", "red")
    v = spawn(s, "brightlance-vaulter", 0, "a1")
    spawn(s, "ashen-brute", 1, "a2")
    s = to_act(s, "travel")
    assert f"travel {v} a3" in legal(s) and f"travel {v} a2" not in legal(s)


def test_protection_spent_by_the_first_opposing_effect():
    """Clause protection: the first opposing effect aimed at it does nothing but
    remove Protection; the next one lands."""
    s = start("red", "blue")
    orc = spawn(s, "mistral-oracle", 1, "b5")
    b1, b2 = spawn(s, "scorchbolt", 0), spawn(s, "scorchbolt", 0)
    s = mana(s, 0, "RRRRRR")
    s = play(s, f"cast {b1} {orc} x=2", "pass")
    i = int(orc.split("#")[1])
    assert s.perms[i].damage == 0
    s = play(s, f"cast {b2} {orc} x=2")
    assert s.perms[i].damage == 2


def test_range_adds_sites_of_attacking_range():
    """Clause range: Range (2) reaches three sites ahead of its own."""
    s = start("green", "blue")
    archer = spawn(s, "thornline-archer", 0, "b2")
    s = to_act(s, "combat")
    assert f"attack {archer} p2" not in legal(s)
    s = start("green", "blue")
    archer = spawn(s, "thornline-archer", 0, "b3")
    s = to_act(s, "combat")
    assert f"attack {archer} p2" in legal(s)


def test_reach_fights_fliers():
    """Clause reach: a Reach creature may block a flier."""
    s = start("blue", "green")
    sk = spawn(s, "fogbank-skimmer", 0, "a5")
    archer = spawn(s, "thornline-archer", 1, "a5")
    s = to_act(s, "combat")
    s = play(s, f"attack {sk} p2", "next")
    assert f"block {archer} {sk}" in legal(s)


def test_sprint_adds_sites_of_travel():
    """Clause sprint: Sprint (2) travels up to three sites."""
    s = start("yellow", "red")
    sk = spawn(s, "lantern-skirmisher", 0, "c1")
    s = to_act(s, "travel")
    assert {t.split()[-1] for t in legal(s) if t.startswith(f"travel {sk}")} == {"c2", "c3", "c4"}


def test_saddle_mount_on_arrival_and_by_paying_two():
    """Clause saddle: a Mount creature played onto a Saddle creature of ours joins it
    (its abilities combine, it counts once); later, 2 mana joins two neighbours;
    destroying the pair puts both cards in the Graveyard."""
    from shrinetable.games.shrines.region import bodies, kw

    s = start("green", "red")
    strider = spawn(s, "mossback-strider", 0, "b2")
    rider = spawn(s, "briar-outrider", 0)
    spawn(s, "thornline-archer", 0, "b2")
    s = mana(s, 0, "GG")
    assert f"play {rider} {strider}" in legal(s)
    s = play(s, f"play {rider} {strider}", f"stats {strider}", "pass")
    st = int(strider.split("#")[1])
    assert where(s, rider) == "site:b2" and len(bodies(s, 4)) == 2
    assert {"saddle", "mount"} <= set(kw(s, st))
    s = cast(s, 0, "scorchbolt", "RRRRR", f"{strider} x=4")
    assert where(s, strider) == "graveyard:0" and where(s, rider) == "graveyard:0"
    s = start("green", "red")
    a = spawn(s, "mossback-strider", 0, "b1")
    b = spawn(s, "briar-outrider", 0, "b2")
    far = spawn(s, "briar-outrider", 0, "c3")
    s = mana(s, 0, "GG")
    assert {f"mount {b} {a}", f"mount {a} {b}"} <= legal(s)
    assert f"mount {far} {a}" not in legal(s)
    s = play(s, f"mount {a} {b}")
    assert where(s, a) == "site:b2" and sum(s.pool[0]) == 0


def test_mounting_with_mana_keeps_the_movement_rules():
    """Clauses saddle, move and immoveable: the joining creature moves to the other's
    site, so it may not leave a site with an opposing body or an Immoveable one."""
    s = start("green", "red")
    rider = spawn(s, "briar-outrider", 0, "a1")
    saddle = spawn(s, "mossback-strider", 0, "b1")
    s = mana(s, 0, "GG")
    assert f"mount {rider} {saddle}" in legal(s)
    spawn(s, "tidewatch-tower", 0, "a1")  # our own Immoveable structure
    s.legal = None
    assert f"mount {rider} {saddle}" not in legal(s)
    assert "Immoveable" in refusal(s, f"mount {rider} {saddle}").reason
    s = start("green", "red")
    rider = spawn(s, "briar-outrider", 0, "a1")
    saddle = spawn(s, "mossback-strider", 0, "b1")
    spawn(s, "ashen-brute", 1, "a1")  # an opposing body on its site
    s = mana(s, 0, "GG")
    assert f"mount {rider} {saddle}" not in legal(s)
    spawn(s, "briar-outrider", 0, "b1")
    assert any(t.startswith("mount") and t.endswith(saddle) for t in legal(s))


def test_mounting_onto_a_trapped_site_springs_the_trap():
    """Clauses saddle and trap: joining a creature on another site, or being played
    straight onto one, enters that site, so an opposing trap there springs."""
    for paid in (True, False):
        s = start("green", "red")
        trap = spawn(s, "pitfall-snare", 1, "traps")
        s.trap_site[_num(trap)] = 4  # b2
        saddle = spawn(s, "mossback-strider", 0, "b2")
        rider = spawn(s, "briar-outrider", 0, "a2" if paid else "hand")
        s = mana(s, 0, "GG")
        s = play(s, f"mount {rider} {saddle}" if paid else f"play {rider} {saddle}")
        assert where(s, trap) == "graveyard:1", paid


def test_rush_refuses_mounting_on_arrival_beside_an_opposing_creature():
    """Clause modes (Rush): no creature is played onto a site holding an opposing
    creature, and mounting on arrival is being played there."""
    s = GAME.new_game(1, {"deck_p1": "green", "deck_p2": "red", "mode": "rush"})
    s = play(s, "keep", "keep")
    saddle = spawn(s, "mossback-strider", 0, "b1")
    rider = spawn(s, "briar-outrider", 0)
    s = mana(s, 0, "GG")
    assert f"play {rider} {saddle}" in legal(s)
    spawn(s, "ashen-brute", 1, "b1")
    s.legal = None
    assert f"play {rider} {saddle}" not in legal(s) and f"play {rider} b1" not in legal(s)


def test_r19_mounted_pair_keeps_the_kept_creatures_stats():
    """Ruling R19: the creature named second keeps its stats; the pair is new if
    either part is."""
    from shrinetable.games.shrines.region import resilience, strength

    s = start("green", "red")
    a = spawn(s, "mossback-strider", 0, "b1")
    b = spawn(s, "briar-outrider", 0, "b1", entered=1)
    s = mana(s, 0, "GG")
    s = play(s, f"mount {a} {b}")
    i = int(b.split("#")[1])
    assert (strength(s, i), resilience(s, i)) == (2, 1)
    assert s.perms[i].entered == 1


def test_stationary_never_travels_but_may_be_moved():
    """Clause stationary: no travel for it; a move effect still moves it."""
    s = start("blue", "purple")
    g = spawn(s, "harbor-sentinel", 0, "a1")
    s = to_act(s, "travel")
    assert not any(t.startswith(f"travel {g}") for t in legal(s))
    s2 = start("purple", "red")
    g = spawn(s2, "harbor-sentinel", 0, "a1")
    step = spawn(s2, "veil-step", 0)
    s2 = mana(s2, 0, "PP")
    s2 = play(s2, f"cast {step} {g}")
    assert where(s2, g) == "site:a3"


def test_stomp_excess_past_blockers_reaches_the_player():
    """Clause stomp: attacking a player, damage beyond the blockers' lethal goes
    through; without Stomp it stays on the blockers."""
    for card, life in (("ashen-brute", 19), ("kiln-golem", 20)):
        s = start("red", "purple")
        a = spawn(s, card, 0, "a5")
        b = spawn(s, "barrow-walker", 1, "a5")
        s = to_act(s, "combat")
        s = play(s, f"attack {a} p2", "next", f"block {b} {a}", "pass", "pass")
        assert s.life[1] == life, card


def test_quick_attack_strikes_first_and_not_again():
    """Clause quick-attack: a Quick Attack creature deals its damage before the
    others and takes none back from a creature it destroyed."""
    s = start("yellow", "blue")
    v = spawn(s, "gilded-vanguard", 0, "a4")
    foe = spawn(s, "fogbank-skimmer", 1, "a5", damage=1)
    s.perms[int(foe.split("#")[1])].status = frozenset({"ground"})
    s = to_act(s, "combat")
    s = play(s, f"attack {v} {foe}", "next", "pass", "pass")
    assert where(s, foe) == "graveyard:1"
    assert s.perms[int(v.split("#")[1])].damage == 0


def test_double_attack_strikes_in_both_steps():
    """Clause double-attack: a Double Attack creature deals its damage first and
    again in the regular step."""
    s, a, d = _fight("emberfang-raider", "harbor-sentinel")
    assert where(s, d) == "graveyard:1"


def test_unstoppable_moves_onto_opposing_sites():
    """Clause unstoppable: it travels onto and off sites with opposing bodies."""
    s = start("blue", "red")
    eel = spawn(s, "deepwater-eel", 0, "a1")
    spawn(s, "ashen-brute", 1, "a1")
    spawn(s, "ashen-brute", 1, "a2")
    s = to_act(s, "travel")
    assert f"travel {eel} a2" in legal(s)


# --------------------------------------------------------------------------- conditions


def test_freeze_no_tap_no_travel():
    """Clause freeze: a Frozen creature may neither travel nor attack (tap)."""
    s = start("red", "blue")
    b = spawn(s, "ashen-brute", 0, "b4", status=frozenset({"freeze"}))
    s = to_act(s, "travel")
    assert not any(t.startswith(f"travel {b}") for t in legal(s))
    s = to_act(s, "combat")
    assert not any(t.startswith(f"attack {b}") for t in legal(s))


def test_ground_loses_flying_and_cannot_be_moved():
    """Clause ground: a Grounded flier is stopped by ground bodies; move effects do
    not move it."""
    s = start("blue", "red")
    sk = spawn(s, "fogbank-skimmer", 0, "a3", status=frozenset({"ground"}))
    spawn(s, "ashen-brute", 1, "a4")
    s = to_act(s, "travel")
    assert f"travel {sk} a4" not in legal(s)


def test_poison_deals_no_combat_damage():
    """Clause poison: a Poisoned attacker deals 0 combat damage, and the log says why."""
    s = start("red", "blue")
    b = spawn(s, "ashen-brute", 0, "b5", status=frozenset({"poison"}))
    s = to_act(s, "combat")
    s = play(s, f"attack {b} p2", "next", "pass")
    assert any("Poisoned" in e.text for e in events(s, "pass"))
    s = play(s, "pass")
    assert s.life[1] == 20


def test_weaken_any_damage_destroys():
    """Clause weaken: any damage destroys a Weakened body."""
    s = start("red", "purple")
    hex_ = spawn(s, "hex-of-frailty", 1)
    eel = spawn(s, "kiln-golem", 0, "b2")
    s = mana(s, 1, "P")
    s = play(s, "next", f"cast {hex_} {eel}")
    bolt = spawn(s, "scorchbolt", 0)
    s = mana(s, 0, "RR")
    s.stage, s.legal = "main", None
    s = play(s, f"cast {bolt} {eel} x=1")  # Armor absorbs the first instance
    assert where(s, eel) == "site:b2"
    s = play(s, "pass")
    s = cast(s, 0, "scorchbolt", "RR", f"{eel} x=1")
    assert where(s, eel) == "graveyard:0"


def test_bounce_returns_to_the_owner_hand():
    """Clause bounce: the permanent goes back to its owner's hand."""
    s = start("blue", "red")
    u = spawn(s, "undertow", 0)
    brute = spawn(s, "ashen-brute", 1, "b5")
    s = mana(s, 0, "BB")
    s = play(s, f"cast {u} {brute}")
    assert where(s, brute) == "hand:1"


def test_summoning_a_new_creature_waits_a_turn_a_structure_does_not():
    """Clause summoning: a creature that entered this turn has no travel, attack or tap;
    with Haste it has them; a structure may tap at once."""
    s = start("green", "blue")
    tender = spawn(s, "grove-tender", 0, "b4", entered=1)
    raider = spawn(s, "riptide-ambusher", 0, "a5", entered=1)
    assert f"tap {tender}" not in legal(s)
    s = to_act(s, "combat")
    assert not any(t.startswith(f"attack {tender}") for t in legal(s))
    assert f"attack {raider} p2" in legal(s)


def test_swap_each_card_top_or_bottom_of_the_secondary():
    """Clause swap: Swap 3 places each of the top three Primary cards on top, or at the
    bottom of the Secondary Library as the text says, one at a time; then the spell's
    draw follows."""
    s = start("blue", "red")
    r = spawn(s, "read-the-shallows", 0)
    s = mana(s, 0, "B")
    top3 = [s.name(c) for c in reversed(s.primary[0][-3:])]
    sizes = len(s.primary[0]), len(s.secondary[0])
    s = play(s, f"cast {r}")
    assert who(s) == (0, "swap")
    assert legal(s) == {f"{k} {c}" for c in top3 for k in ("top", "bottom")}
    s = play(s, f"bottom {top3[0]}", f"top {top3[1]}", f"bottom {top3[2]}")
    assert [s.name(c) for c in s.secondary[0][:2]] == [top3[2], top3[0]]
    assert s.name(s.primary[0][-1]) == top3[1]
    assert (len(s.primary[0]), len(s.secondary[0])) == (sizes[0] - 2, sizes[1] + 2)
    assert who(s) == (0, "draw")


def test_r14_the_old_reading_is_an_option_off_by_default():
    """Ruling R14: with the option swap_same_library (off by default) a card sent to
    the bottom goes under the library it came from; the event shows the card to its
    owner only."""
    assert GAME.make_options({}).swap_same_library is False
    s = GAME.new_game(1, {"swap_same_library": True})
    s = play(s, *["keep"] * 2)
    r = spawn(s, "read-the-shallows", 0)
    s = mana(s, 0, "B")
    top = s.primary[0][-1]
    s = play(s, f"cast {r}")
    ev = events(s, f"bottom {s.name(top)}")
    s = play(s, f"bottom {s.name(top)}")
    assert s.primary[0][0] == top and top not in s.secondary[0]
    assert [e.visible_to for e in ev if e.kind == "bottom"] == [(0,)]


def test_a_swaps_bottom_button_names_the_library_it_goes_under():
    """Left from the sixth pass: "Put Weathered Totem at the bottom" did not say
    which library; the button names it as its zone is named (the Secondary, as
    the text says; the Primary under R14's old reading, for a Primary swap),
    and so does the question."""
    for options, under in (({}, "Secondary"), ({"swap_same_library": True}, "Primary")):
        s = GAME.new_game(1, options)
        s = play(s, *["keep"] * 2)
        r = spawn(s, "read-the-shallows", 0)
        s = mana(s, 0, "B")
        s = play(s, f"cast {r}")
        d = GAME.decision(s)
        card = s.name(s.primary[0][-1])
        name = GAME.present.readable(card)
        assert f"under the {under} Library" in d.prompt
        said = GAME.present.describe(f"bottom {card}", d.kind)
        assert said == f"Put {name} under the {under}"
        assert GAME.present.brief(f"bottom {card}", d.kind) == f"{name} under the {under}"
        assert GAME.present.describe(f"top {card}", d.kind) == f"Keep {name} on top"


# --------------------------------------------------------------------------- rulings


def test_r1_life_twenty():
    """Ruling R1: standard games start at 20 life."""
    assert GAME.new_game(1).life == [20, 20]


def test_r2_drawing_from_empty_libraries_loses():
    """Ruling R2: a player who must draw with both libraries empty loses."""
    s = start()
    s.primary[1].clear()
    s.secondary[1].clear()
    s = to_act(s, "final")
    s = play(s, "next", "pass", "draw primary")
    assert GAME.outcome(s).winners == (0,)


def test_priority_after_a_tap_ability_but_not_after_tapping_for_mana():
    """Clause priority: a tap ability that deals damage or gains life is an action
    the opponent may answer; tapping a source (or a creature) for mana is not."""
    s = start("purple", "blue")
    spire = spawn(s, "ossuary-spire", 0, "b1")
    totem = spawn(s, "weathered-totem", 0, "idols")
    s = play(s, f"tap {spire}")
    assert s.life[1] == 19 and who(s) == (1, "respond")
    s = play(s, "pass", f"tap {totem}")
    assert who(s) == (1, "respond")
    s = start("green", "blue")
    tender = spawn(s, "grove-tender", 0, "b1")
    s = play(s, f"tap {tender}")
    assert s.pool[0][3] == 1 and who(s) == (0, "main")


def test_priority_with_only_useless_mana_taps_is_idle():
    """Clause priority: answering needs something to answer with. With untapped
    sources but no burst spell or time mark they could pay for, the seat's choice
    is idle (the table passes for a person); with one affordable, it is not."""
    from shrinetable.games.shrines.rules import idle_priority

    s = start("red", "blue")
    font = spawn(s, "tidal-font", 1, "sources")
    undertow = spawn(s, "undertow", 1)  # 1B: two mana needed
    spawn(s, "ashen-brute", 0, "b1")
    card = spawn(s, "timber-palisade", 0)
    s = mana(s, 0, "2")
    s = play(s, f"play {card} a2")
    assert who(s) == (1, "respond") and f"tap {font}" in legal(s)
    assert idle_priority(s)
    spawn(s, "tidal-font", 1, "sources")
    s.legal = None
    assert not idle_priority(s)  # two sources pay for Undertow
    s.hands[1].remove(_num(undertow))
    s.legal = None
    assert idle_priority(s)
    totem = spawn(s, "weathered-totem", 1, "idols")  # a tap ability is no answer here
    s.legal = None
    assert f"tap {totem}" in legal(s) and idle_priority(s)


def test_refusals_name_the_cost_before_the_place():
    """Clauses cost and spell: with too little mana the refusal says what the card
    costs and what the pool holds; a spell with no such target says so."""
    s = start("green", "blue")
    wall = spawn(s, "timber-palisade", 0)
    err = refusal(s, f"play {wall} a2")
    assert err.ruling == "cost" and "costs 2" in err.reason and "holds nothing" in err.reason
    lash = spawn(s, "rime-lash", 0)
    s = mana(s, 0, "B")
    err = refusal(s, f"cast {lash} b3")
    assert err.ruling == "spell" and "cannot be aimed at b3" in err.reason


def test_r3_burst_answer_hands_priority_back():
    """Ruling R3: after a burst answer to an act pass, the active player passes the
    act again."""
    s = start("red", "blue")
    lash = spawn(s, "rime-lash", 1)
    b = spawn(s, "ashen-brute", 0, "b1")
    s = mana(s, 1, "B")
    s = play(s, "next", f"cast {lash} {b}")
    assert who(s) == (0, "main") and s.act == "first"


def test_r4_a_spell_while_blocking_gives_the_attacker_priority():
    """Ruling R4: (clause priority) a burst spell the defender casts while declaring
    blocks gives the attacker priority; the attacker's answer, or pass, hands it back
    to the defender, still declaring blocks."""
    s = start("red", "blue")
    a = spawn(s, "ashen-brute", 0, "b5")
    a2 = spawn(s, "ashen-brute", 0, "c5")
    eel = spawn(s, "deepwater-eel", 1, "c5")
    lash = spawn(s, "rime-lash", 1)
    bolt = spawn(s, "scorchbolt", 0)
    s = to_act(s, "combat")
    s = mana(s, 1, "B")
    s = mana(s, 0, "RR")
    s = play(s, f"attack {a} p2", f"attack {a2} p2", "next", f"cast {lash} {a}")
    assert who(s) == (0, "block-answer")
    answered = play(s, f"cast {bolt} {eel} x=1")  # the attacker answers the trick
    assert who(answered) == (1, "block") and f"block {eel} {a2}" in legal(answered)
    s = play(s, "pass")
    assert who(s) == (1, "block") and f"block {eel} {a2}" in legal(s)


def test_r24_the_attacker_gets_priority_before_damage():
    """Ruling R24: (clause priority) once the defender is done blocking, the attacker
    gets priority; an answer gives the defender priority, and damage is dealt only
    when the attacker passes."""
    s = start("red", "blue")
    a = spawn(s, "ashen-brute", 0, "b5")
    d = spawn(s, "mossback-strider", 1, "b5")  # 2/4 against the 3/2 Brute
    rally = spawn(s, "rally-the-bright", 0)
    s = to_act(s, "combat")
    s = mana(s, 0, "Y")
    s = play(s, f"attack {a} p2", "next", f"block {d} {a}", "pass")
    assert who(s) == (0, "damage") and where(s, d) == "site:b5"
    s = play(s, f"cast {rally} {a}")  # a combat trick: +1/+1
    assert who(s) == (1, "damage-answer")
    s = play(s, "pass")
    assert who(s) == (0, "damage")
    s = play(s, "pass")
    assert where(s, d) == "graveyard:1" and where(s, a) == "site:b5"
    assert s.life[1] == 20


def test_r5_travel_goes_as_far_as_it_can():
    """Ruling R5: a traveller whose way is blocked after declaring stops short."""
    s = start("yellow", "red")
    sk = spawn(s, "lantern-skirmisher", 0, "c1")
    s = to_act(s, "travel")
    s = play(s, f"travel {sk} c4", "next")
    spawn(s, "ashen-brute", 1, "c3")
    s = play(s, "pass")
    assert where(s, sk) == "site:c2"


def test_r31_a_bounced_traveller_s_declared_travel_ends():
    """Ruling R31: a creature bounced after declaring travel does not travel, and
    the position stays whole (the view once raised KeyError here)."""
    s = start("blue", "red")
    sk = spawn(s, "fogbank-skimmer", 0, "b1")
    u = spawn(s, "undertow", 0)
    s = to_act(s, "travel")
    s = play(s, f"travel {sk} b2")
    s = mana(s, 0, "BB")
    s = play(s, f"cast {u} {sk}")
    assert where(s, sk) == "hand:0" and s.travels == ()
    assert GAME.view(s, 0).info["declared"] == []
    s = play(s, "pass", "next", "pass")
    assert s.act == "combat" and where(s, sk) == "hand:0"


def test_r6_one_target_for_every_effect():
    """Ruling R6: a spell's listed targets are its first choosing effect's."""
    s = start("purple", "red")
    spawn(s, "ashen-brute", 1, "a5")
    step = spawn(s, "veil-step", 0)
    s = mana(s, 0, "PP")
    assert not any(t.startswith(f"cast {step}") for t in legal(s))  # no own creature


def _issue_pool():
    """B, B, R, G in p1's pool; a 2R Brute, a G Grove Tender and the 3BB Shrine waiting."""
    s = start("blue", "red")
    brute, tender = spawn(s, "ashen-brute", 0), spawn(s, "grove-tender", 0)
    return mana(s, 0, "BBRG"), brute, tender


def test_r7_the_player_chooses_the_payment_the_proposal_comes_first():
    """Ruling R7: with several ways to pay, each is a legal move carrying its payment;
    the proposal, first, keeps the most of the player's other cards affordable."""
    s, brute, tender = _issue_pool()
    plays = [a.text for a in GAME.legal_actions(s) if a.text.startswith(f"play {brute} a1")]
    assert plays == [f"play {brute} a1 pay=BBR", f"play {brute} a1 pay=BRG"]
    s = play(s, f"play {brute} a1 pay=BBR", "pass")
    assert s.pool[0] == [0, 0, 0, 1, 0] and f"play {tender} a1" in legal(s)


def test_r7_another_payment_is_honoured():
    """Ruling R7: the player may pay otherwise; nothing chooses for them."""
    s, brute, tender = _issue_pool()
    s = play(s, f"play {brute} a1 pay=BRG", "pass")
    assert s.pool[0] == [1, 0, 0, 0, 0] and not any(
        t.startswith(f"play {tender}") for t in legal(s)
    )


def test_r7_an_unnamed_payment_is_refused_with_the_ways_to_pay():
    """Ruling R7: when several payments exist, a move naming none is refused, and the
    refusal gives the ways, the proposal first."""
    s, brute, _ = _issue_pool()
    r = refusal(s, f"play {brute} a1")
    assert r.ruling == "R7" and "pay=BBR" in r.reason and "pay=BRG" in r.reason
    r = refusal(s, f"play {brute} a1 pay=GGR")
    assert r.ruling == "R7" and "pay=BBR or pay=BRG" in r.reason


def test_r7_one_way_to_pay_needs_no_payment_named():
    """Ruling R7: a cost the pool can pay in one way only is written without pay=."""
    s = start("blue", "red")
    brute = spawn(s, "ashen-brute", 0)
    s = mana(s, 0, "RRR")
    assert f"play {brute} a1" in legal(s)
    assert not any("pay=" in t for t in legal(s))


def test_r7_the_computer_pays_as_proposed():
    """Ruling R7: the computer player takes the proposal."""
    import random

    from shrinetable.games.shrines.ai import choose

    s, brute, _ = _issue_pool()
    kept = rules.proposed(GAME.legal_actions(s))
    assert [a.text for a in kept if a.card == brute and a.target == "a1"] == [
        f"play {brute} a1 pay=BBR"
    ]
    assert choose(s, random.Random(0)) in kept


def test_r8_combat_is_mutual():
    """Ruling R8: a creature attacked deals its strength back to the attacker."""
    s, a, d = _fight("ashen-brute", "deepwater-eel")
    assert where(s, a) == "graveyard:0" and where(s, d) == "graveyard:1"


def test_r9_tool_on_the_opponents_half_goes_to_the_graveyard():
    """Ruling R9: a carried tool whose creature leaves on the opponent's melee or
    range rows goes to the Graveyard."""
    s = start("red", "blue")
    brute = spawn(s, "ashen-brute", 0, "b4")
    blade = spawn(s, "wayfarers-blade", 0)
    s = mana(s, 0, "RRRRR")
    s = play(s, f"play {blade} {brute}", "pass")
    bolt = spawn(s, "scorchbolt", 0)
    s = play(s, f"cast {bolt} {brute} x=2")
    assert where(s, blade) == "graveyard:0"


def test_r10_site_limit_tie_mover_sacrifices():
    """Ruling R10: with a tie for most cards (a sixth arriving where five stand),
    the player who brought it sacrifices."""
    s = start("red", "blue")
    for _ in range(2):
        spawn(s, "ashen-brute", 0, "a1")
    for _ in range(3):
        spawn(s, "harbor-sentinel", 1, "a1")
    b = spawn(s, "ashen-brute", 0)
    s = mana(s, 0, "RRR")
    s = play(s, f"play {b} a1")
    assert who(s) == (0, "sacrifice")


def test_r11_guard_is_a_standing_choice():
    """Ruling R11: a Guard guards from the start, combat damage included; its
    controller may switch it off while blocking (and in their own turn), and the
    damage then lands where it was aimed. Switching gives no priority."""
    s = start("red", "blue")
    a = spawn(s, "ashen-brute", 0, "b4")
    g = spawn(s, "harbor-sentinel", 1, "b5")
    eel = spawn(s, "fogbank-skimmer", 1, "b5", status=frozenset({"ground"}))
    s = to_act(s, "combat")
    s = play(s, f"attack {a} {eel}", "next")
    assert f"unguard {g}" in legal(s) and who(s) == (1, "block")
    guarded = play(s, "pass", "pass")
    assert where(guarded, eel) == "site:b5"
    assert guarded.perms[int(g.split("#")[1])].damage == 3
    s = play(s, f"unguard {g}")
    assert who(s) == (1, "block") and f"guard {g}" not in legal(s)  # once a turn
    assert GAME.view(s, 0).info["cards"][g]["status"] == ["unguarded"]
    s = play(s, "pass", "pass")
    assert where(s, eel) == "graveyard:1" and s.perms[int(g.split("#")[1])].damage == 0
    assert f"unguard {g}" not in legal(s)  # not the opponent's to switch


def test_r12_move_goes_as_far_as_it_can():
    """Ruling R12: Veil Step stops at the last free site on the way."""
    s = start("purple", "red")
    w = spawn(s, "barrow-walker", 0, "a1")
    spawn(s, "ashen-brute", 1, "a3")
    s = cast(s, 0, "veil-step", "PP", w)
    assert where(s, w) == "site:a2"


def test_r13_conditions_last_while_on_the_region():
    """Ruling R13: a Freeze outlasts the turn."""
    s = start("red", "blue")
    b = spawn(s, "ashen-brute", 0, "b1", status=frozenset({"freeze"}))
    for _ in range(2):
        s = to_act(s, "final")
        s = play(s, "next", "pass")
        while who(s)[1] == "draw":
            s = play(s, "draw primary")
    i = int(b.split("#")[1])
    assert "freeze" in s.perms[i].status


def test_r14_swap_reorders_last_placed_on_top():
    """Ruling R14: the cards put on top end in the reverse order of placing."""
    s = start("blue", "red")
    r = spawn(s, "read-the-shallows", 0)
    s = mana(s, 0, "B")
    before = s.primary[0][-3:]  # bottom-to-top: x, y, z (z on top)
    s = play(s, f"cast {r}")
    for c in before:  # place x, then y, then z: z ends on top again
        s = play(s, f"top {s.name(c)}")
    assert s.primary[0][-3:] == before
    s2 = start("blue", "red")
    r = spawn(s2, "read-the-shallows", 0)
    s2 = mana(s2, 0, "B")
    before = s2.primary[0][-3:]
    s2 = play(s2, f"cast {r}")
    for c in reversed(before):
        s2 = play(s2, f"top {s2.name(c)}")
    assert s2.primary[0][-3:] == before[::-1]


def test_r15_tapped_creatures_neither_attack_nor_block():
    """Ruling R15: a tapped creature may not block."""
    s = start("red", "blue")
    a = spawn(s, "ashen-brute", 0, "b5")
    d = spawn(s, "harbor-sentinel", 1, "b5")
    s.tapped.add(int(d.split("#")[1]))
    s = to_act(s, "combat")
    s = play(s, f"attack {a} p2", "next")
    assert f"block {d} {a}" not in legal(s)


def test_r16_colourless_cards_fit_any_deck():
    """Ruling R16: the colourless Timber Palisade sits in all five decks."""
    from shrinetable.games.shrines.cards import starter

    decks = starter()[1]
    assert all("timber-palisade" in d.primary for d in decks)


def test_modes_rush_king_imperial_conquest():
    """Clause modes: Rush keeps creatures off sites with opposing creatures (not
    fliers); King of the Hill has no life and scores the neutral row; Conquest starts
    at 15 and scores into life."""
    s = GAME.new_game(1, {"mode": "rush"})
    s = play(s, "keep", "keep")
    brute, sk = spawn(s, "harbor-sentinel", 0), spawn(s, "fogbank-skimmer", 0)
    spawn(s, "ashen-brute", 1, "a1")
    s = mana(s, 0, "BBBB")
    assert f"play {brute} a1" not in legal(s) and f"play {brute} b1" in legal(s)
    assert f"play {sk} a1" in legal(s)
    s = GAME.new_game(1, {"mode": "king"})
    s = play(s, "keep", "keep")
    spawn(s, "ancient-colossus", 0, "b3")
    spawn(s, "timber-palisade", 0, "c3")
    bolt = spawn(s, "scorchbolt", 0)
    s = mana(s, 0, "RRR")
    s = play(s, f"cast {bolt} p2 x=2", "pass")
    assert s.life == [20, 20]
    s = to_act(s, "final")
    s = play(s, "next", "pass", "draw primary")
    assert s.points[0] == 3
    s.points[1] = 19
    spawn(s, "timber-palisade", 1, "a3")
    s.legal = None
    s = play(s, "draw primary")
    s = to_act(s, "final")
    s = play(s, "next", "pass")
    assert GAME.outcome(s).winners == (1,)
    s = GAME.new_game(1, {"mode": "conquest"})
    assert s.life == [15, 15]


def test_r17_hill_points_by_larger_stat():
    """Ruling R17: 4/4 scores 1, 5/4 scores 2, 10/5 scores 3 (here a 7/7 scores 2)."""
    from shrinetable.games.shrines.rules import hill_points

    s = start()
    spawn(s, "ancient-colossus", 0, "a3")
    spawn(s, "ashen-brute", 0, "b3")
    assert hill_points(s, 0) == 3 and hill_points(s, 1) == 0


def test_r18_conquest_scores_into_life():
    """Ruling R18: in Conquest the neutral row's points add to life; 30 wins."""
    s = GAME.new_game(2, {"mode": "conquest", "deck_p1": "red"})
    s = play(s, "keep", "keep")
    s.life[0] = 29
    spawn(s, "ashen-brute", 0, "b3")
    s = to_act(s, "final")
    s = play(s, "next", "pass", "draw primary")
    assert s.life[0] == 30 and GAME.outcome(s).winners == (0,)


def test_decision_only_the_deciding_player_and_refusals_name_an_id():
    """Clause decision: actions out of turn are refused with a clause or ruling id."""
    s = start()
    r = refusal(s, "pass")
    assert r.reason and r.ruling in rulings.ALL
    r = refusal(s, "block a#1 b#2")
    assert r.ruling in rulings.ALL
    assert events(s, "next")


def test_every_clause_and_ruling_has_a_test():
    """Every id in rulings.ALL is cited by a test docstring here."""
    module = sys.modules[__name__]
    cited = set()
    for name in dir(module):
        fn = getattr(module, name)
        if name.startswith("test_") and fn.__doc__:
            m = re.match(r"\s*(?:Clause|Ruling) ([\w-]+):", fn.__doc__)
            if m:
                cited.add(m.group(1))
    assert set(rulings.ALL) <= cited, sorted(set(rulings.ALL) - cited)
    assert parse("next").text == "next"


def test_saddle_stats_chosen_on_arrival():
    """Clause saddle (R19): after mounting on arrival the player chooses whose strength
    and resilience the pair has; choosing the newcomer makes it the body on the site."""
    from shrinetable.games.shrines.region import bodies, kw, resilience, strength

    s = start("green", "red")
    strider = spawn(s, "mossback-strider", 0, "b2")
    rider = spawn(s, "briar-outrider", 0)
    s = mana(s, 0, "GG")
    s = play(s, f"play {rider} {strider}")
    assert who(s) == (0, "stats")
    assert legal(s) == {f"stats {strider}", f"stats {rider}"}
    g = GAME.gesture(s, parse(f"stats {rider}"))
    assert (g.cards, g.source, g.target) == ((rider,), "site:b2", None)
    s = play(s, f"stats {rider}")
    r = int(rider.split("#")[1])
    assert bodies(s, 4) == [r] and (strength(s, r), resilience(s, r)) == (2, 1)
    assert {"saddle", "mount"} <= set(kw(s, r))
    assert GAME.view(s, 1).info["cards"][strider]["attached_to"] == rider
    assert who(s) == (1, "respond")


def test_r22_pair_keeps_damage_and_tapped_of_both_parts():
    """Ruling R22: joining does not heal or untap: the pair carries the damage of
    both parts and is tapped if either was."""
    s = start("green", "red")
    a = spawn(s, "mossback-strider", 0, "b1", damage=1)
    b = spawn(s, "briar-outrider", 0, "b1")
    s.tapped.add(int(a.split("#")[1]))
    s = mana(s, 0, "GG")
    s2 = play(s, f"mount {b} {a}")  # the pair is a 2/4 with 1 damage
    i = int(a.split("#")[1])
    assert s2.perms[i].damage == 1 and i in s2.tapped
    s = play(s, f"mount {a} {b}")  # as a 2/1, 1 damage destroys the pair
    assert where(s, b) == "graveyard:0" and where(s, a) == "graveyard:0"


def test_r20_dig_passes_under_held_sites_and_stops_only_on_free_ones():
    """Ruling R20: Dig passes under a site held by an opposing body, one site of travel
    each, and stops only on a free site; Immoveable still stops it; Ground removes it."""
    s = start("yellow", "red")
    run = spawn(s, "tunnel-runner", 0, "b2")  # Dig, Sprint: two sites
    spawn(s, "ashen-brute", 1, "b3")
    s = to_act(s, "travel")
    assert {t for t in legal(s) if t.startswith(f"travel {run}")} == {f"travel {run} b4"}
    s = play(s, f"travel {run} b4", "next", "pass")
    assert where(s, run) == "site:b4"
    s2 = start("yellow", "red")
    run = spawn(s2, "tunnel-runner", 0, "b2", status=frozenset({"ground"}))
    spawn(s2, "ashen-brute", 1, "b3")
    s2 = to_act(s2, "travel")
    assert not any(t.startswith(f"travel {run}") for t in legal(s2))


def test_dig_leaves_a_held_site_but_not_an_immoveable_one():
    """Clause dig: a digger may leave a site that opposing bodies hold, but nothing
    moves off or onto an Immoveable site."""
    s = start("yellow", "blue")
    run = spawn(s, "tunnel-runner", 0, "b3")
    spawn(s, "deepwater-eel", 1, "b3")
    s = to_act(s, "travel")
    assert f"travel {run} b4" in legal(s)
    s2 = start("yellow", "blue")
    run = spawn(s2, "tunnel-runner", 0, "b2")
    spawn(s2, "tidewatch-tower", 1, "b3")
    s2 = to_act(s2, "travel")
    assert not any(t.startswith(f"travel {run}") for t in legal(s2))


def test_r32_control_changes_ownership_does_not():
    """Ruling R32: Siren's Bargain takes control of an opposing creature, which may
    attack at once; bounced, it goes to its owner's hand."""
    s = start("blue", "red")
    bargain, under = spawn(s, "sirens-bargain", 0), spawn(s, "undertow", 0)
    brute = spawn(s, "ashen-brute", 1, "b5")
    s = mana(s, 0, "BBBBB")
    s = play(s, f"cast {bargain} {brute}", "pass")
    assert GAME.view(s, 0).info["cards"][brute]["ctrl"] == 0
    s = to_act(s, "combat")
    assert f"attack {brute} p2" in legal(s)
    s = to_act(s, "final")
    s = mana(s, 0, "BB")
    s = play(s, f"cast {under} {brute}")
    assert where(s, brute) == "hand:1"


def test_r33_a_structure_s_boost_for_the_turn_takes_damage_first():
    """Ruling R33: a structure boosted until end of turn loses the boost to damage
    before any is marked; the boost ends with the turn; a creature gets both parts."""
    s = start("yellow", "red")
    surge, surge2 = spawn(s, "rampart-surge", 0), spawn(s, "rampart-surge", 0)
    wall = spawn(s, "timber-palisade", 0, "b2")  # 0/4
    scout = spawn(s, "sunfleet-scout", 0, "a1")  # 1/1
    bolt = spawn(s, "scorchbolt", 1)
    s = mana(s, 0, "YY")
    s = play(s, f"cast {surge} {wall}")
    info = GAME.view(s, 0).info["cards"]
    assert (info[wall]["strength"], info[wall]["resilience"]) == (0, 6)
    s = mana(s, 1, "RRRR")
    s = play(s, f"cast {bolt} {wall} x=3")
    assert GAME.view(s, 0).info["cards"][wall]["damage"] == 1
    s = play(s, f"cast {surge2} {scout}", "pass")
    info = GAME.view(s, 0).info["cards"]
    assert (info[scout]["strength"], info[scout]["resilience"]) == (2, 3)
    s = to_act(s, "final")
    s = play(s, "next", "pass", "draw primary")
    info = GAME.view(s, 0).info["cards"]
    assert (info[wall]["resilience"], info[wall]["damage"]) == (4, 1)
    assert info[scout]["resilience"] == 1


def test_r6_two_instances_of_targeting_through_protection():
    """Ruling R6: Twin Sparks aims 1 damage at its one target two times; Protection
    stops the first instance only."""
    s = start("red", "blue")
    sparks = spawn(s, "twin-sparks", 0)
    oracle = spawn(s, "mistral-oracle", 1, "b5")  # 3/5, Protection
    s = mana(s, 0, "RR")
    s = play(s, f"cast {sparks} {oracle}")
    card = GAME.view(s, 0).info["cards"][oracle]
    assert card["damage"] == 1 and "protection" not in card["status"]


def test_a_new_trap_covers_an_older_one_on_its_site():
    """Clauses trap and area: a trap is an area of its own kind covering one site,
    so a newer trap there removes the older one, whoever set it."""
    s = start("blue", "red")
    pit, net, other = (
        spawn(s, "pitfall-snare", 0),
        spawn(s, "tangle-net", 0),
        spawn(s, "pitfall-snare", 0),
    )
    s = mana(s, 0, "9")
    s = play(s, f"play {pit} b3", "pass", f"play {other} c3", "pass", f"play {net} b3", "pass")
    assert where(s, pit) == "graveyard:0"
    assert where(s, net) == "traps:0" and where(s, other) == "traps:0"


def test_r21_a_trap_during_travel_gives_priority_after_travel():
    """Ruling R21: a trap springing on a traveller resolves at once; after travel the
    travelling player holds priority (no new travel), then the opponent, then Combat."""
    s = start("red", "purple")
    brute = spawn(s, "ashen-brute", 0, "a1")
    trap = spawn(s, "tangle-net", 1, "traps")
    s.trap_site[int(trap.split("#")[1])] = 3  # a2
    s = to_act(s, "travel")
    s = play(s, f"travel {brute} a2", "next", "pass")
    assert where(s, trap) == "graveyard:1"
    assert (s.act, who(s)) == ("travel", (0, "main"))
    assert not any(t.startswith("travel") for t in legal(s))
    s = play(s, "next")
    assert who(s) == (1, "respond")
    s = play(s, "pass")
    assert (s.act, who(s)) == ("combat", (0, "main"))


def test_r21_travel_without_triggers_goes_straight_to_combat():
    """Ruling R21: with no trap sprung, Combat begins as soon as travel is over."""
    s = start("red", "blue")
    brute = spawn(s, "ashen-brute", 0, "a1")
    s = to_act(s, "travel")
    s = play(s, f"travel {brute} a2", "next", "pass")
    assert (s.act, who(s)) == ("combat", (0, "main")) and where(s, brute) == "site:a2"


def test_r23_a_single_blocker_takes_the_damage_without_a_choice():
    """Ruling R23: with one blocker there is nothing to assign: it takes the damage
    (and Stomp's excess goes on to the player)."""
    s = start("red", "blue")
    war = spawn(s, "cindermaw-warlord", 0, "a5")
    y = spawn(s, "harbor-sentinel", 1, "a5")
    s = to_act(s, "combat")
    s = play(s, f"attack {war} p2", "next", f"block {y} {war}", "pass", "pass")
    assert s.act == "final" and where(s, y) == "graveyard:1" and s.life[1] == 19


def test_r23_assignment_closest_first_then_free():
    """Ruling R23: a farther blocker gets damage only after every closer blocker has
    lethal damage; then the rest may go to either; without excess, no player share."""
    s = start("red", "blue")
    brute = spawn(s, "ashen-brute", 0, "a4")
    near = spawn(s, "fogbank-skimmer", 1, "a4")
    far = spawn(s, "fogbank-skimmer", 1, "a5")
    wall = spawn(s, "timber-palisade", 1, "a5")
    s = to_act(s, "combat")
    s = play(
        s,
        f"attack {brute} {wall}",
        "next",
        f"block {near} {brute}",
        f"block {far} {brute}",
        "pass",
        "pass",
    )
    assert who(s) == (0, "assign")
    assert legal(s) == {f"assign {near} {n}" for n in (1, 2, 3)}
    assert GAME.legal_actions(s)[0].text == f"assign {near} 2"  # lethal share first
    s = play(s, f"assign {near} 2")
    assert legal(s) == {f"assign {near} 1", f"assign {far} 1"}
    s = play(s, f"assign {far} 1")
    assert s.act == "final" and where(s, near) == "graveyard:1"
    assert where(s, far) == "site:a5" and s.life[1] == 20


def test_r23_stomp_excess_to_the_player_once_every_blocker_has_lethal():
    """Ruling R23 with clause stomp: once each blocker has lethal damage, the attacker
    may give the rest to the player it attacked (a click on that player's zone)."""
    s = start("red", "blue")
    war = spawn(s, "cindermaw-warlord", 0, "a5")
    x = spawn(s, "fogbank-skimmer", 1, "a5")
    y = spawn(s, "fogbank-skimmer", 1, "a5")
    s = to_act(s, "combat")
    s = play(s, f"attack {war} p2", "next", f"block {x} {war}", f"block {y} {war}", "pass", "pass")
    assert not any("p2" in t for t in legal(s))
    s = play(s, f"assign {x} 2", f"assign {y} 2")
    assert legal(s) == {f"assign {x} 1", f"assign {y} 1", "assign p2 1"}
    g = GAME.gesture(s, parse("assign p2 1"))
    assert (g.cards, g.source, g.target) == ((), "player:1", None)
    s = play(s, "assign p2 1")
    assert s.life[1] == 19 and where(s, x) == "graveyard:1" and where(s, y) == "graveyard:1"


def _num(card: str) -> int:
    return int(card.split("#")[1])


def test_bloodless_spell_damage_first_does_not_let_combat_destroy_it():
    """Ruling R25: combat damage never destroys a Bloodless creature, even after
    earlier non-combat damage; only non-combat damage can finish it."""
    s = start("red", "purple")
    bw = spawn(s, "barrow-walker", 1, "b2")
    brute = spawn(s, "ashen-brute", 0, "b1")
    bolt = spawn(s, "scorchbolt", 0)
    s = mana(s, 0, "RR")
    s = play(s, f"cast {bolt} {bw} x=1", "pass")
    s = to_act(s, "combat")
    s = play(s, f"attack {brute} {bw}", "next", "pass", "pass")
    assert where(s, bw) == "site:b2" and s.perms[_num(bw)].damage == 4


def test_area_aura_touches_creatures_not_structures():
    """Ruling R26: Rimefall freezes opposing creatures on its pathway, as its text
    says; an opposing structure there keeps its tap ability (clauses area, freeze)."""
    s = start("purple", "blue")
    spire = spawn(s, "ossuary-spire", 0, "b2")
    brute = spawn(s, "ashen-brute", 0, "b2")
    rime = spawn(s, "rimefall", 1)
    s.hands[1].remove(_num(rime))
    s.areas.append(_num(rime))
    s.area_at[_num(rime)] = ("pathway", 1)
    assert "freeze" in status(s, _num(brute))
    assert "freeze" not in status(s, _num(spire))
    assert f"tap {spire}" in legal(s)


def test_lunge_hops_a_blocked_site_when_moved_by_an_effect():
    """Ruling R27: moving includes effect moves, so Veil Step (up to two sites) hops
    a Lunge creature over an opposing body; without Lunge it stays (clause lunge)."""
    for card, lands in (("brightlance-vaulter", "site:b4"), ("gilded-vanguard", "site:b2")):
        s = start("purple", "red")
        c = spawn(s, card, 0, "b2")
        spawn(s, "kiln-golem", 1, "b3")
        step = spawn(s, "veil-step", 0)
        s = mana(s, 0, "PP")
        s = play(s, f"cast {step} {c}")
        assert where(s, c) == lands


def _damage(s, card: str) -> int:
    return s.perms[int(card.split("#")[1])].damage


def test_cleave_hits_every_other_body_on_the_site_its_own_side_too():
    """Ruling R28: the damage is dealt again to every other creature and structure
    on the damaged site, its controller's own included; the Cleave creature itself
    and a loose tool (no body) take none of it."""
    s = start("red", "blue")
    eel = spawn(s, "deepwater-eel", 1, "b1")  # p2's, on p1's melee row
    walker = spawn(s, "barrow-walker", 1, "b1")  # Bloodless: keeps its damage
    wall = spawn(s, "timber-palisade", 0, "b1")  # p1's own structure, resilience 4
    war = spawn(s, "cindermaw-warlord", 0, "b1")  # 5/5 Stomp, Cleave
    blade = spawn(s, "wayfarers-blade", 0, "b1")  # a tool lying loose on the site
    s = to_act(s, "combat")
    s = play(s, f"attack {war} {eel}", "next", "pass", "pass")
    assert where(s, eel) == "graveyard:1" and _damage(s, walker) == 5
    assert where(s, wall) == "graveyard:0"
    assert _damage(s, war) == 3  # the eel's strike back only
    assert where(s, blade) == "site:b1"


def test_quick_step_double_attack_blocker_strikes_first():
    """Ruling R29: a Double Attack blocker strikes in the quick step, so an
    attacker it destroys there deals no damage."""
    s = start("red", "red")
    brute = spawn(s, "ashen-brute", 0, "b3")  # 3/2
    golem = spawn(s, "kiln-golem", 1, "b4")
    raider = spawn(s, "emberfang-raider", 1, "b4")  # 2/2 Double Attack
    s = to_act(s, "combat")
    s = play(s, f"attack {brute} {golem}", "next", f"block {raider} {brute}", "pass", "pass")
    assert where(s, brute) == "graveyard:0"
    assert where(s, raider) == "site:b4" and _damage(s, raider) == 0


def test_quick_step_quick_attack_blocker_strikes_once_only():
    """Clause quick-attack (R29): a Quick Attack blocker deals its damage in the quick step,
    before the attacker's, and none in the regular step."""
    s = start("blue", "yellow")
    eel = spawn(s, "deepwater-eel", 0, "b3")  # 3/3
    tower = spawn(s, "tidewatch-tower", 1, "b4")
    van = spawn(s, "gilded-vanguard", 1, "b4")  # 1/2 Quick Attack
    s = to_act(s, "combat")
    s = play(s, f"attack {eel} {tower}", "next", f"block {van} {eel}", "pass")
    hits = [e.text for e in events(s, "pass") if e.kind == "damage"]
    assert hits == [
        f"{eel} takes 1 damage, 1 against resilience 3",
        f"{van} takes 3 damage, 3 against resilience 2",
    ]


def test_quick_step_targeted_creature_strikes_first():
    """Clause double-attack (R29): a targeted creature with Quick or Double
    Attack strikes back in the quick step, so an attacker it destroys there deals
    nothing."""
    for striker in ("gilded-vanguard", "emberfang-raider"):
        s = start("yellow", "red")
        scout = spawn(s, "sunfleet-scout", 0, "b3")  # 1/1
        foe = spawn(s, striker, 1, "b4")
        s = to_act(s, "combat")
        s = play(s, f"attack {scout} {foe}", "next", "pass", "pass")
        assert where(s, scout) == "graveyard:0", striker
        assert _damage(s, foe) == 0, striker


def test_combat_strike_back_needs_the_attacker_in_range():
    """Ruling R30: a target or blocker deals no combat damage to an attacker
    outside its own attacking range, here a Range attacker two sites away."""
    for block in (False, True):
        s = start("red", "red")
        sling = spawn(s, "magma-slinger", 0, "b2")  # 2/2 Range: reaches b2..b4
        brute = spawn(s, "ashen-brute", 1, "b4")  # 3/2, reaches b4 and b3 only
        guard = spawn(s, "ashen-brute", 1, "b4")
        s = to_act(s, "combat")
        s = play(s, f"attack {sling} {brute}", "next")
        s = play(s, f"block {guard} {sling}", "pass", "pass") if block else play(s, "pass", "pass")
        assert where(s, guard if block else brute) == "graveyard:1"
        assert _damage(s, sling) == 0


def test_combat_strike_back_checks_range_after_a_move():
    """Clause combat (R30): range is checked when damage is dealt, so a target does not
    strike back at an attacker moved out of its range after attacking."""
    s = start("blue", "purple")
    sk = spawn(s, "fogbank-skimmer", 0, "b2")  # 1/2 Flying
    walker = spawn(s, "barrow-walker", 1, "b3")  # 2/2, reaches b3 and b2
    step = spawn(s, "veil-step", 0)
    s = to_act(s, "combat")
    s = play(s, f"attack {sk} {walker}")
    s = mana(s, 0, "PP")
    s = play(s, f"cast {step} {sk}", "pass", "next", "pass")
    assert where(s, sk) == "site:b4"
    assert _damage(s, sk) == 0 and _damage(s, walker) == 0


def test_r8_blocked_attacker_fights_only_its_blockers():
    """Ruling R8: once blocked, the attacker's fight is with its
    blockers; its target neither takes nor deals damage, even when the blockers die
    in the quick step, and a player blocked for stays unhurt."""
    s = start("blue", "red")
    eel = spawn(s, "deepwater-eel", 0, "b3")  # 3/3
    brute = spawn(s, "ashen-brute", 1, "b4")  # 3/2 target
    sk = spawn(s, "fogbank-skimmer", 1, "b4")  # 1/2 blocker
    s = to_act(s, "combat")
    s = play(s, f"attack {eel} {brute}", "next", f"block {sk} {eel}", "pass", "pass")
    assert where(s, sk) == "graveyard:1" and _damage(s, brute) == 0
    assert _damage(s, eel) == 1
    for target in ("ashen-brute", "p2"):
        s = start("red", "yellow")
        raider = spawn(s, "emberfang-raider", 0, "b5")  # 2/2 Double Attack
        scout = spawn(s, "sunfleet-scout", 1, "b5")  # 1/1, dies in the quick step
        t = target if target == "p2" else spawn(s, target, 1, "b5")
        s = to_act(s, "combat")
        s = play(s, f"attack {raider} {t}", "next", f"block {scout} {raider}", "pass", "pass")
        assert where(s, scout) == "graveyard:1", target
        assert _damage(s, raider) == 0 and s.life[1] == 20, target
        assert t == "p2" or _damage(s, t) == 0


def test_a_finished_state_goes_through_a_checkpoint():
    """What a finished state keeps to list its actions faster (`State.facts`) is
    derived: a checkpoint neither writes it nor compares it, and the state read
    back lists the same legal actions."""
    s = to_act(start(), "travel")
    assert s.facts is not None
    deal = GAME.new_game(1, {"deck_p1": "blue", "deck_p2": "red"})
    data = GAME.state_codec.dump(s, deal)
    back = GAME.state_codec.load(data, deal)
    assert GAME.state_codec.dump(back, deal) == data and back.facts is None
    assert GAME.legal_actions(back) == GAME.legal_actions(s)
