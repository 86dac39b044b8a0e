"""A minimal PDF writer (stdlib only): pages of a given size in millimetres,
each holding images placed at a size and position in millimetres, thin vector
lines and short lines of text in a standard font (Helvetica, not embedded).
Enough for print-and-play sheets, and nothing a frozen app must carry: no font
machinery, no network or crypto modules pulled in on import. Each distinct
image is stored once (Flate-compressed RGB) however often it is placed, and
only compressed: a sheet of a large set holds no pictures in memory."""

from __future__ import annotations

import zlib
from collections.abc import Callable
from pathlib import Path
from typing import Any

PT_PER_MM = 72 / 25.4


class Pdf:
    def __init__(self, size_mm: tuple[float, float], title: str = ""):
        self.w, self.h = (v * PT_PER_MM for v in size_mm)
        self.title = title
        self.pages: list[list[str]] = []  # each page's drawing operators
        self.used: list[set[int]] = []  # the images each page names
        self.images: list[tuple[int, int, bytes]] = []
        self._ids: dict[str, int] = {}  # an image's key -> its index

    def add_page(self) -> None:
        self.pages.append([])
        self.used.append(set())

    def image(self, key: str, make: Callable[[], Any], x: float, y: float, w: float, h: float):
        """Place the Pillow image `make()` (made once per `key`) with its
        top-left corner at (x, y) mm, w x h mm."""
        if key not in self._ids:
            rgb = make().convert("RGB")
            self._ids[key] = len(self.images)
            self.images.append((rgb.width, rgb.height, zlib.compress(rgb.tobytes(), 6)))
        n = self._ids[key]
        self.used[-1].add(n)
        k = PT_PER_MM
        self.pages[-1].append(
            f"q {w * k:.3f} 0 0 {h * k:.3f} {x * k:.3f} {self.h - (y + h) * k:.3f} cm /Im{n} Do Q"
        )

    def line(self, x1: float, y1: float, x2: float, y2: float, width: float) -> None:
        """A black line between two points in mm from the top left, `width` mm wide."""
        k = PT_PER_MM
        self.pages[-1].append(
            f"{width * k:.3f} w {x1 * k:.3f} {self.h - y1 * k:.3f} m "
            f"{x2 * k:.3f} {self.h - y2 * k:.3f} l S"
        )

    def text(self, x: float, y: float, size_pt: float, words: str) -> None:
        """`words` in Helvetica of `size_pt`, its baseline starting at (x, y) mm."""
        k = PT_PER_MM
        raw = words.encode("cp1252", "replace").decode("latin-1")
        raw = raw.replace("\\", "\\\\").replace("(", "\\(").replace(")", "\\)")
        self.pages[-1].append(
            f"BT /F1 {size_pt:.1f} Tf {x * k:.3f} {self.h - y * k:.3f} Td ({raw}) Tj ET"
        )

    def write(self, path: Path) -> None:
        objects: list[bytes] = []  # object n + 1 is objects[n]

        def add(body: bytes) -> int:
            objects.append(body)
            return len(objects)

        def stream(head: str, data: bytes) -> bytes:
            return f"<< {head} /Length {len(data)} >>\nstream\n".encode() + data + b"\nendstream"

        images = [
            add(
                stream(
                    f"/Type /XObject /Subtype /Image /Width {w} /Height {h} "
                    "/ColorSpace /DeviceRGB /BitsPerComponent 8 "
                    "/Filter /FlateDecode",
                    data,
                )
            )
            for w, h, data in self.images
        ]
        font = add(
            b"<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>"
        )
        pages_id = len(objects) + 2 * len(self.pages) + 1
        kids = []
        for ops, used in zip(self.pages, self.used, strict=True):
            content = add(stream("", "\n".join(ops).encode("latin-1")))
            xobjects = " ".join(f"/Im{n} {images[n]} 0 R" for n in sorted(used))
            kids.append(
                add(
                    f"<< /Type /Page /Parent {pages_id} 0 R /MediaBox [0 0 "
                    f"{self.w:.2f} {self.h:.2f}] /Resources << /Font << /F1 {font} 0 R >> "
                    f"/XObject << {xobjects} >> >> /Contents {content} 0 R >>".encode()
                )
            )
        add(
            f"<< /Type /Pages /Kids [{' '.join(f'{k} 0 R' for k in kids)}] "
            f"/Count {len(kids)} >>".encode()
        )
        catalog = add(f"<< /Type /Catalog /Pages {pages_id} 0 R >>".encode())
        title = self.title.replace("\\", "\\\\").replace("(", "\\(").replace(")", "\\)")
        info = add(f"<< /Title ({title}) /Creator (shrinetable print) >>".encode())
        out = bytearray(b"%PDF-1.4\n%\xe2\xe3\xcf\xd3\n")
        offsets = []
        for n, body in enumerate(objects, 1):
            offsets.append(len(out))
            out += f"{n} 0 obj\n".encode() + body + b"\nendobj\n"
        xref = len(out)
        out += f"xref\n0 {len(objects) + 1}\n0000000000 65535 f \n".encode()
        out += "".join(f"{o:010d} 00000 n \n" for o in offsets).encode()
        out += (
            f"trailer\n<< /Size {len(objects) + 1} /Root {catalog} 0 R /Info {info} 0 R >>"
            f"\nstartxref\n{xref}\n%%EOF\n"
        ).encode()
        path.write_bytes(bytes(out))
