"""Build Shrines positions card by card, and drive them, for the rules tests.

`start()` is a fresh game past both mulligans: p1's First Act, p1 holding priority.
`spawn` adds a new copy of any starter card straight into a zone (a site, a hand,
...), so a position holds exactly the cards a test needs; seats are 0-based in code
and p1/p2 in notation; sites are `a1`..`c5` (row 1 is p1's melee row).
"""

from __future__ import annotations

from game_helpers import driver

from shrinetable.games.shrines import GAME
from shrinetable.games.shrines.cards import Def, site_index, starter
from shrinetable.games.shrines.state import Perm, State

play, events, legal, refusal, who = driver(GAME)


def start(p1: str = "blue", p2: str = "red", seed: int = 1) -> State:
    s = GAME.new_game(seed, {"deck_p1": p1, "deck_p2": p2})
    return play(s, "keep", "keep")


def spawn(s: State, card_id: str, seat: int, where: str = "hand", entered: int = 0, **perm) -> str:
    """A new copy of `card_id` owned by `seat` in `where`: "hand", a site name, or a
    zone of that seat ("sources", "idols", "graveyard"). Returns its notation."""
    c = len(s.defs)
    s.defs = (*s.defs, Def.of(starter()[0][card_id]))
    s.owner = (*s.owner, seat)
    s.legal = None
    if where == "hand":
        s.hands[seat].append(c)
    elif len(where) == 2:
        site = site_index(where)
        s.perms[c] = Perm(seat, site, entered, **perm)
        s.sites[site].append(c)
    else:
        getattr(s, where)[seat].append(c)
    return s.name(c)


def mana(s: State, seat: int, text: str) -> State:
    """Fill `seat`'s pool: "RRG" is two red and a green, digits are colourless-free
    generic mana taken as blue."""
    s.legal = None
    for ch in text:
        if ch.isdigit():
            s.pool[seat][0] += int(ch)
        else:
            s.pool[seat]["BYRGP".index(ch)] += 1
    return s


def where(s: State, card: str) -> str | None:
    for zone, cards in GAME.all_cards(s).items():
        if card in cards:
            return zone
    return None


def to_act(s: State, act: str) -> State:
    """Pass acts (both players passing) until the active player is in `act`."""
    while s.act != act or s.stage != "main":
        seat, kind = who(s)
        s = play(s, "next" if kind == "main" else "pass")
    return s


def cast(s: State, seat: int, card_id: str, pool: str, targets: str = "") -> State:
    """A new `card_id` in `seat`'s hand, its mana `pool` paid in, cast with
    `targets` (the words after the card: targets, `x=N`)."""
    spell = spawn(s, card_id, seat)
    return play(mana(s, seat, pool), f"cast {spell} {targets}".strip())
