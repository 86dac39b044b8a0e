"""Two reports of the same plan (same seatings, same seeds), figure by figure.

Every rate is compared with a two-proportion test and the mean lengths with
Welch's z; the p-values of all figures are then corrected together
(Benjamini-Hochberg), and a change is significant when its q-value is under 5%.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from shrinetable.formats.cards import load_dir

from . import stats


def changed_cards(game: Any, folder: str) -> list[str]:
    """The ids of the cards the changed folder defines (added or replaced)."""
    data = game.card_data
    return sorted(load_dir(Path(folder) / Path(data.folder).name, data.card, data.deck)[0])


def _rates(report: dict) -> dict[tuple, dict]:
    """Every compared rate of a report, by a key naming the figure."""
    out: dict[tuple, dict] = {}
    for deck, r in report["deck_rates"].items():
        out["deck", deck] = r
    for seat in report["seats"]:
        out["seat", seat["seat"]] = seat
    for a, row in report["matrix"].items():
        for b, r in row.items():
            if r is not None:
                out["matrix", a, b] = r
    for deck, cards in report["cards"].items():
        for card, fig in cards.items():
            for what in ("drawn", "played", "win_played"):
                out["card", deck, card, what] = fig[what]
    return out


WORDS = {"drawn": "drawn", "played": "played", "win_played": "win rate when played"}


def label(key: tuple, names: dict[str, str]) -> str:
    """A figure's key in words."""
    if key[0] == "deck":
        return f"deck {key[1]}: win rate"
    if key[0] == "seat":
        return f"seat {key[1]}: win rate"
    if key[0] == "matrix":
        return f"{key[1]} against {key[2]}: win rate"
    if key[0] == "length":
        return f"mean {key[1]}"
    return f"{names.get(key[2], key[2])} ({key[1]}): {WORDS[key[3]]}"


def compare(before: dict, after: dict) -> list[dict]:
    """Each figure before and after, its change, p- and q-value, significance;
    the significant changes first, largest first."""
    a, b = _rates(before), _rates(after)
    rows = []
    for key in [k for k in a if k in b] + [k for k in b if k not in a]:
        x, y = a.get(key), b.get(key)
        p = stats.p_two(x["k"], x["n"], y["k"], y["n"]) if x and y else None
        change = (
            y["rate"] - x["rate"]
            if x and y and x["rate"] is not None and y["rate"] is not None
            else None
        )
        rows.append({"key": list(key), "before": x, "after": y, "change": change, "p": p})
    for what in ("turns", "moves"):
        x, y = before[what], after[what]
        if x["n"] and y["n"]:
            rows.append(
                {
                    "key": ["length", what],
                    "before": x,
                    "after": y,
                    "change": round(y["mean"] - x["mean"], 2),
                    "p": stats.p_means(x, y),
                }
            )
    for row, q in zip(rows, stats.q_values([r["p"] for r in rows]), strict=True):
        row["q"] = q
        row["significant"] = q is not None and q < stats.ALPHA
    names = {**before["card_names"], **after["card_names"]}
    for row in rows:
        row["figure"] = label(tuple(row["key"]), names)
    return sorted(rows, key=lambda r: (not r["significant"], -abs(r["change"] or 0)))
