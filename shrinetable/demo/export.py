"""Render a demonstration without a window: an animated GIF (Pillow) with the
captions burnt in, or numbered PNG frames.

The GIF follows the window player's own timing (`Frame.hold`): one long GIF
frame per still moment, a few short ones per card flight. Every frame is
mapped to one shared palette so colours do not flicker between frames, and
Pillow stores only the part of each frame that changed, which keeps files small.
Only pygame's font module is started, never a display, so no video driver is
needed at all (it works over SSH, in CI, under SDL_VIDEODRIVER=dummy).
"""

from __future__ import annotations

import math
from collections.abc import Iterator
from pathlib import Path

from shrinetable.table import env

env.prepare()  # before pygame: no banner on stdout

import pygame  # noqa: E402
from PIL import Image  # noqa: E402

from shrinetable.engine import registry  # noqa: E402
from shrinetable.table.app import game_layout  # noqa: E402
from shrinetable.table.art import CardArt, Fonts  # noqa: E402

from .paint import Painter  # noqa: E402
from .replay import Frame, Replay  # noqa: E402

SIZE = (800, 600)
FPS = 12


def samples(demo: Replay, fps: int = FPS) -> Iterator[tuple[Frame, str, float, int]]:
    """(frame, phase, progress, milliseconds) for each picture, in order."""
    for frame in demo.frames:
        yield frame, "pose", 0.0, round(frame.hold("pose") * 1000)
        if frame.moves:
            n = max(2, math.ceil(frame.hold("move") * fps))
            for i in range(n):
                yield frame, "move", (i + 1) / n * len(frame.moves) - 1e-6, round(1000 / fps)
        rest = frame.hold("rest")
        if rest:
            yield frame, "rest", 0.0, round(rest * 1000)


def render(demo: Replay, size: tuple[int, int] = SIZE) -> list[tuple[Image.Image, int]]:
    """Every picture of the demonstration as an RGB image with its duration."""
    pygame.font.init()
    fonts = Fonts()
    painter = Painter(game_layout(registry.get(demo.game)), CardArt(fonts), fonts)
    surf = pygame.Surface(size)
    out = []
    for frame, phase, t, ms in samples(demo):
        painter.paint(surf, demo, frame, phase, t)
        image = Image.frombytes("RGB", size, pygame.image.tobytes(surf, "RGB"))
        out.append((image, ms))
    return out


def write_gif(pictures: list[tuple[Image.Image, int]], path: str | Path) -> None:
    """An endlessly looping GIF of the pictures, on one palette made from the
    still ones (they hold every colour the flights show)."""
    stills = [im for im, ms in pictures if ms > 200] or [im for im, _ in pictures]
    stills = stills[:: max(1, len(stills) // 8)]
    w, h = stills[0].size
    sheet = Image.new("RGB", (w, h * len(stills)))
    for i, im in enumerate(stills):
        sheet.paste(im, (0, i * h))
    palette = sheet.quantize(colors=192, method=Image.Quantize.MEDIANCUT)
    frames = [im.quantize(palette=palette, dither=Image.Dither.NONE) for im, _ in pictures]
    Path(path).parent.mkdir(parents=True, exist_ok=True)
    frames[0].save(path, save_all=True, append_images=frames[1:],
                   duration=[ms for _, ms in pictures], loop=0, optimize=True)


def write_frames(pictures: list[tuple[Image.Image, int]], directory: str | Path) -> list[Path]:
    """Numbered PNGs, one per picture (`frame-000.png`, ...)."""
    directory = Path(directory)
    directory.mkdir(parents=True, exist_ok=True)
    paths = []
    for i, (im, _) in enumerate(pictures):
        path = directory / f"frame-{i:03d}.png"
        im.save(path)
        paths.append(path)
    return paths
