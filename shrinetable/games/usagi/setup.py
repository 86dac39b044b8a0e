"""Build a Usagi position from an explicit description (the scenario hook).

`Keys` are the position keys only Usagi reads (docs/rules/usagi.md, "Positions"):
the `phase` and `step` (`setup`/`cut`: `turn` is offered the cut of the next seat's
deck), the `first` player, `turn_no`, the `finished` players,
each seat's `honor` and `ryo`, the chronicle `pool` and each seat's `tokens`, the
`stricken` cards, `attached` (attachment -> the card it is on), `heroes` (the
Hero each seat kept), `owners` (the owner of any card, when it is not the seat of
its zone: a Character in another seat's field is controlled by that seat, U29),
`controllers` (who controls an involved Character, when not its owner),
`involved_with` (the Event a Character is involved with, when its seat has
two) and `proposals` (a secret proposal already made in the propose step).
Involvement is where a Character is: `involved:i` holds the Characters involved with
seat i's Events (`event:i`: its Events, each followed by its Settings, and Held
Moments; a Story Event held over and this turn's Event may both be there).
Cards keep the numbers the file gives them; a deck left out holds that seat's
whole deck (its `deck_pN` option, less the cards named), shuffled by the seed. A
problem raises `SetupError`.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field

from shrinetable.engine import Named, SetupError, seat_index
from shrinetable.engine.rng import seeded

from .cards import NONE, instance
from .rules import POOL
from .state import State

Amount = Annotated[int, Field(ge=0, le=999)]
Seat = Literal["p1", "p2", "p3", "p4", "p5", "p6"]
PILES = ("deck", "hand", "rest", "dead", "chronicle")


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid")


class Keys(_Strict):
    """Usagi's own position keys."""

    phase: Literal["setup", "initiation", "actions", "conclusion"] = "actions"
    step: Literal["cut", "discard", "propose", "action", "hero"] = "action"
    first: Seat = "p1"
    turn_no: int = Field(1, ge=1, le=999)
    finished: list[Seat] = []
    honor: dict[Seat, Amount] = {}
    ryo: dict[Seat, Amount] = {}
    pool: int | None = Field(None, ge=0, le=35)
    tokens: dict[Seat, Amount] = {}
    stricken: list[str] = []
    attached: dict[str, str] = {}
    heroes: dict[Seat, str] = {}
    owners: dict[str, Seat] = {}  # who owns a card, when not the seat of its zone
    controllers: dict[str, Seat] = {}  # who controls an involved Character, if not its owner
    involved_with: dict[str, str] = {}  # Character -> Event, for a seat with two Events
    proposals: dict[Seat, str] = {}  # the propose step: a seat's secret proposal made


STEPS = {
    "setup": ("cut",),
    "initiation": ("discard", "propose"),
    "actions": ("action",),
    "conclusion": ("hero",),
}


def position(game: Any, spec: Any) -> State:
    """The State the spec describes (see the module docstring)."""
    n = spec.seats
    if not 2 <= n <= 6:
        raise SetupError(("seats",), "usagi is for 2 to 6 players")
    opts = game.make_options(spec.options, n)
    named = Named(game.catalogue.definitions(), instance)
    zones: dict[str, list[int]] = {}

    for zone, cards in spec.zones.items():
        kind, _, owner = zone.partition(":")
        q = int(owner)
        if q >= n:
            raise SetupError(("zones", zone), f"there are {n} seats: {zone} is no seat's")
        zones[zone] = [named.take(t, q, ("zones", zone, i)) for i, t in enumerate(cards)]
    for text, who in spec.owners.items():
        loc = ("owners", text)
        num = instance(text) if "#" in text and text.rpartition("#")[2].isdigit() else -1
        if num not in named.cards:
            raise SetupError(loc, f"{text} is not a card listed in the zones")
        if seat_index(who) >= n:
            raise SetupError(loc, f"there are {n} seats")
        named.cards[num] = (named.cards[num][0], seat_index(who))
    rng = seeded(spec.seed)
    for q in range(n):
        if f"deck:{q}" not in zones:
            ids = named.unnamed(q, game.files.resolve(opts.decks[q])[1])
            zones[f"deck:{q}"] = named.deck(q, ids, rng)
    e: list[list[int]] = [[] for _ in range(n)]
    deck, hand, *piles = ([zones.get(f"{k}:{q}", [])[:] for q in range(n)] for k in PILES)
    s = State(  # type: ignore[call-arg, misc]  # the piles fill the fields in PILES' order
        opts,
        rng,
        *named.table(NONE),
        deck,
        hand,
        n,
        *piles,  # type: ignore[arg-type]
        [x[:] for x in e],
        [x[:] for x in e],
        [x[:] for x in e],
        [0] * n,
        [0] * n,
        [0] * n,
        [False] * n,
        [0] * n,
        [False] * n,
        [0] * n,
        pool=POOL[n],
        pool_start=POOL[n],
    )
    _attachments(s, spec, zones)
    _table(s, spec, zones)
    _control(s, spec)
    _marks(s, spec)
    return s


def _control(s: State, spec: Any) -> None:
    """Who controls each Character (U29): the seat of the field it lies in, or for
    an involved one `controllers` (its owner by default); its Attachments with it."""
    for q in range(s.n):
        for c in s.field[q]:
            if s.defs[c].type == "character" and s.owner[c] != q:
                s.control[c] = q
    for text, who in spec.controllers.items():
        loc = ("controllers", text)
        c = _named(s, text, loc)
        if c not in s.involved or seat_index(who) >= s.n:
            raise SetupError(
                loc,
                f"{text} is not an involved Character of a seat in play "
                f"(a Character in a field is its field's seat's)",
            )
        if seat_index(who) != s.owner[c]:
            s.control[c] = seat_index(who)
    for a, h in s.attached.items():
        if s.defs[h].type == "character" and s.owner[a] != s.ctrl(h):
            s.control[a] = s.ctrl(h)


def _attachments(s: State, spec: Any, zones: dict[str, list[int]]) -> None:
    for text, host in spec.attached.items():
        loc = ("attached", text)
        a, h = _named(s, text, loc), _named(s, host, loc)
        d, hd = s.defs[a], s.defs[h]
        if d.type != "attachment":
            raise SetupError(loc, f"{text} is not an Attachment")
        if (d.kind == "setting") != (hd.type == "event"):
            raise SetupError(
                loc, "a Setting is attached to an Event, any other Attachment to a Character"
            )
        if not any(
            a in cs and h in cs
            for k, cs in zones.items()
            if k.split(":")[0] in ("field", "event", "involved")
        ):
            raise SetupError(loc, f"{text} and {host} are listed in the same zone of play")
        s.attached[a] = h


def _named(s: State, text: str, loc: tuple) -> int:
    num = instance(text) if "#" in text else -1
    if not 0 < num < len(s.names) or s.names[num] != text:
        raise SetupError(loc, f"{text} is not a card named in the zones")
    return num


def _table(s: State, spec: Any, zones: dict[str, list[int]]) -> None:
    """The zones of play: fields, Events, involvement."""
    for q in range(s.n):
        for i, c in enumerate(zones.get(f"field:{q}", [])):
            d = s.defs[c]
            if c in s.attached:
                continue
            if d.type != "character" and d.kind != "held":
                raise SetupError(
                    ("zones", f"field:{q}", i),
                    f"{s.names[c]}: a play field "
                    f"holds Characters, their Attachments and Held Moments",
                )
            s.field[q].append(c)
        for i, c in enumerate(zones.get(f"event:{q}", [])):
            if c in s.attached:
                continue
            if s.defs[c].type == "event":
                s.event[q].append(c)
                s.revealed = s.revealed | {c}
            elif s.defs[c].kind == "held":
                s.common[q].append(c)
            else:
                raise SetupError(
                    ("zones", f"event:{q}", i),
                    f"{s.names[c]}: an Event zone holds Events, their Settings and Held Moments",
                )
        for i, c in enumerate(zones.get(f"involved:{q}", [])):
            if c in s.attached:
                continue
            if s.defs[c].type != "character":
                raise SetupError(("zones", f"involved:{q}", i), f"{s.names[c]} is not a Character")
            s.involved[c] = _involved_with(s, spec, q, c)


def _involved_with(s: State, spec: Any, q: int, c: int) -> int:
    """The Event of seat `q` that Character `c` is involved with: the seat's only
    one, or the one `involved_with` names when it has two (a held-over Story Event
    and this turn's)."""
    loc = ("involved_with", s.names[c])
    text = spec.involved_with.get(s.names[c])
    if text is not None:
        e = _named(s, text, loc)
        if e not in s.event[q]:
            raise SetupError(loc, f"{text} is not an Event in event:{q}")
        return e
    if not s.event[q]:
        raise SetupError(("zones", f"involved:{q}"), f"p{q + 1} has no Event in event:{q}")
    if len(s.event[q]) > 1:
        raise SetupError(
            ("zones", f"involved:{q}"),
            f"p{q + 1} has {len(s.event[q])} Events: name {s.names[c]}'s in `involved_with`",
        )
    return s.event[q][0]


def _proposals(s: State, spec: Any) -> None:
    """The secret proposals the seats before `turn` made in the propose step."""
    for who, text in spec.proposals.items():
        loc = ("proposals", who)
        c, q = _named(s, text, loc), seat_index(who)
        if spec.step != "propose" or q >= s.n or not s.committed[q]:
            raise SetupError(
                loc,
                "a proposal is made by a seat that has already "
                "proposed in the propose step (before `turn`)",
            )
        if c not in s.hand[q] or s.defs[c].type != "event":
            raise SetupError(loc, f"{text} is not an Event in {who}'s hand")
        s.proposal[q] = c


def _marks(s: State, spec: Any) -> None:
    s.phase, s.step = spec.phase, spec.step
    if spec.step not in STEPS[spec.phase]:
        raise SetupError(
            ("step",), f"the {spec.phase} phase has the steps {', '.join(STEPS[spec.phase])}"
        )
    s.first = seat_index(spec.first)
    s.turn = seat_index(spec.turn)
    for key in ("first", "turn"):
        if seat_index(getattr(spec, key)) >= s.n:
            raise SetupError((key,), f"there are {s.n} seats")
    s.turn_no = spec.turn_no
    for w in spec.finished:
        s.finished[seat_index(w)] = True
    s.someone_finished = any(s.finished)
    if s.finished[s.turn] and spec.step == "action":
        raise SetupError(("finished",), "the acting player is not finished")
    for key in ("honor", "ryo", "tokens"):
        for who, v in getattr(spec, key).items():
            getattr(s, key)[seat_index(who)] = v
    s.pool = s.pool_start - sum(s.tokens) if spec.pool is None else spec.pool
    for i, t in enumerate(spec.stricken):
        c = _named(s, t, ("stricken", i))
        if not s.in_play(c):
            raise SetupError(("stricken", i), f"{t} is not in play")
        s.stricken = s.stricken | {c}
    for who, t in spec.heroes.items():
        c = _named(s, t, ("heroes", who))
        if c not in s.field[seat_index(who)] or s.defs[c].kind != "hero":
            raise SetupError(("heroes", who), f"{t} is not a Hero in {who}'s play field")
        s.hero[seat_index(who)] = c
    if spec.step == "cut":  # `turn` cuts the deck of the seat on its left
        s.responder = (s.turn + 1) % s.n
        s.turn_no = 0
    if spec.step == "discard":
        s.passes = (s.turn - s.first) % s.n
    if spec.step == "propose":
        s.passes = (s.turn - s.first) % s.n
        for r in range(s.passes):
            s.committed[(s.first + r) % s.n] = True
    _proposals(s, spec)
    if spec.step == "hero":
        s.passes = (s.turn - s.first) % s.n
        if s.defs[s.hero[s.turn]].kind != "hero" and not any(
            s.defs[c].kind == "hero" for c in s.field[s.turn]
        ):
            raise SetupError(("turn",), "the seat choosing a Hero has one in its field")
