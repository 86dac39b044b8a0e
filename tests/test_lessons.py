"""Guided lessons: every shipped lesson plays through with its scripted answers
(the stale-lesson test: `shrinetable lesson --verify`), a lesson a rules change
breaks is caught naming the file and step, a malformed file is a clear error,
the lesson match takes only the asked-for move, and the window's lesson scene
walks a lesson to its end and remembers it."""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

import pytest
from deckfiles import forbidden
from lesson_steps import take_step

from shrinetable.adapter.lesson import LEARNER, LessonMatch, done, verify
from shrinetable.adapter.port import Refusal
from shrinetable.adapter.session import Applied
from shrinetable.cli import main
from shrinetable.formats import lesson as lesson_format
from shrinetable.formats.errors import FormatError
from shrinetable.formats.lesson import load

ROOT = Path(__file__).resolve().parent.parent
FIRST = ROOT / "assets" / "lessons" / "shrine" / "01-first-turn.toml"

SMALL = """\
title = "Attack"
about = "Opposite colour, exact sum."
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
say = "Look at their Shrine."
light = ["shrine:1"]

[[steps]]
say = "Drag the 5 and the 4 onto their Shrine."
do = "attack p2 5S 4C"
rule = "Black against red, exactly 9."
expect.zones = { "shrine:1" = ["2C"] }

[[steps]]
say = "They draw and pass."
computer = ["draw", "pass"]
"""


def write(tmp_path: Path, text: str, name: str = "01-attack.toml") -> Path:
    path = tmp_path / "shrine" / name
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    return path


def test_every_shipped_lesson_holds(capsys) -> None:
    """The stale-lesson test: the command plays every lesson of every game."""
    assert main(["lesson", "--verify"]) == 0, capsys.readouterr()
    out = capsys.readouterr().out
    for paths in lesson_format.all_lessons().values():
        for path in paths:
            assert f"ok {path.parent.name}/{path.stem} (" in out


def test_a_stale_lesson_is_caught(tmp_path, monkeypatch, capsys) -> None:
    """A move the rules no longer allow fails --verify, naming the lesson and step."""
    write(tmp_path, SMALL.replace("attack p2 5S 4C", "attack p2 5S 7S"))
    monkeypatch.setattr(lesson_format, "lessons_dir", lambda: tmp_path)
    assert main(["lesson", "--verify", "--game", "shrine"]) == 1
    out = capsys.readouterr().out
    assert "FAIL" in out and "01-attack.toml:" in out and "steps[1].do[0]" in out
    assert "not a legal move here" in out


@pytest.mark.parametrize(
    ("change", "key", "words"),
    [
        (
            ('do = "attack p2 5S 4C"', 'do = "attack p2 5S 4C"\ncomputer = "pass"'),
            "steps[1]",
            "one of do",
        ),
        (('light = ["shrine:1"]', 'light = ["shrine:9"]'), "steps[0].light[0]", "unknown zone"),
        (
            ('light = ["shrine:1"]', 'light = ["shrine:1/KS"]'),
            "steps[0].light[0]",
            "not in shrine:1",
        ),
        (
            ('"shrine:1" = ["2C"] }', '"shrine:1" = ["9H"] }'),
            "steps[1].expect.zones.shrine:1",
            "got [2C]",
        ),
        (('do = "attack p2 5S 4C"', 'do = "attack p2 5S"'), "steps[1].do[0]", "not a legal move"),
        (
            ('computer = ["draw", "pass"]', 'computer = ["draw", "heal"]'),
            "steps[2].computer[1]",
            "",
        ),
        (('say = "They draw and pass."', 'say = ""'), "steps[2].say", ""),
    ],
)
def test_a_broken_lesson_names_file_field_and_step(tmp_path, change, key, words) -> None:
    path = write(tmp_path, SMALL.replace(*change))
    with pytest.raises(FormatError) as caught:
        verify(load(path))
    assert caught.value.key == key and words in caught.value.message
    assert str(caught.value).startswith(f"{path}:")


def test_check_validates_a_lesson_file(tmp_path, capsys) -> None:
    assert main(["check", str(write(tmp_path, SMALL))]) == 0
    assert "ok (a lesson of 3 steps)" in capsys.readouterr().out
    bad = write(tmp_path, SMALL.replace("attack p2 5S 4C", "attack p2 7S"), "02-bad.toml")
    assert main(["check", str(bad)]) == 1
    assert "steps[1].do[0]" in capsys.readouterr().out


def test_the_lesson_takes_only_the_asked_for_move(tmp_path) -> None:
    m = LessonMatch(load(write(tmp_path, SMALL)))
    assert m.current().kind() == "words" and m.pending() is None
    refused = m.play(LEARNER, "pass")
    assert isinstance(refused, Refusal) and refused.reason.startswith("Not yet")
    assert m.next() and m.current().kind() == "do"
    assert ("shrine:1", None) in m.lit()
    legal_but_not_asked = m.play(LEARNER, "pass")  # legal, and refused with the step's word
    assert isinstance(legal_but_not_asked, Refusal)
    assert legal_but_not_asked.reason == "Not yet: Drag the 5 and the 4 onto their Shrine."
    assert m.ask_why(LEARNER, ("7S",), "hand:0", "shrine:1", None).value() == m.not_yet()
    assert m.hint(LEARNER).text == "attack p2 4C 5S"  # canonical order
    assert isinstance(m.play(LEARNER, "attack p2 4C 5S"), Applied)  # any order of the cards
    assert m.rule == "Black against red, exactly 9." and m.current().kind() == "computer"
    assert [m.pending().action.text, m.step().text] == ["draw", "draw"]
    assert m.step().text == "pass" and m.finished and m.pending() is None
    assert m.rule == "Black against red, exactly 9."  # the computer's reply kept it
    assert not m.powers.save and not m.can_undo(LEARNER)


def test_a_computer_step_never_moves_for_the_player(tmp_path) -> None:
    """A `computer` move must be another seat's: verify names the step, and the
    table does not make the player's move for them."""
    path = write(tmp_path, SMALL.replace('do = "attack p2 5S 4C"', 'computer = "attack p2 5S 4C"'))
    with pytest.raises(FormatError) as caught:
        verify(load(path))
    assert caught.value.key == "steps[1].computer[0]"
    assert "must be another seat's" in caught.value.message and "p1" in caught.value.message
    m = LessonMatch(load(path))
    assert m.next() and m.current().computer and m.pending() is None


def test_expect_holds_as_its_step_ends(tmp_path) -> None:
    """A step's `expect` is checked before the next step's own position replaces
    the board (here shrine:1 becomes [9C])."""
    computer = 'computer = ["draw", "pass"]'
    held = SMALL.replace(computer, f'{computer}\nexpect.zones = {{ "shrine:1" = ["2C"] }}')
    assert verify(load(write(tmp_path, held + ANOTHER))) == 5
    wrong = SMALL.replace(computer, f'{computer}\nexpect.zones = {{ "shrine:1" = ["9C"] }}')
    with pytest.raises(FormatError) as caught:
        verify(load(write(tmp_path, wrong + ANOTHER)))
    assert (
        caught.value.key == "steps[2].expect.zones.shrine:1" and "got [2C]" in caught.value.message
    )


LONG_RULE = "Black against red, exactly 9: " + "the cards you attack with add up. " * 12
LONG_SAY = "They draw and pass; " + "watch their hand and your Shrine as they do. " * 4


def test_words_too_long_for_the_box_are_named(tmp_path) -> None:
    """The lesson box at 1280x720 holds about BOX_CHARS of title and words."""
    long = SMALL.replace("Look at their Shrine.", "Look at their Shrine. " * 12)
    with pytest.raises(FormatError) as caught:
        load(write(tmp_path, long))
    assert caught.value.key == "steps[0].say" and "1280x720 holds about 250" in caught.value.message


def test_the_box_keeps_the_words_in_view(app, tmp_path) -> None:
    """A long rule gives way (cut, then left out) so the step's words stay in
    the box at 1280x720 without scrolling."""
    from shrinetable.table.lesson_scene import open_lesson

    text = SMALL.replace('rule = "Black against red, exactly 9."', f'rule = "{LONG_RULE}"')
    scene = open_lesson(app, load(write(tmp_path, text.replace("They draw and pass.", LONG_SAY))))
    scene.command("lesson_next")
    scene.perform("attack p2 5S 4C")
    assert scene.lesson.current().computer and scene.lesson.rule == " ".join(LONG_RULE.split())
    box = next(b for b in scene.ui.boxes if b.paragraphs == [scene.panels.said])
    assert " ".join(LONG_SAY.split())[:60] in box.html_text and box.room() == 0
    assert "Black against red" not in box.html_text or "\u2026" in box.html_text


def test_list_and_unknown_names(capsys) -> None:
    assert main(["lesson", "--list"]) == 0
    assert "shrine/01-first-turn" in capsys.readouterr().out
    assert main(["lesson", "no-such-lesson"]) == 2
    assert "no lesson called" in capsys.readouterr().err
    assert main(["lesson", "--verify", "--game", "chess"]) == 2


def test_a_lesson_exports_as_a_gif(tmp_path) -> None:
    gif = tmp_path / "lesson.gif"
    assert main(["lesson", "shrine/01-first-turn", "--export", str(gif), "--size", "400x300"]) == 0
    from PIL import Image

    with Image.open(gif) as im:
        assert im.size == (400, 300) and im.n_frames > 10


def test_the_scene_walks_a_lesson_and_remembers_it(app) -> None:
    """In the window: the words in their box, Next, the lit place, a refusal in
    the box (not over the table), the move, the rule, the end remembered."""
    from shrinetable.table.lesson_scene import open_lesson

    scene = open_lesson(app, load(FIRST))
    assert "Lesson: A turn, and how to win" in scene.panels.s.words()
    import pygame

    scene.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_n, mod=0, unicode="n"), False)
    assert scene.lesson.at == 1  # N is Next
    assert ("deck", None) in scene.marks.targets
    scene.perform("pass")  # a button's move not asked for
    assert scene.word.startswith("Not yet") and not scene.shout
    scene.word = ""
    scene.pointer._refused(scene.lesson.not_yet())  # a drop that made no move
    assert scene.word == scene.lesson.not_yet() and not scene.shout
    while not scene.lesson.finished:
        step = scene.lesson.current()
        if step.kind() == "words":
            scene.command("lesson_next")
        elif step.kind() == "computer":  # the table's own move, when its pace is up
            assert scene.ai_move is not None and scene.ai_due is not None
            scene.update(scene.ai_due)
        else:
            scene.perform(scene.lesson.lesson.moves[scene.lesson.at][0])
            assert scene.lesson.rule or not step.rule
    assert "Lesson complete" in scene.words() and scene.overlay is None
    assert "shrine/01-first-turn" in done()


def test_learn_to_play_from_the_start_screen(app) -> None:
    """The start screen offers the course to a newcomer, lists its lessons (a ✔ on
    one finished), opens one, and Close comes back to it with the game chosen."""
    from shrinetable.adapter.lesson import mark_done
    from shrinetable.table.lesson_scene import LessonScene
    from shrinetable.table.start_scene import StartScene

    scene = StartScene(app, game="sorcerer")
    assert "New to it? Learn to play" in scene._game_words()
    learn = next(b for b, c in scene.actions.items() if c == ("learn",))
    assert learn.is_enabled
    scene._command(("learn",))
    listed = {b.text: c for b, c in scene.actions.items() if c[0] == "lesson"}
    assert "1. A turn, and how to win" in listed
    scene._command(listed["1. A turn, and how to win"])
    assert isinstance(app.scene, LessonScene) and app.scene.lesson.lesson.name.startswith("sorc")
    app.scene.command("lesson_close")
    assert isinstance(app.scene, StartScene) and app.scene.game.name == "sorcerer"
    mark_done("sorcerer/01-first-turn")
    again = StartScene(app, game="sorcerer")
    assert "New to it" not in again._game_words()
    again._command(("learn",))
    assert any(b.text.startswith("\u2714 1.") for b, c in again.actions.items() if c[0] == "lesson")


ANOTHER = """
[[steps]]
say = "A new position: your Shrine shows the 5♥."

[steps.position]
stage = "action"

[steps.position.zones]
"shrine:0" = ["2D", "5H"]
"shrine:1" = ["9C"]
"hand:0" = ["5S", "5D"]
"hand:1" = ["2H"]

[[steps]]
say = "Heal it."
do = "heal 5S 5D"
expect.zones = { "hand:0" = [] }
"""


def test_a_step_may_set_a_new_position(tmp_path) -> None:
    from shrinetable.demo.lesson import replay_lesson

    path = write(tmp_path, SMALL + ANOTHER)
    assert verify(load(path)) == 5
    m = LessonMatch(load(path))
    assert m.next() and isinstance(m.play(LEARNER, "attack p2 5S 4C"), Applied)
    assert m.step() and m.poll() == [] and m.history
    m.step()  # the last move of step 2: step 3 begins, afresh from its own position
    assert m.at == 3 and [c.kind for c in m.poll()] == ["reset"] and not m.history
    assert m.rule == "Black against red, exactly 9."  # kept until the player's Next
    assert m.next() and m.rule == ""
    assert m.game.all_cards(m.session.state)["hand:0"] == ["5S", "5D"]
    shown = replay_lesson(path)  # the GIF: both positions, in one run of frames
    assert [f.index for f in shown.frames] == list(range(len(shown.frames)))


@pytest.mark.parametrize(
    ("change", "key"),
    [
        (('stage = "action"\n\n[steps', "seats = 3\n\n[steps"), "steps[3].position.seats"),
        (('"hand:1" = ["2H"]\n\n[[', '"hand:9" = ["2H"]\n\n[['), "steps[3].position.zones.hand:9"),
        (('stage = "action"\n\n[steps', 'stage = "lunch"\n\n[steps'), "steps[3].position.stage"),
    ],
)
def test_a_broken_step_position_is_named(tmp_path, change, key) -> None:
    assert change[0] in ANOTHER
    with pytest.raises(FormatError) as caught:
        load(write(tmp_path, SMALL + ANOTHER.replace(*change)))
    assert caught.value.key == key


def test_every_lesson_replays_for_its_gif() -> None:
    from shrinetable.demo.lesson import replay_lesson

    for paths in lesson_format.all_lessons().values():
        for path in paths:
            assert replay_lesson(path).frames


def test_the_window_takes_a_new_position(app, tmp_path) -> None:
    """The scene hears the lesson's new position (`poll`) and shows it: the log
    starts afresh and the hand is the new one."""
    import time

    from shrinetable.table.lesson_scene import open_lesson

    scene = open_lesson(app, load(write(tmp_path, SMALL + ANOTHER)))
    scene.command("lesson_next")
    scene.perform("attack p2 5S 4C")
    while scene.lesson.at < 3:
        scene.update(scene.ai_due)
    scene.update(time.monotonic())
    assert scene.view().zones["hand:0"].cards == ("5S", "5D") and not scene.log.lines
    scene.command("lesson_next")  # the heal: the pair is raised, ready to drag
    assert scene.marks.selected == {"hand:0": frozenset({0, 1})}


def test_a_free_step_takes_any_legal_move(tmp_path) -> None:
    free = SMALL.replace(
        'do = "attack p2 5S 4C"\nrule', 'free = true\nanswer = "attack p2 5S 4C"\nrule'
    ).replace('expect.zones = { "shrine:1" = ["2C"] }\n', "")
    assert verify(load(write(tmp_path, free))) == 3
    m = LessonMatch(load(write(tmp_path, free)))
    m.next()
    refused = m.play(LEARNER, "attack p2 7S")  # the engine's own reason
    assert isinstance(refused, Refusal) and not refused.reason.startswith("Not yet")
    assert isinstance(m.play(LEARNER, "pass"), Applied) and m.current().computer


SEEDS = ROOT.parent / "shared" / "seeds"  # beside the project, where it has them
SEED_OF = {"shrine": "000", "shrines": "001", "sorcerer": "002", "shards": "003", "usagi": "004"}


def _words_of(text: str) -> list[str]:
    return re.findall(r"[a-z0-9']+", text.lower())


@pytest.mark.parametrize(
    "path", [p for ps in lesson_format.all_lessons().values() for p in ps], ids=str
)
def test_a_lesson_speaks_in_our_own_words(path) -> None:
    """No name a game must not borrow (tests/borrowed-names.toml), and no run of
    eight words copied from the game's seed rules, where those are at hand."""
    spec = load(path).spec
    said = [spec.title, spec.about] + [
        t for s in spec.steps for t in (s.say, s.rule, s.not_yet) if t is not None
    ]
    names = tomllib.loads((Path(__file__).parent / "borrowed-names.toml").read_text())
    if spec.game in names:
        found = forbidden(spec.game)
        assert not [t for t in said if found.search(t)]
    seed = next(iter(SEEDS.glob(f"{SEED_OF.get(spec.game, 'none')}_*.txt")), None)
    if seed is None:
        return
    source = " ".join(_words_of(seed.read_text(encoding="utf-8", errors="replace")))
    for text in said:
        words = _words_of(text)
        runs = {" ".join(words[i : i + 8]) for i in range(len(words) - 7)}
        assert not [r for r in runs if r in source], text


PLAY_ON = """
[[steps]]
say = "Now play the game out against the computer."
play_on = true

[[steps]]
say = "The game is over."
"""


def test_a_guided_game_plays_to_its_end(tmp_path) -> None:
    """`play_on`: the player's own moves, the easy computer's for the others, to
    the end; verify plays it (the same seeded game each time) and the GIF stops
    where it begins."""
    from shrinetable.demo.lesson import replay_lesson

    path = write(tmp_path, SMALL + PLAY_ON)
    assert verify(load(path)) == 5
    m = LessonMatch(load(path))
    m.next()
    m.play(LEARNER, "attack p2 5S 4C")
    while m.current().computer:
        m.step()
    assert m.current().kind() == "play_on"
    d = m.decision()
    assert d.seat == LEARNER and m.pending() is None  # the player decides
    assert m.play(LEARNER, "pass").rule == "turn"  # refused by the rules' own word
    assert isinstance(m.play(LEARNER, "draw"), Applied)  # any legal move
    assert isinstance(m.play(LEARNER, "pass"), Applied)
    assert m.pending() is not None and m.pending().seat == 1  # then the computer
    assert replay_lesson(path).frames[-1].caption == "Now play the game out against the computer."
    with pytest.raises(FormatError) as caught:
        load(
            write(
                tmp_path, SMALL + PLAY_ON.replace("play_on = true", 'play_on = true\ndo = "pass"')
            )
        )
    assert "one of do, computer, free or play_on" in caught.value.message


@pytest.mark.parametrize(
    "path", [ps[0] for ps in lesson_format.all_lessons().values()], ids=lambda p: p.parent.name
)
def test_the_table_moves_only_when_a_step_says_so(app, path) -> None:
    """Walked in the window's scene: the table's own move is due at each
    `computer` step and at no other, not even a pass the rules leave the player."""
    from shrinetable.table.lesson_scene import open_lesson

    scene = open_lesson(app, load(path))
    while (step := scene.lesson.current()) is not None:
        assert (scene.ai_move is not None) == bool(step.computer), (scene.lesson.at, step.say)
        if step.computer:
            scene.update(scene.ai_due)
        elif step.do:
            scene.perform(scene.lesson.lesson.moves[scene.lesson.at][0])
        else:
            scene.command("lesson_next")
    assert scene.ai_move is None and "Lesson complete" in scene.words()


def test_the_window_plays_a_guided_game_out(app, tmp_path) -> None:
    """A `play_on` step in the scene: the player's moves taken as in any game,
    the computer's made at the table's pace, and the lesson on to its last words."""
    import time

    from shrinetable.table.lesson_scene import open_lesson

    scene = open_lesson(app, load(write(tmp_path, SMALL + PLAY_ON)))
    scene.command("lesson_next")
    scene.perform("attack p2 5S 4C")
    for _ in range(3000):
        step = scene.lesson.current()
        if step is None or step.kind() == "words" and scene.lesson.at > 3:
            break
        if scene.my_decision():
            scene.perform(scene.match.hint(LEARNER).action)
        else:
            scene.update(scene.ai_due or time.monotonic())
    assert scene.lesson.at == 4 and scene.match.outcome() is not None
    assert scene.overlay is None and "The game is over." in scene.words()


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
def test_at_150_percent_the_lesson_s_last_buttons_read_whole(dummy_video, size) -> None:
    """At the menu's 150% text size, 1280x720, a finished lesson's "Next
    lesson ▶" was cut in half the log's width: where even shares would cut a
    label, each button is as wide as its words."""
    import pygame

    from shrinetable.table import uiscale
    from shrinetable.table.app import App
    from shrinetable.table.lesson_scene import open_lesson

    uiscale.save(1.5)
    app = App(size)
    scene = open_lesson(app, load(FIRST))
    while not scene.lesson.finished:
        take_step(scene)
    scene.build_ui()
    shown = {c: b for b, c in scene.ui.commands.items() if c.startswith("lesson_")}
    assert set(shown) == {"lesson_on", "lesson_close"}
    for b in shown.values():
        assert b.label(app.fonts) == ([b.text], False), b.text
    on, close = shown["lesson_on"].rect, shown["lesson_close"].rect
    assert on.top == close.top and on.right < close.left
    assert (on.w > close.w) == (size == (1280, 720))  # 1920: even shares fit
    pygame.quit()
