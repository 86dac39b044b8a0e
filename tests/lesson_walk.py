"""Every position of every lesson in the window's scene, at one window size
and 100% text, each looked at with and without a Hint's words: whether the
prompt and the lesson's words read whole (no scroll, the rule not cut) and
whether the Hint moved the lesson's Next. Used by
`tests/test_lesson_room.py`; run alone it prints the counts:

    PYTHONPATH=. SDL_VIDEODRIVER=dummy SHRINETABLE_AI_DELAY=0 \\
        python3 tests/lesson_walk.py 1280x720
"""

from __future__ import annotations

import sys
import time
from dataclasses import dataclass, field

import pygame

NOTICE = (  # a long Hint's words, as said in Shards
    "Hint: Play Gilded Sentinel into territory 1 "
    "(dragging the raised card(s) to the outlined place)."
)
PLAY_ON_MOST = 60  # positions of a `play_on` step (a game to its end) looked at


@dataclass
class Walked:
    positions: int = 0
    hints: int = 0
    prompt_cut: list[str] = field(default_factory=list)
    words_cut: list[str] = field(default_factory=list)
    next_moved: list[str] = field(default_factory=list)
    notice_cut: list[str] = field(default_factory=list)
    small_px: list[str] = field(default_factory=list)


def _next(scene) -> list[tuple[str, tuple]]:
    return sorted(
        (c, tuple(b.rect)) for b, c in scene.ui.commands.items() if c.startswith("lesson_")
    )


def _look(scene, where: str, out: Walked, least: int) -> None:
    """The prompt and the lesson's words whole at this position (the rule
    not cut, in any of the shapes the panel lays them out in)."""
    from shrinetable.table.lesson_scene import SHAPES

    ui = scene.ui
    box = next(b for b in ui.boxes if b.paragraphs == [scene.panels.said])
    if ui.status is not None and ui.status.room():
        out.prompt_cut.append(where)
    whole = [scene.words(*shape) for shape in SHAPES if shape[0] is None]
    if box.room() or box.paragraphs[0] not in whole:
        out.words_cut.append(where)
    if ui.px < least:
        out.small_px.append(where)


def _position(app, scene, where: str, out: Walked, least: int) -> None:
    """One position looked at, then again with a Hint's words (or its word
    that the decision is not the player's), which are then put away."""
    out.positions += 1
    _look(scene, where, out, least)
    if scene.message:
        return
    before = _next(scene)
    scene.aid.hint()
    for _ in range(200):
        if scene.message:
            break
        app.step([], 0.01)
    out.hints += 1
    _noticed(scene, where + " (hinted)", before, out, least)
    scene.say(NOTICE, error=False)  # any notice: as long as a long Hint's
    _noticed(scene, where + " (a notice)", before, out, least)


def _noticed(scene, where: str, before: list, out: Walked, least: int) -> None:
    """The notice shown: the words whole, Next where it was; then put away."""
    _look(scene, where, out, least)
    if _next(scene) != before:
        out.next_moved.append(f"{where}: {before} -> {_next(scene)}")
    if scene.ui.notice is None or scene.ui.notice.room():
        out.notice_cut.append(where)
    scene.message = ""
    scene.build_ui()


def walk(app, lesson, out: Walked, least: int) -> None:
    """`lesson` from its first step to its end in `app`'s window."""
    from shrinetable.adapter.lesson import LEARNER
    from shrinetable.table.lesson_scene import open_lesson

    scene = open_lesson(app, lesson)
    played = 0
    while True:
        step = scene.lesson.current()
        at = f"step {scene.lesson.at + 1}" if step is not None else "done"
        _position(app, scene, f"{lesson.name} {at} move {len(scene.match.history)}", out, least)
        if step is None:
            return
        kind = step.kind()
        if kind == "words":
            scene.command("lesson_next")
        elif kind == "computer" or not scene.my_decision():
            scene.update(scene.ai_due or time.monotonic())
        elif kind == "play_on":
            played += 1
            if played > PLAY_ON_MOST:  # the rest of the game, unlooked at
                while scene.lesson.current() is step:
                    m = scene.lesson
                    if m.pending() is not None:
                        m.step()
                    else:
                        m.play(LEARNER, m.session.computer_action())
                scene.after_change()
            else:
                scene.perform(scene.match.hint(LEARNER).action)
        else:
            scene.perform(scene.lesson.lesson.moves[scene.lesson.at][0])


def walk_all(size: tuple[int, int], games: list[str] | None = None) -> Walked:
    from shrinetable.formats import lesson as lesson_format
    from shrinetable.table import uiscale
    from shrinetable.table.app import App

    uiscale.save(1.0)
    app = App(size)
    out = Walked()
    least = 14 if size[0] < 1920 else 18
    for game, paths in sorted(lesson_format.all_lessons().items()):
        if games is None or game in games:
            for path in paths:
                walk(app, lesson_format.load(path), out, least)
    pygame.quit()
    return out


if __name__ == "__main__":
    import os
    import tempfile

    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SHRINETABLE_AI_DELAY", "0")
    os.environ.setdefault("SHRINETABLE_GUARD_S", "0")
    os.environ.setdefault("SHRINETABLE_DATA_DIR", tempfile.mkdtemp())
    w, h = (int(n) for n in sys.argv[1].split("x"))
    started = time.monotonic()
    got = walk_all((w, h), sys.argv[2:] or None)
    print(
        f"{w}x{h}: {got.positions} positions, {got.hints} Hints, {time.monotonic() - started:.0f} s"
    )
    for name in ("prompt_cut", "words_cut", "next_moved", "notice_cut", "small_px"):
        items = getattr(got, name)
        print(f"  {name}: {len(items)}")
        for item in items:
            print(f"    {item}")
