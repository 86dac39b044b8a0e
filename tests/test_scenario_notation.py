"""The scenario notation can pin every clause (docs/scenarios.md, issue 24): a refused
deck as an expectation, a step tried by a named seat, absent or empty `info` keys,
hand sizes, unordered piles, deck files beside the scenario, a secret checked as
unseen from another seat, and no card vanishing during the steps."""

from __future__ import annotations

from pathlib import Path

import pytest
from deckfiles import GOOD

from shrinetable.cli import main
from shrinetable.commands.scenario import Mismatch, _conserved
from shrinetable.games.shards import GAME as SHARDS
from shrinetable.games.shards.cards import catalog

# the good Shards deck file cut short: its seven Starting cards and three more
SHORT_DECK = GOOD["shards"].split("marauder-band")[0]


def run(tmp_path: Path, text: str, capsys, name: str = "case.toml") -> tuple[int, str]:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    code = main(["scenario", str(path)])
    out = capsys.readouterr()
    return code, out.out + out.err


def test_a_refused_deck_is_an_expectation_found_beside_the_scenario(tmp_path, capsys):
    """`refused`: the rules refuse the deck (Shards: 45 cards or more, seed 003); the
    deck file is named relative to the scenario file, not the working directory."""
    (tmp_path / "short.toml").write_text(SHORT_DECK, encoding="utf-8")
    head = 'game = "shards"\nseats = 2\noptions = { deck_p1 = "short.toml" }\n'
    code, out = run(tmp_path, head + 'refused = { reason = "45 or more" }\n', capsys)
    assert code == 0 and "(refused)" in out, out
    code, out = run(tmp_path, head + 'refused = { reason = "at most 3" }\n', capsys)
    assert code == 1 and "45 or more" in out, out
    code, out = run(tmp_path, 'game = "shards"\nseats = 2\nrefused = { reason = "x" }\n', capsys)
    assert code == 1 and "but it starts" in out, out
    code, out = run(tmp_path, head, capsys)
    assert code == 2 and "45 or more" in out, out


def test_a_deck_file_beside_the_scenario_is_found(tmp_path, capsys):
    """A deck file named in a scenario is found relative to the scenario file."""
    cards, decks = catalog()
    legion = next(d for d in decks if d.name.lower().startswith("legion"))
    lines = "\n".join(f"{cid} = {n}" for cid, n in legion.cards.items())
    sub = tmp_path / "cases"
    sub.mkdir()
    (sub / "mine.toml").write_text(
        f'game = "shards"\nname = "Mine"\n\n[cards]\n{lines}\n', encoding="utf-8"
    )
    code, out = run(
        sub, 'game = "shards"\nseats = 2\noptions = { deck_p1 = "mine.toml" }\n', capsys
    )
    assert code == 0, out


SORCERER = """\
game = "sorcerer"
seats = 2
turn = "p1"
stage = "play"

[zones]
"play:0" = ["stone-knuckle#1"]
"hand:0" = ["toad-spit#2"]
"hand:1" = ["snap-ward#3", "oak-bark-skin#4"]
"deck:0" = []
"""


def test_a_step_names_the_seat_that_tries_it(tmp_path, capsys):
    """`seat`: an out-of-turn attempt is refused by the game's decision rule; the
    deciding seat's own step plays as usual."""
    steps = """
[[steps]]
action = "pass"
seat = "p2"
expect = { legal = false, ruling = "decision", reason = "P1's decision" }

[[steps]]
action = "play toad-spit#2"
seat = "p1"
expect.info.hand_size = [0, 2]
"""
    code, out = run(tmp_path, SORCERER + steps, capsys)
    assert code == 0, out
    code, out = run(tmp_path, SORCERER + '[[steps]]\naction = "pass"\nseat = "p3"\n', capsys)
    assert code == 2 and "steps[0].seat" in out, out


def test_info_keys_absent_or_empty_and_unordered_piles(tmp_path, capsys):
    """`info_empty` holds for an absent, none or empty key and fails otherwise;
    `unordered` compares the named zones as multisets."""
    ok = """
[[steps]]
action = "play toad-spit#2"
expect.info_empty = ["lanes", "no-such-key", "turned"]
expect.zones = { "play:0" = ["toad-spit#2", "stone-knuckle#1"] }
expect.unordered = ["play:0"]
"""
    code, out = run(tmp_path, SORCERER + ok, capsys)
    assert code == 0, out
    code, out = run(tmp_path, SORCERER + ok.replace('["play:0"]', "false"), capsys)
    assert code == 1 and "expected play:0" in out, out
    code, out = run(tmp_path, SORCERER + ok.replace('"lanes"', '"mp"'), capsys)
    assert code == 1 and "info.mp absent or empty" in out, out


USAGI = """\
game = "usagi"
seats = 2
phase = "initiation"
step = "propose"

[zones]
"hand:0" = ["bandit-raid#21"]
"hand:1" = ["escort-the-envoy#22"]

[[steps]]
action = "propose bandit-raid#21"
expect.unseen = { SEAT = ["bandit-raid#21"] }
"""


def test_a_secret_choice_is_checked_as_unseen_from_another_seat(tmp_path, capsys):
    """`unseen`: p1's face-down proposal is nowhere in p2's view (Usagi U9), and the
    check fails for p1, who sees it."""
    code, out = run(tmp_path, USAGI.replace("SEAT", "p2"), capsys)
    assert code == 0, out
    code, out = run(tmp_path, USAGI.replace("SEAT", "p1"), capsys)
    assert code == 1 and "expected p1 not to see bandit-raid#21" in out, out


def test_cards_must_be_conserved_through_the_steps():
    """No card of the position may vanish or double during the steps."""
    state = SHARDS.new_game(1)
    before = sorted(c for cards in SHARDS.all_cards(state).values() for c in cards)
    _conserved(SHARDS, state, before)
    with pytest.raises(Mismatch, match="not conserved"):
        _conserved(SHARDS, state, [*before, "ghost#999"])
