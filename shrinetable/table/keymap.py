"""The table's focus keys, which a player may change in the menu (Keys...):
each command has keys like "tab", "shift+tab" or "ctrl+space" (pygame's
key names, modifiers first), kept for the next run in the data folder."""

from __future__ import annotations

import pygame

from shrinetable import resources

FILE = "keys.json"  # {command: [key, ...]}: the keys the player changed

# command: (its keys by default, what it does, as the menu and the rules say it)
COMMANDS: dict[str, tuple[tuple[str, ...], str]] = {
    "next_zone": (("tab",), "Focus the next zone (while carrying: the next legal place)"),
    "prev_zone": (("shift+tab",), "Focus the zone before"),
    "next_card": (("right", "down"), "Focus the next card of the zone"),
    "prev_card": (("left", "up"), "Focus the card before"),
    "take": (
        ("return", "space", "enter"),
        "Pick up the focused card, click it or its pile; while carrying: drop here",
    ),
    "add": (("shift+return", "ctrl+space"), "Add the focused card to the selection (or take out)"),
    "read": (("i",), "Show the focused card whole"),
    "repeat": (("ctrl+r",), "Say the last announcement again"),
    "next_state": (("page down",), "Say the next zone's state (its cards, its top card)"),
    "prev_state": (("page up",), "Say the zone's state before"),
    "announce": (("f2",), "Announcements: off, shown or spoken (kept)"),
}
MODS = (("ctrl", pygame.KMOD_CTRL), ("alt", pygame.KMOD_ALT), ("shift", pygame.KMOD_SHIFT))
FIXED = ("escape", "f11", "0", "1", "2", "3", "4", "5", "6", "7", "8", "9")  # never another command


def key_name(key: int, mod: int) -> str:
    """A key press as the keymap writes it: "shift+tab", "ctrl+space", "i"."""
    name = pygame.key.name(key)
    if name in ("left shift", "right shift", "left ctrl", "right ctrl", "left alt", "right alt"):
        return name
    return "+".join([m for m, bit in MODS if mod & bit] + [name])


def shown(key: str) -> str:
    """A key as a person reads it: "Shift+Tab", "Ctrl+Space", "Enter"."""
    words = {"return": "Enter", "enter": "Keypad Enter"}
    return "+".join(
        words.get(p, p.capitalize() if len(p) > 1 else p.upper()) for p in key.split("+")
    )


def defaults() -> dict[str, tuple[str, ...]]:
    return {c: keys for c, (keys, _) in COMMANDS.items()}


def load() -> dict[str, tuple[str, ...]]:
    """The keys in use: the defaults with the player's changes (a damaged or
    foreign file changes nothing)."""
    out = defaults()
    for cmd, keys in resources.kept(FILE).items():
        if cmd in out and isinstance(keys, list) and all(isinstance(k, str) for k in keys):
            out[cmd] = tuple(keys)
    return out


class Keymap:
    """Which command a key press gives, and the player's changes to it."""

    def __init__(self) -> None:
        self.keys = load()

    def command(self, key: int, mod: int) -> str | None:
        name = key_name(key, mod)
        return next((c for c, keys in self.keys.items() if name in keys), None)

    def bind(self, cmd: str, key: str) -> str:
        """`key` takes the place of `cmd`'s first key (and leaves any other command); the
        words that say so, or why not."""
        if key in FIXED or key.split("+")[-1] in ("left shift", "right shift", "left ctrl"):
            return f"{shown(key)} is kept for the table: choose another key."
        for c, keys in self.keys.items():
            if key in keys and c != cmd:
                self.keys[c] = tuple(k for k in keys if k != key)
        self.keys[cmd] = (key, *(k for k in self.keys[cmd][1:] if k != key))
        self.save()
        return f"{COMMANDS[cmd][1].split(' (')[0]}: {self.words(cmd)}."

    def reset(self) -> None:
        self.keys = defaults()
        self.save()

    def save(self) -> None:
        resources.keep(FILE, {c: list(k) for c, k in self.keys.items()})

    def words(self, cmd: str) -> str:
        return " or ".join(shown(k) for k in self.keys[cmd]) or "no key"

    def help(self) -> list[str]:
        """Every focus key and the fixed ones, a line each (the rules window, README)."""
        lines = [f"{self.words(c)}: {what}" for c, (_, what) in COMMANDS.items()]
        return [
            *lines,
            "1 to 9: the decision bar's buttons, in order (in a window: its buttons)",
            "0: every move on the decision bar, in a list to choose from",
            "Esc: put carried cards back; close a window; the menu",
            "In a window: Up / Down or Tab move between its buttons, Enter presses one",
        ]
