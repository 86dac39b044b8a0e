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
from dataclasses import dataclass
from pathlib import Path
from typing import Any, get_origin

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


@dataclass(frozen=True)
class Shape:
    """The parts of a deck a text list writes: its card-count tables (under a
    heading each, `Primary:`, when there are several) and the single cards it
    names (`Leader: Card Name`), as the game's deck model has them."""

    tables: tuple[str, ...] = ("cards",)
    picks: tuple[str, ...] = ()

    @staticmethod
    def of(model: Any) -> Shape:
        """The shape of a deck model: its `dict` fields, and its `str` fields but
        the deck's own words (`name`, `style`)."""
        fields = model.model_fields.items()
        return Shape(
            tuple(n for n, f in fields if get_origin(f.annotation) is dict),
            tuple(n for n, f in fields if f.annotation is str and n not in ("name", "style")),
        )

    def size(self, deck: Any) -> int:
        """The cards in `deck`'s tables."""
        return sum(sum(getattr(deck, t).values()) for t in self.tables)


def export(deck: Any, cards: dict[str, Any], shape: Shape = Shape()) -> str:
    """`deck` as a text list: its name as a comment, its single cards, then `count
    name` a card, in its order (the id where the name would mean another card or
    several)."""
    names = _names(cards)

    def label(cid: str) -> str:
        name = str(getattr(cards.get(cid), "name", ""))
        plain = name and "#" not in name and find(name, cards, names) == [cid]
        return name if plain else cid

    lines = [f"# {' '.join(str(deck.name).split())}"]
    lines += [f"{p.title()}: {label(getattr(deck, p))}" for p in shape.picks]
    for table in shape.tables:
        if len(shape.tables) > 1:
            lines.append(f"{table.title()}:")
        lines += [f"{n} {label(cid)}" for cid, n in getattr(deck, table).items()]
    return "\n".join(lines) + "\n"


def parse(text: str, cards: dict[str, Any], where: str, shape: Shape = Shape()) -> dict[str, Any]:
    """The deck's fields a text list holds (each table's card ids and copies, in
    its order, a card on two lines counting both); DeckTextError with a line each
    that is malformed or names no single card of `cards`, `where` saying whose
    cards (e.g. "the cards of a game")."""
    names = _names(cards)
    out: dict[str, Any] = {t: {} for t in shape.tables}
    problems: list[str] = []

    def card(label: str, number: int) -> str | None:
        ids = find(label, cards, names)
        if len(ids) == 1:
            return ids[0]
        if ids:
            problems.append(
                f"line {number}: {len(ids)} cards are called '{label}' ({', '.join(ids)}); "
                "write the id of the one you mean"
            )
        else:
            near = difflib.get_close_matches(label, [c.name for c in cards.values()], n=1)
            hint = f"; did you mean '{near[0]}'?" if near else ""
            problems.append(f"line {number}: no card called '{label}' in {where}{hint}")
        return None

    table = shape.tables[0]
    for number, raw in enumerate(text.splitlines(), 1):
        line = raw.split("#", 1)[0].strip()
        head, colon, rest = (part.strip() for part in line.partition(":"))
        if not line:
            continue
        if colon and head.lower() in shape.tables and not rest:
            table = head.lower()
            continue
        if colon and head.lower() in shape.picks and rest:
            out[head.lower()] = card(rest, number)
            continue
        m = LINE.fullmatch(line)
        if m is None:
            problems.append(
                f"line {number}: '{line}' is not a count and a card's name, e.g. '{EXAMPLE}'"
            )
            continue
        count, label = int(m.group(1)), m.group(2).strip()
        if not 1 <= count <= MAX_NUMBER:
            problems.append(f"line {number}: {count} copies; a count is 1 to {MAX_NUMBER}")
        elif (cid := card(label, number)) is not None:
            out[table][cid] = out[table].get(cid, 0) + count
    problems += [f"no '{p.title()}: Card Name' line" for p in shape.picks if p not in out]
    if not problems and not any(out[t] for t in shape.tables):
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


def deck_table(name: str, fields: dict[str, Any]) -> str:
    """A `[[deck]]` table of a `decks.toml` holding the deck `name` with `fields`
    (single card ids, then card-count tables)."""
    rows = ["[[deck]]", f"name = {_toml_string(name)}"]
    rows += [f"{k} = {_toml_string(v)}" for k, v in fields.items() if isinstance(v, str)]
    for key, table in fields.items():
        if isinstance(table, dict):
            rows += ["", f"[deck.{key}]", *(f"{cid} = {n}" for cid, n in table.items())]
    return "\n".join([*rows, ""])


def pieces(text: str) -> list[str]:
    """`text` cut before each `[[deck]]` line: what comes first, then a piece a deck."""
    return re.split(r"(?m)^(?=[ \t]*\[\[deck\]\][ \t]*(?:#.*)?$)", text)


def piece_name(piece: str) -> str | None:
    try:
        decks = tomllib.loads(piece).get("deck", [])
    except tomllib.TOMLDecodeError:
        return None
    return decks[0].get("name") if decks and isinstance(decks[0], dict) else None


def with_deck(text: str, name: str, fields: dict[str, Any]) -> str:
    """A `decks.toml`'s `text` with the deck `name` added, the deck of that name
    (in any case) it held taken out."""
    kept = "".join(p for p in pieces(text) if str(piece_name(p)).lower() != name.lower())
    if kept and not kept.endswith("\n"):
        kept += "\n"
    return kept + ("\n" if kept.strip() else "") + deck_table(name, fields)


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
