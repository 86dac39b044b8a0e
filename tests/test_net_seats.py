"""A seat is held by its secret token, never by its name (issue 36): a dropped
seat cannot be taken by saying its player's name, two tables with one token do
not knock each other off, tokens are kept per code and seat for the user alone,
and only the host hands a gone seat to someone else."""

from __future__ import annotations

import asyncio
import os
import random
import stat

import pytest
from net_helpers import GAME_S, remote, start_host
from websockets.asyncio.client import connect

from shrinetable.net import protocol as p
from shrinetable.net import seats
from shrinetable.net.client import Refused, Remote, play_bot, rejoin
from shrinetable.net.host import TAKEN_OVER, Door


@pytest.fixture(autouse=True)
def data_dir(tmp_path, monkeypatch):
    monkeypatch.setenv("SHRINETABLE_DATA_DIR", str(tmp_path))


def run(coro):
    return asyncio.run(asyncio.wait_for(coro, GAME_S))


async def hello(host, **kw) -> p.Message:
    """What the host answers a raw hello (an attacker's, with no table behind it)."""
    async with connect(f"ws://127.0.0.1:{host.port}", proxy=None) as ws:
        await ws.send(p.dump(p.Hello(version=p.VERSION, code=host.code, **kw)))
        return p.read_to_table(await ws.recv())


def test_a_dropped_seat_cannot_be_taken_by_its_name():
    async def go():
        host = await start_host("usagi", ["remote", "remote"])
        a, b = remote(host, "ann"), remote(host, "bob")
        await a.join()
        await b.join()
        await a.close()
        while host.gone_for(0) != [a.seat]:
            await asyncio.sleep(0.01)
        names = [pl.name for pl in host.players().players]
        for name in {*names, "ann", f"p{a.seat + 1}", ""}:
            answer = await hello(host, name=name)
            assert isinstance(answer, p.Refused) and "full" in answer.reason, name
        assert host._table_of(a.seat) is None  # nobody took it
        again = remote(host, "someone else")  # the token kept in the data folder
        assert (await again.join()).seat == a.seat
        await again.close()
        await b.close()
        await host.stop()

    run(go())


def test_two_tables_with_one_token_the_newer_keeps_the_seat():
    async def go():
        host = await start_host("usagi", ["remote", "remote"])
        a, b = remote(host, "ann"), remote(host, "bob")
        await a.join()
        await b.join()
        twin = remote(host, "ann", token=a.welcome.token)  # the token, copied
        assert (await twin.join()).seat == a.seat
        async for _ in a.messages():  # the older table is told, then closed
            pass
        assert a.ended == TAKEN_OVER
        with pytest.raises(Refused, match="taken over by another window"):
            await rejoin(a, 5)  # and does not take the seat back
        assert host._table_of(a.seat) is not None
        outs = await asyncio.gather(
            play_bot(twin, "random", random.Random(1)), play_bot(b, "random", random.Random(2))
        )
        assert outs[0] is not None and outs[0] == outs[1]
        await host.stop()

    run(go())


def test_only_the_host_hands_a_gone_seat_to_a_newcomer_or_the_computer():
    async def go():
        said: list[str] = []
        host = await start_host("usagi", ["remote", "remote", "remote"])
        host.say = said.append
        a, b, c = remote(host, "ann"), remote(host, "bob"), remote(host, "cy")
        for r in (a, b, c):
            await r.join()
        host.obey("open 1")  # ann is still there
        assert "not a remote seat whose player is gone" in said[-1]
        host.obey("open nine")
        assert said[-1].startswith("commands: computer N, open N")
        await a.close()
        await c.close()
        while sorted(host.gone_for(0)) != sorted([a.seat, c.seat]):
            await asyncio.sleep(0.01)
        host.obey(f"open {a.seat + 1}")
        assert "open" in said[-1] and not host.started()
        host.obey(f"computer p{c.seat + 1}")
        assert host.chairs[c.seat].kind == "computer"
        seats.join_file(host.code, a.seat).unlink()  # a newcomer's computer has no token
        newcomer = Remote("127.0.0.1", host.port, host.code, "dee")
        assert (await newcomer.join()).seat == a.seat
        assert (await hello(host, token=a.welcome.token)).reason.startswith("that seat token")
        outs = await asyncio.gather(
            play_bot(newcomer, "random", random.Random(1)),
            play_bot(b, "random", random.Random(2)),
        )
        assert outs[0] is not None and outs[0] == outs[1]
        await host.stop()

    run(go())


def test_tokens_are_kept_per_code_and_seat_for_the_user_alone():
    async def go():
        host = await start_host("usagi", ["remote", "remote"])
        a, b = remote(host, ""), remote(host, "")  # one data folder, no names
        await a.join()
        await b.join()
        assert {a.seat, b.seat} == {0, 1}  # b did not take up a's token
        for r in (a, b):
            path = seats.join_file(host.code, r.seat)
            assert stat.S_IMODE(os.stat(path).st_mode) == 0o600
            assert r.welcome.token in path.read_text()
        await a.close()
        said: list[str] = []
        seats.join_file(host.code, a.seat).write_text("{not json")
        again = Remote("127.0.0.1", host.port, host.code, say=said.append)
        with pytest.raises(Refused, match="full"):  # its token file was damaged: a newcomer
            await again.join()
        assert "not a seat token file" in said[0] and "it is replaced" in said[0]
        assert not seats.join_file(host.code, a.seat).exists()
        await b.close()
        await host.stop()

    run(go())


@pytest.mark.parametrize(("size", "words"), [(200, "at most 64 characters"), (9999, "4 kB")])
def test_an_overlong_kept_token_is_said_and_replaced(size, words):
    path = seats.join_file("ABCDEFGH", 0)
    path.parent.mkdir(parents=True)
    path.write_text(
        '{"format":"shrinetable-join","code":"ABCDEFGH","seat":0,"token":"%s"}' % ("x" * size)
    )
    said: list[str] = []
    assert seats.claim("ABCDEFGH", "", said.append) is None
    assert words in said[0] and "it is replaced" in said[0] and not path.exists()


# -- invite codes ----------------------------------------------------------------------
def test_codes_are_unguessable_and_typed_any_way():
    codes = {p.new_code() for _ in range(2000)}
    assert len(codes) == 2000
    assert len(p.CODE_LETTERS) ** p.CODE_LENGTH >= 2**40
    assert all(set(c) <= set(p.CODE_LETTERS) and len(c) == 8 for c in codes)
    assert not set("01OI") & set(p.CODE_LETTERS)  # no look-alikes
    assert p.show_code("ABCDEFGH") == "ABCD-EFGH"
    for typed in ("ABCD-EFGH", "abcdefgh", "abcd-EFGH", " abcd efgh "):
        assert p.clean_code(typed) == "ABCDEFGH"


class ScaledClock:
    """Time that passes only when slept: a test of minutes in milliseconds."""

    def __init__(self):
        self.now = 0.0

    def clock(self) -> float:
        return self.now

    async def sleep(self, seconds: float) -> None:
        self.now += seconds
        await asyncio.sleep(0)


def test_two_hundred_wrong_codes_from_one_address_take_over_a_minute():
    """In a scaled clock: one at a time, and as many at once (they wait their turns)."""

    async def go():
        told: list[str] = []
        for at_once in (1, Door.PENDING):
            time = ScaledClock()
            door = Door(time.clock, time.sleep)
            for _ in range(200 // at_once):
                answers = await asyncio.gather(
                    *(door.judge("10.0.0.9", False, told.append) for _ in range(at_once))
                )
                assert not any(answers)
            assert time.now >= 60, (at_once, time.now)
            before = time.now  # another address is not slowed by this one
            assert await door.judge("10.0.0.7", True, told.append) and time.now == before
        assert told[0].startswith("10 wrong invite codes from 10.0.0.9")

    run(go())


def test_too_many_tries_at_once_from_one_address_are_refused():
    async def go():
        time = ScaledClock()
        door = Door(time.clock, time.sleep)
        for _ in range(10):
            await door.judge("10.0.0.9", False, lambda s: None)
        results = await asyncio.gather(
            *(door.judge("10.0.0.9", True, lambda s: None) for _ in range(Door.PENDING + 3)),
            return_exceptions=True,
        )
        refused = [r for r in results if isinstance(r, Exception)]
        assert len(refused) == 3 and "too many tries" in refused[0].reason

    run(go())


def test_wrong_codes_wait_longer_and_longer_in_real_time():
    """A real host: each wrong code after the free ones is answered later than the one before."""

    async def go():
        host = await start_host("shrine", ["remote", "remote"])
        gaps = []
        for _ in range(Door.FREE + 4):
            start = asyncio.get_running_loop().time()
            async with connect(f"ws://127.0.0.1:{host.port}", proxy=None) as ws:
                await ws.send(p.dump(p.Hello(version=p.VERSION, code="AAAA-AAAA")))
                answer = p.read_to_table(await ws.recv())
            assert answer.reason == "wrong invite code"
            gaps.append(asyncio.get_running_loop().time() - start)
        free, slowed = gaps[: Door.FREE + 1], gaps[Door.FREE + 1 :]
        assert max(free) < Door.STEP  # the first wrong tries are answered at once
        # each wait runs from the refusal before (the client starts a moment after)
        assert [round(g / Door.STEP, 1) >= 0.9 * 2**i for i, g in enumerate(slowed)] == [True] * 3
        assert slowed[0] < slowed[1] < slowed[2]
        r = remote(host, "ann")  # the right code, with its dash and in lower case
        r.code = p.show_code(host.code).lower()
        assert (await r.join()).seat == 0
        await r.close()
        await host.stop()

    run(go())


def test_wrong_codes_are_counted_per_ipv6_network():
    from types import SimpleNamespace

    from shrinetable.net.host import _address

    def at(host: str) -> str:
        return _address(SimpleNamespace(remote_address=(host, 5000)))

    assert at("2001:db8:1:2::5") == at("2001:db8:1:2:ffff::9") == "2001:db8:1:2::/64"
    assert at("2001:db8:1:3::5") != at("2001:db8:1:2::5")
    assert at("::ffff:10.0.0.9") == at("10.0.0.9") == "10.0.0.9"


def test_only_a_token_the_host_does_not_know_is_forgotten(monkeypatch):
    """A refusal for another reason (a version, a busy door) keeps the seat's token."""
    import json

    import shrinetable.net.client as client

    path = seats.join_file("ABCDEFGH", 1)
    path.parent.mkdir(parents=True)
    keep = '{"format":"shrinetable-join","code":"ABCDEFGH","seat":1,"token":"%s"}' % ("t" * 24)
    answers: list[str] = []

    class Socket:
        async def send(self, text):
            pass

        async def recv(self):
            return json.dumps({"type": "refused", "reason": answers.pop(0)})

        async def close(self):
            pass

    async def connect(*a, **kw):
        return Socket()

    monkeypatch.setattr(client, "connect", connect)

    async def go(*reasons: str) -> str:
        answers[:] = reasons
        path.write_text(keep)
        r = Remote("127.0.0.1", 1, "ABCD-EFGH", "ann", say=lambda s: None)
        with pytest.raises(Refused) as e:
            await r.join()
        await r.close()
        return str(e.value)

    assert "version mismatch" in run(go("version mismatch: ..."))
    assert path.exists()
    assert run(go(p.UNKNOWN_TOKEN, "the table is full")) == "the table is full"
    assert not path.exists()  # that token: forgotten, and the table joined afresh
