"""`shrinetable bench prompts`: how often the table asks a person something.

Seeded games with one seat (p1) a person at the table and the others the
computer, played through the match loop with the table's own rules for what
it does by itself (forced and idle passes); each time the match waits for the
person is a question, answered with the computer's choice for that seat. The
figures are questions per turn of the game (every turn, the person's and the
others'), as a median and a 90th percentile over all turns played.
"""

from __future__ import annotations

import argparse
import json
import statistics
from collections import Counter

from shrinetable.adapter.match import Match
from shrinetable.adapter.session import Session, one_person
from shrinetable.engine import registry

MAX_TURNS = 200


def questions(name: str, seed: int, seats: int, full: bool = False) -> list[int]:
    """Questions p1 is asked in each turn of one seeded game; `full`: with full
    control (the automatic pass off, Ctrl+P), every stop kept."""
    game = registry.get(name)
    session = Session(game, seed, {}, one_person(seats))
    session.auto_pass = not full
    match = Match(session)
    asked: Counter[int] = Counter()
    while (d := match.decision()) is not None and match.turn_number() <= MAX_TURNS:
        if match.pending() is not None:
            match.step()
            continue
        asked[match.turn_number()] += 1
        match.act(d.seat, match.session.computer_action())
    last = match.turn_number()
    return [asked[t] for t in range(min(asked, default=1), last + 1)]


def measure(
    name: str, games: int = 20, seed: int = 1, seats: int | None = None, full: bool = False
) -> dict:
    game = registry.get(name)
    seats = seats or game.min_seats
    per_turn = [n for i in range(games) for n in questions(name, seed + i, seats, full)]
    ordered = sorted(per_turn)
    return {
        "game": name,
        "players": seats,
        "games": games,
        "seed": seed,
        "stops": "every (full control)" if full else "default",
        "turns": len(per_turn),
        "questions": sum(per_turn),
        "questions_per_turn_mean": round(statistics.fmean(per_turn), 2),
        "questions_per_turn_median": statistics.median(per_turn),
        "questions_per_turn_p90": ordered[min(len(ordered) - 1, round(0.9 * (len(ordered) - 1)))],
    }


def run_prompts(args: argparse.Namespace) -> int:
    fig = measure(args.game, args.games, args.seed, args.players, args.full_control)
    if args.json:
        print(json.dumps(fig))
        return 0
    print(
        f"prompts {fig['game']} ({fig['players']} players, {fig['games']} games from seed "
        f"{fig['seed']}, {fig['stops']} stops, {fig['turns']} turns): questions to p1 per "
        f"turn: median "
        f"{fig['questions_per_turn_median']}, p90 {fig['questions_per_turn_p90']}, "
        f"mean {fig['questions_per_turn_mean']}"
    )
    return 0
