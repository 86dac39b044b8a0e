"""Shrines' card-data schema: the pydantic models of `assets/cards/shrines/*.toml`
(cards) and `decks.toml` (decks), loaded by the generic loader in
`shrinetable/formats/cards.py`, which names file, card, field and line on a fault.

Cards keep their rules as data: keywords in `abilities` and effects as small tables
from a fixed vocabulary (`EFFECT_VERBS`), interpreted by `effects.py`. See
docs/cards.md for the format and the vocabulary.
"""

from __future__ import annotations

import re
from typing import Literal

from pydantic import Field, field_validator, model_validator

from shrinetable.engine import CardData
from shrinetable.formats.cards import CardTable, Strict

COLOURS = "BYRGP"
COST_RE = re.compile(r"^(X?)(\d*)([BYRGP]*)$")
KEYWORDS = (
    "armor",
    "bloodless",
    "cleave",
    "deathwish",
    "haste",
    "flying",
    "guard",
    "immoveable",
    "lunge",
    "protection",
    "range",
    "reach",
    "saddle",
    "mount",
    "sprint",
    "stationary",
    "stomp",
    "quick-attack",
    "double-attack",
    "unstoppable",
    "dig",
)
COUNTED = ("range", "sprint")  # written "range 2"; plain "range" means 1
CONDITIONS = ("freeze", "ground", "poison", "weaken")
AUTO_TARGETS = ("none", "self", "opponent")  # no choice needed: usable on any card
TARGETS = (
    "none",
    "self",
    "creature",
    "enemy-creature",
    "own-creature",
    "permanent",
    "enemy-permanent",
    "own-permanent",
    "player",
    "opponent",
    "any",
    "site",
    "each-enemy-on-site",
)
EFFECT_VERBS = (
    "damage",
    "draw",
    "gain-life",
    "lose-life",
    "move",
    "bounce",
    "destroy",
    "banish",
    "freeze",
    "ground",
    "poison",
    "weaken",
    "add-mana",
    "token",
    "boost",
    "swap",
    "protect",
    "gain-control",
)
TYPES = ("creature", "structure", "spell", "relic", "area", "source")
SUBTYPES = {
    "spell": ("inert", "burst"),
    "relic": ("tool", "idol"),
    "area": ("terrain", "weather", "trap"),
    "source": ("basic", "special"),
    "creature": ("",),
    "structure": ("",),
}


class Effect(Strict):
    """One step of what a card does. `amount` may be the word "X" (the paid X)."""

    do: Literal[EFFECT_VERBS]  # type: ignore[valid-type]
    amount: int | Literal["X"] = 1
    target: Literal[TARGETS] = "none"  # type: ignore[valid-type]
    library: Literal["any", "primary", "secondary"] = "any"
    colour: str = ""
    strength: int = 0
    resilience: int = 0
    abilities: tuple[str, ...] = ()
    name: str = ""
    until: Literal["", "end-of-turn"] = ""  # a boost that lasts the turn only

    @field_validator("colour")
    @classmethod
    def _colour(cls, v: str) -> str:
        if v and (len(v) != 1 or v not in COLOURS):
            raise ValueError(f"a colour is one of {', '.join(COLOURS)}")
        return v

    @field_validator("abilities")
    @classmethod
    def _abilities(cls, v: tuple[str, ...]) -> tuple[str, ...]:
        return tuple(check_ability(a) for a in v)

    @model_validator(mode="after")
    def _needs(self) -> Effect:
        if self.do == "add-mana" and not self.colour:
            raise ValueError("add-mana needs a colour")
        if self.do == "token" and (self.resilience < 1 or not self.name):
            raise ValueError("token needs a name and a resilience of at least 1")
        if (
            self.do
            in CONDITIONS
            + ("damage", "bounce", "destroy", "banish", "move", "boost", "protect", "gain-control")
            and self.target == "none"
        ):
            raise ValueError(f"{self.do} needs a target")
        if self.until and self.do != "boost":
            raise ValueError("until goes only with boost")
        return self


class Aura(Strict):
    """What an area effect does to creatures within it while it lasts."""

    strength: int = 0
    resilience: int = 0
    abilities: tuple[str, ...] = ()
    condition: Literal["", "freeze", "ground", "poison", "weaken"] = ""
    whose: Literal["all", "own", "enemy"] = "all"

    @field_validator("abilities")
    @classmethod
    def _abilities(cls, v: tuple[str, ...]) -> tuple[str, ...]:
        return tuple(check_ability(a) for a in v)


class Card(CardTable):
    """One `[[card]]` table."""

    type: Literal[TYPES]  # type: ignore[valid-type]
    subtype: str = ""
    cost: str = ""
    strength: int = Field(0, ge=0)
    resilience: int = Field(0, ge=0)
    legendary: bool = False
    abilities: tuple[str, ...] = ()
    text: str = ""
    effects: tuple[Effect, ...] = ()  # on entering (permanents) or on casting (spells)
    deathwish: tuple[Effect, ...] = ()  # when this creature is destroyed
    tap: tuple[Effect, ...] = ()  # an ability used by tapping this card
    produces: str = ""  # sources: the colour tapping adds
    area: Literal["", "site", "row", "pathway"] = ""
    aura: Aura | None = None
    trigger: Literal["", "enemy-enters"] = ""
    attach_cost: str = ""

    @field_validator("abilities")
    @classmethod
    def _abilities(cls, v: tuple[str, ...]) -> tuple[str, ...]:
        return tuple(check_ability(a) for a in v)

    @field_validator("cost", "attach_cost")
    @classmethod
    def _cost(cls, v: str) -> str:
        if v and not COST_RE.match(v):
            raise ValueError(
                "write a cost as optional X, a number, then colour letters "
                "B Y R G P, e.g. 2BB or XR"
            )
        return v

    @field_validator("produces")
    @classmethod
    def _produces(cls, v: str) -> str:
        if v and (len(v) != 1 or v not in COLOURS):
            raise ValueError(f"a source produces one colour of {', '.join(COLOURS)}")
        return v

    @model_validator(mode="after")
    def _shape(self) -> Card:
        allowed = SUBTYPES[self.type]
        if self.subtype not in allowed:
            raise ValueError(
                f"subtype: a {self.type}'s subtype is one of {', '.join(repr(a) for a in allowed)}"
            )
        if self.type == "creature" and self.resilience < 1:
            raise ValueError("resilience: a creature needs a resilience of at least 1")
        if self.type == "structure" and self.resilience < 1:
            raise ValueError("resilience: a structure needs a resilience of at least 1")
        if self.type == "source" and self.subtype == "basic" and not self.produces:
            raise ValueError("produces: a basic source needs `produces`")
        if self.type == "area" and self.subtype != "trap" and (not self.area or not self.aura):
            raise ValueError("area: terrain and weather need `area` and `aura`")
        if self.subtype == "trap" and (self.cost != "3" or not self.trigger or not self.effects):
            raise ValueError("cost: a trap costs 3 and needs a `trigger` and `effects`")
        chosen = [
            e for e in (*self.effects, *self.deathwish, *self.tap) if e.target not in AUTO_TARGETS
        ]
        if chosen and self.type != "spell" and self.subtype != "trap":
            raise ValueError(
                f"effects: only spells choose targets; use one of {AUTO_TARGETS} "
                f"(found {chosen[0].target!r})"
            )
        if "deathwish" in self.abilities and not self.deathwish:
            raise ValueError("deathwish: a card with Deathwish needs `deathwish` effects")
        if self.deathwish and "deathwish" not in self.abilities:
            raise ValueError("deathwish: `deathwish` effects need the Deathwish ability")
        return self

    @property
    def colours(self) -> str:
        """The colour letters in the cost, once each, in B Y R G P order."""
        return "".join(c for c in COLOURS if c in self.cost)


class Deck(Strict):
    """One `[[deck]]` table: a preconstructed deck, its Shrine (a card id) and both
    libraries (card id -> copies)."""

    name: str
    shrine: str
    primary: dict[str, int]
    secondary: dict[str, int]


def check_ability(text: str) -> str:
    """A keyword as written on a card: a known keyword, or `range N` / `sprint N`."""
    word, _, n = text.strip().lower().partition(" ")
    if word not in KEYWORDS:
        raise ValueError(f"unknown ability {text!r}; known: {', '.join(KEYWORDS)}")
    if n and (word not in COUNTED or not n.isdigit() or int(n) < 1):
        raise ValueError(f"only range and sprint take a number (e.g. 'range 2'), not {text!r}")
    return f"{word} {n}" if n else word


DATA = CardData("shrines", Card, Deck)
