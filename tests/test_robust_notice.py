"""The notice under the buttons never cuts a word: a saved game's file name stays
whole (set smaller if it must), and a long folder breaks after a `/` only."""

from __future__ import annotations

import re

import pytest

from shrinetable.table.panels import NOTICE_PX, unbroken

pytestmark = pytest.mark.usefixtures("dummy_video")


def test_a_long_file_name_is_set_smaller_and_a_long_folder_breaks_at_a_slash(app):
    name = "sorcerer-999999-20261123-194010.json"
    folder = "/tmp/st16/ui/with-a-rather-long-folder-name/for-saves/saves"
    font = app.fonts.font
    width = font(NOTICE_PX[0]).size(name)[0] - 20   # too narrow for it at full size
    out = unbroken(f"Saved as {name} in {folder}", width, app.fonts)
    assert re.search(rf"<font pixel_size=\d+>{re.escape(name)}</font>", out)
    rows = re.sub(r"<font[^>]*>|</font>", "", out.split(f"{name}</font>", 1)[1]).split("<br>")
    path_rows = [r.removeprefix(" in ") for r in rows]
    assert "".join(path_rows) == folder and len(path_rows) > 1
    assert all(r.endswith("/") for r in path_rows[:-1])
    assert all(font(NOTICE_PX[-1]).size(r)[0] <= width for r in path_rows)


def test_a_short_message_is_only_escaped(app):
    assert unbroken("Could not save: <disk full>\nTry again", 400, app.fonts) == (
        "Could not save: &lt;disk full&gt;<br>Try again")
