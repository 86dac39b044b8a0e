"""The frozen app's entry script: PyInstaller needs a script file, and this
one sits outside the package so the package's own folder never lands on the
import path as top-level modules."""

import multiprocessing
import sys

from shrinetable.cli import main

if __name__ == "__main__":
    multiprocessing.freeze_support()   # a report's worker processes start this executable
    sys.exit(main())
