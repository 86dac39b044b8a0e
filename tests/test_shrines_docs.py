"""docs/rules/shrines.md and the engine's rulings name the same clauses and rulings,
and docs/cards.md documents every effect verb and keyword of the format."""

from __future__ import annotations

import re
from pathlib import Path

from shrinetable.games.shrines.rulings import CLAUSES, RULINGS
from shrinetable.games.shrines.schema import EFFECT_VERBS, KEYWORDS, TARGETS

DOCS = Path(__file__).parent.parent / "docs"
RULES = (DOCS / "rules" / "shrines.md").read_text()
CARDS = (DOCS / "cards.md").read_text()


def test_every_clause_heads_a_section():
    headings = set(re.findall(r"^###? .*\(`([a-z-]+)`\)", RULES, re.M))
    assert set(CLAUSES) <= headings, set(CLAUSES) - headings


def test_rulings_table_matches():
    rows = set(re.findall(r"^\| `(R\d+)` \|", RULES, re.M))
    assert rows == set(RULINGS), rows ^ set(RULINGS)


def test_card_format_doc_lists_every_verb_keyword_and_target():
    for word in (*EFFECT_VERBS, *KEYWORDS, *TARGETS):
        assert f"`{word}`" in CARDS, word
