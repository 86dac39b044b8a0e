"""`shrinetable bench render [--game NAME]`: frame times of the table at
1920x1080 in a crowded position (full redraw against dragging), idle CPU, first
frame. Each game names its crowded position (`Presentation.showcase`)."""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from typing import Any

from shrinetable.table import env

env.prepare()

SIZE = (1920, 1080)


def showcase(game, seats: int | None = None):
    """The game's busy position as a session: its seeded computer game (at its
    own number of seats, or `seats`) played until the move where seat 0's view
    scored highest, seat 0 then a person (so the table is ready for a drag)."""
    from shrinetable.adapter.match import Match
    from shrinetable.adapter.session import Session
    from shrinetable.players import player

    sc = game.present.showcase
    ai = player(game, "ai")
    n_seats = seats or sc.seats
    s = Session(game, sc.seed, {}, ["computer"] * n_seats)
    m = Match(
        s, [lambda state, rng: sc.pick(game.legal_actions(state)) or ai(state, rng)] * n_seats
    )
    best, best_n = 0, -1
    for _ in range(sc.steps):
        d = m.decision()
        if d is None:
            break
        n = sc.score(m.view(0)) if d.seat == 0 else None
        if n is not None and n > best_n:
            best, best_n = len(s.history), n
        m.step()
    s.back_to(best)
    s.seats[0] = "human"
    return s


def _percentile(xs: list[float], q: float) -> float:
    xs = sorted(xs)
    return xs[min(len(xs) - 1, round(q * (len(xs) - 1)))]


def first_frame_seconds(program: list[str] | None = None, game: str | None = None) -> float | None:
    """Launch the real program (the source by default, or a built executable) into
    a game (the first registered by default) and time it until it reports its
    first frame; None if it never does."""
    from shrinetable.engine import registry

    program = program or [sys.executable, "-m", "shrinetable"]
    game = game or registry.names()[0]
    with tempfile.TemporaryDirectory() as data:
        envs = dict(os.environ, SHRINETABLE_DATA_DIR=data, PYTHONUNBUFFERED="1")
        if not envs.get("DISPLAY"):
            envs["SDL_VIDEODRIVER"] = "dummy"
        t0 = time.perf_counter()
        proc = subprocess.Popen(
            [*program, "play", game, "--seed", "1", "--trace", "--seats", "human,computer"],
            stdout=subprocess.PIPE,
            stderr=subprocess.DEVNULL,
            text=True,
            env=envs,
        )
        try:
            for line in proc.stdout:
                if line.strip() == "ready":
                    return time.perf_counter() - t0
            return None
        finally:
            proc.terminate()
            proc.wait(timeout=10)


def measure(seconds: float = 3.0, game_name: str | None = None) -> dict:
    import pygame

    from shrinetable.engine import registry
    from shrinetable.table.app import App
    from shrinetable.table.game_scene import Press

    if not os.environ.get("DISPLAY"):
        os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    game = registry.get(game_name or registry.names()[0])
    session = showcase(game)
    os.environ["SHRINETABLE_DATA_DIR"] = tempfile.mkdtemp(prefix="shrinetable-bench-")
    app = App(SIZE)
    app.start_game(session)
    scene: Any = app.scene  # a GameScene: its parts are what is timed
    app.step([], 0.01)
    screen = app.screen
    on_table = len(scene.board.placed)

    full = []
    for _ in range(80):
        t0 = time.perf_counter()
        scene.base_dirty = scene.dirty = True
        scene.draw(screen)
        pygame.display.flip()
        full.append((time.perf_counter() - t0) * 1000)

    hand = scene.match.hand(0)
    card = next(p for p in scene.board.placed if p.zone == hand)
    scene.press = Press(card.rect.center, card, hand)
    scene.pointer.start_drag(card.rect.center)
    scene.draw(screen)
    pygame.display.flip()
    drag = []
    x0, y0 = card.rect.center
    for i in range(300):
        scene.pointer.move((x0 - 600 + (i * 7) % 1200, y0 - 200 - (i * 3) % 500))
        t0 = time.perf_counter()
        rects = scene.draw(screen)
        if rects is None:
            pygame.display.flip()
        else:
            pygame.display.update(rects)
        drag.append((time.perf_counter() - t0) * 1000)
    scene.pointer.cancel_drag()
    scene.flyers = []
    scene.draw(screen)

    app.manager  # noqa: B018 (made before, not counted in the idle table's CPU)
    c0, w0 = time.process_time(), time.monotonic()
    app.run(until=w0 + seconds)
    cpu = (time.process_time() - c0) / (time.monotonic() - w0) * 100
    driver = pygame.display.get_driver()
    pygame.quit()
    return {
        "game": game.name,
        "position": game.present.showcase.title,
        "size": f"{SIZE[0]}x{SIZE[1]}",
        "driver": driver,
        "cards_on_table": on_table,
        "full_median_ms": round(statistics.median(full), 3),
        "full_p99_ms": round(_percentile(full, 0.99), 3),
        "drag_median_ms": round(statistics.median(drag), 3),
        "drag_p99_ms": round(_percentile(drag, 0.99), 3),
        "idle_cpu_percent": round(cpu, 3),
        "idle_seconds": seconds,
    }


def run_render_bench(args: argparse.Namespace) -> int:
    fig = measure(float(getattr(args, "seconds", 3.0) or 3.0), getattr(args, "game", None))
    fig["first_frame_s"] = round(ff, 3) if (ff := first_frame_seconds()) is not None else None
    if getattr(args, "json", False):
        print(json.dumps(fig))
        return 0
    ratio = fig["full_p99_ms"] / max(fig["drag_p99_ms"], 1e-6)
    print(
        f"render {fig['game']} {fig['size']} (SDL driver {fig['driver']}, {fig['position']}, "
        f"{fig['cards_on_table']} cards drawn)"
    )
    print(f"  full redraw: median {fig['full_median_ms']} ms, p99 {fig['full_p99_ms']} ms")
    print(
        f"  dragging:    median {fig['drag_median_ms']} ms, p99 {fig['drag_p99_ms']} ms "
        f"({ratio:.1f}x below full redraw at p99; goal >= 3x)"
    )
    print(
        f"  idle CPU:    {fig['idle_cpu_percent']} % of a core over {fig['idle_seconds']} s "
        f"(goal < 1 %)"
    )
    ff = fig["first_frame_s"]
    print(f"  first frame: {ff if ff is not None else 'n/a'} s from launch (goal < 0.5 s)")
    return 0
