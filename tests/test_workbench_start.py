"""The start screen's "Last report" opens the page `shrinetable report` wrote last
(issue 27); with none yet it is disabled."""

from __future__ import annotations

import pytest

pytestmark = pytest.mark.usefixtures("dummy_video")


def report_button(scene):
    return next(b for b, cmd in scene.actions.items() if cmd == ("report",))


def test_last_report_opens_the_page_written_last(app, tmp_path, monkeypatch):
    from shrinetable import resources
    from shrinetable.table import start_scene
    from shrinetable.table.start_scene import StartScene

    scene = StartScene(app)
    assert not report_button(scene).is_enabled
    page = tmp_path / "r" / "index.html"
    page.parent.mkdir()
    page.write_text("<html></html>")
    resources.remember_report(page)
    opened = []
    monkeypatch.setattr(start_scene.webbrowser, "open", lambda url: opened.append(url) or True)
    scene = StartScene(app)
    assert report_button(scene).is_enabled
    scene._command(("report",))
    assert opened == [page.resolve().as_uri()]
    page.unlink()  # gone since: the screen says so instead of opening nothing
    scene._command(("report",))
    assert opened == [page.resolve().as_uri()] and "No report yet" in scene.message
