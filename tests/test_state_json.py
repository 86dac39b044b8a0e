"""Every registered game's state round-trips through plain JSON (the checkpoints
of long saves, engine/statejson.py): at random points of seeded random games,
state -> JSON text -> state gives the same JSON, the same legal actions, views,
decision and outcome, and the game goes on drawing the same random numbers.
What a file may not do to a state is refused naming the field."""

from __future__ import annotations

import json
import random

import pytest
from plugin_game import GAME as SEALED

from shrinetable.engine import StateError
from shrinetable.engine.registry import get, names, register

register(SEALED)  # a game from outside the program: the hook is generic
GAMES = names()


def random_game(game, seed: int, steps: int):
    """Yield (deal, state) at every step of a seeded uniformly random game."""
    seats = game.min_seats + seed % (game.max_seats - game.min_seats + 1)
    deal = game.new_game(seed, None, seats)
    state, rng = deal, random.Random(seed)
    for _ in range(steps):
        yield deal, state
        if game.outcome(state) is not None:
            return
        state, _ = game.apply(state, rng.choice(game.legal_actions(state)))


def round_trip(game, state, deal):
    data = json.loads(json.dumps(game.dump_state(state, deal)))
    return data, game.load_state(data, deal)


def same_game(game, a, b, deal) -> None:
    """`a` and `b` are the same position, and stay so for the same moves."""
    seats = game.view(a, None).seats
    assert [x.text for x in game.legal_actions(a)] == [x.text for x in game.legal_actions(b)]
    for q in [None, *range(seats)]:
        assert game.view(a, q) == game.view(b, q)
    assert game.decision(a) == game.decision(b) and game.outcome(a) == game.outcome(b)
    assert game.all_cards(a) == game.all_cards(b)
    rng = random.Random(len(game.legal_actions(a)) if game.outcome(a) is None else 0)
    for _ in range(40):  # the generators agree: shuffles and random picks come out the same
        if game.outcome(a) is not None:
            break
        move = rng.choice(game.legal_actions(a))
        a, _ = game.apply(a, move)
        b, _ = game.apply(b, game.parse_action(move.text))
    assert game.dump_state(a, deal) == game.dump_state(b, deal)


@pytest.mark.parametrize("name", GAMES)
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_a_state_read_back_from_json_is_the_same_game(name, seed):
    game = get(name)
    played = list(random_game(game, seed, 700))
    for deal, state in random.Random(seed).sample(played, min(8, len(played))) + played[-1:]:
        data, back = round_trip(game, state, deal)
        assert game.dump_state(back, deal) == data
        same_game(game, state, back, deal)


@pytest.mark.parametrize("name", GAMES)
def test_the_random_generator_is_kept_whole(name):
    game = get(name)
    deal = game.new_game(7, None, game.min_seats)
    rng_field = next(f for f, v in vars_of(deal).items() if isinstance(v, random.Random))
    _, back = round_trip(game, deal, deal)
    assert getattr(back, rng_field).getstate() == getattr(deal, rng_field).getstate()
    assert getattr(back, rng_field) is not getattr(deal, rng_field)


def vars_of(state) -> dict:
    return {f: getattr(state, f) for f in type(state).__dataclass_fields__}


def first_list_of_ints(data: dict) -> tuple[str, list]:
    return next(
        (k, v)
        for k, v in data.items()
        if isinstance(v, list) and v and all(type(x) is int for x in v)
    )


@pytest.mark.parametrize("name", [n for n in GAMES if n != SEALED.name])
def test_what_a_file_may_not_say_is_refused_naming_the_field(name):
    game = get(name)
    deal = game.new_game(3, None, game.min_seats)
    data = game.dump_state(deal, deal)
    for change, where in [
        (lambda d: d.pop("turn_no"), "turn_no: missing"),
        (lambda d: d.update(turn_no="7"), "turn_no: a whole number expected"),
        (lambda d: d.update(turn_no=True), "turn_no: a whole number expected"),
        (lambda d: d.update(extra=1), "extra: no such field"),
        (lambda d: d.update(rng={"version": 3, "words": "!!", "gauss": None}), "rng: not a random"),
    ]:
        bad = json.loads(json.dumps(data))
        change(bad)
        with pytest.raises(StateError, match=where):
            game.load_state(bad, deal)
    for fixed in game.state_codec.fixed:  # what the deal holds is never read from a file
        assert fixed not in data


def test_a_list_item_of_the_wrong_kind_is_named_by_its_path():
    game = get("sorcerer")
    deal = game.new_game(3, None, 2)
    data = game.dump_state(deal, deal)
    data["hand"][1][2] = "x"
    with pytest.raises(StateError, match=r"^hand\.1\.2: a whole number expected"):
        game.load_state(data, deal)
