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

from shrinetable.adapter import gestures
from shrinetable.adapter.match import Match
from shrinetable.adapter.session import Session, one_person
from shrinetable.engine import registry

MAX_TURNS = 200


def questions(name: str, seed: int, seats: int, full: bool = False) -> list[int]:
    """Questions p1 is asked in each turn of one seeded game; `full`: with full
    control (the automatic pass off, Ctrl+P), every stop kept."""
    return asked(name, seed, seats, full)[0]


def asked(name: str, seed: int, seats: int, full: bool = False) -> tuple[list[int], list[int]]:
    """Per turn of one seeded game: the questions p1 is asked, and of their
    answers those the table asks about once more first (`Match.skip_warning`:
    giving up for good with a useful move left, while that question is on)."""
    game = registry.get(name)
    session = Session(game, seed, {}, one_person(seats))
    session.auto_pass = not full
    match = Match(session)
    count: Counter[int] = Counter()
    confirm: Counter[int] = Counter()
    run: list[gestures.Move] = []  # cards let go one by one in this decision (`again`)
    while (d := match.decision()) is not None and match.turn_number() <= MAX_TURNS:
        if match.pending() is not None:
            match.step()
            continue
        turn, action = match.turn_number(), match.session.computer_action()
        move = next(m for m in match.moves() if m.text == action.text)
        # a selection dropped together (`gestures.Run`): its cards and its stop,
        # or its cards when the last one ends the step, are one question
        count[turn] += 1 - len(run) if _stops(run, move) else 1
        confirm[turn] += bool(match.skip_warning(action))
        run = [*run, move] if _joins(run, move) else []
        match.act(d.seat, action)
        after = match.decision()
        if after is None or (after.seat, after.kind) != (d.seat, d.kind):
            count[turn] -= max(0, len(run) - 1)
            run = []
    turns = range(min(count, default=1), match.turn_number() + 1)
    return [count[t] for t in turns], [confirm[t] for t in turns]


def _joins(run: list[gestures.Move], move: gestures.Move) -> bool:
    """Whether `move` is one more card let go where the cards of `run` went, all
    of them cards that could go together when the first went (`again`): one
    selection dropped then would have carried them all."""
    g = move.gesture
    if not run:
        return g.again
    first = run[0].gesture
    return len(g.cards) == 1 and (g.source, g.target) == (first.source, first.target)


def _stops(run: list[gestures.Move], move: gestures.Move) -> bool:
    """Whether `move` is the stop a selection of two or more cards dropped together
    makes after them (`gestures.Run`: the move's name alone, "discard no more")."""
    return len(run) > 1 and not move.gesture.cards and move.text.strip() == run[0].text.split()[0]


def measure(
    name: str, games: int = 20, seed: int = 1, seats: int | None = None, full: bool = False
) -> dict:
    game = registry.get(name)
    seats = seats or game.min_seats
    played = [asked(name, seed + i, seats, full) for i in range(games)]
    per_turn = [n for q, _ in played for n in q]
    confirms = [n for _, c in played for n in c]
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
        # of those answers, asked about once more first (the question before a skip)
        "confirmations_per_turn_mean": round(statistics.fmean(confirms), 2),
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
        f"mean {fig['questions_per_turn_mean']}; asked once more before a skip: "
        f"{fig['confirmations_per_turn_mean']} a turn"
    )
    return 0
