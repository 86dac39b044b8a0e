"""The one place the host reaches the match loop: moves in, per-seat views out.

The host never decides whose turn it is, what is legal or what a seat may see:
it asks this seam, which asks the adapter and the engine. Remote seats are
people to the adapter (they choose their moves); only the host knows they sit
elsewhere.
"""

from __future__ import annotations

from typing import Any

from shrinetable.adapter import storage
from shrinetable.adapter.session import Applied, Session
from shrinetable.engine import IllegalAction, NotationError, View

KINDS = ("remote", "computer", "human")


class Refusal(ValueError):
    """A move the host refuses: why, and the rule when the rules refused it."""

    def __init__(self, reason: str, ruling: str | None = None):
        self.reason, self.ruling = reason, ruling
        super().__init__(reason)


class Seam:
    def __init__(self, session: Session, kinds: list[str]):
        self.session = session
        self.kinds = list(kinds)
        self.game = session.game

    @classmethod
    def new(cls, game_name: str, seed: int, options: dict, kinds: list[str]) -> Seam:
        from shrinetable.engine import registry
        game = registry.get(game_name)
        return cls(Session(game, seed, game.check_options(options), people(kinds)), kinds)

    @classmethod
    def resume(cls, path: str, kinds: list[str] | None = None) -> Seam:
        """A host's game from its autosave (SaveError if damaged). The save keeps
        computer and people apart; which people were remote comes from `kinds`
        (default: every person)."""
        session = storage.load(path)
        kinds = kinds or ["remote" if k == "human" else k for k in session.seats]
        return cls(session, kinds)

    # -- what anyone may ask ---------------------------------------------------
    def decider(self) -> int | None:
        d = self.session.decision()
        return None if d is None else d.seat

    def over(self) -> bool:
        return self.session.decision() is None

    def view(self, seat: int | None) -> View:
        return self.game.view(self.session.state, seat)

    def legal(self, seat: int | None) -> list[str]:
        """The moves `seat` may make now: none when it does not decide, or when
        the host decides for it (a computer seat, a forced pass)."""
        if seat is None or self.decider() != seat or self.kinds[seat] == "computer" \
                or self.session.forced() is not None:
            return []
        return [a.text for a in self.game.legal_actions(self.session.state)]

    # -- moves -------------------------------------------------------------------
    def play(self, seat: int, text: str) -> Applied:
        """A person's move; Refusal when it is not theirs to make or not legal."""
        d = self.session.decision()
        if d is None:
            raise Refusal("the game is over")
        if d.seat != seat:
            raise Refusal(f"it is p{d.seat + 1}'s decision ({d.prompt}), not p{seat + 1}'s")
        try:
            action = self.game.parse_action(text)
        except NotationError as e:
            raise Refusal(f"not a move: {e}") from None
        if action.text not in self.legal(seat):
            try:
                self.game.apply(self.session.state, action)
            except IllegalAction as e:
                raise Refusal(e.reason, e.ruling) from None
            raise Refusal(f"{text!r} is not among the legal moves now")
        return self.session.play(action)

    def due(self) -> tuple[Any, bool] | None:
        """The move the host makes now without anyone: a computer seat's, or a
        pass forced on a person (its only move); (action, forced)."""
        d = self.session.decision()
        if d is None:
            return None
        forced = self.session.forced()
        if forced is not None:
            return forced, True
        if self.kinds[d.seat] == "computer":
            return self.session.computer_action(), False
        return None

    def step(self) -> Applied | None:
        """Make the due move, if any."""
        due = self.due()
        if due is None:
            return None
        action, forced = due
        return self.session.apply(action, auto=forced) if forced else self.session.play(action)

    @staticmethod
    def text_for(applied: Applied, seat: int | None) -> str | None:
        """A move's notation as `seat` may read it: its maker always; others
        unless the engine marked the move private (a secret choice, or an event
        only some seats may see, whose cards the text may name)."""
        if seat == applied.seat or not (
                applied.secret or any(e.visible_to is not None for e in applied.events)):
            return applied.text
        return None

    def hint(self, seat: int) -> str | None:
        """The computer's move for `seat` when it decides (from its observation only)."""
        if self.decider() != seat:
            return None
        return self.session.computer_action().text

    def take_seat(self, seat: int) -> None:
        """The computer plays `seat` from now on (a player who left)."""
        self.kinds[seat] = "computer"
        self.session.seats[seat] = "computer"

    def can_undo(self, seat: int) -> bool:
        return self.session.can_undo(seat)

    def undo(self, seat: int) -> bool:
        return self.session.undo(seat)

    def autosave(self) -> str:
        storage.autosave(self.session)
        return str(storage.autosave_path(self.session))


def people(kinds: list[str]) -> list[str]:
    """Seat kinds as the adapter knows them: a remote player is a person."""
    return ["computer" if k == "computer" else "human" for k in kinds]
