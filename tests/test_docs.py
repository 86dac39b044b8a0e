"""The rules document and the engine name the same clauses and rulings, so a
refusal's id always leads a player to the words that explain it."""

from __future__ import annotations

import re
from pathlib import Path

from shrinetable.games.shrine.rulings import CLAUSES, RULINGS

DOC = (Path(__file__).parent.parent / "docs" / "rules" / "shrine.md").read_text()


def test_every_clause_id_heads_a_section_of_the_rules_document():
    headings = re.findall(r"^###? .*\(`([a-z-]+)`\)", DOC, re.M)
    assert set(CLAUSES) <= set(headings), set(CLAUSES) - set(headings)


def test_every_ruling_id_has_a_row_in_the_rulings_table():
    rows = set(re.findall(r"^\| `(R\d+)` \|", DOC, re.M))
    assert rows == set(RULINGS), set(RULINGS) ^ rows


def test_readme_quickstart_has_exactly_two_commands_and_ci_runs_the_test_one():
    root = Path(__file__).parent.parent
    readme = (root / "README.md").read_text()
    quick = readme.split("## Quickstart", 1)[1].split("\n## ", 1)[0]
    commands = re.findall(r"```sh\n(.+?)\n```", quick, re.S)
    assert len(commands) == 2
    assert commands[1].strip() in (root / ".ci" / "run").read_text()
