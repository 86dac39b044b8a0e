"""The outside interfaces for measuring: `simulate`, `bench engine`, and the
computer player's strength (issue: at least 95% against uniform random)."""

from __future__ import annotations

import json

import pytest

from shrinetable.commands.args import parse_options, parse_size
from shrinetable.commands.simulate import ending, seat_kinds, simulate
from shrinetable.engine import GameBase, OptionSpec, Outcome, registry
from shrinetable.players import player


def test_simulate_counts_every_game_once():
    fig = simulate("shrine", 20, 3, ["random", "random"], {}, 500)
    assert fig["games"] == 20
    assert sum(fig["wins"]) + fig["unfinished"] == 20
    assert fig["median_turns"] > 0 and fig["games_per_second"] > 0


def test_simulate_tallies_how_games_end_without_the_seats():
    """A designer reads how often each ending decides: one count per finished game,
    the seat and the particulars taken out of the reason."""
    fig = simulate("shards", 6, 1, ["ai", "ai"], {}, 500)
    assert sum(fig["endings"].values()) == fig["games"] - fig["unfinished"]
    assert all("p1" not in e and "p2" not in e and ":" not in e for e in fig["endings"])
    assert set(fig["endings"]) <= {
        "a player wins by Domination",
        "a player wins by Prosperity",
        "a player wins by Attrition",
    }
    # the game says the kind of ending; nothing takes the reason's words apart
    said = Outcome((1,), "p2 wins by Domination: p1 has no building", "a player wins by Domination")
    assert ending(said) == "a player wins by Domination"
    assert ending(Outcome((), "both players fell to 0 life together")) == (
        "both players fell to 0 life together"
    )


def test_simulate_is_deterministic():
    a = simulate("shrine", 10, 5, ["ai", "random", "random"], {"balance": True}, 300)
    b = simulate("shrine", 10, 5, ["ai", "random", "random"], {"balance": True}, 300)
    for key in ("wins", "unfinished", "mean_turns", "median_turns"):
        assert a[key] == b[key]


@pytest.mark.slow
def test_computer_player_beats_random_in_at_least_95_percent_of_1000_games():
    """Half the games with the computer moving first, half second."""
    first = simulate("shrine", 500, 1, ["ai", "random"], {}, 500)
    second = simulate("shrine", 500, 10_001, ["random", "ai"], {}, 500)
    wins = first["wins"][0] + second["wins"][1]
    assert wins >= 950, (first, second)


def test_computer_player_only_returns_legal_actions():
    game = registry.get("shrine")
    ai = player("shrine", "ai")
    import random

    rng = random.Random(0)
    for seed in range(5):
        state = game.new_game(seed, {"alternate_fizzle": True}, 3)
        while game.outcome(state) is None and state.turn_no < 200:
            action = ai(state, rng)
            assert action in game.legal_actions(state)
            state, _ = game.apply(state, action)


def test_cli_simulate_prints_figures_and_json(capsys):
    from shrinetable.cli import main

    assert main(["simulate", "shrine", "--games", "5", "--seed", "2"]) == 0
    out = capsys.readouterr().out
    assert "p1 (ai)" in out and "unfinished" in out and "games/s" in out
    assert main(["simulate", "shrine", "--games", "4", "--players", "4", "--json"]) == 0
    fig = json.loads(capsys.readouterr().out)
    assert fig["seats"] == ["ai", "random", "ai", "random"] and len(fig["wins"]) == 4


@pytest.mark.parametrize(
    "argv, message",
    [
        (["simulate", "chess"], "no game called 'chess'"),
        (["simulate", "shrine", "--seats", "ai,robot"], "unknown seat kind 'robot'"),
        (["simulate", "shrine", "--players", "5"], "shrine is for 2 to 4 players, not 5"),
        (["simulate", "shrines", "--players", "3"], "shrines is for 2 players, not 3"),
        (["simulate", "shrines", "--option", "mode=chess"], "option 'mode' takes standard"),
        (["simulate", "shrine", "--option", "colour=blue"], "unknown option 'colour'"),
        (["simulate", "shrine", "--option", "balance"], "is not NAME=VALUE"),
    ],
)
def test_cli_simulate_bad_arguments_exit_2_with_a_message(argv, message, capsys):
    from shrinetable.cli import main

    assert main(argv) == 2
    assert message in capsys.readouterr().err


def test_cli_bench_engine_prints_median_mean_p99_and_late_against_early(capsys):
    from shrinetable.cli import main

    assert main(["bench", "engine", "--runs", "1", "--games", "2", "--json"]) == 0
    fig = json.loads(capsys.readouterr().out)
    assert 0 < fig["median_us"] <= fig["p99_us"] and fig["mean_us"] > 0 and fig["steps"] > 0
    assert "late_early_ratio" in fig
    ai = fig["computer_player"]
    assert ai["decisions"] > 0 and ai["median_ms"] <= ai["p99_ms"] and ai["mean_ms"] > 0


def test_late_against_early_compares_mean_steps_by_their_place_in_a_game():
    from shrinetable.bench.engine import _late_early

    times = [(n, 1.0) for n in range(100)] + [(n, 2.0) for n in range(100, 1000)]
    assert _late_early(times) is None
    assert _late_early(times + [(1000, 3.0), (2000, 5.0)]) == 4.0


def test_cli_bench_startup_reports_help_against_bare_python(capsys):
    from shrinetable.cli import main

    assert main(["bench", "startup", "--runs", "1", "--json"]) == 0
    fig = json.loads(capsys.readouterr().out)
    assert fig["help_s"] > 0 and fig["python_pass_s"] > 0
    # each figure is rounded to the millisecond on its own: the difference of the
    # rounded two may be a millisecond off the rounded difference
    assert abs(fig["above_s"] - (fig["help_s"] - fig["python_pass_s"])) <= 0.0015


def test_help_lists_every_command_without_importing_any():
    """`shrinetable --help` is built from the summaries in cli.COMMANDS, which
    match each command's own parser; no command, format or game is imported
    (only the argument helpers the start screen's own options share, which
    import nothing heavy)."""
    import ast
    import subprocess
    import sys

    from shrinetable import cli

    code = (
        "import sys, contextlib, io; from shrinetable.cli import main\n"
        "with contextlib.suppress(SystemExit), contextlib.redirect_stdout(io.StringIO()):\n"
        "    main(['--help'])\n"
        "print(sorted(m for m in sys.modules if m.startswith(('shrinetable', 'pydantic',"
        " 'platformdirs', 'pygame'))))"
    )
    loaded = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True
    ).stdout
    assert ast.literal_eval(loaded) == [
        "shrinetable",
        "shrinetable.cli",
        "shrinetable.commands",
        "shrinetable.commands.args",
    ]
    full = cli.build_parser()._subparsers._group_actions[0]
    assert {a.dest: a.help for a in full._choices_actions} == cli.COMMANDS


def test_cli_bench_engine_at_a_seat_count(capsys):
    """A game for 2 to 6 players is measured where it is slowest: --players picks
    the seat count, and a count the game does not take is refused in one line."""
    from shrinetable.cli import main

    assert (
        main(
            [
                "bench",
                "engine",
                "--game",
                "usagi",
                "--players",
                "4",
                "--runs",
                "1",
                "--games",
                "2",
                "--json",
            ]
        )
        == 0
    )
    fig = json.loads(capsys.readouterr().out)
    assert fig["seats"] == 4 and fig["steps"] > 0
    assert main(["bench", "engine", "--game", "shrines", "--players", "3"]) == 2
    assert "--players 3: shrines is for 2 players" in capsys.readouterr().err


def test_option_and_seat_parsing():
    shrine = registry.get("shrine")
    assert parse_options(shrine, ["balance=true", "alternate_fizzle=off"]) == {
        "balance": True,
        "alternate_fizzle": False,
    }
    assert parse_options(registry.get("shrines"), ["deck_p1=green", "mode=rush"]) == {
        "deck_p1": "green",
        "mode": "rush",
    }
    assert seat_kinds("ai", 3) == ["ai", "ai", "ai"]


class Counted(GameBase):
    name = "counted"
    options = (
        OptionSpec("rounds", 3, "rounds", (1, 3, 5)),
        OptionSpec("fast", False, "fast"),
        OptionSpec("colour", "red", "colour", ("red", "blue")),
    )


@pytest.mark.parametrize(
    "pairs, result",
    [
        ([], {}),
        (["rounds=5", "fast=yes", "colour=blue"], {"rounds": 5, "fast": True, "colour": "blue"}),
        (["rounds=five"], "option 'rounds' takes a whole number, not 'five'"),
        (["rounds=4"], "option 'rounds' takes 1, 3, 5, not 4"),
        (["fast=maybe"], "option 'fast' takes true or false, not 'maybe'"),
        (["colour=green"], "option 'colour' takes red, blue, not 'green'"),
        (
            ["speed=1"],
            "--option 'speed=1': unknown option 'speed'; counted has no such option "
            "(known: colour, fast, rounds)",
        ),
        (["rounds"], "--option 'rounds' is not NAME=VALUE"),
        (["=3"], "--option '=3' is not NAME=VALUE"),
    ],
)
def test_options_are_read_by_their_spec_and_checked_by_the_game(pairs, result):
    """One parser for `play` and `simulate`: each value typed by the option's default."""
    if isinstance(result, dict):
        assert parse_options(Counted(), pairs) == result
    else:
        with pytest.raises(ValueError) as e:
            parse_options(Counted(), pairs)
        assert str(e.value) == result


def test_sizes_are_read_one_way():
    assert parse_size("800x600", (200, 200)) == (800, 600)
    with pytest.raises(ValueError, match=r"--size 'big': write WIDTHxHEIGHT"):
        parse_size("big", (200, 200))
    with pytest.raises(ValueError, match=r"--size '100x600': too small; at least 200x200"):
        parse_size("100x600", (200, 200))
