"""`shrinetable print`: a PDF read back with a PDF reader has pages of the paper's
size, nine cards to a page at true size, crop marks, backs when asked; bad
input is one line, exit 2 and no file (issue 27)."""

from __future__ import annotations

import pytest

pypdf = pytest.importorskip("pypdf")

from shrinetable.cli import main  # noqa: E402

PT_PER_MM = 72 / 25.4


@pytest.fixture(autouse=True)
def quiet(tmp_path, monkeypatch):
    monkeypatch.setenv("SDL_VIDEODRIVER", "dummy")
    monkeypatch.setenv("SHRINETABLE_DATA_DIR", str(tmp_path / "data"))


def placed(page) -> list[tuple[float, float]]:
    """The (width, height) in points of every image the page draws."""
    out = []
    ops = pypdf.generic.ContentStream(page.get_contents(), page.pdf).operations
    for operands, op in ops:
        if op == b"cm":
            matrix = [float(x) for x in operands]
        elif op == b"Do":
            out.append((matrix[0], matrix[3]))
    return out


def test_a_deck_prints_nine_true_size_cards_to_an_a4_page_with_backs(tmp_path):
    out = tmp_path / "blue.pdf"
    assert main(["print", "shrines", "--deck", "blue", "--backs", "--out", str(out)]) == 0
    reader = pypdf.PdfReader(out)
    assert len(reader.pages) % 2 == 0
    cards = 0
    for n, page in enumerate(reader.pages):
        box = page.mediabox
        assert float(box.width) == pytest.approx(210 * PT_PER_MM, abs=0.5)
        assert float(box.height) == pytest.approx(297 * PT_PER_MM, abs=0.5)
        sizes = placed(page)
        assert all(
            w == pytest.approx(63 * PT_PER_MM, abs=0.1)
            and abs(h) == pytest.approx(88 * PT_PER_MM, abs=0.1)
            for w, h in sizes
        )
        if n % 2 == 0:
            cards += len(sizes)
            faces = len(sizes)
            assert len(sizes) == 9 or n == len(reader.pages) - 2
        else:
            assert len(sizes) == faces  # a back behind every face
    assert cards >= 30  # a Shrines deck holds at least 30 cards
    ops = pypdf.generic.ContentStream(reader.pages[0].get_contents(), reader).operations
    # crop marks: a vector line at both ends of each of the 4 cut lines across and down
    assert sum(op == b"l" for _, op in ops) == 16


def test_a_whole_playing_card_set_on_letter_in_bridge_size(tmp_path):
    out = tmp_path / "set.pdf"
    assert (
        main(["print", "shrine", "--paper", "letter", "--size", "bridge", "--out", str(out)]) == 0
    )
    reader = pypdf.PdfReader(out)
    counts = [len(placed(p)) for p in reader.pages]
    assert counts == [9] * 5 + [7]  # 52 cards
    box = reader.pages[0].mediabox
    assert (float(box.width), float(box.height)) == (
        pytest.approx(612, abs=0.5),
        pytest.approx(792, abs=0.5),
    )
    w, h = placed(reader.pages[0])[0]
    assert (w, abs(h)) == (
        pytest.approx(57.15 * PT_PER_MM, abs=0.1),
        pytest.approx(88.9 * PT_PER_MM, abs=0.1),
    )


@pytest.mark.parametrize(
    "args, says",
    [
        (["shrines", "--deck", "nope"], "unknown deck"),
        (["shrine", "--deck", "any"], "no deck to choose"),
        (["nosuchgame"], "no game called"),
    ],
)
def test_bad_input_is_one_line_and_no_file(tmp_path, capsys, args, says):
    out = tmp_path / "x.pdf"
    assert main(["print", *args, "--out", str(out)]) == 2
    err = capsys.readouterr().err.strip()
    assert len(err.splitlines()) == 1 and says in err, err
    assert list(tmp_path.glob("*.pdf*")) == []


def test_an_unwritable_or_unnamed_out_is_refused(tmp_path, capsys):
    blocker = tmp_path / "file"
    blocker.write_text("")
    for out, says in ((blocker / "x.pdf", "--out"), (tmp_path / "x.txt", ".pdf")):
        assert main(["print", "shrine", "--out", str(out)]) == 2
        err = capsys.readouterr().err.strip()
        assert len(err.splitlines()) == 1 and says in err, err
