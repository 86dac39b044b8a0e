"""Shared by the network tests: a host and its remote bots in one event loop on
127.0.0.1, and what each seat was allowed to see, replayed from the host's game."""

from __future__ import annotations

import asyncio
import random
import re
import time
from pathlib import Path

from shrinetable.adapter.match import Match
from shrinetable.adapter.session import Applied
from shrinetable.engine import Entry, registry
from shrinetable.formats.save import SaveError, read_save
from shrinetable.net import protocol as p
from shrinetable.net.client import Remote, play_bot, watch
from shrinetable.net.host import Host
from shrinetable.net.seam import Seam

LOOPBACK = "127.0.0.1"
WORD = re.compile(r"[\w#-]+")  # a card's notation is one such word (9H, name#12)
GAME_S = 240  # a whole bot game on loopback takes seconds; this only stops a hang


class Own:
    """The host's match as each table is told it: every seat's screen its own
    (`Match.entries(..., own=True)`, as the host sends them)."""

    def __init__(self, match: Match):
        self.match, self.present, self.history = match, match.present, match.history

    def entries(self, applied: Applied, viewer: int | None) -> list[Entry]:
        return self.match.entries(applied, viewer, own=True)


async def start_host(game: str, kinds: list[str], seed: int = 7, **kw) -> Host:
    host = Host(Seam.new(game, seed, {}, kinds), say=lambda s: None, **kw)
    await host.start(LOOPBACK, 0)
    return host


async def settle(host: Host, *tables: Remote) -> None:
    """Read what each table was sent until it has the host's latest update."""
    for r in tables:
        if r.seq < host.seq:
            async for msg in r.messages():
                if isinstance(msg, p.Update) and msg.seq >= host.seq:
                    break


def remote(host: Host, name: str, **kw) -> Remote:
    return Remote(LOOPBACK, host.port, host.code, name, **kw)


async def bot_game(game: str, seats: int, record: bool = False, seed: int = 7):
    """Host `game` with every seat remote, a bot at each (ai and random in turn)
    and a spectator; returns (host, tables, outcomes) when the game is over, the
    spectator last in both."""
    host = await start_host(game, ["remote"] * seats, seed)
    remotes = [remote(host, f"bot{i}", record=[] if record else None) for i in range(seats)]
    watcher = remote(host, "watcher", watch=True, record=[] if record else None)
    for r in [*remotes, watcher]:
        await r.join()
    outcomes = await asyncio.wait_for(
        asyncio.gather(
            *(
                play_bot(r, ("ai", "random")[i % 2], random.Random(i))
                for i, r in enumerate(remotes)
            ),
            watch(watcher, lambda line: None),
        ),
        GAME_S,
    )
    await asyncio.wait_for(host.over.wait(), GAME_S)
    for r in [*remotes, watcher]:
        await r.close()
    await host.stop()
    return host, [*remotes, watcher], outcomes


def seen_through(save, seat: int | None) -> tuple[set[str], list[set[str]]]:
    """Every card of the game, and for each point k of it (k moves made) the cards
    `seat` (None: a spectator) had been shown by then: in its views (`view(state, seat)`) and in the
    moves' events as `Event.seen_by(seat)` gives them."""
    game = registry.get(save.game)
    state = game.new_game(save.seed, save.options, len(save.seats))
    every: set[str] = set()
    seen: set[str] = set()
    by_point = []

    def look(state, events=()):
        every.update(c for cards in game.all_cards(state).values() for c in cards)
        for zone in game.view(state, seat).zones.values():
            seen.update(c for c in zone.cards if c)
        for e in events:
            seen.update(c for c in e.seen_by(seat).cards if c)
        by_point.append(set(seen))

    look(state)
    for text in save.actions:
        state, events = game.apply(state, game.parse_action(text))
        look(state, events)
    return every, by_point


def leaks(frames: list[str], every: set[str], by_point: list[set[str]]) -> list[str]:
    """Card identifiers in `frames` the seat had not been shown at that point."""
    found = []
    point = 0
    for raw in frames:
        msg = p.read_to_table(raw)
        if isinstance(msg, p.Update):
            point = msg.seq
        words = set(WORD.findall(raw))
        for card in (words & every) - by_point[min(point, len(by_point) - 1)]:
            found.append(f"{card} at move {point}: {raw[:160]}")
    return found


def moves_saved(data: Path, at_least: int, timeout: float) -> None:
    """Wait until the host's autosave in the data folder `data` holds `at_least` moves."""
    until = time.monotonic() + timeout
    while time.monotonic() < until:
        for f in (data / "autosaves").glob("*.json*"):
            try:
                if len(read_save(f).actions) >= at_least:
                    return
            except (OSError, ValueError, KeyError, SaveError):
                pass
        time.sleep(0.02)
    raise AssertionError(f"the host never saved {at_least} moves")
