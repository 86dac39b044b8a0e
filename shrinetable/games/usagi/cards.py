"""The Usagi card game's cards: the definitions loaded once from
`assets/cards/usagi/`, flattened into small frozen records for the rules, and
the card notation (`<card-id>#<instance>`, as in the other card games).
"""

from __future__ import annotations

from dataclasses import dataclass

from shrinetable.formats import decks as shared

from .schema import CARD_TARGETS, DATA, RATINGS, Card, Effect


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
    condition: str = ""  # what must hold for a Moment to be played (schema CONDITIONS)
    affects: str = ""  # "other_player": a Held Moment played on another player

    @staticmethod
    def of(c: Card) -> Def:
        # a card may name a clan or faction as a descriptor: "kazehana", "spirit-realm"
        affiliation = [w.lower().replace(" ", "-") for w in (c.clan, c.faction) if w]
        words = frozenset([*c.descriptors, *c.name.lower().replace("-", " ").split(), *affiliation])
        by = {
            w: tuple(e for e in c.effect if e.when == w)
            for w in ("play", "use", "involve", "resolve", "static")
        }
        return Def(
            c.id,
            c.name,
            c.type,
            c.kind,
            words,
            c.cost.get("honor", 0),
            c.cost.get("ryo", 0),
            tuple((r, c.ratings[r]) for r in RATINGS if r in c.ratings),
            (c.produce.get("honor", 0), c.produce.get("ryo", 0)),
            c.score,
            c.restricted or 0,
            c.unique or c.type == "character",
            c.text,
            by["play"],
            by["use"],
            by["involve"],
            by["resolve"],
            by["static"],
            c.condition,
            c.affects,
        )

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
        parts = [f"{self.honor} honor" if self.honor else "", f"{self.ryo} ryo" if self.ryo else ""]
        return " + ".join(p for p in parts if p) or "free"


NONE = Def("none", "no card", "moment", "", frozenset(), 0, 0, (), (0, 0), 0, 0, False, "")


CARDS = shared.catalogues(DATA, Def.of)  # a card set's cards: CARDS(card_set)
# the shipped cards and the person's own (a game reads its own card set's)
catalog, definitions = CARDS().catalog, CARDS().definitions

deck_key = shared.deck_key


def instance(text: str) -> int:
    """The instance number of a card written `id#N`; NotationError otherwise."""
    return shared.instance(text, "wandering-swordsman#4")
