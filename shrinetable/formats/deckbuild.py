"""A deck being built, for any game whose decks are data (`DeckFiles`): the card
pool's properties found in the cards themselves (`facets`), search and filters on
them, the deck's counts, its faults by the game's own deck rules, and the figures a
builder draws (a curve, tallies, the chance to draw a card by a turn).

Nothing here names a game: a property is a field of the game's card model (a
choice, a number, a flag, a list of words, a table of numbers such as a cost or
ratings), plus what every card face shows (its frame colours, its cost pips).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field
from math import comb
from typing import Any

from shrinetable.engine import Face

from .decks import Fault
from .decktext import Shape

MOST_CHOICES = 24  # a text field with more distinct values is no filter (a name, a text)
SKIPPED = ("id", "name", "text", "style")
COLOURS = {  # the names a frame colour is called by: the nearest of these
    "red": (200, 40, 40),
    "orange": (230, 120, 20),
    "yellow": (235, 200, 60),
    "green": (60, 150, 70),
    "blue": (40, 100, 200),
    "purple": (130, 70, 170),
    "pink": (205, 120, 170),
    "brown": (140, 90, 50),
    "grey": (128, 128, 136),
    "white": (240, 240, 235),
    "black": (30, 30, 30),
}


def colour_name(rgb: tuple[int, ...]) -> str:
    """The nearest plain name of a colour (a frame's), so a filter reads in words."""
    return min(
        COLOURS, key=lambda n: sum((a - b) ** 2 for a, b in zip(COLOURS[n], rgb, strict=False))
    )


@dataclass(frozen=True)
class Facet:
    """One property of a game's cards: `key` (a field, `field.key` in a table of
    numbers, `colour` or `cost` from the face), its label, `kind` ("choice",
    "number", "flag", "words") and each card's values by id."""

    key: str
    label: str
    kind: str
    of: dict[str, tuple[Any, ...]]

    @property
    def values(self) -> list[Any]:
        """Every value a card has, in order (numbers by size, words by name)."""
        found = {v for vs in self.of.values() for v in vs}
        return sorted(found, key=lambda v: (not isinstance(v, int | float), str(v), v))


def _number(v: Any) -> int | None:
    if isinstance(v, bool):
        return None
    if isinstance(v, int):
        return v
    return None


def _pip_cost(face: Face) -> int | None:
    """What a face's cost pips add up to: a pip's leading number, or 1 (a coloured
    pip); None when no pip carries a number (the pips say something else)."""
    if not any(re.match(r"\d", p.text) for p in face.cost):
        return None
    total = 0
    for pip in face.cost:
        m = re.match(r"\d+", pip.text)
        total += int(m.group(0)) if m else 1
    return total


def facets(cards: dict[str, Any], face: Callable[[str], Face | None]) -> list[Facet]:
    """Every property the cards have worth a filter: their model's fields in its
    order, then the face's colour; a field all cards share is left out."""
    out: list[Facet] = []
    faces = {cid: face(cid) for cid in cards}
    costs = {cid: _pip_cost(f) for cid, f in faces.items() if f is not None}
    if any(c is not None for c in costs.values()):
        out.append(
            Facet("cost", "Cost", "number", {k: (v,) for k, v in costs.items() if v is not None})
        )
    model = type(next(iter(cards.values()))) if cards else None
    for name in getattr(model, "model_fields", {}):
        if name in SKIPPED:
            continue
        out += _field_facets(name, {cid: getattr(c, name, None) for cid, c in cards.items()})
    colours = {
        cid: tuple(dict.fromkeys(colour_name(rgb) for rgb in f.frame))
        for cid, f in faces.items()
        if f is not None and f.frame
    }
    if colours:
        out.append(Facet("colour", "Colour", "words", colours))
    return [f for f in out if len(f.values) > 1 or f.kind == "flag" and f.of]


def _field_facets(name: str, values: dict[str, Any]) -> list[Facet]:
    """The facets one field of the card model makes (none for nested models)."""
    label = name.replace("_", " ").capitalize()
    given = [v for v in values.values() if v not in (None, "", (), [], {})]
    if not given:
        return []
    if all(isinstance(v, bool) for v in given):
        return [Facet(name, label, "flag", {c: ("yes",) for c, v in values.items() if v})]
    if all(_number(v) is not None for v in given):
        return [Facet(name, label, "number", {c: (v,) for c, v in values.items() if v is not None})]
    if all(isinstance(v, str) for v in given):
        if len(set(given)) > MOST_CHOICES:
            return []
        return [Facet(name, label, "choice", {c: (v,) for c, v in values.items() if v})]
    if all(isinstance(v, list | tuple) and all(isinstance(w, str) for w in v) for v in given):
        return [Facet(name, label, "words", {c: tuple(v) for c, v in values.items() if v})]
    if all(isinstance(v, dict) for v in given):
        keys = sorted({k for v in given for k in v})
        out = [
            Facet(
                f"{name}.{k}",
                f"{label}: {k}",
                "number",
                {
                    c: (v[k],)
                    for c, v in values.items()
                    if isinstance(v, dict) and _number(v.get(k)) is not None
                },
            )
            for k in keys
        ]
        return [f for f in out if f.of]
    return []


FILTER = re.compile(r"^([a-z][\w.]*)(:|<=|>=|=|<|>)(.+)$")


@dataclass
class Pool:
    """The cards a deck is built from, searched, filtered and sorted."""

    cards: dict[str, Any]
    facets: list[Facet]
    face: Callable[[str], Face | None]
    chosen: dict[str, set[Any]] = field(default_factory=dict)  # a facet's key: its values
    search: str = ""
    sort: str = "name"

    def facet(self, key: str) -> Facet | None:
        """The facet `key` names (its key or label, any case, or the start of one)."""
        key = key.lower()
        exact = [f for f in self.facets if key in (f.key.lower(), f.label.lower())]
        starts = [f for f in self.facets if f.key.lower().startswith(key)]
        found = exact or starts
        return found[0] if found else None

    def toggle(self, key: str, value: Any) -> None:
        """Choose `value` of a facet, or leave it out again."""
        now = self.chosen.setdefault(key, set())
        now.symmetric_difference_update({value})
        if not now:
            del self.chosen[key]

    def words(self, cid: str) -> str:
        """A card's words a search looks in: name, text, type line, keywords."""
        card, face = self.cards[cid], self.face(cid)
        parts = [str(getattr(card, "name", cid)), str(getattr(card, "text", "")), cid]
        if face is not None:
            parts += [face.type_line, *face.keywords, face.text]
        return " ".join(parts).lower()

    def matches(self, cid: str) -> bool:
        for key, wanted in self.chosen.items():
            f = self.facet(key)
            if f is not None and not wanted & set(f.of.get(cid, ())):
                return False
        for token in self.search.lower().split():
            if not self._term(cid, token):
                return False
        return True

    def _term(self, cid: str, token: str) -> bool:
        """One search word: `prop:value`, `prop<=n` (and <, >, >=, =) or a word."""
        m = FILTER.match(token)
        f = self.facet(m.group(1)) if m else None
        if m is None or f is None:
            return token in self.words(cid)
        op, want = m.group(2), m.group(3)
        have = f.of.get(cid, ())
        if op == ":" or (op == "=" and not want.lstrip("-").isdigit()):
            return any(want in str(v).lower() for v in have)
        if not want.lstrip("-").isdigit():
            return False
        n = int(want)
        test = {
            "=": n.__eq__,
            "<": n.__gt__,
            ">": n.__lt__,
            "<=": n.__ge__,
            ">=": n.__le__,
        }[op]
        return any(isinstance(v, int) and test(v) for v in have)

    def sorts(self) -> list[str]:
        """What the pool can be sorted by: name, then each number and choice facet."""
        return ["name", *(f.key for f in self.facets if f.kind in ("number", "choice"))]

    def shown(self) -> list[str]:
        """The cards that pass the search and filters, in the chosen order (then by name)."""
        f = self.facet(self.sort) if self.sort != "name" else None

        def key(cid: str) -> tuple[Any, ...]:
            name = str(getattr(self.cards[cid], "name", cid)).lower()
            if f is None:
                return (0, "", name)
            have = f.of.get(cid, ())
            v = have[0] if have else None
            return (v is None, v if isinstance(v, int) else str(v or ""), name)

        return sorted((c for c in self.cards if self.matches(c)), key=key)


@dataclass
class Build:
    """A deck as a builder holds it: its name, each card-count table's cards in
    the order added, and each single card (`Shape.picks`) chosen or not."""

    shape: Shape
    name: str = "New deck"
    tables: dict[str, dict[str, int]] = field(default_factory=dict)
    picks: dict[str, str] = field(default_factory=dict)

    def __post_init__(self) -> None:
        self.tables = {t: dict(self.tables.get(t, {})) for t in self.shape.tables}
        self.picks = {p: self.picks.get(p, "") for p in self.shape.picks}

    @staticmethod
    def of(shape: Shape, deck: Any) -> Build:
        """A builder's copy of a deck (a model or anything with its fields)."""
        return Build(
            shape,
            str(deck.name),
            {t: dict(getattr(deck, t)) for t in shape.tables},
            {p: str(getattr(deck, p) or "") for p in shape.picks},
        )

    def fields(self) -> dict[str, Any]:
        """The deck's fields as its model and a text list have them."""
        return {**{p: c for p, c in self.picks.items() if c}, **self.tables}

    def add(self, cid: str, where: str | None = None, n: int = 1) -> None:
        """`n` copies of `cid` into the table `where` (the first one by default);
        into a single card's place, the card chosen there."""
        where = where or self.shape.tables[0]
        if where in self.picks:
            self.picks[where] = cid
            return
        table = self.tables[where]
        table[cid] = table.get(cid, 0) + n

    def remove(self, cid: str, where: str | None = None, n: int = 1) -> bool:
        """`n` copies of `cid` out of `where` (by default the last table holding it);
        whether one was there."""
        for name in [where] if where else reversed(self.shape.picks + self.shape.tables):
            if name in self.picks and self.picks[name] == cid:
                self.picks[name] = ""
                return True
            table = self.tables.get(name or "", {})
            if cid in table:
                table[cid] -= n
                if table[cid] <= 0:
                    del table[cid]
                return True
        return False

    def count(self, cid: str) -> int:
        """The copies of `cid` in the deck, every table and place together."""
        return sum(t.get(cid, 0) for t in self.tables.values()) + sum(
            c == cid for c in self.picks.values()
        )

    def size(self) -> int:
        return sum(sum(t.values()) for t in self.tables.values())

    def ids(self) -> list[str]:
        """The deck's card ids, a copy each (the tables, not the single cards)."""
        return [cid for t in self.tables.values() for cid, n in t.items() for _ in range(n)]

    def deck(self, model: Any, game: str) -> Any:
        """The deck as the game's deck-file model (a single card not chosen yet
        is blank, which the game's rules call no such card)."""
        data = {"game": game, "name": self.name or "?", **self.tables}
        data |= {p: c for p, c in self.picks.items()}
        return model.model_construct(**data)


def faults(build: Build, files: Any) -> list[Fault]:
    """The deck's faults by the game's deck rules (the code `shrinetable check`
    runs), a single card not chosen yet said as such."""
    cards = files.catalog()[0]
    missing = [p for p, c in build.picks.items() if not c]
    out = [
        Fault(None, f"no {p.title()} card chosen", f"a {p.title()} card chosen") for p in missing
    ]
    found = files.faults(build.deck(files.model, files.game), cards)
    return out + [f for f in found if not (missing and f.card == "")]


def tally(build: Build, facet: Facet) -> dict[Any, int]:
    """Copies in the deck by each of the facet's values, in the facet's order."""
    counts: dict[Any, int] = {}
    for cid in build.ids():
        for v in facet.of.get(cid, ()):
            counts[v] = counts.get(v, 0) + 1
    return {v: counts[v] for v in facet.values if v in counts}


def charts(facets: list[Facet]) -> list[tuple[str, list[Facet]]]:
    """What a tally chart may show, by title: the colour, each choice after the
    first (the types have a chart of their own), then each table of numbers as
    one chart (its key's numbers added up: ratings)."""
    out = [("Colour", [f]) for f in facets if f.key == "colour"]
    out += [(f.label, [f]) for f in [f for f in facets if f.kind == "choice"][1:]]
    tables: dict[str, list[Facet]] = {}
    for f in facets:
        if f.kind == "number" and "." in f.key:
            tables.setdefault(f.label.split(":")[0], []).append(f)
    return out + list(tables.items())


def totals(build: Build, facets: list[Facet]) -> dict[Any, int]:
    """For one facet, copies by its values (`tally`); for a table of numbers, each
    key's numbers added up over the deck's copies (a deck's Combat, say)."""
    if len(facets) == 1 and "." not in facets[0].key:
        return tally(build, facets[0])
    held = build.ids()
    sums = {f.key.split(".", 1)[1]: sum(f.of.get(c, (0,))[0] for c in held) for f in facets}
    return {k: n for k, n in sums.items() if n}


def curve(build: Build, facet: Facet) -> dict[int, int]:
    """Copies in the deck by a number facet's value, every value from the least
    to the greatest held (a gap shows as 0)."""
    held = tally(build, facet)
    nums = [v for v in held if isinstance(v, int)]
    if not nums:
        return {}
    return {v: held.get(v, 0) for v in range(min(nums), max(nums) + 1)}


def chance(deck_size: int, copies: int, seen: int) -> float:
    """The chance that at least one of `copies` cards is among the first `seen`
    cards of a shuffled deck of `deck_size` (hypergeometric)."""
    if copies <= 0 or deck_size <= 0:
        return 0.0
    copies, seen = min(copies, deck_size), min(seen, deck_size)
    return 1 - comb(deck_size - copies, seen) / comb(deck_size, seen)
