"""The engine contract of ARCHITECTURE.md, checked over every registered game.

Random walks (uniformly random legal actions, seeded) drive each game; hypothesis
picks seeds, options and seat counts. What holds for every game: determinism,
legal actions apply and nothing else does (with a reason), every card in exactly
one zone after every step, unique legal actions, notation round trips, games end,
views and events hide what a seat may not see, and a golden log diffs cleanly.
"""

from __future__ import annotations

import itertools
import os
import random
from collections import Counter
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from plugin_game import GAME as SEALED

from shrinetable.engine import REVEAL, IllegalAction, NotationError
from shrinetable.engine.registry import get, names, register

# The test-only game is registered here, as a game from outside the program would
# be: the contract holds for it exactly as for the built-in games.
register(SEALED)
GAMES = names()
GOLDEN = Path(__file__).parent / "golden"
FULL = 3000  # steps: a random walk this long is a whole game (or nearly all of one)
# How long each game walks, how many whole games it plays and within what budget
# come from the game's own `testing` hooks (`TestHooks`): games whose steps cost
# more walk less, so the file stays quick.
HYPO = settings(
    deadline=None, max_examples=30, derandomize=True, suppress_health_check=[HealthCheck.too_slow]
)


# --------------------------------------------------------------------------- helpers


def option_combos(game) -> list[dict[str, Any]]:
    """Every combination of the game's option choices."""
    specs = game.options
    return [
        dict(zip([o.name for o in specs], values, strict=True))
        for values in itertools.product(*(o.choices for o in specs))
    ]


def clamp_seats(game, seats: int) -> int:
    return max(game.min_seats, min(game.max_seats, seats))


def setup(game, seed: int, combo: int, seats: int):
    combos = option_combos(game)
    options = combos[combo % len(combos)]
    return game.new_game(seed, options, clamp_seats(game, seats)), options


def card_count(game, state) -> Counter:
    """How often each card appears in a zone; a game's tokens (which come and go) are
    left out."""
    token = game.testing.is_token
    return Counter(c for cards in game.all_cards(state).values() for c in cards if not token(c))


def walk(game, state, rng: random.Random, steps: int) -> Iterator[tuple[Any, list, Any, Any, list]]:
    """Up to `steps` uniformly random legal steps: yields
    (state, legal actions, action, next state, events); at most the game's own walk."""
    for _ in range(min(steps, game.testing.walk)):
        if game.outcome(state) is not None:
            return
        legal = game.legal_actions(state)
        action = rng.choice(legal)
        after, events = game.apply(state, action)
        yield state, legal, action, after, events
        state = after


def play_out(game, seed: int, options: dict, seats: int, cap: int) -> tuple[Any, int]:
    """A full random game (at most `cap` steps): final state and steps taken."""
    state = game.new_game(seed, options, seats)
    rng = random.Random(seed)
    steps = 0
    while steps < cap and game.outcome(state) is None:
        state, _ = game.apply(state, rng.choice(game.legal_actions(state)))
        steps += 1
    return state, steps


walk_args = given(
    seed=st.integers(0, 2**31 - 1), combo=st.integers(0, 255), seats=st.integers(2, 6)
)


# --------------------------------------------------------------------------- determinism


@pytest.mark.parametrize("name", GAMES)
@HYPO
@walk_args
def test_same_seed_and_actions_give_same_state_and_events(name, seed, combo, seats):
    """Same seed, options and actions (replayed from their text): the same cards
    in every zone and the same events after every step."""
    game = get(name)
    start, options = setup(game, seed, combo, seats)
    history = [
        (a.text, game.all_cards(after), [e.text for e in evs])
        for _, _, a, after, evs in walk(game, start, random.Random(seed), FULL)
    ]
    again = game.new_game(seed, options, clamp_seats(game, seats))
    assert game.all_cards(again) == game.all_cards(start)
    for text, cards, texts in history:
        again, evs = game.apply(again, game.parse_action(text))
        assert game.all_cards(again) == cards, text
        assert [e.text for e in evs] == texts, text


# --------------------------------------------------------------------------- legality


@pytest.mark.parametrize("name", GAMES)
@HYPO
@walk_args
def test_every_legal_action_applies_and_legal_actions_are_unique(name, seed, combo, seats):
    """At positions along a random walk every legal action applies without error,
    keeps every card, and the legal list has no duplicates."""
    game = get(name)
    start, _ = setup(game, seed, combo, seats)
    total = card_count(game, start)
    for i, (state, legal, _, _, _) in enumerate(walk(game, start, random.Random(seed), FULL)):
        assert len(set(legal)) == len(legal), "legal actions repeat"
        assert legal, "a game not over offers at least one action"
        assert game.decision(state) is not None
        if i % 4:
            continue
        for action in legal:
            after, events = game.apply(state, action)
            assert card_count(game, after) == total, action.text
            assert isinstance(events, list)


def _mutations(text: str, tokens: list[str], rng: random.Random, k: int) -> list[str]:
    parts = text.split()
    out = []
    for _ in range(k):
        i = rng.randrange(len(parts))
        out.append(" ".join([*parts[:i], rng.choice(tokens), *parts[i + 1 :]]))
    return out


@pytest.mark.parametrize("name", GAMES)
@HYPO
@walk_args
def test_actions_not_in_the_legal_list_are_refused_with_a_reason(name, seed, combo, seats):
    """Near misses (legal actions of other positions, legal actions with one word
    changed) are refused with IllegalAction carrying a reason, and leave the
    state as it was."""
    game = get(name)
    start, _ = setup(game, seed, combo, seats)
    pool: set[str] = set()
    rng = random.Random(seed + 1)
    other = game.new_game(seed + 1, None, clamp_seats(game, seats))
    for _, legal, _, _, _ in walk(game, other, rng, 300):
        pool.update(a.text for a in legal)
    pool_list = sorted(pool)
    tokens = sorted({t for text in pool_list for t in text.split()})
    refused = 0
    for i, (state, legal, _, _, _) in enumerate(walk(game, start, random.Random(seed), FULL)):
        if i % 3:
            continue
        texts = rng.sample(pool_list, min(15, len(pool_list)))
        texts += _mutations(rng.choice(legal).text, tokens, rng, 10)
        before = game.all_cards(state)
        for text in texts:
            try:
                action = game.parse_action(text)
            except NotationError:
                continue
            if action in legal:
                continue
            with pytest.raises(IllegalAction) as info:
                game.apply(state, action)
            assert info.value.reason.strip(), text
            assert game.all_cards(state) == before
            refused += 1
    assert refused > 0


# --------------------------------------------------------------------------- conservation


def deck_size(game, options: dict, seats: int) -> int:
    return len(card_count(game, game.new_game(0, options, seats)))


@pytest.mark.parametrize("name", GAMES)
@HYPO
@walk_args
def test_every_card_in_exactly_one_zone_after_every_step(name, seed, combo, seats):
    """No card is lost or duplicated by any step."""
    game = get(name)
    start, options = setup(game, seed, combo, seats)
    full = deck_size(game, options, clamp_seats(game, seats))
    for _, _, action, after, _ in walk(game, start, random.Random(seed), FULL):
        count = card_count(game, after)
        assert len(count) == full and set(count.values()) == {1}, action.text


# --------------------------------------------------------------------------- notation


@pytest.mark.parametrize("name", GAMES)
@HYPO
@walk_args
def test_every_action_text_parses_back_to_the_same_action(name, seed, combo, seats):
    """For every legal action seen in random play, parse(a.text) == a and its text
    is unchanged."""
    game = get(name)
    start, _ = setup(game, seed, combo, seats)
    for _, legal, _, _, _ in walk(game, start, random.Random(seed), FULL):
        for a in legal:
            back = game.parse_action(a.text)
            assert back == a, a.text
            assert back.text == a.text


# --------------------------------------------------------------------------- termination


@pytest.mark.parametrize("name", GAMES)
def test_random_self_play_ends_within_its_step_budget_in_95_percent_of_games(name):
    """Uniformly random play ends a game within its budget (`testing.budget` steps)
    at least 95% of the time (over `testing.endings` games); each game's hooks say
    what was measured for it."""
    game = get(name)
    combos = option_combos(game)
    games, ended = game.testing.endings, 0
    for i in range(games):
        seats = clamp_seats(game, 2 + i % 3)
        state, _ = play_out(game, 10_000 + i, combos[i % len(combos)], seats, game.testing.budget)
        ended += game.outcome(state) is not None
    assert ended >= 0.95 * games


# --------------------------------------------------------------------------- hidden information


def test_every_game_says_how_to_reshuffle_its_unseen_cards():
    """The redaction contract needs, for each registered game, test hooks with a way
    to reshuffle what a seat cannot see."""
    for name in GAMES:
        assert get(name).testing is not None, name
        assert callable(get(name).testing.reshuffle_unseen), name


@pytest.mark.parametrize("name", GAMES)
@HYPO
@walk_args
def test_view_unchanged_when_unseen_cards_are_reshuffled(name, seed, combo, seats):
    """A seat's view (and, when it decides, its legal actions) does not change
    when the cards it cannot see are dealt differently."""
    game = get(name)
    start, _ = setup(game, seed, combo, seats)
    rng = random.Random(seed)
    n = clamp_seats(game, seats)
    for i, (state, _, _, _, _) in enumerate(walk(game, start, random.Random(seed), FULL)):
        if i % 4:
            continue
        for seat in [*range(n), None]:
            other = game.testing.reshuffle_unseen(state, seat, rng)
            assert game.view(other, seat) == game.view(state, seat)
            d = game.decision(state)
            if d is not None and d.seat == seat:
                assert game.legal_actions(other) == game.legal_actions(state)


@pytest.mark.parametrize("name", GAMES)
def test_the_computer_reads_nothing_its_seat_may_not_see(name):
    """The computer's choice (fed `observe`) does not change when the cards its
    seat cannot see are dealt differently, all through a random game."""
    game = get(name)
    if game.ai is None:
        pytest.skip(f"{name} has no computer player")
    s, rng = game.new_game(5), random.Random(5)
    for i in range(90):
        if game.outcome(s) is not None:
            break
        seat = game.decision(s).seat
        if i % 3 == 0:
            a = game.ai(game.observe(s, seat), random.Random(0))
            for k in range(2):
                other = game.testing.reshuffle_unseen(s, seat, random.Random(k))
                assert game.ai(game.observe(other, seat), random.Random(0)) == a, (i, k)
        s, _ = game.apply(s, rng.choice(game.legal_actions(s)))


def _visible(game, state, seat) -> set[str]:
    return {c for z in game.view(state, seat).zones.values() for c in z.cards if c is not None}


def _closed(game, state, seat) -> set[str]:
    """Zones holding a card `seat` may not see."""
    return {name for name, z in game.view(state, seat).zones.items() if None in z.cards}


def _announced(events) -> set[str]:
    """Cards named in a public announcement (no zones, seen by all): a special card
    played, or bids revealed together."""
    return {
        c
        for e in events
        if e.source is None and e.target is None and e.visible_to is None
        for c in e.cards
        if c is not None
    }


@pytest.mark.parametrize("name", GAMES)
@settings(HYPO, max_examples=10)
@walk_args
def test_events_redacted_with_seen_by(name, seed, combo, seats):
    """An event moving cards between zones a seat cannot see into (a draw into
    another hand, a steal between two other hands) names, as `seen_by` that seat,
    no card the seat sees neither before nor after the step."""
    game = get(name)
    start, _ = setup(game, seed, combo, seats)
    n = clamp_seats(game, seats)
    checked = 0
    for state, _, action, after, events in walk(game, start, random.Random(seed), FULL):
        for seat in [*range(n), None]:
            closed = _closed(game, state, seat) | _closed(game, after, seat)
            known = _visible(game, state, seat) | _visible(game, after, seat)
            known |= _announced(events)
            for e in events:
                if e.source not in closed or e.target not in closed:
                    continue
                checked += 1
                shown = {c for c in e.seen_by(seat).cards if c is not None}
                assert shown <= known, (action.text, e.kind, e.text, seat, shown - known)
    assert checked


# --------------------------------------------------------------------------- secret choices


def _alike(game, one, two, q: int, n: int, rng_seed: int) -> None:
    """Everything a seat other than `q` (or a spectator) may know is the same in
    the two states: its view, and what the game's computer player would choose from
    what it may observe when that seat decides."""
    for r in [*range(n), None]:
        if r == q:
            continue
        assert game.view(one, r) == game.view(two, r), f"p{q + 1}'s secret shows to {r}"
    d = game.decision(one)
    if d is not None and d.seat != q and game.ai is not None:
        pick = [game.ai(game.observe(s, d.seat), random.Random(rng_seed)) for s in (one, two)]
        assert pick[0] == pick[1], f"p{d.seat + 1}'s computer reads p{q + 1}'s secret"


def _seen(events, r) -> list:
    return [e.seen_by(r) for e in events]


@pytest.mark.parametrize("name", GAMES)
@settings(HYPO, max_examples=10)
@walk_args
def test_a_secret_choice_shows_to_nobody_else_until_the_reveal(name, seed, combo, seats):
    """At a secret decision of seat q, every legal choice leaves every other seat
    (and a spectator) the same views and the same events (as `seen_by` them), and
    its computer player the same choice from `observe`; and so on, with the same
    moves after it in both games, until a public event of kind REVEAL shows the
    choices (or q decides again: it knows what it chose)."""
    game = get(name)
    start, _ = setup(game, seed, combo, seats)
    n = clamp_seats(game, seats)
    rng = random.Random(seed)
    checked = 0
    for state, legal, _, _, _ in walk(game, start, random.Random(seed), FULL):
        d = game.decision(state)
        if not d.secret:
            continue
        q = d.seat
        first = game.apply(state, legal[0])
        for other in legal[1:]:
            (one, e1), (two, e2) = first, game.apply(state, other)
            while not any(e.kind == REVEAL for e in e1):
                for r in [*range(n), None]:
                    if r != q:
                        assert _seen(e1, r) == _seen(e2, r), (other.text, r)
                _alike(game, one, two, q, n, seed)
                checked += 1
                nxt = game.decision(one)
                if nxt is None or nxt.seat == q:
                    break
                choices = game.legal_actions(one)
                assert game.legal_actions(two) == choices
                step = rng.choice(choices)
                (one, e1), (two, e2) = game.apply(one, step), game.apply(two, step)
    if not checked:
        pytest.skip(f"{name}'s walk met no secret decision")


# --------------------------------------------------------------------------- golden


def golden_log(game, seed: int, steps: int) -> str:
    """The log of `steps` seeded random actions from a seeded two-player game:
    each action with its deciding seat, then its events in full."""
    state = game.new_game(seed, None, 2)
    lines = [
        f"# {game.name} seed {seed}, two players, default options, "
        f"{steps} random actions (random.Random({seed}))"
    ]
    lines += [f"start {zone}: {' '.join(cards)}" for zone, cards in game.all_cards(state).items()]
    for i, (s, _, action, _, events) in enumerate(walk(game, state, random.Random(seed), steps)):
        lines.append(f"{i + 1:03d} p{game.decision(s).seat + 1} {action.text}")
        for e in events:
            cards = " ".join(c or "??" for c in e.cards)
            lines.append(f"    {e.kind}: {e.text}" + (f" [{cards}]" if cards else ""))
    return "\n".join(lines) + "\n"


@pytest.mark.parametrize("name", GAMES)
def test_golden_playthrough_seed7_diffs_cleanly(name):
    """Seed 7 and the first 60 random (seeded) actions give the committed log
    `golden/<game>_seed7.txt`. Set SHRINETABLE_REGOLD=1 to write a new game's,
    or rewrite them after a deliberate rules change (docs/new-game.md)."""
    path = GOLDEN / f"{name}_seed7.txt"
    log = golden_log(get(name), 7, 60)
    if os.environ.get("SHRINETABLE_REGOLD"):
        path.parent.mkdir(exist_ok=True)
        path.write_text(log)
    assert path.is_file(), (
        f"no golden log for {name}: write it with SHRINETABLE_REGOLD=1 "
        "python3 -m pytest tests/test_contract.py -k golden, read it, "
        "commit it"
    )
    assert log.splitlines() == path.read_text().splitlines()


# --------------------------------------------------------------------------- many games


@pytest.mark.slow
@pytest.mark.parametrize("name", GAMES)
def test_2000_random_full_games_raise_nothing(name):
    """`testing.many` random full games (2-4 players, every option combination) run
    without an exception and end with every card in one zone; at most 1% may still
    be running after 5,000 steps (measured for Shrine over 2,000: one game)."""
    game = get(name)
    combos = option_combos(game)
    unfinished, many = 0, game.testing.many
    for i in range(many):
        options = combos[i % len(combos)]
        state, _ = play_out(game, i, options, clamp_seats(game, 2 + i % 3), 5000)
        unfinished += game.outcome(state) is None
        count = card_count(game, state)
        assert set(count.values()) == {1}, (i, options)
    assert unfinished <= many // 100
