"""The window and its render loop.

The loop sleeps in `pygame.event.wait` until input arrives or the scene's next
deadline (a computer move, an animation frame), and presents a frame only when
the scene says something changed, so an idle table costs almost no CPU.
"""

from __future__ import annotations

import json
import os
import random
import signal
import sys
import time
import warnings
from pathlib import Path
from typing import TYPE_CHECKING

from . import env

env.prepare()
# pygame_gui warns about fonts it loads lazily (html bold/italic); not a fault here
warnings.filterwarnings("ignore", category=UserWarning, module="pygame_gui")

import pygame  # noqa: E402

from shrinetable import resources  # noqa: E402
from shrinetable.adapter import storage  # noqa: E402
from shrinetable.adapter.match import Match  # noqa: E402
from shrinetable.adapter.session import Session  # noqa: E402
from shrinetable.engine import CardSet, GameBase  # noqa: E402
from shrinetable.formats.layout import Layout, load_layout  # noqa: E402
from shrinetable.resources import resource  # noqa: E402

from . import motion, theme  # noqa: E402
from .announce import Announcer  # noqa: E402
from .art import CardArt, Fonts  # noqa: E402
from .demos import Shelf  # noqa: E402
from .scene import Scene, wake  # noqa: E402

if TYPE_CHECKING:
    from .fare_panel import Measurer

IDLE_WAIT_MS = 1000  # longest sleep when nothing is scheduled
POLL_S = 0.012  # sleep slice between polls while something is due soon
IDLE_POLL_S = 0.03  # ...and while idle (the first input waits at most this long)
HOVER_WAIT_MS = 100  # while the pointer rests on a widget (tooltips, hover looks)
SPEECH_POLL_MS = 100  # while lines wait to be spoken, how often the loop looks
WARM_S = 0.2  # pygame_gui is made when nothing is due for this long (`App._warm`)
# the computer's pace: (pause before a move worth watching, before a minor one: a
# tapping a card for a resource, a pass). 0.7 s is long enough to follow a move (0.4 s read as a
# blur in play-tests); a minor move waits a frame or two, so a card game's turn of
# ~18 moves playing one creature takes under 3 s instead of 12-13 s
SPEEDS = {"slow": (1.2, 0.08), "normal": (0.7, 0.03), "fast": (0.3, 0.015), "instant": (0.0, 0.0)}
DESIGN = (1280, 720)  # the size the layouts are drawn for (their aspect, 16:9)
COMFORT = 0.9  # the share of the desktop a first window takes
WINDOW_FILE = "window.json"  # the last window's size and place, in the data folder
PLACE_S = 0.5  # a window resized or moved is kept once it has been still this long


def comfortable(desktop: tuple[int, int]) -> tuple[int, int]:
    """The largest window of the layouts' aspect within 90% of `desktop`; never
    smaller than the design size when the desktop holds that, nor than MIN_SIZE."""
    scale = min(desktop[0] * COMFORT / DESIGN[0], desktop[1] * COMFORT / DESIGN[1])
    size = round(DESIGN[0] * scale), round(DESIGN[1] * scale)
    if desktop[0] >= DESIGN[0] and desktop[1] >= DESIGN[1]:
        size = max(size[0], DESIGN[0]), max(size[1], DESIGN[1])
    return max(size[0], env.MIN_SIZE[0]), max(size[1], env.MIN_SIZE[1])


def window_file() -> Path:
    return resources.data_dir() / WINDOW_FILE


def remembered() -> tuple[tuple[int, int] | None, tuple[int, int] | None]:
    """The last window's (size, position), each None when unknown or unreadable
    (a damaged file is ignored: it is only a convenience)."""
    try:
        data = json.loads(window_file().read_text(encoding="utf-8"))
        size = tuple(int(v) for v in data["size"])
        pos = tuple(int(v) for v in data["pos"]) if data.get("pos") is not None else None
    except (OSError, ValueError, TypeError, KeyError):
        return None, None
    if len(size) != 2 or size[0] < env.MIN_SIZE[0] or size[1] < env.MIN_SIZE[1]:
        return None, None
    return size, pos if pos is not None and len(pos) == 2 else None


def remember(size: tuple[int, int], pos: tuple[int, int] | None) -> None:
    """Keep the window's size and place for the next run (`resources.keep`)."""
    resources.keep(WINDOW_FILE, {"size": list(size), "pos": list(pos) if pos else None})


def game_layout(game: GameBase) -> Layout:
    """The game's layout file: its own, or the bundled `layouts/<name>.toml`
    (LayoutError if it is broken)."""
    return load_layout(resources.game_layout(game))


PACE = "pace.json"  # the computer's pace last chosen, for the next run


class App:
    def __init__(
        self,
        size: tuple[int, int] | None = DESIGN,
        trace: bool = False,
        fullscreen: bool = False,
        cards: CardSet | None = None,
        demos: Shelf | None = None,
        fare: Measurer | None = None,
        look: str | None = None,
        announcer: Announcer | None = None,
    ):
        """`size` None: the last run's window if the desktop still holds it, else
        the largest comfortable one (`comfortable`), where it last was. `cards`:
        the card set the start screen's games are made with (`--cards DIR`);
        `demos`: the rules demonstrations the start screen offers (none without);
        `fare`: what measures a deck being built (none without);
        `look`: the colour theme for this run (`--theme`), else the one kept;
        `announcer`: the channel every screen says things in words through
        (`--announce FILE`; by default one writing no file)."""
        self.cards, self.demos, self.fare = cards, demos, fare
        self.announcer = announcer if announcer is not None else Announcer()
        theme.use(look or theme.load())
        self.reduced_motion = motion.reduced()  # no cards flying (the menu's Motion)
        pygame.display.init()
        pygame.font.init()
        pygame.display.set_caption("shrinetable")
        # the window's own icon (before set_mode, so the window manager shows it at once)
        pygame.display.set_icon(pygame.image.load(resource("assets", "icons", "shrinetable.png")))
        self.keeps_place = size is None  # the window's size and place are kept for next time
        pos = None
        if size is None:
            size, pos = self.first_size()
        self.windowed, self.windowed_pos = size, pos  # what F11 returns to
        self.screen = pygame.display.set_mode(size, pygame.RESIZABLE)
        if pos is not None:
            self.place(pos)
        self._manager = None  # pygame_gui's, made when first needed (`manager`)
        self.fonts = Fonts()
        self.art = CardArt(self.fonts)
        self.trace = trace
        pace = resources.kept(PACE).get("pace")
        self.speed = pace if pace in SPEEDS else "normal"  # the last one chosen
        self.ai_delay, self.minor_delay = SPEEDS[self.speed]
        own = env.ai_delay()  # a pause of one's own (tests: 0, none); the command checked it
        if own is not None:
            self.ai_delay = own
            self.minor_delay = min(self.ai_delay, self.minor_delay)
            self.speed = next(
                (n for n, (p, _) in SPEEDS.items() if p == self.ai_delay), f"{self.ai_delay:g} s"
            )
        # the table passes for a person whose only move is a pass: the setting of
        # the last game, kept for the next ones (None: no game yet, the session's own)
        self.auto_pass: bool | None = None
        self.place_due: float | None = None  # when to keep the window's size and place
        self.scene: Scene | None = None
        self.running = True
        self.presented = False
        self._layouts: dict[str, Layout] = {}
        self._hover = False
        storage.clean()  # what tables killed while saving left behind
        if fullscreen:
            self.toggle_fullscreen()

    @property
    def manager(self):
        """pygame_gui's manager, made when a window over the table or a screen
        built of its widgets first needs it: the game table draws its own
        panels (`widgets`), so its first frame waits for none of pygame_gui's
        import and theme (issue 26). The loop makes it once the first frame is
        shown and nothing is due (`_warm`), so the first menu opens at once."""
        if self._manager is None:
            env.import_gui()
            import pygame_gui

            self._manager = pygame_gui.UIManager(self.screen.get_size(), theme.theme())
            self._manager.preload_fonts(
                [{"name": "dejavu", "point_size": 14, "style": "bold", "antialiased": "1"}]
            )
        return self._manager

    def clear_gui(self) -> None:
        """Take away every pygame_gui widget (a scene rebuilding its own)."""
        if self._manager is not None:
            self._manager.clear_and_reset()

    def gui_covers(self, pos: tuple[int, int]) -> bool:
        """Whether a pygame_gui window is at `pos`: the table's own widgets
        under it take no pointer."""
        gui = self._manager
        return gui is not None and any(
            w.get_abs_rect().collidepoint(pos) for w in gui.get_window_stack().get_full_stack()
        )

    def draw_gui(self, surface: pygame.Surface) -> None:
        if self._manager is not None:
            self._manager.draw_ui(surface)

    def _warm(self) -> None:
        """Make pygame_gui's manager while the table waits for a person (after
        the first frame): the first window then opens without that pause."""
        if self._manager is None and self.presented:
            due = self.shown().deadline()
            if due is None or due - time.monotonic() > WARM_S:
                self.manager  # noqa: B018 (made for later)

    def _loop(self, until: float | None) -> None:
        last = time.monotonic()
        self.present()
        while self.running and (until is None or last < until):
            self._warm()
            events = self._wait(self._timeout_ms())
            now = time.monotonic()
            self.step(events, now - last)
            last = now

    def _terminated(self, *_) -> None:
        """SIGTERM ends the program without a question (the game is autosaved)."""
        self.running = False

    # -- the window ---------------------------------------------------------------
    @staticmethod
    def desktop() -> tuple[int, int]:
        sizes = pygame.display.get_desktop_sizes()
        return sizes[0] if sizes else DESIGN

    def first_size(self) -> tuple[tuple[int, int], tuple[int, int] | None]:
        """The window's size and place at the start: the last run's when the
        desktop holds them, else the comfortable size (the system places it)."""
        desktop = self.desktop()
        size, pos = remembered()
        if size is None or size[0] > desktop[0] or size[1] > desktop[1]:
            return comfortable(desktop), None
        if pos is not None and not (
            0 <= pos[0] <= desktop[0] - 40 and 0 <= pos[1] <= desktop[1] - 40
        ):
            pos = None  # off a screen that is gone: let the system place it
        if os.environ.get("SDL_VIDEO_WINDOW_POS"):  # placed by whoever started us
            pos = None
        return size, pos

    @staticmethod
    def place(pos: tuple[int, int]) -> None:
        try:
            pygame.display.set_window_position(pos)
        except (pygame.error, AttributeError):
            pass

    @staticmethod
    def position() -> tuple[int, int] | None:
        try:
            x, y = pygame.display.get_window_position()
            return x, y
        except (pygame.error, AttributeError):
            return None

    def keep_place(self) -> None:
        """Remember the windowed size and place for the next run (not the
        fullscreen one: the next run opens as a window)."""
        if not self.keeps_place:
            return
        if self.fullscreen():
            remember(self.windowed, self.windowed_pos)
        else:
            remember(self.screen.get_size(), self.position())

    def set_speed(self, name: str) -> None:
        """The computer's pace from now on, and next time; a name not in SPEEDS
        is the one SHRINETABLE_AI_DELAY set, already in use."""
        if name in SPEEDS:
            self.speed = name
            self.ai_delay, self.minor_delay = SPEEDS[name]
            resources.keep(PACE, {"pace": name})

    def set_theme(self, name: str) -> None:
        """Draw in the colour theme `name` from now on, and next time: the
        cards and pygame_gui's widgets are made again in its colours."""
        theme.use(name)
        theme.save(name)
        self.art.clear()
        self._manager = None  # made again in the new colours when next needed

    def set_motion(self, reduced: bool) -> None:
        """Reduced motion (no flying cards) or not, from now on and next time."""
        self.reduced_motion = reduced
        motion.keep_reduced(reduced)

    def speed_names(self) -> list[str]:
        """The paces to choose from, with the one SHRINETABLE_AI_DELAY set if it is
        none of them (so the choice shown is the pace in use)."""
        return list(SPEEDS) + ([self.speed] if self.speed not in SPEEDS else [])

    # -- scenes ----------------------------------------------------------------
    def layout(self, game: GameBase) -> Layout:
        """The game's layout, read once (LayoutError if it is broken)."""
        if game.name not in self._layouts:
            self._layouts[game.name] = game_layout(game)
        return self._layouts[game.name]

    def start_game(self, session: Session) -> None:
        from .game_scene import GameScene

        if self.auto_pass is not None:  # the last game's setting (the scene keeps it)
            session.auto_pass = self.auto_pass
        match = Match(session, autosave=True, wake=wake)
        scene = GameScene(self, match, self.layout(match.game))
        if session.notes:  # a save's checkpoint refused: say so, though nothing was lost
            scene.say("; ".join(session.notes), error=False)
        self.scene = scene
        pygame.display.set_caption(f"{match.title} (seed {session.seed}) \u2014 shrinetable")

    def show_start(self, message: str = "", game: str | None = None) -> None:
        """The start screen (`game` chosen on it, by name)."""
        from .start_scene import StartScene

        self.scene = StartScene(self, message, game)
        pygame.display.set_caption("shrinetable")

    def shown(self) -> Scene:
        """The scene in the window (one is shown before the loop runs)."""
        if self.scene is None:
            raise RuntimeError("no scene yet: show_start or start_game first")
        return self.scene

    def quit(self) -> None:
        """End the program; while a game is on, ask first (the menu shows the
        question; a second Quit or closing the window again ends it)."""
        if self.scene is None or self.scene.may_quit():
            self.running = False

    @staticmethod
    def new_seed() -> int:
        return random.SystemRandom().randrange(1, 10**6)

    def emit(self, line: str) -> None:
        """A --trace line on stdout, flushed at once (tests wait for them); the
        game is saved first, so a move printed is a move kept."""
        if self.trace:
            self._keep()
            print(line, flush=True)

    @staticmethod
    def _window() -> pygame.Window | None:
        """The display module's window (pygame-ce warns this bridge may go)."""
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", DeprecationWarning)
            try:
                return pygame.Window.from_display_module()
            except (pygame.error, AttributeError):
                return None

    def fullscreen(self) -> bool:
        return bool(self.screen.get_flags() & pygame.FULLSCREEN)

    def toggle_fullscreen(self) -> None:
        """Fullscreen at the desktop's size, or back to the window's size and
        place before it (an X server kept the fullscreen size for the window
        set_mode made, so its size is set again through SDL's window)."""
        if self.fullscreen():
            with warnings.catch_warnings():  # "forcibly resized by the OS": set below
                warnings.simplefilter("ignore", RuntimeWarning)
                self.screen = pygame.display.set_mode(self.windowed, pygame.RESIZABLE)
            window = self._window()
            if window is not None:
                window.size = self.windowed
                if self.windowed_pos is not None:
                    window.position = self.windowed_pos
        else:
            self.windowed, self.windowed_pos = self.screen.get_size(), self.position()
            self.screen = pygame.display.set_mode((0, 0), pygame.FULLSCREEN)
        self._resized()

    def _resized(self) -> None:
        self.screen = pygame.display.get_surface() or self.screen
        size = self.screen.get_size()
        if not self.fullscreen() and (size[0] < env.MIN_SIZE[0] or size[1] < env.MIN_SIZE[1]):
            # the side panel's widgets use a fixed font size: below this they clip
            size = max(size[0], env.MIN_SIZE[0]), max(size[1], env.MIN_SIZE[1])
            self.screen = pygame.display.set_mode(size, pygame.RESIZABLE)
        if self._manager is not None:
            self._manager.set_window_resolution(size)
        if self.scene is not None:
            self.scene.resize(size)

    # -- loop ----------------------------------------------------------------
    def _timeout_ms(self) -> int:
        deadline = self.shown().deadline()
        if deadline is None:
            wait = HOVER_WAIT_MS if self._hover else IDLE_WAIT_MS
        else:
            wait = max(0, int((deadline - time.monotonic()) * 1000))
        if self.announcer.speech.pending:  # look again soon: the next line is waiting
            wait = min(wait, SPEECH_POLL_MS)
        return wait

    def _wait(self, timeout_ms: int) -> list[pygame.event.Event]:
        """Events, waiting up to `timeout_ms` for the first. pygame's own
        `event.wait(timeout)` polls every millisecond (measured: ~4 % of a core
        on an idle table); sleeping in short slices costs a tenth of that."""
        end = time.monotonic() + timeout_ms / 1000
        slice_s = IDLE_POLL_S if timeout_ms >= HOVER_WAIT_MS else POLL_S
        while True:
            events = pygame.event.get()
            left = end - time.monotonic()
            if events or left <= 0 or not self.running:  # SIGTERM: at once
                return events
            time.sleep(min(slice_s, left))

    def step(self, events: list[pygame.event.Event], dt: float) -> None:
        """Handle events, update, and present a frame if anything changed."""
        for event in events:
            t = event.type
            if t == pygame.QUIT:
                self.quit()
            elif t == pygame.WINDOWSIZECHANGED:
                self._resized()
                self.place_due = time.monotonic() + PLACE_S
            elif t == pygame.WINDOWMOVED:
                self.place_due = time.monotonic() + PLACE_S
            elif t == pygame.KEYDOWN and event.key == pygame.K_F11:
                self.toggle_fullscreen()
            else:
                gui = self._manager
                self.shown().handle(event, gui is not None and gui.process_events(event))
                if t != pygame.MOUSEMOTION:
                    self.shown().dirty = True
        if self.place_due is not None and time.monotonic() >= self.place_due:
            self.place_due = None  # a resize or move settled: kept, even if killed later
            self.keep_place()
        # the scene first: a computer move rebuilds the widgets, and pygame_gui
        # only lists what it draws in its own update
        self.shown().update(time.monotonic())
        self.announcer.speech.tick()  # the next line waiting to be spoken
        gui = self._manager
        if gui is not None:
            widgets = len(gui.ui_group.sprites())
            gui.update(dt)
            if len(gui.ui_group.sprites()) != widgets:  # a tooltip came or went
                self.shown().dirty = True
        hover = gui is not None and gui.get_hovering_any_element()
        if hover or hover != self._hover:
            if any(e.type == pygame.MOUSEMOTION for e in events) or hover != self._hover:
                self.shown().dirty = True
        self._hover = hover
        self.present()

    def present(self) -> None:
        """Keep the game, then show it: a move on the screen is a move saved."""
        self._keep()
        if self.shown().needs_frame():
            rects = self.shown().draw(self.screen)
            if rects is None:
                pygame.display.flip()
            else:
                pygame.display.update(rects)
            if not self.presented:
                self.presented = True
                self.emit("ready")

    def _keep(self) -> None:
        """Autosave the scene's game if it changed since it was last written (a
        move, an undo); a failure is said in the window and the game goes on."""
        if self.scene is not None:
            self.scene.keep()

    def run(self, until: float | None = None) -> int:
        """The loop; `until` (a time.monotonic() value) ends it early (benchmarks).
        While it runs, SIGTERM ends it at once: SDL's own handler made it a window
        close, which asks first while a game is on."""
        try:
            before = signal.signal(signal.SIGTERM, self._terminated)
        except (ValueError, AttributeError):  # not the main thread
            before = False
        try:
            self._loop(until)
        finally:
            if before is not False:
                signal.signal(signal.SIGTERM, before if before is not None else signal.SIG_DFL)
        if until is None:
            self.keep_place()
            self.announcer.close()
            pygame.quit()
        return 0


def fatal(message: str) -> int:
    print(f"shrinetable: {message}", file=sys.stderr)
    return 2
