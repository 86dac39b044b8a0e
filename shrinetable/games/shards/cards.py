"""Shards of the Empire's cards: the definitions loaded once from
`assets/cards/shards/`, flattened into small frozen records for the rules, and
the card notation (`<card-id>#<instance>`, as in the other card games).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from shrinetable.formats import decks as shared

from .schema import BASIC, DATA, Card, Effect

CARD_TARGETS = (
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
Cost = tuple[tuple[str, int], ...]


@dataclass(frozen=True, slots=True)
class Def:
    """One card's rules. `cost` and `scrap` as printed; `keywords` by word, with X
    (0 for a keyword without a number). The fields after `text` are facts the
    rules would otherwise work out again at every step, made once."""

    id: str
    name: str
    type: str
    cost: tuple[tuple[str, int], ...]
    scrap: int
    offence: int
    health: int
    defence: int
    keywords: dict[str, int]
    effects: tuple[Effect, ...]
    text: str
    abilities: tuple[Effect, ...] = ()  # its `activate` effects, in order (made once)
    timed: dict[str, tuple[Effect, ...]] | None = None  # play/end/ready effects by when
    # made from the fields above by __post_init__ (so also by dataclasses.replace)
    costs: tuple[Cost, ...] = field(init=False)  # each ability's cost, as pairs
    aimed: tuple[bool, ...] = field(init=False)  # each ability targets a card
    play_aimed: bool = field(init=False)  # a play effect targets a card
    statics: tuple[Effect, ...] = field(init=False)  # its static effects
    developable: bool = field(init=False)  # R25: a building, or Developable

    def __post_init__(self) -> None:
        put = object.__setattr__
        put(self, "costs", tuple(tuple(e.cost.items()) for e in self.abilities))
        put(self, "aimed", tuple(e.target in CARD_TARGETS for e in self.abilities))
        put(
            self,
            "play_aimed",
            any(e.when == "play" and e.target in CARD_TARGETS for e in self.effects),
        )
        put(self, "statics", tuple(e for e in self.effects if e.when == "static"))
        put(self, "developable", self.type == "building" or "developable" in self.keywords)

    @staticmethod
    def of(c: Card) -> Def:
        kws = {k.partition(" ")[0]: int(k.partition(" ")[2] or 0) for k in c.keywords}
        abilities = tuple(e for e in c.effect if e.when == "activate")
        return Def(
            c.id,
            c.name,
            c.type,
            tuple(sorted(c.cost.items())),
            c.scrap or 0,
            c.offence or 0,
            c.health or 0,
            c.defence or 0,
            kws,
            tuple(c.effect),
            c.text,
            abilities,
            {w: tuple(e for e in c.effect if e.when == w) for w in ("play", "end", "ready")},
        )

    def kw(self, word: str) -> int | None:
        """X of keyword `word` (0 for one without a number); None when absent."""
        return self.keywords.get(word)

    @property
    def starting(self) -> bool:
        return "starting" in self.keywords

    @property
    def total_cost(self) -> int:
        return sum(n for _, n in self.cost)

    def cost_text(self) -> str:
        """The cost in words: '2', '1 + gold', '2 + 2 faith', 'free'."""
        parts = [str(n) for r, n in self.cost if r == BASIC]
        parts += [r if n == 1 else f"{n} {r}" for r, n in self.cost if r != BASIC]
        return " + ".join(parts) or "free"


CARDS = shared.catalogues(DATA, Def.of)  # a card set's cards: CARDS(card_set)
# the shipped cards and the person's own (a game reads its own card set's)
catalog, definitions = CARDS().catalog, CARDS().definitions

deck_key = shared.deck_key


def instance(text: str) -> int:
    """The instance number of a card written `id#N`; NotationError otherwise."""
    return shared.instance(text, "iron-levy#4")
