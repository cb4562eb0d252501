"""gmtool on a Linux desktop for the current user, no root: its menu entry, its icon, and the campaign
file type that makes a double-click on ``NAME.gmcampaign`` open it in gmtool.

Everything goes under ``$XDG_DATA_HOME`` (``~/.local/share`` when unset), as the XDG specifications
ask of a per-user install:

- ``applications/gmtool.desktop``: the menu entry; its Exec runs the program that installs it (the
  packaged build's ``gmtool``, or this Python with ``-m gmtool``), ``%f`` the double-clicked file;
- ``mime/packages/gmtool.xml``: the type ``application/x-gmcampaign`` of ``*.gmcampaign``;
- ``icons/hicolor/<n>x<n>/apps/gmtool.png`` and ``icons/hicolor/scalable/apps/gmtool.svg``.

The files come from the shipped resources (``resources/desktop/``, ``resources/icons/``), so the
packaged build installs itself (``gmtool install-desktop``) as a checkout does
(``make install-desktop``).  Then the MIME and desktop databases are rebuilt
(``update-mime-database``; ``update-desktop-database`` when desktop-file-utils is there, else
``xdg-mime default``).  Uninstalling removes exactly these files.  Qt-free.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from gmtool.resources import icon_pictures, resource_path

DESKTOP_FILE = "gmtool.desktop"
MIME_FILE = "gmtool.xml"
MIME_TYPE = "application/x-gmcampaign"
ICON_NAME = "gmtool"
# An Exec argument is quoted when it holds any of these (Desktop Entry Specification, "The Exec key").
_NEEDS_QUOTES = re.compile(r"[\s\"'\\><~|&;$*?#()`]")


@dataclass(frozen=True)
class Done:
    files: tuple[Path, ...]  # installed, or removed
    skipped: tuple[str, ...]  # database tools that are not installed (the next login catches up)


def data_home() -> Path:
    value = os.environ.get("XDG_DATA_HOME", "")
    return Path(value) if os.path.isabs(value) else Path.home() / ".local" / "share"


def this_program() -> list[str]:
    """The command that starts this gmtool: the packaged build's program, else this Python."""
    if getattr(sys, "frozen", False):
        return [sys.executable]
    return [sys.executable, "-m", "gmtool"]


def exec_argument(argument: str) -> str:
    """``argument`` as one argument of an Exec line: quoted when it must be, with the quoted string's
    escapes, then the escapes every desktop-file string value takes ("\\" doubled)."""
    text = argument.replace("%", "%%")
    if _NEEDS_QUOTES.search(text):
        text = '"' + re.sub(r'(["`$\\])', r"\\\1", text) + '"'
    return text.replace("\\", "\\\\")


def desktop_entry(command: Sequence[str]) -> str:
    """The shipped entry with Exec running ``command`` on the double-clicked file, and TryExec (the
    desktop hides the entry once the program is gone) naming its program."""
    text = resource_path("desktop", DESKTOP_FILE).read_text(encoding="utf-8")
    exec_line = " ".join(exec_argument(part) for part in command) + " %f"
    text = re.sub(r"(?m)^Exec=.*$", lambda _m: "Exec=" + exec_line, text)
    return re.sub(r"(?m)^TryExec=.*$", lambda _m: "TryExec=" + command[0].replace("\\", "\\\\"), text)


def installed_files(home: Path) -> list[Path]:
    icons = home / "icons" / "hicolor"
    return [
        home / "applications" / DESKTOP_FILE,
        home / "mime" / "packages" / MIME_FILE,
        icons / "scalable" / "apps" / f"{ICON_NAME}.svg",
        *(icons / f"{n}x{n}" / "apps" / f"{ICON_NAME}.png" for n in icon_pictures()),
    ]


def _refresh(home: Path, *, make_default: bool) -> tuple[str, ...]:
    """Rebuilds the databases that file managers and xdg-open read; the tools that are missing."""
    skipped = []
    commands = [["update-mime-database", str(home / "mime")]]
    if shutil.which("update-desktop-database"):
        commands.append(["update-desktop-database", str(home / "applications")])
    elif make_default:
        skipped.append("update-desktop-database")
        commands.append(["xdg-mime", "default", DESKTOP_FILE, MIME_TYPE])
    for command in commands:
        if shutil.which(command[0]) is None:
            skipped.append(command[0])
            continue
        subprocess.run(command, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    folder = home / "icons" / "hicolor"
    if folder.is_dir():
        os.utime(folder)  # icon caches look at the theme folder's time to notice a change
    return tuple(skipped)


def install(command: Sequence[str], home: Path) -> Done:
    """Installs the entry running ``command`` (its program an absolute path) into ``home``."""
    if not command or not os.path.isabs(command[0]):  # the CLI refuses it first, with the reason
        raise ValueError(f"not an absolute path: {command}")
    desktop, mime, svg, *pngs = files = installed_files(home)
    for folder in sorted({path.parent for path in files}):
        folder.mkdir(parents=True, exist_ok=True)
    desktop.write_text(desktop_entry(command), encoding="utf-8")
    shutil.copyfile(resource_path("desktop", "gmtool-mime.xml"), mime)
    shutil.copyfile(resource_path("icons", "gmtool.svg"), svg)
    for png, picture in zip(pngs, icon_pictures().values(), strict=True):
        shutil.copyfile(picture, png)
    return Done(tuple(files), _refresh(home, make_default=True))


def uninstall(home: Path) -> Done:
    removed = []
    for path in installed_files(home):
        if path.is_file():
            path.unlink()
            removed.append(path)
    (home / "mime" / "packages").mkdir(parents=True, exist_ok=True)
    return Done(tuple(removed), _refresh(home, make_default=False))
