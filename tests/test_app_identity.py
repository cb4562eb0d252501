"""Who the packaged app is to Windows and macOS (packaging/app_identity.py, read by
packaging/gmtool.spec): the icon each build embeds, and the macOS bundle's Info.plist, which makes
Finder open a .gmcampaign file in gmtool."""

from __future__ import annotations

import plistlib
from pathlib import Path

import pytest

from tests.packaging_scripts import PACKAGING, packaging_module

identity = packaging_module("app_identity")


def test_windows_and_macos_builds_embed_their_icon_and_linux_none() -> None:
    assert identity.PROGRAM_ICONS["win32"] == PACKAGING / "icons" / "gmtool.ico"
    assert identity.PROGRAM_ICONS["darwin"] == PACKAGING / "icons" / "gmtool.icns"
    assert identity.program_icon("linux") is None


def test_a_missing_icon_ends_the_build_naming_the_file(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.setattr(identity, "ICONS", tmp_path / "packaging" / "icons")
    monkeypatch.setattr(identity, "PROGRAM_ICONS", {"win32": tmp_path / "packaging" / "icons" / "gmtool.ico"})
    with pytest.raises(SystemExit, match=r"needs its icon packaging/icons/gmtool\.ico, which is missing"):
        identity.program_icon("win32")


def test_a_present_icon_is_the_one_embedded(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    icon = tmp_path / "gmtool.icns"
    icon.write_bytes(b"icns")
    monkeypatch.setattr(identity, "PROGRAM_ICONS", {"darwin": icon})
    assert identity.program_icon("darwin") == icon


def test_the_macos_bundle_owns_gmcampaign_files() -> None:
    plist = plistlib.loads(plistlib.dumps(identity.macos_info_plist("1.2.3")))  # a valid plist
    (document,) = plist["CFBundleDocumentTypes"]
    (exported,) = plist["UTExportedTypeDeclarations"]
    assert document["LSItemContentTypes"] == [exported["UTTypeIdentifier"]]
    assert document["CFBundleTypeRole"] == "Editor" and document["LSHandlerRank"] == "Owner"
    assert exported["UTTypeTagSpecification"]["public.filename-extension"] == ["gmcampaign"]
    assert exported["UTTypeIdentifier"].startswith(identity.BUNDLE_IDENTIFIER)


def test_the_macos_bundle_names_itself_its_version_and_its_oldest_macos() -> None:
    plist = identity.macos_info_plist("1.2.3")
    assert plist["CFBundleName"] == plist["CFBundleDisplayName"] == "gmtool"
    assert plist["CFBundleShortVersionString"] == "1.2.3"
    assert plist["LSMinimumSystemVersion"] == "13.0"  # PySide6 6.11's (tests/test_lock.py)


def test_the_spec_takes_the_identity_from_this_module() -> None:
    spec = (PACKAGING / "gmtool.spec").read_text(encoding="utf-8")
    for used in (
        "program_icon(sys.platform)",
        "macos_info_plist(VERSION)",
        "BUNDLE_IDENTIFIER",
        "windows_version_strings(VERSION)",
        "icon=str(ICON)",
    ):
        assert used in spec
    assert "console=False" in spec  # no console window behind the Windows app
    assert 'copy_metadata("gmtool")' in spec  # gmtool --version in the bundle


@pytest.mark.parametrize(
    ("version", "numbers"),
    [
        ("0.1.0", (0, 1, 0, 0)),
        ("1.2.0rc1", (1, 2, 0, 0)),
        ("2", (2, 0, 0, 0)),
        ("1.2.3.dev4+g1", (1, 2, 3, 0)),
    ],
)
def test_the_windows_version_resource_has_four_numbers(version: str, numbers: tuple[int, ...]) -> None:
    assert identity.windows_version_numbers(version) == numbers


def test_windows_names_the_program_gmtool_with_its_full_version() -> None:
    strings = identity.windows_version_strings("1.2.0rc1")
    assert strings["FileDescription"] == strings["ProductName"] == "gmtool"  # Task Manager's name
    assert strings["OriginalFilename"] == "gmtool.exe"
    assert strings["ProductVersion"] == strings["FileVersion"] == "1.2.0rc1"


def test_macos_and_linux_name_the_campaign_file_with_one_mime_type() -> None:
    """Finder's document type and the Linux desktop entry's are one type, so a campaign is the same
    file to every desktop (gmtool/desktop_entry.py and resources/desktop/ hold the Linux side)."""
    from gmtool.desktop_entry import MIME_TYPE

    assert identity.CAMPAIGN_MIME_TYPE == MIME_TYPE
