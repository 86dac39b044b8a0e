"""End to end through the real window under Xvfb, for each game that declares
deck rules: the start screen's Decks... opens the deck builder; a legal deck
(the cards of the game's first shipped deck) is built from empty by real
clicks, a drag and the search box; a copy too many shows its rule with its
figure and the card, a click on its line fixes it; the deck is saved to the
card folder and a game starts with it."""

from __future__ import annotations

import json

import pygame
import pytest
from e2e_harness import ARTIFACTS, SIZE, App

from shrinetable.engine import registry
from shrinetable.formats import deckbuild
from shrinetable.formats.decktext import Shape

pytestmark = [pytest.mark.e2e, pytest.mark.slow]
WAIT_S = 30  # a busy machine (the tests share two cores) may take this long


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


class Builder:
    """The builder in the window, followed through its traced states."""

    def __init__(self, app: App):
        self.app = app
        self.now: dict = {}

    def until(self, test, what: str) -> dict:
        if self.now and test(self.now):
            return self.now
        for _ in range(80):
            line = self.app.wait_line("builder ", timeout=WAIT_S)
            self.now = json.loads(line.removeprefix("builder "))
            if test(self.now):
                return self.now
        raise AssertionError(f"the builder never showed {what}: {self.now}")

    def find(self, cid: str, name: str) -> tuple[int, int]:
        """The card on the screen, searched for by its name (real typing)."""
        if cid not in self.now["cards"]:
            self.app.click(self.now["search"])
            self.app.xdo("key", "ctrl+a", "BackSpace")
            self.app.xdo("type", "--delay", "5", name)
            self.until(lambda s: s["query"] == name and cid in s["cards"], f"{name} found")
        return tuple(self.now["cards"][cid])

    def add(self, cid: str, name: str, drag: str | None = None) -> None:
        """One more `cid`: a click on it, or (`drag`) a drag onto that place of
        the deck (its heading), or onto the deck when it has one place."""
        pos, size = self.find(cid, name), self.now["size"]
        count = sum(c == cid for c in _ids(self.now["fields"]))
        if drag:
            self.app.drag(pos, tuple(self.now["places"].get(drag, self.now["deck"])))
        else:
            self.app.click(pos)
        self.until(
            lambda s: sum(c == cid for c in _ids(s["fields"])) == count + 1 or s["size"] > size,
            f"{name} added",
        )


def _ids(fields: dict) -> list[str]:
    return [
        cid
        for v in fields.values()
        for cid in ([v] if isinstance(v, str) else [c for c, n in v.items() for _ in range(n)])
    ]


def one_too_many(game, target) -> str:
    """A card of `target` whose one more copy breaks a rule naming it."""
    files = game.card_data.decks
    shape = Shape.of(files.model)
    for table in shape.tables:
        for cid in getattr(target, table):
            build = deckbuild.Build.of(shape, target)
            build.add(cid, table)
            if any(f.card == cid for f in deckbuild.faults(build, files)):
                return cid
    raise AssertionError("no card of the deck breaks a rule with a copy more")


@pytest.mark.parametrize("name", ["sorcerer", "usagi", "shards", "shrines"])
def test_build_a_legal_deck_from_empty_fix_a_rule_save_and_play(xvfb, tmp_path, monkeypatch, name):
    (tmp_path / "start.json").write_text(json.dumps({"game": name}))
    button = decks_button(tmp_path, monkeypatch)
    game = registry.get(name)
    files = game.card_data.decks
    cards, decks = files.catalog()
    target, shape = decks[0], Shape.of(files.model)
    app = App(xvfb, ["--trace"], tmp_path)
    b = Builder(app)
    try:
        app.wait_line("ready", timeout=WAIT_S)  # the start screen loads every game
        app.window()
        app.click(button)
        b.until(lambda s: s["game"] == name and s["cards"], "the pool")
        assert b.now["size"] == 0 and b.now["faults"]
        dragged = False
        for place in shape.picks:
            app.click(b.now["places"][place])
            b.add(getattr(target, place), cards[getattr(target, place)].name)
        for table in shape.tables:
            if table in b.now["places"]:
                app.click(b.now["places"][table])
            for cid, n in getattr(target, table).items():
                for _ in range(n):
                    b.add(cid, cards[cid].name, drag=None if dragged else table)
                    dragged = True
        b.until(lambda s: s["faults"] == [], "the deck keep the rules")
        # a copy too many: the rule in words with its figure, naming the card
        extra = one_too_many(game, target)
        b.add(extra, cards[extra].name)
        bad = [f for f in b.now["faults"] if f.startswith(f"{cards[extra].name}: ")]
        assert bad and bad[0].endswith(")"), b.now["faults"]
        app.screenshot(ARTIFACTS / f"e2e-deck-builder-{name}.png")
        app.click(b.now["lines"][extra])  # a click on its line takes one out
        b.until(lambda s: s["faults"] == [], "the rule kept again")
        app.click(b.now["buttons"]["save"])
        b.until(lambda s: s["saved"], "the deck saved")
        saved = tmp_path / "cards" / name / "decks.toml"
        assert f'name = "{b.now["saved"]}"' in saved.read_text()
        app.click(b.now["buttons"]["play"])
        assert app.wait_line("playing ", timeout=WAIT_S).startswith(f"playing {name} with ")
        title = app.xdo("getwindowname", app.window()).strip()
        assert title.startswith(game.title), title
    except BaseException:
        app.screenshot(ARTIFACTS / f"e2e-deck-builder-{name}-failed.png")
        raise
    finally:
        app.stop()
