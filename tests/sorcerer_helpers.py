"""Build Sorcerer positions from our own cards, independent of the shipped set.

`spell("gross", 5, 2)` is a card of that type and numbers; `table(...)` lays cards
into zones (each zone a list of such cards, numbered from 1 in the order given)
and returns the state; `n(s, c)` is the notation of card number c.
"""

from __future__ import annotations

from game_helpers import driver

from shrinetable.engine.rng import seeded
from shrinetable.games.sorcerer import GAME
from shrinetable.games.sorcerer.cards import NONE, Def
from shrinetable.games.sorcerer.schema import Card
from shrinetable.games.sorcerer.state import Options, State

play, events, legal, refusal, who = driver(GAME)

ZONES = ("deck", "hand", "play", "discard", "removed")


def spell(kind: str, attack: int, shield: int) -> Def:
    cid = f"{kind}-{attack}-{shield}"
    return Def.of(
        Card(
            id=cid,
            name=f"{kind.title()} {attack}/{shield}",
            spell=kind,
            rarity="star",
            attack=attack,
            shield=shield,
        )
    )


def table(
    zones: dict[str, list[Def]],
    turn: int = 0,
    stage: str = "play",
    special: bool = True,
    mp=(30, 30),
    turned=(),
    r6: bool = False,
) -> State:
    """A position at `stage` of `turn`'s turn; lanes are reached through moves.
    `turned` lists instance numbers; `r6` switches on the R6 option."""
    defs, owner, piles = [NONE], [0], {}
    for zone, cards in zones.items():
        q = int(zone.partition(":")[2]) if ":" in zone else 0
        piles[zone] = list(range(len(defs), len(defs) + len(cards)))
        defs += cards
        owner += [q] * len(cards)
    s = State(
        Options(special, ("", ""), r6),
        seeded(1),
        tuple(defs),
        ("",) + tuple(f"{d.id}#{c}" for c, d in enumerate(defs) if c),
        tuple(owner),
        *([piles.get(f"{z}:{q}", []) for q in (0, 1)] for z in ZONES),
        mp=list(mp),
    )
    s.turn, s.stage = turn, stage
    s.turned = frozenset(turned)
    return s


def n(s: State, c: int) -> str:
    return s.names[c]
