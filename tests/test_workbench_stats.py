"""The report's statistics on synthetic games (issue 37): a card's effect is
measured within its deck, seating and seat and flagged only after the
correction; deck rates leave mirror matches out; every seat is tested; the
games asked for are whole rounds of seatings; paired intervals are paired."""

from __future__ import annotations

import random

import pytest

from shrinetable.workbench import stats, summary, words
from shrinetable.workbench.plan import Plan, seatings


def plan_of(decks: tuple[str, ...], seats: int, games: int) -> Plan:
    every = tuple(seatings(decks, seats))
    return Plan("g", seats, decks, every, games, 1, 500)


def record(j: int, seed: int, winners: list[int], drawn: list[list[str]]) -> dict:
    return {
        "seating": j,
        "seed": seed,
        "winners": winners,
        "drawn": drawn,
        "played": drawn,
        "turns": 5,
        "moves": 10,
        "ending": "won",
    }


def games(plan: Plan, rng: random.Random, chance) -> list[dict]:
    """Every game of `plan`: each seat draws each of its deck's cards c0..c19 with
    probability 0.3; `chance(deck, drawn)` is the seat's weight to win."""
    out = []
    for j, seed in plan.schedule():
        drawn = [
            [f"{deck}-c{i}" for i in range(20) if rng.random() < 0.3] for deck in plan.seatings[j]
        ]
        weights = [chance(deck, d) for deck, d in zip(plan.seatings[j], drawn, strict=True)]
        winner = rng.choices(range(plan.seats), weights)[0]
        out.append(record(j, seed, [winner], drawn))
    return out


def test_the_stratified_interval_covers_and_the_test_holds_its_level():
    rng = random.Random(7)
    cover = rejected = 0
    runs = 300
    for _ in range(runs):
        for true, into in ((0.1, "cover"), (0.0, "null")):
            strata = []
            for _ in range(30):
                base, n = rng.uniform(0.2, 0.7), rng.randint(2, 8)
                draws = [rng.random() < 0.4 for _ in range(n)]
                wins = [rng.random() < base + true * d for d in draws]
                a = sum(w for w, d in zip(wins, draws, strict=True) if d)
                strata.append((a, sum(draws), sum(wins) - a, n - sum(draws)))
            e = stats.stratified(strata)
            if into == "cover":
                cover += e["ci"][0] <= true <= e["ci"][1]
            else:
                rejected += e["p"] < 0.05
    assert 0.90 <= cover / runs <= 0.99
    assert rejected / runs <= 0.09


def test_a_card_is_measured_against_its_own_deck_not_the_winners():
    """Deck a wins far more than deck b and draws its cards as often: no card of
    a is flagged for its deck's strength; the one card that wins is, and the one
    that loses."""
    plan = plan_of(("a", "b"), 2, 4 * 400)

    def chance(deck, drawn):
        w = 3.0 if deck == "a" else 1.0
        w *= 3.0 if "a-c0" in drawn else 1.0
        return w / 3.0 if "b-c1" in drawn else w

    rep = summary.summarize(plan, games(plan, random.Random(1), chance), {})
    flags = {
        card: f["effect"]["flag"]
        for cards in rep["cards"].values()
        for card, f in cards.items()
        if f["effect"]["flag"]
    }
    assert flags == {"a-c0": "above", "b-c1": "below"}
    e = rep["cards"]["a"]["a-c0"]["effect"]
    assert e["ci"][0] < e["value"] < e["ci"][1] and e["ci"][0] > 0.05


def test_on_a_fair_set_few_cards_are_flagged_and_not_more_with_more_games():
    for n in (400, 3200):
        plan = plan_of(("a", "b", "c"), 2, n)
        rep = summary.summarize(plan, games(plan, random.Random(n), lambda d, x: 1.0), {})
        flagged = [f for c in rep["cards"].values() for f in c.values() if f["effect"]["flag"]]
        assert len(flagged) <= 3, n  # of 60 cards


def test_mirror_matches_are_left_out_of_deck_rates():
    """a wins every game against b; its mirror games (one win in two) would pull
    it to 75%."""
    plan = plan_of(("a", "b"), 2, 40)
    recs = []
    for j, seed in plan.schedule():
        seating = plan.seatings[j]
        winner = seating.index("a") if "b" in seating and "a" in seating else 0
        recs.append(record(j, seed, [winner], [[], []]))
    rep = summary.summarize(plan, recs, {})
    assert rep["deck_rates"]["a"]["rate"] == 1.0 and rep["deck_rates"]["a"]["n"] == 20
    assert rep["deck_rates"]["a"]["mirror_seats"] == 20
    assert rep["matrix"]["a"]["a"] is None and rep["matrix"]["a"]["b"]["rate"] == 1.0


def test_at_four_seats_every_seat_is_named_with_its_test():
    plan = plan_of(("a", "b", "c", "d"), 4, 24 * 50)
    rng = random.Random(3)
    recs = [
        record(j, s, [rng.choices(range(4), [0.25, 0.22, 0.18, 0.35])[0]], [[]] * 4)
        for j, s in plan.schedule()
    ]
    rep = summary.summarize(plan, recs, {})
    rep["run"] = {"stopped": False}
    text = words.paragraph(rep)
    for seat in rep["seats"]:
        assert f"{seat['seat'].upper()} wins" in text
    p4 = rep["seats"][3]
    assert p4["significant"] and p4["advantage"] > 0 and p4["fair"] == 0.25
    assert "fair share of 25%" in text and "significantly above" in text


@pytest.mark.parametrize(
    "decks, seats, asked, games",
    [(("a", "b"), 2, 100, 100), (("a", "b"), 2, 5, 8), (tuple("abcde"), 4, 100, 120)],
)
def test_games_are_whole_rounds_of_seatings(decks, seats, asked, games):
    from shrinetable.engine import registry
    from shrinetable.workbench.plan import make_plan

    game = registry.get("usagi")
    plan = make_plan(
        game,
        games=asked,
        seats=seats,
        decks="all" if len(decks) == 5 else "blade,court",
        seed=1,
        max_turns=50,
    )
    assert plan.games == games and plan.games % len(plan.seatings) == 0
    # a +-5-point cell: 385 seats at 50%, two seatings of four give a cell a seat
    if seats == 2:
        assert plan.games_for(0.05) == 193 * 4


def test_a_paired_interval_is_narrower_than_two_independent_ones():
    rng = random.Random(5)
    before = [rng.random() < 0.5 for _ in range(400)]
    after = [b if rng.random() < 0.85 else rng.random() < 0.6 for b in before]
    d = stats.paired([int(a) - int(b) for a, b in zip(after, before, strict=True)])
    lo, hi = stats.wilson(sum(after), 400)
    assert d["ci"][1] - d["ci"][0] < (hi - lo)  # less than one run's own interval
    assert stats.paired([0] * 50) == {"n": 50, "delta": 0.0, "ci": [0.0, 0.0], "p": 1.0}


def test_every_table_is_a_csv_beside_the_json(tmp_path):
    import csv

    from shrinetable.workbench.tables import write_csv

    plan = plan_of(("a", "b"), 2, 40)
    rep = summary.summarize(plan, games(plan, random.Random(2), lambda d, x: 1.0), {"a-c0": "Ax"})
    files = {p.name: p for p in write_csv(rep, tmp_path)}
    assert set(files) == {
        f"{t}.csv" for t in ("decks", "matrix", "seats", "cards", "seatings", "lengths", "endings")
    }
    cards = list(csv.DictReader(files["cards.csv"].open()))
    assert len(cards) == sum(len(c) for c in rep["cards"].values())
    row = next(r for r in cards if r["card"] == "a-c0")
    assert row["name"] == "Ax" and float(row["ci_low"]) <= float(row["effect"])
    seats = list(csv.reader(files["seats.csv"].open()))
    assert seats[0][:4] == ["seat", "wins", "games", "rate"] and len(seats) == 3


def test_progress_is_a_line_every_few_seconds_when_not_a_terminal(capsys):
    from shrinetable.workbench.run import Progress

    quiet = Progress(10, "usagi", True, tty=False, every=3600)
    for done in range(1, 11):
        quiet.update(done)
    quiet.end()
    err = capsys.readouterr().err
    assert err == err.replace("\r", "") and err.count("\n") == 1  # the last line only
    assert "usagi: 10/10 games" in err
    each = Progress(3, "usagi", True, tty=False, every=0)
    for done in (1, 2, 3):
        each.update(done)
    assert capsys.readouterr().err.count("games/s") == 3


def test_a_comparison_stopped_before_its_second_run_says_so_without_rows():
    from shrinetable.workbench import compare

    plan = plan_of(("a", "b"), 2, 8)
    before = games(plan, random.Random(4), lambda d, x: 1.0)
    cmp = compare.compare(plan, before, [], ["a-c0"], {})
    assert cmp["paired_games"] == 0 and cmp["changed"] == [] == cmp["unchanged"]
    same = compare.compare(plan, before, before, ["a-c0"], {})
    assert same["paired_games"] == 8 and all(r["delta"] in (0, None) for r in same["changed"])
    assert not any(r["significant"] for r in same["changed"] + same["unchanged"])
    names = {"card_names": {"a-c0": "Ace"}}
    for c in (cmp, same):
        said = words.answer({"compare": c, "before": names, "after": names})
        assert said.startswith("You changed Ace;")
