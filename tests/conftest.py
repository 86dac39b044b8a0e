"""Fixtures shared by test modules."""

from __future__ import annotations

import pytest
from e2e_harness import Xvfb, missing_tools


@pytest.fixture(scope="module")
def xvfb():
    """A private X server for the real-window tests (skipped without Xvfb/xdotool)."""
    missing = missing_tools()
    if missing:
        pytest.skip(f"needs {', '.join(missing)} (apt-get install xvfb xdotool imagemagick)")
    server = Xvfb()
    yield server
    server.stop()
