"""The rules page of one game (`docs/demos/<game>.md`): each demonstration's
rule in our words beside its GIF, and its steps as text for those who cannot
watch it. Written by `shrinetable demo --export-all`, so never edit it by hand."""

from __future__ import annotations

from shrinetable.engine import registry

from .replay import Replay


def page(game: str, demos: list[Replay]) -> str:
    title = registry.get(game).title
    out = [
        f"# {title}: the rules, shown",
        "",
        "<!-- Written by `shrinetable demo --export-all docs/demos/`; edit the files in "
        f"assets/demos/{game}/ instead. -->",
        "",
        f"Each rule of {title} in a few sentences, then a demonstration of it on the table. "
        f"The full reference is [docs/rules/{game}.md](../rules/{game}.md); play any of "
        f"these in a window with `shrinetable demo NAME`.",
        "",
    ]
    ordered = sorted(demos, key=lambda d: (d.order, d.name))
    out += [f"- [{d.title}](#{_anchor(d.title)})" for d in ordered]
    for d in ordered:
        stem = d.name.rpartition("/")[2]
        out += [
            "",
            f"## {d.title}",
            "",
            d.rule,
            "",
            f"![{d.title}: a demonstration]({game}/{stem}.gif)",
            "",
            f"<details><summary>The steps in words (<code>shrinetable demo {d.name}"
            "</code>)</summary>",
            "",
        ]
        for f in d.frames:
            move = f" `{f.action}`" if f.action else ""
            refused = f" Refused: {f.refusal}" if f.refusal else ""
            out.append(f"{f.index + 1}.{move} {f.caption}{refused}")
        out += ["", "</details>"]
    return "\n".join(out) + "\n"


def _anchor(title: str) -> str:
    """GitHub's heading anchor: lower case, punctuation dropped, spaces to dashes."""
    kept = "".join(c for c in title.lower() if c.isalnum() or c in " -")
    return kept.replace(" ", "-")
