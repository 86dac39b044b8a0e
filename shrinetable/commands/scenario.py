"""`shrinetable scenario FILE...`: set up positions from files and check what
the rules say about each step.

Exit 0 when every expectation holds, 1 when one fails (the failing step and the
actual state are printed), 2 when a file is malformed (file, key and line).
`--legal` prints the legal actions at each file's final position instead.
"""

from __future__ import annotations

import argparse
import sys

from shrinetable.engine import IllegalAction
from shrinetable.formats.errors import FormatError

from .args import add_cards


class Mismatch(Exception):
    """An expectation that does not hold, worded for the report."""


def add_parser(sub) -> None:
    p = sub.add_parser("scenario", help="check positions and steps written in scenario files")
    p.add_argument("files", nargs="+", metavar="FILE", help="scenario files (TOML)")
    p.add_argument("--legal", action="store_true",
                   help="print the legal actions at the final position, one per line")
    add_cards(p)


def run(args: argparse.Namespace) -> int:
    code = 0
    for path in args.files:
        code = max(code, _run_file(path, args.legal, len(args.files) > 1))
    return code


def _run_file(path: str, legal: bool, header: bool) -> int:
    from shrinetable.formats.scenario import load  # here, not at the top: keeps `play` fast

    try:
        loaded = load(path)
    except FormatError as e:
        print(f"malformed scenario: {e}", file=sys.stderr)
        return 2
    game, state = loaded.game, loaded.state
    for i, (step, action) in enumerate(zip(loaded.spec.steps, loaded.actions, strict=True)):
        state, refusal = _apply(game, state, action)
        try:
            _check(game, state, step.expect, refusal)
        except Mismatch as e:
            print(f"FAIL {path} step {i + 1} ({step.action}): {e}")
            print(_describe(game, state))
            return 1
    if legal:
        if header:
            print(f"# {path}")
        for text in sorted(a.text for a in game.legal_actions(state)):
            print(text)
    else:
        print(f"ok {path} ({len(loaded.spec.steps)} steps)")
    return 0


def _apply(game, state, action):
    """The state after the step and the refusal, if any (a refused step leaves
    the position as it was)."""
    try:
        return game.apply(state, action)[0], None
    except IllegalAction as e:
        return state, e


def _check(game, state, exp, refusal: IllegalAction | None) -> None:
    """Raise Mismatch for the first expectation of a step that does not hold."""
    if exp.legal and refusal is not None:
        raise Mismatch(f"expected legal, but refused: {refusal}")
    if not exp.legal:
        if refusal is None:
            raise Mismatch("expected illegal, but it was applied")
        _check_refusal(exp, refusal)
    _check_zones(game, state, exp.zones)
    _check_outcome(game, state, exp.outcome)
    _check_decision(game, state, exp.decision)
    _check_info(game, state, exp.info)


def _check_refusal(exp, refusal: IllegalAction) -> None:
    if exp.reason and exp.reason.lower() not in refusal.reason.lower():
        raise Mismatch(f"expected a reason containing {exp.reason!r}, got {refusal.reason!r}")
    if exp.ruling and exp.ruling != refusal.ruling:
        raise Mismatch(f"expected ruling {exp.ruling!r}, got {refusal.ruling!r} "
                       f"({refusal.reason})")


def _check_zones(game, state, expected: dict[str, list[str]]) -> None:
    """Cards compare in any case (a game's notation may be upper or lower case)."""
    actual = game.all_cards(state)
    for zone, cards in expected.items():
        if [c.upper() for c in actual[zone]] != [c.upper() for c in cards]:
            raise Mismatch(f"expected {zone} = {_cards(cards)}, got {_cards(actual[zone])}")


def _check_outcome(game, state, expected) -> None:
    if expected is None:
        return
    result = game.outcome(state)
    if expected == "none":
        if result is not None:
            raise Mismatch(f"expected no outcome yet, got {_outcome(result)}")
        return
    want = sorted(expected.winners)
    if result is None or sorted(f"p{q + 1}" for q in result.winners) != want:
        raise Mismatch(f"expected winners {want}, got {_outcome(result)}")


def _check_decision(game, state, expected) -> None:
    if expected is None:
        return
    actual = game.decision(state)
    if expected == "none":
        if actual is not None:
            raise Mismatch(f"expected no decision (game over), got {_decision(actual)}")
        return
    if actual is None or (expected.seat not in (None, f"p{actual.seat + 1}")
                          or expected.kind not in (None, actual.kind)):
        want = f"{expected.seat or 'any seat'} {expected.kind or 'any kind'}"
        raise Mismatch(f"expected decision {want}, got {_decision(actual)}")


def _check_info(game, state, expected: dict) -> None:
    """The public view's `info` holds what is expected; a table checks only the keys
    it names (e.g. one card's damage in a table of cards)."""
    if expected:
        _same("info", game.view(state, None).info, expected)


def _same(path: str, actual, expected) -> None:
    if isinstance(expected, dict):
        if not isinstance(actual, dict):
            raise Mismatch(f"expected {path} to be a table, got {actual!r}")
        for key, want in expected.items():
            if key not in actual:
                raise Mismatch(f"expected {path}.{key} = {want!r}, but there is no {key!r} "
                               f"(known: {', '.join(map(str, actual)) or 'nothing'})")
            _same(f"{path}.{key}", actual[key], want)
    elif actual != expected:
        raise Mismatch(f"expected {path} = {expected!r}, got {actual!r}")


def _cards(cards: list[str]) -> str:
    return "[" + " ".join(cards) + "]"


def _outcome(result) -> str:
    if result is None:
        return "no outcome"
    return f"winners {[f'p{q + 1}' for q in result.winners]} ({result.reason})"


def _decision(d) -> str:
    return "none (game over)" if d is None else f"p{d.seat + 1} {d.kind}"


def _describe(game, state) -> str:
    """The actual state, for a failure report: every zone, decision, legal actions."""
    lines = ["  actual state:"]
    for zone, cards in game.all_cards(state).items():
        owner = zone.rpartition(":")[2]
        label = f" (p{int(owner) + 1})" if owner.isdigit() else ""
        lines.append(f"    {zone}{label}: {_cards(cards)}")
    lines.append(f"    decision: {_decision(game.decision(state))}")
    lines.append(f"    outcome: {_outcome(game.outcome(state))}")
    lines += [f"    info.{key}: {value}" for key, value in game.view(state, None).info.items()]
    legal = sorted(a.text for a in game.legal_actions(state))
    lines.append(f"    legal actions ({len(legal)}): {', '.join(legal) or '-'}")
    return "\n".join(lines)
