"""The rules document and the engine name the same clauses and rulings, so a
refusal's id always leads a player to the words that explain it."""

from __future__ import annotations

import random
import re
from pathlib import Path

import pytest
from plugin_game import GAME as EXAMPLE

from shrinetable.engine import IllegalAction, NotationError, registry
from shrinetable.games.shrine.rulings import CLAUSES, RULINGS

registry.register(EXAMPLE)

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


# ------------------------------------------------------------ every registered game


def _rules_text(game) -> str:
    """A built-in game's rules document; a game from outside the program carries
    its rules in its presentation (the overlay's text) instead."""
    doc = Path(__file__).parent.parent / "docs" / "rules" / f"{game.name}.md"
    return doc.read_text(encoding="utf-8") if doc.is_file() else game.present.rules


def _refusal_ids(game, seeds: range, steps: int) -> set[str]:
    """The ruling ids of refusals met in seeded random games: at each step, the
    legal actions of another game's positions tried here (near misses)."""
    seen: set[str] = set()
    for seed in seeds:
        other, pool, rng = game.new_game(seed + 1000), set(), random.Random(seed)
        for _ in range(steps):
            if game.outcome(other) is not None:
                break
            legal = game.legal_actions(other)
            pool.update(a.text for a in legal)
            other, _ = game.apply(other, rng.choice(legal))
        state, tries = game.new_game(seed), sorted(pool)
        for _ in range(steps):
            if game.outcome(state) is not None:
                break
            legal = game.legal_actions(state)
            for text in rng.sample(tries, min(12, len(tries))):
                try:
                    action = game.parse_action(text)
                    if action not in legal:
                        game.apply(state, action)
                except NotationError:
                    continue
                except IllegalAction as e:
                    seen.add(e.ruling)
            state, _ = game.apply(state, rng.choice(legal))
    return seen


@pytest.mark.parametrize("name", registry.names())
def test_every_refusal_names_a_rule_its_rules_document_has(name):
    """A refusal's id (`IllegalAction.ruling`) leads the player to words that
    explain it: it appears in the game's rules document, for every registered game."""
    game = registry.get(name)
    text = _rules_text(game)
    ids = _refusal_ids(game, range(3), 150)
    assert ids, "no refusal met: the walk is too short to test anything"
    missing = sorted(
        i for i in ids if i and not re.search(rf"(?<![\w-]){re.escape(i)}(?![\w-])", text)
    )
    assert missing == [], f"{name}: ruling ids not in its rules document"


def test_design_notes_give_each_game_s_hard_budget_as_it_is():
    """docs/design.md's "Time (second pass)" kept Sorcerer's first budget (560
    moves) after it became 900: the budgets it lists are the games' own."""
    design = (Path(__file__).parent.parent / "docs" / "design.md").read_text()
    para = design.split("**Time (second pass).**", 1)[1].split("\n\n", 1)[0]
    listed = para.split("`GameBase.think_moves` (", 1)[1].split(";", 1)[0]
    said = {name.lower(): int(n) for name, n in re.findall(r"(\w+) (\d+)", listed)}
    games = ("shrine", "shrines", "sorcerer", "shards", "usagi")
    assert said == {g: registry.get(g).think_moves for g in games}
