"""One error type for every file a person edits, so the command line can print
`FILE:LINE: key: message` and exit 2 instead of showing a traceback."""

from __future__ import annotations

import re
from collections.abc import Sequence


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


def find_line(text: str, loc: Sequence[str | int]) -> int | None:
    """The 1-based line where the deepest findable key of `loc` is written.

    A scan, not a parser: good enough to point a person at the right place.
    An int after a name means the n-th `[[name]]` table of an array."""
    lines = text.splitlines()
    start, end, found = 0, len(lines), None
    for i, part in enumerate(loc):
        if isinstance(part, int):
            name = loc[i - 1] if i else ""
            heads = [n for n in range(start, end)
                     if re.match(rf"\s*\[\[\s*{re.escape(str(name))}\s*\]\]", lines[n])]
            if part >= len(heads):
                break
            start = heads[part]
            end = heads[part + 1] if part + 1 < len(heads) else end
            found = start
            continue
        pattern = re.compile(rf"""(^|[\s{{,.\[])["']?{re.escape(part)}["']?\s*[=.\]]""")
        hit = next((n for n in range(start, end) if pattern.search(lines[n])), None)
        if hit is None:
            break
        start = found = hit
        if lines[hit].lstrip().startswith("["):  # a table runs to the next header
            end = next((n for n in range(hit + 1, end) if lines[n].lstrip().startswith("[")),
                       end)
    return None if found is None else found + 1
