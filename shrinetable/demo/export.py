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
import tempfile
import zlib
from collections.abc import Iterable, Iterator
from pathlib import Path
from typing import IO

from shrinetable.table import env

env.prepare()  # before pygame: no banner on stdout

import pygame  # noqa: E402
from PIL import GifImagePlugin, Image, ImageChops  # noqa: E402

from shrinetable.engine import registry  # noqa: E402
from shrinetable.table.app import game_layout  # noqa: E402
from shrinetable.table.art import CardArt, Fonts  # noqa: E402

from .paint import Painter  # noqa: E402
from .replay import Frame, Replay  # noqa: E402

SIZE = (800, 600)
FPS = 12
PALETTE_AREA = 1280 * 720  # the stills the palette is made from are no larger
ROWS = 256  # rows of a picture compressed at a time


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


def render(demo: Replay, size: tuple[int, int] = SIZE) -> Iterator[tuple[Image.Image, int]]:
    """Every picture of the demonstration as an RGB image with its duration, one
    at a time (at 8K a picture is 100 MB: they are never all held at once)."""
    pygame.font.init()
    fonts = Fonts()
    game = registry.get(demo.game, demo.cards)
    painter = Painter(game_layout(game), CardArt(fonts), fonts, demo.cards)
    surf = pygame.Surface(size)
    for frame, phase, t, ms in samples(demo):
        painter.paint(surf, demo, frame, phase, t)
        data = pygame.image.tobytes(surf, "RGB")  # shared, not copied again
        yield Image.frombuffer("RGB", size, data, "raw", "RGB", 0, 1), ms
        data = None  # let it go before the next picture is painted


def write_gif(pictures: Iterable[tuple[Image.Image, int]], path: str | Path) -> int:
    """An endlessly looping GIF of the pictures, on one palette made from the
    still ones (they hold every colour the flights show); how many pictures.

    Memory stays bounded whatever the size: each picture is kept compressed in a
    spool file until the palette is known, then written as it is read back (only
    the part that changed since the one before; a picture like the one before
    lengthens it instead)."""
    with tempfile.TemporaryFile() as spool:
        kept, stills = _spool(pictures, spool)
        palette = _palette(stills)
        spool.seek(0)
        Path(path).parent.mkdir(parents=True, exist_ok=True)
        with open(path, "wb") as out:
            _write_frames(out, _read_back(spool, kept, palette))
    return len(kept)


def _spool(pictures: Iterable[tuple[Image.Image, int]], spool: IO[bytes]) -> tuple[list, list]:
    """Write each picture compressed to `spool`: (size, (w, h), ms) of each, and
    small copies of the stills for the palette (at most PALETTE_AREA pixels each,
    every colour a pixel of the picture: nearest, not averaged)."""
    kept, stills = [], []
    for im, ms in pictures:
        packer, length = zlib.compressobj(1), 0
        for top in range(0, im.height, ROWS):  # a band at a time: no whole copy
            band = im.crop((0, top, im.width, min(im.height, top + ROWS))).tobytes()
            length += spool.write(packer.compress(band))
        length += spool.write(packer.flush())
        kept.append((length, im.size, ms))
        shrink = max(1, math.ceil(math.sqrt(im.width * im.height / PALETTE_AREA)))
        stills.append(
            (
                im.resize((im.width // shrink, im.height // shrink), Image.Resampling.NEAREST)
                if shrink > 1
                else im.copy(),
                ms,
            )
        )
        stills = _fewer(stills)
        del im  # let the picture go before the next is painted
    return kept, [im for im, _ in stills]


def _fewer(stills: list[tuple[Image.Image, int]]) -> list[tuple[Image.Image, int]]:
    """The pictures the palette is made from, as before: the still ones (over 200
    ms) if any, every n-th of them for about eight; drawn from as they come, so
    at most a few dozen are held."""
    still = [p for p in stills if p[1] > 200] or stills
    return still if len(still) <= 64 else still[::2]


def _palette(stills: list[Image.Image]) -> Image.Image:
    stills = stills[:: max(1, len(stills) // 8)]
    w, h = stills[0].size
    sheet = Image.new("RGB", (w, h * len(stills)))
    for i, im in enumerate(stills):
        sheet.paste(im, (0, i * h))
    return sheet.quantize(colors=192, method=Image.Quantize.MEDIANCUT)


def _read_back(spool: IO[bytes], kept: list, palette: Image.Image) -> Iterator[tuple]:
    """Each spooled picture on the shared palette, with its duration."""
    for length, size, ms in kept:
        rgb = Image.frombuffer("RGB", size, zlib.decompress(spool.read(length)), "raw", "RGB", 0, 1)
        yield rgb.quantize(palette=palette, dither=Image.Dither.NONE), ms


def _write_frames(out: IO[bytes], frames: Iterator[tuple[Image.Image, int]]) -> None:
    """A looping GIF of palette `frames`: the first whole (with the global
    palette), each next one as the box that changed; an unchanged one adds its
    time to the one before. One frame is held back until the next is seen."""
    before: Image.Image | None = None
    held: tuple[Image.Image, tuple[int, int], int] | None = None
    for im, ms in frames:
        if before is None:
            header, _ = GifImagePlugin.getheader(im, None, {"loop": 0, "duration": ms})
            out.write(b"".join(header))
            held, before = (im, (0, 0), ms), im
            continue
        box = ImageChops.difference(_indices(before), _indices(im)).getbbox()
        if box is None:
            held = (held[0], held[1], held[2] + ms)
            continue
        _put(out, held)
        held, before = (im.crop(box), box[:2], ms), im
    if held is not None:
        _put(out, held)
    out.write(b";")


def _indices(im: Image.Image) -> Image.Image:
    """A palette picture's colour numbers as a grey one (to find what changed)."""
    return Image.frombytes("L", im.size, im.tobytes())


def _put(out: IO[bytes], frame: tuple[Image.Image, tuple[int, int], int]) -> None:
    im, offset, ms = frame
    out.write(b"".join(GifImagePlugin.getdata(im, offset, duration=ms, disposal=1)))


def write_frames(pictures: Iterable[tuple[Image.Image, int]], directory: str | Path) -> list[Path]:
    """Numbered PNGs, one per picture (`frame-000.png`, ...)."""
    directory = Path(directory)
    directory.mkdir(parents=True, exist_ok=True)
    paths = []
    for i, (im, _) in enumerate(pictures):
        path = directory / f"frame-{i:03d}.png"
        im.save(path)
        paths.append(path)
    return paths
