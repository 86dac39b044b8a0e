"""A remote table's stand-in for the adapter's `Match`: the same questions the
table asks of a match, answered from what the host sent this seat.

The table (`table.remote_scene.RemoteScene`, a `GameScene`) reads views,
legal moves with their gestures, the log's entries, the events of each move and
the headline numbers it moved exactly as it reads them of a local `Match`;
only the messages go elsewhere: a move is sent to the host (which checks it
against the legal list), a refused drop asks the host why (the rules judge it
where the game's state is), an undo asks the other players. Nothing here can
know more than the seat was sent. The network runs in a `Link`, an asyncio
loop in its own thread; `poll()` hands the window's thread what arrived.
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import queue
import threading
from collections.abc import Callable, Coroutine
from dataclasses import dataclass
from typing import Any

from shrinetable.adapter.gestures import Move
from shrinetable.adapter.match import Match, tally_changes
from shrinetable.adapter.refusal import GENERIC
from shrinetable.adapter.session import Applied
from shrinetable.engine import Entry, View, registry

from . import protocol as p
from .client import Remote, rejoin

WHY_S = 3.0  # how long a refused drop waits for the host's reason
REJOIN_S = 30.0  # how long a table that lost its host keeps trying


class Link:
    """An asyncio loop in a thread of its own, so the window's thread stays
    pygame's; coroutines are run there with `run` (a future)."""

    def __init__(self):
        self.loop = asyncio.new_event_loop()
        self.thread = threading.Thread(
            target=self.loop.run_forever, daemon=True, name="shrinetable-net"
        )
        self.thread.start()

    def run(self, coro: Coroutine) -> concurrent.futures.Future:
        return asyncio.run_coroutine_threadsafe(coro, self.loop)

    def stop(self) -> None:
        self.loop.call_soon_threadsafe(self.loop.stop)
        self.thread.join(5)


@dataclass(frozen=True, slots=True)
class Sent:
    """A legal move as a remote table holds it: its notation (the host parses it)."""

    text: str


@dataclass(frozen=True, slots=True)
class Change:
    """What `poll` tells the table: `kind` is "move" (`applied`), "reset" (the
    game as it stands: a join, a rejoin, an undo), "say" (`text`; `error`
    when it is a refusal), "players" (who is connected changed) or
    "undo_asked" (`seat` asks to take back a move)."""

    kind: str
    applied: Applied | None = None
    text: str = ""
    error: bool = False
    seat: int | None = None


class RemoteMatch:
    """One seat's (or a spectator's) side of a hosted game, asked as a `Match` is."""

    def __init__(self, remote: Remote, link: Link, wake: Callable[[], None] = lambda: None):
        self.remote, self.link, self.wake = remote, link, wake
        welcome = remote.welcome
        self.game = registry.get(welcome.game)
        self.present = self.game.present
        self.seat = welcome.seat
        self.session = None  # the game is kept on the host (its autosave)
        self.save_problem = ""
        self._inbox: queue.Queue = queue.Queue()
        self._why: dict[int, concurrent.futures.Future] = {}
        self._hint: concurrent.futures.Future | None = None
        self._asked = 0
        self.players: p.Players | None = remote.players
        self._use(remote.update)
        self.history: list[Applied] = []
        self._entries: dict[int, list[Entry]] = {}  # id(applied) -> its log entries
        self._known(remote.update.history or [])
        self.reader = link.run(self._read())

    # -- what the table reads (as of a Match) --------------------------------------
    # what a Match works out from its game and its history alone, it works out here
    name, title, passes, hand = Match.name, Match.title, Match.passes, Match.hand
    summary = Match.summary

    def skip_warning(self, action) -> str:
        """No question at a remote table: the game's state, which the game's
        `skip_warning` reads, is kept on the host."""
        return ""

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

    def decision(self):
        return self._view.decision

    def outcome(self):
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

    def entries(self, applied: Applied, viewer: int | None) -> list[Entry]:
        """A move's log entries as the host made them for this seat."""
        return self._entries.get(id(applied), [])

    def said(self, applied: Applied, viewer: int | None) -> list[str]:
        """A move's entries as plain sentences, as `Match.said` says them."""
        return [self.present.sentence(e) for e in self.entries(applied, viewer)]

    @staticmethod
    def events(applied: Applied) -> tuple:
        """A move's events as the host sent them to this seat."""
        return applied.events

    def can_undo(self, seat: int | None = None) -> bool:
        return self._update.can_undo

    def can_redo(self) -> bool:
        return False

    def quick_pass(self) -> None:
        """Never: the other seats answer at their own tables."""
        return None

    def pending(self) -> None:
        """Never: the host makes the computer's moves and the passes."""
        return None

    # -- messages out ----------------------------------------------------------------
    def send(self, text: str) -> None:
        """A move of this seat, in the notation, answering the update it has."""
        self.link.run(self.remote.act(text))

    def refusal(
        self, seat: int, held: tuple[str, ...], source: str, zone: str | None, card: str | None
    ) -> str:
        """Why a drop made no move: the host's answer (the rules need the game's
        state), waited for briefly; the plain sentence if none comes."""
        self._asked += 1
        asked = self._asked
        future: concurrent.futures.Future = concurrent.futures.Future()
        self._why[asked] = future
        self.link.run(
            self.remote.send(
                p.AskWhy(seq=asked, held=list(held), source=source, zone=zone, card=card)
            )
        )
        try:
            return future.result(WHY_S)
        except concurrent.futures.TimeoutError:
            return GENERIC.format(cards=" ".join(held) or "that")
        finally:
            self._why.pop(asked, None)

    def hint(self, seat: int) -> Move | None:
        """The move the computer would make for this seat now, as the host's
        computer player sees it through this seat's observation (waited for
        briefly; None if no answer comes)."""
        if seat != self.seat or not self._moves:
            return None
        self._hint = concurrent.futures.Future()
        self.link.run(self.remote.send(p.AskHint(seq=self.remote.seq)))
        try:
            text = self._hint.result(WHY_S)
        except concurrent.futures.TimeoutError:
            return None
        return next((m for m in self._moves if m.text == text), None)

    def ask_undo(self) -> None:
        self.link.run(self.remote.send(p.AskUndo()))

    def agree(self, yes: bool) -> None:
        self.link.run(self.remote.send(p.Agree(yes=yes)))

    def close(self) -> None:
        self.reader.cancel()
        self.link.run(self.remote.close()).result(5)

    # -- messages in -----------------------------------------------------------------
    async def _read(self) -> None:
        """Queue what the host sends (answers to `refusal` go to their asker);
        a lost host is rejoined with the seat's token."""
        while True:
            async for msg in self.remote.messages():
                if isinstance(msg, p.Why | p.Hint):  # an answer its asker waits for
                    future = self._why.get(msg.seq) if isinstance(msg, p.Why) else self._hint
                    if future is not None and not future.done():
                        future.set_result(msg.text)
                    continue
                self._inbox.put(msg)
                self.wake()
            if self.outcome() is not None:
                return
            self._inbox.put(Change("say", text="Lost the host: rejoining\u2026", error=True))
            self.wake()
            try:
                await rejoin(self.remote, REJOIN_S)
            except Exception as e:  # refused, or no host within the time: said, and done
                self._inbox.put(Change("say", text=f"The host is gone: {e}", error=True))
                self.wake()
                return
            self._inbox.put(self.remote.update)  # the game as it stands
            self._inbox.put(Change("say", text="Back at the table.", error=False))
            self.wake()

    def poll(self) -> list[Change]:
        """What arrived since the last call, applied, in order."""
        out = []
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
            rule = f" (rule: {msg.ruling})" if msg.ruling else ""
            return [Change("say", text=f"The host refused: {msg.reason}{rule}", error=True)]
        if isinstance(msg, p.UndoAsked):
            return [Change("undo_asked", seat=msg.by)]
        if isinstance(msg, p.UndoDone):
            said = "Undo agreed." if msg.granted else f"No undo: {msg.reason or 'refused'}."
            return [Change("say", text=said, error=not msg.granted)]
        return []

    def _add(self, m: p.MoveM) -> Applied:
        """A move into the history, as the host sent it to this seat."""
        applied = Applied(
            m.seat, m.text or "", tuple(e.event() for e in m.events), m.auto, m.secret
        )
        self.history.append(applied)
        self._entries[id(applied)] = [e.entry() for e in m.entries]
        return applied

    def _known(self, history: list[p.MoveM]) -> None:
        """The game's moves so far, as the host sent them on a join: the log is
        made from them, so a table that joins late, rejoins or whose host
        resumed shows the moves made before it came."""
        self.history.clear()
        self._entries.clear()
        for m in history:
            self._add(m)

    def _use(self, update: p.Update) -> None:
        self._update = update
        self._view = update.view.view()
        self._before, self._tallies = None, None  # a move's update sets what it changed
        self._moves = [
            Move(Sent(t), g.gesture()) for t, g in zip(update.legal, update.gestures, strict=True)
        ]
