"""gmtool's icon files (issue 38): every size the desktops ask for, rendered from the one drawing
(packaging/icons/gmtool.svg, by packaging/make_icons.py) and committed; the Windows .ico and the macOS
.icns hold each size, readable by Qt's own readers of those formats."""

from __future__ import annotations

import importlib.util
from pathlib import Path
from types import ModuleType

import pytest
from PySide6.QtGui import QImage, QImageReader

ROOT = Path(__file__).resolve().parents[1]
ICONS = ROOT / "packaging" / "icons"


def make_icons() -> ModuleType:
    spec = importlib.util.spec_from_file_location("make_icons", ROOT / "packaging" / "make_icons.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def images(path: Path) -> list[tuple[int, int]]:
    """Every picture in an icon container, by size, as Qt reads it."""
    reader = QImageReader(str(path))
    sizes = []
    for index in range(reader.imageCount()):
        assert reader.jumpToImage(index)
        image = reader.read()
        assert not image.isNull(), reader.errorString()
        sizes.append((image.width(), image.height()))
    return sizes


@pytest.mark.parametrize(("folder", "sizes"), [("png", "PNG_SIZES"), ("run-time", "RUN_TIME_SIZES")])
def test_every_png_size_is_there_and_square(folder, sizes, qapp):
    where = ICONS / "png" if folder == "png" else ROOT / "resources" / "icons"
    for size in getattr(make_icons(), sizes):
        image = QImage(str(where / f"gmtool-{size}.png"))
        assert (image.width(), image.height()) == (size, size), size
        assert image.hasAlphaChannel()  # the rounded corners are transparent
        assert image.pixelColor(0, 0).alpha() == 0


def test_the_ico_and_the_icns_hold_every_size(qapp):
    module = make_icons()
    assert sorted(images(ICONS / "gmtool.ico")) == sorted((s, s) for s in module.ICO_SIZES)
    icns = set(images(ICONS / "gmtool.icns"))
    assert icns == {(s, s) for _kind, s in module.ICNS_TYPES}


def test_the_committed_files_are_the_drawing_as_it_is_now(tmp_path, qapp):
    """A change to the SVG without `make icons` leaves the PNG, .ico and .icns behind: caught here
    (within anti-aliasing's noise, which may differ between Qt versions)."""
    module = make_icons()
    assert module.main(["--out", str(tmp_path)]) == 0
    for size in (16, 64, 256):
        fresh = QImage(str(tmp_path / "packaging" / "icons" / "png" / f"gmtool-{size}.png"))
        committed = QImage(str(ICONS / "png" / f"gmtool-{size}.png"))
        differences = [
            abs(fresh.pixelColor(x, y).value() - committed.pixelColor(x, y).value())
            + abs(fresh.pixelColor(x, y).alpha() - committed.pixelColor(x, y).alpha())
            for x in range(size)
            for y in range(size)
        ]
        assert sum(differences) / len(differences) < 2, f"{size}px: run `make icons` and commit"


def test_the_containers_are_written_to_their_formats():
    module = make_icons()
    png = b"\x89PNG fake"
    ico = module.ico_bytes([(16, png), (256, png)])
    assert ico[:6] == b"\x00\x00\x01\x00\x02\x00"  # reserved, type 1 (icon), two images
    assert ico[6:8] == b"\x10\x10" and ico[22:24] == b"\x00\x00"  # 16×16; 256 written as 0
    assert ico.endswith(png + png)
    icns = module.icns_bytes([(b"ic07", png)])
    assert icns[:4] == b"icns" and int.from_bytes(icns[4:8], "big") == len(icns)
    assert icns[8:12] == b"ic07" and int.from_bytes(icns[12:16], "big") == 8 + len(png)


def test_the_shipped_svg_is_the_drawing():
    """resources/icons/gmtool.svg (the desktop entry's scalable icon, shipped with the app) is the copy
    `make icons` keeps of packaging/icons/gmtool.svg."""
    shipped = ROOT / "resources" / "icons" / "gmtool.svg"
    assert shipped.read_bytes() == (ICONS / "gmtool.svg").read_bytes()
