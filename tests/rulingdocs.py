"""A rules page's rulings table against the tests that cite it, for every game's
rules tests."""

from __future__ import annotations

import re
from pathlib import Path


def uncited_rulings(doc: str, letter: str, test_file: str) -> list[str]:
    """The ruling ids (`R1`, `R2`..., `letter` their initial) of a rules page's
    table, which must run from 1 with no gap, that `test_file` does not cite."""
    rows = re.findall(rf"^\| ({letter}\d+) \|", doc, re.M)
    assert rows == [f"{letter}{i}" for i in range(1, len(rows) + 1)]
    cited = set(re.findall(rf"\b{letter}\d+\b", Path(test_file).read_text()))
    return sorted(set(rows) - cited)
