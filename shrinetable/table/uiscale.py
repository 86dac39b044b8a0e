"""The player's UI scale (the menu's "Text size"): how much larger than the
floor the table's smallest text is drawn, kept for the next run in the data
folder. A damaged or missing file means 100%: it is only a convenience."""

from __future__ import annotations

import json
from pathlib import Path

from shrinetable import resources

SCALES = (1.0, 1.1, 1.25, 1.5)  # the menu's choices: on top of the floor, never under it
FILE = "ui.json"


def _path() -> Path:
    return resources.data_dir() / FILE


def load() -> float:
    try:
        scale = float(json.loads(_path().read_text(encoding="utf-8"))["scale"])
    except (OSError, ValueError, TypeError, KeyError):
        return 1.0
    return scale if scale in SCALES else 1.0


def save(scale: float) -> None:
    """Keep `scale` for the next run (`resources.keep`)."""
    resources.keep(FILE, {"scale": scale})
