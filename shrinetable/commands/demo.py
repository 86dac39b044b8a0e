"""`shrinetable demo ...`: list, play and export rules demonstrations.

    shrinetable demo --list                   by game, with titles
    shrinetable demo NAME                     play in a window (NAME: game/stem or stem)
    shrinetable demo NAME --export out.gif    render headless to an animated GIF
    shrinetable demo NAME --export-frames DIR PNG frames
    shrinetable demo --export-all docs/demos/ every GIF plus a rules page per game
    shrinetable demo --export-all docs/demos/ --game GAME   only that game's

A broken demonstration file or an unknown name is a message and exit 2.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

from shrinetable.formats.errors import FormatError
from shrinetable.formats.files import not_a_file, resolved, why
from shrinetable.table import env

from .args import add_cards, parse_size

if TYPE_CHECKING:
    from shrinetable.engine import CardSet

SMALLEST = (200, 200)


def add_parser(sub) -> None:
    p = sub.add_parser(
        "demo",
        help="show a rule step by step, or export it as a GIF",
        description="Rules demonstrations: scripted positions and moves with "
        "captions (assets/demos/<game>/, see docs/demos.md).",
    )
    p.add_argument(
        "name",
        nargs="?",
        help="the demonstration, GAME/NAME or NAME alone when only one game has it (see --list)",
    )
    p.add_argument("--list", action="store_true", help="list the demonstrations by game")
    p.add_argument("--export", metavar="FILE.gif", help="render to an animated GIF, no window")
    p.add_argument("--export-frames", metavar="DIR", help="render to numbered PNG frames")
    p.add_argument(
        "--export-all",
        metavar="DIR",
        help="export every demonstration's GIF and write DIR/<game>.md rules pages",
    )
    p.add_argument(
        "--game",
        metavar="GAME",
        help="with --export-all: only this game's GIFs and rules page (the other "
        "games' files are left as they are)",
    )
    p.add_argument(
        "--size",
        default=None,
        metavar="WxH",
        help="size of exported pictures (default: the game's own, large enough "
        "for its card text, e.g. 800x600 or 1280x720)",
    )
    add_cards(p)


def fail(message: str) -> int:
    print(f"shrinetable demo: {message}", file=sys.stderr)
    return 2


def run(args: argparse.Namespace) -> int:
    from shrinetable.demo import catalog

    exporting = args.export or args.export_frames
    if args.list:
        return _list(catalog)
    try:
        size = parse_size(args.size, SMALLEST) if args.size is not None else None
    except ValueError as e:
        return fail(str(e))
    if args.game and not args.export_all:
        return fail("--game goes with --export-all")
    if args.export_all:
        if args.name or exporting:
            return fail("--export-all exports every demonstration; give no NAME")
        try:
            return _export_all(catalog, Path(args.export_all), size, args.game, args.card_set)
        except OSError as e:
            return fail(f"--export-all {args.export_all}: cannot write there: {e.strerror or e}")
    if not args.name:
        return fail("name a demonstration (see --list), or use --list or --export-all")
    try:
        path = catalog.find(args.name)
    except LookupError as e:
        return fail(str(e))
    wrong = args.export and not_a_file(args.export)
    if wrong and wrong != "no such file":  # a FIFO would wait for a reader for ever
        return fail(f"--export {args.export}: {wrong}")
    try:
        if args.export and not resolved(args.export).parent.is_dir():
            return fail(
                f"--export {args.export}: the folder {Path(args.export).parent} does "
                f"not exist; make it first, or export somewhere else"
            )
    except OSError as e:
        return fail(f"--export {args.export}: {why(e)}")
    try:
        if exporting:
            return _export(path, args.export, args.export_frames, size, args.card_set)
        if env.no_display():
            return fail(env.no_display())
        return _play(path, args.card_set)
    except (FormatError, ValueError, OSError) as e:
        return fail(str(e))
    except pygame_error() as e:
        return fail(f"cannot open a window: {e} (check SDL_VIDEODRIVER and the display)")


def _list(catalog) -> int:
    from shrinetable.formats.demo import load

    return listing(catalog.all_demos(), lambda path: load(path).spec, "no demonstrations found")


def listing(found: dict[str, list[Path]], spec: Callable[[Path], Any], none: str) -> int:
    """Print each game's files by `order` with their titles (`spec(path)` reads
    one); a broken file is listed as broken, the others still are."""
    if not found:
        print(none)
    for game, paths in found.items():
        print(f"{game}:")
        entries = []
        for path in paths:
            try:
                read = spec(path)
                entries.append((read.order, path.stem, read.title))
            except FormatError as e:
                entries.append((10**6, path.stem, f"(broken: {e.message})"))
        width = max(len(stem) for _, stem, _ in entries)
        for _, stem, title in sorted(entries):
            print(f"  {game}/{stem:<{width}}  {title}")
    return 0


def pygame_error() -> type[Exception]:
    """pygame's error type, without importing pygame for --list."""
    from shrinetable.table.app import pygame

    return pygame.error


def _export(path: Path, gif: str | None, frames: str | None, size, cards: CardSet) -> int:
    from shrinetable.demo import export
    from shrinetable.demo.replay import replay_file

    demo = replay_file(path, cards)
    size = size or game_size(demo.game)
    if gif:
        n = export.write_gif(export.render(demo, size), gif)
        print(f"wrote {gif} ({n} frames, {Path(gif).stat().st_size // 1024} KB)")
    if frames:
        written = export.write_frames(export.render(demo, size), frames)
        print(f"wrote {len(written)} frames to {frames}")
    return 0


def _export_all(catalog, out: Path, size, only: str | None, cards: CardSet) -> int:
    from shrinetable.demo import export, pages
    from shrinetable.demo.replay import replay_file

    demos = catalog.all_demos()
    if only is not None:
        if only not in demos:
            return fail(
                f"--game: no demonstrations for {only!r}; games with some: "
                f"{', '.join(demos) or 'none'}"
            )
        demos = {only: demos[only]}
    out.mkdir(parents=True, exist_ok=True)  # a folder that cannot be made: before any work
    code = 0
    for game, paths in demos.items():
        done = []
        for path in paths:
            try:
                demo = replay_file(path, cards)
            except FormatError as e:
                print(f"broken demonstration: {e}", file=sys.stderr)
                code = 2
                continue
            gif = out / game / f"{path.stem}.gif"
            export.write_gif(export.render(demo, size or game_size(game)), gif)
            print(f"wrote {gif} ({gif.stat().st_size // 1024} KB)")
            done.append(demo)
        page = out / f"{game}.md"
        page.write_text(pages.page(game, done), encoding="utf-8")
        print(f"wrote {page}")
    return code


def game_size(game: str) -> tuple[int, int]:
    """The game's own size for exported pictures (`Presentation.demo_size`)."""
    from shrinetable.engine import registry

    w, h = registry.get(game).present.demo_size
    return w, h


def _play(path: Path, cards: CardSet) -> int:
    from shrinetable.demo.replay import replay_file

    demo = replay_file(path, cards)  # a broken file stops before a window opens
    from shrinetable.demo.scene import DemoScene
    from shrinetable.table.app import App

    app = App((1280, 720))  # the demonstration window opens at the design size
    app.scene = DemoScene(app, demo)
    return app.run()
