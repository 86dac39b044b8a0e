"""Writing a report or a sheet so that nothing half-written looks complete.

Every file is written beside its place under a temporary name and renamed into
place when whole (a rename is atomic on one file system); a failed or stopped
run removes its temporary file. The last report written is remembered in the
data folder (`resources.remember_report`), so the start screen can open it.
"""

from __future__ import annotations

import os
import tempfile
from collections.abc import Callable
from pathlib import Path

from shrinetable.formats.files import not_a_folder

REPORT_FILES = (".html", ".json", ".csv")  # what a report writes in its --out folder


def writable_dir(path: Path, flag: str = "--out") -> Path:
    """`path` as a folder this process can write in (made if missing); ValueError
    naming `flag` otherwise."""
    wrong = not_a_folder(path)
    if wrong == "not a folder but a file":
        raise ValueError(f"{flag} {path}: a file is in the way; give a folder")
    if wrong and wrong != "no such folder":  # a FIFO, a loop of links, a name too long
        raise ValueError(f"{flag} {path}: {wrong}; give a folder")
    try:
        path.mkdir(parents=True, exist_ok=True)
        with tempfile.TemporaryFile(dir=path):
            pass
    except OSError as e:
        raise ValueError(f"{flag} {path}: cannot write there ({e.strerror or e})") from None
    return path


def no_folder_in_the_way(folder: Path, flag: str = "--out") -> None:
    """ValueError when something that is not a file holds the name of a file a
    report writes in `folder` (a folder called index.html): said before the
    first game, not after the last."""
    try:
        for entry in os.scandir(folder):
            if entry.name.endswith(REPORT_FILES) and not entry.is_file():
                raise ValueError(
                    f"{flag} {folder}: {entry.name} is not a file, and the report "
                    "writes a file of that name there; move it or give another folder"
                )
    except OSError as e:
        raise ValueError(f"{flag} {folder}: cannot read it ({e.strerror or e})") from None


def writable_file(path: Path, flag: str = "--out") -> Path:
    """`path` as a file this process can write (its folder writable)."""
    if path.is_dir():
        raise ValueError(f"{flag} {path}: a folder is in the way; give a file name")
    writable_dir(path.parent if str(path.parent) else Path("."), flag)
    return path


def write_whole(path: Path, write: Callable[[Path], object]) -> None:
    """`write(tmp)` into a temporary file beside `path`, then rename it to `path`."""
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".part", dir=path.parent)
    os.close(fd)
    try:
        write(Path(tmp))
        os.chmod(tmp, 0o666 & ~_umask())
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


def _umask() -> int:
    mask = os.umask(0)
    os.umask(mask)
    return mask
