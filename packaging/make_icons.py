"""Renders gmtool's icon files from packaging/icons/gmtool.svg (the one drawing they all come from).

    .venv/bin/python packaging/make_icons.py          (`make icons`; the results are committed)

Writes
- packaging/icons/png/gmtool-<size>.png   16 … 512: the Linux desktop entry's hicolor sizes;
- packaging/icons/gmtool.ico              Windows (the build's icon, packaging/gmtool.spec);
- packaging/icons/gmtool.icns             macOS (the app bundle's icon);
- resources/icons/gmtool-<size>.png       the window icon the app sets (gmtool.app.app_icon); PNG
                                          because the packaged app leaves Qt's SVG module out;
- resources/icons/gmtool.svg              a copy of the drawing: the desktop entry's scalable icon,
                                          which `gmtool install-desktop` installs (gmtool.desktop_entry).

Qt's SVG renderer draws the pictures; the ICO and ICNS containers are written here (each a header
and a list of PNG images), so nothing beyond PySide6 is needed.
"""

from __future__ import annotations

import argparse
import os
import struct
import sys
from collections.abc import Iterable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SOURCE = ROOT / "packaging" / "icons" / "gmtool.svg"
PNG_SIZES = (16, 24, 32, 48, 64, 128, 256, 512)
RUN_TIME_SIZES = (16, 24, 32, 48, 64, 128, 256)
ICO_SIZES = (16, 24, 32, 48, 64, 128, 256)
# ICNS element types holding PNG data, by pixel size (the @2x types reuse the doubled picture).
ICNS_TYPES = (
    (b"icp4", 16),
    (b"icp5", 32),
    (b"ic11", 32),
    (b"icp6", 64),
    (b"ic12", 64),
    (b"ic07", 128),
    (b"ic08", 256),
    (b"ic13", 256),
    (b"ic09", 512),
    (b"ic14", 512),
    (b"ic10", 1024),
)


def ico_bytes(pngs: Iterable[tuple[int, bytes]]) -> bytes:
    """A Windows icon of PNG images (Vista and later read PNG entries of any size)."""
    images = list(pngs)
    header = struct.pack("<HHH", 0, 1, len(images))
    offset = len(header) + 16 * len(images)
    entries, data = [], []
    for size, png in images:
        side = 0 if size >= 256 else size  # 0 means 256 in a one-byte field
        entries.append(struct.pack("<BBBBHHII", side, side, 0, 0, 1, 32, len(png), offset))
        data.append(png)
        offset += len(png)
    return header + b"".join(entries) + b"".join(data)


def icns_bytes(elements: Iterable[tuple[bytes, bytes]]) -> bytes:
    """A macOS icon family: 'icns', its length, then (type, length, PNG) elements, big-endian."""
    body = b"".join(kind + struct.pack(">I", 8 + len(png)) + png for kind, png in elements)
    return b"icns" + struct.pack(">I", 8 + len(body)) + body


def render_png(size: int) -> bytes:
    from PySide6.QtCore import QBuffer, QByteArray, QIODevice
    from PySide6.QtGui import QImage, QPainter
    from PySide6.QtSvg import QSvgRenderer

    renderer = QSvgRenderer(str(SOURCE))
    if not renderer.isValid():
        raise SystemExit(f"make_icons: {SOURCE.name} is not a valid SVG")
    image = QImage(size, size, QImage.Format.Format_ARGB32)
    image.fill(0)
    painter = QPainter(image)
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    renderer.render(painter)
    painter.end()
    data = QByteArray()
    buffer = QBuffer(data)
    buffer.open(QIODevice.OpenModeFlag.WriteOnly)
    image.save(buffer, "PNG")
    buffer.close()
    return bytes(data.data())


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=ROOT, help="the checkout to write into (default: here)")
    out = parser.parse_args(argv).out
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    from PySide6.QtGui import QGuiApplication

    _app = QGuiApplication.instance() or QGuiApplication([sys.argv[0]])
    pictures = {size: render_png(size) for size in sorted({*PNG_SIZES, *ICO_SIZES, 1024})}
    written = []
    for folder, sizes in (
        (out / "packaging" / "icons" / "png", PNG_SIZES),
        (out / "resources" / "icons", RUN_TIME_SIZES),
    ):
        folder.mkdir(parents=True, exist_ok=True)
        for size in sizes:
            (folder / f"gmtool-{size}.png").write_bytes(pictures[size])
            written.append(folder / f"gmtool-{size}.png")
    run_time_svg = out / "resources" / "icons" / "gmtool.svg"
    if run_time_svg.resolve() != SOURCE.resolve():
        run_time_svg.write_bytes(SOURCE.read_bytes())
    written.append(run_time_svg)
    icons = out / "packaging" / "icons"
    (icons / "gmtool.ico").write_bytes(ico_bytes((size, pictures[size]) for size in ICO_SIZES))
    (icons / "gmtool.icns").write_bytes(icns_bytes((kind, pictures[size]) for kind, size in ICNS_TYPES))
    written += [icons / "gmtool.ico", icons / "gmtool.icns"]
    for path in written:
        print(f"  {path.relative_to(out)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
