"""Checkpoints: a long game loads from its last kept state, not move by move.

A save is (seed, options, moves), and replaying 500,000 moves through the
rules, each checked for legality, takes minutes' worth of seconds. So every
`EVERY` moves the session writes down the state (`GameBase.dump_state`, plain
JSON) and who made each move since the last checkpoint; a save keeps them
(formats/save.py). Loading takes the last checkpoint that holds up, takes the
history before it from the checkpoints' `who` (a move's seat and whether it was
secret; its events, which only the log's wording uses, are not kept: the log's
latest lines find those of the moves since the checkpoint before, replayed when
first asked, `Session.events`), and replays only the moves after it, each
checked as always. Undo further back than
that replays from an earlier checkpoint, read when it is needed.

A checkpoint is read from a file a person may have edited, so before it is
used it must hold up:
- its shape: `at` (moves before it), `who` (one letter per move since the
  previous checkpoint: the seat's digit, a letter from `a` for a secret move),
  `sum` and `state`; the `who` letters add up to `at`;
- `sum`: an HMAC-SHA-256, keyed with a secret kept in the user's data folder
  (`checkpoint.key`, 0600), of the SHA-256 over the moves up to it (texts and
  who made them) and its state, so a checkpoint belongs to these very moves
  and an edit is seen even when its maker recomputes the plain SHA-256 (a
  save from another user or computer is replayed: slower, never wrong);
- its state: read by the game's annotations (a field of the wrong kind is
  named by its path); what the deal holds (options, card definitions) is taken
  from the deal, never from the file;
- the game's own invariants: the same cards as the deal (none lost, none made
  up, tokens aside), and the rules can read it (whose decision, the legal
  moves, every seat's view).
One that does not is refused with words naming the file, the checkpoint and the
field (kept in `Any.notes`), and the moves are replayed from the checkpoint
before it, or from the deal: the moves are the save, a checkpoint only saves time.
"""

from __future__ import annotations

import contextlib
import json
import os
from collections import Counter
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING, Any

from shrinetable.engine import StateError
from shrinetable.formats.save import by_move

if TYPE_CHECKING:
    from shrinetable.formats.savemodel import SaveFile

EVERY = 1024  # moves between two checkpoints: the most a load replays
SEATS = "0123456789"
SECRET = "abcdefghij"
KEY_FILE = "checkpoint.key"
KEY_BYTES = 32


class Refused(ValueError):
    """A checkpoint that does not hold up; the message says which field and why."""


@dataclass
class Mark:
    """A checkpoint: `record` as a save holds it, `prefix` the running digest of
    the moves up to it (see `_moves`)."""

    at: int
    record: dict[str, Any]
    prefix: Any = field(repr=False)

    @property
    def who(self) -> str:
        return str(self.record["who"])

    def state(self, session: Any) -> Any:
        """Its state, checked (Refused otherwise)."""
        game, deal = session.game, session.deal
        if self.record["sum"] != _sum(self.prefix, self.record["state"]):
            raise Refused(
                "sum: does not match its moves and state (edited, or saved by "
                "another user or computer)"
            )
        try:
            state = game.load_state(self.record["state"], deal)
        except StateError as e:
            raise Refused(f"state.{e}") from None
        if (wrong := _unsound(game, state, deal)) is not None:
            raise Refused(f"state: {wrong}")
        return state


def who(a: Any) -> str:
    """The letter of an applied move (adapter/session.py's `Applied`)."""
    return (SECRET if a.secret else SEATS)[a.seat]


def seat(letter: str) -> tuple[int, bool]:
    """The seat a `who` letter names, and whether its move was secret."""
    return (SEATS + SECRET).index(letter) % len(SEATS), letter in SECRET


def _moves(prefix: Any, texts: list[str], whos: str) -> Any:
    """`prefix` (a running SHA-256) with the moves after it added."""
    prefix.update("\n".join(texts).encode("utf-8", "surrogatepass"))
    prefix.update(b"\0" + whos.encode() + b"\0")
    return prefix


def _digest() -> Any:
    """A new SHA-256 digest; hashlib (OpenSSL) is imported at the first
    checkpoint, not with every session."""
    import hashlib

    return hashlib.sha256()


def _sum(prefix: Any, state: Any) -> str:
    import hmac

    h = prefix.copy()
    h.update(json.dumps(state, sort_keys=True, separators=(",", ":")).encode())
    return hmac.new(key(), h.digest(), "sha256").hexdigest()


@cache
def key() -> bytes:
    """This user's secret for the sums: `<data>/checkpoint.key`, made on first use
    (0600, 32 random bytes); a key for this run alone when no folder can keep one
    (its checkpoints are replayed by later runs)."""
    import secrets  # with hmac and hashlib: at the first checkpoint, not at launch

    from shrinetable.formats.files import read_bytes
    from shrinetable.resources import data_dir

    try:
        data_dir().mkdir(parents=True, exist_ok=True)
        path = data_dir() / KEY_FILE
        with contextlib.suppress(FileExistsError):
            fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
            with os.fdopen(fd, "wb") as f:
                f.write(secrets.token_bytes(KEY_BYTES))
        kept = read_bytes(path, KEY_BYTES)
        if len(kept) == KEY_BYTES:
            return kept
        path.unlink()  # torn or edited: a new key (the old checkpoints are replayed)
        return key.__wrapped__()
    except OSError:
        return secrets.token_bytes(KEY_BYTES)


def share_key(folder: Path) -> None:
    """Give the data folder `folder` this process's key (a child process that
    loads this process's saves, `bench load`, checks their checkpoints)."""
    path = folder / KEY_FILE
    folder.mkdir(parents=True, exist_ok=True)
    path.unlink(missing_ok=True)
    fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    with os.fdopen(fd, "wb") as f:
        f.write(key())


def mark(session: Any, at: int) -> Mark | None:
    """The checkpoint of the session's state, `at` moves in (None when the game
    cannot write its state down)."""
    earlier = max((k for k in session.marks if k < at), default=0)
    prefix = session.marks[earlier].prefix.copy() if earlier else _digest()
    moves = session.history[earlier:at]
    whos = "".join(who(a) for a in moves)
    try:
        state = session.game.dump_state(session.state, session.deal)
    except (StateError, NotImplementedError, TypeError, AttributeError):
        return None  # a plug-in whose state is not a dataclass: it replays
    _moves(prefix, [a.text for a in moves], whos)
    return Mark(at, {"at": at, "who": whos, "sum": _sum(prefix, state), "state": state}, prefix)


def _unsound(game: Any, state: Any, deal: Any) -> str | None:
    """What breaks the game's invariants in `state`, or None."""
    token = game.testing.is_token if game.testing else (lambda card: False)

    def cards(s: Any) -> Counter[Any]:
        return Counter(c for zone in game.all_cards(s).values() for c in zone if not token(c))

    try:
        have, want = cards(state), cards(deal)
        if have != want:
            odd = sorted((have - want) + (want - have))
            return f"not the cards of the deal (card conservation): {', '.join(odd[:5])}"
        decision = game.decision(state)
        if decision is not None and not game.legal_actions(state):
            return "a decision with no legal move"
        for q in (None, *range(game.view(deal, None).seats)):
            game.view(state, q)
    except Exception as e:  # noqa: BLE001 - a state from a file: whatever the rules trip on
        return f"the rules cannot read it ({type(e).__name__}: {e})"
    return None


def read(save: SaveFile, seats: int) -> tuple[list[Mark], list[str]]:
    """The save's checkpoints whose shape holds up, in order, with their
    digests; what was refused, in words. One misshapen stops the reading
    (the ones after it would not know who made the moves before them)."""
    marks: list[Mark] = []
    prefix, at = _digest(), 0
    letters = SEATS[:seats] + SECRET[:seats]
    for i, record in enumerate(save.checkpoints):
        where = f"checkpoint {i} (at move {record.get('at')})"
        wrong = _misshapen(record, at, len(save.actions), letters)
        if wrong:
            return marks, [f"{where}: {wrong}"]
        _moves(prefix, save.actions[at : record["at"]], record["who"])
        at = record["at"]
        marks.append(Mark(at, record, prefix.copy()))
    return marks, []


def _misshapen(record: dict[Any, Any], at: int, moves: int, letters: str) -> str | None:
    for key, kind, words in (
        ("at", int, "a whole number"),
        ("who", str, "a text"),
        ("sum", str, "a text"),
        ("state", dict, "an object"),
    ):
        if type(record.get(key)) is not kind:
            return f"{key}: missing or not {words}"
    if unknown := sorted(set(record) - {"at", "who", "sum", "state"}):
        return f"{unknown[0]}: not a field of a checkpoint"
    if not at < record["at"] <= moves:
        return f"at: {record['at']} is not after move {at} and within the {moves} moves"
    if len(record["who"]) != record["at"] - at:
        return f"who: {len(record['who'])} letters for the {record['at'] - at} moves since {at}"
    if bad := set(record["who"]) - set(letters):
        return f"who: {sorted(bad)[0]!r} is no seat of this game"
    return None


def resume(session: Any, save: SaveFile, where: str) -> int:
    """Take `session` (just dealt) to the last checkpoint of `save` that holds
    up; the moves it stands after (0: none did, replay them all). What was
    refused goes to `session.notes`, naming `where`."""
    if not save.checkpoints or not session.dealt:
        return 0
    marks, notes = read(save, len(session.seats))
    for i in range(len(marks) - 1, -1, -1):
        try:
            state = marks[i].state(session)
        except Refused as e:
            notes.append(f"checkpoint {i} (at move {marks[i].at}): {e}")
            continue
        whos = "".join(m.who for m in marks[: i + 1])
        made = {m.at: m for m in marks[: i + 1]}
        session.resume(save.actions[: len(whos)], whos, state, made, by_move(save))
        break
    session.notes += [f"{where}: {n}; its moves are replayed instead" for n in notes]
    return len(session.history)
