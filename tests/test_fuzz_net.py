"""A hostile host, drawn at random (issue 36): a table is sent the messages a
real host sends, mutated (`mutate`), with nasty names and reasons, floods of
moves and messages of every kind out of order. The table refuses what does not
parse, never raises anything else, keeps its moves within `p.HISTORY_BYTES`,
and every name and reason it may print is one printable line. Two budgets, as
in test_fuzz_formats."""

from __future__ import annotations

import asyncio
import json

import pytest
from test_fuzz_formats import BUDGET, RANDOMS, fuzz, mutate

from shrinetable.engine import Entry
from shrinetable.net import protocol as p
from shrinetable.net.client import Budget, Refused, Remote

NASTY_TEXT = ["\n", "\x1b[2J", "\x00", "\u202e", "\u200b", "\r", "\x07", "game over: p2 wins"]


class FakeSocket:
    """What a host sends, one message at a time; then the connection ends."""

    def __init__(self, frames: list[bytes]):
        self.frames = list(frames)

    async def recv(self):
        from websockets.exceptions import ConnectionClosedOK

        if not self.frames:
            raise ConnectionClosedOK(None, None)
        return self.frames.pop(0)

    async def send(self, _text):
        pass

    async def close(self):
        pass


def host_messages(rng) -> list[dict]:
    """A real host's messages to a table (welcome first), with nasty text in them."""

    def nasty() -> str:
        return "".join(rng.choice(NASTY_TEXT + ["ann", "p1"]) for _ in range(rng.randint(1, 6)))

    view = {"seat": 0, "seats": 2, "zones": {}, "decision": None, "outcome": None, "info": {}}
    entry = {"seat": 1, "kind": "move", "words": nasty()}
    move = {"seat": 1, "text": None, "entries": [entry], "events": []}
    over = {**view, "outcome": {"winners": [0], "reason": nasty()}}
    return [
        {
            "type": "welcome",
            "game": nasty(),
            "seats": 2,
            "seat": 0,
            "token": "t" * 24,
            "options": {},
        },
        {"type": "update", "seq": 0, "move": None, "view": view, "history": [move] * 3},
        {
            "type": "players",
            "players": [{"seat": 0, "kind": "remote", "name": nasty()[:32], "connected": True}],
        },
        {"type": "rejected", "reason": nasty(), "ruling": nasty()},
        {"type": "update", "seq": 1, "move": move, "view": view, "undone": rng.randint(0, 9)},
        {"type": "hint", "seq": 1, "text": nasty()},
        {"type": "undo_asked", "by": 1},
        {"type": "update", "seq": 2, "move": move, "view": over},
        {"type": "refused", "reason": nasty()},
    ]


def printable(msg) -> list[str]:
    """The texts of `msg` a table prints or draws as one line."""
    if isinstance(msg, p.Players):
        return [pl.name for pl in msg.players]
    if isinstance(msg, p.Rejected | p.Refused):
        return [msg.reason, msg.ruling or ""] if isinstance(msg, p.Rejected) else [msg.reason]
    if isinstance(msg, p.Update) and msg.view.outcome is not None:
        return [msg.view.outcome.reason]
    return []


@pytest.mark.parametrize("examples", BUDGET)
def test_a_hostile_host_gets_refusals_never_a_crash(tmp_path, monkeypatch, examples):
    monkeypatch.setenv("SHRINETABLE_DATA_DIR", str(tmp_path))

    def body(rng):
        frames = [json.dumps(m).encode() for m in host_messages(rng)]
        for _ in range(rng.randint(1, 4)):
            i = rng.randrange(len(frames))
            frames[i] = mutate(frames[i], rng)
        if rng.random() < 0.3:
            rng.shuffle(frames)
        remote = Remote("127.0.0.1", 1, "ABCDEFGH", "ann", say=lambda s: None)
        seen: list = []

        async def go():
            remote.ws = FakeSocket(frames)
            try:
                first = await remote._next()
            except p.BadMessage:
                return
            seen.append(first)
            async for msg in remote.messages():
                seen.append(msg)

        asyncio.run(go())
        for msg in seen:
            for text in printable(msg):
                assert text.isprintable() or not text, repr(text)
        assert remote.budget.total <= p.HISTORY_BYTES

    fuzz(examples, body, RANDOMS)


def test_a_hostile_hosts_welcome_is_refused_by_join(tmp_path, monkeypatch):
    """A first answer that does not parse is a refusal with the reason, not a traceback."""
    monkeypatch.setenv("SHRINETABLE_DATA_DIR", str(tmp_path))

    async def go(frame: bytes) -> str:
        remote = Remote("127.0.0.1", 1, "ABCDEFGH", "ann", say=lambda s: None)

        async def connect(*a, **kw):
            return FakeSocket([frame])

        import shrinetable.net.client as client

        monkeypatch.setattr(client, "connect", connect)
        with pytest.raises(Refused) as e:
            await remote.join()
        return str(e.value)

    assert "does not parse" in asyncio.run(go(b"{" * 5000))
    assert "welcome.token" in asyncio.run(
        go(
            b'{"type":"welcome","game":"g","seats":2,"seat":0,"token":"%s","options":{}}'
            % (b"x" * 99)
        )
    )


def test_a_flood_of_moves_is_kept_within_the_budget():
    budget = Budget(limit=10_000)
    move = p.MoveM(seat=0, text=None, entries=[Entry(0, "move", "w" * 800)])
    size, kept = len(move.model_dump_json()), 0  # about 1 kB however the message grows
    for _ in range(1000):
        kept += 1 - budget.add(move)
    assert budget.total <= 10_000 and kept == len(budget.sizes) == 10_000 // size
