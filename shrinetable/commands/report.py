"""`shrinetable report GAME --out DIR`: a balance report from computer self-play.

Every seating of the chosen decks is played (`workbench.plan`) on every core or
a Dask cluster, and `DIR/report.json` (every figure), `DIR/index.html` (one
self-contained page with charts) and a CSV file per table are written, with a
paragraph on the terminal.
`--compare DIR2` plays the same games again with a designer's card folder and
shows every figure before and after. Bad arguments: one line, exit 2, nothing
written. Ctrl+C: the games measured so far are written as a stopped report.
"""

from __future__ import annotations

import argparse
import json
import re
import shlex
import sys
from pathlib import Path

from shrinetable import resources
from shrinetable.engine import registry
from shrinetable.formats.errors import FormatError
from shrinetable.workbench import output
from shrinetable.workbench.plan import Plan, check_cards, folder_decks, make_plan
from shrinetable.workbench.run import Ran, default_jobs, run_plan, workers

from .args import add_cards


def add_parser(sub) -> None:
    p = sub.add_parser(
        "report", help="measure decks, seats and cards by self-play; write an HTML page and JSON"
    )
    p.add_argument("game", help=f"game name ({', '.join(registry.names())})")
    p.add_argument(
        "--out", required=True, metavar="DIR", help="folder for index.html and report.json"
    )
    p.add_argument(
        "--games",
        type=int,
        default=100,
        help="games in all, spread over the seatings (default 100)",
    )
    p.add_argument(
        "--players",
        type=int,
        default=None,
        help="seats per game (default: the fewest the game takes)",
    )
    p.add_argument("--decks", default="all", help="all, or comma-separated deck names")
    p.add_argument(
        "--compare",
        metavar="DIR",
        help="a changed card folder (like --cards) "
        "to measure against the set without it (or against --cards)",
    )
    p.add_argument("--seed", type=int, default=1, help="seed of each seating's first game")
    p.add_argument(
        "--jobs",
        type=int,
        default=None,
        help=f"worker processes (default: every core, {default_jobs()} here)",
    )
    p.add_argument(
        "--cluster",
        metavar="ADDRESS",
        help="a Dask scheduler to run the games on instead (needs the [cluster] extra)",
    )
    p.add_argument(
        "--max-turns",
        type=int,
        default=500,
        help="a game still going after this many turns is unfinished",
    )
    add_cards(p)


def _check(args: argparse.Namespace) -> tuple:
    if args.jobs is not None and args.jobs < 1:
        raise ValueError(f"--jobs {args.jobs}: give at least 1")
    game = registry.get(args.game)  # the shipped set and the person's own
    folders = (
        check_cards(game, "--cards", args.cards),
        check_cards(game, "--compare", args.compare),
    )
    # a deck a designer's folder adds can be chosen when every card set measured has it
    sets = [folder_decks(game, f) for f in (folders[0], folders[1] or folders[0])]
    extra = tuple(d for d in sets[0] if d in sets[1])
    for deck in args.decks.split(","):
        if deck.strip() in set(sets[0]) ^ set(sets[1]):
            raise ValueError(
                f"--decks {args.decks}: the deck {deck.strip()!r} is in one "
                "card set of the comparison only; both must have it"
            )
    plan = make_plan(
        game,
        games=args.games,
        seats=args.players,
        decks=args.decks,
        seed=args.seed,
        max_turns=args.max_turns,
        extra=extra,
    )
    if args.cluster:
        _check_address(args.cluster)
        _need_cluster()
    out = output.writable_dir(Path(args.out))
    output.no_folder_in_the_way(out)  # before the first game: a late failure loses them all
    return game, plan, folders, out


HOST_PORT = re.compile(r"(\[[0-9a-fA-F:]+\]|[\w.-]+):(\d{1,5})")


def _check_address(address: str) -> None:
    """A Dask scheduler address: [tcp://]HOST:PORT (or tls://, ws://, wss://,
    ucx://, or inproc:// in one process); ValueError saying so otherwise."""
    scheme, sep, rest = address.strip().rpartition("://")
    if scheme == "inproc" and rest:
        return
    m = HOST_PORT.fullmatch(rest)
    if (
        (sep and scheme not in ("tcp", "tls", "ws", "wss", "ucx"))
        or m is None
        or not (0 < int(m.group(2)) < 65536)
    ):
        raise ValueError(
            f"--cluster {address}: not a scheduler address; give HOST:PORT or tcp://HOST:PORT"
        )


def _need_cluster() -> None:
    try:
        import distributed  # noqa: F401
    except ImportError:
        raise ValueError(
            "--cluster: Dask is not installed; pip install 'shrinetable[cluster]'"
        ) from None


def command_line(args: argparse.Namespace, plan: Plan, cards: str | None) -> str:
    """The command that plays these very games again (every choice spelled out)."""
    words = ["shrinetable", "report", plan.game, "--games", str(plan.games)]
    words += ["--players", str(plan.seats), "--decks", ",".join(plan.decks)]
    words += ["--seed", str(plan.seed), "--max-turns", str(plan.max_turns)]
    for flag, value in (("--cards", cards), ("--compare", args.compare)):
        if value:
            words += [flag, value]
    return shlex.join(words + ["--out", args.out])


def run(args: argparse.Namespace) -> int:
    from shrinetable.workbench import compare, summary, words

    try:
        game, plan, (cards, changed), out = _check(args)
        aimed = compare.changed_cards(game, changed, cards) if changed else []
    except (KeyError, ValueError, FormatError) as e:
        print(f"shrinetable report: {e.args[0] if isinstance(e, KeyError) else e}", file=sys.stderr)
        return 2
    if plan.games != args.games:
        print(
            f"--games {args.games} rounded up to {plan.games}: {plan.rounds} whole "
            f"rounds of the {len(plan.seatings)} seatings, so every deck sits at "
            "every seat as often."
        )
    jobs = args.jobs or default_jobs()
    where = f"on {args.cluster}" if args.cluster else f"{jobs} jobs"
    pool = None if args.cluster else workers(jobs)  # both card sets on the same workers
    try:
        ran = [run_plan(plan, cards, jobs, args.cluster, f"{plan.game} ({where})", pool=pool)]
        if changed and not ran[0].stopped:
            label = f"{plan.game} changed"
            ran.append(run_plan(plan, changed, jobs, args.cluster, label, pool=pool))
    finally:
        if pool is not None:
            pool.shutdown(wait=True, cancel_futures=True)
    failed = next((r.failed for r in ran if r.failed), None)
    if failed:
        print(f"shrinetable report: {failed}", file=sys.stderr)
        if not any(r.records for r in ran):
            return 1
    reports = [summary.summarize(plan, r.records, r.names) for r in ran]
    seconds = sum(r.seconds for r in ran)
    games = sum(len(r.records) for r in ran)
    cpu = sum(rec["cpu"] for r in ran for rec in r.records)
    info = {
        "command": command_line(args, plan, cards),
        "seed": plan.seed,
        "jobs": None if args.cluster else jobs,
        "cluster": args.cluster,
        "seconds": round(seconds, 2),
        "games_per_second": round(games / seconds, 2) if seconds else None,
        # the workers' own CPU time: what a game costs, whatever else runs
        "cpu_seconds": round(cpu, 2),
        "games_per_cpu_second": round(games / cpu, 2) if cpu else None,
        "stopped": any(r.stopped for r in ran),
        "failed": failed,
        "cards": cards,
        "compare": changed,
    }
    if changed:
        if len(ran) == 1:  # stopped before the changed set was measured
            ran.append(Ran())
            reports.append(summary.summarize(plan, [], {}))
        names = {**reports[0]["card_names"], **reports[1]["card_names"]}
        data = {
            "game": plan.game,
            "compare": compare.compare(
                plan,
                ran[0].records,
                ran[1].records,
                aimed,
                names,
            ),
            "before": reports[0],
            "after": reports[1],
            "run": info,
        }
    else:
        data = {**reports[0], "run": info}
    page = out / "index.html"
    output.write_whole(
        out / "report.json", lambda p: p.write_text(json.dumps(data, indent=1), encoding="utf-8")
    )
    from shrinetable.workbench.page import write_page
    from shrinetable.workbench.tables import write_csv

    sheets = write_csv(data, out)
    output.write_whole(page, lambda p: write_page(data, p))
    resources.remember_report(page)
    print(words.paragraph(data))
    print(f"Written {page}, {out / 'report.json'} and {len(sheets)} CSV tables beside them.")
    return 1 if failed else 130 if info["stopped"] else 0
