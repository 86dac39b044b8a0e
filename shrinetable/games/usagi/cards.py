"""The Usagi card game's cards: the definitions loaded once from
`assets/cards/usagi/`, flattened into small frozen records for the rules, and
the card notation (`<card-id>#<instance>`, as in the other card games).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from shrinetable.engine import NotationError
from shrinetable.formats.cards import load_card_data

from .schema import CARD_TARGETS, DATA, RATINGS, Card, Deck, Effect


@dataclass(frozen=True, slots=True)
class Def:
    """One card's rules, made once. `ratings` as (rating, value) pairs in the
    printed order (Combat, Diplomacy, Intrigue, Ceremony, Labor); `kind` the subtype
    as the rules read it (Skill is Experience); effects grouped by when."""

    id: str
    name: str
    type: str
    kind: str
    descriptors: frozenset[str]
    honor: int
    ryo: int
    ratings: tuple[tuple[str, int], ...]
    produce: tuple[int, int]
    score: int
    restricted: int
    unique: bool
    text: str
    play: tuple[Effect, ...] = ()
    abilities: tuple[Effect, ...] = ()
    involve: tuple[Effect, ...] = ()
    resolve: tuple[Effect, ...] = ()
    static: tuple[Effect, ...] = ()
    condition: str = ""       # what must hold for a Moment to be played (schema CONDITIONS)
    affects: str = ""         # "other_player": a Held Moment played on another player

    @staticmethod
    def of(c: Card) -> Def:
        words = frozenset([*c.descriptors, *c.name.lower().replace("-", " ").split()])
        by = {w: tuple(e for e in c.effect if e.when == w)
              for w in ("play", "use", "involve", "resolve", "static")}
        return Def(c.id, c.name, c.type, c.kind, words, c.cost.get("honor", 0),
                   c.cost.get("ryo", 0),
                   tuple((r, c.ratings[r]) for r in RATINGS if r in c.ratings),
                   (c.produce.get("honor", 0), c.produce.get("ryo", 0)), c.score,
                   c.restricted or 0, c.unique or c.type == "character", c.text,
                   by["play"], by["use"], by["involve"], by["resolve"], by["static"],
                   c.condition, c.affects)

    @property
    def rated(self) -> frozenset[str]:
        return frozenset(r for r, _ in self.ratings)

    def rating(self, r: str) -> int | None:
        for name, v in self.ratings:
            if name == r:
                return v
        return None

    def aim(self) -> Effect | None:
        """Its play effect that chooses a target card, if any (at most one)."""
        return next((e for e in self.play if e.target in CARD_TARGETS), None)

    def cost_text(self) -> str:
        parts = [f"{self.honor} honor" if self.honor else "",
                 f"{self.ryo} ryo" if self.ryo else ""]
        return " + ".join(p for p in parts if p) or "free"


NONE = Def("none", "no card", "moment", "", frozenset(), 0, 0, (), (0, 0), 0, 0, False, "")


@cache
def catalog() -> tuple[dict[str, Card], tuple[Deck, ...]]:
    """The shipped card set and its playtest decks (read once)."""
    cards, decks = load_card_data(DATA)
    return cards, tuple(decks)


@cache
def definitions() -> dict[str, Def]:
    """Every shipped card's rules, by id."""
    return {cid: Def.of(c) for cid, c in catalog()[0].items()}


def deck_key(deck: Deck) -> str:
    """A deck's short name: the first word of its title, lower case."""
    return deck.name.split(":")[0].split()[0].lower()


def instance(text: str) -> int:
    """The instance number of a card written `id#N`; NotationError otherwise."""
    cid, sep, n = text.rpartition("#")
    if not sep or not cid or not n.isdigit() or int(n) < 1:
        raise NotationError(f"{text!r} is not a card: write card-id#number, "
                            f"e.g. wandering-swordsman#4")
    return int(n)
