"""`python -m gmtool` starts where the GM left off: the campaign shown last; the start page the first
time, and when the last campaign is gone (the page says so); the demo from the page or the menu.  File
dialogs start in the folder of the last file picked, else the documents folder."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from PySide6.QtCore import QSettings, QStandardPaths
from PySide6.QtWidgets import QFileDialog

from gmtool.store.campaign import Campaign
from tests.qt_fixtures import installed_translation

ROOT = Path(__file__).resolve().parents[2]
# Starts the real `run_gui` and, once its window is up, says which campaign it shows and quits.  A
# start page on the way says so (with its reason, "-" when it gives none) and is answered デモを見る.
CHILD = """
import sys
from PySide6.QtCore import QTimer
from PySide6.QtWidgets import QApplication
app = QApplication([])
def report():
    from gmtool.app.main_window import MainWindow
    from gmtool.views.start_page import StartChoice, StartPage
    page = next((w for w in app.topLevelWidgets() if isinstance(w, StartPage) and w.isVisible()), None)
    if page is not None:
        print("start", page.reason_label.text() or "-", flush=True)
        QTimer.singleShot(0, report)
        page.buttons[StartChoice.DEMO].click()
        return
    window = next((w for w in app.topLevelWidgets() if isinstance(w, MainWindow)), None)
    if window is None:  # the page has just closed: the window comes next
        QTimer.singleShot(0, report)
        return
    print("opened", window.campaign_model.campaign.path, flush=True)
    app.quit()
QTimer.singleShot(0, report)
from gmtool.app.gui import run_gui
sys.exit(run_gui(sys.argv[1:]))
"""


def start(tmp_path: Path, *args: str) -> tuple[Path, str, str]:
    env = {
        **os.environ,
        "QT_QPA_PLATFORM": "offscreen",
        "GMTOOL_DATA_DIR": str(tmp_path / "data"),
        "XDG_CONFIG_HOME": str(tmp_path / "config"),  # the settings gmtool keeps (QSettings)
    }
    done = subprocess.run(
        [sys.executable, "-c", CHILD, *args], cwd=ROOT, env=env, capture_output=True, text=True, timeout=120
    )
    assert done.returncode == 0, done.stderr
    said = [line.split(" ", 1) for line in done.stdout.splitlines() if line.startswith(("opened", "start"))]
    lines = dict(said)
    return Path(lines["opened"]), lines.get("start", ""), done.stderr


def test_start_reopens_the_last_campaign_and_shows_the_start_page_when_there_is_none(tmp_path):
    demo = tmp_path / "data" / "demo.gmcampaign"
    other = tmp_path / "table.gmcampaign"
    Campaign.create(other).close()

    assert start(tmp_path)[:2] == (demo, "-")  # the very first time: the start page, then its デモを見る
    assert start(tmp_path, str(other))[:2] == (other, "")  # a campaign named: no start page
    assert start(tmp_path)[:2] == (other, "")  # where the GM left off, no start page
    assert start(tmp_path, "--demo")[:2] == (demo, "")

    start(tmp_path, str(other))
    other.unlink()
    opened, page, stderr = start(tmp_path)
    assert opened == demo  # the page's デモを見る
    assert "前回のキャンペーン" in page and str(other) in page  # the page says why
    assert "前回のキャンペーン" in stderr


def test_a_campaign_that_cannot_open_from_a_double_click_shows_the_start_page_with_why(tmp_path):
    """Started by the file manager (gmtool FILE), no terminal shows stderr: the page says why, and
    the file is left as it was."""
    junk = tmp_path / "壊れた卓.gmcampaign"
    junk.write_bytes(b"not sqlite at all")
    opened, page, stderr = start(tmp_path, str(junk))
    assert opened == tmp_path / "data" / "demo.gmcampaign"  # the page's デモを見る
    assert page.startswith(f"キャンペーン {junk} を開けませんでした") and "SQLite" in page
    assert "前回" not in page and str(junk) in stderr  # said on the page, and to a terminal if any
    assert junk.read_bytes() == b"not sqlite at all"


pytestmark = pytest.mark.window(shown=False)


def test_the_demo_opens_from_the_file_menu(window, private_data_dir):
    file_menu = window.menuBar().actions()[0].menu()
    action = next(a for a in file_menu.actions() if a.text() == "デモキャンペーンを開く")
    action.trigger()
    assert window.campaign_model.campaign.path == private_data_dir / "demo.gmcampaign"
    assert window.character_list.rowCount() > 0


def test_file_dialogs_start_in_documents_then_in_the_last_folder(window, tmp_path, monkeypatch):
    asked: list[str] = []

    def fake_open(_parent, _title, folder, _filter):
        asked.append(folder)
        return str(tmp_path / "campaigns" / "x.gmcampaign"), ""

    monkeypatch.setattr(QFileDialog, "getOpenFileName", fake_open)
    (tmp_path / "campaigns").mkdir()
    window.ask_open_path("キャンペーンを開く", "*.gmcampaign")
    window.ask_open_path("キャンペーンを開く", "*.gmcampaign")
    documents = QStandardPaths.writableLocation(QStandardPaths.StandardLocation.DocumentsLocation)
    assert asked[0] in (documents, str(Path.home()))
    assert asked[0] != os.getcwd() and asked[0] != ""
    assert asked[1] == str(tmp_path / "campaigns")


def test_the_file_dialog_is_japanese_in_the_japanese_ui(qapp, tmp_path):
    from PySide6.QtWidgets import QLabel

    settings = QSettings(str(tmp_path / "s.ini"), QSettings.Format.IniFormat)
    with installed_translation(settings) as language:
        assert language == "ja"
        dialog = QFileDialog(None, "開く", str(tmp_path))
        dialog.setOption(QFileDialog.Option.DontUseNativeDialog)
        labels = [label.text() for label in dialog.findChildren(QLabel)]
        dialog.deleteLater()
    # not "Look in:" and "Files of type:"
    assert labels == ["場所(&L):", "ファイル名(&N):", "ファイルの種類(&T):"]
