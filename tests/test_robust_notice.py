"""The notice under the buttons keeps every letter and reads at the panels'
size: a saved game's long file name breaks after a "-" or ".", a long folder
after a "/", never in the middle of a word that has such a place, and nothing
is set smaller to fit."""

from __future__ import annotations

import html

import pytest

from shrinetable.table.widgets import PX, lay_out

pytestmark = pytest.mark.usefixtures("dummy_video")


def pieces(app, text: str, width: int) -> list[str]:
    """The texts drawn for `text` laid out `width` wide, line by line."""
    app.fonts.drawn = []
    lines = lay_out(app.fonts, html.escape(text), width)
    drawn, app.fonts.drawn = app.fonts.drawn, None
    assert all(d.px == PX for d in drawn)
    assert all(x + img.get_width() <= width for _, images in lines for img, x in images)
    return [d.text for d in drawn]


def test_a_long_file_name_and_folder_break_at_their_joints(app):
    name = "sorcerer-999999-20261123-194010.json"
    folder = "/tmp/st16/ui/with-a-rather-long-folder-name/for-saves/saves"
    width = app.fonts.font(PX).size(name)[0] - 20  # too narrow for the name whole
    rows = pieces(app, f"Saved as {name} in {folder}", width)
    assert "".join(rows).replace(" ", "") == f"Savedas{name}in{folder}"  # every letter
    assert len(rows) >= 4 and all(r[-1] in " -./" for r in rows[:-1])  # at a joint


def test_a_short_message_is_drawn_as_written(app):
    assert pieces(app, "Could not save: <disk full>", 400) == ["Could not save: <disk full>"]
