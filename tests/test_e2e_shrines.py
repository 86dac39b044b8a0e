"""Shrines end to end through the real window under Xvfb, with real pointer
events: the mulligan by a button, a source put out and tapped, a creature
dragged onto a melee site, and a declared travel from a saved position."""

from __future__ import annotations

import e2e_harness
import pytest
from e2e_harness import ARTIFACTS, App

from shrinetable.adapter import gestures, storage
from shrinetable.adapter.session import Session
from shrinetable.engine import registry

pytestmark = [pytest.mark.e2e, pytest.mark.slow]

GAME = registry.get("shrines")


class Mirror(e2e_harness.Mirror):
    """The shared mirror, seen by p1, following a computer p2's answers."""

    def made(self, text: str) -> None:
        """The person's move shows in the trace; then follow the computer's answers."""
        assert self.app.wait_line("action p1") == f"action p1 {text}"
        self.m.act(0, text)
        while (d := self.m.decision()) is not None and d.seat == 1:
            line = self.app.wait_line("action p2")
            self.m.act(1, line.removeprefix("action p2 "))
        self.app.quiet(0.3)

    def moves(self, kind: str) -> list[gestures.Move]:
        return [m for m in self.m.moves() if m.action.kind == kind]


OPTIONS = {"deck_p1": "green"}  # green has a creature that costs one mana


def _creature_first(seat: int = 0) -> tuple[int, str]:
    """A seed whose first turn lets p1 keep, put out a source, tap it and play a
    creature onto a melee site (found through the engine, not hard-coded)."""
    for seed in range(1, 60):
        s = Session(GAME, seed, OPTIONS, ["human", "computer"])
        for kind in ("keep", "source", "tap"):
            while s.decision().seat != seat:
                s.play(s.computer_action())
            move = next((m for m in gestures.moves(GAME, s.state) if m.action.kind == kind), None)
            if move is None:
                break
            s.play(move.action)
        else:
            while s.decision().seat != seat:
                s.play(s.computer_action())
            for m in gestures.moves(GAME, s.state):
                if (
                    m.action.kind == "play"
                    and m.gesture.target in ("site:a1", "site:b1", "site:c1")
                    and GAME.card_face(m.gesture.cards[0])["type"] == "creature"
                ):
                    return seed, m.gesture.target
    raise AssertionError("no seed found")


def test_mulligan_source_tap_and_a_creature_onto_a_melee_site(xvfb, tmp_path):
    seed, site = _creature_first()
    args = [
        "shrines",
        "--seed",
        str(seed),
        "--option",
        "deck_p1=green",
        "--trace",
        "--seats",
        "human,computer",
    ]
    app = App(xvfb, args, tmp_path)
    try:
        app.wait_line("ready")
        app.window()
        game = Mirror(app, Session(GAME, seed, OPTIONS, ["human", "computer"]))
        app.click(game.first_button())  # "Keep this hand", the only button in the mulligan
        game.made("keep")
        source = game.moves("source")[0]
        app.drag(game.card("hand:0", source.gesture.cards[0]), game.zone("sources:0"))
        game.made(source.text)
        tap = game.moves("tap")[0]
        app.click(game.card("sources:0", tap.gesture.cards[0]))
        game.made(tap.text)
        play = next(
            m
            for m in game.moves("play")
            if m.gesture.target == site and GAME.card_face(m.gesture.cards[0])["type"] == "creature"
        )
        app.drag(game.card("hand:0", play.gesture.cards[0]), game.zone(site))
        game.made(play.text)  # the trace says "action p1 play <creature> <melee site>"
        shot = app.screenshot(ARTIFACTS / "e2e-shrines-play.png")
        assert shot.stat().st_size > 10_000
    finally:
        app.stop()


def _travel_save(tmp_path):
    """A saved game played by the computer until p1 may declare a travel."""
    for seed in range(5, 20):
        s = Session(GAME, seed, {}, ["computer", "computer"])
        while (d := s.decision()) is not None:
            if d.seat == 0 and any(
                m.action.kind == "travel" for m in gestures.moves(GAME, s.state)
            ):
                s.seats = ["human", "computer"]
                return storage.save_as(s, tmp_path / "travel.json"), s
            s.play(s.computer_action())
    raise AssertionError("no seeded game reached a travel for p1")


def test_travel_declared_by_a_drag_from_a_saved_position(xvfb, tmp_path):
    path, session = _travel_save(tmp_path)
    app = App(xvfb, ["--load", str(path), "--trace"], tmp_path)
    try:
        app.wait_line("ready")
        app.window()
        game = Mirror(app, session)
        travel = game.moves("travel")[0]
        app.drag(
            game.card(travel.gesture.source, travel.gesture.cards[0]),
            game.zone(travel.gesture.target),
        )
        game.made(travel.text)
        app.screenshot(ARTIFACTS / "e2e-shrines-travel.png")
    finally:
        app.stop()
