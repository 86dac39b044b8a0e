"""The report as one self-contained HTML page: tables of every figure with its
interval, and charts drawn with Pillow (workbench/charts.py) embedded as PNG
data, so the page is a single file to open or mail."""

from __future__ import annotations

import html
from pathlib import Path

from . import charts
from .words import answer, paragraph, pct, points

STYLE = """body{font:15px/1.45 system-ui,sans-serif;margin:2em auto;max-width:1100px;
padding:0 1em;color:#222}h1{font-size:1.6em}h2{margin-top:1.8em;border-bottom:1px solid #ccc}
table{border-collapse:collapse;margin:.6em 0}td,th{border:1px solid #ddd;padding:3px 7px;
text-align:right}th{background:#f3f1ea}td.l,th.l{text-align:left}.flag{color:#a30}
.sig{background:#fff1c8}.summary{background:#f6f6f0;padding:.8em 1em;border-left:4px solid #7a6}
img{max-width:100%}.small{color:#666;font-size:.9em}"""


def _matrix_chart(rep: dict) -> str:
    decks = rep["decks"]
    return charts.matrix(
        decks,
        [[(rep["matrix"][a][b] or {}).get("rate") for b in decks] for a in decks],
        1 / rep["players"],
    )


def _cell(rep: dict, a: str, b: str) -> str:
    """A matrix cell; the diagonal says how many seats its mirror games held."""
    if a == b:
        n = rep["deck_rates"][a]["mirror_seats"]
        return f"mirror ({n} seats, left out)" if n else "mirror"
    return pct(rep["matrix"][a][b]) if rep["matrix"][a][b] else "no games"


def effect(e: dict) -> str:
    """A card's effect: '+12.0 pts [+3.1, +20.9]'."""
    if e["value"] is None:
        return "not measured"
    lo, hi = e["ci"]
    return f"{100 * e['value']:+.1f} pts [{100 * lo:+.1f}, {100 * hi:+.1f}]"


def _lengths_chart(rep: dict) -> str:
    return charts.histograms(
        {
            what: {int(k): n for k, n in rep[what].get("counts", {}).items()}
            for what in ("turns", "moves")
        }
    )


def _esc(x) -> str:
    return html.escape(str(x))


def _table(head: list[str], rows: list[list], classes: list[str] | None = None) -> str:
    out = [
        "<table><tr>"
        + "".join(f"<th{' class=l' if i == 0 else ''}>{_esc(h)}</th>" for i, h in enumerate(head))
        + "</tr>"
    ]
    for n, row in enumerate(rows):
        cls = f' class="{classes[n]}"' if classes and classes[n] else ""
        out.append(
            f"<tr{cls}>"
            + "".join(f"<td{' class=l' if i == 0 else ''}>{c}</td>" for i, c in enumerate(row))
            + "</tr>"
        )
    return "\n".join(out) + "</table>"


def _report_html(rep: dict) -> str:
    if not rep["finished"]:
        return "<p>No game finished.</p>"
    parts = []
    decks = rep["decks"]
    if len(decks) > 1:
        parts.append("<h2>Decks</h2>")
        parts.append(
            charts.rate_bars(
                "each deck's overall win rate",
                decks,
                [rep["deck_rates"][d] for d in decks],
                1 / rep["players"],
            )
        )
        parts.append(_matrix_chart(rep))
        parts.append(
            _table(
                [""] + decks,
                [[_esc(a)] + [_cell(rep, a, b) for b in decks] for a in decks],
            )
        )
    parts.append("<h2>Seats</h2>")
    seats = rep["seats"]
    parts.append(
        charts.rate_bars("win rate per seat", [s["seat"] for s in seats], seats, 1 / rep["players"])
    )
    parts.append(
        _table(
            ["seat", "wins", "rate [95%]", "advantage", "p", "significant"],
            [
                [
                    s["seat"],
                    f"{s['k']}/{s['n']}",
                    pct(s),
                    f"{100 * s['advantage']:+.1f} pts",
                    f"{s['p']:.3g}" if s["p"] is not None else "",
                    "yes" if s["significant"] else "no",
                ]
                for s in seats
            ],
        )
    )
    parts.append("<h2>Length and endings</h2>")
    parts.append(_lengths_chart(rep))
    t, m = rep["turns"], rep["moves"]
    parts.append(
        _table(
            ["", "mean", "median", "middle half", "range"],
            [
                [w, x["mean"], x["median"], f"{x['q1']}-{x['q3']}", f"{x['min']}-{x['max']}"]
                for w, x in (("turns", t), ("moves", m))
            ],
        )
    )
    parts.append(
        _table(
            ["ending", "games"],
            [[_esc(k), v] for k, v in rep["endings"].items()]
            + [["unfinished (past the turn cap)", rep["unfinished"]]],
        )
    )
    parts.append(
        "<h2>Cards</h2><p class=small>Per game and seat: how often the seat drew "
        "each card (at least once, opening hand included) and played it, and the "
        "card's effect: the seat's win rate when it drew the card minus its win rate "
        "in the games of the same deck, seating and seat where it did not "
        "(Mantel-Haenszel, 95% interval). Flagged only where the effect stands "
        "after a Benjamini-Hochberg correction over every card at 5%. A card drawn "
        "in longer games can gain or lose a little by the length alone.</p>"
    )
    names = rep["card_names"]
    for deck, cards in rep["cards"].items():
        parts.append(f"<h3>{_esc(deck)} (wins {pct(rep['deck_rates'][deck])})</h3>")
        rows, cls = [], []
        ranked = sorted(cards.items(), key=lambda kv: -(kv[1]["effect"]["value"] or 0))
        for card, f in ranked:
            flag = f["effect"]["flag"]
            rows.append(
                [
                    _esc(names.get(card, card)),
                    pct(f["drawn"]),
                    pct(f["played"]),
                    effect(f["effect"]),
                    "" if f["effect"]["q"] is None else f"{f['effect']['q']:.3g}",
                    f"<span class=flag>{flag}</span>" if flag else "",
                ]
            )
            cls.append("sig" if flag else "")
        parts.append(
            _table(["card", "drawn", "played", "effect when drawn", "q", "flag"], rows, cls)
        )
    return "\n".join(parts)


def _rows(rows: list[dict]) -> str:
    return _table(
        ["figure", "before", "after", "change (paired 95%)", "q", "significant"],
        [
            [
                _esc(r["figure"]),
                _side(r, "before"),
                _side(r, "after"),
                points(r),
                "" if r["q"] is None else f"{r['q']:.3g}",
                "yes" if r["significant"] else "no",
            ]
            for r in rows
        ],
        ["sig" if r["significant"] else "" for r in rows],
    )


def _side(r: dict, side: str) -> str:
    """A figure's value before or after: a rate or a mean length (none for an
    unchanged card's change of effect)."""
    if r[side] is None:
        return ""
    return f"{r[side]:.2f}" if r["key"][0] == "length" else f"{100 * r[side]:.0f}%"


def _changes_html(data: dict) -> str:
    cmp = data["compare"]
    parts = [
        "<h2>What changed, and is it real?</h2>",
        f"<p class=summary>{_esc(answer(data))}</p>",
        "<p class=small>Every figure is the same games played before and after "
        "(same seatings, same seeds), paired game by game: its change has a paired "
        "95% interval, and q is its p-value corrected (Benjamini-Hochberg) over "
        "the figures of its table: those the change aims at, and all the others. "
        "A changed card's row is the win rate of the seats "
        "that drew it (in the run before); any other card's row is the change of "
        "its effect: how much more the seats that drew it gained than the seats of "
        "its deck that did not, among seats that drew the same changed cards.</p>",
    ]
    top = [r for r in cmp["changed"] if r["delta"] is not None][:15]
    if top:
        parts.append(
            charts.change_bars(
                [r["figure"] for r in top], [r["delta"] for r in top], [r["ci"] for r in top]
            )
        )
    parts.append("<h3>The changed cards, the decks that hold them, their matchups</h3>")
    parts.append(_rows(cmp["changed"]))
    parts.append("<h3>Everything else</h3>")
    parts.append(_rows(cmp["unchanged"]))
    return "\n".join(parts)


def render(data: dict) -> str:
    """The page's HTML."""
    game = data["game"]
    run = data["run"]
    where = f"on {run['cluster']}" if run["cluster"] else f"{run['jobs']} jobs"
    body = [
        f"<h1>{_esc(game)}: balance report</h1>",
        f"<p class=summary>{_esc(paragraph(data))}</p>",
        f"<p class=small>{run['games_per_second']} games/s, {run['seconds']} s, {where}"
        f"{'; stopped early' if run['stopped'] else ''}"
        f"{': ' + _esc(run['failed']) if run.get('failed') else ''}. Seed {run['seed']}; card set: "
        f"{_esc(run['cards'] or 'the shipped set')}"
        f"{'; changed set: ' + _esc(run['compare']) if run['compare'] else ''}.<br>"
        f"Played again by: <code>{_esc(run['command'])}</code><br>Every table is "
        "also a CSV file beside this page (and every figure in report.json).</p>",
    ]
    if "compare" in data:
        body.append(_changes_html(data))
        body.append("<h2>After the change</h2>" + _report_html(data["after"]))
        body.append("<h2>Before the change</h2>" + _report_html(data["before"]))
    else:
        body.append(_report_html(data))
    return (
        f"<!doctype html><html lang=en><head><meta charset=utf-8><title>{_esc(game)} "
        f"report</title><style>{STYLE}</style></head><body>{''.join(body)}</body></html>"
    )


def write_page(data: dict, path: Path) -> None:
    path.write_text(render(data), encoding="utf-8")
