"""The frozen app's entry script: PyInstaller needs a script file, and this
one sits outside the package so the package's own folder never lands on the
import path as top-level modules."""

import sys

from shrinetable.cli import main

sys.exit(main())
