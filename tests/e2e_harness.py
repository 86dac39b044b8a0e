"""Drive the real window: Xvfb on a free display, the app as a subprocess,
xdotool for real pointer events, ImageMagick `import` for screenshots."""

from __future__ import annotations

import os
import queue
import shutil
import subprocess
import sys
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
ARTIFACTS = ROOT / "test-artifacts"
SIZE = (1280, 720)


def missing_tools() -> list[str]:
    return [t for t in ("Xvfb", "xdotool", "import") if shutil.which(t) is None]


class Xvfb:
    """An X server on a display it picks itself (-displayfd), sized like the window
    unless `size` says otherwise."""

    def __init__(self, size: tuple[int, int] = SIZE):
        r, w = os.pipe()
        self.proc = subprocess.Popen(
            [
                "Xvfb",
                "-displayfd",
                str(w),
                "-screen",
                "0",
                f"{size[0]}x{size[1]}x24",
                "-nolisten",
                "tcp",
            ],
            pass_fds=(w,),
            stderr=subprocess.DEVNULL,
        )
        os.close(w)
        with os.fdopen(r) as f:
            self.display = ":" + f.readline().strip()

    def stop(self) -> None:
        self.proc.terminate()
        self.proc.wait(timeout=10)


class App:
    """`shrinetable play ...` on the X server, with its --trace lines queued;
    `program` starts it some other way (a launcher that registers a test game),
    `env` adds to its environment, `command` runs another command (`lesson`)."""

    def __init__(
        self,
        xvfb: Xvfb,
        args: list[str],
        data_dir: Path,
        program: tuple[str, ...] = ("-m", "shrinetable"),
        env: dict | None = None,
        command: str = "play",
    ):
        self.env = dict(
            os.environ,
            DISPLAY=xvfb.display,
            SDL_VIDEODRIVER="x11",
            SDL_VIDEO_WINDOW_POS="0,0",
            PYTHONUNBUFFERED="1",
            SHRINETABLE_AI_DELAY="0",
            SHRINETABLE_DATA_DIR=str(data_dir),
            SHRINETABLE_GUARD_S="0",  # no guard but in the tests of it
            SDL_FRAMEBUFFER_ACCELERATION="0",
        )
        self.env.update(env or {})
        self._spawn([sys.executable, *program, command, *args])

    def _spawn(self, cmd: list[str]) -> None:
        """Start `cmd` with `self.env` and read its lines (every window a test
        starts, whatever its command, goes through here)."""
        self.proc = subprocess.Popen(
            cmd, cwd=ROOT, env=self.env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True
        )
        self.lines: queue.Queue[str] = queue.Queue()
        # moves traced, and how many had been when the decision bar last came
        # (`new buttons`): a press before the bar shows is rightly refused
        self.moves, self.bar_at = 0, -1
        self.shown = threading.Condition()
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self) -> None:
        for line in self.proc.stdout:
            line = line.rstrip("\n")
            with self.shown:
                if line.startswith("action "):
                    self.moves += 1
                elif line.startswith("new buttons"):
                    self.bar_at = self.moves
                    self.shown.notify_all()
            self.lines.put(line)

    def bar_shown(self, timeout: float = 30.0) -> None:
        """Until the decision bar for the last move traced is on the screen (a
        busy window builds it a moment after the move's line)."""
        with self.shown:
            if not self.shown.wait_for(lambda: self.bar_at == self.moves, timeout):
                raise TimeoutError(f"no decision bar after move {self.moves}")

    def wait_line(self, prefix: str, timeout: float = 10.0) -> str:
        return self.wait_any((prefix,), timeout)

    def wait_any(self, prefixes: tuple[str, ...], timeout: float = 10.0) -> str:
        """The next line starting with one of `prefixes` (the others skipped)."""
        end = time.monotonic() + timeout
        while (left := end - time.monotonic()) > 0:
            try:
                line = self.lines.get(timeout=left)
            except queue.Empty:
                continue
            if line.startswith(prefixes):
                return line
        wanted = prefixes[0] if len(prefixes) == 1 else prefixes
        raise TimeoutError(f"no line starting {wanted!r}; stderr: {self._stderr()}")

    def quiet(self, seconds: float) -> list[str]:
        """Every line printed over `seconds` (to show that nothing happened)."""
        out, end = [], time.monotonic() + seconds
        while (left := end - time.monotonic()) > 0:
            try:
                out.append(self.lines.get(timeout=left))
            except queue.Empty:
                break
        return out

    def _stderr(self) -> str:
        if self.proc.poll() is None:
            return "(still running)"
        return self.proc.stderr.read()[-2000:]

    def xdo(self, *args: str) -> str:
        r = subprocess.run(
            ["xdotool", *args], env=self.env, capture_output=True, text=True, timeout=20, check=True
        )
        return r.stdout

    def window(self) -> str:
        wid = self.xdo("search", "--sync", "--pid", str(self.proc.pid)).split()[-1]
        self.xdo("windowfocus", "--sync", wid)
        return wid

    def _to(self, pos) -> list[str]:
        """A pointer move; `--sync` waits for motion, so it would hang (until
        xdotool gives up) when the pointer is already there."""
        here = self.xdo("getmouselocation", "--shell").split()
        if f"X={pos[0]}" in here and f"Y={pos[1]}" in here:
            return []
        return ["mousemove", "--sync", str(pos[0]), str(pos[1])]

    def click(self, pos) -> None:
        self.xdo(*self._to(pos), "click", "1")

    def drag(self, a, b) -> None:
        mid = ((a[0] + b[0]) // 2, (a[1] + b[1]) // 2)
        self.xdo(
            *self._to(a),
            "mousedown",
            "1",
            "mousemove",
            "--sync",
            str(mid[0]),
            str(mid[1]),
            "mousemove",
            "--sync",
            str(b[0]),
            str(b[1]),
            "mouseup",
            "1",
        )

    def screenshot(self, path: Path) -> Path:
        path.parent.mkdir(parents=True, exist_ok=True)
        subprocess.run(
            ["import", "-window", "root", str(path)], env=self.env, check=True, timeout=20
        )
        return path

    def stop(self) -> None:
        if self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.proc.kill()


def ready(xvfb: Xvfb, args: list[str], data_dir: Path) -> App:
    """`App(xvfb, args, data_dir)` once its window is up (traced "ready", found on
    the display); stopped again if it never comes."""
    app = App(xvfb, args, data_dir)
    try:
        app.wait_line("ready")
        app.window()
    except BaseException:
        app.stop()
        raise
    return app


class Mirror:
    """The same game in the test, driven by the same match loop as the window
    (`Match`) and kept in step with the window's trace lines, so card and zone
    positions come from the real geometry code, as `viewer` sees them. `made`
    follows a hotseat table (secret moves traced as "secret", then the passes
    the table forces); a test with computer seats follows them itself."""

    def __init__(self, app: App, session, viewer: int | None = 0):
        from shrinetable.adapter.match import Match
        from shrinetable.formats.layout import load_layout
        from shrinetable.resources import layout_path
        from shrinetable.table import geometry as geo

        self.app, self.s, self.viewer = app, session, viewer
        self.m = Match(session)
        self.game, self.geo = session.game, geo
        self.layout = load_layout(layout_path(self.game.name))
        self.scaler = geo.Scaler((self.layout.canvas.width, self.layout.canvas.height), SIZE)
        self.board = self._board()
        self.handovers = 0

    def _board(self):
        """The table's own layout of cards (its labels, badges and strips shift
        them), with fonts but no window."""
        import pygame

        from shrinetable.table.art import CardArt, Fonts
        from shrinetable.table.board import Board

        pygame.font.init()
        fonts = Fonts()
        art = CardArt(fonts)
        art.use(self.game.present)
        board = Board(self.layout, art, fonts)
        board.set_size(SIZE)
        board.hands = {self.m.hand(q) for q in range(len(self.m.seats))}
        return board

    def view(self):
        return self.m.view(self.viewer)

    def placed(self):
        """Where the window draws each card now, as `viewer` sees the table."""
        from shrinetable.table.board import Marks

        self.board.watching = self.viewer is not None and self.m.seats[self.viewer] != "human"
        self.board.lay_out(self.view(), self.viewer, Marks())
        return self.board.placed

    def made(self, text: str) -> None:
        d = self.m.decision()
        shown = "secret" if d.secret else text
        assert self.app.wait_line("action") == f"action p{d.seat + 1} {shown}"
        self.m.act(d.seat, text)
        while (auto := self.m.pending()) is not None and auto.forced:
            assert self.app.wait_line("action").endswith(f" {auto.action.text}")
            self.m.step()
        self.app.quiet(0.3)

    def take_over(self) -> None:
        """The handover screen: the next person presses Enter."""
        self.app.xdo("key", "Return")
        self.viewer = self.m.decision().seat
        self.handovers += 1
        self.app.quiet(0.3)

    def card(self, zone: str, name: str) -> tuple[int, int]:
        """A point on the card `name` in `zone` that no other card covers."""
        geo = self.geo
        placed = self.placed()
        rect = next(p.rect for p in placed if p.zone == zone and p.name == name)
        return next(
            (x, rect.centery)
            for x in range(rect.left + 2, rect.right, 3)
            if (hit := geo.card_at(placed, (x, rect.centery))) is not None
            and (hit.zone, hit.name) == (zone, name)
        )

    def zone(self, zone: str) -> tuple[int, int]:
        return self.geo.zone_rects(self.layout, self.view(), self.scaler, self.viewer)[zone].center

    def button(self, text: str) -> tuple[int, int]:
        """The middle of the button for move `text` where the decision bar puts
        it (`decision_bar.slots`, as the panel lays it out), once it shows."""
        from shrinetable.table import decision_bar

        self.app.bar_shown()

        moves = self.m.moves()
        on_table = {(p.zone, p.name) for p in self.placed() if p.name}
        every = self.m.decision().kind in self.game.present.all_buttons
        area = decision_bar.split_help(self.scaler.rect(self.layout.panels.buttons))[0]
        rect = next(
            r
            for m, r in decision_bar.slots(decision_bar.shown(moves, every, on_table), area)
            if getattr(m, "text", None) == text
        )
        return rect.center

    def first_button(self) -> tuple[int, int]:
        area = self.scaler.rect(self.layout.panels.buttons)
        return area.x + (area.w - 4) // 2, area.y + 18
