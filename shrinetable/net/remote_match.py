"""A remote table's side of a hosted game: the same contract a match played
here keeps (`adapter.port.MatchPort`), answered from what the host sent this
seat.

The table reads views, legal moves with their gestures, the log's entries, the
events of each move and the headline numbers it moved exactly as it reads
them of a local `Match`; only the messages go elsewhere: a move is sent to the
host (which checks it against the legal list; its refusal comes back by
`poll`), a refused drop and a hint are asked of the host (the rules judge them
where the game's state is; the answer comes when it comes, the window never
waits), an undo asks the other players. Nothing here can know more than the
seat was sent. The network runs in a `Link`, an asyncio loop in its own
thread; `poll()` hands the window's thread what arrived.
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import queue
import threading
from collections.abc import Callable, Coroutine, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, TypeVar

from shrinetable.adapter import log
from shrinetable.adapter.gestures import Move
from shrinetable.adapter.match import tally_changes
from shrinetable.adapter.port import (
    Answer,
    Auto,
    Change,
    Played,
    Powers,
    Refusal,
    Sent,
    last_chosen,
)
from shrinetable.adapter.refusal import GENERIC
from shrinetable.adapter.session import Applied, Session
from shrinetable.engine import (
    Decision,
    Entry,
    Event,
    GameBase,
    Outcome,
    Presentation,
    View,
    registry,
)

from . import protocol as p
from .client import Budget, Remote, rejoin

WHY_S = 3.0  # how long a refused drop's or a hint's answer is waited for (not blocking)
# how long a table that lost its host keeps trying: a host whose computer
# restarts is back in minutes, and under load even a restarted window took
# longer than the 30 s this was (the guest gave up first)
REJOIN_S = 300.0
R = TypeVar("R")
NOBODY = Powers(save=False, load=False, redo=False, auto_pass=False, again=False)


class Link:
    """An asyncio loop in a thread of its own, so the window's thread stays
    pygame's; coroutines are run there with `run` (a future)."""

    def __init__(self) -> None:
        self.loop = asyncio.new_event_loop()
        self.thread = threading.Thread(
            target=self.loop.run_forever, daemon=True, name="shrinetable-net"
        )
        self.thread.start()

    def run(self, coro: Coroutine[Any, Any, R]) -> concurrent.futures.Future[R]:
        return asyncio.run_coroutine_threadsafe(coro, self.loop)

    def stop(self) -> None:
        self.loop.call_soon_threadsafe(self.loop.stop)
        self.thread.join(5)


@dataclass(frozen=True, slots=True)
class Notation:
    """A legal move as a remote table holds it: its notation (the host parses it)."""

    text: str


class RemoteMatch:
    """One seat's (or a spectator's) side of a hosted game (a `MatchPort`)."""

    def __init__(self, remote: Remote, link: Link, wake: Callable[[], None] = lambda: None):
        self.remote, self.link, self.wake = remote, link, wake
        welcome, update = remote.welcome, remote.update
        if welcome is None or update is None:
            raise ValueError("a remote table is made for a table that joined (Remote.join)")
        self.game: GameBase = registry.get(welcome.game)
        self.present: Presentation = self.game.present
        self.seat: int | None = welcome.seat
        self.save_problem = ""  # the host keeps the game (its autosave)
        self._inbox: queue.Queue[Any] = queue.Queue()
        self._why: dict[int, Answer[str]] = {}
        self._hint: Answer[str | None] | None = None
        self._asked = 0
        self._standing_off: set[str] = set()  # this seat's standing answers switched off
        self.players: p.Players | None = remote.players
        self._update: p.Update = update
        self._view: View = update.view
        self._before: View | None = None  # this table's view before the last move
        self._tallies: dict[str, int] | None = None  # worked out when first asked
        self._moves: list[Move] = []
        self._use(update)
        self.history: list[Applied] = []
        self._entries: dict[int, list[Entry]] = {}  # id(applied) -> its log entries
        self._known(update.history or [])
        self.reader = link.run(self._read())

    # -- the game, as the table draws it ----------------------------------------------
    @property
    def name(self) -> str:
        return self.game.name

    @property
    def title(self) -> str:
        return self.game.title

    @property
    def passes(self) -> bool:
        return bool(self.game.auto_pass)

    def hand(self, seat: int) -> str:
        return self.game.hand_zone(seat)

    # -- what this seat may see ---------------------------------------------------------
    @property
    def powers(self) -> Powers:
        """None: the host keeps, passes, restarts the game; a move taken back
        stays taken back."""
        return NOBODY

    @property
    def auto_pass(self) -> bool:
        """The host passes for a person whose only move is a pass."""
        return True

    @property
    def seats(self) -> list[str]:
        """Who plays each seat as this table names them: "human" for its own
        seat only (every other seat decides at another table: no handover)."""
        kinds = ["remote"] * self._view.seats
        for pl in self.players.players if self.players else []:
            kinds[pl.seat] = "host" if pl.kind == "human" else pl.kind
        if self.seat is not None:
            kinds[self.seat] = "human"
        return kinds

    def humans(self) -> list[int]:
        return [] if self.seat is None else [self.seat]

    def view(self, seat: int | None = None) -> View:
        """The one view this table has: its seat's (a spectator's: the public one)."""
        return self._view

    def decision(self) -> Decision | None:
        return self._view.decision

    def outcome(self) -> Outcome | None:
        return self._view.outcome

    def turn_number(self) -> int:
        return self._update.turn

    def moves(self) -> list[Move]:
        return self._moves

    def tallies(self, seat: int | None) -> dict[str, int]:
        """The headline numbers the last move changed, from this table's views
        before and after it (the host need not work them out for every table)."""
        if self._tallies is None:
            before = self._before
            self._tallies = (
                {}
                if before is None
                else tally_changes(self.present.decor(before), self.present.decor(self._view))
            )
        return self._tallies

    def can_undo(self, seat: int | None = None) -> bool:
        return self._update.can_undo

    def can_redo(self) -> bool:
        return False

    def quick_pass(self) -> None:
        """Never: the other seats answer at their own tables."""
        return None

    def skip_warning(self, action: Any) -> str:
        """The question the host sent with this legal move (the game's
        `skip_warning` reads the state, which the host holds); "" for none."""
        said = dict(zip(self._update.legal, self._update.warnings, strict=False))
        return said.get(str(action.text), "")

    def summary(self, seat: int) -> list[str]:
        """The log since `seat` last chose a move, as a `Match` says it."""
        return log.lines(self, seat, last_chosen(self.history, seat))

    # -- the log ----------------------------------------------------------------------------
    def entries(self, applied: Applied, viewer: int | None) -> list[Entry]:
        """A move's log entries as the host made them for this seat."""
        return self._entries.get(id(applied), [])

    def said(self, applied: Applied, viewer: int | None) -> list[str]:
        """A move's entries as plain sentences, as `Match.said` says them."""
        return [self.present.sentence(e) for e in self.entries(applied, viewer)]

    def events(self, applied: Applied) -> tuple[Event, ...]:
        """A move's events as the host sent them to this seat."""
        return applied.events

    # -- questions, answered when the host answers -----------------------------------------
    def ask_why(
        self, seat: int, held: tuple[str, ...], source: str, zone: str | None, card: str | None
    ) -> Answer[str]:
        """Why a drop made no move: the host's answer (the rules need the game's
        state); the plain sentence if none comes within WHY_S."""
        self._asked += 1
        answer = Answer(GENERIC.format(cards=" ".join(held) or "that"), WHY_S)
        self._why[self._asked] = answer
        self._send(p.AskWhy(seq=self._asked, held=list(held), source=source, zone=zone, card=card))
        return answer

    def ask_hint(self, seat: int) -> Answer[Move | None]:
        """The move the computer would make for this seat now, as the host's
        computer player sees it through this seat's observation (None if no
        answer comes within WHY_S, or it is not this seat's decision)."""
        moves = self._moves
        if seat != self.seat or not moves:
            return Answer.now(None)
        text: Answer[str | None] = Answer(None, WHY_S)
        self._hint = text
        self._send(p.AskHint(seq=self.remote.seq))
        return _MoveAnswer(text, moves)

    # -- messages out ---------------------------------------------------------------------
    def play(self, seat: int, action: Any, joined: bool = False) -> Played:
        """A move of this seat, in the notation, sent to the host answering the
        update it has: made when the host's update brings it back."""
        text = action if isinstance(action, str) else action.text
        if seat != self.seat:
            return Refusal("This table plays only its own seat.")
        self._send_act(text, joined)
        return Sent(text)

    def _send_act(self, text: str, joined: bool = False) -> None:
        self.link.run(self.remote.act(text, joined))

    def undo(self, seat: int | None = None) -> bool | Sent:
        """Ask the other players to agree to take back this seat's last move."""
        if not self.can_undo(seat):
            return False
        self._send(p.AskUndo())
        return Sent("undo")

    def agree(self, yes: bool) -> None:
        """Answer another player's request to take back their move."""
        self._send(p.Agree(yes=yes))

    def redo(self) -> list[Applied]:
        """Nothing: a move taken back in a networked game stays taken back."""
        return []

    def switch_auto_pass(self) -> None:
        """Nothing to switch: the host passes for a person whose only move is a pass."""

    def stands(self, seat: int, key: str) -> bool:
        """This seat's standing answer `key`, as this table switched it (on unless
        switched off: the host's default)."""
        return seat != self.seat or key not in self._standing_off

    def set_standing(self, seat: int, key: str, on: bool) -> None:
        """This seat's standing answer `key` switched here, and sent to the host,
        which gives it for this seat (sent again on a rejoin). Switched on at a
        decision of its kind, the decision's moves are withheld until the
        host's next view: its answer then, or the moves again where it gives
        none (a local table answers at once; a click meanwhile would race it).
        Switched off, the last view's moves are given back here."""
        if seat != self.seat:
            return
        (self._standing_off.discard if on else self._standing_off.add)(key)
        self._send(p.Standing(key=key, on=on))
        standing, d = self.game.standing_of(key), self.decision()
        if standing and d and d.seat == seat and d.kind == standing.kind:
            if on:
                self._moves = []  # the host answers it (or sends them back): no button races it
            else:
                self._use_moves(self._update)

    def pending(self) -> Auto | None:
        """Never: the host makes the computer's moves and the passes."""
        return None

    def ask_pending(self) -> Answer[Auto | None]:
        return Answer.now(None)

    def minor(self, auto: Auto, seat: int | None) -> bool:
        return False

    def step(self) -> Applied:
        raise RuntimeError("the host makes the automatic moves")

    def keep(self) -> str:
        """Nothing to keep: the host autosaves the game."""
        return ""

    def save(self, folder: Path) -> Path:
        raise OSError("the host keeps this game")

    def again(self, seed: int) -> Session | None:
        """None: the host starts its games."""
        return None

    def close(self) -> None:
        self.reader.cancel()
        self.link.run(self.remote.close()).result(5)

    def _send(self, msg: Any) -> None:
        self.link.run(self.remote.send(msg))

    # -- messages in -----------------------------------------------------------------
    async def _read(self) -> None:
        """Queue what the host sends (answers to `refusal` go to their asker);
        a lost host is rejoined with the seat's token."""
        while True:
            async for msg in self.remote.messages():
                if isinstance(msg, p.Why):  # an answer its asker looks for
                    answer = self._why.pop(msg.seq, None)
                    if answer is not None:
                        answer.give(msg.text)
                        self.wake()
                    continue
                if isinstance(msg, p.Hint):
                    if self._hint is not None:
                        self._hint.give(msg.text)
                        self.wake()
                    continue
                self._inbox.put(msg)
                self.wake()
            if self.outcome() is not None:
                return
            if self.remote.ended:  # e.g. the seat was taken over by another window
                self._inbox.put(
                    Change("say", text=self.remote.ended.capitalize() + ".", error=True)
                )
                self.wake()
                return
            self._inbox.put(Change("say", text="Lost the host: rejoining\u2026", error=True))
            self.wake()
            try:
                await rejoin(self.remote, REJOIN_S)
            except Exception as e:  # refused, or no host within the time: said, and done
                self._inbox.put(Change("say", text=f"The host is gone: {e}", error=True))
                self.wake()
                return
            for key in self._standing_off:  # a restarted host knows none of them
                await self.remote.send(p.Standing(key=key, on=False))
            self._inbox.put(self.remote.update)  # the game as it stands
            self._inbox.put(Change("say", text="Back at the table.", error=False))
            self.wake()

    def poll(self) -> list[Change]:
        """What arrived since the last call, applied, in order."""
        out: list[Change] = []
        while True:
            try:
                msg = self._inbox.get_nowait()
            except queue.Empty:
                return out
            out += self._take(msg)

    def _take(self, msg: Any) -> list[Change]:
        if isinstance(msg, Change):
            return [msg]
        if isinstance(msg, p.Update):
            before = self._view
            self._use(msg)
            if msg.move is None:
                if msg.undone:
                    self._budget.undo(msg.undone)
                    del self.history[-msg.undone :]
                if msg.history is not None:
                    self._known(msg.history)
                return [Change("reset")]
            self._before = before
            return [Change("move", self._add(msg.move))]
        if isinstance(msg, p.Players):
            self.players = msg
            return [Change("players")]
        if isinstance(msg, p.Rejected):
            refusal = Refusal(msg.reason, msg.ruling)
            said = f"The host refused: {refusal.said()}"
            return [Change("refused", text=said, error=True, refusal=refusal)]
        if isinstance(msg, p.UndoAsked):
            return [Change("undo_asked", seat=msg.by)]
        if isinstance(msg, p.UndoDone):
            said = "Undo agreed." if msg.granted else f"No undo: {msg.reason or 'refused'}."
            return [Change("say", text=said, error=not msg.granted)]
        return []

    def _add(self, m: p.MoveM) -> Applied:
        """A move into the history, as the host sent it to this seat."""
        applied = Applied(
            m.seat,
            m.text or "",
            tuple(m.events),
            m.auto,
            m.secret,
            picked_in=m.picked_in,
            standing=m.standing,
        )
        self.history.append(applied)
        self._entries[id(applied)] = list(m.entries)
        drop = self._budget.add(m)  # within a budget: a host's flood takes the oldest
        for gone in self.history[:drop]:
            del self._entries[id(gone)]
        del self.history[:drop]
        return applied

    def _known(self, history: list[p.MoveM]) -> None:
        """The game's moves so far, as the host sent them on a join: the log is
        made from them, so a table that joins late, rejoins or whose host
        resumed shows the moves made before it came."""
        self.history.clear()
        self._entries.clear()
        self._budget = Budget()
        for m in history:
            self._add(m)

    def _use(self, update: p.Update) -> None:
        self._update = update
        self._view = update.view
        self._before, self._tallies = None, None  # a move's update sets what it changed
        self._use_moves(update)

    def _use_moves(self, update: p.Update) -> None:
        self._moves = [
            Move(Notation(t), g) for t, g in zip(update.legal, update.gestures, strict=True)
        ]


class _MoveAnswer(Answer[Move | None]):
    """A hint's answer: the host's notation, as one of the moves it was asked for."""

    def __init__(self, text: Answer[str | None], moves: Sequence[Move]) -> None:
        super().__init__(None)
        self.text, self.moves = text, list(moves)
        self.until = text.until

    def ready(self, now: float | None = None) -> bool:
        return self.text.ready(now)

    def value(self) -> Move | None:
        said = self.text.value()
        return next((m for m in self.moves if m.text == said), None)
