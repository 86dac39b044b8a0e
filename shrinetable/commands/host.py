"""`shrinetable host GAME`: run a game that other computers join over the network.

Prints the address and the invite code (`code: ABCD-EFGH`), seats the tables that
join, runs the match (computer seats and forced passes included), and prints
`game over: ...` and exits 0 when it ends. `--resume CODE` continues a hosted
game from its autosave with the same code and seats, so its players rejoin.
"""

from __future__ import annotations

import argparse
import asyncio
import random
import sys
import threading

from shrinetable.engine import registry
from shrinetable.formats.save import SaveError

from .args import add_cards, parse_options, parse_size


def add_parser(sub) -> None:
    from shrinetable.net.client import DEFAULT_PORT

    p = sub.add_parser(
        "host",
        help="host a game that others join from their computers",
        description="Host a game over the network; prints the address and "
        "an invite code for `shrinetable join`.",
    )
    p.add_argument("game", nargs="?", help=f"game to host ({', '.join(registry.names())})")
    p.add_argument(
        "--port",
        type=int,
        default=None,
        help=f"TCP port to listen on (default {DEFAULT_PORT}, or the resumed "
        f"game's; 0: any free port)",
    )
    p.add_argument(
        "--bind",
        default=None,
        help="address to listen on (default: every interface, or the resumed "
        "game's; 127.0.0.1: this computer only)",
    )
    p.add_argument(
        "--seats",
        default="remote,remote",
        help="who plays each seat, in order: remote, human, or a computer of strength "
        "easy, normal or hard (computer: normal) (default remote,remote)",
    )
    p.add_argument(
        "--option",
        action="append",
        default=[],
        metavar="NAME=VALUE",
        help="a game option (repeatable)",
    )
    p.add_argument("--seed", type=int, default=None, help="seed for the deal (default: random)")
    p.add_argument(
        "--headless",
        action="store_true",
        help="no window: the host only serves the remote and computer seats",
    )
    p.add_argument(
        "--resume",
        metavar="CODE",
        help="continue the hosted game with this invite code from its autosave",
    )
    p.add_argument(
        "--computer-after",
        type=float,
        default=None,
        metavar="SECONDS",
        help="hand a remote seat to the computer when its player has been gone this long",
    )
    p.add_argument(
        "--trace",
        action="store_true",
        help="with a window: print 'ready' after the first frame and each move",
    )
    p.add_argument("--size", default=None, metavar="WxH", help="with a window: its size")
    add_cards(p)


def parse_kinds(game, text: str) -> tuple[list[str], list[str]]:
    """The seats `text` names (remote, computer, human) and each seat's strength."""
    from shrinetable import players
    from shrinetable.net.seam import KINDS

    words = [k.strip().lower() for k in text.split(",")]
    bad = [repr(k) for k in words if k not in KINDS and not players.is_strength(k)]
    if bad:
        raise ValueError(
            f"--seats: {', '.join(bad)} is not a seat; use {', '.join(KINDS)} "
            f"or a computer's strength ({', '.join(players.STRENGTHS)})"
        )
    kinds: list[str] = [k if k in KINDS else "computer" for k in words]
    strengths = [players.kind(k) if players.is_strength(k) else "normal" for k in words]
    if not game.min_seats <= len(kinds) <= game.max_seats:
        raise ValueError(
            f"--seats: {game.name} is for {game.players_text()} players, not {len(kinds)}"
        )
    if "remote" not in kinds:
        raise ValueError("--seats: hosting needs at least one remote seat")
    return kinds, strengths


def run(args: argparse.Namespace) -> int:
    from shrinetable.net.client import DEFAULT_PORT
    from shrinetable.net.seam import Seam

    try:
        if args.resume:
            if args.game or args.option or args.seed is not None:
                raise ValueError(
                    "--resume continues a hosted game with its own game, seats "
                    "and options; leave out GAME, --option and --seed"
                )
            from shrinetable.net.seats import read_seats

            kept = read_seats(args.resume)
            seam = Seam.resume(kept.save, [c.kind for c in kept.seats], args.card_set)
            for note in seam.session.notes:  # a damaged line or checkpoint: what was kept
                print(f"shrinetable host: {note}", file=sys.stderr)
            names: list[str] | None = [c.name for c in kept.seats]
            tokens: list[str | None] | None = [c.token for c in kept.seats]
            code: str | None = kept.code
            args.port = kept.port if args.port is None else args.port
            args.bind = kept.bind if args.bind is None else args.bind
        else:
            if not args.game:
                raise ValueError("say which game to host (or --resume CODE)")
            game = registry.get(args.game, args.card_set)
            kinds, strengths = parse_kinds(game, args.seats)
            seed = args.seed if args.seed is not None else random.randrange(1 << 31)
            options = parse_options(game, args.option)
            seam = Seam.new(args.game, seed, options, kinds, args.card_set, strengths)
            names, tokens, code = None, None, None
        if seam.kinds.count("human") > 1 and not args.headless:
            raise ValueError(
                "--seats: one person plays at the host's window; the others "
                "join from their own computers (on this one too: "
                "`shrinetable join`)"
            )
        if "human" in seam.kinds and args.headless:
            raise ValueError(
                "--headless: a human seat needs the host's window; make it remote or computer"
            )
        args.port = DEFAULT_PORT if args.port is None else args.port
        args.bind = "0.0.0.0" if args.bind is None else args.bind
        if not 0 <= args.port < 65536:
            raise ValueError(f"--port {args.port}: give 0 to 65535")
    except (KeyError, ValueError, SaveError) as e:
        print(f"shrinetable host: {e.args[0] if e.args else e}", file=sys.stderr)
        return 2
    if not args.headless:
        return _window(seam, args, code, names, tokens)
    return asyncio.run(_serve(seam, args, code, names, tokens))


def open_window(args: argparse.Namespace):
    """The window for a networked table (`--size`, `--trace`), or the exit code
    after saying why there is none."""
    from shrinetable.demo.shelf import Shelf
    from shrinetable.table import env
    from shrinetable.table.app import App, fatal, pygame

    if env.no_display():
        return fatal(env.no_display())
    try:
        size = parse_size(args.size, env.MIN_SIZE) if args.size else None
        return App(size, trace=args.trace, demos=Shelf())
    except (pygame.error, ValueError) as e:
        return fatal(f"cannot open a window: {e}")


def _window(seam, args, code, names, tokens) -> int:
    """The host's table in a window, for its person's seat (or watching)."""
    from shrinetable.formats.layout import LayoutError
    from shrinetable.table.app import fatal
    from shrinetable.table.remote_scene import open_hosted

    app = open_window(args)
    if isinstance(app, int):
        return app
    try:
        open_hosted(
            app,
            seam,
            args.bind,
            args.port,
            code,
            names,
            tokens,
            say=lambda s: print(s, flush=True),
            computer_after=args.computer_after,
            commands=read_commands,
        )
    except OSError as e:
        return fatal(f"cannot listen on {args.bind}:{args.port}: {e.strerror or e}")
    except (ValueError, LayoutError) as e:
        return fatal(str(e))
    return app.run()


def read_commands(host, loop: asyncio.AbstractEventLoop) -> None:
    """The host's commands typed at its terminal (`Host.obey`: `computer N`,
    `open N`), read in a thread that does not keep the program alive."""

    def read() -> None:
        for line in sys.stdin:
            loop.call_soon_threadsafe(host.obey, line)

    if sys.stdin is not None and not sys.stdin.closed:
        threading.Thread(target=read, daemon=True, name="host-commands").start()


async def _serve(seam, args, code, names, tokens) -> int:
    from shrinetable.net.client import lan_address
    from shrinetable.net.host import Host

    def say(text: str) -> None:
        print(text, flush=True)

    host = Host(seam, code, names, tokens, say=say)
    try:
        await host.start(args.bind, args.port)
    except OSError as e:
        print(
            f"shrinetable host: cannot listen on {args.bind}:{args.port}: {e.strerror or e}",
            file=sys.stderr,
        )
        return 2
    where = lan_address() if args.bind in ("0.0.0.0", "") else args.bind
    seats = ", ".join(f"p{i + 1} {c.kind}" for i, c in enumerate(host.chairs))
    say(f"hosting {seam.game.name}: {seats}")
    say(f"address: {where}:{host.port}")
    say(f"code: {host.invite}")
    say(f"join with: shrinetable join {where}:{host.port} --code {host.invite}")
    say("type 'computer N' or 'open N' to hand gone seat N to the computer or to a newcomer")
    if args.computer_after is not None:
        asyncio.create_task(host.hand_over_after(args.computer_after))
    read_commands(host, asyncio.get_running_loop())
    try:
        while not host.over.is_set():
            await asyncio.sleep(0.2)
            host.check()
        await asyncio.sleep(0.2)  # the last updates reach the tables
    finally:
        await host.stop()
    return 0
