"""A report in one paragraph, for the terminal (and the top of the page)."""

from __future__ import annotations


def pct(r: dict | None) -> str:
    """A rate with its interval: '54% [47-61%]'."""
    if not r or r["rate"] is None:
        return "no games"
    lo, hi = r["ci"]
    return f"{100 * r['rate']:.0f}% [{100 * lo:.0f}-{100 * hi:.0f}%]"


def _one(rep: dict) -> str:
    if not rep["finished"]:
        return f"{rep['game']}: no game finished ({rep['games']} played)."
    parts = [
        f"{rep['game']}, {rep['players']} players: {rep['games']} games "
        f"({rep['unfinished']} unfinished) over {len(rep['seatings'])} seatings "
        f"of {len(rep['decks'])} deck{'s' if len(rep['decks']) > 1 else ''}."
    ]
    if len(rep["decks"]) > 1:
        ranked = sorted(rep["deck_rates"].items(), key=lambda kv: kv[1]["rate"] or 0)
        parts.append(
            f"Strongest deck {ranked[-1][0]} wins {pct(ranked[-1][1])}, weakest "
            f"{ranked[0][0]} {pct(ranked[0][1])} (fair share "
            f"{100 / rep['players']:.0f}%)."
        )
    first = rep["seats"][0]
    parts.append(
        f"The first seat wins {pct(first)}: "
        + (
            "a significant advantage"
            if first["significant"] and first["advantage"] > 0
            else "a significant disadvantage"
            if first["significant"]
            else "no significant advantage"
        )
        + f" (p = {first['p']:.3g})."
    )
    t = rep["turns"]
    parts.append(f"Games last {t['median']} turns (median; middle half {t['q1']}-{t['q3']}).")
    if rep["endings"]:
        why, n = next(iter(rep["endings"].items()))
        parts.append(f"Most end with \u201c{why}\u201d ({n} of {rep['finished']}).")
    flagged = [
        (deck, card, f)
        for deck, cards in rep["cards"].items()
        for card, f in cards.items()
        if f["flags"] and f["flags"] != ["never played"]
    ]
    never = sum(
        "never played" in f["flags"] for cards in rep["cards"].values() for f in cards.values()
    )
    parts.append(f"{len(flagged)} cards stand out from their deck; {never} were never played.")
    return " ".join(parts)


def paragraph(data: dict) -> str:
    """The report (or comparison) in a few sentences."""
    stopped = (
        " Stopped early: these figures cover the games measured."
        if (data["run"]["stopped"])
        else ""
    )
    if "changes" not in data:
        return _one(data) + stopped
    sig = [c for c in data["changes"] if c["significant"]]
    top = "; ".join(f"{c['figure']} {_move(c)}" for c in sig[:3])
    return (
        f"Before: {_one(data['before'])} After: {_one(data['after'])} "
        f"{len(sig)} of {len(data['changes'])} figures changed significantly"
        + (f": {top}." if sig else ".")
        + stopped
    )


def _move(c: dict) -> str:
    if c["key"][0] == "length":
        return f"{c['before']['mean']} -> {c['after']['mean']}"
    return f"{pct(c['before'])} -> {pct(c['after'])}"
