"""A game's rules text, written in a neutral markup (`Presentation.rules`), as
the text box's HTML. The games know nothing of the widget toolkit; this is the
one place that turns their words into its markup.

The markup is a small subset of Markdown: a blank line ends a paragraph, a
backslash at the end of a line breaks the line there, other line ends only wrap
the source; `**bold**` and `*italic*`. Anything else is text (escaped)."""

from __future__ import annotations

import html
import re

BOLD = re.compile(r"\*\*(.+?)\*\*", re.S)
ITALIC = re.compile(r"\*(.+?)\*", re.S)


def rules_html(text: str) -> str:
    """`text` in the markup as the text box's HTML: paragraphs apart by a blank
    line, broken lines flush left.

    >>> rules_html("**Goal**\\\\\\nEmpty the\\nhand.\\n\\nA & B *now*.")
    '<b>Goal</b><br>Empty the hand.<br><br>A &amp; B <i>now</i>.'
    """
    paragraphs = [p for p in re.split(r"\n\s*\n", text.strip()) if p.strip()]
    out = []
    for paragraph in paragraphs:
        lines = [re.sub(r"\s*\n\s*", " ", line.strip()) for line in paragraph.split("\\\n")]
        out.append("<br>".join(html.escape(line, quote=False) for line in lines))
    return ITALIC.sub(r"<i>\1</i>", BOLD.sub(r"<b>\1</b>", "<br><br>".join(out)))
