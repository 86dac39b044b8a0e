"""A game's rules text is written in a neutral markup and the table renders it
(issue 34): no widget toolkit's HTML in the games, the same text box as before."""

from __future__ import annotations

import re

import pytest

from shrinetable.engine import registry
from shrinetable.table.markup import rules_html


@pytest.mark.parametrize("name", registry.names())
def test_no_game_writes_the_widget_toolkits_html(name):
    rules = registry.get(name).present.rules
    assert not re.search(r"</?(b|i|br|p|font)\b|&amp;", rules)


def test_the_markup_renders_paragraphs_breaks_bold_and_italic():
    text = "**Keys**\\\nEsc menu \u00b7 ? rules\nwrapped.\n\n*Terrain* & weather <tags>"
    assert rules_html(text) == (
        "<b>Keys</b><br>Esc menu \u00b7 ? rules wrapped.<br><br>"
        "<i>Terrain</i> &amp; weather &lt;tags&gt;"
    )


def test_a_rules_text_renders_its_headings_bold():
    html = rules_html(registry.get("shrine").present.rules)
    assert html.startswith("<b>Goal</b><br>") and "<br><br><b>Your turn</b><br>" in html
