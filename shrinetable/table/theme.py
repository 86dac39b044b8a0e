"""The window's look for pygame_gui and the table's own widgets: the bundled
font (it has the suit symbols), the table's colours, and the font steps
screens that scale choose from. Its own module so the scenes use it without
importing the app that shows them."""

from __future__ import annotations

from shrinetable.resources import font_path

# the table's colours, for pygame_gui's dialogs and the table's own widgets alike
COLOURS = {
    "dark_bg": "#15342a",
    "normal_bg": "#2c6a52",
    "hovered_bg": "#3d8a6c",
    "disabled_bg": "#2a3a34",
    "selected_bg": "#4c9a7c",
    "active_bg": "#4c9a7c",
    "normal_text": "#f2f2ea",
    "hovered_text": "#ffffff",
    "selected_text": "#ffffff",
    "disabled_text": "#7d8f88",
    "normal_border": "#5a9a80",
    "hovered_border": "#ffd66e",
    "text_cursor": "#ffffff",
}
TEXT_BOX_BG = "#10281f"


def rgb(name: str) -> tuple[int, int, int]:
    """A colour of COLOURS (or a "#rrggbb" text) as a pygame colour."""
    text = COLOURS.get(name, name).lstrip("#")
    return int(text[0:2], 16), int(text[2:4], 16), int(text[4:6], 16)


def theme() -> dict:
    """pygame_gui theme: the bundled font (it has the suit symbols) and table colours."""
    return {
        "defaults": {
            "font": {
                "name": "dejavu",
                "size": "14",
                "regular_path": str(font_path()),
                "bold_path": str(font_path(True)),
            },
            "colours": COLOURS,
        },
        "text_box": {"colours": {"dark_bg": TEXT_BOX_BG}, "font": {"name": "dejavu", "size": "14"}},
        **{
            key: {
                "font": {
                    "name": "dejavu",
                    "size": str(px),
                    "regular_path": str(font_path()),
                    "bold_path": str(font_path(True)),
                }
            }
            for px in FONT_STEPS
            for key in (f"@f{px}", f"@f{px}.button", f"@f{px}.selection_list.button")
        },
        # a list at the foot of a form opens upwards, off the buttons under it
        "#upwards": {"misc": {"expand_direction": "up"}},
    }


FONT_STEPS = (14, 16, 18, 21, 24, 28)  # theme classes "@f<px>" for screens that scale


def font_class(px: float) -> str:
    """The theme class of the font step nearest `px` (at least the smallest)."""
    return f"@f{min(FONT_STEPS, key=lambda s: abs(s - px))}"
