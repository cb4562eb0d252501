"""The file names gmtool suggests are safe on every platform (issue 39, case 8): whatever a character's
name or a campaign's title holds, the save dialog starts in the folder it should, with a name that
Windows, macOS and Linux all accept."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from gmtool.file_names import MAX_NAME_BYTES, safe_file_name

HOSTILE = [
    "</script>.ccfolia.json",
    'a<>:"|?*b.zip',
    "CON",
    "nul.txt",
    "com1.gmchar.json",
    "LPT9",
    "name.",
    "name . ",
    "   ",
    "",
    "...",
    ".hidden.html",
    "\u202eexe.txt",
    "tab\there\x00nul\x7f.json",
    "朝霧" * 200 + ".gmchar.json",
    "x" * 100_000,
    "..\\..\\evil.txt",
]
WINDOWS_FORBIDDEN = re.compile(r'[\\/:*?"<>|\x00-\x1f\x7f]')
RESERVED = re.compile(r"(?i)(con|prn|aux|nul|com[0-9¹²³]|lpt[0-9¹²³])(\..*)?")


@pytest.mark.parametrize("name", HOSTILE)
def test_every_suggestion_is_a_name_every_platform_takes(name: str):
    safe = safe_file_name(name)
    assert safe and not WINDOWS_FORBIDDEN.search(safe)
    assert not RESERVED.fullmatch(safe)
    assert not safe.endswith((".", " ")) and not safe.startswith((".", " "))
    assert "\u202e" not in safe
    assert len(safe.encode("utf-8")) <= MAX_NAME_BYTES
    assert Path(safe).name == safe  # one name, no folder


def test_a_plain_name_is_kept_and_a_long_one_keeps_its_extension():
    assert safe_file_name("Leaf Walker.ccfolia.json") == "Leaf Walker.ccfolia.json"
    assert safe_file_name("朝霧 透.gmchar.json") == "朝霧 透.gmchar.json"
    long = safe_file_name("朝霧" * 200 + ".gmchar.json")
    assert long.endswith(".gmchar.json") and long.startswith("朝霧朝霧")


def test_the_save_dialog_starts_in_the_start_folder_with_the_safe_name(qtbot, tmp_path, monkeypatch):
    from PySide6.QtWidgets import QFileDialog, QWidget

    from gmtool.views import file_dialogs

    seen: list[str] = []
    monkeypatch.setattr(
        QFileDialog, "getSaveFileName", staticmethod(lambda _p, _t, start, _f: seen.append(start) or ("", ""))
    )
    monkeypatch.setattr(file_dialogs, "start_folder", lambda _settings=None: str(tmp_path))
    parent = QWidget()
    qtbot.addWidget(parent)
    file_dialogs.save_file_name(parent, "CCFolia", "*.json", "</script>.ccfolia.json")
    file_dialogs.save_file_name(parent, "PDF", "*.pdf", tmp_path / "CON.pdf")  # a Path: its folder kept
    assert [Path(s).parent for s in seen] == [tmp_path, tmp_path]
    assert [Path(s).name for s in seen] == ["__script_.ccfolia.json", "_CON.pdf"]


def test_a_name_that_looks_like_a_path_never_chooses_the_folder(qtbot, tmp_path, monkeypatch):
    """A character called "/tmp/x" or "C:\\x": the dialog starts in the start folder all the same;
    only a Path (the campaign's own file, for 名前を付けて保存) keeps its folder."""
    from PySide6.QtWidgets import QFileDialog, QWidget

    from gmtool.views import file_dialogs

    seen: list[str] = []
    monkeypatch.setattr(
        QFileDialog, "getSaveFileName", staticmethod(lambda _p, _t, start, _f: seen.append(start) or ("", ""))
    )
    monkeypatch.setattr(file_dialogs, "start_folder", lambda _settings=None: str(tmp_path / "start"))
    parent = QWidget()
    qtbot.addWidget(parent)
    elsewhere = tmp_path / "elsewhere"
    for name in (f"{elsewhere}/evil.pdf", "C:\\Windows\\evil.pdf", "\\\\server\\share\\evil.pdf"):
        file_dialogs.save_file_name(parent, "PDF", "*.pdf", name)
    file_dialogs.save_file_name(parent, "gmtool", "*.gmcampaign", elsewhere / "卓:1.gmcampaign")
    assert [Path(s).parent for s in seen] == [tmp_path / "start"] * 3 + [elsewhere]
    assert all(Path(s).name.endswith("evil.pdf") for s in seen[:3])
    assert Path(seen[3]).name == "卓_1.gmcampaign"


@pytest.mark.parametrize(
    ("name", "safe"),
    [
        ("CON", "_CON"),
        ("con.txt", "_con.txt"),
        ("Aux.gmchar.json", "_Aux.gmchar.json"),
        ("COM¹.pdf", "_COM¹.pdf"),
        ("lpt3", "_lpt3"),
        ("CONSOLE.pdf", "CONSOLE.pdf"),  # only the device names themselves are reserved
        ("朝霧. . .", "朝霧"),
        ("朝霧 .pdf", "朝霧.pdf"),
        ("卓: 第1話?.html", "卓_ 第1話_.html"),
        ('"引用"|<tag>*.txt', "_引用___tag__.txt"),
    ],
)
def test_windows_reserved_names_trailing_dots_and_forbidden_characters(name, safe):
    assert safe_file_name(name) == safe


def test_every_save_dialog_is_asked_through_the_one_function():
    """Every export's suggestion passes safe_file_name: only gmtool.views.file_dialogs opens Qt's save
    dialog (its save_file_name), so no export can suggest a name of its own making."""
    package = Path(__file__).resolve().parents[1] / "gmtool"
    callers = sorted(
        str(path.relative_to(package))
        for path in package.rglob("*.py")
        if "getSaveFileName" in path.read_text(encoding="utf-8")
    )
    assert callers == [str(Path("views", "file_dialogs.py"))]


@pytest.mark.parametrize(
    ("typed", "saved"),
    [
        ("卓", "卓.gmcampaign"),
        ("卓.gmcampaign", "卓.gmcampaign"),
        ("卓.GMCAMPAIGN", "卓.GMCAMPAIGN"),  # Windows and macOS ignore case: a campaign all the same
        ("卓.GmCampaign", "卓.GmCampaign"),
        ("卓.gmcampaign.bak", "卓.gmcampaign.bak.gmcampaign"),
    ],
)
def test_a_typed_name_gets_the_suffix_once_in_any_case(tmp_path, typed, saved):
    from gmtool.app.file_actions import create_campaign
    from gmtool.file_names import with_suffix

    assert with_suffix(typed, ".gmcampaign") == saved
    create_campaign(str(tmp_path / typed)).close()
    assert [p.name for p in tmp_path.iterdir() if not p.name.endswith(".lock")] == [saved]
