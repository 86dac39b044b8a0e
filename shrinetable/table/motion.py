"""Cards in motion: a press that may become a drag, the cards a drag holds,
and cards flying to their new place after a move. Plain data and arithmetic,
so the scene's input code stays short. With reduced motion (the menu's
"Motion", kept for the next run: `reduced`) nothing flies: a moved card is
at its new place at once, outlined like everything the move changed."""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from shrinetable import resources
from shrinetable.adapter import gestures

from . import geometry as geo

DRAG_START = 6  # pixels the pointer must travel before a press becomes a drag
FLY = 0.28  # seconds a card takes to fly to its new place
TALLY_FLY = 0.9  # seconds a changed figure ("-3") takes to reach its seat's zone
FILE = "motion.json"  # {"reduced": bool}


def reduced() -> bool:
    """Whether the player asked for reduced motion (no: none asked, or the
    file is damaged; it is only a convenience)."""
    return resources.kept(FILE).get("reduced") is True


def keep_reduced(on: bool) -> None:
    resources.keep(FILE, {"reduced": on})


@dataclass
class Drag:
    """Cards lifted off the table: where they came from and where they are."""

    source: str
    held: tuple[str, ...]
    indices: tuple[int, ...]
    images: list[tuple[pygame.Surface, tuple[int, int]]]  # image, offset from pointer
    origins: list[pygame.Rect]
    moves: list[gestures.Move]
    pos: tuple[int, int]
    drawn: pygame.Rect | None = None  # where the cards were last painted
    hover: pygame.Rect | None = None  # where the target outline was last painted

    def bounds(self) -> pygame.Rect:
        rects = [
            img.get_rect(topleft=(self.pos[0] + dx, self.pos[1] + dy))
            for img, (dx, dy) in self.images
        ]
        return rects[0].unionall(rects[1:]) if rects else pygame.Rect(self.pos, (0, 0))


@dataclass
class Flyer:
    """A card on its way from one place to another (its place is hidden meanwhile)."""

    image: pygame.Surface
    start: pygame.Rect
    end: pygame.Rect
    t0: float
    duration: float = FLY
    lands: tuple[str, str] | None = None  # (zone, card) it hides until it lands

    def rect(self, now: float) -> pygame.Rect:
        k = min(1.0, max(0.0, (now - self.t0) / self.duration))
        k = 1 - (1 - k) ** 3
        r = self.image.get_rect()
        r.center = (
            round(self.start.centerx + (self.end.centerx - self.start.centerx) * k),
            round(self.start.centery + (self.end.centery - self.start.centery) * k),
        )
        return r


@dataclass
class Press:
    pos: tuple[int, int]
    card: geo.Placed | None
    zone: str | None


def group_offsets(
    origins: list[pygame.Rect],
    pos,
    grabbed: int | None,
    indices: tuple[int, ...],
    sizes: list[tuple[int, int]] | None = None,
    screen: pygame.Rect | None = None,
) -> list[tuple[int, int]]:
    """Where held cards hang from the pointer: the grabbed card under the
    pointer at the spot where it was taken (an image of another shape than its
    place, a card lifted from a strip, at the same share of its width and
    height), the others close up beside it in a tight fan, moved along while
    the grabbed one stays under the pointer so that all are inside `screen`."""
    k = indices.index(grabbed) if grabbed in indices else 0
    o = origins[k]
    w, h = sizes[k] if sizes else o.size
    gx = -round((pos[0] - o.x) * w / max(1, o.w))
    gy = -round((pos[1] - o.y) * h / max(1, o.h))
    step = round(w * 0.3)

    def fan(step: int) -> tuple[list[tuple[int, int]], int]:
        """The offsets with `step` between cards, moved along into `screen` as far
        as the grabbed card stays under the pointer; how far they still stick out."""
        out = [(gx + (i - k) * step, gy) for i in range(len(origins))]
        if screen is None:
            return out, 0
        left = min(dx for dx, _ in out) + pos[0]
        right = max(dx for dx, _ in out) + w + pos[0]
        shift = max(0, screen.left - left) - max(0, right - screen.right)
        shift = max(-(gx + w - 1), min(-gx, shift))  # the pointer stays on its card
        out = [(dx + shift, dy) for dx, dy in out]
        return out, max(0, screen.left - left - shift) + max(0, right + shift - screen.right)

    return min((fan(step), fan(-step)), key=lambda f: f[1])[0]  # to the left if need be


def far(a: tuple[int, int], b: tuple[int, int]) -> bool:
    return abs(a[0] - b[0]) + abs(a[1] - b[1]) >= DRAG_START
