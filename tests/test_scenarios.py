"""Every scenario file under tests/scenarios/ passes, and the runner itself
reports failures (exit 1) and malformed files (exit 2) the way docs/scenarios.md says."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from shrinetable.cli import main

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
        'expect.legal = false\nexpect.reason = "sum"')
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


@pytest.mark.parametrize("old, new, key, line", [
    ('seats = 2', 'seats = [', "(top level)", 3),
    ('"hand:1" = ["2H"]', '"hand:7" = ["2H"]', "zones.hand:7", 11),
    ('"hand:1" = ["2H"]', '"hand:1" = ["9S"]', "zones.hand:1[0]", 11),
    ('stage = "action"', 'stage = "action"\noptions = { fast = true }', "options", 6),
    ('action = "attack p2 5S 4C"', 'action = "attack p2 5S 4X"', "steps[0].action", 14),
    ('game = "shrine"\n', '', "game", None),
    ('expect.zones = { "shrine:1"', 'expect.zones = { "shrine:9"', "steps[0].expect.zones.shrine:9",
     15),
    ('"shrine:1" = ["2C", "3C", "8C", "9H"]', '', "zones.shrine:1", 7),
    ('seed = 1', 'seed = 1\nturn_no = 3', "turn_no", 4),
    ('["2C", "3C", "8C"] }', '["2C", "3C", "8C"] }\nexpect.outcome = "p1"',
     "steps[0].expect.outcome", 16),
    ('"hand:1" = ["2H"]', '"hand:1" = ["JK"]', "zones.hand:1[0]", 11),
])
def test_malformed_file_exit_2(tmp_path, capsys, old, new, key, line):
    assert old in GOOD
    path = write(tmp_path, GOOD.replace(old, new))
    code, out, err = run(capsys, path)
    assert code == 2 and out == ""
    where = f"{path}:{line}" if line else f"{path}"
    assert f"malformed scenario: {where}: {key}: " in err


def test_missing_file_exit_2(tmp_path, capsys):
    code, _, err = run(capsys, tmp_path / "nope.toml")
    assert code == 2 and "nope.toml" in err and "cannot read" in err


def test_worst_exit_code_wins(tmp_path, capsys):
    good = write(tmp_path, GOOD, "good.toml")
    bad = write(tmp_path, "seats = [", "bad.toml")
    code, out, err = run(capsys, good, bad, good)
    assert code == 2 and out.count("ok ") == 2 and "bad.toml" in err


def test_legal_prints_final_position_actions(tmp_path, capsys):
    path = write(tmp_path, GOOD.replace('action = "attack p2 5S 4C"', 'action = "pass"')
                 .replace('expect.zones = { "shrine:1" = ["2C", "3C", "8C"] }', ""))
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


def test_documented_example_passes(tmp_path, capsys):
    doc = (Path(__file__).parents[1] / "docs" / "scenarios.md").read_text(encoding="utf-8")
    example = doc.split("```toml\n", 1)[1].split("```", 1)[0]
    assert run(capsys, write(tmp_path, example))[0] == 0


def test_real_exit_code(tmp_path):
    path = write(tmp_path, GOOD.replace('["2C", "3C", "8C"] }', '["2C"] }'))
    done = subprocess.run([sys.executable, "-m", "shrinetable", "scenario", str(path)],
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == 1 and "step 1" in done.stdout
