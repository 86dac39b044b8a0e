"""A report's figures from its games' records (every figure with its count).

Rates count finished games only (unfinished ones are reported apart); a draw is
no win. With more than two seats the deck matrix reads "deck A's win rate in
games where deck B also sat". A card is flagged when it was never played, or when
its win rate when played has a 95% interval that leaves out its deck's rate.
"""

from __future__ import annotations

import statistics
from collections import Counter, defaultdict

from . import stats
from .plan import Plan


def _spread(values: list[int]) -> dict:
    if not values:
        return {"n": 0}
    q = statistics.quantiles(values, n=4) if len(values) > 1 else [values[0]] * 3
    return {
        "n": len(values),
        "mean": round(statistics.fmean(values), 2),
        "sd": round(statistics.pstdev(values), 2),
        "median": statistics.median(values),
        "q1": q[0],
        "q3": q[2],
        "min": min(values),
        "max": max(values),
        "counts": dict(sorted(Counter(values).items())),
    }


def _seats(plan: Plan, done: list[dict]) -> list[dict]:
    fair = 1 / plan.seats
    out = []
    for seat in range(plan.seats):
        wins = sum(seat in r["winners"] for r in done)
        p = stats.p_one(wins, len(done), fair)
        out.append(
            {
                "seat": f"p{seat + 1}",
                **stats.rate(wins, len(done)),
                "fair": fair,
                "advantage": round(wins / len(done) - fair, 4) if done else None,
                "p": p,
                "significant": p is not None and p < stats.ALPHA,
            }
        )
    return out


def _decks(plan: Plan, done: list[dict]) -> tuple[dict, dict]:
    overall: dict[str, list[int]] = defaultdict(lambda: [0, 0])
    pair: dict[tuple[str, str], list[int]] = defaultdict(lambda: [0, 0])
    for r in done:
        seating = plan.seatings[r["seating"]]
        for seat, deck in enumerate(seating):
            won = seat in r["winners"]
            overall[deck][0] += won
            overall[deck][1] += 1
            for other in set(seating[:seat] + seating[seat + 1 :]) - {deck}:
                pair[deck, other][0] += won
                pair[deck, other][1] += 1
    decks = {d: {**stats.rate(*overall[d]), "fair": 1 / plan.seats} for d in plan.decks}
    matrix = {
        a: {b: (stats.rate(*pair[a, b]) if (a, b) in pair else None) for b in plan.decks}
        for a in plan.decks
    }
    return decks, matrix


def _cards(plan: Plan, done: list[dict], decks: dict) -> dict:
    """Per deck and card: drawn, played, and win rates when played / drawn only."""
    count: dict[tuple[str, str], Counter] = defaultdict(Counter)
    for r in done:
        for seat, deck in enumerate(plan.seatings[r["seating"]]):
            won = seat in r["winners"]
            played = set(r["played"][seat])
            for card in r["drawn"][seat]:
                c = count[deck, card]
                c["drawn"] += 1
                if card in played:
                    c["played"] += 1
                    c["won_played"] += won
                else:
                    c["won_idle"] += won
    out: dict[str, dict] = {d: {} for d in plan.decks}
    for (deck, card), c in sorted(count.items()):
        games = decks[deck]["n"]
        when_played = stats.rate(c["won_played"], c["played"])
        flags = []
        if not c["played"]:
            flags.append("never played")
        deck_rate = decks[deck]["rate"]
        if when_played["ci"] and deck_rate is not None:
            if when_played["ci"][0] > deck_rate:
                flags.append("above its deck")
            elif when_played["ci"][1] < deck_rate:
                flags.append("below its deck")
        out[deck][card] = {
            "drawn": stats.rate(c["drawn"], games),
            "played": stats.rate(c["played"], games),
            "win_played": when_played,
            "win_drawn_not_played": stats.rate(c["won_idle"], c["drawn"] - c["played"]),
            "flags": flags,
        }
    return out


def summarize(plan: Plan, records: list[dict], names: dict[str, str]) -> dict:
    """Every figure of a report (JSON-ready); `names` maps card kinds to card names."""
    done = [r for r in records if r["winners"] is not None]
    decks, matrix = _decks(plan, done)
    per_seating = []
    for j, seating in enumerate(plan.seatings):
        mine = [r for r in records if r["seating"] == j]
        fin = [r for r in mine if r["winners"] is not None]
        per_seating.append(
            {
                "decks": list(seating),
                "games": len(mine),
                "seeds": [r["seed"] for r in mine],
                "wins": [sum(s in r["winners"] for r in fin) for s in range(plan.seats)],
                "endings": dict(Counter(r["ending"] for r in fin).most_common()),
                "unfinished": len(mine) - len(fin),
                "turns": [r["turns"] for r in fin],
            }
        )
    return {
        "game": plan.game,
        "players": plan.seats,
        "decks": list(plan.decks),
        "seed": plan.seed,
        "games_planned": plan.games,
        "games": len(records),
        "finished": len(done),
        "unfinished": len(records) - len(done),
        "max_turns": plan.max_turns,
        "deck_rates": decks,
        "matrix": matrix,
        "seats": _seats(plan, done),
        "turns": _spread([r["turns"] for r in done]),
        "moves": _spread([r["moves"] for r in done]),
        "endings": dict(Counter(r["ending"] for r in done).most_common()),
        "seatings": per_seating,
        "cards": _cards(plan, done, decks),
        "card_names": {
            k: names.get(k, k)
            for k in sorted({c for r in records for seat in r["drawn"] for c in seat})
        },
    }
