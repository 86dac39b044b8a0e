"""The host's side of the match loop: the adapter's `Match`, with seats that sit elsewhere.

The host never decides whose turn it is, what is legal or what a seat may see:
`Match` does (and the engine under it). Remote seats are people to the match
(they choose their moves); only the host knows they sit elsewhere. This module
adds what a networked table needs on top: seat kinds with "remote", the legal
list a remote seat is sent and the computer's suggestion for a person's seat.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any, Literal

from shrinetable.adapter import storage
from shrinetable.adapter.gestures import Move
from shrinetable.adapter.match import Match, Refused
from shrinetable.adapter.session import Applied, SeatKind, Session
from shrinetable.engine import CardSet, Event, IllegalAction, NotationError, View, registry

Kind = Literal["remote", "computer", "human"]  # a seat at a hosted game
KINDS: tuple[Kind, ...] = ("remote", "computer", "human")


class Refusal(ValueError):
    """A message the host refuses: why, and the rule when the rules refused a move."""

    def __init__(self, reason: str, ruling: str | None = None):
        self.reason, self.ruling = reason, ruling
        super().__init__(reason)


class Seam:
    def __init__(self, session: Session, kinds: list[str]):
        self.match = Match(session)
        self.session = session
        self.kinds = list(kinds)
        self.game = session.game
        self.taken = 0  # moves a resume took up from the save (`history`)
        self._events: list[tuple[Event, ...]] = []  # theirs, found by replaying the deal

    @classmethod
    def new(
        cls,
        game_name: str,
        seed: int,
        options: dict[Any, Any],
        kinds: list[str],
        cards: CardSet | None = None,
        strengths: list[str] | None = None,
    ) -> Seam:
        """A new hosted game of `game_name` in the card set `cards`; `strengths`:
        each computer seat's (default normal)."""
        game = registry.get(game_name, cards)
        options = game.check_options(options)
        return cls(Session(game, seed, options, people(kinds), strengths=strengths), kinds)

    @classmethod
    def resume(
        cls, path: str, kinds: list[str] | None = None, cards: CardSet | None = None
    ) -> Seam:
        """A host's game from its autosave, in the card set `cards` (SaveError if
        damaged). The save keeps computer and people apart; which people were
        remote comes from `kinds` (default: every person)."""
        session = storage.load(path, cards)
        kinds = kinds or ["remote" if k == "human" else k for k in session.seats]
        seam = cls(session, kinds)
        seam.taken = len(session.history)
        return seam

    # -- what anyone may ask ---------------------------------------------------
    def over(self) -> bool:
        return self.match.decision() is None

    def view(self, seat: int | None) -> View:
        return self.match.view(seat)

    def history(self) -> list[Applied]:
        """The game's moves, each with its events. A loaded game takes up the
        moves before its last checkpoints without them, and the log then says
        a move's notation, which can name a card only its seat saw; for the
        tables, a resumed game's moves are replayed from the deal, once. When
        the rules no longer take them (a save from another release), the
        tables' logs begin at the resume."""
        h = self.match.history
        n = min(self.taken, len(h))
        if len(self._events) < n:
            self._events = self._replay(h[:n])
        if len(self._events) < n:
            return h[n:]
        return [replace(a, events=e) for a, e in zip(h[:n], self._events, strict=False)] + h[n:]

    def _replay(self, moves: list[Applied]) -> list[tuple[Event, ...]]:
        """The events of `moves` played from the deal; [] if one does not apply."""
        s, out = self.session, []
        try:
            state = self.game.new_game(s.seed, s.options, len(s.seats))
            for a in moves:
                state, events = self.game.apply(state, self.game.parse_action(a.text))
                out.append(tuple(events))
        except Exception:  # noqa: BLE001 - the game's own code refused a move it once took
            return []
        return out

    def moves(self, seat: int | None) -> list[Move]:
        """The moves `seat` may make now, with their gestures: none when it does
        not decide, or when the match moves for it (a computer seat, a pass
        made for a person)."""
        d = self.match.decision()
        if seat is None or d is None or d.seat != seat or self.match.pending() is not None:
            return []
        return self.match.moves()

    def legal(self, seat: int | None) -> list[str]:
        return [m.text for m in self.moves(seat)]

    # -- moves -------------------------------------------------------------------
    def play(self, seat: int, text: str, joined: bool = False) -> Applied:
        """A person's move; Refusal when it is not theirs to make or not legal
        (checked against the legal list; the engine says why it is not).
        `joined`: made by the gesture of the seat's move before it (`Match.act`)."""
        legal = self.legal(seat)
        try:
            if text not in legal:
                d = self.match.decision()
                if d is None or d.seat != seat:
                    return self.match.act(seat, text)  # Refused says whose decision it is
                if self.match.pending() is not None:
                    raise Refusal("the table makes this move for you (your only one)")
                self.game.apply(self.session.state, self.game.parse_action(text))
                raise Refusal(f"{text!r} is not among the legal moves now")
            return self.match.act(seat, text, joined)
        except Refused as e:
            raise Refusal(str(e)) from None
        except NotationError as e:
            raise Refusal(f"not a move: {e}") from None
        except IllegalAction as e:
            raise Refusal(e.reason, e.ruling) from None

    def due(self) -> bool:
        """Whether the match has a move to make by itself now (a computer seat's,
        a pass made for a person)."""
        return self.match.pending() is not None

    def step(self) -> Applied:
        return self.match.step()

    def hint(self, seat: int) -> str | None:
        """The computer's move for `seat` when it decides (the game's computer
        player, through `seat`'s observation only): the match's own hint, so a
        remote table is told what a table here would be."""
        hint = self.match.hint(seat) if self.legal(seat) else None
        return hint.text if hint is not None else None

    def take_seat(self, seat: int) -> None:
        """The computer plays `seat` from now on (a player who left)."""
        self.kinds[seat] = "computer"
        self.session.seats[seat] = "computer"

    def can_undo(self, seat: int) -> bool:
        return self.match.can_undo(seat)

    def undo(self, seat: int) -> bool:
        done = self.match.undo(seat)
        self.taken = min(self.taken, len(self.match.history))  # later moves are new ones
        return done


def people(kinds: list[str]) -> list[SeatKind]:
    """Seat kinds as the adapter knows them: a remote player is a person."""
    return ["computer" if k == "computer" else "human" for k in kinds]
