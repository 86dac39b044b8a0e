"""Arguments that several commands read, read one way with one set of messages.

Game options are written `NAME=VALUE` (`play --option`, `simulate --option`):
each value is read as the type of the option's default (`OptionSpec`: on/off, a
whole number or a word), then the game checks the whole set (`check_options`:
known names, allowed values). Sizes are written `WIDTHxHEIGHT` (`play --size`,
`demo --size`), each command with its own smallest size.
"""

from __future__ import annotations

from typing import Any

TRUE = ("true", "yes", "on", "1")
FALSE = ("false", "no", "off", "0")


def parse_options(game: Any, pairs: list[str]) -> dict[str, Any]:
    """The options `pairs` set, typed; ValueError naming the pair otherwise."""
    known = {o.name: o for o in game.options}
    out: dict[str, Any] = {}
    for pair in pairs:
        name, eq, text = pair.partition("=")
        if not eq or not name:
            raise ValueError(f"--option {pair!r} is not NAME=VALUE")
        if name not in known:
            raise ValueError(f"--option {pair!r}: unknown option {name!r}; {game.name} has no "
                             f"such option (known: {', '.join(sorted(known)) or 'none'})")
        out[name] = _value(name, text, known[name].default)
    game.check_options(out)
    return out


def _value(name: str, text: str, default: Any) -> Any:
    """`text` as the type of `default`."""
    word = text.strip().lower()
    if isinstance(default, bool):
        if word in TRUE + FALSE:
            return word in TRUE
        raise ValueError(f"option {name!r} takes true or false, not {text!r}")
    if isinstance(default, int):
        try:
            return int(word)
        except ValueError:
            raise ValueError(f"option {name!r} takes a whole number, not {text!r}") from None
    return text.strip()


def parse_size(text: str, least: tuple[int, int]) -> tuple[int, int]:
    """`WIDTHxHEIGHT` as two ints, at least `least`; ValueError otherwise."""
    w, _, h = text.lower().partition("x")
    if not (w.strip().isdigit() and h.strip().isdigit()):
        raise ValueError(f"--size {text!r}: write WIDTHxHEIGHT, e.g. 1280x720")
    size = int(w), int(h)
    if size[0] < least[0] or size[1] < least[1]:
        raise ValueError(f"--size {text!r}: too small; at least {least[0]}x{least[1]}")
    return size
