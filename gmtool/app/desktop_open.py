"""macOS: a campaign double-clicked in Finder while gmtool is open.

Finder does not start a second gmtool for it: it sends the running one an open-document event,
which Qt hands over as a QFileOpenEvent (not a command-line argument; a Finder double-click that
starts gmtool arrives as its argument instead, packaging/gmtool.spec: argv_emulation). Opened in
the window as ファイル → 開く would open it: asked about a lock, refused with the reason.
"""

from __future__ import annotations

import sys
from collections.abc import Callable

from PySide6.QtCore import QCoreApplication, QEvent, QObject
from PySide6.QtGui import QFileOpenEvent

CAMPAIGN_SUFFIX = ".gmcampaign"
# Only macOS sends a running application the files it is asked to open; elsewhere a file opened from
# the desktop starts gmtool with it as an argument (resources/desktop/gmtool.desktop, Open with).
PLATFORM = sys.platform


class CampaignFileOpener(QObject):
    """Opens each campaign file the desktop asks the application to open; other files it leaves."""

    def __init__(self, open_campaign: Callable[[str], None], parent: QObject) -> None:
        super().__init__(parent)
        self._open_campaign = open_campaign

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        # Asked about every event of the application: its type is read first (cheap), the rest only
        # for a file-open event.
        if event.type() != QEvent.Type.FileOpen:
            return False
        if isinstance(event, QFileOpenEvent) and event.file().lower().endswith(CAMPAIGN_SUFFIX):
            self._open_campaign(event.file())
            return True
        return super().eventFilter(watched, event)


def open_campaigns_from_the_desktop(open_campaign: Callable[[str], None], owner: QObject) -> None:
    """While ``owner`` (the GM's window) lives, a campaign the desktop opens goes to ``open_campaign``.
    On macOS only: an application-wide filter is asked about every event, and no other desktop sends
    one of these."""
    if PLATFORM != "darwin":
        return
    app = QCoreApplication.instance()
    if app is not None:
        app.installEventFilter(CampaignFileOpener(open_campaign, owner))
