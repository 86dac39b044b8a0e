"""A remote table's connection to a host, and the headless bots that play through it.

`Remote` says hello, keeps what the host sent this seat (the view, legal moves,
the moves as this seat may know them, who is connected) and sends moves.
Everything it receives is validated against the protocol first. A bot plays
its seat from what arrives: `random` picks among the legal moves; `ai` asks the
host for the computer's move for its own seat (the game's computer player needs
the game's state, which stays on the host; it sees only that seat's
observation there).
"""

from __future__ import annotations

import asyncio
import collections
import random
import re
import socket
import sys
from collections.abc import AsyncIterator, Callable
from typing import Any

from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed, InvalidHandshake

from shrinetable.engine import Outcome, Presentation, registry

from . import protocol as p
from . import seats

DEFAULT_PORT = 47123
BOTS = ("ai", "random")


class Refused(Exception):
    """The host would not take this table in; the message says why."""


def parse_address(text: str) -> tuple[str, int, str | None]:
    """`HOST[:PORT]`, or a pasted line holding the address and the code as the
    host prints them (`address: 192.168.1.20:47123 code: K7QM-4XPA`); ValueError
    for anything else."""
    code = re.search(r"\bcode:?\s*([A-Za-z0-9]{4}(?:-?[A-Za-z0-9]{4})?)\b", text, re.I)
    rest = text[: code.start()] + text[code.end() :] if code else text
    words = [w for w in rest.split() if not w.endswith(":")]  # "address:"
    where = re.sub(r"^ws://|/$", "", words[0]) if len(words) == 1 else ""
    m = re.fullmatch(r"(\[[0-9a-fA-F:]+\]|[\w.-]+)(?::(\d{1,5}))?", where)
    if not m:
        raise ValueError(
            f"{text!r} is not an address: give HOST or HOST:PORT (e.g. 192.168.1.20:{DEFAULT_PORT})"
        )
    port = int(m.group(2) or DEFAULT_PORT)
    if not 0 < port < 65536:
        raise ValueError(f"port {port} is not 1 to 65535")
    return m.group(1).strip("[]"), port, p.clean_code(code.group(1)) if code else None


def lan_address() -> str:
    """This computer's address on its home network, for the invite (no packet sent)."""
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as s:
        try:
            s.connect(("10.255.255.255", 1))
            return str(s.getsockname()[0])
        except OSError:
            return "127.0.0.1"


class Budget:
    """The moves a table keeps for its log, within `p.HISTORY_BYTES` of JSON:
    `add` says how many of the oldest to drop (a hostile host's flood of moves
    costs a table this much memory at most, a real game's log is whole)."""

    def __init__(self, limit: int = p.HISTORY_BYTES):
        self.limit = limit
        self.sizes: collections.deque[int] = collections.deque()
        self.total = 0

    def add(self, move: p.MoveM) -> int:
        size = len(move.model_dump_json())
        self.sizes.append(size)
        self.total += size
        drop = 0
        while self.total > self.limit:
            self.total -= self.sizes.popleft()
            drop += 1
        return drop

    def undo(self, n: int) -> None:
        for _ in range(min(n, len(self.sizes))):
            self.total -= self.sizes.pop()


class Remote:
    """One table joined to a host: its seat's side of the game."""

    def __init__(
        self,
        host: str,
        port: int,
        code: str,
        name: str = "",
        watch: bool = False,
        record: list[str] | None = None,
        token: str | None = None,
        say: Callable[[str], None] | None = None,
    ):
        """`token`: a seat's token given by the host itself (its own window's seat);
        without one the table takes a token kept in the data folder, if any;
        `say`: where a damaged token file is said (default: stderr)."""
        self.uri = f"ws://{host}:{port}"
        self.token = token
        self.say = say or (lambda s: print(f"shrinetable join: {s}", file=sys.stderr))
        self.claim: seats.Claim | None = None
        self.ended: str | None = None  # the host ended this table's seat: why (no rejoin)
        self.code, self.name, self.watch = p.clean_code(code), name, watch
        self.record = record
        self.ws: ClientConnection | None = None
        self.welcome: p.Welcome | None = None
        self.update: p.Update | None = None
        self.moves: list[p.MoveM] = []
        self.budget = Budget()  # of `moves`: a host cannot fill this table's memory
        self.players: p.Players | None = None

    @property
    def seat(self) -> int | None:
        return self.welcome.seat if self.welcome else None

    @property
    def seq(self) -> int:
        return self.update.seq if self.update else -1

    @property
    def legal(self) -> list[str]:
        return self.update.legal if self.update else []

    @property
    def outcome(self) -> Outcome | None:
        return self.update.view.outcome if self.update else None

    async def join(self) -> p.Welcome:
        """Connect, say hello (with the token kept for this code: a rejoin) and
        take the game as it stands; Refused with the host's reason, OSError
        when no host answers."""
        self.ws = await connect(
            self.uri, max_size=p.MAX_TO_TABLE, proxy=None, compression=None, open_timeout=5
        )
        token = None if self.watch else (self.welcome.token if self.welcome else self.token)
        if token is None and not self.watch:
            self.claim = self.claim or seats.claim(self.code, self.name, self.say)
            token = self.claim.token if self.claim else None
        await self.send(
            p.Hello(
                version=p.VERSION, code=self.code, name=self.name, token=token, watch=self.watch
            )
        )
        try:
            first = await self._next()
        except p.BadMessage as e:
            await self.ws.close()
            raise Refused(f"the host's answer does not parse ({e})") from None
        if isinstance(first, p.Refused) and token and first.reason == p.UNKNOWN_TOKEN:
            # from an earlier game, or the host gave the seat away: join afresh
            if self.claim is not None:
                self.claim.forget()
            self.welcome = self.token = self.claim = None
            await self.ws.close()
            return await self.join()
        if isinstance(first, p.Refused):
            await self.ws.close()
            raise Refused(first.reason)
        if not isinstance(first, p.Welcome):
            raise Refused(f"the host answered with {first.type!r}, not a welcome")
        self.welcome = first
        self._keep(first)
        while not isinstance(await self._next(), p.Update):  # the game as it stands
            pass
        return first

    def _add(self, move: p.MoveM) -> None:
        self.moves.append(move)
        del self.moves[: self.budget.add(move)]

    def _keep(self, welcome: p.Welcome) -> None:
        """Keep the seat's token in the data folder (not the host's own window's:
        its host keeps it), its file locked while this table plays."""
        if welcome.token is None or self.token is not None:
            return
        if welcome.seat is None:
            return
        if self.claim is not None and self.claim.seat != welcome.seat:
            self.claim.release()
            self.claim = None
        self.claim = self.claim or seats.claim_seat(self.code, welcome.seat)
        if self.claim is not None:
            try:
                self.claim.keep(welcome.token, self.name)
            except OSError as e:
                self.say(f"cannot keep the seat's token ({e.strerror or e}); a rejoin joins afresh")

    async def send(self, message: p.Message) -> None:
        assert self.ws is not None, "join first"
        await self.ws.send(p.dump(message))

    async def _next(self) -> Any:
        assert self.ws is not None, "join first"
        raw = await self.ws.recv()
        if self.record is not None:
            self.record.append(raw if isinstance(raw, str) else raw.decode())
        msg = p.read_to_table(raw)
        if isinstance(msg, p.Update):
            self.update = msg
            if msg.history is not None:  # the game as it stands: every move so far
                self.moves = []
                self.budget = Budget()
                for m in msg.history:
                    self._add(m)
            if msg.move is not None:
                self._add(msg.move)
            if msg.undone:
                self.budget.undo(msg.undone)
                del self.moves[-msg.undone :]
            if msg.view.outcome is not None and self.claim is not None:
                self.claim.forget()  # nothing left to rejoin
                self.claim = None
        elif isinstance(msg, p.Players):
            self.players = msg
        elif isinstance(msg, p.Refused) and self.welcome is not None:
            self.ended = msg.reason  # e.g. the seat was taken over by another window
        return msg

    async def messages(self) -> AsyncIterator[Any]:
        """Every message from the host, as it comes (ends when the host closes);
        one that does not parse is skipped (it said what was wrong) and the
        connection goes on."""
        while True:
            try:
                yield await self._next()
            except p.BadMessage:
                continue
            except ConnectionClosed:
                return

    async def act(self, text: str, joined: bool = False) -> None:
        await self.send(p.Act(text=text, seq=self.seq, joined=joined))

    async def close(self) -> None:
        if self.ws is not None:
            await self.ws.close()
        if self.claim is not None:
            self.claim.release()  # the token stays kept: the same join takes the seat back
            self.claim = None


async def play_bot(
    remote: Remote, kind: str, rng: random.Random, say: Callable[[str], None] = lambda s: None
) -> Outcome | None:
    """Play this table's seat until the game ends (the outcome) or the host goes
    (None). Agrees to every undo asked of it."""
    try:
        return await _bot(remote, kind, rng, say)
    except ConnectionClosed:  # gone while a move was being sent
        return None


async def _bot(
    remote: Remote, kind: str, rng: random.Random, say: Callable[[str], None]
) -> Outcome | None:
    if remote.outcome:
        return remote.outcome
    if remote.legal:
        await _choose(remote, kind, rng)
    async for msg in remote.messages():
        if isinstance(msg, p.Update):
            if msg.view.outcome is not None:
                return msg.view.outcome
            if msg.legal:
                await _choose(remote, kind, rng)
        elif isinstance(msg, p.Hint) and msg.seq == remote.seq:
            await remote.act(msg.text)
        elif isinstance(msg, p.UndoAsked):
            await remote.send(p.Agree(yes=True))
        elif isinstance(msg, p.Rejected):
            say(f"rejected: {msg.reason}")
    return None


async def _choose(remote: Remote, kind: str, rng: random.Random) -> None:
    if kind == "random":
        await remote.act(rng.choice(remote.legal))
    else:
        await remote.send(p.AskHint(seq=remote.seq))


async def rejoin(remote: Remote, wait: float) -> p.Welcome:
    """Join, trying again for `wait` seconds while no host answers (a host that
    restarts, or something else on that port); Refused at once when the host
    refuses, OSError when the time is up."""
    loop = asyncio.get_running_loop()
    until = loop.time() + wait
    while True:
        if remote.ended:
            raise Refused(remote.ended)
        try:
            return await remote.join()
        except (OSError, TimeoutError, ConnectionClosed, InvalidHandshake) as e:
            if loop.time() >= until:
                raise OSError(str(e) or "no answer") from None
            await asyncio.sleep(0.2)


def move_words(move: p.MoveM, present: Presentation) -> str:
    """A move as this table may know it, in one line: its log entries' sentences
    (printed: the host's words as one clean line)."""
    said = p.clean_text("; ".join(present.sentence(e) for e in move.entries))
    return said or f"P{move.seat + 1} moves"


async def watch(remote: Remote, say: Callable[[str], None]) -> Outcome | None:
    """Print the moves as they come until the game ends (the outcome) or the host goes."""
    if remote.outcome or remote.welcome is None:
        return remote.outcome
    try:
        present = registry.get(remote.welcome.game).present
    except KeyError:  # a game this table does not know: its entries said plainly
        present = Presentation()
    async for msg in remote.messages():
        if isinstance(msg, p.Update):
            if msg.move is not None:
                say(move_words(msg.move, present))
            if msg.view.outcome is not None:
                return msg.view.outcome
    return None
