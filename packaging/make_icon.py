"""Draw the application icon: `python packaging/make_icon.py`.

The icon is our own design (three fanned cards under a shrine roof on the
table's green felt), drawn in code so it can be redrawn at any size and so no
third-party artwork with its own license ends up in the app. It writes
`assets/icons/shrinetable.png` (window icon, macOS/Linux builds) and
`shrinetable.ico` (Windows executable, several sizes in one file).
"""

from __future__ import annotations

from pathlib import Path

from PIL import Image, ImageDraw

S = 1024  # drawn large, then scaled down with a good filter for clean edges
FELT, FELT_EDGE = (44, 106, 82), (21, 52, 42)
PAPER, INK_EDGE = (250, 247, 238), (70, 70, 78)
BACK, BACK_LINE = (34, 58, 108), (222, 196, 120)
ROOF, BEAM = (200, 28, 45), (120, 20, 32)
OUT = Path(__file__).resolve().parent.parent / "assets" / "icons"


def card(angle: float, face: bool) -> Image.Image:
    """One card, rotated about its bottom centre like a card in a fanned hand."""
    w, h = 380, 540
    img = Image.new("RGBA", (S, S))
    d = ImageDraw.Draw(img)
    box = ((S - w) // 2, 330, (S + w) // 2, 330 + h)
    d.rounded_rectangle(box, 40, fill=PAPER if face else BACK, outline=INK_EDGE, width=10)
    if face:
        cx, cy = S // 2, box[1] + h // 2 + 20
        d.polygon([(cx, cy - 150), (cx + 105, cy), (cx, cy + 150), (cx - 105, cy)], fill=ROOF)
    else:
        inset = (box[0] + 36, box[1] + 36, box[2] - 36, box[3] - 36)
        d.rounded_rectangle(inset, 24, outline=BACK_LINE, width=12)
    return img.rotate(angle, resample=Image.BICUBIC, center=(S // 2, box[3]))


def shrine_roof(d: ImageDraw.ImageDraw) -> None:
    """A gate roof with upturned ends and a tie beam; the cards stand in the gate."""
    top, span = 150, 820
    left, right = (S - span) // 2, (S + span) // 2
    d.polygon([(left - 20, top - 40), (S // 2, top + 10), (right + 20, top - 40),
               (right - 30, top + 60), (left + 30, top + 60)], fill=ROOF)
    d.rectangle((left + 110, top + 110, right - 110, top + 150), fill=BEAM)
    for x in (left + 170, right - 210):
        d.rectangle((x, top + 60, x + 40, top + 330), fill=BEAM)


def draw() -> Image.Image:
    img = Image.new("RGBA", (S, S))
    d = ImageDraw.Draw(img)
    d.rounded_rectangle((24, 24, S - 24, S - 24), 200, fill=FELT, outline=FELT_EDGE, width=28)
    shrine_roof(d)
    for angle, face in ((24, False), (-24, False), (0, True)):
        img.alpha_composite(card(angle, face))
    return img


def main() -> None:
    OUT.mkdir(parents=True, exist_ok=True)
    big = draw()
    big.resize((256, 256), Image.LANCZOS).save(OUT / "shrinetable.png", optimize=True)
    big.resize((256, 256), Image.LANCZOS).save(
        OUT / "shrinetable.ico", sizes=[(n, n) for n in (16, 24, 32, 48, 64, 128, 256)])


if __name__ == "__main__":
    main()
