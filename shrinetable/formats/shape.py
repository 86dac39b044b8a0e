"""Plain data a person wrote (parsed TOML) read into frozen dataclasses by their
annotations, every fault named by its key path. The layout reader runs at every
start of the table; pydantic, which the other formats use, took a fifth of a
launch to import, and the layout's objects are read every frame.

An annotation says what a field takes: str, bool, int, float (a whole number is
taken as a number), a Literal of values, a tuple of a fixed length whose items
are of one type, list[X], dict[K, V] (K str or a Literal), a dataclass, or X |
None (None only when the key is left out: TOML has no null). A value of another
type is refused, not converted. Bounds go in the field's metadata (`bounds`):
`gt`, `ge`, `le` for numbers, `min_length` for lists. A field that is not
`init` is not read.
"""

from __future__ import annotations

import dataclasses
import types
import typing
from functools import cache
from typing import Any, Literal

Fault = tuple[tuple[str, ...], str]  # (key path, what is wrong)
NAMES = {str: "text", bool: "true or false", int: "a whole number", float: "a number"}
_BAD = object()  # a value that was refused (its fault is listed)


def bounds(**limits: float) -> dict[str, Any]:
    """A field's metadata holding its bounds: `field(default=1.0, metadata=bounds(gt=0))`."""
    return {"bounds": limits}


def read(cls: type, data: Any) -> tuple[Any, list[Fault]]:
    """`data` as a `cls`, or None and every fault found."""
    faults: list[Fault] = []
    value = _read(cls, data, (), faults)
    return (None if faults else value), faults


@cache
def _hints(cls: type) -> dict[str, Any]:
    return typing.get_type_hints(cls)


def _words(values: tuple[Any, ...]) -> str:
    said = [repr(v) for v in values]
    return said[0] if len(said) == 1 else f"{', '.join(said[:-1])} or {said[-1]}"


def _read(tp: Any, v: Any, path: tuple[str, ...], faults: list[Fault]) -> Any:
    origin, args = typing.get_origin(tp), typing.get_args(tp)
    if isinstance(tp, type) and dataclasses.is_dataclass(tp):
        return _record(tp, v, path, faults)
    if origin in (typing.Union, types.UnionType):
        return _read(next(a for a in args if a is not type(None)), v, path, faults)
    if origin is Literal:
        if any(type(v) is type(a) and v == a for a in args):
            return v
        faults.append((path, f"should be {_words(args)}; found {v!r:.60}"))
        return _BAD
    if origin is tuple:
        if not isinstance(v, list) or len(v) != len(args):
            faults.append((path, f"should be a list of {len(args)} items, each {NAMES[args[0]]}"))
            return _BAD
        return tuple(
            _read(a, x, (*path, str(i)), faults)
            for i, (a, x) in enumerate(zip(args, v, strict=True))
        )
    if origin is list:
        if not isinstance(v, list):
            faults.append((path, "should be a list"))
            return _BAD
        return [_read(args[0], x, (*path, str(i)), faults) for i, x in enumerate(v)]
    if origin is dict:
        return _table(args, v, path, faults)
    return _scalar(tp, v, path, faults)


def _scalar(tp: Any, v: Any, path: tuple[str, ...], faults: list[Fault]) -> Any:
    if type(v) is tp or (tp is float and type(v) is int):
        return tp(v)
    faults.append((path, f"should be {NAMES[tp]}; found {v!r:.60}"))
    return _BAD


def _table(args: tuple[Any, ...], v: Any, path: tuple[str, ...], faults: list[Fault]) -> Any:
    if not isinstance(v, dict):
        faults.append((path, "should be a table"))
        return _BAD
    key, value = args
    out = {}
    for k, x in v.items():
        if key is str or _read(key, k, (*path, k), faults) is not _BAD:
            out[k] = _read(value, x, (*path, k), faults)
    return out


def _record(cls: type, v: Any, path: tuple[str, ...], faults: list[Fault]) -> Any:
    if not isinstance(v, dict):
        faults.append((path, "should be a table"))
        return _BAD
    fields = [f for f in dataclasses.fields(cls) if f.init]
    known = {f.name for f in fields}
    before, out = len(faults), {}
    for f in fields:
        where = (*path, f.name)
        if f.name in v:
            out[f.name] = _read(_hints(cls)[f.name], v[f.name], where, faults)
            _check(out[f.name], f.metadata.get("bounds", {}), where, faults)
        elif f.default is dataclasses.MISSING and f.default_factory is dataclasses.MISSING:
            faults.append((where, "missing"))
    faults += [((*path, k), "unknown key (check the spelling)") for k in v if k not in known]
    return cls(**out) if len(faults) == before else _BAD


def _check(v: Any, limits: dict[str, float], path: tuple[str, ...], faults: list[Fault]) -> None:
    """The field's bounds (see the module's words) on its value, if it was read."""
    if v is _BAD:
        return
    said = {
        "gt": "greater than {}",
        "ge": "at least {}",
        "le": "at most {}",
        "min_length": "at least {} long",
    }
    broken = [
        said[k].format(n)
        for k, n in limits.items()
        if not (
            v > n if k == "gt" else v >= n if k == "ge" else v <= n if k == "le" else len(v) >= n
        )
    ]
    if broken:
        faults.append((path, f"should be {' and '.join(broken)}; found {v!r:.60}"))
