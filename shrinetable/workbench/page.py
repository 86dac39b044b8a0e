"""The report as one self-contained HTML page: tables of every figure with its
interval, and charts drawn with Pillow (workbench/charts.py) embedded as PNG
data, so the page is a single file to open or mail."""

from __future__ import annotations

import html
from pathlib import Path

from . import charts
from .words import paragraph, pct

STYLE = """body{font:15px/1.45 system-ui,sans-serif;margin:2em auto;max-width:1100px;
padding:0 1em;color:#222}h1{font-size:1.6em}h2{margin-top:1.8em;border-bottom:1px solid #ccc}
table{border-collapse:collapse;margin:.6em 0}td,th{border:1px solid #ddd;padding:3px 7px;
text-align:right}th{background:#f3f1ea}td.l,th.l{text-align:left}.flag{color:#a30}
.sig{background:#fff1c8}.summary{background:#f6f6f0;padding:.8em 1em;border-left:4px solid #7a6}
img{max-width:100%}.small{color:#666;font-size:.9em}"""


def _matrix_chart(rep: dict) -> str:
    decks = rep["decks"]
    return charts.matrix(
        decks, [[(rep["matrix"][a][b] or {}).get("rate") for b in decks] for a in decks]
    )


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
                [
                    [_esc(a)]
                    + [pct(rep["matrix"][a][b]) if rep["matrix"][a][b] else "mirror" for b in decks]
                    for a in decks
                ],
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
        "<h2>Cards</h2><p class=small>Per game and seat: drawn (at least once, "
        "opening hand included), played, and the seat's win rate when it played "
        "the card or drew it without playing it. Flagged: never played, or a "
        "win rate when played whose interval leaves out the deck's rate.</p>"
    )
    names = rep["card_names"]
    for deck, cards in rep["cards"].items():
        parts.append(f"<h3>{_esc(deck)} (wins {pct(rep['deck_rates'][deck])})</h3>")
        rows, cls = [], []
        for card, f in sorted(cards.items(), key=lambda kv: -(kv[1]["win_played"]["rate"] or 0)):
            rows.append(
                [
                    _esc(names.get(card, card)),
                    pct(f["drawn"]),
                    pct(f["played"]),
                    pct(f["win_played"]),
                    pct(f["win_drawn_not_played"]),
                    f"<span class=flag>{_esc(', '.join(f['flags']))}</span>",
                ]
            )
            cls.append("sig" if f["flags"] else "")
        parts.append(
            _table(
                [
                    "card",
                    "drawn",
                    "played",
                    "win when played",
                    "win when drawn, not played",
                    "flags",
                ],
                rows,
                cls,
            )
        )
    return "\n".join(parts)


def _changes_html(data: dict) -> str:
    rows = data["changes"]
    sig = [r for r in rows if r["significant"]]
    names = {**data["before"]["card_names"], **data["after"]["card_names"]}
    cards = ", ".join(names.get(c, c) for c in data["changed_cards"]) or "none"
    parts = [
        "<h2>Changes</h2>",
        f"<p>Cards the changed folder defines: {_esc(cards)}.</p>",
        f"<p>{len(sig)} of {len(rows)} figures changed "
        "significantly (Benjamini-Hochberg q &lt; 0.05; the same seeds before and "
        "after).</p>",
    ]
    if sig:
        top = sig[:15]
        parts.append(
            charts.change_bars([r["figure"] for r in top], [r["change"] or 0 for r in top])
        )

    def show(r, side):
        x = r[side]
        if x is None:
            return ""
        return f"{x['mean']}" if r["key"][0] == "length" else pct(x)

    parts.append(
        _table(
            ["figure", "before", "after", "change", "p", "q"],
            [
                [
                    _esc(r["figure"]),
                    show(r, "before"),
                    show(r, "after"),
                    ""
                    if r["change"] is None
                    else (
                        f"{r['change']:+.2f}"
                        if r["key"][0] == "length"
                        else f"{100 * r['change']:+.1f} pts"
                    ),
                    "" if r["p"] is None else f"{r['p']:.3g}",
                    "" if r["q"] is None else f"{r['q']:.3g}",
                ]
                for r in rows
            ],
            ["sig" if r["significant"] else "" for r in rows],
        )
    )
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
        f"{'; stopped early' if run['stopped'] else ''}.</p>",
    ]
    if "changes" in data:
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
