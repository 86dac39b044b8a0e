"""Where saves live: the autosave in the user data directory (platformdirs),
overridable with SHRINETABLE_DATA_DIR (tests, portable installs)."""

from __future__ import annotations

import os
from pathlib import Path

from platformdirs import user_data_dir

from shrinetable.formats.save import SaveError, read_save, write_save

from .session import Session


def data_dir() -> Path:
    env = os.environ.get("SHRINETABLE_DATA_DIR")
    return Path(env) if env else Path(user_data_dir("shrinetable", appauthor=False))


def autosave_path() -> Path:
    return data_dir() / "autosave.json"


def saves_dir() -> Path:
    """Where Ctrl+S puts saves (created on first use, so a file dialog can open it)."""
    path = data_dir() / "saves"
    path.mkdir(parents=True, exist_ok=True)
    return path


def autosave(session: Session) -> None:
    """Save after every action; a finished game leaves no autosave behind."""
    path = autosave_path()
    if session.decision() is None:
        path.unlink(missing_ok=True)
    else:
        write_save(path, session.to_save())


def has_autosave() -> bool:
    return autosave_path().is_file()


def load_autosave() -> Session:
    """The autosaved game; SaveError if it is damaged."""
    path = autosave_path()
    return Session.from_save(read_save(path), str(path))


def save_as(session: Session, path: str | Path) -> Path:
    write_save(path, session.to_save())
    return Path(path)


def load(path: str | Path) -> Session:
    return Session.from_save(read_save(path), str(path))


__all__ = ["SaveError", "autosave", "autosave_path", "data_dir", "has_autosave", "load",
           "load_autosave", "save_as", "saves_dir"]
