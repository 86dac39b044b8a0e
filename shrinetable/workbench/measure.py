"""One self-play game's figures, played by `simulate`'s own game loop.

What a seat drew and played is read from the game's events through its hooks
(`hand_zone`, `played`, `card_kind`): a card entering a seat's hand from
anywhere but a hand is drawn (the opening hand counts), a card leaving it in an
event of a `played` kind is played. Figures are per game and seat: whether each
card was drawn, and whether it was played, at least once.
"""

from __future__ import annotations

import time
from typing import Any

from shrinetable.adapter.selfplay import ending, play_game
from shrinetable.engine import REVEAL, SHIPPED_AND_MINE, registry
from shrinetable.players import player


class Tally:
    """Cards drawn and played per seat, fed by `play_game`'s `watch`. Each card
    (instance) is followed into and out of hands, so a secret choice revealed
    later (an event of kind REVEAL, naming no zone) counts as played by the seat
    whose hand held the card."""

    def __init__(self, game: Any, seats: int):
        self.game = game
        self.drawn: list[set[str]] = [set() for _ in range(seats)]
        self.played: list[set[str]] = [set() for _ in range(seats)]
        self.holder: dict[str, int] = {}  # card instance -> the seat whose hand has it
        self.hands = {game.hand_zone(s): s for s in range(seats)}
        self.names: dict[str, str] = {}  # card kind -> printed name, in this card set

    def deal(self, state: Any) -> None:
        """The new game: the opening hands are drawn, and every card's name noted."""
        for zone, cards in self.game.all_cards(state).items():
            for card in cards:
                face = self.game.present.card_face(card)
                self.names.setdefault(self.game.card_kind(card), face.name if face else card)
            if zone in self.hands:
                for card in cards:
                    self._enter(card, self.hands[zone])

    def watch(self, kind: str, moves: list) -> None:
        """A `Match` watcher: every move's events."""
        for move in moves:
            self._events(move.events)

    def _events(self, events) -> None:
        game = self.game
        for e in events:
            to, of = self.hands.get(e.target), self.hands.get(e.source)
            plays = e.kind in game.played or e.kind == REVEAL
            for card in e.cards:
                if card is None:
                    continue
                seat = self.holder.get(card)
                if plays and seat is not None and (of is not None or e.source is None):
                    self.played[seat].add(game.card_kind(card))
                if of is not None:
                    self.holder.pop(card, None)
                if to is not None and of is None:
                    self._enter(card, to)
                elif to is not None:
                    self.holder[card] = to

    def _enter(self, card: str, seat: int) -> None:
        self.drawn[seat].add(self.game.card_kind(card))
        self.holder[card] = seat


def load_game(name: str, cards: str | None) -> Any:
    """The game, with the card folder `cards` (None: without `--cards`): a card
    set is an argument of the game, so one process plays any number of them."""
    return registry.get(name, SHIPPED_AND_MINE.adding(cards))


def play_one(game: Any, seats: int, options: dict, seed: int, max_turns: int) -> dict:
    """One computer-against-computer game's record."""
    tally = Tally(game, seats)
    tally.deal(game.new_game(seed, options, seats))
    players = [player(game, "ai") for _ in range(seats)]
    match, moves = play_game(game, players, seed, options, max_turns, (tally.watch,))
    result = match.outcome()
    for drawn, played in zip(tally.drawn, tally.played, strict=True):
        drawn |= played  # a card dealt where no event shows it, then played
    return {
        "seed": seed,
        "turns": match.turn_number(),
        "moves": moves,
        "winners": list(result.winners) if result else None,
        "ending": ending(result) if result else None,
        "drawn": [sorted(d) for d in tally.drawn],
        "played": [sorted(p) for p in tally.played],
        "names": tally.names,
    }


def run_chunk(spec: dict) -> list[dict]:
    """Play a chunk of games (in a worker process): `spec` names the game, card
    folder, seat count, turn cap and `items`, each (seating index, options, seed)."""
    game = load_game(spec["game"], spec["cards"])
    out = []
    named: set[str] = set()
    for index, options, seed in spec["items"]:
        start = time.process_time()
        record = play_one(game, spec["seats"], options, seed, spec["max_turns"])
        # each card's name once a chunk: the names are the card set's, not the game's
        record["names"] = {k: v for k, v in record["names"].items() if k not in named}
        named |= set(record["names"])
        record["seating"] = index
        record["cpu"] = time.process_time() - start  # the worker's own CPU time
        out.append(record)
    return out
