"""The table for a seat of a hosted game: the game scene, given a `RemoteMatch`
as its match (the same contract, `adapter.port.MatchPort`).

Everything a person does at the table works as at one screen (drags,
highlights, buttons, refusals with their rule, the log, the animations):
the game scene does it all through the contract. What is only here: a line
at the table's bottom edge saying where the game is hosted and who is
connected, the question when another player asks to take back a move, and, at
the host's window, the question whether the computer plays a seat whose
player left; leaving closes the connection.
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable

import pygame
import pygame_gui
from pygame_gui.elements import UIButton
from pygame_gui.windows import UIConfirmationDialog

from shrinetable.adapter.port import Change
from shrinetable.engine import Chip
from shrinetable.net.client import DEFAULT_PORT, Remote, lan_address, rejoin
from shrinetable.net.host import Host
from shrinetable.net.remote_match import Link, RemoteMatch
from shrinetable.net.seam import Refusal

from . import hud
from .art import Fonts
from .game_scene import GameScene
from .scene import WAKE, wake
from .seats import seat_name
from .theme import palette

DOT = " \u00b7 "


def line_px(fonts: Fonts, height: int) -> int:
    """The status line's text size in a window `height` high."""
    return fonts.px(round(height / 720 * 12))


def line_height(fonts: Fonts, height: int) -> int:
    """The strip the status line takes at the bottom of a window `height` high."""
    return fonts.font(line_px(fonts, height), True).get_linesize() + 6


class RemoteScene(GameScene):
    """`where`: the host's address and code as this table shows them;
    `on_close`: what to stop when the table is left (the host's own server)."""

    def __init__(self, app, match: RemoteMatch, layout, where: str, on_close=None):
        self.remote = match  # the connection: who sits where, the undo asked of us
        self.left = False
        self.where = where
        self.on_close = on_close
        # at the host's window: gives a seat whose player is gone to the computer
        # (False) or to the next table that joins (True)
        self.hand_over: Callable[[int, bool], None] | None = None
        self.asking: UIConfirmationDialog | None = None  # another player's undo request
        # the seat asked about, the question, its button for a newcomer
        self.gone: tuple[int, UIConfirmationDialog, UIButton] | None = None
        super().__init__(app, match, layout)
        self._trace_log()

    def _trace_log(self) -> None:
        """The log as this table holds it, one --trace line (tests compare it
        with the host's): at the start and whenever the game is taken afresh."""
        if self.app.trace:
            self.app.emit("log " + " | ".join(self.log.text(line) for line in self.log.lines))

    # -- what only a remote table hears ---------------------------------------------
    def heard(self, change: Change) -> None:
        super().heard(change)
        if change.kind == "reset":
            self._trace_log()
        elif change.kind == "undo_asked" and change.seat is not None:
            self._undo_asked(change.seat)
        elif change.kind == "players" and self.hand_over is not None:
            self._ask_gone()

    def _ask_gone(self) -> None:
        """At the host's window, when a remote player leaves: may the computer
        play their seat? (Closing the question waits for them; they may rejoin.)"""
        gone = [
            pl
            for pl in (self.remote.players.players if self.remote.players else [])
            if pl.kind == "remote" and pl.taken and not pl.connected
        ]
        if self.gone is not None and self.gone[0] not in {pl.seat for pl in gone}:
            self.gone[1].kill()  # back, or already handed over
            self.gone = None
        if self.gone is None and gone:
            pl = gone[0]
            question = self._question(
                f"{seat_name(pl.seat)} ({pl.name}) has left. Let the computer play "
                f"{seat_name(pl.seat)}, or a newcomer take the seat? (Close this to "
                "wait: they can rejoin.)",
                "Computer plays",
                "Player gone",
            )
            newcomer = UIButton(
                pygame.Rect(10, -40, 110, 30),
                "Newcomer",
                self.app.manager,
                container=question,
                anchors={"left": "left", "bottom": "bottom"},
            )
            self.gone = (pl.seat, question, newcomer)

    def _undo_asked(self, seat: int) -> None:
        self.asking = self._question(
            f"{seat_name(seat)} asks to take back their last move. Agree?", "Agree", "Undo?"
        )

    def _question(self, text: str, yes: str, title: str) -> UIConfirmationDialog:
        size = self.app.screen.get_size()
        rect = pygame.Rect(0, 0, 440, 210)
        rect.center = (size[0] // 2, size[1] // 2)
        return UIConfirmationDialog(
            rect, text, self.app.manager, action_short_name=yes, window_title=title
        )

    def leave(self) -> None:
        """Close the connection (and the host's server, at the host's window)."""
        if self.left:
            return
        self.left = True
        self.remote.close()
        if self.on_close is not None:
            self.on_close()
            self.on_close = None

    def handle(self, event: pygame.event.Event, consumed: bool) -> None:
        if event.type == WAKE:
            return
        element = getattr(event, "ui_element", None)
        yes = event.type == pygame_gui.UI_CONFIRMATION_DIALOG_CONFIRMED
        answered = yes or event.type == pygame_gui.UI_WINDOW_CLOSE
        if self.asking is not None and element is self.asking:
            if answered:
                self.remote.agree(yes)
                self.asking = None
            return
        if self.gone is not None and element is self.gone[2]:
            if event.type == pygame_gui.UI_BUTTON_PRESSED and self.hand_over is not None:
                self.gone[1].kill()
                seat, self.gone = self.gone[0], None
                self.hand_over(seat, True)
            return
        if self.gone is not None and element is self.gone[1]:
            if answered:
                seat, self.gone = self.gone[0], None
                if yes and self.hand_over is not None:
                    self.hand_over(seat, False)
            return
        super().handle(event, consumed)

    # -- the line over the table ---------------------------------------------------------
    def status(self) -> str:
        """Where the game is hosted and who sits where, connected or not."""
        m = self.remote
        people = []
        for pl in m.players.players if m.players else []:
            if pl.seat == m.seat:
                who = "you"
            elif pl.kind == "remote" and not pl.taken:
                who = "waiting for a player"
            elif pl.kind == "remote":
                who = f"{pl.name}, {'connected' if pl.connected else 'gone'}"
            else:
                who = "the host" if pl.kind == "human" else pl.kind
            people.append(f"{seat_name(pl.seat)} {who}")
        watchers = m.players.watchers if m.players else 0
        return DOT.join([self.where, *people] + ([f"{watchers} watching"] if watchers else []))

    def _line_px(self, height: int) -> int:
        return line_px(self.app.fonts, height)

    def table_size(self, size: tuple[int, int]) -> tuple[int, int]:
        """The window less a strip along its bottom for the line (`draw`): it
        lies over no card, no hand, no panel."""
        return size[0], size[1] - line_height(self.app.fonts, size[1])

    def draw(self, screen: pygame.Surface) -> list[pygame.Rect] | None:
        rects = self.painter.draw(screen)
        w, h = screen.get_size()
        top = self.table_size((w, h))[1]
        strip = pygame.Rect(0, top, w, h - top)
        screen.fill(palette().backdrop, strip)
        box = hud.chip(
            screen,
            self.app.fonts,
            Chip(self.status(), palette().panel, palette().text),
            self._line_px(h),
            (2, h - 2),
            "bottomleft",
        )  # in its own strip under the table
        if rects is not None:
            rects += [strip, box]
        return rects


def open_joined(
    app,
    host: str,
    port: int,
    code: str,
    name: str = "",
    watch: bool = False,
    *,
    link: Link | None = None,
    token: str | None = None,
    where: str = "",
    on_close=None,
    wait: float = 5.0,
) -> RemoteScene:
    """Join the game hosted at `host:port` and show its table in `app`;
    `client.Refused` with the host's reason, OSError when no host answers."""
    own = link is None
    link = link or Link()
    remote = Remote(host, port, code, name, watch=watch, token=token)
    try:
        welcome = link.run(rejoin(remote, wait)).result()
    except BaseException:
        if own:
            link.stop()
        raise
    match = RemoteMatch(remote, link, wake)
    who = "watching" if welcome.seat is None else f"you are {seat_name(welcome.seat)}"
    scene = RemoteScene(
        app,
        match,
        app.layout(match.game),
        where or f"joined {host}:{port} ({who})",
        on_close or (link.stop if own else None),
    )
    app.scene = scene
    pygame.display.set_caption(f"{match.title} at {host}:{port} \u2014 shrinetable")
    return scene


def open_hosted(
    app,
    seam,
    bind: str = "0.0.0.0",
    port: int = DEFAULT_PORT,
    code=None,
    names=None,
    tokens=None,
    say=print,
    computer_after: float | None = None,
    commands: Callable | None = None,
) -> RemoteScene:
    """Host `seam`'s game from this window: the server runs in the network's
    thread and the window joins it like any table, at the person's seat (one
    at most; none: it watches). OSError when the port cannot be listened on."""
    people = [i for i, k in enumerate(seam.kinds) if k == "human"]
    if len(people) > 1:
        raise ValueError(
            "one person plays at the host's window; the others join from "
            "their own computers (on this one too: `shrinetable join`)"
        )
    link = Link()
    host = Host(seam, code, names, tokens, pace=app.ai_delay, minor_pace=app.minor_delay, say=say)
    try:
        link.run(host.start(bind, port)).result(10)
    except BaseException:
        link.stop()
        raise
    if computer_after is not None:
        link.run(host.hand_over_after(computer_after))
    if commands is not None:  # the host's commands typed at its terminal
        commands(host, link.loop)
    address = f"{lan_address() if bind in ('0.0.0.0', '') else bind}:{host.port}"
    say(f"address: {address}")
    say(f"code: {host.invite}")
    say(f"join with: shrinetable join {address} --code {host.invite}")

    def stop() -> None:
        link.run(host.stop()).result(10)
        link.stop()

    def hand_over(seat: int, newcomer: bool) -> None:
        def hand() -> None:
            with contextlib.suppress(Refusal):  # back in the meantime
                (host.open_seat if newcomer else host.hand_to_computer)(seat)

        link.loop.call_soon_threadsafe(hand)

    local = "127.0.0.1" if bind in ("0.0.0.0", "") else bind
    scene = open_joined(
        app,
        local,
        host.port,
        host.code,
        "host",
        watch=not people,
        link=link,
        token=host.local_token(people[0]) if people else None,
        where=f"hosting at {address}, code {host.invite}",
        on_close=stop,
    )
    scene.hand_over = hand_over
    return scene
