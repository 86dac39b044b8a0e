"""A deck as a plain text list, as players paste decks in forums: one line a card,
its count then its name (`3 Fool's Gold` or `3x Fool's Gold`); `#` starts a comment,
blank lines are allowed. For any game whose decks are card id -> copies.

A card is found by its printed name (any case), or by its id when a name is not
enough (two cards share it). Export writes each card so that import finds the
same card, so a deck goes out and comes back the same. A deck goes into a card
folder as a `[[deck]]` table of its `decks.toml` (docs/cards.md), written whole
or not at all.
"""

from __future__ import annotations

import difflib
import os
import re
import tempfile
import tomllib
from pathlib import Path
from typing import Any

from .cards import MAX_NUMBER

LINE = re.compile(r"([0-9]{1,9})[xX]?\s+(\S.*)")
EXAMPLE = "3 Card Name"


class DeckTextError(ValueError):
    """A text list that is not a deck: one message a faulty line."""

    def __init__(self, problems: list[str]):
        self.problems = problems
        super().__init__("\n".join(problems))


def _norm(name: str) -> str:
    return " ".join(name.lower().split())


def _names(cards: dict[str, Any]) -> dict[str, list[str]]:
    """The ids of the cards of each name (folded)."""
    out: dict[str, list[str]] = {}
    for cid, card in cards.items():
        out.setdefault(_norm(card.name), []).append(cid)
    return out


def find(label: str, cards: dict[str, Any], names: dict[str, list[str]]) -> list[str]:
    """The ids `label` may mean: the cards of that name, else the card with that id."""
    by_name = names.get(_norm(label), [])
    if by_name:
        return by_name
    return [label.strip()] if label.strip() in cards else []


def export(deck: Any, cards: dict[str, Any]) -> str:
    """`deck` as a text list: its name as a comment, then `count name` a card, in
    its order (the id where the name would mean another card or several)."""
    names = _names(cards)
    title = " ".join(str(deck.name).split())
    lines = [f"# {title}"]
    for cid, n in deck.cards.items():
        name = str(getattr(cards.get(cid), "name", ""))
        plain = name and "#" not in name and find(name, cards, names) == [cid]
        label = name if plain else cid
        lines.append(f"{n} {label}")
    return "\n".join(lines) + "\n"


def parse(text: str, cards: dict[str, Any], where: str) -> dict[str, int]:
    """The card ids and copies a text list holds, in its order (a card on two lines
    counts both); DeckTextError with a line each that is malformed or names no
    single card of `cards`, `where` saying whose cards (e.g. "the cards of a game")."""
    names = _names(cards)
    out: dict[str, int] = {}
    problems = []
    for number, raw in enumerate(text.splitlines(), 1):
        line = raw.split("#", 1)[0].strip()
        if not line:
            continue
        m = LINE.fullmatch(line)
        if m is None:
            problems.append(
                f"line {number}: '{line}' is not a count and a card's name, e.g. '{EXAMPLE}'"
            )
            continue
        count, label = int(m.group(1)), m.group(2).strip()
        ids = find(label, cards, names)
        if not 1 <= count <= MAX_NUMBER:
            problems.append(f"line {number}: {count} copies; a count is 1 to {MAX_NUMBER}")
        elif not ids:
            near = difflib.get_close_matches(label, [c.name for c in cards.values()], n=1)
            hint = f"; did you mean '{near[0]}'?" if near else ""
            problems.append(f"line {number}: no card called '{label}' in {where}{hint}")
        elif len(ids) > 1:
            problems.append(
                f"line {number}: {len(ids)} cards are called '{label}' ({', '.join(ids)}); "
                "write the id of the one you mean"
            )
        else:
            out[ids[0]] = out.get(ids[0], 0) + count
    if not problems and not out:
        problems.append(f"no cards: write one line a card, e.g. '{EXAMPLE}'")
    if problems:
        raise DeckTextError(problems)
    return out


def _toml_string(text: str) -> str:
    """`text` as a TOML basic string."""
    out = []
    for ch in text:
        if ch in '"\\':
            out.append("\\" + ch)
        elif ord(ch) < 0x20 or ord(ch) == 0x7F:
            out.append(f"\\u{ord(ch):04x}")
        else:
            out.append(ch)
    return '"' + "".join(out) + '"'


def deck_table(name: str, cards: dict[str, int]) -> str:
    """A `[[deck]]` table of a `decks.toml` holding the deck `name`."""
    rows = [f"{cid} = {n}" for cid, n in cards.items()]
    return "\n".join(["[[deck]]", f"name = {_toml_string(name)}", "", "[deck.cards]", *rows, ""])


def _tables(text: str) -> list[str]:
    """`text` cut before each `[[deck]]` line: what comes first, then a piece a deck."""
    return re.split(r"(?m)^(?=[ \t]*\[\[deck\]\][ \t]*(?:#.*)?$)", text)


def _piece_name(piece: str) -> str | None:
    try:
        decks = tomllib.loads(piece).get("deck", [])
    except tomllib.TOMLDecodeError:
        return None
    return decks[0].get("name") if decks and isinstance(decks[0], dict) else None


def with_deck(text: str, name: str, cards: dict[str, int]) -> str:
    """A `decks.toml`'s `text` with the deck `name` added, the deck of that name
    (in any case) it held taken out."""
    pieces = [p for p in _tables(text) if str(_piece_name(p)).lower() != name.lower()]
    kept = "".join(pieces)
    if kept and not kept.endswith("\n"):
        kept += "\n"
    return kept + ("\n" if kept.strip() else "") + deck_table(name, cards)


def write_whole(path: Path, text: str) -> None:
    """`text` written to `path` whole or not at all (a temporary file, then a rename)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}-", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            f.write(text)
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, path)
    finally:
        Path(tmp).unlink(missing_ok=True)
