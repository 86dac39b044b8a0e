"""Usagi end to end through the real window under Xvfb, with real xdotool drags,
four people at one device: each discards nothing and proposes an Event by
dropping it face down on their Event place (a secret step, the device handed
over between them); in the actions a Character is dropped into a field, the
others take the device in turn to respond (a pass is a button, an answer a click
or a drag) and a Character is dropped on an Event to involve it. Screenshots go to
test-artifacts/."""

from __future__ import annotations

import random
from functools import cache

import e2e_harness
import pytest
from e2e_harness import ARTIFACTS, App

from shrinetable.adapter import gestures
from shrinetable.adapter.session import Session
from shrinetable.engine import registry

pytestmark = [pytest.mark.e2e, pytest.mark.slow]

GAME = registry.get("usagi")
SEATS = 4
OPTIONS = {"cut": False}


def _plan(seed: int) -> list[str] | None:
    """The first turn of a seeded four-person game: everybody discards nothing and
    proposes an Event if they can; then, in the actions, each plays a Character
    when it can, involves one when it can, responds when it can (once), and
    finishes otherwise; stops after the first involvement. None unless a
    proposal, a Character played, a response and an involvement all happen."""
    s = GAME.new_game(seed, OPTIONS, SEATS)
    texts: list[str] = []
    rng = random.Random(seed)
    responded = False
    for _ in range(200):
        d = GAME.decision(s)
        if d is None:
            return None
        legal = GAME.legal_actions(s)
        by = {a.text: a for a in legal}
        pick = None
        if d.kind == "discard":
            pick = by.get("discard")
        elif d.kind == "propose":
            pick = next((a for a in legal if a.card), None)
        elif d.kind == "respond":
            answers = [a for a in legal if a.kind != "pass"]
            pick = (
                answers[0]
                if answers and not responded and texts and texts[-1].startswith("play")
                else by.get("pass")
            )
            responded = responded or pick.kind != "pass"
        elif d.kind == "action":
            inv = [a for a in legal if a.kind == "involve"]
            play = [
                a
                for a in legal
                if a.kind == "play"
                and not a.other
                and s.defs[int(a.card.rpartition("#")[2])].type == "character"
            ]
            pick = (inv or play or [by.get("finished")])[0]
        pick = pick or rng.choice(legal)
        texts.append(pick.text)
        s, _ = GAME.apply(s, pick)
        if pick.kind == "involve":
            proposals = sum(t.startswith("propose ") for t in texts)
            while GAME.decision(s).kind == "respond":  # everyone passes: it resolves
                texts.append("pass")
                s, _ = GAME.apply(s, GAME.parse_action("pass"))
            return texts if responded and proposals >= 2 else None
    return None


@cache
def plan() -> tuple[int, list[str]]:
    return next((seed, t) for seed in range(1, 200) if (t := _plan(seed)) is not None)


class Mirror(e2e_harness.Mirror):
    """The shared mirror, no one at the device yet, and a person's move made by the
    gesture the table offers for it."""

    def __init__(self, app: App, session: Session):
        super().__init__(app, session, viewer=None)

    def make(self, text: str) -> str:
        """Make move `text` as a person would: take the device if it is another
        person's decision (the handover screen), then drag, click or press its
        button. Says how."""
        if self.m.decision().seat != self.viewer:
            self.take_over()
        if text.startswith("involve"):
            self.app.screenshot(ARTIFACTS / "e2e-usagi-before-involve.png")
        move = next(m for m in self.m.moves() if m.text == text)
        g = move.gesture
        how = gestures.how(move)
        if how == "button":
            self.app.click(self.button(text))
        elif how == "click":
            self.app.click(self.card(g.source, g.cards[0]))
        else:
            for c in g.cards[:-1]:
                self.app.click(self.card(g.source, c))
            start = self.card(g.source, g.cards[-1])
            end = (
                self.card(g.target, g.target_card)
                if g.target_card
                and any(p.zone == g.target and p.name == g.target_card for p in self.placed())
                else self.zone(g.target)
            )
            self.app.drag(start, end)
        self.made(text)
        return how


def test_propose_play_respond_and_involve_with_real_drags(xvfb, tmp_path):
    seed, texts = plan()
    app = App(
        xvfb,
        [
            "usagi",
            "--seed",
            str(seed),
            "--trace",
            "--option",
            "cut=false",
            "--seats",
            ",".join(["human"] * SEATS),
        ],
        tmp_path,
    )
    try:
        app.wait_line("ready")
        app.window()
        m = Mirror(app, Session(GAME, seed, OPTIONS, ["human"] * SEATS))
        ARTIFACTS.mkdir(exist_ok=True)
        m.take_over()  # the first person takes the device
        hows: dict[str, set[str]] = {}
        while len(m.s.history) < len(texts):  # the passes the table forces are made for us
            text = texts[len(m.s.history)]
            kind = (
                "respond"
                if m.s.decision().kind == "respond" and text != "pass"
                else text.split()[0]
            )
            hows.setdefault(kind, set()).add(m.make(text))
            done = [a.text for a in m.s.history][: len(texts)]
            assert done == texts[: len(done)]
        if m.s.decision().seat != m.viewer:
            m.take_over()
        app.screenshot(ARTIFACTS / "e2e-usagi-involved.png")
        s = m.s.state
        assert "drag" in hows["propose"] and "drag" in hows["involve"]
        assert "drag" in hows["play"] and hows["pass"] == {"button"}
        assert hows["respond"] <= {"click", "drag"} and hows["involve"] == {"drag"}
        assert m.handovers >= SEATS
        _, card, event = next(t for t in reversed(texts) if t.startswith("involve")).split()
        assert (
            card
            in GAME.all_cards(s)[
                next(
                    z
                    for z, v in GAME.all_cards(s).items()
                    if z.startswith("involved:") and card in v
                )
            ]
        )
        assert any(event in v for z, v in GAME.all_cards(s).items() if z.startswith("event:"))
    finally:
        if app.proc.poll() is None:
            app.screenshot(ARTIFACTS / "e2e-usagi-last.png")
        app.stop()
