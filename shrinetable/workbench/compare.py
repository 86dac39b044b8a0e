"""Two runs of the same plan (same seatings, same seeds), game by game.

The games before and after a change are paired by seating and seed: a game the
change does not touch ends the same, so each figure's change is the mean of
per-game differences and its interval is a paired one (about half as wide as
comparing two independent runs). Figures: each deck (mirror games left out),
each matchup, each seat, game length, and each card ("drew" as in the run
before, which the change cannot have touched): for a changed card the paired
change of the seats that drew it (mirror games left out, as for its deck); for
any other, the change in its effect (how
much more the seats that drew it gained than those of its deck that did not,
among seats that drew the same changed cards, so that a card drawn beside a
changed one does not take its gain).
The changed cards, the decks that hold them and their matchups come first,
largest change first. The p-values are corrected (Benjamini-Hochberg) within
each of the two families, the figures the change aims at and all the others,
and a change is significant when its q-value is under 5%.
"""

from __future__ import annotations

import math
from collections import defaultdict
from pathlib import Path
from typing import Any

from shrinetable.formats.cards import card_folder, load_dir

from . import stats
from .plan import Plan


def changed_cards(game: Any, folder: str, before: str | None = None) -> list[str]:
    """The ids of the cards the changed folder adds or defines otherwise than
    the set it is compared with (the shipped cards, with the `before` folder's
    over them): a folder copied whole from the set and edited in one card
    names that card only."""
    data = game.card_data
    name = Path(data.folder).name
    base = load_dir(card_folder(data), data.card, data.deck)[0]
    if before is not None:
        base.update(load_dir(Path(before) / name, data.card, data.deck)[0])
    mine = load_dir(Path(folder) / name, data.card, data.deck)[0]
    return sorted(card for card, rules in mine.items() if base.get(card) != rules)


def _paired_rows(
    plan: Plan, pairs: list[tuple[dict, dict]], changed: set[str]
) -> dict[tuple, dict]:
    """Each figure's paired change over the games finished both times."""
    units: dict[tuple, list[tuple[float, float]]] = defaultdict(list)
    seats: dict[str, list[tuple[set[str], tuple[float, float], bool]]] = defaultdict(list)
    for b, r in pairs:
        seating = plan.seatings[r["seating"]]
        for what in ("turns", "moves"):
            units["length", what].append((b[what], r[what]))
        for seat, deck in enumerate(seating):
            pair = (float(seat in b["winners"]), float(seat in r["winners"]))
            units["seat", f"p{seat + 1}"].append(pair)
            others = seating[:seat] + seating[seat + 1 :]
            if deck not in others:
                units["deck", deck].append(pair)
            for other in sorted(set(others) - {deck}):
                units["matchup", deck, other].append(pair)
            seats[deck].append((set(b["drawn"][seat]), pair, deck in others))
    rows: dict[tuple, dict] = {}
    for key, got in units.items():
        rows[key] = _change(got)
    for deck, mine in seats.items():
        # a changed card's seats as its deck's rate counts them: mirrors left out
        # (both seats hold the card), unless the deck only ever met itself
        apart = [(drawn, x) for drawn, x, mirror in mine if not mirror] or [
            (drawn, x) for drawn, x, _ in mine
        ]
        for card in sorted(set().union(*(drawn for drawn, _, _ in mine))):
            if card in changed:
                rows["card", deck, card] = _change([x for drawn, x in apart if card in drawn])
            else:
                diffs = [(drawn, a - b) for drawn, (b, a), _ in mine]
                rows["card", deck, card] = _effect_change(card, diffs, changed)
    return rows


def _change(got: list[tuple[float, float]]) -> dict:
    """The paired change of (before, after) outcomes, with both means."""
    d = stats.paired([a - b for b, a in got])
    d["before"] = round(sum(b for b, _ in got) / len(got), 4) if got else None
    d["after"] = round(sum(a for _, a in got) / len(got), 4) if got else None
    return d


def _effect_change(card: str, seats: list[tuple[set[str], float]], changed: set[str]) -> dict:
    """How much more the seats that drew `card` gained than the seats of its
    deck that did not, compared among seats that drew the same changed cards
    (a card drawn with a changed one would share its gain): the strata's
    differences weighted as Mantel-Haenszel does. Each group's variance is its
    own or the one pooled over the strata, whichever is larger: a group of a
    few equal gains has none of its own, and the games the change left alone
    (no gain at all) would shrink a pooled one."""
    strata: dict[frozenset[str], tuple[list[float], list[float]]] = defaultdict(lambda: ([], []))
    for drawn, d in seats:
        strata[frozenset(drawn & changed)][card not in drawn].append(d)
    n = sum(len(yes) for yes, _ in strata.values())
    both = [(yes, no) for yes, no in strata.values() if yes and no]
    groups = [g for pair in both for g in pair]
    free = sum(len(g) for g in groups) - len(groups)
    if not both or free < 1:
        return {"n": n, "delta": None, "ci": None, "p": None, "before": None, "after": None}
    pooled = sum(sum((x - sum(g) / len(g)) ** 2 for x in g) for g in groups) / free
    weight = total = var = 0.0
    for yes, no in both:
        w = len(yes) * len(no) / (len(yes) + len(no))
        weight += w
        total += w * (sum(yes) / len(yes) - sum(no) / len(no))
        var += w * w * sum(max(pooled, _var(g)) / len(g) for g in (yes, no))
    delta, se = total / weight, math.sqrt(var) / weight
    p = (1.0 if delta == 0 else 0.0) if se == 0 else stats.p_normal(delta / se)
    half = stats.Z95 * se
    ci = [round(delta - half, 4), round(delta + half, 4)]
    return {"n": n, "delta": round(delta, 4), "ci": ci, "p": p, "before": None, "after": None}


def _var(xs: list[float]) -> float:
    """The sample variance (0 for fewer than two)."""
    if len(xs) < 2:
        return 0.0
    mean = sum(xs) / len(xs)
    return sum((x - mean) ** 2 for x in xs) / (len(xs) - 1)


def label(key: tuple, names: dict[str, str], changed: list[str]) -> str:
    """A figure's key in words."""
    if key[0] == "deck":
        return f"deck {key[1]}: win rate"
    if key[0] == "seat":
        return f"seat {key[1].upper()}: win rate"
    if key[0] == "matchup":
        return f"{key[1]} against {key[2]}: win rate"
    if key[0] == "length":
        return f"mean {key[1]} per game"
    if key[2] in changed:
        return f"{names.get(key[2], key[2])} ({key[1]}): win rate when drawn"
    return f"{names.get(key[2], key[2])} ({key[1]}): effect when drawn"


def compare(
    plan: Plan,
    before: list[dict],
    after: list[dict],
    changed: list[str],
    names: dict[str, str],
) -> dict:
    """Every figure's paired change; the changed cards, their decks and matchups
    first (`changed`), the rest after (`unchanged`), each largest first."""
    then = {(r["seating"], r["seed"]): r for r in before if r["winners"] is not None}
    pairs = [
        (then[r["seating"], r["seed"]], r)
        for r in after
        if r["winners"] is not None and (r["seating"], r["seed"]) in then
    ]
    rows = [{"key": list(k), **v} for k, v in _paired_rows(plan, pairs, set(changed)).items()]
    holding = sorted(
        {r["key"][1] for r in rows if r["key"][0] == "card" and r["key"][2] in changed}
    )

    def touched(key: list) -> bool:
        if key[0] == "card":
            return key[2] in changed
        return key[0] in ("deck", "matchup") and any(d in holding for d in key[1:])

    def size(r: dict) -> tuple:
        return (not r["significant"], -abs(r["delta"] or 0))

    top = [r for r in rows if touched(r["key"])]
    rest = [r for r in rows if not touched(r["key"])]
    for family in (top, rest):  # what the change aims at, and everything else
        for row, q in zip(family, stats.q_values([r["p"] for r in family]), strict=True):
            row["q"] = q
            row["significant"] = q is not None and q < stats.ALPHA
            row["figure"] = label(tuple(row["key"]), names, changed)
    top.sort(key=lambda r: -abs(r["delta"] or 0))
    rest.sort(key=size)
    return {
        "changed_cards": changed,
        "decks_holding": holding,
        "paired_games": len(pairs),
        "changed": top,
        "unchanged": rest,
    }
