"""Shards of the Empire's card-data schema: the pydantic models of
`assets/cards/shards/*.toml` (cards) and `decks.toml` (prebuilt decks), read by
the generic loader in `shrinetable/formats/cards.py`, which names file, card,
field and line on a fault. The vocabulary is documented in docs/cards-shards.md.

A card has a type, a cost (resource -> amount; "basic" unless an advanced or
special resource is named), an optional scrap value, its figures (a unit's
offence and health, a building's defence), keywords (`"wrecker 2"`,
`"damage_reduction 1"`), and effects: small tables saying when they happen
(`when`), on what condition (`condition`, the text's "Condition - ability"),
what they do (`do`, `amount`, `resource`, `target`) and, for an ability, what
using it costs (`cost`, `exhaust`) and whether it is fast.
"""

from __future__ import annotations

import re
from typing import Annotated, Literal

from pydantic import Field, model_validator

from shrinetable.engine import CardData
from shrinetable.formats.cards import CardTable, Strict
from shrinetable.formats.decks import Deck, deck_file_model

ADVANCED = ("research", "gold", "gemstones", "faith")
BASIC = "basic"
TYPES = ("unit", "building", "policy", "tactic", "sorcery", "miracle", "territory")
KINGDOM = ("unit", "building", "policy")
EVENTS = ("tactic", "sorcery", "miracle")
# keyword -> whether it takes a number X
KEYWORDS = {
    "blitz": False,
    "damage_reduction": True,
    "hit_and_run": False,
    "overwhelm": False,
    "pillage": False,
    "vigilant": False,
    "wrecker": True,
    "starting": False,
    "grand": False,
    "developable": False,
}
UNIT_KEYWORDS = ("blitz", "hit_and_run", "overwhelm", "pillage", "vigilant", "wrecker")
WHEN = ("play", "activate", "end", "ready", "static")
DO = (
    "gain",
    "draw",
    "damage",
    "destroy",
    "repair",
    "pump",
    "ready",
    "develop",
    "discard",
    "offence",
    "defence",
    "sacrifice",
    "return",
)
TARGETS = (
    "you",
    "opponent",
    "this",
    "unit",
    "enemy_unit",
    "own_unit",
    "building",
    "enemy_building",
    "own_building",
    "own_card",
    "enemy",
    "enemy_policy",
)
# Affinity names advanced resources or special ones (any other resource name)
CONDITION = re.compile(
    r"^(affinity( [a-z][a-z-]*)+|no_affinity|raiding"
    r"|upgraded [1-9]|developed [1-9])$"
)
RESOURCE = re.compile(r"^[a-z][a-z-]*$")
Amount = Annotated[int, Field(ge=1, le=20)]


def amount(n: int, kind: str) -> str:
    """An amount of a resource as a line says it: "1 gemstone", "2 gemstones",
    "1 gold" (a kind is named in the plural, or has none)."""
    one = n == 1 and kind.endswith("s") and not kind.endswith("ss")
    return f"{n} {kind[:-1] if one else kind}"


def _check_costs(cost: dict[str, int]) -> dict[str, int]:
    for name in cost:
        if not RESOURCE.match(name):
            raise ValueError(
                f"{name!r} is not a resource name (basic, research, gold, "
                f"gemstones, faith, or a special resource in lower case)"
            )
    return cost


class Effect(Strict):
    """One `[[card.effect]]` table."""

    when: Literal[WHEN]  # type: ignore[valid-type]
    do: Literal[DO]  # type: ignore[valid-type]
    amount: Amount = 1
    resource: str = BASIC
    target: Literal[TARGETS] = "you"  # type: ignore[valid-type]
    condition: str = ""
    cost: dict[str, Amount] = {}
    exhaust: bool = False
    fast: bool = False

    @model_validator(mode="after")
    def _whole(self) -> Effect:
        if self.condition and not CONDITION.match(self.condition):
            raise ValueError(
                f"condition: {self.condition!r} is not a condition: write "
                "'affinity gold', 'affinity faith faith', 'affinity ember', "
                "'no_affinity', 'raiding', 'upgraded 2' or 'developed 3'"
            )
        if not RESOURCE.match(self.resource):
            raise ValueError(f"resource: {self.resource!r} is not a resource name")
        _check_costs(self.cost)
        if (self.cost or self.exhaust or self.fast) and self.when != "activate":
            raise ValueError(
                'when: only an ability (when = "activate") has a cost, exhaust or fast'
            )
        if self.when in ("end", "ready") and self.target not in ("you", "opponent", "this"):
            raise ValueError(
                "target: an effect that happens by itself (end, ready) "
                "targets you, opponent or this, never a chosen card"
            )
        if self.when == "static" and self.target not in ("this", "own_unit", "own_building"):
            raise ValueError(
                "target: a static effect applies to this, own_unit (all "
                "your units) or own_building (all your buildings)"
            )
        if self.do == "sacrifice" and self.target not in ("this", "own_unit", "own_card"):
            raise ValueError(
                "target: a card sacrifices this or a card of yours (this, own_unit, own_card)"
            )
        if self.do == "return" and self.target != "you":
            raise ValueError("target: 'return' brings back your own unit: target you")
        if self.target == "enemy_policy" and self.do != "destroy":
            raise ValueError('target: a policy can only be destroyed (do = "destroy")')
        if (self.do in ("offence", "defence")) != (self.when == "static"):
            raise ValueError(
                "do: 'offence' and 'defence' are static effects, and a static effect is one of them"
            )
        return self


class Card(CardTable):
    """One `[[card]]` table."""

    type: Literal[TYPES]  # type: ignore[valid-type]
    cost: dict[str, Amount] = {}
    scrap: int | None = Field(None, ge=1, le=5)
    offence: int | None = Field(None, ge=0, le=20)
    health: int | None = Field(None, ge=1, le=20)
    defence: int | None = Field(None, ge=1, le=30)
    keywords: list[str] = []
    effect: list[Effect] = []
    text: str = ""  # rules text in the project's own words, and flavour

    @model_validator(mode="after")
    def _whole(self) -> Card:
        _check_costs(self.cost)
        unit, building = self.type == "unit", self.type == "building"
        if unit != (self.offence is not None and self.health is not None):
            raise ValueError("offence: a unit, and only a unit, has offence and health")
        if building != (self.defence is not None):
            raise ValueError("defence: a building, and only a building, has defence")
        for kw in self.keywords:
            word, _, x = kw.partition(" ")
            if word not in KEYWORDS:
                raise ValueError(f"keywords: {kw!r} is not a keyword; known: {', '.join(KEYWORDS)}")
            if KEYWORDS[word] != bool(x) or (x and not x.isdigit()):
                raise ValueError(
                    f"keywords: {word} "
                    + (f"takes a number: '{word} 1'" if KEYWORDS[word] else "takes no number")
                )
            if word in UNIT_KEYWORDS and not unit:
                raise ValueError(f"keywords: {word} is a unit's keyword")
            if word in ("grand", "developable") and self.type not in KINGDOM:
                raise ValueError(f"keywords: {word} is for a kingdom card")
        if self.type == "territory" and (self.cost or self.effect):
            raise ValueError(
                "type: a territory card has no cost and no effects: it is "
                "revealed as a building is built"
            )
        return self

    def has(self, word: str) -> bool:
        return any(k.partition(" ")[0] == word for k in self.keywords)


# a deck (card id -> copies) and a player's deck file, as every card game has them
DeckFile = deck_file_model("shards")


# the card files; the game adds its deck rules (`decks`, which reads this module)
DATA = CardData("shards", Card, Deck)
