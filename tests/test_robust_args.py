"""Every argument and environment value a person can get wrong is a one-line
message and exit 2: never a traceback, never a silent default."""

from __future__ import annotations

import json
from pathlib import Path

import pygame
import pytest

from shrinetable.cli import main

ROOT = Path(__file__).resolve().parent.parent
DEEP = "x = " + "[" * 500 + "]" * 500 + "\n"


@pytest.fixture(autouse=True)
def offscreen(monkeypatch, tmp_path):
    monkeypatch.setenv("SDL_VIDEODRIVER", "dummy")
    monkeypatch.setenv("SHRINETABLE_DATA_DIR", str(tmp_path))
    monkeypatch.delenv("SHRINETABLE_AI_DELAY", raising=False)
    yield
    pygame.quit()


def refused(capsys, argv: list[str], words: str) -> None:
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert words in err and "Traceback" not in err and len(err.strip().splitlines()) == 1, err


@pytest.mark.parametrize("value", ["abc", "", "nan", "inf", "1e308", "-1"])
def test_a_computer_pause_that_is_no_number_of_seconds(value, monkeypatch, capsys):
    monkeypatch.setenv("SHRINETABLE_AI_DELAY", value)
    refused(capsys, ["play", "shrine"], "SHRINETABLE_AI_DELAY")


def test_a_video_driver_that_cannot_open_a_window(monkeypatch, capsys):
    monkeypatch.setenv("SDL_VIDEODRIVER", "bogus")
    refused(capsys, ["play", "shrine"], "cannot open a window")


@pytest.mark.parametrize(
    "argv, words",
    [
        (["bench", "launch", "--exe", "/nonexistent"], "no program there"),
        (["demo", "--export-all", "/proc/nope", "--game", "shrine"], "cannot write there"),
        (["demo", "heal", "--size", "99999x99999", "--export", "x.gif"], "too large"),
        (["play", "shrine", "--size", "99999x99999"], "too large"),
        (["demo", "heal", "--export", "/nonexistent/dir/x.gif"], "does not exist"),
        (["simulate", "shrine", "--players", "0"], "--players 0"),
        (["simulate", "shrine", "--seats", ""], "unknown seat kind ''"),
        (["simulate", "shrine", "--max-turns", "0"], "--max-turns 0"),
        (["simulate", "shrine", "--option", "balance_reshuffle=true"], "unless balance is on"),
        (["simulate", "shrines", "--players", "3"], "shrines is for 2 players, not 3"),
    ],
)
def test_arguments_refused_with_a_message(argv, words, capsys):
    refused(capsys, argv, words)


def test_load_with_seats_is_refused_not_ignored(tmp_path, capsys):
    save = tmp_path / "s.json"
    save.write_text(json.dumps({"game": "shrine", "seed": 1, "seats": ["human", "computer"]}))
    refused(capsys, ["play", "--load", str(save), "--seats", "human,human"], "leave out --seats")


def test_deep_nesting_is_refused_before_parsing_in_every_reader(tmp_path, capsys):
    deep = tmp_path / "deep.toml"
    deep.write_text('game = "shrine"\nseats = 2\n' + DEEP)
    assert main(["check", str(deep)]) == 1  # check: a problem found, like bad TOML
    assert main(["scenario", str(deep)]) == 2
    out, err = capsys.readouterr()
    assert f"{deep}:3: (top level): arrays or tables nest more than 32 deep" in out
    assert "nest more than" in err and "Traceback" not in err


def test_a_huge_instance_number_is_refused(tmp_path, capsys):
    text = (ROOT / "tests" / "scenarios" / "shrines" / "armor.toml").read_text()
    big = tmp_path / "big.toml"
    big.write_text(text.replace("ashen-brute#", "ashen-brute#99999999", 1))
    refused(capsys, ["scenario", str(big)], "instance numbers go up to")


def test_a_broken_demo_is_listed_as_broken_and_the_others_still(tmp_path, monkeypatch, capsys):
    from shrinetable.demo import catalog

    every = catalog.all_demos()
    bad = tmp_path / "zz-deep.toml"
    bad.write_text(DEEP)
    game = next(iter(every))
    monkeypatch.setattr(catalog, "all_demos", lambda: {**every, game: [*every[game], bad]})
    assert main(["demo", "--list"]) == 0
    out = capsys.readouterr().out
    assert f"{game}/zz-deep" in out and "(broken: arrays or tables nest" in out
    assert sum(len(p) for p in every.values()) + 1 == sum(
        line.startswith("  ") for line in out.splitlines()
    )


def test_the_start_screen_takes_the_window_options_without_a_command():
    """README: `--size WxH` sets the window for one run, `--trace` prints `ready`;
    `shrinetable --size 1280x720` refused them as an unknown command."""
    from shrinetable.cli import build_parser

    argv = ["--size", "1280x720", "--trace", "--fullscreen"]
    args = build_parser(argv).parse_args(argv)
    assert (args.command, args.size, args.trace, args.fullscreen) == (None, "1280x720", True, True)
    argv = ["play", "shrine", "--size", "1600x900"]
    args = build_parser(argv).parse_args(argv)
    assert (args.size, args.trace) == ("1600x900", False)  # a command's own options stand
