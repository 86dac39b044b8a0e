"""Rules demonstrations: every shipped demo replays through the engine (so a
rules change that breaks one fails here), broken files are reported clearly,
the command lists and exports them, and the window player steps through them."""

from __future__ import annotations

import os
import subprocess
import sys
import time
from pathlib import Path

import pygame
import pytest
from PIL import Image

from shrinetable.cli import main
from shrinetable.demo import catalog
from shrinetable.demo.pages import page
from shrinetable.demo.replay import replay_file
from shrinetable.formats.errors import FormatError

ROOT = Path(__file__).resolve().parent.parent
DEMOS = [p for paths in catalog.all_demos().values() for p in paths]

GOOD = """\
title = "Attack"
rule = "Opposite colour, exact sum."
game = "shrine"
seats = 2
turn = "p1"
stage = "action"

[zones]
"shrine:0" = ["2D", "3D"]
"shrine:1" = ["2C", "9H"]
"hand:0" = ["5S", "4C", "7S"]
"hand:1" = ["2H"]

[[steps]]
caption = "Too much."
action = "attack p2 5S 7S"
expect_illegal = true

[[steps]]
caption = "Exactly nine."
action = "attack p2 5S 4C"
highlight = ["hand:0/5S", "shrine:1"]
arrow = { from = "hand:0/4C", to = "shrine:1" }

[[steps]]
caption = "Done."
"""


def write(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "demo.toml"
    path.write_text(text, encoding="utf-8")
    return path


def test_the_shrine_demonstrations_are_shipped():
    stems = {p.stem for p in catalog.all_demos()["shrine"]}
    assert len(stems) >= 20
    assert {
        "heal",
        "attack",
        "attack_refused",
        "fizzle",
        "counter_fizzle",
        "winning",
        "balance",
        "alternate_healing",
        "alternate_fizzle",
    } <= stems


def test_the_shrines_demonstrations_are_shipped():
    """Playing a creature, travel, combat with blocking, each movement keyword on the
    grid, the site limit and the Shrine's time marks."""
    stems = {p.stem for p in catalog.all_demos()["shrines"]}
    assert {
        "play_creature",
        "travel",
        "combat_blocking",
        "flying",
        "lunge",
        "sprint",
        "unstoppable",
        "immoveable",
        "site_limit",
        "shrine_marks",
        "several_blockers",
    } <= stems


def test_shrines_demo_points_at_cards_on_sites():
    """References to Shrines cards (lower-case names on sites) are checked, and a
    refused step carries the engine's reason and clause."""
    demo = replay_file(catalog.find("shrines/travel"))
    refused = [f for f in demo.frames if f.refusal]
    assert [f.refusal.rsplit("(rule: ", 1)[1] for f in refused] == ["travel)", "travel)", "move)"]
    assert "a3 is 2 away" in refused[0].refusal  # the reason, not only "cannot"
    assert "c2: an opposing body holds it" in refused[2].refusal
    assert refused[0].arrow == ("site:a1/ashen-brute#1", "site:a3")
    moved = demo.frames[-1]
    assert moved.after.zones["site:a2"].cards == ("ashen-brute#1",)


def test_the_shards_demonstrations_are_shipped():
    """One per basic action, keyword, condition and win condition (issue 13), the
    Starting Phase, and a territory founded and ceasing; the rules page orders
    them from the Starting Phase to the wins."""
    demos = {p.stem: p for p in catalog.all_demos()["shards"]}
    assert {
        "scrap",
        "trade",
        "attack",
        "move",
        "develop",
        "research",
        "blitz",
        "damage_reduction",
        "hit_and_run",
        "overwhelm",
        "pillage",
        "vigilant",
        "wrecker",
        "affinity",
        "no_affinity",
        "raiding",
        "upgraded",
        "domination",
        "prosperity",
        "attrition",
        "starting_phase",
        "found_territory",
        "territory_ceases",
    } <= set(demos)
    wins = [
        replay_file(demos[n]).frames[-1].after.outcome
        for n in ("domination", "prosperity", "attrition")
    ]
    assert [w.winners for w in wins] == [(0,), (0,), (0,)]
    assert [w.reason.split(" by ")[1].split(":")[0] for w in wins] == [
        "Domination",
        "Prosperity",
        "Attrition",
    ]


SHRINES_DEMO = """\
title = "Travel"
rule = "One site forward."
game = "shrines"
seats = 2
turn = "p1"
act = "travel"

[zones]
"site:b1" = ["ashen-brute#1"]

[[steps]]
caption = "Forward."
action = "travel ashen-brute#1 b2"
highlight = ["site:b1/ashen-brute#1"]
"""


@pytest.mark.parametrize(
    "old, new, key, message",
    [
        (
            '"site:b1/ashen-brute#1"',
            '"site:b2/ashen-brute#1"',
            "steps[0].highlight[0]",
            "ashen-brute#1 is not in site:b2",
        ),
        ('act = "travel"', 'act = "travel"\nstage = "action"', "stage", "do not use 'stage'"),
        (
            '"travel ashen-brute#1 b2"',
            '"travel ashen-brute#1 b3"',
            "steps[0].action",
            "the rules refuse",
        ),
        (
            '"site:b1" = ["ashen-brute#1"]',
            '"site:b1" = ["ashen-brute"]',
            "zones.site:b1[0]",
            "not a card",
        ),
    ],
)
def test_malformed_shrines_demo(tmp_path, old, new, key, message):
    assert old in SHRINES_DEMO
    with pytest.raises(FormatError) as err:
        replay_file(write(tmp_path, SHRINES_DEMO.replace(old, new, 1)))
    assert err.value.key == key and message in err.value.message


@pytest.mark.parametrize("path", DEMOS, ids=[f"{p.parent.name}/{p.stem}" for p in DEMOS])
def test_demo_replays(path):
    """Loading replays every step: a refused step not marked expect_illegal, or
    an accepted one that is, raises FormatError."""
    demo = replay_file(path)
    assert demo.title and demo.rule
    for frame in demo.frames:
        assert frame.caption
        assert len(frame.stages) == len(frame.moves) + 1
        for stage in frame.stages:  # between events too, a Shrine shows its top card
            assert all(
                z.cards[-1] is not None
                for name, z in stage.zones.items()
                if name.startswith("shrine:") and z.cards
            )
        if frame.refusal is not None:
            assert frame.after is frame.before


def test_good_file_replays(tmp_path):
    demo = replay_file(write(tmp_path, GOOD))
    refused, attack, done = demo.frames
    assert "they make 12" in refused.refusal and "(rule: attack)" in refused.refusal
    assert attack.action == "attack p2 4C 5S"
    assert attack.stages[-1] is attack.after
    assert [m.target for m in attack.moves] == ["pending", "graveyard", "graveyard"]
    assert attack.after.zones["shrine:1"].cards[-1] == "2C"
    assert done.action is None and done.before == attack.after


@pytest.mark.parametrize(
    "change, key, message",
    [
        (
            ('caption = "Exactly nine."', 'caption = "Exactly nine."\nfoo = 1'),
            "steps[1].foo",
            "Extra inputs",
        ),
        (('action = "attack p2 5S 4C"', 'action = "attack p2 5S 4X"'), "steps[1].action", "4X"),
        (
            ('action = "attack p2 5S 4C"', 'action = "attack p2 5S 9D"'),
            "steps[1].action",
            "the rules refuse",
        ),
        (("expect_illegal = true", "expect_illegal = false"), "steps[0].action", "they make 12"),
        (('"hand:0/5S"', '"hand:0/9C"'), "steps[1].highlight[0]", "9C is not in hand:0"),
        (('to = "shrine:1"', 'to = "shrine:7"'), "steps[1].arrow.to", "unknown zone"),
        (('rule = "Opposite colour, exact sum."\n', ""), "rule", "Field required"),
    ],
)
def test_malformed_demo_names_key_and_line(tmp_path, change, key, message):
    old, new = change
    assert old in GOOD
    path = write(tmp_path, GOOD.replace(old, new, 1))
    with pytest.raises(FormatError) as err:
        replay_file(path)
    assert err.value.key == key
    assert message in err.value.message
    assert str(err.value).startswith(f"{path}:")


def test_accepted_step_marked_illegal_is_an_error(tmp_path):
    text = GOOD.replace('"attack p2 5S 4C"\n', '"attack p2 5S 4C"\nexpect_illegal = true\n')
    with pytest.raises(FormatError, match="expected a refusal"):
        replay_file(write(tmp_path, text))


def test_list(capsys):
    assert main(["demo", "--list"]) == 0
    out = capsys.readouterr().out
    games = [line[:-1] for line in out.splitlines() if not line.startswith(" ")]
    assert games == sorted(catalog.all_demos()) and "shrine" in games
    assert "shards/hit_and_run" in out and "Hit and Run" in out
    assert "shrine/heal" in out and "Heal" in out
    assert "shrine/alternate_fizzle" in out
    assert "shrines:\n" in out and "shrines/lunge" in out and "Lunge" in out


@pytest.mark.parametrize(
    "argv, message",
    [
        (["demo", "no_such_demo"], "no demonstration called"),
        (["demo"], "name a demonstration"),
        (["demo", "heal", "--export", "x.gif", "--size", "big"], "--size"),
        (["demo", "heal", "--export-all", "out"], "give no NAME"),
    ],
)
def test_bad_arguments_exit_2(capsys, argv, message):
    assert main(argv) == 2
    assert message in capsys.readouterr().err


def test_short_and_full_names_find_the_same_file():
    assert catalog.find("heal") == catalog.find("shrine/heal")


def test_export_gif_headless(tmp_path):
    """In a fresh process with no display at all: an animated GIF of the size asked."""
    out = tmp_path / "heal.gif"
    env = {k: v for k, v in os.environ.items() if k not in ("DISPLAY", "SDL_VIDEODRIVER")}
    run = subprocess.run(
        [
            sys.executable,
            "-m",
            "shrinetable",
            "demo",
            "shrine/heal",
            "--export",
            str(out),
            "--size",
            "480x360",
        ],
        capture_output=True,
        text=True,
        env=env,
        cwd=ROOT,
        timeout=60,
    )
    assert run.returncode == 0, run.stderr
    with Image.open(out) as gif:
        assert gif.size == (480, 360)
        assert gif.is_animated and gif.n_frames > 1
    assert out.stat().st_size < 400_000


def test_exported_frames_show_the_caption(tmp_path):
    assert main(["demo", "heal", "--export-frames", str(tmp_path), "--size", "400x300"]) == 0
    frames = sorted(tmp_path.glob("frame-*.png"))
    assert len(frames) > 3
    with Image.open(frames[0]) as im:
        assert im.size == (400, 300)
        strip = im.convert("RGB").crop((0, 240, 400, 300))
        colours = strip.getcolors(10_000)
        # the caption is drawn text: light pixels on the dark strip, not one flat colour
        assert len(colours) > 10
        assert any(sum(c) > 600 for _, c in colours)


def test_rules_page_embeds_each_gif():
    demos = [replay_file(catalog.find(n)) for n in ("heal", "attack_refused")]
    text = page("shrine", demos)
    assert "## Heal" in text and "## A refused attack, and why" in text
    assert "![Heal: a demonstration](shrine/heal.gif)" in text
    assert demos[0].rule in text
    assert "Refused:" in text


@pytest.fixture
def scene(monkeypatch):
    monkeypatch.setenv("SDL_VIDEODRIVER", "dummy")
    from shrinetable.demo.scene import DemoScene
    from shrinetable.table.app import App

    app = App((1000, 640))
    app.scene = DemoScene(app, replay_file(catalog.find("heal")))
    app.step([], 0.01)
    yield app
    pygame.quit()


def key(app, k):
    app.step([pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode="")], 0.01)


def test_player_keys(scene):
    s = scene.scene
    assert s.playing and (s.i, s.phase) == (0, "pose")  # it opens playing
    key(scene, pygame.K_SPACE)
    assert not s.playing
    key(scene, pygame.K_RIGHT)  # a caption-only step: on to the next
    assert (s.i, s.phase) == (1, "pose")
    key(scene, pygame.K_RIGHT)  # a refused step: the reason is shown
    assert (s.i, s.phase) == (1, "rest")
    key(scene, pygame.K_RIGHT)
    key(scene, pygame.K_RIGHT)  # the heal: its cards start flying
    assert (s.i, s.phase) == (2, "move")
    assert s.deadline() - time.monotonic() < 0.1  # while they fly, the App wakes each frame
    key(scene, pygame.K_LEFT)
    assert (s.i, s.phase) == (2, "pose")
    key(scene, pygame.K_PLUS)
    assert s.speed > 1
    key(scene, pygame.K_SPACE)
    assert s.playing
    key(scene, pygame.K_ESCAPE)
    assert not scene.running


def test_the_example_in_the_docs_replays(tmp_path):
    doc = (ROOT / "docs" / "demos.md").read_text(encoding="utf-8")
    example = doc.split("```toml\n", 1)[1].split("```", 1)[0]
    demo = replay_file(write(tmp_path, example))
    assert [f.refusal is not None for f in demo.frames] == [False, True, False]


def test_player_steps_through_a_shrines_demo(monkeypatch):
    monkeypatch.setenv("SDL_VIDEODRIVER", "dummy")
    from shrinetable.demo.scene import DemoScene
    from shrinetable.table.app import App

    app = App((1000, 640))
    try:
        demo = replay_file(catalog.find("shrines/lunge"))
        app.scene = DemoScene(app, demo)
        for _ in range(3 * len(demo.frames)):
            key(app, pygame.K_RIGHT)
        assert app.scene.i == len(demo.frames) - 1 and app.scene.phase == "rest"
    finally:
        pygame.quit()


def test_export_all_for_one_game_leaves_the_others_alone(tmp_path, monkeypatch, capsys):
    """`--export-all DIR --game G` writes G's GIFs and page only: another game's
    files already in DIR stay byte for byte."""
    two = {"shrine": [catalog.find("shrine/heal")], "shrines": [catalog.find("shrines/travel")]}
    monkeypatch.setattr(catalog, "all_demos", lambda: two)
    (tmp_path / "shrine").mkdir()
    kept = tmp_path / "shrine" / "heal.gif"
    kept.write_bytes(b"not regenerated")
    (tmp_path / "shrine.md").write_text("old page", encoding="utf-8")
    assert (
        main(["demo", "--export-all", str(tmp_path), "--game", "shrines", "--size", "240x200"]) == 0
    )
    assert kept.read_bytes() == b"not regenerated"
    assert (tmp_path / "shrine.md").read_text(encoding="utf-8") == "old page"
    with Image.open(tmp_path / "shrines" / "travel.gif") as gif:
        assert gif.size == (240, 200) and gif.is_animated
    assert "## Travel" in (tmp_path / "shrines.md").read_text(encoding="utf-8")
    assert main(["demo", "--export-all", str(tmp_path), "--game", "nosuch"]) == 2
    assert "no demonstrations for 'nosuch'" in capsys.readouterr().err
    assert main(["demo", "heal", "--game", "shrine"]) == 2
    assert "--game goes with --export-all" in capsys.readouterr().err


@pytest.mark.parametrize(
    ("name", "clause", "why"),
    [
        ("shrines/flying", "flying", "only fliers stop a flier"),
        ("shrines/immoveable", "immoveable", "nothing moves onto or off it"),
        ("shrines/sprint", "sprint", "b5 is 4 away"),
    ],
)
def test_a_refused_travel_names_the_rule_that_stops_it(name, clause, why):
    """A refusal names the rule that actually refuses the move, with its reason."""
    refused = [f.refusal for f in replay_file(catalog.find(name)).frames if f.refusal]
    assert any(f"(rule: {clause})" in r and why in r for r in refused), refused
