"""`shrinetable bench save`: how long a long save takes to load, and how much memory.

A save of `--moves` moves is built once (each move the game's automatic pass when
it is legal, else a seeded random legal move, so a game whose passes go on for
ever reaches any length), then loaded in fresh processes, each reporting its
wall and CPU time and its peak resident memory, the whole process (Python and
the program's modules included): `VmHWM` of /proc/self/status where there is
one, else `resource.getrusage`, whose figure on Linux starts from the parent's
own peak (kept across fork and exec), the bench's with the save it built. `--compare` also loads it
with its checkpoints taken out, move by move, as saves from before them load.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

from shrinetable.adapter import checkpoint
from shrinetable.adapter.session import Session
from shrinetable.engine import registry
from shrinetable.formats.save import write_journal
from shrinetable.formats.savemodel import SaveFile

# run in a fresh process: load the save at argv[1] (as Continue does with
# argv[2] == "continue"), print the figures as JSON
CHILD = """
import json, resource, sys, time
wall, cpu = time.perf_counter(), time.process_time()
from shrinetable.adapter import storage
from shrinetable.adapter.match import Match
loaded = storage.load_autosave if sys.argv[2] == "continue" else storage.load
session = loaded(sys.argv[1])
Match(session).turn_number()
wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
try:
    with open("/proc/self/status") as f:
        peak = next(int(line.split()[1]) for line in f if line.startswith("VmHWM:")) / 1024
except (OSError, StopIteration):
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    peak /= 1024 if sys.platform == "darwin" else 1   # bytes there, KiB elsewhere
print(json.dumps({"wall_s": wall, "cpu_s": cpu, "peak_mb": peak,
                  "moves": len(session.history), "notes": session.notes}))
"""


def build(game_name: str, moves: int, seed: int) -> Session:
    """A seeded game of up to `moves` moves (fewer if it ends)."""
    game = registry.get(game_name)
    session = Session(game, seed, {}, ["human"] * game.min_seats)
    rng = random.Random(seed)
    while len(session.history) < moves and session.decision() is not None:
        legal = game.legal_actions(session.state)
        session.play(
            next((a for a in legal if a.text in game.auto_pass), None) or rng.choice(legal)
        )
    return session


def load_figures(path: Path, how: str, data: Path) -> dict:
    """One load of `path` in a fresh process (`how`: "load" or "continue")."""
    here = str(Path(__file__).resolve().parents[2])  # the child runs this copy of it
    paths = [here, *filter(None, os.environ.get("PYTHONPATH", "").split(os.pathsep))]
    env = {**os.environ, "SHRINETABLE_DATA_DIR": str(data), "PYTHONPATH": os.pathsep.join(paths)}
    checkpoint.share_key(data)  # the child believes this process's checkpoints
    done = subprocess.run(
        [sys.executable, "-c", CHILD, str(path), how],
        env=env,
        capture_output=True,
        text=True,
        check=False,
    )
    if done.returncode:
        raise RuntimeError(done.stderr.strip().splitlines()[-1] if done.stderr else "failed")
    return json.loads(done.stdout)


def measure(save: SaveFile, folder: Path, runs: int, how: str) -> dict:
    """The median of `runs` loads of `save` written as a journal in `folder`."""
    figures, size = [], 0
    for n in range(runs):
        path = (
            folder / "autosaves" / f"bench-{how}-{n}.jsonl"
            if how == "continue"
            else folder / f"bench-{n}.jsonl"
        )
        size = write_journal(path, save).stat().st_size
        figures.append(load_figures(path, how, folder))
    out = {
        k: round(statistics.median(f[k] for f in figures), 3)
        for k in ("wall_s", "cpu_s", "peak_mb")
    }
    out["bytes"] = size
    out["notes"] = figures[-1]["notes"]
    return out


def run_save(args: argparse.Namespace) -> int:
    session = build(args.game, args.moves, args.seed)
    save = session.to_save()
    fig: dict = {
        "game": args.game,
        "moves": len(save.actions),
        "checkpoints": len(save.checkpoints),
    }
    with tempfile.TemporaryDirectory(prefix="shrinetable-bench-") as tmp:
        folder = Path(tmp)
        fig["load"] = measure(save, folder, args.runs, "load")
        fig["continue"] = measure(save, folder, args.runs, "continue")
        if args.compare:
            fig["without_checkpoints"] = measure(
                save.model_copy(update={"checkpoints": []}), folder, 1, "load"
            )
    if args.json:
        print(json.dumps(fig))
        return 0
    print(
        f"save: {fig['moves']} moves of {args.game}, {fig['checkpoints']} checkpoints, "
        f"{fig['load']['bytes'] / 1e6:.1f} MB"
    )
    for key, words in (
        ("load", "--load"),
        ("continue", "Continue"),
        ("without_checkpoints", "--load, no checkpoints (a save from before)"),
    ):
        if key in fig:
            f = fig[key]
            print(
                f"  {words}: {f['wall_s']} s wall, {f['cpu_s']} s CPU, peak {f['peak_mb']:.0f} MB"
                f" (median of {1 if key == 'without_checkpoints' else args.runs})"
            )
    return 0
