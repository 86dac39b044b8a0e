"""A report in one paragraph, for the terminal (and the top of the page)."""

from __future__ import annotations


def pct(r: dict | None) -> str:
    """A rate with its interval: '54% [47-61%]'."""
    if not r or r["rate"] is None:
        return "no games"
    lo, hi = r["ci"]
    return f"{100 * r['rate']:.0f}% [{100 * lo:.0f}-{100 * hi:.0f}%]"


def plural(n: int, word: str) -> str:
    """'1 card', '2 cards'."""
    return f"{n} {word}{'' if n == 1 else 's'}"


def _seats(rep: dict) -> str:
    """Every seat's rate and its test against the fair share."""
    said = []
    for s in rep["seats"]:
        verdict = (
            "significantly above"
            if s["significant"] and s["advantage"] > 0
            else "significantly below"
            if s["significant"]
            else "not significantly off"
        )
        p = f"p = {s['p']:.2g}" if s["p"] is not None else "no test"
        said.append(f"{s['seat'].upper()} wins {pct(s)}, {verdict} ({p})")
    return f"Seats against the fair share of {100 / rep['players']:.0f}%: " + "; ".join(said) + "."


def _one(rep: dict) -> str:
    if not rep["finished"]:
        return f"{rep['game']}: no game finished ({rep['games']} played)."
    parts = [
        f"{rep['game']}, {rep['players']} players: {plural(rep['games'], 'game')} "
        f"({rep['unfinished']} unfinished) over {plural(len(rep['seatings']), 'seating')} "
        f"of {plural(len(rep['decks']), 'deck')}."
    ]
    if len(rep["decks"]) > 1:
        ranked = sorted(rep["deck_rates"].items(), key=lambda kv: kv[1]["rate"] or 0)
        parts.append(
            f"Strongest deck {ranked[-1][0]} wins {pct(ranked[-1][1])}, weakest "
            f"{ranked[0][0]} {pct(ranked[0][1])} (fair share "
            f"{100 / rep['players']:.0f}%; mirror matches left out)."
        )
    parts.append(_seats(rep))
    parts.append(
        f"A matrix cell here is good to about \u00b1{100 * rep['cell_half']:.0f} points; "
        f"\u00b15 points needs about {rep['games_for_5_points']} games."
    )
    t = rep["turns"]
    parts.append(f"Games last {t['median']} turns (median; middle half {t['q1']}-{t['q3']}).")
    if rep["endings"]:
        why, n = next(iter(rep["endings"].items()))
        parts.append(f"Most end with \u201c{why}\u201d ({n} of {rep['finished']}).")
    effects = [f["effect"] for cards in rep["cards"].values() for f in cards.values()]
    above = sum(e["flag"] == "above" for e in effects)
    below = sum(e["flag"] == "below" for e in effects)
    parts.append(
        f"Of {plural(len(effects), 'card')} measured in their decks, {above} win "
        f"significantly more when drawn and {below} less (Benjamini-Hochberg, 5%)."
    )
    return " ".join(parts)


def points(row: dict) -> str:
    """A paired change in points with its interval: '+17.0 pts [+12.1, +21.9]'."""
    if row["delta"] is None:
        return "not measured"
    lo, hi = row["ci"]
    if row["key"][0] == "length":
        return f"{row['delta']:+.2f} [{lo:+.2f}, {hi:+.2f}]"
    return f"{100 * row['delta']:+.1f} pts [{100 * lo:+.1f}, {100 * hi:+.1f}]"


def verdict(row: dict) -> str:
    """Whether a change stands after the correction, in words."""
    if row["q"] is None:
        return "not tested"
    return ("real" if row["significant"] else "could be chance") + f", q = {row['q']:.2g}"


def answer(data: dict) -> str:
    """The designer's question "I changed this card: what changed, and is it
    real?" answered from the paired comparison."""
    cmp = data["compare"]
    names = {**data["before"]["card_names"], **data["after"]["card_names"]}
    cards = ", ".join(names.get(c, c) for c in cmp["changed_cards"]) or "no card"
    said = [
        f"You changed {cards}; the same {plural(cmp['paired_games'], 'game')} "
        "were played before and after."
    ]
    for row in cmp["changed"]:
        key = row["key"]
        if row["delta"] is None:  # no seat to measure it on
            continue
        if key[0] == "card":
            said.append(
                f"Where {key[1]} drew {names.get(key[2], key[2])}, it won "
                f"{100 * row['before']:.0f}% before and {100 * row['after']:.0f}% after: "
                f"{points(row)} ({verdict(row)})."
            )
        elif key[0] == "deck":
            said.append(
                f"Deck {key[1]} went from {100 * row['before']:.0f}% to {100 * row['after']:.0f}%: "
                f"{points(row)} ({verdict(row)})."
            )
    moved = [r for r in cmp["changed"] if r["key"][0] == "matchup" and r["significant"]]
    if moved:
        said.append(
            "Matchups that moved: "
            + "; ".join(f"{r['key'][1]} against {r['key'][2]} {points(r)}" for r in moved[:4])
            + "."
        )
    others = [r for r in cmp["unchanged"] if r["significant"]]
    said.append(
        f"Elsewhere {plural(len(others), 'figure')} of {len(cmp['unchanged'])} changed "
        "significantly (Benjamini-Hochberg, 5%)"
        + (f", the largest {others[0]['figure']} {points(others[0])}." if others else ".")
    )
    return " ".join(said)


def paragraph(data: dict) -> str:
    """The report (or comparison) in a few sentences."""
    stopped = (
        " Stopped early: these figures cover the games measured."
        if (data["run"]["stopped"])
        else ""
    )
    if "compare" not in data:
        return _one(data) + stopped
    return answer(data) + f" Before: {_one(data['before'])} After: {_one(data['after'])}" + stopped
