"""What a game table announces (`announce.Announcer`), and when: the prompt
when it changes, each log line as the viewer's log says it, messages (a
refusal with its rule, a hint), results, and on a key the state of the
zones one after another or the last announcement again. Everything said here
is what the viewer's own screen shows: the viewer's log, view and prompt."""

from __future__ import annotations

import html
import re
from typing import TYPE_CHECKING, Any, Protocol

from shrinetable.adapter.log import Log

from .announce import Seen, card_name, card_words, zone_name, zone_words
from .overlay import Overlay

if TYPE_CHECKING:
    from .app import App
    from .focus import Focus


class Prompted(Protocol):
    def status_words(self) -> tuple[str, str | None]: ...


class Table(Seen, Protocol):
    """A game table as its narration reads it."""

    app: App
    log: Log
    dirty: bool
    ui: Any  # `widgets.Widgets`: its `window`, pygame_gui's, over the table
    overlay: Overlay | None

    @property
    def panels(self) -> Prompted: ...


class Narrator:
    """The announcements of one game table (`GameScene.narrator`)."""

    def __init__(self, table: Table):
        self.s = table
        self.prompt_said = ""  # the prompt last announced
        self.zone_at: int | None = None  # the zone whose state was read last (PageUp/Down)
        self.window_said = ""  # the window over the table last announced

    def say(self, text: str, queued: bool = False) -> None:
        """`text` announced; `queued`: what the table tells of itself, spoken
        in turn, else an answer to a key, at once (`announce.Speech`)."""
        announcer = self.s.app.announcer
        announcer.say(text, queued)
        if announcer.shown:  # the pane shows it
            self.s.dirty = True

    def repeat(self) -> None:
        """The last announcement again (Ctrl+R)."""
        self.say(self.s.app.announcer.last)

    def prompt(self) -> None:
        """The prompt, when it is not the one last said."""
        head, asked = self.s.panels.status_words()
        text = head if asked is None else f"{head}: {asked}"
        if text != self.prompt_said:
            self.prompt_said = text
            self.say(text, queued=True)

    def lines(self, first: int) -> None:
        """The viewer's log lines from `first` on (new, or a line folded anew:
        "P1 taps Ember Font (x2)")."""
        for line in self.s.log.lines[first:]:
            self.say(self.s.log.text(line), queued=True)

    def message(self, text: str, rule: str | None = None) -> None:
        """A message in the panel or over the table; a refusal with its rule."""
        self.say(text if not rule or rule in text else f"{text} (rule: {rule})")

    def card(self, zone: str, card: str | None) -> None:
        """The card `card` of `zone` in full (`announce.card_words`)."""
        self.say(card_words(self.s, zone, card))

    def focus(self, f: Focus) -> None:
        """Where the keyboard focus went: a card in full, a zone with no card
        focused by its state; while cards are carried, the place they would
        go ("Place: P2's Field, on X") or that none is legal."""
        spot = f.spot()
        if spot is None:
            return
        zone, card = spot
        if f.carry is not None:
            held = ", ".join(card_name(self.s.match.present, c) for c in f.carry.held)
            if (zone, card) == (f.carry.source, f.carry.held[0]):
                place = "itself (Enter clicks it)"
            else:
                on = f", on {card_name(self.s.match.present, card)}" if card else ""
                place = f"{zone_name(self.s, zone)}{on}"
            self.say(f"Carrying {held}. Place: {place}. Enter drops, Esc puts back")
        elif f.card() is None:
            self.say(zone_words(self.s, zone))
        else:
            self.say(card_words(self.s, zone, card))

    def zone(self, step: int) -> None:
        """The state of the next (`step` 1) or previous (-1) zone on the table."""
        view = self.s.view()
        zones = [z for z in view.zones if self.s.layout.place(z, self.s.viewer, view.seats)]
        if not zones:
            return
        at = self.zone_at + step if self.zone_at is not None else (0 if step > 0 else -1)
        self.zone_at = at % len(zones)
        self.say(zone_words(self.s, zones[self.zone_at]))

    def window(self) -> None:
        """A window opened over the table (the menu, a choice, Game over): its
        title, words and buttons, once (the window is made anew on each
        rebuild; the same words are not said again); the handover screen's
        buttons ("I am P2: show my cards")."""
        win = self.s.ui.window
        text = window_words(win) if win is not None and win.alive() else ""
        if self.s.overlay == Overlay.HANDOVER:  # the screen hiding the table: its buttons
            text = ". ".join(["The table is hidden", *(b.text for b in self.s.ui.commands)])
        if text and text != self.window_said:
            self.say(text)
        self.window_said = text


def window_words(win: Any) -> str:
    """A pygame_gui window in words: its title, then its labels, text boxes
    and buttons in the order they were made."""
    said = [str(getattr(win, "window_display_title", "") or "")]
    for e in win.get_container().elements:
        words = getattr(e, "html_text", None) or getattr(e, "text", None)
        if isinstance(words, str):
            said.append(html.unescape(re.sub(r"<[^>]+>", " ", words.replace("<br>", ". "))))
    return ". ".join(" ".join(w.split()) for w in said if w.strip())
