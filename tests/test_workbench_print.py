"""`shrinetable print`: a PDF read back with a PDF reader has pages of the paper's
size, cards at true size with nothing printed within 10 mm of the edge, crop
marks, a stamp, a bleed, backs (the game's or a checked image) and PNGs when
asked; bad input is one line, exit 2 and no file (issues 27, 37)."""

from __future__ import annotations

from pathlib import Path

import pytest

pypdf = pytest.importorskip("pypdf")

from shrinetable.cli import main  # noqa: E402
from shrinetable.workbench.sheets import pixels  # noqa: E402

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


def drawn(page) -> list[tuple[str, float, float]]:
    """Every point the page draws at, in mm from its top left: each image's
    corners, each line's ends, each text's start."""
    h = float(page.mediabox.height)
    out = []
    for operands, op in pypdf.generic.ContentStream(page.get_contents(), page.pdf).operations:
        v = [float(x) for x in operands if isinstance(x, (int, float, pypdf.generic.FloatObject))]
        if op == b"cm":
            out += [("image", v[4], v[5]), ("image", v[4] + v[0], v[5] + v[3])]
        elif op in (b"m", b"l"):
            out.append(("line", v[0], v[1]))
        elif op == b"Td":
            out.append(("text", v[0], v[1]))
    return [(what, x / PT_PER_MM, (h - y) / PT_PER_MM) for what, x, y in out]


def inside_margin(page, margin: float = 10.0) -> None:
    w = float(page.mediabox.width) / PT_PER_MM
    h = float(page.mediabox.height) / PT_PER_MM
    for what, x, y in drawn(page):
        assert margin - 0.01 <= x <= w - margin + 0.01, (what, x)
        assert margin - 0.01 <= y <= h - margin + 0.01, (what, y)


def test_a_deck_prints_at_true_size_inside_the_margin_with_backs_and_a_stamp(tmp_path):
    out = tmp_path / "blue.pdf"
    assert main(["print", "shrines", "--deck", "blue", "--backs", "--out", str(out)]) == 0
    reader = pypdf.PdfReader(out)
    assert len(reader.pages) % 2 == 0
    cards = 0
    for n, page in enumerate(reader.pages):
        box = page.mediabox
        assert sorted((float(box.width), float(box.height))) == [
            pytest.approx(210 * PT_PER_MM, abs=0.5),
            pytest.approx(297 * PT_PER_MM, abs=0.5),
        ]
        inside_margin(page)
        sizes = placed(page)
        assert all(
            w == pytest.approx(63 * PT_PER_MM, abs=0.1)
            and abs(h) == pytest.approx(88 * PT_PER_MM, abs=0.1)
            for w, h in sizes
        )
        if n % 2 == 0:
            cards += len(sizes)
            faces = len(sizes)
            assert len(sizes) == 8 or n == len(reader.pages) - 2  # 4 x 2, landscape
        else:
            assert len(sizes) == faces  # a back behind every face
        text = page.extract_text()
        assert "deck blue" in text and "shrinetable" in text and f"page {n + 1}/" in text
    assert cards >= 30  # a Shrines deck holds at least 30 cards
    ops = pypdf.generic.ContentStream(reader.pages[0].get_contents(), reader).operations
    # crop marks: a vector line at both ends of each of the 5 + 3 cut lines
    assert sum(op == b"l" for _, op in ops) == 16


def test_a_bleed_widens_each_card_and_parts_them(tmp_path):
    out = tmp_path / "b.pdf"
    assert main(["print", "usagi", "--deck", "court", "--bleed", "--out", str(out)]) == 0
    page = pypdf.PdfReader(out).pages[0]
    inside_margin(page)
    sizes = placed(page)
    assert sizes and all(
        w == pytest.approx(69 * PT_PER_MM, abs=0.1)
        and abs(h) == pytest.approx(94 * PT_PER_MM, abs=0.1)
        for w, h in sizes
    )
    # cuts: each card's two edges apart (a gutter of twice the bleed), marks beside each
    xs = sorted({round(x, 1) for what, x, _ in drawn(page) if what == "line"})
    assert len(xs) >= 2 * 2 + 2


def test_the_playing_cards_print_in_suit_and_rank_order_with_the_joker(tmp_path):
    from shrinetable.engine import registry
    from shrinetable.workbench.sheets import deck_cards

    pack = deck_cards(registry.get("shrine"), None)
    assert pack[:3] == ["AS", "2S", "3S"] and pack[13] == "AH" and pack[-1] == "JK"
    assert len(pack) == 53
    out = tmp_path / "set.pdf"
    assert (
        main(["print", "shrine", "--paper", "letter", "--size", "bridge", "--out", str(out)]) == 0
    )
    reader = pypdf.PdfReader(out)
    counts = [len(placed(p)) for p in reader.pages]
    assert sum(counts) == 53 and counts[0] == 8  # 4 x 2 on letter, landscape
    for page in reader.pages:
        inside_margin(page)
    box = reader.pages[0].mediabox
    assert sorted((float(box.width), float(box.height))) == [
        pytest.approx(612, abs=0.5),
        pytest.approx(792, abs=0.5),
    ]
    w, h = placed(reader.pages[0])[0]
    assert (w, abs(h)) == (
        pytest.approx(57.15 * PT_PER_MM, abs=0.1),
        pytest.approx(88.9 * PT_PER_MM, abs=0.1),
    )


def test_a_back_image_is_checked_and_printed(tmp_path, capsys):
    from PIL import Image

    good = tmp_path / "back.png"
    Image.new("RGB", (690, 940), (20, 60, 120)).save(good)  # 69 x 94 mm at 254 dpi
    small = tmp_path / "small.png"
    Image.new("RGB", (69, 94)).save(small)
    square = tmp_path / "square.jpg"
    Image.new("RGB", (900, 900)).save(square)
    text = tmp_path / "back.txt"
    text.write_text("not a picture")
    gif = tmp_path / "back.gif"
    Image.new("RGB", (690, 940)).save(gif)
    for path, says in (
        (small, "too coarse"),
        (square, "not the card's shape"),
        (text, "not a PNG or JPEG"),
        (gif, "give a PNG or JPEG"),
        (tmp_path / "none.png", "no such file"),
    ):
        out = tmp_path / "x.pdf"
        args = ["print", "usagi", "--deck", "court", "--bleed", "--back", str(path)]
        assert main([*args, "--out", str(out)]) == 2
        err = capsys.readouterr().err.strip()
        assert len(err.splitlines()) == 1 and says in err and "--back" in err, err
        assert not out.exists()
    out = tmp_path / "ok.pdf"
    args = ["print", "usagi", "--deck", "court", "--bleed", "--back", str(good)]
    assert main([*args, "--out", str(out)]) == 0
    reader = pypdf.PdfReader(out)
    assert len(reader.pages) % 2 == 0  # backs follow faces
    (image,) = reader.pages[1].images  # the designer's back, scaled to the card and bleed
    assert image.image.size == (pixels(63) + 2 * pixels(3), pixels(88) + 2 * pixels(3))
    assert image.image.getpixel((5, 5)) == (20, 60, 120)


def test_png_writes_one_300_dpi_image_per_card(tmp_path):
    from PIL import Image

    folder = tmp_path / "png"
    assert main(["print", "usagi", "--deck", "court", "--bleed", "2", "--png", str(folder)]) == 0
    files = sorted(folder.glob("*.png"))
    assert files and files[0].name.startswith("001-")
    assert len(files) == len({f.name.split("-", 1)[1] for f in files})  # one per card
    img = Image.open(files[0])
    assert img.size == (pixels(63) + 2 * pixels(2), pixels(88) + 2 * pixels(2))
    assert img.info["dpi"] == (pytest.approx(300, abs=0.01), pytest.approx(300, abs=0.01))


def test_every_word_of_the_type_line_is_kept(monkeypatch):
    """At bridge size the type line 'Charming · star' does not fit beside its pip:
    it wraps rather than losing its rarity word."""
    from shrinetable.engine import registry
    from shrinetable.table.art import Fonts
    from shrinetable.workbench.sheets import SIZES, Painter, deck_cards

    said: list[str] = []
    real = Fonts.text
    monkeypatch.setattr(
        Fonts, "text", lambda self, s, *a, **k: said.append(s) or real(self, s, *a, **k)
    )
    game = registry.get("sorcerer")
    painter = Painter(game.present, SIZES["bridge"], 0.0)
    for card in deck_cards(game, None)[:12]:
        said.clear()
        painter.image(card)
        face = game.present.card_face(card)
        words = " ".join(said).split()
        assert all(w in words for w in face.type_line.split()), (face.type_line, said)


def test_peak_memory_stays_under_200_mb(tmp_path):
    """The largest set with bleed and backs, in a process of its own."""
    from peak import run_measured

    done, peak_kb = run_measured(
        ["print", "usagi", "--bleed", "--backs", "--out", str(tmp_path / "u.pdf")]
    )
    assert done.returncode == 0, done.stderr
    assert peak_kb < 200 * 1024, peak_kb


@pytest.mark.parametrize(
    "args, says",
    [
        (["shrines", "--deck", "nope"], "unknown deck"),
        (["shrine", "--deck", "any"], "no deck to choose"),
        (["nosuchgame"], "no game called"),
        (["usagi", "--bleed", "40"], "--bleed 40"),
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


def test_the_stamp_says_the_version_the_package_says():
    import tomllib

    import shrinetable
    from shrinetable import resources

    meta = tomllib.loads((Path(__file__).parent.parent / "pyproject.toml").read_text())
    assert shrinetable.__version__ == resources.VERSION == meta["project"]["version"]
