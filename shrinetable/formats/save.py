"""Save files: a game is a pure function of (game, seed, options, actions), so a
save holds exactly those, plus who sits where. JSON, written atomically
(temp file + os.replace) so a crash never leaves half a save behind.
"""

from __future__ import annotations

import json
import os
import tempfile
from pathlib import Path
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from shrinetable.engine import MAX_SEATS

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


def read_save(path: str | Path) -> SaveFile:
    p = Path(path)
    try:
        data = json.loads(p.read_text(encoding="utf-8"))
    except OSError as e:
        raise SaveError(f"{p}: cannot read the file: {e.strerror or e}") from None
    except (UnicodeDecodeError, json.JSONDecodeError) as e:
        raise SaveError(f"{p}: not a save file (not JSON: {e})") from None
    try:
        return SaveFile.model_validate(data)
    except ValidationError as e:
        lines = [f"{p}: {'.'.join(str(x) for x in err['loc']) or '(top level)'}: {err['msg']}"
                 for err in e.errors()]
        raise SaveError("\n".join(lines)) from None


def write_save(path: str | Path, save: SaveFile) -> None:
    """Write `save` to `path` atomically."""
    p = Path(path)
    p.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=".save-", suffix=".tmp", dir=p.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            f.write(save.model_dump_json(indent=1))
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, p)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise
