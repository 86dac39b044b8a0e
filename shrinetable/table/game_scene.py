"""The game scene: the table for one match, its panels, and every gesture.

Input becomes messages to the match (`adapter.match.Match`: a move, undo, the
automatic moves when their pace is up) and what is drawn comes only from the
match's view for the viewer. Redraws happen when something changed:
the table is cached as a base surface, and while cards are dragged only the
rectangles they cross are repainted.
"""

from __future__ import annotations

import re
import time

import pygame
import pygame_gui

from shrinetable.adapter import gestures, storage
from shrinetable.adapter.match import AUTO, Match
from shrinetable.adapter.session import Applied
from shrinetable.engine import Chip, View
from shrinetable.formats.layout import Layout
from shrinetable.formats.save import SaveError

from . import geometry as geo
from . import hud
from .board import LAST, Board, Marks
from .motion import TALLY_FLY, Drag, Flyer, Press, far, group_offsets
from .panels import GamePanels, Widgets
from .seats import seat_colour, seat_name
from .words import log_line
from .zoom import Zoom

HOVER = (255, 250, 200)  # outline of the legal target under dragged cards
ANSWER = (240, 110, 200)  # the frame round a decision taken out of one's turn
# how long answer buttons ignore clicks after another seat's move brought them:
# a click aimed at the buttons that stood there a moment before is not an answer
GUARD_S = 0.25
LEGEND = Chip("Orange outline: changed by the last move", LAST)


class GameScene(GamePanels, Zoom):
    def __init__(self, app, match: Match, layout: Layout):
        self.app = app
        self.match = match
        app.art.use(match.present)
        self.session = match.session   # what the App keeps and the menu saves
        self.layout = layout
        self.board = Board(layout, app.art, app.fonts)
        self.board.hands = {match.hand(q) for q in range(len(match.seats))}
        humans = match.humans()
        self.viewer: int = humans[0] if humans else 0
        self.marks = Marks()
        self.moves: list[gestures.Move] = []
        self.press: Press | None = None
        self.drag: Drag | None = None
        self.flyers: list[Flyer] = []
        self.drop_from: tuple[str, pygame.Rect] | None = None  # (zone, rect) of a drop
        self.message = ""
        self.message_is_error = True
        self.legend_at: tuple[int, int] | None = None   # where the outline is explained
        self.shout = False   # the message is shown whole over the table too, until a click
        self.overlay: str | None = None   # menu|rules|choice|load|gameover|handover
        self.choices: list[gestures.Move] = []
        self.proposal: gestures.Move | None = None   # the choice the game proposes
        self.ai_due: float | None = None
        self.ai_move = None   # the match's automatic move (`Auto`), made at ai_due
        self.guard_until = 0.0   # action buttons ignore clicks until then (GUARD_S)
        self.ui = Widgets()
        self.notation = False   # the log shows each move's notation too (Ctrl+N)
        self.log_html = [self._log_line(a) for a in match.history]
        self.base: pygame.Surface | None = None
        self.composite: pygame.Surface | None = None
        self.base_dirty = True
        self.dirty = True
        self.partial: list[pygame.Rect] = []
        self.board.set_size(app.screen.get_size())
        self._after_change(build=True)

    # -- state ---------------------------------------------------------------
    def view(self) -> View:
        return self.match.view(self.viewer)

    def _log_line(self, applied: Applied) -> str:
        return log_line(applied.seat, applied.text, self.match.said(applied, self.viewer),
                        applied.secret, self.notation)

    def _my_decision(self) -> bool:
        d = self.match.decision()
        return (d is not None and d.seat == self.viewer
                and self.match.seats[d.seat] == "human" and self.overlay is None)

    def _after_change(self, build: bool = True) -> None:
        """Recompute everything that follows from a new state."""
        m = self.match
        d = m.decision()
        running = self.ai_move is not None   # the widgets show an automatic move
        self.ai_due = None
        self.ai_move = auto = m.pending()
        minor = False
        if d is None:
            self.overlay = "gameover"
        elif auto is not None:
            if self.overlay == "ask":   # a question answered: the next move needs no one
                self.overlay = None
            minor = m.minor(auto, self.viewer)
            self.ai_due = time.monotonic() + (
                self.app.minor_delay if minor else self.app.ai_delay)
        elif d.seat != self.viewer and m.quick_pass() is not None:
            self.overlay = "ask"
        elif d.seat != self.viewer:
            self.overlay = "handover"
            self.flyers = []  # nothing of the last seat's table crosses the handover screen
            self.marks.arriving = set()
        elif self.overlay in ("gameover", "handover", "ask"):
            self.overlay = None
        self.moves = m.moves() if self._my_decision() else []
        self.marks.playable = gestures.playable(self.moves)
        self.marks.selected = {}
        # Rebuilding the widgets (~60 ms, mostly the log's text) after every tap
        # and pass would cost more than the minor moves' pace: while the computer
        # runs through them, only the table is redrawn, and the panel catches up
        # when a move worth watching is due or a person decides. The first move
        # after a person's always rebuilds: their buttons must not stay standing.
        if build and not (minor and running):
            self.build_ui()
        self.base_dirty = self.dirty = True

    def out_of_turn(self) -> bool:
        """Whether the viewer is answering another seat's move (the table frames
        the buttons then, so an answer never looks like one's own turn)."""
        if not self._my_decision():
            return False
        turn = self.match.present.decor(self.view()).turn
        return turn is not None and turn != self.match.decision().seat

    def perform(self, action) -> None:
        """A person's move for the deciding seat, then log and animate."""
        self._made(self.match.act(self.match.decision().seat, action))

    def _made(self, applied: Applied) -> None:
        self._record(applied)
        if applied.auto and self.match.seats[applied.seat] == "human":
            self.message, self.message_is_error = f"{seat_name(applied.seat)}: {AUTO}", False
        self._after_change()
        if self.ui.actions and (applied.seat != self.viewer or applied.auto):
            self.guard_until = time.monotonic() + GUARD_S   # buttons brought by another's move

    def _record(self, applied: Applied, animate: bool = True) -> None:
        text = "secret" if applied.secret else applied.text
        self.app.emit(f"action {seat_name(applied.seat).lower()} {text}")
        self.log_html.append(self._log_line(applied))
        self.message = self.match.save_problem
        touched = {z for e in applied.events for z in (e.source, e.target) if z}
        self.marks.last = touched & set(self.view().zones)
        if animate:
            self._launch_flyers(applied)

    def _launch_flyers(self, applied: Applied) -> None:
        view = self.view()
        self.board.lay_out(view, self.viewer, self.marks)
        now = time.monotonic()
        n = 0
        for event in applied.events:
            ev = event.seen_by(self.viewer)
            if not ev.cards or ev.source not in self.board.zones \
                    or ev.target not in self.board.zones:
                continue
            size = self.board.card_size(ev.target)
            rot = self.board.rotation(ev.target)
            for card in ev.cards[:4]:
                end = next((p.rect for p in self.board.placed
                            if p.zone == ev.target and p.name == card and card), None)
                if end is None:
                    end = pygame.Rect((0, 0), geo.footprint(size, rot))
                    end.center = self.board.zones[ev.target].center
                start = end.copy()
                start.center = self.board.zones[ev.source].center
                if self.drop_from and self.drop_from[0] == ev.source:
                    start.center = self.drop_from[1].center
                image = self.app.art.card(card, size, rot, ev.target.partition(":")[0]
                                          in self.match.present.plain_in)
                lands = (ev.target, card) if card else None
                self.flyers.append(Flyer(image, start, end, now + 0.1 * n, lands=lands))
                n += 1
        self.drop_from = None
        self._launch_tallies(applied, now)
        self._arriving()

    def _launch_tallies(self, applied: Applied, now: float) -> None:
        """A seat's headline number the move changed (damage, points won) flies
        into its zone as "-3" from where the move happened (the first zone its
        events name, else the middle of the table), and the zone is outlined
        like the others the move touched."""
        zones = self.board.zones
        origin = next((z for e in applied.events for z in (e.source, e.target)
                       if z in zones and z not in self.board.decor.huds), None)
        start = zones[origin].center if origin else self.board.scaler.rect(
            (0, 0, *self.board.scaler.canvas)).center
        for zone, delta in self.match.tallies(self.viewer).items():
            if zone not in zones:
                continue
            image = hud.tally(self.app.fonts, delta, max(14, round(zones[zone].h * 0.6)))
            self.flyers.append(Flyer(image, image.get_rect(center=start),
                                     image.get_rect(center=zones[zone].center), now,
                                     TALLY_FLY))
            self.marks.last.add(zone)

    def _arriving(self) -> None:
        arriving = {f.lands for f in self.flyers if f.lands}
        if arriving != self.marks.arriving:
            self.marks.arriving = arriving
            self.base_dirty = True

    # -- commands --------------------------------------------------------------
    def command(self, cmd: str) -> None:
        if cmd == "menu":
            self._open("menu")
        elif cmd == "rules":
            self._open("rules")
        elif cmd == "close":
            self.drop_from = None
            self._open(None)
        elif cmd.startswith("speed "):   # the menu's pace buttons: the menu stays open
            self.app.set_speed(cmd.partition(" ")[2])
            self.build_ui()
        elif cmd in ("notation", "auto_pass"):   # the menu's switches (Ctrl+N, Ctrl+P)
            getattr(self, f"toggle_{cmd}")()
        elif cmd == "undo":
            self.undo()
        elif cmd == "redo":
            self.redo()
        elif cmd == "save":
            self.save()
        elif cmd == "load":
            self._open("load")
        elif cmd == "fullscreen":
            self.app.toggle_fullscreen()
        elif cmd == "newgame":
            self.app.show_start()
        elif cmd == "again":
            self.app.start_game(self.session.again(self.app.new_seed()))
        elif cmd == "quit":
            self.app.quit()   # asks first while the game is on
        elif cmd == "handover":  # the other person answers: hide the table first
            self.overlay = "handover"
            self.flyers = []
            self.marks.arriving = set()
            self.build_ui()
            self.base_dirty = self.dirty = True
        elif cmd == "takeover":
            self.viewer = self.match.decision().seat
            self.overlay = None
            self._after_change()
            if self.match.history:   # the handover hid it: show the last move land
                self._launch_flyers(self.match.history[-1])

    def _open(self, overlay: str | None) -> None:
        if self.overlay in ("gameover", "handover", "ask") and overlay is None:
            self._after_change()
            return
        self.overlay = overlay
        self.moves = self.match.moves() if self._my_decision() else []
        self.build_ui()
        self.base_dirty = self.dirty = True

    def _busy(self) -> bool:
        """A window over the table (menu, rules, a choice, a handover) holds the
        game still: undo and redo wait until it is closed."""
        return self.overlay not in (None, "gameover")

    def undo(self) -> None:
        """Take back the viewer's last move. The handover screen and the
        question to the other person still belong to the one who just moved, so
        a misclick is undone there too, before the next person acts."""
        if self.overlay not in (None, "gameover", "handover", "ask"):
            return
        if self.match.undo(self.viewer):
            self.app.emit("undo")
            self.log_html = [self._log_line(a) for a in self.match.history]
            self.marks.last = set()
            self.overlay = None
            self._after_change()
        else:
            self.say("Nothing to undo: undo takes back your own moves (in hotseat, your last "
                     "one, before the next person moves).")

    def redo(self) -> None:
        if self._busy():
            return
        done = self.match.redo()
        for applied in done:
            self._record(applied, animate=False)
        if done:
            self._after_change()

    def save(self) -> None:
        stamp = time.strftime("%Y%m%d-%H%M%S")
        name = f"{self.match.name}-{self.session.seed}-{stamp}.json"
        try:
            path = storage.save_as(self.session, storage.saves_dir() / name)
        except OSError as e:
            self.say(f"Could not save: {e}")
            return
        self.say(f"Saved as {path.name} in {path.parent}", error=False)

    def load(self, path: str) -> None:
        try:
            session = storage.load(path)
        except SaveError as e:
            self._open(None)
            self.say(str(e))
            return
        self.app.start_game(session)

    def say(self, text: str, error: bool = True) -> None:
        self.message, self.message_is_error = text, error
        self.shout = error
        self.build_ui()
        self.base_dirty = self.dirty = True

    # -- input ---------------------------------------------------------------
    def handle(self, event: pygame.event.Event, consumed: bool) -> None:
        t = event.type
        if t == pygame_gui.UI_BUTTON_PRESSED:
            if event.ui_element in self.ui.actions:
                if time.monotonic() < self.guard_until:
                    return   # meant for the buttons that stood there a moment ago
                action = self.ui.actions[event.ui_element]
                self.overlay = None if self.overlay == "choice" else self.overlay
                self.perform(action)
            elif event.ui_element in self.ui.commands:
                self.command(self.ui.commands[event.ui_element])
            return
        if t == pygame_gui.UI_FILE_DIALOG_PATH_PICKED:
            self.load(event.text)
            return
        if t == pygame_gui.UI_WINDOW_CLOSE and event.ui_element is self.ui.window:
            self.ui.window = None
            if self.overlay in ("menu", "rules", "choice", "load"):
                self._open(None)
            elif self.overlay == "ask":  # the question stands until it is answered
                self.build_ui()
            return
        if t == pygame.KEYDOWN:
            self._key(event)
            return
        if t == pygame.MOUSEBUTTONDOWN and self.shout:   # read: the next click puts it away
            in_panel = not self.banner_up()   # else the panel never showed it
            self.shout, self.message = False, ""
            if in_panel and not consumed:   # rebuilding under a pressed button loses its click
                self.build_ui()
            self.dirty = True
        if t == pygame.MOUSEBUTTONDOWN and self.zoom_close() and not consumed:
            return   # any click closes the enlarged card; one on the table does only that
        if self.overlay is not None:
            return
        if t == pygame.MOUSEBUTTONDOWN and event.button == 3 and not consumed:
            self.zoom_right_click(event.pos)
        elif t == pygame.MOUSEBUTTONDOWN and event.button == 1 and not consumed:
            card = geo.card_at(self.board.placed, event.pos)
            self.press = Press(event.pos, card, geo.zone_at(self.board.zones, event.pos))
        elif t == pygame.MOUSEMOTION:
            self.zoom_motion(event.pos)
            self._legend(event.pos)
            if self.drag is not None:
                self._move(event.pos)
            elif self.press is not None and far(self.press.pos, event.pos):
                self._start_drag(event.pos)
        elif t == pygame.MOUSEBUTTONUP and event.button == 1:
            if self.drag is not None:
                self._drop(event.pos)
            elif self.press is not None and not consumed:
                self._click(self.press)
            self.press = None

    def _key(self, event) -> None:
        ctrl = event.mod & pygame.KMOD_CTRL
        if event.key == pygame.K_ESCAPE:
            if self.zoom_close():
                pass
            elif self.drag is not None:
                self._cancel_drag()
            elif self.overlay in ("menu", "rules", "choice", "load"):
                self._open(None)
            elif self.overlay is None:
                self._open("menu")
        elif ctrl and event.key == pygame.K_z:
            (self.redo if event.mod & pygame.KMOD_SHIFT else self.undo)()
        elif ctrl and event.key == pygame.K_y:
            self.redo()
        elif ctrl and event.key == pygame.K_n:
            self.toggle_notation()
        elif ctrl and event.key == pygame.K_p:
            self.toggle_auto_pass()
        elif ctrl and event.key == pygame.K_s:
            self.save()
        elif ctrl and event.key == pygame.K_o:
            self.command("load")
        elif event.unicode == "?" and self.overlay in (None, "rules"):
            self._open(None if self.overlay == "rules" else "rules")
        elif event.key in (pygame.K_RETURN, pygame.K_KP_ENTER) and self.overlay == "handover":
            self.command("takeover")
        elif event.key in (pygame.K_RETURN, pygame.K_KP_ENTER) and self.overlay == "choice":
            self.take_proposal()

    def toggle_notation(self) -> None:
        """Show or hide each move's notation in the log (for bug reports)."""
        self.notation = not self.notation
        self.log_html = [self._log_line(a) for a in self.match.history]
        self.say(f"Notation in the log {'shown' if self.notation else 'hidden'} (Ctrl+N).",
                 error=False)

    def toggle_auto_pass(self) -> None:
        """The table passes for a person whose only legal move is to pass (on
        by default); off, every such pass waits for a click."""
        m = self.match
        m.auto_pass = not m.auto_pass
        self.say(f"Automatic pass when passing is the only move: "
                 f"{'on' if m.auto_pass else 'off'} (Ctrl+P).", error=False)
        self._after_change()

    def _draggable(self, card: geo.Placed) -> bool:
        """The viewer's own cards in the zones the game names (a refused drop is
        explained), and any card a legal move drags (a creature from its site)."""
        kind, _, seat = card.zone.partition(":")
        return (kind in self.match.present.drag_from and seat == str(self.viewer)) \
            or (card.zone, card.name) in self.marks.playable

    def _click(self, press: Press) -> None:
        card = press.card
        on_card = gestures.card_clicks(self.moves, card.zone, card.name) if card else []
        if on_card:  # tap a source, choose a card to sacrifice, top or bottom...
            self._choose(on_card)
            return
        if card is not None and card.name and self._selectable(card):
            sel = set(self.marks.selected.get(card.zone, ()))
            sel ^= {card.index}
            self.marks.selected = {card.zone: frozenset(sel)} if sel else {}
            self.base_dirty = self.dirty = True
            return
        zone = card.zone if card is not None else press.zone
        if zone is None:
            if self.marks.selected:  # a click on the bare table lets go of the selection
                self.marks.selected = {}
                self.base_dirty = self.dirty = True
            return
        found = gestures.clicks(self.moves, zone)
        self._choose(found)

    def _selectable(self, card: geo.Placed) -> bool:
        """Whether a click selects `card` (to drag it with others): any card in
        the viewer's hand, and elsewhere a card that some legal move carries out
        of its zone together with other cards (several Starting cards at once)."""
        return card.zone == self.match.hand(self.viewer) or any(
            len(m.gesture.cards) > 1 and m.gesture.source == card.zone
            and card.name in m.gesture.cards for m in self.moves)

    def _choose(self, found: list[gestures.Move]) -> None:
        """Make the one move found, or ask which. Among moves made by one gesture
        the game may propose one (`gestures.proposal`: a way to pay): it is
        listed first, marked "(proposed)" and selected, and Enter takes it."""
        if len(found) == 1:
            self.perform(found[0].action)
        elif found:
            self.proposal = first = gestures.proposal(found)
            self.choices = [first, *(m for m in found if m is not first)] if first else found
            self._open("choice")

    def take_proposal(self) -> bool:
        """Enter in the choice window: make the proposed move, if there is one."""
        if self.overlay != "choice" or self.proposal is None:
            return False
        move, self.overlay = self.proposal, None
        self.perform(move.action)
        return True

    def _start_drag(self, pos) -> None:
        press = self.press
        view = self.view()
        card = press.card
        if card is not None and card.name and self._draggable(card):
            # the dragged card joins any cards selected beside it (select 9S, drag 9D)
            indices = tuple(sorted(self.marks.selected.get(card.zone, frozenset())
                                   | {card.index}))
            names = view.zones[card.zone].cards
            held = tuple(names[i] for i in indices)
            source = card.zone
            moves = gestures.for_held(self.moves, held, source)
            by_index = {p.index: p for p in self.board.placed if p.zone == source}
            origins = [by_index[i].rect for i in indices]
            images = [self.app.art.card(names[i], self.board.card_size(source),
                                        self.board.rotation(source)) for i in indices]
        elif card is not None and self._pile_moves(press.zone):
            # a card-less gesture (draw, take): drag the pile's top card
            source, held, indices = press.zone, (), ()
            moves = self._pile_moves(source)
            origins = [card.rect]
            images = [self.app.art.card(card.name, self.board.card_size(source))]
        else:
            self.press = None
            return
        offsets = group_offsets(origins, press.pos, card.index if card else None, indices)
        self.drag = Drag(source, held, indices, list(zip(images, offsets, strict=True)),
                         origins, moves, pos)
        self.marks.targets = gestures.targets(moves)
        self.marks.lifted = {(source, i) for i in indices}
        self.base_dirty = self.dirty = True

    def _pile_moves(self, zone: str | None) -> list[gestures.Move]:
        """Card-less moves dragged out of a pile (drawing from a deck)."""
        return [m for m in self.moves if not m.gesture.cards and m.gesture.source == zone
                and m.gesture.target is not None]

    def _move(self, pos) -> None:
        self.drag.pos = pos
        if not self.dirty:
            self.partial.append(self.drag.bounds())

    def _end_drag(self) -> None:
        self.drag = None
        self.marks.targets = set()
        self.marks.lifted = set()
        self.base_dirty = self.dirty = True

    def _cancel_drag(self) -> None:
        drag = self.drag
        now = time.monotonic()
        for (img, (dx, dy)), origin in zip(drag.images, drag.origins, strict=True):
            start = img.get_rect(topleft=(drag.pos[0] + dx, drag.pos[1] + dy))
            self.flyers.append(Flyer(img, start, origin, now, 0.18))
        self._end_drag()

    def _drop(self, pos) -> None:
        drag = self.drag
        lifted = self.marks.lifted
        under = next((p for p in reversed(self.board.placed)
                      if p.rect.collidepoint(pos) and (p.zone, p.index) not in lifted), None)
        zone = under.zone if under is not None else geo.zone_at(self.board.zones, pos)
        found = gestures.at(drag.moves, zone, under.name if under else None)
        if found:
            self.drop_from = (drag.source, drag.bounds())
            self._end_drag()
            self._choose(found)
            return
        self._cancel_drag()
        if zone == drag.source or (not drag.held and zone is None):
            return
        present = self.match.present
        reason = present.pile_hint if not drag.held else self.match.refusal(
            self.viewer, drag.held, drag.source, zone, under.name if under else None)
        self.app.emit(f"refused {reason}")
        self.say(present.readable(reason))

    # -- frame ---------------------------------------------------------------
    def resize(self, size: tuple[int, int]) -> None:
        self.board.set_size(size)
        self.build_ui()
        self.base_dirty = self.dirty = True

    def deadline(self) -> float | None:
        """When this scene next needs to run without input (None: idle)."""
        if self.flyers or self.dirty or self.partial:
            return 0.0
        due = [t for t in (self.ai_due, self.zoom_due()) if t is not None]
        return min(due) if due else None

    def update(self, now: float) -> None:
        self.zoom_update(now)
        if self.ai_due is not None and now >= self.ai_due and self.overlay is None:
            self.ai_due = None
            self._made(self.match.step())
        if self.flyers:
            self.flyers = [f for f in self.flyers if now < f.t0 + f.duration]
            self._arriving()
            self.dirty = True

    def draw(self, screen: pygame.Surface) -> list[pygame.Rect] | None:
        """Paint what changed; returns dirty rectangles, or None after a full frame."""
        if not self.dirty and self.partial and self.drag is not None:
            rects = self._draw_drag_only(screen)
            self.partial = []
            return rects
        self.partial = []
        size = screen.get_size()
        if self.base is None or self.base.get_size() != size:
            self.base = pygame.Surface(size).convert()
            self.composite = pygame.Surface(size).convert()
            self.base_dirty = True
        if self.base_dirty:
            self._draw_base()
            self.base_dirty = False
        self.composite.blit(self.base, (0, 0))
        self.app.manager.draw_ui(self.composite)
        screen.blit(self.composite, (0, 0))
        now = time.monotonic()
        for f in self.flyers:
            if now >= f.t0:
                screen.blit(f.image, f.rect(now))
        if self.drag is not None:
            self._blit_drag(screen)
        if self.message and self.message_is_error and self.overlay is None and self.shout:
            hud.banner(screen, self.app.fonts, self._felt(), self.message,
                       max(13, self.board.scaler.length(17)))
        if self.legend_at is not None and self.drag is None:
            x, y = self.legend_at
            left = x < screen.get_width() // 2   # the side with room for it
            hud.chip(screen, self.app.fonts, LEGEND, max(12, self.board.scaler.length(14)),
                     (x + 14 if left else x - 14, y + 18), "topleft" if left else "topright")
        self.draw_zoom(screen)
        self.dirty = False
        return None

    def _legend(self, pos) -> None:
        """Say what the orange outline means where the pointer rests on a zone it
        marks (away from its cards, which zoom)."""
        zone = geo.zone_at({z: r.inflate(8, 8) for z, r in self.board.zones.items()
                            if z in self.marks.last}, pos)
        at = pos if zone is not None and geo.card_at(self.board.placed, pos) is None else None
        if (at is None) != (self.legend_at is None) or at is not None:
            self.legend_at = at
            self.dirty = True

    def _felt(self) -> pygame.Rect:
        """The table without the panels beside it."""
        s = self.board.scaler
        return s.rect((0, 0, min(r[0] for r in (self.layout.panels.log,
                                                self.layout.panels.buttons)), s.canvas[1]))

    def _notice_html(self) -> str:
        """The panel's notice: a message shown whole on the table (`hud.banner`)
        is named there by its rule only, as the panel has room for a few lines."""
        rule = re.search(r"\(rule: [^)]*\)", self.message)
        if self.message_is_error and self.shout and rule:
            return f"<font color='#ffb0a0'>Refused {rule.group(0)}: see the table.</font>"
        return super()._notice_html()

    def _draw_base(self) -> None:
        names = [f"{seat_name(i)} ({k})" for i, k in enumerate(self.match.seats)]
        if self.overlay == "handover":
            self._draw_handover(self.base)
            self.board.placed, self.board.zones = [], {}
            return
        # While another person is asked for an answer they read this screen: the
        # table shows only what every seat may see (the viewer's hand face down).
        view = self.match.view(None if self.overlay == "ask" else self.viewer)
        self.board.lay_out(view, self.viewer, self.marks)
        self.board.watching = self.match.seats[self.viewer] != "human"
        self.board.draw(self.base, self.marks, names)
        if self.out_of_turn():
            area = self.board.scaler.rect(self.layout.panels.buttons)
            frame = area.inflate(10, 10).clip(self.base.get_rect())
            pygame.draw.rect(self.base, ANSWER, frame, 4, border_radius=6)

    def _draw_handover(self, surf: pygame.Surface) -> None:
        """A screen that hides the table while the device changes hands."""
        surf.fill((18, 40, 32))
        seat = self.match.decision().seat
        w, h = surf.get_size()
        big = self.app.fonts.text(f"Pass to {seat_name(seat)}", max(24, h // 12),
                                  seat_colour(seat), True)
        surf.blit(big, big.get_rect(center=(w // 2, h // 2 - 50)))
        why = self.match.decision().prompt
        small = self.app.fonts.text(f"{seat_name(seat)}: {why[:1].lower()}{why[1:]}. The table "
                                    "is hidden so no one sees another hand.",
                                    max(12, h // 45), (200, 220, 210))
        surf.blit(small, small.get_rect(center=(w // 2, h // 2 - 5)))
        if self.match.can_undo(self.viewer):   # still the one who just moved
            undo = self.app.fonts.text(f"{seat_name(self.viewer)}, a misclick? Ctrl+Z takes "
                                       "your move back.", max(12, h // 45), (255, 214, 160))
            surf.blit(undo, undo.get_rect(center=(w // 2, h // 2 + 100)))

    def _blit_drag(self, screen: pygame.Surface) -> None:
        d = self.drag
        d.hover = self._target_under(d.pos)
        if d.hover is not None:
            pygame.draw.rect(screen, HOVER, d.hover, max(3, self.board.scaler.length(5)),
                             border_radius=max(4, min(d.hover.size) // 12))   # never a pill
        for img, (dx, dy) in d.images:
            screen.blit(img, (d.pos[0] + dx, d.pos[1] + dy))
        d.drawn = d.bounds()

    def _target_under(self, pos) -> pygame.Rect | None:
        """The legal drop target under the pointer, outlined while dragging."""
        targets = self.marks.targets
        for p in reversed(self.board.placed):
            if (p.zone, p.name) in targets and p.rect.collidepoint(pos):
                return p.rect.inflate(12, 12)
        for zone, rect in self.board.zones.items():
            if (zone, None) in targets and rect.collidepoint(pos):
                return rect.inflate(12, 12)
        return None

    def _draw_drag_only(self, screen: pygame.Surface) -> list[pygame.Rect]:
        """The fast path while dragging: restore where the cards were, draw
        them where they are, present only those rectangles. The target outline
        is repainted in full only when the pointer enters or leaves a target."""
        d = self.drag
        old_cards, old_hover = d.drawn, d.hover
        screen.blit(self.composite, old_cards, old_cards)
        if self._target_under(d.pos) != old_hover and old_hover is not None:
            screen.blit(self.composite, old_hover, old_hover)
        self._blit_drag(screen)
        rects = [old_cards.union(d.drawn)]
        if d.hover != old_hover:
            rects += [r for r in (old_hover, d.hover) if r is not None]
        return rects
