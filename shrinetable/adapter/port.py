"""What a table may ask of a match or send to it: one contract (`MatchPort`)
for a game played here (`match.Match`) and one played at a host
(`net.remote_match.RemoteMatch`).

The table knows a match only through this: what its viewer may see (views,
the legal moves with their gestures, the history as its seat was told it),
the messages it may send (a move, an undo, the automatic move when due), the
questions it may ask (why a drop made no move, a hint: both answered when the
answer comes, never by waiting), and what this table may do with the game
(`Powers`). Nothing here names a session, a socket or a game: a table written
against it plays a local and a remote game alike, so the next feature cannot
break one it was not tried with.
"""

from __future__ import annotations

import concurrent.futures
import time
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Generic, Literal, Protocol, TypeVar

from shrinetable.engine import Decision, Entry, Event, GameBase, Outcome, Presentation, View

from .gestures import Move
from .session import Applied, Session

T = TypeVar("T")


@dataclass(frozen=True, slots=True)
class Auto:
    """The move the match makes by itself next: a computer seat's choice, or a
    pass the rules leave as the only sensible move (`forced`, see
    `Session.forced_move`), or the person's standing answer (`standing`: its key)."""

    seat: int
    action: Any
    forced: bool
    standing: str = ""


@dataclass(frozen=True, slots=True)
class Refusal:
    """A move the match does not take: why, in the rules' words, and the rule
    or ruling it rests on (None: no rule, e.g. another seat's decision)."""

    reason: str
    rule: str | None = None

    def said(self) -> str:
        """The reason with its rule, as the table writes it."""
        return f"{self.reason} (rule: {self.rule})" if self.rule else self.reason


@dataclass(frozen=True, slots=True)
class Sent:
    """A message on its way to where the game is kept: its answer (the move
    made, a refusal, an undo agreed) comes by `MatchPort.poll`."""

    text: str


# What a move sent to a match became: made (its record), refused, or sent on.
Played = Applied | Refusal | Sent


@dataclass(frozen=True, slots=True)
class Powers:
    """What a table may do with its match besides playing it: save it to a
    file, load another in its place, make a move taken back again, switch the
    automatic pass, start the same game afresh. A game kept at a host can do
    none of these at a guest's table (the host keeps, passes and restarts it)."""

    save: bool
    load: bool
    redo: bool
    auto_pass: bool
    again: bool


ChangeKind = Literal["move", "reset", "say", "refused", "players", "undo_asked"]


@dataclass(frozen=True, slots=True)
class Change:
    """What `poll` tells the table came from elsewhere: "move" (`applied`),
    "reset" (the game as it stands: a join, a rejoin, an undo agreed),
    "say" (`text`; `error` when it is bad news), "refused" (a move sent was
    refused: `refusal`), "players" (who is connected changed) or "undo_asked"
    (`seat` asks to take back a move)."""

    kind: ChangeKind
    applied: Applied | None = None
    text: str = ""
    error: bool = False
    seat: int | None = None
    refusal: Refusal | None = None


class Answer(Generic[T]):
    """An answer that may come later (from another thread): `ready(now)` says
    whether it came or its wait is over, `value()` then gives it, or the
    `fallback` when it did not come within `wait` seconds. The window never
    waits on one: it asks again on its next frame."""

    def __init__(self, fallback: T, wait: float | None = None) -> None:
        self._future: concurrent.futures.Future[T] = concurrent.futures.Future()
        self.fallback = fallback
        self.until = None if wait is None else time.monotonic() + wait

    @classmethod
    def now(cls, value: T) -> Answer[T]:
        """An answer known at once (a match played here)."""
        answer = cls(value)
        answer.give(value)
        return answer

    def give(self, value: T) -> None:
        """The answer came (safe from any thread; a late second one is dropped)."""
        if not self._future.done():
            try:
                self._future.set_result(value)
            except concurrent.futures.InvalidStateError:
                pass

    def ready(self, now: float | None = None) -> bool:
        if self._future.done():
            return True
        return self.until is not None and (now or time.monotonic()) >= self.until

    def value(self) -> T:
        """The answer, or the fallback (only once `ready`)."""
        return self._future.result() if self._future.done() else self.fallback


class MatchPort(Protocol):
    """Everything the table may ask of a match or send to it (see the module)."""

    # -- the game, as the table draws it
    @property
    def game(self) -> GameBase: ...
    @property
    def present(self) -> Presentation: ...
    @property
    def name(self) -> str: ...
    @property
    def title(self) -> str: ...
    @property
    def passes(self) -> bool:
        """Whether the game has a pass the match may make for a person."""
        ...

    def hand(self, seat: int) -> str: ...

    # -- what the viewer may see
    @property
    def seats(self) -> list[str]:
        """Who plays each seat as this table names them ("human": a person here)."""
        ...

    @property
    def history(self) -> list[Applied]: ...
    @property
    def auto_pass(self) -> bool: ...
    @property
    def powers(self) -> Powers: ...
    @property
    def save_problem(self) -> str: ...

    def humans(self) -> list[int]: ...
    def view(self, seat: int | None) -> View: ...
    def decision(self) -> Decision | None: ...
    def outcome(self) -> Outcome | None: ...
    def turn_number(self) -> int: ...
    def moves(self) -> list[Move]: ...
    def tallies(self, seat: int | None) -> dict[str, int]: ...
    def can_undo(self, seat: int | None = None) -> bool: ...
    def can_redo(self) -> bool: ...
    def quick_pass(self) -> Any | None: ...
    def skip_warning(self, action: Any) -> str: ...
    def summary(self, seat: int) -> list[str]: ...

    # -- the log (`adapter.log`): its entries, and those as plain sentences
    def entries(self, applied: Applied, viewer: int | None) -> list[Entry]: ...
    def said(self, applied: Applied, viewer: int | None) -> list[str]: ...
    def events(self, applied: Applied) -> tuple[Event, ...]: ...

    # -- questions, answered when the answer comes
    def ask_hint(self, seat: int) -> Answer[Move | None]:
        """The move the computer would make for `seat` now, one of `moves()`."""
        ...

    def ask_why(
        self, seat: int, held: tuple[str, ...], source: str, zone: str | None, card: str | None
    ) -> Answer[str]:
        """Why dropping `held` from `source` on `zone` (on `card`) made no move."""
        ...

    # -- messages
    def play(self, seat: int, action: Any, joined: bool = False) -> Played:
        """A person's move for `seat` (an action or its notation); `joined`: made
        by the gesture of that seat's move before it (a selection dropped
        together), so that one undo takes the gesture back whole."""
        ...

    def undo(self, seat: int | None = None) -> bool | Sent:
        """Take back `seat`'s last move (its whole gesture): done (True), not possible (False), or
        asked of the other players (`Sent`: `poll` brings the answer)."""
        ...

    def redo(self) -> list[Applied]: ...
    def switch_auto_pass(self) -> None: ...
    def stands(self, seat: int, key: str) -> bool:
        """Whether `seat`'s standing answer `key` (`engine.Standing`) is on."""
        ...

    def set_standing(self, seat: int, key: str, on: bool) -> None:
        """Switch `seat`'s standing answer `key` on or off (its own choice)."""
        ...

    def pending(self) -> Auto | None:
        """The move the match makes by itself now, made by `step` when the
        table says so (None: a person decides, or it is made elsewhere)."""
        ...

    def ask_pending(self) -> Answer[Auto | None]:
        """`pending`, answered when the computer has chosen (the window keeps
        drawing while it thinks)."""
        ...

    def minor(self, auto: Auto, seat: int | None) -> bool: ...
    def step(self) -> Applied: ...
    def poll(self) -> list[Change]:
        """What came from elsewhere since the last call, in order."""
        ...

    def keep(self) -> str:
        """Autosave the game if this table keeps it: '' or what went wrong."""
        ...

    def save(self, folder: Path) -> Path:
        """Save the game in `folder` by hand (OSError when it cannot)."""
        ...

    def again(self, seed: int) -> Session | None:
        """The same game afresh with `seed` (None: this table cannot start one)."""
        ...


def last_chosen(history: Sequence[Applied], seat: int) -> int:
    """Where the moves since `seat` last chose one begin (0: it has not yet),
    for the "what happened" summary."""
    return next(
        (
            i + 1
            for i in range(len(history) - 1, -1, -1)
            if history[i].seat == seat and not history[i].auto
        ),
        0,
    )
