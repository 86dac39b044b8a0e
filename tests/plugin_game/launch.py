"""Sealed Bids in the real window: the program's own command line with the
test-only game registered first, as a third-party game would be.

    python tests/plugin_game/launch.py play sealed --trace \
        --seats human,human,computer,computer,computer

The arguments are shrinetable's (`shrinetable.cli.main`); only the registration
is added. The real-window test (tests/test_e2e_plugin.py) starts it this way.
"""

from __future__ import annotations

import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
TESTS = HERE.parent


def main(argv: list[str] | None = None) -> int:
    # run as a file, Python puts this folder first on the path: put tests/ there
    # instead, so the game is imported as the package `plugin_game`, as the tests do
    if sys.path and Path(sys.path[0]).resolve() == HERE:
        sys.path.pop(0)
    if str(TESTS) not in sys.path:
        sys.path.insert(0, str(TESTS))
    from plugin_game import GAME
    from shrinetable.cli import main as cli_main
    from shrinetable.engine import registry

    registry.register(GAME)
    return cli_main(sys.argv[1:] if argv is None else argv)


if __name__ == "__main__":
    sys.exit(main())
