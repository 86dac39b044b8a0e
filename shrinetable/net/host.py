"""The host: the authority that runs the match and serves the remote tables.

Every table gets, per change, one `Update` built from the match alone: the view
for its seat (`Match.view(seat)`), the move's events as `Event.seen_by(seat)`
shows them and the log's entries for that seat (`Match.entries`), the move's
notation only when it made the move (a text may name a card others may not
see), and its legal moves when it decides. The host checks every move (whose decision, the legal
list) and refuses the rest with the reason; a bad message, a flood or a lost
table never stops the game. After each move it autosaves, with the seats'
tokens beside the save, so a restarted host resumes and its players rejoin.
"""

from __future__ import annotations

import asyncio
import contextlib
import ipaddress
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from websockets.asyncio.server import Server, ServerConnection, serve
from websockets.exceptions import ConnectionClosed

from shrinetable.adapter import storage
from shrinetable.adapter.refusal import GENERIC
from shrinetable.adapter.session import Applied
from shrinetable.formats.save import write_save
from shrinetable.formats.savemodel import SaveFile

from . import protocol as p
from .protocol import VERSION
from .seam import Refusal, Seam
from .seats import Chair, seat_file, write_seats

HELLO_S = 10.0  # a table must say hello within this
RATE = 20.0  # messages a second a table may send unasked, on average...
BURST = 60.0  # ...and at once; each update it is sent allows REPLIES more
REPLIES = 3
WATCHERS = 16  # spectators at most
QUEUE = 512  # updates waiting for one slow table before it is dropped
TAKEN_OVER = "your seat was taken over by another window"
THINK_POLL_S = 0.02  # while a computer seat thinks (on its own thread), this often the host looks


@dataclass
class Bucket:
    """A token bucket: `take()` is False while a table sends faster than RATE."""

    level: float = BURST
    at: float = field(default_factory=time.monotonic)

    def allow(self, n: float) -> None:
        self.level = min(BURST, self.level + n)

    def take(self) -> bool:
        now = time.monotonic()
        self.level = min(BURST, self.level + (now - self.at) * RATE)
        self.at = now
        if self.level < 1:
            return False
        self.level -= 1
        return True


class Door:
    """Wrong invite codes slowed per address, so that guessing a code takes far
    longer than the game: the hellos from one address are judged one at a
    time, and after FREE wrong codes each waits STEP, doubling to CAP (200
    wrong codes take over half an hour). A table that gives the right code
    clears its address. `clock` and `sleep`: a test's scaled time."""

    FREE = 3  # typos are free
    STEP = 0.25  # seconds, doubling per wrong code...
    CAP = 10.0  # ...up to this
    PENDING = 8  # hellos from one address waiting their turn at most
    TELL = (10, 50, 200, 1000)  # wrong codes from one address the host is told of
    KEEP = 4096  # addresses remembered at most (the oldest forgiven first)

    def __init__(
        self,
        clock: Callable[[], float] = time.monotonic,
        sleep: Callable[[float], Awaitable[None]] = asyncio.sleep,
    ):
        self.clock, self.sleep = clock, sleep
        self.wrong: dict[str, int] = {}
        self.until: dict[str, float] = {}
        self.locks: dict[str, asyncio.Lock] = {}
        self.waiting: dict[str, int] = {}

    async def judge(self, address: str, right: bool, say: Callable[[str], None]) -> bool:
        """Whether a hello from `address` with a `right` code or not may go on,
        after its address's wait; Refusal when too many already wait."""
        if self.waiting.get(address, 0) >= self.PENDING:
            raise Refusal("too many tries from your address at once; wait and try again")
        self.waiting[address] = self.waiting.get(address, 0) + 1
        try:
            async with self.locks.setdefault(address, asyncio.Lock()):
                await self.sleep(max(0.0, self.until.get(address, 0.0) - self.clock()))
                return self._judged(address, right, say)
        finally:
            self.waiting[address] -= 1
            if not self.waiting[address]:
                del self.waiting[address], self.locks[address]

    def _judged(self, address: str, right: bool, say: Callable[[str], None]) -> bool:
        if right:
            self.wrong.pop(address, None)
            self.until.pop(address, None)
            return True
        n = self.wrong[address] = self.wrong.pop(address, 0) + 1  # the newest last
        self.until[address] = self.clock() + self.delay(n)
        if n in self.TELL:
            say(f"{n} wrong invite codes from {address}: each try from there waits longer")
        while len(self.wrong) > self.KEEP:  # the oldest forgiven
            gone = next(iter(self.wrong))
            del self.wrong[gone]
            self.until.pop(gone, None)
        return False

    @classmethod
    def delay(cls, n: int) -> float:
        """The wait after the `n`th wrong code from one address."""
        return 0.0 if n <= cls.FREE else min(cls.CAP, cls.STEP * 2 ** min(n - cls.FREE - 1, 30))


class Table:
    """One connected remote table (a seat's, or a spectator's)."""

    def __init__(self, ws: ServerConnection, seat: int | None, name: str):
        self.ws, self.seat, self.name = ws, seat, name
        self.bucket = Bucket()
        self.outbox: asyncio.Queue[str | None] = asyncio.Queue(QUEUE)
        self.warned = 0.0

    def send(self, message: p.Message | str) -> None:
        """Queue a message (a str: an update's JSON, `p.update_json`); a table
        too slow to take QUEUE of them is dropped (it rejoins and gets the game
        as it stands)."""
        try:
            self.outbox.put_nowait(message if isinstance(message, str) else p.dump(message))
        except asyncio.QueueFull:
            self.drop()
        if isinstance(message, str):  # an update may be answered at once
            self.bucket.allow(REPLIES)

    def drop(self) -> None:
        """Close this connection once what is queued has gone (at once if full)."""
        try:
            self.outbox.put_nowait(None)
        except asyncio.QueueFull:
            self.outbox = asyncio.Queue(1)
            self.outbox.put_nowait(None)

    async def pump(self) -> None:
        while (text := await self.outbox.get()) is not None:
            await self.ws.send(text)
        await self.ws.close(1008, "closed by the host; rejoin")


class Host:
    def __init__(
        self,
        seam: Seam,
        code: str | None = None,
        names: list[str] | None = None,
        tokens: list[str | None] | None = None,
        pace: float = 0.0,
        say: Callable[[str], None] = print,
        minor_pace: float = 0.0,
    ):
        """`pace`, `minor_pace`: the pause before a computer's move worth watching
        and before a minor one (0 for bots; people at windows need to follow)."""
        self.seam = seam
        self.code = p.clean_code(code) if code else p.new_code()
        self.door = Door()
        n = len(seam.kinds)
        names = names or [""] * n
        tokens = tokens or [None] * n
        self.chairs = [Chair(k, names[i], tokens[i]) for i, k in enumerate(seam.kinds)]
        self.tables: list[Table] = []
        self.pace, self.minor_pace = pace, minor_pace
        self.say = say
        self.seq = 0
        self.over = asyncio.Event()
        self.changed = asyncio.Event()
        self.undo_votes: dict[int, bool] | None = None
        self.undo_by: int | None = None
        self.port = 0
        self.bind = ""
        self.left_at: dict[int, float] = {}  # when each gone seat's table left
        self._server: Server | None = None
        self._tasks: list[asyncio.Task[None]] = []
        self.unsaved = asyncio.Event()
        self._seats_kept: tuple[Any, ...] | None = None

    # -- serving -------------------------------------------------------------------
    async def start(self, address: str = "0.0.0.0", port: int = 0) -> None:
        self._server = await serve(
            self._serve, address, port, max_size=p.MAX_TO_HOST, max_queue=64, compression=None
        )
        self.port = int(self._server.sockets[0].getsockname()[1])
        self.bind = address
        self._tasks = [asyncio.create_task(self._drive()), asyncio.create_task(self._keep())]
        self.changed.set()

    async def stop(self) -> None:
        for task in self._tasks:
            task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await task
        self._write(*self._snapshot())  # what the keeper had not written yet
        if self._server:
            self._server.close()
            await self._server.wait_closed()

    def check(self) -> None:
        """Raise what broke the driver or the keeper, if anything did (a bug: the
        game would stand still without it)."""
        for task in self._tasks:
            if task.done() and not task.cancelled() and (broke := task.exception()):
                raise broke

    def local_token(self, seat: int) -> str:
        """The token of a person's seat at the host's own window (the window joins
        its host like any table, so it is sent only that seat's share)."""
        chair = self.chairs[seat]
        if chair.kind != "human":
            raise Refusal(f"p{seat + 1} is not a seat at the host's window")
        chair.token = chair.token or p.new_token()
        return chair.token

    @property
    def invite(self) -> str:
        """The code as people read it (`ABCD-EFGH`)."""
        return p.show_code(self.code)

    def started(self) -> bool:
        """The game runs once every remote seat has been taken."""
        return all(c.kind != "remote" or c.token for c in self.chairs)

    async def _serve(self, ws: ServerConnection) -> None:
        table = await self._greet(ws)
        if table is None:
            return
        pump = asyncio.create_task(table.pump())
        try:
            async for raw in ws:
                self._receive(table, raw)
        except ConnectionClosed:
            pass
        finally:
            pump.cancel()
            self._leave(table)

    async def _greet(self, ws: ServerConnection) -> Table | None:
        """Read the hello and seat the table, or refuse it with the reason."""
        try:
            hello = p.read_to_host(await asyncio.wait_for(ws.recv(), HELLO_S))
            if not isinstance(hello, p.Hello):
                raise Refusal("the first message must be a hello")
            right = p.clean_code(hello.code) == self.code
            if not await self.door.judge(_address(ws), right, self.say):
                raise Refusal("wrong invite code")
            seat = self._seat_for(hello)
        except p.BadMessage as e:
            await self._refuse(ws, f"the hello does not parse: {e}")
            return None
        except Refusal as e:
            await self._refuse(ws, e.reason)
            return None
        except (TimeoutError, ConnectionClosed):
            await self._refuse(ws, f"no hello within {HELLO_S:.0f} s")
            return None
        chair = None if seat is None else self.chairs[seat]
        waiting = not self.started()
        if chair is not None and seat is not None:
            chair.token = chair.token or p.new_token()
            chair.name = hello.name or chair.name or f"p{seat + 1}"
        old = None if seat is None else self._table_of(seat)
        if old is not None:  # the token proves the seat: the newer table keeps it
            self.tables.remove(old)
            old.send(p.Refused(reason=TAKEN_OVER))
            old.drop()
        table = Table(ws, seat, hello.name)
        self.tables.append(table)
        table.send(
            p.Welcome(
                game=self.seam.game.name,
                seats=len(self.chairs),
                seat=seat,
                token=chair.token if chair else None,
                options=self.seam.session.options,
            )
        )
        if waiting and self.started():
            self._after(None)  # the last seat taken: the game starts at every table
        else:
            table.send(self._update(seat, None))
        self._players_changed()
        who = "a spectator" if seat is None or chair is None else f"p{seat + 1} ({chair.name})"
        self.say(f"joined: {who}")
        self.changed.set()
        return table

    @staticmethod
    async def _refuse(ws: ServerConnection, reason: str) -> None:
        with contextlib.suppress(ConnectionClosed):
            await ws.send(p.dump(p.Refused(reason=reason)))
            await ws.close(1008, reason[:100])

    def _seat_for(self, hello: p.Hello) -> int | None:
        """The seat a hello may take (None: a spectator); Refusal why not."""
        if hello.version != VERSION:
            raise Refusal(
                f"version mismatch: this host speaks protocol {VERSION}, "
                f"the table {hello.version}; use the same shrinetable release"
            )
        if hello.watch:
            if sum(t.seat is None for t in self.tables) >= WATCHERS:
                raise Refusal(f"no room for more spectators ({WATCHERS})")
            return None
        if hello.token:
            for i, c in enumerate(self.chairs):
                if c.token == hello.token and c.kind != "computer":  # human: the host's window
                    return i
            raise Refusal(p.UNKNOWN_TOKEN)
        free = [i for i, c in enumerate(self.chairs) if c.kind == "remote" and not c.token]
        if free:  # a name is for display: a seat taken is held by its token alone
            return free[0]
        raise Refusal("the table is full (every remote seat is taken); join with --watch to watch")

    def _table_of(self, seat: int) -> Table | None:
        return next((t for t in self.tables if t.seat == seat), None)

    def _leave(self, table: Table) -> None:
        if table in self.tables:
            self.tables.remove(table)
            if table.seat is not None:
                self.left_at[table.seat] = time.monotonic()
            self.say(
                "left: "
                + (
                    "a spectator"
                    if table.seat is None
                    else f"p{table.seat + 1} ({self.chairs[table.seat].name})"
                )
            )
            self._players_changed()
            if self.undo_votes is not None and table.seat in self.undo_votes:
                self._settle_undo(False, f"p{table.seat + 1} left")

    # -- messages --------------------------------------------------------------------
    def _receive(self, table: Table, raw: str | bytes) -> None:
        if not table.bucket.take():
            now = time.monotonic()
            if now - table.warned > 1.0:
                table.warned = now
                table.send(
                    p.Rejected(
                        reason=f"too many messages: at most {RATE:.0f} a "
                        f"second besides the answers to updates; the "
                        f"rest were ignored"
                    )
                )
            return
        try:
            msg = p.read_to_host(raw)
        except p.BadMessage as e:
            table.send(p.Rejected(reason=f"message does not parse: {e}"))
            return
        try:
            self._handle(table, msg)
        except Refusal as e:
            table.send(p.Rejected(reason=e.reason, ruling=e.ruling))

    def _handle(self, table: Table, msg: p.Message) -> None:
        seat = table.seat
        if isinstance(msg, p.Hello):
            raise Refusal("already joined")
        if seat is None:
            raise Refusal("a spectator makes no moves")
        if isinstance(msg, p.Act):
            self._act(seat, msg)
        elif isinstance(msg, p.AskHint):
            hint = self.seam.hint(seat) if msg.seq == self.seq else None
            if hint is None:
                raise Refusal("no hint: it is not your decision now")
            table.send(p.Hint(seq=self.seq, text=hint))
        elif isinstance(msg, p.AskWhy):
            table.send(p.Why(seq=msg.seq, text=self._why(seat, msg)))
        elif isinstance(msg, p.AskUndo):
            self._ask_undo(seat)
        elif isinstance(msg, p.Agree):
            self._vote(seat, msg.yes)
        elif isinstance(msg, p.Standing):
            self._standing(table, seat, msg)

    def _standing(self, table: Table, seat: int, msg: p.Standing) -> None:
        """A seat's own standing answer, switched at its table: the driver
        looks again at what is due (its answer may be due now). Switched on
        at a decision of its kind that is the seat's to make after all (the
        answer gives none here), the table is sent its moves again: it
        withheld them when it switched (`RemoteMatch`). Switched off, the
        table gives itself its moves back: a reply here could come after it
        had switched on again, and bring back a button its answer now makes."""
        standing = self.seam.game.standing_of(msg.key)
        if standing is None:
            raise Refusal(f"{self.seam.game.title} has no standing answer {msg.key!r}")
        self.seam.match.set_standing(seat, msg.key, msg.on)
        d = self.seam.match.decision()
        mine = d is not None and d.seat == seat and d.kind == standing.kind
        if msg.on and mine and self.seam.moves(seat):
            table.send(self._update_json(seat, None, None, 0))  # no move: its log stays
        self.changed.set()

    def _why(self, seat: int, msg: p.AskWhy) -> str:
        """Why a drop at `seat`'s table made no move, as the match says it at one
        screen. Only for a drop the table could make: cards it shows in the
        zone they came from, onto a zone or card it shows (else the rules'
        answer could tell where a hidden card is)."""
        plain = GENERIC.format(cards=" ".join(msg.held) or "that")
        zones = self.seam.view(seat).zones
        shown = zones[msg.source].cards if msg.source in zones else ()
        if (
            any(msg.held.count(c) > shown.count(c) for c in msg.held)
            or (msg.zone is not None and msg.zone not in zones)
            or (
                msg.card is not None and (msg.zone is None or msg.card not in zones[msg.zone].cards)
            )
        ):
            return plain
        try:
            return self.seam.match.refusal(seat, tuple(msg.held), msg.source, msg.zone, msg.card)
        except (KeyError, ValueError, IndexError, TypeError):
            return plain

    def _act(self, seat: int, msg: p.Act) -> None:
        if not self.started():
            raise Refusal("waiting for every remote seat to join")
        if self.chairs[seat].kind == "computer":
            raise Refusal(f"p{seat + 1} is played by the {self.chairs[seat].kind} now")
        if msg.seq != self.seq:
            raise Refusal("that move answers an older position; the game moved on")
        self._after(self.seam.play(seat, msg.text, msg.joined))

    # -- changes ------------------------------------------------------------------
    def _after(self, applied: Applied | None, undone: int = 0) -> None:
        """Send every table the change, autosave, and let the driver go on."""
        self.seq += 1
        for t in list(self.tables):
            t.send(self._update(t.seat, applied, undone))
        self.unsaved.set()
        if self.seam.over():
            outcome = self.seam.view(None).outcome
            self.say(f"game over: {outcome.reason if outcome else ''}")
            self.over.set()
        self.changed.set()

    def _update(self, seat: int | None, applied: Applied | None, undone: int = 0) -> str:
        """The change as `seat`'s table may know it, as JSON (`p.update_json`);
        without a move or an undo (a join, the start) the whole history too,
        each move as it was sent when made, for the table's log (the newest that
        fit in half a message: a table takes at most `p.MAX_TO_TABLE`)."""
        move = None if applied is None else self._move(applied, seat)
        history = (
            None
            if applied is not None or undone
            else [self._move(a, seat) for a in self.seam.history()]
        )
        text = self._update_json(seat, move, history, undone)
        while len(text) > p.MAX_TO_TABLE // 2 and history:
            history = history[len(history) // 2 :] if len(history) > 1 else []
            text = self._update_json(seat, move, history, undone)
        return text

    def _update_json(
        self, seat: int | None, move: Any, history: list[Any] | None, undone: int
    ) -> str:
        match = self.seam.match
        moves = self.seam.moves(seat) if self.started() else []
        return p.update_json(
            self.seq,
            move,
            self.seam.view(seat),
            moves,
            match.turn_number(),
            seat is not None and self.seam.can_undo(seat),
            undone,
            history,
            [match.skip_warning(m.action) for m in moves],  # only to the seat deciding
        )

    def _move(self, applied: Applied, seat: int | None) -> p.MoveM:
        """A move as `seat` may know it (`p.move_data`): its events as the seat
        sees them, the log's entries for the seat, and its notation only for the
        seat that made it (a text can name a card no other seat may see)."""
        mine = applied.seat == seat
        entries = self.seam.match.entries(applied, seat, own=True)  # each table its own
        return p.move_data(
            applied.seat,
            applied.text if mine else None,
            entries if mine else [replace(e, cause="") for e in entries],
            applied.auto,
            applied.secret,
            [e.seen_by(seat) for e in applied.events],
            applied.picked_in if mine else "",  # other moves beside it: the seat's own
            applied.standing if mine else "",
        )

    async def _drive(self) -> None:
        """Make the moves no one at a table makes: computer seats and forced passes."""
        while True:
            await self.changed.wait()
            self.changed.clear()
            while self.started() and self.undo_votes is None and await self._due():
                if self.pace:  # a window's pace: a tap or a pass goes faster
                    auto = self.seam.match.pending()
                    minor = auto is not None and self.seam.match.minor(auto, None)
                    await asyncio.sleep(self.minor_pace if minor else self.pace)
                else:
                    await asyncio.sleep(0)  # let the tables' messages through
                if self.undo_votes is None and await self._due():
                    self._after(self.seam.step())

    async def _due(self) -> bool:
        """`Seam.due`, a computer seat thinking on the match's own thread
        meanwhile: the host answers its tables while the hard computer looks ahead."""
        asked = self.seam.match.ask_pending()
        while not asked.ready():
            await asyncio.sleep(THINK_POLL_S)
        return self.seam.due()

    # -- seats -------------------------------------------------------------------------
    def players(self) -> p.Players:
        return p.Players(
            players=[
                p.PlayerM(
                    seat=i,
                    kind=c.kind,  # type: ignore[arg-type]  # one of seam.KINDS
                    name=c.name or f"p{i + 1}",
                    connected=c.kind != "remote" or self._table_of(i) is not None,
                    taken=c.kind != "remote" or c.token is not None,
                )
                for i, c in enumerate(self.chairs)
            ],
            watchers=sum(t.seat is None for t in self.tables),
        )

    def _players_changed(self) -> None:
        msg = self.players()
        for t in self.tables:
            t.send(msg)
        self.unsaved.set()

    def hand_to_computer(self, seat: int) -> None:
        """The computer takes a remote seat whose player is gone."""
        if self.chairs[seat].kind != "remote" or self._table_of(seat):
            raise Refusal(f"p{seat + 1} is not a remote seat whose player is gone")
        self.seam.take_seat(seat)
        self.chairs[seat].kind = "computer"
        self.say(f"p{seat + 1} is played by the computer now")
        self._players_changed()
        self.changed.set()

    def open_seat(self, seat: int) -> None:
        """Let a newcomer take a remote seat whose player is gone (the host's
        choice): its token no longer holds it, and the game waits for the
        newcomer, who is sent the game as it stands."""
        chair = self.chairs[seat]
        if chair.kind != "remote" or not chair.token or self._table_of(seat):
            raise Refusal(f"p{seat + 1} is not a remote seat whose player is gone")
        chair.token, chair.name = None, ""
        self.say(f"p{seat + 1} is open: the next table to join takes it")
        self._players_changed()
        self.changed.set()

    def obey(self, line: str) -> None:
        """A command typed at the host: `computer N` hands gone seat pN to the
        computer, `open N` to the next table that joins."""
        words = line.lower().split()
        if not words:
            return
        what, n = words[0], words[1].lstrip("p") if len(words) == 2 else ""
        seat = int(n) - 1 if n.isdecimal() and len(n) < 3 else -1
        if what not in ("computer", "open") or not 0 <= seat < len(self.chairs):
            self.say(f"commands: computer N, open N (N: 1 to {len(self.chairs)}, a gone seat)")
            return
        try:
            (self.hand_to_computer if what == "computer" else self.open_seat)(seat)
        except Refusal as e:
            self.say(e.reason)

    def gone_for(self, seconds: float) -> list[int]:
        """Remote seats whose player left at least `seconds` ago and is not back."""
        now = time.monotonic()
        return [
            i
            for i, c in enumerate(self.chairs)
            if c.kind == "remote"
            and c.token
            and not self._table_of(i)
            and now - self.left_at.get(i, now) >= seconds
        ]

    async def hand_over_after(self, seconds: float) -> None:
        """Hand each remote seat whose player has been gone `seconds` to the computer."""
        while not self.over.is_set():
            for seat in self.gone_for(seconds):
                self.hand_to_computer(seat)
            await asyncio.sleep(0.2)

    # -- undo by agreement ---------------------------------------------------------
    def _ask_undo(self, seat: int) -> None:
        if self.undo_votes is not None:
            raise Refusal("an undo is already being asked")
        if not self.seam.can_undo(seat):
            raise Refusal(
                "nothing of yours to take back (only your last move, "
                "before another player has chosen one)"
            )
        others = {t.seat for t in self.tables if t.seat is not None and t.seat != seat}
        if not others:
            self._undo(seat)
            return
        self.undo_by, self.undo_votes = seat, {q: False for q in others}
        for t in self.tables:
            if t.seat in others:
                t.send(p.UndoAsked(by=seat))

    def _vote(self, seat: int, yes: bool) -> None:
        if self.undo_votes is None or seat not in self.undo_votes:
            raise Refusal("no undo is asked of you")
        if not yes:
            self._settle_undo(False, f"p{seat + 1} said no")
            return
        self.undo_votes[seat] = True
        if all(self.undo_votes.values()) and self.undo_by is not None:
            self._undo(self.undo_by)

    def _undo(self, seat: int) -> None:
        before = len(self.seam.match.history)
        if not self.seam.undo(seat):
            self._settle_undo(False, "the move can no longer be taken back")
            return
        self._settle_undo(True)
        self._after(None, before - len(self.seam.match.history))

    def _settle_undo(self, granted: bool, reason: str = "") -> None:
        self.undo_votes = self.undo_by = None
        for t in self.tables:
            if t.seat is not None:
                t.send(p.UndoDone(granted=granted, reason=reason))
        self.changed.set()

    # -- keeping the game ---------------------------------------------------------
    async def _keep(self) -> None:
        """Autosave after the tables have been sent the change, writing in a
        thread (a save waits on the disk; the next move need not), one save
        for moves that come together."""
        while True:
            await self.unsaved.wait()
            self.unsaved.clear()
            await asyncio.to_thread(self._write, *self._snapshot())

    def _snapshot(self) -> tuple[Any, ...]:
        """What a save writes, taken in the loop (the game does not change under it)."""
        session = self.seam.session
        over = self.seam.over()
        return (
            storage.autosave_path(session),
            None if over else session.to_save(),
            [replace(c) for c in self.chairs],
            over,
        )

    def _write(self, path: Path, save: SaveFile | None, chairs: list[Chair], over: bool) -> None:
        """Keep the game and its seats (a finished game leaves neither behind)."""
        try:
            if save is None:
                path.unlink(missing_ok=True)
            elif save.actions:
                write_save(path, save)
            seats = (path, over, tuple((c.kind, c.name, c.token) for c in chairs))
            if seats != self._seats_kept:
                write_seats(seat_file(self.code), str(path), self.port, self.bind, chairs, over)
                self._seats_kept = seats
        except OSError as e:
            self.say(f"autosave failed: {e}")


def _address(ws: ServerConnection) -> str:
    """The address a connection comes from, the key its wrong codes are counted
    by: an IPv6 address's /64 (one home network has a whole /64 to try from)."""
    peer = ws.remote_address
    text = str(peer[0]) if isinstance(peer, tuple) and peer else "?"
    try:
        ip = ipaddress.ip_address(text)
    except ValueError:
        return text
    if isinstance(ip, ipaddress.IPv6Address):
        if ip.ipv4_mapped is not None:
            return str(ip.ipv4_mapped)
        return str(ipaddress.ip_network(f"{ip}/64", strict=False))
    return str(ip)
