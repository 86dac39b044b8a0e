"""Build a Sorcerer position from an explicit description (the scenario hook).

`Keys` are the position keys only Sorcerer reads (docs/scenarios.md, "Sorcerer
positions"): the `stage` of the turn, magic points `mp`, `turned` cards, the
turn's `lanes` (attacks, defenders and boosts), `played` and `quick_used`.
Cards keep the numbers the file gives them; a deck left out holds that seat's
whole deck (the `deck_p1`/`deck_p2` option), shuffled by the seed and numbered
after the cards named. A problem raises `SetupError` naming the key to blame.
"""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, field_validator

from shrinetable.engine import Named, SetupError, seat_index
from shrinetable.engine.rng import seeded

from .cards import NONE, instance
from .rules import START_MP
from .state import Lane, State

PILES = ("deck", "hand", "play", "discard", "removed")


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid")


class LaneSpec(_Strict):
    """One attack of the turn: the attacker (the active player's), its defender (the
    other player's) and the boosts on each."""

    attacker: str
    defender: str | None = None
    attack_boosts: list[str] = []
    defence_boosts: list[str] = []


class Keys(_Strict):
    """Sorcerer's own position keys."""

    stage: Literal["play", "attack", "defend", "dboost", "aboost"] = "play"
    turn_no: int | None = Field(default=None, ge=1)
    mp: dict[str, int] = {}
    turned: list[str] = []
    lanes: list[LaneSpec] = Field(default=[], max_length=2)
    played: bool = False
    quick_used: bool = False

    @field_validator("mp")
    @classmethod
    def _by_seat(cls, v: dict) -> dict:
        for name in v:
            if name not in ("p1", "p2"):
                raise ValueError(f"a seat is p1 or p2, not {name!r}")
        return v


def position(game: Any, spec: Any) -> State:
    """The State the spec describes (see the module docstring)."""
    opts = game.make_options(spec.options)
    me = seat_index(spec.turn)
    named = Named(game.catalogue.definitions(), instance)
    piles: dict[str, list[int]] = {}

    for zone, cards in spec.zones.items():
        if zone.startswith("lane"):
            raise SetupError(("zones", zone), "write the turn's attacks with the `lanes` key")
        if zone.startswith("player"):
            if cards:
                raise SetupError(("zones", zone), "a player zone holds no cards")
            continue
        q = int(zone.partition(":")[2])
        piles[zone] = [named.take(t, q, ("zones", zone, i)) for i, t in enumerate(cards)]
    lanes = []
    for i, ln in enumerate(spec.lanes):
        loc = ("lanes", i)
        att = named.take(ln.attacker, me, (*loc, "attacker"))
        dfn = -1 if ln.defender is None else named.take(ln.defender, 1 - me, (*loc, "defender"))
        ab = tuple(
            named.take(t, me, (*loc, "attack_boosts", j)) for j, t in enumerate(ln.attack_boosts)
        )
        db = tuple(
            named.take(t, 1 - me, (*loc, "defence_boosts", j))
            for j, t in enumerate(ln.defence_boosts)
        )
        lanes.append(Lane(att, dfn, ab, db))
    rng = seeded(spec.seed)
    for q in (0, 1):
        if f"deck:{q}" not in piles:
            piles[f"deck:{q}"] = named.deck(q, game.files.resolve(opts.decks[q])[1], rng)
    s = State(  # type: ignore[misc]  # the piles fill the fields in PILES' order
        opts,
        rng,
        *named.table(NONE),
        *([piles.get(f"{z}:{q}", []) for q in (0, 1)] for z in PILES),  # type: ignore[arg-type]
        mp=[START_MP, START_MP],
    )
    for name, value in spec.mp.items():
        s.mp[seat_index(name)] = value
    s.turn, s.stage, s.lanes = me, spec.stage, tuple(lanes)
    s.turn_no = spec.turn_no or me + 1
    s.played, s.quick_used = spec.played, spec.quick_used
    _check_stage(s, spec)
    s.turned = frozenset(_turned(s, spec)) | {ln.att for ln in s.lanes}
    return s


def _turned(s: State, spec: Any) -> list[int]:
    out = []
    for i, text in enumerate(spec.turned):
        n = instance(text) if "#" in text else -1
        if (
            not 0 < n < len(s.names)
            or s.names[n] != text
            or not any(n in s.play[q] for q in (0, 1))
        ):
            raise SetupError(("turned", i), f"{text} is not a card in play")
        out.append(n)
    return out


def _check_stage(s: State, spec: Any) -> None:
    """Lanes fit the stage: none before the attack, no defenders before the defend
    step, no boosts before theirs, and never more than two cards in play."""
    st = s.stage
    if st == "play" and s.lanes:
        raise SetupError(("lanes",), "lanes hold the turn's attacks: none in the play step")
    if st in ("defend", "dboost", "aboost") and not s.lanes:
        raise SetupError(("stage",), f"stage {st!r} needs attacks: write them with `lanes`")
    for i, ln in enumerate(s.lanes):
        if ln.dfn >= 0 and st == "attack":
            raise SetupError(("lanes", i, "defender"), "no defenders before the defend step")
        if ln.db and st not in ("aboost",):
            raise SetupError(
                ("lanes", i, "defence_boosts"), "defence boosts come after the defend step"
            )
        if ln.ab:
            raise SetupError(
                ("lanes", i, "attack_boosts"),
                "attack boosts are the turn's last step: reach it with a step",
            )
    if st == "dboost" and not any(ln.dfn >= 0 for ln in s.lanes):
        raise SetupError(("stage",), "the defence boost needs a defender in a lane")
    for q in (0, 1):
        if s.in_play(q) > 2:
            raise SetupError(
                ("zones", f"play:{q}"), f"p{q + 1} has more than two cards in play (lanes included)"
            )
