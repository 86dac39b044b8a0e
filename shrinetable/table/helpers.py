"""Help for the person deciding (issue 22's "no dead ends"): how to do what the
prompt asks, in words made from the legal moves' gestures (shown when the
pointer rests on the prompt); the Hint, which points at the move the
computer would make for the seat (`Match.hint`); and whether to ask before a
move that gives up something for good (`Match.skip_warning`), a switch kept
for the next run."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Protocol

import pygame

from shrinetable import resources
from shrinetable.adapter import gestures
from shrinetable.adapter.port import Answer, MatchPort
from shrinetable.engine import View

from .board import Marks
from .overlay import Overlay
from .theme import palette

if TYPE_CHECKING:
    from .app import App

FILE = "confirm.json"  # {"ask": bool}: ask before a skip that cannot be taken back


def asks() -> bool:
    """Whether to ask before such a skip (yes, unless switched off; a damaged
    file means yes: asking is the safe side)."""
    return bool(resources.kept(FILE).get("ask", True))


def keep_asking(on: bool) -> None:
    resources.keep(FILE, {"ask": on})


STANDING = "standing.json"  # {game: {key: bool}}: the standing answers switched (`Standing`)


def standing_kept(game: str) -> dict[str, bool]:
    """The standing answers of `game` a person last switched, by key (none:
    each is on, its default)."""
    kept = resources.kept(STANDING).get(game)
    return {k: v for k, v in kept.items() if isinstance(v, bool)} if isinstance(kept, dict) else {}


def keep_standing(game: str, key: str, on: bool) -> None:
    """Remember the switch for the next game: the last one made stands for
    every person at the next table (each seat switches its own there)."""
    resources.keep(STANDING, {**resources.kept(STANDING), game: {**standing_kept(game), key: on}})


def how_to(
    moves: list[gestures.Move], label: Callable[[str], str], named: Callable[[str], str] = str
) -> str:
    """How to make the moves now legal, from their gestures: the drags (from
    which zone to which, the commonest first), the clicks on cards, the
    buttons; `label(zone)` names a zone as the table does, `named(text)` a
    button as it reads. '' with no move."""
    drags: dict[tuple[str, str], int] = {}
    together: set[tuple[str, str]] = set()  # drags several cards may make at once (`again`)
    clicks: list[str] = []
    piles: list[str] = []
    buttons: list[str] = []
    for m in moves:
        g, kind = m.gesture, gestures.how(m)
        source = g.source or ""
        if kind == "drag":
            to = label(g.target) if g.target else "a card"
            key = (label(source), to)
            drags[key] = drags.get(key, 0) + 1
            if g.again:
                together.add(key)
        elif kind == "click" and label(source) not in clicks:
            clicks.append(label(source))
        elif source and label(source) not in piles:
            piles.append(label(source))
        elif named(m.text) not in buttons:
            buttons.append(named(m.text))
    ways = [
        f"drag a card from \u201c{a}\u201d to \u201c{b}\u201d"
        + (" (click several first to drop them together)" if (a, b) in together else "")
        for (a, b), _ in sorted(drags.items(), key=lambda kv: -kv[1])[:3]
    ]
    ways += [f"click a card in \u201c{z}\u201d" for z in clicks[:2]]
    ways += [f"click \u201c{z}\u201d" for z in piles[:2]]
    ways += [f"press \u201c{b}\u201d" for b in buttons[:2]]
    if len(buttons) > 2:
        ways.append("another button on the right")
    if not ways:
        return ""
    text = "; or ".join(ways)
    return f"How: {text[:1].upper()}{text[1:]}."


def hint_marks(
    move: gestures.Move, view
) -> tuple[dict[str, frozenset[int]], set[tuple[str, str | None]]]:
    """The cards a hinted move carries (raised, as if selected) and where to
    (outlined, as a drop target while dragging)."""
    g = move.gesture
    selected: dict[str, frozenset[int]] = {}
    if g.cards and g.source is not None and g.source in view.zones:
        names = view.zones[g.source].cards
        selected = {g.source: frozenset(i for i, c in enumerate(names) if c in g.cards)}
    targets = {(z, g.target_card) for z in (g.target, *g.also) if z}
    return selected, targets


def outline(screen: pygame.Surface, rect: pygame.Rect) -> None:
    """The hinted button's outline."""
    pygame.draw.rect(screen, palette().hint, rect.inflate(6, 6), 3, border_radius=5)


class Table(Protocol):
    """What the aid reads of a game table (its match, the marks it raises the
    hinted cards with, whether its window is over the table) and asks of it (a
    move made, a word said, a window opened, an answer awaited)."""

    app: App
    match: MatchPort
    marks: Marks
    helps: bool
    viewer: int
    overlay: Overlay | None
    moves: list[gestures.Move]  # the viewer's, as the table offers them now

    def view(self) -> View: ...
    def my_decision(self) -> bool: ...
    def perform(self, action: Any) -> None: ...
    def say(self, text: str, error: bool = True) -> None: ...
    def show(self, overlay: Overlay | None) -> None: ...
    def after_change(self, build: bool = True) -> None: ...
    def when(self, answer: Answer[Any], then: Callable[[Any], None]) -> None: ...
    def build_ui(self) -> None: ...


class Aid:
    """A table's help for the person deciding: its moves asked about before
    a skip for good, the Hint it points at, the summary it opens."""

    def __init__(self, table: Table):
        self.s = table
        self.hinted: gestures.Move | None = None  # the move the Hint points at
        self.confirming: Any = None  # the move asked about ("confirm"), and why
        self.confirm_text = ""
        self.ask_skips = asks()  # ask before a skip that cannot be taken back
        for seat in table.match.humans():  # each person's standing answers, as last switched
            for key, on in standing_kept(table.match.name).items():
                if table.match.game.standing_of(key) is not None and not on:
                    table.match.set_standing(seat, key, False)
        self.commands: dict[str, Callable[[], None]] = {  # its buttons' commands
            "ask_skips": self.toggle_ask_skips,
            "hint": self.hint,
            "summary": self.summary,
            "confirm": self.confirm,
            "confirm_always": self.confirm_always,
        }

    def decide(self, action: Any) -> None:
        """A person's move by a gesture or a button: asked about first when it
        gives up something for good while a useful move is left (the match
        says which, `skip_warning`), unless that question is switched off."""
        warn = self.s.match.skip_warning(action) if self.s.helps and self.ask_skips else ""
        if not warn:
            self.s.perform(action)
            return
        self.confirming, self.confirm_text = action, warn
        self.s.app.emit(f"confirm {warn}")
        self.s.show(Overlay.CONFIRM)

    def confirm(self) -> None:
        """Yes to the question: the move is made."""
        action, self.confirming = self.confirming, None
        self.s.overlay = None
        if action is not None:
            self.s.perform(action)

    def confirm_always(self) -> None:
        """Yes, and never ask again (the menu switches it back on)."""
        self.ask_skips = False
        keep_asking(False)
        self.confirm()

    def toggle_ask_skips(self) -> None:
        """The menu's switch: ask before a skip that cannot be taken back."""
        self.ask_skips = not self.ask_skips
        keep_asking(self.ask_skips)
        self.s.build_ui()

    def toggle_standing(self, key: str) -> None:
        """The viewer's standing answer `key` switched (the side panel's switch,
        the menu's): remembered for the next game; while on, the table answers
        such a decision for them, at once when it is theirs now (said so, its
        buttons gone: a remote table's too, until the host's answer comes)."""
        m, seat = self.s.match, self.s.viewer
        standing = m.game.standing_of(key)
        if standing is None:
            return
        on = not m.stands(seat, key)
        m.set_standing(seat, key, on)
        keep_standing(m.name, key, on)
        self.s.app.emit(f"standing {key} {'on' if on else 'off'}")
        self.s.after_change()
        d = m.decision()
        full = "" if m.auto_pass else " (full control, Ctrl+P, still asks)"
        if on and d and d.seat == seat and d.kind == standing.kind and not self.s.moves:
            full = ", and it answers this question"  # no button left for it
        self.s.say(f"{standing.label}: {'on' if on else 'off'}{full}.", error=False)

    def hint(self) -> None:
        """Point at the move the computer would make for the viewer (from what
        the viewer may see): its cards raised, where they go outlined, its
        button framed; said in words too. The match answers when it can (a
        host's answer comes over the network); an answer to a position gone
        by then is dropped."""
        if not self.s.my_decision():
            self.s.say("A hint is for your own decision.", error=False)
            return
        asked = len(self.s.match.history)
        self.s.when(self.s.match.ask_hint(self.s.viewer), lambda move: self._hinted(move, asked))

    def _hinted(self, move: gestures.Move | None, asked: int) -> None:
        if len(self.s.match.history) != asked or not self.s.my_decision():
            return
        if move is None:
            self.s.say("A hint is for your own decision.", error=False)
            return
        self.hinted = move
        self.s.marks.selected, self.s.marks.targets = hint_marks(move, self.s.view())
        d = self.s.match.decision()
        words = self.s.match.present.describe(move.text, d.kind if d else "")
        how = {
            "button": "its button",
            "click": "a click on its card",
            "drag": "dragging the raised card(s) to the outlined place",
        }
        self.s.app.emit(f"hint {move.text}")
        self.s.say(f"Hint: {words} ({how[gestures.how(move)]}).", error=False)

    def summary(self) -> None:
        """What happened since the viewer's last move, in a window."""
        self.s.show(Overlay.SUMMARY)
