"""How the table shows Shrines: framed card faces (colour frame, cost pips that
carry their colour's letter, type line, keywords, strength/resilience), the
words on buttons with cards named, the rules overlay, and what a view adds to
the cards: each player's life, mana and act, a permanent's current numbers,
damage and states, what lies over a site, and the declared moves as arrows."""

from __future__ import annotations

import re
from functools import lru_cache
from typing import Any

from shrinetable.engine import (
    SHIPPED_AND_MINE,
    Arrow,
    CardDecor,
    CardSet,
    Chip,
    Decor,
    Face,
    Hud,
    Presentation,
    Showcase,
)

from . import faces

WHITE = (255, 255, 255)
COLOUR = {
    "B": (52, 104, 196),
    "Y": (214, 176, 40),
    "R": (196, 58, 48),
    "G": (58, 146, 72),
    "P": (128, 70, 170),
}
NEUTRAL = (128, 128, 136)
POOL = "BYRGP"
STATES = {
    "freeze": Chip("FROZEN", (120, 190, 240)),
    "poison": Chip("POISON", (110, 190, 80)),
    "weaken": Chip("WEAK", (200, 150, 90)),
    "ground": Chip("GROUNDED", (170, 140, 110)),
    "protection": Chip("PROT", (230, 230, 240)),
    "unguarded": Chip("NO GUARD", (200, 200, 200)),
}
ARMOR = Chip("ARMOR", (190, 190, 200))
SICK = Chip("zz", (160, 160, 160))
TAPPED = Chip("TAPPED", (200, 200, 200))
AREA = {"terrain": (196, 160, 100), "weather": (150, 200, 240), "trap": (120, 110, 130)}
OVERRULED = (96, 96, 104)  # an older area of a subtype a newer one covers: no effect
# the declarations' words: a card and where it goes, joined as a sentence
DECLARED = {
    "travel": "Travel {card} to {where}",
    "attack": "Attack {where} with {card}",
    "block": "Block {where} with {card}",
}
ARROWS = {"travel": (150, 210, 255), "attack": (240, 90, 80), "block": (255, 214, 60)}
CARD_ID = re.compile(r"\b[a-z][a-z0-9-]*#\d+\b")  # a card in notation, e.g. eel#12
PLACE = re.compile(r"\b(path-|row)([a-c1-5])\b")  # an area's place in notation: path-a, row3

# The rules text in the neutral markup `Presentation.rules` describes: a blank line
# ends a paragraph, a backslash ends a line, **bold**; other line ends only wrap.
RULES = """**Goal**\\
Bring the other player's life from 20 to 0 (other modes change the goal; see the rules
page).

**The Region**\\
Fifteen sites in three pathways (a, b, c) of five rows. The row nearest you is your melee
row, then your range row, the neutral row, then the opponent's range and melee rows. Behind
each melee row is that player's zone: drop an attacker there to attack the player. A site
holds at most four permanents besides tools and tokens.

**A turn** has four acts: First (untap, draw, play cards), Travel, Combat, Final (play
cards again). **Next act** passes the act; after every action and act pass the other
player gets priority: they answer at burst speed or **Pass**.

**Mana**\\
One source a turn: drag it from your hand onto Your sources. Click a source to tap it for
one mana of its colour; the pool shows beside your name and empties at the end of each
turn.

**Playing cards** (drag from your hand; the places it may go light up)\\
Creatures go onto one of your melee sites, structures onto a melee or range site without
a structure. Tools onto a creature of yours, idols onto Your idols, terrain and weather
onto a site of the site, row or pathway it will cover (a row or pathway one also onto
Terrain & weather).
Spells onto their target (a card, a site or a player zone); a spell with no target
anywhere on the Region.

**Travel**: in your Travel Act drag a creature forward along its pathway (one site,
more with Sprint). Creatures that entered this turn cannot travel or attack.\\
**Combat**: drag an untapped creature onto an opposing creature, structure or the
player zone within its range (its own site and one forward, plus Range). The defender
drags untapped creatures onto attackers to block, then **Done blocking**; a blocked
attacker fights only its blockers. A **Guard** takes damage meant for its friends on
its site; click it to switch that off or on again (once a turn).\\
**Damage** stays on a card until the end of the turn (on structures, for good); at its
resilience the card is destroyed.

**Your Shrine** is played like a creature from its zone. If it would leave the Region it
returns with time marks; one comes off each turn, and you play it again at none.

**On the cards**: the coloured frame and the letters in the cost pips give the colour;
the box is strength/resilience (current values on the Region: green raised, red lowered);
a red chip is damage; FROZEN, POISON, WEAK, GROUNDED, PROT, ARMOR, NO GUARD are states;
chips on a site name the terrain, weather or face-down Trap lying there, newest on the
right: a terrain and a weather both apply, but of two of one kind only the newer does (the
older is greyed and crossed out, \u2715); zz marks a
creature that cannot act yet; TAPPED a tapped card. Right-click a card, or rest the
pointer on it, to read it large.

**Keys**\\
Esc menu · ? rules · Ctrl+Z / Ctrl+Y undo / redo · Ctrl+S save · Ctrl+O load · F11 fullscreen
"""


@lru_cache(maxsize=4096)
def printed(card: str, card_set: CardSet = SHIPPED_AND_MINE) -> dict:
    """The printed face of `card` in a card set as the game describes it; {} when
    unknown (read only: it is shared)."""
    try:
        return faces.card_face(card, card_set)
    except KeyError:
        return {}


def _pips(cost: str) -> tuple[Chip, ...]:
    """Generic (and X) grey with the number, colours with their letter."""
    digits = "".join(ch for ch in cost if ch.isdigit())
    parts = [("X", NEUTRAL)] if cost.startswith("X") else []
    if digits:
        parts.append((digits, NEUTRAL))
    parts += [(ch, COLOUR[ch]) for ch in cost if ch in COLOUR]
    return tuple(Chip(text, fill, WHITE) for text, fill in parts)


def _type_line(face: dict) -> str:
    words = ("Legendary " if face["legendary"] else "") + face["type"].title()
    if face["token"]:
        words = "Token " + words
    return f"{words} \u2014 {face['subtype']}" if face["subtype"] else words


def _numbers(card: dict, face: dict) -> Chip | None:
    """Current strength/resilience when they differ from the printed box: green
    raised, red lowered."""
    if face.get("type") not in ("creature", "structure") and not (
        card.get("strength") or card.get("resilience")
    ):
        return None
    s, r = card["strength"], card["resilience"]
    base = face.get("strength", s), face.get("resilience", r)
    if (s, r) == base:  # the printed box says it
        return None
    fill = (
        (150, 230, 150)
        if (s, r) > base and s >= base[0] and r >= base[1]
        else (240, 150, 140)
        if (s < base[0] or r < base[1])
        else (240, 234, 214)
    )
    return Chip(f"{s}/{r}", fill)


def _permanent(card: dict, face: dict, host_name: str) -> CardDecor:
    chips = [STATES[s] for s in card.get("status", ()) if s in STATES]
    if card.get("armor"):
        chips.append(ARMOR)
    return CardDecor(
        edge=card["ctrl"],
        chips=tuple(chips),
        corner=SICK if card.get("sick") else None,
        numbers=_numbers(card, face),
        damage=Chip(f"-{card['damage']}", (230, 60, 50), WHITE) if card.get("damage") else None,
        veil=TAPPED if card.get("tapped") else None,
        where=f"on {host_name}" if host_name and face.get("type") == "relic" else "",
        notes=tuple(card.get("notes", ())),
    )


def _hud(info: dict, q: int) -> Hud:
    """Life, mana pool by colour and points (in modes that count them); whose
    turn and act, and who holds priority."""
    pool = tuple(
        Chip(f"{POOL[i]}{n}", COLOUR[POOL[i]], WHITE) for i, n in enumerate(info["pool"][q]) if n
    )
    figures: list[Chip | tuple[Chip, ...]] = [
        Chip(f"Life {info['life'][q]}", (240, 120, 110)),
        pool or (Chip("no mana", None, (190, 210, 200)),),
    ]
    if info["mode"] != "standard":
        figures.append(Chip(f"{info['points'][q]} pts", (220, 220, 160)))
    status = []
    act = info["act"]
    if info["turn"] == q and act:
        words = "mulligan" if act == "mulligan" else f"{act} act"
        # where the seat's strip is short of room, the act alone (the prompt says the turn)
        status.append(Chip(f"Turn {info['turn_no']} \u00b7 {words}", (170, 230, 255), short=words))
    if info["priority"] == q:
        status.append(Chip("PRIORITY", (255, 222, 110)))
    return Hud(q, tuple(figures), tuple(status))


def _full_region(view: Any) -> int | None:
    """The most permanents on the Region, at seat 0's main decision."""
    if view.decision.kind != "main":
        return None
    return sum(len(z.cards) for n, z in view.zones.items() if n.startswith("site:"))


def _build(legal: list) -> Any | None:
    """What fills a Region: sources, mana, permanents (the computer decides the rest)."""
    return next(
        (
            a
            for k in ("source", "tap", "play")
            for a in legal
            if a.kind == k and (k != "play" or a.target)
        ),
        None,
    )


# the start screen's words for each mode and starter deck (docs/rules/shrines.md, modes)
MODE_WORDS = {
    "standard": "20 life each; bring the opponent to 0 life to win.",
    "rush": "Standard, but a creature cannot enter a site an opposing creature holds "
    "unless it has Flying or Unstoppable.",
    "king": "King of the Hill: no life. At the end of your turn your bodies on the neutral "
    "row score points; 20 points win.",
    "imperial": "Standard at 20 life plus King of the Hill scoring: 20 points or the "
    "opponent at 0 life wins.",
    "conquest": "Life and points are one number, from 15; points scored on the neutral row "
    "add to it. 30 wins, or the opponent at 0.",
}
DECK_WORDS = {
    "blue": "freezes, traps and weather that slow the opponent down",
    "yellow": "many quick, cheap creatures that swarm the Region",
    "red": "hard-hitting creatures and direct damage",
    "green": "large creatures and archers that grow the board",
    "purple": "curses that weaken and drain, and creatures that come back",
}


@lru_cache
def _deck_names(card_set: CardSet) -> dict[str, str]:
    from .cards import deck_key, starter

    return {deck_key(d): d.name for d in starter(card_set)[1]}


def _covers(over: list[str], kinds: list[str], card_set: CardSet) -> tuple[Chip, ...]:
    """A site's areas and traps, newest first. Of two areas of one subtype only
    the newer applies (clause area): the older is greyed and crossed out; a
    terrain and a weather both apply."""
    chips, seen = [], set()
    for c, kind in reversed(list(zip(over, kinds, strict=True))):
        if c == "trap":
            chips.append(Chip("Trap", AREA["trap"]))
            continue
        name = printed(c, card_set).get("name", c)
        if kind in seen:  # crossed out, its first word only: the site's label stays clear
            # where the site is crowded it is left off: it does nothing there, and
            # Terrain & weather still shows the area
            chips.append(Chip(f"\u2715 {name.split()[0]}", OVERRULED, (225, 225, 225), ""))
        else:
            first = name.split()[0]
            chips.append(
                Chip(name, AREA.get(kind, (220, 220, 220)), short=first if first != name else None)
            )
        seen.add(kind)
    return tuple(chips)


class ShrinesPresentation(Presentation):
    rules = RULES
    # an act in which nobody does anything leaves no line ("P2's travel act",
    # "P1 passes", "P2 passes the travel act", "P1 passes" said nothing)
    headings = ("act",)
    idle = ("pass", "next")
    words = {
        "pass": "Pass",
        "keep": "Keep this hand",
        "next": "Next act (pass the act)",
        "unmark": "Pay 2: remove a time mark",
        "draw primary": "Draw from the Primary Library",
        "draw secondary": "Draw from the Secondary Library",
    }
    # the log's words for moves whose events do not say what the seat did
    log_words = {
        "pass": "passes",
        "tap": "taps {rest}",
        "next": "passes the act",
        "assign": "assigns {w[1]} damage to {w[0]}",
    }
    templates = {
        "mulligan": "Mulligan {rest}",
        "top": "Keep {rest} on top",
        "stats": "Keep {rest}'s strength and resilience",
        "guard": "{rest} guards its site again",
        "unguard": "{rest} stops guarding",
    }
    # a pass says what it ends, so ending the block declaration is not one more "Pass"
    in_decision = {
        ("block", "pass"): "Done blocking",
        ("respond", "pass"): "Pass (no answer)",
        ("block-answer", "pass"): "Pass (no answer)",
        ("damage", "pass"): "Pass: deal the damage",
        ("damage-answer", "pass"): "Pass (no answer)",
    }
    all_buttons = ("mulligan",)  # keep first, then a button per card (or drag it)
    asks = {
        "respond": "may answer at burst speed",
        "block-answer": "may answer at burst speed",
        "damage": "may answer at burst speed before damage",
        "damage-answer": "may answer at burst speed",
    }
    drag_from = ("hand", "field", "shrine")
    zoom_on_hover = True
    showcase = Showcase("full Region", _full_region, steps=900, pick=_build)
    # taps for mana, priority passes, steps to the next phase (a block moves no card
    # but is a choice to watch)
    minor = ("tap", "pass", "next")
    results = ("damage", "destroy", "life")  # kept in view on the table (issue 22)
    legend = {
        "/": "Strength/Resilience",
        "X": "any amount you choose, paid in generic mana",
        "B": "Blue",
        "Y": "Yellow",
        "R": "Red",
        "G": "Green",
        "P": "Purple",
        "TAPPED": "used this turn: it untaps in its controller's next turn",
    }

    # a crowded Region's card names read at 1280x720 (at 800x600 they were ~6 px)
    demo_size = (1280, 720)

    def __init__(self, card_set: CardSet = SHIPPED_AND_MINE):
        self.card_set = card_set  # whose cards' faces it shows

    def describe(self, text: str, decision: str = "") -> str:
        """A Swap's "bottom" names the library it goes under (as its zone is
        named): the Secondary as the text says, the Primary under R14's old
        reading (its decision `swap-primary`, `ShrinesGame.decision`)."""
        if text.startswith("bottom "):
            return "Put " + self.brief(text, decision)
        return super().describe(text, decision)

    def brief(self, text: str, decision: str = "") -> str:
        """A Swap's "bottom" without its verb, where a long name leaves no room."""
        kind, _, rest = text.partition(" ")
        if kind != "bottom":
            return super().brief(text, decision)
        under = "Primary" if decision == "swap-primary" else "Secondary"
        return self.readable(f"{rest} under the {under}")

    def option_words(self, option: str, value: Any) -> str:
        names = _deck_names(self.card_set)
        if option == "mode":
            return MODE_WORDS.get(value, "")
        if option.startswith("deck_") and value in names:
            style = DECK_WORDS.get(value)
            return names[value] + (f" \u2014 {style}." if style else ".")
        return ""

    def card_face(self, card: str) -> Face | None:
        face = printed(card, self.card_set)
        if not face:
            return None
        body = face["type"] in ("creature", "structure")
        cost = _pips(face["cost"])
        # a colour its cost does not print (a source's) is said in the type line:
        # the frame alone would say it by colour only
        unsaid = [c for c in face["colours"] if c in COLOUR and c not in {p.text for p in cost}]
        kind = _type_line(face)
        return Face(
            face["name"],
            frame=tuple(COLOUR[c] for c in face["colours"] if c in COLOUR),
            cost=cost,
            type_line=f"{kind} \u00b7 {'/'.join(self.legend[c] for c in unsaid)}"
            if unsaid
            else kind,
            keywords=tuple(face["keywords"]),
            text=face["text"],
            numbers=(face["strength"], face["resilience"]) if body else None,
        )

    def readable(self, text: str) -> str:
        """Card notation (`riptide-ambusher#40`) read as the card's name."""
        text = PLACE.sub(
            lambda m: f"{'pathway' if m.group(1) == 'path-' else 'row'} {m.group(2)}", text
        )
        return CARD_ID.sub(
            lambda m: printed(m.group(0), self.card_set).get("name", m.group(0)), text
        )

    def label(self, text: str) -> str:
        if text.startswith("assign "):
            who, _, n = text[len("assign ") :].rpartition(" ")
            return f"Assign {n} damage to {who.upper() if who in ('p1', 'p2') else who}"
        kind, _, rest = text.partition(" ")
        if kind in DECLARED and len(rest.split()) == 2:
            card, where = rest.split()  # "Travel Fogbank Skimmer a2" read as one name
            where = where.upper() if where in ("p1", "p2") else where
            return DECLARED[kind].format(card=card, where=where)
        move, _, spend = text.partition(" pay=")
        if spend:  # a choice of payment (R7): the mana spent, in words
            return f"{super().label(move)}, paying {' '.join(spend)}"
        return super().label(text)

    def decor(self, view: Any) -> Decor:
        info = view.info
        cards: dict[str, CardDecor] = {name: CardDecor(veil=TAPPED) for name in info["tapped"]}
        for name, card in info["cards"].items():
            host = card.get("attached_to")
            cards[name] = _permanent(
                card,
                printed(name, self.card_set),
                printed(host, self.card_set).get("name", host) if host else "",
            )
        for name, lies in info["areas"].items():
            cards[name] = CardDecor(where=lies)
        covers, tints = {}, {}
        for zone, over in info["covers"].items():
            kinds = [
                "trap" if c == "trap" else printed(c, self.card_set).get("subtype", "")
                for c in over
            ]
            covers[zone] = _covers(over, kinds, self.card_set)
            tints[zone] = tuple(AREA[k] for k in ("terrain", "weather") if k in kinds)
        badges = {f"shrine:{q}": f"{n} marks" for q, n in enumerate(info["marks"]) if n}
        arrows = tuple(
            Arrow(card, target, ARROWS.get(kind, (255, 214, 60)))
            for kind, card, target in info["declared"]
        )
        return Decor(
            turn=info["turn"],
            huds={f"player:{q}": _hud(info, q) for q in range(2)},
            cards=cards,
            covers=covers,
            tints=tints,
            badges=badges,
            arrows=arrows,
        )


PRESENT = ShrinesPresentation()  # in the shipped cards and the person's own
