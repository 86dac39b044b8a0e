"""The decision bar: the buttons of the moves made without cards, in one place
per layout (its `buttons` panel), the moves that end a step (pass, done, next,
finished: an action with nothing after its name) always first, each a row of
its own at the top, the others below them.

Buttons there replace each other under a waiting pointer ("Pass", "Finished",
then a question about the next step, in one spot, one click apart), so a button that is
new where it stands (another label there before, none, or the same label after
a move) ignores clicks for `guard_s()` and fades in meanwhile: a click meant
for the button that stood there a moment ago is no answer to the new one. One
that a move not made by this player (the computer's, a pass the table made)
brought under the pointer waits until the pointer has left it and come back,
or `HOLD_S`, whichever is sooner."""

from __future__ import annotations

import os
from collections.abc import Callable
from typing import Any

import pygame

from shrinetable.adapter import gestures

from .theme import palette

GUARD_S = 0.4  # how long a new button ignores clicks (MTG Arena-like: about a blink)
GUARD_ENV = "SHRINETABLE_GUARD_S"  # tests on a busy machine lengthen it, to click inside it
GUARD_MAX = 10.0
ROW = 40  # a bar button's place: 36 px, two lines of its label, and a gap
HELP_ROW = 30  # the help row's height (its buttons 26 px: 14 px text)
HOLD_S = 1.0  # at most this long for a button another's move brought under the pointer


def guard_s() -> float:
    """The guard: GUARD_S, or SHRINETABLE_GUARD_S seconds (0 to 10) when set to
    such a number (a knob for tests, so anything else means the default)."""
    try:
        value = float(os.environ.get(GUARD_ENV, GUARD_S))
    except ValueError:
        return GUARD_S
    return value if 0 <= value <= GUARD_MAX else GUARD_S


def ends_step(move: gestures.Move) -> bool:
    """Whether `move` ends or skips a step: a button with no words after its
    action's name ("pass", "next", "finished", "hero" keeping none)."""
    return not move.gesture.cards and " " not in move.text.strip()


def shown(
    moves: list[gestures.Move],
    every: bool,
    on_table: set[tuple[str, str]],
    primary: tuple[str, ...] = (),
) -> list[gestures.Move]:
    """The moves the bar offers: the card-less ones, the card moves whose cards
    are not on the table (`gestures.stranded`), and every move when the
    decision lists them all (`every`); the step-ending ones first, the game's
    `primary` first of those (its plain end of a step)."""
    out = gestures.buttons(moves) + gestures.stranded(moves, on_table)
    if every:
        out += [m for m in moves if m not in out]
    ending = sorted((m for m in out if ends_step(m)), key=lambda m: m.text not in primary)
    return ending + [m for m in out if not ends_step(m)]


Item = gestures.Move | list[gestures.Move]  # a move's place, or "More moves"'s


def slots(
    moves: list[gestures.Move],
    area: pygame.Rect,
    k: float = 1.0,
    high: Callable[[Item, int], int] | None = None,
    least: Callable[[Item, pygame.Rect], int] | None = None,
) -> list[tuple[Item, pygame.Rect]]:
    """Where each of `moves` (in `shown`'s order) stands in the bar `area`: a
    step-ending move in a full-width row of `ROW` at the top, the rest in one
    or two columns under them, every button `ROW` high (a label of two lines
    reads there at 100%; where the moves come in twos about one card, each two
    share a row). Moves that find no place are one item, a list, in the
    last place: the "More moves" button (no move is ever left off the bar). `k`:
    how much larger than at 1280x720 the panels are drawn (`panel_scale`).
    `high(item, width)`: the height its label needs to read whole (0: any);
    rows then grow to it, top first, in the room the bar leaves below its
    places, so a larger text size gives no move fewer places (`grow`);
    `least(item, rect)`: the least width its label reads whole in, by which
    two places side by side may share their row (`widen`)."""
    placed = _places(moves, area, k)
    if least is not None:
        placed = widen(placed, least)
    return placed if high is None else grow(placed, area.bottom, high)


def widen(
    placed: list[tuple[Item, pygame.Rect]], least: Callable[[Item, pygame.Rect], int]
) -> list[tuple[Item, pygame.Rect]]:
    """Two places side by side, one of whose labels its even half would cut,
    share their row by their words where both then read whole (`least`: the
    least width its label reads whole in, on one line)."""
    out = list(placed)
    for top in {r.y for _, r in placed}:
        pair = [i for i, (_, r) in enumerate(placed) if r.y == top]
        if len(pair) != 2:
            continue
        (a, ra), (b, rb) = placed[pair[0]], placed[pair[1]]
        need = [least(a, ra), least(b, rb)]
        gap = rb.x - ra.right
        spare = rb.right - ra.x - gap - sum(need)
        if (need[0] <= ra.w and need[1] <= rb.w) or spare < 0:
            continue
        wa = need[0] + spare // 2
        out[pair[0]] = (a, pygame.Rect(ra.x, ra.y, wa, ra.h))
        out[pair[1]] = (b, pygame.Rect(ra.x + wa + gap, rb.y, rb.right - ra.x - wa - gap, rb.h))
    return out


def grow(
    placed: list[tuple[Item, pygame.Rect]], bottom: int, high: Callable[[Item, int], int]
) -> list[tuple[Item, pygame.Rect]]:
    """`placed`'s rows, top first, each as high as its labels need (`high`)
    while the rows under it still end above `bottom`; a row that does not find
    the room keeps its height (its label is shortened)."""
    spare = bottom - max((r.bottom for _, r in placed), default=bottom)
    moved: dict[int, tuple[int, int]] = {}  # a row's top -> (how far down, how much higher)
    down = 0
    for top in sorted({r.y for _, r in placed}):
        extra = max(high(item, r.w) - r.h for item, r in placed if r.y == top)
        if not 0 < extra <= spare:
            extra = 0
        moved[top] = (down, extra)
        down, spare = down + extra, spare - extra
    return [
        (item, pygame.Rect(r.x, r.y + moved[r.y][0], r.w, r.h + moved[r.y][1]))
        for item, r in placed
    ]


def _places(
    moves: list[gestures.Move], area: pygame.Rect, k: float
) -> list[tuple[Item, pygame.Rect]]:
    """`slots` with every row `ROW` high."""
    first = [m for m in moves if ends_step(m)]
    step = round(ROW * k)
    out: list = []
    y = area.y
    for m in first:
        row = first_row(pygame.Rect(area.x, y, area.w, area.bottom - y), k)
        if row.bottom > area.bottom and out:
            break
        out.append((m, row))
        y += row.h + 4
    rest = moves[len(out) :]
    if not rest:
        return out
    room = pygame.Rect(area.x, y, area.w, max(0, area.bottom - y))
    per_col = room.h // step
    if per_col == 0:  # no room under the top rows: their last place holds the rest
        if not out:
            return [(rest if len(rest) > 1 else rest[0], first_row(room, k))]
        last, rect = out.pop()
        return out + [([last, *rest], rect)]
    cols = 1 if len(rest) <= per_col else 2
    places = per_col * cols
    items = rest if len(rest) <= places else [*rest[: places - 1], rest[places - 1 :]]
    rows = -(-len(items) // cols)
    w = room.w // cols
    paired = cols == 2 and len(items) % 2 == 0 and all(map(_same_card, items[::2], items[1::2]))
    for i, item in enumerate(items):
        col, line = divmod(i, rows) if not paired else divmod(i, 2)[::-1]
        out.append((item, pygame.Rect(room.x + col * w, room.y + line * step, w - 4, step - 4)))
    return out


def _same_card(a: object, b: object) -> bool:
    """Whether two moves in turn are about the same card (the game's order:
    "Keep X", "Put X under..."), so the bar lets them share a row."""
    if not isinstance(a, gestures.Move) or not isinstance(b, gestures.Move):
        return False
    return bool(a.gesture.cards) and a.gesture.cards == b.gesture.cards


def needs(
    moves: list[gestures.Move],
    area: pygame.Rect,
    k: float = 1.0,
    high: Callable[[Item, int], int] | None = None,
    least: Callable[[Item, pygame.Rect], int] | None = None,
) -> int:
    """How much of `area`'s height the bar takes for `moves` (the room a
    notice under it may have is the rest)."""
    placed = slots(moves, area, k, high, least)
    return max((r.bottom for _, r in placed), default=area.y) - area.y


def split_help(
    panel: pygame.Rect, k: float = 1.0, high: int | None = None
) -> tuple[pygame.Rect, pygame.Rect]:
    """The layout's buttons panel: the bar's room, and the help row (Hint, What
    happened?) at its foot, `HELP_ROW` high or `high` (its rows at a larger
    text size)."""
    h = round(HELP_ROW * k) if high is None else high
    row = pygame.Rect(panel.x, panel.bottom - h, panel.w, h)
    return pygame.Rect(panel.x, panel.y, panel.w, max(0, panel.h - h - 4)), row


def first_row(area: pygame.Rect, k: float = 1.0) -> pygame.Rect:
    """The bar's top row in `area`: where the step-ending move always stands."""
    return pygame.Rect(
        area.x, area.y, area.w - 4, min(round(ROW * k), max(round(26 * k), area.h)) - 4
    )


def panel_scale(window: tuple[int, int]) -> float:
    """How much larger than at 1280x720 the side panels are drawn in a window
    of `window`'s size (never smaller: 14 px text is the least they show)."""
    return max(1.0, min(window[0] / 1280, window[1] / 720))


class Guard:
    """When each button on the table appeared (`place`), whether a click on it
    counts yet (`ready`), and the fade-in drawn over the new ones (`draw`).
    A button that a move not made by this player brought under a resting
    pointer is held longer: until the pointer has left it and come back, or
    `hold_s()`, whichever is sooner (a click aimed at what stood there before,
    up to a second late, is no answer to it)."""

    def __init__(self, seconds: float | None = None):
        self.seconds = guard_s() if seconds is None else seconds
        self.born: dict[tuple, float] = {}  # (place, label) -> when it appeared
        self.held: set[tuple] = set()  # brought under the pointer, not yet left and come back
        self.left: set[tuple] = set()  # of those, the ones the pointer has left
        self.key: object = None  # the position the buttons answer
        self.fresh = False  # new buttons placed, not all ready yet ("buttons ready")
        self.live: dict[Any, tuple] = {}  # a button -> its (place, label)

    def hold_s(self) -> float:
        """How long a button brought under the pointer waits at most (none with
        no guard at all: the tests that click at once)."""
        return max(self.seconds, HOLD_S) if self.seconds else 0.0

    def place(
        self,
        buttons: list,
        key: object,
        now: float,
        pointer: tuple[int, int] | None = None,
        others: bool = False,
    ) -> list[str]:
        """The buttons just built (the table's own, `widgets.Button`) for position `key`: each
        is new unless the same label stood in the same place for the same
        position; `others`: the position came from a move not the viewer's,
        so a new one under `pointer` is held. The labels of the new ones."""
        moved = key != self.key
        self.key = key
        born, held, left, self.live, new = {}, set(), set(), {}, []
        for b in buttons:
            spot = (tuple(b.rect), b.text)
            self.live[b] = spot
            if moved or spot not in self.born:
                born[spot] = now
                new.append(b.text)
                if others and pointer is not None and b.rect.collidepoint(pointer):
                    held.add(spot)
            else:
                born[spot] = self.born[spot]
                held |= {spot} & self.held
                left |= {spot} & self.left
        self.born, self.held, self.left = born, held, left
        self.fresh = self.fresh or bool(new)
        return new

    def pointer(self, pos: tuple[int, int]) -> None:
        """The pointer moved: a held button it left and came back to is free."""
        for b, spot in self.live.items():
            if spot not in self.held:
                continue
            if not b.rect.collidepoint(pos):
                self.left.add(spot)
            elif spot in self.left:
                self.held.discard(spot)
                self.left.discard(spot)

    def _ends(self, spot: tuple) -> float:
        wait = max(self.seconds, self.hold_s()) if spot in self.held else self.seconds
        return self.born[spot] + wait

    def since(self, button) -> float:
        """When `button` appeared where it stands (time.monotonic; -1: not a bar button)."""
        spot = self.live.get(button)
        return -1.0 if spot is None else self.born[spot]

    def ready(self, button, now: float) -> bool:
        spot = self.live.get(button)
        return spot is None or now >= self._ends(spot)

    def waiting(self, now: float) -> bool:
        return any(now < self._ends(spot) for spot in self.live.values())

    def draw(self, screen: pygame.Surface, now: float) -> None:
        """Each guarded button fades in (a veil thinning over the guard) inside
        an outline, so it shows that it is new and not yet taking clicks."""
        for b, spot in self.live.items():
            wait = self._ends(spot) - self.born[spot]
            left = self._ends(spot) - now
            if left <= 0 or not b.visible:
                continue
            part = left / wait if wait else 0
            veil = pygame.Surface(b.rect.size, pygame.SRCALPHA)
            veil.fill((*palette().backdrop, round(170 * part)))
            screen.blit(veil, b.rect)
            pygame.draw.rect(screen, palette().accent, b.rect.inflate(4, 4), 2, border_radius=4)
