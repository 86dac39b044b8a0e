"""`shrinetable scenario FILE...`: set up positions from files and check what
the rules say about each step.

Exit 0 when every expectation holds, 1 when one fails (the failing step and the
actual state are printed), 2 when a file is malformed (file, key and line).
`--legal` prints the legal actions at each file's final position instead.
"""

from __future__ import annotations

import argparse
import sys

from shrinetable.engine import CardSet, IllegalAction, seat_index
from shrinetable.formats.errors import FormatError

from .args import add_cards


class Mismatch(Exception):
    """An expectation that does not hold, worded for the report."""


def add_parser(sub) -> None:
    p = sub.add_parser("scenario", help="check positions and steps written in scenario files")
    p.add_argument("files", nargs="+", metavar="FILE", help="scenario files (TOML)")
    p.add_argument(
        "--legal",
        action="store_true",
        help="print the legal actions at the final position, one per line",
    )
    add_cards(p)


def run(args: argparse.Namespace) -> int:
    code = 0
    for path in args.files:
        code = max(code, _run_file(path, args.legal, len(args.files) > 1, args.card_set))
    return code


def _run_file(path: str, legal: bool, header: bool, card_set: CardSet) -> int:
    from shrinetable.formats.scenario import load  # here, not at the top: keeps `play` fast

    try:
        loaded = load(path, card_set)
    except FormatError as e:
        print(f"malformed scenario: {e}", file=sys.stderr)
        return 2
    game, state = loaded.game, loaded.state
    if loaded.spec.refused is not None:
        return _check_refused(path, loaded)
    cards = _cards_in_play(game, state)
    for i, (step, action) in enumerate(zip(loaded.spec.steps, loaded.actions, strict=True)):
        state, refusal = _apply(game, state, action, step.seat)
        try:
            _check(game, state, step.expect, refusal)
            _conserved(game, state, cards)
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


def _check_refused(path: str, loaded) -> int:
    """A position the rules must refuse (`refused`): they do, with that reason."""
    want, got = loaded.spec.refused.reason, loaded.refusal
    if got is None:
        print(f"FAIL {path}: expected the rules to refuse the position ({want!r}), but it starts")
        return 1
    if want.lower() not in got.lower():
        print(f"FAIL {path}: expected a refusal containing {want!r}, got {got!r}")
        return 1
    print(f"ok {path} (refused)")
    return 0


def _apply(game, state, action, seat: str | None = None):
    """The state after the step and the refusal, if any (a refused step leaves
    the position as it was). A step tried by a seat that is not deciding is refused
    by the game's decision rule."""
    d = game.decision(state)
    if seat is not None and d is not None and seat_index(seat) != d.seat:
        return state, IllegalAction(
            f"It is p{d.seat + 1}'s decision ({d.kind}), not {seat}'s.", game.decision_rule
        )
    try:
        return game.apply(state, action)[0], None
    except IllegalAction as e:
        return state, e


def _cards_in_play(game, state) -> list[str]:
    """Every card of the position, each once (conservation: none may vanish);
    tokens, which come and go, left out (the game's `testing.is_token`)."""
    token = game.testing.is_token if game.testing else (lambda card: False)
    return sorted(c for cards in game.all_cards(state).values() for c in cards if not token(c))


def _conserved(game, state, cards: list[str]) -> None:
    now = _cards_in_play(game, state)
    if now != cards:
        gone = sorted(set(cards) - set(now))
        more = sorted(c for c in set(now) if now.count(c) > cards.count(c))
        raise Mismatch(f"cards are not conserved: gone {gone or '-'}, new or doubled {more or '-'}")


def _check(game, state, exp, refusal: IllegalAction | None) -> None:
    """Raise Mismatch for the first expectation of a step that does not hold."""
    if exp.legal and refusal is not None:
        raise Mismatch(f"expected legal, but refused: {refusal}")
    if not exp.legal:
        if refusal is None:
            raise Mismatch("expected illegal, but it was applied")
        _check_refusal(exp, refusal)
    _check_zones(game, state, exp.zones, exp.unordered)
    _check_outcome(game, state, exp.outcome)
    _check_decision(game, state, exp.decision)
    _check_info(game, state, exp.info)
    _check_empty(game, state, exp.info_empty)
    _check_unseen(game, state, exp.unseen)


def _check_refusal(exp, refusal: IllegalAction) -> None:
    if exp.reason and exp.reason.lower() not in refusal.reason.lower():
        raise Mismatch(f"expected a reason containing {exp.reason!r}, got {refusal.reason!r}")
    if exp.ruling and exp.ruling != refusal.ruling:
        raise Mismatch(f"expected ruling {exp.ruling!r}, got {refusal.ruling!r} ({refusal.reason})")


def _check_zones(
    game, state, expected: dict[str, list[str]], unordered: bool | list[str] = False
) -> None:
    """Cards compare in any case (a game's notation may be upper or lower case), in
    order unless the zone is `unordered` (all of them: true)."""
    actual = game.all_cards(state)
    for zone, cards in expected.items():
        have, want = [c.upper() for c in actual[zone]], [c.upper() for c in cards]
        if unordered is True or zone in (unordered or ()):
            have, want = sorted(have), sorted(want)
        if have != want:
            raise Mismatch(f"expected {zone} = {_cards(cards)}, got {_cards(actual[zone])}")


def _settled(expected, actual, nothing: str, words) -> bool:
    """Whether nothing is left to check: `expected` is None (nothing asked), or
    "none" and `actual` is None too (else a Mismatch naming `nothing`, the
    expectation, and `words(actual)`)."""
    if expected == "none" and actual is not None:
        raise Mismatch(f"expected {nothing}, got {words(actual)}")
    return expected is None or expected == "none"


def _check_outcome(game, state, expected) -> None:
    result = game.outcome(state)
    if _settled(expected, result, "no outcome yet", _outcome):
        return
    want = sorted(expected.winners)
    if result is None or sorted(f"p{q + 1}" for q in result.winners) != want:
        raise Mismatch(f"expected winners {want}, got {_outcome(result)}")


def _check_decision(game, state, expected) -> None:
    actual = game.decision(state)
    if _settled(expected, actual, "no decision (game over)", _decision):
        return
    if actual is None or (
        expected.seat not in (None, f"p{actual.seat + 1}")
        or expected.kind not in (None, actual.kind)
    ):
        want = f"{expected.seat or 'any seat'} {expected.kind or 'any kind'}"
        raise Mismatch(f"expected decision {want}, got {_decision(actual)}")


def _check_info(game, state, expected: dict) -> None:
    """The public view's `info` holds what is expected; a table checks only the keys
    it names (e.g. one card's damage in a table of cards)."""
    if expected:
        _same("info", game.view(state, None).info, expected)


def _check_empty(game, state, paths: list[str]) -> None:
    """Each dotted `info` key is absent, none or empty (`info_empty`)."""
    info = game.view(state, None).info
    for path in paths:
        value: object = info
        for key in path.split("."):
            value = value.get(key) if isinstance(value, dict) else None
        if value not in (None, "", [], {}, ()):
            raise Mismatch(f"expected info.{path} absent or empty, got {value!r}")


def _check_unseen(game, state, unseen: dict[str, list[str]]) -> None:
    """The cards are nowhere in that seat's view: no zone shows them face up and no
    `info` value names them (a secret choice stays secret)."""
    for seat, cards in unseen.items():
        view = game.view(state, seat_index(seat))
        shown = {c for z in view.zones.values() for c in z.cards if c} | _words(view.info)
        seen = [c for c in cards if c in shown]
        if seen:
            raise Mismatch(
                f"expected {seat} not to see {', '.join(seen)}, but its view "
                f"shows {'it' if len(seen) == 1 else 'them'}"
            )


def _words(value) -> set[str]:
    """Every string in a view's info, keys included."""
    if isinstance(value, str):
        return {value}
    if isinstance(value, dict):
        return {k for k in value if isinstance(k, str)} | {
            w for v in value.values() for w in _words(v)
        }
    if isinstance(value, list | tuple | set | frozenset):
        return {w for v in value for w in _words(v)}
    return set()


def _same(path: str, actual, expected) -> None:
    if isinstance(expected, dict):
        if not isinstance(actual, dict):
            raise Mismatch(f"expected {path} to be a table, got {actual!r}")
        for key, want in expected.items():
            if key not in actual:
                raise Mismatch(
                    f"expected {path}.{key} = {want!r}, but there is no {key!r} "
                    f"(known: {', '.join(map(str, actual)) or 'nothing'})"
                )
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
