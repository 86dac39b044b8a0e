"""Save files: a game is a pure function of (game, seed, options, actions), so a
save holds exactly those, plus who sits where; a deck a person wrote is kept in
it (version 2), so it names no file. JSON, written atomically (a temp file named
after the writing process, fsync, then os.replace) so a crash never leaves half a
save behind; `clean_temporaries` removes what a killed process left.

A save also keeps what the undos before it took back (`redo`, optional), so
a move undone before saving can be redone after loading; an autosave's
journal does not (an undo there keeps the moves before it).

Version 3 also keeps `checkpoints`: the game's state every so many moves, so a
long game loads from the last one instead of replaying every move (what they
hold and how they are checked: adapter/checkpoint.py). A save without them still
loads, move by move.

An autosave is a journal instead, so a move costs the same at move 4,000 as at
move 10: a header line (the save without its actions and checkpoints), then one
line per change, appended and fsynced: a JSON string is a move made, a list of
one string a move made by the gesture of the move before it (cards dropped
together: a save's `joined`, undone with it), a list of a string and an object
a move and what a save keeps of it besides its notation (`FACTS`, e.g.
`["pass",{"auto":true}]`), a number `n` keeps only the first n moves (an undo,
which also drops the checkpoints after it), an object a checkpoint. A torn
last line (a crash mid-write) is left out.
"""

from __future__ import annotations

import errno
import json
import os
import stat
import tempfile
import time
from collections.abc import Mapping
from json.encoder import encode_basestring_ascii
from pathlib import Path
from typing import TYPE_CHECKING, Any

from .files import read_bytes, why

if TYPE_CHECKING:
    from pydantic import BaseModel

    from .savemodel import SaveFile, Undone

FORMAT = "shrinetable-save"
JOURNAL = "shrinetable-journal"


def __getattr__(name: str) -> Any:
    """`SaveFile` (pydantic, in formats/savemodel.py), imported when first asked
    for: the table starts without pydantic, and a game's first save comes with its
    first move."""
    if name == "SaveFile":
        from .savemodel import SaveFile

        return SaveFile
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


class SaveError(Exception):
    """A save that cannot be used; the message names the file, key and fault."""


MAX_BYTES = 64 << 20  # a save of 10,000 moves is under 1 MB
DIGITS = 4300  # Python's limit on a number's digits (sys.get_int_max_str_digits)
TEMP_PREFIX = ".save-"
# what a save keeps of a move besides its notation: the `SaveFile` fields, each
# named as the move's (`Applied`) own; the first two are flags (lists of places)
FACTS = ("joined", "auto", "picked_in", "standing")
FLAGS = FACTS[:2]
WORDS = FACTS[len(FLAGS) :]  # the table's words for a move it made (by key)
_KNOWN = set(FACTS)


def read_save(path: str | Path, notes: list[str] | None = None) -> SaveFile:
    """The save at `path`; SaveError naming the file, line or field. With
    `notes`, a journal's damaged line does not lose the game: the moves before
    it are the save, and what was left out is said in `notes`."""
    p = Path(path)
    try:
        raw = read_bytes(p, MAX_BYTES)
    except OSError as e:
        raise SaveError(f"{p}: cannot read the file: {why(e)}") from None
    if len(raw) > MAX_BYTES:
        raise SaveError(f"{p}: not a save file (larger than {MAX_BYTES >> 20} MB)")
    try:
        data = (
            _journal(raw, p, notes)
            if raw.startswith(b'{"format":"%s"' % JOURNAL.encode())
            else json.loads(raw.decode("utf-8"))
        )
    except (UnicodeDecodeError, json.JSONDecodeError) as e:
        raise SaveError(f"{p}: not a save file (not JSON: {e})") from None
    except ValueError:  # a number of thousands of digits
        raise SaveError(f"{p}: not a save file (a number of more than {DIGITS} digits)") from None
    except RecursionError:
        raise SaveError(f"{p}: not a save file (nested too deeply)") from None
    from pydantic import ValidationError

    from .savemodel import SaveFile

    try:
        save = SaveFile.model_validate(data)
    except ValidationError as e:
        lines = [
            f"{p}: {'.'.join(str(x) for x in err['loc']) or '(top level)'}: {err['msg']}"
            for err in e.errors()
        ]
        raise SaveError("\n".join(lines)) from None
    named = _names_a_file(save)
    if named:
        raise SaveError(
            f"{p}: options: {named} names a file; a save keeps its decks in "
            f"itself (this one was not written by shrinetable)"
        )
    return save


def _names_a_file(save: SaveFile) -> str | None:
    """A deck option of a version 2 save that names a file, which it may not (a
    save from elsewhere would have the program read any file it names)."""
    from shrinetable.engine import registry
    from shrinetable.formats.decks import named_file

    if save.version < 2 or save.game not in registry.names():
        return None
    try:
        return named_file(registry.get(save.game), save.options)
    except (ImportError, ValueError, OSError):  # a broken game: said when it is played
        return None


def _journal(raw: bytes, p: Path, notes: list[str] | None) -> dict[Any, Any]:
    """A journal's save as data (see the module's words): its torn last line left
    out, a damaged line before it a SaveError naming the line (with `notes`:
    the moves before it, a damaged checkpoint's line left out, said there)."""
    end = raw.rfind(b"\n")  # after the last newline: nothing, or a line a crash tore
    first = raw.find(b"\n")
    head_raw, body = (raw, b"") if end < 0 else (raw[:first], raw[first + 1 : end])
    try:
        head = json.loads(head_raw.decode("utf-8"))
    except (UnicodeDecodeError, ValueError, RecursionError):
        raise SaveError(f"{p}:1: a damaged line in the autosave (its header)") from None
    try:  # the moves as one JSON list: no list of lines (a long save's memory)
        changes = json.loads(b"[" + body.replace(b"\n", b",") + b"]") if body else []
    except (UnicodeDecodeError, ValueError, RecursionError):
        changes = _good_lines(body.split(b"\n"), p, notes)
    if not isinstance(head, dict):
        raise SaveError(f"{p}:1: not a save file (the first line is no header)")
    actions: list[Any] = []
    checkpoints: list[Any] = []
    facts: dict[int, dict[str, Any]] = {}
    done = 0  # the moves, a run at a time (a long save's are nearly all moves)
    for i in [i for i, c in enumerate(changes) if type(c) is not str]:
        actions += changes[done:i]
        done, change, n = i + 1, changes[i], i + 2
        if isinstance(change, int) and not isinstance(change, bool) and 0 <= change <= len(actions):
            del actions[change:]
            checkpoints = [c for c in checkpoints if _at(c) <= change]
            facts = {j: f for j, f in facts.items() if j < change}
        elif isinstance(change, dict):
            checkpoints.append(change)
        elif (kept := _move_facts(change)) is not None:
            facts[len(actions)] = kept
            actions.append(change[0])
        else:
            raise SaveError(
                f"{p}:{n}: neither a move, a move joined to the one before ([move]), "
                f"a move and what the table knows of it ([move, {{...}}] of "
                f"{', '.join(FACTS)}), a number of moves to keep nor a checkpoint"
            )
    actions += changes[done:]
    head.pop("format", None)
    said = {"actions": actions, "checkpoints": checkpoints}
    return {**head, "format": FORMAT, **said, **as_fields(facts)}


def _move_facts(change: Any) -> dict[str, Any] | None:
    """What a journal's line `[move]` (joined to the move before) or `[move,
    {...}]` says of its move (`FACTS`); None for any other line."""
    if type(change) is not list or not 0 < len(change) < 3 or type(change[0]) is not str:
        return None
    kept = change[1] if len(change) == 2 else {"joined": True}
    if type(kept) is not dict or not kept or not kept.keys() <= _KNOWN:
        return None
    return kept if kept.get("joined", True) is kept.get("auto", True) is True else None


def by_move(save: SaveFile | Undone) -> dict[int, dict[str, Any]]:
    """What `save` (or the moves an undo took back in it) keeps of each move
    besides its notation (`FACTS`, those set), by the move's place."""
    out: dict[int, dict[str, Any]] = {}
    for name in FLAGS:
        for at in getattr(save, name):
            out.setdefault(at, {})[name] = True
    for name in WORDS:
        for at, said in getattr(save, name).items():
            out.setdefault(at, {})[name] = said
    return out


def as_fields(facts: Mapping[int, Mapping[str, Any]]) -> dict[str, Any]:
    """The `SaveFile` fields saying `facts` (as `by_move` gives them), those
    not empty."""
    fields: dict[str, Any] = {}
    for at in sorted(facts):
        for name, said in facts[at].items():
            if name in FLAGS:
                fields.setdefault(name, []).append(at)
            else:
                fields.setdefault(name, {})[at] = said
    return fields


def _at(checkpoint: dict[Any, Any]) -> int:
    """After how many moves a checkpoint was made (one that does not say is
    kept, to be refused by name when it is read)."""
    at = checkpoint.get("at")
    return at if isinstance(at, int) else -1


def _good_lines(lines: list[bytes], p: Path, notes: list[str] | None) -> list[Any]:
    """A damaged journal's changes: those before its first damaged line (the
    game goes on from the last good move; a checkpoint's line is left out
    alone, the moves are the save), said in `notes`; SaveError without them."""
    changes = []
    for n, line in enumerate(lines, 2):
        try:
            changes.append(json.loads(line.decode("utf-8")))
            continue
        except (UnicodeDecodeError, ValueError, RecursionError):
            if notes is None:
                raise SaveError(f"{p}:{n}: a damaged line in the autosave") from None
        if line.startswith(b'{"at":'):  # as `journal_moves` writes a checkpoint
            notes.append(f"{p}:{n}: a damaged checkpoint line, left out")
            continue
        notes.append(
            f"{p}:{n}: a damaged line; the game goes on from the last good move "
            f"before it (the file is kept as it was)"
        )
        break
    return changes


def journal_head(save: SaveFile) -> bytes:
    """A journal's first line: `save` without its moves (actions, checkpoints,
    `FACTS`) and without what undos took back (`redo`: a journal keeps none)."""
    head = save.model_dump(
        exclude={"actions", "checkpoints", "format", "redo", *FACTS, *_unsaid(save)}
    )
    return json.dumps({"format": JOURNAL, **head}, separators=(",", ":")).encode() + b"\n"


def journal_moves(
    texts: list[str],
    keep: int | None = None,
    checkpoints: dict[int, dict[Any, Any]] | None = None,
    first: int = 0,
    facts: Mapping[int, Mapping[str, Any]] | None = None,
) -> bytes:
    """Journal lines: keep the first `keep` moves (None: all), then `texts` made
    (moves `first + 1` on), each followed by the checkpoint made after it, if any;
    a move `facts` says more of (by its place in the game, as `by_move`) as
    `["move"]` when only joined to the one before it, else `["move", {...}]`."""
    lines = [] if keep is None else [str(keep)]
    said = list(map(encode_basestring_ascii, texts))  # json.dumps's
    for i, kept in (facts or {}).items():
        if first <= i < first + len(texts):
            more = "" if kept == {"joined": True} else "," + json.dumps(kept, separators=(",", ":"))
            said[i - first] = f"[{said[i - first]}{more}]"
    done = first
    for n in sorted(k for k in checkpoints or {} if first < k <= first + len(texts)):
        lines += said[done - first : n - first]
        lines.append(json.dumps((checkpoints or {})[n], separators=(",", ":")))
        done = n
    lines += said[done - first :]
    return ("\n".join(lines) + "\n").encode() if lines else b""


def write_journal(path: str | Path, save: SaveFile) -> Path:
    """The whole journal of `save` (header, moves, checkpoints), written atomically."""
    marks = {_at(c): c for c in save.checkpoints}
    moves = journal_moves(save.actions, None, marks, facts=by_move(save))
    return _write(Path(path), journal_head(save) + moves)


def append(path: str | Path, data: bytes) -> None:
    """Add `data` (whole journal lines) to the journal at `path` and fsync; OSError
    when it is gone or cannot be written (FileNotFoundError: write it whole)."""
    fd = os.open(path, os.O_WRONLY | os.O_APPEND | getattr(os, "O_BINARY", 0))
    try:
        if not stat.S_ISREG(os.fstat(fd).st_mode):
            raise IsADirectoryError(errno.EISDIR, "not a file", str(path))
        view = memoryview(data)
        while view:
            view = view[os.write(fd, view) :]
        os.fsync(fd)
    finally:
        os.close(fd)


def write_save(path: str | Path, save: BaseModel, replace: bool = True) -> Path:
    """Write `save` to `path` atomically, and return where it went. With
    `replace=False` an existing file is kept and the save goes to the first free
    `NAME-2.json`, `NAME-3.json`... (two saves in the same second both stay)."""
    return _write(
        Path(path), save.model_dump_json(indent=1, exclude=_unsaid(save)).encode(), replace
    )


def _unsaid(save: Any) -> set[str]:
    """A save's fields left out of the file when empty (every computer seat
    normal, no gesture of several moves, no move made by the table, nothing
    undone to redo), so it reads as saves did before they had them; none of
    another file's."""
    fields = type(save).model_fields
    return {f for f in ("strengths", *FACTS, "redo") if f in fields and not getattr(save, f)}


def _write(p: Path, data: bytes, replace: bool = True) -> Path:
    """`data` written to `p` atomically (see `write_save`)."""
    p.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f"{TEMP_PREFIX}{os.getpid()}-", suffix=".tmp", dir=p.parent)
    try:
        with os.fdopen(fd, "wb") as f:
            f.write(data)
            f.flush()
            os.fsync(f.fileno())
        if replace:
            os.replace(tmp, p)
            return p
        return _link_free(tmp, p)
    finally:
        Path(tmp).unlink(missing_ok=True)


def _link_free(tmp: str, path: Path) -> Path:
    """Give the written `tmp` the first free name like `path` (a hard link fails
    if the name is taken, so two processes never get the same one)."""
    for n in range(1, 10_000):
        target = path if n == 1 else path.with_stem(f"{path.stem}-{n}")
        try:
            os.link(tmp, target)
            return target
        except FileExistsError:
            continue
        except OSError:  # a file system without hard links: the same, less strict
            if not target.exists():
                os.replace(tmp, target)
                return target
    raise OSError(f"no free name like {path.name} in {path.parent}")


def clean_temporaries(folder: Path) -> list[Path]:
    """Remove the temp files in `folder` that a process no longer running left
    (killed while it wrote); the ones being written stay. Returns what went."""
    gone = []
    for tmp in folder.glob(f"{TEMP_PREFIX}*.tmp"):
        try:
            if _stale(tmp):
                tmp.unlink()
                gone.append(tmp)
        except OSError:
            pass
    return gone


def _stale(tmp: Path) -> bool:
    """Whether the process that wrote `tmp` is gone (by the pid in its name)."""
    pid = tmp.name[len(TEMP_PREFIX) :].split("-")[0]
    if not pid.isdigit() or int(pid) == os.getpid():
        return True
    if os.name == "nt":  # no signal 0 there: a temp file lives milliseconds
        return time.time() - tmp.stat().st_mtime > 3600
    try:
        os.kill(int(pid), 0)
    except ProcessLookupError:
        return True
    except OSError:  # another user's process: leave its file alone
        return False
    return False
