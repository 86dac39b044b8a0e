"""The window knows its scenes by one small contract (`table.scene.Scene`), a
game table knows what stands over it by one enum (`table.overlay.Overlay`),
and the table's parts name what they need of it (issue 34)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from shrinetable.table import app, overlay, scene

TABLE = Path(app.__file__).parent


def test_the_window_never_probes_a_scene():
    assert "getattr(" not in Path(app.__file__).read_text(encoding="utf-8")


@pytest.mark.usefixtures("dummy_video")
def test_every_scene_keeps_the_windows_contract():
    from shrinetable.demo.scene import DemoScene
    from shrinetable.table.deck_scene import DeckScene
    from shrinetable.table.game_scene import GameScene
    from shrinetable.table.remote_scene import RemoteScene
    from shrinetable.table.start_scene import StartScene

    wanted = [n for n in vars(scene.Scene) if not n.startswith("_")]
    assert {"handle", "update", "deadline", "draw", "keep", "may_quit"} <= set(wanted)
    for cls in (StartScene, GameScene, RemoteScene, DemoScene, DeckScene):
        assert [n for n in wanted if not callable(getattr(cls, n, None))] == [], cls.__name__


def test_what_stands_over_a_table_is_named_once():
    """No part of the table compares the overlay with a string of its own."""
    said = re.compile(r"overlay\s*(==|!=|in)\s*\(?\s*\"|(show|overlay\s*=)\s*\(?\"")
    found = [
        f"{path.name}:{n}"
        for path in sorted(TABLE.glob("*.py"))
        for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
        if said.search(line)
    ]
    assert found == []
    assert {o.value for o in overlay.Overlay} == {
        *(o.value for o in overlay.WINDOWS),
        *(o.value for o in overlay.STATES),
    }


def test_the_table_s_parts_never_call_a_private_method_of_the_scene():
    parts = ("pointer", "painter", "panels", "dialogs", "helpers", "keys", "zoom")
    private = re.compile(r"\b(s|scene|table|self\.s)\._[a-z]")
    found = [
        f"{part}.py:{n}"
        for part in parts
        for n, line in enumerate((TABLE / f"{part}.py").read_text(encoding="utf-8").splitlines(), 1)
        if private.search(line)
    ]
    assert found == []


def test_a_questions_answer_never_holds_the_window(app):
    """A hint or a refused drop's reason asked of a host is answered when it
    comes: the table draws meanwhile, wakes for the answer, and says the
    plain fallback when none comes in time."""
    import threading
    import time

    from shrinetable.adapter.port import Answer
    from shrinetable.adapter.session import Session
    from shrinetable.engine import registry

    app.start_game(Session(registry.get("shrine"), 42, {}, ["human", "computer"]))
    app.step([], 0.01)
    table = app.scene
    said: list[str] = []
    late = Answer("the plain sentence", wait=5.0)
    table.when(late, said.append)
    assert said == [] and table.deadline() is not None
    threading.Thread(target=late.give, args=("the host's reason",)).start()
    end = time.monotonic() + 5
    while not said:
        assert time.monotonic() < end
        app.step([], 0.01)
    assert said == ["the host's reason"]
    never = Answer("the plain sentence", wait=0.05)
    table.when(never, said.append)
    assert table.deadline() <= never.until
    while len(said) < 2:
        assert time.monotonic() < end
        app.step([], 0.01)
    assert said[-1] == "the plain sentence"
