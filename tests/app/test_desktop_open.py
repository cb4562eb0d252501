"""A campaign double-clicked in macOS's Finder while gmtool is open reaches it as a QFileOpenEvent
(gmtool.app.desktop_open): the GM's window opens it, as ファイル → 開く would."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from PySide6.QtGui import QFileOpenEvent
from PySide6.QtWidgets import QApplication

from gmtool.app import desktop_open
from gmtool.app.gui import show_gm_window
from gmtool.store.campaign import Campaign


def _desktop_opens(path: Path) -> bool:
    """What Finder's open-document event becomes in Qt; True when gmtool took it."""
    return QApplication.sendEvent(QApplication.instance(), QFileOpenEvent(str(path)))


@pytest.fixture(autouse=True)
def on_macos(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(desktop_open, "PLATFORM", "darwin")


def _gm_window(qtbot: Any, settings: Any, campaign: Campaign) -> Any:
    window = show_gm_window(campaign, settings, build_later=False, remember=False)
    qtbot.addWidget(window)
    return window


def test_a_campaign_opened_from_finder_opens_in_the_window(qtbot: Any, settings: Any, tmp_path: Path) -> None:
    window = _gm_window(qtbot, settings, Campaign.create(tmp_path / "first.gmcampaign"))
    Campaign.create(tmp_path / "second.gmcampaign").close()

    assert len(window.findChildren(desktop_open.CampaignFileOpener)) == 1
    assert _desktop_opens(tmp_path / "second.gmcampaign")

    assert window.campaign_model.campaign.path == (tmp_path / "second.gmcampaign").resolve()
    assert window.windowTitle() == "gmtool — second.gmcampaign"


def test_another_file_is_left_to_the_desktop(qtbot: Any, settings: Any, tmp_path: Path) -> None:
    window = _gm_window(qtbot, settings, Campaign.create(tmp_path / "first.gmcampaign"))
    (tmp_path / "notes.txt").write_text("not a campaign", encoding="utf-8")

    assert not _desktop_opens(tmp_path / "notes.txt")

    assert window.campaign_model.campaign.path == (tmp_path / "first.gmcampaign").resolve()


def test_elsewhere_no_application_wide_filter_is_installed(
    qtbot: Any, settings: Any, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Linux and Windows open a file from the desktop by starting gmtool with it: the window then
    asks nothing about each event of the application (a roll's paints, every mouse move)."""
    monkeypatch.setattr(desktop_open, "PLATFORM", "linux")
    window = _gm_window(qtbot, settings, Campaign.create(tmp_path / "first.gmcampaign"))
    Campaign.create(tmp_path / "second.gmcampaign").close()
    assert window.findChildren(desktop_open.CampaignFileOpener) == []  # (on macOS: one, the window its owner)
    assert not _desktop_opens(tmp_path / "second.gmcampaign")
    assert window.campaign_model.campaign.path == (tmp_path / "first.gmcampaign").resolve()
