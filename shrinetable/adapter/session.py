"""One game being played: seats, history, undo/redo, saves.

A game is a pure function of (seed, options, actions), so the session keeps
the action texts and only a few states: the current one, the start, and a
snapshot every `SNAP` moves over the last `KEEP` snapshots. Going back to an
earlier move (undo) replays from the nearest snapshot at or before it, so a
long game neither holds every state nor pays more per move as it grows (a
500,000-move save loads in linear time and bounded memory). Every
`checkpoint.EVERY` moves it also writes the state down (adapter/checkpoint.py),
so a save loads from its last checkpoint and undo goes back past it from an
earlier one. Undo drops back to before the last human move (with the moves
one gesture made after it: a selection dropped together), redo replays what
was undone, and a save is the seed, options, seats, texts (with how each
move was made: `facts`) and checkpoints.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, replace
from itertools import compress
from typing import TYPE_CHECKING, Any, Literal

from shrinetable.engine import CardSet, Decision, Event, GameBase, Player, registry
from shrinetable.formats.decks import written_out
from shrinetable.formats.save import FACTS, WORDS, SaveError, as_fields, by_move
from shrinetable.players import player

from . import checkpoint

if TYPE_CHECKING:
    from shrinetable.formats.savemodel import SaveFile, Undone

SeatKind = Literal["human", "computer"]


def one_person(seats: int) -> list[SeatKind]:
    """A person at the first of `seats`, the computer at the others."""
    kinds: list[SeatKind] = ["computer"] * seats
    kinds[0] = "human"
    return kinds


SNAP = 64  # moves between two kept states
KEEP = 32  # recent snapshots kept (older ones are replayed from the start)


@dataclass(frozen=True, slots=True)
class Applied:
    """One action in the history: who made it, its notation, what happened."""

    seat: int
    text: str
    events: tuple[Event, ...]
    auto: bool = False  # made for a person by the table (a forced pass), not chosen
    secret: bool = False  # answered a secret decision: only `seat` may see `text`
    # made by the gesture that made the seat's move before it (a selection dropped
    # together, `gestures.Run`): undone and redone with that move, as one
    joined: bool = False
    # an `auto` move the table picked among several legal ones (none could
    # matter): the kind of that decision, so the table can name what it did;
    # "" for a move that was the only one, or chosen
    picked_in: str = ""
    # an `auto` move the seat's standing answer made (`Standing.key`): the table
    # says so to that seat; "" for any other move
    standing: str = ""


def facts(a: Applied) -> dict[str, Any]:
    """What a save keeps of move `a` besides its notation (formats/save.py's
    `FACTS`: how it was made, and the table's words for it), those set."""
    return {name: getattr(a, name) for name in FACTS if getattr(a, name)}


def _facts(moves: Sequence[Applied]) -> dict[int, dict[str, Any]]:
    """`facts` of each of `moves` that has any, by its place among them."""
    return {i: kept for i, a in enumerate(moves) if (kept := facts(a))}


def _unknown(text: str, who: str, kept: tuple[tuple[str, Any], ...] = ()) -> Applied:
    """A move taken up from a checkpoint: its seat and secrecy from `who`, no
    events, and what a save keeps of it (`kept`, `facts`' items)."""
    seat, secret = checkpoint.seat(who)
    return Applied(seat, text, (), secret=secret, **dict(kept))


class Session:
    def __init__(
        self,
        game: GameBase,
        seed: int,
        options: dict[str, Any],
        seats: list[SeatKind],
        start: Any = None,
        strengths: Sequence[str] | None = None,
    ):
        """`start`: the position to play from (a lesson's, a test's); by
        default the game's new deal for `seed`. `strengths`: each computer
        seat's (`players.STRENGTHS`; by default normal)."""
        self.game = game
        self.seed = seed
        self.options = written_out(game, options)  # a deck file's deck, not its path
        self.seats = list(seats)
        self.strengths = list(strengths or ["normal"] * len(seats))
        self.history: list[Applied] = []
        self.redo_stack: list[list[Applied]] = []
        # the table passes for a person when passing is all they may do (a setting)
        self.auto_pass = True
        # (seat, `Standing.key`) of the standing answers a person switched off
        self.standing_off: set[tuple[int, str]] = set()
        self.reset(
            game.new_game(seed, self.options, len(seats)) if start is None else start,
            dealt=start is None,
        )

    def again(self, seed: int) -> Session:
        """A new game like this one (game, options, seats, settings), dealt by `seed`."""
        new = Session(self.game, seed, self.options, self.seats, strengths=self.strengths)
        new.auto_pass = self.auto_pass
        new.standing_off = set(self.standing_off)
        return new

    def reset(self, state: Any, dealt: bool = False) -> None:
        """Start the history afresh from `state` (a test's or a lesson's position;
        `dealt`: the seed's own deal, which checkpoints are written against)."""
        self.dealt = dealt
        self.marks: dict[int, checkpoint.Mark] = {}  # history length -> checkpoint
        self.notes: list[str] = []  # what loading refused (a checkpoint), in words
        self.damaged = False  # loaded from a save with a damaged part (its file is kept)
        self.history.clear()
        self.redo_stack.clear()
        self._state = state
        self._decided: tuple[Any, Any] = (None, None)  # (state, its decision)
        self._snaps: dict[int, Any] = {0: state}  # history length -> state then
        self._chosen: list[int] = []  # indices of the moves people chose, in order
        self._blind: tuple[int, int] | None = None  # moves whose events `events` finds
        self._found: dict[int, tuple[Applied, tuple[Event, ...]]] = {}  # by id: (move, events)

    @property
    def state(self) -> Any:
        return self._state

    @property
    def deal(self) -> Any:
        """The state the game started from."""
        return self._snaps[0]

    def decision(self) -> Decision | None:
        """Whose decision it is now (None: the game is over); asked once per state."""
        if self._decided[0] is not self._state:
            self._decided = (self._state, self.game.decision(self._state))
        decided: Decision | None = self._decided[1]
        return decided

    def humans(self) -> list[int]:
        return [i for i, k in enumerate(self.seats) if k == "human"]

    def apply(self, action: Any, auto: bool = False, joined: bool = False) -> Applied:
        """Apply `action` for the deciding seat; IllegalAction passes through.
        `joined`: made by the gesture of that seat's move just before (`Applied`),
        only where that move is the last one made and the seat's own choice."""
        d = self.decision()
        if d is None:
            raise ValueError("the game is over")
        last = self.history[-1] if self.history else None
        joined = joined and last is not None and last.seat == d.seat and not last.auto
        new, events = self.game.apply(self._state, action)
        return self.commit(Applied(d.seat, action.text, tuple(events), auto, d.secret, joined), new)

    def commit(self, done: Applied, new: Any) -> Applied:
        """Record a move already applied to the current state (its result `new`)."""
        n = len(self.history)
        if self._chosen_by_person(done) and not done.joined:
            self._chosen.append(n)
        self.history.append(done)
        self._state = new
        if (n + 1) % SNAP == 0:
            self._snaps[n + 1] = new
            if (old := n + 1 - SNAP * KEEP) > 0:
                self._snaps.pop(old, None)
        if (
            (n + 1) % checkpoint.EVERY == 0
            and self.dealt
            and (mark := checkpoint.mark(self, n + 1))
        ):
            self.marks[n + 1] = mark
        return done

    def play(self, action: Any, joined: bool = False) -> Applied:
        """A fresh move by a player: applies it and forgets anything undone
        (`joined`: see `apply`)."""
        self.redo_stack.clear()
        return self.apply(action, joined=joined)

    def forced(self) -> Any | None:
        """The move the table makes by itself now (`forced_move`), if any."""
        made = self.forced_move()
        return None if made is None else made[0]

    def forced_move(self) -> tuple[Any, str] | None:
        """The move the table makes by itself because there is nothing to decide,
        with the key of the standing answer that made it ('' for none).
        For a person: their only legal move (but a draw, or any move showing them
        cards only they may see: theirs to make and see), or the game's `nothing_to_decide`
        (a priority pass or a "next act" when nothing else could come of their
        moves, e.g. taps for mana that would pay for nothing): asking would only
        cost a click, or a hotseat handover. It is exactly the move they would
        have had to click. Else their standing answer to this decision
        (`standing_answer`). None with the setting off (every stop kept). For a
        computer seat: a pass (`auto_pass`) that is its only move or `idle`
        says so (its games stay as they were)."""
        d = self.decision()
        if d is None:
            return None
        legal = self.game.legal_actions(self._state)
        if self.seats[d.seat] == "human":
            if not self.auto_pass:
                return None
            if len(legal) == 1 and not self._shows_cards(legal[0], d.seat):
                return legal[0], ""
            if (none := self.game.nothing_to_decide(self._state)) is not None:
                return none, ""
            return self.standing_answer()
        if not self.game.auto_pass or (len(legal) > 1 and not self.game.idle(self._state)):
            return None
        return next(((a, "") for a in legal if a.text in self.game.auto_pass), None)

    def standing_answer(self) -> tuple[Any, str] | None:
        """The deciding person's standing answer to this decision (`Standing`):
        its move and key, while it is on for their seat and applies here."""
        d = self.decision()
        for standing in self.game.standing:
            if d is None or standing.kind != d.kind or (d.seat, standing.key) in self.standing_off:
                continue
            if (move := standing.answer(self._state)) is not None:
                return move, standing.key
        return None

    def stands(self, seat: int, key: str) -> bool:
        """Whether `seat`'s standing answer `key` is on."""
        return (seat, key) not in self.standing_off

    def set_standing(self, seat: int, key: str, on: bool) -> None:
        """Switch `seat`'s standing answer `key` on or off."""
        (self.standing_off.discard if on else self.standing_off.add)((seat, key))

    def _shows_cards(self, action: Any, seat: int) -> bool:
        """Whether `action` would show `seat` cards hidden from some other seat."""
        _, events = self.game.apply(self._state, action)
        return any(e.cards and e.visible_to is not None and seat in e.visible_to for e in events)

    def computer_action(
        self, chosen: Player | None = None, rng: random.Random | None = None
    ) -> Any:
        """What the computer (`chosen`, by default the deciding seat's strength of
        the game's AI) plays now; seeded by the position unless given `rng`, so
        replays agree."""
        return self.computer_move(chosen, rng)()

    def computer_move(
        self, chosen: Player | None = None, rng: random.Random | None = None
    ) -> Callable[[], Any]:
        """`computer_action` bound to the position now, to be worked out later
        (on another thread: `Match.ask_pending`) whatever happens here meanwhile."""
        rng = rng or random.Random(f"{self.seed}:{len(self.history)}")
        if chosen is None:
            d = self.decision()
            assert d is not None  # a computer moves only while the game goes on
            chosen = player(self.game, self.strengths[d.seat])
        state, choose = self._state, chosen
        return lambda: choose(state, rng)

    # -- going back ------------------------------------------------------------
    def back_to(self, n: int) -> None:
        """Keep only the first `n` moves: the state is replayed from the
        nearest kept state at or before move `n`."""
        start = max(k for k in self._snaps if k <= n)
        state = self._snaps[start]
        if mark := max((k for k in self.marks if start < k <= n), default=0):
            try:
                start, state = mark, self.marks[mark].state(self)
            except checkpoint.Refused:  # edited since it was read: the moves are the save
                pass
        for a in self.history[start:n]:
            state, _ = self.game.apply(state, self.game.parse_action(a.text))
        del self.history[n:]
        for kept in (self._snaps, self.marks):
            for k in [k for k in kept if k > n]:
                del kept[k]
        while self._chosen and self._chosen[-1] >= n:
            self._chosen.pop()
        self._state = state

    # -- undo / redo ---------------------------------------------------------
    def can_undo(self, seat: int | None = None) -> bool:
        """Undo takes back a person's own moves. Against the computer (one
        person at the table), any of them; in hotseat only the last one, and
        only until another person has chosen a move (it could show them the
        other's choices otherwise). `seat`: the person asking (None: anyone).
        Constant time: the session keeps where people's moves are (a move
        `joined` to the one before it is not one: it goes back with it)."""
        last = self._last_chosen()
        if last is None:
            return False
        if len(self.humans()) == 1:
            return True
        return seat is None or self.history[last].seat == seat

    def _last_chosen(self) -> int | None:
        """The index of the last move a person chose (None: none yet); a seat
        handed to the computer since drops out of the list when met."""
        while self._chosen and not self._chosen_by_person(self.history[self._chosen[-1]]):
            self._chosen.pop()
        return self._chosen[-1] if self._chosen else None

    def _chosen_by_person(self, a: Applied) -> bool:
        """A move a person chose (undoing a forced pass would only make it again)."""
        return self.seats[a.seat] == "human" and not a.auto

    def undo(self, seat: int | None = None) -> bool:
        if not self.can_undo(seat):
            return False
        i = self._last_chosen()
        assert i is not None  # can_undo found a move to take back
        self.redo_stack.append(self.history[i:])
        self.back_to(i)
        return True

    def can_redo(self) -> bool:
        return bool(self.redo_stack)

    def redo(self) -> list[Applied]:
        """The moves the last undo took back, made again as they were made (a
        pass made for a person, a gesture's moves joined): undone again as one."""
        if not self.redo_stack:
            return []
        return [
            self._remade(self.game.parse_action(a.text), facts(a)) for a in self.redo_stack.pop()
        ]

    def _remade(self, action: Any, kept: Mapping[str, Any]) -> Applied:
        """`action` made again as it was made (`kept`, its `facts`): a pass made
        for a person, a gesture's move joined, the table's words for it as they were."""
        made = self.apply(action, kept.get("auto", False), kept.get("joined", False))
        if words := {k: v for k, v in kept.items() if k in WORDS}:
            made = self.history[-1] = replace(made, **words)
        return made

    # -- saves ---------------------------------------------------------------
    def to_save(self) -> SaveFile:
        from shrinetable.formats.savemodel import SaveFile, Undone

        return SaveFile(
            game=self.game.name,
            seed=self.seed,
            options=self.options,
            seats=self.seats,
            # written only when a computer seat is not normal: older saves stay as they were
            strengths=self.strengths if set(self.strengths) != {"normal"} else [],  # type: ignore[arg-type]  # checked by the model
            actions=[a.text for a in self.history],
            checkpoints=[m.record for _, m in sorted(self.marks.items())],
            **as_fields(_facts(self.history)),
            redo=[
                Undone(actions=[a.text for a in moves], **as_fields(_facts(moves)))
                for moves in self.redo_stack
            ],
        )

    def resume(
        self,
        texts: list[str],
        whos: str,
        state: Any,
        marks: dict[int, checkpoint.Mark],
        made: Mapping[int, Mapping[str, Any]] | None = None,
    ) -> None:
        """Take the game up at a checkpoint's `state` (adapter/checkpoint.py),
        after the moves `texts` made by the seats `whos` says (and as `made`
        says, by place: `facts`), with the checkpoints up to it. Their events
        are not known: those of the moves since the checkpoint before it, which
        the log's latest lines reach back to, are found when asked (`events`);
        one object per (move, seat) stands for each earlier move (the log says
        its notation)."""
        last = max((k for k in marks if k < len(texts)), default=0)
        made = made or {}
        said = [tuple(made[i].items()) if i in made else () for i in range(len(texts))]
        moves = list(zip(texts[:last], whos[:last], said, strict=False))
        shared = {move: _unknown(*move) for move in dict.fromkeys(moves)}  # a few kinds
        self.history += [shared[move] for move in moves]
        self.history += map(_unknown, texts[last:], whos[last:], said[last:])  # each its own
        self._blind = (last, len(texts))
        humans = {w for w in set(whos) if self.seats[checkpoint.seat(w)[0]] == "human"}
        chosen = compress(range(len(whos)), map(humans.__contains__, whos))
        self._chosen = [i for i in chosen if not (self.history[i].joined or self.history[i].auto)]
        self._state = self._snaps[len(texts)] = state
        self.marks.update(marks)

    def events(self, a: Applied) -> tuple[Event, ...]:
        """What happened in move `a` of the history: its events, or for a move
        taken up from a checkpoint without them (`resume`), the ones found by
        replaying the moves since the checkpoint before it, once (a slice of the
        history taken before then still holds the move as it was taken up)."""
        if a.events:
            return a.events
        if self._blind is not None and id(a) not in self._found:
            self._recall()
        found = self._found.get(id(a))
        return found[1] if found else a.events

    def _recall(self) -> None:
        """Replay the moves `resume` took up after the checkpoint before its own
        (or the deal): each gets its events, in the history and in `_found`."""
        assert self._blind is not None  # asked only while some moves are blind
        lo, hi = self._blind
        self._blind, hi = None, min(hi, len(self.history))
        try:
            state = self.marks[lo].state(self) if lo else self._snaps[0]
        except (KeyError, checkpoint.Refused):  # undone past it, or edited: notation stays
            return
        for i in range(lo, hi):
            a = self.history[i]
            state, events = self.game.apply(state, self.game.parse_action(a.text))
            self.history[i] = replace(a, events=tuple(events))
            self._found[id(a)] = (a, self.history[i].events)

    def _replay(self, action: Any, n: int, where: str, kept: Mapping[str, Any]) -> None:
        """Make saved move `n` again as it was made (`kept`: its `facts`); where
        it does not apply, first the moves of decisions the rules added since the
        save was made (`missing_move`), taken as the rules then took them, and
        say so in `notes`."""
        added: list[str] = []
        while True:
            try:
                self._remade(action, kept)
                break
            except ValueError:
                filler = self.game.missing_move(self.state) if len(added) < 8 else None
                if filler is None:
                    raise
                self.apply(filler)
                added.append(filler.text)
        if added:
            self.notes.append(
                f"{where}: before move {n}, a step the rules have added "
                f"since this game was saved was taken as it was then "
                f"({', '.join(added)})"
            )

    @classmethod
    def from_save(
        cls,
        save: SaveFile,
        where: str = "save",
        recover: bool = False,
        cards: CardSet | None = None,
    ) -> Session:
        """Replay a save, its game in the card set `cards`, from its last sound
        checkpoint (adapter/checkpoint.py); SaveError naming the first action that
        does not apply (`recover`: the game goes on from the move before it, said
        in `notes`, `damaged` set)."""
        try:
            game = registry.get(save.game, cards)
            session = cls(game, save.seed, save.options, save.seats, strengths=save.strengths)
        except (KeyError, ValueError) as e:
            raise SaveError(f"{where}: {e.args[0] if e.args else e}") from None
        known = {s.key for s in game.standing}
        for at, key in save.standing.items():
            if key not in known:
                raise SaveError(
                    f"{where}: standing.{at}: {key!r} is not a standing answer of "
                    f"{game.title} (it has: {', '.join(sorted(known)) or 'none'})"
                )
        done = checkpoint.resume(session, save, where)
        made = by_move(save)
        for n, text in enumerate(save.actions[done:], done + 1):
            try:
                session._replay(game.parse_action(text), n, where, made.get(n - 1, {}))
            except Exception as e:  # noqa: BLE001 - after a checkpoint, it may be to blame
                if done:  # a state that held up but the rules trip on: replay every move
                    again = cls.from_save(
                        save.model_copy(update={"checkpoints": []}), where, recover, cards
                    )
                    again.notes = [
                        *session.notes,
                        f"{where}: the checkpoint at move {done}: "
                        f"move {n} does not apply after it ({e}); its moves are "
                        f"replayed instead",
                    ]
                    return again
                if not isinstance(e, ValueError):  # NotationError, IllegalAction
                    raise
                wrong = f"{where}: actions.{n - 1}: {text!r} does not apply: {e}"
                if not recover:
                    raise SaveError(wrong) from None
                session.notes.append(
                    f"{wrong}; the game goes on from move {n - 1}, the last good "
                    f"one (the file is kept as it was)"
                )
                session.damaged = True
                break
        if save.redo and not session.damaged:
            session._taken_back(save.redo, where, recover)
        return session

    def _taken_back(self, undone: Sequence[Undone], where: str, recover: bool) -> None:
        """The moves a save's undos took back (`SaveFile.redo`), for redo to
        make again: each checked by the rules in the position it would be made
        in (the last undo's first); SaveError naming the first that does not
        apply (`recover`: none are kept, said in `notes`)."""
        state = self._state
        stack: list[list[Applied]] = []
        for g in reversed(range(len(undone))):
            made = by_move(undone[g])
            moves: list[Applied] = []
            for i, text in enumerate(undone[g].actions):
                try:
                    d = self.game.decision(state)
                    if d is None:
                        raise ValueError("the game is over")
                    state, _ = self.game.apply(state, self.game.parse_action(text))
                except ValueError as e:  # NotationError, IllegalAction
                    wrong = f"{where}: redo.{g}.actions.{i}: {text!r} does not apply: {e}"
                    if not recover:
                        raise SaveError(wrong) from None
                    self.notes.append(f"{wrong}; what was undone cannot be redone")
                    return
                moves.append(Applied(d.seat, text, (), secret=d.secret, **made.get(i, {})))
            stack.insert(0, moves)
        self.redo_stack = stack
