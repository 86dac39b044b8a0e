"""The examples in the package's docstrings run and say what they show (issue 34):
every module with a `>>>` example is run by doctest."""

from __future__ import annotations

import doctest
import importlib
from pathlib import Path

import pytest

import shrinetable

PACKAGE = Path(shrinetable.__file__).parent
WITH_EXAMPLES = sorted(
    ".".join(("shrinetable", *p.relative_to(PACKAGE).with_suffix("").parts))
    for p in PACKAGE.rglob("*.py")
    if ">>> " in p.read_text(encoding="utf-8")
)


def test_the_package_has_examples():
    assert "shrinetable.table.markup" in WITH_EXAMPLES


@pytest.mark.parametrize("name", WITH_EXAMPLES)
def test_the_docstring_examples_hold(name):
    result = doctest.testmod(importlib.import_module(name), optionflags=doctest.ELLIPSIS)
    assert result.attempted > 0 and result.failed == 0
