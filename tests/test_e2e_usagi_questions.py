"""Usagi at four seats in the real window (Xvfb, 1280x720, xdotool), one person
(p1) against the computer (issue 41, fewer questions): p1's discards are one
selection dropped on the rest pile (cards clicked into it, the last dragged),
and every decision the window waits for is counted, turn by turn, against
`bench prompts`' count for the same seeded game: the bench asks what the
window asks. p1 plays the computer's choices, as in the bench; a question
before a skip (`confirm`) is answered yes and counted apart, as the bench's
`confirmations`. Played twice: the selection by the pointer, then by the keys
alone (Shift+Enter, Enter, Tab, Enter). Screenshots go to test-artifacts/."""

from __future__ import annotations

from collections import Counter

import e2e_harness
import pytest
from e2e_harness import ARTIFACTS, App
from keyboard_driver import Keys

from shrinetable.adapter import gestures
from shrinetable.adapter.session import Session, one_person
from shrinetable.bench.prompts import asked as asked_per_turn
from shrinetable.engine import registry

pytestmark = [pytest.mark.e2e, pytest.mark.slow]

GAME = registry.get("usagi")
SEATS = 4
TURNS = 3  # played and compared


def _p1_discards(seed: int) -> list[str]:
    """p1's first discard step in a seeded game, as the computer makes it."""
    s = Session(GAME, seed, {}, one_person(SEATS))
    while (d := s.decision()).kind != "discard" or d.seat != 0:
        s.play(s.forced() or s.computer_action())
    out = []
    while (d := s.decision()).kind == "discard" and d.seat == 0:
        a = s.computer_action()
        out.append(a.text)
        s.play(a)
    return out


def _seed() -> int:
    """A game whose first discard by p1 is a selection of two or more cards and
    the stop: the gesture is driven, not only counted."""
    return next(
        seed for seed in range(1, 60) if len(d := _p1_discards(seed)) >= 3 and d[-1] == "discard"
    )


class Table(e2e_harness.Mirror):
    """The window's game mirrored (p1 the viewer), kept in step with its trace;
    with `keys`, p1's selections are made by the keyboard."""

    keys: Keys | None = None

    def follow(self) -> None:
        """The window's own moves (the computer's, the passes it makes for p1)
        until p1 is asked something, each checked against the mirror's."""
        while self.m.decision() is not None and (auto := self.m.pending()) is not None:
            line = self.app.wait_line("action", 60)
            who = f"action p{auto.seat + 1} "
            assert line in (who + auto.action.text, who + "secret"), (line, auto.action.text)
            self.m.step()

    def ask(self) -> tuple[list[str], bool]:
        """p1's question: the computer's choice for p1 made by its gesture (cards
        discarded one after another, then the stop, as one selection dropped).
        Returns the moves the window made for it and whether it asked before a
        skip first."""
        s = self.m.session
        texts = [s.computer_action().text]
        move = next(m for m in self.m.moves() if m.text == texts[0])
        if move.gesture.again:
            texts = self._selection(texts[0]) or texts
        if len(texts) > 1:  # the window makes them in the hand's order (U27: the same set)
            hand = self.view().zones["hand:0"].cards
            cards = sorted((x.split()[1] for x in texts if x != "discard"), key=hand.index)
            texts = [f"discard {c}" for c in cards] + texts[len(cards) :]
            if self.keys is not None:  # Shift+Enter, Enter, Tab to the rest pile, Enter
                (run,) = gestures.for_held(self.m.moves(), tuple(cards), "hand:0")
                self.keys._carry(run)
            else:
                for c in cards[:-1]:
                    self.app.click(self.card("hand:0", c))
                self.app.screenshot(ARTIFACTS / "e2e-usagi-4-pointer-selection.png")
                self.app.drag(self.card("hand:0", cards[-1]), self.zone("rest:0"))
        else:
            self._make(move)
        asked = bool(self.m.skip_warning(texts[0]))
        if asked:
            self.app.wait_line("confirm", 20)
            self.app.xdo("key", "Return")
        for i, x in enumerate(texts):  # a selection's moves after its first: one gesture
            shown = "secret" if self.m.decision().secret else x
            assert self.app.wait_line("action", 30) == f"action p1 {shown}"
            self.m.act(0, x, joined=i > 0)
        return texts, asked

    def _selection(self, first: str) -> list[str] | None:
        """The computer's discards for p1 from `first` on, when they are what one
        selection dropped makes: two or more cards, then the stop (or the hand
        emptied); else None (the cards go one by one)."""
        s = self.m.session
        trial = Session(GAME, s.seed, {}, one_person(SEATS))
        for h in s.history:
            trial.play(GAME.parse_action(h.text))
        texts = [first]
        trial.play(GAME.parse_action(first))
        while (d := trial.decision()) is not None and (d.seat, d.kind) == (0, "discard"):
            a = trial.computer_action()
            if a.kind != "discard":
                return None  # something between the discards: one by one
            texts.append(a.text)
            if not a.cards:
                break
            trial.play(a)
        return texts if sum(x != "discard" for x in texts) >= 2 else None

    def _make(self, move: gestures.Move) -> None:
        g = move.gesture
        how = gestures.how(move)
        if how == "button":
            self.app.click(self.button(move.text))
        elif how == "click":
            self.app.click(self.card(g.source, g.cards[0]))
        else:
            for c in g.cards[:-1]:
                self.app.click(self.card(g.source, c))
            on_card = g.target_card and any(
                p.zone == g.target and p.name == g.target_card for p in self.placed()
            )
            end = self.card(g.target, g.target_card) if on_card else self.zone(g.target)
            self.app.drag(self.card(g.source, g.cards[-1]), end)


@pytest.mark.parametrize("way", ["pointer", "keys"])
def test_the_window_asks_what_the_bench_counts_and_a_selection_is_one(xvfb, tmp_path, way):
    seed = _seed()
    seats = one_person(SEATS)
    app = App(xvfb, ["usagi", "--seed", str(seed), "--trace", "--seats", ",".join(seats)], tmp_path)
    try:
        app.wait_line("ready")
        app.window()
        t = Table(app, Session(GAME, seed, {}, seats), viewer=0)
        if way == "keys":
            t.keys = Keys(app, t)
        ARTIFACTS.mkdir(exist_ok=True)
        asked: Counter[int] = Counter()
        confirms: Counter[int] = Counter()
        selections = 0
        shots = 0
        while True:
            t.follow()
            turn = t.m.turn_number()
            if t.m.decision() is None or turn > TURNS:
                break
            d = t.m.decision()
            if shots < 4 and d.kind in ("discard", "action", "hero"):
                app.screenshot(ARTIFACTS / f"e2e-usagi-4-{way}-{d.kind}-{turn}.png")
                shots += 1
            made, warned = t.ask()
            asked[turn] += 1
            confirms[turn] += warned
            selections += len(made) > 1
        app.screenshot(ARTIFACTS / f"e2e-usagi-4-{way}-last.png")
        assert selections >= 1  # the first discard went as one selection
        bench, before_skips = asked_per_turn("usagi", seed, SEATS)
        assert [asked[n] for n in range(1, TURNS + 1)] == bench[:TURNS]
        assert [confirms[n] for n in range(1, TURNS + 1)] == before_skips[:TURNS]
    finally:
        if app.proc.poll() is None:
            app.screenshot(ARTIFACTS / f"e2e-usagi-4-{way}-end.png")
        app.stop()
