"""`shrinetable ARGS` in a process of its own, and that process's peak memory.

The peak is the child's `VmHWM`: on Linux getrusage's maxrss survives exec, so
a child forked from a test worker that has grown to 1 GB would report 1 GB."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

CHILD = """
import resource, sys
if sys.argv[1] != "-":
    limit = int(sys.argv[1])
    resource.setrlimit(resource.RLIMIT_AS, (limit, limit))
from shrinetable.cli import main
code = main(sys.argv[2:])
hwm = [x for x in open('/proc/self/status') if x.startswith('VmHWM:')]
print('peak', hwm[0].split()[1] if hwm else resource.getrusage(resource.RUSAGE_SELF).ru_maxrss)
sys.exit(code)
"""


def run_measured(
    args: list[str], timeout: float = 300, limit: int | None = None
) -> tuple[subprocess.CompletedProcess[str], int]:
    """The finished command (output as text) and its peak in kB; `limit`: an
    address-space limit in bytes for the child."""
    done = subprocess.run(
        [sys.executable, "-c", CHILD, "-" if limit is None else str(limit), *args],
        capture_output=True,
        text=True,
        timeout=timeout,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
    )
    return done, int(done.stdout.split("peak")[-1])
