"""Who the packaged app is to each desktop: its name, bundle identifier, icon and the document type
it opens (packaging/gmtool.spec reads this; tests/test_app_identity.py checks it).

A plain module beside the spec rather than code inside it, so that the tests can read the macOS
Info.plist and the icon each platform needs without running PyInstaller.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

APP_NAME = "gmtool"
BUNDLE_IDENTIFIER = "io.github.gmtool"
# A campaign file: the type macOS's Finder and the Linux desktop (shared-mime-info, installed by
# `make install-desktop`) know, so a double-click opens it in gmtool.
CAMPAIGN_EXTENSION = "gmcampaign"
CAMPAIGN_TYPE_IDENTIFIER = f"{BUNDLE_IDENTIFIER}.campaign"  # macOS Uniform Type Identifier
CAMPAIGN_MIME_TYPE = "application/x-gmcampaign"  # the Linux type too (gmtool.desktop_entry.MIME_TYPE)
# PySide6 6.11 (and so every Qt app built with it) needs macOS 13 or later: no wheel for older
# (tests/test_lock.py resolves the lock for exactly this minimum).
MACOS_MINIMUM = "13.0"

ICONS = Path(__file__).resolve().parent / "icons"
# The icon PyInstaller writes into the program, by platform: Windows reads an .ico inside the
# .exe, macOS an .icns inside the .app. Linux takes none from PyInstaller: the desktop entry names
# its icon (`make install-desktop`) and the window sets its own.
PROGRAM_ICONS = {"win32": ICONS / "gmtool.ico", "darwin": ICONS / "gmtool.icns"}


class MissingIcon(SystemExit):
    """Ends the build with a message that says which file is missing and what makes it: a build
    without its icon would show a player Python's or a blank one."""


def program_icon(platform: str) -> Path | None:
    """The icon file the build of ``platform`` (a ``sys.platform``) embeds; None where it embeds none."""
    icon = PROGRAM_ICONS.get(platform)
    if icon is None:
        return None
    if not icon.is_file():
        raise MissingIcon(
            f"gmtool.spec: the {platform} build needs its icon {icon.relative_to(ICONS.parent.parent)}, "
            "which is missing: it is made from packaging/icons/gmtool.svg with the other icon files "
            "(packaging/icons/)."
        )
    return icon


def macos_info_plist(version: str) -> dict[str, Any]:
    """The Info.plist entries of gmtool.app beyond those PyInstaller writes: its name and version,
    the oldest macOS it runs on, dark mode, and the campaign file it owns."""
    return {
        "CFBundleName": APP_NAME,
        "CFBundleDisplayName": APP_NAME,
        "CFBundleShortVersionString": version,
        "CFBundleVersion": version,
        "LSMinimumSystemVersion": MACOS_MINIMUM,
        "NSHighResolutionCapable": True,
        "NSRequiresAquaSystemAppearance": False,  # follows the system's dark mode
        "CFBundleDocumentTypes": [
            {
                "CFBundleTypeName": "gmtool campaign",
                "CFBundleTypeRole": "Editor",
                "LSHandlerRank": "Owner",
                "LSItemContentTypes": [CAMPAIGN_TYPE_IDENTIFIER],
            }
        ],
        "UTExportedTypeDeclarations": [
            {
                "UTTypeIdentifier": CAMPAIGN_TYPE_IDENTIFIER,
                "UTTypeDescription": "gmtool campaign",
                "UTTypeConformsTo": ["public.data"],
                "UTTypeTagSpecification": {
                    "public.filename-extension": [CAMPAIGN_EXTENSION],
                    "public.mime-type": [CAMPAIGN_MIME_TYPE],
                },
            }
        ],
    }


def windows_version_numbers(version: str) -> tuple[int, int, int, int]:
    """The four numbers of gmtool.exe's version resource: ``0.1.0`` → (0, 1, 0, 0); a suffix
    (``1.2.0rc1``, ``1.2.0.dev3``) counts for nothing there, the strings below keep it."""
    numbers = [int(part) for part in re.findall(r"\d+", version.split("+")[0])[:3]]
    major, minor, patch = [*numbers, 0, 0, 0][:3]
    return (major, minor, patch, 0)


def windows_version_strings(version: str) -> dict[str, str]:
    """gmtool.exe's version resource, which Windows shows as the program's name (Task Manager,
    the file's Properties → Details, the "Open with" list) and version."""
    return {
        "CompanyName": APP_NAME,
        "FileDescription": APP_NAME,
        "ProductName": APP_NAME,
        "InternalName": APP_NAME,
        "OriginalFilename": f"{APP_NAME}.exe",
        "FileVersion": version,
        "ProductVersion": version,
    }
