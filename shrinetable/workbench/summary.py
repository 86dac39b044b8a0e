"""A report's figures from its games' records (every figure with its count).

Rates count finished games only (unfinished ones are reported apart); a draw is
no win. A deck's rate leaves out the games where it sat at more than one seat
(a mirror says nothing of the deck: it wins its own games), so its fair share
is one in N seats; the matrix diagonal counts those games instead. With more
than two seats the matrix reads "deck A's win rate in games where deck B also
sat". A card's effect is its win rate when drawn against the games of the
same deck, seating and seat where it was not (`stats.stratified`), flagged
only when it stands after a Benjamini-Hochberg correction over every card.
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
    """Each seat's rate against the fair share, its test corrected over the seats."""
    fair = 1 / plan.seats
    out = []
    for seat in range(plan.seats):
        wins = sum(seat in r["winners"] for r in done)
        out.append(
            {
                "seat": f"p{seat + 1}",
                **stats.rate(wins, len(done)),
                "fair": fair,
                "advantage": round(wins / len(done) - fair, 4) if done else None,
                "p": stats.p_one(wins, len(done), fair),
            }
        )
    for row, q in zip(out, stats.q_values([s["p"] for s in out]), strict=True):
        row["q"] = q
        row["significant"] = q is not None and q < stats.ALPHA
    return out


def _decks(plan: Plan, done: list[dict]) -> tuple[dict, dict]:
    """Each deck's rate without its mirror games, and the matrix (its diagonal:
    the mirror games, a rate of seats)."""
    overall: dict[str, list[int]] = defaultdict(lambda: [0, 0])
    mirror: dict[str, list[int]] = defaultdict(lambda: [0, 0])
    pair: dict[tuple[str, str], list[int]] = defaultdict(lambda: [0, 0])
    for r in done:
        seating = plan.seatings[r["seating"]]
        for seat, deck in enumerate(seating):
            won = seat in r["winners"]
            others = seating[:seat] + seating[seat + 1 :]
            into = mirror[deck] if deck in others else overall[deck]
            into[0] += won
            into[1] += 1
            for other in set(others) - {deck}:
                pair[deck, other][0] += won
                pair[deck, other][1] += 1
    fair = 1 / plan.seats
    decks = {
        d: {**stats.rate(*overall[d]), "fair": fair, "mirror_seats": mirror[d][1]}
        for d in plan.decks
    }
    matrix = {
        a: {b: (stats.rate(*pair[a, b]) if (a, b) in pair else None) for b in plan.decks}
        for a in plan.decks
    }
    return decks, matrix


def _cards(plan: Plan, done: list[dict], decks: dict) -> dict:
    """Per deck and card: how often drawn and played, and its effect: the win
    rate when drawn against the same deck, seating and seat when not drawn."""
    units: dict[tuple[int, int], list[tuple[set[str], bool]]] = defaultdict(list)
    count: dict[tuple[str, str], Counter] = defaultdict(Counter)
    for r in done:
        for seat, deck in enumerate(plan.seatings[r["seating"]]):
            drawn = set(r["drawn"][seat])
            units[r["seating"], seat].append((drawn, seat in r["winners"]))
            count[deck, "*"]["games"] += 1
            for card in drawn:
                count[deck, card]["drawn"] += 1
            for card in r["played"][seat]:
                count[deck, card]["played"] += 1
    out: dict[str, dict] = {d: {} for d in plan.decks}
    for (deck, card), c in sorted(count.items()):
        if card == "*":
            continue
        strata = []
        for (j, seat), games in units.items():
            if plan.seatings[j][seat] != deck:
                continue
            a = n1 = w = 0
            for drawn, won in games:
                if card in drawn:
                    n1 += 1
                    a += won
                w += won
            strata.append((a, n1, w - a, len(games) - n1))
        played = count[deck, "*"]["games"]
        out[deck][card] = {
            "drawn": stats.rate(c["drawn"], played),
            "played": stats.rate(c["played"], played),
            "effect": stats.stratified(strata),
        }
    effects = [f["effect"] for cards in out.values() for f in cards.values()]
    for e, q in zip(effects, stats.q_values([e["p"] for e in effects]), strict=True):
        e["q"] = q
        e["flag"] = (
            None
            if q is None or q >= stats.ALPHA or not e["value"]
            else "above"
            if e["value"] > 0
            else "below"
        )
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
        "rounds": plan.rounds,
        "cell_half": round(plan.cell_half(), 4),
        "games_for_5_points": plan.games_for(0.05),
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
