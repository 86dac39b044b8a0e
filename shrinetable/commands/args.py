"""Arguments that several commands read, read one way with one set of messages.

Game options are written `NAME=VALUE` (`play --option`, `simulate --option`):
each value is read as the type of the option's default (`OptionSpec`: on/off, a
whole number or a word), then the game checks the whole set (`check_options`:
known names, allowed values). Sizes are written `WIDTHxHEIGHT` (`play --size`,
`demo --size`), each command with its own smallest size.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from shrinetable.engine import CardSet

TRUE = ("true", "yes", "on", "1")
FALSE = ("false", "no", "off", "0")


def parse_options(game: Any, pairs: list[str]) -> dict[str, Any]:
    """The options `pairs` set, typed; ValueError naming the pair otherwise."""
    known = {o.name: o for o in game.options}
    out: dict[str, Any] = {}
    for pair in pairs:
        name, eq, text = pair.partition("=")
        if not eq or not name:
            raise ValueError(f"--option {pair!r} is not NAME=VALUE")
        if name not in known:
            raise ValueError(
                f"--option {pair!r}: unknown option {name!r}; {game.name} has no "
                f"such option (known: {', '.join(sorted(known)) or 'none'})"
            )
        out[name] = _value(name, text, known[name].default)
    for name, value in out.items():
        needs = known[name].needs
        if value and needs and not out.get(needs, known[needs].default):
            raise ValueError(
                f"--option {name}: means nothing unless {needs} is on; add --option {needs}=true"
            )
    game.check_options(out)
    return out


def _value(name: str, text: str, default: Any) -> Any:
    """`text` as the type of `default`."""
    word = text.strip().lower()
    if isinstance(default, bool):
        if word in TRUE + FALSE:
            return word in TRUE
        raise ValueError(f"option {name!r} takes true or false, not {text!r}")
    if isinstance(default, int):
        try:
            return int(word)
        except ValueError:
            raise ValueError(f"option {name!r} takes a whole number, not {text!r}") from None
    return text.strip()


DIGITS = re.compile(r"[0-9]{1,6}")  # str.isdigit also takes "²", which int() refuses
LARGEST = (7680, 4320)  # 8K: a bigger picture runs out of memory, not of detail


def parse_size(text: str, least: tuple[int, int]) -> tuple[int, int]:
    """`WIDTHxHEIGHT` as two ints, from `least` to LARGEST; ValueError otherwise."""
    w, _, h = text.lower().partition("x")
    if not (DIGITS.fullmatch(w.strip()) and DIGITS.fullmatch(h.strip())):
        raise ValueError(f"--size {text!r}: write WIDTHxHEIGHT, e.g. 1280x720")
    size = int(w), int(h)
    if size[0] < least[0] or size[1] < least[1]:
        raise ValueError(f"--size {text!r}: too small; at least {least[0]}x{least[1]}")
    if size[0] > LARGEST[0] or size[1] > LARGEST[1]:
        raise ValueError(f"--size {text!r}: too large; at most {LARGEST[0]}x{LARGEST[1]}")
    return size


def add_announce(parser: Any, default: Any = None) -> None:
    """`--announce FILE`: every announcement the table makes, a line each (the
    start screen's and `play`'s; `default` SUPPRESS leaves `play`'s alone)."""
    parser.add_argument(
        "--announce",
        metavar="FILE",
        default=default,
        help="write every announcement (prompt, log lines, focused card, refusals, "
        "results) to FILE, one a line",
    )


def add_cards(parser: Any) -> None:
    """`--cards DIR`: a designer's card folder for this run."""
    parser.add_argument(
        "--cards",
        metavar="DIR",
        help="a folder of card files: DIR/<game>/*.toml add cards and decks "
        "to the game's set or replace them by id (see docs/cards.md)",
    )


def use_cards(folder: str | None) -> CardSet:
    """The card set of this run: the shipped cards and the person's own, and the
    designer folder `--cards DIR` gave (checked here, before a game reads its
    cards); ValueError when it is not a card folder."""
    from shrinetable.engine import SHIPPED_AND_MINE

    if folder is None:
        return SHIPPED_AND_MINE
    from shrinetable.formats.files import not_a_folder, resolved, why

    root = Path(folder)
    if wrong := not_a_folder(root):
        raise ValueError(f"--cards {folder}: {wrong}")
    try:
        if any(root.glob("*.toml")) and not any(p.is_dir() for p in root.iterdir()):
            raise ValueError(
                f"--cards {folder}: put each game's card files in a folder named "
                f"after the game's card folder, e.g. {root}/<game>/"
            )
        return SHIPPED_AND_MINE.adding(str(resolved(root)))
    except OSError as e:
        raise ValueError(f"--cards {folder}: {why(e)}") from None
