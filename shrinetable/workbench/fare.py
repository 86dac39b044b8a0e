"""How does a deck fare? It plays against each starter deck of its game.

A deck being built is not a deck of any card set yet, and some games take a
deck only by its name, so the deck is written into a card folder of its own
(a temporary `<game>/decks.toml`, beside a copy of the designer's `--cards`
folder if there is one) under a name no deck of the set has (`measured`), and
played as `shrinetable report --cards` plays a designer's deck: the same plan
(`Plan`: seating k mod S, seed `seed + k div S`), the same games (`run_chunk`),
the same figures (`summary`), so a rate here is the report's for the same
seeds. The seatings are the deck at each seat against one starter deck at the
others (with two seats: both seat orders), `games` per starter rounded up to
whole rounds. Measured again after a change, the games are the same seeds, so
the change is paired game by game (`compare`).

`background` runs a measurement in a process of its own, for the window.
"""

from __future__ import annotations

import contextlib
import io
import math
import shutil
import statistics
import tempfile
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from shrinetable.engine import SHIPPED_AND_MINE, CardSet, registry
from shrinetable.formats.decks import deck_key
from shrinetable.formats.decktext import with_deck, write_whole
from shrinetable.formats.errors import FormatError

from . import compare, summary
from .measure import run_chunk
from .plan import Plan, check_cards, deck_names
from .run import chunks, run_plan, workers

KEY = "measured"  # the measured deck's short name (another if a deck of the set has it)
GAMES = 20  # games against each starter deck unless the player chooses
MAX_GAMES = 1000  # against each starter deck
MAX_TURNS = 500  # as `report`'s default: a game still going is unfinished


class Refused(ValueError):
    """A deck that cannot be measured; the message names the deck, file or rule."""


class Illegal(Refused):
    """The deck breaks its game's deck rules; the message names the rule."""


@dataclass(frozen=True)
class Ask:
    """What to measure: the deck (its name and fields as a deck file holds them:
    card tables, single cards), its game, the games against each starter deck,
    the seed of the first, and a designer's card folder (`--cards DIR`)."""

    game: str
    name: str
    fields: dict[str, Any]
    games: int = GAMES
    seed: int = 1
    max_turns: int = MAX_TURNS
    cards: str | None = None

    @staticmethod
    def of(game: str, deck: Any, **kw: Any) -> Ask:
        """The Ask for a deck of the game's deck model (what a builder holds)."""
        fields = deck.model_dump(exclude={"name", "game"})
        return Ask(game, str(deck.name), fields, **kw)


@dataclass
class Setup:
    """An Ask checked: the game in its card set, the measured deck's key, the
    starter decks (key -> name) and the plan."""

    ask: Ask
    game: Any
    key: str
    starters: dict[str, str]
    plan: Plan
    names: dict[str, str] = field(default_factory=dict)  # deck key -> its name


def set_up(ask: Ask) -> Setup:
    """The Ask checked (game, card folder, budget, the deck and its rules);
    Refused naming what is wrong."""
    try:
        with contextlib.redirect_stderr(io.StringIO()):
            game = registry.get(ask.game)
        folder = check_cards(game, "--cards", ask.cards)
        game = registry.get(ask.game, SHIPPED_AND_MINE.adding(folder))
    except (KeyError, ValueError, FormatError) as e:
        raise Refused(e.args[0] if isinstance(e, KeyError) else str(e)) from None
    files = game.card_data.decks if game.card_data is not None else None
    if files is None or None in (game.deck_option(s) for s in range(game.min_seats)):
        raise Refused(f"{game.title} has no decks to measure")
    if not 1 <= ask.games <= MAX_GAMES:
        raise Refused(f"--games {ask.games}: give 1 to {MAX_GAMES} games against each deck")
    cards, decks = files.catalog()
    try:
        deck = files.model.model_validate({**ask.fields, "name": ask.name, "game": files.game})
    except ValueError as e:  # pydantic's ValidationError
        raise Refused(f"{ask.name}: not a {game.title} deck: {str(e).splitlines()[0]}") from None
    if bad := files.problems(deck, cards):
        raise Illegal("\n".join([*bad, f"(the deck breaks {game.title}'s deck rules)"]))
    shipped: Any = registry.get(ask.game, CardSet(mine=False)).card_data
    starters = {deck_key(d): d.name for d in shipped.decks.catalog()[1]}
    taken = {deck_key(d) for d in decks}
    key = next(
        k for n in range(1, len(taken) + 2) if (k := KEY + (f"-{n}" if n > 1 else "")) not in taken
    )
    seats = game.min_seats
    opts, _ = deck_names(game, seats)
    seatings = tuple(
        tuple(key if s == mine else other for s in range(seats))
        for other in starters
        for mine in range(seats)
    )
    rounds = math.ceil(ask.games / seats)
    plan = Plan(
        game.name,
        seats,
        (key, *starters),
        seatings,
        rounds * len(seatings),
        ask.seed,
        ask.max_turns,
        opts,
    )
    return Setup(ask, game, key, starters, plan, {key: ask.name, **starters})


def write_folder(setup: Setup, root: Path) -> str:
    """A card folder under `root` holding the measured deck as `setup.key`'s
    deck (and the designer's folder's files): what the games are played with."""
    data = setup.game.card_data
    mine = root / Path(data.folder).name
    mine.mkdir(parents=True)
    if setup.ask.cards:
        for path in sorted((Path(setup.ask.cards) / mine.name).glob("*.toml")):
            shutil.copyfile(path, mine / path.name)
    decks = mine / "decks.toml"
    old = decks.read_text(encoding="utf-8") if decks.exists() else ""
    write_whole(decks, with_deck(old, f"{setup.key}: {setup.ask.name}", setup.ask.fields))
    return str(root)


def play(
    setup: Setup, folder: str, jobs: int = 1, on_game: Callable[[int], None] | None = None
) -> list[dict]:
    """Every game of the plan with the card folder `folder`: in this process one
    at a time (`jobs` 1; `on_game(done)` after each), else on `jobs` workers
    with `report`'s progress bar. Sorted by (seating, seed), as `report` sorts."""
    if jobs > 1:
        pool = workers(jobs)
        try:
            ran = run_plan(setup.plan, folder, jobs, label=f"{setup.game.name} fare", pool=pool)
        finally:
            pool.shutdown(wait=True, cancel_futures=True)
        if ran.stopped:
            raise KeyboardInterrupt
        return ran.records
    records: list[dict] = []
    for spec in chunks(setup.plan, folder, 1, size=1):
        records += run_chunk(spec)
        if on_game is not None:
            on_game(len(records))
    records.sort(key=lambda r: (r["seating"], r["seed"]))
    return records


def figures(setup: Setup, records: list[dict], before: dict | None = None) -> dict:
    """The deck's win rate (95% Wilson interval) against each starter deck and
    overall, finished games only; with `before` (an earlier result of the same
    plan) each one's paired change."""
    plan = setup.plan
    report = summary.summarize(plan, records, {})
    row = report["matrix"][setup.key]
    out: dict[str, Any] = {
        "game": plan.game,
        "deck": setup.ask.name,
        "seed": plan.seed,
        "seats": plan.seats,
        "games_per_opponent": plan.rounds * plan.seats,
        "games": len(records),
        "finished": report["finished"],
        "unfinished": report["unfinished"],
        "max_turns": plan.max_turns,
        "overall": report["deck_rates"][setup.key],
        "opponents": [
            {"deck": k, "name": setup.starters[k], **(row[k] or {})} for k in setup.starters
        ],
        "cpu_per_game": round(statistics.median(r["cpu"] for r in records), 4) if records else None,
        "change": None,
    }
    if before is not None and before.get("seatings") == [list(s) for s in plan.seatings]:
        out["change"] = change(setup, before["records"], records, before["deck"])
    return out


def change(setup: Setup, before: list[dict], after: list[dict], was: str) -> dict:
    """The paired change, after minus before, of the overall rate and each
    starter's (the games finished both times; `compare`'s paired rows)."""
    got = compare.compare(setup.plan, before, after, [], {})
    rows = {tuple(r["key"]): r for r in got["changed"] + got["unchanged"]}

    def part(r: dict | None) -> dict:
        keep = ("n", "delta", "ci", "p", "before", "after")
        return {k: r.get(k) for k in keep} if r else {"n": 0, "delta": None, "ci": None}

    return {
        "from": was,
        "paired_games": got["paired_games"],
        "overall": part(rows.get(("deck", setup.key))),
        "opponents": [
            {"deck": k, "name": n, **part(rows.get(("matchup", setup.key, k)))}
            for k, n in setup.starters.items()
        ],
    }


def measure(
    ask: Ask,
    before: dict | None = None,
    jobs: int = 1,
    on_game: Callable[[int, int], None] | None = None,
    setup: Setup | None = None,
) -> dict:
    """Measure `ask` (Refused when it cannot be): `figures`, with `seconds` and
    what a later measurement pairs with (`seatings`, `records`)."""
    setup = setup or set_up(ask)
    total = setup.plan.games
    start = time.perf_counter()
    with tempfile.TemporaryDirectory(prefix="shrinetable-fare-") as root:
        folder = write_folder(setup, Path(root))
        records = play(setup, folder, jobs, on_game and (lambda done: on_game(done, total)))
    out = figures(setup, records, before)
    out["seconds"] = round(time.perf_counter() - start, 2)
    out["seatings"] = [list(s) for s in setup.plan.seatings]
    out["records"] = [
        {
            k: r[k]
            for k in ("seating", "seed", "winners", "turns", "moves", "drawn", "played", "cpu")
        }
        for r in records
    ]
    return out
