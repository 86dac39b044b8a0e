"""The report's charts: PNGs drawn with Pillow in the app's font, every kind the
page uses, and no plotting stack imported (it would add ~45 MB to the built app)."""

from __future__ import annotations

import base64
import io
import os
import re
import subprocess
import sys

from PIL import Image

from shrinetable.workbench import charts


def picture(tag: str) -> Image.Image:
    data = re.fullmatch(r'<img alt="" src="data:image/png;base64,([^"]+)">', tag).group(1)
    return Image.open(io.BytesIO(base64.b64decode(data)))


def test_each_chart_kind_draws_a_picture_that_grows_with_its_rows():
    rates = [{"rate": 0.6, "ci": [0.4, 0.8]}, {"rate": None, "ci": None}]
    two = picture(charts.rate_bars("decks", ["a", "b"], rates, 0.5))
    four = picture(charts.rate_bars("decks", list("abcd"), rates * 2, 0.5))
    assert two.width == four.width == charts.WIDTH and four.height > two.height
    grid = picture(charts.matrix(["a", "b"], [[None, 0.7], [0.3, None]]))
    # a cell is coloured by its rate: the row deck's 70% greener than its 30%
    green = grid.getpixel((170 + 84 + 10, 28 + 14 + 40 + 10))
    red = grid.getpixel((170 + 10, 28 + 14 + 40 + 84 + 10))
    assert green[1] > green[0] and red[0] > red[1]
    lengths = picture(charts.histograms({"turns": {5: 3, 9: 1}, "moves": {}}))
    assert lengths.size[0] == charts.WIDTH
    changes = picture(
        charts.change_bars(["a figure with a long name " * 3], [-0.2], [[-0.3, -0.1]])
    )
    assert changes.height > 0
    wide = picture(charts.matrix(["a", "b"], [[None, 0.3], [0.2, None]], 0.25))
    assert wide.width > charts.WIDTH // 2  # room for the whole title


def test_a_report_imports_no_plotting_library(tmp_path):
    code = (
        "import sys; from shrinetable.cli import main; "
        "main(['report', 'shrine', '--games', '2', '--jobs', '1', "
        f"'--out', {str(tmp_path)!r}]); "
        "print(sorted({'numpy', 'matplotlib'} & set(sys.modules)))"
    )
    env = {**os.environ, "SHRINETABLE_DATA_DIR": str(tmp_path / "data")}
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env)
    assert out.stdout.strip().splitlines()[-1] == "[]", out.stdout + out.stderr
    assert "<img" in (tmp_path / "index.html").read_text()
