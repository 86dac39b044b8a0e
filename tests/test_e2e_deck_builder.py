"""End to end through the real window under Xvfb: the start screen's Decks...
opens the deck builder; a deck is built from empty by real clicks and a drag,
a copy too many shows its rule with its figure, a click on its line fixes it,
the deck is saved to the card folder and played."""

from __future__ import annotations

import json

import pygame
import pytest
from e2e_harness import ARTIFACTS, SIZE, App

from shrinetable.engine import registry
from shrinetable.formats import deckbuild
from shrinetable.formats.decktext import Shape

pytestmark = [pytest.mark.e2e, pytest.mark.slow]


def decks_button(data_dir, monkeypatch) -> tuple[int, int]:
    """Where the start screen puts Decks... (the same screen, made here)."""
    monkeypatch.setenv("SDL_VIDEODRIVER", "dummy")
    monkeypatch.setenv("SHRINETABLE_DATA_DIR", str(data_dir))
    from shrinetable.table.app import App as Window
    from shrinetable.table.start_scene import StartScene

    window = Window(SIZE)
    try:
        scene = StartScene(window)
        button = next(b for b in scene.actions if b.text == "Decks\u2026")
        return button.rect.center
    finally:
        pygame.quit()


def state(app: App) -> dict:
    return json.loads(app.wait_line("builder ").removeprefix("builder "))


def until(app: App, test, what: str) -> dict:
    """The builder's next traced state that passes `test`."""
    for _ in range(60):
        now = state(app)
        if test(now):
            return now
    raise AssertionError(f"the builder never showed {what}")


def most_copies(game, cid: str) -> int:
    """How many copies of `cid` the game's own deck rules allow (3 at most here)."""
    files = game.card_data.decks
    for n in (3, 2, 1):
        build = deckbuild.Build(Shape.of(files.model), tables={"cards": {cid: n}})
        if not any(f.card == cid for f in deckbuild.faults(build, files)):
            return n
    return 0


@pytest.mark.parametrize("name", ["sorcerer", "usagi"])
def test_build_a_deck_by_clicks_and_drags_fix_a_rule_save_and_play(
    xvfb, tmp_path, monkeypatch, name
):
    (tmp_path / "start.json").write_text(json.dumps({"game": name}))
    button = decks_button(tmp_path, monkeypatch)
    game = registry.get(name)
    app = App(xvfb, ["--trace"], tmp_path)
    try:
        app.wait_line("ready")
        app.window()
        app.click(button)
        now = until(app, lambda s: s["game"] == name and s["cards"], "the pool")
        assert now["size"] == 0 and now["faults"]
        cards = list(now["cards"].items())
        # a copy too many: the rule in words, its figure and the card
        limited = cards[0][0]
        over = most_copies(game, limited) + 1
        for _ in range(over):
            app.click(now["cards"][limited])
        now = until(app, lambda s: s["size"] == over, f"{over} cards")
        title = game.card_data.decks.catalog()[0][limited].name
        broken = [f for f in now["faults"] if f.startswith(f"{title}: ")]
        assert broken and broken[0].endswith(f"({over})"), now["faults"]
        app.click(now["lines"][limited])  # a click on its line takes one out
        now = until(app, lambda s: s["size"] == over - 1, "the copy taken out")
        assert not [f for f in now["faults"] if f.startswith(f"{title}: ")]
        dragged = False
        for cid, pos in cards:
            if not [f for f in now["faults"] if "cards (" in f]:
                break
            want = most_copies(game, cid) - (over - 1 if cid == limited else 0)
            for _ in range(want):
                size = now["size"]
                if not dragged:
                    app.drag(pos, now["deck"])
                    dragged = True
                else:
                    app.click(pos)
                now = until(app, lambda s, n=size: s["size"] == n + 1, "one more card")
        assert now["faults"] == [], now["faults"]
        app.screenshot(ARTIFACTS / f"e2e-deck-builder-{name}.png")
        app.click(now["buttons"]["save"])
        now = until(app, lambda s: s["saved"], "the deck saved")
        saved = tmp_path / "cards" / name / "decks.toml"
        assert f'name = "{now["saved"]}"' in saved.read_text()
        app.click(now["buttons"]["play"])
        assert app.wait_line("playing ").startswith(f"playing {name} with ")
        title = app.xdo("getwindowname", app.window()).strip()
        assert title.startswith(game.title), title
    finally:
        app.stop()
