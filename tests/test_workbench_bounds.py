"""`report` refuses at once what it could not finish (issue 36): more games than
it can keep, an output folder with a folder where a file goes; and it plans its
games as it plays them (a cluster's address: tests/test_workbench_report.py)."""

from __future__ import annotations

import time
from itertools import islice

import pytest
from peak import run_measured

from shrinetable.cli import main
from shrinetable.engine import registry
from shrinetable.workbench.plan import MAX_GAMES, make_plan
from shrinetable.workbench.run import chunks


@pytest.fixture(autouse=True)
def data_dir(tmp_path, monkeypatch):
    monkeypatch.setenv("SHRINETABLE_DATA_DIR", str(tmp_path / "data"))


def refused(capsys, *args: str) -> str:
    start = time.perf_counter()
    assert main(["report", *args]) == 2
    assert time.perf_counter() - start < 10  # at once, before any game
    return capsys.readouterr().err


def test_a_hundred_million_games_are_refused_at_once_in_little_memory(tmp_path):
    done, peak_kb = run_measured(
        ["report", "shrine", "--games", "100000000", "--out", str(tmp_path / "out")], timeout=120
    )
    assert done.returncode == 2, done.stderr
    assert f"--games 100000000: at most {MAX_GAMES:,} in one report" in done.stderr
    peak_mb = peak_kb / 1024
    assert peak_mb < 300, peak_mb
    assert not (tmp_path / "out").exists()


def test_the_plan_is_made_as_it_is_played():
    plan = make_plan(
        registry.get("shrine"), games=MAX_GAMES, seats=None, decks="all", seed=1, max_turns=9
    )
    specs = chunks(plan, None, 2)
    first = list(islice(specs, 3))
    assert [len(s["items"]) for s in first] == [10, 10, 10]
    assert sum(len(s["items"]) for s in specs) == MAX_GAMES - 30  # the rest, when asked
    assert iter(specs) is specs  # a generator: nothing made before it is asked for


def test_a_folder_where_a_file_goes_is_said_before_the_first_game(tmp_path, capsys):
    out = tmp_path / "out"
    (out / "index.html").mkdir(parents=True)
    err = refused(capsys, "shrine", "--games", "2", "--out", str(out))
    assert "index.html is not a file" in err and not (out / "report.json").exists()
