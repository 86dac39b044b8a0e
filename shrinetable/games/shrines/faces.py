"""What the table shows of a card: its printed face (`card_face`) and, for a permanent
on the Region, its current numbers and words (`permanent_info`).

Faces come from the starter set; a token's face from the effect that makes it, so a
token name (`sunmote#90`) has a face like any card.
"""

from __future__ import annotations

from functools import cache

from shrinetable.engine import SHIPPED_AND_MINE, CardSet

from .cards import Def, starter
from .region import kw, resilience, sick, status, strength
from .rulings import CLAUSES
from .schema import COUNTED
from .state import State


def display(words: dict[str, int]) -> list[str]:
    """Keyword display strings: {"range": 2, "quick-attack": 1} -> ["Quick Attack",
    "Range 2"] (a counted keyword shows its number when it is not 1)."""
    out = []
    for w, n in sorted(words.items()):
        label = w.replace("-", " ").title()
        out.append(f"{label} {n}" if w in COUNTED and n != 1 else label)
    return out


@cache
def _faces(card_set: CardSet) -> dict[str, dict]:
    cards = starter(card_set)[0]
    out: dict[str, dict] = {}
    for c in cards.values():
        out[c.id] = {
            "name": c.name,
            "type": c.type,
            "subtype": c.subtype,
            "cost": c.cost,
            "colours": c.colours or c.produces,
            "strength": c.strength,
            "resilience": c.resilience,
            "keywords": display(Def.of(c).kw),
            "text": c.text,
            "legendary": c.legendary,
            "token": False,
        }
        for e in (*c.effects, *c.deathwish, *c.tap):
            if e.do == "token":
                d = Def.token_of(e)
                words = display(d.kw)
                out.setdefault(
                    d.id,
                    {
                        "name": e.name,
                        "type": "creature",
                        "subtype": "",
                        "cost": "",
                        "colours": "",
                        "strength": d.strength,
                        "resilience": d.resilience,
                        "keywords": words,
                        "text": ". ".join(["Token", *words]) + ".",
                        "legendary": False,
                        "token": True,
                    },
                )
    return out


def card_face(name: str, card_set: CardSet = SHIPPED_AND_MINE) -> dict:
    """The printed face of `id#n` or a bare `id` in a card set (by default the
    shipped set and the person's own); KeyError for an unknown card."""
    cid = name.rpartition("#")[0] if "#" in name else name
    try:
        return dict(_faces(card_set)[cid])
    except KeyError:
        raise KeyError(f"no Shrines card called {cid!r}") from None


CLAUSE_OF = {
    "freeze": "freeze",
    "ground": "ground",
    "poison": "poison",
    "weaken": "weaken",
    "protection": "protection",
}


def permanent_info(s: State, c: int) -> dict:
    """A permanent's current numbers and words, after tools, areas and boosts, and
    what each of its conditions means (`notes`, for the enlarged card)."""
    p = s.perms[c]
    words = kw(s, c)
    st = set(status(s, c)) - {"protection", "protection-spent"}
    if "protection" in words:
        st.add("protection")
    if "guard" in words and p.unguarded:
        st.add("unguarded")
    body = s.defs[c].type != "relic"  # a tool has no numbers of its own
    sick_now = s.defs[c].type == "creature" and sick(s, c)
    notes = [CLAUSES[CLAUSE_OF[x]] for x in sorted(st) if x in CLAUSE_OF]
    if "armor" in words and not p.armor_spent:
        notes.append(CLAUSES["armor"])
    if "unguarded" in st:
        notes.append("No guard: its controller has switched its Guard off (R11)")
    if sick_now:
        notes.append("zz: it entered this turn, so it may not travel or attack yet")
    return {
        "ctrl": p.ctrl,
        "strength": strength(s, c) if body else 0,
        "resilience": resilience(s, c) if body else 0,
        "damage": p.damage,
        "armor": "armor" in words and not p.armor_spent,
        "status": sorted(st),
        "sick": sick_now,
        "notes": notes,
        "tapped": c in s.tapped,
        "attached_to": s.name(p.attached) if p.attached >= 0 else None,
        "keywords": display(words),
    }
