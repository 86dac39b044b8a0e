"""A crowded zone to open: six Usagi seats, eight Characters involved with one
seat's Event, more than its zone holds a line each (`geometry.strip_rects`); the
person, first to decide with a card in hand, holds the game still (with none,
they finished at once and the computers played the Event out under the test).
Imported by the in-process test; run as a program it opens this position in the
real window, for tests/test_e2e_crowded.py:

    python tests/crowded_position.py DIR   (DIR: where the position file goes)
"""

from __future__ import annotations

import sys
from pathlib import Path

POSITION = """game = "usagi"
seats = 6

[zones]
"hand:0" = ["second-wind#10"]
"event:2" = ["duel-on-the-bridge#9"]
"involved:2" = ["kaito-the-drifting-blade#1", "old-sensei-rokuro#2", "wandering-swordsman#3",
                "scarred-duelist#4", "temple-spearman#5", "roadside-bodyguard#6",
                "court-envoy#7", "palace-guard#8"]
"""
ZONE = "involved:2"


def session(folder: Path):
    """The position as a game: seat 0 a person, the others the computer."""
    from shrinetable.adapter.session import Session
    from shrinetable.formats import scenario

    path = folder / "crowded.toml"
    path.write_text(POSITION)
    loaded = scenario.load(path)
    return Session(loaded.game, 1, {}, ["human"] + ["computer"] * 5, loaded.state)


def main(folder: str) -> int:
    from shrinetable.table.app import App

    app = App((1280, 720), trace=True)
    app.start_game(session(Path(folder)))
    return app.run()


if __name__ == "__main__":
    sys.exit(main(sys.argv[1]))
