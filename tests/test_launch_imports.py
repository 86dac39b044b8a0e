"""What the table imports to its first frame (issue 26: `bench launch`): a game
with no pydantic model of its own is played without pydantic (the layout is
read by formats/shape.py; saves, decks, cards and scenario keys are imported when
first needed), without pygame_gui (the table draws its own panels; the windows
over it come later), and no checkpoint digest. What is only deferred still
works when it is needed: a save written and read, a scenario's keys, YAML
after pygame_gui, the menu's window."""

from __future__ import annotations

import ast
import os
import subprocess
import sys

# play Shrine to its first frame, then print the modules loaded and stop
FIRST_FRAME = """
import os, sys
from shrinetable.table import app
def emit(self, line):
    if line == "ready":
        print(sorted(sys.modules), flush=True)
        os._exit(0)
app.App.emit = emit
from shrinetable.cli import main
main(["play", "shrine", "--seed", "1", "--trace", "--seats", "human,computer"])
"""
DEFERRED = (
    "pydantic",
    "pydantic_core",
    "yaml",
    "hashlib",
    "pygame_gui",
    "shrinetable.table.dialogs",
    "shrinetable.formats.savemodel",
    "shrinetable.formats.deckmodel",
    "shrinetable.formats.cards",
    "shrinetable.games.shrine.setup",
)


def test_the_first_frame_imports_no_pydantic_nor_pygame_gui(tmp_path):
    env = dict(
        os.environ,
        SDL_VIDEODRIVER="dummy",
        SHRINETABLE_DATA_DIR=str(tmp_path),
        SHRINETABLE_AI_DELAY="0",
    )
    out = subprocess.run(
        [sys.executable, "-c", FIRST_FRAME],
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
        check=True,
    ).stdout
    loaded = set(ast.literal_eval(out.strip().splitlines()[-1]))
    assert {"shrinetable.table.game_scene", "shrinetable.table.widgets"} <= loaded  # the table
    assert sorted(loaded & set(DEFERRED)) == []


def test_what_is_deferred_still_comes_when_needed(tmp_path):
    """A save written and read back, Shrine's scenario keys, and YAML after the
    table's pygame_gui (which hid it only while it imported)."""
    from shrinetable.adapter.session import Session
    from shrinetable.engine import registry
    from shrinetable.formats.save import SaveFile, read_save, write_save
    from shrinetable.table import env

    game = registry.get("shrine")
    session = Session(game, 3, {}, ["human", "computer"])
    path = write_save(tmp_path / "s.json", session.to_save())
    assert isinstance(read_save(path), SaveFile) and read_save(path).seed == 3
    assert "actions_left" in game.position.keys.model_fields
    env.import_gui()
    import yaml

    assert yaml.safe_load("a: 1") == {"a": 1}
