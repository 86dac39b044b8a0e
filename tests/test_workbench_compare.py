"""`report --compare` on a planted change (issue 37): in a copy of Usagi's
characters one card is made much stronger and one much weaker; the paired comparison
puts exactly those cards, and the decks holding them, at the top as
significant. On the unchanged set few cards are flagged whatever the seed."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from shrinetable.cli import main

ROOT = Path(__file__).resolve().parent.parent
TEXT = (ROOT / "assets" / "cards" / "usagi" / "characters.toml").read_text()


@pytest.fixture(autouse=True)
def data_dir(tmp_path, monkeypatch):
    monkeypatch.setenv("SHRINETABLE_DATA_DIR", str(tmp_path / "data"))


def planted(folder: Path) -> Path:
    """A copy of Usagi's characters where Wandering Swordsman (Blade) is rated 9
    at everything and Tea Master (Court) at nothing (labor 0), for three honor."""
    nine = ", ".join(f"{r} = 9" for r in ("combat", "diplomacy", "intrigue", "ceremony", "labor"))
    text = TEXT
    for card, ratings, cost in (
        ("wandering-swordsman", nine, None),
        ("tea-master", "labor = 0", "honor = 3"),
    ):
        start = text.index(f'[[card]]\nid = "{card}"')
        end = text.index("[[card]]", start + 5)
        block = re.sub(r"ratings = \{[^}]*\}", f"ratings = {{ {ratings} }}", text[start:end])
        if cost:
            block = re.sub(r"cost = \{[^}]*\}", f"cost = {{ {cost} }}", block)
        text = text[:start] + block + text[end:]
    (folder / "usagi").mkdir(parents=True)
    (folder / "usagi" / "characters.toml").write_text(text)
    return folder


def report(out: Path, *args: str) -> dict:
    assert main(["report", "usagi", *args, "--jobs", "2", "--out", str(out)]) == 0
    return json.loads((out / "report.json").read_text())


def test_a_planted_change_comes_first_as_significant(tmp_path):
    data = report(
        tmp_path / "r",
        "--decks",
        "blade,court,valley",
        "--games",
        "180",
        "--compare",
        str(planted(tmp_path / "draft")),
    )
    cmp = data["compare"]
    assert cmp["changed_cards"] == ["tea-master", "wandering-swordsman"]
    assert cmp["decks_holding"] == ["blade", "court"] and cmp["paired_games"] == 180
    rows = {tuple(r["key"]): r for r in cmp["changed"]}
    strong = rows["card", "blade", "wandering-swordsman"]
    weak = rows["card", "court", "tea-master"]
    assert strong["significant"] and strong["delta"] > 0 and strong["ci"][0] > 0
    assert weak["significant"] and weak["delta"] < 0 and weak["ci"][1] < 0
    assert rows["deck", "blade"]["significant"] and rows["deck", "blade"]["delta"] > 0
    # the changed figures first, largest first; no unchanged card stands out
    deltas = [abs(r["delta"]) for r in cmp["changed"]]
    assert deltas == sorted(deltas, reverse=True)
    assert not [r["figure"] for r in cmp["unchanged"] if r["key"][0] == "card" and r["significant"]]
    assert all(set(r["key"][1:]) & {"blade", "court"} for r in cmp["changed"])
    sheet = (tmp_path / "r" / "compare.csv").read_text().splitlines()
    assert sheet[1].startswith("changed,") and (tmp_path / "r" / "after-cards.csv").is_file()
    page = (tmp_path / "r" / "index.html").read_text()
    answer = page.index("What changed, and is it real?")
    assert answer < page.index("Everything else") and "Wandering Swordsman" in page[answer:]
    assert "drew Wandering Swordsman, it won" in page and "real, q =" in page


def test_on_the_unchanged_set_few_cards_are_flagged_over_three_seeds(tmp_path):
    for seed in (1, 2, 3):
        rep = report(tmp_path / str(seed), "--games", "100", "--seed", str(seed))
        effects = [f["effect"] for c in rep["cards"].values() for f in c.values()]
        flagged = [e for e in effects if e["flag"]]
        assert len(effects) > 50 and len(flagged) <= 0.05 * len(effects), seed
