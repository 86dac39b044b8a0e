"""One error type for every file a person edits, so the command line can print
`FILE:LINE: key: message` and exit 2 instead of showing a traceback; reading a
TOML file, and the one way to find the line a key path is written on."""

from __future__ import annotations

import re
import tomllib
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from .files import read_bytes


class FormatError(Exception):
    """A file that cannot be used: which file, which key (a path such as
    `steps[2].expect.zones.hand:1`), what is wrong, and the line if known."""

    def __init__(self, file: str, key: str, message: str, line: int | None = None):
        self.file, self.key, self.message, self.line = file, key, message, line
        super().__init__(str(self))

    def __str__(self) -> str:
        where = f"{self.file}:{self.line}" if self.line else self.file
        return f"{where}: {self.key or '(top level)'}: {self.message}"


def key_path(loc: Sequence[str | int]) -> str:
    """`('steps', 2, 'expect')` -> `steps[2].expect`."""
    out = ""
    for part in loc:
        if isinstance(part, int):
            out += f"[{part}]"
        else:
            out += f".{part}" if out else str(part)
    return out


MAX_BYTES = 1 << 20  # the largest file shipped is ~40 KB; a bigger one is a slip
MAX_DEPTH = 32  # arrays and inline tables inside each other (~500 crashed the parser)
MAX_DIGITS = 40  # Python refuses to read an int of more than 4,300 digits; no file needs 40
# what a depth count must step over: strings (brackets in them do not nest) and comments;
# and runs of digits too long for a number
_TOKEN = re.compile(
    r'"""(?:\\.|[^\\])*?"""|\'\'\'.*?\'\'\'|"(?:\\.|[^"\\\n])*"'
    rf"|'[^'\n]*'|#[^\n]*|[\[\]{{}}]|[0-9][0-9_]{{{MAX_DIGITS},}}",
    re.S,
)


def read_text(path: str | Path, limit: int = MAX_BYTES) -> str:
    """A file a person wrote, as text, at most `limit` bytes; FormatError otherwise."""
    try:
        data = read_bytes(path, limit)
        if len(data) > limit:
            raise FormatError(
                str(path), "", f"the file is larger than {limit // 1024} KB; is it the right file?"
            )
        return data.decode("utf-8")
    except (OSError, UnicodeDecodeError) as e:
        raise FormatError(str(path), "", f"cannot read the file: {e}") from None


def parse_toml(text: str, file: str) -> dict[Any, Any]:
    """TOML `text` as data, nesting bounded before it is parsed; FormatError otherwise."""
    depth = 0
    for m in _TOKEN.finditer(text):
        token = m[0]
        if token[0].isdigit():
            raise FormatError(
                file,
                "",
                f"a number of more than {MAX_DIGITS} digits",
                text.count("\n", 0, m.start()) + 1,
            )
        depth += (token in "[{") - (token in "]}") if len(token) == 1 else 0
        if depth > MAX_DEPTH:
            line = text.count("\n", 0, m.start()) + 1
            raise FormatError(file, "", f"arrays or tables nest more than {MAX_DEPTH} deep", line)
    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as e:
        raise FormatError(file, "", f"not valid TOML: {e}", decode_line(e)) from None
    except ValueError as e:  # a number the scan above let through (a bug): still a message
        raise FormatError(file, "", f"a number cannot be read: {e}") from None
    except RecursionError:  # the count above missed a nesting (a bug): still a message
        raise FormatError(file, "", f"arrays or tables nest more than {MAX_DEPTH} deep") from None


def read_toml(path: str | Path) -> tuple[str, dict[Any, Any]]:
    """The file's text (for finding lines) and its TOML data; FormatError otherwise."""
    text = read_text(path)
    return text, parse_toml(text, str(path))


def decode_line(e: tomllib.TOMLDecodeError) -> int | None:
    """The line a TOML syntax error names (Python 3.11 only says it in words)."""
    m = re.search(r"line (\d+)", str(e))
    return int(m[1]) if m else None


_NAME = r"(?:\"[^\"]*\"|'[^']*'|[A-Za-z0-9_-]+)"
_KEY = re.compile(rf"^\s*({_NAME}(?:\s*\.\s*{_NAME})*)\s*=")


def _header(raw: str) -> tuple[bool, str] | None:
    """A table header line's (array of tables?, key), None for any other line. A
    scan of the line, not a regex: `[` and a long run of spaces took cubic time."""
    line = raw.strip()
    double = line.startswith("[[")
    if not line.startswith("["):
        return None
    body = line[2 if double else 1 :]
    end = body.find("]")
    name, rest = body[:end].strip(), body[end + 1 :]
    if end < 0 or not name or "=" in name or (double and not rest.startswith("]")):
        return None
    rest = rest[1:].strip() if double else rest.strip()
    return (double, name) if not rest or rest.startswith("#") else None


def _split_key(key: str) -> tuple[str, ...]:
    return tuple(
        a or b or c for a, b, c in re.findall(r"\"([^\"]*)\"|'([^']*)'|([A-Za-z0-9_-]+)", key)
    )


def key_lines(text: str) -> dict[tuple[str, ...], int]:
    """The 1-based line of every table header and key in TOML `text`, by key path
    (all parts strings; the n-th `[[name]]` table is `("name", "n")`).

    A scan, not a parser: an inline table lies on its key's line, so the lines of
    headers and `key =` starts are all a person needs to be pointed at."""
    lines: dict[tuple[str, ...], int] = {}
    arrays: dict[tuple[str, ...], int] = {}  # arrays of tables: how many so far
    table: tuple[str, ...] = ()
    in_string = False
    for n, raw in enumerate(text.splitlines(), 1):
        quotes = raw.count('"""') + raw.count("'''")
        if in_string:
            in_string = quotes % 2 == 0
            continue
        header = _header(raw)
        if header:
            parts, table = _split_key(header[1]), ()
            for i, part in enumerate(parts):
                table += (part,)
                lines.setdefault(table, n)
                if header[0] and i == len(parts) - 1:
                    arrays[table] = arrays.get(table, 0) + 1
                if table in arrays:
                    table += (str(arrays[table] - 1),)
                    lines.setdefault(table, n)
            continue
        m = _KEY.match(raw)
        if m:
            full = table + _split_key(m[1])
            for i in range(len(table) + 1, len(full) + 1):
                lines.setdefault(full[:i], n)
        in_string = quotes % 2 == 1
    return lines


def find_line(text: str, loc: Sequence[str | int]) -> int | None:
    """The line where the deepest key of `loc` that is written in `text` is
    (`("steps", 2, "action")`: the action of the third `[[steps]]` table)."""
    lines, path = key_lines(text), tuple(str(p) for p in loc)
    return next((lines[path[:i]] for i in range(len(path), 0, -1) if path[:i] in lines), None)
