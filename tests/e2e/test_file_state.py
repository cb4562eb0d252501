"""The window and the campaign file: a read-only campaign shows a banner and refuses edits with a
message, a file deleted under the window stops the writes and offers 名前を付けて保存, opening a
campaign another gmtool edits asks before opening it read-only, and a sheet edit the file refuses
snaps back to the stored value."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest
from PySide6.QtWidgets import QMessageBox

from gmtool.app.last_campaign import open_or_read_only
from gmtool.app.main_window import MainWindow
from gmtool.models.campaign_model import CampaignModel
from gmtool.store.campaign import Campaign
from gmtool.store.errors import CampaignError

ROOT = Path(__file__).resolve().parents[2]


def make_window(qtbot, campaign_model, settings) -> MainWindow:
    window = MainWindow(campaign_model, settings)
    qtbot.addWidget(window)
    window.show()
    return window


def test_a_read_only_campaign_shows_a_banner_and_refuses_edits(qtbot, campaign, settings, refusals):
    path = campaign.path
    campaign.close()
    window = make_window(qtbot, CampaignModel(Campaign.open(path, read_only="テストの理由")), settings)
    assert window.file_banner.isVisible()
    banner = window.file_banner.label.text()
    assert "読み取り専用" in banner and "テストの理由" in banner
    cid = window.campaign_model.characters()[0].id
    name = window.campaign_model.character(cid).name
    with pytest.raises(CampaignError):
        window.campaign_model.rename_character(cid, "変えられない")
    assert window.campaign_model.character(cid).name == name
    assert refusals and "読み取り専用" in refusals[0]
    assert not window.undo_action.isEnabled()


def test_a_writable_campaign_shows_no_banner(qtbot, campaign_model, settings):
    window = make_window(qtbot, campaign_model, settings)
    assert not window.file_banner.isVisible()


def test_a_deleted_file_stops_writes_and_the_banner_offers_save_as(
    qtbot, campaign_model, campaign_path, settings, refusals
):
    window = make_window(qtbot, campaign_model, settings)
    cid = campaign_model.characters()[0].id
    campaign_path.unlink()
    with pytest.raises(CampaignError):
        campaign_model.rename_character(cid, "消えたあと")
    assert refusals and "削除" in refusals[0]
    assert window.file_banner.isVisible() and window.file_banner.save_as.isVisible()
    assert not window.file_banner.reopen.isVisible()


def test_a_refused_sheet_edit_snaps_back(qtbot, campaign_model, settings, refusals):
    window = make_window(qtbot, campaign_model, settings)
    cid = campaign_model.characters_of("aw")[0].id
    window.select_character(cid)
    stored = campaign_model.character(cid).name
    campaign_model.campaign.read_only = "テスト"
    edit = window.sheet_view.name_edit
    edit.setText("書けない名前")
    edit.editingFinished.emit()
    assert campaign_model.character(cid).name == stored
    assert edit.text() == stored
    assert len(refusals) == 1


HOLDER = textwrap.dedent(
    """
    import sys
    from gmtool.store.campaign import Campaign
    campaign = Campaign.open(sys.argv[1])
    print("ready", flush=True)
    sys.stdin.readline()
    """
)


@pytest.mark.skipif(not hasattr(signal, "SIGKILL"), reason="POSIX processes")
def test_opening_a_campaign_another_gmtool_edits_asks_then_opens_read_only(
    qtbot, campaign_model, settings, tmp_path, monkeypatch
):
    other = tmp_path / "other.gmcampaign"
    Campaign.create(other).close()
    holder = subprocess.Popen(
        [sys.executable, "-c", HOLDER, str(other)],
        env={**os.environ, "PYTHONPATH": str(ROOT)},
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
    )
    try:
        assert holder.stdout is not None and holder.stdout.readline().strip() == "ready"
        window = make_window(qtbot, campaign_model, settings)
        asked: list[str] = []

        def answer(box: QMessageBox) -> int:
            asked.append(box.text())
            box.buttons()[0].click()  # 読み取り専用で開く
            return 0

        monkeypatch.setattr(QMessageBox, "exec", answer)
        window.files.open_campaign(str(other))
        assert asked and str(holder.pid) in asked[0]
        assert window.campaign_model.campaign.path == other.resolve()
        assert window.campaign_model.read_only is not None
        assert window.file_banner.isVisible()
        # From the command line (no one to ask): read-only as well.
        with open_or_read_only(other) as campaign:
            assert campaign.read_only is not None
    finally:
        holder.send_signal(signal.SIGKILL)
        holder.communicate(timeout=30)


def test_a_refusal_reads_in_english_in_the_english_ui(qtbot, campaign_model, settings, tmp_path, monkeypatch):
    from gmtool.views import widgets
    from tests.qt_fixtures import english_ui

    with english_ui(tmp_path):
        window = make_window(qtbot, campaign_model, settings)
        shown: list[str] = []
        monkeypatch.setattr(widgets.QMessageBox, "warning", lambda _parent, _title, text: shown.append(text))
        campaign_model.campaign.read_only = "x"
        with pytest.raises(CampaignError):
            campaign_model.rename_character(campaign_model.characters()[0].id, "y")
        assert shown and "read-only" in shown[0]
        assert "read-only" in window.statusBar().currentMessage()
