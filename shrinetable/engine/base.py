"""The game bundle: everything a game package declares, in one typed place.

A game is a plug-in. Its package subclasses `GameBase`, fills in the rules (the
`Game` protocol) and whichever optional parts it has, and exposes one instance as
`GAME`; the registry finds it by name. The generic layers (adapter, formats,
table, demo, commands) ask the bundle and never name a game. Every optional hook
has a default here, so a generic layer calls it without `getattr`.

The parts:
- starting: `deal` (the first state; `new_game` checks the seat count first) and
  `make_options` (the options as the rules read them);
- the rules: `decision`, `legal_actions`, `apply`, `view`, `outcome`,
  `parse_action`, `zones`, `all_cards`, `turn_number` (required), and the table's
  optional hooks (`gesture`, `guess_actions`, `drop_hint`, `auto_pass`, `idle`,
  `nothing_to_decide`, `skip_warning`, `standing`);
- `ai`: its computer player (None: uniform random play), fed through `observe`;
- `position`: how a scenario or demo file sets up a position (`PositionHook`);
- `card_data`: its card-data schema and folder (`CardData`), if it has card files,
  and `with_cards`: the game made with another `CardSet` (a designer's folder);
- `layout_file`: where its layout file is, when not the bundled `layouts/<name>.toml`;
- `present`: words, rules text, card faces and table decorations (`Presentation`);
- `testing`: what the generic contract tests need to know (`TestHooks`);
- `dump_state` / `load_state`: a state as plain JSON and back, for the
  checkpoints of long saves (by default the generic `state_codec`).

Stdlib only, like the rest of the engine: models and loaders that use pydantic
live in the game package and `formats`, and are only referred to here.
"""

from __future__ import annotations

import importlib
import random
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from .core import Decision, Event, Gesture, IllegalAction, OptionSpec, Outcome, View
from .present import Presentation
from .statejson import StateCodec

Player = Callable[[Any, random.Random], Any]


def skip_question(move: str, could: list[str]) -> str:
    """The one question every game asks before a move that gives up something
    for good while a useful move is left (`GameBase.skip_warning`), so it reads
    alike in every game: "Pass for this turn? You could still play a Token."
    `could`: what the seat could still do, in the order said; '' when nothing."""
    if not could:
        return ""
    left = could[0] if len(could) == 1 else f"{', '.join(could[:-1])} or {could[-1]}"
    return f"{move}? You could still {left}."


@dataclass(frozen=True)
class Standing:
    """A usual answer a person may give in advance to one kind of decision (a
    routine may-choice the rules leave open): while it is on for their seat,
    and the table keeps its default stops, the table gives it for them
    whenever `answer(state)` has a move, and says so to them; otherwise they
    are asked. `key`: its name where a seat's setting is kept; `kind`: the
    decision kind it answers; `label`: the switch's words ("Keep my Hero at
    the turn's end"); `answer`: the move it makes in a position of that kind,
    None where the choice is not routine (they are asked)."""

    key: str
    kind: str
    label: str
    answer: Callable[[Any], Any | None]


class PositionHook:
    """How a scenario or demo file's position becomes a state.

    `keys` is the game's own pydantic model of the position keys only it reads
    (the common keys — game, seats, seed, options, zones, turn — stay in
    `formats/scenario.py`, which validates a file against both at once);
    `build(game, spec) -> state` sets the position up from the validated file
    (`spec.zones`, `spec.turn`... and the game's own keys) and raises `SetupError`
    naming what is wrong and where. A game may name instead the `module` that
    holds them as `Keys` and `position`: it is imported when a file is first
    read, so a game with no other pydantic model starts its table without it."""

    def __init__(
        self, keys: Any = None, build: Callable[[Any, Any], Any] | None = None, module: str = ""
    ):
        self.module = module
        self._hook = None if module else (keys, build)

    def _loaded(self) -> tuple[Any, Callable[[Any, Any], Any]]:
        if self._hook is None:
            held = importlib.import_module(self.module)
            self._hook = (held.Keys, held.position)
        keys, build = self._hook
        assert build is not None  # a hook is given a builder or a module that has one
        return keys, build

    @property
    def keys(self) -> Any:
        return self._loaded()[0]

    @property
    def build(self) -> Callable[[Any, Any], Any]:
        return self._loaded()[1]


@dataclass(frozen=True)
class CardSet:
    """Which card folders a game's cards come from beyond the shipped set: the
    person's own (`<data folder>/cards`, unless `mine` is False), then `extra`
    folders given for one run (`--cards DIR`), each holding a folder per game.

    A value passed where a game is made (`registry.get(name, cards)`), never
    process state: one process can hold a game in two card sets side by side."""

    extra: tuple[str, ...] = ()
    mine: bool = True

    def adding(self, folder: str | None) -> CardSet:
        """This set with `folder` (a `--cards DIR`) applied last; itself for None."""
        return self if folder is None else CardSet((*self.extra, folder), self.mine)


SHIPPED_AND_MINE = CardSet()  # what a game plays without `--cards`


@dataclass(frozen=True)
class CardData:
    """A game's card files: `folder` under `assets/cards/` (an absolute path for a
    game outside the bundle), validated by the game's pydantic models `card` (one
    `[[card]]` table, with an `id`) and `deck` (one `[[deck]]` table, with a `name`)
    through the generic loader in `formats/cards.py`.

    `deck_file(path)`, for a game whose players may write their own decks: the
    deck rules applied to the deck file at `path`, one line per problem, each
    `FILE:LINE: card 'x': message` (empty when the deck is legal); a file that is
    not a deck at all raises the formats layer's `FormatError`. `shrinetable check`
    runs it on any file with a `cards` table whose `game` is this game.

    `resolve_deck(value)`: a deck option's value (a shipped deck, a deck file's
    path, a deck written out in a save) as the deck's name and card ids; ValueError
    saying what is wrong. `check_options` lets a deck option (`file="deck"`) take
    any value it accepts."""

    folder: str
    card: Any
    deck: Any | None = None
    deck_file: Callable[[str], list[str]] | None = None
    resolve_deck: Callable[[str], tuple[str, list[str]]] | None = None
    # a deck option's value with a deck file it names written out (`deck:{...}`),
    # and whether a value names a file: how a save keeps a deck whatever becomes of it
    write_out: Callable[[str], str] | None = None
    names_file: Callable[[str], bool] | None = None
    # the game's deck functions in its card set (formats' `DeckFiles`: its deck
    # rules, deck-file model and cards), for tools that read and write decks
    decks: Any | None = None


@dataclass(frozen=True)
class TestHooks:
    """What the generic contract tests need from a game.

    `reshuffle_unseen(state, seat, rng)`: a copy of `state` with every card `seat`
    cannot see dealt back into the same places at random (its view must not change)
    and the game's generator drawn afresh from `rng` (its future draws are as unseen
    as the deck). The deal depends only on what `seat` may know and on `rng`: the
    unseen cards are put in order before they are shuffled (`rng.deal_back` does),
    so a computer that plays such deals out (`GameBase.determinise`) cannot tell
    the real deal from another.
    `is_token(card)`: cards that come and go (left out of card counts).
    Walk lengths: steps of a random walk, whole games for the termination check,
    the step budget a random game ends within, and games in the slow test."""

    reshuffle_unseen: Callable[[Any, int | None, random.Random], Any]
    is_token: Callable[[str], bool] = lambda card: False
    walk: int = 3000
    endings: int = 200
    budget: int = 3000
    many: int = 2000


class GameBase:
    """Defaults for every optional part of a game; subclass and override."""

    name: str = ""
    title: str = ""
    min_seats: int = 2
    max_seats: int = 2
    options: tuple[OptionSpec, ...] = ()
    # action texts that only pass or move on (a priority pass, "next act"): the
    # table makes one for a computer seat when it is its only move or `idle` says
    # nothing else could come of its moves (for a person: `nothing_to_decide`)
    auto_pass: tuple[str, ...] = ()
    # usual answers a person may give in advance (`Standing`), each on by default
    standing: tuple[Standing, ...] = ()
    ai: Player | None = None
    # the rule the hard computer starts from: its first guess at a decision and
    # every seat's play in its worlds (`lookahead`). None: `ai`. A game may give
    # its hard computer a rule it found stronger without changing `ai`'s play
    hard_ai: Player | None = None
    # how good a position is for a seat as its computer sees it (higher is better;
    # any scale): lets the hard computer's look-ahead stop short of the end. None:
    # its playouts go to the end of the game
    judge: Callable[[Any, int], float] | None = None
    # moves the hard computer's playouts make per decision at most (`lookahead`):
    # a game sizes it to what its moves cost, so a decision takes at most 0.3 s
    # (median) and 0.5 s (p99) on an idle two-core machine
    think_moves: int = 800
    # the legal moves the hard computer weighs against its normal move (`lookahead`),
    # given the state, its legal moves and the normal move: a game may leave out
    # moves that come to the same (ways to pay for one card) and weigh none where
    # nothing can come of a choice. None: any legal move
    think_of: Callable[[Any, list[Any], Any], list[Any]] | None = None
    # the layout file (a path); None: the bundled `layouts/<name>.toml`
    layout_file: str | None = None
    position: PositionHook | None = None
    card_data: CardData | None = None
    cards: CardSet = SHIPPED_AND_MINE  # the card set this game was made with
    present: Presentation = Presentation()
    testing: TestHooks | None = None
    # how a state is written to a save's checkpoint (engine/statejson.py)
    state_codec: StateCodec = StateCodec()
    # the clause or ruling that refuses a move tried by a seat that is not deciding
    decision_rule: str = "decision"

    def with_cards(self, cards: CardSet) -> GameBase:
        """This game made with the card set `cards` (`registry.get` calls it once
        per set): a game without card files is the same in every set."""
        return self

    # -- starting a game ----------------------------------------------------------
    def new_game(self, seed: int, options: dict[str, Any] | None = None, seats: int = 2) -> Any:
        """The first state: the seat count is checked here, for every game (a
        ValueError saying the range), then the game's `deal`."""
        if not self.min_seats <= seats <= self.max_seats:
            raise ValueError(f"{self.name} is for {self.players_text()} players, not {seats}")
        return self.deal(seed, options, seats)

    def players_text(self) -> str:
        """How many players the game is for, in words ("2", "2 to 6")."""
        if self.min_seats == self.max_seats:
            return f"{self.min_seats}"
        return f"{self.min_seats} to {self.max_seats}"

    def deal(self, seed: int, options: dict[str, Any] | None, seats: int) -> Any:
        """The game's first state for a seat count already checked; `options` as
        given (the game reads them with `make_options`)."""
        raise NotImplementedError

    def make_options(self, options: dict[str, Any] | None, seats: int = 2) -> Any:
        """The game's options as its rules read them: by default the checked dict
        (`check_options`); a game with a typed `Options` record builds it here, and
        position files (scenarios, demos) read options through it too."""
        return self.check_options(options)

    # -- the rules (every game writes these) -----------------------------------
    # A game whose rules live in one module names it as `rules` (with
    # `legal_actions(state)` and `apply(state, action)`) and its notation reader as
    # `parse`; the methods below then hand over to them. `explain(state, action) ->
    # (reason, ruling)`, for rules whose `apply` takes a legal action for granted:
    # `apply` refuses any other with its words first.
    rules: Any = None
    parse: Callable[[str], Any] | None = None
    explain: Callable[[Any, Any], tuple[str, str | None]] | None = None

    def decision(self, state: Any) -> Decision | None:
        raise NotImplementedError

    def legal_actions(self, state: Any) -> list[Any]:
        legal: list[Any] = self.rules.legal_actions(state)
        return legal

    def apply(self, state: Any, action: Any) -> tuple[Any, list[Event]]:
        if self.explain is not None and action not in self.rules.legal_actions(state):
            raise IllegalAction(*self.explain(state, action))
        done: tuple[Any, list[Event]] = self.rules.apply(state, action)
        return done

    def view(self, state: Any, seat: int | None) -> View:
        raise NotImplementedError

    def outcome(self, state: Any) -> Outcome | None:
        """How the game ended, None while it goes on: by default the state's `result`."""
        result: Outcome | None = state.result
        return result

    def parse_action(self, text: str) -> Any:
        if self.parse is None:
            raise NotImplementedError(f"{self.name} reads no notation")
        return self.parse(text)

    def zones(self, seats: int) -> list[str]:
        raise NotImplementedError

    def all_cards(self, state: Any) -> dict[str, list[str]]:
        raise NotImplementedError

    def pack(self) -> list[str]:
        """Every card of the game's pack once, in the order a printed pack is
        sorted (`shrinetable print` of a game without card files): by default a
        new game's cards as `all_cards` lists them."""
        state = self.new_game(1, {}, self.min_seats)
        return [c for cards in self.all_cards(state).values() for c in cards]

    def turn_number(self, state: Any) -> int:
        """The turn the game is in, from 1 (simulations cap games by it): by default
        the state's `turn_no`."""
        turn: int = state.turn_no
        return turn

    # -- checkpoints of a long save --------------------------------------------------
    def dump_state(self, state: Any, deal: Any) -> dict[str, Any]:
        """`state` as plain JSON data; `deal` is the new deal (same seed, options
        and seats) it was played from. StateError if it cannot be written."""
        return self.state_codec.dump(state, deal)

    def load_state(self, data: Any, deal: Any) -> Any:
        """The state `dump_state` wrote, played from `deal`; StateError naming the
        path of what is not one (a checkpoint is read from a file)."""
        return self.state_codec.load(data, deal)

    # -- options ----------------------------------------------------------------
    def check_options(self, options: dict[str, Any] | None) -> dict[str, Any]:
        """`options` checked against the declared `OptionSpec`s (name and choices),
        defaults filled in; ValueError naming the unknown option or bad value."""
        options = dict(options or {})
        files = self._deck_files(options)
        known = {o.name: o for o in self.options}
        for key, value in options.items():
            if key not in known:
                raise ValueError(
                    f"unknown option {key!r} for {self.name}; known: "
                    f"{', '.join(sorted(known)) or 'none'}"
                )
            choices = known[key].choices
            if value not in choices or type(value) is not type(known[key].default):
                words = (
                    "true or false"
                    if isinstance(known[key].default, bool)
                    else ", ".join(str(c) for c in choices)
                )
                raise ValueError(f"option {key!r} takes {words}, not {value!r}")
        return {o.name: files.get(o.name, options.get(o.name, o.default)) for o in self.options}

    def _deck_files(self, options: dict[str, Any]) -> dict[str, str]:
        """Taken out of `options`: the values of deck options (`file="deck"`) that are
        no shipped deck, each checked by the card data's `resolve_deck` (a ValueError
        saying what is wrong with the file or the deck)."""
        resolve = self.card_data.resolve_deck if self.card_data else None
        files = {
            o.name: options.pop(o.name)
            for o in self.options
            if resolve
            and o.file == "deck"
            and isinstance(options.get(o.name), str)
            and options[o.name] not in o.choices
        }
        for value in files.values():
            assert resolve is not None  # a value is taken out only when there is one
            resolve(value)
        return files

    # -- the table's optional hooks ---------------------------------------------
    def gesture(self, state: Any, action: Any) -> Gesture:
        """The drag or click that makes `action` for the seat deciding now; by
        default the action's own `gesture(seat)`. A game whose cards move between
        zones in ways the action text does not say overrides this."""
        decision = self.decision(state)
        assert decision is not None, "no gesture once the game is over"
        gesture: Gesture = action.gesture(decision.seat)
        return gesture

    def guess_actions(
        self, seat: int, held: tuple[str, ...], source: str, zone: str, card: str | None
    ) -> list[str]:
        """Action texts a refused drag most likely meant, so the table can show
        the engine's reason for refusing it."""
        return []

    def drop_hint(self, seat: int, held: tuple[str, ...], zone: str) -> str | None:
        """A how-to for a drag that can never be a move as it is."""
        return None

    def idle(self, state: Any) -> bool:
        """True when the deciding person's moves other than an `auto_pass` could
        come to nothing, so the table passes for them."""
        return False

    def nothing_to_decide(self, state: Any) -> Any | None:
        """The move that only moves on (a priority pass, "next act") when the
        deciding person has nothing to decide in this step: every other legal move
        would come to nothing now (a "next act" beside taps that pay for nothing,
        a response no contest counts). The table makes it for them, as they would
        have had to; None when there is a choice. Default: the `auto_pass` move
        when `idle` says so."""
        if not self.auto_pass or not self.idle(state):
            return None
        return next((a for a in self.legal_actions(state) if a.text in self.auto_pass), None)

    def missing_move(self, state: Any) -> Any | None:
        """A save made under older rules lacks the moves of a decision added since
        (a step the rules then took by themselves): the move that takes it as
        they did, when a saved move does not apply at `state`; None: the save is
        at fault. Read only while a save is replayed (adapter/session.py)."""
        return None

    def standing_of(self, key: str) -> Standing | None:
        """The game's standing answer named `key` (None: it has none by that
        name, e.g. a key from a file or another table)."""
        return next((s for s in self.standing if s.key == key), None)

    def skip_warning(self, state: Any, action: Any) -> str:
        """A question for the table to ask before the deciding seat makes
        `action`, when it gives up something that cannot be taken back while a
        useful move is left (ending a turn with cards still playable, giving up a
        Hero, proposing nothing with an Event in hand); '' when there is none.
        A turn given up is asked in `skip_question`'s words, alike in every game."""
        return ""

    def hand_zone(self, seat: int) -> str:
        """The zone holding `seat`'s hand (the table selects several cards there,
        and its benchmark drags one from it). Default: `hand:<seat>`."""
        return f"hand:{seat}"

    # -- a self-play report's figures (`shrinetable report`) ------------------------
    # kinds of event in which cards leaving a seat's hand are played (not discarded)
    played: tuple[str, ...] = ("play",)

    def deck_option(self, seat: int) -> str | None:
        """The option that chooses `seat`'s deck (a report pairs every deck), if
        any: by default the one named `deck_pN`, N = seat + 1."""
        name = f"deck_p{seat + 1}"
        return name if any(o.name == name for o in self.options) else None

    def card_kind(self, card: str) -> str:
        """What every copy of `card` (in notation) shares, so figures add up per
        card: by default the id before `#N`, else the notation itself."""
        return card.rpartition("#")[0] or card

    def determinise(self, state: Any, seat: int, rng: random.Random) -> Any | None:
        """A state `seat` cannot tell from `state`, drawn with `rng`: the other
        seats' secret choices hidden (`observe`), every card it cannot see dealt
        again and the game's generator drawn afresh. What a computer that looks
        ahead plays out (`players`, the hard strength). Default: the re-deal the
        contract tests check (`testing.reshuffle_unseen`); None for a game without
        one, whose looking-ahead computer then plays as its normal one."""
        if self.testing is None:
            return None
        return self.testing.reshuffle_unseen(self.observe(state, seat), seat, rng)

    def observe(self, state: Any, seat: int) -> Any:
        """The state as a computer player at `seat` may know it: a game with
        secret choices hides other seats' commitments here. Default: the state
        (a game whose AI reads only what its seat may see needs nothing more)."""
        return state
