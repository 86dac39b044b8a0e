"""Who holds which seat, kept on disk so that neither side's crash loses a seat.

The host writes, beside its autosave, its invite code, port, bind address and
each seat's kind, name and token (`host-CODE.json`); a restarted host reads it
back with `--resume CODE` and every table rejoins with the token it kept. A
table keeps its token per invite code and seat (`join-CODE-pN.json`), so a table
killed mid-game takes its seat back by running the same join command. A table
holds an exclusive lock on its seat's file while it plays (`Claim`), so a second
table started from the same data folder never takes up a token another table
is using: it joins as a newcomer instead. Both files live in `<data>/net/`,
written 0600 (the tokens are secrets).
"""

from __future__ import annotations

import contextlib
import os
import re
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from shrinetable.adapter import storage
from shrinetable.engine import MAX_SEATS
from shrinetable.formats.files import read_bytes
from shrinetable.formats.save import SaveError, write_save

from .protocol import CODE_MAX, NAME_MAX, TOKEN_MAX, clean_code

try:
    import fcntl
except ImportError:  # Windows
    fcntl = None  # type: ignore[assignment]
    import msvcrt


@dataclass
class Chair:
    """A seat as the host sees it: who plays it and the token that proves it."""

    kind: str
    name: str = ""
    token: str | None = None


class _Model(BaseModel):
    model_config = ConfigDict(extra="forbid")


class ChairM(_Model):
    kind: Literal["remote", "computer", "human"]  # seam.KINDS
    name: str = Field("", max_length=NAME_MAX)
    token: str | None = Field(None, max_length=TOKEN_MAX)


class HostFile(_Model):
    format: Literal["shrinetable-host"] = "shrinetable-host"
    code: str
    port: int = Field(ge=0, lt=65536)
    bind: str = Field("0.0.0.0", max_length=255)  # a file from before it was kept: every interface
    save: str
    seats: list[ChairM] = Field(min_length=2, max_length=MAX_SEATS)


class JoinFile(_Model):
    format: Literal["shrinetable-join"] = "shrinetable-join"
    code: str = Field(max_length=CODE_MAX)
    token: str = Field(max_length=TOKEN_MAX)
    seat: int = Field(ge=0, lt=MAX_SEATS)
    name: str = Field("", max_length=NAME_MAX)


def folder() -> Path:
    return storage.autosaves_dir().parent / "net"


def seat_file(code: str) -> Path:
    return folder() / f"host-{_safe(code)}.json"


def join_file(code: str, seat: int) -> Path:
    """Where a table keeps its token for seat `seat` of invite `code`."""
    return folder() / f"join-{_safe(code)}-p{seat + 1}.json"


def _safe(code: str) -> str:
    """A code as a file name takes it (dashes and case as typed do not matter)."""
    return re.sub(r"[^A-Z0-9]", "_", clean_code(code))[:CODE_MAX]


def write_seats(
    path: Path, save: str, port: int, bind: str, chairs: list[Chair], over: bool
) -> None:
    """Keep the host's seats (or forget them when the game is over)."""
    if over:
        path.unlink(missing_ok=True)
        return
    write_save(
        path,
        HostFile(
            code=path.stem.removeprefix("host-"),
            port=port,
            bind=bind,
            save=save,
            seats=[
                ChairM(kind=c.kind, name=c.name, token=c.token)  # type: ignore[arg-type]
                for c in chairs
            ],
        ),
    )


def read_seats(code: str) -> HostFile:
    """The seats of the host game with invite `code`; SaveError naming the file."""
    path = seat_file(code)
    try:
        raw = read_bytes(path, 1 << 16)
    except FileNotFoundError:
        raise SaveError(
            f"no hosted game with the code {code} to resume (looked for {path})"
        ) from None
    except OSError as e:
        raise SaveError(f"{path}: cannot read the host file: {e.strerror or e}") from None
    try:
        return HostFile.model_validate_json(raw)
    except ValidationError as e:
        raise SaveError(f"{path}: not a host file ({e.errors()[0]['msg']})") from None


class Claim:
    """A seat's token file held by this table: an exclusive lock on its
    `.lock` beside it, released when the table is done (or the process ends,
    so a killed table's seat is free to be taken back)."""

    def __init__(self, code: str, seat: int, fd: int, token: str | None = None):
        self.code, self.seat, self.fd, self.token = code, seat, fd, token

    def keep(self, token: str, name: str) -> None:
        """Write the token (0600: the file is written through a private temp file)."""
        self.token = token
        write_save(
            join_file(self.code, self.seat),
            JoinFile(code=_safe(self.code), token=token, seat=self.seat, name=name[:NAME_MAX]),
        )

    def forget(self) -> None:
        """The seat is no longer this computer's (the game is over, the token refused)."""
        join_file(self.code, self.seat).unlink(missing_ok=True)
        self.release()

    def release(self) -> None:
        if self.fd >= 0:
            with contextlib.suppress(OSError):
                lock_path(self.code, self.seat).unlink()
            os.close(self.fd)
            self.fd = -1


def lock_path(code: str, seat: int) -> Path:
    return join_file(code, seat).with_suffix(".lock")


def _lock(code: str, seat: int) -> int | None:
    """An fd holding the exclusive lock of `code`'s seat `seat`, or None while
    another table holds it."""
    path = lock_path(code, seat)
    path.parent.mkdir(parents=True, exist_ok=True)
    fd = os.open(path, os.O_RDWR | os.O_CREAT, 0o600)
    try:
        if fcntl is not None:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        else:  # Windows
            msvcrt.locking(fd, msvcrt.LK_NBLCK, 1)
    except OSError:
        os.close(fd)
        return None
    if fcntl is not None and os.fstat(fd).st_nlink == 0:  # released and removed meanwhile
        os.close(fd)
        return _lock(code, seat)
    return fd


def claim(code: str, name: str, say: Callable[[str], None]) -> Claim | None:
    """A token this computer kept for invite `code` that no running table is
    using, its seat's file locked (the one kept under `name` first); None: join
    as a newcomer. A file that does not parse is said and replaced."""
    kept = sorted(folder().glob(f"join-{_safe(code)}-p*.json"))
    found = []
    for path in kept:
        m = re.fullmatch(r"join-.*-p(\d+)\.json", path.name)
        if not m or not 1 <= int(m.group(1)) <= MAX_SEATS:
            continue
        seat = int(m.group(1)) - 1
        fd = _lock(code, seat)
        if fd is None:  # another table here plays that seat
            continue
        try:
            raw = read_bytes(path, 4096)
            if len(raw) > 4096:
                raise ValueError("larger than 4 kB")
            data = JoinFile.model_validate_json(raw)
            if data.seat != seat or data.code != _safe(code):
                raise ValueError("it names another seat or code")
        except FileNotFoundError:
            os.close(fd)
            continue
        except (OSError, ValueError) as e:
            say(f"{path}: not a seat token file ({_first(e)}); it is replaced")
            Claim(code, seat, fd).forget()
            continue
        found.append((data.name != name, Claim(code, seat, fd, data.token)))
    found.sort(key=lambda f: f[0])
    for _, other in found[1:]:
        other.release()
    return found[0][1] if found else None


def claim_seat(code: str, seat: int) -> Claim | None:
    """The lock of seat `seat` (just given by the host), or None when another
    table here holds it (it was handed over: that table is told so)."""
    fd = _lock(code, seat)
    return None if fd is None else Claim(code, seat, fd)


def _first(e: Exception) -> str:
    if isinstance(e, ValidationError):
        err = e.errors()[0]
        return f"{'.'.join(str(x) for x in err['loc']) or 'the file'}: {err['msg']}"
    return str(e) if not isinstance(e, OSError) else (e.strerror or str(e))
