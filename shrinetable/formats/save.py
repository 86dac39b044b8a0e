"""Save files: a game is a pure function of (game, seed, options, actions), so a
save holds exactly those, plus who sits where. JSON, written atomically (a temp
file named after the writing process, fsync, then os.replace) so a crash never
leaves half a save behind; `clean_temporaries` removes what a killed process left.
"""

from __future__ import annotations

import json
import os
import tempfile
import time
from pathlib import Path
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from shrinetable.engine import MAX_SEATS

from .files import read_bytes, why

FORMAT = "shrinetable-save"


class SaveFile(BaseModel):
    model_config = ConfigDict(extra="forbid")

    format: Literal["shrinetable-save"] = FORMAT
    version: Literal[1] = 1
    game: str
    seed: int
    options: dict[str, bool | int | float | str] = {}
    seats: list[Literal["human", "computer"]] = Field(min_length=2, max_length=MAX_SEATS)
    actions: list[str] = []


class SaveError(Exception):
    """A save that cannot be used; the message names the file, key and fault."""


MAX_BYTES = 64 << 20   # a save of 10,000 moves is under 1 MB
TEMP_PREFIX = ".save-"


def read_save(path: str | Path) -> SaveFile:
    p = Path(path)
    try:
        raw = read_bytes(p, MAX_BYTES)
    except OSError as e:
        raise SaveError(f"{p}: cannot read the file: {why(e)}") from None
    if len(raw) > MAX_BYTES:
        raise SaveError(f"{p}: not a save file (larger than {MAX_BYTES >> 20} MB)")
    try:
        data = json.loads(raw.decode("utf-8"))
    except (UnicodeDecodeError, json.JSONDecodeError) as e:
        raise SaveError(f"{p}: not a save file (not JSON: {e})") from None
    except RecursionError:
        raise SaveError(f"{p}: not a save file (nested too deeply)") from None
    try:
        return SaveFile.model_validate(data)
    except ValidationError as e:
        lines = [f"{p}: {'.'.join(str(x) for x in err['loc']) or '(top level)'}: {err['msg']}"
                 for err in e.errors()]
        raise SaveError("\n".join(lines)) from None


def write_save(path: str | Path, save: SaveFile, replace: bool = True) -> Path:
    """Write `save` to `path` atomically, and return where it went. With
    `replace=False` an existing file is kept and the save goes to the first free
    `NAME-2.json`, `NAME-3.json`... (two saves in the same second both stay)."""
    p = Path(path)
    p.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f"{TEMP_PREFIX}{os.getpid()}-", suffix=".tmp",
                               dir=p.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            f.write(save.model_dump_json(indent=1))
            f.flush()
            os.fsync(f.fileno())
        if replace:
            os.replace(tmp, p)
            return p
        return _link_free(tmp, p)
    finally:
        Path(tmp).unlink(missing_ok=True)


def _link_free(tmp: str, path: Path) -> Path:
    """Give the written `tmp` the first free name like `path` (a hard link fails
    if the name is taken, so two processes never get the same one)."""
    for n in range(1, 10_000):
        target = path if n == 1 else path.with_stem(f"{path.stem}-{n}")
        try:
            os.link(tmp, target)
            return target
        except FileExistsError:
            continue
        except OSError:   # a file system without hard links: the same, less strict
            if not target.exists():
                os.replace(tmp, target)
                return target
    raise OSError(f"no free name like {path.name} in {path.parent}")


def clean_temporaries(folder: Path) -> list[Path]:
    """Remove the temp files in `folder` that a process no longer running left
    (killed while it wrote); the ones being written stay. Returns what went."""
    gone = []
    for tmp in folder.glob(f"{TEMP_PREFIX}*.tmp"):
        try:
            if _stale(tmp):
                tmp.unlink()
                gone.append(tmp)
        except OSError:
            pass
    return gone


def _stale(tmp: Path) -> bool:
    """Whether the process that wrote `tmp` is gone (by the pid in its name)."""
    pid = tmp.name[len(TEMP_PREFIX):].split("-")[0]
    if not pid.isdigit() or int(pid) == os.getpid():
        return True
    if os.name == "nt":   # no signal 0 there: a temp file lives milliseconds
        return time.time() - tmp.stat().st_mtime > 3600
    try:
        os.kill(int(pid), 0)
    except ProcessLookupError:
        return True
    except OSError:   # another user's process: leave its file alone
        return False
    return False
