"""`shrinetable simulate GAME`: computer-vs-computer games, with figures.

Prints games played, wins per seat, how the games ended (each outcome's reason
with the seats taken out, so a designer sees e.g. how often each win condition
decides), unfinished games (past the turn cap), mean and median turns and
games per second; `--json` prints the same as one
JSON object. The figures are how a designer measures a rule change and how
we measure the computer player's strength and speed.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from collections import Counter

from shrinetable.adapter import log
from shrinetable.adapter.selfplay import ending, play_game
from shrinetable.engine import CardSet, registry
from shrinetable.players import ALIASES, KINDS, kind, player

from .args import add_cards, parse_options


def add_parser(sub) -> None:
    p = sub.add_parser("simulate", help="play computer-vs-computer games and print figures")
    p.add_argument("game", help=f"game name ({', '.join(registry.names())})")
    p.add_argument("--games", type=int, default=100, help="how many games (default 100)")
    p.add_argument("--seed", type=int, default=1, help="seed of the first game (default 1)")
    p.add_argument(
        "--players",
        type=int,
        default=None,
        help="seats per game, as many as the game takes (default: as --seats)",
    )
    p.add_argument(
        "--seats",
        default=None,
        help=f"comma-separated player kinds per seat ({'/'.join(KINDS)}; "
        f"{'/'.join(ALIASES)} mean normal); default ai,random; repeated to fill --players",
    )
    p.add_argument(
        "--option",
        action="append",
        default=[],
        metavar="NAME=VALUE",
        help="a game option (repeatable)",
    )
    p.add_argument(
        "--max-turns",
        type=int,
        default=500,
        help="a game still going after this many turns is unfinished",
    )
    p.add_argument("--json", action="store_true", help="print the figures as JSON")
    p.add_argument(
        "--log",
        action="store_true",
        help="print each game's log in plain words, as the table shows it to p1, "
        "instead of the figures",
    )
    add_cards(p)


def seat_kinds(seats: str | None, players: int | None) -> list[str]:
    kinds = [w.strip() for w in ("ai,random" if seats is None else seats).split(",")]
    for word in kinds:
        try:
            kind(word)
        except ValueError:
            raise ValueError(
                f"--seats: unknown seat kind {word!r}; choose from {', '.join(KINDS)}"
            ) from None
    if players is not None and players < 1:
        raise ValueError(f"--players {players}: a game needs players")
    n = players or len(kinds)
    return [kinds[i % len(kinds)] for i in range(n)]


def simulate(
    name: str,
    games: int,
    seed: int,
    kinds: list[str],
    options: dict,
    max_turns: int,
    cards: CardSet | None = None,
) -> dict:
    """The figures of `games` games of `name` (in the card set `cards`)."""
    game = registry.get(name, cards)
    players = [player(game, k) for k in kinds]
    wins = [0] * len(kinds)
    turns: list[int] = []
    unfinished = 0
    endings: Counter[str] = Counter()
    start = time.perf_counter()
    for i in range(games):
        match, _ = play_game(game, players, seed + i, options, max_turns)
        result = match.outcome()
        if result is None:
            unfinished += 1
            continue
        turns.append(match.turn_number())
        endings[ending(result)] += 1
        for w in result.winners:
            wins[w] += 1
    elapsed = time.perf_counter() - start
    return {
        "game": name,
        "games": games,
        "seed": seed,
        "seats": kinds,
        "options": options,
        "wins": wins,
        "endings": dict(endings.most_common()),
        "unfinished": unfinished,
        "mean_turns": round(statistics.fmean(turns), 1) if turns else None,
        "median_turns": statistics.median(turns) if turns else None,
        "games_per_second": round(games / elapsed, 1) if elapsed else None,
        "seconds": round(elapsed, 2),
    }


def run(args: argparse.Namespace) -> int:
    try:
        game = registry.get(args.game, args.card_set)
        if args.players is not None and not 1 <= args.players <= game.max_seats:
            raise ValueError(
                f"--players {args.players}: {args.game} is for "
                f"{game.players_text()} players, not {args.players}"
            )
        kinds = seat_kinds(args.seats, args.players)
        if not game.min_seats <= len(kinds) <= game.max_seats:
            raise ValueError(f"{args.game} is for {game.players_text()} players, not {len(kinds)}")
        options = parse_options(game, args.option)
        if args.games < 1:
            raise ValueError("--games must be at least 1")
        if args.max_turns < 1:
            raise ValueError(
                f"--max-turns {args.max_turns}: every game would end unfinished; give at least 1"
            )
    except (KeyError, ValueError) as e:
        print(f"shrinetable simulate: {e.args[0] if e.args else e}", file=sys.stderr)
        return 2
    if args.log:
        players = [player(game, k) for k in kinds]
        for i in range(args.games):
            match, _ = play_game(game, players, args.seed + i, options, args.max_turns)
            print(f"game {i + 1} (seed {args.seed + i})")
            print("\n".join(log.lines(match, 0)))
        return 0
    fig = simulate(args.game, args.games, args.seed, kinds, options, args.max_turns, args.card_set)
    if args.json:
        print(json.dumps(fig))
        return 0
    print(f"game {fig['game']}  seats {','.join(kinds)}  games {fig['games']}  seed {fig['seed']}")
    for seat, (who, w) in enumerate(zip(kinds, fig["wins"], strict=True)):
        print(f"  p{seat + 1} ({who}): {w} wins ({100 * w / fig['games']:.1f}%)")
    for why, n in fig["endings"].items():
        print(f"  ended: {why}: {n}")
    print(f"  unfinished: {fig['unfinished']}")
    print(f"  turns: mean {fig['mean_turns']}, median {fig['median_turns']}")
    print(f"  {fig['games_per_second']} games/s ({fig['seconds']} s)")
    return 0
