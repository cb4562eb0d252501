"""Installs gmtool's desktop entry, icon and campaign file type for the current user (no root).

    python packaging/linux/desktop_entry.py install --exec /path/to/gmtool
    python packaging/linux/desktop_entry.py uninstall

(`make install-desktop` / `make uninstall-desktop`.)  Everything goes under ``$XDG_DATA_HOME``
(``~/.local/share`` when unset), as the XDG specifications ask of a per-user install:

- ``applications/gmtool.desktop``: the menu entry; its Exec and TryExec name the program given
  with ``--exec`` (this checkout's ``.venv/bin/gmtool``, or the packaged build's ``gmtool``),
  ``%f`` the campaign a double-click opens;
- ``mime/packages/gmtool.xml``: the ``application/x-gmcampaign`` type of ``*.gmcampaign``;
- ``icons/hicolor/<size>/apps/gmtool.png`` and ``scalable/apps/gmtool.svg``: the icon.

The MIME and desktop databases are then rebuilt (``update-mime-database``, and
``update-desktop-database`` when desktop-file-utils is there, else ``xdg-mime default``), so file
managers and ``xdg-open`` open a campaign in gmtool.  Uninstalling removes exactly these files.
"""

from __future__ import annotations

import argparse
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
ICONS = HERE.parent / "icons"
DESKTOP_FILE = "gmtool.desktop"
MIME_FILE = "gmtool.xml"
MIME_TYPE = "application/x-gmcampaign"
ICON_NAME = "gmtool"
_PNG = re.compile(r"gmtool-(\d+)\.png")
# An Exec argument is quoted when it holds any of these (Desktop Entry Specification, "The Exec key").
_NEEDS_QUOTES = re.compile(r"[\s\"'\\><~|&;$*?#()`]")


def data_home() -> Path:
    value = os.environ.get("XDG_DATA_HOME", "")
    return Path(value) if os.path.isabs(value) else Path.home() / ".local" / "share"


def exec_argument(program: str) -> str:
    """``program`` as one argument of an Exec line: quoted when it must be, with the quoted
    string's escapes, then the escapes every desktop-file string value takes ("\\" doubled)."""
    argument = program.replace("%", "%%")
    if _NEEDS_QUOTES.search(argument):
        argument = '"' + re.sub(r'(["`$\\])', r"\\\1", argument) + '"'
    return argument.replace("\\", "\\\\")


def desktop_entry(program: str) -> str:
    """The shipped entry with Exec and TryExec naming ``program``."""
    text = (HERE / DESKTOP_FILE).read_text(encoding="utf-8")
    text = re.sub(r"(?m)^Exec=\S+", lambda _m: "Exec=" + exec_argument(program), text)
    return re.sub(r"(?m)^TryExec=.*$", lambda _m: "TryExec=" + program.replace("\\", "\\\\"), text)


def installed_files(home: Path) -> list[Path]:
    icons = home / "icons" / "hicolor"
    pngs = [
        icons / f"{match.group(1)}x{match.group(1)}" / "apps" / f"{ICON_NAME}.png"
        for match in (_PNG.fullmatch(p.name) for p in sorted((ICONS / "png").iterdir()))
        if match
    ]
    return [
        home / "applications" / DESKTOP_FILE,
        home / "mime" / "packages" / MIME_FILE,
        icons / "scalable" / "apps" / f"{ICON_NAME}.svg",
        *pngs,
    ]


def _run(*command: str) -> None:
    """A database tool, when installed: without it the files are in place and the next login's
    tools pick them up."""
    if shutil.which(command[0]) is None:
        print(f"  ({command[0]} がないため省略: {' '.join(command)})")
        return
    subprocess.run(command, check=True, stdout=subprocess.DEVNULL)


def _refresh(home: Path) -> None:
    (home / "mime" / "packages").mkdir(parents=True, exist_ok=True)
    _run("update-mime-database", str(home / "mime"))
    if shutil.which("update-desktop-database"):
        _run("update-desktop-database", str(home / "applications"))
    _touch_icon_theme(home)


def _touch_icon_theme(home: Path) -> None:
    """Icon caches look at the theme folder's time to notice new icons."""
    folder = home / "icons" / "hicolor"
    if folder.is_dir():
        os.utime(folder)


def install(program: str, home: Path) -> list[Path]:
    if not os.path.isabs(program):
        raise SystemExit(f"desktop_entry: --exec は絶対パスで指定してください: {program}")
    desktop, mime, svg, *pngs = installed_files(home)
    for folder in {p.parent for p in (desktop, mime, svg, *pngs)}:
        folder.mkdir(parents=True, exist_ok=True)
    desktop.write_text(desktop_entry(program), encoding="utf-8")
    shutil.copyfile(HERE / "gmtool-mime.xml", mime)
    shutil.copyfile(ICONS / "gmtool.svg", svg)
    for png in pngs:
        size = png.parent.parent.name.split("x")[0]
        shutil.copyfile(ICONS / "png" / f"gmtool-{size}.png", png)
    _refresh(home)
    if not shutil.which("update-desktop-database"):
        _run("xdg-mime", "default", DESKTOP_FILE, MIME_TYPE)
    return [desktop, mime, svg, *pngs]


def uninstall(home: Path) -> list[Path]:
    removed = []
    for path in installed_files(home):
        if path.is_file():
            path.unlink()
            removed.append(path)
    _refresh(home)
    return removed


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    sub = parser.add_subparsers(dest="action", required=True)
    add = sub.add_parser("install", help="install the entry, the icon and the file type")
    add.add_argument("--exec", dest="program", required=True, help="the gmtool program (an absolute path)")
    sub.add_parser("uninstall", help="remove them")
    args = parser.parse_args(argv)
    home = data_home()
    if args.action == "install":
        done = install(args.program, home)
        print(f"gmtool のデスクトップエントリを {home} に登録しました（{args.program}）")
    else:
        done = uninstall(home)
        print(f"gmtool のデスクトップエントリを {home} から外しました")
    for path in done:
        print(f"  {path}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
