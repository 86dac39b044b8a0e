"""A person who plays by keys only: xdotool `key` events, never the pointer.

The test keeps a mirror of the game (`e2e_harness.Mirror`'s match, in step
with the window's trace) and asks it which move to make (the computer's
choice for the person's seat, `Match.hint`); it then reaches that move by
keys, reading where the focus went from the window's trace after each key
("focus ZONE INDEX CARD", "carry ...", "target ZONE CARD", "focus button
LABEL"): the decision bar's number keys, Tab and the arrows over the zones
and cards, Shift+Enter to add a card to a selection, Enter to pick up and
to drop, Down and Enter in a window. Nothing is clicked."""

from __future__ import annotations

from e2e_harness import App, Mirror

from shrinetable.adapter import gestures
from shrinetable.table import decision_bar
from shrinetable.table.focus import zone_order

FOCUS = ("focus ", "carry ", "target ", "selected ")
MOST = 80  # keys to reach one place at most (a table has fewer zones and cards)


class Keys:
    """The keyboard person at seat `seat`, for the game `mirror` follows."""

    def __init__(self, app: App, mirror: Mirror, seat: int = 0):
        self.app, self.g, self.seat = app, mirror, seat
        self.pressed = 0  # keys sent, all told
        self.by_way: dict[str, int] = {}  # moves made by each way
        self.zone: str | None = None  # the zone the window last said has the focus

    def key(self, name: str, times: int = 1) -> str:
        """Send a key `times` over (one xdotool call: each still a key event of
        its own); the focus line the last brought."""
        self.app.xdo("key", *[name] * times)
        self.pressed += times
        for _ in range(times):
            line = self.app.wait_any(FOCUS, timeout=20)
        if line.startswith("focus ") and not line.startswith("focus button "):
            self.zone = line.split(" ")[1]
        return line

    def send(self, name: str) -> None:
        """A key whose effect shows as a move, not as a focus line."""
        self.app.xdo("key", name)
        self.pressed += 1

    # -- the moves -------------------------------------------------------------
    def bar_slot(self, move: gestures.Move) -> tuple[int, bool] | None:
        """The decision bar's place of `move` (0-based) and whether it is
        under "More moves", as the panel lays it out; None: not on the bar."""
        g, m = self.g, self.g.m
        on_table = {(p.zone, p.name) for p in g.placed() if p.name}
        present = m.present
        every = m.decision().kind in present.all_buttons
        shown = decision_bar.shown(m.moves(), every, on_table, present.primary)
        area = decision_bar.split_help(g.scaler.rect(g.layout.panels.buttons))[0]
        for i, (item, _) in enumerate(decision_bar.slots(shown, area)):
            if item is move or (isinstance(item, list) and move in item):
                return i, isinstance(item, list)
        return None

    def play(self, move: gestures.Move) -> str:
        """Make `move` by keys; which way ("bar", "click", "carry", "pile")."""
        how = gestures.how(move)
        slot = self.bar_slot(move)
        g = move.gesture
        if how == "click" and self._shown(g.source, g.cards[0]):
            way = self._click(move)
        elif how == "drag" and all(self._shown(g.source, c) for c in g.cards):
            way = self._carry(move)
        elif slot is not None and slot[0] < 9:
            self.app.bar_shown()  # a number pressed before the bar is built is lost
            self.send(str(slot[0] + 1))
            if slot[1]:  # "More moves": its list in the choice window
                self._window(move)
            way = "bar"
        else:
            way = self._pile(move)
        self.by_way[way] = self.by_way.get(way, 0) + 1
        return way

    def _shown(self, zone: str | None, card: str) -> bool:
        return any(p.zone == zone and p.name == card for p in self.g.placed())

    def _click(self, move: gestures.Move) -> str:
        g = move.gesture
        self._to_card(g.source, g.cards[0])
        if gestures.for_held(self.g.m.moves(), g.cards, g.source):  # it is carried too:
            assert self.key("Return").startswith("carry ")  # the card itself is the first place
            assert self.app.wait_any(("target ",), timeout=20) == f"target {g.source} {g.cards[0]}"
            self.send("Return")
            assert self.app.wait_any(FOCUS, timeout=20) == "carry none"
        else:
            self.send("Return")
        self._chosen(gestures.card_clicks(self.g.m.moves(), g.source, g.cards[0]), move)
        return "click"

    def _pile(self, move: gestures.Move) -> str:
        """A card-less move made by Enter on its pile or zone."""
        g = move.gesture
        zone = g.source if g.source is not None else g.target
        self._to_zone(zone)
        self.send("Return")
        self._chosen(gestures.clicks(self.g.m.moves(), zone), move)
        return "pile"

    def _carry(self, move: gestures.Move) -> str:
        g = move.gesture
        source = g.source
        for card in g.cards[:-1]:  # the others join the selection first
            self._to_card(source, card)
            assert self.key("shift+Return").startswith("selected ")
        self._to_card(source, g.cards[-1])
        assert self.key("Return").startswith("carry "), "nothing picked up"
        line = self.app.wait_any(("target ",), timeout=20)
        moves = self.g.m.moves()
        held_moves = gestures.for_held(moves, g.cards, source)
        clicks = gestures.card_clicks(moves, source, g.cards[0]) if len(g.cards) == 1 else []
        for _ in range(MOST):
            _, zone, card = line.split(" ", 2)
            found = gestures.at(held_moves, zone, None if card == "-" else card)
            if clicks and (zone, card) == (source, g.cards[0]):
                found = clicks
            if move in found:
                self.send("Return")
                assert self.app.wait_any(FOCUS, timeout=20) == "carry none"  # dropped
                self.zone = source  # the focus goes back where the cards came from
                self._chosen(found, move)
                return "carry"
            line = self.key("Tab")
        raise AssertionError(f"no legal place for {move.text} reached by Tab")

    def _chosen(self, found: list[gestures.Move], move: gestures.Move) -> None:
        """Several moves made by one gesture: the choice window, by keys."""
        if len(found) > 1:
            self._window(move)

    def _window(self, move: gestures.Move) -> None:
        """The window asking which move: Down until `move`'s button, Enter."""
        label = self.g.m.present.describe(move.text, self.g.m.decision().kind)
        for _ in range(MOST):
            line = self.key("Down")
            if line.removeprefix("focus button ").startswith(label):
                self.send("Return")
                return
        raise AssertionError(f"no button {label!r} in the window")

    # -- reaching a place ----------------------------------------------------------
    def _to_zone(self, zone: str) -> str:
        """Tab (or Shift+Tab, the shorter way round) until `zone` has the focus."""
        self.g.placed()
        order = zone_order(self.g.board.zones)
        if self.zone == zone:  # there already: an arrow says where in it
            return self.key("Left")
        at = self.zone
        for _ in range(MOST):  # the shorter way round, in one go where it is known
            ahead = (order.index(zone) - order.index(at)) % len(order) if at in order else 1
            back = ahead > len(order) // 2
            line = self.key(
                "shift+Tab" if back else "Tab", max(1, len(order) - ahead if back else ahead)
            )
            at = line.split(" ")[1]
            if at == zone:
                return line
        raise AssertionError(f"zone {zone} not reached by Tab")

    def _to_card(self, zone: str, card: str) -> str:
        """Focus `card` in `zone`: its zone by Tab, then the arrows."""
        line = self._to_zone(zone)
        names = [p.name for p in sorted(self.g.placed(), key=lambda p: p.index) if p.zone == zone]
        for _ in range(MOST):
            at = line.split(" ", 3)
            if at[3] == card:
                return line
            here = names.index(at[3]) if at[3] in names else 0
            ahead = (names.index(card) - here) % len(names)
            back = ahead > len(names) // 2
            line = self.key(
                "Left" if back else "Right", max(1, len(names) - ahead if back else ahead)
            )
        raise AssertionError(f"card {card} in {zone} not reached by the arrows")


def play_game(app: App, mirror: Mirror, person: Keys, most_moves: int = 2000) -> int:
    """Play the mirror's game to its end: the person's moves by keys, the
    others followed from the trace. The person's moves made."""
    m, made = mirror.m, 0
    for _ in range(20 * most_moves):
        d = m.decision()
        if d is None:
            return made
        if m.pending() is not None:
            line = app.wait_line("action ", timeout=60)
            auto = m.pending()
            text = line.split(" ", 2)[2]
            assert text in ("secret", auto.action.text), (line, auto.action.text)
            m.step()
            continue
        assert d.seat == person.seat, "another person decides: not a game for one"
        move = m.hint(d.seat) or m.moves()[0]
        person.play(move)
        line = app.wait_line(f"action p{d.seat + 1} ", timeout=60)
        assert line.split(" ", 2)[2] in ("secret", move.text), (line, move.text)
        m.act(d.seat, move.action)
        made += 1
        assert made <= most_moves, "the game goes on and on"
    raise AssertionError("the game did not end")
