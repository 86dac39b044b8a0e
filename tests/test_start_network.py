"""The start screen: Host and the Join form (and what they say when a join is
refused), and the choices it keeps for the next start (issue 22 item 6)."""

from __future__ import annotations

import socket
import time

import pytest

pytestmark = pytest.mark.usefixtures("dummy_video")


def start(app, game=None):
    from shrinetable.table.start_scene import StartScene

    app.scene = StartScene(app, game=game)
    return app.scene


def test_the_last_game_its_seats_and_options_are_kept_for_the_next_start(app):
    from shrinetable.engine import registry
    from shrinetable.table.game_scene import GameScene

    scene = start(app)
    usagi = registry.get("usagi")
    scene._choose_game(usagi)
    scene.seats = ["computer", "human", "computer"]
    opt = next(o for o in usagi.options if set(o.choices) == {False, True})
    scene.options[opt.name] = not opt.default
    scene._command(("start",))
    assert isinstance(app.scene, GameScene)
    again = start(app)
    assert again.game.name == "usagi"
    assert again.seats == ["computer", "human", "computer"]
    assert again.options[opt.name] is (not opt.default)
    # another game has its own (its defaults until it is started); back to Usagi: kept
    other = next(g for g in again.games if g.name != "usagi")
    again._choose_game(other)
    assert again.options == {o.name: o.default for o in other.options}
    again._choose_game(usagi)
    assert again.seats == ["computer", "human", "computer"]


def test_a_damaged_choices_file_is_no_fault(app, tmp_path):
    (tmp_path / "start.json").write_text("{not json", encoding="utf-8")
    assert start(app).game is not None
    (tmp_path / "start.json").write_text(
        '{"game": "nope", "games": {"shrine": {"seats": ["alien"], "options": {"x": 1}}}}',
        encoding="utf-8",
    )
    scene = start(app, "shrine")
    assert scene.seats and set(scene.seats) <= {"human", "computer"}


def test_start_with_a_remote_seat_points_to_host(app):
    scene = start(app, "shrine")
    scene.seats = ["human", "remote"]
    scene._command(("start",))
    assert app.scene is scene and "Host" in scene.message
    scene.seats = ["human", "computer"]
    scene._command(("host",))
    assert app.scene is scene and "remote" in scene.message


def join(app, address, code, name="Ann", port=""):
    scene = start(app)
    scene._command(("join",))
    form = scene.joining
    for key, value in (("address", address), ("code", code), ("name", name), ("port", port)):
        if value:
            form.entries[key].set_text(value)
    scene._command(("join_go",))
    return scene


def settle(scene, done, timeout=10.0):
    """Let the scene take what the host sent until `done()`."""
    end = time.monotonic() + timeout
    while not done():
        assert time.monotonic() < end, scene.status()
        scene.update(time.monotonic())
        time.sleep(0.01)


def said(scene) -> str:
    return scene.joining.box.html_text


def test_host_then_join_and_every_refusal_said_in_the_form(app, monkeypatch):
    import pygame
    import pygame_gui

    from shrinetable.net import protocol
    from shrinetable.table.remote_scene import RemoteScene

    scene = start(app, "shrine")
    scene.seats = ["human", "remote"]
    scene._command(("host",))
    hosting = app.scene
    assert isinstance(hosting, RemoteScene)
    try:
        code = hosting.match.remote.code
        port = hosting.match.remote.uri.rsplit(":", 1)[1]
        shown = protocol.show_code(code)  # in groups, as people read it
        assert f"code {shown}" in hosting.status() and "hosting at" in hosting.status()
        settle(hosting, lambda: "P2 waiting for a player" in hosting.status())
        wrong = "ZZZZ" if code != "ZZZZ" else "YYYY"
        assert "wrong invite code" in said(join(app, f"127.0.0.1:{port}", wrong))
        monkeypatch.setattr(protocol, "VERSION", protocol.VERSION - 1)
        assert "version mismatch" in said(join(app, "127.0.0.1", code, port=port))
        monkeypatch.undo()
        # the pasted line holds address and code; the seat is taken
        join(app, f"address: 127.0.0.1:{port} code: {shown}", "")
        ann = app.scene
        assert isinstance(ann, RemoteScene) and ann.match.seat == 1
        settle(hosting, lambda: "P2 Ann, connected" in hosting.status())
        settle(ann, lambda: "P1 the host" in ann.status() and ann.match.moves() == [])
        assert "full" in said(join(app, f"127.0.0.1:{port}", code, name="Bob"))
        assert start(app).kept["join"] == {"address": "127.0.0.1", "port": int(port), "name": "Bob"}
        played_and_taken_back(hosting, ann)
        ann.leave()
        # Ann is gone: the host's window asks whether the computer plays her seat
        settle(hosting, lambda: hosting.gone is not None and hosting.gone[0] == 1)
        hosting.handle(
            pygame.event.Event(
                pygame_gui.UI_CONFIRMATION_DIALOG_CONFIRMED, ui_element=hosting.gone[1]
            ),
            False,
        )
        settle(hosting, lambda: "P2 computer" in hosting.status())
        assert hosting.gone is None
    finally:
        hosting.leave()


def test_no_host_at_the_address_is_said_in_the_form(app):
    with socket.socket() as s:  # a port nothing listens on
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    words = said(join(app, f"127.0.0.1:{port}", "ABCD"))
    assert "No host answers" in words and "firewall" in words
    assert "must be a number" in said(join(app, "127.0.0.1", "ABCD", port="x"))


def played_and_taken_back(hosting, ann):
    """P1 moves at the host's table; Ann's table logs it; P1 asks to undo, Ann
    agrees in her window, and the move leaves both logs."""
    import pygame
    import pygame_gui

    settle(hosting, lambda: [m.text for m in hosting.moves] == ["draw"])
    hosting.perform(hosting.moves[0].action)
    settle(ann, lambda: len(ann.log_rich) == 1)
    settle(hosting, lambda: len(hosting.log_rich) == 1 and hosting.match.can_undo(0))
    hosting.undo()
    settle(ann, lambda: ann.asking is not None)
    ann.handle(
        pygame.event.Event(pygame_gui.UI_CONFIRMATION_DIALOG_CONFIRMED, ui_element=ann.asking),
        False,
    )
    settle(hosting, lambda: not hosting.log_rich and hosting.moves)
    settle(ann, lambda: not ann.log_rich)


def test_the_host_gives_a_gone_seat_to_a_newcomer_from_its_window(app):
    import pygame
    import pygame_gui

    from shrinetable.table.remote_scene import RemoteScene

    scene = start(app, "shrine")
    scene.seats = ["human", "remote"]
    scene._command(("host",))
    hosting = app.scene
    try:
        port = hosting.match.remote.uri.rsplit(":", 1)[1]
        code = hosting.match.remote.code
        join(app, f"127.0.0.1:{port}", code, name="Ann")
        ann = app.scene
        settle(hosting, lambda: "P2 Ann, connected" in hosting.status())
        ann.leave()
        settle(hosting, lambda: hosting.gone is not None and hosting.gone[0] == 1)
        assert "Newcomer" in hosting.gone[2].text
        hosting.handle(
            pygame.event.Event(pygame_gui.UI_BUTTON_PRESSED, ui_element=hosting.gone[2]), False
        )
        settle(hosting, lambda: "P2 waiting for a player" in hosting.status())
        join(app, f"127.0.0.1:{port}", code, name="Bob")  # Ann's token no longer holds it
        bob = app.scene
        assert isinstance(bob, RemoteScene) and bob.match.seat == 1
        settle(hosting, lambda: "P2 Bob, connected" in hosting.status())
        bob.leave()
    finally:
        hosting.leave()
