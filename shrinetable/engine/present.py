"""What a game tells the table to draw, as plain data (stdlib only, no pygame).

The table knows no game: it asks the game's `Presentation` for the words on
buttons and in the log, the rules overlay, each card's printed face, and the
decorations of a view (figures per seat, chips on cards and zones, badges,
arrows for declared moves). Colours are RGB triples; every chip carries words,
so nothing reads by colour alone.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from .core import Event
from .entry import SECRET, Entry, about, listing, plural, seats_named

RGB = tuple[int, int, int]


@dataclass(frozen=True, slots=True)
class Chip:
    """A word or figure in a rounded box; with no `fill`, plain words in `ink`.
    `short`: what a zone's chip says where the whole `text` does not fit (its
    first word, say), and a card's chip on a strip where it would cut the
    name; "" leaves it off there, for a chip whose words the table shows
    elsewhere too. Without it the table cuts the text with an ellipsis."""

    text: str
    fill: RGB | None = (220, 220, 220)
    ink: RGB = (20, 20, 20)
    short: str | None = None


@dataclass(frozen=True, slots=True)
class Glyph:
    """A large mark in the middle of an index face: `size` and `y` (its centre)
    are shares of the card's height (by default a playing card's pip); `ink`
    None is the face's ink."""

    text: str
    size: float = 0.36
    y: float = 0.47
    bold: bool = False
    ink: RGB | None = None


@dataclass(frozen=True, slots=True)
class Face:
    """A card's printed face. `style` "index" is a playing card (its index over
    its symbol in two corners, or the symbol alone when there is no index; large
    glyphs in the middle; a band naming its role); "framed" is a described card
    (frame colours, name, cost pips, type line, keywords or text, numbers)."""

    name: str
    style: str = "framed"
    # index style
    index: str = ""
    symbol: str = ""
    ink: RGB = (22, 22, 28)
    glyphs: tuple[Glyph, ...] = ()
    band: Chip | None = None
    # framed style
    frame: tuple[RGB, ...] = ()  # none: a neutral grey frame
    cost: tuple[Chip, ...] = ()  # round pips, each with its word
    type_line: str = ""
    keywords: tuple[str, ...] = ()  # shown instead of the text when small
    text: str = ""
    # printed figures in the box, joined by "/"; a figure may carry its word ("A5")
    numbers: tuple[int | str, ...] | None = None


@dataclass(frozen=True, slots=True)
class CardDecor:
    """What the table writes over one card on top of its face."""

    edge: int | None = None  # seat whose colour outlines it (who controls it)
    chips: tuple[Chip, ...] = ()  # states, down its left edge
    corner: Chip | None = None  # top right (a creature that cannot act yet)
    numbers: Chip | None = None  # current figures, bottom right, when they differ
    damage: Chip | None = None  # bottom left
    veil: Chip | None = None  # a dark veil with this word across it ("TAPPED")
    where: str = ""  # across its lower edge ("pathway b", "on X")
    notes: tuple[str, ...] = ()  # what its states mean, under the enlarged card


@dataclass(frozen=True, slots=True)
class Arrow:
    """A declared move waiting to happen, from a card to a card or zone."""

    card: str
    target: str
    colour: RGB = (255, 214, 60)


@dataclass(frozen=True, slots=True)
class Hud:
    """A zone drawn as one seat's figures instead of cards: its name, then
    `figures` from the left (each a counter, or a group of counters shown close
    together), and `status` chips at the right; `tally` is the number whose
    changes the table shows flying in."""

    seat: int
    figures: tuple[Chip | tuple[Chip, ...], ...] = ()
    status: tuple[Chip, ...] = ()
    # the seat's headline number (life, magic points): when a move changes it, the
    # table flies the difference into the zone, so damage is seen arriving
    tally: int | None = None


@dataclass(frozen=True)
class Decor:
    """Everything a view adds to the cards and zones, for the table to draw."""

    turn: int | None = None  # whose turn it is
    huds: dict[str, Hud] = field(default_factory=dict)  # zones drawn as figures
    cards: dict[str, CardDecor] = field(default_factory=dict)  # per card in notation
    # per zone: chips from its top right corner, washes under its cards, words for its count
    covers: dict[str, tuple[Chip, ...]] = field(default_factory=dict)
    tints: dict[str, tuple[RGB, ...]] = field(default_factory=dict)
    badges: dict[str, str] = field(default_factory=dict)
    arrows: tuple[Arrow, ...] = ()


@dataclass(frozen=True)
class Showcase:
    """A busy position to measure the table in (`bench render`): a seeded game
    of computer seats played for up to `steps` moves (`pick` may choose a move
    from the legal ones instead of the computer, to fill the table), stopped
    where seat 0 decides and `score(view)` of its view was highest (None: not a
    place to stop)."""

    title: str
    score: Callable[[Any], int | None]
    seed: int = 3
    seats: int = 2
    steps: int = 400
    pick: Callable[[list[Any]], Any | None] = lambda legal: None


def _shown(view: Any) -> int | None:
    return sum(1 for z in view.zones.values() for c in z.cards if c is not None)


class Presentation:
    """Defaults for a game without words of its own: notation on buttons, no
    decorations, no faces (the table draws the card's notation)."""

    # the rules overlay's text, in a neutral markup the table renders
    # (`table/markup.py`): a blank line ends a paragraph, a backslash at the end of
    # a line breaks it there, other line ends only wrap; `**bold**`, `*italic*`
    rules: str = "No rules summary for this game yet."
    # button labels: a whole action text, an action's first word ({rest}: the words
    # after it), and a label for an action text in one kind of decision
    words: dict[str, str] = {}
    templates: dict[str, str] = {}
    in_decision: dict[tuple[str, str], str] = {}
    # a move's words in the log by its first word, in the third person after the
    # seat's name ("taps {rest}", "sends {w[0]} to {w[1]}"): for moves whose events
    # do not say what the seat did
    log_words: dict[str, str] = {"pass": "passes"}
    # kinds of entry (an event's, or a move's first word) that begin a part of a turn
    # ("P2's travel act"), and those that say nothing was done in it ("P1 passes"):
    # a part in which nothing but these happens is left out of the log
    headings: tuple[str, ...] = ()
    idle: tuple[str, ...] = ()
    # kinds of event said as a number of cards after a verb ("draws a card", "draws 3
    # cards": the rules' words are exactly these): a run of them in one move is said
    # once per seat (`Presentation.phrase` words them from the entry's numbers)
    counted: dict[str, str] = {}
    # kinds of event said as a verb and the cards it moves, named ("discards Silver
    # Tongue": the rules' words are exactly these): a seat's run of them, move
    # after move, is one line ("P2 discards Silver Tongue and Council of Clans"),
    # whichever seat it is (`Presentation.lists`)
    listed: dict[str, str] = {}
    # decision kinds in which every legal move is also a button
    all_buttons: tuple[str, ...] = ()
    # shorter button words for an action's notation or its kind ({rest}: the words
    # after it), said where the whole label does not fit its place on the decision
    # bar (a larger text size); its tip and the announcements say it whole
    briefs: dict[str, str] = {}
    # actions that stand first among the moves ending a step, at the bar's fixed
    # first place: the plain end of the step before one that also ends it
    primary: tuple[str, ...] = ()
    # decision kinds in which another person at the table is first asked whether
    # to pass (the game's `auto_pass`) without taking the device: what they may do
    asks: dict[str, str] = {}
    # kinds of zone (before the colon) whose own cards may always be dragged, so a
    # refused drop is explained
    drag_from: tuple[str, ...] = ("hand",)
    # what to do instead, for a refused drag out of a pile (a move with no cards)
    pile_hint: str = "Drop it where it lights up."
    # kinds of zone (before the colon) whose cards are drawn without their face's band:
    # a role a card has only elsewhere (a card played as a helper is no helper in a pile)
    plain_in: tuple[str, ...] = ()
    # show a card large when the pointer rests on it (small cards with text)
    zoom_on_hover: bool = False
    showcase: Showcase = Showcase("most cards shown", _shown)
    # first words of the moves a person need not stop to follow (tapping a card for
    # a resource, a pass) when no card moves in them: the computer makes them at animation speed
    # and keeps its pause for moves worth watching. None: any move moving no card
    minor: tuple[str, ...] | None = None
    # kinds of event that are a result worth reading (a damage round's sums, who
    # fell): the table keeps their words in view a while after the move
    results: tuple[str, ...] = ()
    # the size a demonstration's pictures are exported at by default: large enough
    # that the game's card text reads
    demo_size: tuple[int, int] = (800, 600)
    # every code the table prints, in words: a number's letter ("Ce": "Ceremony"), a
    # cost's symbol ("H": "Honor"), a badge or a state ("TOKEN": "..."), numbers
    # printed without letters ("/": "Strength/Resilience"). Hovering a
    # card says its codes (`legend_lines`); the rules view lists them all
    legend: dict[str, str] = {}

    def in_words(self, code: str) -> str:
        """A printed code said with `legend`: "C4/D1" is "Combat 4, Diplomacy 1",
        "2H" "2 Honor", "TOKEN" "TOKEN: its words"; '' when the legend does not
        know it."""
        if code in self.legend:
            return f"{code}: {self.legend[code]}"
        names = self.legend.get("/", "").split("/")  # numbers without letters, in order
        if re.fullmatch(r"-?\d+(/-?\d+)*", code) and len(names) == code.count("/") + 1:
            return ", ".join(f"{n} {v}" for n, v in zip(names, code.split("/"), strict=True))
        said = []
        for part in code.split("/"):
            m = re.fullmatch(r"([A-Za-z]*)(-?\d+)([A-Za-z]*)", part.strip())
            if m is None or not (m[1] or m[3]) or (m[1] or m[3]) not in self.legend:
                return ""
            said.append(f"{self.legend[m[1]]} {m[2]}" if m[1] else f"{m[2]} {self.legend[m[3]]}")
        return ", ".join(said)

    def legend_lines(self, face: Face) -> list[str]:
        """What the codes on `face` mean, a line each: its numbers, its cost, its
        band, its keywords the legend knows."""
        codes = [
            "/".join(str(n) for n in face.numbers or ()),
            " ".join(p.text for p in face.cost),
            face.band.text if face.band is not None else "",
            *face.keywords,
        ]
        # each symbol said once: a cost of B B is "B: Blue", not "B: Blue, B: Blue"
        cost = ", ".join(
            w for t in dict.fromkeys(p.text for p in face.cost) if (w := self.in_words(t))
        )
        lines = [self.in_words(codes[0]), cost, *(self.in_words(c) for c in codes[2:])]
        return [line for line in lines if line]

    def option_words(self, option: str, value: Any) -> str:
        """What choosing `value` for the game's option `option` means, in a
        sentence or two for the start screen ('' when the option's help says it)."""
        return ""

    def card_face(self, card: str) -> Face | None:
        """The printed face of `card` (in notation); None when unknown."""
        return None

    def readable(self, text: str) -> str:
        """`text` (a log line, a refusal) with cards in notation named, where the
        game's notation is not already a name."""
        return text

    def label(self, text: str) -> str:
        """A button label for an action in notation, before cards are named."""
        if text in self.words:
            return self.words[text]
        kind, _, rest = text.partition(" ")
        if kind in self.templates:
            return self.templates[kind].format(rest=rest, kind=kind.title(), upper=rest.upper())
        return text

    def logged(self, text: str) -> str:
        """A move's words in the log after its seat's name, for a move whose
        events do not say what the seat did (a tap, a pass): `log_words` for its
        first word ({rest}: the words after it, {w[0]}: the first of them; cards
        named), else its button label."""
        kind, _, rest = text.partition(" ")
        if kind in self.log_words:
            return self.readable(self.log_words[kind].format(rest=rest, w=rest.split()))
        words = self.describe(text)
        return words[:1].lower() + words[1:]

    # -- the log: entries made once from events, and their words ---------------------
    def entry(self, event: Event, named: bool = False, cause: str = "") -> Entry | None:
        """The log's entry for `event` as a viewer sees it (`Event.seen_by`); None
        when the game leaves it unsaid (`readable` gives ''). `named`: its cards
        may be named after its words, when they are private and all seen."""
        text = self.readable(event.text)
        if not text:
            return None
        seat, words = about(seats_named(text))
        n = len(event.cards)
        counted = event.kind in self.counted and seat is not None and n > 0
        listed = (
            event.kind in self.listed and seat is not None and n > 0 and None not in event.cards
        )
        return Entry(
            seat,
            event.kind,
            self.counted[event.kind] if counted else self.listed[event.kind] if listed else words,
            event.cards,
            (n,) if counted else (),
            event.visible_to,
            cause,
            counted,
            named and event.visible_to is not None and n > 0 and None not in event.cards,
        )

    def move_entry(self, seat: int, text: str, cause: str = "") -> Entry:
        """The entry saying a move's own words (`logged`), for a move whose
        events do not say what its seat did; its kind is the action's ("pass")."""
        kind = text.partition(" ")[0]
        return Entry(seat, kind, seats_named(self.logged(text)), cause=cause)

    def secret_entry(self, seat: int, cause: str = "") -> Entry:
        """The entry of a secret move that says nothing everybody may see."""
        return Entry(seat, SECRET, "commits a secret choice", cause=cause)

    def phrase(self, entry: Entry) -> str:
        """An entry's words after its seat's name: a counted entry's verb and
        number of cards ("draws 2 cards"), then the cards when it names them."""
        words = entry.words
        if self.lists(entry):
            return f"{words} {listing([self.readable(c) for c in entry.cards if c])}"
        if entry.counted:
            n = sum(entry.numbers)
            words += " a card" if n == 1 else f" {n} cards"
        if entry.named:
            words += f" ({', '.join(self.readable(c) for c in entry.cards if c)})"
        return words

    def lists(self, entry: Entry) -> bool:
        """Whether `entry` is said as its verb and its cards (`listed`)."""
        return bool(entry.cards) and self.listed.get(entry.kind) == entry.words

    def together(self, words: str) -> str | None:
        """`words` said of several seats at once ("P3, P4 and P5 pass"), or None
        when they do not fold (they already join two things)."""
        return None if " and " in words else plural(words)

    def sentence(self, entry: Entry) -> str:
        """An entry as one plain sentence: its seat's name, then its words."""
        said = self.phrase(entry)
        return said if entry.seat is None else f"P{entry.seat + 1} {said}"

    def describe(self, text: str, decision: str = "") -> str:
        """A button label for an action in notation, in a decision of kind `decision`."""
        if (decision, text) in self.in_decision:
            return self.in_decision[(decision, text)]
        words = self.readable(self.label(text))
        return words[:1].upper() + words[1:]

    def brief(self, text: str, decision: str = "") -> str:
        """Shorter words for the button of the action `text` in a decision of
        kind `decision` (`briefs`; '': none)."""
        kind, _, rest = text.partition(" ")
        form = self.briefs.get(text, self.briefs.get(kind))
        if form is None:
            return ""
        words = self.readable(form.format(rest=rest))
        return words[:1].upper() + words[1:]

    def is_minor(self, text: str, events: Any) -> bool:
        """Whether the move `text`, whose `events` are given, is minor (`minor`)."""
        if any(e.cards for e in events):
            return False
        return self.minor is None or text.partition(" ")[0] in self.minor

    def decor(self, view: Any) -> Decor:
        """The decorations of one seat's view."""
        return Decor()
