"""Issue 39's "Heard": every game, played at the table with `--announce FILE`,
says in words the prompt, every log line its viewer sees, a card's full text
and a zone's state, and never the identity of a card the viewer may not see
(an opponent's hand). In process, with the dummy video driver."""

from __future__ import annotations

import dataclasses
import random
import re
import shutil
import sys
import time
from pathlib import Path

import pygame
import pytest
from plugin_game import GAME
from table_input import ev

from shrinetable.adapter import log
from shrinetable.adapter.session import Session
from shrinetable.engine import registry
from shrinetable.table import announce
from shrinetable.table.announce import Announcer, Speech
from shrinetable.table.app import App
from shrinetable.table.overlay import Overlay

pytestmark = pytest.mark.usefixtures("dummy_video")
registry.register(GAME)
# every game at two seats, and Usagi at four: three opponents' hands to keep
CASES = [(g, 2) for g in ("shrine", "shrines", "sorcerer", "shards", "usagi", GAME.name)]
CASES.append(("usagi", 4))
MOVES = 150  # the viewer's moves at most: a random player's game may run long


def table(tmp_path: Path, name: str, seats: int = 2, seed: int = 3):
    path = tmp_path / "said.txt"
    app = App((1280, 720), announcer=Announcer(str(path), mode="off", speech=Speech(None)))
    kinds = ["human"] + ["computer"] * (seats - 1)
    app.start_game(Session(registry.get(name), seed, {}, kinds, strengths=["normal"] * seats))
    app.step([], 0.01)
    return app, app.scene, path


def said(path: Path) -> list[str]:
    return path.read_text(encoding="utf-8").splitlines()


def hands(scene) -> dict[int, str]:
    """Each seat's hand."""
    zones = scene.view().zones
    return {v.owner: z for z, v in zones.items() if v.owner is not None and "hand" in z}


def all_hold(scene) -> bool:
    """Whether the viewer decides and every hand holds cards (after a setup)."""
    return scene.my_decision() and all(
        scene.match.view(q).zones[z].cards for q, z in hands(scene).items()
    )


def play(app, scene, moves: int = MOVES, until=lambda scene: False) -> None:
    """The viewer moves at random among its legal moves, the computer answers
    (until the game ends, or `until(scene)`), as the window's loop does but
    without drawing frames."""
    rng = random.Random(5)
    for _ in range(moves * 20):
        if scene.match.decision() is None or until(scene):
            return
        if scene.my_decision() and scene.moves:
            scene.perform(rng.choice(scene.moves).action)
            moves -= 1
            if moves <= 0:
                return
        scene.update(time.monotonic())  # the computer's move (no frame drawn: not needed here)


def names(scene, cards) -> set[str]:
    return {announce.card_name(scene.match.present, c) for c in cards if c is not None}


def key(app, k: int, mod: int = 0) -> None:
    app.step([ev(pygame.KEYDOWN, key=k, mod=mod, unicode="")], 0.01)


@pytest.mark.parametrize(("name", "seats"), CASES)
def test_a_game_says_its_prompt_log_cards_and_zones_and_no_hidden_card(name, seats, tmp_path):
    app, scene, path = table(tmp_path, name, seats)
    head, asked = scene.panels.status_words()
    assert f"{head}: {asked}" in said(path)  # the first prompt, in words
    play(app, scene, until=all_hold)  # past a setup where hands are empty
    assert all_hold(scene)
    view = scene.view()
    # the cards the viewer may not see: the opponents' hands, as their own seats see them
    hand = hands(scene)[0]
    hidden = {z: scene.match.view(q).zones[z].cards for q, z in hands(scene).items() if q}
    seen = names(scene, (c for z in view.zones.values() for c in z.cards))
    secret = names(scene, (c for cards in hidden.values() for c in cards)) - seen
    assert secret, "the opponents hold cards the viewer does not see"
    # every zone's state (PageDown), the focus over every zone (Tab), every
    # card of every hand said in full
    for _ in view.zones:
        key(app, pygame.K_PAGEDOWN)
    for _ in scene.focus.order():
        key(app, pygame.K_TAB)
    for z in (hand, *hidden):
        for card in view.zones[z].cards:
            scene.narrator.card(z, card)
    text = path.read_text(encoding="utf-8")
    for s in secret:  # a name said as a whole word (not inside a longer one)
        assert not re.search(rf"(?<!\w){re.escape(s)}(?!\w)", text), (s, name)
    card = view.zones[hand].cards[0]
    face = scene.match.present.card_face(card)
    whole = announce.card_words(scene, hand, card)
    first = announce.card_name(scene.match.present, card)
    assert whole.startswith(first[:1].upper() + first[1:])
    if face is not None and face.text:
        assert " ".join(face.text.split()).rstrip(".") in whole
    assert "In Your hand" in whole and ("You can: " in whole or "Nothing to do" in whole)
    lines = said(path)
    for z in view.zones:  # every zone on the table, read in turn
        if scene.layout.place(z, scene.viewer, view.seats) is not None:
            assert announce.zone_words(scene, z) in lines
    for c in view.zones[hand].cards:  # each card of the viewer's hand, in full
        assert announce.card_words(scene, hand, c) in lines
    # the keyboard focus says the focused card in full: Tab to the hand, Right
    for _ in range(len(view.zones) + 1):
        if scene.focus.zone == hand:
            break
        key(app, pygame.K_TAB)
    key(app, pygame.K_RIGHT)
    focused = scene.focus.card()
    assert focused is not None and said(path)[-1] == announce.card_words(scene, hand, focused.name)
    # then a game: every line of the viewer's log reaches the file as it comes
    play(app, scene)
    lines = said(path)
    for line in log.lines(scene.match, scene.viewer):
        assert line in lines, (name, line)
    head, asked = scene.panels.status_words()
    assert (head if asked is None else f"{head}: {asked}") in lines  # the prompt now


def test_a_refusal_says_its_rule_and_the_repeat_key_says_the_last_again(tmp_path):
    app, scene, path = table(tmp_path, "shrine")
    scene.say("That card cannot go there.", rule="Healing")
    assert said(path)[-1] == "That card cannot go there. (rule: Healing)"
    app.step([ev(pygame.KEYDOWN, key=pygame.K_r, mod=pygame.KMOD_CTRL, unicode="")], 0.01)
    assert said(path)[-2:] == ["That card cannot go there. (rule: Healing)"] * 2
    app.step([ev(pygame.KEYDOWN, key=pygame.K_PAGEDOWN, mod=0, unicode="")], 0.01)
    assert re.fullmatch(r".+: .+\.", said(path)[-1])
    app.step([ev(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode="\x1b")], 0.01)
    menu = said(path)[-1]  # a window over the table: its title, words and buttons
    assert menu.startswith("Menu. Resume (Esc). Save game (Ctrl+S). ") and "Quit" in menu
    scene.build_ui()  # made anew: not said again
    assert said(path)[-1] == menu
    app.step([ev(pygame.KEYDOWN, key=pygame.K_DOWN, mod=0, unicode="")], 0.01)
    assert said(path)[-1] == "Resume (Esc), button"  # the window's focus, in words


def test_the_pane_shows_announcements_beside_the_table_when_chosen(tmp_path):
    app, scene, path = table(tmp_path, "shrines")
    assert scene.pane is None  # off: no pane, the log keeps its room
    app.step([ev(pygame.KEYDOWN, key=pygame.K_F2, mod=0, unicode="")], 0.01)
    assert app.announcer.mode == "shown" and announce.kept_mode() == "shown"
    assert said(path)[-1] == "Announcements shown"
    pane = scene.pane
    assert pane is not None and scene.ui.log.rect.bottom <= pane.top
    assert pane.h >= announce.PANE_LINES * 14  # 14 px text or more at 1280x720
    felt = scene.painter.felt()
    assert not felt.colliderect(pane)  # beside the table: over no card
    scene.results.lines = ["P1 loses 9 magic points, then 9 more and 9 more again, " * 2] * 6
    scene.dirty = True
    app.step([], 0.01)
    assert scene.results.box is not None and scene.results.box.bottom <= pane.top
    shot = app.screen.subsurface(pane).copy()
    assert len({shot.get_at((x, y))[:3] for x in range(0, pane.w, 3) for y in range(pane.h)}) > 3


def test_the_pane_shows_the_latest_from_its_start(tmp_path):
    app, scene, path = table(tmp_path, "shrine")
    fonts, width = app.fonts, 256
    long = "The 8 of clubs. In Your hand. You can: " + "play it as a Token; " * 8
    rows = announce.pane_rows(fonts, ["P1 passes", long], 14, width)
    assert len(rows) == announce.PANE_LINES and rows[0].startswith("The 8 of clubs.")
    assert rows[-1].endswith("\u2026") and all(fonts.font(14).size(r)[0] <= width for r in rows)
    rows = announce.pane_rows(fonts, ["P1 draws a card", "P1 passes"], 14, width)
    assert rows == ["P1 draws a card", "P1 passes"]  # room left: the one before too


def test_speech_runs_in_the_background_and_a_new_line_interrupts_the_old(tmp_path):
    """A stand-in speech command that would talk for a minute: saying a line
    returns at once, and the next line stops it."""
    voice = Speech(["sleep", "60"])
    a = Announcer(None, mode="spoken", speech=voice)
    a.say("first")
    first = voice.process
    assert first is not None and first.poll() is None
    a.say("second")
    assert first.poll() is not None and voice.process is not first
    a.close()
    assert voice.process is None


def test_what_the_table_tells_waits_its_turn_and_a_key_cuts_in(tmp_path):
    """Log lines and the prompt (`queued`) are spoken one after another; an
    answer to a key stops what is said and drops what waits."""
    voice = Speech(["sleep", "60"])
    a = Announcer(None, mode="spoken", speech=voice)
    a.say("P2 draws a card", queued=True)
    first = voice.process
    a.say("P2 passes", queued=True)
    assert voice.pending == ["P2 passes"] and voice.process is first  # not cut off
    voice.tick()
    assert voice.process is first  # still speaking: the next waits
    first.terminate()
    first.wait(timeout=10)
    voice.tick()
    assert voice.pending == [] and voice.process is not first and voice.busy()
    a.say("P2 passes", queued=True)
    a.say("The 8 of clubs. In Your hand.")  # the focus moved: at once
    assert voice.pending == []
    for _ in range(40):
        a.say("P2 taps a source", queued=True)
    assert len(voice.pending) == announce.QUEUE  # a long turn: its latest lines
    a.close()
    assert voice.process is None and voice.pending == []


def test_announce_option_names_a_file_it_cannot_write(tmp_path, capsys):
    from shrinetable.cli import main

    assert main(["play", "shrine", "--announce", str(tmp_path)]) == 2
    assert "--announce" in capsys.readouterr().err


def test_the_start_screen_speaks_through_the_same_channel(tmp_path):
    from shrinetable.cli import build_parser

    for argv in (["--announce", "a.txt"], ["play", "shrine", "--announce", "a.txt"]):
        assert build_parser(argv).parse_args(argv).announce == "a.txt"
    path = tmp_path / "said.txt"
    app = App((1280, 720), announcer=Announcer(str(path), mode="off", speech=Speech(None)))
    app.show_start()
    app.step([ev(pygame.KEYDOWN, key=pygame.K_F2, mod=0, unicode="")], 0.01)
    lines = said(path)
    assert lines[0].startswith("Start screen: ") and lines[-1] == "Announcements shown"


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="Linux's speech services")
def test_a_speech_service_is_found_on_the_path_and_never_required(tmp_path, monkeypatch):
    """No service: announcements are shown. A stand-in espeak-ng on the PATH
    is found and given the words on its standard input."""
    cat = shutil.which("cat")
    monkeypatch.setenv("PATH", str(tmp_path))
    assert announce.speech_command() is None
    assert Announcer(None, mode="spoken").shown  # spoken, with no service: the pane
    heard = tmp_path / "heard.txt"
    fake = tmp_path / "espeak-ng"
    fake.write_text(f"#!/bin/sh\n{cat} > {heard}\n")
    fake.chmod(0o755)
    command = announce.speech_command()
    assert command == [str(fake), "--stdin"] or command == ["espeak-ng", "--stdin"]
    a = Announcer(None, mode="spoken", speech=Speech([str(fake), "--stdin"]))
    assert not a.shown
    a.say("P2's Field: 3 cards")
    a.speech.process.wait(timeout=10)
    assert heard.read_text(encoding="utf-8") == "P2's Field: 3 cards"


def test_a_handover_is_said_and_the_pane_forgets_the_last_seats_words(tmp_path):
    path = tmp_path / "said.txt"
    app = App((1280, 720), announcer=Announcer(str(path), mode="shown", speech=Speech(None)))
    app.start_game(Session(registry.get("shrine"), 3, {}, ["human", "human"]))
    app.step([], 0.01)
    scene = app.scene
    for _ in range(20):  # P1 moves until the table is handed over
        if scene.overlay == Overlay.HANDOVER:
            break
        scene.perform(scene.moves[0].action)
        app.step([], 0.01)
    assert said(path)[-1].startswith("The table is hidden. I am P2: show my cards. ")
    key(app, pygame.K_RETURN)
    assert scene.viewer == 1
    head, asked = scene.panels.status_words()
    assert app.announcer.recent == [f"{head}: {asked}"]  # none of P1's own lines


def test_carrying_by_keys_says_the_place_the_cards_would_go(tmp_path):
    app, scene, path = table(tmp_path, "shrine")
    draw = next(m for m in scene.moves if not m.gesture.cards)  # draw, or take the top
    scene.perform(draw.action)
    app.step([], 0.01)
    hand = hands(scene)[0]
    move = next(m for m in scene.moves if m.gesture.source == hand and m.gesture.cards)
    while scene.focus.zone != hand:
        key(app, pygame.K_TAB)
    for i, card in enumerate(move.gesture.cards):  # each card of the move, by Right
        while scene.focus.card().name != card:
            key(app, pygame.K_RIGHT)
        last = i == len(move.gesture.cards) - 1
        key(app, pygame.K_RETURN, 0 if last else pygame.KMOD_SHIFT)  # Shift+Enter adds
    assert scene.focus.carry is not None
    held = ", ".join(announce.card_name(scene.match.present, c) for c in scene.focus.carry.held)
    assert re.fullmatch(
        rf"Carrying {re.escape(held)}\. Place: .+\. Enter drops, Esc puts back", said(path)[-1]
    ), said(path)[-1]


def test_a_prompt_asked_of_another_seat_is_quoted_not_said_to_the_viewer(tmp_path, monkeypatch):
    """A computer's question is written to its seat ("Your score effects
    offer..."): the viewer reads it as asked of that seat, not of themselves."""
    app, scene, _ = table(tmp_path, "usagi", 2)
    mine = scene.match.decision()
    head, asked = scene.panels.status_words()
    assert not asked.startswith("asked")  # the viewer's own question, as written
    theirs = dataclasses.replace(mine, seat=1 - scene.viewer)
    monkeypatch.setattr(scene.match, "decision", lambda: theirs)
    head, asked = scene.panels.status_words()
    assert head.endswith("P2 (computer)") and asked.startswith("asked \u201c")
    assert asked.endswith("\u201d")
