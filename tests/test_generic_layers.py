"""A game is a plug-in: the generic layers never name one.

Every module outside `shrinetable/games/` is read for the name and title of
every built-in game (as words, so the package name `shrinetable` does not
count). The one allowed mention is a registry line per built-in game, which is
how a game is found by name.
"""

from __future__ import annotations

import re
from pathlib import Path

import shrinetable
from shrinetable.engine import registry

PACKAGE = Path(shrinetable.__file__).parent
WORDS = sorted(
    {w.lower() for name in registry.BUILTIN for w in (name, registry.get(name).title)},
    key=len,
    reverse=True,
)
GAME_WORD = re.compile(rf"\b({'|'.join(map(re.escape, WORDS))})\b", re.IGNORECASE)
REGISTRY_LINE = re.compile(r'^\s*"(\w+)": "shrinetable\.games\.\1",\s*$')


def generic_modules() -> list[Path]:
    """Every module of the generic layers: all of the package but the games."""
    return sorted(p for p in PACKAGE.rglob("*.py") if "games" not in p.relative_to(PACKAGE).parts)


def test_no_generic_module_names_a_game():
    found = []
    for path in generic_modules():
        for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            if GAME_WORD.search(line) and not REGISTRY_LINE.match(line):
                found.append(f"{path.relative_to(PACKAGE.parent)}:{n}: {line.strip()}")
    assert not found, "generic modules naming a game:\n" + "\n".join(found)


def test_the_check_reads_the_layers_it_is_meant_to():
    layers = {p.relative_to(PACKAGE).parts[0] for p in generic_modules()}
    assert {"engine", "adapter", "formats", "table", "demo", "commands"} <= layers
    assert GAME_WORD.search("the Shrines Region") and GAME_WORD.search("a shrine")
    assert not GAME_WORD.search("import shrinetable.engine")
