"""The games copy their state field by field (for speed); a field added to a
State and left out of `copy` must fail here, not shift or share silently."""

from __future__ import annotations

import dataclasses
import random

import pytest

from shrinetable.engine import registry


def played(name: str, steps: int = 300):
    game = registry.get(name)
    state, rng = game.new_game(1, {}, 2), random.Random(1)
    for _ in range(steps):
        if game.outcome(state) is not None:
            break
        state, _ = game.apply(state, rng.choice(game.legal_actions(state)))
    return state


def containers(value) -> list:
    """The mutable containers inside `value` (a list of lists counts each list)."""
    if isinstance(value, list | dict | set):
        inner = value.values() if isinstance(value, dict) else value
        return [value, *(c for v in inner for c in containers(v))]
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        params = getattr(value, "__dataclass_params__", None)
        return [] if params is not None and params.frozen else [value]
    return []


@pytest.mark.parametrize("name", ["shrine", "shrines", "sorcerer"])
def test_copy_keeps_every_field_and_shares_nothing_mutable(name):
    state = played(name)
    state.legal = [object()]
    copy = state.copy()
    for f in dataclasses.fields(state):
        if f.name in ("legal", "facts"):
            assert getattr(copy, f.name) is None  # the cache belongs to one state
            continue
        if f.name == "before":  # Shrines: the copied-from state's facts, to reuse
            assert copy.before is state.facts
            continue
        assert getattr(copy, f.name) == getattr(state, f.name), f.name
        if f.name == "rng":  # shared until a step draws (copy-on-write)
            continue
        if f.name == "perms":  # Shrines: each permanent shared until a step changes it
            assert copy.perms is not state.perms and not copy.owned and not state.owned
            continue
        mine = {id(c) for c in containers(getattr(state, f.name))}
        assert not mine & {id(c) for c in containers(getattr(copy, f.name))}, f.name
