"""The one match loop: every driver of a game (the table, `simulate`, `smoke`,
the benchmarks, the demos, a network host) plays it through a `Match`.

A `Match` wraps a `Session` (history, undo, saves) and owns what happens
between moves: whose decision it is, the moves made for a person with nothing
to decide (`Session.forced`; at a hotseat table never before they saw cards
just given to them), the computer's moves (each computer seat sees only its own
observation, `players.player`), secret choices (hidden in the log), the undo
policy (hotseat too), the autosave, the log's entries and whether a move is
minor. It has no pygame in it: messages in, per-seat views and events out.

Messages in:
  - `act(seat, action)`: a person's move (an action, or its notation text);
    `Refused` when it is not that seat's decision, the engine's
    `IllegalAction`/`NotationError` when the move is not legal. `joined`: made
    by the gesture of the seat's move before it (a selection dropped together),
    so that one undo takes back the whole gesture.
  - `pending()` then `step()`: the automatic move now due (a computer's choice
    or a pass made for a person, `Auto`), made when the driver says so (the
    table waits a pace first: `minor(auto, seat)` says which); `run()` makes
    them until a person must decide or the game ends. A window asks with
    `ask_pending()` instead: a computer's choice is worked out on a thread of
    the match's own, so the window keeps drawing while the computer thinks
    (the hard one looks ahead for up to half a second).
  - `undo(seat)`, `redo()`, and the `auto_pass` setting.
Out:
  - `view(seat)`: one seat's view (None: the public one), computed at most once
    per seat per change; `moves()`: the deciding seat's legal moves with their
    gestures; `refusal(...)`: why a drop did nothing, in the engine's words.
  - `history` (`Applied` moves with their events; `Event.seen_by(seat)` is
    what a seat may see of each), `entries(applied, seat)` (the log's entries),
    `tallies(seat)` (each headline number the last change moved).
  - `watchers`: callables told `(kind, moves)` after every change, kind being
    "move", "undo" or "redo" (what a host sends to its remote seats).
  - for the person deciding: `hint(seat)` (the computer's move from that seat's
    view), `summary(seat)` (the log since its last move), `skip_warning(action)`
    (the question before a skip that cannot be taken back).
"""

from __future__ import annotations

import random
import threading
import time
from collections.abc import Callable
from concurrent.futures import Future
from pathlib import Path
from typing import Any

from shrinetable.engine import (
    Decision,
    Decor,
    Entry,
    Event,
    GameBase,
    IllegalAction,
    NotationError,
    Outcome,
    Player,
    View,
)
from shrinetable.players import player

from . import gestures, log, refusal, storage
from .port import Answer, Auto, Change, Played, Powers, Refusal, last_chosen
from .session import Applied, Session

# what the table says when it made a person's only move for them
AUTO = "nothing to decide, moved on"
QUICK_S = 0.01  # a computer's choice known this soon is the window's at once (no frame lost)


class Refused(ValueError):
    """A message the match does not take (not that seat's decision, the game over)."""


def tally_changes(before: Decor, after: Decor) -> dict[str, int]:
    """How much each seat zone's headline number (`Hud.tally`) changed in a move."""
    out = {}
    for zone, hud in after.huds.items():
        old = before.huds.get(zone)
        if (
            hud.tally is not None
            and old is not None
            and old.tally is not None
            and hud.tally != old.tally
        ):
            out[zone] = hud.tally - old.tally
    return out


def auto_said(game: GameBase, applied: Applied, viewer: int) -> str:
    """What the table says of a move it made for a person: their only move
    (`AUTO`), or, to that person, the one it chose among moves none of which
    could matter (`Applied.picked_in`) or the one their standing answer gave
    (`Applied.standing`), named as its button names it. Another seat hears
    only `AUTO`: that there were other moves could tell of a hand."""
    if applied.seat != viewer:
        return AUTO
    if standing := game.standing_of(applied.standing):
        move = game.present.describe(applied.text, standing.kind)
        return (
            f"the table answered \u201c{move}\u201d for you, as your standing answer "
            f"\u201c{standing.label}\u201d says (switch it off to be asked)"
        )
    if not applied.picked_in:
        return AUTO
    move = game.present.describe(applied.text, applied.picked_in)
    return f"the table chose \u201c{move}\u201d for you, as no other move could matter"


def standing_entry(game: GameBase, applied: Applied, viewer: int | None) -> Entry | None:
    """The log's line, to the seat whose standing answer made `applied` only,
    saying that the table answered for it (the move's own line says what) and
    by which switch."""
    standing = game.standing_of(applied.standing) if applied.seat == viewer else None
    if standing is None:
        return None
    who = f"P{applied.seat + 1}"
    words = (
        f"The table answered for {who} by {who}'s standing answer \u201c{standing.label}\u201d "
        f"(switch it off in the side panel to be asked)"
    )
    return Entry(None, "standing", words, visible_to=(applied.seat,))


_UNSET = object()


class Match:
    """A game in play, driven by messages (see the module's docstring).
    `players`: a computer player per seat (default: the game's own AI);
    `rng`: one random source for all of them (default: one seeded by the
    position, so a replay agrees); `autosave`: keep the game after each change;
    `wake`: called (from the thinking thread) when a computer's choice the
    window asked for is ready."""

    def __init__(
        self,
        session: Session,
        players: list[Player | None] | None = None,
        rng: random.Random | None = None,
        autosave: bool = False,
        wake: Callable[[], None] = lambda: None,
    ):
        self.session = session
        self.wake = wake
        self.game = session.game
        self.present = session.game.present
        self._players = players or [None] * len(session.seats)
        self._rng = rng
        self.autosave = autosave
        self.save_problem = ""  # why the last autosave failed ('' when it did not)
        self.watchers: list[Callable[[str, list[Applied]], None]] = []
        self._views: dict[int | None, View] = {}
        self._before: dict[int | None, View] = {}  # the views before the last change
        self._prior: Any = None  # the state before it
        self._moves: list[gestures.Move] | None = None
        self._pending: Any = _UNSET
        self._pending_key: tuple[Any, ...] = ()
        self._result: tuple[Any, list[Any]] | None = None  # the pending move applied, not kept
        self._after: dict[int | None, View] = {}  # views of that result
        self._thinking: tuple[tuple[Any, ...], Future[Auto]] | None = None  # for that key
        self._changes = 0  # how many changes were made (a choice answers one position)

    # -- what the drivers read -------------------------------------------------
    @property
    def name(self) -> str:
        return self.game.name

    @property
    def title(self) -> str:
        return self.game.title

    @property
    def passes(self) -> bool:
        """Whether the game has a pass the match may make for a person (`auto_pass`)."""
        return bool(self.game.auto_pass)

    def hand(self, seat: int) -> str:
        """The zone holding `seat`'s hand (the game says which)."""
        return self.game.hand_zone(seat)

    @property
    def seats(self) -> list[str]:
        """Who plays each seat ("human" or "computer"), as the session has it."""
        return list(self.session.seats)

    @property
    def history(self) -> list[Applied]:
        return self.session.history

    @property
    def auto_pass(self) -> bool:
        return self.session.auto_pass

    @auto_pass.setter
    def auto_pass(self, on: bool) -> None:
        self.session.auto_pass = on

    def decision(self) -> Decision | None:
        return self.session.decision()

    def outcome(self) -> Outcome | None:
        return self.game.outcome(self.session.state)

    def turn_number(self) -> int:
        return self.game.turn_number(self.session.state)

    def humans(self) -> list[int]:
        return self.session.humans()

    def view(self, seat: int | None) -> View:
        """What `seat` sees now (None: what every seat may see)."""
        if seat not in self._views:
            self._views[seat] = self.game.view(self.session.state, seat)
        return self._views[seat]

    def moves(self) -> list[gestures.Move]:
        """The deciding seat's legal moves and their gestures ([] when over)."""
        if self._moves is None:
            self._moves = gestures.moves(self.game, self.session.state)
        return self._moves

    def refusal(
        self, seat: int, held: tuple[str, ...], source: str, zone: str | None, card: str | None
    ) -> str:
        """Why dropping `held` from `source` on `zone` (on `card`) made no move."""
        return refusal.explain(self.game, self.session.state, seat, held, source, zone, card)

    def can_undo(self, seat: int | None = None) -> bool:
        return self.session.can_undo(seat)

    def can_redo(self) -> bool:
        return self.session.can_redo()

    def quick_pass(self) -> Any | None:
        """The pass another person at this table may make without taking the
        device, in decisions where the game asks first (`Presentation.asks`): an
        answer needs their hand, passing does not. Asking first spares a handover
        there and back after nearly every action (about six a turn in one game,
        measured over seeded hotseat games)."""
        d = self.decision()
        if d is None or d.kind not in self.present.asks or self.seats[d.seat] != "human":
            return None
        return next((m.action for m in self.moves() if m.text in self.game.auto_pass), None)

    # -- help for the person deciding (the table's Hint, summary and confirmations)
    def hint(self, seat: int) -> gestures.Move | None:
        """The move the computer would make for `seat` now, as one of `moves()`
        (so the table can point at its cards), chosen by the game's computer
        player through `seat`'s own observation only (`players.player`); the same
        hint each time it is asked in one position. None when `seat` does not decide."""
        d = self.decision()
        if d is None or d.seat != seat:
            return None
        rng = random.Random(f"hint:{self.session.seed}:{len(self.history)}")
        text = self.session.computer_action(player(self.game, "ai"), rng).text
        return next((m for m in self.moves() if m.text == text), None)

    def ask_hint(self, seat: int) -> Answer[gestures.Move | None]:
        """`hint`, as the table asks it (`MatchPort`): known at once here."""
        return Answer.now(self.hint(seat))

    def ask_why(
        self, seat: int, held: tuple[str, ...], source: str, zone: str | None, card: str | None
    ) -> Answer[str]:
        """`refusal`, as the table asks it (`MatchPort`): known at once here."""
        return Answer.now(self.refusal(seat, held, source, zone, card))

    def summary(self, seat: int) -> list[str]:
        """What happened since `seat` last chose a move: the plain log lines of
        the moves after it, as `seat`'s log shows them (its own hidden cards
        named, nobody else's), for the table's "what happened" panel. The whole
        log when `seat` has not chosen a move yet."""
        return log.lines(self, seat, last_chosen(self.history, seat))

    def skip_warning(self, action: Any) -> str:
        """The question to ask before the deciding seat makes `action` (an action
        or its notation), when it gives up something that cannot be taken back
        while a useful move is left (the game's `skip_warning`: ending a turn
        with playable cards, giving up a Hero, proposing nothing); '' when the
        move needs no confirmation."""
        if self.decision() is None:
            return ""
        if isinstance(action, str):
            action = self.game.parse_action(action)
        return self.game.skip_warning(self.session.state, action)

    # -- what a table may do with it (`MatchPort`) ------------------------------------
    @property
    def powers(self) -> Powers:
        """A game played here: the table saves, loads, redoes, switches the
        automatic pass and starts it again."""
        return Powers(save=True, load=True, redo=True, auto_pass=True, again=True)

    def play(self, seat: int, action: Any, joined: bool = False) -> Played:
        """`act` as the table sends it: the move made, or why not (the turn, the
        notation, or the rules' reason and rule for a move not among the legal ones)."""
        try:
            if isinstance(action, str):
                action = self.game.parse_action(action)
            d = self.decision()
            if (
                d is not None
                and d.seat == seat
                and all(m.text != action.text for m in self.moves())
            ):
                self.game.apply(self.session.state, action)  # the engine says why not
                return Refusal(f"{action.text!r} is not among the legal moves now")
            return self.act(seat, action, joined)
        except Refused as e:
            return Refusal(str(e))
        except NotationError as e:
            return Refusal(f"not a move: {e}")
        except IllegalAction as e:
            return Refusal(e.reason, e.ruling)

    def switch_auto_pass(self) -> None:
        self.auto_pass = not self.auto_pass

    def stands(self, seat: int, key: str) -> bool:
        return self.session.stands(seat, key)

    def set_standing(self, seat: int, key: str, on: bool) -> None:
        """`seat`'s standing answer `key` switched (the pending move is chosen again)."""
        self.session.set_standing(seat, key, on)

    def poll(self) -> list[Change]:
        """Nothing comes from elsewhere: a match played here changes only by
        the messages its table sends."""
        return []

    def keep(self) -> str:
        """The autosave (`storage.autosave`): '' or where the game went instead."""
        try:
            return storage.autosave(self.session)
        except OSError as e:
            return f"Autosave failed: {e.strerror or e}. Save with Ctrl+S to keep this game."

    def save(self, folder: Path) -> Path:
        """Save by hand in `folder`, named by the game, the seed and the time."""
        stamp = time.strftime("%Y%m%d-%H%M%S")
        return storage.save_as(
            self.session, folder / f"{self.name}-{self.session.seed}-{stamp}.json"
        )

    def again(self, seed: int) -> Session:
        return self.session.again(seed)

    # -- moves -------------------------------------------------------------------
    def act(self, seat: int, action: Any, joined: bool = False) -> Applied:
        """A person's move for `seat` (an action or its notation): it forgets
        anything undone. `joined`: made by the gesture of `seat`'s move just
        before it (`Applied.joined`), undone with it."""
        d = self.decision()
        if d is None:
            raise Refused("The game is over.")
        if d.seat != seat:
            raise Refused(f"Wait: it is P{d.seat + 1}'s decision ({d.prompt}).")
        if isinstance(action, str):
            action = self.game.parse_action(action)
        prior = self.session.state
        done = self.session.play(action, joined)
        self._changed("move", [done], prior)
        return done

    def pending(self) -> Auto | None:
        """The move the match makes by itself now, if any: the pass made when it
        is the only sensible move (see `Session.forced`; for a person only with
        the automatic pass on), else a computer seat's choice. Chosen once
        per position and seating (a seat handed to the computer, the automatic
        pass switched, choose again)."""
        return self.ask_pending(None).value()

    def ask_pending(self, wait: float | None = QUICK_S) -> Answer[Auto | None]:
        """`pending`, as a window asks it: a computer's choice is worked out on a
        thread of its own, waited for up to `wait` seconds; when it takes longer
        the answer comes later (and `wake` is called). `wait` None: worked out
        here (or waited for, when a thread already works on it). One choice per
        position and seating: asked again, the same one."""
        key = (
            self._changes,
            tuple(self.seats),
            self.auto_pass,
            frozenset(self.session.standing_off),
        )
        if self._pending is not _UNSET and key == self._pending_key:
            return Answer.now(self._pending)
        thinking = self._thinking if self._thinking and self._thinking[0] == key else None
        if thinking is None:
            due = self._next_auto()
            if callable(due) and wait is not None:
                thinking = self._thinking = (key, _think(due, self.wake))
            else:
                self._known(key, due() if callable(due) else due)
                return Answer.now(self._pending)
        future = thinking[1]
        try:
            future.result(wait)  # a quick choice costs the window no frame
        except TimeoutError:
            answer: Answer[Auto | None] = Answer(None)
            future.add_done_callback(lambda f: answer.give(None if f.exception() else f.result()))
            return answer
        self._thinking = None
        self._known(key, future.result())  # a computer's error is raised here
        return Answer.now(self._pending)

    def _known(self, key: tuple[Any, ...], auto: Auto | None) -> None:
        self._pending, self._pending_key, self._result, self._after = auto, key, None, {}

    def _next_auto(self) -> Auto | None | Callable[[], Auto]:
        """The move due now, or how to work out a computer's choice."""
        d = self.decision()
        if d is None:
            return None
        forced = self.session.forced_move()
        person = self.seats[d.seat] == "human"
        if forced is not None and not (person and len(self.humans()) > 1 and self._unseen(d.seat)):
            return Auto(d.seat, forced[0], True, forced[1])
        if person:
            return None
        choose = self.session.computer_move(self._players[d.seat], self._rng)
        return lambda: Auto(d.seat, choose(), False)

    def _unseen(self, seat: int) -> bool:
        """Whether `seat` was given cards only it may see (a draw) since, or in,
        the last move it chose: at a hotseat table the person decides the next
        move themselves then, so no pass made for them hands the device on
        before they saw what they drew."""
        for a in reversed(self.history):
            if any(e.cards and e.visible_to is not None and seat in e.visible_to for e in a.events):
                return True
            if a.seat == seat and not a.auto:
                return False
        return False

    def _applied(self) -> tuple[Any, list[Any]]:
        """The pending move applied to the position: once, whether it is judged
        (`minor`) before it is made or only made."""
        if self._result is None:
            auto = self.pending()
            assert auto is not None  # asked only with a move pending
            self._result = self.game.apply(self.session.state, auto.action)
        return self._result

    def minor(self, auto: Auto, seat: int | None) -> bool:
        """Whether the pending move may go at animation speed for `seat`'s
        table: minor for the game (`Presentation.is_minor`, from its events),
        and changing no seat's headline number as `seat` sees it. Pausing on
        every tap and pass made one game's turn playing one creature take 12-13 s."""
        new, events = self._applied()
        if not self.present.is_minor(auto.action.text, events):
            return False
        if seat not in self._after:
            self._after[seat] = self.game.view(new, seat)
        return not tally_changes(
            self.present.decor(self.view(seat)), self.present.decor(self._after[seat])
        )

    def step(self) -> Applied:
        """Make the pending move (Refused when a person must decide)."""
        auto = self.pending()
        if auto is None:
            raise Refused("No move is due: a person decides, or the game is over.")
        new, events = self._applied()
        d = self.decision()
        secret = d is not None and d.secret
        if not auto.forced:  # a computer's fresh move forgets what was undone
            self.session.redo_stack.clear()
        prior = self.session.state
        picked = (  # a person's move the table chose among others (`Applied.picked_in`)
            auto.forced
            and not auto.standing  # theirs, given in advance (`Applied.standing`)
            and self.seats[auto.seat] == "human"
            and len(self.game.legal_actions(self.session.state)) > 1
        )
        done = self.session.commit(
            Applied(
                auto.seat,
                auto.action.text,
                tuple(events),
                auto.forced,
                secret,
                picked_in=d.kind if picked and d is not None else "",
                standing=auto.standing,
            ),
            new,
        )
        after = self._after
        self._changed("move", [done], prior)
        self._views.update(after)  # already seen: the same position
        return done

    def run(self, stop: Callable[[], bool] | None = None) -> int:
        """Make the automatic moves until a person must decide, the game ends
        or `stop()` says so; how many were made."""
        n = 0
        while self.pending() is not None and not (stop and stop()):
            self.step()
            n += 1
        return n

    def undo(self, seat: int | None = None) -> bool:
        """Take back `seat`'s last move, with the moves its gesture made after it
        (see `Session.can_undo`)."""
        prior = self.session.state
        if not self.session.undo(seat):
            return False
        self._changed("undo", [], prior)
        return True

    def redo(self) -> list[Applied]:
        prior = self.session.state
        done = self.session.redo()
        if done:
            self._changed("redo", done, prior)
        return done

    def _changed(self, kind: str, done: list[Applied], prior: Any) -> None:
        self._changes += 1
        self._before, self._views, self._prior = self._views, {}, prior
        self._moves, self._pending, self._result, self._after = None, _UNSET, None, {}
        if self.autosave:
            try:
                self.save_problem = storage.autosave(self.session)  # '' or where it went
            except OSError as e:
                self.save_problem = f"Autosave failed: {e}"
        for watch in self.watchers:
            watch(kind, done)

    # -- words -------------------------------------------------------------------
    def tallies(self, seat: int | None) -> dict[str, int]:
        """The headline numbers (by zone) the last change moved, as `seat` sees
        them ({} before the first)."""
        if self._prior is None:
            return {}
        before = self._before.get(seat) or self.game.view(self._prior, seat)
        return tally_changes(self.present.decor(before), self.present.decor(self.view(seat)))

    def events(self, applied: Applied) -> tuple[Any, ...]:
        """A move's events (a loaded game's moves before its last checkpoint
        get theirs back when first asked: `Session.events`)."""
        return self.session.events(applied)

    def entries(self, applied: Applied, viewer: int | None, own: bool | None = None) -> list[Entry]:
        """The log's entries for a move as `viewer` may know it: its own words
        (`Presentation.move_entry`) unless one of its events names its seat
        first, then an entry per event the game says, as the viewer may see it
        (`Presentation.entry`). A private event the viewer may see names its
        cards (the card a Jack took from them, the cards they drew) on a screen
        of its own (`own`; by default `_own_screen`); in hotseat the log is
        shared, so it never does. A secret
        move says only what everybody may see (with nothing to say: that a
        choice was made). Each carries the move's notation as `cause`, unless
        the move is secret or its notation names a card the viewer may not see."""
        present = self.present
        secret = applied.secret
        events = self.events(applied)
        stood = [] if (e := standing_entry(self.game, applied, viewer)) is None else [e]
        if secret:
            cause = applied.text if viewer == applied.seat else ""
            out = [present.entry(e.seen_by(viewer)) for e in events if e.visible_to is None]
            said = [e for e in out if e is not None]
            return (said or [present.secret_entry(applied.seat, cause)]) + stood
        cause = "" if _hides(events, applied.text, viewer) else applied.text
        private = self._own_screen(viewer) if own is None else own and viewer is not None
        made = [present.entry(e.seen_by(viewer), private, cause) for e in events]
        entries = [e for e in made if e is not None]
        if not any(e.seat == applied.seat for e in entries):
            entries.insert(0, present.move_entry(applied.seat, applied.text, cause))
        return entries + stood

    def _own_screen(self, viewer: int | None) -> bool:
        """Whether `viewer`'s log is read by that seat alone here: a
        computer's, a person's unless several people share this table (hotseat)."""
        if viewer is None:
            return False
        return self.seats[viewer] != "human" or len(self.humans()) == 1

    def said(self, applied: Applied, viewer: int | None) -> list[str]:
        """A move's entries as plain sentences ("P2 draws a card")."""
        return [self.present.sentence(e) for e in self.entries(applied, viewer)]


def _think(choose: Callable[[], Auto], wake: Callable[[], None]) -> Future[Auto]:
    """`choose()` worked out on a thread of its own; `wake()` once it is."""
    future: Future[Auto] = Future()

    def run() -> None:
        try:
            future.set_result(choose())
        except BaseException as e:  # given to whoever asks (`ask_pending`)
            future.set_exception(e)
        wake()

    threading.Thread(target=run, name="computer", daemon=True).start()
    return future


def _hides(events: tuple[Event, ...], text: str, viewer: int | None) -> bool:
    """Whether a move's notation `text` names a card its events hide from the
    viewer ("play pitfall-snare#31 a4": a trap set face down)."""
    hidden = {
        c
        for e in events
        if e.visible_to is not None and viewer not in e.visible_to
        for c in e.cards
    }
    return bool(hidden) and not hidden.isdisjoint(text.split())
