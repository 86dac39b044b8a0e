"""Where games are kept, so that nothing a person does loses one.

Every game autosaves to a journal of its own in `<data>/autosaves/` (two tables,
or two games one after the other, never overwrite each other's; a move appends
a line, so it costs the same late in a game as early) and Continue offers each
recent one; saves by hand go to `<data>/saves/` and never replace one another.
The data folder is the user data directory (platformdirs) or
SHRINETABLE_DATA_DIR. When it cannot be written, both go to a private fallback
folder in the system temp folder, and `notice()` says so and why; when an
autosave cannot be written where it was, the game moves there whole and
`autosave` returns the words that say so.
"""

from __future__ import annotations

import atexit
import contextlib
import itertools
import os
import stat
import tempfile
import time
import weakref
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

from shrinetable.engine import CardSet
from shrinetable.formats.files import is_file, resolved, why
from shrinetable.formats.save import (
    SaveError,
    append,
    clean_temporaries,
    journal_moves,
    read_save,
    write_journal,
    write_save,
)
from shrinetable.resources import data_dir

from . import checkpoint
from .session import Applied, Session, facts

# this process: started when, by which process (unique while it runs)
INSTANCE = f"{time.strftime('%Y%m%d-%H%M%S')}-{os.getpid()}"
RECENT = 8  # autosaves Continue offers, newest first
SUFFIXES = ("*.jsonl", "*.json")  # journals; whole saves from before there were journals
SPARES = 50  # `shrinetable-<uid>-N` folders tried when the first is not private

_names: weakref.WeakKeyDictionary[Session, str] = weakref.WeakKeyDictionary()
_count = itertools.count(1)
_notice = ""
_used: dict[Path, set[Path]] = {}  # data folder -> the fallback folders this run used for it


@dataclass
class _Journal:
    """A game's autosave journal: where it is, what its header holds (seats and
    options) and the moves written, the history's own objects in order."""

    path: Path
    key: tuple[Any, ...]
    moves: list[Applied]


_journals: weakref.WeakKeyDictionary[Session, _Journal] = weakref.WeakKeyDictionary()


@cache
def fallback_dir() -> Path:
    """Where saves go when the data folder cannot be written: the first private
    folder of `_candidates` (made 0700 if missing, owned by this user, writable
    by nobody else: another user who made it first could read, rewrite and
    plant games), the same one every time while nothing changes; when another
    user has taken every name in the temp folder, one in this user's own runtime
    folder or home. Only when none can be had, a fresh one for this run, removed
    at exit if nothing was kept in it."""
    for path in _candidates():
        if _private(path, make=True):
            return path
    spare = Path(tempfile.mkdtemp(prefix=f"shrinetable-{_user()}-run-"))  # 0700
    atexit.register(_prune, spare)
    return spare


def fallback_dirs() -> list[Path]:
    """Every fallback folder of this user's that holds games (none is made: the
    start of a table that can write its data folder leaves nothing in /tmp)."""
    used = _used.get(data_dir(), set())
    return list(dict.fromkeys([*used, *(p for p in _candidates() if _private(p, make=False))]))


def _user() -> str:
    return str(os.getuid()) if hasattr(os, "getuid") else os.environ.get("USERNAME", "user")


def _candidates() -> list[Path]:
    """The fallback folders, in the order they are tried."""
    base = Path(tempfile.gettempdir()) / f"shrinetable-{_user()}"
    if not hasattr(os, "getuid"):  # Windows: the temp folder is the user's own
        return [base]
    found = [base, *(base.with_name(f"{base.name}-{n}") for n in range(2, SPARES))]
    if runtime := os.environ.get("XDG_RUNTIME_DIR"):  # /run/user/<uid>: no one else's
        found.append(Path(runtime) / "shrinetable")
    with contextlib.suppress(RuntimeError, KeyError):  # no home folder
        found.append(Path.home() / ".cache" / "shrinetable-fallback")
    return found


def _private(path: Path, make: bool) -> bool:
    """Whether `path` is (or, with `make`, has just been made) a folder of this
    user's that no one else may write; a link is not followed."""
    if make:
        try:
            path.mkdir(mode=0o700, parents=True)  # ~/.cache may not be there yet
        except FileExistsError:
            pass
        except OSError:
            return False
    try:
        st = os.lstat(path)
    except OSError:
        return False
    return (
        stat.S_ISDIR(st.st_mode)
        and (not hasattr(os, "getuid") or st.st_uid == os.getuid())
        and not st.st_mode & (stat.S_IWGRP | stat.S_IWOTH)
    )


def _prune(folder: Path) -> None:
    """Remove `folder` and the folders in it if no file was kept there."""
    for root, _, _ in sorted(os.walk(folder), key=lambda w: -len(w[0])):
        with contextlib.suppress(OSError):
            os.rmdir(root)  # only an empty one goes


def notice() -> str:
    """Why saves go to the fallback folder, if they do ('' when all is well)."""
    return _notice


def _usable(path: Path) -> Path:
    """`path`, created and writable; OSError otherwise."""
    path.mkdir(parents=True, exist_ok=True)
    if not os.access(path, os.W_OK | os.X_OK):
        raise PermissionError(f"{path} cannot be written")
    return path


def _folder(name: str) -> Path:
    """`<data>/<name>`, or the fallback's when the data folder cannot be written
    (OSError only when neither can)."""
    global _notice
    try:
        path = _usable(data_dir() / name)
        _notice = ""
        return path
    except OSError as e:
        spare = _usable(fallback_dir() / name)
        _used.setdefault(data_dir(), set()).add(spare.parent)
        _notice = (
            f"The data folder {data_dir()} cannot be written ({e.strerror or e}); "
            f"games are kept in {spare.parent} instead."
        )
        return spare


def saves_dir() -> Path:
    """Where Ctrl+S puts saves (created on first use, so a file dialog can open it)."""
    return _folder("saves")


def dialog_folder() -> Path:
    """Where a file dialog for saves opens: the saves folder, or the home folder
    when not even the fallback folder can be made (the dialog must still open)."""
    try:
        return saves_dir()
    except OSError:
        return Path.home()


def autosaves_dir() -> Path:
    return _folder("autosaves")


def autosave_path(session: Session) -> Path:
    """The game's own autosave file."""
    journal = _journals.get(session)
    if journal is not None:
        return journal.path
    if session not in _names:
        _names[session] = f"{session.game.name}-{INSTANCE}-{next(_count)}.jsonl"
    return autosaves_dir() / _names[session]


def autosave(session: Session) -> str:
    """Keep the game as it stands (after a move, an undo, a redo): the moves since
    the last call are appended to its journal, and nothing before its first move.
    A finished game leaves no autosave behind. When the journal cannot be written
    where it is, the whole game goes to the fallback folder and the words saying
    so are returned ('' otherwise); OSError only when that fails too."""
    journal, history = _journals.get(session), session.history
    if session.decision() is None:
        _forget(autosave_path(session))
        _journals.pop(session, None)
        return ""
    key = _key(session)
    if journal is None or journal.key != key:
        return _whole(session, key) if history else ""
    written = journal.moves
    same = min(len(history), len(written))
    while same and history[same - 1] is not written[same - 1]:
        same -= 1  # an undo: back to the last move both hold (a few steps)
    if same == len(written) == len(history):
        return ""
    try:
        append(
            journal.path,
            journal_moves(
                [a.text for a in history[same:]],
                None if same == len(written) else same,
                _checkpoints(session, same),
                same,
                {i: kept for i in range(same, len(history)) if (kept := facts(history[i]))},
            ),
        )
    except OSError:
        return _whole(session, key)
    del written[same:]
    written += history[same:]
    return ""


def _checkpoints(session: Session, after: int) -> dict[int, dict[Any, Any]]:
    """The session's checkpoints made after move `after`, as a save holds them."""
    first = after - after % checkpoint.EVERY + checkpoint.EVERY
    return {
        k: session.marks[k].record
        for k in range(first, len(session.history) + 1, checkpoint.EVERY)
        if k in session.marks
    }


def _key(session: Session) -> tuple[Any, ...]:
    """What a journal's header holds that can change in a game: the seats."""
    return tuple(session.seats), tuple(session.strengths), tuple(sorted(session.options.items()))


def _whole(session: Session, key: tuple[Any, ...]) -> str:
    """Write the game's whole journal afresh (its first move, a seat changed
    hands, or appending failed), at the fallback folder if its place fails."""
    save = session.to_save()
    path = autosave_path(session)
    try:
        write_journal(path, save)
        said = ""
    except OSError as e:
        spare = _usable(fallback_dir() / "autosaves") / path.name
        _used.setdefault(data_dir(), set()).add(spare.parent.parent)
        if spare == path:
            raise
        write_journal(spare, save)
        said = (
            f"Autosave could not write {path} ({why(e)}); this game is kept in {spare} from now on."
        )
        _forget(path)
        path = spare
    _journals[session] = _Journal(path, key, list(session.history))
    return said


def _forget(path: Path) -> None:
    """Remove an autosave that is out of date, if it can be."""
    try:
        if is_file(path):
            path.unlink()
    except OSError:
        pass


def recent_autosaves() -> list[Path]:
    """The games left unfinished, newest first."""
    found = []
    for folder in {data_dir() / "autosaves", *(d / "autosaves" for d in fallback_dirs())}:
        found += [p for pattern in SUFFIXES for p in folder.glob(pattern)]
    found.append(data_dir() / "autosave.json")  # from before there was one per table
    return sorted(filter(is_file, found), key=mtime, reverse=True)[:RECENT]


def mtime(path: Path) -> float:
    """When `path` was last written (0 if it is gone)."""
    try:
        return path.stat().st_mtime
    except OSError:
        return 0.0


def has_autosave() -> bool:
    return bool(recent_autosaves())


def load_autosave(path: str | Path | None = None, cards: CardSet | None = None) -> Session:
    """A game left unfinished (the newest by default), its game in the card set
    `cards`, taken over by this table: copied to its own autosave first, then the
    old file removed, so a crash in between leaves two copies, never none.
    SaveError if it is damaged."""
    chosen = Path(path) if path else next(iter(recent_autosaves()), None)
    if chosen is None:
        raise SaveError("there is no unfinished game to continue")
    session = _read(chosen, cards)
    try:
        _whole(session, _key(session))
        if not session.damaged:  # a damaged one is kept as it was
            chosen.unlink()  # written afresh above: the journal compacted
    except OSError:
        pass  # the old file stays: nothing lost, and the next move tries again
    return session


def clean() -> list[Path]:
    """Remove the temporary files killed tables left in the save folders."""
    gone = []
    for folder in (data_dir(), *fallback_dirs()):
        for sub in ("autosaves", "saves"):
            if (folder / sub).is_dir():
                gone += clean_temporaries(folder / sub)
    return gone


def save_as(session: Session, path: str | Path) -> Path:
    """Save by hand; an existing file is never replaced (`-2`, `-3`... instead)."""
    return write_save(path, session.to_save(), replace=False)


def load(path: str | Path, cards: CardSet | None = None) -> Session:
    """A saved game, its game in the card set `cards` (SaveError if it is
    damaged). An autosave opened as a file (`--load`, the file dialog) is taken
    over like Continue, not copied again."""
    try:
        folders = {resolved(d / "autosaves") for d in (data_dir(), *fallback_dirs())}
        taken_over = resolved(path).parent in folders
    except OSError as e:
        raise SaveError(f"{path}: cannot read the file: {why(e)}") from None
    return load_autosave(path, cards) if taken_over else _read(path, cards)


def _read(path: str | Path, cards: CardSet | None = None) -> Session:
    """The game saved at `path`, in the card set `cards`; a damaged line or a move
    that does not apply loses only what follows it: the game goes on from the
    last good move, and `notes` say which line or move (the file itself is left
    as it was)."""
    notes: list[str] = []
    session = Session.from_save(read_save(path, notes), str(path), recover=True, cards=cards)
    if notes:
        session.notes[:0] = notes
        session.damaged = True
    return session


__all__ = [
    "SaveError",
    "autosave",
    "autosave_path",
    "autosaves_dir",
    "clean",
    "data_dir",
    "dialog_folder",
    "has_autosave",
    "load",
    "load_autosave",
    "notice",
    "recent_autosaves",
    "save_as",
    "saves_dir",
]
