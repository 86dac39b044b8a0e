"""How the table shows Usagi: framed cards (a frame colour per card type, the
cost as Honor and Ryo pips, the type line, the ratings in the box), the words on
buttons and in the log with cards named, the rules overlay, and what a view
adds: each seat's Honor, Ryo, tokens and chronicle in its row, the chronicle
pool, stricken cards veiled, attachments saying what they are on, the Events'
contests and the response chain."""

from __future__ import annotations

from typing import Any

from shrinetable.engine import Arrow, CardDecor, Chip, Decor, Face, Hud, Showcase
from shrinetable.formats.decks import DeckGameWords

from .cards import CARDS

INK = (20, 20, 20)
# one frame colour per card type (Okabe-Ito; the type is also on the type line)
FRAME = {
    "character": (213, 94, 0),
    "attachment": (0, 114, 178),
    "moment": (0, 158, 115),
    "event": (230, 159, 0),
}
STORY = (204, 121, 167)
HONOR = (245, 245, 235)
RYO = (236, 200, 70)
# the five ratings in their printed order and their short marks
RATINGS = ("combat", "diplomacy", "intrigue", "ceremony", "labor")
MARK = {"combat": "C", "diplomacy": "D", "intrigue": "I", "ceremony": "Ce", "labor": "L"}


def ratings(c: Any) -> dict[str, int]:
    """A card's printed ratings in order (a 0 is a rating; no number, none)."""
    return {k: int(c.ratings[k]) for k in RATINGS if k in c.ratings}


def rating_words(r: dict[str, int]) -> str:
    return "/".join(f"{MARK[k]}{v}" for k, v in r.items())


def _pips(c: Any) -> tuple[Chip, ...]:
    out = []
    if c.cost.get("honor"):
        out.append(Chip(f"{c.cost['honor']}H", HONOR, INK))
    if c.cost.get("ryo"):
        out.append(Chip(f"{c.cost['ryo']}R", RYO, INK))
    return tuple(out)


def type_line(c: Any) -> str:
    line = f"{c.type.title()} \u2014 {c.subtype.title()}" if c.subtype else c.type.title()
    return f"{line} \u00b7 {' '.join(d.title() for d in c.descriptors)}" if c.descriptors else line


def keywords(c: Any) -> tuple[str, ...]:
    """What the small face says instead of the text: production, score, restriction."""
    out = []
    for cur in ("honor", "ryo"):
        if c.produce.get(cur):
            out.append(f"Produces {c.produce[cur]} {cur.title()}")
    if c.score:
        out.append(f"Score {c.score:+d}")
    if c.unique and c.type != "character":
        out.append("Unique")
    if c.restricted:
        out.append(f"Restricted: {c.restricted}")
    return tuple(out)


def _face(c: Any) -> Face:
    frame: tuple[tuple[int, int, int], ...] = (FRAME.get(c.type, (128, 128, 136)),)
    if c.type == "event" and c.subtype == "story":
        frame = (FRAME["event"], STORY)
    r = ratings(c)
    numbers = tuple(f"{MARK[k]}{v}" for k, v in r.items()) or None
    # the card's own words say what it produces, scores and is restricted to; a
    # card without text shows those as keywords
    return Face(
        c.name,
        frame=frame,
        cost=_pips(c),
        type_line=type_line(c),
        keywords=() if c.text else keywords(c),
        text=c.text,
        numbers=numbers,
    )  # type: ignore[arg-type]


STRICKEN = Chip("STRICKEN", (200, 200, 200))
FINISHED = Chip("FINISHED", (200, 200, 200))
FIRST = Chip("FIRST", (255, 222, 110))
CHOSEN = Chip("HERO KEPT", (255, 222, 110))
TAKEN = Chip("TAKEN", (204, 121, 167))
PROPOSED = Chip("proposed", (255, 222, 110))
WAITING = Chip("choosing", (240, 234, 214))
TOKENS = (230, 159, 0)
CONTEST = (213, 94, 0)
RESPONSE = (86, 180, 233)
PHASE = {
    "initiation": "Initiation",
    "actions": "Actions",
    "conclusion": "Conclusion",
    "over": "Game over",
}
STEP = {
    "produce": "producing currency",
    "refresh": "refreshing",
    "discard": "discarding",
    "draw": "drawing",
    "propose": "proposing Events",
    "reveal": "revealing Events",
    "act": "actions",
    "respond": "responses",
    "resolve": "resolving Events",
    "tiebreak": "tie-break",
    "tie": "tie-break",
    "score": "taking chronicle tokens",
    "victory": "checking victory",
    "hero": "choosing a Hero",
    "sweep": "sweeping up",
}
NOTE = {
    "STRICKEN": "turned sideways: it cannot strike again or be involved until refreshed",
    "HERO KEPT": "the Hero its controller keeps through the sweep-up",
    "TAKEN": "controlled by a player who does not own it: on leaving play it goes to "
    "its owner's pile",
    "CONTENDER": "its controller's involved ratings exceed the Event's",
    "RESPONDING": "declared in the response chain, resolved last first",
}

RULES = """**Goal**\\
Take chronicle tokens from the pool in the middle by winning Events. The game ends when the
pool is empty or somebody holds more than half of what it started with; most tokens wins.

**Initiation** (everybody, step by step)\\
Currency is produced, stricken cards refresh; drag one card from your hand onto your rest
pile to discard it (then another, any number, with no Hero in play) or press the button
to discard no more; draw to 6; then **propose** an Event: drag it from your hand onto your Event
place, face down (a secret step: the next player takes the device), or propose nothing.
The Events are revealed together.

**Actions** (clockwise from the first player, one each)\\
Drag a Character from your hand into your field; an Attachment onto the card it attaches to
(a Setting onto an Event); a Moment onto its target (or into your field). Click a card to
use its ability (striking it, if that is the cost). Drag a refreshed Character from your
field onto an Event, or beside it, to **involve** it: it must share a rating with the
Event. After each action everybody may respond (Moments, abilities) from the actor's left,
until all pass; the chain resolves last first. **Finished** ends your actions (you
still respond); the first to finish is the next first player.

**Conclusion**\\
Each Event goes to the contender with the highest total of the ratings it shows; a
contender's total must exceed the Event's own. In a tie each tied contender secretly drops
one involved card onto their rest pile (a secret step), until one leads. The winner takes the
Event and a token; when score effects add more, the winner says with a button how many
of them to take. A failed Event goes to the rest pile, a failed Story Event stays. Then each
player may keep one Hero (click it) and the rest is swept up.

**On the cards**\\
Frame colour: orange Character, blue Attachment, green Moment, yellow Event (a pink band:
Story). Pips: H Honor, R Ryo. Ratings in the box: C Combat, D Diplomacy, I Intrigue,
Ce Ceremony, L Labor (a 0 is a rating). STRICKEN cards are veiled; an Attachment says what
it is on; an involved card is outlined in its controller's colour; a TAKEN card is controlled by
a player who does not own it, and lies on its controller's side. Right-click a card, or rest
the pointer on it, to read it large.

**On the table**\\
The Events are in the middle, each over the Characters involved with it. Your Honor, Ryo
and the chronicle tokens left in the pool are written under your field; each other
player's Honor and Ryo under theirs, their state (first player, finished, has chosen) beside
their field's name and their tokens on their chronicle. DECLARED and RESPONDING mark the
cards of the chain under way, with arrows to their targets; in a contest the Event's
requirement and each contender's total stand over its Characters.

**Keys**\\
Esc menu \u00b7 ? rules \u00b7 Ctrl+Z / Ctrl+Y undo / redo \u00b7 Ctrl+S save \u00b7 Ctrl+O load
\u00b7 F11 fullscreen \u00b7 Ctrl+N the notation in the log
"""


def _seat_value(value: Any, q: int, default: Any = None) -> Any:
    """`value[q]` for a list per seat, or a dict keyed by seat (int, "0" or "p1")."""
    if isinstance(value, (list, tuple)):
        return value[q] if q < len(value) else default
    if isinstance(value, dict):
        for key in (q, str(q), f"p{q + 1}"):
            if key in value:
                return value[key]
    return default


def _names(value: Any) -> set[str]:
    """Card names in a list, a dict's keys, or per seat lists."""
    if isinstance(value, dict):
        return {str(k) for k in value}
    out: set[str] = set()
    for v in value or ():
        if isinstance(v, (list, tuple, set)):
            out |= {str(x) for x in v}
        elif v:
            out.add(str(v))
    return out


def _rated(r: Any) -> str:
    """Ratings as "C3/I2" from a dict (rating to value) or a list in printed order."""
    if isinstance(r, dict):
        return "/".join(f"{MARK.get(k, k[:2].title())}{v}" for k, v in r.items())
    if isinstance(r, (list, tuple)):
        return "/".join(f"{MARK[k]}{v}" for k, v in zip(RATINGS, r, strict=False) if v is not None)
    return str(r)


def _hud(view: Any, q: int, deciding: int | None, why: str = "") -> Hud:
    """A seat's Honor (with `why` it has none, for its own screen), Ryo and
    chronicle tokens; whether it is first, finished, deciding or has made its
    secret choice."""
    info = view.info
    honor = int(_seat_value(info.get("honor"), q, 0) or 0)
    ryo = int(_seat_value(info.get("ryo"), q, 0) or 0)
    tokens = int(_seat_value(info.get("tokens"), q, 0) or 0)
    status = []
    if info.get("first") == q:
        status.append(FIRST)
    # the flag outlives the actions (it is cleared at the next reveal): shown in
    # the conclusion and the next initiation it said everyone was "finished"
    if info.get("phase") == "actions" and _seat_value(info.get("finished"), q, False):
        status.append(FINISHED)
    if _seat_value(info.get("committed"), q, False) and deciding != q:
        status.append(Chip("has chosen", (255, 222, 110)))
    elif deciding == q:
        status.append(WAITING)
    figures = (
        Chip(f"Honor {honor}: {why}" if why else f"Honor {honor}", HONOR),
        Chip(f"Ryo {ryo}", RYO),
        Chip(f"{tokens} chronicle token{'s' if tokens != 1 else ''}", TOKENS),
    )
    return Hud(q, figures, tuple(status), tally=tokens)


def _pool_chips(info: dict) -> tuple[Chip, ...]:
    pool, start = info.get("pool"), info.get("pool_start")
    if pool is None:
        return ()
    chips = [Chip(f"{pool} token{'s' if pool != 1 else ''} left", TOKENS)]
    if start:
        chips.append(Chip(f"win: more than {int(start) // 2}", None, (235, 240, 235)))
    return tuple(chips)


def _contest(view: Any) -> dict[str, tuple[Chip, ...]]:
    """What the conclusion shows beside the Event being resolved: the ratings it
    needs to be exceeded, each contender's total, a tie being broken."""
    contest = view.info.get("contest")
    if not isinstance(contest, dict) or not contest.get("event"):
        return {}
    event = contest["event"]
    zone = next(
        (z for z, v in view.zones.items() if z.startswith("event:") and event in v.cards), None
    )
    if zone is None:
        return {}
    chips = []
    need = (view.info.get("ratings") or {}).get(event)
    if need:
        chips.append(Chip(f"to beat {_rated(need)}", (240, 234, 214)))
    totals = contest.get("totals") or {}
    if isinstance(totals, (list, tuple)):
        totals = {q: t for q, t in enumerate(totals) if t is not None}
    for q, t in totals.items():
        chips.append(Chip(f"p{int(q) + 1}: {t}", (246, 160, 140)))
    if view.info.get("step") == "tiebreak":
        chips.append(Chip("TIE", CONTEST, (255, 255, 255)))
    # covers are laid from the zone's right edge leftwards: reversed, they read in order
    return {"involved:" + zone.partition(":")[2]: tuple(reversed(chips))}


def _stack(view: Any) -> tuple[dict[str, CardDecor], list[Arrow]]:
    """The response chain: each declared card marked with its place in the
    chain, and an arrow to its target."""
    stack = view.info.get("stack") or ()
    cards: dict[str, CardDecor] = {}
    arrows = []
    for i, entry in enumerate(stack):
        if isinstance(entry, dict):
            c, target = entry.get("card"), entry.get("target")
        elif isinstance(entry, str):
            words = [w for w in entry.split() if "#" in w]
            c, target = (words + [None, None])[:2]
        else:
            continue
        if c:
            cards[c] = CardDecor(
                chips=(Chip(f"RESPONDING {i + 1}" if i else "DECLARED", RESPONSE),)
            )
            if target and target != c:
                arrows.append(Arrow(c, target, RESPONSE))
    return cards, arrows


def _contested(view: Any) -> int | None:
    """A busy table for `bench render`: cards in fields and beside Events."""
    if view.info.get("step") != "action":
        return None
    return sum(
        len(z.cards)
        for name, z in view.zones.items()
        if name.partition(":")[0] in ("field", "involved", "event")
    )


def _build(legal: list[Any]) -> Any | None:
    """Showcase play: involve, play and propose whenever possible."""
    for kind in ("involve", "play", "propose"):
        found = [a for a in legal if a.kind == kind and a.card]
        if found:
            return found[0]
    return None


class UsagiPresentation(DeckGameWords):
    rules = RULES
    counted = {"draw": "draws"}  # "P2 draws 3 cards"
    listed = {"discard": "discards"}  # "P2 discards X, Y and Z", any seat's run
    words = {
        "pass": "Pass",
        "finish": "Finished",
        "finished": "Finished",
        "propose": "Propose no Event",
        "discard": "Discard no more",
        "hero": "Keep no Hero",
        "keep": "Keep no Hero",
        "draw": "Draw",
        "reveal": "Reveal",
        "cut": "Cut the deck",
    }
    # the log's words for moves whose events do not say what the seat did, and for
    # seats together in a run of `idle` entries ("P1 and P2 are done discarding")
    log_words = {"pass": "passes", "cut": "cuts the deck", "done": "is done discarding"}
    # ending the discard step says nothing done: its line goes when a seat acts next
    idle = ("done",)
    in_decision = {
        ("respond", "pass"): "Pass (no response)",
        ("cut", "pass"): "Leave the deck as it is",
        ("action", "finished"): "Finished (no more actions this turn)",
    }
    # No `asks`: a response is a private decision like any other, after a handover
    # (with up to five others to ask after each action, one question each would be
    # as slow and would tell the table who is still thinking).
    demo_size = (1280, 720)  # strips of five ratings are unreadable at 800x600
    drag_from = ("hand", "field", "involved", "event")
    zoom_on_hover = True
    minor = ("pass",)  # a pass moves no card; the computer makes it at animation speed
    results = ("contest", "tie", "fail", "resolve", "score")  # kept in view on the table (issue 22)
    legend = {
        **{MARK[k]: k.title() for k in RATINGS},
        "H": "Honor",
        "R": "Ryo",
        **NOTE,
    }
    showcase = Showcase(
        "four players, Events contested", _contested, seats=4, steps=500, pick=_build
    )

    def __init__(self, catalogue: Any):
        super().__init__(catalogue, _face)

    def _name(self, card: str) -> str:
        c = self.card(card)
        return c.name if c is not None else card

    def label(self, text: str) -> str:
        """Each kind of move in words, the cards still in notation."""
        if text in self.words:
            return self.words[text]
        kind, *w = text.split()
        cards = [x for x in w if "#" in x]
        on = [x for x in w[1:] if "#" in x or x.startswith("p")]
        if kind == "play":
            what = f"Play {w[0]}" if w else "Play"
            if on:
                what += f" on {' and '.join(on)}"
            return what
        if kind == "use":
            what = f"Use {w[0]}" if w else "Use an ability"
            if len(w) > 1 and w[1].isdigit():
                what += f" (ability {w[1]})"
            if on:
                what += f" on {' and '.join(on)}"
            return what
        if kind == "involve" and len(cards) >= 2:
            return f"Involve {cards[0]} with {cards[1]}"
        if kind == "propose" and cards:
            return f"Propose {cards[0]} face down"
        if kind == "discard" and cards:
            return "Discard " + _and(cards)
        if kind in ("tiebreak", "tie", "drop") and cards:
            return f"Drop {cards[0]} from the tie"
        if kind in ("hero", "keep") and cards:
            return f"Keep {cards[0]} as your Hero"
        if kind == "extra" and w and w[0].isdigit():
            n = int(w[0])
            return f"Take {n} extra token{'s' * (n != 1)}" if n else "Take no extra token"
        if kind == "strike" and cards:
            return f"Strike {cards[0]}"
        if kind == "cut" and w:
            return f"Cut {' '.join(w)}"
        return text[:1].upper() + text[1:]

    def _no_honor(self, view: Any, q: int) -> str:
        """Why the viewer has no Honor, where nothing of theirs in play produces
        it (a new player's first turns: no Hero yet); '' otherwise."""
        if q != view.seat or int(_seat_value(view.info.get("honor"), q, 0) or 0):
            return ""
        field = view.zones.get(f"field:{q}")
        cards = [d for c in (field.cards if field else ()) if c and (d := self.card(c))]
        if any(d.produce.get("honor") for d in cards):
            return ""
        if any(d.subtype == "hero" for d in cards):
            return "nothing in play produces it"
        return "no Hero to produce it"

    def decor(self, view: Any) -> Decor:
        info = view.info
        deciding = view.decision.seat if view.decision else None
        n = view.seats
        huds, covers, badges = {}, {}, {}
        pool = _pool_chips(info)
        for q in range(n):
            hud = _hud(view, q, deciding, self._no_honor(view, q))
            if f"purse:{q}" in view.zones:
                huds[f"purse:{q}"] = hud
                continue
            # no counters' zone in the view: short words on the field and chronicle
            # (badges, one line each): your own field says it all; another seat's
            # field its currency (and its state as chips beside its label, where
            # a narrow seat has the room), its chronicle its tokens
            status = tuple(c for c in hud.status if c.text != WAITING.text)
            state = [c.text.lower() for c in status]
            money = [c.text for c in hud.figures[:2] if isinstance(c, Chip)]
            tokens = int(_seat_value(info.get("tokens"), q, 0) or 0)
            held = f"{tokens} token{'s' if tokens != 1 else ''}"
            if q == (view.seat or 0):
                words = state + money
                if "pool" not in view.zones and pool:
                    words.append(f"pool {info.get('pool')} of {info.get('pool_start')}")
                badges[f"field:{q}"] = " \u00b7 ".join(words)
                badges[f"chronicle:{q}"] = held
            else:
                badges[f"field:{q}"] = " \u00b7 ".join(money)
                badges[f"chronicle:{q}"] = held
                if status:  # laid from the right: reversed, they read in order
                    covers[f"field:{q}"] = status[::-1]
        for q in range(n):  # a deck drawn as a spread of backs says how many
            if f"deck:{q}" in view.zones:
                badges[f"deck:{q}"] = str(len(view.zones[f"deck:{q}"].cards))
        if "pool" in view.zones:
            covers["pool"] = pool
            if info.get("pool") is not None:
                badges["pool"] = str(info["pool"])
        cards: dict[str, CardDecor] = {}
        stricken = _names(info.get("stricken"))
        attached = info.get("attached") or {}
        owner = info.get("owner") or {}
        control = info.get("controller") or owner
        current = info.get("ratings") or {}
        heroes = _names(info.get("heroes"))
        for z, zv in view.zones.items():
            kind = z.partition(":")[0]
            if kind not in ("field", "involved", "event"):
                continue
            for c in zv.cards:
                if c is None:
                    continue
                chips = []
                if c in heroes:
                    chips.append(CHOSEN)
                numbers = None
                now = current.get(c) if isinstance(current, dict) else None
                printed = self.card(c)
                if (
                    now is not None
                    and printed is not None
                    and _rated(now) != rating_words(ratings(printed))
                ):
                    numbers = Chip(_rated(now), (246, 160, 140))
                host = attached.get(c) if isinstance(attached, dict) else None
                who = control.get(c) if isinstance(control, dict) else None
                edge = who if isinstance(who, int) and kind == "involved" else None
                if isinstance(owner, dict) and who is not None and owner.get(c) not in (None, who):
                    chips.append(TAKEN)
                veil = STRICKEN if c in stricken else None
                notes = tuple(
                    f"{x.text}: {NOTE[x.text]}" for x in (*chips, veil) if x and x.text in NOTE
                )
                cards[c] = CardDecor(
                    edge=edge,
                    chips=tuple(chips),
                    numbers=numbers,
                    veil=veil,
                    where=f"on {self._name(host)}" if host else "",
                    notes=notes,
                )
        chain, arrows = _stack(view)
        for c, d in chain.items():
            old = cards.get(c)
            cards[c] = (
                d
                if old is None
                else CardDecor(
                    edge=old.edge,
                    chips=(*old.chips, *d.chips),
                    numbers=old.numbers,
                    veil=old.veil,
                    where=old.where,
                    notes=old.notes,
                )
            )
        for z, contest in _contest(view).items():
            covers[z] = (*covers.get(z, ()), *contest)
        for q in range(n):
            if (
                _seat_value(info.get("committed"), q)
                and f"event:{q}" in view.zones
                and info.get("step") == "propose"
            ):
                covers[f"event:{q}"] = (PROPOSED,)
        turn = info.get("turn") if info.get("step") in ("action", "respond") else None
        return Decor(
            turn=turn if isinstance(turn, int) else None,
            huds=huds,
            cards=cards,
            covers=covers,
            badges=badges,
            arrows=tuple(arrows),
        )


def _and(items: list[str]) -> str:
    return ", ".join(items[:-1]) + f" and {items[-1]}" if len(items) > 1 else "".join(items)


PRESENT = UsagiPresentation(CARDS())  # in the shipped cards and the person's own
