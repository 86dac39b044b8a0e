"""Who holds which seat, kept on disk so that neither side's crash loses a seat.

The host writes, beside its autosave, its invite code, port and each seat's
kind, name and token (`host-CODE.json`); a restarted host reads it back with
`--resume CODE` and every table rejoins with the token it kept. A table keeps
its token per invite code (`join-CODE.json`), so a table killed mid-game takes
its seat back by running the same join command. Both live in `<data>/net/`.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from shrinetable.adapter import storage
from shrinetable.engine import MAX_SEATS
from shrinetable.formats.save import SaveError, write_save

from .seam import KINDS


@dataclass
class Chair:
    """A seat as the host sees it: who plays it and the token that proves it."""

    kind: str
    name: str = ""
    token: str | None = None


class _Model(BaseModel):
    model_config = ConfigDict(extra="forbid")


class ChairM(_Model):
    kind: Literal[KINDS]
    name: str = Field("", max_length=32)
    token: str | None = None


class HostFile(_Model):
    format: Literal["shrinetable-host"] = "shrinetable-host"
    code: str
    port: int
    save: str
    seats: list[ChairM] = Field(min_length=2, max_length=MAX_SEATS)


class JoinFile(_Model):
    format: Literal["shrinetable-join"] = "shrinetable-join"
    code: str
    token: str
    seat: int


def folder() -> Path:
    return storage.autosaves_dir().parent / "net"


def seat_file(code: str) -> Path:
    return folder() / f"host-{code}.json"


def join_file(code: str, name: str) -> Path:
    """Where a table keeps its token: per code and player name (two tables on one
    computer, each with its own name, keep theirs apart)."""
    safe = re.sub(r"[^A-Za-z0-9_-]", "_", name)[:32]
    return folder() / f"join-{code.upper()}-{safe}.json"


def write_seats(path: Path, save: str, port: int, chairs: list[Chair], over: bool) -> None:
    """Keep the host's seats (or forget them when the game is over)."""
    if over:
        path.unlink(missing_ok=True)
        return
    write_save(
        path,
        HostFile(
            code=path.stem.removeprefix("host-"),
            port=port,
            save=save,
            seats=[ChairM(kind=c.kind, name=c.name, token=c.token) for c in chairs],
        ),
    )


def read_seats(code: str) -> HostFile:
    """The seats of the host game with invite `code`; SaveError naming the file."""
    path = seat_file(code.upper())
    try:
        return HostFile.model_validate_json(path.read_bytes())
    except OSError:
        raise SaveError(
            f"no hosted game with the code {code} to resume (looked for {path})"
        ) from None
    except ValidationError as e:
        raise SaveError(f"{path}: not a host file ({e.errors()[0]['msg']})") from None


def keep_token(code: str, name: str, seat: int, token: str) -> None:
    write_save(join_file(code, name), JoinFile(code=code.upper(), token=token, seat=seat))


def kept_token(code: str, name: str) -> str | None:
    """The token this computer holds for invite `code` and `name`, if any."""
    try:
        return JoinFile.model_validate_json(join_file(code, name).read_bytes()).token
    except (OSError, ValidationError):
        return None


def forget_token(code: str, name: str) -> None:
    join_file(code, name).unlink(missing_ok=True)
