"""What the deck builder's commands do (its buttons and their keys): the deck's
files, the clipboard, playing with the deck, and the windows they open over
the screen (the Open list, a list's faulty lines, "Replace your deck?", a file
dialog). Each reports to the player through `scene.say`.
"""

from __future__ import annotations

import html
from pathlib import Path

import pygame
from pygame_gui.core import ObjectID
from pygame_gui.core.utility import clipboard_copy, clipboard_paste
from pygame_gui.elements import UIButton, UISelectionList, UITextBox, UIWindow

from shrinetable.adapter.session import Session
from shrinetable.formats.deckbook import BookError, Taken
from shrinetable.formats.errors import FormatError, read_text

from .deck_view import DeckView
from .file_window import file_window
from .theme import font_class


def command(scene: DeckView, cmd: tuple) -> None:
    """Do `cmd` (`("save",)`, `("opened", deck)`, ...); a refusal is said, never raised."""
    desk = scene.desk
    try:
        if cmd[0] in ("back", "play"):
            scene.fare.close()  # a measurement under way ends with the screen
        if cmd[0] == "back":
            scene.app.show_start(game=desk.game.name)
        elif cmd[0] == "fare":
            scene.show_fare(not scene.fare_shown)
        elif cmd[0] == "new":
            desk.new()
            scene.name_entry.set_text(desk.build.name)
            scene.say("a new deck: add cards from the pool")
        elif cmd[0] == "open":
            _open_list(scene)
        elif cmd[0] == "opened":  # a deck chosen in the Open list
            desk.open(cmd[1])
            close(scene)
            scene.name_entry.set_text(desk.build.name)
            scene.say(f"{desk.build.name!r} opened")
        elif cmd[0] in ("save", "replace"):
            scene.say(desk.save(replace=cmd[0] == "replace"))
            close(scene)
        elif cmd[0] == "rename":
            scene.say(desk.rename(scene.name_entry.get_text()))
        elif cmd[0] == "duplicate":
            scene.say(desk.duplicate())
            scene.name_entry.set_text(desk.build.name)
        elif cmd[0] == "delete":
            scene.say(desk.delete())
        elif cmd[0] == "undo":
            scene.say(desk.undo())
        elif cmd[0] == "copy":
            clipboard_copy(desk.export())
            scene.say("the deck is on the clipboard as a text list")
        elif cmd[0] == "paste":
            _read(scene, clipboard_paste(), "the clipboard")
        elif cmd[0] in ("import", "export"):
            _ask_file(scene, cmd[0])
        elif cmd[0] == "play":
            _play(scene)
        elif cmd[0] == "close":
            close(scene)
    except Taken as e:
        _ask_replace(scene, str(e))
    except BookError as e:
        scene.say(str(e), error=True)


def _read(scene: DeckView, text: str, where: str) -> None:
    problems = scene.desk.read(text, where)
    if problems:
        _say_lines(scene, "The list was not read", problems)
        lines = f"{len(problems)} faulty line{'s' if len(problems) != 1 else ''}"
        scene.say(f"{where}: {lines}; the deck is as it was", True)
    else:
        scene.name_entry.set_text(scene.desk.build.name)
        scene.say(f"read {scene.desk.build.size()} cards from {where}")


def file_picked(scene: DeckView, purpose: str, path: str) -> None:
    """The file dialog chose `path` to import from or export to (`purpose`)."""
    scene.asking = None
    if purpose == "import":
        try:
            _read(scene, read_text(path), Path(path).name)
        except FormatError as e:
            scene.say(str(e), error=True)
        return
    try:
        Path(path).write_text(scene.desk.export(), encoding="utf-8")
    except OSError as e:
        scene.say(f"cannot write {path}: {e.strerror or e}", error=True)
    else:
        scene.say(f"the deck written to {path} as a text list")


def _play(scene: DeckView) -> None:
    desk = scene.desk
    try:
        options = desk.play_options()
    except ValueError as e:
        scene.say(str(e), error=True)
        return
    game = desk.game
    seats = ["human", *["computer"] * (game.min_seats - 1)]
    try:
        scene.app.start_game(Session(game, scene.app.new_seed(), options, seats))  # type: ignore[arg-type]
    except (ValueError, FormatError) as e:
        scene.say(str(e).splitlines()[0], error=True)
    else:
        scene.app.emit(f"playing {game.name} with {desk.build.name!r}")


# -- windows over the screen -------------------------------------------------------
def _window(scene: DeckView, title: str, w: int, h: int) -> UIWindow:
    close(scene)
    size = scene.app.screen.get_size()
    rect = pygame.Rect(
        0, 0, min(round(w * scene.u), size[0] - 20), min(round(h * scene.u), size[1] - 20)
    )
    rect.center = (size[0] // 2, size[1] // 2)
    scene.window = UIWindow(rect, scene.app.manager, window_display_title=title)
    return scene.window


def close(scene: DeckView) -> None:
    """Close the window over the screen, if one is open."""
    if scene.window is not None:
        scene.window.kill()
    scene.window = None
    scene.dirty = True


def _open_list(scene: DeckView) -> None:
    win = _window(scene, f"Open a deck of {scene.desk.game.title}", 620, 520)
    width, height = win.get_container().get_size()
    scene.picks = {f"{d.name} ({where})": d for where, d in scene.desk.every_deck()}
    UISelectionList(
        pygame.Rect(6, 6, width - 12, height - 12),
        list(scene.picks),
        scene.app.manager,
        container=win,
        object_id=ObjectID(class_id=font_class(scene.px)),
    )


def _say_lines(scene: DeckView, title: str, lines: list[str]) -> None:
    win = _window(scene, title, 760, 420)
    width, height = win.get_container().get_size()
    UITextBox(
        "<br>".join(html.escape(line) for line in lines),
        pygame.Rect(6, 6, width - 12, height - 12),
        scene.app.manager,
        container=win,
        object_id=ObjectID(class_id=font_class(scene.px)),
    )


def _ask_replace(scene: DeckView, why: str) -> None:
    win = _window(scene, "Replace your deck?", 560, 170)
    width = win.get_container().get_size()[0]
    font = ObjectID(class_id=font_class(scene.px))
    UITextBox(
        html.escape(why + "."),
        pygame.Rect(6, 6, width - 12, round(50 * scene.u)),
        scene.app.manager,
        container=win,
        object_id=font,
    )
    half = (width - 30) // 2
    for i, (text, cmd) in enumerate((("Replace it", "replace"), ("Cancel", "close"))):
        b = UIButton(
            pygame.Rect(10 + i * (half + 10), round(62 * scene.u), half, round(40 * scene.u)),
            text,
            scene.app.manager,
            container=win,
            object_id=font,
        )
        scene.actions[b] = (cmd,)


def _ask_file(scene: DeckView, purpose: str) -> None:
    close(scene)
    scene.asking = purpose
    folder = scene.desk.book.path.parent
    start = folder if folder.is_dir() else Path.home()
    name = f"{scene.desk.build.name}.txt" if purpose == "export" else ""
    file_window(
        pygame.Rect(40, 40, round(560 * scene.u), round(460 * scene.u)),
        scene.app.manager,
        "Import a text list" if purpose == "import" else "Export the deck as a text list",
        str(start / name),
        purpose == "import",
    )
