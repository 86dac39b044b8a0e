"""`shrinetable join HOST[:PORT] --code ABCD-EFGH`: sit at a game another computer hosts.

With `--bot ai|random --headless` the seat is played without a window (tests,
filling a seat); with `--watch --headless` the moves are printed as they come.
A table that loses the host keeps trying to rejoin its seat (with the token it
kept) for `--wait` seconds. Ends printing `game over: ...` and exit 0.
"""

from __future__ import annotations

import argparse
import asyncio
import random
import sys


def add_parser(sub) -> None:
    from shrinetable.net.client import BOTS

    p = sub.add_parser(
        "join",
        help="join a game hosted on another computer",
        description="Join a hosted game with its address and invite code.",
    )
    p.add_argument("address", help="the host's address as it printed it: HOST[:PORT]")
    p.add_argument("--code", default=None, help="the invite code the host printed")
    p.add_argument("--name", default="", help="your name at the table")
    p.add_argument(
        "--bot",
        choices=BOTS,
        default=None,
        help="let the computer (ai) or random play play this seat",
    )
    p.add_argument("--watch", action="store_true", help="watch as a spectator (public view)")
    p.add_argument("--headless", action="store_true", help="no window")
    p.add_argument("--seed", type=int, default=None, help="seed of the random bot")
    p.add_argument(
        "--trace",
        action="store_true",
        help="with a window: print 'ready' after the first frame and each move",
    )
    p.add_argument("--size", default=None, metavar="WxH", help="with a window: its size")
    p.add_argument(
        "--wait",
        type=float,
        default=30.0,
        metavar="SECONDS",
        help="how long to keep trying to reach the host (default 30)",
    )


def run(args: argparse.Namespace) -> int:
    from shrinetable.net.client import parse_address

    try:
        host, port, code = parse_address(args.address)
        code = args.code or code
        if not code:
            raise ValueError("give the invite code the host printed: --code ABCD-EFGH")
        if args.bot and not args.headless:
            raise ValueError("--bot plays without a window: add --headless")
        if args.headless and args.bot is None and not args.watch:
            raise ValueError("--headless needs --bot ai|random (or --watch) to do anything")
        if args.bot and args.watch:
            raise ValueError("--watch and --bot: a spectator makes no moves")
        if len(args.name) > 32:
            raise ValueError("--name: at most 32 characters")
    except ValueError as e:
        print(f"shrinetable join: {e}", file=sys.stderr)
        return 2
    if not args.headless:
        return _window(host, port, code, args)
    return asyncio.run(_play(host, port, code, args))


def _window(host: str, port: int, code: str, args) -> int:
    """The table for this seat in a window (a spectator's: the public view)."""
    from shrinetable.formats.layout import LayoutError
    from shrinetable.net.client import Refused
    from shrinetable.table.app import fatal
    from shrinetable.table.remote_scene import open_joined

    from .host import open_window

    app = open_window(args)
    if isinstance(app, int):
        return app
    try:
        open_joined(app, host, port, code, args.name, args.watch, wait=args.wait)
    except Refused as e:
        return fatal(f"refused: {e}")
    except OSError as e:
        return fatal(f"cannot reach {host}:{port}: {e.strerror or e}")
    except LayoutError as e:
        return fatal(str(e))
    return app.run()


async def _play(host: str, port: int, code: str, args) -> int:
    from shrinetable.net import protocol as p
    from shrinetable.net.client import Refused, Remote, play_bot, rejoin, watch

    remote = Remote(host, port, code, args.name, watch=args.watch)
    rng = random.Random(args.seed)
    while True:
        try:
            welcome = await rejoin(remote, args.wait)
        except Refused as e:
            print(f"shrinetable join: refused: {e}", file=sys.stderr)
            return 2
        except OSError as e:
            print(
                f"shrinetable join: cannot reach {host}:{port}: {e.strerror or e}", file=sys.stderr
            )
            return 1
        who = "a spectator" if welcome.seat is None else f"p{welcome.seat + 1}"
        print(f"joined {p.clean_text(welcome.game)} as {who}", flush=True)
        if args.watch:
            outcome = await watch(remote, lambda s: print(s, flush=True))
        else:
            outcome = await play_bot(
                remote, args.bot, rng, lambda s: print(s, file=sys.stderr, flush=True)
            )
        if outcome is not None:
            print(f"game over: {outcome.reason}", flush=True)
            await remote.close()
            return 0
        if remote.ended:  # another table has the seat now: this one does not fight it
            print(f"shrinetable join: {remote.ended}", file=sys.stderr, flush=True)
            await remote.close()
            return 1
        print("lost the host; rejoining", flush=True)
