"""The host's window plays every game over the network (in process, SDL's dummy
driver): the table at the host's seat makes its moves from the legal gestures
it was sent, a random bot plays the remote seat, and every frame is drawn from
what arrived; the window's log says as many moves as the host made."""

from __future__ import annotations

import random
import time

import pytest

from shrinetable.engine import registry

pytestmark = [pytest.mark.usefixtures("dummy_video"), pytest.mark.slow]

MOVES = 30


@pytest.mark.parametrize("game", registry.names())
def test_the_hosts_window_plays_a_remote_bot(app, game):
    from shrinetable.net.client import Remote, play_bot
    from shrinetable.net.seam import Seam
    from shrinetable.table.remote_scene import open_hosted

    seam = Seam.new(game, 5, {}, ["human", "remote"])
    scene = open_hosted(app, seam, "127.0.0.1", 0, say=lambda s: None)
    try:
        link, port = scene.match.link, int(scene.match.remote.uri.rsplit(":", 1)[1])
        bot = Remote("127.0.0.1", port, scene.match.remote.code, "bot")
        link.run(bot.join()).result(10)
        link.run(play_bot(bot, "random", random.Random(1)))
        rng = random.Random(2)
        end = time.monotonic() + 60
        while len(seam.match.history) < MOVES and seam.match.decision() is not None:
            assert time.monotonic() < end, scene.status()
            scene.update(time.monotonic())
            scene.draw(app.screen)
            if scene.moves and scene.overlay in (None, "choice"):
                scene.perform(rng.choice(scene.moves).action)
            time.sleep(0.002)
        # the window caught up (the host waits for its move, or the game is over):
        # its log and its view are the host's
        end = time.monotonic() + 10
        while not (scene.moves or scene.match.outcome()) or len(scene.match.history) < len(
            seam.match.history
        ):
            assert time.monotonic() < end
            scene.update(time.monotonic())
            time.sleep(0.002)
        assert scene.match.view() == seam.match.view(0)
        assert scene.log_rich
        # the line of who sits where has its own strip: under every card and panel
        w, h = app.screen.get_size()
        top = scene.table_size((w, h))[1]
        assert top < h and all(p.rect.bottom <= top for p in scene.board.placed)
        panels = scene.layout.panels
        for panel in (panels.log, panels.status, panels.buttons):
            assert scene.board.scaler.rect(panel).bottom <= top
        # the menu's and the keys' other messages: a hint, the summary, save
        for do in (scene.aid.hint, scene.aid.summary, scene.save, lambda: scene.command("close")):
            do()
            scene.draw(app.screen)
        assert "The host keeps this game" in scene.message
    finally:
        scene.leave()
