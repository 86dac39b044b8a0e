"""A game state as plain JSON and back, for the checkpoints a save keeps.

A long save would otherwise be replayed move by move; with a state written
every so many moves, loading reads the last one and replays only what follows
(adapter/checkpoint.py). Every game's state is a dataclass whose fields are
annotated, so one codec serves them all: the annotations say how each value is
written and, read back, what it must be (an int where an int is meant, a list of
two where a pair is), and a value that is not is refused naming its path
(`hand.0.3`). A game declares in a `StateCodec` what is not written:

- `fixed`: fields the game's new deal already holds and no move changes (the
  options, the card definitions): taken from the deal, never from the file, so a
  checkpoint cannot rewrite what a card does;
- `grows`: tuples the rules only append to (cards made during play): written
  past the deal's length, read back as the deal's followed by those;
- `cache`: fields derived from the rest (legal-action lists and the like):
  left to their defaults.

`random.Random` keeps its whole state (`getstate`), so a game read back draws
exactly what it would have. Pydantic models (a card ability held in a state)
are written with `model_dump` and read with `model_validate`, found by those
methods (the engine does not import pydantic).
"""

from __future__ import annotations

import base64
import dataclasses
import random
import struct
import types
import typing
from dataclasses import dataclass
from functools import cache
from typing import Any


class StateError(ValueError):
    """A checkpoint's state that is not one: `path` is where (`hand.0.3`)."""

    def __init__(self, path: str, message: str):
        self.path = path
        super().__init__(f"{path or '(the state)'}: {message}")


@dataclass(frozen=True)
class StateCodec:
    """What of a game's state a checkpoint does not write (see the module)."""

    fixed: tuple[str, ...] = ()
    grows: tuple[str, ...] = ()
    cache: tuple[str, ...] = ("legal",)

    def dump(self, state: Any, deal: Any) -> dict[str, Any]:
        """`state` as JSON data; `deal` is the game's new deal it was played from."""
        cls: Any = type(state)
        out: dict[str, Any] = {}
        for f in _fields(cls):
            if f in self.fixed or f in self.cache:
                continue
            value, tp = getattr(state, f), _hints(cls)[f]
            if f in self.grows:
                start = getattr(deal, f)
                if tuple(value[: len(start)]) != tuple(start):
                    raise StateError(f, "changed what the deal held (it may only grow)")
                value, tp = tuple(value[len(start) :]), tuple[_item(tp), ...]  # type: ignore[misc]
            out[f] = _dump(value, tp)
        return out

    def load(self, data: Any, deal: Any) -> Any:
        """The state `dump` wrote (StateError naming the path of anything amiss);
        `deal` as for `dump`, of the same seed, options and seats."""
        cls: Any = type(deal)
        if not isinstance(data, dict):
            raise StateError("", "not an object")
        kept = [f for f in _fields(cls) if f not in self.fixed and f not in self.cache]
        unknown = sorted(set(data) - set(kept))
        if unknown:
            raise StateError(unknown[0], "no such field in this game's state")
        values = {f: getattr(deal, f) for f in self.fixed}
        for f in kept:
            if f not in data:
                raise StateError(f, "missing")
            tp = _hints(cls)[f]
            if f in self.grows:
                tail = _load(data[f], tuple[_item(tp), ...], f)  # type: ignore[misc]
                values[f] = (*getattr(deal, f), *tail)
            else:
                values[f] = _load(data[f], tp, f)
        return cls(**values)


@cache
def _fields(cls: Any) -> tuple[str, ...]:
    if dataclasses.is_dataclass(cls):
        return tuple(f.name for f in dataclasses.fields(cls) if f.init)
    return tuple(cls._fields)  # a NamedTuple


@cache
def _hints(cls: type) -> dict[str, Any]:
    return typing.get_type_hints(cls)


def _item(tp: Any) -> Any:
    args = typing.get_args(tp)
    return args[0] if args else Any


def _union(tp: Any) -> bool:
    return typing.get_origin(tp) in (typing.Union, types.UnionType)


def _model(tp: Any) -> bool:
    return isinstance(tp, type) and hasattr(tp, "model_validate") and hasattr(tp, "model_dump")


def _record(tp: Any) -> bool:
    return isinstance(tp, type) and (
        dataclasses.is_dataclass(tp) or (issubclass(tp, tuple) and hasattr(tp, "_fields"))
    )


# -- writing -------------------------------------------------------------------------
def _dump(v: Any, tp: Any) -> Any:
    if _union(tp):
        if v is None:
            return None
        tp = next((t for t in typing.get_args(tp) if t is not type(None) and _is(v, t)), Any)
    origin, args = typing.get_origin(tp) or tp, typing.get_args(tp)
    if tp is random.Random:
        return _rng_dump(v)
    if _record(tp):
        return {f: _dump(getattr(v, f), _hints(tp)[f]) for f in _fields(tp)}
    if _model(tp):
        return v.model_dump(mode="json")
    if origin in (set, frozenset):
        return [_dump(x, _item(tp)) for x in sorted(v)]
    if origin is tuple and args and args[-1] is not Ellipsis:
        return [_dump(x, t) for x, t in zip(v, args, strict=True)]
    if origin in (list, tuple):
        return [_dump(x, _item(tp)) for x in v]
    if origin is dict:
        key, value = args or (Any, Any)
        if key is str:
            return {k: _dump(x, value) for k, x in v.items()}
        return [[_dump(k, key), _dump(x, value)] for k, x in v.items()]
    if tp is Any:
        return _loose(v)
    return v


def _is(v: Any, tp: Any) -> bool:
    """Whether `v` is of a union's member `tp` (by its outer type)."""
    origin = typing.get_origin(tp) or tp
    return (
        isinstance(origin, type)
        and isinstance(v, origin)
        and not (origin is int and isinstance(v, bool))
    )


def _loose(v: Any) -> Any:
    """A value with no annotation to go by (a bare `tuple`): tuples as lists."""
    if isinstance(v, (list, tuple)):
        return [_loose(x) for x in v]
    if v is None or isinstance(v, (bool, int, str, float)):
        return v
    raise StateError("", f"a {type(v).__name__} where no annotation says how to keep it")


def _rng_dump(rng: random.Random) -> dict[str, Any]:
    version, words, gauss = rng.getstate()
    packed = struct.pack(f"<{len(words)}I", *words)
    return {"version": version, "words": base64.b64encode(packed).decode(), "gauss": gauss}


# -- reading -------------------------------------------------------------------------
SCALARS = {int: "a whole number", str: "a text", bool: "true or false", float: "a number"}


def _load(v: Any, tp: Any, path: str) -> Any:
    if _union(tp):
        return _load_union(v, tp, path)
    origin, args = typing.get_origin(tp) or tp, typing.get_args(tp)
    if tp in SCALARS:
        return _scalar(v, tp, path)
    if tp is random.Random:
        return _rng_load(v, path)
    if _record(tp):
        return _load_record(v, tp, path)
    if _model(tp):
        try:
            return tp.model_validate(v)
        except ValueError as e:
            raise StateError(path, f"not a {tp.__name__}: {str(e).splitlines()[0]}") from None
    if origin is dict:
        return _load_dict(v, args or (Any, Any), path)
    if tp is tuple:  # no annotation of its items: lists in it were tuples too
        if not isinstance(v, list):
            raise StateError(path, "not a list")
        return _tuples(v, path)
    if origin in (list, tuple, set, frozenset):
        if not isinstance(v, list):
            raise StateError(path, "not a list")
        if origin is tuple and args and args[-1] is not Ellipsis:
            if len(v) != len(args):
                raise StateError(path, f"a list of {len(args)} expected, not of {len(v)}")
            pairs = enumerate(zip(v, args, strict=True))
            return tuple(_load(x, t, f"{path}.{i}") for i, (x, t) in pairs)
        items = [_load(x, _item(tp), f"{path}.{i}") for i, x in enumerate(v)]
        if origin in (set, frozenset) and len(set(items)) != len(items):
            raise StateError(path, "the same item twice in a set")
        return origin(items)
    if tp is Any:
        return v
    if typing.get_origin(tp) is typing.Literal:
        if v not in args:
            raise StateError(path, f"one of {', '.join(map(repr, args))} expected")
        return v
    raise StateError(path, f"cannot be read as {tp!r}")


def _tuples(v: Any, path: str) -> Any:
    if isinstance(v, list):
        return tuple(_tuples(x, f"{path}.{i}") for i, x in enumerate(v))
    if v is None or isinstance(v, (bool, int, str, float)):
        return v
    raise StateError(path, "not a list, number or text")


def _scalar(v: Any, tp: type, path: str) -> Any:
    if tp is float and isinstance(v, int) and not isinstance(v, bool):
        return float(v)
    if type(v) is not tp:
        raise StateError(path, f"{SCALARS[tp]} expected, not {v!r:.40}")
    return v


def _load_union(v: Any, tp: Any, path: str) -> Any:
    members = typing.get_args(tp)
    if v is None:
        if type(None) in members:
            return None
        raise StateError(path, "missing (null)")
    errors = []
    for t in members:
        if t is type(None):
            continue
        try:
            return _load(v, t, path)
        except StateError as e:
            errors.append(e)
    raise errors[0]


def _load_record(v: Any, tp: type, path: str) -> Any:
    if not isinstance(v, dict):
        raise StateError(path, f"not a {tp.__name__} (an object expected)")
    names = _fields(tp)
    unknown = sorted(set(v) - set(names))
    if unknown:
        raise StateError(f"{path}.{unknown[0]}", f"no such field in a {tp.__name__}")
    missing = [f for f in names if f not in v]
    if missing:
        raise StateError(f"{path}.{missing[0]}", "missing")
    try:
        return tp(**{f: _load(v[f], _hints(tp)[f], f"{path}.{f}") for f in names})
    except (TypeError, ValueError) as e:
        if isinstance(e, StateError):
            raise
        raise StateError(path, f"not a {tp.__name__}: {e}") from None


def _load_dict(v: Any, args: tuple[Any, ...], path: str) -> dict[Any, Any]:
    key, value = args
    if key is str:
        if not isinstance(v, dict):
            raise StateError(path, "not an object")
        return {k: _load(x, value, f"{path}.{k}") for k, x in v.items()}
    if not isinstance(v, list):
        raise StateError(path, "not a list of [key, value] pairs")
    out = {}
    for i, pair in enumerate(v):
        if not isinstance(pair, list) or len(pair) != 2:
            raise StateError(f"{path}.{i}", "not a [key, value] pair")
        k = _load(pair[0], key, f"{path}.{i}.0")
        if k in out:
            raise StateError(f"{path}.{i}.0", "the same key twice")
        out[k] = _load(pair[1], value, f"{path}.{i}.1")
    return out


def _rng_load(v: Any, path: str) -> random.Random:
    try:
        packed = base64.b64decode(v["words"], validate=True)
        words = struct.unpack(f"<{len(packed) // 4}I", packed)
        rng = random.Random()
        rng.setstate((v["version"], words, v["gauss"]))
    except (TypeError, KeyError, ValueError, struct.error) as e:
        raise StateError(path, f"not a random generator's state ({e})") from None
    return rng
