"""One game being played: seats, history, undo/redo, saves.

A game is a pure function of (seed, options, actions), so the session keeps
the list of states (cheap: the engine's states are small) and the action texts;
undo drops back to before the last human move, redo replays what was undone,
and a save is just the seed, options, seats and texts.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any, Literal

from shrinetable.engine import Event, GameBase, registry
from shrinetable.formats.save import SaveError, SaveFile
from shrinetable.players import player

SeatKind = Literal["human", "computer"]


@dataclass(frozen=True, slots=True)
class Applied:
    """One action in the history: who made it, its notation, what happened."""

    seat: int
    text: str
    events: tuple[Event, ...]
    auto: bool = False      # made for a person by the table (a forced pass), not chosen
    secret: bool = False    # answered a secret decision: only `seat` may see `text`


class Session:
    def __init__(self, game: GameBase, seed: int, options: dict[str, Any],
                 seats: list[SeatKind]):
        self.game = game
        self.seed = seed
        self.options = dict(options)
        self.seats = list(seats)
        self.states = [game.new_game(seed, self.options, len(seats))]
        self.history: list[Applied] = []
        self.redo_stack: list[list[str]] = []
        # the table passes for a person when passing is all they may do (a setting)
        self.auto_pass = True

    @property
    def state(self) -> Any:
        return self.states[-1]

    def decision(self):
        return self.game.decision(self.state)

    def humans(self) -> list[int]:
        return [i for i, k in enumerate(self.seats) if k == "human"]

    def apply(self, action: Any, auto: bool = False) -> Applied:
        """Apply `action` for the deciding seat; IllegalAction passes through."""
        d = self.decision()
        if d is None:
            raise ValueError("the game is over")
        new, events = self.game.apply(self.state, action)
        self.states.append(new)
        done = Applied(d.seat, action.text, tuple(events), auto, d.secret)
        self.history.append(done)
        return done

    def play(self, action: Any) -> Applied:
        """A fresh move by a player: applies it and forgets anything undone."""
        self.redo_stack.clear()
        return self.apply(action)

    def forced(self) -> Any | None:
        """The pass the table makes for a person (a move the game lists in
        `auto_pass`, e.g. a priority pass) when it is their only legal move,
        or when the game's `idle(state)` says nothing else could come of their
        moves (taps for mana that would pay for nothing): asking would only cost
        a click, or a hotseat handover."""
        d = self.decision()
        if d is None or (not self.auto_pass and self.seats[d.seat] == "human"):
            return None
        legal = self.game.legal_actions(self.state)
        passes = [a for a in legal if a.text in self.game.auto_pass]
        if passes and (len(legal) == 1 or self.game.idle(self.state)):
            return passes[0]
        return None

    def computer_action(self) -> Any:
        """What the computer plays now; seeded by the position so replays agree."""
        rng = random.Random(f"{self.seed}:{len(self.history)}")
        return player(self.game, "ai")(self.state, rng)

    # -- undo / redo ---------------------------------------------------------
    def can_undo(self, seat: int | None = None) -> bool:
        """Undo takes back a person's own moves. Against the computer (one
        person at the table), any of them; in hotseat only the last one, and
        only until another person has chosen a move (it could show them the
        other's choices otherwise). `seat`: the person asking (None: anyone)."""
        last = self._last_chosen()
        if last is None:
            return False
        if len(self.humans()) == 1:
            return True
        return seat is None or self.history[last].seat == seat

    def _last_chosen(self) -> int | None:
        """The index of the last move a person chose (None: none yet)."""
        chosen = [n for n, a in enumerate(self.history) if self._chosen(a)]
        return chosen[-1] if chosen else None

    def _chosen(self, a: Applied) -> bool:
        """A move a person chose (undoing a forced pass would only make it again)."""
        return self.seats[a.seat] == "human" and not a.auto

    def undo(self, seat: int | None = None) -> bool:
        if not self.can_undo(seat):
            return False
        i = self._last_chosen()
        self.redo_stack.append([a.text for a in self.history[i:]])
        del self.history[i:]
        del self.states[i + 1:]
        return True

    def can_redo(self) -> bool:
        return bool(self.redo_stack)

    def redo(self) -> list[Applied]:
        if not self.redo_stack:
            return []
        return [self.apply(self.game.parse_action(t)) for t in self.redo_stack.pop()]

    # -- saves ---------------------------------------------------------------
    def to_save(self) -> SaveFile:
        return SaveFile(game=self.game.name, seed=self.seed, options=self.options,
                        seats=self.seats, actions=[a.text for a in self.history])

    @classmethod
    def from_save(cls, save: SaveFile, where: str = "save") -> Session:
        """Replay a save; SaveError naming the first action that does not apply."""
        try:
            game = registry.get(save.game)
            session = cls(game, save.seed, save.options, save.seats)
        except (KeyError, ValueError) as e:
            raise SaveError(f"{where}: {e.args[0] if e.args else e}") from None
        for n, text in enumerate(save.actions, 1):
            try:
                session.apply(game.parse_action(text))
            except ValueError as e:  # NotationError and IllegalAction are ValueErrors
                raise SaveError(f"{where}: actions.{n - 1}: {text!r} does not apply: "
                                f"{e}") from None
        return session
