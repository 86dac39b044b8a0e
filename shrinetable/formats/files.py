"""Paths a person or a folder hands the program, opened so that nothing blocks or
crashes: only regular files are read (a FIFO blocked the program for good), a
symlink loop or an overlong name is an OSError whose words say so, never a
RuntimeError, and a folder is resolved the same way."""

from __future__ import annotations

import errno
import os
import stat
from collections.abc import Callable
from pathlib import Path

KINDS = {
    stat.S_IFIFO: "a FIFO (named pipe)",
    stat.S_IFDIR: "a folder",
    stat.S_IFCHR: "a device",
    stat.S_IFBLK: "a device",
    stat.S_IFSOCK: "a socket",
}


def read_bytes(path: str | Path, limit: int) -> bytes:
    """At most `limit + 1` bytes of the regular file at `path` (one more than
    `limit` says it is too big); OSError saying why otherwise."""
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0)
    fd = os.open(path, flags)  # not blocking: opening a FIFO waits for a writer
    with os.fdopen(fd, "rb") as f:
        mode = os.fstat(fd).st_mode
        if not stat.S_ISREG(mode):
            kind = KINDS.get(stat.S_IFMT(mode), "a special file")
            raise OSError(errno.EINVAL, f"not a file but {kind}")
        return f.read(limit + 1)


def is_file(path: str | Path) -> bool:
    """Whether `path` is a regular file; False, not an error, for a name too long
    or a symlink loop (Path.is_file raises on the first)."""
    try:
        return stat.S_ISREG(os.stat(path).st_mode)
    except (OSError, ValueError):
        return False


def resolved(path: str | Path) -> Path:
    """`path` made absolute with its links followed; OSError (not RuntimeError)
    for a symlink loop."""
    try:
        return Path(path).resolve()
    except RuntimeError:  # Python 3.11's word for a loop
        raise OSError(errno.ELOOP, "a loop of symbolic links", str(path)) from None


def why(e: OSError) -> str:
    """An OSError in words, without the path (the caller names it)."""
    return e.strerror or str(e)


def not_a_folder(path: str | Path) -> str | None:
    """Why `path` cannot be used as a folder, in words ('no such folder', 'not a
    folder but a FIFO (named pipe)', a symlink loop, a name too long), or None."""
    return _not(path, stat.S_ISDIR, "folder")


def not_a_file(path: str | Path) -> str | None:
    """Why `path` cannot be read as a file, in words, or None (`not_a_folder`'s twin)."""
    return _not(path, stat.S_ISREG, "file")


def _not(path: str | Path, right: Callable[[int], bool], what: str) -> str | None:
    try:
        mode = os.stat(path).st_mode
    except OSError as e:
        return f"no such {what}" if e.errno == errno.ENOENT else why(e).lower()
    except ValueError:
        return "not a path (it holds a NUL character)"
    if right(mode):
        return None
    kind = "a file" if stat.S_ISREG(mode) else KINDS.get(stat.S_IFMT(mode), "a special file")
    return f"not a {what} but {kind}"
