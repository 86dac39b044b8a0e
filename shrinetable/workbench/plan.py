"""Which games a report plays: every seating of the chosen decks, and their seeds.

A seating gives each seat a deck: with two seats every ordered pair (mirrors
too, so both seat orders of every pairing are measured); with more seats every
ordering of distinct decks when there are enough decks (all orders of every
table), else every assignment. A game without a deck choice has one seating.
The k-th game plays seating k mod S with seed `seed + k div S`: each seating's
games have consecutive seeds, the same seeds as `simulate --seed` with those
decks, and a compared card set replays exactly the same seeds. The games asked
for are rounded up to whole rounds of the S seatings, so that every deck sits
at every seat as often.
"""

from __future__ import annotations

import contextlib
import io
import itertools
import math
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from shrinetable.engine import SHIPPED_AND_MINE, registry
from shrinetable.formats.cards import card_folder, check_folder, load_dir, merge
from shrinetable.formats.decks import deck_key
from shrinetable.formats.files import not_a_folder

from .stats import Z95

ONE_DECK = "standard"  # the deck name shown for a game without a deck choice
MAX_GAMES = 20_000  # a game's figures are 2 to 6 kB: 120 MB at most, twice with --compare


@dataclass(frozen=True)
class Plan:
    game: str
    seats: int
    decks: tuple[str, ...]
    seatings: tuple[tuple[str, ...], ...]
    games: int
    seed: int
    max_turns: int
    deck_options: tuple[str | None, ...] = ()
    options: dict[str, Any] = field(default_factory=dict)

    def options_of(self, seating: tuple[str, ...]) -> dict[str, Any]:
        """The game options of one seating: each seat's deck option set."""
        out = dict(self.options)
        out.update(
            {
                opt: deck
                for opt, deck in zip(self.deck_options, seating, strict=True)
                if opt is not None
            }
        )
        return out

    def cell_seats(self) -> int:
        """Seats a round of the seatings gives the thinnest matrix cell (a deck
        with another deck at the table), or the games of a round without one."""
        per: dict[tuple[str, str], int] = {}
        for seating in self.seatings:
            for seat, deck in enumerate(seating):
                for other in set(seating[:seat] + seating[seat + 1 :]) - {deck}:
                    per[deck, other] = per.get((deck, other), 0) + 1
        return min(per.values()) if per else len(self.seatings)

    def games_for(self, half: float) -> int:
        """Games for every matrix cell's 95% interval to be about +-`half` when
        its rate is near the fair share."""
        fair = 1 / self.seats
        need = math.ceil(Z95 * Z95 * fair * (1 - fair) / (half * half))
        return math.ceil(need / self.cell_seats()) * len(self.seatings)

    def cell_half(self) -> float:
        """The 95% interval's half width of the thinnest cell at the fair share."""
        fair = 1 / self.seats
        return Z95 * math.sqrt(fair * (1 - fair) / (self.cell_seats() * self.rounds))

    @property
    def rounds(self) -> int:
        return self.games // len(self.seatings)

    def schedule(self) -> Iterator[tuple[int, int]]:
        """(seating index, seed) of every game, in order, as they are played."""
        n = len(self.seatings)
        return ((k % n, self.seed + k // n) for k in range(self.games))


def seatings(decks: tuple[str, ...], seats: int) -> list[tuple[str, ...]]:
    if seats > 2 and len(decks) >= seats:
        return list(itertools.permutations(decks, seats))
    return list(itertools.product(decks, repeat=seats))


def deck_names(
    game: Any, seats: int, extra: tuple[str, ...] = ()
) -> tuple[tuple[str | None, ...], tuple[str, ...]]:
    """Each seat's deck option and the decks they all offer (none: one deck),
    then the `extra` decks the card folders of the run add."""
    opts = tuple(game.deck_option(s) for s in range(seats))
    if None in opts:
        return (None,) * seats, (ONE_DECK,)
    specs = {o.name: o for o in game.options}
    shared = [c for c in specs[opts[0]].choices if all(c in specs[o].choices for o in opts[1:])]
    offered = tuple(str(c) for c in shared)
    return opts, offered + tuple(d for d in extra if d not in offered)


def make_plan(
    game: Any,
    *,
    games: int,
    seats: int | None,
    decks: str,
    seed: int,
    max_turns: int,
    extra: tuple[str, ...] = (),
) -> Plan:
    """The plan for these arguments; ValueError naming the argument otherwise.
    `extra`: decks that every card set of the run defines beyond the shipped ones."""
    seats = game.min_seats if seats is None else seats
    if not game.min_seats <= seats <= game.max_seats:
        raise ValueError(f"--players {seats}: {game.name} is for {game.players_text()} players")
    if games < 1:
        raise ValueError(f"--games {games}: a report needs at least 1 game")
    if games > MAX_GAMES:
        raise ValueError(
            f"--games {games}: at most {MAX_GAMES:,} in one report (each game's "
            f"figures are kept until the page is written); run reports with "
            f"other --seed values for more"
        )
    if max_turns < 1:
        raise ValueError(f"--max-turns {max_turns}: give at least 1")
    opts, offered = deck_names(game, seats, extra)
    chosen = offered
    if decks != "all":
        chosen = tuple(dict.fromkeys(d.strip() for d in decks.split(",") if d.strip()))
        unknown = [d for d in chosen if d not in offered]
        if unknown or not chosen:
            raise ValueError(
                f"--decks {decks}: unknown deck {(unknown or [''])[0]!r}; "
                f"{game.name}'s decks: {', '.join(offered)}"
            )
    every = tuple(seatings(chosen, seats))
    whole = -(-games // len(every)) * len(every)
    return Plan(game.name, seats, chosen, every, whole, seed, max_turns, opts)


def load_checked(name: str, flag: str, folder: str | None) -> Any:
    """The game called `name` with the card folder `folder` (a `--cards` folder),
    that folder checked whole first: its fault raised (FormatError) rather than
    only noticed, as loading the game would, on stderr."""
    with contextlib.redirect_stderr(io.StringIO()):
        game = registry.get(name)
    return registry.get(name, SHIPPED_AND_MINE.adding(check_cards(game, flag, folder)))


def check_cards(game: Any, flag: str, folder: str | None) -> str | None:
    """A card folder argument checked whole for `game` (FormatError names the
    fault, ValueError a folder with nothing for the game); its absolute path."""
    if folder is None:
        return None
    if wrong := not_a_folder(folder):
        raise ValueError(f"{flag} {folder}: {wrong}")
    data = game.card_data
    if data is None:
        raise ValueError(f"{flag} {folder}: {game.name} has no card files")
    mine = Path(folder) / Path(data.folder).name
    if not mine.is_dir():
        raise ValueError(f"{flag} {folder}: no folder {mine} of {game.name} card files")
    check_folder(data, mine)
    return str(Path(folder).resolve())


def folder_decks(game: Any, folder: str | None) -> tuple[str, ...]:
    """The deck keys of the card set a run plays with the card folder `folder`
    (checked already; None: the shipped set): the shipped decks, then those the
    folder adds."""
    data = game.card_data
    if data is None:
        return ()
    cards, decks = load_dir(card_folder(data), data.card, data.deck)
    if folder is not None:
        _, decks = merge(data, Path(folder) / Path(data.folder).name, cards, decks)
    return tuple(deck_key(d) for d in decks)
