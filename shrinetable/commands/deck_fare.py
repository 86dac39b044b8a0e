"""`shrinetable deck fare GAME NAME_OR_FILE`: how a deck fares against each
starter deck of its game (`workbench.fare`), for scripts: its win rate with
its 95% interval against each and overall; `--against OTHER` measures OTHER
first and prints the paired change on the same games. The deck is a deck of
the card set (short name or whole name), a deck file (`.toml`) or a text list.
Exit 0 done, 1 the deck breaks the game's deck rules, 2 bad input."""

from __future__ import annotations

import argparse
import json
import sys
import tomllib
from pathlib import Path
from typing import Any

from shrinetable.formats import decktext
from shrinetable.formats.decks import deck_key
from shrinetable.formats.errors import FormatError, read_text
from shrinetable.formats.files import not_a_file
from shrinetable.workbench import fare


def add_parser(verbs: Any) -> Any:
    p = verbs.add_parser(
        "fare", help="play a deck against each starter deck: win rates with their intervals"
    )
    p.add_argument("game", metavar="GAME")
    p.add_argument(
        "deck", metavar="NAME_OR_FILE", help="a deck's short or whole name, a deck file or a list"
    )
    p.add_argument(
        "--games",
        type=int,
        default=fare.GAMES,
        help=f"games against each starter deck, both seat orders (default {fare.GAMES})",
    )
    p.add_argument("--seed", type=int, default=1, help="seed of each seating's first game")
    p.add_argument(
        "--against", metavar="NAME_OR_FILE", help="measure this deck first; print the change"
    )
    p.add_argument("--jobs", type=int, default=1, help="worker processes (default 1)")
    p.add_argument("--json", action="store_true", help="the figures as JSON")
    return p


def deck_fields(files: Any, value: str) -> tuple[str, dict[str, Any]]:
    """The deck `value` names (a deck of the card set, a deck file, a text list)
    as its name and fields; fare.Refused naming what is wrong."""
    if (deck := files.shipped(value)) is not None:
        return deck.name, deck.model_dump(exclude={"name", "game"})
    if wrong := not_a_file(value):
        keys = ", ".join(deck_key(d) for d in files.catalog()[1])
        raise fare.Refused(f"{value!r}: no deck of that name ({keys}) and no file there ({wrong})")
    try:
        if Path(value).suffix.lower() == ".toml":
            said = tomllib.loads(read_text(value)).get("game")
            if said != files.game:
                raise fare.Refused(f"{value}: a deck file for {said!r}, not for {files.game!r}")
            deck = files.read_deck_file(value)[0]
            return deck.name, deck.model_dump(exclude={"name", "game"})
        cards = files.catalog()[0]
        shape = decktext.Shape.of(files.model)
        fields = decktext.parse(read_text(value), cards, f"the {files.game} cards", shape)
    except decktext.DeckTextError as e:
        raise fare.Refused("\n".join(f"{value}: {line}" for line in e.problems)) from None
    except (FormatError, tomllib.TOMLDecodeError) as e:
        raise fare.Refused(f"{value}: {e}") from None
    return Path(value).stem, fields


def run(args: argparse.Namespace, files: Any) -> int:
    if args.jobs < 1:
        print(f"shrinetable deck: --jobs {args.jobs}: give at least 1", file=sys.stderr)
        return 2
    try:
        asks = [
            fare.Ask(args.game, *deck_fields(files, value), args.games, args.seed, cards=args.cards)
            for value in ([args.against] if args.against else []) + [args.deck]
        ]
        setups = [fare.set_up(ask) for ask in asks]
    except fare.Refused as e:
        print(f"shrinetable deck: {e}", file=sys.stderr)
        return 1 if isinstance(e, fare.Illegal) else 2
    got: dict | None = None
    for ask, setup in zip(asks, setups, strict=True):
        got = fare.measure(ask, got, jobs=args.jobs, setup=setup)
    assert got is not None
    got = {k: v for k, v in got.items() if k not in ("records", "seatings")}
    print(json.dumps(got, indent=1) if args.json else words(got))
    return 0


def _rate(r: dict) -> str:
    if not r.get("n"):
        return "no finished games"
    lo, hi = r["ci"]
    return f"{r['rate']:>4.0%}  [{lo:.0%}, {hi:.0%}]  ({r['k']} of {r['n']})"


def _delta(r: dict) -> str:
    if r.get("delta") is None:
        return "no games finished both times"
    lo, hi = r["ci"]
    return f"{100 * r['delta']:+.1f} pts  [{100 * lo:+.1f}, {100 * hi:+.1f}]"


def words(got: dict) -> str:
    """The figures as lines to read."""
    width = max(len(o["name"]) for o in got["opponents"]) + 9
    lines = [
        f"How does {got['deck']} fare? {got['games_per_opponent']} games against each "
        f"starter deck (every seat order), seed {got['seed']}; 95% intervals."
    ]
    for o in got["opponents"]:
        lines.append(f"  {'against ' + o['name']:<{width}} {_rate(o)}")
    lines.append(f"  {'overall':<{width}} {_rate(got['overall'])}")
    if got["unfinished"]:
        lines.append(f"  {got['unfinished']} games unfinished after {got['max_turns']} turns")
    change = got["change"]
    if change:
        lines.append(
            f"Change from {change['from']}, paired on the same {change['paired_games']} games:"
        )
        for o in change["opponents"]:
            lines.append(f"  {'against ' + o['name']:<{width}} {_delta(o)}")
        lines.append(f"  {'overall':<{width}} {_delta(change['overall'])}")
    return "\n".join(lines)
