"""Where bundled files (layouts, fonts) live, from a source tree or a PyInstaller bundle,
and where the person's own files live (saves, card folders).

Every asset and layout path goes through `resource()`, so freezing the program
changes one place: PyInstaller unpacks data under `sys._MEIPASS`.
"""

from __future__ import annotations

import json
import os
import sys
import tempfile
from pathlib import Path
from typing import Any

from platformdirs import user_data_dir


def root() -> Path:
    """The directory that holds `layouts/` and `assets/`."""
    frozen = getattr(sys, "_MEIPASS", None)
    if frozen:
        return Path(frozen)
    return Path(__file__).resolve().parent.parent


def resource(*parts: str) -> Path:
    """The bundled file `parts` (e.g. `resource("assets", "fonts", "DejaVuSans.ttf")`)."""
    return root().joinpath(*parts)


def layout_path(game: str) -> Path:
    """The bundled layout of the game called `game`."""
    return resource("layouts", f"{game}.toml")


def game_layout(game: Any) -> Path:
    """A game's layout file: its own `layout_file` (a game from outside the bundle),
    else the bundled `layouts/<name>.toml`."""
    return Path(game.layout_file) if game.layout_file else layout_path(game.name)


def font_path(bold: bool = False) -> Path:
    return resource("assets", "fonts", "DejaVuSans-Bold.ttf" if bold else "DejaVuSans.ttf")


def data_dir() -> Path:
    """The person's own folder (saves, card folders): the user data directory
    (platformdirs), or SHRINETABLE_DATA_DIR (tests, portable installs)."""
    env = os.environ.get("SHRINETABLE_DATA_DIR")
    return Path(env) if env else Path(user_data_dir("shrinetable", appauthor=False))


VERSION = "0.1.0"  # shrinetable.__version__, for the layers below the package's root
LAST_REPORT = "last-report.txt"  # in the data folder: the page `shrinetable report` wrote last


def remember_report(page: Path) -> None:
    """Note `page` as the last report (quietly skipped if the data folder is not writable)."""
    try:
        folder = data_dir()
        folder.mkdir(parents=True, exist_ok=True)
        (folder / LAST_REPORT).write_text(str(page.resolve()), encoding="utf-8")
    except OSError:
        pass


def last_report() -> Path | None:
    """The page of the last report written, if it is still there."""
    try:
        page = Path((data_dir() / LAST_REPORT).read_text(encoding="utf-8").strip())
    except OSError:
        return None
    return page if page.is_file() else None


def kept(name: str) -> dict[str, Any]:
    """What `keep` wrote in the data folder's file `name`; {} when nothing was
    kept or the file is damaged (a setting is only a convenience)."""
    try:
        data = json.loads((data_dir() / name).read_text("utf-8"))
    except (OSError, ValueError):
        return {}
    return data if isinstance(data, dict) else {}


def keep(name: str, data: Any) -> None:
    """A setting the table remembers for the next run (window place, text size):
    `data` as JSON in the data folder's file `name`, written whole (a temporary
    file, then a rename) or not at all; a folder that cannot be written is no fault."""
    path = data_dir() / name
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(prefix=f".{name}-", suffix=".tmp", dir=path.parent)
        try:
            with os.fdopen(fd, "w", encoding="utf-8") as f:
                json.dump(data, f)
            os.replace(tmp, path)
        finally:
            Path(tmp).unlink(missing_ok=True)
    except OSError:
        pass
