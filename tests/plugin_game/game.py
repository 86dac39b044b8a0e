"""Sealed Bids: a test-only game, registered from the tests, never named by the program.

It exists to prove that a game is a plug-in: everything the generic layers need
comes from this package (rules, computer player, positions, presentation, test
hooks, layout file), and it has the one thing neither built-in game has: a secret
choice made in turn by every seat and revealed at once.

The rules. 2 to 6 seats; seat N holds the cards `X0`..`X5`, X the seat's letter
(p1 `A`, p2 `B`, ... p6 `F`). `X1`..`X5` are bids worth their number; `X0` is the
seat's pass card. The prizes `G1`..`G6` (gold, worth their number) are shuffled face
down; each round one is turned up. Then every seat in turn, starting with the
round's leader (p1, then p2, ...), secretly commits: `bid X3` lays that card face
down on the bids, `pass` lays the pass card there (so a pass looks like a bid to
everyone else). When all have committed the bids are revealed together: the
highest bid nobody else matched takes the prize (no such bid: it is discarded),
spent bids are discarded and pass cards go back to their hands. After `rounds`
rounds the most prize points wins; a tie shares the win.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field, replace
from typing import Any

from shrinetable.engine import (
    REVEAL,
    Decision,
    Event,
    GameBase,
    Gesture,
    IllegalAction,
    NotationError,
    OptionSpec,
    Outcome,
    View,
    ZoneView,
    action_words,
    expect,
)

LETTERS = "ABCDEF"
PRIZES = tuple(f"G{v}" for v in range(1, 7))  # gold: G1..G6


def seat_cards(q: int) -> list[str]:
    return [f"{LETTERS[q]}{v}" for v in range(6)]


def owner(card: str) -> int | None:
    """The seat a bid or pass card belongs to (None for a prize)."""
    return LETTERS.index(card[0]) if card[0] in LETTERS else None


def value(card: str) -> int:
    return int(card[1:])


def is_card(text: str) -> bool:
    return (
        len(text) == 2
        and text[0] in LETTERS + "G"
        and text[1].isdigit()
        and (0 <= value(text) <= 5 if text[0] != "G" else 1 <= value(text) <= 6)
    )


@dataclass(frozen=True, slots=True)
class Action:
    """`bid X3` (drag the card onto the bids) or `pass` (a button)."""

    kind: str
    card: str | None = None

    @property
    def text(self) -> str:
        return "pass" if self.kind == "pass" else f"bid {self.card}"

    def gesture(self, seat: int) -> Gesture:
        if self.kind == "pass":
            return Gesture()
        return Gesture((self.card,), f"hand:{seat}", "bids")


def parse(text: str) -> Action:
    """`bid A3` or `pass`; NotationError otherwise (the engine's notation helpers)."""
    kind, rest = action_words(text, ("bid", "pass"))
    if kind == "pass":
        expect(text, rest, 0, "nothing more")
        return Action("pass")
    expect(text, rest, 1, "one card, e.g. `bid A3`")
    if not is_card(rest[0].upper()):
        raise NotationError(f"{text!r}: {rest[0]!r} is no card of the game")
    return Action("bid", rest[0].upper())


@dataclass
class State:
    """A position. Lists are copied by `copy`, never shared between states."""

    seats: int
    rounds: int
    double_last: bool
    rng: random.Random
    prizes: list[str]  # face down, top last
    prize: list[str]  # the prize up for bids (0 or 1 card)
    hands: list[list[str]]
    bids: list[tuple[int, str | None]]  # (seat, card) in commit order; None: hidden
    discard: list[str] = field(default_factory=list)
    won: list[list[str]] = field(default_factory=list)
    round: int = 1
    final: str = ""  # the last round's prize, once it is bid for
    result: Outcome | None = None

    def copy(self) -> State:
        return replace(
            self,
            prizes=list(self.prizes),
            prize=list(self.prize),
            hands=[list(h) for h in self.hands],
            bids=list(self.bids),
            discard=list(self.discard),
            won=[list(w) for w in self.won],
        )

    def decider(self) -> int:
        return (self.round - 1 + len(self.bids)) % self.seats


def score(s: State, q: int) -> int:
    """Prize points; with `double_last`, the last round's prize (kept last) counts twice."""
    total = sum(value(c) for c in s.won[q])
    if s.double_last and s.final in s.won[q]:
        total += value(s.final)
    return total


OPTIONS = (
    OptionSpec("rounds", 4, "Prizes to play for", (3, 4, 5)),
    OptionSpec("double_last", False, "The last prize counts double"),
)


def new_state(
    seed: int,
    options: dict,
    seats: int,
    rng: random.Random | None = None,
    prizes: list[str] | None = None,
) -> State:
    rng = rng or random.Random(seed)
    if prizes is None:
        prizes = list(PRIZES)
        rng.shuffle(prizes)
    return State(
        seats,
        options["rounds"],
        options["double_last"],
        rng,
        prizes,
        [],
        [seat_cards(q) for q in range(seats)],
        [],
        [],
        [[] for _ in range(seats)],
    )


def turn_up(s: State) -> list[Event]:
    """The next prize goes up; after the last round, the game ends."""
    if s.round > s.rounds or not s.prizes:
        pts = [score(s, q) for q in range(s.seats)]
        best = max(pts)
        winners = tuple(q for q in range(s.seats) if pts[q] == best)
        names = ", ".join(f"p{q + 1}" for q in winners)
        s.result = Outcome(
            winners,
            f"{names} {'wins' if len(winners) == 1 else 'share the win'}"
            f" with the most prize points ({best})",
            f"{'a player wins' if len(winners) == 1 else 'players share the win'}"
            " with the most prize points",
        )
        return [Event("over", s.result.reason)]
    s.prize.append(s.prizes.pop())
    return [
        Event(
            "prize", f"round {s.round}: {s.prize[0]} is up", None, (s.prize[0],), "prizes", "prize"
        )
    ]


def reveal(s: State) -> list[Event]:
    """Every bid face up in one public event; the highest unmatched bid takes the prize."""
    bids = sorted(s.bids)
    shown = ", ".join(f"p{q + 1} {'pass' if value(c) == 0 else value(c)}" for q, c in bids)
    events = [Event(REVEAL, f"bids: {shown}", None, tuple(c for _, c in bids))]
    counts: dict[int, int] = {}
    for _, c in bids:
        counts[value(c)] = counts.get(value(c), 0) + 1
    single = [v for v, n in counts.items() if n == 1 and v > 0]
    prize = s.prize.pop()
    if s.round == s.rounds:
        s.final = prize
    if single:
        winner = next(q for q, c in bids if value(c) == max(single))
        s.won[winner].append(prize)
        events.append(
            Event(
                "take", f"p{winner + 1} takes {prize}", winner, (prize,), "prize", f"won:{winner}"
            )
        )
    else:
        s.discard.append(prize)
        events.append(
            Event(
                "lost",
                f"no single highest bid: {prize} is discarded",
                None,
                (prize,),
                "prize",
                "discard",
            )
        )
    spent = tuple(c for _, c in bids if value(c) > 0)
    s.discard += spent
    if spent:
        events.append(Event("clear", "spent bids are discarded", None, spent, "bids", "discard"))
    for q, c in bids:
        if value(c) == 0:
            s.hands[q].append(c)
            events.append(
                Event("back", f"p{q + 1} takes back its pass card", q, (c,), "bids", f"hand:{q}")
            )
    s.bids = []
    s.round += 1
    return events + turn_up(s)


class SealedBids(GameBase):
    name = "sealed"
    title = "Sealed Bids"
    min_seats = 2
    max_seats = 6
    options = OPTIONS
    parse = staticmethod(parse)  # the notation reader `parse_action` hands over to

    def deal(self, seed: int, options: dict[str, Any] | None, seats: int) -> State:
        s = new_state(seed, self.check_options(options), seats)
        turn_up(s)
        return s

    def decision(self, s: State) -> Decision | None:
        if s.result is not None:
            return None
        return Decision(
            s.decider(), "bid", f"Bid for {s.prize[0]} face down, or bid nothing", secret=True
        )

    def guess_actions(
        self, seat: int, held: tuple[str, ...], source: str, zone: str, card: str | None
    ) -> list[str]:
        """A card dropped on the bids meant a bid of it (the pass card refuses with
        how to pass)."""
        return [f"bid {held[0]}"] if zone == "bids" and len(held) == 1 else []

    def legal_actions(self, s: State) -> list[Action]:
        if s.result is not None:
            return []
        hand = s.hands[s.decider()]
        return [*(Action("bid", c) for c in hand if value(c) > 0), Action("pass")]

    def apply(self, s: State, a: Action) -> tuple[State, list[Event]]:
        if a not in self.legal_actions(s):
            raise IllegalAction(self._refusal(s, a), "S1")
        q = s.decider()
        s = s.copy()
        card = a.card if a.kind == "bid" else f"{LETTERS[q]}0"
        s.hands[q].remove(card)
        s.bids.append((q, card))
        events = [
            Event(
                "commit",
                f"p{q + 1} lays a bid face down",
                q,
                (card,),
                f"hand:{q}",
                "bids",
                visible_to=(q,),
            )
        ]
        if len(s.bids) == s.seats:
            events += reveal(s)
        return s, events

    @staticmethod
    def _refusal(s: State, a: Action) -> str:
        if s.result is not None:
            return "the game is over"
        q = s.decider()
        if a.kind == "bid" and value(a.card) == 0:
            return "the 0 card is your pass card: press Bid nothing to pass"
        if a.kind == "bid" and owner(a.card) != q:
            return f"{a.card} is not p{q + 1}'s card; p{q + 1} bids now"
        return f"{a.card} is not in p{q + 1}'s hand"

    def view(self, s: State, seat: int | None) -> View:
        def zone(name, cards, shown, q=None, label=""):
            return ZoneView(name, q, tuple(c if shown(c) else None for c in cards), label)

        zones = {
            "prizes": zone("prizes", s.prizes, lambda c: False, label="Prizes"),
            "prize": zone("prize", s.prize, lambda c: True, label="For bids"),
            "bids": zone("bids", [c for _, c in s.bids], lambda c: owner(c) == seat, label="Bids"),
            "discard": zone("discard", s.discard, lambda c: True, label="Discard"),
        }
        for q in range(s.seats):
            zones[f"hand:{q}"] = zone(
                f"hand:{q}", s.hands[q], lambda c, q=q: q == seat, q, f"p{q + 1} hand"
            )
            zones[f"won:{q}"] = zone(f"won:{q}", s.won[q], lambda c: True, q, f"p{q + 1} won")
        info = {
            "round": s.round,
            "rounds": s.rounds,
            "points": [score(s, q) for q in range(s.seats)],
            "committed": [f"p{q + 1}" for q, _ in s.bids],
        }
        return View(seat, s.seats, zones, self.decision(s), s.result, info)

    def zones(self, seats: int) -> list[str]:
        return [
            "prizes",
            "prize",
            "bids",
            "discard",
            *(f"{z}:{q}" for q in range(seats) for z in ("hand", "won")),
        ]

    def all_cards(self, s: State) -> dict[str, list[str]]:
        out = {
            "prizes": list(s.prizes),
            "prize": list(s.prize),
            "bids": [c for _, c in s.bids],
            "discard": list(s.discard),
        }
        for q in range(s.seats):
            out[f"hand:{q}"] = list(s.hands[q])
            out[f"won:{q}"] = list(s.won[q])
        return out

    def turn_number(self, s: State) -> int:
        return min(s.round, s.rounds)

    def observe(self, s: State, seat: int) -> State:
        """What a computer at `seat` may know: its own hand and bid, not anyone else's."""
        o = s.copy()
        o.bids = [(q, c if q == seat else None) for q, c in s.bids]
        o.hands = [h if q == seat else [None] * len(h) for q, h in enumerate(o.hands)]
        o.prizes = [None] * len(o.prizes)
        return o


def choose(s: State, rng: random.Random) -> Action:
    """The computer: beats the highest bid it can see with its lowest card that does,
    else bids its highest for a prize of 4 or more and one of its two lowest for 2 or
    3, else passes. Fed `observe`, it sees no other bid of the round: a computer that
    read the real state would outbid by a hair every time."""
    q = s.decider()
    hand = sorted(value(c) for c in s.hands[q] if value(c) > 0)
    seen = [value(c) for p, c in s.bids if c is not None and p != q]
    prize = value(s.prize[0])
    if seen:
        above = [v for v in hand if v > max(seen)]
        pick = above[0] if above and prize >= 2 else None
    elif prize >= 4 and hand:
        pick = hand[-1]
    elif prize >= 2 and hand:
        pick = rng.choice(hand[:2])
    else:
        pick = None
    return Action("pass") if pick is None else Action("bid", f"{LETTERS[q]}{pick}")
