"""Issue 24: the starter decks of Sorcerer, Shards and Usagi are tuned as Shrines'
were (tests/test_shrines_cards.py): each game's cards page carries a matchup table,
the computer against itself over every pair of decks in both seat orders, made by
the command printed above it. The table must cover every pair of the decks shipped
now, with the same number of games in each seat order, and its overall share must
match its counts. The goal is every pair within 40-60%; the pairs outside it are
named on the page's "Outside 40-60%:" line (issue 24 left some: see each page), so
the page never claims more than its table shows."""

from __future__ import annotations

import itertools
import re
from pathlib import Path

import pytest

from shrinetable.engine.registry import get

ROOT = Path(__file__).parent.parent
HEADING = "## Starter decks: matchups"
ROW = re.compile(r"^\| (\w+) vs (\w+) \| (\d+)/(\d+) \| (\d+)/(\d+) \| (\d+(?:\.\d)?)% \|", re.M)


def _decks(name: str) -> list[str]:
    """The deck keys a game offers, in its option's order."""
    return list(next(o for o in get(name).options if o.name == "deck_p1").choices)


@pytest.mark.parametrize("name", ["sorcerer", "shards", "usagi"])
def test_matchup_table_covers_every_pair_fairly(name):
    text = (ROOT / "docs" / f"cards-{name}.md").read_text()
    assert HEADING in text, name
    section = text.split(HEADING, 1)[1].split("\n## ", 1)[0]
    assert f"simulate {name}" in section  # the command that made it
    rows = ROW.findall(section)
    decks = _decks(name)
    assert {(a, b) for a, b, *_ in rows} == set(itertools.combinations(decks, 2)), name
    sizes = {n for r in rows for n in (r[3], r[5])}
    assert len(sizes) == 1, (name, sizes)
    outside = set()
    for a, b, w1, n1, w2, n2, share in rows:
        overall = 100 * (int(w1) + int(w2)) / (int(n1) + int(n2))
        assert abs(overall - float(share)) < 0.1, (a, b)
        if not 40 <= overall <= 60:
            outside.add(f"{a} vs {b}")
    named = re.search(r"^Outside 40-60%: (.*)\.$", section, re.M)
    assert named, name
    listed = set() if named[1] == "none" else {x.strip() for x in named[1].split(",")}
    assert listed == outside, (name, outside)
