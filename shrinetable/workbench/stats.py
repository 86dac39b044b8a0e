"""Honest error bars: Wilson score intervals and two-sided tests (stdlib only).

A report shows hundreds of rates; each carries its count, its 95% interval and,
where it is compared with something, a p-value. Comparisons across many figures
are corrected with Benjamini-Hochberg, so "significant" keeps a 5% false
discovery rate instead of flagging one figure in twenty by chance.

A card's effect is a stratified difference (`stratified`): within each stratum
(one deck at one seat of one seating) the win rate of the games where the card
was drawn against those where it was not, pooled with Mantel-Haenszel weights,
its interval by Sato's variance and its test by Cochran-Mantel-Haenszel, which
hold with many small strata. Two runs on the same seeds are compared game by
game (`paired`).
"""

from __future__ import annotations

import math

Z95 = 1.959963984540054
ALPHA = 0.05


def wilson(k: int, n: int, z: float = Z95) -> tuple[float, float] | None:
    """The 95% Wilson score interval of `k` successes in `n` trials (None for n = 0)."""
    if n == 0:
        return None
    p = k / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    return max(0.0, centre - half), min(1.0, centre + half)


def rate(k: int, n: int) -> dict:
    """A proportion as the report writes it: count, trials, rate and interval."""
    ci = wilson(k, n)
    return {
        "k": k,
        "n": n,
        "rate": k / n if n else None,
        "ci": [round(ci[0], 4), round(ci[1], 4)] if ci else None,
    }


def p_normal(z: float) -> float:
    """Two-sided p-value of a standard normal statistic."""
    return math.erfc(abs(z) / math.sqrt(2))


def p_one(k: int, n: int, p0: float) -> float | None:
    """Two-sided p-value that `k` of `n` came from a rate `p0` (normal approximation)."""
    if n == 0 or p0 in (0, 1):
        return None
    return p_normal((k - n * p0) / math.sqrt(n * p0 * (1 - p0)))


def p_two(k1: int, n1: int, k2: int, n2: int) -> float | None:
    """Two-sided p-value that two proportions are equal (pooled z test)."""
    if n1 == 0 or n2 == 0:
        return None
    pooled = (k1 + k2) / (n1 + n2)
    se = math.sqrt(pooled * (1 - pooled) * (1 / n1 + 1 / n2))
    if se == 0:
        return 1.0
    return p_normal((k1 / n1 - k2 / n2) / se)


def p_means(a: dict, b: dict) -> float | None:
    """Two-sided p-value that two means are equal (Welch's z, for large samples);
    each of `a`, `b` has `n`, `mean` and `sd`."""
    if a["n"] < 2 or b["n"] < 2:
        return None
    se = math.sqrt(a["sd"] ** 2 / a["n"] + b["sd"] ** 2 / b["n"])
    if se == 0:
        return 1.0 if a["mean"] == b["mean"] else 0.0
    return p_normal((a["mean"] - b["mean"]) / se)


def q_values(ps: list[float | None]) -> list[float | None]:
    """Benjamini-Hochberg adjusted p-values, in the order given (None stays None)."""
    known = sorted((p, i) for i, p in enumerate(ps) if p is not None)
    out: list[float | None] = [None] * len(ps)
    m, best = len(known), 1.0
    for rank in range(m, 0, -1):
        p, i = known[rank - 1]
        best = min(best, p * m / rank)
        out[i] = best
    return out


def stratified(strata: list[tuple[int, int, int, int]]) -> dict:
    """The Mantel-Haenszel risk difference over `strata`, each (wins when drawn,
    games drawn, wins when not drawn, games not drawn): `value`, its 95% `ci`
    (Sato's variance) and the Cochran-Mantel-Haenszel two-sided `p`; None
    values where no stratum has games both ways."""
    weight = top = p_sum = q_sum = diff = var = 0.0
    for a, n1, c, n0 in strata:
        t = n1 + n0
        if not n1 or not n0:
            continue
        weight += n1 * n0 / t
        top += (a * n0 - c * n1) / t
        p_sum += (n1 * n1 * c - n0 * n0 * a + n1 * n0 * (n0 - n1) / 2) / (t * t)
        q_sum += (a * (n0 - c) + c * (n1 - a)) / (2 * t)
        wins = a + c
        diff += a - n1 * wins / t
        if t > 1:
            var += n1 * n0 * wins * (t - wins) / (t * t * (t - 1))
    if not weight:
        return {"value": None, "ci": None, "p": None}
    value = top / weight
    half = Z95 * math.sqrt(max(0.0, value * p_sum + q_sum)) / weight
    p = p_normal(diff / math.sqrt(var)) if var else 1.0
    return {
        "value": round(value, 4),
        "ci": [round(max(-1.0, value - half), 4), round(min(1.0, value + half), 4)],
        "p": p,
    }


def paired(diffs: list[float]) -> dict:
    """The mean of paired differences (after minus before, one per game and seat
    of the same seed) with its 95% interval and two-sided p (normal, for the
    counts a report has): the units that did not change still count."""
    n = len(diffs)
    if not n:
        return {"n": 0, "delta": None, "ci": None, "p": None}
    mean = sum(diffs) / n
    var = sum((d - mean) ** 2 for d in diffs) / (n - 1) if n > 1 else 0.0
    se = math.sqrt(var / n)
    p = (1.0 if mean == 0 else 0.0) if se == 0 else p_normal(mean / se)
    return {
        "n": n,
        "delta": round(mean, 4),
        "ci": [round(mean - Z95 * se, 4), round(mean + Z95 * se, 4)],
        "p": p,
    }
