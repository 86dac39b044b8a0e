"""Every scenario file under tests/scenarios/ passes, and the runner itself
reports failures (exit 1) and malformed files (exit 2) the way docs/scenarios.md says."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
from pydantic import BaseModel, ConfigDict

from shrinetable.cli import main
from shrinetable.engine import GameBase, OptionSpec, PositionHook, SetupError, registry
from shrinetable.formats.errors import FormatError

ROOT = Path(__file__).parent / "scenarios"
FILES = sorted(ROOT.rglob("*.toml"))

GOOD = """\
game = "shrine"
seats = 2
seed = 1
turn = "p1"
stage = "action"

[zones]
"shrine:0" = ["2D", "3D", "4D", "8D", "6D"]
"shrine:1" = ["2C", "3C", "8C", "9H"]
"hand:0" = ["9S", "5S", "4C"]
"hand:1" = ["2H"]

[[steps]]
action = "attack p2 5S 4C"
expect.zones = { "shrine:1" = ["2C", "3C", "8C"] }
"""


def test_scenario_files_exist():
    assert len(FILES) >= 40


@pytest.mark.parametrize("path", FILES, ids=[str(f.relative_to(ROOT)) for f in FILES])
def test_scenario_file(path, capsys):
    code = main(["scenario", str(path)])
    out = capsys.readouterr()
    assert code == 0, out.out + out.err
    assert out.out.startswith(f"ok {path} (")


def write(tmp_path: Path, text: str, name: str = "s.toml") -> Path:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


def run(capsys, *args) -> tuple[int, str, str]:
    code = main(["scenario", *map(str, args)])
    out = capsys.readouterr()
    return code, out.out, out.err


def test_good_file_ok(tmp_path, capsys):
    path = write(tmp_path, GOOD)
    assert run(capsys, path) == (0, f"ok {path} (1 steps)\n", "")


def test_failing_expectation_names_step_and_shows_state(tmp_path, capsys):
    path = write(tmp_path, GOOD.replace('["2C", "3C", "8C"] }', '["2C", "3C"] }'))
    code, out, _ = run(capsys, path)
    assert code == 1
    assert f"FAIL {path} step 1 (attack p2 5S 4C)" in out
    assert "expected shrine:1 = [2C 3C], got [2C 3C 8C]" in out
    assert "hand:0 (p1): [9S]" in out
    assert "decision: p2 turn" in out
    assert "legal actions (2): draw, take" in out


def test_expected_illegal_but_applied(tmp_path, capsys):
    path = write(tmp_path, GOOD + "expect.legal = false\n")
    code, out, _ = run(capsys, path)
    assert code == 1 and "expected illegal, but it was applied" in out


def test_wrong_reason_and_ruling(tmp_path, capsys):
    text = GOOD.replace("5S 4C", "9S 4C").replace(
        'expect.zones = { "shrine:1" = ["2C", "3C", "8C"] }',
        'expect.legal = false\nexpect.reason = "sum"',
    )
    code, out, _ = run(capsys, write(tmp_path, text))
    assert code == 1 and "expected a reason containing 'sum'" in out
    text = text.replace('"sum"', '"they make 13"\nexpect.ruling = "R3"')
    code, out, _ = run(capsys, write(tmp_path, text))
    assert code == 1 and "expected ruling 'R3', got 'attack'" in out


def test_outcome_and_decision_mismatch(tmp_path, capsys):
    code, out, _ = run(capsys, write(tmp_path, GOOD + 'expect.outcome = { winners = ["p1"] }\n'))
    assert code == 1 and "expected winners ['p1'], got no outcome" in out
    text = GOOD + 'expect.decision = { seat = "p1", kind = "action" }\n'
    code, out, _ = run(capsys, write(tmp_path, text))
    assert code == 1 and "expected decision p1 action, got p2 turn" in out


@pytest.mark.parametrize(
    "old, new, key, line",
    [
        ("seats = 2", "seats = [", "(top level)", 3),
        ('"hand:1" = ["2H"]', '"hand:7" = ["2H"]', "zones.hand:7", 11),
        ('"hand:1" = ["2H"]', '"hand:1" = ["9S"]', "zones.hand:1[0]", 11),
        ('stage = "action"', 'stage = "action"\noptions = { fast = true }', "options", 6),
        ('action = "attack p2 5S 4C"', 'action = "attack p2 5S 4X"', "steps[0].action", 14),
        ('game = "shrine"\n', "", "game", None),
        (
            'expect.zones = { "shrine:1"',
            'expect.zones = { "shrine:9"',
            "steps[0].expect.zones.shrine:9",
            15,
        ),
        ('"shrine:1" = ["2C", "3C", "8C", "9H"]', "", "zones.shrine:1", 7),
        ("seed = 1", "seed = 1\nturn_no = 3", "turn_no", 4),
        (
            '["2C", "3C", "8C"] }',
            '["2C", "3C", "8C"] }\nexpect.outcome = "p1"',
            "steps[0].expect.outcome",
            16,
        ),
        ('"hand:1" = ["2H"]', '"hand:1" = ["JK"]', "zones.hand:1[0]", 11),
    ],
)
def test_malformed_file_exit_2(tmp_path, capsys, old, new, key, line):
    assert old in GOOD
    path = write(tmp_path, GOOD.replace(old, new))
    code, out, err = run(capsys, path)
    assert code == 2 and out == ""
    where = f"{path}:{line}" if line else f"{path}"
    assert f"malformed scenario: {where}: {key}: " in err


def test_seats_are_named_p1_to_p6(tmp_path, capsys):
    code, _, err = run(capsys, write(tmp_path, GOOD.replace('turn = "p1"', 'turn = "p5"')))
    assert code == 2 and ":4: turn: there is no p5 with 2 seats" in err
    code, _, err = run(capsys, write(tmp_path, GOOD.replace('turn = "p1"', 'turn = "p7"')))
    assert code == 2 and ":4: turn: a seat is written p1..p6, not 'p7'" in err


class RingKeys(BaseModel):
    model_config = ConfigDict(extra="forbid")
    dealer: str = "p1"


class Ring(GameBase):
    """A game registered at run time: six seats, one key of its own, no rules."""

    name, title, min_seats, max_seats = "ring", "Ring", 2, 6
    options = (OptionSpec("rounds", 3, "rounds", (3, 5)),)

    def build(self, spec):
        if spec.dealer == spec.turn:
            raise SetupError(("dealer",), "the dealer does not start")
        return {"turn": spec.turn, "dealer": spec.dealer, "zones": spec.zones}

    position = PositionHook(keys=RingKeys, build=lambda game, spec: game.build(spec))

    def zones(self, seats):
        return [f"hand:{q}" for q in range(seats)]


RING = """game = "ring"
seats = 6
turn = "p6"
dealer = "p5"
options = { rounds = 5 }

[zones]
"hand:5" = ["x"]
"""


def test_a_game_registered_at_run_time_sets_up_its_own_keys(tmp_path, monkeypatch):
    from shrinetable.formats.scenario import load

    monkeypatch.setitem(registry._games, "ring", Ring())
    loaded = load(write(tmp_path, RING))
    assert loaded.state == {"turn": "p6", "dealer": "p5", "zones": {"hand:5": ["x"]}}
    for old, new, key, line, words in [
        ('dealer = "p5"', 'dealer = "p6"', "dealer", 4, "the dealer does not start"),
        (
            'dealer = "p5"',
            'stage = "turn"',
            "stage",
            4,
            "ring positions do not use 'stage'; they take dealer besides the common keys",
        ),
        ("rounds = 5", "rounds = 4", "options", 5, "option 'rounds' takes 3, 5, not 4"),
        ('"hand:5"', '"hand:6"', "zones.hand:6", 8, "unknown zone 'hand:6'"),
    ]:
        with pytest.raises(FormatError) as e:
            load(write(tmp_path, RING.replace(old, new)))
        assert (e.value.key, e.value.line) == (key, line) and words in e.value.message
    monkeypatch.setattr(Ring, "position", None)
    with pytest.raises(FormatError, match="ring has no scenario positions yet"):
        load(write(tmp_path, RING))


def test_missing_file_exit_2(tmp_path, capsys):
    code, _, err = run(capsys, tmp_path / "nope.toml")
    assert code == 2 and "nope.toml" in err and "cannot read" in err


def test_worst_exit_code_wins(tmp_path, capsys):
    good = write(tmp_path, GOOD, "good.toml")
    bad = write(tmp_path, "seats = [", "bad.toml")
    code, out, err = run(capsys, good, bad, good)
    assert code == 2 and out.count("ok ") == 2 and "bad.toml" in err


def test_legal_prints_final_position_actions(tmp_path, capsys):
    path = write(
        tmp_path,
        GOOD.replace('action = "attack p2 5S 4C"', 'action = "pass"').replace(
            'expect.zones = { "shrine:1" = ["2C", "3C", "8C"] }', ""
        ),
    )
    assert run(capsys, "--legal", path) == (0, "draw\n", "")
    path = write(tmp_path, GOOD.split("[[steps]]")[0])
    code, out, _ = run(capsys, "--legal", path)
    assert code == 0
    lines = out.splitlines()
    assert lines == sorted(lines) and "attack p2 4C 5S" in lines and "pass" in lines


def test_omitted_deck_is_the_rest_of_the_pack(tmp_path):
    from shrinetable.formats.scenario import load

    loaded = load(write(tmp_path, GOOD))
    zones = loaded.game.all_cards(loaded.state)
    assert sum(len(cards) for cards in zones.values()) == 52
    assert load(write(tmp_path, GOOD)).game.all_cards(loaded.state)["deck"] == zones["deck"]


def doc_example(heading: str) -> str:
    """The first TOML example under `heading` in docs/scenarios.md."""
    doc = (Path(__file__).parents[1] / "docs" / "scenarios.md").read_text(encoding="utf-8")
    return doc.split(f"\n## {heading}\n", 1)[1].split("```toml\n", 1)[1].split("```", 1)[0]


@pytest.mark.parametrize(
    "heading",
    [
        "A full example",
        "Shrines positions",
        "Sorcerer positions",
        "Shards positions",
        "Usagi positions",
    ],
)
def test_each_documented_example_passes(tmp_path, capsys, heading):
    assert run(capsys, write(tmp_path, doc_example(heading)))[0] == 0


def test_real_exit_code(tmp_path):
    path = write(tmp_path, GOOD.replace('["2C", "3C", "8C"] }', '["2C"] }'))
    done = subprocess.run(
        [sys.executable, "-m", "shrinetable", "scenario", str(path)],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 1 and "step 1" in done.stdout


# ---------------------------------------------------------------- Shrines positions

SHRINES = """\
game = "shrines"
seats = 2
seed = 3
turn = "p1"
act = "combat"
life = { p2 = 12 }
pool = { p1 = "RR" }

[zones]
"site:b5" = ["ashen-brute#1", "grove-tender#2"]
"site:b3" = ["kiln-golem#3"]
"traps:1" = ["pitfall-snare#4"]
"hand:0" = ["scorchbolt#5"]

[cards."ashen-brute#1"]
ctrl = "p1"

[cards."kiln-golem#3"]
ctrl = "p2"
damage = 1
status = ["poison"]

[cards."pitfall-snare#4"]
at = "b4"

[[steps]]
action = "attack ashen-brute#1 p2"
"""

STARTER = {"primary": 40, "secondary": 20}


def test_shrines_position_is_set_up_as_written(tmp_path):
    """Cards keep their numbers; owners follow the half of the Region or `ctrl`;
    left-out libraries are the starter ones and the Shrine waits in its zone."""
    from shrinetable.formats.scenario import load

    loaded = load(write(tmp_path, SHRINES))
    s, game = loaded.state, loaded.game
    zones = game.all_cards(s)
    assert zones["site:b5"] == ["ashen-brute#1", "grove-tender#2"]
    assert zones["shrine:0"] == ["mistral-oracle#0"] and zones["shrine:1"][0].startswith(
        "cindermaw-warlord#"
    )
    for q in (0, 1):
        for lib, n in STARTER.items():
            assert len(zones[f"{lib}:{q}"]) == n
    info = game.view(s, None).info
    assert info["cards"]["ashen-brute#1"]["ctrl"] == 0
    assert info["cards"]["grove-tender#2"]["ctrl"] == 1
    assert info["cards"]["kiln-golem#3"]["damage"] == 1
    assert info["cards"]["kiln-golem#3"]["status"] == ["poison"]
    assert (info["act"], info["turn"], info["turn_no"]) == ("combat", 0, 3)
    assert info["life"] == [20, 12] and info["pool"][0] == [0, 0, 2, 0, 0]
    assert s.trap_site == {4: 10}
    assert [a.text for a in loaded.actions] == ["attack ashen-brute#1 p2"]


def test_shrines_libraries_and_numbers_are_seeded(tmp_path):
    from shrinetable.formats.scenario import load

    one = load(write(tmp_path, SHRINES)).game.all_cards(load(write(tmp_path, SHRINES)).state)
    two = load(write(tmp_path, SHRINES)).game.all_cards(load(write(tmp_path, SHRINES)).state)
    assert one == two
    other = load(write(tmp_path, SHRINES.replace("seed = 3", "seed = 4")))
    assert other.game.all_cards(other.state)["primary:0"] != one["primary:0"]


def test_shrines_card_state_tapped_new_and_riders(tmp_path):
    text = (
        SHRINES.replace(
            "[zones]\n",
            '[zones]\n"site:a1" = ["mossback-strider#6", '
            '"briar-outrider#7", "wayfarers-blade#8"]\n',
        )
        + """
[cards."briar-outrider#7"]
on = "mossback-strider#6"
new = true
tapped = true

[cards."wayfarers-blade#8"]
on = "mossback-strider#6"
"""
    )
    from shrinetable.formats.scenario import load

    loaded = load(write(tmp_path, text))
    cards = loaded.game.view(loaded.state, None).info["cards"]
    assert cards["briar-outrider#7"]["attached_to"] == "mossback-strider#6"
    assert cards["wayfarers-blade#8"]["attached_to"] == "mossback-strider#6"
    assert cards["briar-outrider#7"]["tapped"]
    assert cards["mossback-strider#6"]["sick"]  # the pair is new if either part is (R19)


def test_shrines_expect_info_mismatch_names_the_key(tmp_path, capsys):
    path = write(tmp_path, SHRINES + 'expect.info.cards."kiln-golem#3".damage = 2\n')
    code, out, _ = run(capsys, path)
    assert code == 1
    assert "expected info.cards.kiln-golem#3.damage = 2, got 1" in out
    path = write(tmp_path, SHRINES + "expect.info.lives = [1]\n")
    code, out, _ = run(capsys, path)
    assert code == 1 and "there is no 'lives'" in out


@pytest.mark.parametrize(
    "old, new, key",
    [
        ('"hand:0" = ["scorchbolt#5"]', '"hand:0" = ["scorch-bolt#5"]', "zones.hand:0[0]"),
        ('"hand:0" = ["scorchbolt#5"]', '"hand:0" = ["scorchbolt"]', "zones.hand:0[0]"),
        ('"hand:0" = ["scorchbolt#5"]', '"hand:0" = ["scorchbolt#1"]', "zones.hand:0[0]"),
        ('"hand:0" = ["scorchbolt#5"]', '"site:a1" = ["scorchbolt#5"]', "zones.site:a1[0]"),
        ('"hand:0" = ["scorchbolt#5"]', '"player:0" = ["scorchbolt#5"]', "zones.player:0[0]"),
        ('"hand:0" = ["scorchbolt#5"]', '"hand:0" = ["sunmote#5"]', "zones.hand:0[0]"),
        ('ctrl = "p2"\ndamage', "damage", "zones.site:b3[0]"),
        ('ctrl = "p2"\ndamage', 'ctrl = "p3"\ndamage', "cards.kiln-golem#3.ctrl"),
        ('ctrl = "p2"\ndamage', 'ctrl = "x"\ndamage', "cards.kiln-golem#3.ctrl"),
        ("damage = 1", "damage = 4", "cards.kiln-golem#3.damage"),
        ("damage = 1", "damage = -1", "cards.kiln-golem#3.damage"),
        ('["poison"]', '["sleep"]', "cards.kiln-golem#3.status[0]"),
        ('at = "b4"', 'at = "row4"', "cards.pitfall-snare#4.at"),
        ('at = "b4"', "new = false", "cards.pitfall-snare#4.at"),
        ('[cards."pitfall-snare#4"]', '[cards."pitfall-snare#9"]', "cards.pitfall-snare#9"),
        (
            '[cards."ashen-brute#1"]',
            '[cards."scorchbolt#5"]\ndamage = 1\n[cards."x#1"]',
            "cards.scorchbolt#5.damage",
        ),
        ('act = "combat"', 'act = "battle"', "act"),
        ('act = "combat"', 'act = "combat"\nturn_no = 4', "turn_no"),
        ('act = "combat"', 'act = "combat"\nstage = "action"', "stage"),
        ('act = "combat"', 'act = "combat"\njack_used = true', "jack_used"),
        ("life = { p2 = 12 }", "life = { p2 = 0 }", "life.p2"),
        ("life = { p2 = 12 }", "life = { p3 = 12 }", "life.p3"),
        ("life = { p2 = 12 }", "life = { p7 = 12 }", "life"),
        ("life = { p2 = 12 }", "life = { p5 = 12 }", "life.p5"),
        ("life = { p2 = 12 }", "marks = { p1 = -1 }", "marks.p1"),
        ('pool = { p1 = "RR" }', 'pool = { p1 = "R2" }', "pool.p1"),
        ('"hand:0" = ["scorchbolt#5"]', '"shrine:0" = ["fogbank-skimmer#5"]', "zones.shrine:0[0]"),
        ('"hand:0" = ["scorchbolt#5"]', '"shrine:0" = []', "zones.shrine:0"),
        (
            '"hand:0" = ["scorchbolt#5"]',
            '"graveyard:0" = ["mistral-oracle#5"]',
            "zones.graveyard:0[0]",
        ),
        ('"hand:0" = ["scorchbolt#5"]', '"site:a1" = ["bulwark-plating#5"]', "zones.site:a1[0]"),
        (
            '"hand:0" = ["scorchbolt#5"]',
            '"site:a1" = ["grove-tender#5", "grove-tender#6", '
            '"grove-tender#7", "grove-tender#8", "grove-tender#9"]',
            "zones.site:a1",
        ),
        (
            'action = "attack ashen-brute#1 p2"',
            'action = "attack ashen-brute#1 b9"',
            "steps[0].action",
        ),
        ("seats = 2", "seats = 3", "seats"),
    ],
)
def test_malformed_shrines_file_exit_2(tmp_path, capsys, old, new, key):
    """A Shrines position that cannot be used names its file, key and line."""
    assert old in SHRINES
    path = write(tmp_path, SHRINES.replace(old, new, 1))
    code, out, err = run(capsys, path)
    assert code == 2 and out == "", out
    assert err.startswith(f"malformed scenario: {path}:"), err
    assert f": {key}: " in err, err


def test_marks_need_the_shrine_in_its_zone(tmp_path, capsys):
    text = SHRINES.replace('"hand:0" = ["scorchbolt#5"]', '"site:b4" = ["cindermaw-warlord#5"]')
    path = write(tmp_path, text.replace("life = { p2 = 12 }", "marks = { p2 = 2 }"))
    code, _, err = run(capsys, path)
    assert code == 2 and ": marks.p2: " in err and "Shrine zone" in err
    path = write(tmp_path, SHRINES.replace("life = { p2 = 12 }", "marks = { p2 = 2 }"))
    assert run(capsys, path)[0] == 0


def test_shrines_keys_are_refused_in_a_shrine_file(tmp_path, capsys):
    code, _, err = run(capsys, write(tmp_path, GOOD.replace("seed = 1", 'seed = 1\nact = "first"')))
    assert code == 2 and f"{tmp_path / 's.toml'}:4: act: shrine positions do not use" in err


def test_shrines_scenarios_cover_every_movement_and_combat_keyword():
    """tests/scenarios/shrines has a file for each keyword the brief lists."""
    stems = {p.stem for p in (ROOT / "shrines").glob("*.toml")}
    assert {
        "flying_travel",
        "flying_combat",
        "lunge",
        "sprint",
        "unstoppable",
        "immoveable",
        "stationary",
        "range",
        "reach",
        "guard",
        "cleave",
        "stomp",
        "quick_attack",
        "double_attack",
        "armor",
        "bloodless",
        "deathwish",
        "haste",
        "protection",
        "saddle_mount",
        "travel_basics",
        "site_limit",
        "blocking",
        "shrine_marks",
    } <= stems
