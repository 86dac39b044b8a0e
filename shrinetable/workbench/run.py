"""The games of a plan, on every core (a process pool) or on a Dask cluster.

Games go out in small chunks; results come back in any order and are sorted by
(seating, seed), so the figures are the same whatever the number of jobs.
A chunk names its card folder and a worker makes the game in that card set
(`registry.get(name, cards)`), so any worker plays any set: no restart between
the two sets of a `--compare`. Ctrl+C stops handing out chunks and keeps every
game already measured (`Ran.stopped`); workers ignore it and finish their chunk.
A cluster that cannot be reached, or a worker lost on the way, stops the run
as Ctrl+C does, with one line saying so (`Ran.failed`): the games already
played are kept.
"""

from __future__ import annotations

import itertools
import multiprocessing
import os
import signal
import sys
import time
from collections.abc import Generator, Iterator
from concurrent.futures import FIRST_COMPLETED, ProcessPoolExecutor, wait
from dataclasses import dataclass, field

from .measure import run_chunk
from .plan import Plan

BAR = 28
AHEAD = 3  # chunks handed out per job before the first comes back
CONNECT = "20s"  # how long to try to reach a cluster's scheduler


@dataclass
class Ran:
    records: list[dict] = field(default_factory=list)
    seconds: float = 0.0
    stopped: bool = False
    failed: str | None = None  # why a cluster run stopped early, in one line

    @property
    def names(self) -> dict[str, str]:
        """Card kind -> printed name, as the workers' card set prints it."""
        return {k: v for r in self.records for k, v in r["names"].items()}


def default_jobs() -> int:
    return (
        len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else (os.cpu_count() or 1)
    )


def chunks(plan: Plan, cards: str | None, jobs: int, size: int | None = None) -> Iterator[dict]:
    """The plan's games as chunk specs, made as they are handed out: about eight
    per job, at most 10 games each (a chunk is what Ctrl+C waits for), or
    `size` games each."""
    size = size or max(1, min(10, plan.games // (8 * jobs)))
    games = plan.schedule()
    while items := [
        (j, plan.options_of(plan.seatings[j]), seed) for j, seed in itertools.islice(games, size)
    ]:
        yield {
            "game": plan.game,
            "cards": cards,
            "seats": plan.seats,
            "max_turns": plan.max_turns,
            "items": items,
        }


def _quiet() -> None:
    """A worker leaves Ctrl+C to the parent, which stops the run cleanly."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def workers(jobs: int) -> ProcessPoolExecutor:
    """`jobs` worker processes, started once for a whole run: both card sets of
    a `--compare` play on the same ones."""
    return ProcessPoolExecutor(
        jobs, mp_context=multiprocessing.get_context("spawn"), initializer=_quiet
    )


def _local(
    specs: Iterator[dict], jobs: int, pool: ProcessPoolExecutor | None
) -> Generator[list[dict], None, None]:
    """Each chunk's records as it comes back, a few chunks handed out ahead of
    the workers (the plan is made as it is played), on `pool` (None: workers
    of its own). On Ctrl+C the chunks not started are dropped and those being
    played are waited for and yielded, then the interrupt goes on."""
    own = pool is None
    pool = workers(jobs) if pool is None else pool
    stopped = False
    try:
        pending = {pool.submit(run_chunk, s) for s in itertools.islice(specs, AHEAD * jobs)}
        while pending:
            try:
                done, pending = wait(pending, return_when=FIRST_COMPLETED)
            except KeyboardInterrupt:
                stopped = True
                done, pending = wait({f for f in pending if not f.cancel()})
            for f in done:
                if not stopped:
                    pending |= {pool.submit(run_chunk, s) for s in itertools.islice(specs, 1)}
                yield f.result()
        if stopped:
            raise KeyboardInterrupt
    finally:
        if own:
            pool.shutdown(wait=True, cancel_futures=True)


class ClusterError(Exception):
    """The cluster failed the run; the message is one line for the designer."""


def _why(e: BaseException) -> str:
    text = " ".join(str(e).split()) or type(e).__name__
    return text if len(text) <= 120 else text[:117] + "..."


def _cluster(specs: Iterator[dict], address: str) -> Generator[list[dict], None, None]:
    from distributed import Client, as_completed

    try:
        client = Client(address, timeout=CONNECT)
    except (OSError, TimeoutError, ValueError) as e:
        raise ClusterError(
            f"--cluster {address}: cannot reach a Dask scheduler there ({_why(e)})"
        ) from None
    with client:
        futures = client.map(run_chunk, list(specs), pure=False)
        try:
            for f in as_completed(futures):
                try:
                    records = f.result()
                except Exception as e:  # a worker lost, or a chunk failed on one
                    raise ClusterError(
                        f"--cluster {address}: a worker was lost or failed "
                        f"({type(e).__name__}: {_why(e)}); the games played so far are kept"
                    ) from None
                yield records
        finally:
            client.cancel(futures)


class Progress:
    """Games done, games/s and time left on stderr: one line redrawn on a
    terminal; into a file or a pipe a whole line every `every` seconds (and at
    the end), so a long run's log says how far it got."""

    def __init__(self, total: int, label: str, show: bool, tty: bool, every: float = 5.0):
        self.total, self.label, self.show, self.tty, self.every = total, label, show, tty, every
        self.start = self.said = time.perf_counter()

    def update(self, done: int) -> None:
        if not self.show:
            return
        now = time.perf_counter()
        spent = now - self.start
        speed = done / spent if spent else 0.0
        left = (self.total - done) / speed if speed else 0.0
        figures = f"{done}/{self.total} games  {speed:.1f} games/s  {left:.0f} s left"
        if self.tty:
            full = BAR * done // self.total
            sys.stderr.write(f"\r{self.label} [{'#' * full}{'.' * (BAR - full)}] {figures} ")
        elif now - self.said >= self.every or done == self.total:
            self.said = now
            sys.stderr.write(f"{self.label}: {figures}\n")
        sys.stderr.flush()

    def end(self) -> None:
        if self.show and self.tty:
            sys.stderr.write("\n")


def run_plan(
    plan: Plan,
    cards: str | None,
    jobs: int,
    cluster: str | None = None,
    label: str = "",
    show: bool = True,
    pool: ProcessPoolExecutor | None = None,
) -> Ran:
    """Play every game of `plan` with card folder `cards` (on `pool`, if given);
    `show` the progress (a bar on a terminal, a line every few seconds elsewhere)."""
    specs = chunks(plan, cards, jobs)
    ran = Ran()
    bar = Progress(plan.games, label or plan.game, show, sys.stderr.isatty())
    start = time.perf_counter()
    results = _cluster(specs, cluster) if cluster else _local(specs, jobs, pool)
    try:
        for records in results:
            ran.records.extend(records)
            bar.update(len(ran.records))
    except KeyboardInterrupt:
        ran.stopped = True
        results.close()
    except ClusterError as e:
        ran.stopped, ran.failed = True, str(e)
    bar.end()
    ran.seconds = time.perf_counter() - start
    ran.records.sort(key=lambda r: (r["seating"], r["seed"]))
    return ran
