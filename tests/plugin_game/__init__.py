"""Sealed Bids, the test-only game (see game.py): the package exposes GAME.

Nothing under `shrinetable/` names it; the tests register it with
`shrinetable.engine.registry.register(GAME)`, as a third-party game would be.
"""

from .bundle import GAME

__all__ = ["GAME"]
