"""Each covered game's course teaches every kind of card and every keyword or
special property its cards have: some lesson's `do`, `computer` or `free`
answer moves such a card, or lights it. A card added with a new keyword and no
lesson for it fails here, naming what is missing. A course also ends with a
game played out (`play_on`).

Per game, COURSES says what a card is (from the game's own card data) and
which properties it has; the rest is shared."""

from __future__ import annotations

import tomllib
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import pytest

from shrinetable.formats.lesson import all_lessons, load

ROOT = Path(__file__).resolve().parent.parent
CARDS = ROOT / "assets" / "cards"

Properties = dict[str, set[str]]  # card name in the notation -> what it teaches


@dataclass(frozen=True)
class Course:
    """A game's cards (name in the move notation -> kinds and keywords) and the
    moves that are special properties of its cards (a move's first word)."""

    cards: Callable[[], Properties]
    verbs: frozenset[str] = frozenset()


def _shrine_cards() -> Properties:
    """The deck: number cards, the three faces (Tokens), the Ace (Dagger) and the
    optional joker (the Balance card)."""
    from shrinetable.games.shrine.cards import NAMES

    kinds = {"JK": "Balance card", "J": "Jack", "Q": "Queen", "K": "King", "A": "Ace"}
    return {n: {kinds.get(n, kinds.get(n[0], "number card"))} for n in NAMES}


def _card_files(game: str) -> list[dict]:
    """Every `[[card]]` of a game's card files (decks.toml holds decks, not cards)."""
    found: list[dict] = []
    for path in sorted((CARDS / game).glob("*.toml")):
        found += tomllib.loads(path.read_text(encoding="utf-8")).get("card", [])
    return found


def _from_files(game: str, properties: Callable[[dict], set[str]]) -> Callable[[], Properties]:
    """A card set read from `assets/cards/<game>/`, each card's properties by `properties`."""
    return lambda: {card["id"]: properties(card) for card in _card_files(game)}


def _shrines_properties(card: dict) -> set[str]:
    """What a Shrines card teaches: see docs/cards.md for the fields."""
    found = {card["type"], *(a.split()[0] for a in card.get("abilities", []))}
    found |= {e["do"] for e in card.get("effects", []) + card.get("tap", [])}
    found |= {card["subtype"]} if "subtype" in card else set()
    found |= {"legendary"} if card.get("legendary") else set()
    condition = card.get("aura", {}).get("condition")
    return found | ({condition} if condition else set())


COURSES: dict[str, Course] = {
    "shrine": Course(
        _shrine_cards,
        frozenset(
            {"token", "jack", "dagger", "dblock", "daggertoken", "triplet", "quad"}
            | {"resurrect", "block", "fizzle", "counter", "take", "discard"}
        ),
    ),
    # A card's type (unit, building, policy, the three speeds of event, territory) and
    # its keywords, the number of Wrecker 2 or Damage Reduction 1 aside.
    "shards": Course(
        _from_files(
            "shards", lambda card: {card["type"]} | {k.split()[0] for k in card.get("keywords", [])}
        ),
        frozenset({"scrap", "play", "attack", "charge", "block", "hold", "withdraw"})
        | frozenset({"develop", "use", "begin", "expend", "trade", "move", "research"}),
    ),
    # A card's type and subtype, its abilities (`sprint 2` is Sprint), Legendary,
    # and what its effects, tap powers and aura do (freeze, bounce, ground...).
    "shrines": Course(
        _from_files("shrines", _shrines_properties),
        frozenset(
            {"tap", "source", "play", "cast", "travel", "attack", "block", "assign", "mount"}
            | {"unmark"}
        ),
    ),
    # Each card is one of seven spell types, each with its special property.
    "sorcerer": Course(
        _from_files("sorcerer", lambda card: {card["spell"]}),
        frozenset({"play", "quick", "sacrifice", "attack", "defend", "boost"}),
    ),
    # A card's type and subtype: Hero or Ally; Possession, Experience (Skill is the same)
    # or Setting; Action or Held Moment; Story Event.
    "usagi": Course(
        _from_files(
            "usagi",
            lambda card: (
                {card["type"]}
                | (
                    {"experience" if card["subtype"] == "skill" else card["subtype"]}
                    if card.get("subtype")
                    else set()
                )
            ),
        ),
        frozenset({"discard", "propose", "play", "involve", "pass", "finished"})
        | frozenset({"tiebreak", "extra", "hero"}),
    ),
}


def _taught(game: str, course: Course) -> tuple[set[str], set[str]]:
    """The card properties and the verbs the game's lessons use."""
    cards = course.cards()
    seen: set[str] = set()
    verbs: set[str] = set()
    for path in all_lessons()[game]:
        lesson = load(path)
        words: list[str] = []
        for step, moves in zip(lesson.steps, lesson.moves, strict=True):
            for move in moves:
                verbs.add(move.split()[0])
                words += move.split()
            words += [lit.split("/", 1)[1] for lit in step.light if "/" in lit]
        for word in words:
            seen |= cards.get(word.split("#")[0], set())
    return seen, verbs


@pytest.mark.parametrize("game", sorted(COURSES))
def test_every_card_kind_and_keyword_is_taught(game: str) -> None:
    course = COURSES[game]
    wanted = set().union(*course.cards().values())
    seen, verbs = _taught(game, course)
    assert not wanted - seen, (
        f"{game}: no lesson uses or lights a card with {sorted(wanted - seen)}"
    )
    assert not course.verbs - verbs, (
        f"{game}: no lesson makes the move {sorted(course.verbs - verbs)}"
    )


@pytest.mark.parametrize("game", sorted(COURSES))
def test_course_ends_with_a_game_played_out(game: str) -> None:
    last = load(all_lessons()[game][-1])
    assert last.steps[-1].kind() == "play_on", (
        f"{game}: the last lesson {last.name} is no play_on game"
    )
