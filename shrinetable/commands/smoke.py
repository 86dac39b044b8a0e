"""`shrinetable --smoke`: prove that an install or a frozen bundle is whole.

A bundle can miss a data file, a module imported by name at run time (games,
their computer players, commands) or a shared library, and then fail only when
someone opens that game. The smoke touches each of those the way the program
does: every registered game at every seat count, every layout, card-set and
demonstration file, seeded moves through the adapter (gestures, computer
player, a save that replays), one frame of each game drawn offscreen by the
table's own code, and one demonstration per game exported as a GIF.
It prints one line per check and `smoke ok` (exit 0), or names what failed
(exit 1). It never needs a screen or a sound card, and writes only to a
temporary folder.
"""

from __future__ import annotations

import argparse
import os
import random
import sys
import tempfile
import traceback
from collections.abc import Callable
from functools import partial
from pathlib import Path
from typing import Any

from shrinetable.engine import GameBase, registry
from shrinetable.formats.errors import FormatError
from shrinetable.formats.layout import LayoutError, load_layout, missing_zones
from shrinetable.formats.save import SaveError
from shrinetable.resources import font_path, game_layout, resource

SEED = 7
MOVES = 12  # seeded moves per game and seat count
FRAME = (1280, 720)
SUITS = "\u2660\u2665\u2666\u2663"


class SmokeError(Exception):
    """A check found something wrong (as opposed to crashing on it)."""


# faults whose message already names the file, key and line: no traceback needed
FINDINGS = (SmokeError, FormatError, LayoutError, SaveError)


def _offscreen(data: str) -> None:
    """Draw without a screen and stay silent without a sound card; saves go
    to `data` so the user's autosave is never touched. Before pygame starts."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    os.environ["SHRINETABLE_DATA_DIR"] = data


def _files() -> str:
    """Fonts (with a license beside them) that draw the suits, and the icon."""
    import pygame

    fonts = resource("assets", "fonts")
    if not any(fonts.glob("LICENSE*")):
        raise SmokeError(f"no font license in {fonts}")
    pygame.font.init()
    for bold in (False, True):
        missing = [
            s
            for s, m in zip(
                SUITS, pygame.font.Font(font_path(bold), 20).metrics(SUITS), strict=True
            )
            if m is None
        ]
        if missing:
            raise SmokeError(f"{font_path(bold).name} has no glyph for {''.join(missing)}")
    icon = resource("assets", "icons", "shrinetable.png")
    pygame.image.load(icon)
    return f"fonts, license and icon under {resource()}"


def _layout(name: str) -> str:
    """The game's layout file places every zone at every seat count."""
    game = registry.get(name)
    path = game_layout(game)
    layout = load_layout(path)
    if layout.game != name:
        raise SmokeError(f"{path} is the layout of {layout.game!r}, not of {name!r}")
    counts = range(game.min_seats, game.max_seats + 1)
    missing = missing_zones(layout, {n: game.zones(n) for n in counts})
    if missing:
        raise SmokeError("no place for " + "; ".join(missing))
    return f"{path.name}: every zone placed for {counts.start}-{counts.stop - 1} seats"


def _stray(what: str, path: Path) -> str:
    """A bundled layout or card folder that no registered game reads."""
    raise SmokeError(f"no registered game reads {what} {path}")


def _read_by_games() -> tuple[set[Path], set[Path]]:
    """The layout files and card folders the registered games read."""
    from shrinetable.formats.cards import card_folder

    layouts, folders = set(), set()
    for name in registry.names():
        try:
            game = registry.get(name)
        except Exception:  # reported by that game's own checks
            continue
        layouts.add(game_layout(game).resolve())
        if game.card_data is not None:
            folders.add(card_folder(game.card_data).resolve())
    return layouts, folders


def _card_data(name: str) -> str:
    """The game's card set through the generic loader (ids unique across its files);
    the game's own deck rules are checked by its `game` check."""
    from shrinetable.formats.cards import card_folder, load_card_data

    game = registry.get(name)
    data = game.card_data
    if data is None:
        return "no card files"
    cards, decks = load_card_data(data, game.cards)
    return f"{len(cards)} cards, {len(decks)} decks in {card_folder(data)}"


def _game(name: str) -> str:
    """New games at every seat count, with the defaults and with each option value."""
    game = registry.get(name)
    counts = range(game.min_seats, game.max_seats + 1)
    variants: list[dict[str, Any]] = [{}] + [{o.name: v} for o in game.options for v in o.choices]
    for seats in counts:
        for options in variants:
            state = game.new_game(SEED, options, seats)
            if game.decision(state) is None or not game.legal_actions(state):
                raise SmokeError(f"a new {seats}-seat game with {options} has nothing to do")
    return f"new games for {', '.join(map(str, counts))} seats, {len(variants) - 1} option values"


def _demo(path: Path) -> str:
    from shrinetable.demo.replay import replay_file

    return f"{len(replay_file(path).frames)} steps replay"


def _gif(path: Path) -> str:
    """The headless export (Pillow, the demo painter) the way `demo --export` runs it."""
    from shrinetable.demo import export
    from shrinetable.demo.replay import replay_file

    out = Path(os.environ["SHRINETABLE_DATA_DIR"]) / f"{path.stem}.gif"
    kept = export.write_gif(export.render(replay_file(path), (320, 240)), out)
    return f"{kept} pictures, {out.stat().st_size // 1024} KB"


class Smoke:
    """The checks, and what later checks reuse (the window, played sessions)."""

    def __init__(self) -> None:
        self.app: Any = None
        self.sessions: dict[tuple[str, int], object] = {}

    def checks(self) -> list[tuple[str, Callable[[], str]]]:
        names = registry.names()
        out: list[tuple[str, Callable[[], str]]] = [("files", _files)]
        for name in names:
            out += [
                (f"layout {name}", partial(_layout, name)),
                (f"cards {name}", partial(_card_data, name)),
                (f"game {name}", partial(_game, name)),
            ]
        layouts, folders = _read_by_games()
        out += [
            (f"layout {p.name}", partial(_stray, "layout", p))
            for p in sorted(resource("layouts").glob("*.toml"))
            if p.resolve() not in layouts
        ]
        out += [
            (f"cards {d.name}", partial(_stray, "card folder", d))
            for d in sorted({p.parent for p in resource("assets", "cards").glob("*/*.toml")})
            if d.resolve() not in folders
        ]
        out += self._demo_checks()
        from shrinetable.workbench import smoke as bench  # report and print, frozen too

        data = Path(os.environ["SHRINETABLE_DATA_DIR"])
        out.append((f"report {names[0]}", partial(bench.report, names[0], data)))
        out += [(f"print {name}", partial(bench.sheets, name, data)) for name in names]
        from shrinetable.net.check import loopback  # host and join, frozen too

        out.append(("network", loopback))
        out.append(("window", self._window))
        out.append(("frame start screen", self._start_screen))
        for name in registry.names():
            try:
                game = registry.get(name)
            except Exception:  # already reported by its `game` check
                continue
            for n in range(game.min_seats, game.max_seats + 1):
                out.append((f"moves {name} {n} seats", partial(self._moves, game, n)))
                out.append((f"frame {name} {n} seats", partial(self._frame, game, n)))
        return out

    @staticmethod
    def _demo_checks() -> list[tuple[str, Callable[[], str]]]:
        """Every demonstration replays; the first of each game also exports."""
        from shrinetable.demo import catalog

        out: list[tuple[str, Callable[[], str]]] = []
        for game, paths in catalog.all_demos().items():
            out += [(f"demo {game}/{p.stem}", partial(_demo, p)) for p in paths]
            out.append((f"gif {game}/{paths[0].stem}", partial(_gif, paths[0])))
        return out

    def _window(self) -> str:
        import pygame

        from shrinetable.table.app import App

        self.app = App(FRAME)
        return f"{FRAME[0]}x{FRAME[1]} on SDL driver {pygame.display.get_driver()}"

    def _need_window(self):
        if self.app is None:
            raise SmokeError("no window (see the window check)")
        return self.app

    def _start_screen(self) -> str:
        app = self._need_window()
        app.show_start()
        return _drawn(app)

    def _moves(self, game: GameBase, seats: int) -> str:
        """Seeded moves the way the table makes them: through the match loop,
        a person's legal drag or button from the adapter's gestures, the
        computer's choices and the passes the table makes."""
        from shrinetable.adapter import storage
        from shrinetable.adapter.match import Match
        from shrinetable.adapter.session import Session, one_person

        rng = random.Random(f"{game.name}:{seats}")
        session = Session(game, SEED, {}, one_person(seats))
        match = Match(session)
        for _ in range(MOVES):
            if (d := match.decision()) is None:
                break
            if match.pending() is not None:
                match.step()
            else:
                match.act(d.seat, rng.choice(match.moves()).action)
        path = storage.save_as(session, storage.saves_dir() / f"{game.name}-{seats}.json")
        again = storage.load(path)
        for seat in range(seats):
            if game.view(again.state, seat) != game.view(session.state, seat):
                raise SmokeError(f"the save does not replay to the same position (seat {seat})")
        self.sessions[game.name, seats] = session
        return f"{len(session.history)} seeded moves through the adapter; the save replays"

    def _frame(self, game: GameBase, seats: int) -> str:
        """The position after the moves (a new game if they failed), as the table draws it."""
        from shrinetable.adapter.session import Session, one_person

        app = self._need_window()
        session = self.sessions.get((game.name, seats)) or Session(
            game, SEED, {}, one_person(seats)
        )
        app.start_game(session)
        detail = _drawn(app)
        cards = len(app.scene.board.placed)
        if not cards:
            raise SmokeError("no cards on the table")
        return f"{detail}, {cards} cards"


def _drawn(app) -> str:
    """Draw the current scene once and check the frame is not blank."""
    import pygame

    app.scene.draw(app.screen)
    pygame.display.flip()
    w, h = app.screen.get_size()
    colours = {tuple(app.screen.get_at((x, y))) for x in range(0, w, 16) for y in range(0, h, 16)}
    if len(colours) < 8:
        raise SmokeError(f"the frame is nearly blank ({len(colours)} colours)")
    return f"drew {w}x{h}, {len(colours)} colours sampled"


def run(args: argparse.Namespace) -> int:
    with tempfile.TemporaryDirectory(prefix="shrinetable-smoke-") as data:
        _offscreen(data)
        return _run_checks()


def _run_checks() -> int:
    smoke = Smoke()
    failed = []
    for label, check in smoke.checks():
        try:
            detail = check()
        except FINDINGS as e:
            failed.append(label)
            print(f"FAIL {label}: " + str(e).replace("\n", "\n     "), flush=True)
        except Exception as e:  # a crash is a finding too: report it and carry on
            failed.append(label)
            print(f"FAIL {label}: {type(e).__name__}: {e}", flush=True)
            traceback.print_exc(file=sys.stderr)
        else:
            print(f"ok   {label}: {detail}", flush=True)
    if smoke.app is not None:
        import pygame

        pygame.quit()
    if failed:
        print(f"smoke FAILED: {', '.join(failed)}")
        return 1
    print("smoke ok")
    return 0
