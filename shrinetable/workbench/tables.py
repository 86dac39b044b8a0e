"""Every table of a report as CSV, for spreadsheets: one file per table beside
`report.json` (decks, matrix, seats, cards, seatings, lengths, endings; with
`--compare` the comparison and each run's tables, prefixed `before-` and
`after-`). Rates are fractions, intervals two columns, so a sheet can compute
on them."""

from __future__ import annotations

import csv
from pathlib import Path

from . import output

Rows = list[list]


def _ci(x: dict | None) -> list:
    return list(x["ci"]) if x and x.get("ci") else ["", ""]


def _report(rep: dict) -> dict[str, Rows]:
    names = rep["card_names"]
    decks: Rows = [["deck", "wins", "seats", "rate", "ci_low", "ci_high", "mirror_seats"]]
    for deck, r in rep["deck_rates"].items():
        decks.append([deck, r["k"], r["n"], r["rate"], *_ci(r), r["mirror_seats"]])
    matrix: Rows = [["deck", "against", "wins", "seats", "rate", "ci_low", "ci_high"]]
    for a, row in rep["matrix"].items():
        for b, r in row.items():
            if r is not None:
                matrix.append([a, b, r["k"], r["n"], r["rate"], *_ci(r)])
    seats: Rows = [["seat", "wins", "games", "rate", "ci_low", "ci_high", "fair", "p", "q"]]
    for s in rep["seats"]:
        seats.append([s["seat"], s["k"], s["n"], s["rate"], *_ci(s), s["fair"], s["p"], s["q"]])
    cards: Rows = [
        ["deck", "card", "name", "drawn", "played", "seats", "effect", "ci_low", "ci_high"]
        + ["p", "q", "flag"]
    ]
    for deck, mine in rep["cards"].items():
        for card, f in mine.items():
            e = f["effect"]
            cards.append(
                [deck, card, names.get(card, card), f["drawn"]["k"], f["played"]["k"]]
                + [f["drawn"]["n"], e["value"], *_ci(e), e["p"], e["q"], e["flag"] or ""]
            )
    seatings: Rows = [
        ["decks", "games", "unfinished", *(f"p{i + 1}_wins" for i in range(rep["players"]))]
    ]
    for s in rep["seatings"]:
        seatings.append([" ".join(s["decks"]), s["games"], s["unfinished"], *s["wins"]])
    lengths: Rows = [["what", "games", "mean", "sd", "median", "q1", "q3", "min", "max"]]
    for what in ("turns", "moves"):
        x = rep[what]
        if x["n"]:
            lengths.append([what] + [x[k] for k in ("n", "mean", "sd", "median", "q1", "q3")])
            lengths[-1] += [x["min"], x["max"]]
    endings: Rows = [["ending", "games"], *map(list, rep["endings"].items())]
    endings.append(["unfinished (past the turn cap)", rep["unfinished"]])
    return {
        "decks": decks,
        "matrix": matrix,
        "seats": seats,
        "cards": cards,
        "seatings": seatings,
        "lengths": lengths,
        "endings": endings,
    }


def _compare(cmp: dict) -> Rows:
    rows: Rows = [
        ["group", "figure", "key", "before", "after", "delta", "ci_low", "ci_high", "n"]
        + ["p", "q", "significant"]
    ]
    for group in ("changed", "unchanged"):
        for r in cmp[group]:
            rows.append(
                [group, r["figure"], "/".join(r["key"]), r["before"], r["after"], r["delta"]]
                + [*_ci(r), r["n"], r["p"], r["q"], r["significant"]]
            )
    return rows


def tables(data: dict) -> dict[str, Rows]:
    """Each table's rows (a header first), by file name without `.csv`."""
    if "compare" not in data:
        return _report(data)
    out = {"compare": _compare(data["compare"])}
    for side in ("before", "after"):
        out.update({f"{side}-{k}": v for k, v in _report(data[side]).items()})
    return out


def write_csv(data: dict, folder: Path) -> list[Path]:
    """Write every table into `folder`; the files written."""
    written = []
    for name, rows in tables(data).items():
        path = folder / f"{name}.csv"

        def write(p: Path, rows: Rows = rows) -> None:
            with p.open("w", newline="", encoding="utf-8") as f:
                csv.writer(f).writerows(["" if v is None else v for v in row] for row in rows)

        output.write_whole(path, write)
        written.append(path)
    return written
