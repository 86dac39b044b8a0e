"""The messages between a host and its remote tables: JSON, one pydantic model each.

Both ends validate every message they receive against these models (extra keys
refused), so a message that does not parse is rejected with the reason, never
acted on. Only data travels: action texts in the game's notation, views and
events as the engine gives them for one seat. No code, pickle or file path.
The protocol `VERSION` is checked when a table says hello; sizes are bounded
(`MAX_TO_HOST`, `MAX_TO_TABLE`) by the WebSocket layer on both sides.
"""

from __future__ import annotations

import secrets
from dataclasses import replace
from typing import Annotated, Any, Literal

from pydantic import (
    AfterValidator,
    BaseModel,
    ConfigDict,
    Field,
    TypeAdapter,
    ValidationError,
    ValidationInfo,
    field_validator,
    model_validator,
)

from shrinetable.engine import (
    MAX_SEATS,
    Decision,
    Entry,
    Event,
    Gesture,
    Outcome,
    View,
    ZoneView,
)

VERSION = 9  # 2: gestures, tallies and refusal reasons; 3: the log's moves on a join;
# 4: the log as entries (data), not words; 5: a gesture's `again`; 6: each move's
# question before it gives something up (`warnings`); 7: a move `joined` to the last;
# 8: a move's `picked_in` (an older table would refuse the key: told at the hello);
# 9: a seat's standing answers (`Standing`) and the move one made (`MoveM.standing`)
MAX_TO_HOST = 4096  # bytes: a hello or an action text is far smaller
MAX_TO_TABLE = 4 << 20  # bytes: a view is tens of kB, a 714-move game's history 145 kB
HISTORY_BYTES = 16 << 20  # the moves a table keeps for its log, at most (the newest)
CODE_LETTERS = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"  # no 0/O or 1/I to misread
CODE_LENGTH = 8  # 32**8 = 2**40 codes: guessing is slowed on the host too
Seat = Annotated[int, Field(ge=0, lt=MAX_SEATS)]
CODE_MAX = 16  # an invite code as typed (dashes, spaces)
NAME_MAX = 32  # a player's name
TOKEN_MAX = 64  # a seat's token (`new_token` makes 24 characters)
UNKNOWN_TOKEN = "that seat token is not one of this table's remote seats"  # a table forgets it
Short = Annotated[str, Field(max_length=200)]


def new_code() -> str:
    """An invite code to say aloud or type, unguessable (40 bits; `show_code` groups it)."""
    return "".join(secrets.choice(CODE_LETTERS) for _ in range(CODE_LENGTH))


def show_code(code: str) -> str:
    """A code as people read it: in groups of four (`ABCD-EFGH`)."""
    return "-".join(code[i : i + 4] for i in range(0, len(code), 4))


def clean_code(text: str) -> str:
    """A code as typed (any case, with or without its dash or spaces), as the host keeps it."""
    return "".join(c for c in text.upper() if c not in "- ")


def clean_text(text: str) -> str:
    """Text from the other end as one printable line: control characters (a
    newline, NUL, a terminal's escape sequences) and the marks that reorder or
    hide text (right-to-left overrides, zero-width characters) become spaces."""
    return text if text.isprintable() else "".join(c if c.isprintable() else " " for c in text)


def clean_name(text: str) -> str:
    """A player's name as it is printed and drawn: `clean_text`, spaces collapsed."""
    return " ".join(clean_text(text).split())


Name = Annotated[str, Field(max_length=NAME_MAX), AfterValidator(clean_name)]
Line = Annotated[str, Field(max_length=2000), AfterValidator(clean_text)]  # printed as is


def new_token() -> str:
    """The secret that proves a table holds a seat (kept by the table to rejoin)."""
    return secrets.token_urlsafe(18)


class Message(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


# -- from a table to the host ----------------------------------------------------
class Hello(Message):
    """The first message: which game (by invite code) and who. `token` takes back
    a seat held before (a rejoin); `watch` asks to be a spectator."""

    type: Literal["hello"] = "hello"
    version: int
    code: Annotated[str, Field(max_length=CODE_MAX)]
    name: Name = ""
    token: Annotated[str, Field(max_length=TOKEN_MAX)] | None = None
    watch: bool = False


class Act(Message):
    """A move in the game's notation, answering update `seq` (a stale one is
    refused); `joined`: made by the gesture of the seat's move before it (a
    selection dropped together), taken back with it by one undo."""

    type: Literal["act"] = "act"
    text: Short
    seq: int
    joined: bool = False


class AskHint(Message):
    """The computer's move for the asker's own seat (what `--bot ai` plays)."""

    type: Literal["hint"] = "hint"
    seq: int


class AskWhy(Message):
    """Why a drop made no move (the table's refusal words; the rules judge it on
    the host, where the game's state is)."""

    type: Literal["why"] = "why"
    seq: int
    held: Annotated[list[Short], Field(max_length=60)]
    source: Short
    zone: Short | None = None
    card: Short | None = None


class AskUndo(Message):
    """Ask the table to take back the asker's last move (the others must agree)."""

    type: Literal["undo"] = "undo"


class Agree(Message):
    """Answer to an undo request."""

    type: Literal["agree"] = "agree"
    yes: bool


class Standing(Message):
    """The seat's standing answer `key` (the game's `engine.Standing`) switched
    on or off at its own table: the host gives it for that seat while it is on."""

    type: Literal["standing"] = "standing"
    key: Annotated[str, Field(max_length=64)]
    on: bool


ToHost = Annotated[
    Hello | Act | AskHint | AskWhy | AskUndo | Agree | Standing, Field(discriminator="type")
]


# -- from the host to a table ----------------------------------------------------
class Welcome(Message):
    """The host took the table in: its seat (None: a spectator) and the token to
    rejoin with."""

    type: Literal["welcome"] = "welcome"
    version: int = VERSION
    game: str
    seats: int
    seat: Seat | None
    token: Annotated[str, Field(max_length=TOKEN_MAX)] | None
    options: Annotated[dict[str, bool | int | float | str], Field(max_length=64)]


class Refused(Message):
    """The connection is refused (the host closes it after this)."""

    type: Literal["refused"] = "refused"
    reason: Line


class Rejected(Message):
    """One message refused; the connection and the game go on. `ruling` names the
    rule when the rules refused a move."""

    type: Literal["rejected"] = "rejected"
    reason: Line
    ruling: Line | None = None


# The engine's own dataclasses are the wire form of a view, a legal move's
# gesture, a move's events and its log entries: one schema, read from their
# fields, that the host writes with (`update_json`) and a table checks with
# (`read_to_table`), keys beyond their fields refused.
WIRE: tuple[type, ...] = (View, ZoneView, Decision, Outcome, Gesture, Event, Entry)
for _cls in WIRE:
    _cls.__pydantic_config__ = ConfigDict(extra="forbid")  # type: ignore[attr-defined]


def _seats_in(seats: int, *found: int | None) -> None:
    """Every seat a message names is one of the game's `seats` (at most MAX_SEATS)."""
    if not 0 < seats <= MAX_SEATS:
        raise ValueError(f"a game of {seats} seats (1 to {MAX_SEATS})")
    bad = [q for q in found if q is not None and not 0 <= q < seats]
    if bad:
        raise ValueError(f"seat {bad[0]} of a game of {seats} seats")


def _event_seats(events: list[Event], entries: list[Entry]) -> list[int | None]:
    return [
        *(e.seat for e in events),
        *(q for e in events for q in e.visible_to or ()),
        *(e.seat for e in entries),
        *(q for e in entries for q in e.visible_to or ()),
    ]


class MoveM(Message):
    """A move as one table may know it: `text` (the notation) only for the seat
    that made it, since a move's text may name a card no other seat may see;
    `entries` are the log's entries for it as the match makes them for that
    seat (a local table's log is made from the same); `events` as that seat
    sees them (`Event.seen_by`)."""

    seat: Seat
    text: str | None
    entries: list[Entry] = []
    auto: bool = False
    secret: bool = False
    events: list[Event] = []
    picked_in: str = ""  # `Applied.picked_in`, only for the seat that made it
    standing: str = ""  # `Applied.standing`, only for the seat that made it

    @model_validator(mode="after")
    def _seats(self) -> MoveM:
        _seats_in(MAX_SEATS, *_event_seats(self.events, self.entries))
        return self


class Update(Message):
    """The game after a change: the move that made it (None after a join or an
    undo), this table's view, and its legal moves when it decides now, each
    with its gesture (`gestures`, in the same order) for a table's drags. For
    the table's panels: the turn's number and whether this seat may ask for an
    undo (`undone`: how many moves an undo took back). `history`: every move
    of the game so far as this seat may know it (as each `move` is), sent when
    a table takes the game as it stands (a join, a rejoin, the start), so its
    log shows the moves made before it came; None: the table keeps its own."""

    type: Literal["update"] = "update"
    seq: int
    move: MoveM | None
    view: View
    legal: list[str] = []
    gestures: list[Gesture] = []
    # per legal move (same order): the question a table asks before it, "" for none
    # (the game's `skip_warning`, read on the host, which holds the state)
    warnings: list[str] = []
    turn: int = 0
    can_undo: bool = False
    undone: int = 0
    history: list[MoveM] | None = None

    @field_validator("view")
    @classmethod
    def _view(cls, view: View) -> View:
        """Its seats the game's; an outcome's reason printed as one clean line."""
        d, o = view.decision, view.outcome
        owners = (z.owner for z in view.zones.values())
        _seats_in(
            view.seats, view.seat, *owners, None if d is None else d.seat, *(o.winners if o else ())
        )
        if o is not None and (len(o.reason) > 2000 or not o.reason.isprintable()):
            return replace(view, outcome=replace(o, reason=clean_text(o.reason[:2000])))
        return view

    @field_validator("warnings")
    @classmethod
    def _warnings(cls, warnings: list[str], info: ValidationInfo) -> list[str]:
        """One question (or none) a legal move, each a clean line a table may show."""
        legal = info.data.get("legal", [])
        if warnings and len(warnings) != len(legal):
            raise ValueError(f"{len(warnings)} warnings for {len(legal)} legal moves")
        return [clean_text(w[:2000]) for w in warnings]


class PlayerM(Message):
    seat: Seat
    kind: Literal["human", "computer", "remote"]
    name: Name
    connected: bool
    taken: bool = True  # False: a remote seat no one has joined yet


def update_json(
    seq: int,
    move: MoveM | None,
    view: View,
    moves: list[Any],
    turn: int,
    can_undo: bool,
    undone: int = 0,
    history: list[MoveM] | None = None,
    warnings: list[str] | None = None,
) -> str:
    """An `Update` as JSON, written by its own schema from the engine's objects
    as they are (not validated again: the host made them); the receiving end
    validates it as an `Update`. `move` and each of `history`: from
    `move_data`; `moves`: the legal moves with their gestures
    (`adapter.gestures.Move`) and `warnings`, each one's question (or "")."""
    return Update.model_construct(
        seq=seq,
        move=move,
        view=view,
        legal=[m.text for m in moves],
        gestures=[m.gesture for m in moves],
        warnings=warnings or [""] * len(moves),
        turn=turn,
        can_undo=can_undo,
        undone=undone,
        history=history,
    ).model_dump_json()


def move_data(
    seat: int,
    text: str | None,
    entries: list[Entry],
    auto: bool,
    secret: bool,
    events: list[Event],
    picked_in: str = "",
    standing: str = "",
) -> MoveM:
    """A `MoveM` for `update_json` (`entries` and `events` as the table's seat
    may know them), made as it is written: the host's own data."""
    return MoveM.model_construct(
        seat=seat,
        text=text,
        entries=entries,
        auto=auto,
        secret=secret,
        events=events,
        picked_in=picked_in,
        standing=standing,
    )


class Players(Message):
    """Who sits where and who is connected (sent whenever that changes)."""

    type: Literal["players"] = "players"
    players: Annotated[list[PlayerM], Field(max_length=MAX_SEATS)]
    watchers: int = 0


class Hint(Message):
    type: Literal["hint"] = "hint"
    seq: int
    text: str


class Why(Message):
    """The answer to `AskWhy`: why that drop made no move, in the rules' words."""

    type: Literal["why"] = "why"
    seq: int
    text: str


class UndoAsked(Message):
    """A player asks to take back their last move; every other person answers."""

    type: Literal["undo_asked"] = "undo_asked"
    by: Seat


class UndoDone(Message):
    """The undo request is settled (an update follows when it was granted)."""

    type: Literal["undo_done"] = "undo_done"
    granted: bool
    reason: str = ""


ToTable = Annotated[
    Welcome | Refused | Rejected | Update | Players | Hint | Why | UndoAsked | UndoDone,
    Field(discriminator="type"),
]

_to_host: TypeAdapter[Any] = TypeAdapter(ToHost)
_to_table: TypeAdapter[Any] = TypeAdapter(ToTable)


class BadMessage(ValueError):
    """A message that does not parse; the text says what is wrong, briefly."""


def _read(adapter: TypeAdapter[Any], raw: str | bytes) -> Any:
    try:
        return adapter.validate_json(raw)
    except ValidationError as e:
        first = e.errors()[0]
        where = (".".join(str(p) for p in first["loc"]) or "message")[:100]
        raise BadMessage(f"{where}: {first['msg']}") from None


def read_to_host(
    raw: str | bytes,
) -> Hello | Act | AskHint | AskWhy | AskUndo | Agree | Standing:
    message: Hello | Act | AskHint | AskWhy | AskUndo | Agree | Standing = _read(_to_host, raw)
    return message


def read_to_table(raw: str | bytes) -> Any:
    return _read(_to_table, raw)


def dump(message: Message) -> str:
    return message.model_dump_json()
