"""How the table shows Usagi: framed cards (a frame colour per card type, the
cost as Honor and Ryo pips, the type line, the ratings in the box), the words on
buttons and in the log with cards named, the rules overlay, and what a view
adds: each seat's Honor, Ryo, tokens and chronicle in its row, the chronicle
pool, stricken cards veiled, attachments saying what they are on, the Events'
contests and the response chain."""

from __future__ import annotations

import re
import tomllib
from functools import cache
from typing import Any

from shrinetable.engine import Chip, Decor, Face, Presentation
from shrinetable.resources import resource

INK = (20, 20, 20)
# one frame colour per card type (Okabe-Ito; the type is also on the type line)
FRAME = {"character": (213, 94, 0), "attachment": (0, 114, 178), "moment": (0, 158, 115),
         "event": (230, 159, 0)}
STORY = (204, 121, 167)
HONOR = (245, 245, 235)
RYO = (236, 200, 70)
# the five ratings in their printed order and their short marks
RATINGS = ("combat", "diplomacy", "intrigue", "ceremony", "labor")
MARK = {"combat": "C", "diplomacy": "D", "intrigue": "I", "ceremony": "Ce", "labor": "L"}
CARD_ID = re.compile(r"\b[a-z][a-z0-9-]*#\d+\b")


@cache
def catalog() -> dict[str, dict]:
    """Every card of the shipped set by id, as its TOML table (an empty set when
    the folder is missing or a file cannot be read: the table then shows notation)."""
    out: dict[str, dict] = {}
    folder = resource("assets", "cards", "usagi")
    for path in sorted(folder.glob("*.toml")) if folder.is_dir() else ():
        try:
            data = tomllib.loads(path.read_text(encoding="utf-8"))
        except (OSError, tomllib.TOMLDecodeError, UnicodeDecodeError):
            continue
        for c in data.get("card", ()):
            if isinstance(c, dict) and "id" in c:
                out[str(c["id"])] = c
    return out


def card_id(name: str) -> str:
    return name.rpartition("#")[0] if "#" in name else name


def card(name: str) -> dict | None:
    return catalog().get(card_id(name))


def ratings(c: dict) -> dict[str, int]:
    """A card's printed ratings in order (a 0 is a rating; no number, none)."""
    r = c.get("ratings") or {}
    return {k: int(r[k]) for k in RATINGS if k in r}


def rating_words(r: dict[str, int]) -> str:
    return "/".join(f"{MARK[k]}{v}" for k, v in r.items())


def cost(c: dict) -> dict[str, int]:
    got = c.get("cost") or {}
    return {k: int(v) for k, v in got.items() if k in ("honor", "ryo") and v}


def _pips(c: dict) -> tuple[Chip, ...]:
    k = cost(c)
    out = []
    if k.get("honor"):
        out.append(Chip(f"{k['honor']}H", HONOR, INK))
    if k.get("ryo"):
        out.append(Chip(f"{k['ryo']}R", RYO, INK))
    return tuple(out)


def type_line(c: dict) -> str:
    t = str(c.get("type", "")).title()
    sub = str(c.get("subtype", "") or "").title()
    desc = c.get("descriptors") or c.get("description") or ()
    if isinstance(desc, str):
        desc = desc.split()
    line = f"{t} \u2014 {sub}" if sub else t
    return f"{line} \u00b7 {' '.join(desc)}" if desc else line


@cache
def _face(cid: str) -> Face | None:
    c = catalog().get(cid)
    if c is None:
        return None
    kind = str(c.get("type", "")).lower()
    sub = str(c.get("subtype", "") or "").lower()
    frame = (FRAME.get(kind, (128, 128, 136)),)
    if kind == "event" and sub == "story":
        frame = (FRAME["event"], STORY)
    r = ratings(c)
    numbers = tuple(f"{MARK[k]}{v}" for k, v in r.items()) or None
    return Face(str(c.get("name", cid)), frame=frame, cost=_pips(c), type_line=type_line(c),
                text=str(c.get("text", "")), numbers=numbers)  # type: ignore[arg-type]


class UsagiPresentation(Presentation):
    rules = "Usagi: propose Events, involve Characters, win contests for chronicle tokens."
    words = {"pass": "Pass", "finish": "Finished", "finished": "Finished"}
    drag_from = ("hand", "field", "involved")
    zoom_on_hover = True

    def card_face(self, card: str) -> Face | None:
        return _face(card_id(card))

    def readable(self, text: str) -> str:
        def name(m: re.Match) -> str:
            c = card(m.group(0))
            return str(c.get("name", m.group(0))) if c else m.group(0)
        return CARD_ID.sub(name, text)

    def decor(self, view: Any) -> Decor:
        return Decor()


PRESENT = UsagiPresentation()
