"""`shrinetable lesson ...`: list, open, verify and export the guided lessons.

    shrinetable lesson --list [--game G]      the courses, lesson by lesson
    shrinetable lesson NAME                   open one in the window (NAME: game/stem or stem)
    shrinetable lesson --verify [--game G]    play every lesson with its scripted answers
    shrinetable lesson NAME --export out.gif  the lesson as an animated GIF, no window

--verify exits 0 when every lesson holds, 1 naming each lesson and step that no
longer does. A broken file met elsewhere, or an unknown name, is exit 2.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from shrinetable.formats.errors import FormatError
from shrinetable.table import env

from .args import add_cards, parse_size


def add_parser(sub) -> None:
    p = sub.add_parser(
        "lesson",
        help="learn a game by playing it: guided lessons, listed, opened or verified",
        description="Guided lessons: positions where the table asks for each move "
        "and says the rule after it (assets/lessons/<game>/, see docs/lessons.md).",
    )
    p.add_argument("name", nargs="?", help="the lesson, GAME/NAME or NAME (see --list)")
    p.add_argument("--list", action="store_true", help="list the courses and their lessons")
    p.add_argument(
        "--verify",
        action="store_true",
        help="play every lesson with its scripted answers, headless; exit 1 naming any "
        "lesson and step that no longer holds",
    )
    p.add_argument("--game", metavar="GAME", help="with --list or --verify: only this game's")
    p.add_argument("--export", metavar="FILE.gif", help="with NAME: an animated GIF, no window")
    p.add_argument(
        "--size", default=None, metavar="WxH", help="the window's or the GIF's size (1280x720)"
    )
    p.add_argument(
        "--trace", action="store_true", help="print 'ready', each move and each lesson step"
    )
    add_cards(p)


def fail(message: str) -> int:
    print(f"shrinetable lesson: {message}", file=sys.stderr)
    return 2


def run(args: argparse.Namespace) -> int:
    from shrinetable.adapter.lesson import verify
    from shrinetable.formats import lesson

    courses = lesson.all_lessons()
    if args.game is not None:
        if args.game not in courses:
            return fail(
                f"--game: no lessons for {args.game!r}; games with some: {', '.join(courses)}"
            )
        courses = {args.game: courses[args.game]}
    if args.list:
        return _list(courses, args.card_set)
    if args.verify:
        return _verify(courses, args.card_set)
    if not args.name:
        return fail("name a lesson (see --list), or use --list or --verify")
    try:
        path = lesson.find(args.name)
        size = parse_size(args.size, (200, 200)) if args.size else None
        if args.export:
            return _export(path, args.export, size, args.card_set)
        loaded = lesson.load(path, args.card_set)
        verify(loaded)  # a lesson that no longer holds is not opened
    except (LookupError, FormatError, ValueError) as e:
        return fail(str(e))
    except OSError as e:
        return fail(f"--export {args.export}: cannot write it: {e.strerror or e}")
    if env.no_display():
        return fail(env.no_display())
    from shrinetable.table.app import App
    from shrinetable.table.lesson_scene import open_lesson

    app = App(size or (1280, 720), trace=args.trace, cards=args.card_set)
    open_lesson(app, loaded)
    return app.run()


def _list(courses: dict[str, list[Path]], cards) -> int:
    from shrinetable.formats.lesson import load

    from .demo import listing

    return listing(courses, lambda path: load(path, cards).spec, "no lessons found")


def _verify(courses: dict[str, list[Path]], cards) -> int:
    from shrinetable.adapter.lesson import verify
    from shrinetable.formats.lesson import load

    bad = 0
    for paths in courses.values():
        for path in paths:
            try:
                loaded = load(path, cards)
                print(f"ok {loaded.name} ({verify(loaded)} steps)")
            except FormatError as e:
                print(f"FAIL {e}")
                bad += 1
    if bad:
        print(f"{bad} lesson(s) no longer hold", file=sys.stderr)
    return 1 if bad else 0


def _export(path: Path, gif: str, size, cards) -> int:
    from shrinetable.demo import export
    from shrinetable.demo.lesson import replay_lesson

    from .demo import game_size

    shown = replay_lesson(path, cards)
    n = export.write_gif(export.render(shown, size or game_size(shown.game)), gif)
    print(f"wrote {gif} ({n} frames, {Path(gif).stat().st_size // 1024} KB)")
    return 0
