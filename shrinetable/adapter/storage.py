"""Where games are kept, so that nothing a person does loses one.

Every game autosaves to a file of its own in `<data>/autosaves/` (two tables,
or two games one after the other, never overwrite each other's) and Continue
offers each recent one;
saves by hand go to `<data>/saves/` and never replace one another. The data
folder is the user data directory (platformdirs) or SHRINETABLE_DATA_DIR. When
it cannot be written, both go to `shrinetable-<user>` in the system temp folder,
and `notice()` says so and why.
"""

from __future__ import annotations

import itertools
import os
import tempfile
import time
import weakref
from pathlib import Path

from shrinetable.formats.files import is_file, resolved, why
from shrinetable.formats.save import SaveError, SaveFile, clean_temporaries, read_save, write_save
from shrinetable.resources import data_dir

from .session import Session

# this process: started when, by which process (unique while it runs)
INSTANCE = f"{time.strftime('%Y%m%d-%H%M%S')}-{os.getpid()}"
RECENT = 8   # autosaves Continue offers, newest first

_names: weakref.WeakKeyDictionary[Session, str] = weakref.WeakKeyDictionary()
_count = itertools.count(1)
_written: dict[Path, SaveFile] = {}   # what each autosave file holds (skip rewrites)
_notice = ""


def fallback_dir() -> Path:
    """Where saves go when the data folder cannot be written."""
    who = str(os.getuid()) if hasattr(os, "getuid") else os.environ.get("USERNAME", "user")
    return Path(tempfile.gettempdir()) / f"shrinetable-{who}"


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
        _notice = (f"The data folder {data_dir()} cannot be written ({e.strerror or e}); "
                   f"games are kept in {spare.parent} instead.")
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
    if session not in _names:
        _names[session] = f"{session.game.name}-{INSTANCE}-{next(_count)}.json"
    return autosaves_dir() / _names[session]


def autosave(session: Session) -> None:
    """Keep the game as it stands (after a move, an undo, a redo); written only
    when it changed, and not before its first move. A finished game leaves no
    autosave behind."""
    path = autosave_path(session)
    if session.decision() is None:
        path.unlink(missing_ok=True)
        _written.pop(path, None)
        return
    save = session.to_save()
    if _written.get(path) != save and (save.actions or path in _written):
        write_save(path, save)
        _written[path] = save


def recent_autosaves() -> list[Path]:
    """The games left unfinished, newest first."""
    found = []
    for folder in {data_dir() / "autosaves", fallback_dir() / "autosaves"}:
        found += list(folder.glob("*.json"))
    found.append(data_dir() / "autosave.json")   # from before there was one per table
    return sorted(filter(is_file, found), key=mtime, reverse=True)[:RECENT]


def mtime(path: Path) -> float:
    """When `path` was last written (0 if it is gone)."""
    try:
        return path.stat().st_mtime
    except OSError:
        return 0.0


def has_autosave() -> bool:
    return bool(recent_autosaves())


def load_autosave(path: str | Path | None = None) -> Session:
    """A game left unfinished (the newest by default), taken over by this table:
    copied to its own autosave first, then the old file removed, so a crash in
    between leaves two copies, never none. SaveError if it is damaged."""
    chosen = Path(path) if path else next(iter(recent_autosaves()), None)
    if chosen is None:
        raise SaveError("there is no unfinished game to continue")
    session = _read(chosen)
    try:
        path, save = autosave_path(session), session.to_save()
        write_save(path, save)
        _written[path] = save
        chosen.unlink()
    except OSError:
        pass   # the old file stays: nothing lost, and the next move tries again
    return session


def clean() -> list[Path]:
    """Remove the temporary files killed tables left in the save folders."""
    gone = []
    for folder in (data_dir(), fallback_dir()):
        for sub in ("autosaves", "saves"):
            if (folder / sub).is_dir():
                gone += clean_temporaries(folder / sub)
    return gone


def save_as(session: Session, path: str | Path) -> Path:
    """Save by hand; an existing file is never replaced (`-2`, `-3`... instead)."""
    return write_save(path, session.to_save(), replace=False)


def load(path: str | Path) -> Session:
    """A saved game (SaveError if it is damaged). An autosave opened as a file
    (`--load`, the file dialog) is taken over like Continue, not copied again."""
    try:
        folders = {resolved(d / "autosaves") for d in (data_dir(), fallback_dir())}
        taken_over = resolved(path).parent in folders
    except OSError as e:
        raise SaveError(f"{path}: cannot read the file: {why(e)}") from None
    return load_autosave(path) if taken_over else _read(path)


def _read(path: str | Path) -> Session:
    return Session.from_save(read_save(path), str(path))


__all__ = ["SaveError", "autosave", "autosave_path", "autosaves_dir", "clean", "data_dir",
           "dialog_folder", "has_autosave", "load", "load_autosave", "notice",
           "recent_autosaves", "save_as", "saves_dir"]
