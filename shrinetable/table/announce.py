"""Announcements: what the table says in words, for a player who does not
see it (issue 39's "Heard").

One channel (`Announcer`, the App's `announcer`) takes every announcement a
screen makes: the prompt when it changes, each new log line as the viewer may
read it, refusals with their rule, results, hints, the focused card in full
(`card_words`) and a zone's state (`zone_words`). It speaks through the
system's speech service when one is installed and the player chose speech
(`Speech`: speech-dispatcher's `spd-say` or espeak-ng on Linux, `say` on
macOS, SAPI through PowerShell on Windows; found, never required), shows the
latest in a pane beside the table otherwise (`draw_pane`), and writes every
one to a file with `--announce FILE` (tests read it). The player's choice,
off, shown or spoken, is kept for the next run.

Only words a screen already shows the viewer are said: cards come from the
viewer's `View` (a hidden card is "a face-down card"), log lines from the
viewer's log, moves from the viewer's legal moves.
"""

from __future__ import annotations

import shutil
import subprocess
import sys
from collections.abc import Sequence
from typing import IO, Protocol

import pygame

from shrinetable import resources
from shrinetable.adapter.gestures import Move
from shrinetable.adapter.port import MatchPort
from shrinetable.engine import Face, Presentation, View
from shrinetable.formats.layout import Layout

from . import faces
from .seats import seat_name
from .theme import palette

FILE = "announce.json"  # {"mode": "off" | "shown" | "spoken"}, in the data folder
MODES = ("off", "shown", "spoken")
PANE_LINES = 3  # the pane's lines of text, the latest announcement at its foot
PANE_PX = 14  # the pane's text at 1280x720 (never smaller)
QUEUE = 12  # lines waiting to be spoken at most (a long computer turn: its latest)


def kept_mode() -> str:
    """The player's last choice (off when unknown or unreadable: a table that
    suddenly talks surprises; F2 or the menu turns it on)."""
    mode = resources.kept(FILE).get("mode")
    return mode if mode in MODES else "off"


def keep_mode(mode: str) -> None:
    resources.keep(FILE, {"mode": mode})


def speech_command() -> list[str] | None:
    """The command that speaks the text on its standard input, if this system
    has one (None: announcements are shown instead)."""
    if sys.platform == "win32":
        shell = shutil.which("powershell") or shutil.which("pwsh")
        if shell is None:
            return None
        speak = (
            "[Console]::InputEncoding = [Text.Encoding]::UTF8; "
            "Add-Type -AssemblyName System.Speech; "
            "(New-Object System.Speech.Synthesis.SpeechSynthesizer)"
            ".Speak([Console]::In.ReadToEnd())"
        )
        return [shell, "-NoProfile", "-NonInteractive", "-Command", speak]
    if sys.platform == "darwin" and shutil.which("say"):
        return ["say", "-f", "-"]
    if shutil.which("spd-say"):  # waits while it speaks; priority text: a newer line
        return ["spd-say", "--wait", "--priority", "text", "--pipe-mode"]  # replaces it
    for name in ("espeak-ng", "espeak"):
        if shutil.which(name):
            return [name, "--stdin"]
    return None


class Speech:
    """Speaks one announcement at a time in a process of its own: the window
    never waits for it. What the table tells of itself (log lines, the
    prompt) waits its turn (`queued`); what answers the player's key (the
    focused card, a refusal) interrupts and clears the queue: a flurry of
    the computer's moves is heard whole, and a key is never kept waiting."""

    def __init__(self, command: list[str] | None):
        self.command = command
        self.process: subprocess.Popen[bytes] | None = None
        self.pending: list[str] = []  # queued lines, said in turn by `tick`

    def speak(self, text: str, queued: bool = False) -> None:
        if self.command is None:
            return
        if queued and self.busy():
            self.pending = [*self.pending[-(QUEUE - 1) :], text]  # lagging: the oldest go
            return
        if not queued:
            self.pending = []
        self.stop()
        self._start(text)

    def busy(self) -> bool:
        return self.process is not None and self.process.poll() is None

    def tick(self) -> None:
        """The next queued line, once the last is said (the window's loop)."""
        if self.pending and not self.busy():
            self._start(self.pending.pop(0))

    def _start(self, text: str) -> None:
        if self.command is None:
            return
        try:
            self.process = subprocess.Popen(
                self.command,
                stdin=subprocess.PIPE,
                stdout=subprocess.DEVNULL,
                stderr=subprocess.DEVNULL,
                creationflags=getattr(subprocess, "CREATE_NO_WINDOW", 0),  # Windows: no console
            )
            assert self.process.stdin is not None
            self.process.stdin.write(text.encode("utf-8"))  # a line: fits the pipe's buffer
            self.process.stdin.close()
        except OSError:  # the service went away: the pane and the file still say it
            self.process = None

    def stop(self) -> None:
        """Stop what is being said (and reap its process)."""
        if self.process is not None and self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(timeout=0.2)
            except subprocess.TimeoutExpired:
                self.process.kill()
        self.process = None


class Announcer:
    """The announcement channel of one window. `say(text)`: one announcement
    (written to the file, spoken or shown as the mode says); `last`: the
    last one (the repeat key says it again); `mode`: off, shown or spoken
    (`switch` chooses and keeps it); `recent`: the latest, for the pane;
    `shown`: whether the pane is up."""

    def __init__(
        self, path: str | None = None, mode: str | None = None, speech: Speech | None = None
    ):
        """`path`: the `--announce FILE` every announcement is written to (made
        anew; OSError when it cannot be); `mode` None: the kept choice;
        `speech` None: the system's speech service, when there is one."""
        self.file: IO[str] | None = (
            open(path, "w", encoding="utf-8", buffering=1) if path else None  # noqa: SIM115
        )
        self.mode = mode if mode is not None else kept_mode()
        self.speech = speech if speech is not None else Speech(speech_command())
        self.recent: list[str] = []
        self.last = ""

    @property
    def shown(self) -> bool:
        """Whether the pane is up: shown, or spoken with no speech service."""
        return self.mode == "shown" or (self.mode == "spoken" and self.speech.command is None)

    def say(self, text: str, queued: bool = False) -> None:
        """Announce `text` (one line; blank text says nothing); `queued`: spoken
        after what is being said (`Speech`), else at once."""
        text = " ".join(text.split())
        if not text:
            return
        self.last = text
        self.recent = [*self.recent[-(PANE_LINES - 1) :], text]  # the pane's
        if self.file is not None:
            self.file.write(text + "\n")
        if self.mode == "spoken":
            self.speech.speak(text, queued)

    def switch(self, mode: str | None = None) -> str:
        """Choose `mode` (None: the next of off, shown, spoken), keep it for the
        next run and say it; the mode chosen."""
        self.mode = mode if mode in MODES else MODES[(MODES.index(self.mode) + 1) % len(MODES)]
        keep_mode(self.mode)
        if self.mode != "spoken":
            self.speech.stop()
        spoken = self.speech.command is not None or self.mode != "spoken"
        self.say(f"Announcements {self.mode}" + ("" if spoken else ": no speech service, shown"))
        return self.mode

    def close(self) -> None:
        self.speech.pending = []
        self.speech.stop()
        if self.file is not None:
            self.file.close()
            self.file = None


# -- the pane ------------------------------------------------------------------
def _px(fonts, k: float) -> int:
    return fonts.px(max(PANE_PX, round(PANE_PX * k)))


def pane_height(fonts, k: float) -> int:
    """The pane's height in a window `k` times 1280x720: its lines at PANE_PX
    or more, and its padding."""
    return PANE_LINES * fonts.font(_px(fonts, k)).get_linesize() + 10


def pane_rows(fonts, said: Sequence[str], px: int, width: int) -> list[str]:
    """The pane's rows: the latest announcement from its start (its name
    first; cut with an ellipsis where it runs past the pane: the repeat key
    says it whole), the rows left over for the end of the ones before."""
    if not said:
        return []
    latest = faces.wrap(fonts, said[-1], px, width)
    if len(latest) > PANE_LINES:
        cut = faces.cut(fonts, f"{latest[PANE_LINES - 1]} {latest[PANE_LINES]}", px, width)
        return [*latest[: PANE_LINES - 1], cut if cut.endswith("\u2026") else f"{cut}\u2026"]
    room = PANE_LINES - len(latest)
    before = [row for text in said[:-1] for row in faces.wrap(fonts, text, px, width)]
    return [*(before[-room:] if room else []), *latest]


def draw_pane(surf: pygame.Surface, fonts, rect: pygame.Rect, said: Sequence[str], k: float):
    """The latest announcements in `rect` (the strip the panels leave under the
    log), wrapped (`pane_rows`); every one is in the file too."""
    px = _px(fonts, k)
    colours = palette()  # the theme's, as the notes under an enlarged card
    pygame.draw.rect(surf, colours.panel, rect, border_radius=6)
    pygame.draw.rect(surf, colours.quiet, rect, 1 + colours.width, border_radius=6)
    y = rect.top + 5
    for row in pane_rows(fonts, said, px, rect.w - 12):
        surf.blit(fonts.text(row, px, colours.text), (rect.left + 6, y))
        y += fonts.font(px).get_linesize()


# -- what is said of cards and zones ---------------------------------------------
class Seen(Protocol):
    """What the words of a card or zone are made from: a game table's match,
    layout, viewer and the viewer's legal moves now (`GameScene` is one)."""

    match: MatchPort
    layout: Layout
    viewer: int
    moves: list[Move]

    def view(self) -> View: ...


def zone_name(table: Seen, zone: str) -> str:
    """A zone as a person says it: "Your hand", "P2's Field", "Deck"."""
    view = table.view()
    place = table.layout.place(zone, table.viewer, view.seats)
    label = place.label if place is not None and place.label else zone.partition(":")[0]
    label = " ".join(label.split())  # a label drawn on two lines
    owner = view.zones[zone].owner if zone in view.zones else None
    if owner is None or owner == table.viewer or label.lower().startswith("your "):
        return label
    return f"{seat_name(owner)}'s {label}"


def _seen(table: Seen, zone: str, cards: tuple[str | None, ...]) -> tuple[str | None, ...]:
    """`cards` as the table shows them in `zone`: a zone laid face down (a
    deck) shows backs, whatever the viewer may know."""
    place = table.layout.place(zone, table.viewer, table.view().seats)
    return tuple(None for _ in cards) if place is not None and place.facing == "down" else cards


def card_name(present: Presentation, card: str | None) -> str:
    """A card's name as the log says it ("the King of hearts"), or "a face-down
    card" for one the viewer may not see."""
    if card is None:
        return "a face-down card"
    said = present.readable(card)
    face = present.card_face(card)
    return face.name if face is not None and said in (card, "") else said or card


def face_words(present: Presentation, face: Face) -> list[str]:
    """A printed face in words: type, cost, numbers (said with the game's
    legend where it knows the codes), band, rules text or keywords."""
    out = [face.type_line]
    cost = " ".join(p.text for p in face.cost)
    numbers = "/".join(str(n) for n in face.numbers or ())
    out.append(f"cost {present.in_words(cost) or cost}" if cost else "")
    out.append(f"numbers {present.in_words(numbers) or numbers}" if numbers else "")
    if face.band is not None:
        out.append(present.in_words(face.band.text) or face.band.text)
    out.append(face.text or ", ".join(present.in_words(k) or k for k in face.keywords))
    return [s for s in out if s]


def card_words(table: Seen, zone: str, card: str | None) -> str:
    """Everything about one card the viewer may know, in sentences: its name,
    its printed face in words (`face_words`), its state now, where it is, and
    what the viewer can do with it now (the legal moves that carry it, click
    it or aim at it). A card the viewer may not see (`card` None, or in a zone
    laid face down) is said as face down, with where it is. This is what the
    focused card announces: `announcer.say(card_words(scene, zone, card))`."""
    present, view = table.match.present, table.view()
    where = zone_name(table, zone)
    if card is None or _seen(table, zone, (card,)) == (None,):
        return f"A face-down card, in {where}."
    face = present.card_face(card)
    out = [card_name(present, card), *(face_words(present, face) if face else ())]
    decor = present.decor(view).cards.get(card)
    if decor is not None:
        chips = [c.text for c in (decor.numbers, decor.damage, decor.veil, *decor.chips) if c]
        out += [f"now {', '.join(chips)}" if chips else "", decor.where, *decor.notes]
    out += [f"in {where}", moves_words(table, zone, card)]
    return " ".join(". ".join(s[:1].upper() + s[1:].rstrip(".") for s in out if s).split()) + "."


def moves_words(table: Seen, zone: str, card: str) -> str:
    """What the viewer can do with `card` in `zone` now, from the legal moves
    (none: "nothing to do with it now")."""
    d = table.view().decision
    kind = d.kind if d is not None else ""
    said = [
        table.match.present.describe(m.text, kind)
        for m in table.moves
        if (m.gesture.source == zone and card in m.gesture.cards) or m.gesture.target_card == card
    ]
    if not said:
        return "Nothing to do with it now"
    return "You can: " + "; ".join(dict.fromkeys(said))


def zone_words(table: Seen, zone: str) -> str:
    """A zone's state: "P2's Pile: 3 cards, top the King of hearts" (a pile
    says its top card, a row or hand its cards in order, hidden cards as face
    down), a seat's figures, and what lies over it."""
    view = table.view()
    name = zone_name(table, zone)
    z = view.zones.get(zone)
    if z is None:
        return f"{name}: not on the table."
    present = table.match.present
    decor = present.decor(view)
    parts: list[str] = []
    hud = decor.huds.get(zone)
    if hud is not None:  # a seat's figures: said by its name ("P2: Life 20")
        name = name if hud.seat == table.viewer else seat_name(hud.seat)
        for figure in hud.figures:
            parts.append(
                " ".join(c.text for c in (figure if isinstance(figure, tuple) else (figure,)))
            )
        parts += [c.text for c in hud.status]
    cards = _seen(table, zone, z.cards)
    if cards:
        parts.append(f"{len(cards)} card{'s' if len(cards) != 1 else ''}")
        place = table.layout.place(zone, table.viewer, view.seats)
        if place is not None and place.arrange == "stack":
            parts.append(f"top {card_name(present, cards[-1])}")
        elif any(c is not None for c in cards):
            parts.append(", ".join(card_name(present, c) for c in cards))
    elif hud is None:
        parts.append("empty")
    parts += [c.text for c in decor.covers.get(zone, ())]
    return f"{name}: {', '.join(parts)}."
