"""The Usagi card game's card-data schema: the pydantic models of
`assets/cards/usagi/*.toml` (cards) and `decks.toml` (playtest decks), read by
the generic loader in `shrinetable/formats/cards.py`, which names file, card,
field and line on a fault. The vocabulary is documented in docs/cards-usagi.md.

A card has a type and subtype, a clan and a faction (words only), descriptors
other cards may name (`"ronin"`), a cost in Honor and Ryo, up to five ratings
(a rating of 0 counts: the card is rated), what it produces in the initiation,
a score (an Event's, or a card's own score effect), `restricted` (at most X
copies in a deck) and effects: small tables saying when they happen (`when`),
what they do (`do`, `amount`, `rating`, `currency`), to what (`target`,
`descriptor`) and, for a voluntary ability, what it costs (`cost`, `strike`,
`sacrifice`; `grant`: the ability is the attached Character's). A Moment may list
a `condition` that must hold for it to be played.
"""

from __future__ import annotations

import re
from typing import Annotated, Literal

from pydantic import Field, field_validator, model_validator

from shrinetable.engine import CardData
from shrinetable.formats.cards import CardTable, Strict
from shrinetable.formats.decks import Deck, deck_file_model

RATINGS = ("combat", "diplomacy", "intrigue", "ceremony", "labor")
CURRENCIES = ("honor", "ryo")
TYPES = ("character", "attachment", "moment", "event")
SUBTYPES = {
    "character": ("hero", "ally"),
    "attachment": ("possession", "experience", "skill", "setting"),
    "moment": ("", "action", "held"),
    "event": ("", "story"),
}
WHEN = ("play", "use", "involve", "resolve", "static")
DO = (
    "gain",
    "draw",
    "strike",
    "refresh",
    "exhaust",
    "kill",
    "boost",
    "withdraw",
    "rating",
    "remove",
    "bury",
    "cancel",
    "control",
)
# targets a player chooses when the card is played or the ability used: Characters,
# then the cards only `remove` aims at (a Held Moment, an Attachment in play)
CHARACTER_TARGETS = ("character", "own_character", "other_character", "involved")
CARD_TARGETS = (*CHARACTER_TARGETS, "held", "attachment")
# what must be true for a Moment to be played (a Held Moment's condition or trigger)
CONDITIONS = ("", "involving", "no_hero", "initiation")
# targets without a choice
FIXED_TARGETS = ("you", "this", "own", "all", "others", "rivals")
TARGETS = (*CARD_TARGETS, *FIXED_TARGETS)
WORD = re.compile(r"^[a-z][a-z-]*$")
Amount = Annotated[int, Field(ge=1, le=9)]
Bonus = Annotated[int, Field(ge=-9, le=9)]  # an effect's amount: below 0 only static
Rating = Annotated[int, Field(ge=0, le=9)]


class Effect(Strict):
    """One `[[card.effect]]` table."""

    when: Literal[WHEN]  # type: ignore[valid-type]
    do: Literal[DO]  # type: ignore[valid-type]
    amount: Bonus = 1
    currency: Literal[CURRENCIES] = "honor"  # type: ignore[valid-type]
    rating: Literal[RATINGS] = "combat"  # type: ignore[valid-type]
    target: Literal[TARGETS] = "you"  # type: ignore[valid-type]
    descriptor: str = ""
    cost: dict[Literal[CURRENCIES], Amount] = {}  # type: ignore[valid-type]
    strike: bool = False
    sacrifice: bool = False
    grant: bool = False

    @model_validator(mode="after")
    def _whole(self) -> Effect:
        if (self.cost or self.strike or self.sacrifice or self.grant) and self.when != "use":
            raise ValueError(
                'when: only a voluntary ability (when = "use") has a cost, '
                "strike, sacrifice or grant"
            )
        if self.descriptor and not WORD.match(self.descriptor):
            raise ValueError(f"descriptor: {self.descriptor!r} is one lower-case word")
        if self.amount == 0 or (self.amount < 0 and self.when != "static"):
            raise ValueError("amount: 1 to 9 (a static rating bonus may be -9 to -1: a penalty)")
        if self.when == "static":
            if self.do != "rating" or self.target not in ("this", "own", "all"):
                raise ValueError('do: a static effect is do = "rating" on this, own or all')
        elif self.do == "rating":
            raise ValueError(
                "do: 'rating' is a static effect (when = \"static\"); a "
                "rating for the turn is 'boost'"
            )
        if self.when in ("involve", "resolve") and self.target in CARD_TARGETS:
            raise ValueError(
                "target: an involuntary effect (involve, resolve) chooses no "
                "card: use you, this, others or rivals"
            )
        if self.do in ("gain", "draw") and self.target not in ("you", "others"):
            raise ValueError(f"target: {self.do} is for you or others")
        if self.do in (
            "strike",
            "refresh",
            "exhaust",
            "kill",
            "boost",
            "withdraw",
            "cancel",
        ) and self.target in ("you", "others", "own", "all"):
            raise ValueError(
                f"target: {self.do} acts on a card: this, rivals or a chosen "
                f"{'/'.join(CHARACTER_TARGETS)}"
            )
        if self.do == "control" and self.target != "other_character":
            raise ValueError(
                "target: control takes a chosen other_character (a Character "
                "another player controls)"
            )
        if (self.do in ("remove", "bury")) != (self.target in ("held", "attachment")):
            raise ValueError(
                "target: remove and bury take a chosen held (Moment) or "
                "attachment out of play, and only they aim at those"
            )
        return self


class Card(CardTable):
    """One `[[card]]` table."""

    type: Literal[TYPES]  # type: ignore[valid-type]
    subtype: str = ""
    clan: str = ""
    faction: str = ""
    descriptors: list[str] = []
    cost: dict[Literal[CURRENCIES], Amount] = {}  # type: ignore[valid-type]
    ratings: dict[Literal[RATINGS], Rating] = {}  # type: ignore[valid-type]
    produce: dict[Literal[CURRENCIES], Amount] = {}  # type: ignore[valid-type]
    score: int = Field(0, ge=-3, le=3)
    restricted: int | None = Field(None, ge=1, le=3)
    unique: bool = False
    condition: Literal[CONDITIONS] = ""  # type: ignore[valid-type]
    affects: Literal["", "other_player"] = ""  # a Held Moment played on another player
    effect: list[Effect] = []
    text: str = ""  # rules text in the project's own words, and flavour

    @field_validator("descriptors")
    @classmethod
    def _words(cls, v: list[str]) -> list[str]:
        for w in v:
            if not WORD.match(w):
                raise ValueError(f'{w!r} is one lower-case word (e.g. "ronin")')
        return v

    @model_validator(mode="after")
    def _whole(self) -> Card:
        subs = SUBTYPES[self.type]
        if self.subtype not in subs:
            raise ValueError(
                f"subtype: a {self.type} is "
                f"{' or '.join(repr(s) for s in subs if s) or 'plain'}"
                + (" (or no subtype)" if "" in subs else "")
            )
        if self.type == "character" and not self.ratings:
            raise ValueError("ratings: a Character is rated in at least one rating")
        if self.type == "event":
            if not self.ratings:
                raise ValueError("ratings: an Event shows at least one rating")
            if self.cost:
                raise ValueError("cost: an Event is proposed, never paid for")
        if self.type == "moment" and self.ratings:
            raise ValueError("ratings: a Moment has no ratings")
        if self.produce and self.type not in ("character", "attachment"):
            raise ValueError("produce: only Characters and Attachments produce currency")
        chosen = [e for e in self.effect if e.target in CARD_TARGETS]
        for when in ("play", "use"):
            group = [e for e in chosen if e.when == when]
            if when == "play" and len(group) > 1:
                raise ValueError("effect: a card's play effects choose one target at most")
        if self.type in ("character", "attachment") and any(
            e.when == "play" and e.target in CARD_TARGETS for e in self.effect
        ):
            raise ValueError(
                f"effect: a {self.type}'s play effects choose no card (an "
                f"Attachment's target is its attached card)"
            )
        if any(e.when == "use" and not (e.strike or e.sacrifice) for e in self.effect):
            raise ValueError(
                "effect: a voluntary ability strikes its card or sacrifices "
                "it (strike = true or sacrifice = true), so it is used once"
            )
        if self.type == "event" and any(e.when not in ("resolve", "static") for e in self.effect):
            raise ValueError(
                'effect: an Event\'s effects happen when it is resolved (when = "resolve")'
            )
        if any(e.when == "resolve" for e in self.effect) and not (
            self.type == "event" or self.subtype == "setting"
        ):
            raise ValueError("effect: only Events and Settings have Resolve >> effects")
        if any(e.grant for e in self.effect) and self.subtype not in (
            "possession",
            "experience",
            "skill",
        ):
            raise ValueError(
                "effect: only a Possession or Experience grants an ability to "
                "the Character it is attached to"
            )
        if any(e.sacrifice for e in self.effect) and self.subtype != "held":
            raise ValueError("effect: only a Held Moment sacrifices itself")
        if self.affects and self.subtype != "held":
            raise ValueError("affects: only a Held Moment is played on another player")
        if self.affects and any(e.target in CARD_TARGETS for e in self.effect if e.when == "play"):
            raise ValueError("affects: a Held Moment played on a player chooses no card")
        if self.condition and self.type != "moment":
            raise ValueError("condition: only a Moment lists a condition to be played")
        if (
            self.type == "moment"
            and self.subtype != "held"
            and any(e.when in ("use", "static") for e in self.effect)
        ):
            raise ValueError(
                "effect: a Moment that is not Held leaves play as it resolves: "
                "its effects happen when played"
            )
        return self

    @property
    def kind(self) -> str:
        """The subtype as the rules use it: Skill is Experience (ruling U4)."""
        return "experience" if self.subtype == "skill" else self.subtype


# a deck (card id -> copies) and a player's deck file, as every card game has them
DeckFile = deck_file_model("usagi")


# the card files; the game adds its deck rules (`decks`, which reads this module)
DATA = CardData("usagi", Card, Deck)
