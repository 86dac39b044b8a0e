"""The window's look for pygame_gui and the table's own widgets: the bundled
font (it has the suit symbols), the table's colours, and the font steps
screens that scale choose from. Its own module so the scenes use it without
importing the app that shows them.

The colours come in three themes (`THEMES`): the table's own, one chosen to
stay apart for colour-blind players (Okabe-Ito hues, checked by simulating
protanopia, deuteranopia and tritanopia: tests/test_colour_vision.py), and a
high-contrast one (white and pure hues on black). Every drawing takes its
colours from `palette()`, the theme in use; the player's choice is kept for the
next run (`save`), and `--theme NAME` chooses one for a run. No mark reads by
colour alone: each also has a shape or a word (docs/accessibility.md)."""

from __future__ import annotations

from dataclasses import dataclass, field

from shrinetable import resources
from shrinetable.resources import font_path

RGB = tuple[int, int, int]
FILE = "theme.json"  # {"theme": NAME}

# pygame_gui's colours of the table's own theme, also for the table's own widgets
DEFAULT_GUI = {
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


@dataclass(frozen=True)
class Palette:
    """Every colour the table draws that carries meaning or holds text, by what
    it is for. The marks each have a shape too (board.py): `select` a raised
    card, `target` corner brackets, `last` a dashed outline, `playable` a plain
    frame; a seat's colour goes with its name and its edge pattern."""

    name: str
    felt: RGB
    felt_dark: RGB
    zone: RGB
    label: RGB  # zone labels on the felt
    target: RGB  # a legal place for the held cards
    last: RGB  # what the last move changed
    select: RGB  # cards picked to move together
    playable: RGB  # cards that can move now
    hover: RGB  # the legal target under dragged cards
    answer: RGB  # the frame round a decision out of one's turn
    hint: RGB  # the outline round a hinted button
    seats: tuple[RGB, ...]  # six
    gain: RGB  # "+4" flying to a seat
    loss: RGB  # "-3"
    panel: RGB  # boxes over the table (how-to, results, notes)
    text: RGB  # words in them
    quiet: RGB  # notation, second lines
    accent: RGB  # a box's edge and its title (results, the start screen's title)
    refusal: RGB  # a refusal's box and its edge
    refusal_edge: RGB
    refusal_text: RGB
    backdrop: RGB  # behind the handover and start screens
    back: RGB  # a card's back
    back_line: RGB
    back_edge: RGB
    chip_edge: RGB  # round chips and number boxes
    gui: dict[str, str] = field(default_factory=lambda: dict(DEFAULT_GUI))
    text_box: str = "#10281f"
    width: int = 0  # extra pixels on the marks' outlines (the high-contrast theme)
    wash: int = 45  # opacity of a zone's tints (its chips say what covers it)


DEFAULT = Palette(  # the table's green felt
    "default",
    felt=(24, 88, 62),
    felt_dark=(19, 72, 51),
    zone=(30, 104, 74),
    label=(214, 232, 220),
    target=(130, 240, 150),
    last=(255, 176, 80),
    select=(255, 222, 110),
    playable=(170, 230, 255),
    hover=(255, 250, 200),
    answer=(240, 110, 200),
    hint=(120, 230, 255),
    # P1 and P2 are the table's first colours; P3, P4 and P6 follow Okabe-Ito,
    # lightened to read on the felt; P5 a lavender (white reads as plain text)
    seats=(
        (255, 214, 110),
        (143, 211, 255),
        (255, 136, 84),
        (236, 150, 204),
        (190, 170, 255),
        (64, 208, 160),
    ),
    gain=(120, 210, 120),
    loss=(230, 70, 60),
    panel=(16, 44, 34),
    text=(240, 246, 240),
    quiet=(168, 196, 182),
    accent=(240, 200, 110),
    refusal=(70, 24, 22),
    refusal_edge=(255, 150, 120),
    refusal_text=(255, 236, 228),
    backdrop=(18, 40, 32),
    back=(34, 58, 108),
    back_line=(56, 88, 150),
    back_edge=(222, 196, 120),
    chip_edge=(20, 20, 20),
)

# Okabe & Ito's eight colours (2008), the marks lightened where they must show
# on the felt; checked apart under the three colour-vision deficiencies
COLOUR_BLIND = Palette(
    "colour-blind",
    felt=(18, 26, 32),
    felt_dark=(12, 18, 22),
    zone=(30, 41, 48),
    label=(236, 236, 228),
    target=(86, 180, 233),  # sky blue
    last=(230, 159, 0),  # orange
    select=(240, 228, 66),  # yellow
    playable=(255, 255, 255),
    hover=(255, 255, 255),
    answer=(204, 121, 167),  # reddish purple
    hint=(86, 180, 233),
    seats=(
        (240, 228, 66),
        (86, 180, 233),
        (230, 159, 0),
        (204, 121, 167),
        (255, 255, 255),
        (0, 163, 119),  # bluish green, a little lighter to read on the felt
    ),
    gain=(86, 180, 233),
    loss=(230, 159, 0),
    panel=(10, 14, 18),
    text=(244, 244, 238),
    quiet=(170, 176, 180),
    accent=(240, 228, 66),
    refusal=(60, 30, 10),
    refusal_edge=(230, 159, 0),
    refusal_text=(255, 244, 230),
    backdrop=(12, 18, 22),
    back=(0, 72, 120),
    back_line=(0, 114, 178),
    back_edge=(240, 228, 66),
    chip_edge=(20, 20, 20),
    gui={
        **DEFAULT_GUI,
        "dark_bg": "#1c2a30",
        "normal_bg": "#30505e",
        "hovered_bg": "#40687a",
        "disabled_bg": "#283238",
        "selected_bg": "#0072b2",
        "active_bg": "#0072b2",
        "disabled_text": "#8c979c",
        "normal_border": "#56b4e9",
        "hovered_border": "#f0e442",
    },
    text_box="#0a0e12",
)

# white words and pure hues on black: every text at least 7:1 against what it
# stands on (WCAG's AAA), outlines a pixel or two thicker
HIGH_CONTRAST = Palette(
    "high-contrast",
    felt=(0, 0, 0),
    felt_dark=(0, 0, 0),
    zone=(28, 28, 28),
    label=(255, 255, 255),
    target=(0, 200, 255),  # azure
    last=(255, 140, 0),  # orange
    select=(255, 255, 0),  # yellow
    playable=(255, 255, 255),
    hover=(255, 255, 255),
    answer=(255, 80, 255),
    hint=(0, 255, 255),
    seats=(
        (255, 255, 0),
        (0, 200, 255),
        (255, 140, 0),
        (160, 255, 160),
        (255, 255, 255),
        (255, 190, 190),
    ),
    gain=(0, 255, 255),
    loss=(255, 140, 0),
    panel=(0, 0, 0),
    text=(255, 255, 255),
    quiet=(210, 210, 210),
    accent=(255, 255, 0),
    refusal=(0, 0, 0),
    refusal_edge=(255, 140, 0),
    refusal_text=(255, 255, 255),
    backdrop=(0, 0, 0),
    back=(0, 0, 90),
    back_line=(0, 160, 255),
    back_edge=(255, 255, 255),
    chip_edge=(0, 0, 0),
    gui={
        "dark_bg": "#000000",
        "normal_bg": "#000000",
        "hovered_bg": "#303030",
        "disabled_bg": "#000000",
        "selected_bg": "#0000a0",
        "active_bg": "#0000a0",
        "normal_text": "#ffffff",
        "hovered_text": "#ffff00",
        "selected_text": "#ffffff",
        "disabled_text": "#a0a0a0",
        "normal_border": "#ffffff",
        "hovered_border": "#ffff00",
        "text_cursor": "#ffffff",
    },
    text_box="#000000",
    width=1,
    wash=20,  # the labels over two tints keep 7:1
)

THEMES = {p.name: p for p in (DEFAULT, COLOUR_BLIND, HIGH_CONTRAST)}
_used = [DEFAULT]  # the theme in use (a list: set by `use` without a global)


def palette() -> Palette:
    """The colours of the theme in use."""
    return _used[0]


def use(name: str) -> Palette:
    """Draw in the theme `name` from now on (KeyError if there is none)."""
    _used[0] = THEMES[name]
    return _used[0]


def load() -> str:
    """The theme the player chose last (the default when none was, or the file
    is damaged: it is only a convenience)."""
    name = resources.kept(FILE).get("theme")
    return name if name in THEMES else DEFAULT.name


def save(name: str) -> None:
    """Keep the theme `name` for the next run (`resources.keep`)."""
    resources.keep(FILE, {"theme": name})


def linear(c: int) -> float:
    """An sRGB channel (0-255) as linear light (0-1)."""
    v = c / 255
    return v / 12.92 if v <= 0.04045 else ((v + 0.055) / 1.055) ** 2.4


def contrast(a: RGB, b: RGB) -> float:
    """WCAG 2's contrast ratio of two colours, 1 to 21 (text wants 4.5, the
    high-contrast theme 7)."""

    def lum(c: RGB) -> float:
        r, g, b = (linear(v) for v in c[:3])
        return 0.2126 * r + 0.7152 * g + 0.0722 * b

    hi, lo = sorted((lum(a), lum(b)), reverse=True)
    return (hi + 0.05) / (lo + 0.05)


def rgb(name: str) -> tuple[int, int, int]:
    """A pygame_gui colour of the theme in use by name, "text_box", or a
    "#rrggbb" text, as a pygame colour."""
    p = palette()
    text = (p.text_box if name == "text_box" else p.gui.get(name, name)).lstrip("#")
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
            "colours": palette().gui,
        },
        "text_box": {
            "colours": {"dark_bg": palette().text_box},
            "font": {"name": "dejavu", "size": "14"},
        },
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


def font_step(px: float) -> int:
    """The font step nearest `px` (at least the smallest): the size a widget's
    text is drawn at, to measure it by."""
    return min(FONT_STEPS, key=lambda s: abs(s - px))


def font_class(px: float) -> str:
    """The theme class of the font step nearest `px` (at least the smallest)."""
    return f"@f{font_step(px)}"
