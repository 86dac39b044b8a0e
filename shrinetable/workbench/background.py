"""A deck's measurement (`fare`) in a process of its own, for the window.

A game is pure Python and would hold the GIL: in the window's process it
would stall the frames. The process reports each game over a pipe, is ended
at once by Cancel (SIGTERM: its temporary card folder is removed on the way
out) and ends itself when the window's process is gone. This module imports
nothing heavy: a window is handed a `Background` before it draws its first
frame, and the workbench is loaded when a measurement starts.
"""

from __future__ import annotations

import os
import signal
from typing import TYPE_CHECKING, Any

NICE = 10  # the measuring process's lower priority (POSIX nice)

if TYPE_CHECKING:
    from shrinetable.engine import CardSet

    from .fare import Ask


def _leave(*_: Any) -> None:
    raise SystemExit(0)  # `finally` and `with` blocks run: the folder is removed


def _child(ask: Ask, before: dict | None, conn: Any, parent: int) -> None:
    """The measuring process: each game's count, then ("done", result) or
    ("refused", message)."""
    signal.signal(signal.SIGTERM, _leave)
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl+C in a terminal is the window's
    if hasattr(os, "nice"):
        os.nice(NICE)  # the window's frames come first where the cores are busy
    from .fare import Refused, measure

    def said(done: int, total: int) -> None:
        if os.getppid() != parent:  # the window's process is gone
            raise SystemExit(0)
        conn.send(("game", done, total))

    try:
        conn.send(("done", measure(ask, before, on_game=said)))
    except Refused as e:
        conn.send(("refused", str(e)))
    except (BrokenPipeError, EOFError):  # the window stopped listening
        pass


class Measuring:
    """One measurement in its own process: `poll()` reads what it said (games
    `done` of `total`, then `result` or `error`); `cancel()` ends it at once."""

    def __init__(self, ask: Ask, before: dict | None, total: int):
        import multiprocessing

        ctx = multiprocessing.get_context("spawn")
        self.conn, theirs = ctx.Pipe(duplex=False)
        self.done, self.total = 0, total
        self.result: dict | None = None
        self.error: str | None = None
        self.process = ctx.Process(
            target=_child, args=(ask, before, theirs, os.getpid()), daemon=True
        )
        self.process.start()
        theirs.close()

    @property
    def running(self) -> bool:
        return self.result is None and self.error is None

    def poll(self) -> bool:
        """Read what the process sent; whether anything changed."""
        changed = False
        while self.running:
            try:
                if not self.conn.poll():
                    break
                message = self.conn.recv()
            except (EOFError, OSError):
                self.error = "the measuring process ended before its last game"
                changed = True
                break
            changed = True
            if message[0] == "game":
                self.done, self.total = message[1], message[2]
            elif message[0] == "done":
                self.result = message[1]
            else:
                self.error = message[1]
        if not self.running:
            self._end()
        return changed

    def cancel(self) -> None:
        """End the process now (its games are lost)."""
        if self.running:
            self.error = "cancelled"
        self._end()

    def _end(self) -> None:
        if self.process.is_alive():
            self.process.terminate()
            self.process.join(2)
            if self.process.is_alive():
                self.process.kill()
        self.process.join(2)
        self.conn.close()


class Background:
    """The measurer a window is handed (`table.fare_panel.Measurer`), in the
    window's card set (its `--cards` folder, if any)."""

    def __init__(self, cards: CardSet | None = None):
        self.folder = cards.extra[-1] if cards is not None and cards.extra else None

    def start(self, game: str, deck: Any, games: int, before: dict | None) -> Measuring:
        """Check the deck here (`fare.Refused`, a ValueError, at once), then
        measure it in the background, paired with `before` (the last result)."""
        from .fare import Ask, set_up

        setup = set_up(Ask.of(game, deck, games=games, cards=self.folder))
        return Measuring(setup.ask, before, setup.plan.games)
