"""The log in plain words (issue 22): over seeded games of every game, as the
table shows it to p1 (one person against the computer, and at a hotseat
table), no line names a seat in lower case, shows a card's instance number or
notation (a card id, a move's notation text, a place like `path-a`), says
again the line before it (in the same or other words: the pairs the issue
found), or names a card another seat holds hidden."""

from __future__ import annotations

import re

import pytest

from shrinetable.adapter import log
from shrinetable.adapter.match import Match
from shrinetable.adapter.session import Session
from shrinetable.engine import Entry, registry, seats_named

MOVES = 600
LOWER_SEAT = re.compile(r"\bp[1-9]\b")
NUMBER = re.compile(r"#\d")
CARD_ID = re.compile(r"\b[a-z][a-z0-9]*(?:-[a-z0-9]+)+\b")  # tidal-font, path-a
WHO = re.compile(r"^(P[1-9]) (?:is )?(.*)$")


def _played(name: str, seed: int, people: int = 1) -> Match:
    game = registry.get(name)
    seats = max(game.min_seats, min(game.max_seats, 2 + seed % 3))
    kinds = ["human"] * people + ["computer"] * (seats - people)
    match = Match(Session(game, seed, {}, kinds))
    while (d := match.decision()) is not None and len(match.history) < MOVES:
        if match.pending() is not None:
            match.step()
        else:
            match.act(d.seat, match.session.computer_action())
    return match


def _meaning(line: str) -> tuple[str, list[str]] | None:
    """A line's seat and its words as the repeat check compares them: lower case,
    no "is", no punctuation or 's, the verb without its -s ("charges" is "charge")."""
    m = WHO.match(line)
    if not m:
        return None
    words = re.sub(r"'s\b|[^\w ]", "", m.group(2).lower()).split()
    if words:
        words[0] = _stem(words[0])
    return m.group(1), words


def _stem(verb: str) -> str:
    """A verb without its third-person -s ("passes" is "pass", "charges" "charge")."""
    if verb.endswith(("sses", "ches", "shes", "xes")):
        return verb[:-2]
    return verb[:-1] if verb.endswith("s") and not verb.endswith(("ss", "is")) else verb


def says_again(before: str, line: str) -> bool:
    """Whether `line` says what `before` said: the same line, a seat's words that
    begin the other's ("P2 pass" / "P2 passes", "P1 done blocking" / "P1 is done
    blocking", "P2 charge!" / "P2 charges with 1 unit", "P1 attacks P2's Shrine
    with ..." / "P1 attacks P2"), or a turn line saying the line before it
    ("P3 is the first player" / "Turn 1: P3 is the first player")."""
    if line == before or before and line.partition(": ")[2] == before:
        return True
    a, b = _meaning(before), _meaning(line)
    if a is None or b is None or a[0] != b[0] or not a[1] or not b[1]:
        return False
    short, long = sorted((a[1], b[1]), key=len)
    return long[: len(short)] == short and (len(short) == len(long) or len(short) <= 2)


FILLER = {"will", "the", "a", "an", "of", "to", "is", "by", "on", "with", "declares"}


def restates(before: str, line: str) -> bool:
    """Whether `line` only restates `before` in other words: a line naming no
    seat, or the same seat, whose every word `before` has ("P1 declares the
    travel of the Eel to b2" / "The Eel will travel to b2")."""
    seats = [re.match(r"^(P\d) ", x) for x in (before, line)]
    if all(seats) and seats[0][1] != seats[1][1]:
        return False

    def words(x: str) -> set[str]:
        x = re.sub(r"^P\d ", "", x)
        return {_stem(w) for w in re.sub(r"'s\b|[^\w ]", "", x.lower()).split()} - FILLER

    return bool(words(line)) and words(line) <= words(before)


def _check(match: Match, lines: list[str]) -> None:
    present = match.present
    notations = {seats_named(present.readable(a.text)) for a in match.history if " " in a.text}
    declared = set()
    for before, line in zip(["", *lines], lines, strict=False):
        assert not LOWER_SEAT.search(line), line
        assert not NUMBER.search(line), line
        assert not CARD_ID.search(line), line
        assert not any(n in line for n in notations), line
        assert not says_again(before, line), (before, line)
        assert not restates(before, line), (before, line)
        m = re.match(r"^P\d involves (.+) with (.+)$", line)
        if m:
            declared.add(f"{m.group(1)} is involved with {m.group(2)}")
        assert line not in declared, line


def _hidden_names(match: Match, viewer: int) -> set[str]:
    """The names of cards in events `viewer` may not see, of moves in which no
    event shows them."""
    out = set()
    for a in match.history:
        shown = {
            c for e in a.events if e.visible_to is None or viewer in e.visible_to for c in e.cards
        }
        out |= {
            match.present.readable(c)
            for e in a.events
            if e.visible_to is not None and viewer not in e.visible_to
            for c in e.cards
            if c not in shown
        }
    return out


@pytest.mark.parametrize("name", registry.names())
def test_the_log_is_plain_words(name):
    for seed in (1, 2):
        match = _played(name, seed)
        lines = log.lines(match, 0)
        assert lines
        _check(match, lines)


@pytest.mark.parametrize("name", registry.names())
def test_no_line_names_a_card_hidden_from_its_viewer(name):
    """The log is per seat: a seat's own draws are named to it (against the
    computer), never another seat's; at a hotseat table nobody's are."""
    for people in (1, 2):
        match = _played(name, 3, people)
        for viewer in (0, 1):
            hidden = _hidden_names(match, viewer)
            for a in match.history:
                said = " ".join(match.said(a, viewer))
                private = [e for e in a.events if e.visible_to is not None and e.cards]
                for e in private:
                    if viewer not in e.visible_to or people > 1:
                        names = {match.present.readable(c) for c in e.cards} & hidden
                        assert not any(f"({n}" in said or f", {n})" in said for n in names), (
                            viewer,
                            said,
                        )


def test_the_repeats_the_issue_found_are_caught():
    for before, line in [
        ("P2 pass", "P2 passes"),
        ("P1 done blocking", "P1 is done blocking"),
        ("P2 charge!", "P2 charges with 1 unit; P1 may block"),
        ("P1 attacks P2's Shrine with the 4 of spades", "P1 attacks P2"),
        ("P3 is the first player", "Turn 1: P3 is the first player"),
    ]:
        assert says_again(before, line), (before, line)
    for before, line in [
        ("P1 declares the travel of Deepwater Eel to b2", "Deepwater Eel will travel to b2"),
        ("P2 block with Ashen Brute Mistral Oracle", "Ashen Brute blocks Mistral Oracle"),
        ("P1 and P2 pass", "P1 passes"),
    ]:
        assert restates(before, line), (before, line)
    for before, line in [
        ("P1 keeps and draws 3", "P2 keeps and draws 3"),
        ("P1 attacks with Windrider Glide", "P1 is done attacking"),
    ]:
        assert not restates(before, line), (before, line)
    for before, line in [
        ("P1 attacks with Windrider Glide", "P1 attacks with Arc Lantern"),
        ("P1 discards Sworn Vengeance", "P1 is done discarding"),
        ("P1 passes", "P2 passes"),
    ]:
        assert not says_again(before, line), (before, line)
        assert not restates(before, line), (before, line)


def test_draws_and_passes_are_said_once():
    present = registry.get("shrine").present

    def draw(seat: int, *cards: str, named: bool = False) -> Entry:
        return Entry(
            seat, "draw", "draws", cards, (len(cards),), (seat,), counted=True, named=named
        )

    def said(entries: list[Entry]) -> list[str]:
        return [present.sentence(e) for e in log.grouped(entries)]

    other = Entry(None, "reshuffle", "X")
    assert said([draw(1, "AH"), draw(2, "KH"), draw(1, "QH"), other]) == [
        "P2 draws 2 cards",
        "P3 draws a card",
        "X",
    ]
    assert said([draw(0, "AH", named=True), draw(0, "KH", "QH", named=True)]) == [
        "P1 draws 3 cards (the Ace of hearts, the King of hearts, the Queen of hearts)"
    ]
    assert seats_named("p1 takes p2's card (p10, hp1)") == "P1 takes P2's card (p10, hp1)"


@pytest.mark.parametrize("name", registry.names())
def test_a_counted_event_says_what_its_entry_says(name):
    """A game's `counted` events are worded from their entry's numbers ("draws 3
    cards"): the rules' own words for them are exactly those."""
    present = registry.get(name).present
    for seed in (1, 2):
        match = _played(name, seed)
        for e in (e for a in match.history for e in a.events if e.kind in present.counted):
            entry = present.entry(e)
            if entry is not None and entry.counted:
                assert present.sentence(entry) == seats_named(present.readable(e.text)), e.text


@pytest.mark.parametrize("name", registry.names())
def test_a_listed_event_says_what_its_entry_says(name):
    """A game's `listed` events are worded from their entry's cards ("discards
    Silver Tongue"): the rules' own words for one card are exactly those."""
    present = registry.get(name).present
    for seed in (1, 2):
        match = _played(name, seed)
        for e in (e for a in match.history for e in a.events if e.kind in present.listed):
            entry = present.entry(e)
            if entry is not None and present.lists(entry):
                assert present.sentence(entry) == seats_named(present.readable(e.text)), e.text


@pytest.mark.parametrize("people", [1, 2])
def test_a_seat_s_discards_are_one_line_whichever_seat(people):
    """Usagi's discards, one card a move (U27): every seat's run is one line
    ("P2 discards Silver Tongue, Marriage Negotiation and Council of Clans"),
    the viewer's as another seat's, alone or at a hotseat table."""
    match = _played("usagi", 1, people)
    for viewer in (0, 1):
        book = log.Log(match, viewer)
        for a in match.history:
            book.add(a)
        said = [line for line in book.lines if line.entry and match.present.lists(line.entry)]
        assert {line.seats[0] for line in said} >= {0, 1}
        assert any(len(line.entry.cards) > 1 for line in said)
        for line, after in zip(book.lines, book.lines[1:], strict=False):
            same = (line.seats, line.kind) == (after.seats, after.kind)
            assert not (same and line in said and after in said), book.text(after)


def test_listed_lines_fold_by_seat_and_kind_only():
    def discard(seat: int, card: str) -> list[Entry]:
        return [Entry(seat, "discard", "discards", (card,))]

    said = [
        discard(1, "silver-tongue#62"),
        discard(1, "council-of-clans#9"),
        discard(0, "bandit-raid#3"),
        [Entry(0, "pass", "passes")],
        discard(0, "silver-tongue#60"),
    ]
    assert log.lines(_Said("usagi", said), 0) == [
        "P2 discards Silver Tongue and Council of Clans",
        "P1 discards Bandit Raid",
        "P1 passes",
        "P1 discards Silver Tongue",
    ]
    book = log.Log(_Said("usagi", said), 1)
    assert [book.add(a) for a in book.match.history] == [0, 0, 1, 2, 3]


def test_passes_by_several_seats_are_one_line():
    match = _played("usagi", 1)
    lines = log.lines(match, 0)
    assert any(re.match(r"^P\d, P\d and P\d pass$", line) for line in lines)
    assert not any(line.endswith(" pass") and "and" not in line for line in lines)


def test_simulate_prints_the_plain_log(capsys):
    from shrinetable.cli import main

    assert main(["simulate", "sorcerer", "--games", "1", "--log", "--seed", "3"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0] == "game 1 (seed 3)" and any(line.startswith("P1 ") for line in out)
    assert not any(re.search(r"\bp[1-9]\b", line) for line in out)


def test_a_secret_move_never_gives_its_notation_to_the_log():
    """With the notation switch on, a line shows its move's notation: never a
    secret move's (Usagi's proposal names the Event chosen)."""
    match = _played("usagi", 1)
    book = log.Log(match, 1)
    for a in match.history:
        book.add(a)
    secret = {a.text for a in match.history if a.secret and a.text != "propose"}
    assert secret and not secret & {line.text for line in book.lines}


@pytest.mark.parametrize("name", registry.names())
def test_a_move_is_said_before_what_it_moves(name):
    """Cause before consequence: when a move's events say what its seat did
    ("P1 puts Petal Procession into play"), no event the log says before that
    one moves a card ("Ribbon Twirl goes to P1's discard pile" came first in
    Sorcerer, so the log's first line of a play was its cost)."""
    for seed in (1, 2):
        match = _played(name, seed)
        for a in match.history:
            said = [e for e in a.events if match.present.readable(e.text)]
            me = f"p{a.seat + 1} "
            first = next((i for i, e in enumerate(said) if e.text.lower().startswith(me)), 0)
            moved = [e.text for e in said[:first] if e.cards and e.target]
            assert not moved, (a.text, [e.text for e in said])


@pytest.mark.parametrize("name", registry.names())
def test_a_loaded_game_says_the_moves_before_its_checkpoint_in_words(name, monkeypatch):
    """A save loads from its last checkpoint, which knows the moves before it
    only by their notation; the log's latest lines (the table's `relog` takes
    the last moves, a slice of the history) reach back past it and say them in
    the same words as the game played, secrets kept: each seat's log is the
    same line for line, and no line is a move's notation."""
    from shrinetable.adapter import checkpoint

    played = _played(name, 4, people=1)
    n = len(played.history)
    every = max(2, min(16, n // 3))  # at least two checkpoints, even in a short game
    monkeypatch.setattr(checkpoint, "EVERY", every)
    save = played.session.to_save().model_copy(update={"checkpoints": []})
    save = Session.from_save(save).to_save()  # replayed: checkpoints every `every` moves
    assert len(save.checkpoints) >= 2, n
    loaded = Match(Session.from_save(save))
    at = save.checkpoints[-1]["at"]
    assert len(loaded.history) == n
    start = at - every + 1  # the moves since the checkpoint before it
    for viewer in (0, 1, None):
        assert log.lines(loaded, viewer, start) == log.lines(played, viewer, start), viewer


BARE = re.compile(r"\b(?:gains|takes|loses|for|paying) \d+(?: \(|;|,|$)")
NOTHING = re.compile(r"\band 0 [a-z]")


@pytest.mark.parametrize("name", registry.names())
def test_an_amount_says_what_it_counts(name):
    """ "P2 takes 3 (life 17)", "scraps Brace the Gates for 2", "(paying 1; 1
    counters)": a number in the log says what it counts; "produces 3 honor and
    0 ryo": an amount of nothing is not said."""
    for seed in (1, 2):
        match = _played(name, seed)
        said = log.lines(match, 0)
        assert not [line for line in said if BARE.search(line) or NOTHING.search(line)]


@pytest.mark.parametrize(
    "name, kind, words",
    [
        ("shards", "end", ("ends the turn",)),
        ("usagi", "pass", ("passes", "leaves")),
        ("shrines", "tap", ("taps",)),
    ],
)
def test_a_move_is_said_when_what_follows_names_its_seat(name, kind, words):
    """The log leaves out a move's own words when an event names its seat first
    ("P1 attacks with ..."); an event that follows from the move ("P2 draws a
    card" at the end of a turn or when a pass resolves an action, "P1 gains 1
    life" from a tap) comes after the move said in its own line."""
    for seed in (1, 2, 3):
        match = _played(name, seed)
        for a in match.history:
            if a.text.partition(" ")[0] == kind:
                first = seats_named(match.said(a, 0)[0])
                said = first.removeprefix(f"P{a.seat + 1} ")
                assert said.startswith(words), (a.text, first)


@pytest.mark.parametrize("name", registry.names())
def test_a_finished_game_s_log_ends_saying_who_won(name):
    """The log's last line of a finished game says how it ended ("P1 wins: P2
    has no magic points left"), as the Game over window does: it ended on a
    line about the last damage or the last Shrine card, the winner unsaid."""
    game = registry.get(name)
    ended = 0
    for seed in (1, 2, 3):
        match = Match(Session(game, seed, {}, ["computer"] * game.min_seats))
        match.run(lambda m=match: len(m.history) >= 4000)
        if match.outcome() is None:
            continue
        ended += 1
        last = log.lines(match, 0, max(0, len(match.history) - 5))[-1]
        assert re.search(r"\bwins?\b|\bdraw\b", last), last
    assert ended


def _seen(game, state, viewer) -> set:
    """The cards `viewer` sees anywhere in `state`."""
    return {c for z in game.view(state, viewer).zones.values() for c in z.cards if c}


@pytest.mark.parametrize("name", registry.names())
def test_no_line_s_notation_or_words_name_a_card_hidden_from_its_viewer(name):
    """With the notation switch on, a line shows its move's notation: never one
    naming a card the viewer sees neither before the move, nor after it, nor in
    its events (a Shrines trap set face down, "play pitfall-snare#31 a4"); nor
    do a move's own words ("keep Harbor Sentinel on top" named the card kept on
    a library's top to everybody)."""
    game = registry.get(name)
    for seed in (1, 2, 5):
        match = _played(name, seed, people=2)
        every = {c for z in game.all_cards(match.session.deal).values() for c in z}
        for viewer in (0, 1):
            book, state = log.Log(match, viewer), match.session.deal
            for a in match.history:
                before, seen = len(book.lines), _seen(game, state, viewer)
                state, _ = game.apply(state, game.parse_action(a.text))
                book.add(a)
                seen |= _seen(game, state, viewer) | {
                    c
                    for e in a.events
                    if e.visible_to is None or viewer in e.visible_to
                    for c in e.cards
                }
                hidden = set(a.text.split()) & every - seen
                new = book.lines[max(0, before - 1) :]
                assert not hidden & {w for line in new for w in line.text.split()}, a.text
                names = {match.present.readable(c) for c in hidden}
                assert not [n for line in new for n in names if n in book.text(line)], a.text


@pytest.mark.parametrize("name", registry.names())
def test_a_part_of_a_turn_in_which_nothing_happens_leaves_no_line(name):
    """Shrines wrote about 14 lines for an empty turn ("P2's travel act", "P1
    passes", "P2 passes the travel act", "P1 passes", then the next act): a
    part of a turn (the game's `headings`) in which nothing but its `idle`
    entries happens is left out, in every viewer's log, as the table keeps it
    move by move."""
    present = registry.get(name).present
    for seed in (1, 2):
        match = _played(name, seed)
        book = log.Log(match, 0)
        for a in match.history:
            book.add(a)
        kinds = [line.kind for line in book.lines]
        for before, after in zip(kinds, kinds[1:], strict=False):
            assert before not in present.headings or after not in (*present.headings, *present.idle)
        assert [book.text(line) for line in book.lines] == log.lines(match, 0)


def test_shrines_says_an_empty_turn_in_few_lines():
    """Shrines' log over seeded games, lines per turn (median): 22.6 before its
    empty acts were left out, 14.7 after, 9.6 once a run of passes is one line
    (or none, when a seat's line follows it)."""
    import statistics

    per_turn = []
    for seed in (1, 2, 3):
        match = _played("shrines", seed)
        per_turn.append(len(log.lines(match, 0)) / max(1, match.turn_number()))
    assert statistics.median(per_turn) < 10.5, per_turn


@pytest.mark.parametrize("name", registry.names())
def test_a_run_of_passes_is_one_line_and_only_the_last(name):
    """Shrines wrote a line per pass ("P1 passes", "P2 passes the first act",
    "P1 passes"): move by move, a line of the game's `idle` kinds stands only
    as the log's last, or before a line about nobody (what the passes let
    happen); a seat's line after it says that nobody answered."""
    present = registry.get(name).present
    for seed in (1, 2):
        match = _played(name, seed)
        book = log.Log(match, 0)
        for a in match.history:
            book.add(a)
            for line, after in zip(book.lines, book.lines[1:], strict=False):
                assert line.kind not in present.idle or not after.seats, a.text
                assert after.kind not in present.idle or line.kind not in present.idle


class _Said:
    """A match that says given entries, a move each."""

    def __init__(self, name: str, said: list[list[Entry]]):
        from shrinetable.adapter.session import Applied

        self.present = registry.get(name).present
        self.history = [Applied(0, str(i), ()) for i in range(len(said))]
        self.said = said

    def entries(self, applied, viewer) -> list[Entry]:
        return self.said[int(applied.text)]


def test_passes_fold_into_one_plain_line_that_goes_when_something_follows():
    def move(seat: int, kind: str, words: str) -> list[Entry]:
        return [Entry(seat, kind, words)]

    played = [
        move(0, "play", "plays Timber Palisade at c1"),
        move(1, "pass", "passes"),
        move(0, "next", "passes the first act"),
        move(1, "pass", "passes"),
    ]
    match = _Said("shrines", played)
    assert log.lines(match, 0) == ["P1 plays Timber Palisade at c1", "P2 and P1 pass"]
    assert log.lines(_Said("shrines", played[:3]), 0)[-1] == "P2 and P1 pass"
    assert log.lines(_Said("shrines", played[2:3]), 0) == ["P1 passes the first act"]
    match = _Said("shrines", [*played, [Entry(None, "act", "P1's travel act")]])
    assert log.lines(match, 0) == ["P1 plays Timber Palisade at c1", "P1's travel act"]
    book = log.Log(match, 0)
    changed = [book.add(a) for a in match.history]
    assert changed == [0, 1, 1, 1, 1]  # the table redraws the folded line, then the new one
    match = _Said("shrines", [*played, [Entry(None, "travel", "Riptide Ambusher travels to b2")]])
    assert log.lines(match, 0)[1:] == ["P2 and P1 pass", "Riptide Ambusher travels to b2"]


def test_ending_the_discard_step_says_nothing_once_a_seat_acts():
    """Usagi said "P3 discards nothing more" after P3 had discarded and stopped:
    ending the step is an `idle` entry, a line only while nothing follows it
    ("P1 and P2 are done discarding"), gone at the next seat's line."""
    game = registry.get("usagi")
    state = game.new_game(7, None, 2)
    while not (game.decision(state).kind == "discard" and game.decision(state).seat == 1):
        state, _ = game.apply(state, game.legal_actions(state)[0])
    done = next(a for a in game.legal_actions(state) if a.text == "discard")
    _, events = game.apply(state, done)
    entries = [e for ev in events if (e := game.present.entry(ev)) is not None]
    assert entries[0].kind in game.present.idle
    assert game.present.sentence(entries[0]) == "P2 is done discarding"

    def move(seat: int, kind: str, words: str, *cards: str) -> list[Entry]:
        return [Entry(seat, kind, words, cards)]

    played = [
        move(0, "discard", "discards", "bandit-raid#3"),
        move(0, "done", "is done discarding"),
        move(1, "done", "is done discarding"),
    ]
    assert log.lines(_Said("usagi", played), 0) == [
        "P1 discards Bandit Raid",
        "P1 and P2 are done discarding",
    ]
    drawn = move(0, "draw", "draws a card")
    assert log.lines(_Said("usagi", [*played, drawn]), 0) == [
        "P1 discards Bandit Raid",
        "P1 draws a card",
    ]
    for seed in (1, 2):
        lines = log.lines(_played("usagi", seed), 0)
        assert not [line for line in lines[:-1] if "nothing more" in line or "done discard" in line]


# the events that are a contest, a combat or a damage round, per game (issue 41)
ROUNDS = {"sorcerer": "damage", "shards": "fight", "shrines": "damage", "usagi": "contest"}
SUM = re.compile(r"\d+ (?:against|=)|\bundefended\b")


@pytest.mark.parametrize("name", sorted(ROUNDS))
def test_every_contest_combat_and_damage_round_says_its_sums(name):
    """As Sorcerer's lanes do ("Bog Stench Wave 6 + boost 3 = 9 against Arc
    Lantern 5"): Usagi's contest gives each contender's ratings and total
    against the Event's, Shards' combat each unit's offence against the health
    or defence it meets, Shrines' damage the damage against the resilience."""
    seen = 0
    for seed in (1, 2, 3):
        match = _played(name, seed)
        said = set(log.lines(match, 0))
        for a in match.history:
            for e in a.events:
                if e.kind == ROUNDS[name]:
                    text = seats_named(match.present.readable(e.text))
                    seen += 1
                    assert SUM.search(text) and len(re.findall(r"(?<!P)\d+", text)) >= 2, text
                    assert any(text[1:] in line for line in said), text
    assert seen


def test_shrines_first_turn_s_draw_is_said_where_the_game_makes_it():
    """Shrines' log read "P1's final act", then P1's draw, as if drawn in that
    act and out of its place: P1 skips the draw at the start of the first turn
    and draws once the final act is passed (rule first-turn). The turn's end is
    a line of its own before that draw, and no act's line stands over a draw
    the act did not hold: a turn's lines say its acts in the game's order, the
    draw of a turn first in it (the first turn's last)."""
    for seed in (1, 2, 3):
        match = _played("shrines", seed)
        lines = log.lines(match, 0)
        end = lines.index("End of P1's first turn: the draw skipped at its start")
        assert lines[end + 1].startswith("P1 draws from the "), lines[end + 1]
        assert lines[end + 2] == "P2's first act"
        for before, line in zip(lines, lines[1:], strict=False):
            assert not (before.endswith("final act") and " draws " in line), (before, line)
            if before.endswith("'s first act"):  # a later turn's draw begins it
                assert line.startswith(f"{before[:2]} draws from the "), (before, line)


def test_a_run_of_cards_named_alike_says_its_count_then_its_cards():
    """Shrines at seed 3: "P1 puts a card at the bottom of the Secondary
    Library (Weathered Totem) (x2)", then the same line for Undertow: a run
    of one seat's entries said alike but for the cards they name is one line,
    its count as the log counts a repeat, then the cards once, in the order
    they came; the other seat, who may not see them, reads the count only."""
    match = _played("shrines", 3)
    mine = [line for line in log.lines(match, 0) if "bottom of the" in line]
    theirs = [line for line in log.lines(match, 1) if "bottom of the" in line]
    assert mine == [
        "P1 puts a card at the bottom of the Secondary Library (x3): "
        "Weathered Totem, Weathered Totem and Undertow"
    ]
    assert theirs == ["P1 puts a card at the bottom of the Secondary Library (x3)"]


def test_alike_runs_fold_by_seat_kind_and_words_and_counted_ones_add_up():
    def bottom(seat: int, card: str) -> list[Entry]:
        words = "puts a card at the bottom of the Secondary Library"
        return [Entry(seat, "bottom", words, (card,), visible_to=(seat,), named=True)]

    def draw(seat: int, card: str) -> list[Entry]:
        return [Entry(seat, "draw", "draws", (card,), (1,), (seat,), counted=True, named=True)]

    said = [
        bottom(0, "weathered-totem#3"),
        bottom(0, "undertow#9"),
        bottom(1, "undertow#10"),
        [Entry(1, "tap", "taps Ember Font")],
        draw(1, "tidal-font#4"),
        draw(1, "tidal-font#5"),
    ]
    assert log.lines(_Said("shrines", said), 0) == [
        "P1 puts a card at the bottom of the Secondary Library (x2): Weathered Totem and Undertow",
        "P2 puts a card at the bottom of the Secondary Library (Undertow)",
        "P2 taps Ember Font",
        "P2 draws 2 cards (Tidal Font, Tidal Font)",
    ]


@pytest.mark.parametrize("name", registry.names())
def test_no_line_runs_its_cards_and_its_count_together(name):
    for seed in (2, 3):
        for line in log.lines(_played(name, seed), 0):
            assert not re.search(r"\) \(x\d+\)", line), line


def test_a_damage_assignment_is_said_in_the_third_person():
    """Shrines' lesson 03 has P1 share a Colossus's damage: the log said the
    button's words ("P1 assign 1 damage to Sunfleet Scout"), now a sentence."""
    from shrinetable.adapter.lesson import LEARNER, LessonMatch
    from shrinetable.formats.lesson import find, load

    lesson = load(find("shrines/03-combat"))
    m = LessonMatch(lesson)
    while (step := m.current()) is not None:
        kind = step.kind()
        if kind == "words":
            m.next()
        elif kind == "computer":
            for _ in lesson.moves[m.at]:
                m.step()
        else:
            m.play(LEARNER, lesson.moves[m.at][0])
    lines = log.lines(m, 0)
    assert "P1 assigns 1 damage to Sunfleet Scout" in lines, lines
    assert not [x for x in lines if x.startswith("P1 assign ")], lines
